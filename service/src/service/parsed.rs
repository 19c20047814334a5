//! Live game states kept parsed. A move reads its game's state four times or more (the
//! move itself, the mover's panel, the next player's panel, the table), and each read
//! parsed the stored JSON again: 3 % of the bot's CPU in the Claim loopback bench, and a
//! Fantasy Realms state took 335 µs to parse (issue 22; `perf`). A state is kept with the
//! fingerprint of the snapshot it was parsed from (or serialised to), and handed out only
//! for that very snapshot, so a record read back from the database after another writer's
//! move parses its own snapshot.

use std::{
    collections::HashMap,
    hash::{BuildHasher, RandomState},
    sync::Mutex,
};

use vliv_engine::GameState;

use super::GameId;

/// Games kept at most; beyond it one is dropped for each new one (the bot has served 1,000
/// live games on a 2-core machine).
const KEPT: usize = 4_096;

/// The snapshot a state belongs to: its length and a keyed hash of its text.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Fingerprint(usize, u64);

/// Each game's kept state and the snapshot it belongs to.
type Kept = HashMap<GameId, (Fingerprint, Box<dyn GameState>)>;

pub(super) struct ParsedStates {
    hasher: RandomState,
    states: Mutex<Kept>,
}

impl Default for ParsedStates {
    fn default() -> Self {
        ParsedStates {
            hasher: RandomState::new(),
            states: Mutex::new(HashMap::new()),
        }
    }
}

impl ParsedStates {
    fn fingerprint(&self, snapshot: &str) -> Fingerprint {
        Fingerprint(snapshot.len(), self.hasher.hash_one(snapshot))
    }

    fn states(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.states.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A copy of the state kept for game `id` if it was kept for this `snapshot`.
    pub fn get(&self, id: GameId, snapshot: &str) -> Option<Box<dyn GameState>> {
        let wanted = self.fingerprint(snapshot);
        let states = self.states();
        let (kept, state) = states.get(&id)?;
        (*kept == wanted).then(|| state.clone_box())
    }

    /// Keeps `state` as game `id`'s, parsed from or serialised to `snapshot`.
    pub fn put(&self, id: GameId, snapshot: &str, state: Box<dyn GameState>) {
        let fingerprint = self.fingerprint(snapshot);
        let mut states = self.states();
        if states.len() >= KEPT && !states.contains_key(&id) {
            if let Some(&other) = states.keys().next() {
                states.remove(&other);
            }
        }
        states.insert(id, (fingerprint, state));
    }
}

#[cfg(test)]
mod tests {
    use vliv_engine::registry::find;

    use super::*;

    fn claim(seed: u64) -> Box<dyn GameState> {
        let kind = find("claim").expect("claim is registered");
        kind.new_game(&Default::default(), 2, seed)
            .expect("a two-seat Claim game")
    }

    #[test]
    fn a_state_is_handed_out_only_for_the_snapshot_it_was_kept_for() {
        let kept = ParsedStates::default();
        let state = claim(1);
        let snapshot = state.to_json();
        kept.put(7, &snapshot, state.clone_box());
        let got = kept.get(7, &snapshot).expect("kept for this snapshot");
        assert_eq!(got.to_json(), snapshot);
        // Another game's id, or the same game at another snapshot: parse again.
        assert!(kept.get(8, &snapshot).is_none());
        let other = claim(2).to_json();
        assert_ne!(other, snapshot);
        assert!(kept.get(7, &other).is_none());
    }

    #[test]
    fn the_newest_state_of_a_game_replaces_the_last() {
        let kept = ParsedStates::default();
        let (first, second) = (claim(1), claim(2));
        kept.put(7, &first.to_json(), first.clone_box());
        kept.put(7, &second.to_json(), second.clone_box());
        assert!(kept.get(7, &first.to_json()).is_none());
        assert_eq!(
            kept.get(7, &second.to_json()).map(|s| s.to_json()),
            Some(second.to_json())
        );
    }

    #[test]
    fn no_more_than_the_cap_are_kept() {
        let kept = ParsedStates::default();
        let state = claim(1);
        let snapshot = state.to_json();
        for id in 0..(KEPT as GameId + 10) {
            kept.put(id, &snapshot, state.clone_box());
        }
        assert_eq!(kept.states().len(), KEPT);
        // The newest one is always there.
        assert!(kept.get(KEPT as GameId + 9, &snapshot).is_some());
    }
}
