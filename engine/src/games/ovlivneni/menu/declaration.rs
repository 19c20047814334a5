//! A card play's declaration (spec §6.1, §13): the menus that fix its parameters one at a
//! time, the confirm (with a way back), then the card on the stack. Split from `menu.rs`,
//! whose ids and helpers it uses.

use super::*;

fn extras(d: &Decl, push: &mut impl Push) {
    if d.reaction {
        push(id::BACK, &|| Text::new("ov-choice-back"));
        push(id::PASS, &|| Text::new("ov-choice-abandon"));
    } else {
        push(id::CANCEL, &|| Text::new("ov-choice-cancel"));
        push(id::END_TURN, &|| Text::new("ov-choice-drop-end-turn"));
    }
}

/// Back and pass for a reaction, cancel and "drop it and end the turn" for a main play.
fn extra_count(_d: &Decl) -> usize {
    2
}

/// Cards to pick one at a time; by halves of the card list first when too many (§13).
fn pick_cards(d: &Decl, candidates: &[u8], room: usize, push: &mut impl Push) {
    let grouped = candidates.len() > room;
    match (grouped, d.group) {
        (true, None) => {
            for g in 0..2u8 {
                if candidates.iter().any(|&c| c / GROUP_SIZE == g) {
                    push(id::GROUP + g as u32, &|| {
                        Text::new("ov-choice-group")
                            .arg("from", (g * GROUP_SIZE + 1) as i64)
                            .arg("to", ((g + 1) * GROUP_SIZE).min(CARD_COUNT as u8) as i64)
                    });
                }
            }
        }
        _ => {
            for &c in candidates {
                if grouped && Some(c / GROUP_SIZE) != d.group {
                    continue;
                }
                push(id::CARD + c as u32, &|| {
                    Text::new("ov-choice-card").arg("card", card_text(c))
                });
            }
        }
    }
}

/// 3B/15B: what `who` has in each slot after the moves declared so far.
fn planned(s: &OvState, who: Seat, res: usize, moves: &[(u8, u8)]) -> [u32; SLOTS] {
    let mut have = [0; SLOTS];
    for (slot, h) in have.iter_mut().enumerate() {
        *h = s.inv[slot][who as usize][res];
    }
    for &(f, t) in moves {
        if let (Some(f), Some(t)) = (s.slot_of(f), s.slot_of(t)) {
            have[f] -= 1;
            have[t] += 1;
        }
    }
    have
}

fn move_res(e: Effect) -> usize {
    if e.card() == OPTIMISATION {
        M
    } else {
        B
    }
}

/// 9A converts M, 24A converts B.
fn convert_res(e: Effect) -> usize {
    if e.card() == EXTORTION {
        M
    } else {
        B
    }
}

/// The countries on display except `skip`.
fn country(s: &OvState, skip: &[u8], push: &mut impl Push) {
    for c in s.slots.iter().flatten().copied() {
        if !skip.contains(&c) {
            push(id::COUNTRY + c as u32, &|| {
                Text::new("ov-choice-country").arg("country", Country(c).text())
            });
        }
    }
}

pub(super) fn declare(s: &OvState, d: &Decl, push: &mut impl Push) {
    let who = d.who as usize;
    let e = d.effect;
    match (&d.params, e.card()) {
        (Params::Moves(moves), _) => {
            let res = move_res(e);
            if moves.len() < 3 {
                let have = planned(s, d.who, res, moves);
                for (f, &hf) in have.iter().enumerate() {
                    let Some(fc) = s.slots[f] else { continue };
                    if hf == 0 {
                        continue;
                    }
                    for t in (0..SLOTS).filter(|&t| t != f) {
                        let Some(tc) = s.slots[t] else { continue };
                        push(id::MOVE + (f * SLOTS + t) as u32, &|| {
                            Text::new("ov-choice-move")
                                .arg("res", resource_text(res))
                                .arg("from", Country(fc).text())
                                .arg("to", Country(tc).text())
                        });
                    }
                }
            }
            push(id::DONE, &|| Text::new("ov-choice-done"));
        }
        (Params::Converts(sources), _) => {
            let res = convert_res(e);
            if sources.len() < 3 {
                let used = |src: Option<u8>| sources.iter().filter(|&&x| x == src).count() as u32;
                if s.players[who].treasury[res] > used(None) {
                    push(id::TREASURY, &|| {
                        Text::new("ov-choice-convert-treasury").arg("res", resource_text(res))
                    });
                }
                for slot in 0..SLOTS {
                    let Some(c) = s.slots[slot] else { continue };
                    if s.inv[slot][who][res] > used(Some(c)) {
                        push(id::TREASURY + 1 + slot as u32, &|| {
                            Text::new("ov-choice-convert-country")
                                .arg("res", resource_text(res))
                                .arg("country", Country(c).text())
                        });
                    }
                }
            }
            push(id::DONE, &|| Text::new("ov-choice-done"));
        }
        (Params::Cards(_), HISTORY) => {
            let discard = &s.players[who].discard;
            pick_cards(d, discard, 25 - extra_count(d), push);
        }
        (Params::Cards(picked), EXPERIENCE) => {
            if picked.len() < 3 {
                let cands: Vec<u8> = s.players[who]
                    .discard
                    .iter()
                    .copied()
                    .filter(|c| !picked.contains(c))
                    .collect();
                pick_cards(d, &cands, 24 - extra_count(d), push);
            }
            push(id::DONE, &|| Text::new("ov-choice-done"));
        }
        (Params::Cards(picked), _) => {
            // 26B: hand cards other than the card being played.
            for &c in &s.players[who].hand {
                if c != d.card && !picked.contains(&c) {
                    push(id::CARD + c as u32, &|| {
                        Text::new("ov-choice-discard").arg("card", card_text(c))
                    });
                }
            }
            push(id::DONE, &|| Text::new("ov-choice-done"));
        }
        (Params::Withdraw { country: c, .. }, _) => match d.step {
            0 => country(s, &[], push),
            _ => {
                let slot = s.slot_of(*c).expect("a declared country is displayed");
                let res = if d.step == 1 { B } else { M };
                amounts(0, s.inv[slot][who][res], push);
            }
        },
        (Params::Countries(chosen), _) => country(s, chosen, push),
        (Params::None, SLANDER | BODYGUARDS) => {
            for &c in &s.players[1 - who].bases {
                push(id::CARD + c as u32, &|| {
                    Text::new("ov-choice-base").arg("card", card_text(c))
                });
            }
        }
        (Params::None, WITHDRAWAL) => {
            // O-D28 allows the play with nothing invested; then every country is offered
            // (the card is played for nothing), else only where something comes back.
            let any = (0..SLOTS).any(|slot| s.inv[slot][who] != [0, 0]);
            for res in [B, M] {
                for slot in 0..SLOTS {
                    let Some(c) = s.slots[slot] else { continue };
                    let have = s.inv[slot][who][res];
                    if any && have == 0 {
                        continue;
                    }
                    push(id::INVEST + (res * SLOTS + slot) as u32, &|| {
                        Text::new("ov-choice-withdraw")
                            .arg("res", resource_text(res))
                            .arg("country", Country(c).text())
                            .arg("have", have as i64)
                    });
                }
            }
        }
        _ => country(s, &[], push),
    }
    extras(d, push);
}

/// The parameters a declaration starts with.
fn initial_params(e: Effect) -> Params {
    match (e.card(), e.is_b()) {
        (OPTIMISATION, true) | (ESPIONAGE, true) => Params::Moves(Vec::new()),
        (EXTORTION, false) | (BRIBES, false) => Params::Converts(Vec::new()),
        (HISTORY, true) | (EXPERIENCE, false) | (REINFORCEMENTS, true) => Params::Cards(Vec::new()),
        (WEAKENING, true) => Params::Withdraw {
            country: 0,
            b: 0,
            m: 0,
        },
        (AGENTS, true) | (BRIBES, true) => Params::Countries(Vec::new()),
        _ => Params::None,
    }
}

/// §13: a main-phase play always ends in a confirm, straight away when the effect has no
/// parameters; a reaction only when it has parameter menus (a Licence copy's): §7.4 item 3
/// makes the window's buttons the reactions themselves, answered against the window's clock.
pub(super) fn start_declaration(
    s: &mut OvState,
    who: Seat,
    card: u8,
    effect: Effect,
    licence: bool,
    reaction: bool,
    events: &mut Vec<OvEvent>,
) {
    // Reaction effects other than a Licence copy have no parameters.
    let params = effect.has_params() && (licence || !reaction);
    if params || !reaction {
        s.decl = Some(Decl {
            who,
            card,
            effect,
            licence,
            reaction,
            params: initial_params(effect),
            step: 0,
            group: None,
            ready: !params,
        });
    } else {
        s.put_on_stack(who, card, effect, licence, Params::None, events);
        s.advance(events);
    }
}

/// The confirm question: the play, one step back to the last parameter (none without
/// parameters: cancel is that step), and the way out of the declaration.
pub(super) fn confirm_menu(d: &Decl, push: &mut impl Push) {
    push(id::CONFIRM, &|| Text::new("ov-choice-confirm"));
    let back = &|| Text::new("ov-choice-back-step");
    if d.reaction {
        push(id::BACK, back);
        push(id::PASS, &|| Text::new("ov-choice-abandon"));
    } else {
        if d.effect.has_params() {
            push(id::BACK, back);
        }
        push(id::CANCEL, &|| Text::new("ov-choice-cancel"));
        push(id::END_TURN, &|| Text::new("ov-choice-drop-end-turn"));
    }
}

pub(super) fn confirm_choice(s: &mut OvState, choice: u32, events: &mut Vec<OvEvent>) {
    match choice {
        // §6.3: only the confirm puts the card on the stack.
        id::CONFIRM => {
            let d = s.decl.take().expect("a declaration");
            s.put_on_stack(d.who, d.card, d.effect, d.licence, d.params, events);
            s.advance(events);
        }
        id::BACK => unstep(s.decl.as_mut().expect("a declaration")),
        _ => declare_choice(s, choice, events),
    }
}

/// "Back" from the confirm: the declaration as it was before its last parameter step.
/// Lists that end by themselves at three entries lose the last one; a list ended by
/// "done" is only reopened.
fn unstep(d: &mut Decl) {
    d.ready = false;
    let card = d.effect.card();
    match &mut d.params {
        Params::Moves(moves) if moves.len() == 3 => {
            moves.pop();
        }
        Params::Converts(sources) if sources.len() == 3 => {
            sources.pop();
        }
        Params::Cards(cards) if card == HISTORY || card == EXPERIENCE && cards.len() == 3 => {
            cards.pop();
        }
        Params::Countries(chosen) => {
            chosen.pop();
        }
        // 10B: the M amount is asked again.
        Params::Withdraw { m, .. } => *m = 0,
        Params::Base(_) | Params::Country(_) | Params::CountryRes(..) => d.params = Params::None,
        _ => {}
    }
}

pub(super) fn declare_choice(s: &mut OvState, choice: u32, events: &mut Vec<OvEvent>) {
    match choice {
        id::CANCEL | id::BACK => {
            s.decl = None;
            return;
        }
        // O-D38: the declaration is dropped (the card stays in hand) and the turn ends.
        id::END_TURN => {
            s.decl = None;
            return s.end_turn(events);
        }
        // §7.4 item 4: an unfinished reaction at the deadline is a pass.
        id::PASS => {
            s.decl = None;
            s.pass(events);
            return;
        }
        id::DONE => {
            s.decl.as_mut().expect("a declaration").ready = true;
            return;
        }
        _ => {}
    }
    let slot_country = |s: &OvState, slot: u32| s.slots[slot as usize].expect("an offered slot");
    let mut d = s.decl.take().expect("a declaration");
    if (id::GROUP..id::GROUP + 2).contains(&choice) {
        d.group = Some((choice - id::GROUP) as u8);
        s.decl = Some(d);
        return;
    }
    d.group = None;
    let who = d.who as usize;
    let done = match &mut d.params {
        Params::Moves(moves) => {
            let x = choice - id::MOVE;
            moves.push((
                slot_country(s, x / SLOTS as u32),
                slot_country(s, x % SLOTS as u32),
            ));
            moves.len() == 3
        }
        Params::Converts(sources) => {
            sources.push(match choice - id::TREASURY {
                0 => None,
                slot => Some(slot_country(s, slot - 1)),
            });
            sources.len() == 3
        }
        Params::Cards(cards) => {
            cards.push((choice - id::CARD) as u8);
            d.effect.card() == HISTORY || cards.len() == 3 && d.effect.card() == EXPERIENCE
        }
        Params::Withdraw { country, b, m } => match d.step {
            0 => {
                *country = (choice - id::COUNTRY) as u8;
                d.step = 1;
                false
            }
            step => {
                let slot = s.slot_of(*country).expect("a displayed country");
                let res = if step == 1 { B } else { M };
                let amount = amount_of(choice, s.inv[slot][who][res]);
                if step == 1 {
                    *b = amount;
                    d.step = 2;
                    false
                } else {
                    *m = amount;
                    true
                }
            }
        },
        Params::Countries(chosen) => {
            chosen.push((choice - id::COUNTRY) as u8);
            chosen.len() == 3
        }
        Params::None => {
            d.params = match d.effect.card() {
                SLANDER | BODYGUARDS => Params::Base((choice - id::CARD) as u8),
                WITHDRAWAL => {
                    let x = choice - id::INVEST;
                    Params::CountryRes(slot_country(s, x % SLOTS as u32), (x / SLOTS as u32) as u8)
                }
                _ => Params::Country((choice - id::COUNTRY) as u8),
            };
            true
        }
        Params::Base(_) | Params::Country(_) | Params::CountryRes(..) => true,
    };
    d.ready = done;
    s.decl = Some(d);
}
