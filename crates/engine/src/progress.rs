//! Progress reporting. The engine reports; front ends (a terminal bar, a web page) display.

/// Receives progress from long-running work. Implementations must be cheap: solvers call
/// [`Progress::advance`] from their inner loops in batches.
pub trait Progress: Sync {
    /// A new phase begins, with the amount of work in it when known.
    fn phase(&self, _name: &str, _total: Option<u64>) {}
    /// `n` more units of the current phase are done.
    fn advance(&self, _n: u64) {}
    /// A line of information for the user (for example which solver was chosen).
    fn note(&self, _message: &str) {}
    /// Whether the work should stop (Ctrl-C, a cancel button). Long solvers poll it between
    /// rounds or batches and return [`crate::Error::Cancelled`] (after saving a checkpoint when
    /// they keep them); polling must be cheap, so implementations read a flag.
    fn cancelled(&self) -> bool {
        false
    }
}

/// Discards all progress.
pub struct Silent;

impl Progress for Silent {}

/// Shows nothing, but stops when another progress stops: for the members of a split solve that
/// do not report (one member reports, every member must hear Ctrl-C).
pub(crate) struct Quiet<'a>(pub &'a dyn Progress);

impl Progress for Quiet<'_> {
    fn cancelled(&self) -> bool {
        self.0.cancelled()
    }
}
