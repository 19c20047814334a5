//! The one mapping from the service's errors to what the asker reads, for every front end
//! (it replaces one copy per front end, which had begun to disagree).

use vliv_engine::{registry, Text};

use crate::{
    mark::{instant, InstantStyle},
    render::clip,
    service::{Platform, ServiceError},
};

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// Why a request was not carried out (or, for [`Refusal::NotShown`], carried out but not
/// shown).
#[derive(Debug)]
pub enum Refusal {
    /// Refused, nothing changed: the asker reads why.
    Refused(Text),
    /// Something failed (the database, the platform, a bug): logged, and the asker is told
    /// to try again.
    Failed(Error),
    /// The change is stored but the place could not be updated: the asker is told so, not
    /// "nothing was applied".
    NotShown(Error),
}

impl Refusal {
    /// The refusal of `e` for an asker on `platform`: the same rule everywhere, in the
    /// platform's words where a text names a command or a role.
    pub fn of(platform: Platform, e: ServiceError) -> Refusal {
        if e.is_transient() {
            // The database or a race: worth a warning, and the asker reads that trying
            // again is safe.
            tracing::warn!(error = %e, "request failed");
        } else {
            tracing::debug!(error = %e, "request refused");
        }
        Refusal::Refused(worded(platform, e))
    }

    /// A place where games are not hosted (a DM with the bot): on Discord, where games are
    /// played instead; on Matrix, the commands that work there.
    pub fn not_in_private(platform: Platform) -> Refusal {
        Refusal::Refused(match platform {
            Platform::Discord => Text::new("discord-not-in-bot-dm"),
            Platform::Matrix => Text::new("matrix-not-in-direct-room"),
            // The console's one place is its table, never a private one.
            Platform::Console => ServiceError::NoGame.text(),
        })
    }
}

/// What `e` says to an asker on `platform` (a front end that called the service itself,
/// as the console opening its game, words its errors here too).
pub fn worded(platform: Platform, e: ServiceError) -> Text {
    match platform {
        Platform::Discord => e.text(),
        Platform::Matrix => matrix_text(e),
        Platform::Console => console_text(e),
    }
}

/// Discord's wordings name buttons, Manage Server, its slash commands and its server; at
/// the console a choice is typed by its number, and there are no admins, commands to end a
/// vacation or servers.
fn console_text(e: ServiceError) -> Text {
    match e {
        ServiceError::NotAdmin => Text::new("console-not-admin"),
        ServiceError::OnVacation { until } => {
            Text::new("console-err-on-vacation").arg("time", instant(until, InstantStyle::DateTime))
        }
        ServiceError::GameDisabled(id) => {
            let text = Text::new("console-err-game-disabled");
            match registry::find(&id) {
                Some(kind) => text.arg("game", kind.name()),
                None => text.arg("game", clip(&id, 40)),
            }
        }
        ServiceError::MalformedId => Text::new("console-err-malformed-choice"),
        ServiceError::ForeignGame => Text::new("console-err-foreign-game"),
        ServiceError::SeatHandedOver => Text::new("console-err-seat-handed-over"),
        ServiceError::HintsOff { by_server: true } => Text::new("console-err-hints-off"),
        e => e.text(),
    }
}

/// Discord's wordings name Manage Server, its slash commands and its server; a room asks
/// for a moderator, names `!vliv` commands and is a room.
fn matrix_text(e: ServiceError) -> Text {
    match e {
        ServiceError::NotAdmin => Text::new("matrix-not-moderator"),
        ServiceError::OnVacation { until } => {
            Text::new("matrix-err-on-vacation").arg("time", instant(until, InstantStyle::DateTime))
        }
        ServiceError::GameDisabled(id) => {
            let text = Text::new("matrix-err-game-disabled");
            match registry::find(&id) {
                Some(kind) => text.arg("game", kind.name()),
                None => text.arg("game", clip(&id, 40)),
            }
        }
        ServiceError::UnknownZone(zone) => {
            Text::new("matrix-unknown-zone").arg("zone", clip(&zone, 60))
        }
        e => e.text(),
    }
}

impl From<Error> for Refusal {
    fn from(e: Error) -> Refusal {
        Refusal::Failed(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::tr;
    use vliv_engine::Lang;

    /// What names a chat's own command, control or permission.
    const CHAT_WORDS: [&str; 8] = [
        "/game",
        "/hra",
        "/vliv",
        "!vliv",
        "Manage Server",
        "Spravovat server",
        "button",
        "tlačítk",
    ];

    #[test]
    fn the_consoles_refusals_name_no_chats_command_or_button() {
        let errors = || {
            vec![
                ServiceError::NotAdmin,
                ServiceError::OnVacation { until: 0 },
                ServiceError::GameDisabled("claim".into()),
                ServiceError::MalformedId,
                ServiceError::ForeignGame,
                ServiceError::SeatHandedOver,
                ServiceError::HintsOff { by_server: true },
                ServiceError::NotYourTurn,
                ServiceError::Stale,
            ]
        };
        let mut discords = 0;
        for lang in Lang::ALL {
            let say = |t: &Text| tr(lang, t, &|s| lang.seat_name(s));
            for (e, discord) in errors().into_iter().zip(errors()) {
                let console = say(&worded(Platform::Console, e));
                assert!(!console.starts_with('['), "a missing text: {console}");
                let named: Vec<_> = CHAT_WORDS.iter().filter(|w| console.contains(*w)).collect();
                assert!(named.is_empty(), "{lang}: {console} names {named:?}");
                let discord = say(&worded(Platform::Discord, discord));
                discords += usize::from(CHAT_WORDS.iter().any(|w| discord.contains(w)));
            }
        }
        // Discord's own wordings of the same refusals do name its controls (the check sees).
        assert!(discords >= 8, "{discords}");
    }
}
