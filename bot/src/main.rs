//! `vliv`: the Vliv bot's command line. `vliv run` (also plain `vliv`) starts the Discord
//! bot; `vliv console` plays a game in the terminal, `vliv rules` prints a game's rules in
//! short; `vliv render` draws a table; `vliv replay` rebuilds an exported game.

mod admin_command;
mod console;
mod render_command;
mod replay_command;
mod score;

use std::{io::IsTerminal, path::PathBuf, process::ExitCode};

use clap::{Args, Parser, Subcommand};
use vliv_bot::config::Config;

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
    /// Run the Discord bot (the default). The token comes from DISCORD_TOKEN.
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

    /// Rebuild a game exported with `/game export` and print its outcome.
    Replay(replay_command::ReplayArgs),
}

#[derive(Args, Default)]
struct RunArgs {
    /// A configuration file (default: vliv.toml if present; see config.example.toml).
    #[arg(long)]
    config: Option<PathBuf>,
}

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

        Some(Command::Replay(args)) => replay_command::main(args),
        Some(Command::Run(args)) => run(args),
        None => run(RunArgs::default()),
    }
}

fn run(args: RunArgs) -> ExitCode {
    let Some(token) = std::env::var("DISCORD_TOKEN")
        .ok()
        .filter(|t| !t.trim().is_empty())
    else {
        eprintln!(
            "vliv: DISCORD_TOKEN is not set.\n\
             To run the Discord bot, create an application and a bot user at\n\
             https://discord.com/developers/applications, then:\n\
             \n    DISCORD_TOKEN=... vliv run\n\n\
             (games are stored in sqlite://vliv.db unless vliv.toml says otherwise;\n\
             see config.example.toml and the README).\n\
             \n\
             Try a game in the terminal:  vliv console claim\n\
             Watch two AIs play:          vliv console claim --seats ai,ai --seed 7"
        );
        return ExitCode::FAILURE;
    };
    let config = match Config::load(args.config.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("vliv: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    let filter = tracing_subscriber::EnvFilter::try_new(&config.log)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"))
        // serenity's HTTP spans record whole request bodies (a player's hand, in a DM) at
        // INFO, where a warning inside them would print it; formatting them was also ~5 % of
        // the bot's CPU in the loopback bench. They stay off whatever the filter says.
        .add_directive("serenity::http=warn".parse().expect("a valid directive"))
        // serenity's gateway warns "Err deserializing text: …; text: {payload}" with the whole
        // dispatch, which can be an interaction carrying a hand panel: errors only there.
        .add_directive(
            "serenity::gateway::ws=error"
                .parse()
                .expect("a valid directive"),
        );
    // Colour codes only for a terminal: a service manager's journal or a file gets plain text.
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stdout().is_terminal())
        .init();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("vliv: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The token is handed to the client only; it is never logged.
    match runtime.block_on(vliv_bot::discord::run(config, token)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            ExitCode::FAILURE
        }
    }
}
