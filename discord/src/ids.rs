//! Discord's ids and ours, converted here and nowhere else: a Discord snowflake is its own
//! internal id (`vliv_service::store::identities`), so each conversion keeps the number.

use poise::serenity_prelude as serenity;
use vliv_service::service::{ChannelId, GuildId, MessageId, UserId};

/// A Discord id as the service's.
pub trait Ours {
    type Id;
    fn ours(self) -> Self::Id;
}

/// The service's id as Discord's (a Discord snowflake is never 0).
pub trait Theirs {
    type Id;
    fn theirs(self) -> Self::Id;
}

macro_rules! both_ways {
    ($($ours:ident <=> $theirs:ident),* $(,)?) => {$(
        impl Ours for serenity::$theirs {
            type Id = $ours;
            fn ours(self) -> $ours {
                $ours(self.get())
            }
        }

        impl Theirs for $ours {
            type Id = serenity::$theirs;
            fn theirs(self) -> serenity::$theirs {
                serenity::$theirs::new(self.0)
            }
        }
    )*};
}

both_ways!(
    UserId <=> UserId,
    GuildId <=> GuildId,
    ChannelId <=> ChannelId,
    MessageId <=> MessageId,
);
