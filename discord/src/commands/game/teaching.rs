//! `/game hint` (the AI's three best choices of your decision, only you see them) and
//! `/game review` (an ended game's decisions against the AI's best, only you see it).

use crate::limits;
use poise::serenity_prelude as serenity;
use vliv_engine::{Lang, Text};

use super::super::{run, say, Context, Error, Stop};
use vliv_service::{
    app::{Request, Target},
    i18n::msg,
    render::{hint_lines, pages, review_delivery, review_head, review_lines, ReviewDelivery},
    service::{Hint, ReviewJob},
};

/// The most messages a review is sent in; a longer one comes as a text file.
const REVIEW_MESSAGES: usize = 3;

/// What the AI would choose on your turn (only you see it; the game is then not rated)
#[poise::command(
    slash_command,
    name_localized("cs", "rada"),
    // A hint searches for up to a second.
    user_cooldown = 5,
    description_localized(
        "cs",
        "Co by na vašem tahu zvolila AI (vidíte jen vy; hra se pak nehodnotí)"
    )
)]
pub(super) async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Hint).await
}

/// How each decision of an ended game compares with the AI's best (only you see it)
#[poise::command(
    slash_command,
    name_localized("cs", "rozbor"),
    // A review searches every decision of the game.
    user_cooldown = 30,
    description_localized(
        "cs",
        "Jak si každé rozhodnutí dohrané hry stojí proti nejlepší volbě AI (vidíte jen vy)"
    )
)]
pub(super) async fn review(
    ctx: Context<'_>,
    #[description = "The game's number (see history); the channel's latest game if empty"]
    #[name_localized("cs", "číslo")]
    #[description_localized("cs", "Číslo hry (viz historie); bez něj poslední hra kanálu")]
    id: Option<i64>,
    #[description = "The seat to review, from 1 (yours if empty)"]
    #[name_localized("cs", "místo")]
    #[description_localized("cs", "Rozebírané místo, od 1 (bez něj vaše)")]
    seat: Option<i64>,
) -> Result<(), Error> {
    let game = id.map_or(Target::Here, Target::Game);
    run(ctx, Request::Review { game, seat }).await
}

/// The hint, for the asker only.
pub(crate) async fn send_hint(ctx: Context<'_>, lang: Lang, hint: &Hint) -> Result<(), Stop> {
    let lines = hint_lines(&hint.game, &hint.choices, lang);
    for page in pages(&lines, limits::CONTENT) {
        ctx.send(
            poise::CreateReply::default()
                .content(crate::markup::discord(&page))
                .ephemeral(true),
        )
        .await?;
    }
    Ok(())
}

/// The review, for the asker only: "queued" first when it waits for a slot, then the
/// review in a few messages of whole lines, or, longer, its turning points with the whole
/// review as a text file.
pub(crate) async fn send_review(ctx: Context<'_>, lang: Lang, job: ReviewJob) -> Result<(), Stop> {
    if job.queued {
        say(ctx, lang, &Text::new("review-queued")).await?;
    }
    let (game, seat) = (job.game.clone(), job.seat);
    let review = job.finish().await?;
    let lines = review_lines(&game, seat, &review, lang);
    let note = msg(lang, "review-file");
    let head = review_head(&review);
    match review_delivery(&lines, head, note, limits::CONTENT, REVIEW_MESSAGES) {
        ReviewDelivery::Messages(messages) => {
            for page in messages {
                ctx.send(
                    poise::CreateReply::default()
                        .content(crate::markup::discord(&page))
                        .ephemeral(true),
                )
                .await?;
            }
        }
        ReviewDelivery::File { summary, text } => {
            let file = serenity::CreateAttachment::bytes(
                crate::markup::discord(&text).into_bytes(),
                format!("vliv-review-{}-{}.txt", game.id, seat + 1),
            );
            ctx.send(
                poise::CreateReply::default()
                    .content(crate::markup::discord(&summary))
                    .attachment(file)
                    .ephemeral(true),
            )
            .await?;
        }
    }
    Ok(())
}
