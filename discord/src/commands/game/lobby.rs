//! `/game new`, `join`, `leave`, `add-ai`, `start`: a lobby until its game starts.

use crate::ids::Ours;
use crate::limits;
use poise::serenity_prelude as serenity;
use vliv_engine::{Level, Text};

use super::{
    super::{ai_level::AiLevel, answer, origin, run, say, Context, Error, Stop},
    game_ids,
};
use crate::{budget, convert, permissions, publish, requests};
use vliv_service::{
    app::{self, Answer, Request, Target},
    render::{clip, ButtonSpec, ButtonStyle, MessageSpec, RowSpec},
    service::{ComponentAction, GuildConfig, PlaceKind},
};

/// Open a lobby for a game in this channel (or a new thread, if the server says so)
#[poise::command(
    slash_command,
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
        let origin = origin(ctx).await;
        let options = options.unwrap_or_default();
        let check = Request::CheckLobby {
            game: game.clone(),
            options: options.clone(),
        };
        // Everything that can refuse is checked before a thread exists: a refused
        // `/game new` leaves no thread behind.
        let Answer::LobbyMayOpen { name } = app::execute(service, &origin, check).await?.answer
        else {
            return Ok(());
        };
        let cfg = service.guild_config(origin.place.scope()).await?;
        let parent = ctx.channel_id();
        // What the bot may do here, as Discord says with the interaction: a lobby whose
        // table could not be posted is not opened (nor its thread).
        // (Not in a conversation: the bot answers there only through interactions.)
        let in_conversation = origin.place.kind == PlaceKind::Conversation;
        if let (poise::Context::Application(a), false) = (ctx, in_conversation) {
            if let Some(allowed) = a.interaction.app_permissions {
                let needs = permissions::lobby_needs(cfg.thread_mode);
                if let Some(text) = permissions::missing(allowed.bits(), needs, parent.get()) {
                    return Ok(say(ctx, lang, &text).await?);
                }
            }
        }
        let channel = lobby_channel(ctx, &cfg, &name).await?;
        let open = Request::OpenLobby {
            game,
            options,
            thread: (channel != parent).then_some(channel.ours()),
        };
        let opened = match app::execute(service, &origin, open).await {
            Ok(opened) => opened,
            Err(e) => {
                // Refused after all (a race with another lobby): the thread goes too.
                if channel != parent {
                    let _ = channel.delete(ctx.http()).await;
                }
                return Err(e.into());
            }
        };
        say(ctx, lang, &requests::answer_text(&opened.answer)).await?;
        let app::Plan::Table { game: id, .. } = opened.publish else {
            return Ok(());
        };
        if let poise::Context::Application(a) = ctx {
            // The answer is out: the table can follow it, then be edited through its token
            // outside the global limit (not in a new thread: the token posts in the parent).
            budget::answered(id, &a.interaction.token, parent.ours());
        }
        if let Err(e) = publish::refresh_table(ctx.http(), service, id, false).await {
            // The lobby stays open and usable: the note says how to show its table.
            tracing::warn!(game = id, error = %e, "lobby opened, table not posted");
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
    name: &str,
) -> Result<serenity::ChannelId, Stop> {
    let parent = ctx.channel_id();
    if !cfg.thread_mode {
        return Ok(parent);
    }
    // A bot-token request like a message: paced under the global limit.
    budget::spend(budget::Class::Global).await;
    let thread = parent
        .create_thread(
            ctx.http(),
            serenity::CreateThread::new(clip(name, 100)).kind(serenity::ChannelType::PublicThread),
        )
        .await?;
    Ok(thread.id)
}

/// Take a seat in this channel's lobby
#[poise::command(
    slash_command,
    name_localized("cs", "přidat-se"),
    description_localized("cs", "Přisednout si do lobby v tomto kanálu")
)]
pub(super) async fn join(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Join(Target::Here)).await
}

/// Leave this channel's game (a running game is forfeited, after confirmation)
#[poise::command(
    slash_command,
    name_localized("cs", "odejít"),
    description_localized(
        "cs",
        "Odejít od stolu v tomto kanálu (rozehranou hru po potvrzení vzdáte, místo převezme AI)"
    )
)]
pub(super) async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let request = Request::Leave {
        game: Target::Here,
        confirmed: false,
    };
    run(ctx, request).await
}

/// An ephemeral question with one confirming button.
pub(crate) async fn confirm(
    ctx: Context<'_>,
    lang: vliv_engine::Lang,
    question: &'static str,
    action: ComponentAction,
    button: &'static str,
) -> Result<(), Error> {
    let spec = MessageSpec {
        content: vliv_service::i18n::msg(lang, question),
        embed: None,
        rows: vec![RowSpec::Buttons(vec![ButtonSpec {
            action,
            label: clip(&vliv_service::i18n::msg(lang, button), limits::BUTTON_LABEL),
            style: ButtonStyle::Danger,
        }])],
        ..Default::default()
    };
    ctx.send(convert::reply(&spec)).await?;
    Ok(())
}

/// Seat an AI in this channel's lobby (host)
#[poise::command(
    slash_command,
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
    run(
        ctx,
        Request::AddAi(level.map_or(Level::Normal, Level::from)),
    )
    .await
}

/// Start this channel's game (host)
#[poise::command(
    slash_command,
    name_localized("cs", "začít"),
    description_localized("cs", "Začít hru v tomto kanálu (zakladatel)")
)]
pub(super) async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Start(Target::Here)).await
}
