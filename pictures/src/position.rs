//! A position for a picture: a new game and K random legal moves, all from one seed, so
//! the console, the golden tests and the bench draw the same table.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_engine::{registry, GameState, OptionValues, SetupError};

/// `game` with `seats` players (its default options) after `moves` random legal moves,
/// or fewer if it ends first.
pub fn position(
    game: &str,
    seats: usize,
    seed: u64,
    moves: usize,
) -> Result<Box<dyn GameState>, SetupError> {
    let kind = registry::find(game).ok_or_else(|| SetupError::UnknownGame(game.to_owned()))?;
    let mut state = kind.new_game(&OptionValues::new(), seats, seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..moves {
        let pending = state.pending();
        if pending.is_empty() {
            break;
        }
        let actor = pending[rng.random_range(0..pending.len())].actor;
        let Some(choice) = registry::random_choice(state.as_ref(), actor, &mut rng) else {
            break;
        };
        state
            .apply(actor, choice)
            .expect("a legal id from legal_ids applies");
    }
    Ok(state)
}
