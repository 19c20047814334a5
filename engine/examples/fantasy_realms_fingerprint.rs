//! One hash over N seeded random Fantasy Realms games at every table size and variant: every
//! event and every state (serialized) along the way. A change meant to speed the game up
//! must print the same line before and after it.
//! `cargo run --release -p vliv-engine --example fantasy_realms_fingerprint -- [N]`

use std::hash::{DefaultHasher, Hash, Hasher};

use rand::{rngs::SmallRng, Rng, SeedableRng};
use vliv_engine::{games::fantasy_realms::FantasyRealms, random_player, Game};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(500, |n| n.parse().expect("a game count"));
    let mut hasher = DefaultHasher::new();
    let mut ids = Vec::new();
    let mut pending = Vec::new();
    let mut events = Vec::new();
    let mut steps = 0;
    for (options, seats) in FantasyRealms::conformance_setups() {
        for seed in 1..=games {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut state = FantasyRealms::new(&options, seats, seed).expect("a valid setup");
            loop {
                serde_json::to_string(&state)
                    .expect("a state serializes")
                    .hash(&mut hasher);
                pending.clear();
                FantasyRealms::pending(&state, &mut pending);
                if pending.is_empty() {
                    break;
                }
                let actor = pending[rng.random_range(0..pending.len())].actor;
                let choice =
                    random_player::choose::<FantasyRealms>(&state, actor, &mut rng, &mut ids)
                        .expect("a pending actor has a choice");
                events.clear();
                FantasyRealms::apply(&mut state, actor, choice, &mut events).expect("legal");
                serde_json::to_string(&events)
                    .expect("events serialize")
                    .hash(&mut hasher);
                steps += 1;
            }
        }
    }
    println!(
        "{games} games per setup, {steps} steps, fingerprint {:016x}",
        hasher.finish()
    );
}
