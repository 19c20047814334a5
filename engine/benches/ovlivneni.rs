//! Random full Ovlivnění games per second on one core, through the fast path
//! (`legal_ids`/`apply`), default options (no turn limit: every game here ends with a
//! winner). `cargo bench -p vliv-engine --bench ovlivneni`; divan prints the median time
//! per game and games/s.

use divan::{counter::ItemsCount, Bencher};
use rand::{rngs::SmallRng, SeedableRng};
use vliv_engine::{games::ovlivneni::Ovlivneni, random_player, Game};

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 50, sample_size = 200)]
fn ovlivneni_random_game(bencher: Bencher) {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut scratch = random_player::Scratch::<Ovlivneni>::default();
    let mut seed = 0u64;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        seed += 1;
        let mut state = Ovlivneni::new(&Default::default(), 2, seed).unwrap();
        random_player::playout::<Ovlivneni>(&mut state, &mut rng, 1_000_000, &mut scratch)
    });
}
