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
//!
//! The console is a front end like the chats: each operation is an `app::Request` of the
//! seat's own user, and what it prints are views the application layer built for one
//! reader (a seat's panel and menu, the public panel). It holds no game state; of the
//! game's log it keeps only how far each reader has read (`seen.rs`), and prints the lines
//! the application layer gives that reader (`app::events_since`).

use std::io::{BufRead, Write};
use vliv_service::service::{ChannelId, GuildId};

use anyhow::{anyhow, bail, Context, Result};
use vliv_engine::{registry, ChoiceId, DecisionKind, Lang, Menu, Panel, Seat, Text, Viewer};
use vliv_service::{
    app::{
        self, worded, Answer, EventLine, LogMark, Origin, Outcome, Plan, Refusal, Request,
        SeatView, Target,
    },
    i18n::tr,
    render::WHY_PREFIX,
    service::{
        Fired, GameRecord, ManualClock, Place, Platform, Report, Service, Status, TradingAi,
    },
};

use super::{
    seen::{Seen, Stretch},
    user_of, SeatKind,
};

mod asking;

/// The start of a learning-mode line under a choice of a menu, and under a scoring event.
pub const CHOICE_NOTE: &str = "      ↳ ";
pub const EVENT_NOTE: &str = "  ↳ ";

/// Where a seat last saw the table.
struct Shown {
    title: String,
    prompt: String,
    /// How far the game's log went then.
    log: LogMark,
}

/// What the console teaches besides the game: a line under each choice (`--learn`), a
/// review of each human seat's decisions after the game (`--review`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Teaching {
    pub learn: bool,
    pub review: bool,
}

/// How a human seat answered its menu: a choice to click, or a move already made (a
/// choice typed by name is a `Request::Play`, which makes it).
enum Answered {
    Choice(ChoiceId),
    Played(Box<Report>),
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
    /// The service's trading policy for the AI seats, in a game that opens with a trading
    /// period (they are seated as the console's users then, so that the period ends when
    /// the players are done rather than on a clock).
    trader: Option<TradingAi>,
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

    /// Who asks for `seat`: its own user at the terminal, in the place the console's game
    /// lives in (guild 0, channel 0), on the console's own platform: refusals name its
    /// choices, not a chat's buttons or commands.
    fn origin(&self, seat: Seat) -> Origin {
        Origin {
            platform: Platform::Console,
            user: user_of(seat as usize),
            place: Place::channel(GuildId(0), ChannelId(0)),
            admin: false,
            private: false,
            key: None,
            reads: Some(self.lang),
            name: None,
        }
    }

    /// `request` carried out by the application layer for `seat`'s user (AI seats may
    /// think meanwhile); a refusal comes back as its text.
    async fn request(&mut self, seat: Seat, request: Request) -> Result<Result<Outcome, Text>> {
        let service = self.service;
        let origin = self.origin(seat);
        match self
            .thinking(app::execute(service, &origin, request))
            .await?
        {
            Ok(outcome) => Ok(Ok(outcome)),
            Err(Refusal::Refused(why)) => Ok(Err(why)),
            Err(Refusal::Failed(e) | Refusal::NotShown(e)) => Err(anyhow!("{e}")),
        }
    }

    /// A request that changes the game: its report, whose events go into the log.
    async fn change(&mut self, seat: Seat, request: Request) -> Result<Result<Report, Text>> {
        let outcome = match self.request(seat, request).await? {
            Ok(outcome) => outcome,
            Err(why) => return Ok(Err(why)),
        };
        let Plan::Report { report, .. } = outcome.publish else {
            bail!("a move answered without the game's change");
        };
        self.note(&report);
        Ok(Ok(report))
    }

    pub async fn play(&mut self, lobby: GameRecord, seed: u64, trading: bool) -> Result<()> {
        let kind = registry::find(&lobby.kind).context("the game is registered")?;
        let names: Vec<String> = (0..self.seats.len() as Seat)
            .map(|s| self.name(s))
            .collect();
        let title = Text::new("console-title")
            .arg("game", kind.name())
            .arg("deal", seed.to_string())
            .arg("players", names.join(", "));
        writeln!(self.out, "{}", self.say(&title))?;
        let started = self
            .request(0, Request::Start(Target::Game(lobby.id)))
            .await?
            .map_err(|why| anyhow!("{}", self.say(&why)))?;
        let Plan::Report { mut report, .. } = started.publish else {
            bail!("the start answered without the game's change");
        };
        let ai: Vec<Seat> = (0..self.seats.len() as Seat)
            .filter(|&s| self.seats[s as usize] != SeatKind::Human)
            .collect();
        if trading && !ai.is_empty() {
            self.trader = Some(TradingAi::new(seed, self.seats.len(), ai));
        }
        let dealt = app::dealt(self.service, &report.game).await?;
        self.seen.dealt(dealt.end);
        // Two humans read the deal in their own "since" block, each after the hand-over.
        if self.humans().len() < 2 {
            self.print_log(&report.game).await?;
        }
        // A human's first decision shows the table; the opening one is for watchers.
        if self.humans().is_empty() {
            self.print_panel(&dealt.table)?;
        }
        // The moves the start made (AI seats first to move) follow the deal.
        self.note(&report);
        loop {
            if report.game.status != Status::Running {
                break;
            }
            if self.humans().is_empty() {
                self.print_log(&report.game).await?;
            }
            let rec = report.game.clone();
            let human = self.human_to_ask(&rec)?;
            let view = match human {
                Some(seat) => Some(app::seat_view(self.service, &rec, seat, self.learn)?),
                None => None,
            };
            // A human putting a move together is not interrupted by the traders.
            let building = match (human, &view) {
                (Some(seat), Some(view)) => view
                    .menu
                    .as_ref()
                    .is_some_and(|m| !self.decision_point(view, seat, &m.menu)),
                _ => false,
            };
            if !building {
                if let Some(traded) = self.trader_move(&rec, human.is_some()).await? {
                    report = traded;
                    continue;
                }
            }
            let (Some(seat), Some(view)) = (human, view) else {
                if self.trader.is_some() && self.service.trading_open(&rec)? {
                    self.print_log(&rec).await?;
                    writeln!(self.out, "{}", self.say(&Text::new("console-trade-over")))?;
                }
                report = self.run_out_clock(report).await?;
                continue;
            };
            let menu = view.menu.clone().context("a pending seat has no menu")?;
            let answered = match &menu.menu.choices[..] {
                // Nothing to decide (a reaction window where only a pass is open): decided,
                // and said in one line.
                [only] => {
                    self.print_log(&rec).await?;
                    let line = Text::new("console-only-choice")
                        .seat("player", seat)
                        .arg("choice", only.label.clone());
                    writeln!(self.out, "{}", self.say(&line))?;
                    self.print_explanations(&view, 0..1)?;
                    Answered::Choice(only.id)
                }
                _ => self.ask(&rec, &view, seat, &menu).await?,
            };
            report = match answered {
                Answered::Choice(choice) => self
                    .change(seat, Request::Click(menu.click(choice)))
                    .await?
                    .map_err(|why| anyhow!("{}", self.say(&why)))?,
                Answered::Played(report) => *report,
            };
            self.last = Some(seat);
            if let Some(trader) = &mut self.trader {
                trader.human_answered();
            }
            self.note_done_trading(&report, seat, &menu.menu).await?;
        }
        self.print_log(&report.game).await?;
        writeln!(self.out)?;
        self.print_last_table().await?;
        if self.review {
            self.print_reviews(&report.game).await?;
        }
        Ok(())
    }

    /// The game's last table, as the place's status shows it: the public panel.
    async fn print_last_table(&mut self) -> Result<()> {
        let outcome = self
            .request(0, Request::Status)
            .await?
            .map_err(|why| anyhow!("{}", self.say(&why)))?;
        let Plan::Table { game, .. } = outcome.publish else {
            bail!("the status answered without the game's table");
        };
        let rec = self.service.game(game).await?;
        let panel = app::public_panel(self.service, &rec)?;
        self.print_panel(&panel)
    }

    /// Each human seat's review: the decisions that cost it the most estimated chance to
    /// win, each judged only from what the seat knew then (the service's review).
    async fn print_reviews(&mut self, game: &GameRecord) -> Result<()> {
        for seat in self.humans() {
            let request = Request::Review {
                game: Target::Game(game.id),
                seat: Some(i64::from(seat) + 1),
            };
            let outcome = self
                .request(seat, request)
                .await?
                .map_err(|why| anyhow!("{}", self.say(&why)))?;
            let Answer::Review(job) = outcome.answer else {
                bail!("a review answered without the review");
            };
            let review = job
                .finish()
                .await
                .map_err(|e| anyhow!("{}", self.say(&worded(Platform::Console, e))))?;
            writeln!(self.out)?;
            let title = Text::new("console-review-title").seat("player", seat);
            writeln!(self.out, "{}", self.say(&title))?;
            let points = review.turning_points_explained();
            if points.is_empty() {
                writeln!(
                    self.out,
                    "{CHOICE_NOTE}{}",
                    self.say(&Text::new("console-review-none"))
                )?;
            }
            for (point, why) in points {
                writeln!(self.out, "{CHOICE_NOTE}{}", self.say(&point))?;
                let indent = " ".repeat(CHOICE_NOTE.chars().count());
                for line in why {
                    writeln!(self.out, "{indent}{WHY_PREFIX}{}", self.say(&line))?;
                }
            }
        }
        Ok(())
    }

    /// The moves of a report: the log goes on past them, and who else moved.
    fn note(&mut self, report: &Report) {
        self.seen.note(report);
        for applied in &report.applied {
            for (seat, moved) in self.others_moved.iter_mut().enumerate() {
                if applied.actor != vliv_engine::Actor::Seat(seat as Seat) {
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

    /// The human seat to ask now: the one whose move goes on, else the first the game
    /// waits for.
    fn human_to_ask(&self, rec: &GameRecord) -> Result<Option<Seat>> {
        let pending: Vec<Seat> = app::waiting(self.service, rec)?
            .into_iter()
            .map(|(seat, _)| seat)
            .filter(|&s| self.seats[s as usize] == SeatKind::Human)
            .collect();
        Ok(match self.last {
            Some(last) if pending.contains(&last) => Some(last),
            _ => pending.first().copied(),
        })
    }

    /// One trading move of the AI seats, made by the service's trading policy.
    async fn trader_move(&mut self, rec: &GameRecord, human: bool) -> Result<Option<Report>> {
        let Some(mut trader) = self.trader.take() else {
            return Ok(None);
        };
        let service = self.service;
        let done = self
            .thinking(service.ai_trade(&mut trader, rec, human))
            .await;
        self.trader = Some(trader);
        let report = done?.map_err(|e| anyhow!("{}", self.say(&worded(Platform::Console, e))))?;
        if let Some(report) = &report {
            self.note(report);
        }
        Ok(report)
    }

    /// A human said "done for now" in a trading period: say what that means here.
    async fn note_done_trading(&mut self, report: &Report, seat: Seat, menu: &Menu) -> Result<()> {
        if self.trader.is_none() || menu.kind != DecisionKind::Trade {
            return Ok(());
        }
        let still_asked = app::waiting(self.service, &report.game)?
            .iter()
            .any(|&(s, _)| s == seat);
        if self.service.trading_open(&report.game)? && !still_asked {
            self.print_log(&report.game).await?;
            let line = Text::new("console-trade-done").seat("player", seat);
            writeln!(self.out, "{}", self.say(&line))?;
        }
        Ok(())
    }

    /// Moves time to the next deadline and returns what its clock did. The console is its
    /// process's only front end: it sweeps the deadlines itself, as the dispatcher does.
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
    fn decision_point(&self, view: &SeatView, seat: Seat, menu: &Menu) -> bool {
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
            || self.say(&view.panel.title) != shown.title
            || (shown.prompt == menu.prompt.key && self.seen.end() > shown.log)
    }

    /// What nobody at the terminal has been shown yet, as its reader may read it.
    async fn print_log(&mut self, rec: &GameRecord) -> Result<()> {
        let reader = self.log_reader();
        let stretch = self.seen.fresh(reader);
        let lines = self.read(rec, reader, stretch).await?;
        self.print_lines(reader, &lines)
    }

    /// The lines of `stretch` of the game's log that `reader` may read, in the terminal's
    /// language and names (the application layer chooses them).
    pub(super) async fn read(
        &self,
        rec: &GameRecord,
        reader: Viewer,
        (since, upto): Stretch,
    ) -> Result<Vec<EventLine>> {
        let names = |s: Seat| self.name(s);
        let reader = app::Reader {
            viewer: reader,
            lang: self.lang,
            names: &names,
            learn: self.learn,
        };
        Ok(app::events_since(self.service, rec, &reader, since, upto).await?)
    }

    pub(super) fn print_lines(&mut self, reader: Viewer, lines: &[EventLine]) -> Result<()> {
        for line in lines {
            match (line.private, reader) {
                // The reader's own: said whose eyes it is for.
                (true, Viewer::Seat(s)) => writeln!(self.out, "({}) {}", self.name(s), line.text)?,
                _ => writeln!(self.out, "{}", line.text)?,
            }
            // The scoring explained under the event that scored.
            for why in &line.explanation {
                writeln!(self.out, "{EVENT_NOTE}{why}")?;
            }
        }
        Ok(())
    }

    /// Learning mode: the explanations of the seat's choices in `range`, one line each.
    fn print_explanations(&mut self, view: &SeatView, range: std::ops::Range<usize>) -> Result<()> {
        for line in view.explanations.get(range).unwrap_or_default() {
            writeln!(self.out, "{CHOICE_NOTE}{}", self.say(line))?;
        }
        Ok(())
    }

    fn print_panel(&mut self, panel: &Panel) -> Result<()> {
        let panel = panel.localize(self.lang, &|s| self.name(s))?;
        write!(self.out, "{}", panel.to_plain())?;
        Ok(())
    }
}
