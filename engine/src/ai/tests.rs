//! The search's own properties on Claim (the cheapest game): reproducible, bounded by its
//! budgets, and silent where the seat has nothing to decide.

use std::{
    sync::{atomic::AtomicBool, Arc},
    time::{Duration, Instant},
};

use super::*;
use crate::{games::claim::Claim, Actor};

fn claim(seed: u64) -> <Claim as Game>::State {
    Claim::new(&Default::default(), 2, seed).unwrap()
}

fn to_move(state: &<Claim as Game>::State) -> Seat {
    let mut pending = Vec::new();
    Claim::pending(state, &mut pending);
    match pending[0].actor {
        Actor::Seat(s) => s,
        Actor::System => unreachable!("Claim has no clocks"),
    }
}

#[test]
fn the_same_seed_and_budget_give_the_same_choice() {
    for seed in 0..5 {
        let state = claim(seed);
        let seat = to_move(&state);
        let cfg = SearchConfig::iterations::<Claim>(500);
        let first = choose::<Claim>(&state, seat, &cfg, 42);
        assert!(first.is_some());
        assert_eq!(first, choose::<Claim>(&state, seat, &cfg, 42));
    }
}

#[test]
fn a_seat_that_is_not_to_move_gets_no_choice() {
    let state = claim(3);
    let idle = 1 - to_move(&state);
    for strategy in [
        Strategy::Random,
        Strategy::Greedy,
        Strategy::Search(SearchConfig::iterations::<Claim>(50)),
    ] {
        assert_eq!(choose_by::<Claim>(&state, idle, &strategy, 1), None);
    }
}

#[test]
fn every_strategy_chooses_a_legal_card() {
    let state = claim(8);
    let seat = to_move(&state);
    let mut legal = Vec::new();
    Claim::legal_ids(&state, Actor::Seat(seat), &mut legal);
    for strategy in [
        Strategy::Random,
        Strategy::Greedy,
        Strategy::Search(SearchConfig::level::<Claim>(Level::Easy)),
    ] {
        let choice = choose_by::<Claim>(&state, seat, &strategy, 5).unwrap();
        assert!(legal.contains(&choice), "{strategy:?} chose {choice:?}");
    }
}

#[test]
fn a_time_limit_cuts_a_long_search_short() {
    let state = claim(1);
    let seat = to_move(&state);
    let cfg = SearchConfig {
        time_limit: Some(Duration::from_millis(30)),
        ..SearchConfig::iterations::<Claim>(u32::MAX)
    };
    let started = Instant::now();
    assert!(choose::<Claim>(&state, seat, &cfg, 1).is_some());
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn a_stopped_search_returns_at_once_with_a_choice() {
    let state = claim(2);
    let seat = to_move(&state);
    let cfg = SearchConfig {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..SearchConfig::iterations::<Claim>(u32::MAX)
    };
    assert!(choose::<Claim>(&state, seat, &cfg, 1).is_some());
}

#[test]
fn levels_parse_from_their_keys_and_grow_in_budget() {
    for level in Level::ALL {
        assert_eq!(level.key().parse::<Level>(), Ok(level));
    }
    assert!("expert".parse::<Level>().is_err());
    let its = Claim::AI_TUNING.iterations;
    assert!(its[0] < its[1] && its[1] < its[2]);
    assert!(Level::Easy.time_limit() < Level::Hard.time_limit());
    assert!(Level::Normal.time_limit() <= Duration::from_millis(250));
    assert!(Level::Hard.time_limit() <= Duration::from_secs(1));
}

#[test]
fn a_level_is_a_search_unless_the_game_makes_easy_greedy() {
    use crate::games::fantasy_realms::FantasyRealms;
    for level in Level::ALL {
        let Strategy::Search(cfg) = Strategy::level::<Claim>(level) else {
            panic!("Claim's {level} is a search");
        };
        assert_eq!(cfg.iterations, Claim::AI_TUNING.iterations[level as usize]);
        assert!(cfg.time_limit.is_some());
    }
    assert!(matches!(
        Strategy::level::<FantasyRealms>(Level::Easy),
        Strategy::Greedy
    ));
    let Strategy::Search(cfg) = Strategy::level::<FantasyRealms>(Level::Normal).untimed() else {
        panic!("Fantasy Realms' normal is a search");
    };
    assert_eq!(cfg.time_limit, None);
    let stop = Arc::new(AtomicBool::new(false));
    assert!(matches!(
        Strategy::Greedy.stopped_by(stop.clone()),
        Strategy::Greedy
    ));
    let Strategy::Search(cfg) = Strategy::level::<Claim>(Level::Hard).stopped_by(stop) else {
        panic!("a search stays a search");
    };
    assert!(cfg.stop.is_some());
}

#[test]
fn move_seeds_differ_by_move_and_seat_and_repeat() {
    let a = move_seed(7, 10, 0);
    assert_eq!(a, move_seed(7, 10, 0));
    assert_ne!(a, move_seed(7, 11, 0));
    assert_ne!(a, move_seed(7, 10, 1));
    assert_ne!(a, move_seed(8, 10, 0));
}

/// The flat search on Claim: the same properties as the tree's.
fn flat(iterations: u32) -> SearchConfig {
    SearchConfig {
        kind: SearchKind::Flat,
        ..SearchConfig::iterations::<Claim>(iterations)
    }
}

#[test]
fn the_flat_search_is_reproducible_legal_and_silent_when_idle() {
    for seed in 0..5 {
        let state = claim(seed);
        let seat = to_move(&state);
        let first = choose::<Claim>(&state, seat, &flat(300), 42);
        assert_eq!(first, choose::<Claim>(&state, seat, &flat(300), 42));
        let mut legal = Vec::new();
        Claim::legal_ids(&state, Actor::Seat(seat), &mut legal);
        assert!(legal.contains(&first.expect("a seat to move chooses")));
        assert_eq!(choose::<Claim>(&state, 1 - seat, &flat(300), 42), None);
    }
}

#[test]
fn a_stopped_flat_search_returns_at_once_with_a_choice() {
    let state = claim(2);
    let seat = to_move(&state);
    let stop = Arc::new(AtomicBool::new(false));
    let cfg = SearchConfig {
        stop: Some(stop.clone()),
        ..flat(u32::MAX)
    };
    let started = Instant::now();
    let choice = std::thread::scope(|scope| {
        let search = scope.spawn(|| choose::<Claim>(&state, seat, &cfg, 1));
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        search.join().unwrap()
    });
    assert!(choice.is_some());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "an endless search stopped by its flag took {:?}",
        started.elapsed()
    );
}
