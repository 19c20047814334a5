//! The bot's log: what it lets through, and what it never prints.

use tracing::Subscriber;
use tracing_subscriber::{
    filter::filter_fn, fmt::MakeWriter, layer::SubscriberExt, EnvFilter, Layer,
};

/// The configured filter (`VLIV_LOG`, default `info`), with serenity's noisiest targets held
/// down whatever it says.
pub fn filter(configured: &str) -> EnvFilter {
    EnvFilter::try_new(configured)
        .unwrap_or_else(|_| EnvFilter::new("info"))
        // serenity's HTTP layer logs request bodies (a player's hand, in a DM) at INFO.
        .add_directive("serenity::http=warn".parse().expect("a valid directive"))
        // serenity's gateway warns "Err deserializing text: …; text: {payload}" with the whole
        // dispatch, which can be an interaction carrying a hand panel: errors only there.
        .add_directive(
            "serenity::gateway::ws=error"
                .parse()
                .expect("a valid directive"),
        )
}

/// `filter` over a formatter writing to `writer`, without serenity's spans: serenity
/// instruments its gateway and HTTP functions at INFO with their arguments (a whole
/// dispatch, e.g. an interaction on a hand panel, which carries the hand), and every line
/// logged inside a span prints its fields. Formatting them was also a few per cent of the
/// bot's CPU under load (issue 22). serenity's own log lines still come through.
pub fn subscriber<W>(filter: EnvFilter, ansi: bool, writer: W) -> impl Subscriber + Send + Sync
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let no_serenity_spans = filter_fn(|m| !(m.is_span() && m.target().starts_with("serenity")));
    tracing_subscriber::registry().with(filter).with(
        tracing_subscriber::fmt::layer()
            .with_ansi(ansi)
            .with_writer(writer)
            .with_filter(no_serenity_spans),
    )
}

#[cfg(test)]
mod tests {
    use std::{
        io::Write,
        sync::{Arc, Mutex},
    };

    use super::*;

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'w> MakeWriter<'w> for Buffer {
        type Writer = Buffer;
        fn make_writer(&'w self) -> Buffer {
            self.clone()
        }
    }

    fn logged(run: impl FnOnce()) -> String {
        let buffer = Buffer::default();
        let subscriber = subscriber(filter("info"), false, buffer.clone());
        tracing::subscriber::with_default(subscriber, run);
        let bytes = buffer.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn a_warning_inside_a_serenity_span_prints_without_the_span_s_fields() {
        let log = logged(|| {
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
        let log = logged(|| {
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
        let buffer = Buffer::default();
        let subscriber = subscriber(filter("debug"), false, buffer.clone());
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(target: "serenity::http::client", "body: Your hand: Dragon");
            tracing::warn!(target: "serenity::http::client", "a warning");
        });
        let log = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        assert!(!log.contains("Dragon"), "{log}");
        assert!(log.contains("a warning"), "{log}");
    }
}
