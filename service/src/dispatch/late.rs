//! Tables the database kept from being brought up to date (a change was stored, then a
//! read for its table or ping failed): remembered here, and the sweep hands them to their
//! front end again once the database answers, so no table stays behind its game (the last
//! one, with the result, included). Kept in memory, per process, also in a fleet: it is
//! work this process owes (the database failed it, so it could not be stored either); if
//! the process dies, its restart re-renders its running tables and those of games that ended
//! shortly before, and any game's next move, in whichever process, re-renders that game's
//! table.

use std::{
    collections::HashSet,
    sync::{LazyLock, Mutex},
};

use super::Error;
use crate::{
    service::{GameId, ServiceError},
    store::StoreError,
};

static LATE: LazyLock<Mutex<HashSet<GameId>>> = LazyLock::new(Default::default);

fn late() -> std::sync::MutexGuard<'static, HashSet<GameId>> {
    LATE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Whether a publishing failure was the database's rather than the chat platform's.
pub fn is_database(e: &Error) -> bool {
    e.downcast_ref::<ServiceError>()
        .is_some_and(|e| e.is_transient())
        || e.downcast_ref::<StoreError>().is_some()
}

/// Publishing `game` failed with `e`: if the database was the cause, try again later.
pub fn note_failure(game: GameId, e: &Error) {
    if is_database(e) {
        late().insert(game);
    }
}

/// Whether some table waits to be published again (the sweep then looks soon).
pub fn pending() -> bool {
    !late().is_empty()
}

/// The games whose tables wait to be published again.
pub fn games() -> Vec<GameId> {
    late().iter().copied().collect()
}

/// The game's table was published, or cannot be: it no longer waits.
pub fn done(game: GameId) {
    late().remove(&game);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_table_the_database_kept_behind_is_tried_again() {
        let database: Error = Box::new(ServiceError::Storage(StoreError::Unconfirmed));
        let platform: Error = "Missing Permissions".into();
        note_failure(-7, &platform);
        assert!(
            !games().contains(&-7),
            "the platform's refusal is not retried"
        );
        note_failure(-7, &database);
        assert!(games().contains(&-7) && pending());
        done(-7);
        assert!(!games().contains(&-7));
    }
}
