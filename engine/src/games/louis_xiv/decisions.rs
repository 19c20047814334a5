//! The menus of spec §14: the ids each pending decision offers and what choosing one does.

use super::{
    course::{Decision, PlaceStep, Task},
    data::{Ability, Chip, Deck, TILES},
    events::LouisEvent as Ev,
    flow::{
        bits, first_payments, is_crown_swap, is_exchange, is_four_stone, is_once_first,
        is_pay_pass, second_payments, MISSION, MISSION_USE, NONE_TILE, STOP,
    },
    state::{InfluencePlay, LouisState},
};
use crate::contract::{ChoiceId, Seat};

/// The main mission-turn menu: stop, complete a card, use a crown swap (§8).
pub(super) fn mission_choices(st: &LouisState, seat: Seat, out: &mut Vec<ChoiceId>) {
    out.push(ChoiceId(STOP));
    let p = &st.players[seat as usize];
    for m in p.missions.iter().take(16) {
        if first_payments(p.chips, st.data.mission[m as usize].requires) != 0 {
            out.push(ChoiceId(MISSION + m as u32));
        }
    }
    let non_crown = Chip::ALL[1..].iter().any(|&c| p.chips[c as usize] > 0);
    for m in st.unused(seat, is_crown_swap) {
        if let Ability::CrownSwap { cost } = st.data.mission[m as usize].ability {
            if non_crown && p.money >= cost {
                out.push(ChoiceId(MISSION_USE + m as u32));
            }
        }
    }
}

/// The ids of the pending menu, in menu order (the fast path and the menu share it).
pub fn choices(st: &LouisState, d: &Decision, out: &mut Vec<ChoiceId>) {
    let push = |out: &mut Vec<ChoiceId>, id: u32| out.push(ChoiceId(id));
    match *d {
        Decision::SupplyNext { .. } => {
            for &m in &st.supply_left {
                push(out, MISSION + m as u32);
            }
        }
        Decision::TwoOf { seat, amount } => {
            let common = st.players[seat as usize].common;
            for k in 0..=amount.min(common) {
                push(out, k as u32);
            }
        }
        Decision::StoneForCard { .. }
        | Decision::StartPlace { .. }
        | Decision::OnceFirst { .. }
        | Decision::Buy { .. }
        | Decision::FourStone { .. } => {
            push(out, 0);
            push(out, 1);
        }
        Decision::Turn { seat } => {
            for k in bits(st.hand_kinds(seat)) {
                push(out, k);
            }
            let p = &st.players[seat as usize];
            for m in st.unused(seat, is_pay_pass) {
                if let Ability::PayPass { cost } = st.data.mission[m as usize].ability {
                    if p.money >= cost {
                        push(out, MISSION + m as u32);
                    }
                }
            }
            if !st.influence_deck.is_empty() {
                for m in st.unused(seat, is_exchange) {
                    push(out, MISSION_USE + m as u32);
                }
            }
        }
        Decision::ExchangeDiscard { seat, .. } => {
            for k in bits(st.hand_kinds(seat)) {
                push(out, k);
            }
        }
        Decision::Use { seat, .. } => {
            if st.players[seat as usize].own > 0 {
                push(out, 0);
            }
            push(out, 1);
        }
        Decision::Place { seat, chain: c } => {
            let adj = st.adj[c.t0 as usize];
            match c.step {
                PlaceStep::StartTile => (0..TILES as u32).for_each(|t| push(out, t)),
                PlaceStep::Total => {
                    let own = st.players[seat as usize].own;
                    (1..=c.n_max.min(own) as u32).for_each(|k| push(out, k));
                }
                PlaceStep::Leave0 => {
                    let lo = if adj == 0 { c.n } else { 1 };
                    (lo as u32..=c.n as u32).for_each(|k| push(out, k));
                }
                PlaceStep::Jump1 => bits(adj).for_each(|t| push(out, t)),
                PlaceStep::Leave1 => {
                    let rem = c.n - c.a0;
                    let onward = st.adj[c.t1 as usize] & !(1 << c.t0);
                    let lo = if onward == 0 { rem } else { 1 };
                    (lo as u32..=rem as u32).for_each(|k| push(out, k));
                }
                PlaceStep::Jump2 => {
                    bits(st.adj[c.t1 as usize] & !(1 << c.t0)).for_each(|t| push(out, t))
                }
            }
        }
        Decision::EndPlace { .. } | Decision::PlaceAny { .. } => {
            push(out, NONE_TILE);
            (0..TILES as u32).for_each(|t| push(out, t));
        }
        Decision::Intrigue { seat, .. } => {
            let p = &st.players[seat as usize];
            push(out, 0);
            if p.common > 0 {
                push(out, 1);
            }
            if p.own > 0 {
                push(out, 2);
            }
            if p.own > 1 {
                push(out, 3);
            }
        }
        Decision::PlaceOn { max, .. } | Decision::Retrieve { max, .. } => {
            (0..=max as u32).for_each(|k| push(out, k))
        }
        Decision::Mission { seat } => mission_choices(st, seat, out),
        Decision::PayChip { seat, card, first } => {
            let p = &st.players[seat as usize];
            let req = st.data.mission[card as usize].requires;
            let mask = match first {
                None => first_payments(p.chips, req),
                Some(c) => {
                    let mut rest = p.chips;
                    rest[c as usize] -= 1;
                    second_payments(rest, req[1])
                }
            };
            bits(mask as u16).for_each(|c| push(out, c));
        }
        Decision::DrawDeck { .. } => {
            for d in Deck::ALL {
                if !st.mission_decks[d as usize].is_empty() {
                    push(out, d as u32);
                }
            }
        }
        Decision::SwapChip { seat, .. } => {
            let p = &st.players[seat as usize];
            for c in &Chip::ALL[1..] {
                if p.chips[*c as usize] > 0 {
                    push(out, *c as u32);
                }
            }
        }
        Decision::ReturnMissions {
            seat,
            ref chosen,
            max,
            ..
        } => {
            push(out, STOP);
            if (chosen.len() as u8) < max {
                for m in st.players[seat as usize].missions.iter().take(20) {
                    if !chosen.contains(&m) {
                        push(out, MISSION + m as u32);
                    }
                }
            }
        }
        Decision::KeepChip { seat } => {
            let p = &st.players[seat as usize];
            for c in Chip::ALL {
                if p.chips[c as usize] > 0 {
                    push(out, c as u32);
                }
            }
        }
    }
}

/// Applies an offered choice (the caller checked it against [`choices`]).
pub fn decide(st: &mut LouisState, id: u32, ev: &mut Vec<Ev>) {
    resolve(st, id, ev);
    // A placement step with a single possible answer is taken at once: no menu of one.
    let mut ids = Vec::new();
    while let Some(d @ Decision::Place { .. }) = &st.decision {
        ids.clear();
        choices(st, d, &mut ids);
        if ids.len() != 1 {
            break;
        }
        resolve(st, ids[0].0, ev);
    }
    st.run(ev);
}

fn resolve(st: &mut LouisState, id: u32, ev: &mut Vec<Ev>) {
    let d = st.decision.take().expect("a decision is pending");
    let seat = d.seat();
    let s = seat as usize;
    match d {
        Decision::SupplyNext { .. } => {
            let card = (id - MISSION) as u8;
            st.supply_left.retain(|&m| m != card);
            st.then([Task::SupplyNext(seat)]);
            st.supply_card(seat, card, ev);
        }
        Decision::TwoOf { amount, .. } => {
            let stones = id as u8;
            let money = (amount - stones) as u32;
            if money > 0 {
                st.players[s].money += money;
                ev.push(Ev::Money {
                    seat,
                    amount: money,
                });
            }
            if stones > 0 {
                st.retrieve(seat, stones, ev);
            }
        }
        Decision::StoneForCard { .. } => {
            if id == 1 {
                st.players[s].own -= 1;
                st.players[s].common += 1;
                ev.push(Ev::StoneForCard { seat });
                st.draw_influence(seat, 1, ev);
            }
        }
        Decision::StartPlace { tile, .. } => {
            if id == 1 && st.take_placement_stone(seat) {
                st.tiles[tile as usize].stones[s] += 1;
                ev.push(Ev::StonePlaced { seat, tile });
            }
        }
        Decision::Turn { .. } => {
            if id < MISSION {
                let kind = id as u8;
                let card = st.take_card_of_kind(seat, kind);
                st.discard.push(card);
                st.plays.push(InfluencePlay {
                    seat,
                    kind,
                    exchange: false,
                    returned: false,
                });
                ev.push(Ev::Played {
                    seat,
                    card: st.influence_ref(card),
                });
                // §6.2: the last card goes back unplayed, under the deck (§16 A9).
                if st.players[s].influence.len() == 1 {
                    let last = st.players[s].influence.first().expect("one card");
                    st.players[s].influence.clear();
                    st.influence_deck.insert(0, last);
                    if let Some(play) = st.plays.last_mut() {
                        play.returned = true;
                    }
                    ev.push(Ev::LastCardReturned { seat });
                    ev.push(Ev::LastCard {
                        seat,
                        card: st.influence_ref(last),
                    });
                }
                st.decision = Some(Decision::Use { seat, kind });
            } else if id < MISSION_USE {
                let card = (id - MISSION) as u8;
                if let Ability::PayPass { cost } = st.data.mission[card as usize].ability {
                    st.players[s].money -= cost;
                    st.players[s].used.push(card);
                    ev.push(Ev::PaidPass { seat, cost });
                }
            } else {
                let card = (id - MISSION_USE) as u8;
                st.decision = Some(Decision::ExchangeDiscard { seat, card });
            }
        }
        Decision::ExchangeDiscard { card, .. } => {
            let discarded = st.take_card_of_kind(seat, id as u8);
            st.discard.push(discarded);
            st.plays.push(InfluencePlay {
                seat,
                kind: id as u8,
                exchange: true,
                returned: false,
            });
            st.players[s].used.push(card);
            ev.push(Ev::Exchanged {
                seat,
                card: st.influence_ref(discarded),
            });
            st.draw_influence(seat, 1, ev);
        }
        Decision::Use { kind, .. } => {
            let place = id == 0;
            if st.unused(seat, is_four_stone).next().is_some() {
                st.decision = Some(Decision::FourStone { seat, kind, place });
            } else {
                st.proceed_use(seat, kind, place, None, ev);
            }
        }
        Decision::FourStone { kind, place, .. } => {
            let mut big = None;
            if id == 1 {
                let card = st.unused(seat, is_four_stone).next().expect("offered");
                if let Ability::FourStoneJoker { stones } = st.data.mission[card as usize].ability {
                    st.players[s].used.push(card);
                    ev.push(Ev::FourStone { seat, stones });
                    big = Some(stones);
                }
            }
            st.proceed_use(seat, kind, place, big, ev);
        }
        Decision::Place { mut chain, .. } => {
            let v = id as u8;
            let next = match chain.step {
                PlaceStep::StartTile => {
                    chain.t0 = v;
                    Some(PlaceStep::Total)
                }
                PlaceStep::Total => {
                    chain.n = v;
                    Some(PlaceStep::Leave0)
                }
                PlaceStep::Leave0 => {
                    chain.a0 = v;
                    (v < chain.n).then_some(PlaceStep::Jump1)
                }
                PlaceStep::Jump1 => {
                    chain.t1 = v;
                    Some(PlaceStep::Leave1)
                }
                PlaceStep::Leave1 => {
                    chain.a1 = v;
                    (chain.a0 + v < chain.n).then_some(PlaceStep::Jump2)
                }
                PlaceStep::Jump2 => {
                    st.finish_placement(seat, chain, Some(v), ev);
                    return;
                }
            };
            match next {
                Some(step) => {
                    chain.step = step;
                    st.decision = Some(Decision::Place { seat, chain });
                }
                None => st.finish_placement(seat, chain, None, ev),
            }
        }
        Decision::EndPlace { .. } => {
            if id != NONE_TILE && st.take_placement_stone(seat) {
                st.tiles[id as usize].stones[s] += 1;
                ev.push(Ev::StonePlaced {
                    seat,
                    tile: id as u8,
                });
            }
        }
        Decision::Intrigue { tile, .. } => {
            if id > 0 {
                let p = &mut st.players[s];
                let (from_common, stones) = match id {
                    1 => (true, 1),
                    2 => (false, 1),
                    _ => (false, 2),
                };
                if from_common {
                    p.common -= 1;
                } else {
                    p.own -= stones;
                }
                p.intrigue.remove(tile);
                st.intrigue_deck.insert(0, tile);
                st.tiles[tile as usize].stones[s] += stones;
                ev.push(Ev::IntriguePlayed {
                    seat,
                    tile,
                    from_common,
                    stones,
                });
            }
        }
        Decision::OnceFirst { tile, .. } => {
            if id == 1 {
                let card = st.unused(seat, is_once_first).next().expect("offered");
                st.players[s].used.push(card);
                st.eval.once_first = Some(seat);
                ev.push(Ev::OnceFirst { seat, tile });
            }
        }
        Decision::Buy { tile, price, .. } => {
            if id == 1 {
                st.players[s].money -= price;
                ev.push(Ev::Bought { seat, tile, price });
                st.then([Task::Reward {
                    seat,
                    tile,
                    crown: false,
                }]);
            } else {
                ev.push(Ev::Declined { seat, tile });
            }
        }
        Decision::PlaceAny { left, .. } => {
            if id != NONE_TILE && st.take_placement_stone(seat) {
                st.tiles[id as usize].stones[s] += 1;
                ev.push(Ev::StonePlaced {
                    seat,
                    tile: id as u8,
                });
                st.then([Task::PlaceAny {
                    seat,
                    left: left - 1,
                }]);
            }
        }
        Decision::PlaceOn { tile, .. } => {
            for _ in 0..id {
                if st.take_placement_stone(seat) {
                    st.tiles[tile as usize].stones[s] += 1;
                    ev.push(Ev::StonePlaced { seat, tile });
                }
            }
        }
        Decision::Retrieve { .. } => {
            if id > 0 {
                st.retrieve(seat, id as u8, ev);
            }
        }
        Decision::Mission { .. } => {
            if id == STOP {
                st.end_mission_turn(seat);
            } else if id < MISSION_USE {
                let card = (id - MISSION) as u8;
                pay_step(st, seat, card, None, ev);
            } else {
                let card = (id - MISSION_USE) as u8;
                st.decision = Some(Decision::SwapChip { seat, card });
            }
        }
        Decision::PayChip { card, first, .. } => {
            let chip = Chip::ALL[id as usize];
            match first {
                None => pay_step(st, seat, card, Some(chip), ev),
                Some(f) => st.complete(seat, card, [f, chip], ev),
            }
        }
        Decision::DrawDeck { .. } => st.draw_mission(seat, Deck::ALL[id as usize], ev),
        Decision::SwapChip { card, .. } => {
            if let Ability::CrownSwap { cost } = st.data.mission[card as usize].ability {
                let chip = Chip::ALL[id as usize];
                let p = &mut st.players[s];
                p.money -= cost;
                p.chips[chip as usize] -= 1;
                p.chips[Chip::Crown as usize] += 1;
                p.used.push(card);
                ev.push(Ev::CrownSwap { seat, chip, cost });
            }
            st.then([Task::MissionTurn(seat)]);
        }
        Decision::ReturnMissions {
            card,
            mut chosen,
            max,
            ..
        } => {
            if id != STOP {
                chosen.push((id - MISSION) as u8);
            }
            if id != STOP && (chosen.len() as u8) < max {
                st.decision = Some(Decision::ReturnMissions {
                    seat,
                    card,
                    chosen,
                    max,
                });
            } else if !chosen.is_empty() {
                // §8 step 2: under the deck of their own colour, then as many draws.
                st.players[s].used.push(card);
                for &m in &chosen {
                    st.players[s].missions.remove(m);
                }
                let mut decks = Vec::new();
                for &m in &chosen {
                    let deck = st.data.mission[m as usize].deck;
                    st.mission_decks[deck as usize].insert(0, m);
                    decks.push(deck);
                }
                ev.push(Ev::MissionsReturned { seat, decks });
                let draws: Vec<Task> = chosen.iter().map(|_| Task::DrawMission(seat)).collect();
                st.then(draws);
            }
        }
        Decision::KeepChip { .. } => st.keep_chip(seat, Chip::ALL[id as usize], ev),
    }
}

/// Asks for the next chip of a payment, or pays at once when only one chip fits.
fn pay_step(st: &mut LouisState, seat: Seat, card: u8, first: Option<Chip>, ev: &mut Vec<Ev>) {
    let d = Decision::PayChip { seat, card, first };
    let mut ids = Vec::new();
    choices(st, &d, &mut ids);
    if ids.len() == 1 {
        let chip = Chip::ALL[ids[0].0 as usize];
        match first {
            None => pay_step(st, seat, card, Some(chip), ev),
            Some(f) => st.complete(seat, card, [f, chip], ev),
        }
    } else {
        st.decision = Some(d);
    }
}
