//! Trains Fantasy Realms' learned estimate (`games/fantasy_realms/learned.rs`) by self-play
//! and writes its weights to `learned_weights.rs`; then measures the new model against the
//! greedy player beside the plain estimate on the same games.
//!
//! `cargo run --release -p vliv-engine --example train_fantasy -- --seed S --games N
//! [--eval-games E] [--jobs J] [--dry-run]`
//!
//! Self-play: two seats of a small flat search on the plain estimate (`iters:100`, which plays
//! within a few points of `normal`), one seat in three games the greedy player instead, so
//! that the data holds both kinds of table the AI meets. After every move each seat's
//! position is recorded as that seat sees it (a determinization for it), with the mean of 8
//! estimates, and labelled at the end with the seat's final score. Games are split 70 / 10 /
//! 20 % into training, the choice of the ridge penalty, and the test figures printed.
//! The fit is ridge regression solved exactly (Cholesky): deterministic, a second's work.

use std::{
    sync::atomic::{AtomicUsize, Ordering},
    time::Instant,
};

use rand::{rngs::SmallRng, SeedableRng};
use vliv_engine::{
    ai::{self, SearchConfig, Strategy},
    games::fantasy_realms::{
        learned::{self, FEATURES},
        rules::FrState,
        FantasyRealms,
    },
    Actor, Game, Pending, Seat,
};

/// Estimates averaged into one position's feature.
const ESTIMATES: u64 = 8;
/// The self-play search's budget.
const SELF_PLAY_ITERATIONS: u32 = 100;
/// The ridge penalties tried; the validation games pick one.
const PENALTIES: [f64; 5] = [0.1, 1.0, 10.0, 100.0, 1000.0];

struct Args {
    seed: u64,
    games: usize,
    eval_games: usize,
    jobs: usize,
    dry_run: bool,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        seed: 1,
        games: 600,
        eval_games: 100,
        jobs: 1,
        dry_run: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        if a == "--dry-run" {
            args.dry_run = true;
            continue;
        }
        let value = it
            .next()
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| format!("{a} needs a number"))?;
        match a.as_str() {
            "--seed" => args.seed = value,
            "--games" => args.games = value as usize,
            "--eval-games" => args.eval_games = value as usize,
            "--jobs" => args.jobs = value.max(1) as usize,
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    Ok(args)
}

/// One recorded position: the seat's features, its mean estimate, and (once the game is
/// over) its final score; `moment` pairs the two seats' records of the same position.
struct Sample {
    x: [f64; FEATURES],
    estimate: f64,
    target: f64,
    seat: Seat,
    moment: usize,
}

fn game_seed(seed: u64, g: usize) -> u64 {
    ai::move_seed(seed, g as u64, 7)
}

/// Plays game `g` to its end with `players` (seat 0, seat 1); calls `watch` after each move.
fn play(seed: u64, g: usize, players: [&Strategy; 2], mut watch: impl FnMut(&FrState)) -> FrState {
    let gs = game_seed(seed, g);
    let mut state = FantasyRealms::new(&Default::default(), 2, gs).expect("a two-player table");
    let (mut pending, mut events) = (Vec::<Pending>::new(), Vec::new());
    for moves in 0u64.. {
        pending.clear();
        FantasyRealms::pending(&state, &mut pending);
        let Some(p) = pending.first() else { break };
        let actor = p.actor;
        let choice = match actor {
            Actor::Seat(s) => ai::choose_by::<FantasyRealms>(
                &state,
                s,
                players[s as usize],
                ai::move_seed(gs, moves, s),
            ),
            Actor::System => FantasyRealms::timeout_choice(&state, actor),
        }
        .expect("a pending actor has a choice");
        FantasyRealms::apply(&mut state, actor, choice, &mut events).expect("the AI's choice");
        watch(&state);
    }
    state
}

/// Self-play game `g`'s samples.
fn self_play(seed: u64, g: usize) -> Vec<Sample> {
    let search = Strategy::Search(SearchConfig {
        learned: false,
        ..SearchConfig::iterations::<FantasyRealms>(SELF_PLAY_ITERATIONS)
    });
    let greedy = Strategy::Greedy;
    let players = match g % 3 {
        0 => [&greedy, &search],
        1 => [&search, &greedy],
        _ => [&search, &search],
    };
    let mut rng = SmallRng::seed_from_u64(game_seed(seed, g) ^ 0x7ea1);
    let mut samples = Vec::new();
    let mut moment = 0;
    let end = play(seed, g, players, |state| {
        if !learned::applies(state) {
            return;
        }
        moment += 1;
        for seat in 0..2 as Seat {
            let seen = FantasyRealms::determinize(state, seat, &mut rng);
            let estimate = (0..ESTIMATES)
                .map(|_| FantasyRealms::estimate(&seen, seat, &mut rng))
                .sum::<f64>()
                / ESTIMATES as f64;
            samples.push(Sample {
                x: learned::features(&seen, seat, estimate),
                estimate,
                target: 0.0,
                seat,
                moment,
            });
        }
    });
    let outcome = FantasyRealms::outcome(&end).expect("a finished game");
    for s in &mut samples {
        s.target = outcome.scores[s.seat as usize] as f64;
    }
    samples
}

/// Runs `work(g)` for every `g` in `0..n` on `jobs` threads; results in game order.
fn parallel<T: Send>(n: usize, jobs: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let mut out: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= n {
                            return mine;
                        }
                        mine.push((g, work(g)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker panicked"))
            .collect()
    });
    out.sort_by_key(|(g, _)| *g);
    out.into_iter().map(|(_, t)| t).collect()
}

/// The normal equations of `samples`: XᵀX (row-major) and Xᵀy.
struct Normal {
    a: Vec<f64>,
    b: Vec<f64>,
}

impl Normal {
    fn of(samples: &[&Sample]) -> Normal {
        let n = FEATURES;
        let mut a = vec![0.0; n * n];
        let mut b = vec![0.0; n];
        let mut nonzero = Vec::with_capacity(n);
        for s in samples {
            nonzero.clear();
            nonzero.extend((0..n).filter(|&i| s.x[i] != 0.0));
            for &i in &nonzero {
                b[i] += s.x[i] * s.target;
                for &j in &nonzero {
                    a[i * n + j] += s.x[i] * s.x[j];
                }
            }
        }
        Normal { a, b }
    }

    fn plus(&self, other: &Normal) -> Normal {
        let add = |x: &[f64], y: &[f64]| x.iter().zip(y).map(|(x, y)| x + y).collect();
        Normal {
            a: add(&self.a, &other.a),
            b: add(&self.b, &other.b),
        }
    }

    /// Ridge regression: the weights minimising the squared error plus `penalty` times the
    /// squared weights (the constant's excepted).
    fn fit(&self, penalty: f64) -> Vec<f64> {
        let n = FEATURES;
        let (mut a, mut b) = (self.a.clone(), self.b.clone());
        for i in 1..n {
            a[i * n + i] += penalty;
        }
        // A tiny ridge on the constant too keeps the matrix positive definite.
        a[0] += 1e-9;
        cholesky_solve(&mut a, &mut b, n);
        b
    }
}

/// Solves `a x = b` in place for a symmetric positive definite `a` (row-major, n×n).
fn cholesky_solve(a: &mut [f64], b: &mut [f64], n: usize) {
    for j in 0..n {
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        let d = d.max(1e-12).sqrt();
        a[j * n + j] = d;
        for i in j + 1..n {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = s / d;
        }
    }
    for i in 0..n {
        let mut s = b[i];
        for k in 0..i {
            s -= a[i * n + k] * b[k];
        }
        b[i] = s / a[i * n + i];
    }
    for i in (0..n).rev() {
        let mut s = b[i];
        for k in i + 1..n {
            s -= a[k * n + i] * b[k];
        }
        b[i] = s / a[i * n + i];
    }
}

fn dot(w: &[f64], x: &[f64; FEATURES]) -> f64 {
    w.iter().zip(x).map(|(w, x)| w * x).sum()
}

/// Root mean squared error of `predict` on `samples`.
fn rmse(samples: &[&Sample], predict: impl Fn(&Sample) -> f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (predict(s) - s.target).powi(2))
        .sum();
    (sum / samples.len().max(1) as f64).sqrt()
}

/// The share of positions (both seats recorded) where `predict` ranks the seats as their
/// final scores do: what the search's margin reward needs most.
fn order_accuracy(samples: &[&Sample], predict: impl Fn(&Sample) -> f64) -> f64 {
    let (mut right, mut pairs) = (0usize, 0usize);
    for pair in samples.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if a.moment != b.moment || a.target == b.target {
            continue;
        }
        pairs += 1;
        if (predict(a) > predict(b)) == (a.target > b.target) {
            right += 1;
        }
    }
    right as f64 / pairs.max(1) as f64
}

/// The 95 % Wilson score interval of `k` successes in `n` trials.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964f64;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    (centre - half, centre + half)
}

/// `normal`'s untimed search (with `learned` set or not) against the greedy player on
/// `games` games, seats rotated: each game's first place (1, ½ shared, 0) and margin.
fn against_greedy(args: &Args, weights: &[f64], learned: bool) -> Vec<(f64, f64)> {
    let search = Strategy::Search(SearchConfig {
        learned,
        ..SearchConfig::iterations::<FantasyRealms>(FantasyRealms::AI_TUNING.iterations[1])
    });
    let greedy = Strategy::Greedy;
    // Other games than the training's.
    let eval_seed = args.seed ^ 0xe7a1;
    parallel(args.eval_games, args.jobs, |g| {
        learned::with_weights(weights, || {
            let me = g % 2;
            let players = if me == 0 {
                [&search, &greedy]
            } else {
                [&greedy, &search]
            };
            let end = play(eval_seed, g, players, |_| {});
            let o = FantasyRealms::outcome(&end).expect("a finished game");
            let firsts = o.places.iter().filter(|&&p| p == 1).count() as f64;
            let won = if o.places[me] == 1 { 1.0 / firsts } else { 0.0 };
            (won, (o.scores[me] - o.scores[1 - me]) as f64)
        })
    })
}

fn report(name: &str, results: &[(f64, f64)]) {
    let n = results.len() as f64;
    let wins: f64 = results.iter().map(|r| r.0).sum();
    let (lo, hi) = wilson(wins, n);
    let mean = results.iter().map(|r| r.1).sum::<f64>() / n;
    let var = results.iter().map(|r| (r.1 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    println!(
        "  {name}: {wins} of {n} against greedy, {:.1} % (95 % Wilson {:.1}–{:.1} %), mean margin {mean:+.1} ± {:.1}",
        100.0 * wins / n,
        100.0 * lo,
        100.0 * hi,
        1.96 * (var / n).sqrt()
    );
}

fn weights_file(args: &Args, weights: &[f64], figures: &str) -> String {
    let mut out = String::new();
    out.push_str("//! The learned model's weights (`learned.rs`), written by the trainer; do not edit by hand.\n");
    out.push_str(&format!(
        "//! `cargo run --release -p vliv-engine --example train_fantasy -- --seed {} --games {} --eval-games {} --jobs {}`\n",
        args.seed, args.games, args.eval_games, args.jobs
    ));
    for line in figures.lines() {
        out.push_str(&format!("//! {line}\n"));
    }
    out.push_str("\npub const WEIGHTS: &[f64] = &[\n");
    for w in weights {
        out.push_str(&format!("    {w:?},\n"));
    }
    out.push_str("];\n");
    out
}

fn main() -> std::process::ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}\nusage: train_fantasy --seed S --games N [--eval-games E] [--jobs J] [--dry-run]");
            return std::process::ExitCode::from(2);
        }
    };
    let started = Instant::now();
    println!(
        "train_fantasy: seed {}, {} self-play games, {} evaluation games, {} jobs",
        args.seed, args.games, args.eval_games, args.jobs
    );
    let games = parallel(args.games, args.jobs, |g| self_play(args.seed, g));
    let positions: usize = games.iter().map(Vec::len).sum();
    let played = started.elapsed().as_secs_f64();
    println!("  self-play: {positions} positions in {played:.1} s");

    let split = |from: f64, to: f64| -> Vec<&Sample> {
        let (a, b) = (
            (from * args.games as f64) as usize,
            (to * args.games as f64) as usize,
        );
        games[a..b].iter().flatten().collect()
    };
    let (train, validation, test) = (split(0.0, 0.7), split(0.7, 0.8), split(0.8, 1.0));
    let on_train = Normal::of(&train);
    let penalty = PENALTIES
        .into_iter()
        .map(|p| {
            let w = on_train.fit(p);
            (p, rmse(&validation, |s| dot(&w, &s.x)))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _)| p)
        .expect("penalties to try");
    let weights = on_train.plus(&Normal::of(&validation)).fit(penalty);
    let fitted = started.elapsed().as_secs_f64() - played;

    let baseline = rmse(&test, |s| s.estimate);
    let model = rmse(&test, |s| dot(&weights, &s.x));
    let mean = test.iter().map(|s| s.target).sum::<f64>() / test.len().max(1) as f64;
    let spread = rmse(&test, |_| mean);
    let mut figures = format!(
        "seed {}, {} games ({} positions), ridge penalty {penalty}\n\
         test positions {}: final score's RMSE {model:.2} (R² {:.3}); the estimate alone {baseline:.2} (R² {:.3})\n\
         test: the seats ranked as their final scores {:.1} % (the estimate alone {:.1} %)",
        args.seed,
        args.games,
        positions,
        test.len(),
        1.0 - (model / spread).powi(2),
        1.0 - (baseline / spread).powi(2),
        100.0 * order_accuracy(&test, |s| dot(&weights, &s.x)),
        100.0 * order_accuracy(&test, |s| s.estimate),
    );
    println!("  fit in {fitted:.1} s");
    for line in figures.lines() {
        println!("  {line}");
    }
    if args.eval_games > 0 {
        let t = Instant::now();
        let with = against_greedy(&args, &weights, true);
        let without = against_greedy(&args, &weights, false);
        report("normal! with the model", &with);
        report("normal! with the estimate alone", &without);
        let diffs: Vec<f64> = with.iter().zip(&without).map(|(a, b)| a.1 - b.1).collect();
        let n = diffs.len() as f64;
        let m = diffs.iter().sum::<f64>() / n;
        let v = diffs.iter().map(|d| (d - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let wins = |r: &[(f64, f64)]| r.iter().map(|x| x.0).sum::<f64>();
        let line = format!(
            "against greedy, {} games: normal! with the model {} wins, with the estimate alone {}; paired margin {m:+.1} ± {:.1}",
            args.eval_games,
            wins(&with),
            wins(&without),
            1.96 * (v / n).sqrt()
        );
        println!("  {line} ({:.1} s)", t.elapsed().as_secs_f64());
        figures.push('\n');
        figures.push_str(&line);
    }
    println!("  total {:.1} s", started.elapsed().as_secs_f64());
    if !args.dry_run {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/games/fantasy_realms/learned_weights.rs"
        );
        if let Err(e) = std::fs::write(path, weights_file(&args, &weights, &figures)) {
            eprintln!("writing {path}: {e}");
            return std::process::ExitCode::FAILURE;
        }
        println!("  weights written to {path}");
    }
    std::process::ExitCode::SUCCESS
}
