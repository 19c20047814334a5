//! The inference's weighting itself (issue 48): in Claim a seat that did not follow a faction
//! holds none of it in any weighted world, and a play the model finds poor makes a world less
//! likely; in Fantasy Realms a world in which the card an opponent left in the discard area
//! would have scored well with its hand weighs less; in Louis XIV a world whose missions ask
//! for the chip of a tile the seat kept a card for, or sent back unplayed, weighs less; in Ruse & Bruise a world in
//! which a seat put a weak card face down where its strong one would have taken the column;
//! in Ovlivnění a world in which a seat let a capture go by while holding Zúročení.

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
        louis_xiv::{
            data::{Chip, Data as LouisData, Symbol},
            state::{Cards, InfluencePlay, LouisState},
            LouisXiv,
        },
        ovlivneni::{
            cards::{INTEREST, OPPORTUNITY},
            state::{Item, OvState, Passed, What},
            Ovlivneni,
        },
        ruse_and_bruise::{
            cards::Character,
            rules::{Phase as RbPhase, Placed, RbState},
            RuseAndBruise,
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
        let lx = SearchConfig::level::<LouisXiv>(level);
        assert_eq!(lx.infer.is_some(), LouisXiv::AI_INFERENCE[i]);
        let rb = SearchConfig::level::<RuseAndBruise>(level);
        assert_eq!(rb.infer.is_some(), RuseAndBruise::AI_INFERENCE[i]);
        let ov = SearchConfig::level::<Ovlivneni>(level);
        assert_eq!(ov.infer.is_some(), Ovlivneni::AI_INFERENCE[i]);
    }
    // Tests' and the arena's searches by iteration count infer only when asked.
    assert_eq!(SearchConfig::iterations::<Claim>(10).infer, None);
}

/// The log-likelihood of the other seats' observed decisions in `world` for seat 0.
fn log_likelihood<G: Game>(world: &G::State) -> f64 {
    let mut obs = Observations::new();
    G::observed_decisions(world, 0, &mut obs);
    obs.log_likelihood(G::INFERENCE_TEMPERATURE)
}

/// Louis XIV's tiles whose reward is a plain chip (not a crown), with that chip.
fn plain_chip_tiles(data: &LouisData) -> Vec<(usize, Chip)> {
    (0..data.tile.len())
        .filter_map(|t| {
            let chip = data.tile[t].reward.chip.filter(|&c| c != Chip::Crown);
            chip.map(|c| (t, c))
        })
        .collect()
}

/// A Louis XIV mission card whose every symbol asks for `chip`.
fn mission_asking(data: &LouisData, chip: Chip) -> u8 {
    (0..data.mission.len() as u8)
        .find(|&m| {
            data.mission[m as usize]
                .requires
                .iter()
                .all(|s: &Symbol| s.chip() == Some(chip))
        })
        .unwrap()
}

#[test]
fn louis_xiv_a_world_whose_missions_wanted_the_tile_kept_for_later_is_less_likely() {
    let base: LouisState = LouisXiv::new(&Default::default(), 2, 7).unwrap();
    let data = base.data.clone();
    // Two tiles giving different plain chips, and for each a mission asking that chip twice.
    let tiles = plain_chip_tiles(&data);
    let (played, c1) = tiles[0];
    let (kept, c2) = *tiles.iter().find(|(_, c)| *c != c1).unwrap();
    let mission_for = |chip: Chip| mission_asking(&data, chip);
    let per = data.setup.cards_per_personality;
    let world = |mission: u8| {
        let mut w = base.clone();
        for t in &mut w.tiles {
            t.stones = [0; 5];
        }
        // Seat 1 played a card of `played` and still holds one of `kept`.
        w.players[1].influence = [kept as u8 * per].into_iter().collect::<Cards>();
        w.players[1].missions = [mission].into_iter().collect::<Cards>();
        w.plays = vec![InfluencePlay {
            seat: 1,
            kind: played as u8,
            exchange: false,
            returned: false,
        }];
        w
    };
    let served = log_likelihood::<LouisXiv>(&world(mission_for(c1)));
    let passed_over = log_likelihood::<LouisXiv>(&world(mission_for(c2)));
    assert!(served < 0.0 && passed_over < 0.0);
    assert!(
        served > passed_over + 1.0,
        "playing the wanted tile {served} vs keeping it {passed_over}"
    );
    // Seat 0's own plays are not weighed: it knows its hand.
    let mut own = world(mission_for(c1));
    own.plays[0].seat = 0;
    assert_eq!(log_likelihood::<LouisXiv>(&own), 0.0);
}

#[test]
fn louis_xiv_a_world_whose_missions_wanted_the_card_sent_back_unplayed_is_less_likely() {
    // §6.2: after its play the seat held one card, which went back under the deck unseen;
    // it was in the hand the play was chosen from.
    let base: LouisState = LouisXiv::new(&Default::default(), 2, 7).unwrap();
    let data = base.data.clone();
    let tiles = plain_chip_tiles(&data);
    let (played, c1) = tiles[0];
    let (wanted, c2) = *tiles.iter().find(|(_, c)| *c != c1).unwrap();
    let (other, _) = *tiles.iter().find(|(_, c)| *c != c1 && *c != c2).unwrap();
    let mission = mission_asking(&data, c2);
    let per = data.setup.cards_per_personality;
    let world = |sent_back: usize| {
        let mut w = base.clone();
        for t in &mut w.tiles {
            t.stones = [0; 5];
        }
        w.players[1].influence = Cards::default();
        w.players[1].missions = [mission].into_iter().collect::<Cards>();
        let card = sent_back as u8 * per;
        w.influence_deck.retain(|&c| c != card);
        w.influence_deck.insert(0, card);
        w.plays = vec![InfluencePlay {
            seat: 1,
            kind: played as u8,
            exchange: false,
            returned: true,
        }];
        w
    };
    let neither = log_likelihood::<LouisXiv>(&world(other));
    let passed_over = log_likelihood::<LouisXiv>(&world(wanted));
    assert!(neither < 0.0 && passed_over < 0.0);
    assert!(
        neither > passed_over + 1.0,
        "sent back another tile's card {neither} vs the wanted one {passed_over}"
    );
    // Once draws have reached the cards under the deck, their places are not known.
    let mut drawn = world(wanted);
    drawn.influence_deck.clear();
    assert_eq!(log_likelihood::<LouisXiv>(&drawn), 0.0);
}

#[test]
fn ruse_and_bruise_a_world_in_which_the_face_down_card_lost_while_a_winner_was_held_is_less_likely()
{
    let mut state: RbState = RuseAndBruise::new(&Default::default(), 2, 3).unwrap();
    let mut rng = SmallRng::seed_from_u64(3);
    let (mut pending, mut ids, mut events) = (Vec::new(), Vec::new(), Vec::new());
    while state.phase != RbPhase::Play {
        pending.clear();
        RuseAndBruise::pending(&state, &mut pending);
        let actor = pending[0].actor;
        ids.clear();
        RuseAndBruise::legal_ids(&state, actor, &mut ids);
        let id = ids[rng.random_range(0..ids.len())];
        RuseAndBruise::apply(&mut state, actor, id, &mut events).unwrap();
    }
    let placed = |owner, character, face_up| Placed {
        owner,
        character,
        face_up,
        hidden: None,
        moved: 0,
        known: false,
    };
    // Column 0: seat 0's Queen face up, then seat 1's face-down card at the bottom.
    let world = |down: Character, held: [Character; 2]| {
        let mut w = state.clone();
        for c in &mut w.columns {
            c.cards.clear();
            c.closed = false;
        }
        w.columns[0].cards = vec![placed(0, Character::Queen, true), placed(1, down, false)];
        w.players[1].hand = held.into_iter().collect();
        w
    };
    let won = log_likelihood::<RuseAndBruise>(&world(
        Character::King,
        [Character::Squire, Character::Beggar],
    ));
    let thrown = log_likelihood::<RuseAndBruise>(&world(
        Character::Squire,
        [Character::King, Character::Beggar],
    ));
    assert!(won < 0.0 && thrown < 0.0);
    assert!(
        won > thrown + 1.0,
        "King down {won} vs Squire down {thrown}"
    );
    // A face-up bottom card was seen by all: nothing to weigh.
    let mut seen = world(Character::Squire, [Character::King, Character::Beggar]);
    seen.columns[0].cards[1].face_up = true;
    assert_eq!(log_likelihood::<RuseAndBruise>(&seen), 0.0);
}

#[test]
fn ovlivneni_a_world_in_which_the_seat_let_a_capture_go_by_holding_interest_is_less_likely() {
    let base: OvState = Ovlivneni::new(&Default::default(), 2, 5).unwrap();
    let country = base.slots.iter().flatten().copied().next().unwrap();
    let world = |hand: Vec<u8>| {
        let mut w = base.clone();
        w.players[1].hand = hand;
        w.passes = vec![Passed {
            seat: 1,
            item: Item {
                owner: 0,
                what: What::Capture { country },
                cancelled: false,
            },
            invested: 0,
        }];
        w
    };
    // Without a reaction card the pass was the only choice: nothing is learnt.
    assert_eq!(log_likelihood::<Ovlivneni>(&world(vec![OPPORTUNITY])), 0.0);
    // With Zúročení (3B for nothing) passing is the model's worse choice.
    let ll = log_likelihood::<Ovlivneni>(&world(vec![OPPORTUNITY, INTEREST]));
    assert!(ll < (0.5f64).ln(), "{ll}");
}
