//! Every decision as a menu of at most 25 choices with stable ids (spec §13), and applying
//! a choice. One enumeration serves both the labelled menu and the fast path.

use super::{
    cards::*,
    events::OvEvent,
    params::Params,
    state::{other, Decl, OvState, Phase, PromptKind, What, SLOTS},
};
use crate::{contract::Seat, text::Text};

mod declaration;

use declaration::{confirm_choice, confirm_menu, declare, declare_choice, start_declaration};

/// Choice ids: a range per kind of choice, the offset says which card, country or amount.
pub mod id {
    /// + effect (`card × 2 + half`); in a reaction window the reaction effect.
    pub const PLAY: u32 = 100;
    /// + `resource × 5 + slot`: invest (main phase) or 19B's country and resource.
    pub const INVEST: u32 = 200;
    pub const FACTORY: u32 = 300;
    /// End the main phase keeping the hand: also the move timeout (O-D38).
    pub const END_TURN: u32 = 301;
    pub const DISCARD_END: u32 = 302;
    pub const DONE: u32 = 400;
    pub const CANCEL: u32 = 401;
    /// Pass a reaction window; also in a reaction's own menus (abandon it and pass).
    pub const PASS: u32 = 402;
    /// A reaction's menus: back to the window question.
    pub const BACK: u32 = 403;
    pub const KEEP_REST: u32 = 404;
    /// A discard question's default at once: the most recently drawn cards (§7.4 item 7),
    /// also the move timeout's choice there.
    pub const DISCARD_DRAWN: u32 = 405;
    /// A finished declaration goes on the stack (§6.1, §13).
    pub const CONFIRM: u32 = 406;
    /// + country id.
    pub const COUNTRY: u32 = 500;
    /// + `from_slot × 5 + to_slot`.
    pub const MOVE: u32 = 600;
    /// A conversion source: the treasury; `+ 1 + slot`: a country.
    pub const TREASURY: u32 = 700;
    /// + card.
    pub const CARD: u32 = 800;
    /// + 0 (cards #1–14) or 1 (#15–27).
    pub const GROUP: u32 = 900;
    /// + amount.
    pub const AMOUNT: u32 = 1000;
    pub const ALL: u32 = 1100;
    /// + card: put it back next from the top.
    pub const KEEP: u32 = 1200;
    /// + card: discard a looked-at card.
    pub const LOOK_DISCARD: u32 = 1300;
}

/// Amount menus list at most this many values ("all n" included), leaving room for
/// cancel, or back and pass, within 25.
const AMOUNT_ROOM: u32 = 23;
const GROUP_SIZE: u8 = 14;

/// What is being decided now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// §5.3 main phase action.
    Root,
    /// The amount of an invest action.
    Invest,
    /// A declaration's parameters (§6.1).
    Declare,
    /// A declaration with every parameter fixed, waiting for its confirm (§6.1, §13).
    Confirm,
    /// A reaction window question (§7.3).
    Window,
    /// A resolution-time question (§7.4 item 7).
    Prompt,
    /// §5.4 step 1.
    EndDiscard,
}

pub fn decider(s: &OvState) -> Option<(Seat, Decision)> {
    if s.phase == Phase::Over {
        return None;
    }
    if let Some(p) = &s.prompt {
        return Some((p.item.owner, Decision::Prompt));
    }
    if let Some(d) = &s.decl {
        let step = if d.ready {
            Decision::Confirm
        } else {
            Decision::Declare
        };
        return Some((d.who, step));
    }
    if let Some(top) = s.stack.last() {
        return Some((other(top.owner), Decision::Window));
    }
    match s.phase {
        Phase::EndDiscard => Some((s.active, Decision::EndDiscard)),
        _ if s.invest.is_some() => Some((s.active, Decision::Invest)),
        _ => Some((s.active, Decision::Root)),
    }
}

/// Whether `choice` is a menu's step back: cancelling an invest action or a declaration,
/// leaving a reaction's menus for the window question, or going back from a confirm to the
/// last parameter, puts the table back as it was before a step of the same unfinished
/// action (the AI never takes it, see `Game::undoes`).
pub fn undoes(s: &OvState, seat: Seat, choice: u32) -> bool {
    match decider(s) {
        Some((who, Decision::Invest)) if who == seat => choice == id::CANCEL,
        Some((who, Decision::Declare | Decision::Confirm)) if who == seat => {
            choice == id::CANCEL || choice == id::BACK
        }
        _ => false,
    }
}

/// Whether the decision inside the current turn belongs to the reaction clock (§7.4
/// item 4): window questions and a reaction's own menus. Resolution questions, also a
/// Licence copier's in the opponent's turn, run on the move clock (§7.4 item 8).
pub fn is_reaction(s: &OvState) -> bool {
    decider(s).is_some_and(|(_, d)| reaction_decision(s, d))
}

pub fn reaction_decision(s: &OvState, decision: Decision) -> bool {
    match decision {
        Decision::Window => true,
        Decision::Declare | Decision::Confirm => s.decl.as_ref().is_some_and(|d| d.reaction),
        _ => false,
    }
}

/// Receives each choice: its id and, on demand, its label.
pub trait Push: FnMut(u32, &dyn Fn() -> Text) {}
impl<F: FnMut(u32, &dyn Fn() -> Text)> Push for F {}

/// The choices of `seat` now; labels are built only when a caller asks for them.
pub fn choices(s: &OvState, seat: Seat, push: &mut impl Push) {
    let Some((who, decision)) = decider(s) else {
        return;
    };
    if who != seat {
        return;
    }
    match decision {
        Decision::Root => root(s, seat, push),
        Decision::Invest => {
            let (res, _) = s.invest.expect("an invest action");
            let have = s.players[seat as usize].treasury[res as usize];
            amounts(1, have, push);
            push(id::CANCEL, &|| Text::new("ov-choice-cancel"));
            push(id::END_TURN, &|| Text::new("ov-choice-drop-end-turn"));
        }
        Decision::Declare => declare(s, s.decl.as_ref().expect("a declaration"), push),
        Decision::Confirm => confirm_menu(s.decl.as_ref().expect("a declaration"), push),
        Decision::Window => {
            for c in s.legal_reactions(seat) {
                let e = Effect::new(c, true);
                push(id::PLAY + e.0 as u32, &|| {
                    Text::new("ov-choice-react")
                        .arg("card", card_text(c))
                        .arg("effect", e.text())
                });
            }
            push(id::PASS, &|| Text::new("ov-choice-pass"));
        }
        Decision::Prompt => match &s.prompt.as_ref().expect("a prompt").kind {
            PromptKind::Look { looked, .. } => {
                for &c in looked {
                    push(id::KEEP + c as u32, &|| {
                        Text::new("ov-choice-keep").arg("card", card_text(c))
                    });
                    push(id::LOOK_DISCARD + c as u32, &|| {
                        Text::new("ov-choice-look-discard").arg("card", card_text(c))
                    });
                }
                push(id::KEEP_REST, &|| Text::new("ov-choice-keep-rest"));
            }
            PromptKind::Discard { left, .. } => {
                for &c in &s.players[seat as usize].hand {
                    push(id::CARD + c as u32, &|| {
                        Text::new("ov-choice-discard").arg("card", card_text(c))
                    });
                }
                push(id::DISCARD_DRAWN, &|| {
                    Text::new("ov-choice-discard-drawn").arg("count", *left as i64)
                });
            }
        },
        Decision::EndDiscard => {
            for &c in &s.players[seat as usize].hand {
                push(id::CARD + c as u32, &|| {
                    Text::new("ov-choice-discard").arg("card", card_text(c))
                });
            }
            push(id::DONE, &|| Text::new("ov-choice-draw-end"));
        }
    }
}

fn root(s: &OvState, a: Seat, push: &mut impl Push) {
    let p = &s.players[a as usize];
    for &c in &p.hand {
        for half in [false, true] {
            let e = Effect::new(c, half);
            if s.main_play_legal(a, e) {
                push(id::PLAY + e.0 as u32, &|| {
                    Text::new("ov-choice-play")
                        .arg("card", card_text(c))
                        .arg("effect", e.text())
                });
            }
        }
    }
    for res in [B, M] {
        let have = p.treasury[res];
        if have == 0 {
            continue;
        }
        for slot in 0..SLOTS {
            if let Some(c) = s.slots[slot] {
                push(id::INVEST + (res * SLOTS + slot) as u32, &|| {
                    Text::new("ov-choice-invest")
                        .arg("res", resource_text(res))
                        .arg("country", Country(c).text())
                        .arg("have", have as i64)
                });
            }
        }
    }
    if p.bases.contains(&FACTORY) {
        push(id::FACTORY, &|| Text::new("ov-choice-factory"));
    }
    push(id::END_TURN, &|| Text::new("ov-choice-end-turn"));
    if !p.hand.is_empty() {
        push(id::DISCARD_END, &|| Text::new("ov-choice-discard-end"));
    }
}

/// `min..=max`, or the first values and "all" when they do not fit.
fn amounts(min: u32, max: u32, push: &mut impl Push) {
    if max < min {
        return;
    }
    let fits = max - min < AMOUNT_ROOM;
    let last = if fits { max } else { min + AMOUNT_ROOM - 2 };
    for n in min..=last {
        push(id::AMOUNT + n, &|| {
            Text::new("ov-choice-amount").arg("amount", n as i64)
        });
    }
    if !fits {
        push(id::ALL, &|| {
            Text::new("ov-choice-all").arg("amount", max as i64)
        });
    }
}

fn amount_of(choice: u32, max: u32) -> u32 {
    if choice == id::ALL {
        max
    } else {
        choice - id::AMOUNT
    }
}

/// Whether `choice` is on `seat`'s menu, without building labels. The main phase and
/// the reaction window, where random games spend most steps, are checked directly.
pub fn offered(s: &OvState, seat: Seat, decision: Option<(Seat, Decision)>, choice: u32) -> bool {
    match decision {
        Some((who, _)) if who != seat => return false,
        None => return false,
        Some((_, Decision::Root)) => {
            let p = &s.players[seat as usize];
            return match choice {
                id::END_TURN => true,
                id::DISCARD_END => !p.hand.is_empty(),
                id::FACTORY => p.bases.contains(&FACTORY),
                c if (id::INVEST..id::INVEST + 2 * SLOTS as u32).contains(&c) => {
                    let x = (c - id::INVEST) as usize;
                    p.treasury[x / SLOTS] > 0 && s.slots[x % SLOTS].is_some()
                }
                c if (id::PLAY..id::PLAY + 2 * CARD_COUNT as u32).contains(&c) => {
                    let e = Effect((c - id::PLAY) as u8);
                    p.hand.contains(&e.card()) && s.main_play_legal(seat, e)
                }
                _ => false,
            };
        }
        Some((_, Decision::Window)) => {
            return match choice {
                id::PASS => true,
                c if (id::PLAY..id::PLAY + 2 * CARD_COUNT as u32).contains(&c) => {
                    let e = Effect((c - id::PLAY) as u8);
                    e.is_b() && s.legal_reactions(seat).any(|r| r == e.card())
                }
                _ => false,
            };
        }
        Some((_, Decision::Invest)) => {
            let Some((res, _)) = s.invest else {
                return false;
            };
            let have = s.players[seat as usize].treasury[res as usize];
            return choice == id::CANCEL
                || choice == id::END_TURN
                || amount_offered(1, have, choice);
        }
        Some((_, Decision::EndDiscard)) => {
            return choice == id::DONE || in_hand(s, seat, choice);
        }
        Some((_, Decision::Prompt)) => {
            return match s.prompt.as_ref().map(|p| &p.kind) {
                Some(PromptKind::Look { looked, .. }) => {
                    let is_looked = |base: u32| {
                        choice
                            .checked_sub(base)
                            .is_some_and(|c| c < 100 && looked.contains(&(c as u8)))
                    };
                    choice == id::KEEP_REST || is_looked(id::KEEP) || is_looked(id::LOOK_DISCARD)
                }
                Some(PromptKind::Discard { .. }) => {
                    choice == id::DISCARD_DRAWN || in_hand(s, seat, choice)
                }
                None => false,
            };
        }
        Some((_, Decision::Declare | Decision::Confirm)) => {}
    }
    let mut found = false;
    choices(s, seat, &mut |c, _| found |= c == choice);
    found
}

/// Whether `choice` is "discard this hand card" for a card in `seat`'s hand.
fn in_hand(s: &OvState, seat: Seat, choice: u32) -> bool {
    choice
        .checked_sub(id::CARD)
        .is_some_and(|c| c < 100 && s.players[seat as usize].hand.contains(&(c as u8)))
}

/// Whether [`amounts`] lists `choice` for `min..=max`.
fn amount_offered(min: u32, max: u32, choice: u32) -> bool {
    if max < min {
        return false;
    }
    let fits = max - min < AMOUNT_ROOM;
    let last = if fits { max } else { min + AMOUNT_ROOM - 2 };
    (choice == id::ALL && !fits)
        || choice
            .checked_sub(id::AMOUNT)
            .is_some_and(|n| (min..=last).contains(&n))
}

/// Applies an offered choice (checked by the caller).
pub fn apply(
    s: &mut OvState,
    seat: Seat,
    decision: Decision,
    choice: u32,
    events: &mut Vec<OvEvent>,
) {
    match decision {
        Decision::Root => match choice {
            id::FACTORY => s.activate_factory(events),
            id::END_TURN => s.end_turn(events),
            id::DISCARD_END => s.phase = Phase::EndDiscard,
            c if c >= id::INVEST => {
                let x = (c - id::INVEST) as usize;
                s.invest = Some(((x / SLOTS) as u8, (x % SLOTS) as u8));
            }
            c => {
                let e = Effect((c - id::PLAY) as u8);
                start_declaration(s, seat, e.card(), e, false, false, events);
            }
        },
        Decision::Invest => {
            let (res, slot) = s.invest.take().expect("an invest action");
            if choice == id::END_TURN {
                s.end_turn(events);
            } else if choice != id::CANCEL {
                let have = s.players[seat as usize].treasury[res as usize];
                s.do_invest(res as usize, slot as usize, amount_of(choice, have), events);
            }
        }
        Decision::Declare => declare_choice(s, choice, events),
        Decision::Confirm => confirm_choice(s, choice, events),
        Decision::Window => {
            if choice == id::PASS {
                s.pass(events);
            } else {
                let card = Effect((choice - id::PLAY) as u8).card();
                let top = s.stack.last().expect("a window");
                let (effect, licence) = match (&top.what, card) {
                    (What::Play { effect, .. }, LICENCE) => (*effect, true),
                    _ => (Effect::new(card, true), false),
                };
                start_declaration(s, seat, card, effect, licence, true, events);
            }
        }
        Decision::Prompt => prompt_choice(s, seat, choice, events),
        Decision::EndDiscard => {
            if choice == id::DONE {
                s.phase = Phase::Main;
                s.end_turn(events);
            } else {
                s.discard_from_hand(seat, &[(choice - id::CARD) as u8], events);
            }
        }
    }
}

fn prompt_choice(s: &mut OvState, seat: Seat, choice: u32, events: &mut Vec<OvEvent>) {
    let mut prompt = s.prompt.take().expect("a prompt");
    let finished = match &mut prompt.kind {
        PromptKind::Look { looked, kept } => {
            if choice == id::KEEP_REST {
                kept.append(looked);
            } else if choice >= id::LOOK_DISCARD {
                let c = (choice - id::LOOK_DISCARD) as u8;
                looked.retain(|&x| x != c);
                s.players[seat as usize].discard.push(c);
                events.push(OvEvent::Discarded {
                    seat,
                    cards: vec![CardRef::new(seat, c)],
                });
            } else {
                let c = (choice - id::KEEP) as u8;
                looked.retain(|&x| x != c);
                kept.push(c);
            }
            if looked.is_empty() {
                let kept = std::mem::take(kept);
                s.finish_look(seat, kept, events);
                true
            } else {
                false
            }
        }
        PromptKind::Discard { left, drawn } => {
            let cards = match choice {
                id::DISCARD_DRAWN => default_discards(&s.players[seat as usize].hand, drawn, *left),
                c => vec![(c - id::CARD) as u8],
            };
            s.discard_from_hand(seat, &cards, events);
            *left = left.saturating_sub(cards.len() as u8);
            *left == 0 || s.players[seat as usize].hand.is_empty()
        }
    };
    if finished {
        s.finish_play(prompt.item, prompt.gains, events);
        s.advance(events);
    } else {
        s.prompt = Some(prompt);
    }
}

/// What the game does when `seat`'s deadline passes (§7.4 items 4, 7, 8; O-D38).
pub fn timeout(s: &OvState, seat: Seat) -> Option<u32> {
    let (who, decision) = decider(s)?;
    if who != seat {
        return None;
    }
    Some(match decision {
        Decision::Root => id::END_TURN,
        // Item 8: one expiry drops what is unconfirmed and ends the turn.
        Decision::Invest => id::END_TURN,
        // Item 8: a declaration not yet confirmed is dropped; item 4: a reaction's is a pass.
        Decision::Declare | Decision::Confirm if s.decl.as_ref().is_some_and(|d| d.reaction) => {
            id::PASS
        }
        Decision::Declare | Decision::Confirm => id::END_TURN,
        Decision::Window => id::PASS,
        Decision::EndDiscard => id::DONE,
        Decision::Prompt => match &s.prompt.as_ref()?.kind {
            PromptKind::Look { .. } => id::KEEP_REST,
            PromptKind::Discard { .. } => id::DISCARD_DRAWN,
        },
    })
}

/// §7.4 item 7: "discard the most recently drawn card(s)", `left` of them; cards of the
/// hand from the newest end stand in for drawn cards already gone.
fn default_discards(hand: &[u8], drawn: &[u8], left: u8) -> Vec<u8> {
    let newest_drawn = drawn.iter().rev().filter(|c| hand.contains(c));
    let newest_hand = hand.iter().rev().filter(|c| !drawn.contains(c));
    newest_drawn
        .chain(newest_hand)
        .copied()
        .take(left as usize)
        .collect()
}
