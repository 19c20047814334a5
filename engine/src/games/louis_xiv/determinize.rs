//! What one seat may believe about a Louis XIV table (spec §13), for the AI.
//!
//! Re-dealt from what the seat cannot see: the other players' influence and intrigue cards
//! with the two decks' orders, their mission cards within each mission deck (which deck a
//! player drew from or returned to is announced, so each hand keeps its counts per deck),
//! the kinds of their coats of arms with the coat pile, and the money cards not yet revealed
//! with those removed unseen. The state's random stream is re-seeded, so the search cannot
//! foresee a reshuffle. A card the observer sent back unplayed keeps its place under the
//! influence deck. The discard pile, the board, chips, money and completed missions are
//! public. A mission another player is paying for or returning right now stays in that hand:
//! such a half-made move never stands when the observer itself is to decide.

use rand::{seq::SliceRandom, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    course::{Decision, Phase},
    data::Deck,
    state::{Cards, LouisState, PLAIN_COAT},
};
use crate::contract::Seat;

pub fn determinize(state: &LouisState, observer: Seat, rng: &mut dyn RngCore) -> LouisState {
    let mut out = state.clone();
    let others: Vec<usize> = (0..state.n()).filter(|&s| s != observer as usize).collect();

    // Influence cards: other hands and the deck.
    let sizes: Vec<usize> = others
        .iter()
        .map(|&s| state.players[s].influence.len())
        .collect();
    // The observer's own card sent back unplayed (§6.2) stays where it went: it saw it.
    let mut own: Vec<(usize, u8)> = state
        .returned_cards()
        .into_iter()
        .filter(|&(s, _)| s == observer)
        .map(|(_, at)| (at, state.influence_deck[at]))
        .collect();
    let mut pool: Vec<u8> = state
        .influence_deck
        .iter()
        .enumerate()
        .filter(|(at, _)| !own.iter().any(|(o, _)| o == at))
        .map(|(_, &c)| c)
        .collect();
    for &s in &others {
        pool.extend(state.players[s].influence.iter());
    }
    let mut pool = shuffled(pool, rng).into_iter();
    for (&s, &n) in others.iter().zip(&sizes) {
        out.players[s].influence = pool.by_ref().take(n).collect();
    }
    out.influence_deck = pool.collect();
    own.sort_unstable();
    for &(at, card) in &own {
        out.influence_deck.insert(at, card);
    }

    // Intrigue cards: the same.
    let sizes: Vec<usize> = others
        .iter()
        .map(|&s| state.players[s].intrigue.len())
        .collect();
    let mut pool: Vec<u8> = state.intrigue_deck.clone();
    for &s in &others {
        pool.extend(state.players[s].intrigue.iter());
    }
    let mut pool = shuffled(pool, rng).into_iter();
    for (&s, &n) in others.iter().zip(&sizes) {
        out.players[s].intrigue = pool.by_ref().take(n).collect();
    }
    out.intrigue_deck = pool.collect();

    redeal_missions(state, &mut out, &others, rng);

    if state.phase != Phase::Over {
        // Coat kinds: a plain coat (drawn from an empty pile) was seen to be plain.
        let mut pool: Vec<u8> = state.coat_pile.clone();
        for &s in &others {
            pool.extend(state.players[s].coats.iter().filter(|&&c| c != PLAIN_COAT));
        }
        let mut pool = shuffled(pool, rng).into_iter();
        for &s in &others {
            for coat in out.players[s]
                .coats
                .iter_mut()
                .filter(|c| **c != PLAIN_COAT)
            {
                *coat = pool.next().expect("as many coats as hidden coats");
            }
        }
        out.coat_pile = pool.collect();
    }

    let mut money: Vec<u8> = state
        .money_deck
        .iter()
        .chain(&state.money_removed)
        .copied()
        .collect();
    money = shuffled(money, rng);
    out.money_removed = money.split_off(state.money_deck.len());
    out.money_removed.sort_unstable();
    out.money_deck = money;

    let mut seed = <ChaCha8Rng as SeedableRng>::Seed::default();
    rng.fill_bytes(&mut seed);
    out.rng = ChaCha8Rng::from_seed(seed);
    out
}

/// Sorted first, so that the result depends on the set alone.
fn shuffled(mut cards: Vec<u8>, rng: &mut dyn RngCore) -> Vec<u8> {
    cards.sort_unstable();
    cards.shuffle(rng);
    cards
}

/// Missions a player is in the middle of using: they stay where they are.
fn missions_in_use(state: &LouisState) -> (Option<Seat>, Cards) {
    match &state.decision {
        Some(Decision::PayChip { seat, card, .. }) => (Some(*seat), [*card].into_iter().collect()),
        Some(Decision::ReturnMissions { seat, chosen, .. }) => {
            (Some(*seat), chosen.iter().copied().collect())
        }
        _ => (None, Cards::default()),
    }
}

fn redeal_missions(
    state: &LouisState,
    out: &mut LouisState,
    others: &[usize],
    rng: &mut dyn RngCore,
) {
    let (user, in_use) = missions_in_use(state);
    let deck_of = |m: u8| state.data.mission[m as usize].deck as usize;
    let hidden = |s: usize| -> Cards {
        let mut hand = state.players[s].missions;
        if user.is_some_and(|u| u as usize == s) {
            hand.0 &= !in_use.0;
        }
        hand
    };
    for deck in Deck::ALL {
        let d = deck as usize;
        let mut pool: Vec<u8> = state.mission_decks[d].clone();
        let mut sizes = Vec::with_capacity(others.len());
        for &s in others {
            let mine: Vec<u8> = hidden(s).iter().filter(|&m| deck_of(m) == d).collect();
            sizes.push(mine.len());
            pool.extend(mine);
        }
        let mut pool = shuffled(pool, rng).into_iter();
        for (&s, &n) in others.iter().zip(&sizes) {
            let p = &mut out.players[s];
            for m in hidden(s).iter().filter(|&m| deck_of(m) == d) {
                p.missions.remove(m);
            }
            for m in pool.by_ref().take(n) {
                p.missions.push(m);
            }
        }
        out.mission_decks[d] = pool.collect();
    }
}

/// The seat's score if the game ended now (§11), without the majority bonuses: coats held,
/// 5 per completed mission, and one coat per card, chip, stone on the board and 3 Louisdor.
pub fn heuristic(state: &LouisState, seat: Seat) -> f64 {
    if let Some(result) = &state.result {
        return result.scores[seat as usize] as f64;
    }
    let s = seat as usize;
    let p = &state.players[s];
    let on_tiles: u32 = state.tiles.iter().map(|t| t.stones[s] as u32).sum();
    let converted = p.influence.len() as u32
        + p.intrigue.len() as u32
        + p.chip_count() as u32
        + on_tiles
        + p.money / 3;
    (p.coats.len() as u32 + converted + 5 * p.completed.len() as u32) as f64
}

#[cfg(test)]
mod tests {
    use rand::{rngs::SmallRng, Rng, SeedableRng};

    use super::super::{state::LouisState, LouisXiv};
    use crate::contract::{Game, Pending};

    fn mid_game(seed: u64, seats: usize, steps: usize) -> LouisState {
        let mut state = LouisXiv::new(&Default::default(), seats, seed).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut pending, mut ids, mut events) = (Vec::<Pending>::new(), Vec::new(), Vec::new());
        for _ in 0..steps {
            pending.clear();
            LouisXiv::pending(&state, &mut pending);
            let Some(p) = pending.first() else { break };
            ids.clear();
            LouisXiv::legal_ids(&state, p.actor, &mut ids);
            events.clear();
            let id = ids[rng.random_range(0..ids.len())];
            LouisXiv::apply(&mut state, p.actor, id, &mut events).unwrap();
        }
        state
    }

    fn sorted(mut v: Vec<u8>) -> Vec<u8> {
        v.sort_unstable();
        v
    }

    #[test]
    fn the_seats_cards_stay_and_each_hand_keeps_its_sizes_and_mission_decks() {
        let mut varied = false;
        for seed in 1..30 {
            let state = mid_game(seed, 3, 20 + 7 * seed as usize);
            let deck_counts = |s: &LouisState, seat: usize| {
                let mut counts = [0; 3];
                for m in s.players[seat].missions.iter() {
                    counts[s.data.mission[m as usize].deck as usize] += 1;
                }
                counts
            };
            let all_influence = |s: &LouisState| {
                let mut all = s.influence_deck.clone();
                all.extend(&s.discard);
                for p in &s.players {
                    all.extend(p.influence.iter());
                }
                sorted(all)
            };
            for k in 0..4 {
                let d = LouisXiv::determinize(&state, 1, &mut SmallRng::seed_from_u64(k));
                assert_eq!(d.players[1], state.players[1], "seed {seed}");
                assert_eq!((&d.discard, &d.tiles), (&state.discard, &state.tiles));
                assert_eq!(all_influence(&d), all_influence(&state));
                for seat in [0, 2] {
                    let (a, b) = (&d.players[seat], &state.players[seat]);
                    assert_eq!(a.influence.len(), b.influence.len());
                    assert_eq!(a.intrigue.len(), b.intrigue.len());
                    assert_eq!(a.coats.len(), b.coats.len());
                    assert_eq!(a.completed, b.completed);
                    assert_eq!(deck_counts(&d, seat), deck_counts(&state, seat));
                }
                assert_eq!(d.money_deck.len(), state.money_deck.len());
                varied |= d.players[0].missions != state.players[0].missions
                    || d.players[0].influence != state.players[0].influence;
            }
        }
        assert!(varied, "another seat's cards never changed");
    }

    #[test]
    fn a_card_the_seat_sent_back_unplayed_keeps_its_place_and_the_others_are_dealt_again() {
        let mut checked = 0;
        for seed in 0..40u64 {
            // Random play until seat 1 and another seat are done for the phase (§6.2).
            let mut state = LouisXiv::new(&Default::default(), 3, seed).unwrap();
            let mut rng = SmallRng::seed_from_u64(seed);
            let (mut pending, mut ids, mut events) =
                (Vec::<Pending>::new(), Vec::new(), Vec::new());
            let done = |s: &LouisState| {
                let back = s.returned_cards();
                back.iter().any(|&(seat, _)| seat == 1) && back.len() >= 2
            };
            while !done(&state) {
                pending.clear();
                LouisXiv::pending(&state, &mut pending);
                let Some(p) = pending.first() else { break };
                ids.clear();
                LouisXiv::legal_ids(&state, p.actor, &mut ids);
                let id = ids[rng.random_range(0..ids.len())];
                LouisXiv::apply(&mut state, p.actor, id, &mut events).unwrap();
            }
            if !done(&state) {
                continue;
            }
            let back = state.returned_cards();
            let (_, own) = *back.iter().find(|&&(seat, _)| seat == 1).unwrap();
            let (_, theirs) = *back.iter().find(|&&(seat, _)| seat != 1).unwrap();
            let mut moved = false;
            for k in 0..8 {
                let d = LouisXiv::determinize(&state, 1, &mut SmallRng::seed_from_u64(k));
                assert_eq!(d.influence_deck.len(), state.influence_deck.len());
                assert_eq!(d.returned_cards(), back);
                assert_eq!(
                    d.influence_deck[own], state.influence_deck[own],
                    "seed {seed}: seat 1 saw the card it sent back"
                );
                for p in [0, 2] {
                    assert!(!d.players[p].influence.contains(&state.influence_deck[own]));
                }
                moved |= d.influence_deck[theirs] != state.influence_deck[theirs];
            }
            assert!(
                moved,
                "seed {seed}: another seat's card sent back is not known"
            );
            checked += 1;
        }
        assert!(checked >= 3, "{checked}");
    }

    #[test]
    fn the_heuristic_grows_with_completed_missions() {
        let mut state = mid_game(4, 2, 30);
        let before = super::heuristic(&state, 0);
        let m = state.players[1]
            .missions
            .first()
            .expect("a mission in hand");
        state.players[0].completed.push(m);
        assert_eq!(super::heuristic(&state, 0), before + 5.0);
    }
}
