//! What one seat may believe about a Ruse & Bruise table (spec §8), for the AI.
//!
//! Of each other colour, the characters not lying face up (discard pile, face-up column
//! cards, an Explorer everyone saw move) are re-dealt among that colour's hidden places:
//! face-down column cards, cards under Disguises, the hand and the deck. The observer's own
//! deck is reshuffled (its order is hidden from it too), the point deck and the box are
//! re-dealt together, and the state's own random stream is re-seeded, so the search cannot
//! foresee a reshuffle. Before play begins the seeded start player is hidden too.
//! Won point cards stay: every round's evaluation named them to the whole table.

use rand::{seq::SliceRandom, Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    cards::{Character, PointCard},
    evaluation::{evaluate_cards, Valued},
    pile::Pile,
    rules::{Phase, RbState},
    scoring::final_score,
};
use crate::contract::Seat;

pub fn determinize(state: &RbState, observer: Seat, rng: &mut dyn RngCore) -> RbState {
    let mut out = state.clone();
    for seat in 0..state.seats {
        if seat == observer {
            let deck = &mut out.players[seat as usize].deck;
            deck.as_mut_slice().sort();
            deck.as_mut_slice().shuffle(rng);
        } else {
            redeal_colour(&mut out, seat, rng);
        }
    }
    let mut points: Vec<PointCard> = state
        .point_deck
        .iter()
        .chain(state.boxed.iter())
        .copied()
        .collect();
    points.sort();
    points.shuffle(rng);
    let (deck, boxed) = points.split_at(state.point_deck.len());
    out.point_deck = deck.iter().copied().collect();
    out.boxed = boxed.iter().copied().collect();
    if matches!(state.phase, Phase::Colours | Phase::StartPlayer) {
        out.random_start = rng.random_range(0..state.seats);
    }
    let mut seed = <ChaCha8Rng as SeedableRng>::Seed::default();
    rng.fill_bytes(&mut seed);
    out.rng = ChaCha8Rng::from_seed(seed);
    out
}

/// Re-deals `seat`'s hidden characters over its hidden places, in a fixed order of places.
fn redeal_colour(out: &mut RbState, seat: Seat, rng: &mut dyn RngCore) {
    let hidden_here = |face_up: bool, known: bool| !face_up && !known;
    let mut pool: Vec<Character> = Vec::with_capacity(Character::COUNT);
    for column in &out.columns {
        for p in column.cards.iter().filter(|p| p.owner == seat) {
            if hidden_here(p.face_up, p.known) {
                pool.push(p.character);
            }
            pool.extend(p.hidden);
        }
    }
    let player = &out.players[seat as usize];
    pool.extend(player.hand.iter().chain(player.deck.iter()));
    pool.sort();
    pool.shuffle(rng);
    let mut pool = pool.into_iter();
    let mut next = || pool.next().expect("as many characters as hidden places");
    for column in &mut out.columns {
        for p in column.cards.iter_mut().filter(|p| p.owner == seat) {
            if hidden_here(p.face_up, p.known) {
                p.character = next();
            }
            if p.hidden.is_some() {
                p.hidden = Some(next());
            }
        }
    }
    let player = &mut out.players[seat as usize];
    let mut hand: Vec<Character> = (0..player.hand.len()).map(|_| next()).collect();
    hand.sort();
    player.hand = hand.into_iter().collect();
    let deck: Pile<Character, 25> = (0..player.deck.len()).map(|_| next()).collect();
    player.deck = deck;
}

/// The seat's final score if the round ended now: its won point cards plus the columns it
/// would win with the cards lying there (read on a determinized state, so all are known).
pub fn heuristic(state: &RbState, seat: Seat) -> f64 {
    let mut won: Vec<PointCard> = state.players[seat as usize].won.as_slice().to_vec();
    if state.phase == Phase::Play {
        for column in &state.columns {
            let mut cards = Vec::with_capacity(column.count());
            state.for_each_entry(column, |entry| cards.push(Valued { entry, value: None }));
            if evaluate_cards(cards, column.point.symbol()).winner == Some(seat) {
                won.push(column.point);
            }
        }
    }
    final_score(&won, state.doubling) as f64
}

#[cfg(test)]
mod tests {
    use rand::{rngs::SmallRng, Rng, SeedableRng};

    use super::super::{rules::RbState, RuseAndBruise};
    use crate::contract::{Game, Pending, Seat};

    fn mid_play(seed: u64, seats: usize, steps: usize) -> RbState {
        let mut state = RuseAndBruise::new(&Default::default(), seats, seed).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut pending, mut ids, mut events) = (Vec::<Pending>::new(), Vec::new(), Vec::new());
        for _ in 0..steps {
            pending.clear();
            RuseAndBruise::pending(&state, &mut pending);
            let Some(p) = pending.first() else { break };
            ids.clear();
            RuseAndBruise::legal_ids(&state, p.actor, &mut ids);
            events.clear();
            let id = ids[rng.random_range(0..ids.len())];
            RuseAndBruise::apply(&mut state, p.actor, id, &mut events).unwrap();
        }
        state
    }

    /// Every character of `seat`'s colour, wherever it lies, sorted.
    fn colour(state: &RbState, seat: Seat) -> Vec<u8> {
        let p = &state.players[seat as usize];
        let mut all: Vec<u8> = p
            .hand
            .iter()
            .chain(p.deck.iter())
            .chain(p.discard.iter())
            .map(|c| c.index())
            .collect();
        for column in &state.columns {
            for placed in column.cards.iter().filter(|c| c.owner == seat) {
                all.push(placed.character.index());
                all.extend(placed.hidden.map(|h| h.index()));
            }
        }
        all.sort();
        all
    }

    #[test]
    fn what_the_seat_saw_stays_and_every_colour_keeps_its_characters() {
        let mut varied = false;
        for seed in 1..40 {
            let state = mid_play(seed, 4, 10 + seed as usize * 2);
            for k in 0..4 {
                let d = RuseAndBruise::determinize(&state, 0, &mut SmallRng::seed_from_u64(k));
                assert_eq!(d.players[0].hand, state.players[0].hand);
                for seat in 0..4 {
                    assert_eq!(colour(&d, seat), colour(&state, seat), "seed {seed}");
                    let (a, b) = (&d.players[seat as usize], &state.players[seat as usize]);
                    assert_eq!((a.hand.len(), a.deck.len()), (b.hand.len(), b.deck.len()));
                    assert_eq!((&a.discard, &a.won), (&b.discard, &b.won));
                }
                for (dc, sc) in d.columns.iter().zip(&state.columns) {
                    assert_eq!(dc.point, sc.point);
                    for (dp, sp) in dc.cards.iter().zip(&sc.cards) {
                        assert_eq!(dp.owner, sp.owner);
                        assert_eq!(dp.hidden.is_some(), sp.hidden.is_some());
                        if sp.owner == 0 {
                            assert_eq!(dp, sp, "seed {seed}: the seat's own card changed");
                        } else if sp.face_up || sp.known {
                            assert_eq!(dp.character, sp.character, "seed {seed}: a seen card");
                        }
                    }
                }
                varied |= d.players[1].hand != state.players[1].hand;
                assert_eq!(colour(&d, 0), colour(&state, 0));
            }
        }
        assert!(varied, "another seat's hand never changed");
    }

    #[test]
    fn the_heuristic_counts_won_points_and_the_columns_led_now() {
        let state = mid_play(5, 2, 400);
        let won = super::super::scoring::score(state.players[1].won.as_slice(), state.doubling);
        assert!(super::heuristic(&state, 1) >= won.0 as f64);
    }
}
