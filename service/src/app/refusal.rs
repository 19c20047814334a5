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
        Refusal::Refused(match platform {
            Platform::Discord => e.text(),
            Platform::Matrix => matrix_text(e),
        })
    }

    /// A place where games are not hosted (a DM with the bot): on Discord, where games are
    /// played instead; on Matrix, the commands that work there.
    pub fn not_in_private(platform: Platform) -> Refusal {
        Refusal::Refused(match platform {
            Platform::Discord => Text::new("discord-not-in-bot-dm"),
            Platform::Matrix => Text::new("matrix-not-in-direct-room"),
        })
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
