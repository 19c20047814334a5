//! The store on both backends: migrations and test databases, version conflicts, one commit
//! per move, injected faults, the facts cached beside the games.

mod cached_facts;
mod display_names;
mod faults;
mod mixed_versions;
mod one_commit;
mod phantom_move;
mod test_databases;
mod version_conflict;
