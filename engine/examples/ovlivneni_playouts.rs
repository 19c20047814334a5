//! Plays N random Ovlivnění games exactly as the divan bench does, without divan's timing
//! loop, so that `valgrind --tool=callgrind` counts only the game:
//! `cargo build --release -p vliv-engine --example ovlivneni_playouts`, then
//! `valgrind --tool=callgrind target/release/examples/ovlivneni_playouts 2000`.
//! Instructions per game = (count at 2N − count at N) / N, which cancels the start-up.
//!
//! `ovlivneni_playouts N --fingerprint` plays the same games step by step and prints one
//! hash of every event and every state on the way: an optimisation of the fast path must
//! leave it unchanged.

use std::hash::{DefaultHasher, Hash, Hasher};

use rand::{rngs::SmallRng, Rng, SeedableRng};
use vliv_engine::{games::ovlivneni::Ovlivneni, random_player, Actor, Game};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args
        .next()
        .map_or(1000, |n| n.parse().expect("a game count"));
    if args.next().as_deref() == Some("--fingerprint") {
        println!("{games} games, fingerprint {:016x}", fingerprint(games));
        return;
    }
    let mut rng = SmallRng::seed_from_u64(7);
    let mut scratch = random_player::Scratch::<Ovlivneni>::default();
    let mut steps = 0;
    for seed in 1..=games {
        let mut state = Ovlivneni::new(&Default::default(), 2, seed).unwrap();
        steps += random_player::playout::<Ovlivneni>(&mut state, &mut rng, 1_000_000, &mut scratch);
    }
    println!("{games} games, {steps} steps");
}

/// Every step's pending decisions, offered ids, events and resulting state, hashed.
fn fingerprint(games: u64) -> u64 {
    let mut h = DefaultHasher::new();
    let mut rng = SmallRng::seed_from_u64(7);
    let (mut pending, mut ids, mut events) = (Vec::new(), Vec::new(), Vec::new());
    for seed in 1..=games {
        let mut state = Ovlivneni::new(&Default::default(), 2, seed).unwrap();
        loop {
            pending.clear();
            Ovlivneni::pending(&state, &mut pending);
            format!("{pending:?}").hash(&mut h);
            let Some(p) = pending.first() else { break };
            let actor: Actor = p.actor;
            ids.clear();
            Ovlivneni::legal_ids(&state, actor, &mut ids);
            format!("{ids:?}").hash(&mut h);
            let choice = ids[rng.random_range(0..ids.len())];
            events.clear();
            Ovlivneni::apply(&mut state, actor, choice, &mut events).expect("an offered id");
            format!("{events:?}").hash(&mut h);
            serde_json::to_string(&state).unwrap().hash(&mut h);
        }
        format!("{:?}", Ovlivneni::outcome(&state)).hash(&mut h);
    }
    h.finish()
}
