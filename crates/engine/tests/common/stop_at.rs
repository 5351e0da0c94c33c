//! A progress that asks a solve to stop at a given poll: the tests of stopping and resuming.

use std::sync::atomic::{AtomicU64, Ordering};

use nimber_engine::Progress;

/// Asks to stop at the `stop_at`-th poll (0-based) and at every later one.
pub struct StopAt {
    polls: AtomicU64,
    stop_at: u64,
}

impl StopAt {
    pub fn new(stop_at: u64) -> StopAt {
        StopAt { polls: AtomicU64::new(0), stop_at }
    }
}

impl Progress for StopAt {
    fn cancelled(&self) -> bool {
        self.polls.fetch_add(1, Ordering::Relaxed) >= self.stop_at
    }
}
