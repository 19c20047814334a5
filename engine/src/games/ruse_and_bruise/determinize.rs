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
    scoring::score,
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
    let (plain, doubled) = score(&won, state.doubling);
    doubled.map_or(plain as f64, |d| d.max(plain as i32) as f64)
}
