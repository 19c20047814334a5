//! Every wait is bounded (issue 17 item 3): a seat that never answers reaches the end of
//! the game through its timeouts alone, and no choices of its own keep its clock from
//! running out.
//!
//! Time is counted in steps. Every pending actor's decision has a clock of `PERIOD` steps
//! (the game's own clock or the server's timeout, whichever the session uses), restarted
//! by [`crate::clocks::carries`]; other seats answer at once with random choices, a
//! `System` decision without a clock of its own is applied at once, and a clock that runs
//! out applies the actor's timeout choice. The checked seat either never answers, or
//! stalls: it makes choices of its own as fast as it likes, preferring those that keep it
//! deciding with a fresh clock. Either way the game must end.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{
    clocks::{carries, Step},
    contract::{Actor, Audience, ChoiceId, Game, Pending, Seat},
};

/// Steps a clock runs: a staller makes up to this many choices in one period.
const PERIOD: usize = 4;

/// How the checked seat behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conduct {
    /// Never answers: every decision of the seat ends by its clock.
    Silent,
    /// Answers as fast as it likes, keeping its own decision open when it can.
    Staller,
}

/// What one clocked game showed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocked {
    /// Expiries of the checked seat's clock.
    pub expiries: usize,
    pub steps: usize,
}

/// Plays one game with `seat` behaving as `conduct`; an error names what never ended.
pub fn play<G: Game>(
    options: &G::Options,
    seats: usize,
    seed: u64,
    seat: Seat,
    conduct: Conduct,
    max_steps: usize,
) -> Result<Clocked, String> {
    let mut state = G::new(options, seats, seed).map_err(|e| format!("setup failed: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xc10c_c10c);
    let checked = Actor::Seat(seat);
    // When each pending actor's clock (re)started.
    let mut started: Vec<(Actor, usize)> = Vec::new();
    let mut out = Clocked::default();
    let mut now = 0usize;
    let mut pending = Vec::new();
    loop {
        pending.clear();
        G::pending(&state, &mut pending);
        if pending.is_empty() {
            return match G::outcome(&state) {
                Some(_) => Ok(out),
                None => Err("nothing pending but no outcome".into()),
            };
        }
        if out.steps >= max_steps {
            return Err(format!(
                "seat {seat} ({conduct:?}) kept the game going for {max_steps} steps \
                 ({} expiries)",
                out.expiries
            ));
        }
        started.retain(|(a, _)| pending.iter().any(|p| p.actor == *a));
        for p in &pending {
            if !started.iter().any(|(a, _)| *a == p.actor) {
                started.push((p.actor, now));
            }
        }
        let (actor, choice, timeout) =
            match next_move::<G>(&state, &pending, &started, now, checked, conduct, &mut rng) {
                Next::Move(actor, choice, timeout) => (actor, choice, timeout),
                Next::Wait(until) => {
                    now = until;
                    continue;
                }
                Next::Stuck(actor) => {
                    return Err(format!("{actor:?} waits with no timeout choice"));
                }
            };
        let was_timeout = timeout || G::timeout_choice(&state, actor) == Some(choice);
        let mut events = Vec::new();
        G::apply(&mut state, actor, choice, &mut events)
            .map_err(|e| format!("{actor:?}'s {choice:?} refused: {e}"))?;
        if timeout && actor == checked {
            out.expiries += 1;
        }
        let step = Step {
            mover: actor,
            timeout_choice: was_timeout,
            shown: events.iter().any(|e| G::audience(e) == Audience::Public),
        };
        now += 1;
        out.steps += 1;
        for (a, start) in started.iter_mut() {
            if !carries(*a, step) {
                *start = now;
            }
        }
    }
}

fn start_of(started: &[(Actor, usize)], actor: Actor) -> usize {
    started
        .iter()
        .find(|(a, _)| *a == actor)
        .map_or(0, |&(_, t)| t)
}

enum Next {
    /// An actor, its choice, and whether a clock ran out.
    Move(Actor, ChoiceId, bool),
    /// Nobody acts before this step: the earliest clock runs out then.
    Wait(usize),
    Stuck(Actor),
}

fn next_move<G: Game>(
    state: &G::State,
    pending: &[Pending],
    started: &[(Actor, usize)],
    now: usize,
    checked: Actor,
    conduct: Conduct,
    rng: &mut ChaCha8Rng,
) -> Next {
    // As the session: while a game's own clock runs, actors without one wait for it; else
    // every pending actor has the server's clock. A System decision without a clock of
    // its own is applied at once.
    let own: Vec<Actor> = pending
        .iter()
        .filter(|p| G::deadline_secs(state, **p).is_some())
        .map(|p| p.actor)
        .collect();
    let clocked: Vec<Actor> = match own.is_empty() {
        true => pending.iter().map(|p| p.actor).collect(),
        false => own,
    };
    for p in pending {
        let due = start_of(started, p.actor) + PERIOD;
        let at_once = p.actor == Actor::System && G::deadline_secs(state, *p).is_none();
        if (now >= due && clocked.contains(&p.actor)) || at_once {
            return match G::timeout_choice(state, p.actor) {
                Some(c) => Next::Move(p.actor, c, true),
                None => Next::Stuck(p.actor),
            };
        }
    }
    let movers: Vec<Actor> = pending
        .iter()
        .map(|p| p.actor)
        .filter(|&a| a != Actor::System && (a != checked || conduct == Conduct::Staller))
        .collect();
    if movers.is_empty() {
        let due = clocked
            .iter()
            .map(|&a| start_of(started, a) + PERIOD)
            .min()
            .expect("something is pending");
        return Next::Wait(due);
    }
    let actor = movers[rng.random_range(0..movers.len())];
    let mut ids = Vec::new();
    G::legal_ids(state, actor, &mut ids);
    if ids.is_empty() {
        return Next::Stuck(actor);
    }
    let choice = if actor == checked {
        stalling_choice::<G>(state, actor, &ids, rng)
    } else {
        ids[rng.random_range(0..ids.len())]
    };
    Next::Move(actor, choice, false)
}

/// What one choice of `actor` does to its own clock, if `actor` still decides after it.
fn outcome<G: Game>(state: &G::State, actor: Actor, id: ChoiceId) -> Option<(G::State, bool)> {
    let mut copy = state.clone();
    let mut events = Vec::new();
    let timeout = G::timeout_choice(state, actor) == Some(id);
    G::apply(&mut copy, actor, id, &mut events).ok()?;
    let mut after = Vec::new();
    G::pending(&copy, &mut after);
    if !after.iter().any(|p| p.actor == actor) {
        return None;
    }
    let step = Step {
        mover: actor,
        timeout_choice: timeout,
        shown: events.iter().any(|e| G::audience(e) == Audience::Public),
    };
    let fresh = !carries(actor, step);
    Some((copy, fresh))
}

/// The worst a player can do to its clock: a choice that leaves it deciding on a fresh
/// clock, else the first of two that do, else one that leaves it deciding at all, else any.
fn stalling_choice<G: Game>(
    state: &G::State,
    actor: Actor,
    ids: &[ChoiceId],
    rng: &mut ChaCha8Rng,
) -> ChoiceId {
    let mut fresh = Vec::new();
    let mut towards_fresh = Vec::new();
    let mut open = Vec::new();
    let mut next = Vec::new();
    for &id in ids {
        let Some((copy, restarted)) = outcome::<G>(state, actor, id) else {
            continue;
        };
        if restarted {
            fresh.push(id);
            continue;
        }
        open.push(id);
        if fresh.is_empty() {
            next.clear();
            G::legal_ids(&copy, actor, &mut next);
            if next
                .iter()
                .any(|&n| outcome::<G>(&copy, actor, n).is_some_and(|(_, r)| r))
            {
                towards_fresh.push(id);
            }
        }
    }
    let list = [fresh, towards_fresh, open]
        .into_iter()
        .find(|l| !l.is_empty())
        .unwrap_or_else(|| ids.to_vec());
    list[rng.random_range(0..list.len())]
}
