//! What a test waits for: a condition of the world, the bot's readiness, an interaction's
//! answer, a held request. Each panics after its timeout naming what it waited for and what
//! the bot did meanwhile.

use std::time::Duration;

use crate::{Fake, Interaction, Message, World};

impl Fake {
    /// Waits until `check` finds something, or panics after `timeout` naming `what`.
    pub async fn wait<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut check: impl FnMut(&World) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.shared.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(v) = check(&self.world()) {
                return v;
            }
            // Also wake now and then: a condition may depend on time (deadlines).
            let step = tokio::time::Instant::now() + Duration::from_millis(250);
            if tokio::time::Instant::now() >= deadline {
                let w = self.world();
                let tail: Vec<String> = w
                    .requests
                    .iter()
                    .rev()
                    .take(12)
                    .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
                    .collect();
                panic!("timed out waiting for {what}; last requests (newest first): {tail:#?}");
            }
            tokio::select! {
                _ = &mut notified => {}
                _ = tokio::time::sleep_until(step.min(deadline)) => {}
            }
        }
    }

    /// Waits until the bot is connected, identified and has registered its commands.
    pub async fn wait_ready(&self, timeout: Duration) {
        self.wait(
            "the bot to connect and register its commands",
            timeout,
            |w| w.ready().then_some(()),
        )
        .await
    }

    /// Waits until the interaction has a visible answer and returns the message that shows
    /// it last (a reply, a follow-up, or the component's message as edited).
    pub async fn answer(&self, ix: u64, timeout: Duration) -> Message {
        self.answer_where(ix, timeout, |_| true).await
    }

    /// Waits until the interaction's answer satisfies `check` (e.g. an edited panel). Wakes
    /// on this interaction's changes only, so thousands of simulated users can wait at once.
    pub async fn answer_where(
        &self,
        ix: u64,
        timeout: Duration,
        mut check: impl FnMut(&Message) -> bool,
    ) -> Message {
        let notify = self
            .world()
            .interactions
            .get(&ix)
            .map(|i| i.notify.clone())
            .unwrap_or_else(|| panic!("no interaction {ix}"));
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let found = {
                let w = self.world();
                let i = &w.interactions[&ix];
                // Cloned only once it passes: thousands of waiters look every 250 ms.
                i.answered_at
                    .and_then(|_| latest_message_of(&w, i))
                    .filter(|m| check(m))
                    .cloned()
            };
            if let Some(m) = found {
                return m;
            }
            if tokio::time::Instant::now() >= deadline {
                let w = self.world();
                let i = &w.interactions[&ix];
                // What the bot did meanwhile tells a stuck bot from an answer elsewhere.
                let since: Vec<String> = w
                    .requests
                    .iter()
                    .filter(|r| r.at >= i.sent_at)
                    .map(|r| match r.status {
                        // A refusal says why.
                        400.. => format!("{} {} {} {}", r.method, r.path, r.status, r.response),
                        _ => format!("{} {} {}", r.method, r.path, r.status),
                    })
                    .collect();
                panic!(
                    "timed out waiting for an answer to interaction {ix}: {i:?}; the bot's \
                     requests since it was sent ({}, the last 30): {:?}",
                    since.len(),
                    &since[since.len().saturating_sub(30)..]
                );
            }
            let step = tokio::time::Instant::now() + Duration::from_millis(250);
            tokio::select! {
                _ = &mut notified => {}
                _ = tokio::time::sleep_until(step.min(deadline)) => {}
            }
        }
    }

    /// Waits until hold `id` caught its request.
    pub async fn wait_held(&self, id: u64, timeout: Duration) {
        self.wait("a held request", timeout, |w| w.held(id).then_some(()))
            .await
    }
}

/// The message an interaction's answer shows now: the last one it touched, else the one
/// `@original` points at.
fn latest_message_of<'w>(w: &'w World, i: &Interaction) -> Option<&'w Message> {
    i.last_message
        .or(i.original)
        .and_then(|m| w.messages.get(&m))
        .filter(|m| m.flags & 128 == 0 && !m.deleted)
}
