//! Pictures drawn off the async runtime (issue 22). Drawing and encoding a picture takes a
//! few milliseconds of CPU; on the runtime's workers it held up every acknowledgement
//! queued behind it. One thread of its own, at a lower priority than the runtime, draws
//! them instead, and each target (a table, a panel) has at most one job waiting: a newer
//! state replaces an older job not yet started, so under load fewer pictures are drawn,
//! never a growing backlog.

use std::{
    collections::{HashMap, VecDeque},
    sync::{Arc, Condvar, LazyLock, Mutex},
};

use vliv_engine::{Lang, Scene};

use super::picture::png_of;

/// What a picture is for: one job waits per target.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Target {
    /// A game's public table (in a language).
    Table(i64, Lang),
    /// A player's hand at a game on their panel (a newer panel's replaces an older one's).
    Panel(i64, u64),
    /// A player's hand at a game, for a message that carries it from the start (a DM).
    Direct(i64, u64),
}

/// The PNG, or why it could not be drawn.
pub type Drawn = Result<Arc<Vec<u8>>, vliv_pictures::PictureError>;
type Done = Box<dyn FnOnce(Drawn) + Send>;

struct Job {
    scene: Scene,
    lang: Lang,
    done: Done,
}

#[derive(Default)]
struct Queue {
    jobs: HashMap<Target, Job>,
    order: VecDeque<Target>,
}

static QUEUE: LazyLock<(Mutex<Queue>, Condvar)> = LazyLock::new(|| {
    std::thread::Builder::new()
        .name("vliv-pictures".into())
        .spawn(work)
        .expect("the picture thread starts");
    Default::default()
});

/// How much lower than the runtime's threads the drawing thread runs (Linux `nice`): a
/// picture waits for a core the answers do not need. `VLIV_PICTURE_NICE` (0–19) sets it.
const NICENESS: i32 = 10;

#[cfg(target_os = "linux")]
fn niceness() -> i32 {
    std::env::var("VLIV_PICTURE_NICE")
        .ok()
        .and_then(|n| n.parse().ok())
        .map_or(NICENESS, |n: i32| n.clamp(0, 19))
}

fn queue() -> std::sync::MutexGuard<'static, Queue> {
    QUEUE.0.lock().unwrap_or_else(|p| p.into_inner())
}

/// Draws `scene` for `target` on the drawing thread and hands the PNG to `done` there
/// (it should only pass it on). A job of the same target still waiting is replaced: its
/// `done` is dropped uncalled.
pub fn submit(target: Target, scene: Scene, lang: Lang, done: impl FnOnce(Drawn) + Send + 'static) {
    let job = Job {
        scene,
        lang,
        done: Box::new(done),
    };
    let mut q = queue();
    if q.jobs.insert(target, job).is_none() {
        q.order.push_back(target);
    }
    drop(q);
    QUEUE.1.notify_one();
}

/// The PNG of `scene`, drawn on the drawing thread; `None` if a newer job for the same
/// target replaced this one before it was drawn.
pub async fn draw(target: Target, scene: Scene, lang: Lang) -> Option<Drawn> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    submit(target, scene, lang, move |png| {
        let _ = tx.send(png);
    });
    rx.await.ok()
}

fn work() {
    // SAFETY: setpriority only sets this thread's niceness (Linux: `who` 0 is the caller).
    #[cfg(target_os = "linux")]
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, niceness());
    }
    loop {
        let job = {
            let mut q = queue();
            loop {
                if let Some(target) = q.order.pop_front() {
                    if let Some(job) = q.jobs.remove(&target) {
                        break job;
                    }
                    continue;
                }
                q = QUEUE.1.wait(q).unwrap_or_else(|p| p.into_inner());
            }
        };
        // A panic while drawing must not end the thread: every later picture would wait
        // for ever. The job gets an error (its message goes without the picture).
        let png = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            png_of(&job.scene, job.lang)
        }))
        .unwrap_or_else(|_| {
            tracing::error!("drawing a picture panicked");
            Err(vliv_pictures::PictureError::Png("drawing panicked".into()))
        });
        (job.done)(png);
    }
}

#[cfg(test)]
mod tests {
    use vliv_engine::{Lang, Scene, Text};

    use super::{draw, submit, Target};

    fn scene(title: &str) -> Scene {
        Scene {
            title: Text::new("claim-name").arg("x", title.to_owned()),
            zones: Vec::new(),
        }
    }

    #[tokio::test]
    async fn a_picture_is_drawn_off_the_runtime_and_a_newer_job_replaces_a_waiting_one() {
        let drawn = draw(Target::Panel(-1, 1), scene("a"), Lang::En).await;
        let png = drawn.expect("not replaced").expect("drawn");
        let fresh = vliv_pictures::draw(&scene("a"), Lang::En, &|s| Lang::En.seat_name(s));
        assert_eq!(*png, fresh.expect("drawn").png);
        // Keep the thread busy, then queue two jobs of one target: only the second is drawn.
        let (hold_tx, hold_rx) = std::sync::mpsc::channel::<()>();
        submit(Target::Panel(-1, 2), scene("busy"), Lang::En, move |_| {
            let _ = hold_rx.recv();
        });
        let first = tokio::spawn(draw(Target::Panel(-1, 3), scene("old"), Lang::En));
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let second = tokio::spawn(draw(Target::Panel(-1, 3), scene("new"), Lang::En));
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        hold_tx.send(()).expect("the busy job waits");
        assert!(first.await.expect("joined").is_none(), "replaced");
        let png = second
            .await
            .expect("joined")
            .expect("drawn")
            .expect("drawn");
        let fresh = vliv_pictures::draw(&scene("new"), Lang::En, &|s| Lang::En.seat_name(s));
        assert_eq!(*png, fresh.expect("drawn").png);
    }
}
