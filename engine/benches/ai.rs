//! ISMCTS iterations per second per game on one core: each sample is one search of
//! `ITERATIONS` iterations from a mid-game state (a third of a random game in), so divan's
//! items/s is iterations/s. `cargo bench -p vliv-engine --bench ai [-- GAME_FN]`.

use divan::{counter::ItemsCount, Bencher};
use rand::{rngs::SmallRng, Rng, SeedableRng};
use vliv_engine::{
    ai::Strategy,
    registry::{self, GameState},
    Actor, OptionValues, Seat,
};

const ITERATIONS: u32 = 2_000;

fn main() {
    divan::main();
}

/// A state a third of the way into a random game of `id` at `seats`, with a seat to move.
fn mid_game(id: &str, seats: usize, seed: u64) -> (Box<dyn GameState>, Seat) {
    let kind = registry::find(id).expect("registered");
    let fresh = || {
        kind.new_game(&OptionValues::new(), seats, seed)
            .expect("a legal setup")
    };
    let random_steps = |state: &mut Box<dyn GameState>, limit: usize| -> usize {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut ids = Vec::new();
        for step in 0..limit {
            let pending = state.pending();
            let Some(p) = pending.first() else {
                return step;
            };
            ids.clear();
            state.legal_ids(p.actor, &mut ids);
            let id = ids[rng.random_range(0..ids.len())];
            state.apply(p.actor, id).expect("legal");
        }
        limit
    };
    let length = random_steps(&mut fresh(), 1_000_000);
    let mut state = fresh();
    random_steps(&mut state, length / 3);
    loop {
        let pending = state.pending();
        match pending.first().map(|p| p.actor) {
            Some(Actor::Seat(seat)) => return (state, seat),
            Some(Actor::System) => {
                let c = state.timeout_choice(Actor::System).expect("a clock choice");
                state.apply(Actor::System, c).expect("legal");
            }
            None => panic!("the game ended before its first third"),
        }
    }
}

fn iterations(bencher: Bencher, id: &str, seats: usize) {
    let (state, seat) = mid_game(id, seats, 3);
    let strategy = Strategy::Search(state.kind().search_iterations(ITERATIONS));
    let mut seed = 0;
    bencher
        .counter(ItemsCount::new(ITERATIONS as usize))
        .bench_local(|| {
            seed += 1;
            state.ai_choice(seat, &strategy, seed)
        });
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn claim(bencher: Bencher) {
    iterations(bencher, "claim", 2);
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn ovlivneni(bencher: Bencher) {
    iterations(bencher, "ovlivneni", 2);
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn fantasy_realms_2p(bencher: Bencher) {
    iterations(bencher, "fantasy-realms", 2);
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn ruse_and_bruise_2p(bencher: Bencher) {
    iterations(bencher, "ruse-and-bruise", 2);
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn louis_xiv_2p(bencher: Bencher) {
    iterations(bencher, "louis-xiv", 2);
}
