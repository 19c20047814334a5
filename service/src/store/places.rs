//! Which places' games a process of a fleet serves first. The store knows no platform's
//! partition: a front end gives each new game a slot number (Discord: the server's shard
//! key) and tells the store which slots this process serves, of how many in all. A game
//! with no slot (a platform that does not partition, or a row an older release wrote) is
//! served by whoever claims it first.

use super::{ChannelId, GuildId};

/// A new game's slot, from its place.
pub type SlotOf = fn(GuildId, ChannelId) -> Option<i64>;

/// The slots a process serves: `slot % total` from `first` to `last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotRange {
    pub first: i64,
    pub last: i64,
    pub total: i64,
}

/// How a front end partitions its places between the processes of a fleet.
#[derive(Clone, Copy, Debug)]
pub struct Places {
    /// Each new game's slot.
    pub slot_of: SlotOf,
    /// In a fleet, this process's slots; `None` serves every game at once.
    pub served: Option<SlotRange>,
}

impl Default for Places {
    fn default() -> Self {
        Places {
            slot_of: |_, _| None,
            served: None,
        }
    }
}

/// The rows whose game (the column `id_column`) this process serves first; `$n` to `$n+2`
/// are the total, the first and the last slot (bound by [`SlotRange::bind`]).
pub(super) fn owned_games_of(id_column: &str, n: usize) -> String {
    format!(
        "{id_column} IN (SELECT id FROM games WHERE place_slot IS NULL \
         OR place_slot % ${} BETWEEN ${} AND ${})",
        n,
        n + 1,
        n + 2
    )
}

impl SlotRange {
    /// Binds the total, the first and the last slot, in the order of [`owned_games_of`].
    pub(super) fn bind<'q>(
        &self,
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
        query.bind(self.total).bind(self.first).bind(self.last)
    }
}
