//! The application layer between the front ends (Discord, Matrix) and the service: what a
//! front end asks for, answered as views built for one reader. A front end parses its
//! input, calls this layer and renders what comes back; it never holds a game's state, so
//! keeping hands secret does not depend on each renderer's manners.
//!
//! So far: the table and hand views, who a game waits for, and a typed move. The rest of
//! the front ends' operations still call the service directly (see ARCHITECTURE.md).

mod turns;
mod typed_move;
mod views;

pub use turns::{on_clock, waiting};
pub use typed_move::{typed_move, Numbers, TypedRefusal};
pub use views::{hand, table, table_picture, Picture, View};
