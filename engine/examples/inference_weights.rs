//! How much the inference (issue 48) narrows the sampled worlds: plays seeded games of a
//! game between greedy seats and prints, every few moves, the effective size of the pool of
//! weighted determinizations for the seat to move (the pool's size when the other seats'
//! choices tell nothing, 1 when one world takes all the weight) and how much more of the
//! other seats' real hidden cards the weighted worlds hold than the uniform ones.
//!
//! `cargo run --release -p vliv-engine --example inference_weights -- GAME [--games N]
//! [--particles P] [--temperature T]` (GAME: `claim`, `fantasy-realms`, `louis-xiv`,
//! `ruse-and-bruise` or `ovlivneni`; T: the opponent model's, by default the game's).

use vliv_engine::{
    ai::{self, infer::Particles},
    games::{
        claim::Claim, fantasy_realms::FantasyRealms, louis_xiv::LouisXiv, ovlivneni::Ovlivneni,
        ruse_and_bruise::RuseAndBruise,
    },
    observed::Observations,
    Actor, Game, Pending, Seat,
};

/// The share of `hidden` (cards per seat) that `world` places where `real` has them.
fn overlap(real: &[Vec<u32>], world: &[Vec<u32>], seat: Seat) -> f64 {
    let (mut same, mut all) = (0usize, 0usize);
    for (s, (r, w)) in real.iter().zip(world).enumerate() {
        if s == seat as usize {
            continue;
        }
        all += r.len();
        same += r.iter().filter(|c| w.contains(c)).count();
    }
    same as f64 / all.max(1) as f64
}

fn run<G: Game>(
    games: u64,
    particles: u32,
    temperature: f64,
    hands: impl Fn(&G::State) -> Vec<Vec<u32>>,
) {
    let mut obs = Observations::new();
    let (mut pending, mut events) = (Vec::<Pending>::new(), Vec::new());
    let (mut n, mut ess_sum, mut gain_sum) = (0usize, 0.0, 0.0);
    for g in 0..games {
        let mut state = G::new(&Default::default(), 2, 900 + g).expect("two seats");
        for mv in 0u64.. {
            pending.clear();
            G::pending(&state, &mut pending);
            let Some(p) = pending.first() else { break };
            let Actor::Seat(seat) = p.actor else { break };
            if mv % 3 == 0 {
                let pool = Particles::weigh_by(
                    |rng| G::determinize(&state, seat, rng),
                    particles,
                    mv,
                    |w| {
                        obs.clear();
                        G::observed_decisions(w, seat, &mut obs);
                        obs.log_likelihood(temperature)
                    },
                );
                let real = hands(&state);
                let (mut weighted, mut uniform) = (0.0, 0.0);
                for (w, weight) in pool.weighted() {
                    let o = overlap(&real, &hands(w), seat);
                    weighted += weight * o;
                    uniform += o / f64::from(particles);
                }
                n += 1;
                ess_sum += pool.effective_size();
                gain_sum += weighted - uniform;
            }
            let id = ai::greedy_choice::<G>(&state, seat, g << 20 | mv).expect("a choice");
            events.clear();
            G::apply(&mut state, Actor::Seat(seat), id, &mut events).expect("applies");
        }
    }
    println!(
        "{} at temperature {temperature}: {n} positions, mean effective pool size {:.1} of \
         {particles}, weighted worlds hold {:+.2} % more of the other seats' real cards than \
         uniform ones",
        G::ID,
        ess_sum / n as f64,
        100.0 * gain_sum / n as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1)?.parse().ok())
            .unwrap_or(default)
    };
    let (games, particles) = (flag("--games", 20), flag("--particles", 64) as u32);
    let temperature = |default: f64| {
        args.iter()
            .position(|a| a == "--temperature")
            .and_then(|i| args.get(i + 1)?.parse().ok())
            .unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("claim") => run::<Claim>(
            games,
            particles,
            temperature(Claim::INFERENCE_TEMPERATURE),
            |s| {
                s.hands
                    .iter()
                    .map(|h| h.iter().map(|c| u32::from(c.0)).collect())
                    .collect()
            },
        ),
        Some("fantasy-realms") => run::<FantasyRealms>(
            games,
            particles,
            temperature(FantasyRealms::INFERENCE_TEMPERATURE),
            |s| {
                s.hands
                    .iter()
                    .map(|h| h.iter().map(|c| u32::from(c.0)).collect())
                    .collect()
            },
        ),
        // A seat's influence cards by kind (the two cards of a tile are alike) and missions.
        Some("louis-xiv") => run::<LouisXiv>(
            games,
            particles,
            temperature(LouisXiv::INFERENCE_TEMPERATURE),
            |s| {
                s.players
                    .iter()
                    .map(|p| {
                        let kinds = p.influence.iter().map(|c| u32::from(s.card_kind(c)));
                        kinds
                            .chain(p.missions.iter().map(|m| 100 + u32::from(m)))
                            .collect()
                    })
                    .collect()
            },
        ),
        // A seat's hand and each face-down card of its colour with its column.
        Some("ruse-and-bruise") => run::<RuseAndBruise>(
            games,
            particles,
            temperature(RuseAndBruise::INFERENCE_TEMPERATURE),
            |s| {
                (0..s.players.len())
                    .map(|seat| {
                        let mut cards: Vec<u32> = s.players[seat]
                            .hand
                            .iter()
                            .map(|c| u32::from(c.index()))
                            .collect();
                        for (k, column) in s.columns.iter().enumerate() {
                            for p in &column.cards {
                                if p.owner as usize == seat && !p.face_up {
                                    cards.push(
                                        100 * (k as u32 + 1) + u32::from(p.character.index()),
                                    );
                                }
                            }
                        }
                        cards
                    })
                    .collect()
            },
        ),
        Some("ovlivneni") => run::<Ovlivneni>(
            games,
            particles,
            temperature(Ovlivneni::INFERENCE_TEMPERATURE),
            |s| {
                s.players
                    .iter()
                    .map(|p| p.hand.iter().map(|&c| u32::from(c)).collect())
                    .collect()
            },
        ),
        _ => eprintln!(
            "usage: inference_weights claim|fantasy-realms|louis-xiv|ruse-and-bruise|ovlivneni \
             [--games N] [--particles P]"
        ),
    }
}
