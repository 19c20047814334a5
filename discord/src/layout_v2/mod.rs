//! The table and a hand panel as one Components V2 message (issue 51 item 4): the same
//! views the embed layout shows (`convert.rs`), written as text displays, a media gallery
//! and action rows. A server chooses between this and the embed layout (its `/vliv-admin`
//! settings); other messages (notes, replays, DMs) keep the embed layout.

mod body;
mod send;

/// A text with the service's marks as Discord's markup, as a text display shows it.
pub use super::markup::discord as written;
pub use body::{body, fits, IS_COMPONENTS_V2, MAX_COMPONENTS, MAX_TEXT};
pub(crate) use send::{
    edit_followup, edit_in_channel, edit_original, post_followup, post_in_channel,
};

/// The embed layout's body of `spec`, what goes where V2 cannot hold the message whole (for
/// the tests that pass both through the loopback Discord's validator).
pub fn legacy_body(spec: &vliv_service::render::MessageSpec) -> serde_json::Value {
    serde_json::to_value(super::convert::create_message(spec)).unwrap_or_default()
}
