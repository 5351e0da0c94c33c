//! The reports of dense solves: a solve's counts, the start's outcome and the positions listed
//! as rows (at most [`MAX_ROWS`]), with the peak memory, and the note of a store written.

use std::path::Path;

use crate::error::Error;
use crate::memory::peak_memory;
use crate::rules::capability;
use crate::rules::value::Outcome;
use crate::solve::solution::CountRow;
use crate::solve::SolverChoice;
use crate::table::plumbing::SlotMoves;
use crate::view::dense::{Dense, Solution};
use crate::view::report::{Row, SolveOptions, SolveReport};

/// Positions reported one by one (`--dump`) at most: past this, a solve says to store instead.
pub const MAX_ROWS: u64 = 10_000_000;

impl<G: SlotMoves> Dense<G> {
    /// Every position of a solution with its outcome, as rows.
    pub(super) fn rows(&self, solution: &Solution) -> Result<Vec<Row>, Error> {
        let game = &self.0;
        if solution.positions() > MAX_ROWS {
            return Err(Error::TooLarge(format!(
                "{} positions are too many to list one by one (at most {MAX_ROWS})",
                solution.positions()
            )));
        }
        let row = |slot: u64, o: Outcome| {
            let pos = game.unrank(slot).expect("solved slots are positions");
            Row::outcome(capability::format(game, &pos), Some(o))
        };
        match solution {
            Solution::Dense(s) => Ok((0..s.len()).map(|k| row(s.set().select(k), s.get_nth(k))).collect()),
            Solution::Lean(s) => {
                let mut rows = Vec::new();
                for g in 0..s.groups() {
                    let group = s.group(g)?;
                    rows.extend(group.range().filter_map(|slot| Some(row(slot, group.get(slot)?))));
                }
                Ok(rows)
            }
        }
    }

    /// The report of a solve (`solve`, `solve --save`).
    pub(crate) fn report(&self, solution: &Solution, options: &SolveOptions) -> Result<SolveReport, Error> {
        let game = &self.0;
        let analysis = match solution {
            Solution::Dense(s) => {
                format!(
                    "dense retrograde analysis: {} index slots, {} reachable positions",
                    game.size(),
                    s.len()
                )
            }
            Solution::Lean(s) => format!(
                "lean retrograde analysis: {} index slots, {} positions solved (every position of the \
                 index, reachable from the start or not)",
                game.size(),
                s.positions(),
            ),
        };
        let rows = if options.rows { self.rows(solution)? } else { Vec::new() };
        let (solver, counts) = match solution {
            Solution::Dense(s) => (SolverChoice::Retrograde, s.counts()),
            Solution::Lean(s) => (SolverChoice::Lean, s.counts().to_vec()),
        };
        let start = self.outcome(solution, &game.start())?;
        Ok(self.report_of(solver, &analysis, solution.positions(), counts, start, rows))
    }

    /// A solve's report from its parts: `analysis` leads the notes, with the peak memory of this
    /// process.
    pub(super) fn report_of(
        &self,
        solver: SolverChoice,
        analysis: &str,
        positions: u64,
        counts: Vec<CountRow>,
        start: Outcome,
        rows: Vec<Row>,
    ) -> SolveReport {
        let peak = peak_memory().map_or(String::new(), |peak| {
            format!(", peak memory {:.0} MiB", peak as f64 / (1u64 << 20) as f64)
        });
        SolveReport {
            solver,
            start: Row::outcome(capability::format(&self.0, &self.0.start()), Some(start)),
            positions,
            counts,
            nim_counts: Vec::new(),
            infinite_counts: Vec::new(),
            rows,
            notes: vec![format!("{analysis}{peak}")],
        }
    }
}

/// The note of a store written: its file, size and the time the save took.
pub(super) fn saved_note(path: &Path, positions: u64, seconds: f64) -> Result<String, Error> {
    let bytes = std::fs::metadata(path)
        .map_err(|source| Error::Io { path: path.display().to_string(), source })?
        .len();
    Ok(format!(
        "saved {positions} positions to {} ({bytes} bytes, {:.2} byte per position, in {seconds:.1} s)",
        path.display(),
        bytes as f64 / positions.max(1) as f64
    ))
}
