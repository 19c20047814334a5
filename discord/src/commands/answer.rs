//! How a command's answer is shown to its author: a hand panel, a page, a file or a text,
//! in their language, for them only.

use super::*;
use crate::ids::Ours;

/// An answer in the author's language, for them only.
pub(super) async fn render(ctx: Context<'_>, lang: Lang, answer: Answer) -> Result<(), Stop> {
    match answer {
        Answer::Hands(seats) => {
            let Some((rec, _)) = seats.first() else {
                return Ok(());
            };
            let user = ctx.author().id.ours();
            let view = crate::tables::hand_view(&ctx.data().service, rec, user, lang).await?;
            let layout = view.layout;
            let target = vliv_service::render::drawing::Target::Direct(rec.id, user);
            let spec = view.drawn(target, vliv_service::render::HAND_FILE).await;
            match ctx {
                // The deferred reply becomes the panel (V2 goes through its Edit Original).
                poise::Context::Application(a) if crate::layout_v2::chosen(layout, &spec) => {
                    let token = &a.interaction.token;
                    crate::layout_v2::panel::open(ctx.http(), token, &spec, true).await?;
                }
                _ => {
                    ctx.send(crate::convert::reply(&spec)).await?;
                }
            }
        }
        Answer::ConfirmLeave(game) => {
            let action = ComponentAction::ConfirmLeave(game);
            let q = "err-confirm-forfeit";
            game::lobby::confirm(ctx, lang, q, action, "button-confirm-leave").await?;
        }
        Answer::ConfirmAbandon(game) => {
            let action = ComponentAction::ConfirmAbandon(game);
            let q = "confirm-abandon";
            game::lobby::confirm(ctx, lang, q, action, "button-confirm-abandon").await?;
        }
        Answer::History(page) => {
            let spec = vliv_service::render::history_message(&page, lang);
            ctx.send(crate::convert::reply(&spec)).await?;
        }
        Answer::Log { game, lines } => {
            let text = game::log_text(&game, &lines, lang);
            ctx.send(
                poise::CreateReply::default()
                    .content(crate::markup::discord(&text))
                    .ephemeral(true),
            )
            .await?;
        }
        Answer::Hint(hint) => game::send_hint(ctx, lang, &hint).await?,
        Answer::Review(job) => game::send_review(ctx, lang, *job).await?,
        Answer::WebLink { game, url } => {
            let note = vliv_service::app::web_link_note(&game, ctx.author().id.ours(), &url);
            // The link opens the author's hand: for their eyes only.
            say(ctx, lang, &note).await?;
        }
        Answer::Games(games) => {
            let text = game::game_lines(&games, lang);
            ctx.send(
                poise::CreateReply::default()
                    .content(crate::markup::discord(&text))
                    .ephemeral(true),
            )
            .await?;
        }
        Answer::Rules {
            name,
            seats: (min, max),
            summary,
        } => {
            let say = |t: &Text| tr(lang, t, &|s| lang.seat_name(s));
            let text = format!("**{}** ({min}–{max})\n{}", say(&name), say(&summary));
            ctx.send(
                poise::CreateReply::default()
                    .content(crate::markup::discord(&clip(&text, limits::CONTENT)))
                    .ephemeral(true),
            )
            .await?;
        }
        Answer::Replay(step) => {
            let spec = vliv_service::render::replay_message(&step, lang);
            ctx.send(crate::convert::reply(&spec)).await?;
        }
        Answer::Export(exported) => {
            let json = serde_json::to_vec_pretty(&exported).map_err(|e| Stop::Failed(e.into()))?;
            let id = exported.id;
            let file = serenity::CreateAttachment::bytes(json, format!("vliv-game-{id}.json"));
            let line = tr(lang, &Text::new("export-ready").arg("id", id), &|s| {
                lang.seat_name(s)
            });
            ctx.send(
                poise::CreateReply::default()
                    .content(crate::markup::discord(&line))
                    .attachment(file)
                    .ephemeral(true),
            )
            .await?;
        }
        Answer::MySettings { settings, time } => {
            // Read after the change: a new language answers in itself.
            let lang = user_lang(ctx).await;
            let text = settings::shown(&settings, time.as_deref(), lang);
            ctx.send(
                poise::CreateReply::default()
                    .content(crate::markup::discord(&text))
                    .ephemeral(true),
            )
            .await?;
        }
        Answer::GamePreferences { game, prefs } => {
            let text = settings::preferences_shown(game, &prefs, lang);
            ctx.send(
                poise::CreateReply::default()
                    .content(crate::markup::discord(&text))
                    .ephemeral(true),
            )
            .await?;
        }
        Answer::Stats(stats) => {
            let spec = vliv_service::render::stats_message(&stats, lang);
            ctx.send(crate::convert::reply(&spec)).await?;
        }
        Answer::Leaderboard(board) => {
            let guild = ctx
                .guild_id()
                .map(Ours::ours)
                .unwrap_or(vliv_service::service::NO_SERVER);
            let spec = vliv_service::render::leaderboard_message(&board, guild, lang);
            ctx.send(crate::convert::reply(&spec)).await?;
        }
        other => say(ctx, lang, &requests::answer_text(&other)).await?,
    }
    Ok(())
}
