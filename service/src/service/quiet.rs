//! Quiet hours and clocks that sleep with the player: pure time arithmetic over a player's
//! IANA time zone (no I/O, no clock of its own). Daylight-saving changes come from the zone
//! database: a night across one is an hour shorter or longer in real time.

use std::sync::LazyLock;

use jiff::{civil::Date, tz::TimeZone, Timestamp};
use serde::{Deserialize, Serialize};
use vliv_engine::DecisionKind;

pub const MINUTE_MS: i64 = 60_000;
pub const HOUR_MS: i64 = 60 * MINUTE_MS;
pub const DAY_MS: i64 = 24 * HOUR_MS;

/// Local quiet hours: from `start` to `end`, minutes after midnight. An end at or before
/// the start runs across midnight (`22-08` is 22:00 to 08:00 the next morning).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuietHours {
    pub start: u16,
    pub end: u16,
}

impl QuietHours {
    /// `22-08`, `22:30-7:15` (a dash or an en dash); the two ends differ.
    pub fn parse(text: &str) -> Option<QuietHours> {
        let (from, to) = text.trim().split_once(['-', '–'])?;
        let minutes = |part: &str| -> Option<u16> {
            let (h, m) = part.trim().split_once(':').unwrap_or((part.trim(), "0"));
            let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
            (h < 24 && m < 60).then_some(h * 60 + m)
        };
        let (start, end) = (minutes(from)?, minutes(to)?);
        (start != end).then_some(QuietHours { start, end })
    }

    /// `22:00–08:00`.
    pub fn label(&self) -> String {
        format!(
            "{:02}:{:02}–{:02}:{:02}",
            self.start / 60,
            self.start % 60,
            self.end / 60,
            self.end % 60
        )
    }
}

/// A zone by its IANA name (`Europe/Prague`), from the bundled database.
pub fn zone(name: &str) -> Option<TimeZone> {
    jiff::tz::db().get(name).ok()
}

/// Every IANA zone name the database knows, sorted.
pub fn zone_names() -> &'static [String] {
    static NAMES: LazyLock<Vec<String>> = LazyLock::new(|| {
        let mut names: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
        names.sort();
        names
    });
    &NAMES
}

/// A player's time: their zone and, if they set any, their quiet hours.
#[derive(Clone, Debug)]
pub struct PlayerTime {
    pub zone: TimeZone,
    pub quiet: Option<QuietHours>,
}

impl PlayerTime {
    /// The quiet period `at_ms` falls in, as `[start, end)` in Unix milliseconds.
    pub fn quiet_period(&self, at_ms: i64) -> Option<(i64, i64)> {
        let today = self.local_date(at_ms)?;
        [today.yesterday().ok()?, today]
            .into_iter()
            .filter_map(|d| self.period_from(d))
            .find(|&(start, end)| start <= at_ms && at_ms < end)
    }

    /// When the quiet hours `at_ms` falls in end (`None`: it is not quiet then).
    pub fn quiet_until(&self, at_ms: i64) -> Option<i64> {
        self.quiet_period(at_ms).map(|(_, end)| end)
    }

    /// The moment `active_ms` of the player's waking time have passed since `from_ms`: the
    /// clock does not tick during quiet hours, so each quiet period it meets adds its
    /// length in real time.
    pub fn awake_deadline(&self, from_ms: i64, active_ms: i64) -> i64 {
        if self.quiet.is_none() {
            return from_ms + active_ms;
        }
        let (mut now, mut left) = (from_ms, active_ms.max(0));
        // A quiet period at least every local day: a year of days bounds the walk.
        for _ in 0..800 {
            if let Some(end) = self.quiet_until(now) {
                now = end;
            }
            match self.next_quiet_start(now) {
                Some(start) if start < now + left => {
                    left -= start - now;
                    now = start;
                }
                _ => return now + left,
            }
        }
        now + left
    }

    /// How much of `[from_ms, to_ms)` the player is awake for (the clock ticks).
    pub fn awake_between(&self, from_ms: i64, to_ms: i64) -> i64 {
        if self.quiet.is_none() || to_ms <= from_ms {
            return (to_ms - from_ms).max(0);
        }
        let (mut now, mut awake) = (from_ms, 0);
        for _ in 0..800 {
            if let Some(end) = self.quiet_until(now) {
                now = end;
            }
            if now >= to_ms {
                return awake;
            }
            let next = self.next_quiet_start(now).unwrap_or(to_ms).min(to_ms);
            awake += next - now;
            now = next;
        }
        awake
    }

    fn local_date(&self, at_ms: i64) -> Option<Date> {
        let at = Timestamp::from_millisecond(at_ms).ok()?;
        Some(at.to_zoned_datetime(self.zone.clone()).date())
    }

    /// The quiet period that starts on the local day `date`. A start in a skipped hour
    /// (spring forward) is the first moment after it, as the zone database says.
    fn period_from(&self, date: Date) -> Option<(i64, i64)> {
        // Stored hours come from `parse`; a row edited by hand outside a day is no quiet time.
        let quiet = self
            .quiet
            .filter(|q| q.start < 24 * 60 && q.end < 24 * 60)?;
        let local = |d: Date, minutes: u16| -> Option<i64> {
            let dt = d.at((minutes / 60) as i8, (minutes % 60) as i8, 0, 0);
            let ts = self.zone.to_ambiguous_timestamp(dt).compatible().ok()?;
            Some(ts.as_millisecond())
        };
        let end_day = match quiet.end <= quiet.start {
            true => date.tomorrow().ok()?,
            false => date,
        };
        let (start, end) = (local(date, quiet.start)?, local(end_day, quiet.end)?);
        (start < end).then_some((start, end))
    }

    /// The first quiet period starting at or after `at_ms`.
    fn next_quiet_start(&self, at_ms: i64) -> Option<i64> {
        let mut day = self.local_date(at_ms)?.yesterday().ok()?;
        for _ in 0..4 {
            if let Some((start, _)) = self.period_from(day) {
                if start >= at_ms {
                    return Some(start);
                }
            }
            day = day.tomorrow().ok()?;
        }
        None
    }
}

/// Whether a clock sleeps through its player's quiet hours: only where the server lets
/// clocks sleep, for a clock of an hour or longer, on a decision of one player alone (a
/// reaction window or a trading period keeps others waiting, so it never pauses).
pub fn clock_sleeps(
    server_allows: bool,
    duration_ms: i64,
    kind: DecisionKind,
    alone: bool,
) -> bool {
    server_allows
        && alone
        && duration_ms >= HOUR_MS
        && matches!(
            kind,
            DecisionKind::Move | DecisionKind::Setup | DecisionKind::Scoring
        )
}

#[cfg(test)]
#[path = "quiet_tests.rs"]
mod tests;
