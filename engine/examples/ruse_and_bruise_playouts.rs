//! Plays N random 4-player Ruse & Bruise games exactly as the divan bench does, without
//! divan's timing loop, so that `valgrind --tool=callgrind` counts only the game:
//! `cargo build --release -p vliv-engine --example ruse_and_bruise_playouts`, then
//! `valgrind --tool=callgrind target/release/examples/ruse_and_bruise_playouts 2000`.
//! Instructions per game = (count at 2N − count at N) / N, which cancels the start-up.

use rand::{rngs::SmallRng, SeedableRng};
use vliv_engine::{games::ruse_and_bruise::RuseAndBruise, random_player, Game};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(1000, |n| n.parse().expect("a game count"));
    let mut rng = SmallRng::seed_from_u64(7);
    let mut scratch = random_player::Scratch::<RuseAndBruise>::default();
    let mut steps = 0;
    for seed in 1..=games {
        let mut state = RuseAndBruise::new(&Default::default(), 4, seed).unwrap();
        steps +=
            random_player::playout::<RuseAndBruise>(&mut state, &mut rng, 100_000, &mut scratch);
    }
    println!("{games} games, {steps} steps");
}
