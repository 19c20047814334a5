//! What a player waits for a hint and a review with the bot's settings (the timed
//! `GameKind::hint_config` and `review_config`), on one core: for each game, a seeded game of
//! random moves between the fewest seats, a hint timed at each of seat 1's decisions and the
//! whole game's review of seat 1 timed once. Prints the figures.
//! `cargo run --release -p vliv-engine --example teach_times -- [SEED]`

use std::time::{Duration, Instant};

use rand::{rngs::SmallRng, Rng, SeedableRng};
use vliv_engine::{registry, Actor, ChoiceId, OptionValues};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .map_or(1, |s| s.parse().expect("a seed"));
    for kind in registry::all() {
        let (seats, _) = kind.seat_range();
        let start = kind
            .new_game(&OptionValues::new(), seats, seed)
            .expect("a valid setup");
        let mut state = start.clone_box();
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut moves, mut ids, mut hints) = (Vec::new(), Vec::new(), Vec::<Duration>::new());
        while state.outcome().is_none() && moves.len() < 2_000 {
            let Some(pending) = state.pending().into_iter().next() else {
                break;
            };
            ids.clear();
            state.legal_ids(pending.actor, &mut ids);
            if ids.is_empty() {
                break;
            }
            if pending.actor == Actor::Seat(0) && ids.len() > 1 {
                let t = Instant::now();
                std::hint::black_box(state.ai_hint(0, seed ^ moves.len() as u64));
                hints.push(t.elapsed());
            }
            let choice: ChoiceId = ids[rng.random_range(0..ids.len())];
            state.apply(pending.actor, choice).expect("a legal choice");
            moves.push((pending.actor, choice));
        }
        let t = Instant::now();
        let review = start.ai_review(&moves, 0, seed).expect("the moves replay");
        let review_time = t.elapsed();
        hints.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let p50 = hints.get(hints.len() / 2).copied().unwrap_or_default();
        let max = hints.last().copied().unwrap_or_default();
        println!(
            "{:16} {seats} seats, {:4} moves: {:3} hints p50 {:6.0} ms max {:6.0} ms; review of {:3} decisions {:5.1} s",
            kind.id(),
            moves.len(),
            hints.len(),
            ms(p50),
            ms(max),
            review.decisions.len(),
            review_time.as_secs_f64()
        );
    }
}
