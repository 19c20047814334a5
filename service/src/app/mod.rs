//! The application layer between the front ends (Discord, Matrix) and the service. A front
//! end parses its input into a [`Request`], says who asks and where ([`Origin`]), calls
//! [`execute`] and renders what comes back: an [`Answer`] for the asker and a [`Plan`] of
//! what the others see, or a [`Refusal`] worded once for every front end. The views it
//! renders are built for one reader, so keeping hands secret does not depend on each
//! renderer's manners.

mod carry_out;
mod execute;
mod notes;
mod origin;
mod outcome;
mod publishing;
mod refusal;
mod request;
mod screen;
mod settings;
mod turns;
mod typed_move;
mod views;

pub use carry_out::{carry_out, Carried, Publisher};
pub use execute::execute;
pub use notes::{fired_notes, hand_over_note, web_link_note};
pub use origin::Origin;
pub use outcome::{Answer, Outcome, Plan};
pub use publishing::publishing;
pub use refusal::{Error, Refusal};
pub use request::{Kind, Request, Target};
pub use screen::{dealt, public_panel, seat_view, Dealt, SeatView};
pub use settings::{timeout_action_text, ClockChange, ListChange, MyChange, ServerChange};
pub use turns::{on_clock, waiting};
pub use typed_move::{typed_move, Numbers, TypedRefusal};
pub use views::{
    hand, log_lines, scenes, table, table_picture, update_spectators, Picture, Scenes, View,
};
