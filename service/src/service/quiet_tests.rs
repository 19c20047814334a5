use super::*;

fn utc(text: &str) -> i64 {
    text.parse::<Timestamp>().unwrap().as_millisecond()
}

fn player(zone_name: &str, quiet: &str) -> PlayerTime {
    PlayerTime {
        zone: zone(zone_name).unwrap(),
        quiet: QuietHours::parse(quiet),
    }
}

#[test]
fn quiet_hours_parse_as_the_command_takes_them() {
    assert_eq!(
        QuietHours::parse("22-08"),
        Some(QuietHours {
            start: 22 * 60,
            end: 8 * 60
        })
    );
    assert_eq!(
        QuietHours::parse(" 22:30 – 7:15 "),
        Some(QuietHours {
            start: 22 * 60 + 30,
            end: 7 * 60 + 15
        })
    );
    assert_eq!(QuietHours::parse("22-08").unwrap().label(), "22:00–08:00");
    for bad in ["", "22", "8-8", "24-08", "22-08:60", "a-b", "-1-5"] {
        assert_eq!(QuietHours::parse(bad), None, "{bad}");
    }
}

#[test]
fn quiet_hours_run_across_midnight_in_prague() {
    // 25 November: CET, UTC+1.
    let jana = player("Europe/Prague", "22-08");
    assert_eq!(jana.quiet_until(utc("2026-11-25T20:59:59Z")), None);
    let night_end = utc("2026-11-26T07:00:00Z");
    assert_eq!(
        jana.quiet_until(utc("2026-11-25T21:00:00Z")),
        Some(night_end)
    );
    assert_eq!(
        jana.quiet_until(utc("2026-11-25T23:30:00Z")),
        Some(night_end)
    );
    assert_eq!(
        jana.quiet_until(utc("2026-11-26T06:59:00Z")),
        Some(night_end)
    );
    assert_eq!(jana.quiet_until(night_end), None);
}

#[test]
fn the_spring_night_in_prague_is_an_hour_shorter() {
    // 29 March 2026, 02:00 CET becomes 03:00 CEST.
    let jana = player("Europe/Prague", "22-08");
    let (start, end) = jana.quiet_period(utc("2026-03-29T00:30:00Z")).unwrap();
    assert_eq!(start, utc("2026-03-28T21:00:00Z"));
    assert_eq!(end, utc("2026-03-29T06:00:00Z"));
    assert_eq!(end - start, 9 * HOUR_MS);
}

#[test]
fn the_autumn_night_in_prague_is_an_hour_longer() {
    // 25 October 2026, 03:00 CEST becomes 02:00 CET.
    let jana = player("Europe/Prague", "22-08");
    let (start, end) = jana.quiet_period(utc("2026-10-25T01:30:00Z")).unwrap();
    assert_eq!(start, utc("2026-10-24T20:00:00Z"));
    assert_eq!(end, utc("2026-10-25T07:00:00Z"));
    assert_eq!(end - start, 11 * HOUR_MS);
}

#[test]
fn new_york_nights_follow_its_own_changes() {
    let bob = player("America/New_York", "22-08");
    // 8 March 2026: 02:00 EST becomes 03:00 EDT.
    let (start, end) = bob.quiet_period(utc("2026-03-08T07:00:00Z")).unwrap();
    assert_eq!(start, utc("2026-03-08T03:00:00Z"));
    assert_eq!(end, utc("2026-03-08T12:00:00Z"));
    assert_eq!(end - start, 9 * HOUR_MS);
    // 1 November 2026: 02:00 EDT becomes 01:00 EST.
    let (start, end) = bob.quiet_period(utc("2026-11-01T06:00:00Z")).unwrap();
    assert_eq!(start, utc("2026-11-01T02:00:00Z"));
    assert_eq!(end, utc("2026-11-01T13:00:00Z"));
    assert_eq!(end - start, 11 * HOUR_MS);
    // The same instant is quiet in New York and not in Prague (13:00 there).
    let jana = player("Europe/Prague", "22-08");
    assert_eq!(jana.quiet_until(utc("2026-11-01T12:00:00Z")), None);
}

#[test]
fn quiet_hours_that_start_in_the_skipped_hour_start_when_the_clock_resumes() {
    // New York, 8 March 2026: 02:30 does not exist; the zone database reads it as 03:30 EDT.
    let bob = player("America/New_York", "2:30-6");
    let (start, end) = bob.quiet_period(utc("2026-03-08T08:00:00Z")).unwrap();
    assert_eq!(start, utc("2026-03-08T07:30:00Z"));
    assert_eq!(end, utc("2026-03-08T10:00:00Z"));
}

#[test]
fn a_deadline_that_would_fall_in_quiet_hours_moves_by_exactly_the_quiet_time() {
    let jana = player("Europe/Prague", "22-08");
    // 20:00 local plus three hours: 23:00, in the night; it moves by the ten quiet hours.
    let from = utc("2026-11-25T19:00:00Z");
    let awake = jana.awake_deadline(from, 3 * HOUR_MS);
    assert_eq!(awake - (from + 3 * HOUR_MS), 10 * HOUR_MS);
    assert_eq!(awake, utc("2026-11-26T08:00:00Z"));
    // Across the spring change the night, and so the move, is nine hours.
    let from = utc("2026-03-28T19:00:00Z");
    let awake = jana.awake_deadline(from, 3 * HOUR_MS);
    assert_eq!(awake - (from + 3 * HOUR_MS), 9 * HOUR_MS);
    // Across the autumn change, eleven.
    let from = utc("2026-10-24T18:00:00Z");
    let awake = jana.awake_deadline(from, 3 * HOUR_MS);
    assert_eq!(awake - (from + 3 * HOUR_MS), 11 * HOUR_MS);
}

#[test]
fn a_deadline_in_waking_hours_does_not_move() {
    let jana = player("Europe/Prague", "22-08");
    let from = utc("2026-11-25T08:00:00Z");
    assert_eq!(jana.awake_deadline(from, 3 * HOUR_MS), from + 3 * HOUR_MS);
    let no_quiet = player("Europe/Prague", "");
    let night = utc("2026-11-25T23:00:00Z");
    assert_eq!(no_quiet.awake_deadline(night, HOUR_MS), night + HOUR_MS);
}

#[test]
fn a_clock_set_during_quiet_hours_starts_when_they_end() {
    let jana = player("Europe/Prague", "22-08");
    let night = utc("2026-11-25T23:00:00Z");
    assert_eq!(
        jana.awake_deadline(night, 2 * HOUR_MS),
        utc("2026-11-26T09:00:00Z")
    );
}

#[test]
fn two_days_of_waking_time_span_three_nights() {
    // Awake 14 hours a day: 48 hours from Monday 09:00 local run to Thursday 15:00.
    let jana = player("Europe/Prague", "22-08");
    let from = utc("2026-11-23T08:00:00Z");
    let due = jana.awake_deadline(from, 2 * DAY_MS);
    assert_eq!(due, utc("2026-11-26T14:00:00Z"));
    assert_eq!(jana.awake_between(from, due), 2 * DAY_MS);
    assert_eq!(jana.awake_between(from, from + DAY_MS), 14 * HOUR_MS);
}

#[test]
fn short_clocks_and_shared_decisions_never_sleep() {
    let ten_minutes = 10 * MINUTE_MS;
    assert!(!clock_sleeps(true, ten_minutes, DecisionKind::Move, true));
    assert!(!clock_sleeps(
        true,
        59 * MINUTE_MS,
        DecisionKind::Move,
        true
    ));
    assert!(clock_sleeps(true, HOUR_MS, DecisionKind::Move, true));
    assert!(!clock_sleeps(false, DAY_MS, DecisionKind::Move, true));
    assert!(!clock_sleeps(true, DAY_MS, DecisionKind::Reaction, true));
    assert!(!clock_sleeps(true, DAY_MS, DecisionKind::Trade, true));
    assert!(!clock_sleeps(true, DAY_MS, DecisionKind::Move, false));
}

#[test]
fn every_zone_of_the_database_is_offered_and_found() {
    let names = zone_names();
    assert!(names.len() > 300, "{} zones", names.len());
    for name in ["Europe/Prague", "America/New_York", "Asia/Tokyo", "UTC"] {
        assert!(names.iter().any(|n| n == name), "{name}");
        assert!(zone(name).is_some(), "{name}");
    }
    assert!(zone("Europe/Brno").is_none());
}

#[test]
fn hours_outside_a_day_from_a_hand_edited_row_are_no_quiet_time() {
    let odd = PlayerTime {
        zone: zone("Europe/Prague").unwrap(),
        quiet: Some(QuietHours {
            start: 5000,
            end: 10,
        }),
    };
    let at = utc("2026-11-25T23:00:00Z");
    assert_eq!(odd.quiet_until(at), None);
    assert_eq!(odd.awake_deadline(at, HOUR_MS), at + HOUR_MS);
}
