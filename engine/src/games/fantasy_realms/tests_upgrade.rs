//! The count of takes from the discard area (issue 15): a game stored before the state kept
//! it still resumes, and once the count is high the AI only draws, so that two searching
//! seats cannot keep the end away for ever.

use rand::{rngs::SmallRng, Rng, SeedableRng};

use super::{
    rules::{ids, FrState, Step},
    FantasyRealms, AI_TAKES,
};
use crate::{
    ai::{choose, SearchConfig},
    registry, Actor, ChoiceId, Game, OptionValues,
};

/// A two-player game played at random until a turn after the draft has taken a card from
/// the discard area: its moves and state, as the bot would store them.
fn a_game_with_a_take(seed: u64) -> Option<(Vec<ChoiceId>, FrState)> {
    let mut state = FantasyRealms::new(&Default::default(), 2, seed).ok()?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut moves, mut events, mut legal) = (Vec::new(), Vec::new(), Vec::new());
    while let Some(seat) = state.turn() {
        if state.takes > 0 && state.step == Step::Take {
            return Some((moves, state));
        }
        legal.clear();
        FantasyRealms::legal_ids(&state, Actor::Seat(seat), &mut legal);
        let choice = legal[rng.random_range(0..legal.len())];
        FantasyRealms::apply(&mut state, Actor::Seat(seat), choice, &mut events).ok()?;
        moves.push(choice);
    }
    None
}

/// The snapshot as a deploy before `takes` wrote it: the same JSON without the key.
fn old_snapshot(state: &FrState) -> String {
    let mut json = serde_json::to_value(state).unwrap();
    json.as_object_mut().unwrap().remove("takes");
    json.to_string()
}

#[test]
fn a_snapshot_without_takes_resumes_and_one_that_differs_elsewhere_does_not() {
    let mut checked = 0;
    for seed in 0..20 {
        let Some((moves, real)) = a_game_with_a_take(seed) else {
            continue;
        };
        let stored = old_snapshot(&real);
        assert_eq!(serde_json::from_str::<FrState>(&stored).unwrap().takes, 0);
        let kind = registry::find(FantasyRealms::ID).unwrap();
        let mut game = kind.new_game(&OptionValues::new(), 2, seed).unwrap();
        for &choice in &moves {
            let actor = game.pending()[0].actor;
            game.apply(actor, choice).unwrap();
        }
        assert_ne!(game.to_json(), stored, "the replay writes the takes");
        assert!(game.resumes_from(&stored), "seed {seed}: no frozen game");
        let resumed: FrState = serde_json::from_str(&game.to_json()).unwrap();
        assert_eq!(resumed, real, "the replay restores every field");

        let mut other = real.clone();
        other.start = 1 - other.start;
        assert!(!game.resumes_from(&old_snapshot(&other)));
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} games took after the draft");
}

/// Before the count is reached the search may take from the area; at it, only the deck.
#[test]
fn after_many_takes_the_search_only_draws() {
    let cfg = SearchConfig::iterations::<FantasyRealms>(300);
    let mut took = 0;
    for seed in 0..20 {
        let Some((_, mut state)) = a_game_with_a_take(seed) else {
            continue;
        };
        let seat = state.turn().unwrap();
        let deck = ChoiceId(ids::DECK);
        let area = ChoiceId(state.discard[0].card.0 as u32);
        assert!(!FantasyRealms::stalls(&state, Actor::Seat(seat), area));
        if choose::<FantasyRealms>(&state, seat, &cfg, seed) != Some(deck) {
            took += 1;
        }
        state.takes = AI_TAKES;
        assert!(FantasyRealms::stalls(&state, Actor::Seat(seat), area));
        assert!(!FantasyRealms::stalls(&state, Actor::Seat(seat), deck));
        assert_eq!(
            choose::<FantasyRealms>(&state, seat, &cfg, seed),
            Some(deck)
        );
    }
    assert!(
        took > 0,
        "the search never took from the area before the count"
    );
}
