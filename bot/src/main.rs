//! `vliv`: the Vliv bot's command line. `vliv run` (also plain `vliv`) starts the Discord
//! bot, the Matrix bot or both, and the web table when configured; `vliv console` plays a game in the terminal, `vliv rules`
//! prints a game's rules in short; `vliv render` draws a table; `vliv replay` rebuilds an
//! exported game and `vliv review` reviews its decisions; `vliv invite` prints the Discord invite link.

mod admin_command;
mod console;
mod invite_command;
mod memory;
mod render_command;
mod replay_command;
mod review_command;
mod score;

use std::{io::IsTerminal, path::PathBuf, process::ExitCode, sync::Arc};

use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use vliv_bot::config::Config;
use vliv_matrix::Credentials;
use vliv_service::{
    dispatch::Dispatcher,
    service::{AiBudget, GameData, Service, SystemClock},
    store::{Platform, Store},
};

#[derive(Parser)]
#[command(
    name = "vliv",
    version,
    about = "Vliv hosts tabletop card games in Discord and in the terminal."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot (the default): Discord with DISCORD_TOKEN, Matrix with [matrix] and
    /// MATRIX_ACCESS_TOKEN, or both.
    Run(RunArgs),
    /// Play a game in the terminal against AI seats or a friend, or watch AIs play.
    Console(console::ConsoleArgs),
    /// A game's rules in short, e.g. `vliv rules claim --lang cs`.
    Rules(console::RulesArgs),
    /// The best score of a hand of physical cards, e.g. `vliv score fantasy-realms 1 13 …`.
    Score(score::ScoreArgs),
    /// Draw a position's table as a PNG, e.g. `vliv render claim --seed 7 --moves 20 -o t.png`.
    Render(render_command::RenderArgs),
    /// Database maintenance, e.g. `vliv admin rebuild-ratings`.
    Admin(admin_command::AdminArgs),
    /// The address that invites the bot to a Discord server, with the permissions it uses.
    Invite(invite_command::InviteArgs),

    /// Rebuild a game exported with `/game export` and print its outcome.
    Replay(replay_command::ReplayArgs),
    /// Review an exported game's decisions, e.g. `vliv review vliv-game-12.json --seat 2`.
    Review(review_command::ReviewArgs),
}

#[derive(Args, Default)]
struct RunArgs {
    /// A configuration file (default: vliv.toml if present; see config.example.toml).
    #[arg(long)]
    config: Option<PathBuf>,
}

/// jemalloc instead of glibc's malloc (issue 22): saturated, glibc's malloc and free were a
/// third of the bot's CPU (`_int_malloc` alone 15 %, searching its bins for medium and large
/// blocks), jemalloc's are 6 % (docs/performance.md, "jemalloc, with its own thread").
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's settings, read before `main` (`_RJEM_MALLOC_CONF` overrides them): its own
/// thread gives freed pages back to the system, not a `free` on the answer's path, and after
/// 1 s instead of 10 s, which keeps the resident memory below glibc's.
#[cfg(not(target_env = "msvc"))]
#[allow(non_upper_case_globals)]
#[export_name = "_rjem_malloc_conf"]
pub static malloc_conf: Option<&'static std::ffi::c_char> =
    // SAFETY: a pointer to the first byte of a static C string, valid for the program.
    Some(unsafe { &*c"background_thread:true,dirty_decay_ms:1000".as_ptr() });

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Console(args)) => match console::run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("vliv: {e:#}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Rules(args)) => match console::rules_main(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("vliv: {e:#}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Score(args)) => score::main(args),
        Some(Command::Render(args)) => render_command::main(args),
        Some(Command::Admin(args)) => admin_command::main(args),
        Some(Command::Invite(args)) => invite_command::main(args),

        Some(Command::Replay(args)) => replay_command::main(args),
        Some(Command::Review(args)) => review_command::main(args),
        Some(Command::Run(args)) => run(args),
        None => run(RunArgs::default()),
    }
}

fn run(args: RunArgs) -> ExitCode {
    memory::give_back_freed_memory();
    let token = std::env::var("DISCORD_TOKEN")
        .ok()
        .filter(|t| !t.trim().is_empty());
    let config = match Config::load(args.config.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("vliv: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    let matrix = match matrix_credentials(&config) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("vliv: {e}");
            return ExitCode::FAILURE;
        }
    };
    if token.is_none() && matrix.is_none() {
        eprintln!("{NOTHING_TO_RUN}");
        return ExitCode::FAILURE;
    }
    // Colour codes only for a terminal: a service manager's journal or a file gets plain text.
    let log = vliv_service::logging::subscriber(
        vliv_service::logging::filter(&config.log),
        std::io::stdout().is_terminal(),
        std::io::stdout,
    );
    // `try_init` also forwards the `log` records of dependencies (rustls, hyper) to it.
    if let Err(e) = tracing_subscriber::util::SubscriberInitExt::try_init(log) {
        eprintln!("vliv: cannot start the log: {e}");
        return ExitCode::FAILURE;
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("vliv: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The token is handed to the client only; it is never logged.
    let served = runtime.block_on(serve(config, token, matrix));
    // After a stop, a search or sweep still running is not waited for long.
    runtime.shutdown_timeout(std::time::Duration::from_secs(5));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            ExitCode::FAILURE
        }
    }
}

const NOTHING_TO_RUN: &str = "vliv: DISCORD_TOKEN is not set (nor a Matrix homeserver).
To run the Discord bot, create an application and a bot user at
https://discord.com/developers/applications, then:

    DISCORD_TOKEN=... vliv run

For Matrix, set [matrix] homeserver and user_id (or VLIV_MATRIX_HOMESERVER and
VLIV_MATRIX_USER_ID) and MATRIX_ACCESS_TOKEN; both can run in one process.
(games are stored in sqlite://vliv.db unless vliv.toml says otherwise;
see config.example.toml and the README).

Try a game in the terminal:  vliv console claim
Watch two AIs play:          vliv console claim --seats ai,ai --seed 7";

/// The Matrix account's secret from the environment, when a homeserver is configured.
fn matrix_credentials(config: &Config) -> Result<Option<Credentials>, String> {
    if config.matrix.homeserver.is_empty() {
        return Ok(None);
    }
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
    match (var("MATRIX_ACCESS_TOKEN"), var("MATRIX_PASSWORD")) {
        (Some(token), _) => Ok(Some(Credentials::AccessToken(token))),
        (None, Some(password)) => Ok(Some(Credentials::Password(password))),
        (None, None) => Err(format!(
            "a Matrix homeserver is configured ({}) but neither MATRIX_ACCESS_TOKEN nor \
             MATRIX_PASSWORD is set",
            config.matrix.homeserver
        )),
    }
}

/// Discord, Matrix or both in one process, on one database: one service and one sweep,
/// which hands each game's deadlines and notices to the front end of its platform.
async fn serve(
    config: Config,
    token: Option<String>,
    matrix: Option<Credentials>,
) -> anyhow::Result<()> {
    let game_data = GameData::load(&config.game_data)?;
    // The database first: a wrong URL is said before anything reaches Discord or Matrix.
    let store = Store::connect(&config.database_url)
        .await
        .context("cannot open the database")?
        .with_guild_defaults(config.defaults.guild_config());
    let discord = match &token {
        Some(token) => {
            Some(vliv_discord::connect(&config.discord, &config.database_url, token).await?)
        }
        None => None,
    };
    let store = match &discord {
        Some(discord) => discord.store(store),
        None => store,
    };
    let mut service = Service::new(store, Arc::new(SystemClock))
        .with_game_data(game_data)
        .with_lobby_limits(config.lobbies.limits())
        .with_game_limits(config.games.limits())
        .with_ai_budget(AiBudget::from_env(AiBudget::Levels), true);
    // The web table: its address bound before any chat connects, so a taken port is said
    // at once; its links' key read (or made) before the first link is asked for.
    let mut activity = None;
    let mut widget = None;
    let web_listener = match config.web.enabled() {
        true => {
            let mut web = config.web.clone();
            web.secret = std::env::var("VLIV_WEB_SECRET").unwrap_or_default();
            web.activity_client_secret =
                std::env::var("VLIV_DISCORD_CLIENT_SECRET").unwrap_or_default();
            anyhow::ensure!(
                web.activity_client_id.is_empty() || !web.activity_client_secret.is_empty(),
                "web.activity_client_id is set: VLIV_DISCORD_CLIENT_SECRET must be too"
            );
            // The Activity reads its instances from Discord with the bot's own token.
            web.activity_bot_token = token.clone().unwrap_or_default();
            activity = web.activity();
            widget = web.widget(&config.matrix.homeserver, &config.matrix.user_id);
            let links = vliv_web::web_links(&web).context("cannot read the web table's key")?;
            service = service.with_web_links(links);
            let listener = tokio::net::TcpListener::bind(web.bind.trim())
                .await
                .with_context(|| format!("cannot listen on web.bind = {}", web.bind))?;
            Some(listener)
        }
        false => None,
    };
    let service = Arc::new(service);
    // Frozen games are settled before the first command can reach them. Only the games of
    // the platforms (and shards) this process serves: the others are other processes'.
    let platforms: Vec<Platform> = [
        discord.as_ref().map(|_| Platform::Discord),
        matrix.as_ref().map(|_| Platform::Matrix),
    ]
    .into_iter()
    .flatten()
    .collect();
    let recovery = service
        .recover_for(&platforms)
        .await
        .context("cannot check stored games")?;
    tracing::info!(
        resumed = recovery.resumed.len(),
        moved_lately = recovery.moved_lately.len(),
        newer_release = recovery.newer.len(),
        frozen = recovery.frozen.len(),
        ended_lately = recovery.ended.len(),
        "stored games checked"
    );
    let dispatcher = Dispatcher::new(service.clone(), recovery);
    dispatcher.spawn();
    // SIGTERM (a service manager's stop, a container's): the Matrix side finishes the
    // command in hand and starts none; then the process ends with success.
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let (drained, mut matrix_done) = tokio::sync::watch::channel(false);
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("cannot listen for SIGTERM")?;
    let discord = async {
        match discord {
            Some(discord) => {
                vliv_discord::serve(
                    discord,
                    vliv_discord::DiscordConfig {
                        activity: activity.is_some(),
                        ..config.discord.clone()
                    },
                    service.clone(),
                    dispatcher.clone(),
                )
                .await
            }
            None => Ok(()),
        }
    };
    let matrix = async {
        let served = match matrix {
            Some(credentials) => {
                vliv_matrix::run(
                    service.clone(),
                    &config.matrix,
                    credentials,
                    dispatcher.clone(),
                    stopped,
                )
                .await
            }
            None => Ok(()),
        };
        let _ = drained.send(true);
        served
    };
    let web = async {
        match web_listener {
            Some(listener) => {
                let mut web = vliv_web::Web::new(service.clone())
                    .with_dispatcher(dispatcher.clone())
                    .with_caps(config.web.caps());
                if let Some(login) = activity.clone() {
                    web = web.with_activity(login);
                }
                if let Some(login) = widget.clone() {
                    web = web.with_widget(login);
                }
                vliv_web::serve(Arc::new(web), listener)
                    .await
                    .context("the web table stopped")
            }
            None => Ok(()),
        }
    };
    let serving = async { tokio::try_join!(discord, matrix, web).map(|_| ()) };
    tokio::pin!(serving);
    tokio::select! {
        served = &mut serving => return served,
        _ = terminate.recv() => {}
    }
    tracing::info!("SIGTERM: finishing the command in hand, then stopping");
    let _ = stop.send(true);
    // The front ends go on meanwhile (the command in hand may publish through them).
    tokio::select! {
        served = &mut serving => served,
        _ = matrix_done.wait_for(|done| *done) => {
            tracing::info!("stopped");
            Ok(())
        }
    }
}
