//! The exact solvers.

pub(crate) mod dfs;
pub mod exchange;
pub mod explore;
pub mod grundy;
pub mod loopy;
pub mod memo;
pub mod retrograde;
pub mod solution;
pub mod survey;

/// Which solver to run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SolverChoice {
    /// Memo search for games without cycles, falling back to retrograde analysis on a cycle; or
    /// Sprague-Grundy when nim values are asked for (the loopy solver on a cycle).
    Auto,
    /// Depth-first negamax with a transposition table (no cycles).
    Memo,
    /// Retrograde analysis (cycles allowed).
    Retrograde,
    /// Sprague-Grundy nim values (impartial games, no cycles).
    Grundy,
    /// Generalized nim values of impartial games with cycles (Smith; Fraenkel and Yesha).
    Loopy,
    /// Retrograde analysis over a game's dense index in two bits per slot, every slot solved
    /// (reachable or not), remoteness kept on disk ([`crate::table::lean`]).
    Lean,
}

impl SolverChoice {
    /// Lower-case name, as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SolverChoice::Auto => "auto",
            SolverChoice::Memo => "memo",
            SolverChoice::Retrograde => "retrograde",
            SolverChoice::Grundy => "grundy",
            SolverChoice::Loopy => "loopy",
            SolverChoice::Lean => "lean",
        }
    }
}
