//! Long work requested from the page (a solve, an exploration): one job at a time, in a
//! background thread, with progress the page polls and a cancel flag the solvers poll.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use nimber_engine::{Error, Progress};
use serde_json::Value as Json;

pub use crate::bodies::{JobStatus, State};

/// Progress of the running job, shared between the worker thread (which reports) and the
/// request threads (which read it and may cancel).
#[derive(Default)]
pub struct WebProgress {
    phase: Mutex<String>,
    /// Units of the current phase; `u64::MAX` when unknown.
    total: AtomicU64,
    done: AtomicU64,
    cancel: AtomicBool,
    notes: Mutex<Vec<String>>,
}

impl WebProgress {
    /// Asks the work to stop; solvers see it through [`Progress::cancelled`].
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    fn snapshot(&self) -> (String, u64, Option<u64>, Vec<String>) {
        let total = self.total.load(Ordering::Relaxed);
        (
            lock(&self.phase).clone(),
            self.done.load(Ordering::Relaxed),
            (total != u64::MAX).then_some(total),
            lock(&self.notes).clone(),
        )
    }
}

impl Progress for WebProgress {
    fn phase(&self, name: &str, total: Option<u64>) {
        *lock(&self.phase) = name.to_string();
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total.unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    fn advance(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    fn note(&self, message: &str) {
        let mut notes = lock(&self.notes);
        if notes.len() < 20 {
            notes.push(message.to_string());
        }
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// A mutex that a panic elsewhere does not make unusable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A job: what it is, how far it got, and its result or error.
struct Job {
    id: u64,
    kind: &'static str,
    title: String,
    started: Instant,
    elapsed_ms: Option<u64>,
    progress: Arc<WebProgress>,
    state: State,
    error: Option<String>,
    result: Option<Json>,
}

/// The job slot: the current (or last) job.
#[derive(Default)]
pub struct Jobs {
    slot: Mutex<Option<Job>>,
    next: AtomicU64,
}

impl Jobs {
    /// Starts `work` in a background thread unless a job is running (then the running job's
    /// title, for a 409). `work` returns the job's result; its errors become the job's error.
    pub fn start(
        self: &Arc<Self>,
        kind: &'static str,
        title: String,
        work: impl FnOnce(&WebProgress) -> Result<Json, Error> + Send + 'static,
    ) -> Result<JobStatus, String> {
        let mut slot = lock(&self.slot);
        if let Some(job) = slot.as_ref().filter(|j| j.state == State::Running) {
            return Err(job.title.clone());
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let progress = Arc::new(WebProgress::default());
        *slot = Some(Job {
            id,
            kind,
            title,
            started: Instant::now(),
            elapsed_ms: None,
            progress: Arc::clone(&progress),
            state: State::Running,
            error: None,
            result: None,
        });
        let jobs = Arc::clone(self);
        let spawned = std::thread::Builder::new().name(format!("nimber-job-{id}")).spawn(move || {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&progress)));
            let mut slot = lock(&jobs.slot);
            let Some(job) = slot.as_mut().filter(|j| j.id == id) else { return };
            job.elapsed_ms = Some(job.started.elapsed().as_millis() as u64);
            match outcome {
                Ok(Ok(result)) => {
                    job.state = State::Done;
                    job.result = Some(result);
                }
                Ok(Err(e @ Error::Cancelled { .. })) => {
                    job.state = State::Cancelled;
                    // What a search had proven by then, where it says.
                    job.error = Some(match e {
                        Error::Cancelled { proven: Some(_), .. } => format!("cancelled: {e}"),
                        _ => "cancelled".into(),
                    });
                }
                Ok(Err(_)) if progress.cancelled() => {
                    job.state = State::Cancelled;
                    job.error = Some("cancelled".into());
                }
                Ok(Err(e)) => {
                    job.state = State::Failed;
                    job.error = Some(e.to_string());
                }
                Err(_) => {
                    job.state = State::Failed;
                    job.error = Some("the work stopped on an internal error".into());
                }
            }
        });
        if let Err(e) = spawned {
            let job = slot.as_mut().expect("just set");
            job.state = State::Failed;
            job.error = Some(format!("cannot start a thread: {e}"));
        }
        Ok(status(slot.as_ref().expect("just set")))
    }

    /// The current or last job, if any.
    pub fn status(&self) -> Option<JobStatus> {
        lock(&self.slot).as_ref().map(status)
    }

    /// Asks the running job to stop; its state turns to cancelled when it has.
    pub fn cancel(&self) -> Option<JobStatus> {
        let slot = lock(&self.slot);
        let job = slot.as_ref()?;
        if job.state == State::Running {
            job.progress.cancel();
        }
        Some(status(job))
    }

    /// Whether a job is running.
    pub fn busy(&self) -> Option<String> {
        lock(&self.slot).as_ref().filter(|j| j.state == State::Running).map(|j| j.title.clone())
    }
}

fn status(job: &Job) -> JobStatus {
    let (phase, done, total, notes) = job.progress.snapshot();
    JobStatus {
        id: job.id,
        kind: job.kind,
        title: job.title.clone(),
        state: job.state,
        phase,
        done,
        total,
        elapsed_ms: job.elapsed_ms.unwrap_or_else(|| job.started.elapsed().as_millis() as u64),
        notes,
        error: job.error.clone(),
        result: job.result.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn wait(jobs: &Jobs) -> JobStatus {
        for _ in 0..500 {
            let s = jobs.status().unwrap();
            if s.state != State::Running {
                return s;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the job did not end");
    }

    #[test]
    fn one_job_at_a_time_and_cancel() {
        let jobs = Arc::new(Jobs::default());
        let started = jobs
            .start("solve", "slow".into(), |p| {
                p.phase("waiting", Some(10));
                while !p.cancelled() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(Error::Cancelled { checkpoint: None, proven: None })
            })
            .unwrap();
        assert_eq!(started.state, State::Running);
        assert_eq!(jobs.start("solve", "second".into(), |_| Ok(Json::Null)).err().as_deref(), Some("slow"));
        assert_eq!(jobs.busy().as_deref(), Some("slow"));
        jobs.cancel();
        let s = wait(&jobs);
        assert_eq!((s.state, s.phase.as_str(), s.total), (State::Cancelled, "waiting", Some(10)));
        let s = jobs.start("solve", "quick".into(), |_| Ok(Json::from(7))).unwrap();
        assert_eq!(s.id, 2);
        let s = wait(&jobs);
        assert_eq!((s.state, s.result), (State::Done, Some(Json::from(7))));
    }

    #[test]
    fn errors_and_panics_fail_the_job() {
        let jobs = Arc::new(Jobs::default());
        jobs.start("solve", "bad".into(), |_| Err(Error::TooLarge("too big".into()))).unwrap();
        let s = wait(&jobs);
        assert_eq!((s.state, s.error.as_deref()), (State::Failed, Some("too big")));
        jobs.start("solve", "panics".into(), |_| panic!("boom")).unwrap();
        assert_eq!(wait(&jobs).state, State::Failed);
    }
}
