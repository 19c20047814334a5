//! What the AI may believe about a table (spec §12, §1.4): every card hidden from the
//! observer re-dealt at random among the places it could be, everything the observer has
//! seen kept. The result is built only from what the observer knows (unknown cards are
//! pooled and sorted before the shuffle), so two tables the observer cannot tell apart
//! give the same determinization for the same rng.

use rand::{seq::SliceRandom, RngCore};

use super::{
    cards::{Effect, REINFORCEMENTS},
    params::Params,
    state::{other, OvState, PromptKind, What},
};
use crate::contract::Seat;

pub fn determinize(state: &OvState, observer: Seat, rng: &mut dyn RngCore) -> OvState {
    let mut s = state.clone();
    // §9: reshuffles draw from the state's own stream; a new seed keeps them unpredictable.
    s.seed = rng.next_u64();
    // Only the set of cards a reshuffle moved is public, not the order it left them in.
    s.shuffled_in.sort_unstable();
    // §1.4: the country deck is face down for both players.
    s.country_deck.sort_unstable();
    s.country_deck.shuffle(rng);
    forget_unrevealed_choices(&mut s, observer);
    redeal_own_deck(&mut s, observer, rng);
    redeal_opponent(&mut s, other(observer), rng);
    s
}

/// The opponent's half-built declaration or invest action lives in its private menus
/// (§6.1): the determinized opponent is back at the question before it, of the same kind
/// (a reaction's menus fall back to the window, a main-phase one to the main phase).
fn forget_unrevealed_choices(s: &mut OvState, observer: Seat) {
    if s.decl.as_ref().is_some_and(|d| d.who != observer) {
        s.decl = None;
    }
    if s.invest.is_some() && s.active != observer {
        s.invest = None;
    }
}

/// The observer knows which of its cards are in its deck, and the order of the top
/// `known_top` (after a look or Zkušenosti 16A), nothing of the rest.
fn redeal_own_deck(s: &mut OvState, observer: Seat, rng: &mut dyn RngCore) {
    let p = &mut s.players[observer as usize];
    let hidden = p.deck.len() - (p.known_top as usize).min(p.deck.len());
    let unknown = &mut p.deck[..hidden];
    unknown.sort_unstable();
    unknown.shuffle(rng);
}

/// The opponent's cards the observer cannot place: its hand except cards it took openly
/// from its discard pile (Historie 5B), its deck below the publicly known top (16A), and
/// what it is looking at (11A, 27A). They are dealt back to the same places.
fn redeal_opponent(s: &mut OvState, opp: Seat, rng: &mut dyn RngCore) {
    let p = &s.players[opp as usize];
    let public_hand: Vec<u8> = p
        .public_hand
        .iter()
        .copied()
        .filter(|c| p.hand.contains(c))
        .collect();
    let mut pool: Vec<u8> = p
        .hand
        .iter()
        .copied()
        .filter(|c| !public_hand.contains(c))
        .collect();
    let hidden_hand = pool.len();
    let hidden_deck = p.deck.len() - (p.public_top as usize).min(p.deck.len());
    pool.extend_from_slice(&p.deck[..hidden_deck]);
    let looking = match &s.prompt {
        Some(pr) if pr.item.owner == opp => match &pr.kind {
            PromptKind::Look { looked, kept } => looked.len() + kept.len(),
            PromptKind::Discard { .. } => 0,
        },
        _ => 0,
    };
    if let Some(PromptKind::Look { looked, kept }) = s
        .prompt
        .as_ref()
        .filter(|pr| pr.item.owner == opp)
        .map(|pr| &pr.kind)
    {
        pool.extend(looked.iter().chain(kept));
    }
    pool.sort_unstable();
    pool.shuffle(rng);

    let mut dealt = pool.into_iter();
    let p = &mut s.players[opp as usize];
    p.hand = public_hand;
    p.hand.extend(dealt.by_ref().take(hidden_hand));
    for (slot, card) in p.deck[..hidden_deck].iter_mut().zip(dealt.by_ref()) {
        *slot = card;
    }
    let hidden_cards = p.hand[p.hand.len() - hidden_hand..].to_vec();
    if let Some(pr) = s.prompt.as_mut().filter(|pr| pr.item.owner == opp) {
        match &mut pr.kind {
            // Which cards were already put back is private: all are still to be sorted.
            PromptKind::Look { looked, kept } => {
                *looked = dealt.by_ref().take(looking).collect();
                kept.clear();
            }
            // Only how many were drawn is public (§12): the newest hidden hand cards.
            PromptKind::Discard { drawn, .. } => {
                let n = drawn.len().min(hidden_hand);
                *drawn = hidden_cards[hidden_hand - n..].to_vec();
            }
        }
    }
    // Posily 26B announces only how many hand cards it will discard (§6.1).
    let posily = Effect::new(REINFORCEMENTS, true);
    for item in s.stack.iter_mut().filter(|i| i.owner == opp) {
        if let What::Play {
            effect,
            params: Params::Cards(cards),
            ..
        } = &mut item.what
        {
            if *effect == posily {
                let n = cards.len().min(hidden_hand);
                *cards = hidden_cards[..n].to_vec();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::ovlivneni::{
        cards::CARD_COUNT,
        state::{Decl, Item},
        Ovlivneni,
    };
    use crate::Game;

    const ME: Seat = 0;
    const OPP: Seat = 1;

    /// Seat 1 holds cards 0–4, of which 2 came openly from its discard pile (5B), and the
    /// top two of its deck (26, 25) were put there from its discard pile (16A).
    fn table() -> OvState {
        let mut s = Ovlivneni::new(&Default::default(), 2, 3).unwrap();
        let opp = &mut s.players[OPP as usize];
        opp.hand = vec![0, 1, 2, 3, 4];
        opp.public_hand = vec![2];
        opp.deck = (5..CARD_COUNT as u8).collect();
        opp.discard.clear();
        opp.known_top = 2;
        opp.public_top = 2;
        s
    }

    fn det(s: &OvState, observer: Seat, k: u64) -> OvState {
        determinize(s, observer, &mut ChaCha8Rng::seed_from_u64(k))
    }

    fn sorted(mut v: Vec<u8>) -> Vec<u8> {
        v.sort_unstable();
        v
    }

    #[test]
    fn s12_the_opponents_secret_cards_are_redealt_and_what_was_seen_stays() {
        let s = table();
        let mut hands = std::collections::BTreeSet::new();
        for k in 0..20 {
            let d = det(&s, ME, k);
            assert_eq!(d.players[ME as usize].hand, s.players[ME as usize].hand);
            let (real, new) = (&s.players[OPP as usize], &d.players[OPP as usize]);
            assert_eq!(new.hand[0], 2, "a card taken openly stays in the hand");
            assert_eq!(
                new.deck[new.deck.len() - 2..],
                real.deck[real.deck.len() - 2..]
            );
            assert_eq!(new.hand.len(), real.hand.len());
            let all = |p: &crate::games::ovlivneni::state::Player| {
                sorted([p.hand.clone(), p.deck.clone()].concat())
            };
            assert_eq!(all(new), all(real), "the opponent's cards, nothing else");
            assert_ne!(d.seed, s.seed, "the reshuffle stream is not the real one");
            hands.insert(new.hand.clone());
        }
        assert!(hands.len() > 10, "the hidden hand varies: {hands:?}");
    }

    #[test]
    fn s12_the_observers_own_deck_is_shuffled_below_the_top_it_knows() {
        let mut s = table();
        s.players[ME as usize].known_top = 3;
        let real = &s.players[ME as usize].deck;
        let d = det(&s, ME, 1);
        let new = &d.players[ME as usize].deck;
        assert_eq!(new[new.len() - 3..], real[real.len() - 3..]);
        assert_eq!(sorted(new.clone()), sorted(real.clone()));
        assert_ne!(new, real);
    }

    #[test]
    fn s6_1_the_opponents_half_built_declaration_is_its_own_secret() {
        let mut s = table();
        s.active = OPP;
        s.decl = Some(Decl {
            who: OPP,
            card: 0,
            effect: Effect::new(0, false),
            licence: false,
            reaction: false,
            params: Params::None,
            step: 0,
            group: None,
            ready: true,
        });
        assert_eq!(det(&s, ME, 1).decl, None);
        assert_eq!(det(&s, OPP, 1).decl, s.decl, "the declarer keeps its own");
    }

    #[test]
    fn c26_the_opponents_declared_posily_discards_cards_of_its_determinized_hand() {
        let mut s = table();
        s.stack.push(Item {
            owner: OPP,
            what: What::Play {
                card: REINFORCEMENTS,
                effect: Effect::new(REINFORCEMENTS, true),
                licence: false,
                params: Params::Cards(vec![0, 1]),
                target: None,
            },
            cancelled: false,
        });
        for k in 0..10 {
            let d = det(&s, ME, k);
            let What::Play {
                params: Params::Cards(cards),
                ..
            } = &d.stack[0].what
            else {
                panic!("the play stays on the stack");
            };
            assert_eq!(cards.len(), 2);
            let hand = &d.players[OPP as usize].hand;
            assert!(
                cards.iter().all(|c| hand.contains(c) && *c != 2),
                "{cards:?} ⊄ {hand:?}"
            );
        }
    }

    #[test]
    fn heuristic_counts_captures_first_then_a_qualifying_country() {
        let mut s = table();
        let base = crate::games::ovlivneni::standing::heuristic(&s, ME);
        s.inv[0][ME as usize] = [9, 0];
        let qualifying = crate::games::ovlivneni::standing::heuristic(&s, ME);
        s.players[ME as usize].captured.push(17);
        let captured = crate::games::ovlivneni::standing::heuristic(&s, ME);
        assert!(
            base < qualifying && qualifying < captured,
            "{base} {qualifying} {captured}"
        );
        assert!(qualifying - base < 1.0);
    }
}
