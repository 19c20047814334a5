//! How far each reader at the terminal has read the game's log: per seat the point it has
//! read to, and the point nobody at the terminal has been shown past. "Since your last
//! decision" is the part of the log after a seat's mark; which of its events the seat may
//! read is the application layer's to say (`app::events_since`), not the console's.

use vliv_engine::{Seat, Viewer};
use vliv_service::{app::LogMark, service::Report};

/// A stretch of the log: from the first point to the second.
pub type Stretch = (LogMark, LogMark);

pub struct Seen {
    /// The end of the log the terminal has reached: the deal, then each report noted.
    end: LogMark,
    /// Per seat, the point it has read to.
    marks: Vec<LogMark>,
    /// The point nobody at the terminal has been shown past.
    terminal: LogMark,
}

impl Seen {
    pub fn new(seats: usize) -> Seen {
        Seen {
            end: LogMark::default(),
            marks: vec![LogMark::default(); seats],
            terminal: LogMark::default(),
        }
    }

    /// The deal's events told: the log reaches `end`.
    pub fn dealt(&mut self, end: LogMark) {
        self.end = end;
    }

    /// The moves of `report` told.
    pub fn note(&mut self, report: &Report) {
        self.end = self.end.after(report);
    }

    /// How far the game has told its events so far.
    pub fn end(&self) -> LogMark {
        self.end
    }

    /// What `seat` has not read, marked as read.
    pub fn unread(&mut self, seat: Seat) -> Stretch {
        let from = std::mem::replace(&mut self.marks[seat as usize], self.end);
        self.terminal = self.end;
        (from, self.end)
    }

    /// What nobody at the terminal has been shown yet, for `viewer` to read (the table's
    /// log between decisions, the game's last lines). A seat that reads it has read
    /// everything; the others still get their own since their last look.
    pub fn fresh(&mut self, viewer: Viewer) -> Stretch {
        let from = std::mem::replace(&mut self.terminal, self.end);
        if let Viewer::Seat(seat) = viewer {
            self.marks[seat as usize] = self.end;
        }
        (from, self.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(n: usize) -> LogMark {
        LogMark::new(n)
    }

    #[test]
    fn a_seat_reads_what_happened_since_its_last_look() {
        let mut seen = Seen::new(2);
        seen.dealt(at(2));
        assert_eq!(seen.unread(1), (at(0), at(2)));
        seen.dealt(at(3));
        assert_eq!(seen.unread(0), (at(0), at(3)));
        assert_eq!(seen.unread(1), (at(2), at(3)));
        assert_eq!(seen.unread(0), (at(3), at(3)), "nothing new");
    }

    #[test]
    fn the_last_lines_are_what_nobody_was_shown_yet() {
        let mut seen = Seen::new(2);
        seen.dealt(at(1));
        seen.unread(0);
        seen.dealt(at(3));
        assert_eq!(seen.fresh(Viewer::Spectator), (at(1), at(3)));
        assert_eq!(
            seen.unread(1),
            (at(0), at(3)),
            "a seat's own events wait for it"
        );
        seen.dealt(at(4));
        assert_eq!(seen.fresh(Viewer::Seat(0)), (at(3), at(4)));
        assert_eq!(seen.unread(0), (at(4), at(4)));
    }
}
