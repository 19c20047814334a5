//! `vliv replay FILE.json [--lang cs|en]`: rebuilds a game exported with `/game export`
//! from its seed and moves, checks that it reaches the exported final state exactly, and
//! prints the outcome. Exits non-zero when the file does not replay to that state.

use std::{path::PathBuf, process::ExitCode};

use clap::Args;
use vliv_engine::{registry, Lang, Seat, Text};
use vliv_service::{i18n::tr, service::ExportedGame};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The exported game (`/game export`).
    pub file: PathBuf,
    #[arg(long, default_value = "en")]
    pub lang: Lang,
}

pub fn main(args: ReplayArgs) -> ExitCode {
    match replay(&args) {
        Ok((report, true)) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Ok((report, false)) => {
            println!("{report}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("vliv: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The report, and whether the file replayed to its final state.
fn replay(args: &ReplayArgs) -> Result<(String, bool), String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let game: ExportedGame = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not an exported game: {e}", args.file.display()))?;
    let replayed = game.replay().map_err(|e| e.to_string())?;
    let lang = args.lang;
    let say = |t: &Text| tr(lang, t, &|s| lang.seat_name(s));
    let name = registry::find(&game.game)
        .map(|k| say(&k.name()))
        .unwrap_or_else(|| game.game.clone());
    let mut lines = vec![format!(
        "{name} #{}: {} seats, {} moves replayed ({})",
        game.id,
        game.seats.len(),
        game.moves.len(),
        game.status
    )];
    let ok = match replayed.matches_final {
        Some(true) => {
            lines.push("final state: identical to the exported one".into());
            true
        }
        Some(false) => {
            lines.push("final state: DIFFERS from the exported one".into());
            false
        }
        None => {
            lines.push("final state: none exported, nothing to compare".into());
            true
        }
    };
    match &replayed.outcome {
        Some(outcome) => {
            let mut seats: Vec<Seat> = (0..outcome.places.len() as Seat).collect();
            seats.sort_by_key(|&s| (outcome.places[s as usize], s));
            for s in seats {
                let mut line = say(&Text::new("outcome-place")
                    .arg("place", outcome.places[s as usize])
                    .seat("player", s));
                if let Some(score) = outcome.scores.get(s as usize) {
                    line.push_str(&format!(" ({score})"));
                }
                lines.push(line);
            }
            lines.extend(outcome.explanation.iter().map(say));
            if game.outcome.as_ref() != Some(outcome) {
                lines.push("outcome: DIFFERS from the exported one".into());
                return Ok((lines.join("\n"), false));
            }
        }
        None => lines.push("outcome: the game did not reach its end".into()),
    }
    Ok((lines.join("\n"), ok))
}
