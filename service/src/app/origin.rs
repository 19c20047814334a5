//! Who asks, and where: the one description of a request's sender every front end gives.

use crate::service::{Caller, Place, Platform, UserId};

#[derive(Clone, Debug)]
pub struct Origin {
    pub platform: Platform,
    pub user: UserId,
    /// Where it was asked. A Matrix room is its own server and channel.
    pub place: Place,
    /// The asker manages the place (Discord's Manage Server, a Matrix room's moderator);
    /// a front end may leave it false for requests that do not need it
    /// ([`Request::needs_admin_flag`](super::Request::needs_admin_flag)).
    pub admin: bool,
    /// A private conversation with the bot (a DM), where no game is hosted.
    pub private: bool,
    /// The platform's id of the request (a Matrix event), where a request may be read
    /// twice (after a restart): a move it made is then not made again.
    pub key: Option<String>,
    /// The language the asker reads a typed choice's label in (`None`: the game's own).
    pub reads: Option<vliv_engine::Lang>,
    /// The name the platform shows everyone for the asker, where it tells one.
    pub name: Option<String>,
}

impl Origin {
    pub fn caller(&self) -> Caller {
        Caller {
            user: self.user,
            is_admin: self.admin,
        }
    }
}
