//! Instants in words, for the front ends that have no Discord timestamps (Matrix, the
//! console): in the reader's language and time zone, the zone named, e.g. "v pátek
//! 27. listopadu v 18:30 (Europe/Prague)" / "Friday 27 November, 18:30 (Europe/Prague)".

use jiff::{civil::Weekday, tz::TimeZone, Timestamp, ZonedDateTime as Zoned};
use vliv_engine::{Lang, Text};

use crate::{
    i18n::tr,
    mark::{self, InstantStyle},
    service::quiet,
};

/// Who reads a text: their language, time zone and the time now.
#[derive(Clone, Debug)]
pub struct Reader {
    pub lang: Lang,
    zone_name: String,
    zone: TimeZone,
    now_ms: i64,
}

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

impl Reader {
    /// The first zone of `zones` the database knows (the reader's own, then the room's),
    /// else UTC.
    pub fn new(lang: Lang, zones: &[Option<&str>], now_ms: i64) -> Reader {
        let (zone_name, zone) = zones
            .iter()
            .flatten()
            .find_map(|name| quiet::zone(name).map(|z| (name.to_string(), z)))
            .unwrap_or_else(|| ("UTC".into(), TimeZone::UTC));
        Reader {
            lang,
            zone_name,
            zone,
            now_ms,
        }
    }

    pub fn zone_name(&self) -> &str {
        &self.zone_name
    }

    /// `text` with each instant in words; its users stay marks for the front end to name.
    pub fn words(&self, text: &str) -> String {
        mark::write(text, mark::user, |ms, style| self.instant(ms, style))
    }

    /// One instant in words.
    pub fn instant(&self, ms: i64, style: InstantStyle) -> String {
        let Ok(at) = Timestamp::from_millisecond(ms) else {
            return String::new();
        };
        let at = at.to_zoned_datetime(self.zone.clone());
        let zone = &self.zone_name;
        match style {
            InstantStyle::Date => self.date(&at),
            InstantStyle::DateTime => format!("{} ({zone})", self.when(&at, false, true)),
            InstantStyle::Time => format!("{} ({zone})", self.when(&at, true, false)),
            InstantStyle::Relative => format!(
                "{}, {} ({zone})",
                self.relative(ms),
                self.when(&at, false, true)
            ),
        }
    }

    fn now(&self) -> Zoned {
        Timestamp::from_millisecond(self.now_ms)
            .unwrap_or(Timestamp::UNIX_EPOCH)
            .to_zoned_datetime(self.zone.clone())
    }

    /// "v pátek 27. listopadu v 18:30" / "Friday 27 November, 18:30"; the day left out
    /// when it is today and `date` is not asked for, the year when it is this year's.
    fn when(&self, at: &Zoned, seconds: bool, date: bool) -> String {
        let time = match seconds {
            true => format!("{}:{:02}:{:02}", at.hour(), at.minute(), at.second()),
            false => format!("{}:{:02}", at.hour(), at.minute()),
        };
        let today = at.date() == self.now().date();
        match self.lang {
            Lang::Cs => {
                let at_time = format!("{} {time}", czech_at_hour(at.hour()));
                match today && !date {
                    true => at_time,
                    false => format!("{} {at_time}", self.czech_day(at)),
                }
            }
            _ => match today && !date {
                true => time,
                false => format!("{}, {time}", self.english_day(at)),
            },
        }
    }

    fn year(&self, at: &Zoned) -> String {
        match at.year() == self.now().year() {
            true => String::new(),
            false => format!(" {}", at.year()),
        }
    }

    /// "ve středu 25. listopadu" (the weekday in the accusative after v/ve).
    fn czech_day(&self, at: &Zoned) -> String {
        let weekday = match at.weekday() {
            Weekday::Monday => "v pondělí",
            Weekday::Tuesday => "v úterý",
            Weekday::Wednesday => "ve středu",
            Weekday::Thursday => "ve čtvrtek",
            Weekday::Friday => "v pátek",
            Weekday::Saturday => "v sobotu",
            Weekday::Sunday => "v neděli",
        };
        format!("{weekday} {}", self.date(at))
    }

    fn english_day(&self, at: &Zoned) -> String {
        let weekday = match at.weekday() {
            Weekday::Monday => "Monday",
            Weekday::Tuesday => "Tuesday",
            Weekday::Wednesday => "Wednesday",
            Weekday::Thursday => "Thursday",
            Weekday::Friday => "Friday",
            Weekday::Saturday => "Saturday",
            Weekday::Sunday => "Sunday",
        };
        format!("{weekday} {}", self.date(at))
    }

    /// "27. listopadu" / "27 November" (with the year when it is not this one's).
    fn date(&self, at: &Zoned) -> String {
        let m = at.month() as usize - 1;
        match self.lang {
            Lang::Cs => format!("{}. {}{}", at.day(), CZECH_MONTHS[m], self.year(at)),
            _ => format!("{} {}{}", at.day(), ENGLISH_MONTHS[m], self.year(at)),
        }
    }

    /// "za 3 hodiny" / "in 3 hours": minutes below an hour, hours below two days, else
    /// days, each rounded.
    fn relative(&self, ms: i64) -> String {
        let ahead = ms - self.now_ms;
        let span = ahead.abs();
        let (unit, n) = match span {
            s if s < MINUTE / 2 => return tr(self.lang, &Text::new("instant-now"), &|_| "".into()),
            s if s < HOUR - MINUTE / 2 => ("minutes", (s + MINUTE / 2) / MINUTE),
            s if s < 2 * DAY - HOUR / 2 => ("hours", (s + HOUR / 2) / HOUR),
            s => ("days", (s + DAY / 2) / DAY),
        };
        let key = match ahead > 0 {
            true => format!("instant-in-{unit}"),
            false => format!("instant-{unit}-ago"),
        };
        tr(self.lang, &Text::new(key).arg("n", n), &|_| String::new())
    }
}

const CZECH_MONTHS: [&str; 12] = [
    "ledna",
    "února",
    "března",
    "dubna",
    "května",
    "června",
    "července",
    "srpna",
    "září",
    "října",
    "listopadu",
    "prosince",
];

const ENGLISH_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// "v" or "ve" before an hour, as it is read: ve dvě, ve tři, ve čtyři, ve dvanáct, ve
/// třináct, ve čtrnáct, ve dvacet…, but v jednu, v pět, v osmnáct.
fn czech_at_hour(hour: i8) -> &'static str {
    match hour {
        2 | 3 | 4 | 12 | 13 | 14 | 20..=23 => "ve",
        _ => "v",
    }
}

#[cfg(test)]
#[path = "instant_tests.rs"]
mod tests;
