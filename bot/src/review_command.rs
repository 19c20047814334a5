//! `vliv review FILE.json [--seat N] [--lang cs|en]`: the review of a game exported with
//! `/game export`, on the reader's own machine: every decision of a seat with its estimated
//! chance to win after the choice made and after the best one, and the three turning
//! points. The file is the game's record; a review is worked out from it (about 25 s of one
//! core a seat) rather than stored in it, so an export is answered at once and a review of
//! an old file gains from a better AI.

use std::{path::PathBuf, process::ExitCode};

use clap::Args;
use vliv_engine::{registry, Lang, Seat};
use vliv_service::{
    render::{review_lines_named, Names},
    service::ExportedGame,
};

#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The exported game (`/game export`).
    pub file: PathBuf,
    /// The seat to review, from 1 (default: every player's seat, or every seat of a game
    /// the AI played alone).
    #[arg(long)]
    pub seat: Option<u32>,
    #[arg(long, default_value = "en")]
    pub lang: Lang,
    /// The search's iterations for each decision (default: the review's own budget, about
    /// 25 s of one core for a whole game). Fewer is faster and rougher.
    #[arg(long)]
    pub iterations: Option<u32>,
}

pub fn main(args: ReviewArgs) -> ExitCode {
    match review(&args) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vliv: {e}");
            ExitCode::FAILURE
        }
    }
}

fn review(args: &ReviewArgs) -> Result<String, String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let game: ExportedGame = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not an exported game: {e}", args.file.display()))?;
    let seats = seats_to_review(&game, args.seat)?;
    // As the chat's review: a game that ended (a frozen one stopped mid-game, its moves
    // no longer replaying as stored).
    if !matches!(game.status.as_str(), "finished" | "abandoned") {
        return Err(format!(
            "game {} is {}: only an ended game is reviewed",
            game.id, game.status
        ));
    }
    let replayed = game.replay().map_err(|e| e.to_string())?;
    let kind = registry::find(&game.game).ok_or_else(|| format!("unknown game `{}`", game.game))?;
    let cfg = match args.iterations {
        Some(n) => kind.search_iterations(n),
        None => kind.review_config(),
    };
    let names = Names::for_exported(&game.seats, args.lang);
    let mut out = Vec::new();
    for seat in seats {
        // The seed the chat's review uses, so both give the same review for one budget.
        let review = replayed
            .start
            .ai_review_with(&replayed.moves, seat, &cfg, game.seed)
            .map_err(|e| e.to_string())?;
        out.push(review_lines_named(&names, game.id, seat, &review, args.lang).join("\n"));
    }
    Ok(out.join("\n\n"))
}

/// The asked seat (from 1), or every player's seat; every seat when the AI played alone.
fn seats_to_review(game: &ExportedGame, asked: Option<u32>) -> Result<Vec<Seat>, String> {
    let all = game.seats.len();
    if let Some(n) = asked {
        return match n {
            1.. if (n as usize) <= all => Ok(vec![(n - 1) as Seat]),
            _ => Err(format!("the game has seats 1 to {all}, not {n}")),
        };
    }
    let players: Vec<Seat> = (0..all as Seat)
        .filter(|&s| game.seats[s as usize] == "user")
        .collect();
    Ok(match players.is_empty() {
        true => (0..all as Seat).collect(),
        false => players,
    })
}
