//! The times a table shows beside the game: a lobby's days per move, when the time to move
//! ends (a Discord timestamp, which each reader sees in their own time zone), and who is
//! on vacation until when.

use vliv_engine::{Lang, Seat, Text};

use super::{FieldSpec, MessageSpec, Names};
use crate::{i18n::tr, service::GameRecord};

/// What the table says about time, read by the front end from the store.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnTimes {
    pub days_per_move: Option<i64>,
    /// When the server's time to move ends, in unix ms (none while a game clock runs: the
    /// table shows that one).
    pub turn_ends: Option<i64>,
    /// Seats whose players are on vacation, with when it ends.
    pub vacations: Vec<(Seat, i64)>,
}

/// `<t:…:R>`: "in 3 hours", in the reader's language and zone.
pub fn relative_time(ms: i64) -> String {
    format!("<t:{}:R>", ms.div_euclid(1000))
}

/// `<t:…:f>`: a date and time in the reader's zone.
pub fn date_time(ms: i64) -> String {
    format!("<t:{}:f>", ms.div_euclid(1000))
}

pub fn with_turn_times(
    mut spec: MessageSpec,
    rec: &GameRecord,
    times: &TurnTimes,
    lang: Lang,
) -> MessageSpec {
    let names = Names::for_game(rec, lang);
    let say = |text: &Text| tr(lang, text, &|s| names.get(s));
    let mut lines = Vec::new();
    if let Some(days) = times.days_per_move {
        lines.push(say(&Text::new("table-days-per-move").arg("n", days)));
    }
    if let Some(ms) = times.turn_ends {
        lines.push(say(
            &Text::new("table-turn-ends").arg("time", relative_time(ms))
        ));
    }
    for &(seat, until) in &times.vacations {
        lines.push(say(&Text::new("table-on-vacation")
            .seat("player", seat)
            .arg("time", date_time(until))));
    }
    let (Some(first), Some(mut embed)) = (lines.first().cloned(), spec.embed.take()) else {
        return spec;
    };
    let rest = lines[1..].join("\n");
    embed.fields.push(FieldSpec {
        name: first,
        value: if rest.is_empty() {
            "\u{200b}".into()
        } else {
            rest
        },
        inline: false,
    });
    spec.embed = Some(embed.fit());
    spec
}
