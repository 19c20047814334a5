//! `/game new`, `join`, `leave`, `add-ai`, `start`: a lobby until its game starts.

use poise::serenity_prelude as serenity;
use vliv_engine::{registry, GameKind, Level, Text};

use super::{
    super::{ai_level::AiLevel, answer, caller, parse_options, say, shown, Context, Error, Stop},
    game_ids, here, here_to_leave,
};
use crate::{
    discord::{budget, convert, publish},
    i18n::tr,
    render::{clip, limits, ButtonSpec, ButtonStyle, MessageSpec, RowSpec},
    service::{ComponentAction, GuildConfig, LobbyRequest, OpenLobby, SeatHolder, ServiceError},
};

/// Open a lobby for a game in this channel (or a new thread, if the server says so)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "nová"),
    description_localized("cs", "Otevřít lobby hry v tomto kanálu (nebo v novém vlákně)")
)]
pub(super) async fn new(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[name_localized("cs", "hra")]
    #[description_localized("cs", "Která hra")]
    #[autocomplete = "game_ids"]
    game: String,
    #[description = "Game options as key=value pairs"]
    #[name_localized("cs", "volby")]
    #[description_localized("cs", "Volby hry jako dvojice klíč=hodnota")]
    options: Option<String>,
) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let options = parse_options(options.as_deref().unwrap_or(""))?;
        let cfg = service.guild_config(guild).await?;
        let kind = registry::find(&game).ok_or_else(|| ServiceError::UnknownGame(game.clone()))?;
        let parent = ctx.channel_id();
        let host = ctx.author().id.get();
        // Everything that can refuse is checked before a thread exists: a refused
        // `/game new` leaves no thread behind.
        service
            .check_lobby(&LobbyRequest {
                guild,
                channel: parent.get(),
                kind: kind.id(),
                options: &options,
                host,
            })
            .await?;
        let channel = lobby_channel(ctx, &cfg, kind).await?;
        let opened = service
            .open(OpenLobby {
                guild,
                channel: channel.get(),
                parent: cfg.thread_mode.then_some(parent.get()),
                kind: game,
                host,
                seats: vec![SeatHolder::User(host)],
                options,
                seed: None,
                lang: cfg.language,
            })
            .await;
        let rec = match opened {
            Ok(rec) => rec,
            Err(e) => {
                // Refused after all (a race with another lobby): the thread goes too.
                if channel != parent {
                    let _ = channel.delete(ctx.http()).await;
                }
                return Err(e.into());
            }
        };
        let name = tr(lang, &kind.name(), &|s| lang.seat_name(s));
        say(
            ctx,
            lang,
            &Text::new("lobby-opened").arg("game", name.clone()),
        )
        .await?;
        if let poise::Context::Application(a) = ctx {
            // The answer is out: the table can follow it, then be edited through its token
            // outside the global limit (not in a new thread: the token posts in the parent).
            budget::answered(rec.id, &a.interaction.token, parent.get());
        }
        if let Err(e) = publish::refresh_table(ctx.http(), service, rec.id, false).await {
            // The lobby stays open and usable: the note says how to show its table.
            tracing::warn!(game = rec.id, guild, error = %e, "lobby opened, table not posted");
            let note = Text::new("lobby-opened-not-shown").arg("game", name);
            return Ok(say(ctx, lang, &note).await?);
        }
        Ok(())
    })
    .await
}

/// Where a new lobby sits: this channel, or a new thread of it when the server says so
/// (allowed where its parent channel is).
async fn lobby_channel(
    ctx: Context<'_>,
    cfg: &GuildConfig,
    kind: &dyn GameKind,
) -> Result<serenity::ChannelId, Stop> {
    let parent = ctx.channel_id();
    if !cfg.thread_mode {
        return Ok(parent);
    }
    let name = tr(cfg.language, &kind.name(), &|s| cfg.language.seat_name(s));
    let thread = parent
        .create_thread(
            ctx.http(),
            serenity::CreateThread::new(clip(&name, 100)).kind(serenity::ChannelType::PublicThread),
        )
        .await?;
    Ok(thread.id)
}

/// Take a seat in this channel's lobby
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "přidat-se"),
    description_localized("cs", "Přisednout si do lobby v tomto kanálu")
)]
pub(super) async fn join(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let rec = here(ctx).await?;
        let rec = service.join(rec.id, ctx.author().id.get()).await?;
        shown(publish::refresh_table(ctx.http(), service, rec.id, false).await)?;
        let seat = rec.seat_of(ctx.author().id.get()).unwrap_or(0);
        Ok(say(ctx, lang, &Text::new("seat-taken").seat("player", seat)).await?)
    })
    .await
}

/// Leave this channel's game (a running game is forfeited, after confirmation)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "odejít"),
    description_localized(
        "cs",
        "Odejít od stolu v tomto kanálu (rozehranou hru po potvrzení vzdáte, místo převezme AI)"
    )
)]
pub(super) async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let rec = here_to_leave(ctx).await?;
        match service.leave(rec.id, ctx.author().id.get(), false).await {
            Ok(report) => {
                shown(publish::after_report(ctx.http(), service, &report, false).await)?;
                Ok(say(ctx, lang, &Text::new("settings-saved")).await?)
            }
            Err(ServiceError::ConfirmForfeit) => {
                let action = ComponentAction::ConfirmLeave(rec.id);
                Ok(confirm(
                    ctx,
                    lang,
                    "err-confirm-forfeit",
                    action,
                    "button-confirm-leave",
                )
                .await?)
            }
            Err(e) => Err(e.into()),
        }
    })
    .await
}

/// An ephemeral question with one confirming button.
pub(super) async fn confirm(
    ctx: Context<'_>,
    lang: vliv_engine::Lang,
    question: &'static str,
    action: ComponentAction,
    button: &'static str,
) -> Result<(), Error> {
    let spec = MessageSpec {
        content: crate::i18n::msg(lang, question),
        embed: None,
        rows: vec![RowSpec::Buttons(vec![ButtonSpec {
            custom_id: action.to_string(),
            label: clip(&crate::i18n::msg(lang, button), limits::BUTTON_LABEL),
            style: ButtonStyle::Danger,
        }])],
        picture: None,
    };
    ctx.send(convert::reply(&spec)).await?;
    Ok(())
}

/// Seat an AI in this channel's lobby (host)
#[poise::command(
    slash_command,
    guild_only,
    rename = "add-ai",
    name_localized("cs", "přidat-ai"),
    description_localized("cs", "Posadit do lobby AI (zakladatel)")
)]
pub(super) async fn add_ai(
    ctx: Context<'_>,
    #[description = "How hard it plays (default normal)"]
    #[name_localized("cs", "úroveň")]
    #[description_localized("cs", "Jak silně hraje (výchozí normální)")]
    level: Option<AiLevel>,
) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let who = caller(ctx).await;
        let level = level.map_or(Level::Normal, Level::from);
        let rec = service.add_ai(here(ctx).await?.id, who, level).await?;
        shown(publish::refresh_table(ctx.http(), service, rec.id, false).await)?;
        Ok(say(ctx, lang, &Text::new("settings-saved")).await?)
    })
    .await
}

/// Start this channel's game (host)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "začít"),
    description_localized("cs", "Začít hru v tomto kanálu (zakladatel)")
)]
pub(super) async fn start(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let who = caller(ctx).await;
        let rec = here(ctx).await?;
        let report = service.start(rec.id, who).await?;
        let publishing = publish::after_report(ctx.http(), service, &report, true);
        let rest = match publish::in_answer_time(publishing).await {
            publish::InTime::Published(published) => {
                shown(published)?;
                None
            }
            publish::InTime::Publishing(rest) => Some(rest),
        };
        // The publishing goes on whether or not the answer could be sent.
        let said = say(ctx, lang, &Text::new("move-applied")).await;
        if let Some(rest) = rest {
            publish::finish_publishing(rest).await;
        }
        Ok(said?)
    })
    .await
}
