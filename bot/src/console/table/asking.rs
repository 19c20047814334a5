//! A human seat at the terminal: its menu asked (with the table at a new decision point),
//! its hand, card texts and hints on request, and the terminal passed between humans.

use std::io::{BufRead, IsTerminal, Write};

use anyhow::{anyhow, bail, Context, Result};
use vliv_engine::{registry, Menu, Seat, Text, Viewer};
use vliv_service::{
    app::{self, Answer, Numbers, Outcome, Request, SeatView},
    render::cards::card_line,
    service::{GameRecord, PendingMenu},
};

use super::{Answered, Shown, Table, CHOICE_NOTE};

impl<W: Write, R: BufRead> Table<'_, W, R> {
    /// One menu of a human seat: at a new decision point the seat's header (several humans),
    /// what changed since its last decision and the table; inside a move only the new events.
    pub(super) async fn ask(
        &mut self,
        rec: &GameRecord,
        view: &SeatView,
        seat: Seat,
        pending: &PendingMenu,
    ) -> Result<Answered> {
        let menu = &pending.menu;
        let reader = Viewer::Seat(seat);
        if !self.decision_point(view, seat, menu) {
            let stretch = self.seen.unread(seat);
            let lines = self.read(rec, reader, stretch).await?;
            self.print_lines(reader, &lines)?;
        } else {
            self.hand_over(seat)?;
            let stretch = self.seen.unread(seat);
            let lines = self.read(rec, reader, stretch).await?;
            if !lines.is_empty() {
                writeln!(self.out, "{}", self.say(&Text::new("console-since")))?;
                self.print_lines(reader, &lines)?;
            }
            self.print_panel(&view.panel)?;
            self.others_moved[seat as usize] = false;
            self.shown[seat as usize] = Some(Shown {
                title: self.say(&view.panel.title),
                prompt: menu.prompt.key.to_string(),
                log: self.seen.end(),
            });
        }
        writeln!(self.out, "{}: {}", self.name(seat), self.say(&menu.prompt))?;
        for (i, c) in menu.choices.iter().enumerate() {
            writeln!(self.out, "  {:>2}) {}", i + 1, self.say(&c.label))?;
            if let Some(line) = view.explanations.get(i) {
                writeln!(self.out, "{CHOICE_NOTE}{}", self.say(line))?;
            }
        }
        loop {
            write!(self.out, "> ")?;
            let line = self.read_line()?;
            match line.trim() {
                "t" => self.print_hand(seat).await?,
                "h" => self.print_hint(seat).await?,
                // `?` alone: what the cards of this menu do; `?40`, `?hydra`: that card.
                q if q.starts_with('?') => self.print_cards(seat, rec, menu, &q[1..]).await?,
                answer => match answer.parse::<usize>() {
                    Ok(n) if (1..=menu.choices.len()).contains(&n) => {
                        return Ok(Answered::Choice(menu.choices[n - 1].id))
                    }
                    // A name is read as `/play` reads it; what is not offered is
                    // answered with the rule it breaks, or "not available now".
                    parsed => {
                        let refusal = match parsed {
                            Ok(_) => vliv_engine::RuleError::IllegalChoice.text(),
                            Err(_) => {
                                let typed = Request::Play {
                                    typed: answer.to_owned(),
                                    numbers: Numbers::Positions,
                                };
                                match self.change(seat, typed).await? {
                                    Ok(report) => return Ok(Answered::Played(Box::new(report))),
                                    Err(why) => why,
                                }
                            }
                        };
                        let hint =
                            Text::new("console-answer").arg("max", menu.choices.len().to_string());
                        writeln!(self.out, "{} {}", self.say(&refusal), self.say(&hint))?;
                    }
                },
            }
        }
    }

    /// `t`: the seat's hand and table again, as `Request::Hand` shows a player theirs.
    async fn print_hand(&mut self, seat: Seat) -> Result<()> {
        let outcome = self
            .request(seat, Request::Hand)
            .await?
            .map_err(|why| anyhow!("{}", self.say(&why)))?;
        let Answer::Hands(hands) = outcome.answer else {
            bail!("a hand asked for without the hand");
        };
        let (rec, seat) = hands.into_iter().next().context("a seated player's hand")?;
        let view = app::seat_view(self.service, &rec, seat, false)?;
        self.print_panel(&view.panel)
    }

    /// `?`: the cards the menu names (read off the menu itself), or the card `query` names
    /// (`Request::CardLookup`).
    async fn print_cards(
        &mut self,
        seat: Seat,
        rec: &GameRecord,
        menu: &Menu,
        query: &str,
    ) -> Result<()> {
        let lines = match query.trim().is_empty() {
            true => {
                let kind = registry::find(&rec.kind).context("the game is registered")?;
                crate::console::card_help::menu_cards(self.lang, kind, menu)
            }
            false => {
                let lookup = Request::CardLookup {
                    game: rec.kind.clone(),
                    card: query.to_owned(),
                };
                match self.request(seat, lookup).await? {
                    Ok(Outcome {
                        answer: Answer::Card(card),
                        ..
                    }) => vec![card_line(self.lang, &card)],
                    Ok(_) => bail!("a card lookup answered without the card"),
                    Err(why) => vec![self.say(&why)],
                }
            }
        };
        for l in lines {
            writeln!(self.out, "{l}")?;
        }
        Ok(())
    }

    /// "What would the AI do?": the search's three best choices for `seat` with their
    /// estimated chances to win, from what the seat knows only (`Request::Hint`).
    async fn print_hint(&mut self, seat: Seat) -> Result<()> {
        writeln!(self.out, "{}", self.say(&Text::new("console-hint-title")))?;
        let hint = match self.request(seat, Request::Hint).await? {
            Ok(Outcome {
                answer: Answer::Hint(hint),
                ..
            }) => hint,
            Ok(_) => bail!("a hint asked for without the hint"),
            Err(why) => {
                writeln!(self.out, "{CHOICE_NOTE}{}", self.say(&why))?;
                return Ok(());
            }
        };
        for choice in &hint.choices {
            let percent = (choice.win_chance * 100.0).round() as i64;
            let line = Text::new("console-hint-line")
                .arg("choice", self.say(&choice.label))
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
}
