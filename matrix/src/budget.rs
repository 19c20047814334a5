//! Per-sender command budgets: one sender's flood must not stall every room, since the
//! bot answers commands one at a time. Each sender has a burst of commands, refilled at a
//! steady pace (a keyed GCRA limiter); a sender over it is told once to wait, and further
//! commands are dropped before any database work.

use std::{
    collections::HashMap,
    num::NonZeroU32,
    sync::Mutex,
    time::{Duration, Instant},
};

use governor::{clock::Clock as _, DefaultKeyedRateLimiter, Quota, RateLimiter};

/// What to do with a sender's command.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Go,
    /// Over budget, told nothing lately: say to wait this many seconds.
    Tell(u64),
    /// Over budget and already told.
    Drop,
}

pub struct Budgets {
    limiter: DefaultKeyedRateLimiter<String>,
    /// When each sender over budget was last told to wait.
    told: Mutex<HashMap<String, Instant>>,
    /// How long a sender is not told again (as long as a whole burst takes to refill).
    quiet: Duration,
}

impl Budgets {
    /// `burst` commands at once, one more every `every`.
    pub fn new(burst: u32, every: Duration) -> Budgets {
        let burst = NonZeroU32::new(burst.max(1)).unwrap_or(NonZeroU32::MIN);
        let every = every.max(Duration::from_millis(1));
        let quota = Quota::with_period(every)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst);
        Budgets {
            limiter: RateLimiter::keyed(quota),
            told: Mutex::default(),
            quiet: every * burst.get(),
        }
    }

    pub fn check(&self, sender: &str) -> Verdict {
        // Senders idle long enough are forgotten: the map does not grow without bound.
        if self.limiter.len() > 10_000 {
            self.limiter.retain_recent();
        }
        let not_until = match self.limiter.check_key(&sender.to_owned()) {
            Ok(()) => return Verdict::Go,
            Err(not_until) => not_until,
        };
        let wait = not_until.wait_time_from(self.limiter.clock().now());
        let now = Instant::now();
        let mut told = self.told.lock().unwrap_or_else(|e| e.into_inner());
        if told.len() > 10_000 {
            told.retain(|_, at| now.duration_since(*at) < self.quiet);
        }
        match told.get(sender) {
            Some(at) if now.duration_since(*at) < self.quiet => Verdict::Drop,
            _ => {
                told.insert(sender.to_owned(), now);
                Verdict::Tell(wait.as_secs_f64().ceil().max(1.0) as u64)
            }
        }
    }
}

/// How many of one sender's commands of a batch keep their place in the order they were
/// sent; the rest wait for every other sender's first as many.
pub const IN_ORDER: usize = 3;

/// `commands` (each with its sender, in the order they were sent) in the order to run them:
/// by rounds of `IN_ORDER` commands a sender, each round in the order sent. A conversation
/// (a few commands each, one answering another) keeps its order exactly; a burst within
/// the budget no longer delays another room's command by its whole length.
pub fn fair_order<T>(commands: Vec<(String, T)>) -> Vec<T> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut ranked: Vec<(usize, T)> = commands
        .into_iter()
        .map(|(sender, command)| {
            let rank = seen.entry(sender).or_default();
            *rank += 1;
            ((*rank - 1) / IN_ORDER, command)
        })
        .collect();
    // Stable: within a round, the order sent.
    ranked.sort_by_key(|(round, _)| *round);
    ranked.into_iter().map(|(_, command)| command).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_waits_behind_other_senders_but_a_conversation_keeps_its_order() {
        let sent = |list: &[(&str, u32)]| -> Vec<(String, u32)> {
            list.iter().map(|(s, n)| (s.to_string(), *n)).collect()
        };
        // A leader's move, then the follower's answer: as sent.
        let talk = sent(&[("@a:hs", 1), ("@b:hs", 2), ("@a:hs", 3), ("@b:hs", 4)]);
        assert_eq!(fair_order(talk), vec![1, 2, 3, 4]);
        // Twenty of one sender, then another's: the other's after the first three.
        let mut flood: Vec<(&str, u32)> = (1..=20).map(|n| ("@spam:hs", n)).collect();
        flood.push(("@alice:hs", 100));
        let order = fair_order(sent(&flood));
        assert_eq!(order[..4], [1, 2, 3, 100]);
        assert_eq!(order[4..], (4..=20).collect::<Vec<_>>()[..]);
    }

    #[test]
    fn a_burst_passes_then_the_sender_is_told_once_and_others_go_on() {
        let budgets = Budgets::new(3, Duration::from_secs(60));
        for _ in 0..3 {
            assert_eq!(budgets.check("@spam:hs"), Verdict::Go);
        }
        assert_eq!(budgets.check("@spam:hs"), Verdict::Tell(60));
        for _ in 0..20 {
            assert_eq!(budgets.check("@spam:hs"), Verdict::Drop);
        }
        assert_eq!(budgets.check("@other:hs"), Verdict::Go);
    }

    #[test]
    fn the_budget_refills_at_its_pace() {
        let budgets = Budgets::new(1, Duration::from_millis(20));
        assert_eq!(budgets.check("@a:hs"), Verdict::Go);
        assert!(matches!(budgets.check("@a:hs"), Verdict::Tell(1)));
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(budgets.check("@a:hs"), Verdict::Go);
    }
}
