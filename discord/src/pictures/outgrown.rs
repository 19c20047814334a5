//! A V2 hand panel whose next view outgrew Components V2 (`layout_v2::panel`): the view
//! goes whole on a new ephemeral embed panel, a follow-up of the same token, and the old
//! panel says where the hand went and offers no more choices.

use poise::serenity_prelude as serenity;
use vliv_engine::Text;
use vliv_service::service::UserId;

use super::{
    super::{
        budget::{self, Class},
        layout_v2::panel::{self as v2_panel, At},
        unread::Files,
    },
    key, opened, panels, View,
};
use vliv_service::{
    i18n::tr,
    render::{drawing, HAND_FILE},
    service::GameId,
};

/// Posts `view` (made from the game record's `version`, keyed `sent`) as a new panel
/// replacing the V2 panel `message` at `at` of `token`; the new panel's message. Its
/// picture is drawn first: this happens a few times a game at most.
pub(super) async fn replace(
    http: &serenity::Http,
    (token, at): (&str, At),
    (game, user, message): (GameId, UserId, u64),
    (version, sent): (i64, u64),
    view: View,
) -> serenity::Result<u64> {
    let lang = view.lang;
    let shown = view.picture.as_ref().map(|(s, l)| key(s, *l));
    let spec = view
        .drawn(drawing::Target::Panel(game, user), HAND_FILE)
        .await;
    let shown = shown.filter(|_| spec.picture.is_some());
    budget::spend(Class::Exempt).await;
    let posted = v2_panel::post_embed(http, token, &spec).await?.id.get();
    opened(posted, game, (version, sent), false);
    if let Some(p) = panels().get_mut(&posted) {
        p.shown = shown;
    }
    let text = tr(lang, &Text::new("panel-moved"), &|s| lang.seat_name(s));
    let notice = v2_panel::outgrown_notice(text);
    budget::spend(Class::Exempt).await;
    if let Err(e) = v2_panel::edit(http, token, at, &notice, (Files::Remove, true)).await {
        // The new panel shows the hand; the old one keeps its stale choices, refused if
        // clicked.
        tracing::info!(game, message, error = %e, "an outgrown panel not marked");
    }
    Ok(posted)
}
