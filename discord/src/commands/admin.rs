//! `/vliv-admin …` (Manage Server): where games may be hosted, which games, clocks,
//! language, thread mode, how long ended games are kept; `show` (with the storage used).

use crate::ids::Ours;
use poise::serenity_prelude as serenity;
use vliv_engine::{Lang, Text};

use super::{ai_level::AiLevel, answered_now, server_change, user_lang, Context, Error};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{self, Answer, Request, ServerChange},
    render::{size, vacation_summary},
    service::{GuildConfig, Layout, StorageUse, TimeoutAction},
};

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ListChange {
    #[name = "add"]
    #[name_localized("cs", "přidat")]
    Add,
    #[name = "remove"]
    #[name_localized("cs", "odebrat")]
    Remove,
    #[name = "all"]
    #[name_localized("cs", "vše")]
    All,
}

impl From<ListChange> for app::ListChange {
    fn from(c: ListChange) -> app::ListChange {
        match c {
            ListChange::Add => app::ListChange::Add,
            ListChange::Remove => app::ListChange::Remove,
            ListChange::All => app::ListChange::All,
        }
    }
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum TimeoutChoice {
    #[name = "the game's timeout choice"]
    #[name_localized("cs", "volba hry při vypršení času")]
    GameChoice,
    #[name = "abandon the game"]
    #[name_localized("cs", "zrušit hru")]
    Abandon,
    #[name = "hand the seat to the AI"]
    #[name_localized("cs", "předat místo AI")]
    Ai,
}

impl From<TimeoutChoice> for TimeoutAction {
    fn from(choice: TimeoutChoice) -> TimeoutAction {
        match choice {
            TimeoutChoice::GameChoice => TimeoutAction::GameChoice,
            TimeoutChoice::Abandon => TimeoutAction::Abandon,
            TimeoutChoice::Ai => TimeoutAction::Ai,
        }
    }
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LayoutChoice {
    #[name = "classic (embed)"]
    #[name_localized("cs", "klasické (vložený obsah)")]
    Embed,
    #[name = "new (Components V2)"]
    #[name_localized("cs", "nové (Components V2)")]
    ComponentsV2,
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "English"]
    #[name_localized("cs", "angličtina")]
    En,
    #[name = "Czech"]
    #[name_localized("cs", "čeština")]
    Cs,
}

/// Server settings for Vliv (Manage Server)
#[poise::command(
    slash_command,
    guild_only,
    rename = "vliv-admin",
    name_localized("cs", "vliv-správa"),
    description_localized("cs", "Nastavení Vlivu pro server (Spravovat server)"),
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD",
    subcommands(
        "channels",
        "games",
        "reminder",
        "timeout",
        "ai_level",
        "language",
        "threads",
        "pictures",
        "hints",
        "layout",
        "retention",
        "show",
        "super::vacation::vacation_days",
        "super::vacation::sleeping_clocks",
        "super::vacation::end_vacation"
    ),
    subcommand_required
)]
pub async fn vliv_admin(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A change of the server's settings, answered with the settings it touched.
async fn change(ctx: Context<'_>, change: ServerChange) -> Result<(), Error> {
    let shown = match &change {
        ServerChange::Retention(_) => retention_text,
        _ => summary,
    };
    server_change(ctx, change, shown).await
}

fn summary(cfg: &GuildConfig) -> Text {
    let channels = match cfg.channels.is_empty() {
        true => vliv_engine::Arg::Text(Text::new("admin-all")),
        false => vliv_engine::Arg::Str(
            cfg.channels
                .iter()
                .map(|c| format!("<#{c}>"))
                .collect::<Vec<_>>()
                .join(", "),
        ),
    };
    let games = match &cfg.enabled_games {
        None => vliv_engine::Arg::Text(Text::new("admin-all")),
        Some(g) => vliv_engine::Arg::Str(g.join(", ")),
    };
    let action = vliv_service::app::timeout_action_text(cfg.timeout_action);
    let layout = match cfg.layout {
        Layout::Embed => "layout-embed",
        Layout::ComponentsV2 => "layout-components-v2",
    };
    // The layout is Discord's choice alone: the other chats' summary has no place for it.
    let shown = Text::new("admin-show")
        .arg("channels", channels)
        .arg("games", games)
        .arg("reminder", cfg.reminder_minutes as i64)
        .arg("timeout", cfg.timeout_minutes as i64)
        .arg("action", action)
        .arg("lang", cfg.language.code())
        .arg("ai", cfg.takeover_level.key())
        .arg(
            "threads",
            Text::new(if cfg.thread_mode { "yes" } else { "no" }),
        )
        .arg(
            "pictures",
            Text::new(if cfg.pictures { "yes" } else { "no" }),
        )
        .arg("hints", Text::new(if cfg.hints { "yes" } else { "no" }));
    Text::new("admin-show-discord")
        .arg("settings", shown)
        .arg("layout", Text::new(layout))
}

/// Channels that may host games
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "kanály"),
    description_localized("cs", "Kanály, ve kterých se smí hrát"),
    required_permissions = "MANAGE_GUILD"
)]
async fn channels(
    ctx: Context<'_>,
    #[description = "Add or remove a channel, or allow all"]
    #[name_localized("cs", "změna")]
    #[description_localized("cs", "Přidat či odebrat kanál, nebo povolit všechny")]
    action: ListChange,
    #[description = "The channel"]
    #[name_localized("cs", "kanál")]
    #[description_localized("cs", "Kanál")]
    channel: Option<serenity::ChannelId>,
) -> Result<(), Error> {
    let channel = channel.unwrap_or(ctx.channel_id()).ours();
    let change_of = action.into();
    change(
        ctx,
        ServerChange::Channel {
            channel,
            change: change_of,
        },
    )
    .await
}

/// Games that may be played here
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "hry"),
    description_localized("cs", "Hry, které se tu smí hrát"),
    required_permissions = "MANAGE_GUILD"
)]
async fn games(
    ctx: Context<'_>,
    #[description = "Enable or disable a game, or enable all"]
    #[name_localized("cs", "změna")]
    #[description_localized("cs", "Povolit či zakázat hru, nebo povolit všechny")]
    action: ListChange,
    #[description = "The game id, e.g. claim"]
    #[name_localized("cs", "hra")]
    #[description_localized("cs", "Id hry, např. claim")]
    game: Option<String>,
) -> Result<(), Error> {
    let change_of = action.into();
    change(
        ctx,
        ServerChange::Game {
            game,
            change: change_of,
        },
    )
    .await
}

/// Minutes before a waiting player is reminded
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "připomínka"),
    description_localized("cs", "Po kolika minutách připomenout čekajícího hráče"),
    required_permissions = "MANAGE_GUILD"
)]
async fn reminder(
    ctx: Context<'_>,
    #[description = "Minutes (0: no reminders)"]
    #[name_localized("cs", "minuty")]
    #[description_localized("cs", "Minuty (0: bez připomínek)")]
    #[max = 43200]
    minutes: u32,
) -> Result<(), Error> {
    change(ctx, ServerChange::Reminder(minutes)).await
}

/// Minutes before a waiting player times out, and what happens then
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "časový-limit"),
    description_localized(
        "cs",
        "Po kolika minutách čekajícímu hráči vyprší čas a co se pak stane"
    ),
    required_permissions = "MANAGE_GUILD"
)]
async fn timeout(
    ctx: Context<'_>,
    #[description = "Minutes"]
    #[name_localized("cs", "minuty")]
    #[description_localized("cs", "Minuty")]
    #[min = 1]
    #[max = 43200]
    minutes: u32,
    #[description = "What happens at the timeout"]
    #[name_localized("cs", "akce")]
    #[description_localized("cs", "Co se stane po vypršení času")]
    action: TimeoutChoice,
) -> Result<(), Error> {
    let action = action.into();
    change(ctx, ServerChange::Timeout { minutes, action }).await
}

/// How well the AI plays a seat it takes over (a timeout or a player who left)
#[poise::command(
    slash_command,
    guild_only,
    rename = "ai-level",
    name_localized("cs", "úroveň-ai"),
    description_localized(
        "cs",
        "Jak silně hraje AI, která převezme místo po odchodu hráče nebo po vypršení času"
    ),
    required_permissions = "MANAGE_GUILD"
)]
async fn ai_level(
    ctx: Context<'_>,
    #[description = "Level"]
    #[name_localized("cs", "úroveň")]
    #[description_localized("cs", "Úroveň")]
    level: AiLevel,
) -> Result<(), Error> {
    change(ctx, ServerChange::TakeoverLevel(level.into())).await
}

/// The server's default language
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "jazyk"),
    description_localized("cs", "Výchozí jazyk serveru"),
    required_permissions = "MANAGE_GUILD"
)]
async fn language(
    ctx: Context<'_>,
    #[description = "Language"]
    #[name_localized("cs", "jazyk")]
    #[description_localized("cs", "Jazyk")]
    language: LanguageChoice,
) -> Result<(), Error> {
    let language = match language {
        LanguageChoice::En => Lang::En,
        LanguageChoice::Cs => Lang::Cs,
    };
    change(ctx, ServerChange::Language(language)).await
}

/// Open a thread for each new game
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "vlákna"),
    description_localized("cs", "Každou novou hru otevřít ve vlákně"),
    required_permissions = "MANAGE_GUILD"
)]
async fn threads(
    ctx: Context<'_>,
    #[description = "On or off"]
    #[name_localized("cs", "zapnuto")]
    #[description_localized("cs", "Zapnuto, nebo vypnuto")]
    on: bool,
) -> Result<(), Error> {
    change(ctx, ServerChange::Threads(on)).await
}

/// Draw tables and hands as pictures
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "obrázky"),
    description_localized("cs", "Kreslit stůl a ruce jako obrázky"),
    required_permissions = "MANAGE_GUILD"
)]
async fn pictures(
    ctx: Context<'_>,
    #[description = "On or off"]
    #[name_localized("cs", "zapnuto")]
    #[description_localized("cs", "Zapnuto, nebo vypnuto")]
    on: bool,
) -> Result<(), Error> {
    change(ctx, ServerChange::Pictures(on)).await
}

/// Let players ask the AI for a hint on their turn (a hinted game is not rated)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "nápovědy"),
    description_localized(
        "cs",
        "Dovolit hráčům požádat AI o radu na tahu (hra s nápovědou se nehodnotí)"
    ),
    required_permissions = "MANAGE_GUILD"
)]
async fn hints(
    ctx: Context<'_>,
    #[description = "On or off"]
    #[name_localized("cs", "zapnuto")]
    #[description_localized("cs", "Zapnuto, nebo vypnuto")]
    on: bool,
) -> Result<(), Error> {
    change(ctx, ServerChange::Hints(on)).await
}

/// How tables and hands look: the classic embed, or Discord's newer components
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "rozvržení"),
    description_localized(
        "cs",
        "Jak vypadají stoly a ruce hráčů: klasický vložený obsah, nebo novější komponenty Discordu"
    ),
    required_permissions = "MANAGE_GUILD"
)]
async fn layout(
    ctx: Context<'_>,
    #[description = "The layout"]
    #[name_localized("cs", "rozvržení")]
    #[description_localized("cs", "Rozvržení")]
    layout: LayoutChoice,
) -> Result<(), Error> {
    let layout = match layout {
        LayoutChoice::Embed => Layout::Embed,
        LayoutChoice::ComponentsV2 => Layout::ComponentsV2,
    };
    change(ctx, ServerChange::Layout(layout)).await
}

/// How long ended games are kept (their results and ratings stay)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "uchování"),
    description_localized(
        "cs",
        "Jak dlouho uchovávat skončené hry (výsledky a hodnocení zůstávají)"
    ),
    required_permissions = "MANAGE_GUILD"
)]
async fn retention(
    ctx: Context<'_>,
    #[description = "Days after a game ends (0: keep for ever)"]
    #[name_localized("cs", "dny")]
    #[description_localized("cs", "Dny po skončení hry (0: uchovávat navždy)")]
    #[max = 36500]
    days: u32,
) -> Result<(), Error> {
    change(ctx, ServerChange::Retention(days)).await
}

fn retention_text(cfg: &GuildConfig) -> Text {
    Text::new("admin-retention").arg("days", cfg.retention_days as i64)
}

fn storage_text(used: &StorageUse, lang: Lang) -> Text {
    Text::new("admin-storage")
        .arg("games", used.games as i64)
        .arg("ended", used.ended as i64)
        .arg("moves", used.moves as i64)
        .arg("size", size(used.bytes, lang).as_str())
}

/// Show the server's settings
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "ukázat"),
    description_localized("cs", "Ukázat nastavení serveru"),
    required_permissions = "MANAGE_GUILD"
)]
async fn show(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx).await;
    // The storage used is an admin's to read: a member is refused.
    let request = Request::ServerSettings {
        change: None,
        storage: true,
    };
    let Some(Answer::ServerSettings { config, storage }) = answered_now(ctx, lang, request).await?
    else {
        return Ok(());
    };
    let mut texts = vec![
        summary(&config),
        vacation_summary(&config),
        retention_text(&config),
    ];
    texts.extend(storage.map(|used| storage_text(&used, lang)));
    let line = texts
        .iter()
        .map(|t| tr(lang, t, &|s| lang.seat_name(s)))
        .collect::<Vec<_>>()
        .join("\n");
    ctx.send(
        poise::CreateReply::default()
            .content(crate::markup::discord(&line))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}
