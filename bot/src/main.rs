//! `vliv`: the Vliv bot's command line. For now it plays games in the terminal; the Discord
//! bot (`vliv run`) comes with its own issue.

mod console;
mod score;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    /// Play a game in the terminal against the random player, or watch AIs play.
    Console(console::ConsoleArgs),
    /// The best score of a hand of physical cards, e.g. `vliv score fantasy-realms 1 13 …`.
    Score(score::ScoreArgs),
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
        Some(Command::Score(args)) => score::main(args),
        None => {
            eprintln!(
                "The Discord bot is not part of this build yet.\n\
                 Try a game in the terminal:  vliv console claim\n\
                 Watch two AIs play:          vliv console claim --seats ai,ai --seed 7"
            );
            ExitCode::FAILURE
        }
    }
}
