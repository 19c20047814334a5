//! `vliv render GAME --seed N [--moves K] [--viewer SEAT|spectator] [--lang cs|en] -o FILE`:
//! a position's table as a PNG, the picture the bot attaches to the table message. The
//! moves are K random legal moves from the seed, so the same arguments draw the same table.

use std::{path::PathBuf, process::ExitCode, str::FromStr};

use clap::Args;
use vliv_engine::{registry, Lang, Viewer};

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The game id, e.g. `claim`, `louis-xiv`.
    pub game: String,
    /// The seed of the deal and of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many random legal moves to play before drawing.
    #[arg(long, default_value_t = 0)]
    pub moves: usize,
    /// Number of players (default: the game's smallest table).
    #[arg(long)]
    pub seats: Option<usize>,
    /// Whose picture: `spectator` (the public table) or a seat number from 1, whose hand
    /// is drawn below the table.
    #[arg(long, default_value = "spectator")]
    pub viewer: ViewerArg,
    #[arg(long, default_value = "en")]
    pub lang: Lang,
    /// The PNG file to write.
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

#[derive(Clone, Copy, Debug)]
pub struct ViewerArg(Viewer);

impl FromStr for ViewerArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "spectator" {
            return Ok(ViewerArg(Viewer::Spectator));
        }
        match s.parse::<u8>() {
            Ok(n) if n >= 1 => Ok(ViewerArg(Viewer::Seat(n - 1))),
            _ => Err(format!(
                "`{s}` is neither `spectator` nor a seat number from 1"
            )),
        }
    }
}

pub fn main(args: RenderArgs) -> ExitCode {
    match render(&args) {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vliv: {e}");
            ExitCode::FAILURE
        }
    }
}

fn render(args: &RenderArgs) -> Result<String, String> {
    let kind = registry::find(&args.game).ok_or_else(|| {
        let ids: Vec<&str> = registry::all().iter().map(|k| k.id()).collect();
        format!(
            "unknown game `{}`; the games are {}",
            args.game,
            ids.join(", ")
        )
    })?;
    let seats = args.seats.unwrap_or(kind.seat_range().0);
    let state = vliv_pictures::position(kind.id(), seats, args.seed, args.moves)
        .map_err(|e| e.to_string())?;
    let viewer = args.viewer.0;
    if let Viewer::Seat(s) = viewer {
        if s as usize >= seats {
            return Err(format!("seat {} is not at a table of {seats}", s + 1));
        }
    }
    let scene = match viewer {
        Viewer::Spectator => state.scene(viewer).public(),
        Viewer::Seat(_) => state.scene(viewer),
    };
    let lang = args.lang;
    let picture =
        vliv_pictures::draw(&scene, lang, &|s| lang.seat_name(s)).map_err(|e| e.to_string())?;
    std::fs::write(&args.output, &picture.png)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    Ok(format!(
        "{}: {}×{} px, {} bytes",
        args.output.display(),
        picture.width,
        picture.height,
        picture.png.len()
    ))
}
