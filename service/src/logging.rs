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
        // serenity's HTTP requests carry bodies (a player's hand, in a DM): warnings only.
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
/// logged inside a span prints its fields. Formatting them also cost the gateway thread,
/// which hands each click on, time under load (issue 22). serenity's own log lines still
/// come through. Tests: `tests/integration/logging.rs`.
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

/// The message of a caught panic, for its log line.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    match payload.downcast_ref::<&'static str>() {
        Some(text) => text,
        None => payload
            .downcast_ref::<String>()
            .map_or("(a panic without a message)", String::as_str),
    }
}
