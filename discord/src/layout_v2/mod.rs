//! The table and the hand panels as Components V2 messages (issue 51 item 4): the same
//! view the embed layout shows (`convert.rs`), written as text displays, a media gallery
//! and action rows. A server chooses between this and the embed layout (`/vliv-admin
//! layout`). A hand panel keeps the layout it was posted in, and one that outgrows V2 is
//! replaced (`panel.rs`); notes, replays and DMs stay embeds.

mod body;
pub mod panel;
mod send;

pub use super::markup::discord as written;
pub use body::{body, fits, IS_COMPONENTS_V2, MAX_COMPONENTS, MAX_TEXT};
pub(crate) use send::{edit_followup, edit_in_channel, post_followup, post_in_channel};
/// A text with the service's marks as Discord's markup, as a text display shows it.
use vliv_service::service::MessageId;

/// Whether a message goes as V2: the server chose it and the message fits whole.
pub fn chosen(
    layout: vliv_service::service::Layout,
    spec: &vliv_service::render::MessageSpec,
) -> bool {
    layout == vliv_service::service::Layout::ComponentsV2 && fits(spec)
}

/// The embed layout's body of `spec`, what goes where V2 cannot hold the message whole (for
/// the tests that pass both through the loopback Discord's validator).
pub fn legacy_body(spec: &vliv_service::render::MessageSpec) -> serde_json::Value {
    serde_json::to_value(super::convert::create_message(spec)).unwrap_or_default()
}

/// The table messages this process posted or edited as V2: Discord keeps the flag, so an
/// embed cannot replace one (a final scoring too long for V2, or a server back on embeds);
/// such a table is posted anew instead of edited in vain. After a restart the refused edit
/// says the same, one request later.
static V2_TABLES: std::sync::LazyLock<std::sync::Mutex<std::collections::HashSet<MessageId>>> =
    std::sync::LazyLock::new(Default::default);

fn v2_tables() -> std::sync::MutexGuard<'static, std::collections::HashSet<MessageId>> {
    V2_TABLES.lock().unwrap_or_else(|e| e.into_inner())
}

/// The table `message` now shows as V2 (`true`) or is gone (`false`).
pub(crate) fn table_shown(message: MessageId, v2: bool) {
    match v2 {
        true => v2_tables().insert(message),
        false => v2_tables().remove(&message),
    };
}

/// Whether the table `message` is V2 and `spec` cannot be shown on it (it goes as an embed).
pub(crate) fn stuck(
    message: MessageId,
    layout: vliv_service::service::Layout,
    spec: &vliv_service::render::MessageSpec,
) -> bool {
    !chosen(layout, spec) && v2_tables().contains(&message)
}
