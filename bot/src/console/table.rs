//! The terminal's table: the game from deal to result, one decision point at a time. The
//! table is printed when a human seat comes to a new decision, not before every step of a
//! move it is still making (a move with parts is a chain of menus); above it, what changed
//! since that seat last decided. Two humans at one terminal see their hands only after a
//! "pass the terminal" pause, each under a header naming the seat.
//!
//! A decision point, for a seat: its first menu; a reaction (or a setup or scoring choice);
//! a new stage of the game (the table's title changes: a trick, a turn, a round, a phase);
//! or back at the menu it last saw the table at, after something happened (Ovlivnění's
//! main menu after an investment); or a move after another seat moved (a new turn of a
//! game whose title stays, as Fantasy Realms' two-player game after the draft). Anything
//! else is a step of the move being made.
//!
//! An AI seat that thinks longer than the service's notice time gets one "… is thinking"
//! line per turn, printed while it thinks.

use std::io::{BufRead, IsTerminal, Write};

use anyhow::{anyhow, bail, Context, Result};
use vliv_engine::{
    registry, Actor, Audience, ChoiceId, DecisionKind, Event, GameState, Lang, Menu, Seat, Text,
    Viewer,
};
use vliv_service::{
    i18n::tr,
    service::{
        typed_choice, Caller, Click, Fired, GameRecord, ManualClock, Report, Service, Status,
    },
};

use super::{seen::Seen, trading::Trader, user_of, SeatKind};

/// The start of a learning-mode line under a choice of a menu, and under a scoring event.
pub const CHOICE_NOTE: &str = "      ↳ ";
pub const EVENT_NOTE: &str = "  ↳ ";

/// Where a seat last saw the table.
struct Shown {
    title: String,
    prompt: String,
    /// The length of the game's log then.
    log: usize,
}

/// What the console teaches besides the game: a line under each choice (`--learn`), a
/// review of each human seat's decisions after the game (`--review`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Teaching {
    pub learn: bool,
    pub review: bool,
}

pub struct Table<'s, W: Write, R: BufRead> {
    lang: Lang,
    /// Learning mode: each choice and each scoring event explained (`--learn`).
    learn: bool,
    /// Each human seat's decisions reviewed after the game (`--review`).
    review: bool,
    seats: Vec<SeatKind>,
    service: &'s Service,
    clock: ManualClock,
    out: W,
    input: R,
    seen: Seen,
    /// Per seat, where it last saw the table.
    shown: Vec<Option<Shown>>,
    /// The human seat asked last.
    last: Option<Seat>,
    /// The human seat whose hand was shown last (the terminal passes between humans).
    holder: Option<Seat>,
    /// Per seat, whether another seat (or the game) moved since the seat last saw the table.
    others_moved: Vec<bool>,
    trader: Option<Trader>,
}

impl<'s, W: Write, R: BufRead> Table<'s, W, R> {
    pub fn new(
        lang: Lang,
        teaching: Teaching,
        seats: Vec<SeatKind>,
        service: &'s Service,
        clock: ManualClock,
        out: W,
        input: R,
    ) -> Self {
        let seats_len = seats.len();
        Table {
            lang,
            learn: teaching.learn,
            review: teaching.review,
            seen: Seen::new(seats.len()),
            shown: seats.iter().map(|_| None).collect(),
            seats,
            service,
            clock,
            out,
            input,
            last: None,
            holder: None,
            others_moved: vec![false; seats_len],
            trader: None,
        }
    }

    fn name(&self, seat: Seat) -> String {
        let who = match self.seats[seat as usize] {
            SeatKind::Human => "",
            SeatKind::Ai(_) => " (AI)",
        };
        format!("{}{who}", self.lang.seat_name(seat))
    }

    fn say(&self, text: &Text) -> String {
        tr(self.lang, text, &|s| self.name(s))
    }

    fn humans(&self) -> Vec<Seat> {
        (0..self.seats.len() as Seat)
            .filter(|&s| self.seats[s as usize] == SeatKind::Human)
            .collect()
    }

    /// Who reads the table's log between decisions: the only human, else the public.
    fn log_reader(&self) -> Viewer {
        match self.humans()[..] {
            [one] => Viewer::Seat(one),
            _ => Viewer::Spectator,
        }
    }

    pub async fn play(&mut self, lobby: GameRecord, seed: u64) -> Result<()> {
        let kind = registry::find(&lobby.kind).context("the game is registered")?;
        let names: Vec<String> = (0..self.seats.len() as Seat)
            .map(|s| self.name(s))
            .collect();
        let title = Text::new("console-title")
            .arg("game", kind.name())
            .arg("deal", seed.to_string())
            .arg("players", names.join(", "));
        writeln!(self.out, "{}", self.say(&title))?;
        let service = self.service;
        let mut report = self
            .thinking(service.start(lobby.id, Caller::user(user_of(0))))
            .await?
            .map_err(|e| anyhow!("{}", self.say(&e.text())))?;
        let (dealt, _) = self.service.replay(&report.game, Some(0)).await?;
        if Trader::trading(dealt.as_ref()) && self.seats.iter().any(|k| *k != SeatKind::Human) {
            self.trader = Some(Trader::new(seed, self.seats.len()));
        }
        self.seen.push(dealt.opening());
        // Two humans read the deal in their own "since" block, each after the hand-over.
        if self.humans().len() < 2 {
            self.print_log()?;
        }
        // A human's first decision shows the table; the opening one is for watchers.
        if self.humans().is_empty() {
            self.print_panel(dealt.as_ref(), Viewer::Spectator)?;
        }
        self.note(&report);
        loop {
            if report.game.status != Status::Running {
                break;
            }
            if self.humans().is_empty() {
                self.print_log()?;
            }
            let state = self.service.live(&report.game)?;
            let human = self.human_to_ask(state.as_ref());
            // A human putting a move together is not interrupted by the traders.
            let building = match human {
                Some(seat) => {
                    let menu = state.menu(Actor::Seat(seat));
                    menu.is_some_and(|m| !self.decision_point(state.as_ref(), seat, &m))
                }
                None => false,
            };
            let traded = match building {
                true => None,
                false => self.trader_move(state.as_ref(), human.is_some()),
            };
            if let Some((seat, choice)) = traded {
                report = self.click(seat, choice, &report.game).await?;
                let told = report.applied.iter().any(|a| !a.events.is_empty());
                let still = self
                    .service
                    .live(&report.game)?
                    .pending()
                    .iter()
                    .any(|p| p.actor == Actor::Seat(seat));
                if let Some(trader) = &mut self.trader {
                    trader.moved(seat, told || !still);
                }
                continue;
            }
            let Some(seat) = human else {
                if self.trader.is_some() && Trader::trading(state.as_ref()) {
                    self.print_log()?;
                    writeln!(self.out, "{}", self.say(&Text::new("console-trade-over")))?;
                }
                report = self.run_out_clock(report).await?;
                continue;
            };
            let menu = state
                .menu(Actor::Seat(seat))
                .context("a pending seat has no menu")?;
            let choice = match &menu.choices[..] {
                // Nothing to decide (a reaction window where only a pass is open): decided,
                // and said in one line.
                [only] => {
                    self.print_log()?;
                    let line = Text::new("console-only-choice")
                        .seat("player", seat)
                        .arg("choice", only.label.clone());
                    writeln!(self.out, "{}", self.say(&line))?;
                    self.print_explanations(state.as_ref(), seat, 0..1)?;
                    only.id
                }
                _ => self.ask(state.as_ref(), seat, &menu)?,
            };
            let before = report.game.clone();
            report = self.click(seat, choice, &before).await?;
            self.last = Some(seat);
            if let Some(trader) = &mut self.trader {
                trader.human_answered();
            }
            self.note_done_trading(&report, seat, &menu)?;
        }
        self.print_log()?;
        writeln!(self.out)?;
        let end = self.service.live(&report.game)?;
        self.print_panel(end.as_ref(), Viewer::Spectator)?;
        if self.review {
            self.print_reviews(&report.game, seed).await?;
        }
        Ok(())
    }

    /// Each human seat's review: the decisions that cost it the most estimated chance to
    /// win, each judged only from what the seat knew then (the engine's review).
    async fn print_reviews(&mut self, game: &GameRecord, seed: u64) -> Result<()> {
        let (start, _) = self.service.replay(game, Some(0)).await?;
        let (_, moves) = self.service.replay(game, None).await?;
        let moves: Vec<(Actor, ChoiceId)> =
            moves.iter().map(|(m, _)| (m.actor, m.choice)).collect();
        for seat in self.humans() {
            let review = start.ai_review(&moves, seat, seed)?;
            writeln!(self.out)?;
            let title = Text::new("console-review-title").seat("player", seat);
            writeln!(self.out, "{}", self.say(&title))?;
            let points = review.turning_point_texts();
            if points.is_empty() {
                writeln!(
                    self.out,
                    "{CHOICE_NOTE}{}",
                    self.say(&Text::new("console-review-none"))
                )?;
            }
            for point in points {
                writeln!(self.out, "{CHOICE_NOTE}{}", self.say(&point))?;
            }
        }
        Ok(())
    }

    /// The events of a report, into the log.
    fn note(&mut self, report: &Report) {
        for applied in &report.applied {
            self.seen.push(applied.events.iter().cloned());
            for (seat, moved) in self.others_moved.iter_mut().enumerate() {
                if applied.actor != Actor::Seat(seat as Seat) {
                    *moved = true;
                }
            }
        }
    }

    /// Runs `work`, a request during which AI seats may think: a seat whose thought the
    /// service announces (it took longer than the notice time) gets one "… is thinking"
    /// line, printed while it thinks; its further thoughts in a row say nothing more.
    async fn thinking<T>(&mut self, work: impl std::future::Future<Output = T>) -> Result<T> {
        let mut notices = self.service.thinking_notices();
        let mut said: Option<Seat> = None;
        tokio::pin!(work);
        let done = loop {
            tokio::select! {
                biased;
                done = &mut work => break done,
                notice = notices.recv() => {
                    if let Ok(notice) = notice {
                        self.say_thinking(notice.seat, &mut said)?;
                    }
                }
            }
        };
        // A thought announced just before the request returned.
        while let Ok(notice) = notices.try_recv() {
            self.say_thinking(notice.seat, &mut said)?;
        }
        Ok(done)
    }

    fn say_thinking(&mut self, seat: Seat, said: &mut Option<Seat>) -> Result<()> {
        if *said != Some(seat) {
            *said = Some(seat);
            let line = Text::new("table-ai-thinking").seat("player", seat);
            writeln!(self.out, "{}", self.say(&line))?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// The human seat to ask now: the one whose move goes on, else the first pending.
    fn human_to_ask(&self, state: &dyn GameState) -> Option<Seat> {
        let pending: Vec<Seat> = state
            .pending()
            .iter()
            .filter_map(|p| match p.actor {
                Actor::Seat(s) if self.seats[s as usize] == SeatKind::Human => Some(s),
                _ => None,
            })
            .collect();
        match self.last {
            Some(last) if pending.contains(&last) => Some(last),
            _ => pending.first().copied(),
        }
    }

    fn trader_move(&mut self, state: &dyn GameState, human: bool) -> Option<(Seat, ChoiceId)> {
        let trader = self.trader.as_mut()?;
        if !Trader::trading(state) {
            return None;
        }
        trader.next_move(state, &self.seats, human)
    }

    async fn click(&mut self, seat: Seat, choice: ChoiceId, game: &GameRecord) -> Result<Report> {
        let click = Click {
            game: game.id,
            seat,
            counter: game.counters[seat as usize],
            choice,
        };
        let service = self.service;
        let report = self
            .thinking(service.play(user_of(seat as usize), click))
            .await?
            .map_err(|e| anyhow!("{}", self.say(&e.text())))?;
        self.note(&report);
        Ok(report)
    }

    /// A human said "done for now" in a trading period: say what that means here.
    fn note_done_trading(&mut self, report: &Report, seat: Seat, menu: &Menu) -> Result<()> {
        if self.trader.is_none() || menu.kind != DecisionKind::Trade {
            return Ok(());
        }
        let state = self.service.live(&report.game)?;
        let still_asked = state.pending().iter().any(|p| p.actor == Actor::Seat(seat));
        if Trader::trading(state.as_ref()) && !still_asked {
            self.print_log()?;
            let line = Text::new("console-trade-done").seat("player", seat);
            writeln!(self.out, "{}", self.say(&line))?;
        }
        Ok(())
    }

    /// Moves time to the next deadline and returns what its clock did.
    async fn run_out_clock(&mut self, report: Report) -> Result<Report> {
        let Some(due) = self.service.next_deadline().await? else {
            bail!("the game waits for nobody");
        };
        self.clock.advance_to(due);
        let service = self.service;
        let fired = self
            .thinking(service.fire_due())
            .await?
            .map_err(|e| anyhow!("{e}"))?;
        let mut last = report.game;
        let mut applied = Vec::new();
        for f in fired {
            if let Fired::TimedOut { report, .. } | Fired::Moved { report } = f {
                last = report.game;
                applied.extend(report.applied);
            }
        }
        let report = Report {
            game: self.service.game(last.id).await.unwrap_or(last),
            applied,
            stalled: false,
        };
        self.note(&report);
        Ok(report)
    }

    /// Whether `menu` of `seat` is a new decision point (see the module's doc) rather than a
    /// step of the move it is making.
    fn decision_point(&self, game: &dyn GameState, seat: Seat, menu: &Menu) -> bool {
        let Some(shown) = &self.shown[seat as usize] else {
            return true;
        };
        let passed = self.humans().len() > 1 && self.holder != Some(seat);
        let kind = !matches!(menu.kind, DecisionKind::Move | DecisionKind::Trade);
        // A trading period has no turns: the others' trades do not make a new one.
        let new_turn = menu.kind == DecisionKind::Move && self.others_moved[seat as usize];
        passed
            || kind
            || new_turn
            || self.title(game, seat) != shown.title
            || (shown.prompt == menu.prompt.key && self.seen.count() > shown.log)
    }

    fn title(&self, game: &dyn GameState, seat: Seat) -> String {
        let title = game.panel(Viewer::Seat(seat)).title;
        self.say(&title)
    }

    /// One menu of a human seat: at a new decision point the seat's header (several humans),
    /// what changed since its last decision and the table; inside a move only the new events.
    fn ask(&mut self, game: &dyn GameState, seat: Seat, menu: &Menu) -> Result<ChoiceId> {
        if !self.decision_point(game, seat, menu) {
            let events = self.seen.unread(seat);
            self.print_events(&events)?;
        } else {
            self.hand_over(seat)?;
            let events = self.seen.unread(seat);
            if !events.is_empty() {
                writeln!(self.out, "{}", self.say(&Text::new("console-since")))?;
                self.print_events(&events)?;
            }
            self.print_panel(game, Viewer::Seat(seat))?;
            self.others_moved[seat as usize] = false;
            self.shown[seat as usize] = Some(Shown {
                title: self.title(game, seat),
                prompt: menu.prompt.key.to_string(),
                log: self.seen.count(),
            });
        }
        writeln!(self.out, "{}: {}", self.name(seat), self.say(&menu.prompt))?;
        let lines = match self.learn {
            true => game.explain_choices(seat).unwrap_or_default(),
            false => Vec::new(),
        };
        for (i, c) in menu.choices.iter().enumerate() {
            writeln!(self.out, "  {:>2}) {}", i + 1, self.say(&c.label))?;
            if let Some(line) = lines.get(i) {
                writeln!(self.out, "{CHOICE_NOTE}{}", self.say(line))?;
            }
        }
        loop {
            write!(self.out, "> ")?;
            let line = self.read_line()?;
            match line.trim() {
                "t" => self.print_panel(game, Viewer::Seat(seat))?,
                "h" => self.print_hint(game, seat)?,
                // `?` alone: what the cards of this menu do; `?40`, `?hydra`: that card.
                q if q.starts_with('?') => {
                    let lines = super::card_help::answer(self.lang, game, menu, &q[1..]);
                    for l in lines {
                        writeln!(self.out, "{l}")?;
                    }
                }
                answer => match answer.parse::<usize>() {
                    Ok(n) if (1..=menu.choices.len()).contains(&n) => {
                        return Ok(menu.choices[n - 1].id)
                    }
                    // A name is read as `/play` reads it; what is not offered is
                    // answered with the rule it breaks, or "not available now".
                    parsed => {
                        let refusal = match parsed {
                            Ok(_) => vliv_engine::RuleError::IllegalChoice.text(),
                            Err(_) => match typed_choice(game, seat, answer, &|t| self.say(t)) {
                                Ok(id) => return Ok(id),
                                Err(rule) => rule,
                            },
                        };
                        let hint =
                            Text::new("console-answer").arg("max", menu.choices.len().to_string());
                        writeln!(self.out, "{} {}", self.say(&refusal), self.say(&hint))?;
                    }
                },
            }
        }
    }

    /// "What would the AI do?": the search's three best choices for `seat` with their
    /// estimated chances to win, from what the seat knows only (as an AI seat decides).
    fn print_hint(&mut self, game: &dyn GameState, seat: Seat) -> Result<()> {
        // The same hint for the same position: seeded by how far the game is.
        let seed = (self.seen.count() as u64) << 8 | u64::from(seat);
        writeln!(self.out, "{}", self.say(&Text::new("console-hint-title")))?;
        for hint in game.ai_hint(seat, seed) {
            let percent = (hint.win_chance * 100.0).round() as i64;
            let line = Text::new("console-hint-line")
                .arg("choice", self.say(&hint.label))
                .arg("percent", percent);
            writeln!(self.out, "{CHOICE_NOTE}{}", self.say(&line))?;
        }
        Ok(())
    }

    /// With several humans at the terminal, the seat to decide takes it over: a pause, the
    /// screen cleared on a real terminal, and a header naming the seat.
    fn hand_over(&mut self, seat: Seat) -> Result<()> {
        if self.humans().len() < 2 {
            return Ok(());
        }
        if self.holder != Some(seat) {
            let pause = Text::new("console-pass").seat("player", seat);
            writeln!(self.out, "{}", self.say(&pause))?;
            self.read_line()?;
            if std::io::stdout().is_terminal() {
                write!(self.out, "\x1b[2J\x1b[H")?;
            }
            self.holder = Some(seat);
        }
        let header = Text::new("console-seat").seat("player", seat);
        writeln!(self.out, "{}", self.say(&header))?;
        Ok(())
    }

    fn read_line(&mut self) -> Result<String> {
        self.out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            bail!("{}", self.say(&Text::new("console-input-ended")));
        }
        Ok(line)
    }

    /// What nobody at the terminal has been shown yet, as its reader may see it.
    fn print_log(&mut self) -> Result<()> {
        let events = self.seen.fresh(self.log_reader());
        self.print_events(&events)
    }

    fn print_events(&mut self, events: &[Event]) -> Result<()> {
        for e in events {
            match e.audience {
                // Private: said whose eyes it is for.
                Audience::Seat(s) => {
                    writeln!(self.out, "({}) {}", self.name(s), self.say(&e.text))?
                }
                Audience::Public => writeln!(self.out, "{}", self.say(&e.text))?,
            }
            // The scoring explained under the event that scored (same audience).
            if self.learn {
                for line in &e.explanation {
                    writeln!(self.out, "{EVENT_NOTE}{}", self.say(line))?;
                }
            }
        }
        Ok(())
    }

    /// Learning mode: the explanations of `seat`'s choices in `range`, one line each.
    fn print_explanations(
        &mut self,
        game: &dyn GameState,
        seat: Seat,
        range: std::ops::Range<usize>,
    ) -> Result<()> {
        if !self.learn {
            return Ok(());
        }
        let lines = game.explain_choices(seat).unwrap_or_default();
        for line in lines.get(range).unwrap_or_default() {
            writeln!(self.out, "{CHOICE_NOTE}{}", self.say(line))?;
        }
        Ok(())
    }

    fn print_panel(&mut self, game: &dyn GameState, viewer: Viewer) -> Result<()> {
        let panel = game.panel(viewer).localize(self.lang, &|s| self.name(s))?;
        write!(self.out, "{}", panel.to_plain())?;
        Ok(())
    }
}
