//! `!vliv status` posts the table again with a fresh picture, the most expensive answer a
//! command gets. Asked again in the same room within a few seconds, it is answered that the
//! table is just above, without posting or uploading anything: a burst of statuses costs
//! one picture.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};
use vliv_service::service::ChannelId;

/// How long after a room's status another one is answered without a new table.
pub const WINDOW: Duration = Duration::from_secs(10);

/// Rooms whose table was posted again lately, above this many the old ones are forgotten.
const MAX_ROOMS: usize = 10_000;

pub struct Recent {
    window: Duration,
    posted: Mutex<HashMap<ChannelId, Instant>>,
}

impl Recent {
    pub fn new(window: Duration) -> Recent {
        Recent {
            window,
            posted: Mutex::default(),
        }
    }

    /// Whether `room`'s table was posted again within the window.
    pub fn recent(&self, room: ChannelId) -> bool {
        let posted = self.posted.lock().unwrap_or_else(|e| e.into_inner());
        posted
            .get(&room)
            .is_some_and(|at| at.elapsed() < self.window)
    }

    /// `room`'s table was posted again now.
    pub fn posted(&self, room: ChannelId) {
        let mut posted = self.posted.lock().unwrap_or_else(|e| e.into_inner());
        if posted.len() >= MAX_ROOMS {
            posted.retain(|_, at| at.elapsed() < self.window);
        }
        posted.insert(room, Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_is_recent_for_the_window_only_and_alone() {
        let recent = Recent::new(Duration::from_millis(50));
        assert!(!recent.recent(ChannelId(1)));
        recent.posted(ChannelId(1));
        assert!(recent.recent(ChannelId(1)));
        assert!(
            !recent.recent(ChannelId(2)),
            "another room posts its own table"
        );
        std::thread::sleep(Duration::from_millis(60));
        assert!(!recent.recent(ChannelId(1)));
    }
}
