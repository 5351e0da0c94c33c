//! The one place where a solve's solver is chosen ([`choose`]), from what was asked
//! ([`SolveOptions`]) and what the game offers: its rules alone, or a dense index, complete or
//! leaving positions out. Both views ([`crate::DynGame`] of any game and [`crate::view::dense`]) run
//! the [`Plan`] it gives, and front ends ask [`needs_dense`] whether to build a game over its
//! index before they solve.

use crate::error::{Choice, Error};
use crate::solve::SolverChoice;
use crate::view::report::SolveOptions;

/// What a solve runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Memo search (no cycles).
    Memo,
    /// Retrograde analysis of the positions reachable from the roots.
    Retrograde,
    /// Memo search, then retrograde analysis when it meets a cycle.
    MemoOrRetrograde,
    /// Sprague-Grundy nim values, then the loopy solver's when a cycle is met.
    Grundy,
    /// Generalized nim values `n` or `∞(K)` (the loopy solver).
    Loopy,
    /// Retrograde analysis over the dense index, keeping checkpoints when asked.
    Dense,
    /// The lean solver over the dense index (two bits a slot, every slot solved).
    Lean,
}

/// The dense index a game is solved over, as far as the choice of solver cares.
#[derive(Copy, Clone, Debug)]
pub struct IndexShape<'a> {
    /// The index leaves out positions that the rules answer for (only the lean solver solves
    /// such an index).
    pub partial: bool,
    /// Its scheme, named in refusals.
    pub scheme: &'a str,
}

/// What a solve asks for that only a dense index gives ([`needs_dense`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DenseNeed {
    /// The lean solver.
    Lean,
    /// Checkpoints (the dense solver keeps them).
    Checkpoint,
}

impl DenseNeed {
    /// Why it needs the dense index, in words.
    pub fn why(self) -> &'static str {
        match self {
            DenseNeed::Lean => "the lean solver works over a dense index",
            DenseNeed::Checkpoint => "checkpoints are kept by the dense solver",
        }
    }
}

/// Whether a solve with `options` needs a dense index: a front end then builds the game over
/// its index (or refuses a game without one) before solving.
pub fn needs_dense(options: &SolveOptions) -> Option<DenseNeed> {
    if options.solver == SolverChoice::Lean {
        Some(DenseNeed::Lean)
    } else if options.checkpoint.is_some() {
        Some(DenseNeed::Checkpoint)
    } else {
        None
    }
}

/// The solver a solve with `options` runs on a game solved over `index` (`None`: by its rules
/// alone), or why none can.
pub fn choose(options: &SolveOptions, index: Option<IndexShape<'_>>) -> Result<Plan, Error> {
    let Some(index) = index else {
        if let Some(need) = needs_dense(options) {
            return Err(Error::Unsupported(format!("{}, which this game does not have", need.why())));
        }
        return Ok(match options.solver {
            SolverChoice::Loopy => Plan::Loopy,
            _ if options.nim => Plan::Grundy,
            SolverChoice::Grundy => Plan::Grundy,
            SolverChoice::Memo => Plan::Memo,
            SolverChoice::Retrograde => Plan::Retrograde,
            SolverChoice::Auto | SolverChoice::Lean => Plan::MemoOrRetrograde,
        });
    };
    let nim_values = matches!(options.solver, SolverChoice::Grundy | SolverChoice::Loopy);
    if options.nim || nim_values || options.solver == SolverChoice::Memo {
        return Err(Error::Unsupported(format!(
            "this game is solved by retrograde analysis over its dense index; the solver {} is not \
             available",
            if options.nim { "grundy" } else { options.solver.name() }
        ))
        .mended_by(Choice::Solver));
    }
    match options.solver {
        SolverChoice::Lean => Ok(Plan::Lean),
        SolverChoice::Auto if index.partial => Ok(Plan::Lean),
        other if index.partial => {
            Err(partial_index(index.scheme, &format!("; the solver {} is not available", other.name()))
                .mended_by(Choice::Solver))
        }
        _ => Ok(Plan::Dense),
    }
}

/// The refusal of a solve other than lean on a game whose index (of scheme `scheme`) leaves
/// positions out, ending with `why_not`.
pub(crate) fn partial_index(scheme: &str, why_not: &str) -> Error {
    Error::Unsupported(format!(
        "this game's index leaves out the positions that the rules answer for (index scheme \
         {scheme}), which only the lean solver solves{why_not}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::checkpoint::hook::CheckpointOptions;

    fn options(solver: SolverChoice, nim: bool) -> SolveOptions {
        SolveOptions { solver, nim, ..SolveOptions::default() }
    }

    /// Every solver asked for, with and without nim values, on a game without an index, with a
    /// complete one and with a partial one: the plan, or the refusal.
    #[test]
    fn every_request_has_one_plan_or_refusal() {
        use SolverChoice::*;
        let complete = Some(IndexShape { partial: false, scheme: "s-v1" });
        let partial = Some(IndexShape { partial: true, scheme: "s-v1" });
        let plan = |solver, nim, index| choose(&options(solver, nim), index).ok();
        let rules = [Auto, Memo, Retrograde, Grundy, Loopy].map(|s| plan(s, false, None));
        use Plan as P;
        assert_eq!(
            rules,
            [Some(P::MemoOrRetrograde), Some(P::Memo), Some(P::Retrograde), Some(P::Grundy), Some(P::Loopy)]
        );
        assert_eq!([Auto, Memo, Retrograde].map(|s| plan(s, true, None)), [Some(P::Grundy); 3]);
        assert_eq!(plan(Loopy, true, None), Some(P::Loopy));
        let dense = [Auto, Memo, Retrograde, Grundy, Loopy, Lean].map(|s| plan(s, false, complete));
        assert_eq!(dense, [Some(P::Dense), None, Some(P::Dense), None, None, Some(P::Lean)]);
        let lean = [Auto, Memo, Retrograde, Grundy, Loopy, Lean].map(|s| plan(s, false, partial));
        assert_eq!(lean, [Some(P::Lean), None, None, None, None, Some(P::Lean)]);
        assert_eq!(plan(Auto, true, complete), None);

        let refusal = |solver, nim, index| choose(&options(solver, nim), index).unwrap_err().to_string();
        assert_eq!(
            refusal(Lean, false, None),
            "the lean solver works over a dense index, which this game does not have"
        );
        assert!(refusal(Memo, false, complete).ends_with("the solver memo is not available"));
        assert!(refusal(Auto, true, complete).ends_with("the solver grundy is not available"));
        let text = refusal(Retrograde, false, partial);
        assert!(
            text.contains("(index scheme s-v1), which only the lean solver solves; the solver retrograde"),
            "{text}"
        );
        assert_eq!(choose(&options(Memo, false), complete).unwrap_err().choice(), Some(Choice::Solver));

        // Checkpoints need the dense index; the lean solver too, first.
        let kept = SolveOptions {
            checkpoint: Some(CheckpointOptions::new("x.ckpt", &crate::rules::params::GameId::default())),
            ..SolveOptions::default()
        };
        assert_eq!(needs_dense(&kept), Some(DenseNeed::Checkpoint));
        assert_eq!(needs_dense(&SolveOptions { solver: Lean, ..kept.clone() }), Some(DenseNeed::Lean));
        assert_eq!(needs_dense(&SolveOptions::default()), None);
        assert_eq!(choose(&kept, complete).unwrap(), Plan::Dense);
        assert!(choose(&kept, None)
            .unwrap_err()
            .to_string()
            .starts_with("checkpoints are kept by the dense solver"));
    }
}
