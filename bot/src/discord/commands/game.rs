//! `/game …`: lobbies, the table, leaving, ending by agreement, lists.

use poise::serenity_prelude as serenity;
use vliv_engine::{registry, Audience, Event, GameKind, Level, Seat, Text, Viewer};

use super::{
    ai_level::AiLevel, answer, caller, parse_options, place, say, shown, Context, Error, Stop,
};
use crate::{
    discord::{convert, publish},
    i18n::tr,
    render::{
        clip, hand_panel, limits, with_hand_picture, ButtonSpec, ButtonStyle, MessageSpec, Names,
        RowSpec,
    },
    service::{
        ComponentAction, GameRecord, GuildConfig, LobbyRequest, MoveRecord, OpenLobby, SeatHolder,
        ServiceError, Status,
    },
};

/// Play a card game at this table
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "hra"),
    description_localized("cs", "Hrajte karetní hru u tohoto stolu"),
    subcommands(
        "new",
        "join",
        "leave",
        "add_ai",
        "start",
        "status",
        "hand",
        "log",
        "concede",
        "offer_draw",
        "abandon",
        "list",
        "history",
        "rules"
    ),
    subcommand_required
)]
pub async fn game(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

async fn game_ids(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = registry::all()
        .iter()
        .map(|g| g.id())
        .filter(|id| id.starts_with(&partial.to_lowercase()))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The channel's lobby or running game.
async fn here(ctx: Context<'_>) -> Result<GameRecord, ServiceError> {
    ctx.data().service.active(ctx.channel_id().get()).await
}

/// Open a lobby for a game in this channel (or a new thread, if the server says so)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "nová"),
    description_localized("cs", "Otevřít lobby hry v tomto kanálu (nebo v novém vlákně)")
)]
async fn new(
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
        if let Err(e) = publish::refresh_table(ctx.http(), service, rec.id, false).await {
            // The lobby stays open and usable: the note says how to show its table.
            tracing::warn!(game = rec.id, guild, error = %e, "lobby opened, table not posted");
            let note = Text::new("lobby-opened-not-shown").arg("game", name);
            return Ok(say(ctx, lang, &note).await?);
        }
        Ok(say(ctx, lang, &Text::new("lobby-opened").arg("game", name)).await?)
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
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let rec = here(ctx).await?;
        service.ensure_allowed(&rec, &place(ctx)).await?;
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
        "Odejít ze hry v tomto kanálu (rozehranou hru po potvrzení vzdáte)"
    )
)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let rec = here(ctx).await?;
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
async fn confirm(
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
async fn add_ai(
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
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let who = caller(ctx).await;
        let rec = here(ctx).await?;
        service.ensure_allowed(&rec, &place(ctx)).await?;
        let report = service.start(rec.id, who).await?;
        shown(publish::after_report(ctx.http(), service, &report, true).await)?;
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}

/// Post this channel's table again
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "stav"),
    // Re-posting the table deletes and posts a message: not something to repeat at will.
    user_cooldown = 10,
    description_localized("cs", "Znovu vyvěsit stůl tohoto kanálu")
)]
async fn status(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let rec = here(ctx).await?;
        publish::refresh_table(ctx.http(), &ctx.data().service, rec.id, true).await?;
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}

/// Show your hand and your choices (only you see it)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "ruka"),
    description_localized("cs", "Ukázat vaši ruku a volby (vidíte jen vy)")
)]
async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let rec = here(ctx).await?;
        let spec = hand_spec(&ctx.data().service, &rec, ctx.author().id.get(), lang).await?;
        ctx.send(convert::reply(&spec)).await?;
        Ok(())
    })
    .await
}

/// The "My hand" panel of a user at a game.
pub(in crate::discord) async fn hand_spec(
    service: &crate::service::Service,
    rec: &GameRecord,
    user: u64,
    lang: vliv_engine::Lang,
) -> Result<MessageSpec, ServiceError> {
    let seat = rec.seat_of(user).ok_or(ServiceError::NotAPlayer)?;
    if rec.status == Status::Lobby {
        return Err(ServiceError::NotRunning);
    }
    let state = service.live(rec)?;
    let menus = service.pending_menus(rec.id, user).await?;
    let spec = hand_panel(rec, state.as_ref(), seat, menus.first(), lang);
    Ok(match service.guild_config(rec.guild).await?.pictures {
        true => with_hand_picture(spec, state.as_ref(), seat, lang),
        false => spec,
    })
}

/// The moves so far (public ones, and your own private ones)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "záznam"),
    // The log replays the whole game.
    user_cooldown = 10,
    description_localized("cs", "Dosavadní tahy (veřejné a vaše soukromé)")
)]
async fn log(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let rec = here(ctx).await?;
        let viewer = match rec.seat_of(ctx.author().id.get()) {
            Some(s) => Viewer::Seat(s),
            None => Viewer::Spectator,
        };
        let (_, moves) = ctx.data().service.replay(&rec, None).await?;
        let text = log_text(&rec, &moves, viewer, lang);
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await?;
        Ok(())
    })
    .await
}

/// The latest events `viewer` may see that fit one message, oldest first.
fn log_text(
    rec: &GameRecord,
    moves: &[(MoveRecord, Vec<Event>)],
    viewer: Viewer,
    lang: vliv_engine::Lang,
) -> String {
    let names = Names::for_game(rec, lang);
    let lines: Vec<String> = moves
        .iter()
        .flat_map(|(_, events)| events)
        .filter(|e| e.audience.shown_to(viewer))
        .map(|e| {
            let line = tr(lang, &e.text, &|s: Seat| names.get(s));
            match e.audience {
                Audience::Public => line,
                Audience::Seat(_) => format!("🔒 {line}"),
            }
        })
        .collect();
    let mut text = String::new();
    for line in lines.iter().rev() {
        if text.chars().count() + line.chars().count() + 1 > limits::CONTENT - 10 {
            break;
        }
        text = format!("{line}\n{text}");
    }
    if text.is_empty() {
        text = crate::i18n::msg(lang, "list-none");
    }
    text
}

/// Concede this channel's game
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "vzdát"),
    description_localized("cs", "Vzdát hru v tomto kanálu")
)]
async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let rec = service
            .concede(here(ctx).await?.id, ctx.author().id.get())
            .await?;
        let report = crate::service::Report::of(rec);
        shown(publish::after_report(ctx.http(), service, &report, false).await)?;
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}

/// Offer a draw, or accept the one offered (everyone must agree)
#[poise::command(
    slash_command,
    guild_only,
    rename = "offer-draw",
    name_localized("cs", "nabídnout-remízu"),
    description_localized(
        "cs",
        "Nabídnout remízu nebo přijmout nabízenou (musí souhlasit všichni)"
    )
)]
async fn offer_draw(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let user = ctx.author().id.get();
        let offer = service.offer_draw(here(ctx).await?.id, user).await?;
        let seat = offer.game.seat_of(user).unwrap_or(0);
        if offer.agreed {
            let report = crate::service::Report::of(offer.game);
            shown(publish::after_report(ctx.http(), service, &report, false).await)?;
        } else {
            let text = Text::new("draw-offered").seat("player", seat);
            shown(publish::say_in_channel(ctx.http(), &offer.game, &text).await)?;
        }
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}

/// Abandon this channel's game for everyone (host or admin, confirmed)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "opustit"),
    description_localized(
        "cs",
        "Opustit hru v tomto kanálu pro všechny (zakladatel nebo správce, s potvrzením)"
    )
)]
async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let who = caller(ctx).await;
        let rec = here(ctx).await?;
        if rec.host != who.user && !who.is_admin {
            return Err(ServiceError::NotHost.into());
        }
        let action = ComponentAction::ConfirmAbandon(rec.id);
        Ok(confirm(
            ctx,
            lang,
            "confirm-abandon",
            action,
            "button-confirm-abandon",
        )
        .await?)
    })
    .await
}

/// Your games on this server, with links
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "seznam"),
    description_localized("cs", "Vaše hry na tomto serveru s odkazy")
)]
async fn list(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let user = ctx.author().id.get();
        let games = ctx.data().service.my_games(guild, user).await?;
        let lines: Vec<String> = games
            .iter()
            .map(|g| {
                let game = registry::find(&g.kind)
                    .map(|k| crate::i18n::tr(lang, &k.name(), &|s| lang.seat_name(s)))
                    .unwrap_or_else(|| g.kind.clone());
                let line = Text::new("list-game")
                    .arg("id", g.id)
                    .arg("game", game)
                    .arg("channel", publish::table_link(g));
                crate::i18n::tr(lang, &line, &|s| lang.seat_name(s))
            })
            .collect();
        Ok(answer_lines(ctx, lang, lines).await?)
    })
    .await
}

async fn answer_lines(
    ctx: Context<'_>,
    lang: vliv_engine::Lang,
    lines: Vec<String>,
) -> Result<(), Error> {
    let mut text = lines.join("\n");
    if text.is_empty() {
        text = crate::i18n::msg(lang, "list-none");
    }
    ctx.send(
        poise::CreateReply::default()
            .content(clip(&text, limits::CONTENT))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Finished games in this channel: players, result, date
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "historie"),
    description_localized("cs", "Dohrané hry v tomto kanálu: hráči, výsledek, datum")
)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let channel = ctx.channel_id().get();
        let games = ctx.data().service.history(guild, channel, 15).await?;
        let lines = games.iter().map(|g| history_line(g, lang)).collect();
        Ok(answer_lines(ctx, lang, lines).await?)
    })
    .await
}

fn history_line(g: &GameRecord, lang: vliv_engine::Lang) -> String {
    let names = Names::for_game(g, lang);
    let game = registry::find(&g.kind)
        .map(|k| tr(lang, &k.name(), &|s| names.get(s)))
        .unwrap_or_else(|| g.kind.clone());
    let players: Vec<String> = (0..g.seats.len() as Seat).map(|s| names.get(s)).collect();
    let result = match (&g.status, &g.outcome) {
        (Status::Finished, Some(o)) if o.is_draw() => crate::i18n::msg(lang, "history-draw"),
        (Status::Finished, Some(o)) => o
            .winners()
            .iter()
            .map(|&s| {
                tr(lang, &Text::new("outcome-winner").seat("player", s), &|s| {
                    names.get(s)
                })
            })
            .collect::<Vec<_>>()
            .join(", "),
        _ => crate::i18n::msg(lang, "history-abandoned"),
    };
    let date = g
        .finished_at
        .map(|ms| format!("<t:{}:d>", ms / 1000))
        .unwrap_or_default();
    tr(
        lang,
        &Text::new("history-line")
            .arg("id", g.id)
            .arg("game", game)
            .arg("players", players.join(", "))
            .arg("result", result)
            .arg("date", date),
        &|s| names.get(s),
    )
}

/// A short summary of a game's rules
#[poise::command(
    slash_command,
    name_localized("cs", "pravidla"),
    description_localized("cs", "Stručná pravidla hry")
)]
async fn rules(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[name_localized("cs", "hra")]
    #[description_localized("cs", "Která hra")]
    #[autocomplete = "game_ids"]
    game: String,
) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let kind = registry::find(&game).ok_or(ServiceError::UnknownGame(game))?;
        let (min, max) = kind.seat_range();
        let text = format!(
            "**{}** ({min}–{max})\n{}",
            tr(lang, &kind.name(), &|s| lang.seat_name(s)),
            tr(lang, &kind.rules_summary(), &|s| lang.seat_name(s))
        );
        ctx.send(
            poise::CreateReply::default()
                .content(clip(&text, limits::CONTENT))
                .ephemeral(true),
        )
        .await?;
        Ok(())
    })
    .await
}
