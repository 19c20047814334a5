//! How many live pages (open event streams) the table keeps: each holds a connection and a
//! subscription to every change, so a reader who opens a page again and again, or a crowd,
//! cannot wear the process out. A page over the cap is told so and still works; it is
//! only not kept live.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

/// The caps: open streams in all, and per reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    pub total: usize,
    pub per_reader: usize,
}

/// Why no stream opens.
#[derive(Debug, PartialEq, Eq)]
pub enum Full {
    /// This reader has `per_reader` pages open already.
    Reader,
    /// The table has `total` pages open already.
    Table,
}

/// The open streams, counted.
pub struct Streams {
    caps: Caps,
    open: Arc<Mutex<Open>>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_reader: HashMap<String, usize>,
}

/// One open stream, counted until dropped (the page closed, the connection lost).
pub struct Permit {
    open: Arc<Mutex<Open>>,
    reader: String,
}

impl Streams {
    pub fn new(caps: Caps) -> Streams {
        Streams {
            caps,
            open: Arc::default(),
        }
    }

    /// A stream for `reader`, if the caps allow one more.
    pub fn open(&self, reader: String) -> Result<Permit, Full> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mine = open.by_reader.get(&reader).copied().unwrap_or(0);
        if mine >= self.caps.per_reader {
            return Err(Full::Reader);
        }
        if open.total >= self.caps.total {
            return Err(Full::Table);
        }
        open.total += 1;
        open.by_reader.insert(reader.clone(), mine + 1);
        Ok(Permit {
            open: self.open.clone(),
            reader,
        })
    }

    /// How many streams are open now.
    pub fn count(&self) -> usize {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).total
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_reader.get_mut(&self.reader) {
            *n -= 1;
            if *n == 0 {
                open.by_reader.remove(&self.reader);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_and_the_table_are_capped_and_a_closed_stream_frees_its_place() {
        let streams = Streams::new(Caps {
            total: 3,
            per_reader: 2,
        });
        let a1 = streams.open("a".into()).unwrap();
        let _a2 = streams.open("a".into()).unwrap();
        assert_eq!(streams.open("a".into()).err(), Some(Full::Reader));
        let _b1 = streams.open("b".into()).unwrap();
        assert_eq!(streams.open("c".into()).err(), Some(Full::Table));
        assert_eq!(streams.count(), 3);
        drop(a1);
        assert_eq!(streams.count(), 2);
        let _c1 = streams.open("c".into()).unwrap();
        assert_eq!(streams.open("a".into()).err(), Some(Full::Table));
    }
}
