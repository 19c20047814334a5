//! Where an interaction happens, as Discord says it: a server's channel or thread, the
//! bot's DM with one user, or a DM between users or a group DM the app reaches because a
//! user installed it (Discord's interaction context PRIVATE_CHANNEL: "Interaction can be
//! used within Group DMs and DMs other than the app's bot user",
//! https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-context-types).

use crate::ids::Ours;
use poise::serenity_prelude as serenity;
use vliv_service::service::{ChannelId, GuildId};
use vliv_service::service::{Place, PlaceKind};

/// The place of an interaction in `guild`'s `channel` (`channel_kind`: the partial channel
/// Discord sends with it) made in `context`.
pub fn place(
    guild: Option<GuildId>,
    channel: ChannelId,
    partial: Option<&serenity::PartialChannel>,
    context: Option<serenity::InteractionContext>,
) -> Place {
    let parent = partial.and_then(|ch| match ch.kind {
        serenity::ChannelType::PublicThread
        | serenity::ChannelType::PrivateThread
        | serenity::ChannelType::NewsThread => ch.parent_id.map(Ours::ours),
        _ => None,
    });
    let kind = match (guild, context) {
        (Some(_), _) => PlaceKind::Server,
        (None, Some(serenity::InteractionContext::PrivateChannel)) => PlaceKind::Conversation,
        // Without a context (an older payload), a group DM still names itself by its type.
        (None, None) if partial.is_some_and(|ch| ch.kind == serenity::ChannelType::GroupDm) => {
            PlaceKind::Conversation
        }
        (None, _) => PlaceKind::BotDm,
    };
    Place {
        guild,
        channel,
        parent,
        kind,
    }
}

/// Whether `rec` is played in a conversation outside any server (a DM between users, a
/// group DM): the bot's own token reaches nothing there ("limited to using commands",
/// https://discord.com/developers/docs/quick-start/getting-started), so its table, pings and
/// notes go only as interaction responses and follow-ups, and its turn notices by DM.
pub fn in_conversation(rec: &vliv_service::service::GameRecord) -> bool {
    rec.guild == vliv_service::service::NO_SERVER
}
