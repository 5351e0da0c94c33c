//! A progress bar on standard error for [`nimber_engine::Progress`].
//!
//! Bars are drawn only when standard error is a terminal, and only once the work has lasted
//! [`DELAY`], so that small solves print nothing. Notes are always written to standard error,
//! one line each.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use nimber_engine::Progress;

/// How long work must last before a bar appears.
pub const DELAY: Duration = Duration::from_secs(1);

/// How often a visible bar is redrawn when the solver reports nothing.
const TICK: Duration = Duration::from_millis(100);

/// Progress shown on standard error.
pub struct TerminalProgress {
    shared: Arc<Shared>,
    /// Reveals the bar once [`DELAY`] has passed; `None` when standard error is not a terminal.
    watcher: Option<JoinHandle<()>>,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

struct State {
    /// The bar of the current phase; hidden until `visible`.
    bar: Option<ProgressBar>,
    /// Whether bars are drawn: standard error is a terminal and the delay has passed.
    visible: bool,
    /// Set when the work is over.
    done: bool,
    /// The notes written so far.
    notes: Vec<String>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere must not turn progress reporting into a second panic.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl TerminalProgress {
    /// Starts reporting: bars appear after [`DELAY`] if standard error is a terminal.
    pub fn start() -> TerminalProgress {
        TerminalProgress::with_bars(std::io::stderr().is_terminal())
    }

    /// Reports notes only, or notes and (delayed) bars.
    fn with_bars(bars: bool) -> TerminalProgress {
        let shared = Arc::new(Shared {
            state: Mutex::new(State { bar: None, visible: false, done: false, notes: Vec::new() }),
            wake: Condvar::new(),
        });
        let watcher = bars
            .then(|| {
                let shared = Arc::clone(&shared);
                std::thread::Builder::new()
                    .name("nimber-progress".into())
                    .spawn(move || reveal_after_delay(&shared))
                    .ok()
            })
            .flatten();
        TerminalProgress { shared, watcher }
    }

    /// Ends reporting: stops the watcher and clears any bar, so that results printed next are
    /// not mixed with it. Returns the notes written to standard error.
    pub fn finish(mut self) -> Vec<String> {
        self.stop();
        std::mem::take(&mut self.shared.lock().notes)
    }

    fn stop(&mut self) {
        {
            let mut state = self.shared.lock();
            state.done = true;
            if let Some(bar) = state.bar.take() {
                bar.finish_and_clear();
            }
        }
        self.shared.wake.notify_all();
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
    }
}

impl Drop for TerminalProgress {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Waits for [`DELAY`] (or the end of the work), then makes bars visible.
fn reveal_after_delay(shared: &Shared) {
    let state = shared.lock();
    let (mut state, _) = shared
        .wake
        .wait_timeout_while(state, DELAY, |s| !s.done)
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if state.done {
        return;
    }
    state.visible = true;
    if let Some(bar) = &state.bar {
        show(bar);
    }
}

/// Draws a bar on standard error from now on.
fn show(bar: &ProgressBar) {
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.enable_steady_tick(TICK);
}

/// A bar for a phase with `total` units of work, or a spinner when the total is unknown.
fn new_bar(name: &str, total: Option<u64>) -> ProgressBar {
    let (bar, template) = match total {
        Some(total) => (
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()),
            "{msg:>20} [{bar:40}] {human_pos}/{human_len} ({percent}%) {elapsed_precise} eta {eta}",
        ),
        None => (
            ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
            "{spinner} {msg}: {human_pos} ({rate}) {elapsed_precise}",
        ),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        // Units a second, whole: `1,234,567/s` (indicatif's own `per_sec` shows decimals).
        let rate = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}/s", HumanCount(state.per_sec() as u64));
        };
        bar.set_style(style.with_key("rate", rate).progress_chars("=> "));
    }
    bar.set_message(name.to_string());
    bar
}

impl Progress for TerminalProgress {
    fn phase(&self, name: &str, total: Option<u64>) {
        let mut state = self.shared.lock();
        if let Some(old) = state.bar.take() {
            old.finish_and_clear();
        }
        if state.done {
            return;
        }
        let bar = new_bar(name, total);
        if state.visible {
            show(&bar);
        }
        state.bar = Some(bar);
    }

    fn advance(&self, n: u64) {
        let state = self.shared.lock();
        if let Some(bar) = &state.bar {
            bar.inc(n);
        }
    }

    fn note(&self, message: &str) {
        let mut state = self.shared.lock();
        state.notes.push(message.to_string());
        let write = || {
            // Standard error may be closed; a note is not worth failing for.
            let _ = writeln!(std::io::stderr(), "nimber: note: {message}");
        };
        match &state.bar {
            Some(bar) if state.visible => bar.suspend(write),
            _ => write(),
        }
    }

    /// Ctrl-C, once [`crate::interrupt::install`] catches it.
    fn cancelled(&self) -> bool {
        crate::interrupt::requested()
    }
}

/// Notes of a report worth repeating on standard output: all of them, unless standard error
/// and standard output are both the terminal and the notes are already on it.
pub fn unseen_notes<'a>(notes: &'a [String], shown: &[String]) -> Vec<&'a str> {
    let same_terminal = std::io::stdout().is_terminal() && std::io::stderr().is_terminal();
    notes.iter().filter(|n| !(same_terminal && shown.contains(n))).map(String::as_str).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_and_notes_without_a_terminal() {
        let progress = TerminalProgress::with_bars(false);
        progress.phase("searching", None);
        progress.advance(10);
        progress.phase("counting", Some(100));
        progress.advance(50);
        assert_eq!(progress.shared.lock().bar.as_ref().map(|b| b.position()), Some(50));
        assert!(progress.finish().is_empty());
    }

    #[test]
    fn quick_work_never_shows_a_bar() {
        let progress = TerminalProgress::with_bars(true);
        progress.phase("searching", Some(10));
        progress.advance(10);
        assert!(!progress.shared.lock().visible);
        progress.finish();
    }
}
