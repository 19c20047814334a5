//! One sweep per process for every front end it runs: it fires the due deadlines, takes
//! the held notices whose quiet hours ended, closes idle lobbies, notices ended vacations
//! and AI seats thinking long, and hands each to the [`FrontEnd`] of the game's platform.
//! Like the service, it knows no chat platform: each front end implements the trait in its
//! own folder and registers here once it can publish.
//!
//! A process claims only the games of the platforms registered so far: another platform's
//! deadlines and notices stay in the database, unclaimed, for a process that runs that
//! platform (a fleet may mix), and the claims in `store/deadlines.rs` still fire each once.

pub mod late;

use std::{
    collections::HashMap,
    panic::AssertUnwindSafe,
    sync::{Arc, Mutex},
    time::Duration,
};

use futures::{future::BoxFuture, FutureExt};
use tokio::sync::{broadcast::error::RecvError, Notify};

use crate::app::Plan;
use crate::logging::panic_text;
use crate::service::{
    DeadlineKind, DueGame, Fired, GameId, GameRecord, HeldNotice, Platform, Recovery, Service,
    ServiceError, ThinkingNotice,
};

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The longest sleep between sweeps (a deadline set meanwhile is seen by then).
const MAX_SLEEP: Duration = Duration::from_secs(30);
/// The shortest: a deadline due now is not fought over in a tight loop.
const MIN_SLEEP: Duration = Duration::from_millis(200);
/// The sleep while the database fails, or a late table waits.
const RETRY_SLEEP: Duration = Duration::from_secs(1);
/// How often ended games past a server's retention period are deleted.
const RETENTION_SWEEP: Duration = Duration::from_secs(60 * 60);

/// How a hand-over went, where the sweep may try again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    Done,
    /// A failure that may pass (the database, the network, the platform's 5xx or 429).
    Retry,
    /// A refusal that would only repeat (a room or channel gone, access removed).
    Dropped,
}

/// The one retry rule for a held notice: done, or a failure of the database (transient) or
/// of the platform (if it says it may pass) tried again later; anything else would only
/// repeat and is dropped.
fn delivery(front: &dyn FrontEnd, game: GameId, result: Result<(), Error>, what: &str) -> Delivery {
    let Err(e) = result else {
        return Delivery::Done;
    };
    let again = may_pass(&e, |e| front.may_pass(e));
    tracing::warn!(game, error = %e, again, "{what}");
    match again {
        true => Delivery::Retry,
        false => Delivery::Dropped,
    }
}

/// A refusal of the service's passes only if the database caused it; the platform judges
/// its own failures.
fn may_pass(e: &Error, platform: impl Fn(&Error) -> bool) -> bool {
    match e.downcast_ref::<ServiceError>() {
        Some(e) => e.is_transient(),
        None => late::is_database(e) || platform(e),
    }
}

/// A chat platform's side of the sweep: publishes what happened to its games. One game's
/// calls are awaited one after another, so a front end keeps each game's messages in
/// order; different games' deadlines are published side by side, each once it is done.
pub trait FrontEnd: Send + Sync {
    fn platform(&self) -> Platform;
    /// Once, on registration: this platform's games frozen at start (to be said) and
    /// running games (tables to re-render).
    fn recovered(&self, recovery: Recovery) -> BoxFuture<'_, ()>;
    /// A deadline fired: a reminder, a timeout, a game clock, automatic moves.
    fn fired(&self, fired: Fired) -> BoxFuture<'_, ()>;
    /// An idle lobby was closed.
    fn lobby_closed(&self, lobby: GameRecord) -> BoxFuture<'_, ()>;
    /// The turn notice held for the end of a player's quiet hours, now.
    fn held_notice(&self, game: GameRecord, notice: HeldNotice)
        -> BoxFuture<'_, Result<(), Error>>;
    /// A player's vacation ended: the table stops saying so.
    fn vacation_over(&self, game: GameRecord) -> BoxFuture<'_, ()>;
    /// A table the database kept behind, published as its game stands now.
    fn late_table(&self, game: GameRecord) -> BoxFuture<'_, Result<(), Error>>;
    /// Whether a failure of the platform's own may pass (its server's error, its rate
    /// limit, a lost connection) rather than repeat (a room or channel gone, access
    /// removed): the dispatcher's one retry rule asks it.
    fn may_pass(&self, e: &Error) -> bool;
    /// An AI seat has thought for over a second.
    fn thinking(&self, notice: ThinkingNotice) -> BoxFuture<'_, ()>;
    /// What another front end's request changed (a move made on the web table), carried
    /// out in this platform's place: its table, pings and hands follow.
    fn publish(&self, plan: Plan) -> BoxFuture<'_, Result<(), Error>>;
}

/// The sweep and the front ends registered with it.
pub struct Dispatcher {
    service: Arc<Service>,
    fronts: Mutex<Vec<Arc<dyn FrontEnd>>>,
    /// What start-up found, each platform's part handed to its front end on registration.
    recovery: Mutex<Recovery>,
    /// Front ends registered since the last round, with their part of the recovery: the
    /// sweep hands it over before their platform's first deadline is claimed.
    joined: Mutex<Vec<(Arc<dyn FrontEnd>, Recovery)>>,
    /// Ended vacations are looked for after this moment (a restart looks from its start).
    vacations_seen: Mutex<i64>,
    registered: Notify,
    /// Games being served now, each by a task of its own; `Some`: a later round claimed
    /// more of its work (these deadlines), which that task does next.
    serving: Mutex<HashMap<GameId, Option<Vec<DeadlineKind>>>>,
}

impl Dispatcher {
    pub fn new(service: Arc<Service>, recovery: Recovery) -> Arc<Dispatcher> {
        let now = service.now_ms();
        Arc::new(Dispatcher {
            service,
            fronts: Mutex::default(),
            recovery: Mutex::new(recovery),
            joined: Mutex::default(),
            vacations_seen: Mutex::new(now),
            registered: Notify::new(),
            serving: Mutex::default(),
        })
    }

    /// From now on this front end gets its platform's work (a second one of the same
    /// platform is refused: one sweep hands each game to one publisher).
    pub fn register(&self, front: Arc<dyn FrontEnd>) {
        let platform = front.platform();
        let mut joined = lock(&self.joined);
        let known = lock(&self.fronts)
            .iter()
            .chain(joined.iter().map(|(f, _)| f))
            .any(|f| f.platform() == platform);
        if known {
            tracing::warn!(%platform, "a second front end of one platform: ignored");
            return;
        }
        let mine = {
            let mut all = lock(&self.recovery);
            let (resumed, rest) = std::mem::take(&mut all.resumed)
                .into_iter()
                .partition(|rec| Platform::of(rec.channel) == platform);
            all.resumed = rest;
            let (frozen, rest) = std::mem::take(&mut all.frozen)
                .into_iter()
                .partition(|(rec, _)| Platform::of(rec.channel) == platform);
            all.frozen = rest;
            let (ended, rest) = std::mem::take(&mut all.ended)
                .into_iter()
                .partition(|rec| Platform::of(rec.channel) == platform);
            all.ended = rest;
            Recovery {
                resumed,
                frozen,
                ended,
                moved_lately: all.moved_lately.clone(),
                newer: all.newer.clone(),
            }
        };
        joined.push((front, mine));
        drop(joined);
        tracing::info!(%platform, "front end registered with the sweep");
        self.registered.notify_one();
    }

    /// `plan`, the result of a request made outside `platform` (on the web table), carried
    /// out by that platform's front end; a platform this process does not serve catches up
    /// with the game's next change there.
    pub async fn publish(&self, platform: Platform, plan: Plan) {
        let front = self.front(platform).or_else(|| {
            lock(&self.joined)
                .iter()
                .map(|(f, _)| f.clone())
                .find(|f| f.platform() == platform)
        });
        match front {
            Some(front) => {
                if let Err(e) = front.publish(plan).await {
                    tracing::warn!(%platform, error = %e, "a web change not published");
                }
            }
            None => tracing::debug!(%platform, "no front end of the platform here to publish"),
        }
    }

    /// The platforms this process serves now.
    pub fn platforms(&self) -> Vec<Platform> {
        lock(&self.fronts).iter().map(|f| f.platform()).collect()
    }

    fn front(&self, platform: Platform) -> Option<Arc<dyn FrontEnd>> {
        lock(&self.fronts)
            .iter()
            .find(|f| f.platform() == platform)
            .cloned()
    }

    /// The sweep, the thinking notices and the retention sweep, for as long as the
    /// process runs.
    pub fn spawn(self: &Arc<Self>) {
        let this = self.clone();
        tokio::spawn(async move {
            loop {
                // A panic the rounds did not catch ends this round only, not the sweep.
                let round = AssertUnwindSafe(this.round(Wait::No)).catch_unwind();
                if let Err(panic) = round.await {
                    tracing::error!(
                        panic = panic_text(panic.as_ref()),
                        "a round of the sweep panicked"
                    );
                }
                let sleep = this.sleep().await;
                tokio::select! {
                    _ = tokio::time::sleep(sleep.max(MIN_SLEEP)) => {}
                    _ = this.service.clock_set() => {}
                    _ = this.registered.notified() => {}
                }
            }
        });
        self.spawn_thinking_notices();
        let service = self.service.clone();
        tokio::spawn(async move {
            loop {
                if let Err(e) = service.sweep_retention().await {
                    tracing::warn!(error = %e, "retention sweep failed");
                }
                tokio::time::sleep(RETENTION_SWEEP).await;
            }
        });
    }

    /// One round: whatever is due now among the registered platforms' games goes to
    /// their front ends; it returns once each game it fired is published.
    pub async fn sweep(self: &Arc<Self>) {
        self.round(Wait::Yes).await
    }

    /// One round, which leaves each game it fires to a task of its own unless it waits:
    /// the next round need not wait for the slowest game's AI.
    async fn round(self: &Arc<Self>, wait: Wait) {
        let joined = std::mem::take(&mut *lock(&self.joined));
        for (front, recovery) in joined {
            guarded(None, "recovered games", front.recovered(recovery)).await;
            lock(&self.fronts).push(front);
        }
        let platforms = self.platforms();
        if platforms.is_empty() {
            return;
        }
        self.serve_due(&platforms, wait).await;
        self.deliver_held_notices(&platforms).await;
        self.refresh_after_vacations(&platforms).await;
        self.expire_idle_lobbies(&platforms).await;
        self.publish_late_tables().await;
    }

    /// Until the next round: the next deadline or held notice of a served game, soon while
    /// the database fails or a table waits.
    async fn sleep(&self) -> Duration {
        let platforms = self.platforms();
        if platforms.is_empty() {
            return MAX_SLEEP;
        }
        let now = self.service.now_ms();
        let until = |due: i64| Duration::from_millis((due - now).max(0) as u64);
        let mut sleep = match self.service.next_deadline_for(&platforms).await {
            Ok(Some(due)) => until(due).min(MAX_SLEEP),
            Ok(None) => MAX_SLEEP,
            Err(_) => RETRY_SLEEP,
        };
        if let Ok(Some(due)) = self.service.next_notice_for(&platforms).await {
            sleep = sleep.min(until(due));
        }
        if late::pending() {
            sleep = sleep.min(RETRY_SLEEP);
        }
        sleep
    }

    /// Each game with work due is fired and published by a task of its own, as soon as
    /// it is done: a game whose AI thinks long holds up neither the others' tables nor
    /// the next round. A game still being served when a round claims more of its work
    /// gets that work from the task serving it, after what it does now.
    async fn serve_due(self: &Arc<Self>, platforms: &[Platform], wait: Wait) {
        let due = match self.service.claim_due_for(platforms).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "deadlines not served");
                return;
            }
        };
        let mut tasks = Vec::new();
        for work in due {
            {
                let mut serving = lock(&self.serving);
                if let Some(more) = serving.get_mut(&work.game) {
                    more.get_or_insert_with(Vec::new).extend(work.kinds);
                    continue;
                }
                serving.insert(work.game, None);
            }
            let this = self.clone();
            tasks.push(tokio::spawn(async move { this.serve_game(work).await }));
        }
        if wait == Wait::Yes {
            futures::future::join_all(tasks).await;
        }
    }

    /// Fires one game's work and publishes it, then whatever a later round left for it.
    async fn serve_game(&self, mut work: DueGame) {
        loop {
            if let Some(fired) = self.service.fire_due_game(&work).await {
                self.publish_fired(fired).await;
            }
            let mut serving = lock(&self.serving);
            match serving.get_mut(&work.game).and_then(Option::take) {
                Some(kinds) => {
                    work.kinds.clear();
                    for kind in kinds {
                        if !work.kinds.contains(&kind) {
                            work.kinds.push(kind);
                        }
                    }
                }
                None => {
                    serving.remove(&work.game);
                    return;
                }
            }
        }
    }

    async fn publish_fired(&self, fired: Fired) {
        let game = fired.game().id;
        match self.front(Platform::of(fired.game().channel)) {
            Some(front) => {
                guarded(Some(game), "deadline", front.fired(fired)).await;
            }
            None => tracing::warn!(game, "fired without its front end"),
        }
    }

    /// Turn notices held while their players were quiet, now that their quiet hours
    /// ended (each taken from the store once, so a second process does not repeat it).
    async fn deliver_held_notices(&self, platforms: &[Platform]) {
        let due = match self.service.due_notices_for(platforms).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "held notices not read");
                return;
            }
        };
        for (rec, notice) in due {
            let Some(front) = self.front(Platform::of(rec.channel)) else {
                continue;
            };
            let game = rec.id;
            let delivered = guarded(Some(game), "held notice", front.held_notice(rec, notice));
            let again = match delivered.await {
                Some(delivered) => {
                    delivery(front.as_ref(), game, delivered, "held notice not delivered")
                        == Delivery::Retry
                }
                // A bug that would only repeat.
                None => false,
            };
            // Deleted once delivered (issue 50); one to try again waits out its claim.
            if !again {
                if let Err(e) = self.service.notice_delivered(&notice).await {
                    tracing::warn!(game, error = %e, "held notice left to run out");
                }
            }
        }
    }

    /// The tables of games whose players' vacations ran their course since the last look.
    async fn refresh_after_vacations(&self, platforms: &[Platform]) {
        let seen = *lock(&self.vacations_seen);
        let now = self.service.now_ms();
        match self.service.vacations_over(seen).await {
            Ok(games) => {
                *lock(&self.vacations_seen) = now;
                for rec in games {
                    let platform = Platform::of(rec.channel);
                    if !platforms.contains(&platform) {
                        continue;
                    }
                    if let Some(front) = self.front(platform) {
                        let game = rec.id;
                        guarded(Some(game), "ended vacation", front.vacation_over(rec)).await;
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "ended vacations not read"),
        }
    }

    /// Idle lobbies close, their tables saying so (the stored expiry survives a restart).
    async fn expire_idle_lobbies(&self, platforms: &[Platform]) {
        let closed = match self.service.expire_lobbies_for(platforms).await {
            Ok(closed) => closed,
            Err(e) => {
                tracing::warn!(error = %e, "idle lobbies not expired");
                return;
            }
        };
        for rec in closed {
            if let Some(front) = self.front(Platform::of(rec.channel)) {
                let game = rec.id;
                guarded(Some(game), "closed lobby", front.lobby_closed(rec)).await;
            }
        }
    }

    /// Tables the database kept behind, each to its game's front end.
    async fn publish_late_tables(&self) {
        for game in late::games() {
            let rec = match self.service.game(game).await {
                Ok(rec) => rec,
                // Still away: the next round tries again.
                Err(e) if e.is_transient() => continue,
                Err(e) => {
                    late::done(game);
                    tracing::warn!(game, error = %e, "late table not published");
                    continue;
                }
            };
            let Some(front) = self.front(Platform::of(rec.channel)) else {
                late::done(game);
                continue;
            };
            // A late table waits for the database only: the platform had its chance.
            let Some(published) = guarded(Some(game), "late table", front.late_table(rec)).await
            else {
                late::done(game);
                continue;
            };
            match published {
                Ok(()) => {
                    late::done(game);
                    tracing::info!(game, "late table published");
                }
                Err(e) if late::is_database(&e) => {}
                Err(e) => {
                    late::done(game);
                    tracing::warn!(game, error = %e, "late table not published");
                }
            }
        }
    }

    /// Tables of AI seats that think for over a second say so, beside the sweep that
    /// waits for their thoughts.
    fn spawn_thinking_notices(self: &Arc<Self>) {
        let mut notices = self.service.thinking_notices();
        let this = self.clone();
        tokio::spawn(async move {
            loop {
                let notice = match notices.recv().await {
                    Ok(notice) => notice,
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return,
                };
                let rec = match this.service.game(notice.game).await {
                    Ok(rec) => rec,
                    Err(e) => {
                        tracing::warn!(game = notice.game, error = %e, "thinking notice not shown");
                        continue;
                    }
                };
                if let Some(front) = this.front(Platform::of(rec.channel)) {
                    guarded(Some(rec.id), "thinking notice", front.thinking(notice)).await;
                }
            }
        });
    }
}

/// Whether a round waits for the games it fired to be published (a test's sweep) or
/// leaves them to their tasks (the process's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    Yes,
    No,
}

/// One game's hand-over to its front end, where a panic (a bug in publishing that game)
/// is logged and ends that hand-over only: the sweep goes on with the other games (issue
/// 50). `None`: it panicked.
async fn guarded<T>(
    game: Option<GameId>,
    what: &str,
    publish: impl std::future::Future<Output = T>,
) -> Option<T> {
    match AssertUnwindSafe(publish).catch_unwind().await {
        Ok(done) => Some(done),
        Err(panic) => {
            tracing::error!(
                game,
                panic = panic_text(panic.as_ref()),
                "publishing a {what} panicked; the other games go on"
            );
            None
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_notice_is_retried_after_the_database_and_as_the_platform_says() {
        let database: Error = Box::new(ServiceError::Conflict);
        assert!(may_pass(&database, |_| false));
        let gone: Error = Box::new(ServiceError::NotYourSeat);
        assert!(
            !may_pass(&gone, |_| true),
            "the platform does not judge the service"
        );
        let platform: Error = "connection reset".into();
        assert!(may_pass(&platform, |_| true));
        assert!(!may_pass(&platform, |_| false));
    }
}
