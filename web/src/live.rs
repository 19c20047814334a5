//! The event stream an open page listens to: a `changed` event whenever its game changes,
//! whoever changed it (the service announces every commit), and the page fetches its new
//! view. The stream carries no game data at all, so it cannot leak any.

use std::{convert::Infallible, sync::Arc};

use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use tokio::sync::broadcast::error::RecvError;
use vliv_service::service::GameId;

use crate::{streams::Permit, Web};

/// The stream of `game`'s changes, open as long as `permit` is held (the page is open).
pub fn changes(
    web: &Arc<Web>,
    game: GameId,
    permit: Permit,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let receiver = web.service.changes();
    let stream = futures::stream::unfold(
        (receiver, permit),
        move |(mut receiver, permit)| async move {
            loop {
                match receiver.recv().await {
                    Ok(changed) if changed == game => break,
                    Ok(_) => continue,
                    // Announcements were missed: this game may be among them.
                    Err(RecvError::Lagged(_)) => break,
                    Err(RecvError::Closed) => return None,
                }
            }
            // An event with no data is not dispatched by browsers: it says its name again.
            Some((
                Ok(Event::default().event("changed").data("changed")),
                (receiver, permit),
            ))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::default())
}
