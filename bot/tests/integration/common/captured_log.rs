//! A log kept in memory: what the bot logged during a stretch of a test, as the operator
//! would read it.

use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
pub struct CapturedLog(Arc<Mutex<Vec<u8>>>);

impl CapturedLog {
    /// A plain formatter (no colour codes) writing here, at `level` and above.
    pub fn subscriber(&self, level: tracing::Level) -> impl tracing::Subscriber + Send + Sync {
        tracing_subscriber::fmt()
            .with_writer(self.clone())
            .with_ansi(false)
            .with_max_level(level)
            .finish()
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }

    /// What was logged since `seen` bytes, which it moves to the end.
    pub fn since(&self, seen: &mut usize) -> String {
        let bytes = self.0.lock().unwrap();
        let new = String::from_utf8_lossy(&bytes[*seen..]).into_owned();
        *seen = bytes.len();
        new
    }
}

impl std::io::Write for CapturedLog {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for CapturedLog {
    type Writer = CapturedLog;

    fn make_writer(&'a self) -> CapturedLog {
        self.clone()
    }
}
