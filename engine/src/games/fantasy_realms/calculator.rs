//! The score calculator for people playing with the physical cards (`vliv score
//! fantasy-realms …`, later the bot's `/score`): a hand from card numbers or names, checked,
//! scored exactly (§11), as text or as JSON.

use serde::Serialize;

use super::{
    card_texts,
    cards::{lookup, Card},
    present::{card_line, declaration},
    search::{best, CardScore, Scored},
};
use crate::{i18n::Lang, text::Text};

/// Why a list of cards is not a hand to score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    Unknown(String),
    Duplicate(Card),
    /// Not 7 cards (nor 8 with the Necromancer).
    Count(usize),
    /// 8 cards without the Necromancer.
    EighthWithoutNecromancer,
    /// 8 cards, but none of the other 7 may be the Necromancer's extra card (§5.3).
    Ineligible,
}

impl HandError {
    pub fn text(&self) -> Text {
        match self {
            HandError::Unknown(arg) => Text::new("fr-calc-unknown").arg("card", arg.as_str()),
            HandError::Duplicate(c) => Text::new("fr-calc-duplicate").arg("card", c.text()),
            HandError::Count(n) => Text::new("fr-calc-count").arg("count", *n),
            HandError::EighthWithoutNecromancer => Text::new("fr-calc-eighth"),
            HandError::Ineligible => Text::new("fr-calc-ineligible"),
        }
    }
}

/// Resolves each argument (number 1–53, Czech or English name, case- and accent-insensitive)
/// and checks the hand: 7 cards, or 8 with the Necromancer and an eligible extra card (any
/// suit in Chaotic Realms, D22).
pub fn parse_hand<S: AsRef<str>>(args: &[S], chaotic: bool) -> Result<Vec<Card>, HandError> {
    let mut hand: Vec<Card> = Vec::with_capacity(args.len());
    for arg in args {
        let arg = arg.as_ref();
        let card = lookup(arg).ok_or_else(|| HandError::Unknown(arg.to_owned()))?;
        if hand.contains(&card) {
            return Err(HandError::Duplicate(card));
        }
        hand.push(card);
    }
    match hand.len() {
        7 => Ok(hand),
        8 if !hand.contains(&Card::NECROMANCER) => Err(HandError::EighthWithoutNecromancer),
        8 if chaotic
            || hand
                .iter()
                .any(|&c| c != Card::NECROMANCER && c.suit().necromancer_eligible()) =>
        {
            Ok(hand)
        }
        8 => Err(HandError::Ineligible),
        n => Err(HandError::Count(n)),
    }
}

/// The best score of a checked hand.
pub fn score(hand: &[Card]) -> Scored {
    best(hand, &[])
}

/// The lines to print: the total, then one line per card, each bonus or penalty followed
/// by the card text (the rule) that gave it.
pub fn lines(scored: &Scored, lang: Lang) -> Vec<String> {
    let say = |t: &Text| lang.text(t, &|_| String::new());
    let mut out = vec![say(
        &Text::new("fr-calc-total").arg("total", scored.total as i64)
    )];
    for l in &scored.cards {
        out.push(say(&card_line(l)));
        if let Some(rule) = rule(l) {
            out.push(format!("   ↳ {}", say(&rule)));
        }
    }
    out
}

/// The text of the rule that gave `l` its bonus or penalty, `None` if it got neither: a
/// Doppelgänger's penalty is the copied card's (§3, #53).
pub fn rule(l: &CardScore) -> Option<Text> {
    if l.blanked || (l.bonus == 0 && l.penalty == 0) {
        return None;
    }
    let card = if l.card == Card::DOPPELGANGER {
        l.name.unwrap_or(l.card)
    } else {
        l.card
    };
    Some(card_texts::full(card))
}

/// One card of the JSON output; field order is the documented one.
#[derive(Serialize)]
struct JsonCard {
    number: u8,
    name_en: &'static str,
    name_cs: &'static str,
    suit: &'static str,
    base: i32,
    bonus: i32,
    penalty: i32,
    blanked: bool,
    cleared_by: Vec<&'static str>,
    declaration: Option<String>,
}

#[derive(Serialize)]
struct JsonHand {
    total: i32,
    cards: Vec<JsonCard>,
}

/// `{"total": N, "cards": [{"number", "name_en", "name_cs", "suit", "base", "bonus",
/// "penalty", "blanked", "cleared_by", "declaration"}]}`; `suit` is the current suit,
/// `cleared_by` the English names of the cards that cleared its penalty wholly or its word
/// "Army", `declaration` the scoring choice made on that card in English, or null.
pub fn to_json(scored: &Scored) -> String {
    let english = |t: &Text| Lang::En.text(t, &|_| String::new());
    let cards = scored
        .cards
        .iter()
        .map(|l| JsonCard {
            number: l.card.0,
            name_en: l.card.name_en(),
            name_cs: l.card.name_cs(),
            suit: l.suit.english(),
            base: l.base,
            bonus: l.bonus,
            penalty: l.penalty,
            blanked: l.blanked,
            cleared_by: l
                .cleared_by
                .iter()
                .chain(&l.army_cleared_by)
                .map(|c| c.name_en())
                .collect(),
            declaration: l.declaration.map(|d| english(&declaration(d))),
        })
        .collect();
    serde_json::to_string(&JsonHand {
        total: scored.total,
        cards,
    })
    .expect("plain data serializes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_is_seven_cards_or_eight_with_the_necromancer() {
        let seven = [
            "1",
            "Kouř",
            "wildfire",
            "Stoletá voda",
            "15",
            "přelud",
            "TORNADO",
        ];
        let hand = parse_hand(&seven, false).unwrap();
        assert_eq!(score(&hand).total, 260);
        assert_eq!(parse_hand(&["1", "2"], false), Err(HandError::Count(2)));
        assert_eq!(
            parse_hand(&["1", "2", "3", "4", "5", "6", "hora"], false),
            Err(HandError::Duplicate(Card::MOUNTAIN))
        );
        assert_eq!(
            parse_hand(&["1", "2", "3", "4", "5", "6", "Jester"], false),
            Err(HandError::Unknown("Jester".into()))
        );
        let eight = ["1", "2", "3", "4", "5", "6", "7", "8"];
        assert_eq!(
            parse_hand(&eight, false),
            Err(HandError::EighthWithoutNecromancer)
        );
        let lands = ["28", "1", "2", "3", "4", "5", "6", "7"];
        assert_eq!(parse_hand(&lands, false), Err(HandError::Ineligible));
        assert!(parse_hand(&lands, true).is_ok());
        let with_army = ["28", "1", "2", "3", "4", "5", "6", "21"];
        assert!(parse_hand(&with_army, false).is_ok());
        for lang in Lang::ALL {
            for e in [
                HandError::Unknown("x".into()),
                HandError::Duplicate(Card::MOUNTAIN),
                HandError::Count(3),
                HandError::EighthWithoutNecromancer,
                HandError::Ineligible,
            ] {
                assert!(lang.try_text(&e.text(), &|_| String::new()).is_ok());
            }
        }
    }

    #[test]
    fn the_breakdown_names_the_rule_behind_each_bonus_and_penalty() {
        // Hydra +28 with Swamp; Swamp −3 for each Army and Flame; Knights −8 without a Leader.
        let hand = parse_hand(
            &[
                "hydra", "swamp", "knights", "forest", "cavern", "mountain", "island",
            ],
            false,
        )
        .unwrap();
        let en = lines(&score(&hand), Lang::En);
        let after = |card: &str| {
            let i = en.iter().position(|l| l.starts_with(card)).unwrap();
            en[i + 1].clone()
        };
        assert_eq!(after("Hydra"), "   ↳ Bonus: +28 with Swamp.");
        assert_eq!(
            after("Knights"),
            "   ↳ Penalty: −8 unless you have at least one Leader."
        );
        let cs = lines(&score(&hand), Lang::Cs);
        assert!(cs.contains(&"   ↳ Bonus: +28, máte-li Bažinu.".to_string()));
        // A card with neither bonus nor penalty here gets no rule line.
        let rules = en.iter().filter(|l| l.starts_with("   ↳")).count();
        let scored = score(&hand);
        let paid = scored.cards.iter().filter(|l| rule(l).is_some()).count();
        assert_eq!(rules, paid);
        assert!(paid < 7);
    }

    #[test]
    fn json_has_exactly_the_documented_fields() {
        let hand = parse_hand(&["1", "16", "13", "8", "15", "52", "14"], false).unwrap();
        let text = to_json(&score(&hand));
        assert!(text.starts_with(r#"{"total":260,"cards":[{"number":1,"name_en":"Mountain","#));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["total"], 260);
        let mirage = &v["cards"][5];
        let mut keys: Vec<&String> = mirage.as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "base",
                "blanked",
                "bonus",
                "cleared_by",
                "declaration",
                "name_cs",
                "name_en",
                "number",
                "penalty",
                "suit"
            ]
        );
        assert_eq!(mirage["declaration"], "is Rainstorm");
        assert_eq!(mirage["suit"], "Weather");
        assert_eq!(v["cards"][3]["cleared_by"], serde_json::json!(["Mountain"]));
    }
}
