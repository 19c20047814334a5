//! The suite's checks of [`Game::determinize`] (the AI's only way to see a state): the
//! observer's view is unchanged, the result is a legal state that plays to an end, the same
//! rng gives the same state, and it depends only on what the observer knows — a
//! determinization of a determinization equals the determinization of the real state.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::{
    contract::{Game, Pending, Seat, Viewer},
    random_player,
};

/// What went wrong, or `Ok(varied)`: whether the hidden part came out differently across a
/// few rng seeds (a state whose hidden part is fully known cannot vary).
pub(super) fn check_state<G: Game>(
    state: &G::State,
    observer: Seat,
    salt: u64,
    max_steps: usize,
) -> Result<bool, String> {
    let det = |s: &G::State, k: u64| {
        let mut rng = ChaCha8Rng::seed_from_u64(salt.wrapping_mul(0x9e37_79b9).wrapping_add(k));
        G::determinize(s, observer, &mut rng)
    };
    let view = |s: &G::State| serde_json::to_value(G::view(s, Viewer::Seat(observer)));
    let first = det(state, 1);
    if view(&first).map_err(|e| e.to_string())? != view(state).map_err(|e| e.to_string())? {
        return Err(format!("determinize changed seat {observer}'s view"));
    }
    if det(state, 1) != first {
        return Err("determinize with the same rng gave two states".into());
    }
    let (mut p0, mut p1) = (Vec::<Pending>::new(), Vec::<Pending>::new());
    G::pending(state, &mut p0);
    G::pending(&first, &mut p1);
    if p0 != p1 {
        return Err(format!(
            "determinize changed what is pending: {p0:?} → {p1:?}"
        ));
    }
    let (mut ids0, mut ids1) = (Vec::new(), Vec::new());
    for p in p0
        .iter()
        .filter(|p| p.actor == crate::Actor::Seat(observer))
    {
        G::legal_ids(state, p.actor, &mut ids0);
        G::legal_ids(&first, p.actor, &mut ids1);
    }
    if ids0 != ids1 {
        return Err(format!("determinize changed seat {observer}'s choices"));
    }
    // The result may depend only on what the observer knows.
    for k in 2..4 {
        if det(&first, k) != det(state, k) {
            return Err(format!(
                "determinize for seat {observer} depends on hidden cards: a determinization \
                 of a determinization differs from that of the real state"
            ));
        }
    }
    let json = serde_json::to_string(&first).map_err(|e| e.to_string())?;
    let back: G::State = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    if back != first {
        return Err("a determinized state does not round-trip through serde".into());
    }
    let mut played = first.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(salt);
    random_player::playout::<G>(&mut played, &mut rng, max_steps, &mut Default::default());
    let mut left = Vec::new();
    G::pending(&played, &mut left);
    if !left.is_empty() || G::outcome(&played).is_none() {
        return Err("random play from a determinized state does not reach an outcome".into());
    }
    Ok((4..8).any(|k| det(state, k) != first))
}
