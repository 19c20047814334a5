//! Tables the database kept behind: the list is the dispatcher's (one for every front
//! end), which hands them back to [`super::dispatched`] once the database answers.

pub use vliv_service::dispatch::late::{is_database, note_failure};
