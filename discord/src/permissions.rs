//! The Discord permissions the bot asks for when it is invited, each with the requests that
//! need it (https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags).
//! The invite link (`vliv invite`, the README, the admins' guide) carries [`INVITE`].

use poise::serenity_prelude as serenity;
use vliv_engine::Text;
use vliv_service::app::Request;

/// See the channel and read it: every request to a channel (without it Discord answers
/// 403 / 50001 Missing Access).
pub const VIEW_CHANNEL: u64 = 1 << 10;
/// Post in a channel: the lobby's table, turn pings, notes (`POST /channels/{id}/messages`).
pub const SEND_MESSAGES: u64 = 1 << 11;
/// Show an embed: every table and panel is one (without it Discord posts the message and
/// hides its embeds).
pub const EMBED_LINKS: u64 = 1 << 14;
/// Upload a file: the table's picture (`attachment://table.png`) on a post or an edit.
pub const ATTACH_FILES: u64 = 1 << 15;
/// Open a thread for a game in thread mode (`POST /channels/{id}/threads`).
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
/// Post in a game's thread: Discord's counterpart of Send Messages inside threads.
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// Every permission the bot needs, and nothing more: the invite's `permissions=`. Not Read
/// Message History: the bot never fetches a message (it edits its own by id, which needs
/// none), as the loopback Discord's record of its requests shows.
pub const INVITE: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS;

/// What a lobby needs where it opens: to see the channel, post and edit its table there
/// (in thread mode: open the thread and post in it) and show the table's embed. Attach
/// Files is not among them: without it the table goes as text.
pub fn lobby_needs(thread_mode: bool) -> u64 {
    VIEW_CHANNEL
        | EMBED_LINKS
        | match thread_mode {
            true => CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS,
            false => SEND_MESSAGES,
        }
}

/// What a game's table needs where it lives (`in_thread`: a game's thread): to see the
/// place, post there (a table posted again, turn pings) and show the table's embed.
pub fn table_needs(in_thread: bool) -> u64 {
    VIEW_CHANNEL
        | EMBED_LINKS
        | match in_thread {
            true => SEND_MESSAGES_IN_THREADS,
            false => SEND_MESSAGES,
        }
}

/// What a request needs of the channel it is asked in (`in_thread`: a game's thread), so
/// that it is refused before anything is done rather than half done: showing the table
/// again, starting a game (its turn pings) and a rematch (a new table) post there; taking a
/// seat or adding an AI edits the table, whose embed Discord hides without Send Messages
/// ("Implicit Permissions", https://discord.com/developers/docs/topics/permissions#implicit-permissions).
pub fn needed_by(request: &Request, in_thread: bool) -> u64 {
    match request {
        Request::Status
        | Request::Start(_)
        | Request::Rematch(_)
        | Request::Join(_)
        | Request::AddAi(_) => table_needs(in_thread),
        _ => 0,
    }
}

/// What to tell a user whose `request`, asked in `channel`, needs permissions the bot
/// lacks there (`app_permissions` of the interaction; a thread when `in_thread`).
pub fn refusal(
    request: &Request,
    app_permissions: u64,
    channel: u64,
    in_thread: bool,
) -> Option<Text> {
    missing_for_table(app_permissions, needed_by(request, in_thread), channel)
}

/// Whether a channel of an interaction is a thread.
pub fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    )
}

/// The text that names a permission as Discord's settings name it, in the reader's language.
fn name(bit: u64) -> Text {
    Text::new(match bit {
        VIEW_CHANNEL => "permission-view-channel",
        SEND_MESSAGES => "permission-send-messages",
        EMBED_LINKS => "permission-embed-links",
        ATTACH_FILES => "permission-attach-files",
        CREATE_PUBLIC_THREADS => "permission-create-public-threads",
        _ => "permission-send-messages-in-threads",
    })
}

/// What to tell a user opening a lobby in `channel` where the bot's permissions
/// (`app_permissions` of the interaction) lack some of `needs`; `None` if none is missing.
pub fn missing(app_permissions: u64, needs: u64, channel: u64) -> Option<Text> {
    lacking("lobby-missing-permissions", app_permissions, needs, channel)
}

/// What to tell a user whose request about a game's table (posting it again, starting the
/// game, taking a seat) was not carried out because the bot lacks some of `needs` in
/// `channel`; `None` if none is missing.
pub fn missing_for_table(app_permissions: u64, needs: u64, channel: u64) -> Option<Text> {
    lacking("table-missing-permissions", app_permissions, needs, channel)
}

fn lacking(key: &'static str, app_permissions: u64, needs: u64, channel: u64) -> Option<Text> {
    let missing: Vec<Text> = (0..64)
        .map(|b| 1u64 << b)
        .filter(|b| needs & b != 0 && app_permissions & b == 0)
        .map(name)
        .collect();
    if missing.is_empty() {
        return None;
    }
    Some(
        Text::new(key)
            .arg("channel", format!("<#{channel}>"))
            .arg("count", missing.len() as i64)
            .arg("permissions", missing),
    )
}

/// The scopes of the invite: the bot joins the server, its slash commands appear.
pub const SCOPES: &str = "bot applications.commands";

/// The invite link for the application `application_id`.
pub fn invite_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope={}&permissions={INVITE}",
        SCOPES.replace(' ', "+")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_asks_for_six_permissions_with_attach_files() {
        assert_eq!(INVITE, 309_237_697_536);
        assert_eq!(INVITE.count_ones(), 6);
        assert_ne!(INVITE & ATTACH_FILES, 0);
        assert_eq!(
            invite_url(123),
            "https://discord.com/oauth2/authorize?client_id=123&scope=bot+applications.commands&permissions=309237697536"
        );
    }

    #[test]
    fn a_lobby_names_each_missing_permission() {
        assert_eq!(missing(INVITE, lobby_needs(false), 5), None);
        assert_eq!(missing(INVITE, lobby_needs(true), 5), None);
        let text = missing(
            INVITE & !SEND_MESSAGES & !VIEW_CHANNEL,
            lobby_needs(false),
            5,
        )
        .expect("two are missing");
        let said = vliv_service::i18n::tr(vliv_engine::Lang::Cs, &text, &|_| String::new());
        assert!(said.contains("<#5>"), "{said}");
        assert!(said.contains("Zobrazit kanály"), "{said}");
        assert!(said.contains("Odesílat zprávy"), "{said}");
        let text = missing(INVITE & !CREATE_PUBLIC_THREADS, lobby_needs(true), 5).unwrap();
        let said = vliv_service::i18n::tr(vliv_engine::Lang::En, &text, &|_| String::new());
        assert!(said.contains("Create Public Threads"), "{said}");
        assert!(!said.contains("Send Messages"), "{said}");
    }
}
