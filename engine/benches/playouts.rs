//! Random full games per second on one core, through the fast path (`legal_ids`/`apply`).
//! `cargo bench -p vliv-engine`; divan prints the median time per game and games/s.

use divan::{counter::ItemsCount, Bencher};
use rand::{rngs::SmallRng, SeedableRng};
use vliv_engine::{games::claim::Claim, random_player, Game};

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 50, sample_size = 2_000)]
fn claim_random_game(bencher: Bencher) {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut scratch = random_player::Scratch::<Claim>::default();
    let mut seed = 0u64;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        seed += 1;
        let mut state = Claim::new(&Default::default(), 2, seed).unwrap();
        random_player::playout::<Claim>(&mut state, &mut rng, 1_000, &mut scratch)
    });
}
