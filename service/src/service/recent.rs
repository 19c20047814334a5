//! The latest public events kept with a game for its table, each followed by why it scored
//! (learning mode's explanations of a public event, so public too) for the panels of the
//! players learning the game.

use vliv_engine::{Audience, Event, Text};

use super::RECENT_EVENTS;

/// An explanation's entry among the events: its text is the explanation.
pub const WHY: &str = "learn-why";

/// Adds the public events of a move (with their explanations) to `recent`, keeping the
/// latest [`RECENT_EVENTS`] events and their explanations.
pub fn record(recent: &mut Vec<Text>, events: &[Event]) {
    for e in events.iter().filter(|e| e.audience == Audience::Public) {
        recent.push(e.text.clone());
        recent.extend(
            e.explanation
                .iter()
                .map(|why| Text::new(WHY).arg("why", why.clone())),
        );
    }
    let mut kept = 0;
    let mut from = recent.len();
    for (i, t) in recent.iter().enumerate().rev() {
        if t.key != WHY {
            if kept == RECENT_EVENTS {
                break;
            }
            kept += 1;
        }
        from = i;
    }
    recent.drain(..from);
}

/// The events alone, for the table.
pub fn events(recent: &[Text]) -> Vec<Text> {
    recent.iter().filter(|t| t.key != WHY).cloned().collect()
}

/// At most `n` of the latest explanations, oldest first.
pub fn latest_why(recent: &[Text], n: usize) -> Vec<Text> {
    let whys: Vec<Text> = recent.iter().filter(|t| t.key == WHY).cloned().collect();
    whys[whys.len().saturating_sub(n)..].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(key: &'static str, why: &[&'static str]) -> Event {
        Event {
            audience: Audience::Public,
            text: Text::new(key),
            explanation: why.iter().map(|k| Text::new(*k)).collect(),
        }
    }

    #[test]
    fn the_table_keeps_its_events_and_the_panels_the_latest_explanations() {
        let mut recent = Vec::new();
        for i in 0..RECENT_EVENTS + 3 {
            let why: &[&'static str] = if i % 2 == 0 { &["why-a", "why-b"] } else { &[] };
            record(&mut recent, &[event("ev", why)]);
        }
        let private = Event {
            audience: Audience::Seat(0),
            text: Text::new("secret"),
            explanation: vec![Text::new("secret-why")],
        };
        record(&mut recent, &[private, event("last", &["why-last"])]);
        let events = events(&recent);
        assert_eq!(events.len(), RECENT_EVENTS);
        assert_eq!(events.last().unwrap().key, "last");
        assert!(recent.iter().all(|t| t.key != "secret"));
        let why = latest_why(&recent, 2);
        assert_eq!(why.len(), 2);
        assert_eq!(
            why[1].args[0].1,
            vliv_engine::Arg::Text(Text::new("why-last"))
        );
        // Nothing of a private event is kept, not even why it scored.
        assert!(!format!("{recent:?}").contains("secret"));
    }
}
