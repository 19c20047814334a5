//! The words of the commands about records and references: a card's text, a game's rules,
//! replays, exports, leaderboards, statistics, the calculator and watching a game.

use super::{fold, Command};

/// The command `word` (folded) names among these, read from its `args`.
pub(super) fn parse(word: &str, args: &str) -> Option<Command> {
    Some(match word {
        "card" | "karta" => {
            let (game, card) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
            Command::Card {
                game: game.to_lowercase(),
                card: card.trim().chars().take(100).collect(),
            }
        }
        "rules" | "pravidla" => Command::Rules(args.to_lowercase()),
        "replay" | "prehrat" => {
            let mut numbers = args.split_whitespace();
            Command::Replay {
                game: numbers.next().and_then(number),
                step: numbers.next().and_then(|w| w.parse().ok()),
            }
        }
        "export" | "exportovat" => Command::Export(args.split_whitespace().next().and_then(number)),
        "leaderboard" | "zebricek" => {
            let mut words = args.split_whitespace();
            Command::Leaderboard {
                game: words.next().unwrap_or_default().to_lowercase(),
                page: words
                    .next()
                    .and_then(|w| w.parse().ok())
                    .unwrap_or(1)
                    .max(1),
            }
        }
        "stats" | "statistiky" => {
            let mut player = None;
            let mut game = None;
            for word in args.split_whitespace().take(2) {
                match word.starts_with('@') && word.contains(':') {
                    true => player = Some(word.chars().take(255).collect()),
                    false => game = Some(word.to_lowercase()),
                }
            }
            Command::Stats { player, game }
        }
        "score" | "skore" => score(args),
        "watch" | "sledovat" => Command::Watch,
        "unwatch" | "nesledovat" => Command::Unwatch,
        _ => return None,
    })
}

/// A game's number as typed (`12` or `#12`).
fn number(word: &str) -> Option<i64> {
    word.trim_start_matches('#').parse().ok()
}

/// The words that name the calculator's game (Discord's `/score fantasy-realms`) and
/// Chaotic Realms, before the cards.
const SCORE_GAME: [&str; 2] = ["fantasy-realms", "tajuplne-rise"];
const CHAOTIC: [&str; 2] = ["chaotic", "chaoticke"];

fn score(args: &str) -> Command {
    let mut rest = args.trim();
    let mut chaotic = false;
    loop {
        let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match fold(word) {
            w if SCORE_GAME.contains(&w.as_str()) => rest = after.trim_start(),
            w if CHAOTIC.contains(&w.as_str()) => {
                chaotic = true;
                rest = after.trim_start();
            }
            _ => break,
        }
    }
    let cards: Vec<String> = match rest.contains(',') {
        true => rest.split(',').map(str::trim).map(str::to_owned).collect(),
        false => rest.split_whitespace().map(str::to_owned).collect(),
    };
    Command::Score {
        // No hand has more than 8 cards: a longer list is refused for its count.
        cards: cards
            .into_iter()
            .filter(|c| !c.is_empty())
            .take(9)
            .map(|c| c.chars().take(40).collect())
            .collect(),
        chaotic,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    #[test]
    fn the_records_commands_read_their_numbers_and_names() {
        for (en, cs) in [
            ("!vliv rules claim", "!vliv pravidla claim"),
            ("!vliv replay 12 3", "!vliv přehrát 12 3"),
            ("!vliv export #12", "!vliv exportovat 12"),
            ("!vliv leaderboard claim 2", "!vliv žebříček claim 2"),
            ("!vliv stats claim", "!vliv statistiky claim"),
            ("!vliv score chaotic 1, 2", "!vliv skóre chaotické 1, 2"),
        ] {
            assert_eq!(parse(en, false), parse(cs, false), "{en} / {cs}");
        }
        assert_eq!(
            parse("!vliv replay #12", false),
            Some(Command::Replay {
                game: Some(12),
                step: None
            })
        );
        assert_eq!(
            parse("!vliv replay", false),
            Some(Command::Replay {
                game: None,
                step: None
            })
        );
        assert_eq!(parse("!vliv export x", false), Some(Command::Export(None)));
        assert_eq!(
            parse("!vliv leaderboard Claim", false),
            Some(Command::Leaderboard {
                game: "claim".into(),
                page: 1
            })
        );
        assert_eq!(
            parse("!vliv stats @bob:example.org fantasy-realms", false),
            Some(Command::Stats {
                player: Some("@bob:example.org".into()),
                game: Some("fantasy-realms".into())
            })
        );
        assert_eq!(
            parse("!vliv stats", false),
            Some(Command::Stats {
                player: None,
                game: None
            })
        );
        assert_eq!(
            parse(
                "!vliv score fantasy-realms 1, Požár, smoke, stoletá voda, 15, Přelud, Whirlwind",
                false
            ),
            Some(Command::Score {
                cards: [
                    "1",
                    "Požár",
                    "smoke",
                    "stoletá voda",
                    "15",
                    "Přelud",
                    "Whirlwind"
                ]
                .map(String::from)
                .to_vec(),
                chaotic: false
            })
        );
        assert_eq!(
            parse("!vliv skore chaoticke 1 2 3", false),
            Some(Command::Score {
                cards: ["1", "2", "3"].map(String::from).to_vec(),
                chaotic: true
            })
        );
    }
}
