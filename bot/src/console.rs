//! The console front end: one game in the terminal over the session service (on an
//! in-memory SQLite store), humans choose by number, AI seats play as in the bot. With the
//! same seed and seats the output is the same. Not a second rules engine: every decision
//! is a request to the application layer, as a click in a chat is.

mod card_help;
mod rules;
mod seen;
mod table;

use std::{io, sync::Arc};
use vliv_service::service::{ChannelId, GuildId, UserId};

use anyhow::{anyhow, bail, Result};
use clap::{builder::PossibleValue, Args};
use vliv_engine::{registry, Lang, Level, OptionValues, Text};
use vliv_service::{
    app,
    i18n::tr,
    service::{
        opens_with_trading, AiBudget, ManualClock, OpenLobby, Platform, SeatHolder, Service,
    },
    store::Store,
};

pub use rules::{run as rules_main, RulesArgs};

/// The game ids of the registry, each with its English name, for `--help` and for clap's
/// "possible values" when an unknown id is typed.
pub fn game_ids() -> Vec<PossibleValue> {
    registry::all()
        .iter()
        .map(|g| PossibleValue::new(g.id()).help(Lang::En.text(&g.name(), &|s| s.to_string())))
        .collect()
}

#[derive(Args, Debug)]
pub struct ConsoleArgs {
    /// The game to play.
    #[arg(value_parser = game_ids())]
    pub game: String,
    /// Who sits where, comma separated: `human`, `ai` (level normal) or `ai:easy`,
    /// `ai:normal`, `ai:hard` (default: you against normal AIs). Two or more humans share
    /// the terminal: each seat's hand is shown only after a "pass the terminal" pause.
    #[arg(long, value_delimiter = ',')]
    pub seats: Vec<SeatKind>,
    /// The deal's number (default: random); the same number and seats give the same game.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Language of the table: cs or en.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
    /// Learning mode: under each choice a line saying what it does here, and after each
    /// trick or round why it scored as it did. Off unless asked: the console keeps no
    /// history of a player's games, so it cannot tell a first game from the hundredth, and
    /// a scripted or experienced player's output stays as it was.
    #[arg(long)]
    pub learn: bool,
    /// After the game, a review of each human seat's decisions: the three that cost the
    /// most estimated chance to win, judged from what that seat knew at the time (a few
    /// seconds of thinking).
    #[arg(long)]
    pub review: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Human,
    Ai(Level),
}

impl std::str::FromStr for SeatKind {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        match s.split_once(':') {
            None if s == "human" => Ok(SeatKind::Human),
            None if s == "ai" => Ok(SeatKind::Ai(Level::Normal)),
            Some(("ai", level)) => level.parse().map(SeatKind::Ai).map_err(|e| e.to_string()),
            _ => Err(format!(
                "unknown seat `{s}` (human, ai, ai:easy, ai:normal or ai:hard)"
            )),
        }
    }
}

/// The console's one user id per seat; the host is the first.
fn user_of(seat: usize) -> UserId {
    UserId(seat as u64 + 1)
}

pub fn run(args: ConsoleArgs) -> Result<()> {
    let kind = registry::find(&args.game).ok_or_else(|| anyhow!("unknown game"))?;
    let (min, max) = kind.seat_range();
    let seats = if args.seats.is_empty() {
        std::iter::once(SeatKind::Human)
            .chain(std::iter::repeat_n(
                SeatKind::Ai(Level::Normal),
                min.max(2) - 1,
            ))
            .collect()
    } else {
        args.seats.clone()
    };
    // Said here in the terminal's words (the service would answer "the lobby is full").
    if !(min..=max).contains(&seats.len()) {
        let key = if min == max {
            "console-seats-exact"
        } else {
            "console-seats-range"
        };
        let text = Text::new(key)
            .arg("game", kind.name())
            .arg("min", min)
            .arg("max", max)
            .arg("got", seats.len());
        bail!("{}", tr(args.lang, &text, &|s| args.lang.seat_name(s)));
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    // A game that opens with a trading period (Chaotic Realms) is traded for its AI seats by
    // the service's trading policy, at the console's asking: they are seated as the
    // console's users, so the period ends when the players are done, not on a clock.
    let trading = opens_with_trading(&args.game, seats.len(), seed);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let store = Store::connect("sqlite::memory:").await?;
        // Time passes only when nobody at the terminal can act: then the next game clock
        // runs out at once, and the output stays the same for a seed.
        let clock = ManualClock::at(0);
        // Untimed: the same seed and seats give the same game on any machine.
        let mut service = Service::new(store, Arc::new(clock.clone()))
            .with_ai_budget(AiBudget::from_env(AiBudget::Untimed), false);
        // `VLIV_AI_NOTICE_MS=0`: every AI thought is announced (tests of the line).
        if let Some(ms) = std::env::var("VLIV_AI_NOTICE_MS")
            .ok()
            .and_then(|n| n.parse().ok())
        {
            service = service.with_thinking_notice_after(std::time::Duration::from_millis(ms));
        }
        let holders = seats
            .iter()
            .enumerate()
            .map(|(i, k)| match k {
                SeatKind::Ai(level) if !trading => SeatHolder::Ai {
                    forfeited_by: None,
                    level: *level,
                },
                _ => SeatHolder::User(user_of(i)),
            })
            .collect();
        let lobby = service
            .open(OpenLobby {
                guild: GuildId(0),
                channel: ChannelId(0),
                parent: None,
                kind: args.game.clone(),
                host: user_of(0),
                seats: holders,
                options: OptionValues::new(),
                seed: Some(seed),
                lang: args.lang,
            })
            .await
            .map_err(|e| {
                let why = app::worded(Platform::Console, e);
                anyhow!("{}", tr(args.lang, &why, &|s| args.lang.seat_name(s)))
            })?;
        let stdin = io::stdin();
        let mut table = table::Table::new(
            args.lang,
            table::Teaching {
                learn: args.learn,
                review: args.review,
            },
            seats,
            &service,
            clock,
            io::stdout().lock(),
            stdin.lock(),
        );
        table.play(lobby, seed, trading).await
    })
}
