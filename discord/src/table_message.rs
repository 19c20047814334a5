//! The table message itself: posted as a public follow-up of a fresh interaction where one
//! exists, then edited and deleted through that follow-up's token (outside the global
//! limit) while it lives, else through the channel.

use poise::serenity_prelude::{self as serenity, Builder as _};

use super::{
    budget::{self, Class},
    convert, no_pictures, place,
    unread::{self, Files},
    Error,
};
use vliv_service::{render::MessageSpec, service::GameRecord};

/// Why a conversation's table or note was not posted: no interaction token there works.
pub const NO_TOKEN: &str = "no live interaction token in this conversation";

/// Edits the table through the follow-up token that posted it while that works (exempt),
/// else in the channel; `keep_files` leaves the picture the message carries.
pub async fn edit_table(
    http: &serenity::Http,
    rec: &GameRecord,
    mid: u64,
    spec: &MessageSpec,
    keep_files: bool,
) -> serenity::Result<()> {
    let message = serenity::MessageId::new(mid);
    if let (Some(t), Some(app)) = (budget::table_token(rec.id, mid), http.application_id()) {
        budget::spend(Class::Exempt).await;
        let edited = match (keep_files, &spec.picture) {
            (true, _) => unread::edit_followup(http, &t.token, mid, spec, Files::Keep).await,
            (false, None) => unread::edit_followup(http, &t.token, mid, spec, Files::Remove).await,
            (false, Some(_)) => {
                let webhook = serenity::WebhookId::new(app.get());
                let token = t.token.as_str();
                (convert::edit_webhook(spec).execute(http, (webhook, token, message)))
                    .await
                    .map(drop)
            }
        };
        match edited {
            Ok(()) => return Ok(()),
            Err(e) => {
                tracing::info!(game = rec.id, error = %e, "table edit by its token refused");
                budget::table_token_lost(rec.id);
            }
        }
    }
    if place::in_conversation(rec) {
        // The bot's own token reaches no message there: the table is posted again through
        // a fresh interaction.
        return Err(serenity::Error::Other("no live token edits this table"));
    }
    let edit = match keep_files {
        true => convert::edit_message_keeping_files(spec),
        false => convert::edit_message(spec),
    };
    budget::spend(Class::Channel).await;
    let edited = serenity::ChannelId::new(rec.channel)
        .edit_message(http, message, edit)
        .await
        .map(drop);
    match edited {
        // No Attach Files here: the table goes on as text.
        Err(e) if no_pictures::refused_picture(spec, &e) => {
            let text = no_pictures::text_only(spec);
            budget::spend(Class::Channel).await;
            serenity::ChannelId::new(rec.channel)
                .edit_message(http, message, convert::edit_message(&text))
                .await?;
            no_pictures::fell_back(http, rec).await;
            Ok(())
        }
        other => other,
    }
}

/// Posts the table as a public follow-up of an interaction of the game that just arrived
/// (its token then edits it, outside the global limit), else as a channel message.
pub async fn post_table(
    http: &serenity::Http,
    rec: &GameRecord,
    spec: &MessageSpec,
) -> Result<u64, Error> {
    if let Some(t) = budget::young(rec.id, rec.channel) {
        budget::spend(Class::Exempt).await;
        let followup = convert::public_followup(spec);
        match followup.execute(http, (None, t.token.as_str())).await {
            Ok(m) => {
                budget::table_posted(rec.id, m.id.get(), t);
                return Ok(m.id.get());
            }
            Err(e) => {
                tracing::info!(game = rec.id, error = %e, "table follow-up refused");
                budget::token_lost(rec.id, &t.token);
            }
        }
    }
    if place::in_conversation(rec) {
        return Err(NO_TOKEN.into());
    }
    budget::spend(Class::Channel).await;
    let channel = serenity::ChannelId::new(rec.channel);
    let posted = match channel
        .send_message(http, convert::create_message(spec))
        .await
    {
        // No Attach Files here: the table goes as text.
        Err(e) if no_pictures::refused_picture(spec, &e) => {
            let text = no_pictures::text_only(spec);
            budget::spend(Class::Channel).await;
            let posted = channel
                .send_message(http, convert::create_message(&text))
                .await?;
            no_pictures::fell_back(http, rec).await;
            posted
        }
        other => other?,
    };
    Ok(posted.id.get())
}

/// Deletes a table message, through the token that posted it while that works (exempt).
pub async fn delete_table(http: &serenity::Http, rec: &GameRecord, mid: u64) {
    let message = serenity::MessageId::new(mid);
    if let Some(t) = budget::table_token(rec.id, mid) {
        budget::spend(Class::Exempt).await;
        if http
            .delete_followup_message(&t.token, message)
            .await
            .is_ok()
        {
            return;
        }
    }
    if place::in_conversation(rec) {
        // Out of the token's reach it stays: the bot's own token reaches nothing there.
        return;
    }
    budget::spend(Class::Channel).await;
    let _ = serenity::ChannelId::new(rec.channel)
        .delete_message(http, message)
        .await;
}
