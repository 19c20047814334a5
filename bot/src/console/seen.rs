//! What each reader at the terminal has been shown: the game's events in order, and per
//! seat how far that seat has read. "Since your last decision" is what lies after a seat's
//! mark and that seat may see; a private event is never shown to another seat.

use vliv_engine::{Event, Seat, Viewer};

pub struct Seen {
    events: Vec<Event>,
    /// Per seat, the first event it has not been shown.
    marks: Vec<usize>,
    /// The first event nobody at the terminal has been shown.
    terminal: usize,
}

impl Seen {
    pub fn new(seats: usize) -> Seen {
        Seen {
            events: Vec::new(),
            marks: vec![0; seats],
            terminal: 0,
        }
    }

    pub fn push(&mut self, events: impl IntoIterator<Item = Event>) {
        self.events.extend(events);
    }

    /// How many events the game has told so far.
    pub fn count(&self) -> usize {
        self.events.len()
    }

    /// The events `seat` has not been shown and may see, marked as shown.
    pub fn unread(&mut self, seat: Seat) -> Vec<Event> {
        let from = std::mem::replace(&mut self.marks[seat as usize], self.events.len());
        self.terminal = self.events.len();
        self.visible(from, Viewer::Seat(seat))
    }

    /// The events nobody at the terminal has been shown yet that `viewer` may see (the
    /// table's log between decisions, the game's last lines). A seat that reads them has
    /// read everything; the others still get their own since their last look.
    pub fn fresh(&mut self, viewer: Viewer) -> Vec<Event> {
        let from = std::mem::replace(&mut self.terminal, self.events.len());
        if let Viewer::Seat(seat) = viewer {
            self.marks[seat as usize] = self.events.len();
        }
        self.visible(from, viewer)
    }

    fn visible(&self, from: usize, viewer: Viewer) -> Vec<Event> {
        self.events[from..]
            .iter()
            .filter(|e| e.audience.shown_to(viewer))
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vliv_engine::{Audience, Text};

    fn event(key: &'static str, audience: Audience) -> Event {
        Event {
            audience,
            text: Text::new(key),
            explanation: Vec::new(),
        }
    }

    fn keys(events: &[Event]) -> Vec<String> {
        events.iter().map(|e| e.text.key.to_string()).collect()
    }

    #[test]
    fn a_seat_reads_what_happened_since_its_last_look_and_never_another_seats_secret() {
        let mut seen = Seen::new(2);
        seen.push([
            event("played", Audience::Public),
            event("drew-secret", Audience::Seat(0)),
        ]);
        assert_eq!(keys(&seen.unread(1)), ["played"]);
        seen.push([event("passed", Audience::Public)]);
        assert_eq!(keys(&seen.unread(0)), ["played", "drew-secret", "passed"]);
        assert_eq!(keys(&seen.unread(1)), ["passed"]);
        assert!(seen.unread(0).is_empty());
    }

    #[test]
    fn the_last_lines_are_what_nobody_was_shown_yet() {
        let mut seen = Seen::new(2);
        seen.push([event("a", Audience::Public)]);
        seen.unread(0);
        seen.push([event("b", Audience::Public), event("c", Audience::Seat(1))]);
        assert_eq!(keys(&seen.fresh(Viewer::Spectator)), ["b"]);
        assert_eq!(
            keys(&seen.unread(1)),
            ["a", "b", "c"],
            "a seat's secret waits for it"
        );
        seen.push([event("d", Audience::Public)]);
        assert_eq!(keys(&seen.fresh(Viewer::Seat(0))), ["d"]);
        assert!(seen.unread(0).is_empty());
    }
}
