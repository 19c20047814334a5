//! Ruse & Bruise as neutral text: the table panel, event lines, round reports, the result.

use super::{
    cards::{halves, Card, PointCard},
    evaluation::{ColumnResult, EvalLine, Mode},
    rules::{Decision, Phase, RbEvent, RbState, ROUNDS},
    scoring::{final_scores, FinalScore},
    view::{DecisionName, RbView},
};
use crate::{
    contract::{Outcome, Seat},
    panel::{Panel, Section},
    text::Text,
};

fn column_no(column: u8) -> i64 {
    column as i64 + 1
}

fn points(cards: &[PointCard]) -> Vec<Text> {
    cards.iter().map(|p| p.text()).collect()
}

pub fn prompt(state: &RbState, seat: Seat) -> Text {
    match (state.phase, state.decision) {
        (Phase::Colours, _) => Text::new("rb-prompt-colour"),
        (Phase::StartPlayer, _) => Text::new("rb-prompt-start"),
        (_, Some(Decision::Disguise { column, .. })) => {
            Text::new("rb-prompt-disguise").arg("column", column_no(column))
        }
        (_, Some(Decision::Traitor { column, .. })) => Text::new("rb-prompt-traitor")
            .arg("column", column_no(column))
            .arg("point", state.columns[column as usize].point.text()),
        _ => Text::new("rb-prompt-play")
            .seat("player", seat)
            .arg("round", state.round),
    }
}

/// One line of a column's evaluation ("Magician (Blue) removes King (White)").
pub fn eval_text(column: u8, line: &EvalLine) -> Text {
    let col = column_no(column);
    match line {
        EvalLine::Mode { point, mode } => Text::new(match mode {
            Mode::Musketeers => "rb-eval-mode-musketeers",
            Mode::PrinceAndSquire => "rb-eval-mode-pair",
            Mode::Highest => "rb-eval-mode-highest",
            Mode::Lowest => "rb-eval-mode-lowest",
        })
        .arg("column", col)
        .arg("point", point.text()),
        EvalLine::Cancelled(c) => Text::new("rb-eval-cancelled")
            .arg("column", col)
            .arg("character", c.character.text())
            .arg("count", c.count),
        EvalLine::Removed(r) => Text::new("rb-eval-removed")
            .arg("column", col)
            .arg("by", r.by.card.text())
            .arg("card", card_hidden(r.card.card, r.card.hidden))
            .arg("value", halves(r.base)),
        EvalLine::Values { cards } => Text::new("rb-eval-values").arg("column", col).arg(
            "cards",
            cards
                .iter()
                .map(|v| match v.value {
                    Some(h) => Text::new("rb-eval-value")
                        .arg("card", card_hidden(v.entry.card, v.entry.hidden))
                        .arg("value", halves(h)),
                    None => Text::new("rb-eval-no-value")
                        .arg("card", card_hidden(v.entry.card, v.entry.hidden)),
                })
                .collect::<Vec<_>>(),
        ),
        EvalLine::Sums { sums } => Text::new("rb-eval-sums").arg("column", col).arg(
            "sums",
            sums.iter()
                .map(|&(s, h)| {
                    Text::new("rb-eval-sum")
                        .seat("player", s)
                        .arg("sum", halves(h))
                })
                .collect::<Vec<_>>(),
        ),
        EvalLine::Won {
            seat,
            point,
            mode,
            deciding_card,
        } => {
            let key = match (mode, deciding_card) {
                (Mode::PrinceAndSquire, _) => "rb-eval-won-pair",
                (Mode::Lowest, Some(_)) => "rb-eval-won-tie-lowest",
                (_, Some(_)) => "rb-eval-won-tie-highest",
                (_, None) => "rb-eval-won",
            };
            let mut t = Text::new(key)
                .arg("column", col)
                .seat("player", *seat)
                .arg("point", point.text());
            if let Some(e) = deciding_card {
                t = t.arg("card", e.card.text());
            }
            t
        }
        EvalLine::Nobody { point } => Text::new("rb-eval-nobody")
            .arg("column", col)
            .arg("point", point.text()),
    }
}

fn card_hidden(card: Card, hidden: bool) -> Text {
    if hidden {
        Text::new("rb-card-was-hidden").arg("card", card.text())
    } else {
        card.text()
    }
}

pub fn result_lines(column: &ColumnResult) -> Vec<Text> {
    column
        .lines()
        .iter()
        .map(|l| eval_text(column.column, l))
        .collect()
}

pub fn describe(event: &RbEvent) -> Text {
    match event {
        RbEvent::ColourChosen { seat, colour } => Text::new("rb-ev-colour")
            .seat("player", *seat)
            .arg("colour", colour.text()),
        RbEvent::StartPlayer { seat, random } => Text::new(if *random {
            "rb-ev-start-random"
        } else {
            "rb-ev-start-chosen"
        })
        .seat("player", *seat),
        RbEvent::RoundStarted { round, points: p } => Text::new("rb-ev-round")
            .arg("round", *round)
            .arg("rounds", ROUNDS)
            .arg("points", points(p)),
        RbEvent::Played { seat, column } => Text::new("rb-ev-played")
            .seat("player", *seat)
            .arg("column", column_no(*column)),
        RbEvent::PlayedCard { card, .. } => Text::new("rb-ev-played-card").arg("card", card.text()),
        RbEvent::Flipped { column, card } => Text::new("rb-ev-flipped")
            .arg("column", column_no(*column))
            .arg("card", card.text()),
        RbEvent::ExplorerMoved { card, from, to } => Text::new("rb-ev-explorer-moved")
            .arg("card", card.text())
            .arg("from", column_no(*from))
            .arg("to", column_no(*to)),
        RbEvent::ExplorerStays { card, column } => Text::new("rb-ev-explorer-stays")
            .arg("card", card.text())
            .arg("column", column_no(*column)),
        RbEvent::Killed { card, by, column } => Text::new("rb-ev-killed")
            .arg("by", by.text())
            .arg("card", card.text())
            .arg("column", column_no(*column)),
        RbEvent::StormClosed { card, column } => Text::new("rb-ev-storm")
            .arg("card", card.text())
            .arg("column", column_no(*column)),
        RbEvent::DisguiseEmptyHand { seat, column } => Text::new("rb-ev-disguise-empty")
            .seat("player", *seat)
            .arg("column", column_no(*column)),
        RbEvent::Hid { seat, column } => Text::new("rb-ev-hid")
            .seat("player", *seat)
            .arg("column", column_no(*column)),
        RbEvent::HidCard { card, .. } => Text::new("rb-ev-hid-card").arg("card", card.text()),
        RbEvent::HidNothing { seat, column } => Text::new("rb-ev-hid-nothing")
            .seat("player", *seat)
            .arg("column", column_no(*column)),
        RbEvent::Swapped {
            seat,
            column,
            other,
            now,
        } => Text::new("rb-ev-swapped")
            .seat("player", *seat)
            .arg("a", column_no(*column))
            .arg("b", column_no(*other))
            .arg("pa", now[0].text())
            .arg("pb", now[1].text()),
        RbEvent::NoSwap { seat, column } => Text::new("rb-ev-no-swap")
            .seat("player", *seat)
            .arg("column", column_no(*column)),
        RbEvent::Drew { card, .. } => Text::new("rb-ev-drew").arg("card", card.text()),
        RbEvent::Reshuffled { seat, count } => Text::new("rb-ev-reshuffled")
            .seat("player", *seat)
            .arg("count", *count),
        RbEvent::Skipped { seat } => Text::new("rb-ev-skipped").seat("player", *seat),
        RbEvent::NobodyCanPlay => Text::new("rb-ev-nobody-can-play"),
        RbEvent::RoundEnded { round, by } => Text::new("rb-ev-round-ended")
            .arg("round", *round)
            .seat("player", *by),
        RbEvent::Revealed { column, cards } => Text::new("rb-ev-revealed")
            .arg("column", column_no(*column))
            .arg("cards", cards.iter().map(|c| c.text()).collect::<Vec<_>>()),
        RbEvent::Evaluation { column, line } => eval_text(*column, line),
        RbEvent::GameOver => Text::new("rb-ev-game-over"),
    }
}

pub fn panel(view: &RbView) -> Panel {
    let title = match view.phase {
        Phase::Colours | Phase::StartPlayer => Text::new("rb-title-setup"),
        Phase::Play => Text::new("rb-title")
            .arg("round", view.round)
            .arg("rounds", ROUNDS),
        Phase::Over => Text::new("rb-title-over"),
    };
    let mut table = Vec::new();
    if let Some(active) = view.active {
        table.push(Text::new("rb-line-active").seat("player", active));
    }
    if let Some((seat, name)) = view.deciding {
        let key = match name {
            DecisionName::Colour => "rb-line-deciding-colour",
            DecisionName::StartPlayer => "rb-line-deciding-start",
            DecisionName::Disguise => "rb-line-deciding-disguise",
            DecisionName::Traitor => "rb-line-deciding-traitor",
        };
        table.push(Text::new(key).seat("player", seat));
    }
    if view.phase == Phase::Play {
        table.push(Text::new("rb-line-point-deck").arg("count", view.point_deck));
    }
    let mut sections = Vec::new();
    if !table.is_empty() {
        sections.push(Section::public(Text::new("rb-sec-table"), table));
    }
    for (i, c) in view.columns.iter().enumerate() {
        let status = if c.closed {
            "closed"
        } else if c.full {
            "full"
        } else {
            "open"
        };
        let heading = Text::new("rb-sec-column")
            .arg("column", i as i64 + 1)
            .arg("point", c.point.text())
            .arg("count", c.count)
            .arg("need", c.point.value())
            .arg("status", status);
        let mut lines = Vec::new();
        for (pos, card) in c.cards.iter().enumerate() {
            let colour = view.colours[card.owner as usize]
                .unwrap_or(super::cards::Colour::ALL[card.owner as usize])
                .text();
            let base = match (card.face_up, card.card) {
                (true, Some(k)) => Text::new("rb-line-up").arg("card", k.text()),
                (false, Some(k)) => Text::new("rb-line-down-known").arg("card", k.text()),
                _ => Text::new("rb-line-down").arg("colour", colour.clone()),
            };
            lines.push(base.arg("pos", pos + 1));
            if card.hides {
                lines.push(match card.hidden {
                    Some(k) => Text::new("rb-line-hidden-known").arg("card", k.text()),
                    None => Text::new("rb-line-hidden").arg("colour", colour.clone()),
                });
            }
        }
        if lines.is_empty() {
            lines.push(Text::new("rb-line-empty"));
        }
        sections.push(Section::public(heading, lines));
    }
    let mut seats = Vec::new();
    for (s, seat) in view.seats.iter().enumerate() {
        let s = s as Seat;
        seats.push(match seat.colour {
            Some(colour) => Text::new("rb-line-seat")
                .seat("player", s)
                .arg("colour", colour.text())
                .arg("hand", seat.hand)
                .arg("deck", seat.deck)
                .arg("won", seat.won),
            None => Text::new("rb-line-seat-no-colour").seat("player", s),
        });
        if !seat.discard.is_empty() {
            seats.push(
                Text::new("rb-line-discard").seat("player", s).arg(
                    "cards",
                    seat.discard
                        .iter()
                        .map(|c| c.character.text())
                        .collect::<Vec<_>>(),
                ),
            );
        }
    }
    sections.push(Section::public(Text::new("rb-sec-players"), seats));
    if !view.last_round.is_empty() {
        sections.push(Section::public(
            Text::new("rb-sec-last-round").arg("round", ROUNDS),
            view.last_round.iter().flat_map(result_lines).collect(),
        ));
    }
    if let Some(me) = &view.me {
        if view.phase == Phase::Play {
            sections.push(Section::private(
                Text::new("rb-sec-hand"),
                vec![Text::new("rb-line-cards").arg(
                    "cards",
                    me.hand.iter().map(|c| c.text()).collect::<Vec<_>>(),
                )],
            ));
        }
        if view.phase != Phase::Over {
            sections.push(Section::private(
                Text::new("rb-sec-won"),
                vec![Text::new("rb-line-cards").arg("cards", points(&me.won))],
            ));
        }
    }
    if let Some(result) = &view.result {
        sections.push(Section::public(
            Text::new("rb-sec-result"),
            explanation(result),
        ));
    }
    Panel { title, sections }
}

/// Spec §7: each player's point cards and score, then the winner(s).
fn explanation(scores: &[FinalScore]) -> Vec<Text> {
    let mut lines: Vec<Text> = scores
        .iter()
        .map(|f| match f.doubled {
            Some(d) => Text::new("rb-score-doubled")
                .seat("player", f.seat)
                .arg("cards", points(&f.cards))
                .arg("plain", f.plain as i64)
                .arg("doubled", d)
                .arg("extra", f.cards.len() - 6)
                .arg("score", f.score),
            None => Text::new("rb-score-plain")
                .seat("player", f.seat)
                .arg("cards", points(&f.cards))
                .arg("score", f.score),
        })
        .collect();
    let winners: Vec<&FinalScore> = scores.iter().filter(|f| f.place == 1).collect();
    lines.push(match winners.as_slice() {
        [w] => Text::new("rb-result-winner")
            .seat("player", w.seat)
            .arg("score", w.score),
        _ => Text::new("rb-result-shared")
            .arg(
                "players",
                winners
                    .iter()
                    .map(|w| Text::new("rb-player").seat("player", w.seat))
                    .collect::<Vec<_>>(),
            )
            .arg("score", winners[0].score),
    });
    lines
}

pub fn outcome(state: &RbState) -> Outcome {
    let won: Vec<_> = state
        .players
        .iter()
        .map(|p| p.won.as_slice().to_vec())
        .collect();
    let scores = final_scores(&won, state.doubling);
    Outcome {
        places: scores.iter().map(|f| f.place).collect(),
        scores: scores.iter().map(|f| f.score as i64).collect(),
        explanation: explanation(&scores),
    }
}
