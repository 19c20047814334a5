//! Ovlivnění as neutral text: the table panel, event lines, prompts, the result.

use super::{
    cards::{card_text, resource_text, CardRef, Country, Effect, CONFUSION, REINFORCEMENTS},
    events::OvEvent,
    menu::{decider, Decision},
    params::Params,
    state::{OvState, Phase, PromptKind, What, TO_WIN},
    view::OvView,
};
use crate::{
    contract::{Outcome, Seat},
    panel::{Panel, Section},
    text::Text,
};

fn cards(list: &[CardRef]) -> Vec<Text> {
    list.iter().map(|c| c.text()).collect()
}

fn countries(list: &[u8]) -> Vec<Text> {
    list.iter().map(|&c| Country(c).text()).collect()
}

/// The public parameters of a declaration (§6.1). Posily's discards are announced as a
/// count only: they are still in the hand until the card resolves.
pub fn params_text(effect: Effect, params: &Params, hidden: usize) -> Text {
    match params {
        Params::None => Text::new("ov-params-none"),
        Params::Moves(moves) => Text::new("ov-params-moves").arg(
            "moves",
            moves
                .iter()
                .map(|&(f, t)| {
                    Text::new("ov-params-move")
                        .arg("from", Country(f).text())
                        .arg("to", Country(t).text())
                })
                .collect::<Vec<_>>(),
        ),
        Params::Converts(sources) => Text::new("ov-params-converts").arg(
            "sources",
            sources
                .iter()
                .map(|s| match s {
                    None => Text::new("ov-params-treasury"),
                    Some(c) => Country(*c).text(),
                })
                .collect::<Vec<_>>(),
        ),
        Params::Base(card) => Text::new("ov-params-base").arg("card", card_text(*card)),
        Params::Cards(list) if effect.card() == REINFORCEMENTS => {
            Text::new("ov-params-count").arg("count", list.len().max(hidden))
        }
        Params::Cards(list) => Text::new("ov-params-cards").arg(
            "cards",
            list.iter().map(|&c| card_text(c)).collect::<Vec<_>>(),
        ),
        Params::Country(c) => Text::new("ov-params-country").arg("country", Country(*c).text()),
        Params::CountryRes(c, r) => Text::new("ov-params-country-res")
            .arg("country", Country(*c).text())
            .arg("res", resource_text(*r as usize)),
        Params::Withdraw { country, b, m } => Text::new("ov-params-withdraw")
            .arg("country", Country(*country).text())
            .arg("b", *b as i64)
            .arg("m", *m as i64),
        Params::Countries(list) => {
            Text::new("ov-params-countries").arg("countries", countries(list))
        }
    }
}

fn what_text(top: &super::state::Item) -> Text {
    match &top.what {
        What::Play {
            card,
            effect,
            licence,
            params,
            ..
        } => Text::new(if *licence {
            "ov-what-licence"
        } else {
            "ov-what-play"
        })
        .seat("player", top.owner)
        .arg("card", card_text(*card))
        .arg("effect", effect.text())
        .arg("params", params_text(*effect, params, 0)),
        What::Capture { country } => Text::new("ov-what-capture")
            .seat("player", top.owner)
            .arg("country", Country(*country).text()),
    }
}

pub fn prompt(s: &OvState, seat: Seat) -> Text {
    match decider(s) {
        Some((_, Decision::Root)) => Text::new("ov-prompt-main")
            .seat("player", seat)
            .arg("b", s.players[seat as usize].treasury[0] as i64)
            .arg("m", s.players[seat as usize].treasury[1] as i64),
        Some((_, Decision::Invest)) => {
            let (res, slot) = s.invest.expect("an invest action");
            Text::new("ov-prompt-invest")
                .arg("res", resource_text(res as usize))
                .arg(
                    "country",
                    Country(s.slots[slot as usize].expect("a country")).text(),
                )
        }
        Some((_, Decision::Declare)) => {
            let d = s.decl.as_ref().expect("a declaration");
            Text::new("ov-prompt-declare")
                .arg("card", card_text(d.card))
                .arg("effect", d.effect.text())
                .arg("params", params_text(d.effect, &d.params, 0))
        }
        Some((_, Decision::Confirm)) => {
            let d = s.decl.as_ref().expect("a declaration");
            Text::new(if d.licence {
                "ov-prompt-confirm-licence"
            } else {
                "ov-prompt-confirm"
            })
            .arg("card", card_text(d.card))
            .arg("effect", d.effect.text())
            .arg("params", params_text(d.effect, &d.params, 0))
        }
        Some((_, Decision::Window)) => {
            let top = s.stack.last().expect("a window");
            Text::new("ov-prompt-window").arg("what", what_text(top))
        }
        Some((_, Decision::Prompt)) => match &s.prompt.as_ref().expect("a prompt").kind {
            PromptKind::Look { .. } => Text::new("ov-prompt-look"),
            PromptKind::Discard { left, .. } => {
                Text::new("ov-prompt-discard").arg("count", *left as i64)
            }
        },
        Some((_, Decision::EndDiscard)) => Text::new("ov-prompt-end-discard"),
        None => Text::new("ov-prompt-over"),
    }
}

fn res_pair(b: u32, m: u32) -> Text {
    Text::new("ov-bm").arg("b", b as i64).arg("m", m as i64)
}

pub fn describe(e: &OvEvent) -> Text {
    match e {
        OvEvent::FirstPlayer { seat } => Text::new("ov-ev-first").seat("player", *seat),
        OvEvent::TurnStarted { seat, turn } => Text::new("ov-ev-turn")
            .seat("player", *seat)
            .arg("turn", *turn as i64),
        OvEvent::Capturing { seat, country } => Text::new("ov-ev-capturing")
            .seat("player", *seat)
            .arg("country", country.text()),
        OvEvent::Captured {
            seat,
            country,
            total,
        } => Text::new("ov-ev-captured")
            .seat("player", *seat)
            .arg("country", country.text())
            .arg("total", *total)
            .arg("need", TO_WIN),
        OvEvent::Refilled { slot, country } => Text::new("ov-ev-refilled")
            .arg("slot", *slot + 1)
            .arg("country", country.text()),
        OvEvent::BaseIncome { seat, card, b, m } => Text::new("ov-ev-base-income")
            .seat("player", *seat)
            .arg("card", card.text())
            .arg("gain", res_pair(*b, *m)),
        OvEvent::Invested {
            seat,
            res,
            country,
            amount,
        } => Text::new("ov-ev-invested")
            .seat("player", *seat)
            .arg("amount", *amount as i64)
            .arg("res", resource_text(*res))
            .arg("country", country.text()),
        OvEvent::FactoryActivated { seat } => Text::new("ov-ev-factory").seat("player", *seat),
        OvEvent::Declared {
            seat,
            card,
            effect,
            licence,
            params,
            hidden,
        } => Text::new(if *licence {
            "ov-ev-declared-licence"
        } else {
            "ov-ev-declared"
        })
        .seat("player", *seat)
        .arg("card", card.text())
        .arg("effect", effect.text())
        .arg("params", params_text(*effect, params, *hidden)),
        OvEvent::Passed { seat } => Text::new("ov-ev-passed").seat("player", *seat),
        OvEvent::CancelledPlay { card } => Text::new("ov-ev-cancelled").arg("card", card.text()),
        OvEvent::Gained { seat, b, m } => Text::new("ov-ev-gained")
            .seat("player", *seat)
            .arg("gain", res_pair(*b, *m)),
        OvEvent::SharesIncome { seat, b, m } => Text::new("ov-ev-shares")
            .seat("player", *seat)
            .arg("gain", res_pair(*b, *m)),
        OvEvent::Moved {
            seat,
            res,
            from,
            to,
        } => Text::new("ov-ev-moved")
            .seat("player", *seat)
            .arg("res", resource_text(*res))
            .arg("from", from.text())
            .arg("to", to.text()),
        OvEvent::Converted {
            seat,
            from_res,
            place,
        } => Text::new("ov-ev-converted")
            .seat("player", *seat)
            .arg("from", resource_text(*from_res))
            .arg("to", resource_text(1 - *from_res))
            .arg(
                "place",
                place.map_or(Text::new("ov-params-treasury"), |c| c.text()),
            ),
        OvEvent::Withdrew {
            seat,
            country,
            b,
            m,
        } => Text::new("ov-ev-withdrew")
            .seat("player", *seat)
            .arg("country", country.text())
            .arg("gain", res_pair(*b, *m)),
        OvEvent::Insured {
            seat,
            country,
            b,
            m,
        } => Text::new("ov-ev-insured")
            .seat("player", *seat)
            .arg("country", country.text())
            .arg("gain", res_pair(*b, *m)),
        OvEvent::BaseRemoved { card, instead_of } => match instead_of {
            Some(t) => Text::new("ov-ev-base-removed-instead")
                .seat("player", card.owner)
                .arg("card", card.text())
                .arg("target", t.text()),
            None => Text::new("ov-ev-base-removed")
                .seat("player", card.owner)
                .arg("card", card.text()),
        },
        OvEvent::BasePlaced { card } => Text::new("ov-ev-base-placed")
            .seat("player", card.owner)
            .arg("card", card.text()),
        OvEvent::StatusPlaced { card, replaced } => match replaced {
            Some(old) => Text::new("ov-ev-status-replaced")
                .seat("player", card.owner)
                .arg("card", card.text())
                .arg("old", old.text()),
            None => Text::new("ov-ev-status")
                .seat("player", card.owner)
                .arg("card", card.text()),
        },
        OvEvent::TookFromDiscard { card } => Text::new("ov-ev-took")
            .seat("player", card.owner)
            .arg("card", card.text()),
        OvEvent::PutOnDeck { seat, cards: c } => Text::new("ov-ev-put-on-deck")
            .seat("player", *seat)
            .arg("cards", cards(c)),
        OvEvent::Looked { cards: c, .. } => Text::new("ov-ev-looked").arg("cards", cards(c)),
        OvEvent::LookedCount { seat, count } => Text::new("ov-ev-looked-count")
            .seat("player", *seat)
            .arg("count", *count),
        OvEvent::PutBack { seat, count } => Text::new("ov-ev-put-back")
            .seat("player", *seat)
            .arg("count", *count),
        OvEvent::Drew { cards: c, .. } => Text::new("ov-ev-drew").arg("cards", cards(c)),
        OvEvent::DrewCount { seat, count } => Text::new("ov-ev-drew-count")
            .seat("player", *seat)
            .arg("count", *count),
        OvEvent::Reshuffled { seat, count } => Text::new("ov-ev-reshuffled")
            .seat("player", *seat)
            .arg("count", *count),
        OvEvent::Discarded { seat, cards: c } => Text::new("ov-ev-discarded")
            .seat("player", *seat)
            .arg("cards", cards(c)),
        OvEvent::CountryReplaced { old, new } => match new {
            Some(n) => Text::new("ov-ev-replaced")
                .arg("old", old.text())
                .arg("new", n.text()),
            None => Text::new("ov-ev-replaced-none").arg("old", old.text()),
        },
        OvEvent::DoubledB { seat, country, now } => Text::new("ov-ev-doubled")
            .seat("player", *seat)
            .arg("country", country.text())
            .arg("now", *now as i64),
        OvEvent::RemovedM {
            seat,
            country,
            amount,
        } => Text::new("ov-ev-removed-m")
            .seat("player", *seat)
            .arg("country", country.text())
            .arg("amount", *amount as i64),
        OvEvent::TurnEnded { seat } => Text::new("ov-ev-turn-ended").seat("player", *seat),
        OvEvent::Won { seat } => Text::new("ov-ev-won").seat("player", *seat),
        OvEvent::TurnLimitDraw { turns } => {
            Text::new("ov-ev-turn-limit").arg("turns", *turns as i64)
        }
    }
}

pub fn panel(v: &OvView) -> Panel {
    let title = match v.phase {
        Phase::Over => Text::new("ov-title-over"),
        _ => Text::new("ov-title")
            .arg("turn", v.turn as i64)
            .seat("player", v.active),
    };
    let mut table = Vec::new();
    if let Some((seat, reaction)) = v.waiting {
        table.push(
            Text::new(if reaction {
                "ov-line-waiting-reaction"
            } else {
                "ov-line-waiting"
            })
            .seat("player", seat),
        );
    }
    table.push(match v.status {
        Some(c) => Text::new("ov-line-status").arg("card", c.text()),
        None => Text::new("ov-line-no-status"),
    });
    // §4: Zmatek changes no threshold but halves every invested M.
    if v.status.is_some_and(|c| c.card == CONFUSION) {
        table.push(Text::new("ov-line-confusion"));
    }
    if v.doubling {
        table.push(Text::new("ov-line-doubling").seat("player", v.active));
    }
    table.push(Text::new("ov-line-country-deck").arg("count", v.country_deck));
    if !v.removed.is_empty() {
        table.push(Text::new("ov-line-removed").arg(
            "countries",
            v.removed.iter().map(|c| c.text()).collect::<Vec<_>>(),
        ));
    }
    if v.turn_limit > 0 {
        table.push(Text::new("ov-line-turn-limit").arg("turns", v.turn_limit as i64));
    }
    let mut variants = Vec::new();
    if v.no_refill {
        variants.push(Text::new("ov-option-no-refill"));
    }
    if v.strict_thresholds {
        variants.push(Text::new("ov-option-strict"));
    }
    if !variants.is_empty() {
        table.push(Text::new("ov-line-variants").arg("variants", variants));
    }
    let mut sections = vec![Section::public(Text::new("ov-sec-table"), table)];
    let lines = v
        .countries
        .iter()
        .map(|c| {
            Text::new("ov-line-country")
                .arg("slot", c.slot + 1)
                .arg("country", c.country.text())
                .arg("b", c.effective[0] as i64)
                .arg("m", c.effective[1] as i64)
                .arg("pb", c.printed[0] as i64)
                .arg("pm", c.printed[1] as i64)
                .arg("b0", c.invested[0][0] as i64)
                .arg("m0", c.invested[0][1] as i64)
                .arg("b1", c.invested[1][0] as i64)
                .arg("m1", c.invested[1][1] as i64)
                .seat("p0", 0)
                .seat("p1", 1)
        })
        .collect();
    sections.push(Section::public(Text::new("ov-sec-countries"), lines));
    if !v.stack.is_empty() {
        let lines = v
            .stack
            .iter()
            .map(|i| {
                let t = match (i.card, i.effect, i.capture) {
                    (_, _, Some(c)) => Text::new("ov-line-item-capture")
                        .seat("player", i.owner)
                        .arg("country", c.text()),
                    (Some(card), Some(e), _) => Text::new(if i.licence {
                        "ov-line-item-licence"
                    } else {
                        "ov-line-item-play"
                    })
                    .seat("player", i.owner)
                    .arg("card", card.text())
                    .arg("effect", e.text()),
                    _ => Text::new("ov-line-item-capture")
                        .seat("player", i.owner)
                        .arg("country", Text::new("ov-params-none")),
                };
                if i.cancelled {
                    Text::new("ov-line-item-cancelled").arg("item", t)
                } else {
                    t
                }
            })
            .collect();
        sections.push(Section::public(Text::new("ov-sec-stack"), lines));
    }
    for (s, seat) in v.seats.iter().enumerate() {
        let s = s as Seat;
        let lines = vec![
            Text::new("ov-line-treasury").arg("gain", res_pair(seat.treasury[0], seat.treasury[1])),
            Text::new("ov-line-captured")
                .arg("count", seat.captured.len())
                .arg("need", TO_WIN)
                .arg(
                    "countries",
                    seat.captured.iter().map(|c| c.text()).collect::<Vec<_>>(),
                ),
            Text::new("ov-line-bases").arg("cards", cards(&seat.bases)),
            Text::new("ov-line-sizes")
                .arg("hand", seat.hand)
                .arg("deck", seat.deck)
                .arg("discard", seat.discard.len()),
            Text::new("ov-line-discard").arg("cards", cards(&seat.discard)),
        ];
        sections.push(Section::public(
            Text::new("ov-sec-player").seat("player", s),
            lines,
        ));
    }
    if let Some(me) = &v.me {
        let mut lines = vec![Text::new("ov-line-hand").arg("cards", cards(&me.hand))];
        if !me.known_top.is_empty() {
            lines.push(Text::new("ov-line-known-top").arg("cards", cards(&me.known_top)));
        }
        if !me.looking.is_empty() {
            lines.push(Text::new("ov-line-looking").arg("cards", cards(&me.looking)));
        }
        sections.push(Section::private(Text::new("ov-sec-hand"), lines));
    }
    if v.phase == Phase::Over {
        sections.push(Section::public(
            Text::new("ov-sec-result"),
            result_lines(
                v.winner,
                v.turn,
                &v.seats.iter().map(|s| s.captured.len()).collect::<Vec<_>>(),
            ),
        ));
    }
    Panel { title, sections }
}

fn result_lines(winner: Option<Seat>, turns: u32, captured: &[usize]) -> Vec<Text> {
    let mut lines: Vec<Text> = captured
        .iter()
        .enumerate()
        .map(|(s, &n)| {
            Text::new("ov-result-captured")
                .seat("player", s as Seat)
                .arg("count", n)
        })
        .collect();
    lines.push(match winner {
        Some(w) => Text::new("ov-result-winner")
            .seat("player", w)
            .arg("need", TO_WIN),
        None => Text::new("ov-result-draw").arg("turns", turns as i64),
    });
    lines
}

pub fn outcome(s: &OvState) -> Outcome {
    let captured: Vec<usize> = s.players.iter().map(|p| p.captured.len()).collect();
    Outcome {
        places: match s.winner {
            Some(w) => (0..2).map(|x| if x == w { 1 } else { 2 }).collect(),
            None => vec![1, 1],
        },
        scores: captured.iter().map(|&n| n as i64).collect(),
        explanation: result_lines(s.winner, s.turn, &captured),
    }
}
