//! Times the teaching API (issue 48) on seeded games: each game is played by two `easy!`
//! seats (quick, reproducible, with mistakes to find), then seat 0's whole game is reviewed
//! with the bot's settings (`normal`'s budget and cap per decision, `GameState::ai_review`)
//! and a hint is asked at each of seat 0's decisions (`hard`'s, `GameState::ai_hint`).
//! Prints each review's wall time, its decisions and turning points in Czech and English,
//! and the hints' think times (median, p99, max).
//!
//! `cargo run --release -p vliv-engine --example review -- GAME [--games N] [--seed S]
//! [--hints K]` (`--hints 0`: no hints; K: at most K hints a game).

use std::time::Instant;

use vliv_engine::{
    ai::{self, Level},
    registry, Actor, ChoiceId, Lang, OptionValues, Seat,
};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let game = args
        .next()
        .ok_or("usage: review GAME [--games N] [--seed S] [--hints K]")?;
    let kind = registry::find(&game).ok_or_else(|| format!("unknown game `{game}`"))?;
    let (mut games, mut seed, mut hints) = (1u64, 1u64, usize::MAX);
    while let Some(flag) = args.next() {
        let value: u64 = args
            .next()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("`{flag}` needs a number"))?;
        match flag.as_str() {
            "--games" => games = value,
            "--seed" => seed = value,
            "--hints" => hints = value as usize,
            _ => return Err(format!("unknown flag `{flag}`")),
        }
    }
    let player = kind.strategy(Level::Easy).untimed();
    let names = |s: Seat| format!("P{}", s + 1);
    let (mut review_secs, mut hint_ms) = (Vec::new(), Vec::new());
    for g in 0..games {
        let game_seed = seed.wrapping_mul(1_000).wrapping_add(g);
        let start = kind
            .new_game(&OptionValues::new(), 2, game_seed)
            .map_err(|e| e.to_string())?;
        let mut state = start.clone();
        let mut moves: Vec<(Actor, ChoiceId)> = Vec::new();
        let mut asked = 0;
        while let Some(p) = state.pending().first().copied() {
            let choice = match p.actor {
                Actor::System => state
                    .timeout_choice(Actor::System)
                    .ok_or("no clock choice")?,
                Actor::Seat(seat) => {
                    let mut ids = Vec::new();
                    state.legal_ids(p.actor, &mut ids);
                    if seat == 0 && ids.len() > 1 && asked < hints {
                        asked += 1;
                        let t = Instant::now();
                        let hint =
                            state.ai_hint(0, ai::move_seed(game_seed, moves.len() as u64, 0));
                        hint_ms.push(t.elapsed().as_secs_f64() * 1e3);
                        if asked == 1 {
                            for h in &hint {
                                println!(
                                    "  hint: {} — {:.0} % ({} playouts)",
                                    Lang::En.text(&h.label, &names),
                                    h.win_chance * 100.0,
                                    h.samples
                                );
                            }
                        }
                    }
                    let seed = ai::move_seed(game_seed, moves.len() as u64, seat);
                    state
                        .ai_choice(seat, &player, seed)
                        .ok_or("a pending seat without a choice")?
                }
            };
            state.apply(p.actor, choice).map_err(|e| e.to_string())?;
            moves.push((p.actor, choice));
        }
        let t = Instant::now();
        let review = start
            .ai_review(&moves, 0, game_seed)
            .map_err(|e| e.to_string())?;
        let secs = t.elapsed().as_secs_f64();
        review_secs.push(secs);
        let places = state.outcome().map(|o| o.places).unwrap_or_default();
        println!(
            "game {g}: {} moves, seat 0 placed {:?}, {} decisions reviewed in {secs:.2} s",
            moves.len(),
            places.first(),
            review.decisions.len()
        );
        for text in review.turning_point_texts() {
            for lang in Lang::ALL {
                println!("  {lang}: {}", lang.text(&text, &names));
            }
        }
    }
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
        (at(0.5), at(0.99), v[v.len() - 1])
    };
    let (med, p99, max) = stats(&mut review_secs);
    println!("{game}: review of a whole game: median {med:.2} s, p99 {p99:.2} s, max {max:.2} s over {games} games");
    if !hint_ms.is_empty() {
        let n = hint_ms.len();
        let (med, p99, max) = stats(&mut hint_ms);
        println!(
            "{game}: hint: median {med:.0} ms, p99 {p99:.0} ms, max {max:.0} ms over {n} hints"
        );
    }
    Ok(())
}
