//! What one seat can know of a Claim table, for the AI (issue 15): the re-deal of everything
//! hidden from it, and a quick estimate of how a seat stands.
//!
//! Hidden from a seat (spec §10) are, in phase 1, the opponent's dealt hand, the cards the
//! opponent drew blind and the deck order. Everything else is located: its own hand and
//! follower pile, the prize, the score piles and the discard (face up), and the prizes the
//! opponent won (public history, D12). In phase 2 the deck is empty and the opponent's hand
//! is every card not located elsewhere, so the table holds no secret any more.

use rand::{seq::SliceRandom, Rng, RngCore};

use super::{
    cards::{Card, CardSet, Faction},
    rules::{ClaimState, Phase},
};
use crate::contract::Seat;

/// The state with the cards hidden from `observer` dealt again at random, uniformly over the
/// deals that agree with what it saw: the opponent's hand holds none of the factions it
/// proved void in (§6), and the hand, blind-card and deck sizes are kept.
pub fn determinize(state: &ClaimState, observer: Seat, rng: &mut dyn RngCore) -> ClaimState {
    let mut out = state.clone();
    // The seed dealt the real cards: a determinized state must not carry it.
    out.seed = rng.next_u64();
    if state.phase != Phase::Recruiting || observer > 1 {
        return out;
    }
    let opp = 1 - observer as usize;
    let deck: CardSet = state.deck.iter().copied().collect();
    let unknown = state.hands[opp].union(state.blind[opp]).union(deck);
    let barred = state.voids[opp].cards();

    // The opponent's hand first, from the cards it may hold; every such subset is equally
    // likely, and the rest are then arranged uniformly, so the deal is uniform overall.
    let mut allowed = [Card(0); 52];
    let mut n_allowed = 0;
    for c in unknown.iter().filter(|c| !barred.contains(*c)) {
        allowed[n_allowed] = c;
        n_allowed += 1;
    }
    let hand_size = state.hands[opp].len();
    // The real hand is among the allowed cards, so there are always enough of them.
    let hand_size = hand_size.min(n_allowed);
    let allowed = &mut allowed[..n_allowed];
    for i in 0..hand_size {
        let j = rng.random_range(i..allowed.len());
        allowed.swap(i, j);
    }
    let hand: CardSet = allowed[..hand_size].iter().copied().collect();

    let mut rest = [Card(0); 52];
    let mut n_rest = 0;
    for c in unknown.iter().filter(|c| !hand.contains(*c)) {
        rest[n_rest] = c;
        n_rest += 1;
    }
    let rest = &mut rest[..n_rest];
    rest.shuffle(rng);
    let n_blind = state.blind[opp].len();
    let blind: CardSet = rest[..n_blind].iter().copied().collect();

    out.hands[opp] = hand;
    out.followers[opp] = CardSet(state.followers[opp].0 & !state.blind[opp].0).union(blind);
    out.blind[opp] = blind;
    out.deck.clear();
    out.deck.extend_from_slice(&rest[n_blind..]);
    out
}

/// Expected faction votes of `seat`: each faction counts as a share of a vote by how far
/// `seat` leads it. Cards already scored count fully; in phase 1 the follower pile (next
/// phase's hand) counts half, in phase 2 the hand counts half, since about half of a hand
/// ends up in one's own score pile.
pub fn heuristic(state: &ClaimState, seat: Seat) -> f64 {
    let me = seat as usize & 1;
    let holding = |s: usize| match state.phase {
        Phase::Recruiting => state.followers[s],
        Phase::Factions => state.hands[s],
        Phase::Over => CardSet::EMPTY,
    };
    Faction::ALL
        .iter()
        .map(|&f| {
            let strength =
                |s: usize| state.scores[s].of(f).len() as f64 + 0.5 * holding(s).of(f).len() as f64;
            let lead = strength(me) - strength(1 - me);
            0.5 + 0.5 * (lead / 1.5).tanh()
        })
        .sum()
}
