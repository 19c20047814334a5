//! What the bot's log lets through (`vliv_bot::logging`): serenity's spans never, since their
//! fields can carry a player's hand.

use crate::common;

use common::captured_log::CapturedLog;
use vliv_bot::logging::{filter, subscriber};

fn logged(configured: &str, run: impl FnOnce()) -> String {
    let log = CapturedLog::default();
    tracing::subscriber::with_default(subscriber(filter(configured), false, log.clone()), run);
    log.text()
}

#[test]
fn a_warning_inside_a_serenity_span_prints_without_the_span_s_fields() {
    let log = logged("info", || {
        // As serenity's `#[instrument] fn handle_gateway_dispatch(&mut self, seq, event)`.
        let span = tracing::info_span!(
            target: "serenity::gateway::shard",
            "handle_gateway_dispatch",
            event = "InteractionCreate { message: \"Your hand: Knight of Swords\" }"
        );
        let _in = span.enter();
        tracing::warn!(target: "serenity::gateway::shard", "Sequence off; them: 9, us: 7");
    });
    assert!(log.contains("Sequence off; them: 9, us: 7"), "{log}");
    assert!(!log.contains("Knight of Swords"), "{log}");
    assert!(!log.contains("handle_gateway_dispatch"), "{log}");
}

#[test]
fn the_bot_s_own_spans_and_lines_are_kept() {
    let log = logged("info", || {
        let span = tracing::info_span!("recovery", games = 3);
        let _in = span.enter();
        tracing::info!("resumed");
        tracing::debug!("below the filter");
    });
    assert!(log.contains("recovery{games=3}"), "{log}");
    assert!(log.contains("resumed"), "{log}");
    assert!(!log.contains("below the filter"), "{log}");
}

#[test]
fn serenity_s_http_lines_below_a_warning_are_held_down_whatever_the_filter_says() {
    let log = logged("debug", || {
        tracing::info!(target: "serenity::http::client", "body: Your hand: Dragon");
        tracing::warn!(target: "serenity::http::client", "a warning");
    });
    assert!(!log.contains("Dragon"), "{log}");
    assert!(log.contains("a warning"), "{log}");
}
