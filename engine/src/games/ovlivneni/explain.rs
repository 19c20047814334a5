//! Learning mode for Ovlivnění: what each choice does by the rules (spec §4–§7), with the
//! capture arithmetic of §4 under an investment: the mover's and the opponent's amounts
//! in the country (public) against its threshold. Choices are explained by the id range of
//! their kind, and a choice this file does not know (a step added to a menu later) by its
//! label's kind (confirm, back, cancel), so a new menu step still gets its line. Read
//! only from public facts and the mover's own decision: never the opponent's hand or decks.

use super::{
    cards::{resource_text, Country, Effect, Kind, CONFUSION, M},
    events::OvEvent,
    menu::{decider, id, Decision},
    state::{other, OvState},
    Ovlivneni,
};
use crate::{
    contract::{Actor, Choice, ChoiceId, Game, Menu, Seat},
    text::Text,
};

/// One line per choice of `menu`.
pub fn choices(state: &OvState, seat: Seat, menu: &Menu) -> Vec<Text> {
    let decision = decider(state).map(|(_, d)| d);
    menu.choices
        .iter()
        .map(|c| line(state, seat, decision, c))
        .collect()
}

fn line(state: &OvState, seat: Seat, decision: Option<Decision>, choice: &Choice) -> Text {
    let n = choice.id.0;
    let window = decision == Some(Decision::Window);
    match n {
        _ if (id::PLAY..id::INVEST).contains(&n) => {
            let effect = Effect((n - id::PLAY) as u8);
            match (window, treasury_after(state, seat, n)) {
                (false, Some(after)) => gain(state, seat, effect, after),
                _ => play(effect, window),
            }
        }
        _ if (id::INVEST..id::FACTORY).contains(&n) => {
            let res = ((n - id::INVEST) / 5) as usize;
            let slot = ((n - id::INVEST) % 5) as usize;
            match decision {
                Some(Decision::Root) => standing(state, seat, res, slot, 0, "ov-learn-invest"),
                _ => Text::new("ov-learn-param"),
            }
        }
        id::FACTORY => Text::new("ov-learn-factory"),
        id::END_TURN => match decision {
            Some(Decision::Root) => Text::new("ov-learn-end-turn"),
            _ => Text::new("ov-learn-drop-end-turn"),
        },
        id::DISCARD_END => Text::new("ov-learn-discard-end"),
        id::DONE => match decision {
            Some(Decision::EndDiscard) => Text::new("ov-learn-draw-end"),
            _ => Text::new("ov-learn-done"),
        },
        id::CANCEL => Text::new("ov-learn-cancel"),
        id::PASS if window => Text::new("ov-learn-pass"),
        id::PASS => Text::new("ov-learn-abandon"),
        id::BACK => Text::new("ov-learn-back"),
        id::KEEP_REST => Text::new("ov-learn-keep-rest"),
        id::DISCARD_DRAWN => Text::new("ov-learn-discard-drawn"),
        _ if (id::COUNTRY..id::MOVE).contains(&n) => country(state, seat, (n - id::COUNTRY) as u8),
        _ if (id::MOVE..id::TREASURY).contains(&n) => Text::new("ov-learn-move"),
        _ if (id::TREASURY..id::CARD).contains(&n) => Text::new("ov-learn-convert"),
        _ if (id::CARD..id::GROUP).contains(&n) => match decision {
            Some(Decision::Prompt) | Some(Decision::EndDiscard) => {
                Text::new("ov-learn-discard-card")
            }
            _ => Text::new("ov-learn-param"),
        },
        _ if (id::GROUP..id::AMOUNT).contains(&n) => Text::new("ov-learn-group"),
        _ if (id::AMOUNT..=id::ALL).contains(&n) => match (decision, state.invest) {
            (Some(Decision::Invest), Some((res, slot))) => {
                let have = state.players[seat as usize].treasury[res as usize];
                let amount = if n == id::ALL { have } else { n - id::AMOUNT };
                standing(
                    state,
                    seat,
                    res as usize,
                    slot as usize,
                    amount,
                    "ov-learn-amount",
                )
            }
            _ => Text::new("ov-learn-param"),
        },
        _ if (id::KEEP..id::LOOK_DISCARD).contains(&n) => Text::new("ov-learn-keep"),
        _ if (id::LOOK_DISCARD..id::LOOK_DISCARD + 100).contains(&n) => {
            Text::new("ov-learn-look-discard")
        }
        _ => by_label(choice),
    }
}

/// A choice outside the known ranges, explained by what its label says it is.
fn by_label(choice: &Choice) -> Text {
    let key = choice.label.key.as_ref();
    if key.contains("confirm") {
        Text::new("ov-learn-confirm")
    } else if key.contains("back") {
        Text::new("ov-learn-back")
    } else if key.contains("cancel") {
        Text::new("ov-learn-cancel")
    } else {
        Text::new("ov-learn-param")
    }
}

/// §6, §7: a card played in the main phase opens a reaction window; a reaction answers.
fn play(effect: Effect, window: bool) -> Text {
    let key = if window {
        "ov-learn-react"
    } else {
        match effect.kind() {
            Kind::Base => "ov-learn-play-base",
            Kind::Status => "ov-learn-play-status",
            Kind::Instant | Kind::Reaction => "ov-learn-play",
        }
    };
    Text::new(key).arg("effect", effect.text())
}

/// The mover's treasury after playing `choice`, if the opponent lets it resolve (passes
/// every window) and it asks the mover nothing more; `None` otherwise. Only the mover's
/// treasury is read from the result: what a resolution draws from a hidden deck never is.
fn treasury_after(state: &OvState, seat: Seat, choice: u32) -> Option<[u32; 2]> {
    let mut s = state.clone();
    let mut events = Vec::new();
    let mut next = (seat, choice);
    for _ in 0..8 {
        Ovlivneni::apply(&mut s, Actor::Seat(next.0), ChoiceId(next.1), &mut events).ok()?;
        match decider(&s) {
            Some((who, Decision::Window)) if who != seat => next = (who, id::PASS),
            Some((who, Decision::Root)) if who == seat => {
                return Some(s.players[seat as usize].treasury)
            }
            _ => return None,
        }
    }
    None
}

/// A card that changes the mover's treasury, with the treasury before and after.
fn gain(state: &OvState, seat: Seat, effect: Effect, after: [u32; 2]) -> Text {
    let now = state.players[seat as usize].treasury;
    if after == now {
        return play(effect, false);
    }
    Text::new("ov-learn-play-gain")
        .arg("effect", effect.text())
        .arg(
            "mine",
            Text::new("ov-learn-amounts")
                .arg("pb", after[0] as i64)
                .arg("pa", after[1] as i64),
        )
        .arg(
            "theirs",
            Text::new("ov-learn-amounts")
                .arg("pb", now[0] as i64)
                .arg("pa", now[1] as i64),
        )
}

/// §4 for `res` in the country of `slot` after `seat` adds `amount`: both sides'
/// investments are public, as are the thresholds and the status in play.
fn standing(
    state: &OvState,
    seat: Seat,
    res: usize,
    slot: usize,
    amount: u32,
    key: &'static str,
) -> Text {
    let Some(country) = state.slots.get(slot).copied().flatten() else {
        return Text::new("ov-learn-param");
    };
    let mine = state.inv[slot][seat as usize][res] + amount;
    let theirs = state.inv[slot][other(seat) as usize][res];
    let mut need = state.thresholds(country)[res];
    // Zmatek: invested M counts half, so the raw M must reach twice the threshold.
    if res == M && state.status.map(|(_, c)| c) == Some(CONFUSION) {
        need *= 2;
    }
    let strict = state.options.strict_thresholds;
    let reaches = if strict { mine > need } else { mine >= need };
    let verdict = if mine > theirs && reaches {
        "ov-learn-would-capture"
    } else if mine <= theirs {
        "ov-learn-not-more"
    } else {
        "ov-learn-below-threshold"
    };
    Text::new(key)
        .arg("res", resource_text(res))
        .arg("country", Country(country).text())
        .arg("mine", mine as i64)
        .arg("theirs", theirs as i64)
        .arg("need", need as i64)
        .arg("what", Text::new(verdict))
}

/// A country named as an effect's object: its thresholds and where it stands.
fn country(state: &OvState, seat: Seat, c: u8) -> Text {
    let [b, m] = state.thresholds(c);
    let Some(slot) = state.slot_of(c) else {
        return Text::new("ov-learn-country-plain")
            .arg("country", Country(c).text())
            .arg("b", b as i64)
            .arg("m", m as i64);
    };
    let me = state.inv[slot][seat as usize];
    let them = state.inv[slot][other(seat) as usize];
    Text::new("ov-learn-country")
        .arg("country", Country(c).text())
        .arg("b", b as i64)
        .arg("m", m as i64)
        .arg(
            "mine",
            Text::new("ov-learn-amounts")
                .arg("pb", me[0] as i64)
                .arg("pa", me[1] as i64),
        )
        .arg(
            "theirs",
            Text::new("ov-learn-amounts")
                .arg("pb", them[0] as i64)
                .arg("pa", them[1] as i64),
        )
}

/// What a capture and the end of the game mean (§3, §5.1).
pub fn event(event: &OvEvent) -> Vec<Text> {
    match event {
        OvEvent::Captured {
            seat,
            country,
            total,
        } => vec![Text::new("ov-learn-captured")
            .seat("player", *seat)
            .arg("country", country.text())
            .arg("count", *total)],
        _ => Vec::new(),
    }
}
