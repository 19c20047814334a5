//! `/game substitute`: a seated player (or an admin) hands a seat to another member.

use poise::serenity_prelude as serenity;
use vliv_engine::{Seat, Text};

use super::{
    super::{answer, caller, say, shown, Context, Error},
    here,
    table::hand_spec,
};
use crate::{
    discord::{convert, dm, lang, publish},
    i18n::tr,
    render::{clip, limits},
    service::{HandOver, Service, ServiceError},
};

/// Hand your seat (or, as an admin, any seat) to another member
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "náhradník"),
    description_localized(
        "cs",
        "Předat své místo (nebo jako správce kterékoli místo) jinému členovi"
    )
)]
pub(super) async fn substitute(
    ctx: Context<'_>,
    #[description = "Who plays the seat from now on"]
    #[name_localized("cs", "hráč")]
    #[description_localized("cs", "Kdo bude místo od této chvíle hrát")]
    player: serenity::User,
    #[description = "Which seat (admins; default: your own)"]
    #[name_localized("cs", "místo")]
    #[description_localized("cs", "Které místo (správci; výchozí je vaše)")]
    #[min = 1]
    #[max = 7]
    seat: Option<i64>,
) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let who = caller(ctx).await;
        let seat = match seat {
            None => None,
            Some(n) => {
                Some(Seat::try_from(n - 1).map_err(|_| ServiceError::NoSuchSeat(n.max(0) as u32))?)
            }
        };
        if player.bot {
            return Err(ServiceError::NotAPlayer.into());
        }
        let rec = here(ctx).await?;
        // No table, ping or turn DM of this game is half-sent while the seat changes hands:
        // one computed for the former holder would reach them after the hand-over.
        let _publishing = publish::publishing(rec.id).await;
        let done = service
            .substitute(rec.id, who, seat, player.id.get())
            .await?;
        shown(publish_hand_over(ctx.http(), service, &done).await)?;
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}

/// The channel is told, the table names the new player, and the new player gets the
/// seat's hand in a DM (or presses "My hand" when DMs are closed). The former holder gets
/// nothing more: the service refuses their old buttons.
async fn publish_hand_over(
    http: &serenity::Http,
    service: &Service,
    done: &HandOver,
) -> Result<(), Error> {
    let rec = &done.game;
    let change = &done.change;
    let from = match change.from {
        Some(u) => format!("<@{u}>"),
        None => tr(rec.lang, &Text::new("history-seat-ai"), &|s| {
            rec.lang.seat_name(s)
        }),
    };
    let note = Text::new("seat-handed-over")
        .arg("name", rec.lang.seat_name(change.seat))
        .arg("from", from)
        .arg("to", format!("<@{}>", change.to));
    publish::say_in_channel(http, rec, &note).await?;
    publish::refresh_table_held(http, service, rec.id, false).await?;
    let lang = lang::for_user(service, change.to, None, Some(rec.guild)).await;
    let mut spec = hand_spec(service, rec, change.to, lang).await?;
    let header = Text::new("dm-seat-handed")
        .arg("name", lang.seat_name(change.seat))
        .arg("link", publish::table_link(rec));
    let header = tr(lang, &header, &|s| lang.seat_name(s));
    spec.content = clip(&format!("{header}\n{}", spec.content), limits::CONTENT);
    let sent = dm::send(http, service, change.to, convert::create_message(&spec)).await;
    if let Err(e) = sent {
        // The channel note names them; "My hand" on the table shows the hand.
        tracing::info!(game = rec.id, guild = rec.guild, error = %e, "the new player's DM failed");
    }
    Ok(())
}
