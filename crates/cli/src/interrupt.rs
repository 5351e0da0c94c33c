//! Ctrl-C (SIGINT, or SIGTERM) during a solve or a search: the first asks the solver to stop, which it does
//! between two rounds or batches (saving its checkpoint when it keeps one), through
//! [`nimber_engine::Progress::cancelled`]; a second one exits at once with status 130.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_STOPPED: u8 = 130;

/// Set by the first Ctrl-C.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C was pressed since [`install`].
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Catches Ctrl-C from now on (once per process; later calls do nothing). Without it, Ctrl-C
/// ends the process as usual.
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) else { return };
        let _ = std::thread::Builder::new().name("nimber-interrupt".into()).spawn(move || {
            for _ in signals.forever() {
                if REQUESTED.swap(true, Ordering::Relaxed) {
                    std::process::exit(EXIT_STOPPED as i32);
                }
                let _ = writeln!(
                    std::io::stderr(),
                    "\nnimber: stopping at the end of the current round (a checkpoint is saved when kept, \
                     a search says what it proved); Ctrl-C again to quit at once"
                );
            }
        });
    });
}
