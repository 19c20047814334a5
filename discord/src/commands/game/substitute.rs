//! `/game substitute`: a seated player (or an admin) hands a seat to another member.

use crate::ids::Ours;
use poise::serenity_prelude as serenity;

use super::super::{answer, run, Context, Error, Stop};
use vliv_service::{app::Request, service::ServiceError};

/// Hand your seat (or, as an admin, any seat) to another member
#[poise::command(
    slash_command,
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
    if player.bot {
        // A bot plays no seat.
        return answer(ctx, |_| async {
            Err(Stop::Refused(ServiceError::NotAPlayer))
        })
        .await;
    }
    let request = Request::Substitute {
        to: player.id.ours(),
        seat,
    };
    run(ctx, request).await
}
