//! Internal ids of users, places (a community, a channel, a room) and messages, the same
//! for every platform: each front end maps its own ids to them (`identities.rs`: Discord's
//! stand for themselves, Matrix's are allocated from the top half), the console uses any.
//! Each kind is a type of its own, so a channel cannot be passed where a user or a
//! community is meant; each is stored as the same number as before (`BIGINT` through
//! `as i64`, a bare number in JSON), so no row or stored document changes.

use std::fmt;

use serde::{Deserialize, Serialize};
use sqlx::{
    any::{Any, AnyTypeInfo},
    encode::IsNull,
    error::BoxDynError,
    Database, Decode, Encode, Type,
};

/// What every id kind offers to code that handles any of them (the identities table, the
/// platform an id belongs to).
pub trait Id: Copy {
    fn raw(self) -> u64;
    fn from_raw(raw: u64) -> Self;
}

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl Id for $name {
            fn raw(self) -> u64 {
                self.0
            }
            fn from_raw(raw: u64) -> Self {
                $name(raw)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }

        /// The bare number, as logs and texts wrote the id before it had a type.
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl Type<Any> for $name {
            fn type_info() -> AnyTypeInfo {
                <i64 as Type<Any>>::type_info()
            }
            fn compatible(ty: &AnyTypeInfo) -> bool {
                <i64 as Type<Any>>::compatible(ty)
            }
        }

        /// Stored as the `BIGINT` it always was: the u64's bits as an i64.
        impl Encode<'_, Any> for $name {
            fn encode_by_ref(
                &self,
                buf: &mut <Any as Database>::ArgumentBuffer,
            ) -> Result<IsNull, BoxDynError> {
                <i64 as Encode<'_, Any>>::encode(self.0 as i64, buf)
            }
        }

        impl<'r> Decode<'r, Any> for $name {
            fn decode(value: <Any as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                Ok($name(<i64 as Decode<'r, Any>>::decode(value)? as u64))
            }
        }
    };
}

id!(
    /// A person on a platform (a Discord user, a Matrix user, the console's players).
    UserId
);
id!(
    /// The community whose settings, history and ratings a place's games follow: a
    /// Discord server, a Matrix room (its own community, see [`GuildId::of_room`]), or a
    /// conversation outside any server (see `service::place::settings_key`). The word
    /// "guild" stays because the store's tables and columns (`guild_config`, `guild_id`)
    /// say it.
    GuildId
);
id!(
    /// Where a game is hosted or a message is sent: a Discord channel, thread or DM, a
    /// Matrix room.
    ChannelId
);
id!(
    /// A message the bot posted (a table, a ping, a hand), or a Matrix event.
    MessageId
);

impl GuildId {
    /// The community of a place that is its own community: a Matrix room (its settings
    /// play the part a Discord server's do), or a conversation outside any server. It is
    /// the place's own number, so the settings stored under it before still load.
    pub fn of_room(room: ChannelId) -> GuildId {
        GuildId(room.0)
    }
}

#[cfg(test)]
mod tests {
    use sqlx::Row;
    use vliv_engine::Lang;

    use super::*;
    use crate::store::Store;

    /// A Matrix id, in the top half (stored negative).
    const MAPPED: u64 = (1 << 63) | 42;

    #[test]
    fn an_id_is_the_bare_number_in_json_and_in_text() {
        assert_eq!(serde_json::to_string(&UserId(5)).unwrap(), "5");
        assert_eq!(
            serde_json::to_string(&vec![ChannelId(MAPPED)]).unwrap(),
            format!("[{MAPPED}]")
        );
        assert_eq!(serde_json::from_str::<GuildId>("7").unwrap(), GuildId(7));
        assert_eq!(MessageId(MAPPED).to_string(), MAPPED.to_string());
        assert_eq!("12".parse::<UserId>().unwrap(), UserId(12));
    }

    #[tokio::test]
    async fn a_room_keeps_its_settings_under_the_number_they_were_stored_under() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        let room = ChannelId(MAPPED);
        // Written as the room's settings were before ids had types: under its number.
        let mut cfg = store.guild_config(GuildId(MAPPED)).await.unwrap();
        cfg.language = Lang::Cs;
        store.put_guild_config(GuildId(MAPPED), &cfg).await.unwrap();
        let row = sqlx::query("SELECT guild_id FROM guild_config")
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert_eq!(row.try_get::<i64, _>(0).unwrap(), MAPPED as i64);
        assert_eq!(row.try_get::<GuildId, _>(0).unwrap(), GuildId(MAPPED));
        // Read through the room's community, as the Matrix front end reads it now.
        let read = store.guild_config(GuildId::of_room(room)).await.unwrap();
        assert_eq!(read.language, Lang::Cs);
    }
}
