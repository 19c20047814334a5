//! The AI's workers shared fairly between servers: the searches waiting for a worker queue
//! per server, and the servers take turns (round robin) instead of one queue for all, so a
//! server with many thinking games delays another server's AI by one search at most. A
//! server that already holds a worker never takes the last free one: that one stays for a
//! server holding none, whose search then starts at once. A search whose server has more
//! waiting runs at a lower priority: the machine's cores go first to the servers without
//! a backlog, which the workers alone cannot ensure when searches outnumber cores.

use std::{
    collections::{HashMap, VecDeque},
    sync::{Arc, Mutex},
};

use tokio::sync::oneshot;

use super::GuildId;

/// The workers and who waits for them.
#[derive(Clone)]
pub(super) struct FairPool {
    queues: Arc<Mutex<Queues>>,
}

struct Queues {
    free: usize,
    /// Workers held now, by server.
    held: HashMap<GuildId, usize>,
    /// The servers with waiting searches, in the order of their turns; each server's own
    /// searches in the order they came.
    turns: VecDeque<(GuildId, VecDeque<oneshot::Sender<Worker>>)>,
}

/// One worker, held by a server's search; dropped, it goes to the next server in turn.
pub(super) struct Worker {
    queues: Arc<Mutex<Queues>>,
    guild: GuildId,
    /// More searches of its server waited when it was handed over.
    pub(super) backlogged: bool,
}

impl FairPool {
    /// A pool of `size` workers (at least one).
    pub(super) fn new(size: usize) -> FairPool {
        FairPool {
            queues: Arc::new(Mutex::new(Queues {
                free: size.max(1),
                held: HashMap::new(),
                turns: VecDeque::new(),
            })),
        }
    }

    /// A worker for a search of `guild`'s, once its turn comes. Dropping the future while
    /// it waits gives up its place.
    pub(super) async fn acquire(&self, guild: GuildId) -> Option<Worker> {
        let (tx, rx) = oneshot::channel();
        let granted = {
            let mut q = lock(&self.queues);
            match q.turns.iter_mut().find(|(g, _)| *g == guild) {
                Some((_, waiting)) => waiting.push_back(tx),
                None => q.turns.push_back((guild, VecDeque::from([tx]))),
            }
            q.grant(&self.queues)
        };
        hand_out(granted);
        rx.await.ok()
    }

    /// Workers held now by `guild`'s searches (tests).
    #[cfg(test)]
    fn held(&self, guild: GuildId) -> usize {
        lock(&self.queues).held.get(&guild).copied().unwrap_or(0)
    }
}

impl Queues {
    /// Hands the free workers to the waiting searches, server by server in turn. Returns
    /// them to be sent once the lock is let go (a refused one is dropped, and comes back).
    fn grant(&mut self, queues: &Arc<Mutex<Queues>>) -> Vec<(oneshot::Sender<Worker>, Worker)> {
        let mut out = Vec::new();
        while self.free > 0 {
            let free = self.free;
            let held = &self.held;
            // The reserve: a server holding a worker may not take the last one.
            let Some(turn) = self.turns.iter().position(|(g, waiting)| {
                !waiting.is_empty() && (held.get(g).copied().unwrap_or(0) == 0 || free > 1)
            }) else {
                break;
            };
            let (guild, mut waiting) = self.turns.remove(turn).expect("found above");
            let Some(tx) = waiting.pop_front() else {
                continue;
            };
            let backlogged = !waiting.is_empty();
            if backlogged {
                // Its next search waits for the servers behind it.
                self.turns.push_back((guild, waiting));
            }
            if tx.is_closed() {
                continue;
            }
            self.free -= 1;
            *self.held.entry(guild).or_insert(0) += 1;
            let worker = Worker {
                queues: queues.clone(),
                guild,
                backlogged,
            };
            out.push((tx, worker));
        }
        out
    }
}

fn hand_out(granted: Vec<(oneshot::Sender<Worker>, Worker)>) {
    for (tx, worker) in granted {
        // A search that stopped waiting meanwhile: the worker comes back as it drops.
        drop(tx.send(worker));
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let granted = {
            let mut q = lock(&self.queues);
            q.free += 1;
            if let Some(n) = q.held.get_mut(&self.guild) {
                *n -= 1;
                if *n == 0 {
                    q.held.remove(&self.guild);
                }
            }
            q.grant(&self.queues)
        };
        hand_out(granted);
    }
}

/// How much nicer a backlogged server's search thread is than the process.
const BACKLOG_NICENESS: i32 = 10;

/// Lowers the calling thread's priority (a search of a backlogged server). Only on a
/// thread of its own: a thread's niceness cannot be raised back without privileges.
pub(super) fn lower_this_threads_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: getpriority and setpriority read and set the calling thread's niceness only
    // (Linux: `who` 0 is the caller).
    unsafe {
        let now = libc::getpriority(libc::PRIO_PROCESS, 0);
        libc::setpriority(libc::PRIO_PROCESS, 0, (now + BACKLOG_NICENESS).min(19));
    }
}

/// The queues; a panic elsewhere while they were held leaves them usable.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const BUSY: GuildId = GuildId(1);
    const QUIET: GuildId = GuildId(2);

    /// Whether `acquire` gets a worker within a moment.
    async fn quickly(pool: &FairPool, guild: GuildId) -> Option<Worker> {
        tokio::time::timeout(Duration::from_millis(50), pool.acquire(guild))
            .await
            .ok()
            .flatten()
    }

    #[tokio::test]
    async fn a_busy_server_leaves_the_last_worker_to_the_others() {
        let pool = FairPool::new(2);
        let first = quickly(&pool, BUSY).await.expect("a free worker");
        assert!(
            quickly(&pool, BUSY).await.is_none(),
            "the last worker is kept for another server"
        );
        let quiet = quickly(&pool, QUIET).await;
        assert!(quiet.is_some(), "another server's search starts at once");
        assert_eq!(pool.held(BUSY), 1);
        drop(first);
        drop(quiet);
    }

    #[tokio::test]
    async fn servers_take_turns_rather_than_queueing_first_come() {
        let pool = FairPool::new(1);
        let running = quickly(&pool, BUSY).await.expect("a free worker");
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut waiting = Vec::new();
        // Three searches of the busy server queue before one of the quiet server.
        for (i, guild) in [BUSY, BUSY, BUSY, QUIET].into_iter().enumerate() {
            let (pool, order) = (pool.clone(), order.clone());
            waiting.push(tokio::spawn(async move {
                let worker = pool.acquire(guild).await;
                order.lock().unwrap().push((guild, i));
                tokio::time::sleep(Duration::from_millis(5)).await;
                drop(worker);
            }));
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        drop(running);
        for w in waiting {
            w.await.unwrap();
        }
        let order = order.lock().unwrap().clone();
        assert_eq!(
            order,
            vec![(BUSY, 0), (QUIET, 3), (BUSY, 1), (BUSY, 2)],
            "the quiet server's search is next, not fourth"
        );
    }

    #[tokio::test]
    async fn a_search_is_backlogged_while_more_of_its_server_wait() {
        let pool = FairPool::new(3);
        let first = quickly(&pool, BUSY).await.expect("a free worker");
        assert!(!first.backlogged, "nothing else waited");
        let running = quickly(&pool, QUIET).await.expect("a free worker");
        // Two more of the busy server's wait for the last worker, kept for the others.
        let (a, b) = (pool.clone(), pool.clone());
        let waiting = [
            tokio::spawn(async move { a.acquire(BUSY).await.map(|w| w.backlogged) }),
            tokio::spawn(async move { b.acquire(BUSY).await.map(|w| w.backlogged) }),
        ];
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(first);
        drop(running);
        let [a, b] = waiting;
        let (a, b) = (a.await.unwrap(), b.await.unwrap());
        assert_eq!(
            (a, b),
            (Some(true), Some(false)),
            "the first had one behind it"
        );
    }

    #[tokio::test]
    async fn a_search_that_stops_waiting_gives_its_turn_away() {
        let pool = FairPool::new(1);
        let running = quickly(&pool, BUSY).await.expect("a free worker");
        assert!(quickly(&pool, QUIET).await.is_none(), "gave up waiting");
        drop(running);
        assert!(
            quickly(&pool, BUSY).await.is_some(),
            "the worker is free again"
        );
    }
}
