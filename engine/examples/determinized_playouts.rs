//! The cost of one search iteration's game work: from seeded mid-game states, a
//! determinization for the seat to move and a random playout to the end. Prints the time of
//! each part and iterations/s (an upper bound for ISMCTS, which adds its tree on top).
//! `cargo run --release -p vliv-engine --example determinized_playouts -- GAME SEATS [N]`
//! (GAME: fantasy-realms, ruse-and-bruise or louis-xiv). For callgrind, N small.

use std::time::{Duration, Instant};

use rand::{rngs::SmallRng, Rng, SeedableRng};
use vliv_engine::{
    games::{fantasy_realms::FantasyRealms, louis_xiv::LouisXiv, ruse_and_bruise::RuseAndBruise},
    random_player, Actor, Game,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "fantasy-realms".into());
    let seats: usize = args.next().map_or(4, |n| n.parse().expect("a seat count"));
    let n: u64 = args
        .next()
        .map_or(2_000, |n| n.parse().expect("an iteration count"));
    match game.as_str() {
        "fantasy-realms" => run::<FantasyRealms>(seats, n),
        "ruse-and-bruise" => run::<RuseAndBruise>(seats, n),
        "louis-xiv" => run::<LouisXiv>(seats, n),
        other => panic!("unknown game {other}"),
    }
}

fn run<G: Game>(seats: usize, n: u64) {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut scratch = random_player::Scratch::<G>::default();
    let (mut det_time, mut play_time, mut steps) = (Duration::ZERO, Duration::ZERO, 0);
    let mut pending = Vec::new();
    for seed in 1..=n {
        let mut state = G::new(&Default::default(), seats, seed).expect("a valid setup");
        // A mid-game state: a random number of random steps, stopping at a seat's decision.
        let before = rng.random_range(0..60);
        random_player::playout::<G>(&mut state, &mut rng, before, &mut scratch);
        pending.clear();
        G::pending(&state, &mut pending);
        let Some(observer) = pending.iter().find_map(|p| match p.actor {
            Actor::Seat(s) => Some(s),
            Actor::System => None,
        }) else {
            continue;
        };
        let t = Instant::now();
        let mut det = G::determinize(&state, observer, &mut rng);
        let t2 = Instant::now();
        steps += random_player::playout::<G>(&mut det, &mut rng, 100_000, &mut scratch);
        let t3 = Instant::now();
        std::hint::black_box(G::heuristic(&det, observer));
        det_time += t2 - t;
        play_time += t3 - t2;
    }
    let total = det_time + play_time;
    println!(
        "{} {seats} seats, {n} iterations: determinize {:.1} µs, playout {:.1} µs ({} steps), {:.0} iterations/s",
        G::ID,
        det_time.as_secs_f64() * 1e6 / n as f64,
        play_time.as_secs_f64() * 1e6 / n as f64,
        steps / n as usize,
        n as f64 / total.as_secs_f64()
    );
}
