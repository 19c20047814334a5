//! The conformance suite every registered game passes (engine.md): seeded random games to
//! the end; every offered choice applies and nothing else does; the fast path equals the
//! menus; replay equals the live state; serde round-trips; nothing shown to a seat carries
//! that seat's secrets; every text exists in both languages; a seat that never answers,
//! or answers only to stall, cannot keep the game from ending (`clocks.rs`).
//!
//! It lives in the library (pure code, no I/O) so that the registry can run it on every
//! game; the test harness picks the case count.

pub mod clocks;
mod determinize;

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{
    contract::{Actor, ChoiceId, Game, Pending, Seat, Viewer, MAX_MENU_CHOICES},
    i18n::{Catalog, Lang},
};

#[derive(Clone, Debug)]
pub struct Config {
    /// How many seeded games to play.
    pub games: usize,
    /// Seeds used are `first_seed..first_seed + games`.
    pub first_seed: u64,
    /// A game longer than this fails (it would never end).
    pub max_steps: usize,
    /// Localize and round-trip every state of the first this many games; later games
    /// check those at a sample of steps so that large counts stay fast.
    pub thorough_games: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 200,
            first_seed: 0,
            max_steps: 100_000,
            thorough_games: 50,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub games: usize,
    pub steps: usize,
    pub choices_checked: usize,
    /// Games played again with one seat silent or stalling under clocks (every other game).
    pub clocked_games: usize,
    /// The most expiries a silent seat needed to reach the end of a game.
    pub max_silent_expiries: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} seed {seed} step {step}: {problem}")]
pub struct Failure {
    pub game: &'static str,
    pub seed: u64,
    pub step: usize,
    pub problem: String,
}

pub fn check<G: Game>(cfg: &Config) -> Result<Report, Failure> {
    let setups = G::conformance_setups();
    assert!(!setups.is_empty(), "a game offers at least one setup");
    let mut report = Report::default();
    let texts = Catalog::new(|lang| [G::ftl(lang)]);
    for i in 0..cfg.games {
        let seed = cfg.first_seed + i as u64;
        let (options, seats) = &setups[i % setups.len()];
        let thorough = i < cfg.thorough_games;
        let mut run = Run::<G> {
            seed,
            step: 0,
            report: &mut report,
            texts: &texts,
            _game: std::marker::PhantomData,
        };
        run.game(options, *seats, thorough, cfg.max_steps)?;
        report.games += 1;
        if i % 2 == 0 {
            let seat = (i / 2 % seats) as Seat;
            let conduct = match i % 4 {
                0 => clocks::Conduct::Silent,
                _ => clocks::Conduct::Staller,
            };
            let clocked = clocks::play::<G>(options, *seats, seed, seat, conduct, cfg.max_steps)
                .map_err(|problem| Failure {
                    game: G::ID,
                    seed,
                    step: 0,
                    problem,
                })?;
            report.clocked_games += 1;
            if conduct == clocks::Conduct::Silent {
                report.max_silent_expiries = report.max_silent_expiries.max(clocked.expiries);
            }
        }
    }
    Ok(report)
}

struct Run<'a, G: Game> {
    seed: u64,
    step: usize,
    report: &'a mut Report,
    /// The common messages and this game's own: a game's texts must not lean on another's.
    texts: &'a Catalog,
    _game: std::marker::PhantomData<G>,
}

impl<G: Game> Run<'_, G> {
    fn fail(&self, problem: impl Into<String>) -> Failure {
        Failure {
            game: G::ID,
            seed: self.seed,
            step: self.step,
            problem: problem.into(),
        }
    }

    fn ensure(&self, ok: bool, problem: impl FnOnce() -> String) -> Result<(), Failure> {
        if ok {
            Ok(())
        } else {
            Err(self.fail(problem()))
        }
    }

    fn game(
        &mut self,
        options: &G::Options,
        seats: usize,
        thorough: bool,
        max_steps: usize,
    ) -> Result<(), Failure> {
        let seed = self.seed;
        let new = || G::new(options, seats, seed);
        let mut state = new().map_err(|e| self.fail(format!("setup failed: {e}")))?;
        let again = new().map_err(|e| self.fail(format!("setup failed: {e}")))?;
        self.ensure(state == again, || "the same seed gave two setups".into())?;
        self.ensure(G::seat_count(&state) == seats, || "wrong seat count".into())?;

        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x5eed_c0de);
        let mut moves: Vec<(Actor, ChoiceId)> = Vec::new();
        let mut pending = Vec::new();
        let mut events = Vec::new();
        let mut hidden = HiddenSeen::default();
        loop {
            pending.clear();
            G::pending(&state, &mut pending);
            let outcome = G::outcome(&state);
            let (mut places, mut scores) = (Vec::new(), Vec::new());
            let over = G::standing(&state, &mut places, &mut scores);
            self.ensure(
                over == outcome.is_some()
                    && outcome
                        .as_ref()
                        .is_none_or(|o| (&o.places, &o.scores) == (&places, &scores)),
                || "the standing is not the outcome's places and scores".into(),
            )?;
            if pending.is_empty() {
                let outcome = outcome.ok_or_else(|| self.fail("nothing pending but no outcome"))?;
                self.ensure(outcome.places.len() == seats, || {
                    "outcome has a place per seat".into()
                })?;
                self.ensure(outcome.places.contains(&1), || "somebody is first".into())?;
                break;
            }
            self.ensure(outcome.is_none(), || {
                "an outcome while decisions are pending".into()
            })?;
            self.ensure(self.step < max_steps, || "the game does not end".into())?;

            let sample = thorough || rng.random_ratio(1, 16);
            if thorough && rng.random_ratio(1, 8) {
                self.check_determinize(&state, seats, &mut rng, max_steps, &mut hidden)?;
            }
            self.check_menus(&state, &pending, seats)?;
            self.check_refusals(&state, &pending, seats, &mut rng)?;
            if sample {
                self.check_every_offered_choice(&state, &pending)?;
                self.check_serde(&state)?;
                self.check_texts(&state, &pending, seats)?;
            }

            let actor = pending[rng.random_range(0..pending.len())].actor;
            let mut ids = Vec::new();
            G::legal_ids(&state, actor, &mut ids);
            let choice = ids[rng.random_range(0..ids.len())];
            events.clear();
            G::apply(&mut state, actor, choice, &mut events)
                .map_err(|e| self.fail(format!("offered {choice:?} refused: {e}")))?;
            moves.push((actor, choice));
            self.check_no_leaks(&state, &events, seats)?;
            if sample {
                self.check_event_texts(&events)?;
            }
            self.step += 1;
            self.report.steps += 1;
        }
        if thorough {
            self.check_serde(&state)?;
            self.check_texts(&state, &[], seats)?;
        }
        self.ensure(hidden.states == 0 || hidden.varied > 0, || {
            format!(
                "determinize never varied the hidden cards over {} states with secrets",
                hidden.states
            )
        })?;

        let mut replayed = new().map_err(|e| self.fail(format!("setup failed: {e}")))?;
        let mut unlogged = new().map_err(|e| self.fail(format!("setup failed: {e}")))?;
        for (actor, choice) in moves {
            G::apply(&mut replayed, actor, choice, &mut events)
                .map_err(|e| self.fail(format!("replay refused {choice:?}: {e}")))?;
            events.clear();
            G::apply_unlogged(&mut unlogged, actor, choice, &mut events)
                .map_err(|e| self.fail(format!("unlogged replay refused {choice:?}: {e}")))?;
        }
        self.ensure(replayed == state, || {
            "replay differs from the live game".into()
        })?;
        // The search plays by `apply_unlogged`: it must reach the game's states.
        self.ensure(unlogged == state, || {
            "a replay without events differs from the live game".into()
        })
    }

    /// Every seat's determinization of `state` (see `determinize.rs`).
    fn check_determinize(
        &self,
        state: &G::State,
        seats: usize,
        rng: &mut impl Rng,
        max_steps: usize,
        hidden: &mut HiddenSeen,
    ) -> Result<(), Failure> {
        for seat in 0..seats as Seat {
            let varied = determinize::check_state::<G>(state, seat, rng.random(), max_steps)
                .map_err(|p| self.fail(p))?;
            if !G::secrets(state, seat).is_empty() {
                hidden.states += 1;
                hidden.varied += usize::from(varied);
            }
        }
        Ok(())
    }

    fn check_menus(
        &self,
        state: &G::State,
        pending: &[Pending],
        seats: usize,
    ) -> Result<(), Failure> {
        for p in pending {
            let menu = G::menu(state, p.actor)
                .ok_or_else(|| self.fail(format!("{:?} pending without a menu", p.actor)))?;
            let n = menu.choices.len();
            self.ensure((1..=MAX_MENU_CHOICES).contains(&n), || {
                format!("menu of {n} choices")
            })?;
            let menu_ids: Vec<ChoiceId> = menu.choices.iter().map(|c| c.id).collect();
            let unique: BTreeSet<_> = menu_ids.iter().collect();
            self.ensure(unique.len() == n, || "duplicate ids in a menu".into())?;
            let mut fast = Vec::new();
            G::legal_ids(state, p.actor, &mut fast);
            self.ensure(fast == menu_ids, || {
                format!("legal_ids {fast:?} differ from the menu {menu_ids:?}")
            })?;
            if let Some(t) = G::timeout_choice(state, p.actor) {
                self.ensure(menu_ids.contains(&t), || {
                    format!("timeout choice {t:?} not offered")
                })?;
            }
        }
        for actor in actors(seats) {
            if pending.iter().any(|p| p.actor == actor) {
                continue;
            }
            let mut fast = Vec::new();
            G::legal_ids(state, actor, &mut fast);
            self.ensure(G::menu(state, actor).is_none() && fast.is_empty(), || {
                format!("{actor:?} is offered choices while not pending")
            })?;
        }
        Ok(())
    }

    /// Ids not offered to an actor are refused and change nothing.
    fn check_refusals(
        &mut self,
        state: &G::State,
        pending: &[Pending],
        seats: usize,
        rng: &mut impl Rng,
    ) -> Result<(), Failure> {
        let mut events = Vec::new();
        for actor in actors(seats) {
            let mut offered = Vec::new();
            G::legal_ids(state, actor, &mut offered);
            let mut probes: Vec<ChoiceId> = (0..64).map(ChoiceId).collect();
            probes.extend((0..4).map(|_| ChoiceId(rng.random_range(64..100_000))));
            probes.push(ChoiceId(u32::MAX));
            for other in pending {
                G::legal_ids(state, other.actor, &mut probes);
            }
            for id in probes {
                if offered.contains(&id) {
                    continue;
                }
                let mut copy = state.clone();
                let result = G::apply(&mut copy, actor, id, &mut events);
                self.ensure(result.is_err(), || {
                    format!("{actor:?} could apply unoffered {id:?}")
                })?;
                self.ensure(copy == *state, || {
                    format!("refused {id:?} changed the state")
                })?;
                self.report.choices_checked += 1;
            }
        }
        Ok(())
    }

    fn check_every_offered_choice(
        &mut self,
        state: &G::State,
        pending: &[Pending],
    ) -> Result<(), Failure> {
        let mut events = Vec::new();
        for p in pending {
            let mut ids = Vec::new();
            G::legal_ids(state, p.actor, &mut ids);
            for id in ids {
                let mut copy = state.clone();
                G::apply(&mut copy, p.actor, id, &mut events)
                    .map_err(|e| self.fail(format!("offered {id:?} refused: {e}")))?;
                self.report.choices_checked += 1;
            }
        }
        Ok(())
    }

    fn check_serde(&self, state: &G::State) -> Result<(), Failure> {
        let json = serde_json::to_string(state).map_err(|e| self.fail(e.to_string()))?;
        let back: G::State = serde_json::from_str(&json).map_err(|e| self.fail(e.to_string()))?;
        self.ensure(back == *state, || {
            "serde round trip changed the state".into()
        })
    }

    fn check_no_leaks(
        &self,
        state: &G::State,
        events: &[G::Event],
        seats: usize,
    ) -> Result<(), Failure> {
        let mut all_secrets = BTreeSet::new();
        for seat in 0..seats as Seat {
            let secrets = G::secrets(state, seat);
            let viewer = Viewer::Seat(seat);
            let view = serde_json::to_string(&G::view(state, viewer))
                .map_err(|e| self.fail(e.to_string()))?;
            self.ensure_clean(&view, &secrets, &format!("the view of seat {seat}"))?;
            for e in events.iter().filter(|e| G::audience(e).shown_to(viewer)) {
                let shown = serde_json::to_string(e).map_err(|e| self.fail(e.to_string()))?;
                self.ensure_clean(&shown, &secrets, &format!("an event shown to seat {seat}"))?;
            }
            all_secrets.extend(secrets);
        }
        let all: Vec<String> = all_secrets.into_iter().collect();
        let view = serde_json::to_string(&G::view(state, Viewer::Spectator))
            .map_err(|e| self.fail(e.to_string()))?;
        self.ensure_clean(&view, &all, "the spectator view")?;
        for e in events
            .iter()
            .filter(|e| G::audience(e).shown_to(Viewer::Spectator))
        {
            let shown = serde_json::to_string(e).map_err(|e| self.fail(e.to_string()))?;
            self.ensure_clean(&shown, &all, "a public event")?;
        }
        Ok(())
    }

    fn ensure_clean(&self, shown: &str, secrets: &[String], what: &str) -> Result<(), Failure> {
        for secret in secrets {
            let quoted = format!("\"{secret}\"");
            self.ensure(!shown.contains(&quoted), || {
                format!("{what} leaks {secret}: {shown}")
            })?;
        }
        Ok(())
    }

    fn check_texts(
        &self,
        state: &G::State,
        pending: &[Pending],
        seats: usize,
    ) -> Result<(), Failure> {
        let viewers = (0..seats as Seat)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator]);
        let names = |s: Seat| format!("P{s}");
        for viewer in viewers {
            let panel = G::panel(&G::view(state, viewer));
            for lang in Lang::ALL {
                panel
                    .localize_in(self.texts, lang, &names)
                    .map_err(|e| self.fail(e.to_string()))?;
            }
            if viewer == Viewer::Spectator {
                self.ensure(panel.sections.iter().all(|s| !s.private), || {
                    "the spectator panel has a private section".into()
                })?;
            }
        }
        for p in pending {
            let menu = G::menu(state, p.actor).expect("checked by check_menus");
            for lang in Lang::ALL {
                self.texts
                    .try_text(lang, &menu.prompt, &names)
                    .map_err(|e| self.fail(e.to_string()))?;
                for c in &menu.choices {
                    self.texts
                        .try_text(lang, &c.label, &names)
                        .map_err(|e| self.fail(e.to_string()))?;
                }
            }
        }
        if let Some(outcome) = G::outcome(state) {
            for lang in Lang::ALL {
                for line in &outcome.explanation {
                    self.texts
                        .try_text(lang, line, &names)
                        .map_err(|e| self.fail(e.to_string()))?;
                }
            }
        }
        Ok(())
    }

    fn check_event_texts(&self, events: &[G::Event]) -> Result<(), Failure> {
        for e in events {
            for lang in Lang::ALL {
                self.texts
                    .try_text(lang, &G::describe(e), &|s| format!("P{s}"))
                    .map_err(|e| self.fail(e.to_string()))?;
            }
        }
        Ok(())
    }
}

/// How many checked states had secrets, and in how many determinize varied them.
#[derive(Default)]
struct HiddenSeen {
    states: usize,
    varied: usize,
}

fn actors(seats: usize) -> impl Iterator<Item = Actor> {
    (0..seats as Seat).map(Actor::Seat).chain([Actor::System])
}
