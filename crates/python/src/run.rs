//! Long work from Python: run without the GIL, and stopped by Ctrl-C within a fraction of a
//! second.
//!
//! Python notices Ctrl-C only on the main thread, between bytecodes. [`released`] runs the work
//! on a thread of its own while the calling thread, with the GIL released, wakes every
//! [`POLL`] to let Python check its signals: on `KeyboardInterrupt` the work's
//! [`Progress::cancelled`] turns true, the engine's solvers stop at their next poll, and the
//! exception is raised once they have.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use nimber_engine::{Error, Progress};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::errors::to_py;

/// How often the waiting thread checks for Ctrl-C.
pub const POLL: Duration = Duration::from_millis(50);

/// The progress of work started from Python: only whether it should stop.
#[derive(Default)]
pub struct Stoppable {
    stop: AtomicBool,
}

impl Progress for Stoppable {
    fn cancelled(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Sets the flag when dropped: the work is over, however it ended.
struct Done<'a>(&'a (Mutex<bool>, Condvar));

impl Drop for Done<'_> {
    fn drop(&mut self) {
        *self.0 .0.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.0 .1.notify_all();
    }
}

/// Runs `work` without the GIL on a thread of its own (see the module documentation).
pub fn released<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&dyn Progress) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let progress = Stoppable::default();
    let done = (Mutex::new(false), Condvar::new());
    let mut interrupt: Option<PyErr> = None;
    let joined = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let _done = Done(&done);
            work(&progress)
        });
        loop {
            let finished = py.detach(|| {
                let guard = done.0.lock().unwrap_or_else(PoisonError::into_inner);
                let (guard, _) =
                    done.1.wait_timeout_while(guard, POLL, |d| !*d).unwrap_or_else(PoisonError::into_inner);
                *guard
            });
            if finished {
                break;
            }
            if interrupt.is_none() {
                if let Err(e) = py.check_signals() {
                    progress.stop.store(true, Ordering::Relaxed);
                    interrupt = Some(e);
                }
            }
        }
        worker.join()
    });
    if let Some(e) = interrupt {
        return Err(e);
    }
    match joined {
        Ok(result) => result.map_err(to_py),
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            Err(PyRuntimeError::new_err(format!("nimber: internal error: {what}")))
        }
    }
}
