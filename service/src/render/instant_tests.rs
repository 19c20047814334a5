use super::*;
use crate::mark::{self, instant};
use crate::service::UserId;

fn utc(text: &str) -> i64 {
    text.parse::<Timestamp>().unwrap().as_millisecond()
}

/// A reader in Prague on Friday 27 November 2026 at 15:30 local time.
fn prague(lang: Lang) -> Reader {
    Reader::new(lang, &[Some("Europe/Prague")], utc("2026-11-27T14:30:00Z"))
}

#[test]
fn a_date_and_time_reads_in_the_readers_language_and_zone() {
    let at = utc("2026-11-27T17:30:00Z");
    assert_eq!(
        prague(Lang::Cs).instant(at, InstantStyle::DateTime),
        "v pátek 27. listopadu v 18:30 (Europe/Prague)"
    );
    assert_eq!(
        prague(Lang::En).instant(at, InstantStyle::DateTime),
        "Friday 27 November, 18:30 (Europe/Prague)"
    );
    assert_eq!(
        prague(Lang::Cs).instant(at, InstantStyle::Relative),
        "za 3 hodiny, v pátek 27. listopadu v 18:30 (Europe/Prague)"
    );
    assert_eq!(
        prague(Lang::En).instant(at, InstantStyle::Relative),
        "in 3 hours, Friday 27 November, 18:30 (Europe/Prague)"
    );
    // A time of today leaves the day out; another year is named.
    assert_eq!(
        prague(Lang::Cs).instant(utc("2026-11-27T19:00:05Z"), InstantStyle::Time),
        "ve 20:00:05 (Europe/Prague)"
    );
    // "ve třináct", "ve čtrnáct", but "v patnáct".
    for (at, said) in [
        ("12:05", "ve 13:05"),
        ("13:05", "ve 14:05"),
        ("14:05", "v 15:05"),
    ] {
        assert_eq!(
            prague(Lang::Cs).instant(utc(&format!("2026-11-27T{at}:00Z")), InstantStyle::DateTime),
            format!("v pátek 27. listopadu {said} (Europe/Prague)")
        );
    }
    assert_eq!(
        prague(Lang::En).instant(utc("2027-01-06T08:00:00Z"), InstantStyle::DateTime),
        "Wednesday 6 January 2027, 9:00 (Europe/Prague)"
    );
    assert_eq!(
        prague(Lang::Cs).instant(utc("2027-01-06T08:00:00Z"), InstantStyle::DateTime),
        "ve středu 6. ledna 2027 v 9:00 (Europe/Prague)"
    );
    assert_eq!(
        prague(Lang::Cs).instant(utc("2026-11-20T10:00:00Z"), InstantStyle::Date),
        "20. listopadu"
    );
}

#[test]
fn relative_times_take_the_plural_form_of_their_count() {
    let now = utc("2026-11-27T14:30:00Z");
    let cases = [
        (MINUTE, "za 1 minutu", "in 1 minute"),
        (3 * MINUTE, "za 3 minuty", "in 3 minutes"),
        (21 * MINUTE, "za 21 minut", "in 21 minutes"),
        (HOUR, "za 1 hodinu", "in 1 hour"),
        (5 * HOUR, "za 5 hodin", "in 5 hours"),
        (2 * DAY, "za 2 dny", "in 2 days"),
        (5 * DAY, "za 5 dní", "in 5 days"),
        (-MINUTE, "před 1 minutou", "1 minute ago"),
        (-2 * HOUR, "před 2 hodinami", "2 hours ago"),
        (-DAY * 3, "před 3 dny", "3 days ago"),
        (10_000, "právě teď", "just now"),
    ];
    for (ahead, cs, en) in cases {
        assert_eq!(prague(Lang::Cs).relative(now + ahead), cs, "{ahead} ms");
        assert_eq!(prague(Lang::En).relative(now + ahead), en, "{ahead} ms");
    }
}

#[test]
fn summer_time_moves_the_local_hour() {
    // Prague goes from CET to CEST at 02:00 on Sunday 29 March 2026.
    let reader = Reader::new(
        Lang::Cs,
        &[Some("Europe/Prague")],
        utc("2026-03-01T00:00:00Z"),
    );
    assert_eq!(
        reader.instant(utc("2026-03-29T00:30:00Z"), InstantStyle::DateTime),
        "v neděli 29. března v 1:30 (Europe/Prague)"
    );
    assert_eq!(
        reader.instant(utc("2026-03-29T01:30:00Z"), InstantStyle::DateTime),
        "v neděli 29. března ve 3:30 (Europe/Prague)"
    );
    // And back at 03:00 on Sunday 25 October: the same UTC hour reads an hour earlier.
    let en = Reader::new(
        Lang::En,
        &[Some("Europe/Prague")],
        utc("2026-10-01T00:00:00Z"),
    );
    assert_eq!(
        en.instant(utc("2026-10-24T16:30:00Z"), InstantStyle::DateTime),
        "Saturday 24 October, 18:30 (Europe/Prague)"
    );
    assert_eq!(
        en.instant(utc("2026-10-25T16:30:00Z"), InstantStyle::DateTime),
        "Sunday 25 October, 17:30 (Europe/Prague)"
    );
}

#[test]
fn the_zone_is_the_readers_else_the_rooms_else_utc() {
    let now = utc("2026-11-27T14:30:00Z");
    let room = Reader::new(Lang::En, &[None, Some("America/New_York")], now);
    assert_eq!(room.zone_name(), "America/New_York");
    let unknown = Reader::new(Lang::En, &[Some("Mars/Olympus"), None], now);
    assert_eq!(
        unknown.instant(utc("2026-11-28T09:05:00Z"), InstantStyle::DateTime),
        "Saturday 28 November, 9:05 (UTC)"
    );
}

#[test]
fn every_placeholder_of_a_text_becomes_words() {
    let at = utc("2026-11-27T17:30:00Z");
    let text = format!(
        "Time to move ends {}; {} is on vacation until {}",
        instant(at, InstantStyle::Relative),
        mark::user(UserId(5)),
        instant(at + DAY, InstantStyle::DateTime)
    );
    let words = prague(Lang::En).words(&text);
    assert_eq!(
        words,
        format!(
            "Time to move ends in 3 hours, Friday 27 November, 18:30 (Europe/Prague); \
             {} is on vacation until Saturday 28 November, 18:30 (Europe/Prague)",
            mark::user(UserId(5))
        )
    );
}
