//! `/game substitute`: a seated player (or an admin) hands a seat to another member.

use poise::serenity_prelude as serenity;
use vliv_engine::{Seat, Text};

use super::{
    super::{answer, caller, say, shown, Context, Error},
    here,
};
use crate::{
    discord::{hand_over, publish},
    service::ServiceError,
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
        shown(hand_over::publish(ctx.http(), service, &done).await)?;
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}
