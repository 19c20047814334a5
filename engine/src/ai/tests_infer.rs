//! The inference's weighting itself (issue 48): in Claim a seat that did not follow a faction
//! holds none of it in any weighted world, and a play the model finds poor makes a world less
//! likely; in Fantasy Realms a world in which the card an opponent left in the discard area
//! would have scored well with its hand weighs less.

use rand::{rngs::SmallRng, Rng, SeedableRng};

use super::infer::Particles;
use crate::{
    contract::{Actor, Game},
    games::{
        claim::{
            cards::{Card, CardSet, Faction},
            infer::follow_value,
            rules::{legal_follow, ClaimState, Phase},
            Claim,
        },
        fantasy_realms::{
            cards::Card as FrCard,
            rules::{FrState, Step, TurnRecord},
            score::Declarations,
            search::total_with,
            FantasyRealms,
        },
    },
    observed::Observations,
};

/// A seeded Claim game played at random until seat 1 has shown a void in phase one and a few
/// tricks are recorded; `None` if that never happens.
fn claim_with_a_void(seed: u64) -> Option<ClaimState> {
    let mut state = Claim::new(&Default::default(), 2, seed).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut ids, mut events) = (Vec::new(), Vec::new());
    while state.phase == Phase::Recruiting {
        if !state.voids[1].is_empty() && state.tricks.len() >= 4 && state.led.is_none() {
            return Some(state);
        }
        let seat = state.to_move().unwrap();
        ids.clear();
        Claim::legal_ids(&state, Actor::Seat(seat), &mut ids);
        let id = ids[rng.random_range(0..ids.len())];
        Claim::apply(&mut state, Actor::Seat(seat), id, &mut events).unwrap();
    }
    None
}

#[test]
fn claim_a_seat_that_did_not_follow_holds_none_of_the_faction_in_any_weighted_world() {
    let mut checked = 0;
    for seed in 0..40 {
        let Some(state) = claim_with_a_void(seed) else {
            continue;
        };
        let pool = Particles::weigh::<Claim>(|rng| Claim::determinize(&state, 0, rng), 0, 64, seed);
        for (world, weight) in pool.weighted() {
            for f in state.voids[1].iter() {
                assert!(
                    world.hands[1].of(f).is_empty(),
                    "seed {seed}: a world (weight {weight}) gives seat 1 a card of {f:?}"
                );
            }
        }
        // The plays were weighed: the worlds are not all equally likely.
        assert!(pool.effective_size() < 64.0 - 1e-6, "seed {seed}");
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} games showed a void");
}

/// The log-likelihood of the opponent's (seat 1's) plays in `world` for seat 0.
fn claim_log_likelihood(world: &ClaimState) -> f64 {
    let mut obs = Observations::new();
    Claim::observed_decisions(world, 0, &mut obs);
    obs.log_likelihood(Claim::INFERENCE_TEMPERATURE)
}

#[test]
fn claim_a_world_in_which_the_opponent_had_a_better_card_to_play_is_less_likely() {
    let mut compared = 0;
    for seed in 0..40 {
        let Some(state) = claim_with_a_void(seed) else {
            continue;
        };
        // The latest trick seat 1 followed, alone in the record.
        let Some(t) = state.tricks.iter().rev().find(|t| t.leader == 0).copied() else {
            continue;
        };
        let mut world = state.clone();
        world.tricks = vec![t];
        // A hand of nothing but the card played: no choice, no information.
        world.hands[1] = CardSet::EMPTY;
        assert_eq!(claim_log_likelihood(&world), 0.0);
        // The same play from a hand that also held another legal card of the led faction: the
        // play is at best one of two, so the world is less likely.
        let others: Vec<Card> = Faction::ALL
            .iter()
            .flat_map(|f| f.cards().iter())
            .filter(|&c| c != t.follow)
            .filter(|&c| {
                let hand: CardSet = [c, t.follow].into_iter().collect();
                legal_follow(hand, t.lead.faction()).len() == 2
            })
            .collect();
        for c in others {
            world.hands[1] = [c].into_iter().collect();
            let ll = claim_log_likelihood(&world);
            assert!(ll < 0.0, "seed {seed}: {ll}");
            // The model's better card of the two makes the play likelier than not.
            let (played, other) = (
                follow_value(t.lead, t.follow, t.prize),
                follow_value(t.lead, c, t.prize),
            );
            if other > played {
                assert!(ll < (0.5f64).ln(), "seed {seed}: {c:?} {ll}");
            } else if other < played {
                assert!(ll > (0.5f64).ln(), "seed {seed}: {c:?} {ll}");
            }
            compared += 1;
        }
    }
    assert!(compared > 0);
}

fn fr_bit(c: FrCard) -> u64 {
    1u64 << c.0
}

fn fr_score(cards: &[FrCard]) -> f64 {
    let mut v = cards.to_vec();
    v.sort();
    total_with(&v, &Declarations::default()) as f64
}

/// What taking `x` would have added to `hand` (7 cards), its worst card then discarded.
fn fr_gain(hand: &[FrCard], x: FrCard) -> f64 {
    let mut eight = hand.to_vec();
    eight.push(x);
    let best = (0..8)
        .map(|skip| {
            let seven: Vec<FrCard> = eight
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, &c)| c)
                .collect();
            fr_score(&seven)
        })
        .fold(f64::NEG_INFINITY, f64::max);
    best - fr_score(hand)
}

#[test]
fn fantasy_realms_a_world_in_which_the_card_left_would_have_scored_well_weighs_less() {
    // Seat 1's turn as the table saw it: the area held `left`, seat 1 took from the deck and
    // discarded `thrown`. In worlds whose 7-card hand for seat 1 would have gained much from
    // `left`, leaving it is unlikely.
    let base = FantasyRealms::new(&Default::default(), 3, 11).unwrap();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut pairs = Vec::new();
    for round in 0..300 {
        let mut all: Vec<FrCard> = FrCard::all().collect();
        for i in 0..9 {
            let j = rng.random_range(i..all.len());
            all.swap(i, j);
        }
        let (left, thrown, hand) = (all[0], all[1], all[2..9].to_vec());
        let mut world: FrState = base.clone();
        world.hands[1] = {
            let mut h = hand.clone();
            h.sort();
            h
        };
        world.step = Step::Take;
        world.to_move = 2;
        world.seed = round;
        world.turns = vec![TurnRecord {
            seat: 1,
            area: fr_bit(left),
            took: None,
            drew_two: false,
            discarded: Some(thrown),
        }];
        let mut obs = Observations::new();
        FantasyRealms::observed_decisions(&world, 0, &mut obs);
        assert_eq!(obs.len(), 2, "a discard and a take");
        // The hand before the turn is the world's hand with `thrown` back and the unseen
        // draw taken out; the gain of `left` is judged on the world's hand itself, which
        // shares six of those seven cards.
        pairs.push((
            fr_gain(&hand, left),
            obs.log_likelihood(FantasyRealms::INFERENCE_TEMPERATURE),
        ));
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mean = |xs: &[(f64, f64)]| xs.iter().map(|p| p.1).sum::<f64>() / xs.len() as f64;
    let (low, high) = pairs.split_at(pairs.len() / 2);
    assert!(
        mean(high) < mean(low) - 0.5,
        "worlds where the card left would have gained most are not less likely: \
         mean log-likelihood {:.2} (high gain) vs {:.2} (low gain)",
        mean(high),
        mean(low)
    );
}

#[test]
fn a_pool_is_drawn_from_by_weight() {
    // Worlds 0..4, world 3 three times as likely as each other; one impossible world.
    let mut next = 0u32;
    let pool = Particles::weigh_by(
        |_| {
            next += 1;
            next - 1
        },
        5,
        1,
        |&w| match w {
            3 => 3f64.ln(),
            4 => f64::NEG_INFINITY,
            _ => 0.0,
        },
    );
    let mut rng = SmallRng::seed_from_u64(2);
    let mut counts = [0u32; 5];
    for _ in 0..60_000 {
        counts[pool.draw(&mut rng) as usize] += 1;
    }
    assert_eq!(counts[4], 0, "an impossible world was drawn");
    for w in 0..3 {
        let ratio = f64::from(counts[3]) / f64::from(counts[w]);
        assert!((2.7..3.3).contains(&ratio), "{counts:?}");
    }
    // Weights 1, 1, 1, 3, 0 of 6: Kish's effective size is 36 / 12 = 3.
    assert!((pool.effective_size() - 3.0).abs() < 1e-9);
}

#[test]
fn a_level_infers_only_where_its_game_says_so() {
    use super::{Level, SearchConfig};
    for level in Level::ALL {
        let i = level as usize;
        let claim = SearchConfig::level::<Claim>(level);
        assert_eq!(claim.infer.is_some(), Claim::AI_INFERENCE[i]);
        let fr = SearchConfig::level::<FantasyRealms>(level);
        assert_eq!(fr.infer.is_some(), FantasyRealms::AI_INFERENCE[i]);
    }
    // Tests' and the arena's searches by iteration count infer only when asked.
    assert_eq!(SearchConfig::iterations::<Claim>(10).infer, None);
}
