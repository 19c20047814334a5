//! Pictures drawn off the async runtime (issue 22). Drawing and encoding a picture takes a
//! few milliseconds of CPU; on the runtime's workers it held up every acknowledgement
//! queued behind it. Two threads of their own draw them instead, one per [`Lane`], and each
//! target (a table, a panel) has at most one job waiting in a lane: a newer state replaces
//! an older job not yet started, so under load fewer pictures are drawn, never a growing
//! backlog.

use std::{
    collections::{HashMap, VecDeque},
    sync::{Arc, Condvar, LazyLock, Mutex},
};

use vliv_engine::{Lang, Scene};

use super::picture::png_of;
use crate::service::{GameId, UserId};

/// What a picture is for: one job waits per target.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Target {
    /// A game's public table (in a language).
    Table(i64, Lang),
    /// A player's hand at a game on their panel (a newer panel's replaces an older one's).
    Panel(GameId, UserId),
    /// A player's hand at a game, for a message that carries it from the start (a DM).
    Direct(GameId, UserId),
}

/// Which thread draws a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Pictures nothing waits for, or only for a while (a panel's picture follows its text;
    /// a table's edit waits 200 ms, then goes without it). Drawn on a thread that runs only
    /// when a core is idle (Linux `SCHED_IDLE`; `nice` 19 where the system refuses it), so
    /// answers never wait behind a picture. Under saturation these pictures wait for a
    /// quieter moment.
    Background,
    /// Pictures a message waits for until drawn (a DM with the hand, a new or finished
    /// game's table): drawn at `nice` 10, so they come even on a saturated machine.
    Awaited,
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

/// A lane's waiting jobs, and the signal that one came.
type Jobs = (Mutex<Queue>, Condvar);

static BACKGROUND: LazyLock<Jobs> = LazyLock::new(|| start(Lane::Background));
static AWAITED: LazyLock<Jobs> = LazyLock::new(|| start(Lane::Awaited));

fn jobs(lane: Lane) -> &'static Jobs {
    match lane {
        Lane::Background => &BACKGROUND,
        Lane::Awaited => &AWAITED,
    }
}

fn start(lane: Lane) -> Jobs {
    let name = match lane {
        Lane::Background => "vliv-pictures",
        Lane::Awaited => "vliv-pictures-awaited",
    };
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || work(lane))
        .expect("the picture thread starts");
    Default::default()
}

/// How much lower than the runtime's threads the awaited lane runs (Linux `nice`; 0–19 from
/// `VLIV_PICTURE_NICE`).
const NICENESS: i32 = 10;

/// How the background lane runs: `SCHED_IDLE`, or at a niceness (`VLIV_PICTURE_BACKGROUND`:
/// `idle` or 0–19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Background {
    Idle,
    Nice(i32),
}

const BACKGROUND_DEFAULT: Background = Background::Idle;

fn niceness(var: &str) -> Option<i32> {
    std::env::var(var)
        .ok()
        .and_then(|n| n.parse().ok())
        .map(|n: i32| n.clamp(0, 19))
}

fn background() -> Background {
    match std::env::var("VLIV_PICTURE_BACKGROUND").as_deref() {
        Ok("idle") => Background::Idle,
        Ok(_) => niceness("VLIV_PICTURE_BACKGROUND").map_or(BACKGROUND_DEFAULT, Background::Nice),
        Err(_) => BACKGROUND_DEFAULT,
    }
}

/// Lowers the calling thread's priority for its lane.
fn lower_priority(lane: Lane) {
    let nice = match (lane, background()) {
        (Lane::Awaited, _) => niceness("VLIV_PICTURE_NICE").unwrap_or(NICENESS),
        (Lane::Background, Background::Nice(n)) => n,
        (Lane::Background, Background::Idle) => {
            #[cfg(target_os = "linux")]
            {
                let param = libc::sched_param { sched_priority: 0 };
                // SAFETY: sets the calling thread's policy (pid 0); `param` outlives the call.
                if unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) } == 0 {
                    return;
                }
            }
            19
        }
    };
    // SAFETY: setpriority only sets this thread's niceness (Linux: `who` 0 is the caller).
    #[cfg(target_os = "linux")]
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, nice);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = nice;
}

fn queue(lane: Lane) -> std::sync::MutexGuard<'static, Queue> {
    jobs(lane).0.lock().unwrap_or_else(|p| p.into_inner())
}

/// Draws `scene` for `target` on the background lane and hands the PNG to `done` there
/// (it should only pass it on). A job of the same target still waiting is replaced: its
/// `done` is dropped uncalled.
pub fn submit(target: Target, scene: Scene, lang: Lang, done: impl FnOnce(Drawn) + Send + 'static) {
    enqueue(Lane::Background, target, scene, lang, Box::new(done));
}

fn enqueue(lane: Lane, target: Target, scene: Scene, lang: Lang, done: Done) {
    let job = Job { scene, lang, done };
    let mut q = queue(lane);
    if q.jobs.insert(target, job).is_none() {
        q.order.push_back(target);
    }
    drop(q);
    jobs(lane).1.notify_one();
}

/// The PNG of `scene`, drawn on `lane`'s thread; `None` if a newer job for the same target
/// replaced this one before it was drawn.
pub async fn draw(lane: Lane, target: Target, scene: Scene, lang: Lang) -> Option<Drawn> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let done = move |png| {
        let _ = tx.send(png);
    };
    enqueue(lane, target, scene, lang, Box::new(done));
    rx.await.ok()
}

fn work(lane: Lane) {
    lower_priority(lane);
    loop {
        let job = {
            let mut q = queue(lane);
            loop {
                if let Some(target) = q.order.pop_front() {
                    if let Some(job) = q.jobs.remove(&target) {
                        break job;
                    }
                    continue;
                }
                q = jobs(lane).1.wait(q).unwrap_or_else(|p| p.into_inner());
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

    use super::{draw, submit, Lane, Target};
    use crate::service::UserId;

    fn scene(title: &str) -> Scene {
        Scene {
            title: Text::new("claim-name").arg("x", title.to_owned()),
            zones: Vec::new(),
        }
    }

    #[tokio::test]
    async fn a_picture_is_drawn_off_the_runtime_and_a_newer_job_replaces_a_waiting_one() {
        let drawn = draw(
            Lane::Background,
            Target::Panel(-1, UserId(1)),
            scene("a"),
            Lang::En,
        )
        .await;
        let png = drawn.expect("not replaced").expect("drawn");
        let fresh = vliv_pictures::draw(&scene("a"), Lang::En, &|s| Lang::En.seat_name(s));
        assert_eq!(*png, fresh.expect("drawn").png);
        // Keep the thread busy, then queue two jobs of one target: only the second is drawn.
        let (hold_tx, hold_rx) = std::sync::mpsc::channel::<()>();
        submit(
            Target::Panel(-1, UserId(2)),
            scene("busy"),
            Lang::En,
            move |_| {
                let _ = hold_rx.recv();
            },
        );
        let first = tokio::spawn(draw(
            Lane::Background,
            Target::Panel(-1, UserId(3)),
            scene("old"),
            Lang::En,
        ));
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let second = tokio::spawn(draw(
            Lane::Background,
            Target::Panel(-1, UserId(3)),
            scene("new"),
            Lang::En,
        ));
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

    #[tokio::test]
    async fn a_picture_a_message_waits_for_is_drawn_while_the_background_lane_is_busy() {
        let (hold_tx, hold_rx) = std::sync::mpsc::channel::<()>();
        submit(
            Target::Panel(-2, UserId(1)),
            scene("busy"),
            Lang::En,
            move |_| {
                let _ = hold_rx.recv();
            },
        );
        let awaited = tokio::time::timeout(
            std::time::Duration::from_secs(20),
            draw(
                Lane::Awaited,
                Target::Direct(-2, UserId(1)),
                scene("dm"),
                Lang::En,
            ),
        )
        .await
        .expect("not held up by the busy background lane");
        let png = awaited.expect("not replaced").expect("drawn");
        let fresh = vliv_pictures::draw(&scene("dm"), Lang::En, &|s| Lang::En.seat_name(s));
        assert_eq!(*png, fresh.expect("drawn").png);
        hold_tx.send(()).expect("the busy job waits");
    }
}
