//! The times a table shows beside the game: a lobby's days per move, when the time to move
//! ends, and who is on vacation until when. Each instant is a placeholder that the front
//! end says for its reader (Discord in each reader's own zone, Matrix in words).

use vliv_engine::{Lang, Text};

use super::{FieldSpec, MessageSpec, Names};
use crate::{
    i18n::tr,
    mark::{instant, InstantStyle},
    service::{GameRecord, GuildConfig, TurnTimes},
};

/// A server's (or room's) vacation allowance and sleeping clocks.
pub fn vacation_summary(cfg: &GuildConfig) -> Text {
    Text::new("admin-vacations")
        .arg("n", cfg.vacation_days as i64)
        .arg(
            "sleeping",
            Text::new(if cfg.sleeping_clocks { "yes" } else { "no" }),
        )
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
            &Text::new("table-turn-ends").arg("time", instant(ms, InstantStyle::Relative))
        ));
    }
    for &(seat, until) in &times.vacations {
        lines.push(say(&Text::new("table-on-vacation")
            .seat("player", seat)
            .arg("time", instant(until, InstantStyle::DateTime))));
    }
    let Some(first) = lines.first().cloned() else {
        return spec;
    };
    let Some(mut embed) = spec.embed.take() else {
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
    spec.embed = Some(embed);
    spec
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::EmbedSpec;
    use crate::service::UserId;

    #[test]
    fn a_table_without_times_keeps_its_embed_as_it_was() {
        let rec = crate::service::GameRecord::unstored(
            "claim",
            crate::service::Status::Lobby,
            vec![crate::service::SeatHolder::User(UserId(5))],
            None,
        );
        let spec = MessageSpec {
            embed: Some(EmbedSpec {
                title: "Claim".into(),
                ..Default::default()
            }),
            ..Default::default()
        };
        let kept = with_turn_times(spec.clone(), &rec, &TurnTimes::default(), Lang::En);
        assert_eq!(kept, spec);
        let times = TurnTimes {
            clock_until: None,
            days_per_move: Some(2),
            turn_ends: Some(90_000),
            vacations: vec![(0, 180_000)],
        };
        let shown = with_turn_times(spec, &rec, &times, Lang::Cs);
        let field = &shown.embed.unwrap().fields[0];
        assert_eq!(field.name, "2 dny na tah");
        assert_eq!(
            field.value,
            format!(
                "Čas na tah skončí {}\n{}: dovolená končí {}",
                crate::mark::instant(90_000, InstantStyle::Relative),
                crate::mark::user(UserId(5)),
                crate::mark::instant(180_000, InstantStyle::DateTime)
            )
        );
    }
}
