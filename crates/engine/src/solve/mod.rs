//! The exact solvers.

pub(crate) mod dfs;
pub mod exchange;
pub mod grundy;
pub mod loopy;
pub mod memo;
pub mod reach;
pub mod retrograde;
pub mod search;
pub(crate) mod solution;
pub mod survey;

use crate::error::Error;

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

/// The table of solvers, in the order front ends list them: each with its name (as front ends
/// take it: `--solver NAME`, `solver="NAME"`) and a line of help. Front ends list, read and explain
/// solvers from this table alone.
const SOLVERS: [(SolverChoice, &str, &str); 6] = [
    (SolverChoice::Auto, "auto", "Memo search, or retrograde analysis when the game has cycles"),
    (SolverChoice::Memo, "memo", "Depth-first search with a transposition table (games without cycles)"),
    (SolverChoice::Retrograde, "retrograde", "Retrograde analysis (any finite game; finds draws)"),
    (SolverChoice::Grundy, "grundy", "Sprague-Grundy nim values (impartial games)"),
    (SolverChoice::Loopy, "loopy", "Generalized nim values n or ∞(K) (impartial games with cycles)"),
    (
        SolverChoice::Lean,
        "lean",
        "Retrograde analysis in two bits per index slot, every slot solved, remoteness kept on disk \
         (games with a dense index; the default for Dōbutsu shōgi)",
    ),
];

// The table lists the solvers in the order of the enum, so a solver's entry is at its index.
const _: () = {
    let mut i = 0;
    while i < SOLVERS.len() {
        assert!(SOLVERS[i].0 as usize == i);
        i += 1;
    }
};

impl SolverChoice {
    /// Every solver, in the order of the table (as front ends list them).
    pub const ALL: [SolverChoice; SOLVERS.len()] = {
        let mut all = [SolverChoice::Auto; SOLVERS.len()];
        let mut i = 0;
        while i < SOLVERS.len() {
            all[i] = SOLVERS[i].0;
            i += 1;
        }
        all
    };

    /// Lower-case name, as front ends take it (`--solver NAME` on the command line).
    pub fn name(self) -> &'static str {
        SOLVERS[self as usize].1
    }

    /// What the solver does, in one line, for front ends' help.
    pub fn help(self) -> &'static str {
        SOLVERS[self as usize].2
    }

    /// The names of `solvers`, separated by commas: `auto, memo, retrograde`.
    pub fn names(solvers: &[SolverChoice]) -> String {
        solvers.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
    }
}

/// A solver's [`SolverChoice::name`]; an unknown name is refused with the list of names.
impl std::str::FromStr for SolverChoice {
    type Err = Error;

    fn from_str(name: &str) -> Result<SolverChoice, Error> {
        SolverChoice::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| {
            Error::Unsupported(format!("solver `{name}`: one of {}", SolverChoice::names(&SolverChoice::ALL)))
        })
    }
}

/// The solver's [`SolverChoice::name`].
impl std::fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::SolverChoice;

    #[test]
    fn names_read_back() {
        for solver in SolverChoice::ALL {
            assert_eq!(solver.name().parse::<SolverChoice>().unwrap(), solver);
            assert_eq!(solver.to_string(), solver.name());
            assert!(!solver.help().is_empty());
        }
        let err = "fast".parse::<SolverChoice>().unwrap_err().to_string();
        assert_eq!(err, "solver `fast`: one of auto, memo, retrograde, grundy, loopy, lean");
    }
}
