//! A game's events as one reader may read them, between two points of the game's log: for
//! a front end that tells what happened since a reader last looked (the terminal, where
//! players take turns at one screen). The log is the deal's events, then each stored
//! move's; which of them a reader may see is decided here, so a front end only prints.

use vliv_engine::{Audience, Event, Lang, Seat, Viewer};

use crate::{
    i18n::tr,
    service::{GameRecord, Report, Service, ServiceResult},
};

/// A point in a game's log: how many of its events (every reader's) lie before it. It
/// tells how much happened, never what: a front end keeps one per reader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct LogMark(usize);

impl LogMark {
    /// The point `events` events into the log.
    pub fn new(events: usize) -> LogMark {
        LogMark(events)
    }

    /// The point after the moves `report` applied, this one being where they began.
    pub fn after(self, report: &Report) -> LogMark {
        LogMark(self.0 + report.applied.iter().map(|a| a.events.len()).sum::<usize>())
    }
}

/// Who reads, and how: a seat (its own private events beside the public ones) or the
/// public, in `lang` with the front end's names for the seats; `learn`: with why each
/// scoring event scored as it did.
pub struct Reader<'a> {
    pub viewer: Viewer,
    pub lang: Lang,
    pub names: &'a dyn Fn(Seat) -> String,
    pub learn: bool,
}

/// One event as its reader reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLine {
    pub text: String,
    /// One of the reader's own private events (a front end says whose eyes it is for).
    pub private: bool,
    /// In learning mode, why it scored as it did, a line each (the event's own audience).
    pub explanation: Vec<String>,
}

/// The events of `rec`'s log between `since` and `upto` that `reader` may see, oldest
/// first. `upto` is the point the front end has reached (its game's latest report): moves
/// stored after it are left for a later reading.
pub async fn events_since(
    service: &Service,
    rec: &GameRecord,
    reader: &Reader<'_>,
    since: LogMark,
    upto: LogMark,
) -> ServiceResult<Vec<EventLine>> {
    if upto <= since {
        return Ok(Vec::new());
    }
    let log = log(service, rec).await?;
    let upto = upto.0.min(log.len());
    let since = since.0.min(upto);
    Ok(lines(&log[since..upto], reader))
}

/// Every event of `rec` so far: the deal's, then each stored move's.
async fn log(service: &Service, rec: &GameRecord) -> ServiceResult<Vec<Event>> {
    let (dealt, _) = service.replay(rec, Some(0)).await?;
    let (_, moves) = service.replay(rec, None).await?;
    let mut log = dealt.opening();
    log.extend(moves.into_iter().flat_map(|(_, events)| events));
    Ok(log)
}

/// The lines of `events` that `reader` may see: another seat's private event is never one.
fn lines(events: &[Event], reader: &Reader<'_>) -> Vec<EventLine> {
    let say = |t| tr(reader.lang, t, reader.names);
    events
        .iter()
        .filter(|e| e.audience.shown_to(reader.viewer))
        .map(|e| EventLine {
            text: say(&e.text),
            private: e.audience != Audience::Public,
            explanation: match reader.learn {
                true => e.explanation.iter().map(say).collect(),
                false => Vec::new(),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use vliv_engine::Text;

    fn event(key: &'static str, audience: Audience) -> Event {
        Event {
            audience,
            text: Text::new(key),
            explanation: vec![Text::new("why")],
        }
    }

    fn read(events: &[Event], viewer: Viewer, learn: bool) -> Vec<EventLine> {
        let names = |s: Seat| format!("P{s}");
        let reader = Reader {
            viewer,
            lang: Lang::En,
            names: &names,
            learn,
        };
        lines(events, &reader)
    }

    #[test]
    fn a_seat_reads_the_public_events_and_its_own_never_another_seats() {
        let events = [
            event("played", Audience::Public),
            event("drew-secret", Audience::Seat(0)),
            event("drew-other", Audience::Seat(1)),
        ];
        let keys = |lines: Vec<EventLine>| {
            lines
                .into_iter()
                .map(|l| (l.text.trim_matches(['[', ']']).to_owned(), l.private))
                .collect::<Vec<_>>()
        };
        // An unknown key reads as itself in brackets: the keys show which were given.
        assert_eq!(
            keys(read(&events, Viewer::Seat(0), false)),
            [
                ("played".to_owned(), false),
                ("drew-secret".to_owned(), true)
            ]
        );
        assert_eq!(
            keys(read(&events, Viewer::Seat(1), false)),
            [
                ("played".to_owned(), false),
                ("drew-other".to_owned(), true)
            ]
        );
        assert_eq!(
            keys(read(&events, Viewer::Spectator, false)),
            [("played".to_owned(), false)]
        );
    }

    #[test]
    fn the_explanations_come_in_learning_mode_only() {
        let events = [event("scored", Audience::Public)];
        assert!(read(&events, Viewer::Spectator, false)[0]
            .explanation
            .is_empty());
        assert_eq!(
            read(&events, Viewer::Spectator, true)[0].explanation,
            ["[why]"]
        );
    }

    #[test]
    fn a_mark_moves_by_the_events_of_a_report() {
        assert!(LogMark::new(2) > LogMark::new(1));
        assert_eq!(LogMark::default(), LogMark::new(0));
    }
}
