//! `vliv score <game> <card>…`: the best score of a hand of physical cards. Fantasy Realms
//! is the only game with a calculator; the rules and checks live in the engine.

use std::process::ExitCode;

use clap::Args;
use vliv_engine::{games::fantasy_realms::calculator, Lang, Text};

#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// The game id: `fantasy-realms`.
    pub game: String,
    /// The cards, one per argument: number 1–53 or Czech or English name (quoted if it has
    /// spaces; case and accents do not matter). 7 cards, or 8 with the Necromancer.
    #[arg(required = true, num_args = 1..)]
    pub cards: Vec<String>,
    /// Print `{"total": N, "cards": [...]}` instead of text.
    #[arg(long)]
    pub json: bool,
    /// Chaotic Realms: the Necromancer's eighth card may be of any suit.
    #[arg(long)]
    pub chaotic: bool,
    /// Language of the text output: cs or en.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
}

pub fn main(args: ScoreArgs) -> ExitCode {
    let say = |t: &Text| args.lang.text(t, &|_| String::new());
    if args.game != "fantasy-realms" {
        eprintln!(
            "vliv: no score calculator for `{}`; try `vliv score fantasy-realms <card>…`",
            args.game
        );
        return ExitCode::FAILURE;
    }
    let hand = match calculator::parse_hand(&args.cards, args.chaotic) {
        Ok(hand) => hand,
        Err(e) => {
            eprintln!("vliv: {}", say(&e.text()));
            return ExitCode::FAILURE;
        }
    };
    let scored = calculator::score(&hand);
    if args.json {
        println!("{}", calculator::to_json(&scored));
    } else {
        for line in calculator::lines(&scored, args.lang) {
            println!("{line}");
        }
    }
    ExitCode::SUCCESS
}
