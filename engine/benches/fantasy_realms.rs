//! Fantasy Realms' scorer and game on one core (issue 5 targets in brackets):
//! plain evaluations with fixed choices (≥ 1,000,000/s), best score of random 7-card hands
//! (≥ 20,000/s), the worst hands (≤ 0.5 s), random 4-player games per second and a stored
//! state loaded; the AI's leaf value, the sampled estimate with and without the learned
//! model (issue 48).
//! `cargo bench -p vliv-engine --bench fantasy_realms`; divan prints medians and items/s.

use divan::{counter::ItemsCount, Bencher};
use rand::{rngs::SmallRng, seq::SliceRandom, SeedableRng};
use vliv_engine::{
    games::fantasy_realms::{
        cards::Card,
        score::Declarations,
        search::{best_choices, total_with, TooManyCards},
        FantasyRealms,
    },
    random_player, Game,
};

fn main() {
    divan::main();
}

fn random_hands(count: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut deck: Vec<Card> = Card::all().collect();
    (0..count)
        .map(|_| {
            deck.shuffle(&mut rng);
            deck[..7].to_vec()
        })
        .collect()
}

/// One evaluation of a random hand with its choices fixed (here: none taken).
#[divan::bench(sample_count = 50, sample_size = 1_000)]
fn plain_evaluation(bencher: Bencher) {
    let hands = random_hands(1_024, 1);
    let decl = Declarations::default();
    let mut i = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        i = (i + 1) % hands.len();
        total_with(divan::black_box(&hands[i]), &decl)
    });
}

/// The exact best score of a random 7-card hand (all scoring choices searched).
#[divan::bench(sample_count = 50, sample_size = 200)]
fn best_score_random_hand(bencher: Bencher) {
    let hands = random_hands(4_096, 2);
    let mut i = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        i = (i + 1) % hands.len();
        best_choices(divan::black_box(&hands[i]), &[])
    });
}

/// The worst 7-card hand: every choice card, with Wildfire and Unicorn naming the most
/// cards a wild card could take.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn worst_hand_7_cards() -> Result<(i32, Declarations), TooManyCards> {
    let hand = [
        Card::DOPPELGANGER,
        Card::MIRAGE,
        Card::SHAPESHIFTER,
        Card::BOOK_OF_CHANGES,
        Card::ISLAND,
        Card::WILDFIRE,
        Card::UNICORN,
    ];
    best_choices(divan::black_box(&hand), &[])
}

/// The worst 8-card hand the calculator accepts: the Necromancer added to the above.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn worst_hand_8_cards() -> Result<(i32, Declarations), TooManyCards> {
    let hand = [
        Card::NECROMANCER,
        Card::DOPPELGANGER,
        Card::MIRAGE,
        Card::SHAPESHIFTER,
        Card::BOOK_OF_CHANGES,
        Card::ISLAND,
        Card::WILDFIRE,
        Card::UNICORN,
    ];
    best_choices(divan::black_box(&hand), &[])
}

/// The worst end-of-game search: the Necromancer with the choice cards and ten eligible
/// discards to pick from (each tried as the eighth card).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn worst_hand_necromancer_pick() -> Result<(i32, Declarations), TooManyCards> {
    let hand = [
        Card::NECROMANCER,
        Card::DOPPELGANGER,
        Card::MIRAGE,
        Card::SHAPESHIFTER,
        Card::BOOK_OF_CHANGES,
        Card::ISLAND,
        Card::WILDFIRE,
    ];
    let discards = [
        Card::UNICORN,
        Card::DRAGON,
        Card::PRINCESS,
        Card::EMPRESS,
        Card::QUEEN,
        Card::KING,
        Card::WARLORD,
        Card::BEASTMASTER,
        Card::ENCHANTRESS,
        Card::ELVEN_ARCHERS,
    ];
    best_choices(divan::black_box(&hand), &discards)
}

/// A random 4-player base game through the fast path, live scores included.
#[divan::bench(sample_count = 30, sample_size = 20)]
fn random_game_4_players(bencher: Bencher) {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut scratch = random_player::Scratch::<FantasyRealms>::default();
    let mut seed = 0u64;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        seed += 1;
        let mut state = FantasyRealms::new(&Default::default(), 4, seed).unwrap();
        random_player::playout::<FantasyRealms>(&mut state, &mut rng, 10_000, &mut scratch)
    });
}

/// A 4-player state 12 moves in, read back from its stored JSON: what the bot does when a
/// state is not in its cache (`Service::live`), e.g. after another process's move.
#[divan::bench(sample_count = 50, sample_size = 100)]
fn stored_state_loaded(bencher: Bencher) {
    let mut state = FantasyRealms::new(&Default::default(), 4, 3).unwrap();
    let mut rng = SmallRng::seed_from_u64(3);
    let mut scratch = random_player::Scratch::<FantasyRealms>::default();
    random_player::playout::<FantasyRealms>(&mut state, &mut rng, 12, &mut scratch);
    let json = serde_json::to_string(&state).unwrap();
    bencher.bench_local(|| {
        serde_json::from_str::<<FantasyRealms as Game>::State>(divan::black_box(&json)).unwrap()
    });
}

/// Two-player mid-game states (after 10 random moves) for the estimates' benches.
fn mid_game_states(count: u64) -> Vec<<FantasyRealms as Game>::State> {
    (0..count)
        .map(|seed| {
            let mut state = FantasyRealms::new(&Default::default(), 2, seed).unwrap();
            let mut rng = SmallRng::seed_from_u64(seed);
            let (mut ids, mut events, mut pending) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..10 {
                pending.clear();
                FantasyRealms::pending(&state, &mut pending);
                let Some(p) = pending.first() else { break };
                let actor = p.actor;
                let id = random_player::choose::<FantasyRealms>(&state, actor, &mut rng, &mut ids)
                    .unwrap();
                FantasyRealms::apply(&mut state, actor, id, &mut events).unwrap();
            }
            state
        })
        .collect()
}

/// One sampled estimate of a seat's final score: the search's leaf value without the model.
#[divan::bench(sample_count = 50, sample_size = 200)]
fn estimate_plain(bencher: Bencher) {
    let states = mid_game_states(64);
    let mut rng = SmallRng::seed_from_u64(5);
    let mut i = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        i = (i + 1) % states.len();
        FantasyRealms::estimate(divan::black_box(&states[i]), (i % 2) as u8, &mut rng)
    });
}

/// The same with the learned model on top: the search's leaf value.
#[divan::bench(sample_count = 50, sample_size = 200)]
fn estimate_learned(bencher: Bencher) {
    let states = mid_game_states(64);
    let mut rng = SmallRng::seed_from_u64(5);
    let mut i = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        i = (i + 1) % states.len();
        FantasyRealms::learned_estimate(divan::black_box(&states[i]), (i % 2) as u8, &mut rng)
    });
}
