//! What one seat may believe about a Fantasy Realms table (spec §8), for the AI: every card
//! it has not seen where it lies is re-dealt at random among the places it cannot see (other
//! hands, another seat's two drawn cards, the deck), and the state's caches follow.
//!
//! What stays put: the seat's own hand and drawn cards, the discard area, cards the whole
//! table saw taken from the discard area (public, §8: they stay in that hand until
//! discarded again), and in Chaotic Realms the cards of offers and answers shown to the
//! seat. Offers, answers and half-made moves between other seats are not shown to it, so
//! they are dropped: the re-dealt state could not honour their cards anyway.

use rand::{seq::SliceRandom, RngCore};

use super::{
    cards::Card,
    rules::{FrState, Step},
    score::Declarations,
    search::total_with,
};
use crate::contract::Seat;

fn bit(c: Card) -> u64 {
    1u64 << c.0
}

fn mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, &c| m | bit(c))
}

/// The cards `observer` has seen in `holder`'s hand and knows are still there.
fn seen_in_hand(state: &FrState, observer: Seat, holder: Seat) -> u64 {
    let shown = state
        .offers
        .iter()
        .filter(|o| o.from == holder && o.addressed_to(observer))
        .map(|o| bit(o.card))
        .chain(
            state
                .answers
                .iter()
                .filter(|a| a.from == holder && a.to == observer)
                .map(|a| bit(a.card)),
        )
        .fold(state.public, |m, b| m | b);
    mask(&state.hands[holder as usize]) & shown
}

pub fn determinize(state: &FrState, observer: Seat, rng: &mut dyn RngCore) -> FrState {
    let mut out = state.clone();
    let me = observer as usize;
    let seats = state.seats();
    let others = (0..seats as Seat).filter(|&s| s != observer);

    // Offers and answers the observer was not shown, and others' menus in progress.
    out.offers
        .retain(|o| o.from == observer || o.addressed_to(observer));
    out.answers
        .retain(|a| a.from == observer || a.to == observer);
    for (s, p) in out.partial.iter_mut().enumerate() {
        if s != me {
            *p = None;
        }
    }

    let mut fixed =
        mask(&state.hands[me]) | mask(&state.discard.iter().map(|d| d.card).collect::<Vec<_>>());
    if let Step::Keep { drawn } = state.step {
        if state.to_move == observer {
            fixed |= mask(&drawn);
        }
    }
    let kept: Vec<u64> = (0..seats as Seat)
        .map(|s| {
            if s == observer {
                0
            } else {
                seen_in_hand(state, observer, s)
            }
        })
        .collect();
    fixed |= kept.iter().fold(0, |m, k| m | k);

    // Sorted before the shuffle, so the result depends on the set alone.
    let mut pool: Vec<Card> = Card::all().filter(|&c| fixed & bit(c) == 0).collect();
    pool.shuffle(rng);
    let mut pool = pool.into_iter();

    let mut first_dealt: Vec<Option<Card>> = vec![None; seats];
    for s in others.clone() {
        let hand = &state.hands[s as usize];
        let mut new: Vec<Card> = hand
            .iter()
            .copied()
            .filter(|&c| kept[s as usize] & bit(c) != 0)
            .collect();
        let dealt: Vec<Card> = pool.by_ref().take(hand.len() - new.len()).collect();
        first_dealt[s as usize] = dealt.first().copied();
        new.extend(dealt);
        new.sort();
        out.hands[s as usize] = new;
    }
    match state.step {
        Step::Keep { .. } if state.to_move != observer => {
            let a = pool.next().expect("the two drawn cards are in the pool");
            let b = pool.next().expect("the two drawn cards are in the pool");
            out.step = Step::Keep { drawn: [a, b] };
        }
        // A card taken from the deck is hidden; one taken from the discard area is public.
        Step::Discard { taken } if state.to_move != observer && state.public & bit(taken) == 0 => {
            let taken = first_dealt[state.to_move as usize].expect("a hidden card was taken");
            out.step = Step::Discard { taken };
        }
        _ => {}
    }
    out.deck = pool.collect();

    for s in others {
        let i = s as usize;
        let mut known = state.public | mask(&out.hands[i]);
        if let Step::Keep { drawn } = out.step {
            if out.to_move == s {
                known |= mask(&drawn);
            }
        }
        for o in out
            .offers
            .iter()
            .filter(|o| o.from == s || o.addressed_to(s))
        {
            known |= bit(o.card);
        }
        for a in out.answers.iter().filter(|a| a.from == s || a.to == s) {
            known |= bit(a.card);
        }
        out.known[i] = known;
        if !out.is_over() {
            out.refresh_before_take(s);
        }
    }
    out.seed = rng.next_u64();
    out
}

/// §10 with every scoring choice left undeclared: the 410 ns evaluation, not the search.
pub fn heuristic(state: &FrState, seat: Seat) -> f64 {
    if state.is_over() {
        return state.scores[seat as usize].total as f64;
    }
    let hand = &state.hands[seat as usize];
    match state.step {
        // Mid-turn the hand holds 8: judge it by its best 7 after the coming discard.
        Step::Discard { .. } if state.to_move == seat => {
            let mut best = i32::MIN;
            let mut seven = Vec::with_capacity(7);
            for skip in 0..hand.len() {
                seven.clear();
                seven.extend(
                    hand.iter()
                        .enumerate()
                        .filter(|&(i, _)| i != skip)
                        .map(|(_, &c)| c),
                );
                best = best.max(total_with(&seven, &Declarations::default()));
            }
            best as f64
        }
        _ => total_with(hand, &Declarations::default()) as f64,
    }
}

#[cfg(test)]
mod tests {
    use rand::{rngs::SmallRng, Rng, SeedableRng};

    use super::super::{
        rules::{ids, FrEvent, FrState},
        FantasyRealms,
    };
    use crate::contract::{Actor, Game};

    fn det(state: &FrState, observer: u8, seed: u64) -> FrState {
        FantasyRealms::determinize(state, observer, &mut SmallRng::seed_from_u64(seed))
    }

    /// Seat 1 takes the top discard on its turn (a public take, §8); others play at random.
    fn table_with_a_public_take(seed: u64) -> (FrState, u8, super::Card) {
        let mut state = FantasyRealms::new(&Default::default(), 4, seed).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut events = Vec::new();
        loop {
            let actor = Actor::Seat(state.to_move);
            let mut legal = Vec::new();
            FantasyRealms::legal_ids(&state, actor, &mut legal);
            let discard = legal
                .iter()
                .copied()
                .find(|c| c.0 != ids::DECK && c.0 <= 53);
            let choice = match (state.step.clone(), discard) {
                (super::Step::Take, Some(card)) if state.to_move == 1 => card,
                _ => legal[rng.random_range(0..legal.len())],
            };
            events.clear();
            FantasyRealms::apply(&mut state, actor, choice, &mut events).unwrap();
            if let Some(&FrEvent::TookDiscard { seat, card }) = events.first() {
                return (state, seat, card);
            }
            assert!(!state.is_over(), "seat 1 never took a discard");
        }
    }

    #[test]
    fn a_card_taken_from_the_discard_area_stays_in_that_hand_the_rest_is_redealt() {
        for seed in 1..20 {
            let (state, taker, card) = table_with_a_public_take(seed);
            let mut varied = false;
            for k in 0..8 {
                let d = det(&state, 0, k);
                assert!(d.hands[taker as usize].contains(&card), "seed {seed}");
                assert_eq!(d.hands[0], state.hands[0]);
                assert_eq!(d.discard, state.discard);
                let sizes = |s: &FrState| s.hands.iter().map(Vec::len).collect::<Vec<_>>();
                assert_eq!(sizes(&d), sizes(&state));
                assert!(super::super::rules::cards_conserved(&d));
                varied |= d.hands[2] != state.hands[2];
            }
            assert!(varied, "seed {seed}: another hand never changed");
        }
    }

    #[test]
    fn a_determinized_table_never_holds_a_stale_score_or_the_real_seed() {
        let (state, _, _) = table_with_a_public_take(3);
        let d = det(&state, 0, 9);
        assert_ne!(d.seed, state.seed);
        let mut rescored = d.clone();
        rescored.rescore();
        // Seat 1 is mid-turn (8 cards): its cached score is of the 7 it held before.
        for s in [2, 3] {
            assert_eq!(d.scores[s], rescored.scores[s]);
        }
        assert_eq!(d.scores[0], state.scores[0]);
    }

    #[test]
    fn the_heuristic_is_the_plain_score_of_the_hand() {
        let state = FantasyRealms::new(&Default::default(), 3, 5).unwrap();
        let plain = super::total_with(&state.hands[1], &Default::default());
        assert_eq!(super::heuristic(&state, 1), plain as f64);
        assert!(
            plain <= state.scores[1].total,
            "the search never does worse"
        );
    }
}
