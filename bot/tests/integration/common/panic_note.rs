//! The failure's own message, said again after a spawned bot's log: the log tail printed on
//! the way out buries the panic message above it, and CI keeps only a run's last lines.

use std::sync::{Mutex, Once};

static NOTES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Records every panic's thread, place and message from now on, beside the default report.
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current();
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let place = info.location().map(|l| l.to_string()).unwrap_or_default();
            let note = format!("[{}] {place}: {message}", thread.name().unwrap_or("?"));
            if let Ok(mut notes) = NOTES.lock() {
                notes.push(note);
            }
            default(info);
        }));
    });
}

/// The last panics recorded in this test process (several tests share it, so each names its
/// thread), newest last.
pub fn last(n: usize) -> Vec<String> {
    let notes = NOTES.lock().unwrap_or_else(|p| p.into_inner());
    notes[notes.len().saturating_sub(n)..].to_vec()
}
