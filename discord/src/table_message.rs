//! The table message itself: posted as a public follow-up of a fresh interaction where one
//! exists, then edited and deleted through that follow-up's token (outside the global
//! limit) while it lives, else through the channel.

use crate::ids::{Ours, Theirs};
use poise::serenity_prelude::{self as serenity, Builder as _};
use vliv_service::service::MessageId;

use super::{
    budget::{self, Class},
    convert, layout_v2, no_pictures, place,
    unread::{self, Files},
    Error,
};
use vliv_service::{
    render::MessageSpec,
    service::{GameRecord, Layout},
};

/// Why a conversation's table or note was not posted: no interaction token there works.
pub const NO_TOKEN: &str = "no live interaction token in this conversation";

/// Edits the table through the follow-up token that posted it while that works (exempt),
/// else in the channel; `keep_files` leaves the picture the message carries.
pub async fn edit_table(
    http: &serenity::Http,
    rec: &GameRecord,
    mid: MessageId,
    (spec, layout): (&MessageSpec, Layout),
    keep_files: bool,
) -> serenity::Result<()> {
    let v2 = layout_v2::chosen(layout, spec);
    if layout_v2::stuck(mid, layout, spec) {
        return Err(serenity::Error::Other("a V2 table cannot show an embed"));
    }
    let edited = edit_as(http, rec, mid, spec, keep_files, v2).await;
    if edited.is_ok() {
        layout_v2::table_shown(mid, v2);
    }
    edited
}

/// [`edit_table`] in the layout chosen (`v2`).
async fn edit_as(
    http: &serenity::Http,
    rec: &GameRecord,
    mid: MessageId,
    spec: &MessageSpec,
    keep_files: bool,
    v2: bool,
) -> serenity::Result<()> {
    let message = mid.theirs();
    let files = match keep_files {
        true => Files::Keep,
        false => Files::Remove,
    };
    if let (Some(t), Some(app)) = (budget::table_token(rec.id, mid), http.application_id()) {
        budget::spend(Class::Exempt).await;
        let edited = match (keep_files, &spec.picture) {
            _ if v2 => layout_v2::edit_followup(http, &t.token, mid, spec, files).await,
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
    budget::spend(Class::Channel).await;
    let edited = match (v2, keep_files) {
        (true, _) => layout_v2::edit_in_channel(http, rec.channel, mid, spec, files).await,
        (false, true) => {
            channel_edit(
                http,
                rec,
                message,
                convert::edit_message_keeping_files(spec),
            )
            .await
        }
        (false, false) => channel_edit(http, rec, message, convert::edit_message(spec)).await,
    };
    match edited {
        // No Attach Files here: the table goes on as text.
        Err(e) if no_pictures::refused_picture(spec, &e) => {
            let text = no_pictures::text_only(spec);
            budget::spend(Class::Channel).await;
            match v2 {
                true => {
                    layout_v2::edit_in_channel(http, rec.channel, mid, &text, Files::Remove).await?
                }
                false => channel_edit(http, rec, message, convert::edit_message(&text)).await?,
            }
            no_pictures::fell_back(http, rec).await;
            Ok(())
        }
        other => other,
    }
}

async fn channel_edit(
    http: &serenity::Http,
    rec: &GameRecord,
    message: serenity::MessageId,
    edit: serenity::EditMessage,
) -> serenity::Result<()> {
    rec.channel
        .theirs()
        .edit_message(http, message, edit)
        .await
        .map(drop)
}

/// Posts the table as a public follow-up of an interaction of the game that just arrived
/// (its token then edits it, outside the global limit), else as a channel message.
pub async fn post_table(
    http: &serenity::Http,
    rec: &GameRecord,
    (spec, layout): (&MessageSpec, Layout),
) -> Result<MessageId, Error> {
    let v2 = layout_v2::chosen(layout, spec);
    if let Some(t) = budget::young(rec.id, rec.channel) {
        budget::spend(Class::Exempt).await;
        let posted = match v2 {
            true => layout_v2::post_followup(http, &t.token, spec).await,
            false => {
                let followup = convert::public_followup(spec);
                followup.execute(http, (None, t.token.as_str())).await
            }
        };
        match posted {
            Ok(m) => {
                budget::table_posted(rec.id, m.id.ours(), t);
                layout_v2::table_shown(m.id.ours(), v2);
                return Ok(m.id.ours());
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
    let channel = rec.channel.theirs();
    let send = |spec: &MessageSpec| {
        let spec = spec.clone();
        async move {
            match v2 {
                true => layout_v2::post_in_channel(http, rec.channel, &spec).await,
                false => {
                    channel
                        .send_message(http, convert::create_message(&spec))
                        .await
                }
            }
        }
    };
    let posted = match send(spec).await {
        // No Attach Files here: the table goes as text.
        Err(e) if no_pictures::refused_picture(spec, &e) => {
            let text = no_pictures::text_only(spec);
            budget::spend(Class::Channel).await;
            let posted = send(&text).await?;
            no_pictures::fell_back(http, rec).await;
            posted
        }
        other => other?,
    };
    layout_v2::table_shown(posted.id.ours(), v2);
    Ok(posted.id.ours())
}

/// Deletes a table message, through the token that posted it while that works (exempt).
pub async fn delete_table(http: &serenity::Http, rec: &GameRecord, mid: MessageId) {
    let message = mid.theirs();
    layout_v2::table_shown(mid, false);
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
    let _ = rec.channel.theirs().delete_message(http, message).await;
}
