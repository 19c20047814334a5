//! Reviews being prepared for the web. A review is a long search: the page does not wait
//! for it. The first request starts the application layer's review job (which waits its
//! turn for one of the service's review slots, as the chat commands' do) and is answered
//! at once with a page saying it is being prepared; that page asks again until the review
//! is ready. A game's review of a seat is the same for every reader (the game has ended,
//! the search is seeded), so one job serves them all.

use std::{
    collections::{HashMap, VecDeque},
    sync::{Arc, Mutex},
};

use vliv_engine::{ai::Review, Seat};
use vliv_service::service::{GameId, GameRecord, ReviewJob};

/// How many finished reviews are kept for the pages asking again (the oldest go first).
const KEPT: usize = 64;

/// Where a review stands.
#[derive(Clone)]
pub enum Prepared {
    /// Not asked yet: the caller should start it.
    Unknown,
    /// Running, or waiting for a review slot (`queued`).
    Preparing {
        queued: bool,
    },
    Ready(Arc<(GameRecord, Review)>),
    /// It failed; asking again starts it anew.
    Failed,
}

#[derive(Default)]
pub struct Reviews {
    jobs: Arc<Mutex<Jobs>>,
}

#[derive(Default)]
struct Jobs {
    by_key: HashMap<(GameId, Seat), Prepared>,
    /// Keys in the order they were started, to forget the oldest.
    order: VecDeque<(GameId, Seat)>,
}

impl Reviews {
    /// Where the review of `seat` in `game` stands; a failed one is forgotten once told.
    pub fn state(&self, game: GameId, seat: Seat) -> Prepared {
        let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        let state = jobs
            .by_key
            .get(&(game, seat))
            .cloned()
            .unwrap_or(Prepared::Unknown);
        if matches!(state, Prepared::Failed) {
            jobs.by_key.remove(&(game, seat));
        }
        state
    }

    /// Runs `job` in the background (unless the same review is already under way).
    pub fn start(&self, job: ReviewJob) {
        let key = (job.game.id, job.seat);
        {
            let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
            if jobs.by_key.contains_key(&key) {
                return;
            }
            jobs.by_key
                .insert(key, Prepared::Preparing { queued: job.queued });
            jobs.order.push_back(key);
            while jobs.order.len() > KEPT {
                let Some(old) = jobs.order.pop_front() else {
                    break;
                };
                jobs.by_key.remove(&old);
            }
        }
        let all = self.jobs.clone();
        tokio::spawn(async move {
            let game = job.game.clone();
            let done = match job.finish().await {
                Ok(review) => Prepared::Ready(Arc::new((game, review))),
                Err(e) => {
                    tracing::warn!(game = key.0, error = %e, "a web review failed");
                    Prepared::Failed
                }
            };
            let mut jobs = all.lock().unwrap_or_else(|e| e.into_inner());
            // Kept only if not forgotten meanwhile (too many others started since).
            if let Some(state) = jobs.by_key.get_mut(&key) {
                *state = done;
            }
        });
    }
}
