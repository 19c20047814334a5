//! Where a request comes from, and whether a click may reach the game it names. What a
//! button names comes back from the client: ids are sequential, so a forged one can name
//! any game. A click counts only where its game lives — its server and channel, or the DM
//! of one of its players for the decisions the bot sends there — and the server's
//! restrictions (disabled games, allowed channels) apply to every way into a game.

use super::{
    Caller, ChannelId, ComponentAction, GameId, GameRecord, GuildId, Service, ServiceError,
    ServiceResult,
};

/// The store's scope of the games played outside any server (a DM between friends, a group
/// DM): their history, ratings and leaderboard are this scope's, apart from every server's,
/// and its settings are the defaults. No server has this id (Discord's and Matrix's are
/// never 0).
pub const NO_SERVER: GuildId = GuildId(0);

/// Whose settings a place's games follow: its server's, or outside any server the
/// conversation's own, kept like a server's under the conversation's id (Discord never
/// gives a server and a channel the same id), so each conversation sets its own clocks.
pub fn settings_key(guild: GuildId, channel: ChannelId) -> GuildId {
    match guild {
        NO_SERVER => GuildId::of_room(channel),
        server => server,
    }
}

/// What kind of place a request comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceKind {
    /// A server's channel or thread (a Matrix room is its own server).
    Server,
    /// A private conversation with the bot alone, where no game is hosted: its hands, turn
    /// notices and decisions reach the players there.
    BotDm,
    /// A conversation among friends outside any server, where the bot is no member and
    /// answers only through the interactions it is given (Discord's DMs between users and
    /// group DMs, reached by an app a user installed): it hosts games in the
    /// [`NO_SERVER`] scope.
    Conversation,
}

/// Where an interaction was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// `None` outside a server (a DM, a conversation).
    pub guild: Option<GuildId>,
    pub channel: ChannelId,
    /// The parent channel when `channel` is a thread: the server's channel list applies to it.
    pub parent: Option<ChannelId>,
    pub kind: PlaceKind,
}

impl Place {
    pub fn channel(guild: GuildId, channel: ChannelId) -> Place {
        Place {
            guild: Some(guild),
            channel,
            parent: None,
            kind: PlaceKind::Server,
        }
    }

    /// A Matrix room: it is its own community, so its settings (games, channels, clocks,
    /// language) play the part a Discord server's do and are kept under the community
    /// [`GuildId::of_room`] gives, the room's own number as they always were.
    pub fn room(room: ChannelId) -> Place {
        Place::channel(GuildId::of_room(room), room)
    }

    pub fn dm(channel: ChannelId) -> Place {
        Place {
            guild: None,
            channel,
            parent: None,
            kind: PlaceKind::BotDm,
        }
    }

    /// A conversation among friends outside any server.
    pub fn conversation(channel: ChannelId) -> Place {
        Place {
            guild: None,
            channel,
            parent: None,
            kind: PlaceKind::Conversation,
        }
    }

    /// The store's scope of the games hosted here: the server, or [`NO_SERVER`].
    pub fn scope(&self) -> GuildId {
        self.guild.unwrap_or(NO_SERVER)
    }

    /// Whether games are hosted here (a server's channel or a conversation), so that its
    /// game's table and clicks belong to it.
    pub fn hosts_games(&self) -> bool {
        self.kind != PlaceKind::BotDm
    }

    /// Whether `rec` is this place's game: same scope and channel.
    pub fn holds(&self, rec: &GameRecord) -> bool {
        self.hosts_games() && self.scope() == rec.guild && self.channel == rec.channel
    }
}

impl ComponentAction {
    /// The game a click names (a history or leaderboard page names none: it lists the
    /// channel's games, or the server's players).
    pub fn game(&self) -> Option<GameId> {
        match *self {
            ComponentAction::Join(g)
            | ComponentAction::Start(g)
            | ComponentAction::Hand(g)
            | ComponentAction::CardTexts(g)
            | ComponentAction::Rematch(g)
            | ComponentAction::ConfirmLeave(g)
            | ComponentAction::ConfirmAbandon(g) => Some(g),
            ComponentAction::Move(click) => Some(click.game),
            ComponentAction::Menu { game, .. } | ComponentAction::Replay { game, .. } => Some(game),
            ComponentAction::HistoryPage(_) | ComponentAction::Board(_) => None,
        }
    }

    /// The bot sends these to a player's DMs (a reaction window's decision, "My hand").
    fn allowed_in_dm(&self) -> bool {
        matches!(
            self,
            ComponentAction::Hand(_)
                | ComponentAction::CardTexts(_)
                | ComponentAction::Move(_)
                | ComponentAction::Menu { .. }
        )
    }

    /// Leaving and abandoning stay possible in a restricted channel, so a game that the
    /// server has since disallowed can still be closed.
    fn closes_the_game(&self) -> bool {
        matches!(
            self,
            ComponentAction::ConfirmLeave(_) | ComponentAction::ConfirmAbandon(_)
        )
    }
}

impl Service {
    /// Admits a click made at `place`: its game must live there (or the clicker must play it,
    /// in a DM, for the decisions sent there) and the server must still allow it. Returns
    /// the caller whose admin flag counts only in the game's own server. Reads only: a
    /// refused click changes nothing and leaves no trace in memory.
    pub async fn admit(
        &self,
        place: &Place,
        caller: Caller,
        action: &ComponentAction,
    ) -> ServiceResult<Caller> {
        let reader = Caller {
            user: caller.user,
            is_admin: false,
        };
        let Some(game) = action.game() else {
            // A history page reads the channel it is clicked in, where games are hosted.
            return match place.hosts_games() {
                true => Ok(reader),
                false => Err(ServiceError::ForeignGame),
            };
        };
        let rec = self.game(game).await?;
        if let ComponentAction::Replay { .. } = action {
            // A replay only reads, where its game lives, whatever the server allows now.
            return match place.holds(&rec) {
                true => Ok(reader),
                false => Err(ServiceError::ForeignGame),
            };
        }
        match place.kind {
            PlaceKind::Server | PlaceKind::Conversation => {
                if !place.holds(&rec) {
                    tracing::info!(
                        game = rec.id,
                        guild = %place.scope(),
                        channel = %place.channel,
                        "click on a game of another channel refused"
                    );
                    return Err(ServiceError::ForeignGame);
                }
            }
            PlaceKind::BotDm => {
                if !action.allowed_in_dm() {
                    return Err(ServiceError::ForeignGame);
                }
                if rec.seat_of(caller.user).is_none() {
                    return Err(self.not_seated(&rec, caller.user).await);
                }
            }
        }
        if !action.closes_the_game() {
            self.ensure_allowed(&rec, place).await?;
        }
        Ok(Caller {
            user: caller.user,
            // A DM has no server, and another server's admin is nobody here.
            is_admin: caller.is_admin && place.guild == Some(rec.guild),
        })
    }

    /// The lobby or running game of the place a command was given in, if the server still
    /// allows it there: every front end's commands find their game through this, so the
    /// server's restrictions hold for each of them as they do for clicks.
    pub async fn game_here(&self, place: &Place) -> ServiceResult<GameRecord> {
        let rec = self.game_to_leave_here(place).await?;
        self.ensure_allowed(&rec, place).await?;
        Ok(rec)
    }

    /// The place's game for leaving, abandoning or no longer watching it, which stay
    /// possible where the server has since disallowed it (as the confirming clicks do, see
    /// `closes_the_game`): nobody is kept in a game the server no longer wants.
    pub async fn game_to_leave_here(&self, place: &Place) -> ServiceResult<GameRecord> {
        self.active(place.channel).await
    }

    /// The server's restrictions as they stand now: the game enabled, and the channel (a
    /// thread's parent) allowed. A DM is checked for the game only: the channel is the
    /// game's own, allowed when it opened.
    pub async fn ensure_allowed(&self, rec: &GameRecord, place: &Place) -> ServiceResult<()> {
        let cfg = self.store.guild_config(rec.guild).await?;
        if !cfg.allows_game(&rec.kind) {
            return Err(ServiceError::GameDisabled(rec.kind.clone()));
        }
        if place.guild.is_some() && !cfg.allows_channel(place.parent.unwrap_or(place.channel)) {
            return Err(ServiceError::ChannelNotAllowed);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_matrix_room_is_one_place_and_its_own_community() {
        let room = ChannelId((1 << 63) | 42);
        let place = Place::room(room);
        assert_eq!(place.guild, Some(GuildId::of_room(room)));
        assert_eq!((place.channel, place.parent), (room, None));
        assert_eq!(place.kind, PlaceKind::Server);
        // The same number as before ids had types, when Matrix passed the room twice: its
        // stored settings, games and ratings are found under it as they were.
        assert_eq!(place, Place::channel(GuildId(room.0), room));
        assert_eq!(place.scope(), GuildId(room.0));
        assert_eq!(settings_key(place.scope(), place.channel), GuildId(room.0));
    }
}
