//! Fantasy Realms as neutral text: the table panel, event lines, score breakdowns and the
//! result.

use super::{
    cards::Card,
    rules::{FrEvent, FrState, Offer, Variant, Wish},
    score::Identity,
    search::{CardScore, Declaration, Scored},
    view::{FrView, Phase, SeatResult},
};
use crate::{
    contract::{Outcome, Seat},
    panel::{Panel, Section},
    text::Text,
};

fn cards(list: &[Card]) -> Vec<Text> {
    list.iter().map(|c| c.text()).collect()
}

/// Bonuses print as "+n", penalties as "−n" (also when 0), so the columns read clearly.
fn signed(n: i32, plus: bool) -> String {
    if plus && n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", n.abs())
    }
}

pub fn variant(v: Variant) -> Text {
    Text::new(format!("fr-variant-{}", v.key()))
}

fn identity(id: Identity) -> Text {
    match id {
        Identity::Named(c) => Text::new("fr-note-becomes")
            .arg("card", c.text())
            .arg("suit", c.suit().text()),
        Identity::SuitOnly(s) => Text::new("fr-note-becomes-suit").arg("suit", s.text()),
    }
}

pub fn declaration(d: Declaration) -> Text {
    match d {
        Declaration::Copies(c) => Text::new("fr-note-copies").arg("card", c.text()),
        Declaration::Becomes(id) => identity(id),
        Declaration::Changes(c, s) => Text::new("fr-note-changes")
            .arg("card", c.text())
            .arg("suit", s.text()),
        Declaration::Clears(c) => Text::new("fr-note-clears").arg("card", c.text()),
        Declaration::Takes(c) => Text::new("fr-note-takes").arg("card", c.text()),
    }
}

/// One card of a breakdown (§10.8): identity, base, bonus, penalty, total or BLANKED, notes.
pub fn card_line(l: &CardScore) -> Text {
    let mut notes = Vec::new();
    if let Some(d) = l.declaration {
        notes.push(declaration(d));
    }
    if !l.cleared_by.is_empty() {
        notes.push(Text::new("fr-note-cleared").arg("cards", cards(&l.cleared_by)));
    }
    if !l.army_cleared_by.is_empty() {
        notes.push(Text::new("fr-note-army-cleared").arg("cards", cards(&l.army_cleared_by)));
    }
    let key = match (l.blanked, notes.is_empty()) {
        (true, true) => "fr-line-card-blanked",
        (true, false) => "fr-line-card-blanked-notes",
        (false, true) => "fr-line-card",
        (false, false) => "fr-line-card-notes",
    };
    Text::new(key)
        .arg("card", l.card.text())
        .arg("suit", l.suit.text())
        .arg("base", l.base)
        .arg("bonus", signed(l.bonus, true))
        .arg("penalty", signed(l.penalty, false))
        .arg("total", l.total)
        .arg("notes", notes)
}

pub fn breakdown(scored: &Scored) -> Vec<Text> {
    scored.cards.iter().map(card_line).collect()
}

fn wish(w: Option<Wish>) -> Text {
    match w {
        None => Text::new("fr-wish-none"),
        Some(Wish::Suit(s)) => Text::new("fr-wish-suit").arg("suit", s.text()),
        Some(Wish::Card(c)) => Text::new("fr-wish-card").arg("card", c.text()),
    }
}

fn offer_line(o: &Offer) -> Text {
    let base = match o.to {
        Some(to) => Text::new("fr-line-offer-to").seat("to", to),
        None => Text::new("fr-line-offer-all"),
    };
    base.seat("from", o.from)
        .arg("card", o.card.text())
        .arg("wish", wish(o.wish))
}

pub fn panel(view: &FrView) -> Panel {
    let title = match view.phase {
        Phase::Over => Text::new("fr-title-over").arg("variant", variant(view.variant)),
        _ => Text::new("fr-title").arg("variant", variant(view.variant)),
    };
    let mut table = Vec::new();
    match (view.phase, view.to_move) {
        (Phase::Trading, _) => table
            .push(Text::new("fr-line-trading").arg("minutes", view.time_limit.unwrap_or(0) as i64)),
        (Phase::Over, _) => {}
        (_, Some(seat)) => table.push(Text::new("fr-line-to-move").seat("player", seat)),
        _ => {}
    }
    table.push(Text::new("fr-line-deck").arg("count", view.deck_size));
    if let (Some(left), false) = (view.discards_left, view.phase == Phase::Over) {
        table.push(Text::new("fr-line-discards-left").arg("count", left));
    }
    if view.variant == Variant::Chaotic {
        table.push(Text::new("fr-line-trades").arg("count", view.trades as i64));
    }
    let sizes: Vec<Text> = view
        .hand_sizes
        .iter()
        .enumerate()
        .map(|(s, &n)| {
            Text::new("fr-line-hand-size")
                .seat("player", s as Seat)
                .arg("count", n)
        })
        .collect();
    table.push(Text::new("fr-line-hand-sizes").arg("sizes", sizes));
    let mut sections = vec![Section::public(Text::new("fr-sec-table"), table)];
    if view.variant != Variant::Chaotic {
        let lines: Vec<Text> = view
            .discard
            .iter()
            .map(|d| {
                Text::new("fr-line-discard")
                    .arg("card", d.card.text())
                    .seat("player", d.by)
            })
            .collect();
        sections.push(Section::public(
            Text::new("fr-sec-discard").arg("count", view.discard.len()),
            vec![Text::new("fr-line-list").arg("items", lines)],
        ));
    }
    if let Some(me) = &view.me {
        let mut lines = breakdown(&me.score);
        if let Some(c) = me.taken {
            lines.push(Text::new("fr-line-taken").arg("card", c.text()));
        }
        if let Some(d) = me.drawn {
            lines.push(Text::new("fr-line-drawn").arg("cards", cards(&d)));
        }
        sections.push(Section::private(
            Text::new("fr-sec-hand").arg("total", me.score.total as i64),
            lines,
        ));
        if view.variant == Variant::Chaotic {
            let mut trade = Vec::new();
            match &me.my_offer {
                Some(o) => trade.push(offer_line(o)),
                None => trade.push(Text::new("fr-line-no-offer")),
            }
            trade.extend(me.offers_to_me.iter().map(offer_line));
            trade.extend(me.my_answers.iter().map(|a| {
                Text::new("fr-line-my-answer")
                    .seat("to", a.to)
                    .arg("card", a.card.text())
            }));
            trade.extend(me.answers_to_me.iter().map(|a| {
                Text::new("fr-line-answer-to-me")
                    .seat("from", a.from)
                    .arg("card", a.card.text())
            }));
            sections.push(Section::private(Text::new("fr-sec-trading"), trade));
        }
    }
    if let Some(result) = &view.result {
        for r in result {
            sections.push(Section::public(
                Text::new("fr-sec-final-hand")
                    .seat("player", r.seat)
                    .arg("total", r.score.total as i64)
                    .arg("place", r.place),
                breakdown(&r.score),
            ));
        }
        sections.push(Section::public(
            Text::new("fr-sec-result"),
            outcome_of(result).explanation,
        ));
    }
    Panel { title, sections }
}

pub fn describe(event: &FrEvent) -> Text {
    match *event {
        FrEvent::TookFromDeck { seat } => Text::new("fr-ev-took-deck").seat("player", seat),
        FrEvent::Drew { card, .. } => Text::new("fr-ev-drew").arg("card", card.text()),
        FrEvent::TookDiscard { seat, card } => Text::new("fr-ev-took-discard")
            .seat("player", seat)
            .arg("card", card.text()),
        FrEvent::Discarded { seat, card } => Text::new("fr-ev-discarded")
            .seat("player", seat)
            .arg("card", card.text()),
        FrEvent::DrewTwo { seat } => Text::new("fr-ev-drew-two").seat("player", seat),
        FrEvent::DrewTwoCards { cards: c, .. } => {
            Text::new("fr-ev-drew-two-cards").arg("cards", cards(&c))
        }
        FrEvent::Kept { card, .. } => Text::new("fr-ev-kept").arg("card", card.text()),
        FrEvent::OfferMade {
            from,
            to,
            card,
            wish: w,
            ..
        } => match to {
            Some(to) => Text::new("fr-ev-offer-to").seat("to", to),
            None => Text::new("fr-ev-offer-all"),
        }
        .seat("from", from)
        .arg("card", card.text())
        .arg("wish", wish(w)),
        FrEvent::OfferWithdrawn { from, .. } => {
            Text::new("fr-ev-offer-withdrawn").seat("player", from)
        }
        FrEvent::Answered {
            viewer,
            from,
            to,
            card,
        } => {
            if viewer == to {
                Text::new("fr-ev-answered-you")
                    .seat("player", from)
                    .arg("card", card.text())
            } else {
                Text::new("fr-ev-you-answered")
                    .seat("player", to)
                    .arg("card", card.text())
            }
        }
        FrEvent::AnswerWithdrawn { from, to, .. } => Text::new("fr-ev-answer-withdrawn")
            .seat("from", from)
            .seat("to", to),
        FrEvent::AnswerDeclined { from, to, .. } => Text::new("fr-ev-answer-declined")
            .seat("from", from)
            .seat("to", to),
        FrEvent::Traded { a, b } => Text::new("fr-ev-traded").seat("a", a).seat("b", b),
        FrEvent::TradedCards { gave, got, .. } => Text::new("fr-ev-traded-cards")
            .arg("gave", gave.text())
            .arg("got", got.text()),
        FrEvent::TradingOver => Text::new("fr-ev-trading-over"),
        FrEvent::DeckEmpty => Text::new("fr-ev-deck-empty"),
        FrEvent::NecromancerTook { seat, card } => Text::new("fr-ev-necromancer")
            .seat("player", seat)
            .arg("card", card.text()),
        FrEvent::FinalScore { seat, total } => Text::new("fr-ev-final-score")
            .seat("player", seat)
            .arg("total", total as i64),
        FrEvent::GameOver => Text::new("fr-ev-game-over"),
    }
}

pub fn outcome(state: &FrState) -> Outcome {
    let places = state.places();
    let results: Vec<SeatResult> = (0..state.seats() as Seat)
        .map(|seat| SeatResult {
            seat,
            place: places[seat as usize],
            base_sum: state.base_sum(seat),
            score: state.scores[seat as usize].clone(),
        })
        .collect();
    outcome_of(&results)
}

/// Places by total, then by lower total base strength (§5.3, D16); the rest share.
fn outcome_of(results: &[SeatResult]) -> Outcome {
    let mut order: Vec<&SeatResult> = results.iter().collect();
    order.sort_by_key(|r| (r.place, r.seat));
    let mut explanation: Vec<Text> = order
        .iter()
        .map(|r| {
            Text::new("fr-result-line")
                .arg("place", r.place)
                .seat("player", r.seat)
                .arg("total", r.score.total as i64)
                .arg("base", r.base_sum as i64)
        })
        .collect();
    let top = order[0].score.total;
    let tied_on_points = results.iter().filter(|r| r.score.total == top).count();
    let winners: Vec<&SeatResult> = results.iter().filter(|r| r.place == 1).collect();
    if tied_on_points > 1 {
        explanation.push(
            Text::new("fr-result-tie-break")
                .arg("count", tied_on_points)
                .arg("total", top as i64),
        );
    }
    explanation.push(if winners.len() == 1 {
        Text::new("fr-result-winner")
            .seat("player", winners[0].seat)
            .arg("total", top as i64)
    } else {
        let names: Vec<Text> = winners
            .iter()
            .map(|r| Text::new("fr-player").seat("player", r.seat))
            .collect();
        Text::new("fr-result-shared")
            .arg("players", names)
            .arg("total", top as i64)
    });
    Outcome {
        places: results.iter().map(|r| r.place).collect(),
        scores: results.iter().map(|r| r.score.total as i64).collect(),
        explanation,
    }
}
