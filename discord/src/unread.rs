//! Edits whose answer the bot never reads: a panel's or a table's text edited in place.
//! Serenity's builders parse Discord's answer into a `Message` that the caller drops; here
//! the same request goes through `Http::fire` (serenity's rate limiter included) and the
//! answer is read and skipped (issue 22: that parse was a share of the bot's CPU per move).
//! Edits that add a file still go through serenity's builders (multipart): a spec's picture
//! is never sent from here.

use crate::limits;
use poise::serenity_prelude as serenity;
use serde::{de::IgnoredAny, Serialize};
use serenity::http::{LightMethod, Request, Route};
use vliv_service::service::MessageId;

use super::{convert, token_routes};
use vliv_service::render::MessageSpec;

/// What a text edit does with the files its message carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Files {
    /// Left as they are (the picture follows in an edit of its own, or stays).
    Keep,
    /// Removed (the message no longer has a picture).
    Remove,
}

/// Edits the original response of the interaction behind `token` (a panel) to `spec`'s
/// text and components.
pub async fn edit_original(
    http: &serenity::Http,
    token: &str,
    spec: &MessageSpec,
    files: Files,
) -> serenity::Result<()> {
    let route =
        token_routes::original(http, token).ok_or_else(token_routes::unknown_application)?;
    let edit = convert::edit_response_keeping_files(spec);
    let edit = match files {
        Files::Keep => edit,
        Files::Remove => edit.clear_attachments(),
    };
    patch(http, route, spec, &edit).await
}

/// Edits the follow-up `message` posted through `token` (a table) to `spec`'s text and
/// components.
pub async fn edit_followup(
    http: &serenity::Http,
    token: &str,
    message: MessageId,
    spec: &MessageSpec,
    files: Files,
) -> serenity::Result<()> {
    let route = token_routes::followup(http, token, message)
        .ok_or_else(token_routes::unknown_application)?;
    let edit = convert::edit_webhook_keeping_files(spec);
    let edit = match files {
        Files::Keep => edit,
        Files::Remove => edit.clear_attachments(),
    };
    patch(http, route, spec, &edit).await
}

async fn patch(
    http: &serenity::Http,
    route: Route<'_>,
    spec: &MessageSpec,
    body: &impl Serialize,
) -> serenity::Result<()> {
    // The check serenity's builders make before sending (the render clips to it).
    let chars = spec.content.chars().count();
    if chars > limits::CONTENT {
        return Err(serenity::Error::Model(
            serenity::ModelError::MessageTooLong(chars - limits::CONTENT),
        ));
    }
    let request = Request::new(route, LightMethod::Patch).body(Some(serde_json::to_vec(body)?));
    http.fire::<IgnoredAny>(request).await.map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Serenity's builders refuse an over-long content before sending; so does this path
    /// (nothing reaches Discord that it would reject with a 400).
    #[tokio::test]
    async fn an_over_long_edit_is_refused_before_it_is_sent() {
        let http = serenity::Http::new("token");
        http.set_application_id(serenity::ApplicationId::new(1));
        let spec = MessageSpec {
            content: "x".repeat(limits::CONTENT + 1),
            ..MessageSpec::default()
        };
        let refused = edit_original(&http, "t", &spec, Files::Keep).await;
        assert!(
            matches!(
                refused,
                Err(serenity::Error::Model(
                    serenity::ModelError::MessageTooLong(1)
                ))
            ),
            "{refused:?}"
        );
        let refused = edit_followup(&http, "t", MessageId(2), &spec, Files::Remove).await;
        assert!(matches!(
            refused,
            Err(serenity::Error::Model(
                serenity::ModelError::MessageTooLong(1)
            ))
        ));
    }
}
