//! The bot's permissions in a channel, computed as Discord computes them
//! (https://discord.com/developers/docs/topics/permissions), and what each REST call needs.
//! A guild gives the bot the @everyone role's permissions and its own role's; a channel's
//! overwrites then deny and allow; a thread takes its parent channel's overwrites.

use std::collections::HashMap;

pub const ADMINISTRATOR: u64 = 1 << 3;
pub const VIEW_CHANNEL: u64 = 1 << 10;
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const SEND_TTS_MESSAGES: u64 = 1 << 12;
pub const EMBED_LINKS: u64 = 1 << 14;
pub const ATTACH_FILES: u64 = 1 << 15;
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
pub const MENTION_EVERYONE: u64 = 1 << 17;
pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
/// Every permission Discord defines today (bits 0–51): what ADMINISTRATOR grants.
pub const ALL: u64 = (1 << 52) - 1;

/// What a bot gets in a server where nobody set anything: the permissions its invite asked
/// for, on its own role (a test that starts the real bot sets the bot's invite instead).
pub const DEFAULT_BOT_ROLE: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS;

/// Whom a channel overwrite is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The guild's @everyone role (its id is the guild's).
    Everyone,
    /// The bot's own role.
    BotRole,
    /// The bot as a member.
    Bot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overwrite {
    pub target: Target,
    pub allow: u64,
    pub deny: u64,
}

/// The permissions the bot is given: per guild its roles, per channel the overwrites.
#[derive(Clone, Debug, Default)]
pub struct Grants {
    /// guild → (@everyone role's permissions, the bot role's); a guild not set here has
    /// nothing on @everyone and [`Grants::default_bot_role`] on the bot's role.
    pub roles: HashMap<u64, (u64, u64)>,
    /// channel → its overwrites.
    pub overwrites: HashMap<u64, Vec<Overwrite>>,
    /// The bot role of a guild nobody set.
    pub default_bot_role: u64,
}

impl Grants {
    pub fn new() -> Grants {
        Grants {
            default_bot_role: DEFAULT_BOT_ROLE,
            ..Default::default()
        }
    }

    /// The bot's permissions in `channel` of `guild`; `parent`: the channel a thread was
    /// opened from, whose overwrites a thread uses ("Threads inherit permissions from the
    /// parent channel", https://discord.com/developers/docs/topics/threads#permissions).
    pub fn in_channel(&self, guild: u64, channel: u64, parent: Option<u64>) -> u64 {
        let (everyone, bot_role) = self
            .roles
            .get(&guild)
            .copied()
            .unwrap_or((0, self.default_bot_role));
        // "Base permissions": @everyone's, or-ed with every role of the member; ADMINISTRATOR
        // is all (…/permissions#permission-overwrites, `compute_base_permissions`).
        let base = everyone | bot_role;
        if base & ADMINISTRATOR != 0 {
            return ALL;
        }
        let overwrites = self
            .overwrites
            .get(&parent.unwrap_or(channel))
            .map(Vec::as_slice)
            .unwrap_or_default();
        let mut perms = base;
        // The order Discord applies them in (`compute_overwrites`): @everyone's deny then
        // allow, the member's roles' denies then allows together, the member's own last.
        for target in [Target::Everyone, Target::BotRole, Target::Bot] {
            let (allow, deny) = overwrites
                .iter()
                .filter(|o| o.target == target)
                .fold((0, 0), |(a, d), o| (a | o.allow, d | o.deny));
            perms &= !deny;
            perms |= allow;
        }
        implicit(perms, parent.is_some())
    }
}

/// "Implicit Permissions" (…/permissions#implicit-permissions): without View Channel no other
/// permission in the channel counts; without Send Messages (in a thread: Send Messages in
/// Threads, which takes its place there) neither do Mention Everyone, Send TTS, Attach Files
/// nor Embed Links.
fn implicit(perms: u64, in_thread: bool) -> u64 {
    if perms & VIEW_CHANNEL == 0 {
        return 0;
    }
    let send = match in_thread {
        true => SEND_MESSAGES_IN_THREADS,
        false => SEND_MESSAGES,
    };
    if perms & send == 0 {
        return perms & !(MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS);
    }
    perms
}

/// What Discord does with a request the bot's permissions do not cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    /// 403 with JSON code 50001 "Missing Access": the bot cannot see the channel.
    MissingAccess,
    /// 403 with JSON code 50013 "Missing Permissions", naming the bit that was missing.
    Missing(u64),
}

pub const CODE_MISSING_ACCESS: u64 = 50001;

/// A message posted (`editing` false) or edited in a guild channel (`in_thread`: a thread),
/// with `files` uploaded. Create Message "requires the SEND_MESSAGES permission" in a guild
/// channel (https://discord.com/developers/docs/resources/message#create-message), in a
/// thread SEND_MESSAGES_IN_THREADS instead (…/permissions, "SEND_MESSAGES_IN_THREADS"); an
/// upload needs ATTACH_FILES; editing one's own message needs no permission but to see the
/// channel (…/message#edit-message), its new files still ATTACH_FILES.
pub fn message(perms: u64, in_thread: bool, editing: bool, files: bool) -> Verdict {
    if perms & VIEW_CHANNEL == 0 {
        return Verdict::MissingAccess;
    }
    let send = if in_thread {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    if !editing && perms & send == 0 {
        return Verdict::Missing(send);
    }
    if files && perms & ATTACH_FILES == 0 {
        return Verdict::Missing(ATTACH_FILES);
    }
    Verdict::Allowed
}

/// Embeds a message carries are shown only with EMBED_LINKS: Discord posts the message and
/// leaves them out, it does not refuse it (…/permissions, "EMBED_LINKS: Links sent by users
/// with this permission will be auto-embedded"; a bot's embeds are suppressed the same way).
pub fn shows_embeds(perms: u64) -> bool {
    perms & EMBED_LINKS != 0
}

/// Start Thread without Message: a public thread needs CREATE_PUBLIC_THREADS
/// (https://discord.com/developers/docs/resources/channel#start-thread-without-message).
pub fn thread(perms: u64) -> Verdict {
    if perms & VIEW_CHANNEL == 0 {
        return Verdict::MissingAccess;
    }
    if perms & CREATE_PUBLIC_THREADS == 0 {
        return Verdict::Missing(CREATE_PUBLIC_THREADS);
    }
    Verdict::Allowed
}

/// Get Channel Message "requires the VIEW_CHANNEL and READ_MESSAGE_HISTORY permissions"
/// (https://discord.com/developers/docs/resources/message#get-channel-message).
pub fn read_message(perms: u64) -> Verdict {
    if perms & VIEW_CHANNEL == 0 {
        return Verdict::MissingAccess;
    }
    if perms & READ_MESSAGE_HISTORY == 0 {
        return Verdict::Missing(READ_MESSAGE_HISTORY);
    }
    Verdict::Allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    const GUILD: u64 = 1;
    const CHANNEL: u64 = 2;

    fn grants(everyone: u64, bot_role: u64, overwrites: Vec<Overwrite>) -> Grants {
        let mut g = Grants::new();
        g.roles.insert(GUILD, (everyone, bot_role));
        g.overwrites.insert(CHANNEL, overwrites);
        g
    }

    fn ow(target: Target, allow: u64, deny: u64) -> Overwrite {
        Overwrite {
            target,
            allow,
            deny,
        }
    }

    #[test]
    fn roles_add_up_and_administrator_is_everything() {
        let g = grants(VIEW_CHANNEL, SEND_MESSAGES, vec![]);
        assert_eq!(
            g.in_channel(GUILD, CHANNEL, None),
            VIEW_CHANNEL | SEND_MESSAGES
        );
        let g = grants(0, ADMINISTRATOR, vec![ow(Target::Bot, 0, ALL)]);
        assert_eq!(g.in_channel(GUILD, CHANNEL, None), ALL);
    }

    #[test]
    fn overwrites_apply_everyone_then_roles_then_the_member() {
        let all = VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS;
        // @everyone denies sending, the bot's role allows it back, the member denies files.
        let g = grants(
            all,
            0,
            vec![
                ow(Target::Bot, 0, ATTACH_FILES),
                ow(Target::BotRole, SEND_MESSAGES, 0),
                ow(Target::Everyone, 0, SEND_MESSAGES),
            ],
        );
        assert_eq!(
            g.in_channel(GUILD, CHANNEL, None),
            VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS
        );
        // A role's allow wins over the same role's deny; the member's allow over everything.
        let g = grants(
            all,
            0,
            vec![
                ow(Target::BotRole, 0, EMBED_LINKS),
                ow(Target::Bot, EMBED_LINKS, 0),
            ],
        );
        assert_eq!(g.in_channel(GUILD, CHANNEL, None), all);
    }

    #[test]
    fn without_view_channel_nothing_counts_and_without_send_no_files_or_embeds() {
        let g = grants(
            ALL & !ADMINISTRATOR,
            0,
            vec![ow(Target::Everyone, 0, VIEW_CHANNEL)],
        );
        assert_eq!(g.in_channel(GUILD, CHANNEL, None), 0);
        assert_eq!(message(0, false, false, false), Verdict::MissingAccess);
        let perms = g.in_channel(GUILD, 99, None);
        assert_ne!(perms & ATTACH_FILES, 0);
        let g = grants(
            VIEW_CHANNEL | ATTACH_FILES | EMBED_LINKS,
            0,
            vec![ow(Target::Bot, 0, SEND_MESSAGES)],
        );
        assert_eq!(g.in_channel(GUILD, CHANNEL, None), VIEW_CHANNEL);
    }

    #[test]
    fn a_thread_uses_its_parents_overwrites_and_send_messages_in_threads() {
        let g = grants(
            0,
            DEFAULT_BOT_ROLE,
            vec![ow(Target::BotRole, 0, SEND_MESSAGES_IN_THREADS)],
        );
        let in_thread = g.in_channel(GUILD, 77, Some(CHANNEL));
        assert_eq!(
            message(in_thread, true, false, false),
            Verdict::Missing(SEND_MESSAGES_IN_THREADS)
        );
        assert_eq!(message(in_thread, false, false, false), Verdict::Allowed);
        assert_eq!(
            message(DEFAULT_BOT_ROLE & !ATTACH_FILES, false, false, true),
            Verdict::Missing(ATTACH_FILES)
        );
        // Editing its own message needs no Send Messages.
        assert_eq!(message(VIEW_CHANNEL, false, true, false), Verdict::Allowed);
        assert_eq!(
            thread(DEFAULT_BOT_ROLE & !CREATE_PUBLIC_THREADS),
            Verdict::Missing(CREATE_PUBLIC_THREADS)
        );
    }

    #[test]
    fn an_unset_guild_gives_the_invites_permissions() {
        let g = Grants::new();
        assert_eq!(g.in_channel(5, 6, None), DEFAULT_BOT_ROLE);
        assert_eq!(DEFAULT_BOT_ROLE, 309_237_697_536);
    }
}
