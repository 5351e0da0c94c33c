//! Front ends' view of a game solved over its dense index: [`Dense`] wraps an [`Indexed`] game
//! as a [`DynGame`], and [`DenseStore`] (from [`DynGame::dense`]) stores its solution and reads
//! it back.

use std::path::Path;

use crate::error::Error;
use crate::memory::peak_memory;
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::game::Kind;
use crate::rules::value::Outcome;
use crate::solve::solution::CountRow;
use crate::solve::SolverChoice;
use crate::store::{write, Identity, Store};
use crate::table::dense::{not_reachable, solve, DenseSolution};
use crate::table::index::Indexed;
use crate::view::dyn_game::{
    parse, parse_or, query_report, DynGame, QueryReport, Row, SolveOptions, SolveReport, Solved,
};

/// Positions reported one by one (`--dump`) at most: past this, a solve says to store instead.
pub const MAX_ROWS: u64 = 10_000_000;

/// An indexed game that front ends solve with the dense solver: wrap a game in `Dense` to give
/// it to them as a [`DynGame`]. Memo search and nim values are not offered (the dense solver
/// handles cycles and every value).
pub struct Dense<G>(pub G);

impl<G: Indexed> Dense<G> {
    pub(crate) fn solve_all(
        &self,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<DenseSolution, Error> {
        if options.nim || matches!(options.solver, SolverChoice::Memo | SolverChoice::Grundy) {
            return Err(Error::Unsupported(format!(
                "this game is solved by retrograde analysis over its dense index; --solver {} is not available",
                if options.nim { "grundy" } else { options.solver.name() }
            )));
        }
        match &options.checkpoint {
            Some(checkpoint) => {
                crate::store::checkpoint::solve_dense(&self.0, options.memory, checkpoint, progress)
            }
            None => solve(&self.0, options.memory, progress),
        }
    }

    /// Removes the solve's checkpoint once its result is safe.
    pub(crate) fn remove_checkpoint(&self, options: &SolveOptions) -> Result<(), Error> {
        options.checkpoint.as_ref().map_or(Ok(()), |c| c.remove())
    }
}

impl<G: Indexed> Dense<G> {
    /// The report of a solve (`solve`, `solve --save`).
    pub(crate) fn report(
        &self,
        solution: &DenseSolution,
        options: &SolveOptions,
    ) -> Result<SolveReport, Error> {
        let game = &self.0;
        let start = game.start();
        let mut notes = Vec::new();
        if let Some(peak) = peak_memory() {
            notes.push(format!(
                "dense retrograde analysis: {} index slots, {} reachable positions, peak memory {:.0} MiB",
                game.size(),
                solution.len(),
                peak as f64 / (1u64 << 20) as f64
            ));
        }
        let rows = if options.rows {
            if solution.len() > MAX_ROWS {
                return Err(Error::TooLarge(format!(
                    "{} positions are too many to list one by one (at most {MAX_ROWS})",
                    solution.len()
                )));
            }
            let set = solution.set();
            (0..solution.len())
                .map(|k| {
                    Row::outcome(
                        capability::format(
                            game,
                            &game.unrank(set.select(k)).expect("reachable slots are positions"),
                        ),
                        Some(solution.get_nth(k)),
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(SolveReport {
            solver: SolverChoice::Retrograde,
            start: Row::outcome(capability::format(game, &start), solution.get(game, &start)),
            positions: solution.len(),
            counts: solution.counts(),
            nim_counts: Vec::new(),
            infinite_counts: Vec::new(),
            rows,
            notes,
        })
    }
}

/// [`DynGame::solved`] of a [`Dense`] game: the dense solution with its game.
struct DenseSolved<'a, G: Indexed> {
    game: &'a G,
    start: G::Position,
    solution: DenseSolution,
}

impl<G: Indexed> Solved for DenseSolved<'_, G> {
    fn positions(&self) -> u64 {
        self.solution.len()
    }

    fn counts(&self) -> Vec<CountRow> {
        self.solution.counts()
    }

    fn query(&self, position: Option<&str>) -> Result<QueryReport, Error> {
        let game = self.game;
        let pos = parse_or(game, position, || self.start.clone())?;
        let outcome_of = |p: &G::Position| self.solution.get(game, p).ok_or_else(|| not_reachable(game, p));
        query_report(game, &pos, outcome_of, |_| None, Vec::new())
    }
}

impl<G: Indexed> DynGame for Dense<G> {
    fn kind(&self) -> Kind {
        self.0.kind()
    }

    fn start_text(&self) -> String {
        capability::format(&self.0, &self.0.start())
    }

    fn normalize(&self, text: &str) -> Result<String, Error> {
        Ok(capability::format(&self.0, &parse(&self.0, text)?))
    }

    fn svg(&self, position: &str) -> Result<Option<String>, Error> {
        let pos = parse(&self.0, position)?;
        Ok(self.0.drawing().and_then(|d| d.svg(&pos)))
    }

    fn solve(&self, options: &SolveOptions, progress: &dyn Progress) -> Result<SolveReport, Error> {
        let solution = self.solve_all(options, progress)?;
        let report = self.report(&solution, options)?;
        self.remove_checkpoint(options)?;
        Ok(report)
    }

    fn dense(&self) -> Option<&dyn DenseStore> {
        Some(self)
    }

    fn solved(
        &self,
        from: Option<&str>,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Box<dyn Solved + '_>, Error> {
        let start = parse_or(&self.0, from, || self.0.start())?;
        let solution = self.solve_all(options, progress)?;
        if solution.get(&self.0, &start).is_none() {
            return Err(not_reachable(&self.0, &start));
        }
        Ok(Box::new(DenseSolved { game: &self.0, start, solution }))
    }

    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error> {
        let game = &self.0;
        let pos = parse_or(game, position, || game.start())?;
        let solution = self.solve_all(&SolveOptions::default(), progress)?;
        DenseSolved { game, start: pos, solution }.query(None)
    }
}

/// What front ends need of a game solved through the dense path to store its solution and read
/// it back: the object-safe view of a [`Dense`] game, from [`crate::DynGame::dense`].
pub trait DenseStore: Send + Sync {
    /// The index scheme ([`Indexed::index_scheme`]).
    fn index_scheme(&self) -> String;

    /// Slots of the index.
    fn size(&self) -> u64;

    /// The fingerprint of the rules ([`crate::index::rules_fingerprint`]).
    fn rules_fingerprint(&self) -> u64;

    /// Solves the game, writes the solution to `path` under `game` and `params`, and reports
    /// the solve as [`crate::DynGame::solve`] does.
    fn solve_and_save(
        &self,
        path: &Path,
        game: &str,
        params: &[(String, String)],
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error>;

    /// A position (the start when `None`) and each of its moves, read from a store.
    fn query_store(&self, store: &Store, position: Option<&str>) -> Result<QueryReport, Error>;

    /// The position in a slot, as text (`None` for a hole).
    fn slot_text(&self, slot: u64) -> Option<String>;
}

impl Store {
    /// Checks that the store was written with `game`'s index and, the first time, for its rules
    /// (the fingerprint, when the file records one).
    pub fn check_index(&self, game: &dyn DenseStore) -> Result<(), Error> {
        if self.header().scheme != game.index_scheme() || self.header().size != game.size() {
            return Err(Error::Unsupported(format!(
                "{}: stored with index scheme {} of {} slots, but {} is now indexed with {} of {} slots (another version of nimber, or a game read from a file that has changed since)",
                self.path().display(),
                self.header().scheme,
                self.header().size,
                self.header().game,
                game.index_scheme(),
                game.size()
            )));
        }
        if let Err((rules, stored)) = self.rules_match(|| game.rules_fingerprint()) {
            return Err(Error::Unsupported(format!(
                "{}: stored for other rules of {} than this nimber's (the rules' fingerprint is \
                 {rules:016x}, the file's {stored:016x}): solve it again",
                self.path().display(),
                self.header().game,
            )));
        }
        Ok(())
    }
}

impl<G: Indexed> DenseStore for Dense<G> {
    fn index_scheme(&self) -> String {
        self.0.index_scheme()
    }

    fn size(&self) -> u64 {
        self.0.size()
    }

    fn rules_fingerprint(&self) -> u64 {
        crate::table::index::rules_fingerprint(&self.0)
    }

    fn solve_and_save(
        &self,
        path: &Path,
        game: &str,
        params: &[(String, String)],
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error> {
        let solution = self.solve_all(options, progress)?;
        let started = std::time::Instant::now();
        let scheme = self.0.index_scheme();
        let rules = self.rules_fingerprint();
        let identity = Identity { game, params, scheme: &scheme, size: self.0.size(), rules };
        write(path, &identity, &solution, progress)?;
        let seconds = started.elapsed().as_secs_f64();
        self.remove_checkpoint(options)?;
        let mut report = self.report(&solution, options)?;
        let bytes = std::fs::metadata(path)
            .map_err(|source| Error::Io { path: path.display().to_string(), source })?
            .len();
        report.notes.push(format!(
            "saved {} positions to {} ({bytes} bytes, {:.2} byte per position, in {seconds:.1} s)",
            solution.len(),
            path.display(),
            bytes as f64 / solution.len().max(1) as f64
        ));
        Ok(report)
    }

    fn query_store(&self, store: &Store, position: Option<&str>) -> Result<QueryReport, Error> {
        store.check_index(self)?;
        let game = &self.0;
        let pos = parse_or(game, position, || game.start())?;
        let get = |p: &G::Position| -> Result<Outcome, Error> {
            store.get(game.rank(p))?.ok_or_else(|| not_reachable(game, p))
        };
        let report = query_report(game, &pos, get, |_| None, Vec::new())?;
        // The answer against the rules, one ply deep: the position's declared end, the declared
        // ends its moves reach, and its value from its moves' values.
        let ended = game.terminal(&pos);
        let mut succ = Vec::new();
        if ended.is_none() {
            game.successors(&pos, &mut succ);
        }
        let mut declared = ended.is_none_or(|t| t == report.outcome);
        for c in &succ {
            if let Some(t) = game.terminal(c) {
                declared &= store.get(game.rank(c))? == Some(t);
            }
        }
        if !declared || !report.consistent() {
            return Err(Error::Corrupt {
                path: store.path().display().to_string(),
                what: format!(
                    "the stored value of {} ({}) is not what the rules give from its moves (or its \
                     declared end): the file was written for other rules; solve it again",
                    report.position, report.outcome
                ),
            });
        }
        Ok(report)
    }

    fn slot_text(&self, slot: u64) -> Option<String> {
        self.0.unrank(slot).map(|p| capability::format(&self.0, &p))
    }
}
