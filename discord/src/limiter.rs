//! serenity's rate limiter keeps a bucket per route key for ever, and an interaction's
//! callback is keyed by the interaction's id (serenity 0.12 `Route::InteractionResponse`):
//! one new bucket a click, never removed. A bot answering ten clicks a second would hold
//! millions of them within a week, and each map growth rehashes them under the lock every
//! request takes. Here the idle buckets are forgotten now and then.

use std::{
    sync::Arc,
    time::{Duration, SystemTime},
};

use poise::serenity_prelude as serenity;

/// How often the idle buckets are swept.
const EVERY: Duration = Duration::from_secs(30);

/// Sweeps `http`'s rate limiter every [`EVERY`] while the process runs (nothing without a
/// limiter).
pub fn start(http: Arc<serenity::Http>) {
    if http.ratelimiter.is_none() {
        return;
    }
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Some(limiter) = &http.ratelimiter {
                let (kept, forgot) = sweep(limiter, SystemTime::now()).await;
                tracing::debug!(kept, forgot, "rate limiter swept");
            }
        }
    });
}

/// Forgets every bucket no request holds whose limit no longer binds (its reset passed or
/// was never said); it would be made again, empty, by the route's next request. Returns
/// the buckets kept and forgotten.
pub async fn sweep(limiter: &serenity::Ratelimiter, now: SystemTime) -> (usize, usize) {
    let routes = limiter.routes();
    let mut routes = routes.write().await;
    let before = routes.len();
    routes.retain(|_, bucket| {
        // The map's own reference is the only one: no request is using the bucket, and none
        // can take it while the map is locked.
        if Arc::strong_count(bucket) > 1 {
            return true;
        }
        match bucket.try_lock() {
            Ok(limit) => limit.reset().is_some_and(|reset| reset > now),
            Err(_) => true,
        }
    });
    if routes.capacity() > 4 * routes.len().max(64) {
        routes.shrink_to_fit();
    }
    (routes.len(), before - routes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn callback(id: u64) -> serenity::RatelimitingBucket {
        serenity::Route::InteractionResponse {
            interaction_id: serenity::InteractionId::new(id),
            token: "t",
        }
        .ratelimiting_bucket()
    }

    #[tokio::test]
    async fn idle_buckets_are_forgotten_and_one_in_use_is_kept() {
        let limiter = serenity::Ratelimiter::new(reqwest::Client::new(), "token");
        let routes = limiter.routes();
        let in_use = {
            let mut map = routes.write().await;
            for id in 1..=1_000 {
                map.entry(callback(id)).or_default();
            }
            Arc::clone(map.get(&callback(7)).expect("bucket 7"))
        };
        let (kept, forgot) = sweep(&limiter, SystemTime::now()).await;
        assert_eq!((kept, forgot), (1, 999));
        let map = routes.read().await;
        assert!(
            map.contains_key(&callback(7)),
            "the bucket a request holds stays"
        );
        assert!(!map.contains_key(&callback(8)));
        drop(map);
        drop(in_use);
        assert_eq!(sweep(&limiter, SystemTime::now()).await, (0, 1));
    }
}
