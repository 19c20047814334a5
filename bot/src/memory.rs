//! The bot's memory given back to the system. glibc's malloc keeps what a burst freed: its
//! dynamic mmap threshold grows until large buffers (PNGs, JSON bodies) come from the heap,
//! and free pages inside a heap are returned only by `malloc_trim`. Under 1,000 live games
//! the heap held ~30 MB while the process kept ~140 MB (issue 22; `heaptrack`, loopback bench).

use std::time::Duration;

/// How often the free pages inside the heaps are returned (`VLIV_MALLOC_TRIM_SECS`, 0 =
/// never).
const TRIM_EVERY: Duration = Duration::from_secs(5);

fn trim_every() -> Option<Duration> {
    let secs = std::env::var("VLIV_MALLOC_TRIM_SECS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok());
    match secs {
        Some(0) => None,
        Some(s) => Some(Duration::from_secs(s)),
        None => Some(TRIM_EVERY),
    }
}

/// Fixed malloc thresholds and a thread that trims the heaps every [`TRIM_EVERY`] (or as
/// `VLIV_MALLOC_TRIM_SECS` says). Call
/// before any other thread starts. Other C libraries (musl) and systems: nothing to do.
pub fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallopt only sets allocator parameters; no other thread runs yet.
        unsafe {
            // Blocks from 32 KB up are mapped on their own and unmapped when freed; setting
            // it also stops glibc from raising the threshold after each large free.
            libc::mallopt(libc::M_MMAP_THRESHOLD, 32 * 1024);
            libc::mallopt(libc::M_TRIM_THRESHOLD, 64 * 1024);
        }
        let Some(every) = trim_every() else { return };
        let trimmer = std::thread::Builder::new()
            .name("malloc-trim".into())
            .spawn(move || loop {
                std::thread::sleep(every);
                // SAFETY: malloc_trim takes the allocator's own locks; safe from any thread.
                unsafe {
                    libc::malloc_trim(0);
                }
            });
        if let Err(e) = trimmer {
            eprintln!("vliv: memory trimming not started: {e}");
        }
    }
}
