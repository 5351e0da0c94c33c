//! The exact solvers.

pub(crate) mod dfs;
pub mod grundy;
pub mod memo;
pub mod pursuit;
pub mod retrograde;

/// Which solver to run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SolverChoice {
    /// Memo search for games without cycles, falling back to retrograde analysis on a cycle; or
    /// Sprague-Grundy when nim values are asked for.
    Auto,
    /// Depth-first negamax with a transposition table (no cycles).
    Memo,
    /// Retrograde analysis (cycles allowed).
    Retrograde,
    /// Sprague-Grundy nim values (impartial games, no cycles).
    Grundy,
}

impl SolverChoice {
    /// Lower-case name, as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SolverChoice::Auto => "auto",
            SolverChoice::Memo => "memo",
            SolverChoice::Retrograde => "retrograde",
            SolverChoice::Grundy => "grundy",
        }
    }
}
