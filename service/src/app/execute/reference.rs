//! What needs no game and no place: a game's rules, a card's text, the score of a hand of
//! physical cards. Answered anywhere, a private conversation included.

use vliv_engine::{card_lookup, games::fantasy_realms::calculator, registry, GameKind, Text};

use super::{Done, Why};
use crate::{
    app::{Answer, Outcome, Plan},
    service::ServiceError,
};

fn kind(game: &str) -> Result<&'static dyn GameKind, Why> {
    registry::find(game.trim()).ok_or_else(|| ServiceError::UnknownGame(game.into()).into())
}

fn answered(answer: Answer) -> Done {
    Ok(Outcome {
        answer,
        publish: Plan::Nothing,
    })
}

pub(super) fn rules(game: &str) -> Done {
    let kind = kind(game)?;
    answered(Answer::Rules {
        name: kind.name(),
        seats: kind.seat_range(),
        summary: kind.rules_summary(),
    })
}

/// The card `query` names among `game`'s cards, or why none.
pub(super) fn card(game: &str, query: &str) -> Done {
    let Some(kind) = registry::find(game.trim()) else {
        return Err(Why::Rule(Text::new("card-no-game")));
    };
    match card_lookup::find(kind, query) {
        Some(card) => answered(Answer::Card(Box::new(card))),
        None => Err(Why::Rule(
            Text::new("card-unknown")
                .arg("game", kind.name())
                .arg("query", crate::render::clip(query.trim(), 100)),
        )),
    }
}

/// The best score of a checked hand, or why it is no hand to score.
pub(super) fn score(cards: &[String], chaotic: bool) -> Done {
    let hand = calculator::parse_hand(cards, chaotic).map_err(|e| Why::Rule(e.text()))?;
    answered(Answer::Score(Box::new(calculator::score(&hand))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::tr;
    use vliv_engine::Lang;

    fn refused(done: Done) -> String {
        match done {
            Err(Why::Rule(text)) => tr(Lang::En, &text, &|_| String::new()),
            Err(Why::Service(e)) => tr(Lang::En, &e.text(), &|_| String::new()),
            Err(Why::Private) => "private".into(),
            Ok(_) => "answered".into(),
        }
    }

    #[test]
    fn the_rulebook_hand_scores_260_and_a_bad_hand_is_explained() {
        let hand: Vec<String> = [
            "1",
            "Požár",
            "smoke",
            "stoleta voda",
            "15",
            "Přelud",
            "Whirlwind",
        ]
        .map(String::from)
        .to_vec();
        let Ok(Outcome {
            answer: Answer::Score(scored),
            publish: Plan::Nothing,
        }) = score(&hand, false)
        else {
            panic!("the rulebook's hand is scored");
        };
        assert_eq!(scored.total, 260);
        let twice: Vec<String> = ["1", "2", "3", "4", "5", "6", "hora"]
            .map(String::from)
            .to_vec();
        assert_eq!(refused(score(&twice, false)), "Mountain is given twice.");
    }

    #[test]
    fn rules_and_cards_name_their_game_or_say_there_is_none() {
        let Ok(Outcome {
            answer: Answer::Rules { seats, .. },
            ..
        }) = rules("claim")
        else {
            panic!("claim's rules");
        };
        assert_eq!(seats, (2, 2));
        assert!(
            refused(rules("chess")).contains("chess"),
            "{}",
            refused(rules("chess"))
        );
        assert!(matches!(
            card("fantasy-realms", "Bell Tower"),
            Ok(Outcome {
                answer: Answer::Card(_),
                ..
            })
        ));
        let unknown = refused(card("fantasy-realms", "Jester"));
        assert!(
            unknown.contains("Jester") && unknown.contains("Fantasy Realms"),
            "{unknown}"
        );
        assert_eq!(
            refused(card("chess", "pawn")),
            tr(Lang::En, &Text::new("card-no-game"), &|_| String::new())
        );
    }
}
