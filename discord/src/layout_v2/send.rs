//! Components V2 bodies sent through serenity's `Http` as raw JSON (serenity 0.12.5's
//! builders know no V2 component): posts and edits of the table and of hand panels, with
//! the picture as a file the media gallery names by `attachment://`.

use crate::ids::Theirs;
use poise::serenity_prelude as serenity;
use serde::de::IgnoredAny;
use serde_json::{json, Value};
use serenity::http::{LightMethod, Multipart, MultipartUpload, Request, Route};
use vliv_service::service::{ChannelId, MessageId};

use super::{super::token_routes, super::unread::Files, body::body};
use vliv_service::render::{MessageSpec, PictureSpec};

/// A new public follow-up (a table) through `token`.
pub async fn post_followup(
    http: &serenity::Http,
    token: &str,
    spec: &MessageSpec,
) -> serenity::Result<serenity::Message> {
    let route =
        token_routes::followups(http, token).ok_or_else(token_routes::unknown_application)?;
    post(http, route, spec).await
}

/// A new channel message (a table where no interaction's token reaches).
pub async fn post_in_channel(
    http: &serenity::Http,
    channel: ChannelId,
    spec: &MessageSpec,
) -> serenity::Result<serenity::Message> {
    let route = Route::ChannelMessages {
        channel_id: channel.theirs(),
    };
    post(http, route, spec).await
}

/// Edits the follow-up `message` posted through `token` (a table).
pub async fn edit_followup(
    http: &serenity::Http,
    token: &str,
    message: MessageId,
    spec: &MessageSpec,
    files: Files,
) -> serenity::Result<()> {
    let route = token_routes::followup(http, token, message)
        .ok_or_else(token_routes::unknown_application)?;
    edit(http, route, spec, files).await
}

/// Edits a channel message (a table no live token reaches).
pub async fn edit_in_channel(
    http: &serenity::Http,
    channel: ChannelId,
    message: MessageId,
    spec: &MessageSpec,
    files: Files,
) -> serenity::Result<()> {
    let route = Route::ChannelMessage {
        channel_id: channel.theirs(),
        message_id: message.theirs(),
    };
    edit(http, route, spec, files).await
}

/// Edits the original response of the interaction behind `token` (a hand panel: the one
/// it opened, or the one it was clicked on).
pub async fn edit_original(
    http: &serenity::Http,
    token: &str,
    spec: &MessageSpec,
    files: Files,
) -> serenity::Result<()> {
    let route =
        token_routes::original(http, token).ok_or_else(token_routes::unknown_application)?;
    edit(http, route, spec, files).await
}

/// A deferred reply's placeholder filled with `spec` (a new hand panel, ephemeral as the
/// deferral made it): Discord makes a deferred response a V2 message through "Edit
/// Original Interaction Response" only, never the follow-up that would fill it.
pub async fn open_original(
    http: &serenity::Http,
    token: &str,
    spec: &MessageSpec,
) -> serenity::Result<serenity::Message> {
    let route =
        token_routes::original(http, token).ok_or_else(token_routes::unknown_application)?;
    http.fire(edit_request(route, spec, Files::Remove)?).await
}

/// A new public V2 message of `spec` at `route`.
async fn post(
    http: &serenity::Http,
    route: Route<'_>,
    spec: &MessageSpec,
) -> serenity::Result<serenity::Message> {
    let request = with_files(
        Request::new(route, LightMethod::Post),
        body(spec, false),
        spec,
    )?;
    http.fire(request).await
}

/// An edit: the spec's picture replaces the message's files; without one the files stay
/// (`Files::Keep`) or go. A legacy message's content and embed are emptied, as Discord
/// requires of an edit that sets the flag (the message resource's "Edit Message").
async fn edit(
    http: &serenity::Http,
    route: Route<'_>,
    spec: &MessageSpec,
    files: Files,
) -> serenity::Result<()> {
    let request = edit_request(route, spec, files)?;
    // The answer is read and skipped (`unread.rs`: parsing it cost CPU per move).
    http.fire::<IgnoredAny>(request).await.map(drop)
}

fn edit_request<'a>(
    route: Route<'a>,
    spec: &MessageSpec,
    files: Files,
) -> Result<Request<'a>, serde_json::Error> {
    // An edit sets no flag but the V2 one: Discord's "Edit Message" takes `SUPPRESS_EMBEDS`
    // and `IS_COMPONENTS_V2` only (an ephemeral panel stays ephemeral).
    let mut body = body(spec, false);
    body["content"] = Value::Null;
    body["embeds"] = json!([]);
    match (&spec.picture, files) {
        (Some(p), _) => body["attachments"] = json!([{ "id": 0, "filename": p.filename }]),
        (None, Files::Remove) => body["attachments"] = json!([]),
        (None, Files::Keep) => {}
    }
    with_files(Request::new(route, LightMethod::Patch), body, spec)
}

/// `request` with `body`, as multipart with the spec's picture when it has one.
fn with_files<'a>(
    request: Request<'a>,
    body: Value,
    spec: &MessageSpec,
) -> Result<Request<'a>, serde_json::Error> {
    Ok(match &spec.picture {
        None => request.body(Some(serde_json::to_vec(&body)?)),
        Some(p) => request.multipart(Some(Multipart {
            upload: MultipartUpload::Attachments(vec![attachment(p)]),
            fields: Vec::new(),
            payload_json: Some(serde_json::to_string(&body)?),
        })),
    })
}

fn attachment(p: &PictureSpec) -> serenity::CreateAttachment {
    serenity::CreateAttachment::bytes(p.png.clone(), p.filename.clone())
}
