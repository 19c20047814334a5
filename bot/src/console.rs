//! The console front end: one game in the terminal, humans choose by number, AI seats use
//! the random player. With the same seed and seats the output is the same.

use std::io::{self, BufRead, Write};

use anyhow::{bail, Context, Result};
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vliv_engine::{
    random_player, registry, Actor, Audience, Event, GameState, Lang, OptionValues, Seat, Viewer,
};

#[derive(Args, Debug)]
pub struct ConsoleArgs {
    /// The game id, e.g. `claim`.
    pub game: String,
    /// Who sits where, comma separated: `human` or `ai` (default: you against AIs).
    #[arg(long, value_delimiter = ',')]
    pub seats: Vec<SeatKind>,
    /// The game seed (default: random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Language of the table: cs or en.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SeatKind {
    Human,
    Ai,
}

pub fn run(args: ConsoleArgs) -> Result<()> {
    let Some(kind) = registry::find(&args.game) else {
        let ids: Vec<_> = registry::all().iter().map(|g| g.id()).collect();
        bail!(
            "unknown game `{}`; the games are: {}",
            args.game,
            ids.join(", ")
        );
    };
    let (min, _) = kind.seat_range();
    let seats = if args.seats.is_empty() {
        std::iter::once(SeatKind::Human)
            .chain(std::iter::repeat_n(SeatKind::Ai, min.max(2) - 1))
            .collect()
    } else {
        args.seats.clone()
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let game = kind
        .new_game(&OptionValues::new(), seats.len(), seed)
        .with_context(|| format!("cannot start {}", args.game))?;
    let stdin = io::stdin();
    let mut table = Table {
        lang: args.lang,
        seats,
        game,
        ai: ChaCha8Rng::seed_from_u64(seed ^ 0xA1),
        out: io::stdout().lock(),
    };
    table.play(seed, &mut stdin.lock())
}

struct Table<W: Write> {
    lang: Lang,
    seats: Vec<SeatKind>,
    game: Box<dyn GameState>,
    ai: ChaCha8Rng,
    out: W,
}

impl<W: Write> Table<W> {
    fn name(&self, seat: Seat) -> String {
        let who = match self.seats[seat as usize] {
            SeatKind::Human => "",
            SeatKind::Ai => " (AI)",
        };
        format!("{}{who}", self.lang.seat_name(seat))
    }

    fn say(&self, text: &vliv_engine::Text) -> String {
        self.lang.text(text, &|s| self.name(s))
    }

    fn play(&mut self, seed: u64, input: &mut impl BufRead) -> Result<()> {
        let title = self.say(&self.game.kind().name());
        let names: Vec<String> = (0..self.seats.len() as Seat)
            .map(|s| self.name(s))
            .collect();
        writeln!(self.out, "{title} — seed {seed} — {}", names.join(", "))?;
        self.print_panel(Viewer::Spectator)?;
        loop {
            let pending = self.game.pending();
            let Some(p) = pending
                .iter()
                .find(|p| !self.is_human(p.actor))
                .or(pending.first())
                .copied()
            else {
                break;
            };
            let choice = if self.is_human(p.actor) {
                self.ask(p.actor, input)?
            } else {
                random_player::choose_dyn(self.game.as_ref(), p.actor, &mut self.ai)
                    .context("a pending seat has no legal choice")?
            };
            let events = self
                .game
                .apply(p.actor, choice)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            self.print_events(&events)?;
        }
        writeln!(self.out)?;
        self.print_panel(Viewer::Spectator)?;
        Ok(())
    }

    fn is_human(&self, actor: Actor) -> bool {
        matches!(actor, Actor::Seat(s) if self.seats[s as usize] == SeatKind::Human)
    }

    fn ask(&mut self, actor: Actor, input: &mut impl BufRead) -> Result<vliv_engine::ChoiceId> {
        let Actor::Seat(seat) = actor else {
            unreachable!("only seats are human")
        };
        self.print_panel(Viewer::Seat(seat))?;
        let menu = self
            .game
            .menu(actor)
            .context("a pending seat has no menu")?;
        writeln!(self.out, "{}: {}", self.name(seat), self.say(&menu.prompt))?;
        for (i, c) in menu.choices.iter().enumerate() {
            writeln!(self.out, "  {:>2}) {}", i + 1, self.say(&c.label))?;
        }
        loop {
            write!(self.out, "> ")?;
            self.out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                bail!("input ended before the game did");
            }
            match line.trim().parse::<usize>() {
                Ok(n) if (1..=menu.choices.len()).contains(&n) => return Ok(menu.choices[n - 1].id),
                _ => writeln!(self.out, "1–{}?", menu.choices.len())?,
            }
        }
    }

    fn print_events(&mut self, events: &[Event]) -> Result<()> {
        for e in events {
            let line = match e.audience {
                Audience::Public => self.say(&e.text),
                // A private event reaches the console only for a human seat's eyes.
                Audience::Seat(s) if self.seats[s as usize] == SeatKind::Human => {
                    format!("({}) {}", self.name(s), self.say(&e.text))
                }
                Audience::Seat(_) => continue,
            };
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn print_panel(&mut self, viewer: Viewer) -> Result<()> {
        let panel = self
            .game
            .panel(viewer)
            .localize(self.lang, &|s| self.name(s))?;
        write!(self.out, "{}", panel.to_plain())?;
        Ok(())
    }
}
