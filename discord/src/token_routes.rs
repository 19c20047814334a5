//! The routes an interaction's token reaches (its webhook: the original response and its
//! follow-ups), for the requests the bot sends as raw JSON rather than through serenity's
//! builders (`unread`, `layout_v2`). Each is `None` before serenity knows the application's
//! id; [`unknown_application`] is the error to give then.

use crate::ids::Theirs;
use poise::serenity_prelude as serenity;
use serenity::http::{HttpError, Route};
use vliv_service::service::MessageId;

pub fn unknown_application() -> serenity::Error {
    serenity::Error::Http(HttpError::ApplicationIdMissing)
}

/// The original response of the interaction behind `token`.
pub fn original<'a>(http: &serenity::Http, token: &'a str) -> Option<Route<'a>> {
    Some(Route::WebhookOriginalInteractionResponse {
        application_id: http.application_id()?,
        token,
    })
}

/// New follow-ups of the interaction behind `token`.
pub fn followups<'a>(http: &serenity::Http, token: &'a str) -> Option<Route<'a>> {
    Some(Route::WebhookFollowupMessages {
        application_id: http.application_id()?,
        token,
    })
}

/// The follow-up `message` posted through `token`.
pub fn followup<'a>(
    http: &serenity::Http,
    token: &'a str,
    message: MessageId,
) -> Option<Route<'a>> {
    Some(Route::WebhookMessage {
        webhook_id: serenity::WebhookId::new(http.application_id()?.get()),
        token,
        message_id: message.theirs(),
    })
}
