//! A hand panel in the layout it was posted in. A new panel is Components V2 when the
//! game's server chose V2 and the view fits one V2 message whole; an embed panel stays an
//! embed (a DM's hand, a panel posted before the server switched), since a panel's layout
//! changing under a player's eyes at a click helps nobody. A V2 panel whose next view
//! outgrows V2's 4,000 characters (a long hand of Louis XIV or Ruse and Bruise, a learning
//! player's explanations) cannot become an embed (Discord keeps the flag) and its hand may
//! not lose a line: it is replaced by a new embed panel, and the old one says where the
//! hand went.

use poise::serenity_prelude::{self as serenity, Builder as _};

use super::{
    super::{
        convert,
        unread::{self, Files},
    },
    body::fits,
    send,
};
use vliv_service::render::MessageSpec;
use vliv_service::service::MessageId;

/// Where a panel is reached through the token that edits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The interaction's `@original`: the panel it opened, or the one it was clicked on.
    Original,
    /// A follow-up of the interaction (a panel that replaced an outgrown one).
    Followup(u64),
}

/// How the next view of a panel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelLayout {
    Embed,
    V2,
    /// A V2 panel the view outgrew: a new embed panel replaces it.
    Outgrown,
}

/// How `spec` goes on a panel that is V2 (`v2`) or an embed.
pub fn panel_layout(v2: bool, spec: &MessageSpec) -> PanelLayout {
    // Whether it fits as V2 is asked only of a V2 panel: laying a panel out costs a turn
    // in the embed layout ~2 % of the bot's CPU for nothing.
    if !v2 {
        PanelLayout::Embed
    } else if fits(spec) {
        PanelLayout::V2
    } else {
        PanelLayout::Outgrown
    }
}

/// Whether a hand panel Discord sent in an interaction is V2: serenity 0.12.5 drops the
/// flag it does not know and skips every top-level component but action rows, but a V2
/// message has no embed and a panel in the embed layout always has one (its title).
pub fn is_v2(message: &serenity::Message) -> bool {
    message.embeds.is_empty()
}

/// Edits the panel at `at` through `token` to `spec` as V2 (`v2`) or an embed. The spec's
/// picture replaces the panel's; without one its files stay or go (`files`).
pub async fn edit(
    http: &serenity::Http,
    token: &str,
    at: At,
    spec: &MessageSpec,
    (files, v2): (Files, bool),
) -> serenity::Result<()> {
    let app = http.application_id().ok_or(serenity::Error::Http(
        serenity::HttpError::ApplicationIdMissing,
    ))?;
    let webhook = serenity::WebhookId::new(app.get());
    match (v2, at, spec.picture.is_some()) {
        (true, At::Original, _) => send::edit_original(http, token, spec, files).await,
        (true, At::Followup(m), _) => {
            send::edit_followup(http, token, MessageId(m), spec, files).await
        }
        (false, At::Original, false) => unread::edit_original(http, token, spec, files).await,
        (false, At::Original, true) => (convert::edit_response(spec).execute(http, token))
            .await
            .map(drop),
        (false, At::Followup(m), false) => {
            unread::edit_followup(http, token, MessageId(m), spec, files).await
        }
        (false, At::Followup(m), true) => {
            let message = serenity::MessageId::new(m);
            (convert::edit_webhook(spec).execute(http, (webhook, token, message)))
                .await
                .map(drop)
        }
    }
}

/// A new panel in the placeholder of the deferred reply behind `token`: as V2 (`v2`)
/// through Edit Original (Discord's only way), else the embed follow-up that fills it.
pub async fn open(
    http: &serenity::Http,
    token: &str,
    spec: &MessageSpec,
    v2: bool,
) -> serenity::Result<serenity::Message> {
    match v2 {
        true => send::open_original(http, token, spec).await,
        false => convert::followup(spec).execute(http, (None, token)).await,
    }
}

/// A new ephemeral embed panel as a follow-up of `token`'s interaction (one that replaces
/// an outgrown V2 panel).
pub async fn post_embed(
    http: &serenity::Http,
    token: &str,
    spec: &MessageSpec,
) -> serenity::Result<serenity::Message> {
    convert::followup(spec).execute(http, (None, token)).await
}

/// What an outgrown V2 panel says once replaced: `text`, no buttons (its choices moved).
pub fn outgrown_notice(text: String) -> MessageSpec {
    MessageSpec {
        content: text,
        ..MessageSpec::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vliv_service::render::{EmbedSpec, FieldSpec};

    fn panel(chars: usize) -> MessageSpec {
        MessageSpec {
            embed: Some(EmbedSpec {
                title: "Hand".into(),
                fields: vec![FieldSpec {
                    name: "Cards".into(),
                    value: "x".repeat(chars),
                    inline: false,
                }],
                ..EmbedSpec::default()
            }),
            ..MessageSpec::default()
        }
    }

    /// A panel as Discord sends it in a click's `message`.
    fn clicked(embeds: serde_json::Value, components: serde_json::Value, flags: u64) -> bool {
        let message = serde_json::json!({
            "id": "10", "channel_id": "20", "content": "",
            "author": { "id": "30", "username": "vliv", "discriminator": "0", "avatar": null },
            "timestamp": "2026-01-01T12:00:00.000000+00:00", "edited_timestamp": null,
            "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": embeds, "components": components,
            "pinned": false, "type": 0, "flags": flags,
        });
        let message: serenity::Message =
            serde_json::from_value(message).expect("serenity reads the clicked panel");
        is_v2(&message)
    }

    #[test]
    fn a_clicked_panels_layout_is_read_from_the_message_serenity_parsed() {
        let row = serde_json::json!({ "type": 1, "components": [
            { "type": 2, "style": 1, "label": "Play", "custom_id": "x" }
        ] });
        let v2 = serde_json::json!([
            { "type": 10, "content": "### Hand" },
            { "type": 12, "items": [{ "media": { "url": "attachment://hand.png" } }] },
            row.clone(),
        ]);
        assert!(clicked(serde_json::json!([]), v2, (1 << 15) | (1 << 6)));
        // Serenity skips a top-level container or section whole: such a panel still parses.
        let contained = serde_json::json!([
            { "type": 17, "components": [
                { "type": 9, "components": [{ "type": 10, "content": "### Hand" }],
                  "accessory": { "type": 2, "style": 1, "label": "Go", "custom_id": "y" } },
                row.clone(),
            ] },
        ]);
        assert!(clicked(serde_json::json!([]), contained, 1 << 15));
        let embed = serde_json::json!([{ "title": "Hand" }]);
        assert!(!clicked(embed, serde_json::json!([row]), 1 << 6));
    }

    #[test]
    fn a_panel_keeps_its_layout_and_an_outgrown_v2_panel_is_replaced() {
        assert_eq!(panel_layout(true, &panel(3000)), PanelLayout::V2);
        assert_eq!(panel_layout(true, &panel(4500)), PanelLayout::Outgrown);
        // An embed panel stays one, long or short.
        assert_eq!(panel_layout(false, &panel(3000)), PanelLayout::Embed);
        assert_eq!(panel_layout(false, &panel(4500)), PanelLayout::Embed);
    }
}
