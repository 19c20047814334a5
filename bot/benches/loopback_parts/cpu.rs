//! CPU time per move, by process: the bot, this harness (the fake and the simulated users)
//! and the Postgres server when it runs on this machine. All three share the machine's
//! cores, so moves/s says as much about the machine as about the bot; the bot's CPU time
//! per move, and the ceiling it implies on cores of this speed, say less about the machine.

use std::time::Duration;

/// Cumulative CPU time of the processes at one moment (Linux `/proc`; zero elsewhere).
pub struct CpuTimes {
    bots: Duration,
    /// Of `bots`, the threads that draw pictures only when a core is idle.
    idle_lane: Duration,
    harness: Duration,
    /// Every process named `postgres` on this machine; `None` if there is none.
    postgres: Option<Duration>,
}

/// What a round added.
pub struct CpuDelta {
    bots: Duration,
    idle_lane: Duration,
    harness: Duration,
    postgres: Option<Duration>,
}

impl CpuTimes {
    pub fn now(bots: &[u32]) -> CpuTimes {
        let postgres: Vec<Duration> = std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
            .filter(|pid| {
                std::fs::read_to_string(format!("/proc/{pid}/comm"))
                    .is_ok_and(|c| c.trim() == "postgres")
            })
            .map(|pid| cpu_of(&pid.to_string()))
            .collect();
        CpuTimes {
            bots: bots.iter().map(|p| cpu_of(&p.to_string())).sum(),
            idle_lane: bots.iter().map(|&p| idle_lane(p)).sum(),
            harness: cpu_of("self"),
            postgres: (!postgres.is_empty()).then(|| postgres.iter().sum()),
        }
    }

    /// From `self` to `later`. A Postgres backend that ended in between takes its time
    /// with it, so Postgres's figure is a lower bound (the bot's pool keeps its connections).
    pub fn until(&self, later: &CpuTimes) -> CpuDelta {
        CpuDelta {
            bots: later.bots.saturating_sub(self.bots),
            idle_lane: later.idle_lane.saturating_sub(self.idle_lane),
            harness: later.harness.saturating_sub(self.harness),
            postgres: match (self.postgres, later.postgres) {
                (Some(a), Some(b)) => Some(b.saturating_sub(a)),
                _ => None,
            },
        }
    }
}

impl CpuDelta {
    pub fn print(&self, moves: usize) {
        let per_move = |d: Duration| d.as_secs_f64() * 1e3 / moves.max(1) as f64;
        let bot = per_move(self.bots);
        let postgres = self.postgres.map_or_else(
            || "not on this machine".to_owned(),
            |d| format!("{:.2} ms", per_move(d)),
        );
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // The bot alone on all of this machine's cores, at this CPU cost per move.
        let ceiling = if bot > 0.0 {
            format!("{:.0}", cores as f64 * 1e3 / bot)
        } else {
            "?".to_owned()
        };
        println!(
            "  CPU time per move: bot {bot:.2} ms, harness (fake and users) {:.2} ms, Postgres \
             {postgres}; the bot alone on this machine's {cores} cores would serve ≤ {ceiling} \
             moves/s",
            per_move(self.harness),
        );
        // The background picture lane runs at SCHED_IDLE: it draws while a core would idle,
        // and under saturation draws as much as idle moments allow, fewer pictures when
        // the rest of the bot is busier. The rest is what moves cost.
        let idle = per_move(self.idle_lane);
        println!(
            "  bot CPU time per move without its idle-time picture lane: {:.2} ms (the lane: \
             {idle:.2} ms)",
            bot - idle
        );
    }
}

/// The thread name of the bot's background picture lane (`render/drawing.rs`).
const IDLE_LANE: &str = "vliv-pictures";

/// CPU time of process `pid`'s threads named [`IDLE_LANE`].
fn idle_lane(pid: u32) -> Duration {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter(|tid| {
            std::fs::read_to_string(format!("/proc/{pid}/task/{tid}/comm"))
                .is_ok_and(|c| c.trim() == IDLE_LANE)
        })
        .map(|tid| cpu_of(&format!("{pid}/task/{tid}")))
        .sum()
}

/// User plus system time of `/proc/<pid>`, or zero if it cannot be read.
fn cpu_of(pid: &str) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Duration::ZERO;
    };
    // The command name, in parentheses, may hold spaces: count fields after its end.
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime, fields 14 and 15 of proc(5), here 12th and 13th after the name.
    let ticks: u64 = fields
        .get(11..13)
        .unwrap_or_default()
        .iter()
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    // SAFETY: sysconf reads a constant of the system.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_micros(ticks * 1_000_000 / hz)
}
