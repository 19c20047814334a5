//! The words of the settings: the room's (`!vliv settings …`, moderators change them) and
//! the sender's own (`!vliv me …`).

use vliv_engine::Lang;

use super::{fold, MySetting, Setting};

/// The words that turn a setting on or off.
const ON: [&str; 5] = ["on", "yes", "zapnuto", "zapnute", "ano"];
const OFF: [&str; 5] = ["off", "no", "vypnuto", "vypnute", "ne"];

/// The words naming a time zone.
const ZONE_WORDS: [&str; 5] = ["timezone", "zone", "tz", "pasmo", "casove-pasmo"];

/// A zone as typed: the second word (names are matched without regard to case).
fn second_word(args: &str) -> String {
    args.split_whitespace().nth(1).unwrap_or_default().into()
}

pub(super) fn my_setting(args: &str) -> MySetting {
    let words: Vec<String> = args.split_whitespace().map(fold).collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => MySetting::Show,
        [zone, _] if ZONE_WORDS.contains(&zone) => MySetting::Zone(second_word(args)),
        ["quiet" | "klid", "off" | "none" | "vypnout" | "vypnuto" | "zadne"] => {
            MySetting::Quiet("off".into())
        }
        ["quiet" | "klid", _] => MySetting::Quiet(second_word(args)),
        ["learning" | "uceni", on] if ON.contains(&on) => MySetting::Learning(Some(true)),
        ["learning" | "uceni", off] if OFF.contains(&off) => MySetting::Learning(Some(false)),
        ["learning" | "uceni", "auto" | "first" | "prvni"] => MySetting::Learning(None),
        ["language" | "jazyk", lang] => match lang {
            "room" | "mistnost" | "auto" => MySetting::Language(None),
            lang => match language(lang) {
                Some(lang) => MySetting::Language(Some(lang)),
                None => MySetting::Unknown(args.chars().take(40).collect()),
            },
        },
        _ => MySetting::Unknown(args.chars().take(40).collect()),
    }
}

pub(super) fn setting(args: &str) -> Setting {
    let words: Vec<String> = args.split_whitespace().map(fold).collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => Setting::Show,
        [zone, _] if ZONE_WORDS.contains(&zone) => Setting::Zone(second_word(args)),
        ["language" | "jazyk", lang] => match language(lang) {
            Some(lang) => Setting::Language(lang),
            None => Setting::Unknown(args.chars().take(40).collect()),
        },
        ["pictures" | "obrazky", on] if ON.contains(&on) => Setting::Pictures(true),
        ["pictures" | "obrazky", off] if OFF.contains(&off) => Setting::Pictures(false),
        ["vacation-days" | "dny-dovolene", days] => match days.parse() {
            Ok(days @ 0..=366) => Setting::VacationDays(days),
            _ => Setting::Unknown(args.chars().take(40).collect()),
        },
        ["sleeping-clocks" | "klidove-hodiny", on] if ON.contains(&on) => {
            Setting::SleepingClocks(true)
        }
        ["sleeping-clocks" | "klidove-hodiny", off] if OFF.contains(&off) => {
            Setting::SleepingClocks(false)
        }
        ["hints" | "napovedy", on] if ON.contains(&on) => Setting::Hints(true),
        ["hints" | "napovedy", off] if OFF.contains(&off) => Setting::Hints(false),
        ["games" | "hry", "all" | "vsechny"] => Setting::Games(None),
        ["games" | "hry", ref ids @ ..] => Setting::Games(Some(
            ids.iter()
                .flat_map(|w| w.split(','))
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect(),
        )),
        _ => Setting::Unknown(args.chars().take(40).collect()),
    }
}

/// A language by its code or name (folded).
fn language(word: &str) -> Option<Lang> {
    match word {
        "cs" | "cestina" | "czech" => Some(Lang::Cs),
        "en" | "anglictina" | "english" => Some(Lang::En),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};
    use super::*;

    #[test]
    fn a_players_time_and_vacations_read_their_arguments() {
        assert_eq!(
            parse("!vliv me timezone America/New_York", false),
            Some(Command::Me(MySetting::Zone("America/New_York".into())))
        );
        assert_eq!(
            parse("!vliv já klid 22:30-07:00", true),
            Some(Command::Me(MySetting::Quiet("22:30-07:00".into())))
        );
        assert_eq!(
            parse("!vliv já klid vypnuto", false),
            Some(Command::Me(MySetting::Quiet("off".into())))
        );
        assert_eq!(parse("!vliv me", true), Some(Command::Me(MySetting::Show)));
        assert_eq!(
            parse("!vliv já jazyk Angličtina", true),
            Some(Command::Me(MySetting::Language(Some(Lang::En))))
        );
        assert_eq!(
            parse("!vliv me language room", false),
            Some(Command::Me(MySetting::Language(None)))
        );
        assert!(matches!(
            parse("!vliv me language klingon", false),
            Some(Command::Me(MySetting::Unknown(_)))
        ));
        assert!(matches!(
            parse("!vliv me colour red", false),
            Some(Command::Me(MySetting::Unknown(_)))
        ));
        assert_eq!(
            parse("!vliv dovolena 3", false),
            Some(Command::Vacation(Some(3)))
        );
        assert_eq!(
            parse("!vliv vacation", false),
            Some(Command::Vacation(None))
        );
        assert_eq!(parse("!vliv zpět", false), Some(Command::Back(None)));
        assert_eq!(
            parse("!vliv návrat @bob:example.org", false),
            Some(Command::Back(Some("@bob:example.org".into())))
        );
        assert_eq!(
            parse("!vliv nastavení dny-dovolené 10", false),
            Some(Command::Settings(Setting::VacationDays(10)))
        );
        assert!(matches!(
            parse("!vliv settings vacation-days 400", false),
            Some(Command::Settings(Setting::Unknown(_)))
        ));
        assert_eq!(
            parse("!vliv settings sleeping-clocks off", false),
            parse("!vliv nastavení klidové-hodiny vypnuto", false)
        );
        assert_eq!(
            parse("!vliv settings sleeping-clocks on", false),
            Some(Command::Settings(Setting::SleepingClocks(true)))
        );
        assert_eq!(
            parse("!vliv settings zone europe/prague", false),
            Some(Command::Settings(Setting::Zone("europe/prague".into())))
        );
    }

    #[test]
    fn settings_name_a_language_or_the_games() {
        assert_eq!(
            parse("!vliv nastavení jazyk čeština", false),
            Some(Command::Settings(Setting::Language(Lang::Cs)))
        );
        assert_eq!(
            parse("!vliv settings language en", false),
            Some(Command::Settings(Setting::Language(Lang::En)))
        );
        assert_eq!(
            parse("!vliv settings games claim,louis-xiv", false),
            Some(Command::Settings(Setting::Games(Some(vec![
                "claim".into(),
                "louis-xiv".into()
            ]))))
        );
        assert_eq!(
            parse("!vliv settings games all", false),
            Some(Command::Settings(Setting::Games(None)))
        );
        assert_eq!(
            parse("!vliv nastavení obrázky vypnuto", false),
            Some(Command::Settings(Setting::Pictures(false)))
        );
        assert_eq!(
            parse("!vliv settings pictures on", false),
            Some(Command::Settings(Setting::Pictures(true)))
        );
        assert!(matches!(
            parse("!vliv settings colour red", false),
            Some(Command::Settings(Setting::Unknown(_)))
        ));
    }
}
