//! Random full 4-player Ruse & Bruise games per second on one core, through the fast path
//! (`legal_ids`/`apply`), setup choices included. `cargo bench -p vliv-engine --bench
//! ruse_and_bruise`; divan prints the median time per game and games/s.

use divan::{counter::ItemsCount, Bencher};
use rand::{rngs::SmallRng, SeedableRng};
use vliv_engine::{games::ruse_and_bruise::RuseAndBruise, random_player, Game};

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 50, sample_size = 200)]
fn ruse_and_bruise_random_4_player_game(bencher: Bencher) {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut scratch = random_player::Scratch::<RuseAndBruise>::default();
    let mut seed = 0u64;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        seed += 1;
        let mut state = RuseAndBruise::new(&Default::default(), 4, seed).unwrap();
        random_player::playout::<RuseAndBruise>(&mut state, &mut rng, 100_000, &mut scratch)
    });
}
