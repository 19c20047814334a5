//! The console front end: one game in the terminal over the session service (on an
//! in-memory SQLite store), humans choose by number, AI seats are the service's random
//! player. With the same seed and seats the output is the same.

use std::{
    io::{self, BufRead, Write},
    sync::Arc,
};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use vliv_bot::{
    service::{
        typed_choice, AiBudget, Caller, Click, Fired, GameRecord, ManualClock, OpenLobby, Report,
        SeatHolder, Service, Status,
    },
    store::Store,
};
use vliv_engine::{
    registry, Actor, Audience, Event, GameState, Lang, Level, OptionValues, Seat, Viewer,
};

#[derive(Args, Debug)]
pub struct ConsoleArgs {
    /// The game id, e.g. `claim`.
    pub game: String,
    /// Who sits where, comma separated: `human`, `ai` (level normal) or `ai:easy`,
    /// `ai:normal`, `ai:hard` (default: you against normal AIs).
    #[arg(long, value_delimiter = ',')]
    pub seats: Vec<SeatKind>,
    /// The game seed (default: random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Language of the table: cs or en.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
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

/// The console's one user id per human seat; the host is the first.
fn user_of(seat: usize) -> u64 {
    seat as u64 + 1
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
            .chain(std::iter::repeat_n(
                SeatKind::Ai(Level::Normal),
                min.max(2) - 1,
            ))
            .collect()
    } else {
        args.seats.clone()
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let store = Store::connect("sqlite::memory:").await?;
        // Time passes only when nobody at the terminal can act: then the next game clock
        // (a trading period) runs out at once, and the output stays the same for a seed.
        let clock = ManualClock::at(0);
        // Untimed: the same seed and seats give the same game on any machine.
        let service = Service::new(store, Arc::new(clock.clone()))
            .with_ai_budget(AiBudget::from_env(AiBudget::Untimed), false);
        let holders = seats
            .iter()
            .enumerate()
            .map(|(i, k)| match k {
                SeatKind::Human => SeatHolder::User(user_of(i)),
                SeatKind::Ai(level) => SeatHolder::Ai {
                    forfeited_by: None,
                    level: *level,
                },
            })
            .collect();
        let lobby = service
            .open(OpenLobby {
                guild: 0,
                channel: 0,
                parent: None,
                kind: args.game.clone(),
                host: user_of(0),
                seats: holders,
                options: OptionValues::new(),
                seed: Some(seed),
                lang: args.lang,
            })
            .await
            .map_err(|e| anyhow!("cannot start {}: {e}", args.game))?;
        let mut table = Table {
            lang: args.lang,
            seats,
            service: &service,
            clock,
            out: io::stdout().lock(),
        };
        let stdin = io::stdin();
        table.play(lobby, seed, &mut stdin.lock()).await
    })
}

struct Table<'s, W: Write> {
    lang: Lang,
    seats: Vec<SeatKind>,
    service: &'s Service,
    clock: ManualClock,
    out: W,
}

impl<W: Write> Table<'_, W> {
    fn name(&self, seat: Seat) -> String {
        let who = match self.seats[seat as usize] {
            SeatKind::Human => "",
            SeatKind::Ai(_) => " (AI)",
        };
        format!("{}{who}", self.lang.seat_name(seat))
    }

    fn say(&self, text: &vliv_engine::Text) -> String {
        self.lang.text(text, &|s| self.name(s))
    }

    async fn play(&mut self, lobby: GameRecord, seed: u64, input: &mut impl BufRead) -> Result<()> {
        let kind = registry::find(&lobby.kind).context("the game is registered")?;
        let title = self.say(&kind.name());
        let names: Vec<String> = (0..self.seats.len() as Seat)
            .map(|s| self.name(s))
            .collect();
        let mut report = self
            .service
            .start(lobby.id, Caller::user(user_of(0)))
            .await
            .map_err(|e| anyhow!("cannot start {}: {e}", lobby.kind))?;
        writeln!(self.out, "{title} — seed {seed} — {}", names.join(", "))?;
        let (dealt, _) = self.service.replay(&report.game, Some(0)).await?;
        self.print_panel(dealt.as_ref(), Viewer::Spectator)?;
        loop {
            self.print_report(&report)?;
            if report.game.status != Status::Running {
                break;
            }
            let state = self.service.live(&report.game)?;
            // The service moved every AI seat; what waits is a human or a game clock.
            let Some(seat) = state.pending().iter().find_map(|p| match p.actor {
                Actor::Seat(s) if self.seats[s as usize] == SeatKind::Human => Some(s),
                _ => None,
            }) else {
                report = self.run_out_clock(report).await?;
                continue;
            };
            let choice = self.ask(state.as_ref(), seat, input)?;
            let click = Click {
                game: report.game.id,
                seat,
                counter: report.game.counters[seat as usize],
                choice,
            };
            report = self
                .service
                .play(user_of(seat as usize), click)
                .await
                .map_err(|e| anyhow!("{e}"))?;
        }
        writeln!(self.out)?;
        let end = self.service.live(&report.game)?;
        self.print_panel(end.as_ref(), Viewer::Spectator)?;
        Ok(())
    }

    /// Moves time to the next deadline and returns what its clock did.
    async fn run_out_clock(&mut self, report: Report) -> Result<Report> {
        let Some(due) = self.service.next_deadline().await? else {
            bail!("the game waits for nobody");
        };
        self.clock.advance_to(due);
        let fired = self.service.fire_due().await.map_err(|e| anyhow!("{e}"))?;
        let mut last = report.game;
        let mut applied = Vec::new();
        for f in fired {
            if let Fired::TimedOut { report, .. } | Fired::Moved { report } = f {
                last = report.game;
                applied.extend(report.applied);
            }
        }
        Ok(Report {
            game: self.service.game(last.id).await.unwrap_or(last),
            applied,
            stalled: false,
        })
    }

    fn ask(
        &mut self,
        game: &dyn GameState,
        seat: Seat,
        input: &mut impl BufRead,
    ) -> Result<vliv_engine::ChoiceId> {
        self.print_panel(game, Viewer::Seat(seat))?;
        let menu = game
            .menu(Actor::Seat(seat))
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
            // A number picks from the list; a name is read as `/play` reads it, and what
            // is not offered is answered with its rule or "not available now".
            let refusal = match line.trim().parse::<usize>() {
                Ok(n) if (1..=menu.choices.len()).contains(&n) => return Ok(menu.choices[n - 1].id),
                Ok(_) => vliv_engine::RuleError::IllegalChoice.text(),
                Err(_) => match typed_choice(game, seat, &line, &|t| self.say(t)) {
                    Ok(id) => return Ok(id),
                    Err(rule) => rule,
                },
            };
            let said = self.say(&refusal);
            writeln!(self.out, "{said} (1–{})", menu.choices.len())?;
        }
    }

    fn print_report(&mut self, report: &Report) -> Result<()> {
        for applied in &report.applied {
            self.print_events(&applied.events)?;
        }
        Ok(())
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

    fn print_panel(&mut self, game: &dyn GameState, viewer: Viewer) -> Result<()> {
        let panel = game.panel(viewer).localize(self.lang, &|s| self.name(s))?;
        write!(self.out, "{}", panel.to_plain())?;
        Ok(())
    }
}
