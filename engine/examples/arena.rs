//! Plays seeded games between two AI players and prints how the first did against the
//! second: wins, draws, losses and a 95 % Wilson interval, A's mean final margin (its score
//! less the best other seat's), plus each AI player's think time per move.
//!
//! `cargo run --release -p vliv-engine --example arena -- GAME A B --games N [--seats K]
//! [--seed S] [--jobs J] [--from G]`, where a player is `random`, `greedy`, `easy`, `normal`, `hard` (the bot's
//! levels, with their time caps), `easy!`/`normal!`/`hard!` (the same iteration budgets
//! without a time cap: reproducible) or `iters:N`. A search player may end in settings that
//! replace the game's: `@dN` (playouts cut after N steps), `@dend` (played to the end), `@cX`
//! (UCB exploration constant X), `@flat` / `@tree` (the kind of search), `@mX` (the flat
//! search's reward: the share X of the estimates' margin, the rest their place), `@wX` (at
//! three or more seats, the share X of a finished playout's reward that is the first place
//! rather than the place; every level has 0), `@plain`
//! (leaves by the game's plain estimate, without its learned model), `@endgame` (the exact endgame, at a level without it), `@sampled` (no exact
//! endgame: playouts stay random to the end), `@infer` / `@inferN` (inference from the other
//! seats' choices over 256 / N weighted determinizations), `@noinfer` (uniform ones),
//! `@uniform` (playouts at random where the game has a playout policy), e.g.
//! `normal!@d8@c0.3`; `@peek` makes a search an oracle that samples the real state every
//! iteration (what inferring hidden cards could buy at most; never a level). With K seats, player A takes one seat
//! (rotated game by game) and B every other seat. `--jobs J` plays J games side by side on J
//! threads (the same results; the times are then those of a core shared J ways at most);
//! `--from G` starts at game G (the same games as from 0, later ones).
//! `--trace` prints every move to stderr: game, move number, turn and phase (from the
//! spectator's view, where the game has them), who acts, the menu's prompt, think time.

use std::{
    process::ExitCode,
    sync::atomic::{AtomicUsize, Ordering},
    time::Instant,
};

use vliv_engine::{
    ai::{self, Level, SearchConfig, SearchKind, Strategy},
    games::{
        claim::Claim, fantasy_realms::FantasyRealms, louis_xiv::LouisXiv, ovlivneni::Ovlivneni,
        ruse_and_bruise::RuseAndBruise,
    },
    registry::{self, GameKind},
    Actor, ChoiceId, Game, GameState, OptionValues, Pending, Seat, Viewer,
};

struct Args {
    game: &'static dyn GameKind,
    players: [(String, Strategy); 2],
    games: usize,
    /// The first game's number (`--from`): a run can pick up a game of a longer one.
    from: usize,
    seats: usize,
    seed: u64,
    jobs: usize,
    trace: bool,
}

fn parse_player(kind: &dyn GameKind, name: &str) -> Result<Strategy, String> {
    let mut parts = name.split('@');
    let mut strategy = parse_level(kind, parts.next().unwrap_or(name))?;
    for part in parts {
        let Strategy::Search(cfg) = &mut strategy else {
            return Err(format!("`@{part}` needs a search player"));
        };
        let bad = || format!("bad setting `@{part}` in `{name}`");
        match part.split_at_checked(1) {
            Some(("d", "end")) => cfg.rollout_depth = None,
            Some(("d", d)) => cfg.rollout_depth = Some(d.parse().map_err(|_| bad())?),
            Some(("c", c)) => cfg.exploration = c.parse().map_err(|_| bad())?,
            Some(("m", m)) => cfg.flat_margin = m.parse().map_err(|_| bad())?,
            Some(("w", w)) => cfg.first_place = w.parse().map_err(|_| bad())?,
            Some(("f", "lat")) => cfg.kind = SearchKind::Flat,
            Some(("t", "ree")) => cfg.kind = SearchKind::Tree,
            Some(("p", "lain")) => cfg.learned = false,
            Some(("s", "ampled")) => cfg.exact_endgame = false,
            Some(("e", "ndgame")) => cfg.exact_endgame = true,
            Some(("n", "oinfer")) => cfg.infer = None,
            Some(("u", "niform")) => cfg.policy = false,
            Some(("i", n)) if n.starts_with("nfer") => {
                cfg.infer = Some(match &n[4..] {
                    "" => ai::infer::DEFAULT_PARTICLES,
                    k => k.parse().map_err(|_| bad())?,
                })
            }
            // Read at the move (`oracle_choice`): the strategy itself is unchanged.
            Some(("p", "eek")) => {}
            _ => return Err(bad()),
        }
    }
    Ok(strategy)
}

fn parse_level(kind: &dyn GameKind, name: &str) -> Result<Strategy, String> {
    let untimed = name.strip_suffix('!');
    Ok(match untimed.unwrap_or(name) {
        "random" => Strategy::Random,
        "greedy" => Strategy::Greedy,
        other => {
            if let Some(n) = other.strip_prefix("iters:") {
                let n = n
                    .parse()
                    .map_err(|_| format!("bad iteration count in `{name}`"))?;
                Strategy::Search(kind.search_iterations(n))
            } else {
                let level: Level = other.parse().map_err(|e| format!("{e}"))?;
                let strategy = kind.strategy(level);
                if untimed.is_some() {
                    strategy.untimed()
                } else {
                    strategy
                }
            }
        }
    })
}

fn parse() -> Result<Args, String> {
    let mut positional = Vec::new();
    let (mut games, mut seats, mut seed, mut jobs) = (100usize, None, 1u64, 1usize);
    let mut from = 0usize;
    let mut trace = false;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        if a == "--trace" {
            trace = true;
            continue;
        }
        let mut value = |flag: &str| -> Result<u64, String> {
            it.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{flag} needs a number"))
        };
        match a.as_str() {
            "--games" => games = value("--games")? as usize,
            "--seats" => seats = Some(value("--seats")? as usize),
            "--seed" => seed = value("--seed")?,
            "--jobs" => jobs = value("--jobs")? as usize,
            "--from" => from = value("--from")? as usize,
            _ => positional.push(a),
        }
    }
    let [game, a, b] = positional.as_slice() else {
        return Err(
            "usage: arena GAME A B --games N [--seats K] [--seed S] [--jobs J] [--from G]".into(),
        );
    };
    let kind = registry::find(game).ok_or_else(|| format!("unknown game `{game}`"))?;
    let (min, max) = kind.seat_range();
    let seats = seats.unwrap_or(min);
    if !(min..=max).contains(&seats) {
        return Err(format!("{game} seats {min}–{max}"));
    }
    Ok(Args {
        game: kind,
        players: [
            (a.clone(), parse_player(kind, a)?),
            (b.clone(), parse_player(kind, b)?),
        ],
        games,
        from,
        seats,
        seed,
        jobs,
        trace,
    })
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

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

/// How one game went for player A, and each player's think times in ms.
struct Played {
    place: u8,
    firsts: usize,
    /// A's final score less the best other seat's (0 where the game keeps no scores).
    margin: f64,
    times: [Vec<f64>; 2],
}

fn play(args: &Args, g: usize) -> Result<Played, String> {
    let game_seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
    let a_seat = (g % args.seats) as Seat;
    let mut state = args
        .game
        .new_game(&OptionValues::new(), args.seats, game_seed)
        .map_err(|e| e.to_string())?;
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut moves = 0u64;
    loop {
        let pending: Vec<Pending> = state.pending();
        let Some(p) = pending.first() else { break };
        // Simultaneous decisions: the first pending actor moves, as the session would
        // take whoever answers first; the seat order varies with the rotation.
        let t = Instant::now();
        let (actor, choice) = match p.actor {
            Actor::System => {
                let c = state.timeout_choice(Actor::System).ok_or_else(|| {
                    format!("game {g}: a system decision without a timeout choice")
                })?;
                (Actor::System, c)
            }
            Actor::Seat(seat) => {
                let who = usize::from(seat != a_seat);
                let seed = ai::move_seed(game_seed, moves, seat);
                let (name, strategy) = &args.players[who];
                let choice = if name.split('@').any(|p| p == "peek") {
                    oracle_choice(&*state, seat, strategy, seed)
                } else {
                    state.ai_choice(seat, strategy, seed)
                };
                if !matches!(args.players[who].1, Strategy::Random) {
                    times[who].push(t.elapsed().as_secs_f64() * 1e3);
                }
                let choice = choice
                    .ok_or_else(|| format!("game {g}: seat {seat} is pending but has no choice"))?;
                (Actor::Seat(seat), choice)
            }
        };
        if args.trace {
            trace_move(
                &*state,
                g,
                moves,
                actor,
                choice,
                t.elapsed().as_secs_f64() * 1e3,
            );
        }
        state
            .apply(actor, choice)
            .map_err(|e| format!("game {g}: the AI's choice was refused: {e}"))?;
        moves += 1;
    }
    let outcome = state
        .outcome()
        .ok_or_else(|| format!("game {g}: no outcome"))?;
    let score = |s: usize| outcome.scores.get(s).map_or(0.0, |&v| v as f64);
    let best_other = (0..args.seats)
        .filter(|&s| s != a_seat as usize)
        .map(score)
        .fold(f64::NEG_INFINITY, f64::max);
    Ok(Played {
        margin: score(a_seat as usize) - best_other,
        place: outcome.places[a_seat as usize],
        firsts: outcome.places.iter().filter(|&&p| p == 1).count(),
        times,
    })
}

/// `@peek`: the search with every sample the real state (an oracle that knows every hidden
/// card). Never a level: it measures what inferring the hidden cards could buy at most.
fn oracle_choice(
    state: &dyn GameState,
    seat: Seat,
    strategy: &Strategy,
    seed: u64,
) -> Option<ChoiceId> {
    fn typed<G: Game>(json: &str, seat: Seat, cfg: &SearchConfig, seed: u64) -> Option<ChoiceId> {
        let real: G::State = serde_json::from_str(json).expect("a state reads back its JSON");
        ai::choose_from_samples::<G>(|_| real.clone(), seat, cfg, seed)
    }
    let Strategy::Search(cfg) = strategy else {
        return state.ai_choice(seat, strategy, seed);
    };
    let json = state.to_json();
    match state.kind().id() {
        Claim::ID => typed::<Claim>(&json, seat, cfg, seed),
        FantasyRealms::ID => typed::<FantasyRealms>(&json, seat, cfg, seed),
        LouisXiv::ID => typed::<LouisXiv>(&json, seat, cfg, seed),
        Ovlivneni::ID => typed::<Ovlivneni>(&json, seat, cfg, seed),
        RuseAndBruise::ID => typed::<RuseAndBruise>(&json, seat, cfg, seed),
        other => panic!("@peek: add `{other}` to oracle_choice"),
    }
}

/// One line per move for `--trace`, before the move is applied.
fn trace_move(
    state: &dyn GameState,
    g: usize,
    moves: u64,
    actor: Actor,
    choice: ChoiceId,
    ms: f64,
) {
    let view = state.view_json(Viewer::Spectator);
    let field = |k: &str| view.get(k).map_or("-".to_string(), |v| v.to_string());
    let prompt = state
        .menu(actor)
        .map_or("-".into(), |m| format!("{:?} {}", m.kind, m.prompt.key));
    eprintln!(
        "trace game {g} move {moves} turn {} phase {} actor {actor:?} {prompt} choice {} {ms:.1} ms",
        field("turn"),
        field("phase"),
        choice.0,
    );
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (mut wins, mut draws, mut losses) = (0usize, 0usize, 0usize);
    // A's share of the first place: a first shared by k seats counts 1/k.
    let mut first_share = 0.0f64;
    // Think time per move in ms, per player (A, B).
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut margins = Vec::new();
    let started = Instant::now();
    // Games side by side on `--jobs` threads, each taking the next game number.
    let next = AtomicUsize::new(args.from);
    let results: Vec<Result<Played, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..args.jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= args.from + args.games {
                            return mine;
                        }
                        let played = play(&args, g);
                        if let Ok(p) = &played {
                            // Progress for long runs; the summary is on stdout.
                            eprintln!("game {g}: A placed {}, margin {}", p.place, p.margin);
                        }
                        mine.push(played);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("an arena thread panicked"))
            .collect()
    });
    for played in results {
        let played = match played {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        if played.place == 1 {
            first_share += 1.0 / played.firsts.max(1) as f64;
        }
        match (played.place, played.firsts) {
            (1, 1) => wins += 1,
            (1, _) => draws += 1,
            _ => losses += 1,
        }
        margins.push(played.margin);
        for (all, t) in times.iter_mut().zip(played.times) {
            all.extend(t);
        }
    }
    let n = args.games as f64;
    let (a, b) = (&args.players[0].0, &args.players[1].0);
    println!(
        "{} {} seats, {a} vs {b}: {} games in {:.1} s",
        args.game.id(),
        args.seats,
        args.games,
        started.elapsed().as_secs_f64()
    );
    println!("  {a}: {wins} wins, {draws} draws, {losses} losses");
    let (lo, hi) = wilson(wins as f64, n);
    println!(
        "  win rate {:.1} % (95 % Wilson {:.1}–{:.1} %)",
        100.0 * wins as f64 / n,
        100.0 * lo,
        100.0 * hi
    );
    let score = wins as f64 + draws as f64 / 2.0;
    let (lo, hi) = wilson(score, n);
    println!(
        "  score (draw = ½) {:.1} % (95 % Wilson {:.1}–{:.1} %)",
        100.0 * score / n,
        100.0 * lo,
        100.0 * hi
    );
    // A continuous measure: it separates two players in fewer games than the win rate.
    let mean = margins.iter().sum::<f64>() / n;
    let var = margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    println!(
        "  {a}'s final score less the best other's: mean {mean:.1} ± {:.1} (95 %)",
        1.96 * (var / n).sqrt()
    );
    if args.seats > 2 {
        // Counted whole for each seat sharing it, an equal seat's rate is above 1/seats by
        // the shared firsts; as a share it is 1/seats exactly.
        let firsts = (wins + draws) as f64;
        let (lo, hi) = wilson(firsts, n);
        println!(
            "  first place (shared included) {:.1} % (95 % Wilson {:.1}–{:.1} %)",
            100.0 * firsts / n,
            100.0 * lo,
            100.0 * hi,
        );
        let (lo, hi) = wilson(first_share, n);
        println!(
            "  share of the first place (a shared one split) {:.1} % (95 % Wilson {:.1}–{:.1} %), an equal seat's {:.1} %",
            100.0 * first_share / n,
            100.0 * lo,
            100.0 * hi,
            100.0 / args.seats as f64
        );
    }
    for (who, t) in times.iter_mut().enumerate() {
        if t.is_empty() {
            continue;
        }
        t.sort_by(f64::total_cmp);
        println!(
            "  think time {}: median {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} moves",
            args.players[who].0,
            percentile(t, 0.5),
            percentile(t, 0.99),
            t[t.len() - 1],
            t.len()
        );
    }
    ExitCode::SUCCESS
}
