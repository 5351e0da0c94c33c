//! Front ends' view of a game solved over its dense index: [`Dense`] wraps an [`Indexed`](crate::table::Indexed) game
//! as a [`DynGame`], and [`DenseStore`] (from [`DynGame::dense`]) stores its solution and reads
//! it back. The game is solved by the dense solver ([`crate::table::dense`]: the positions
//! reachable from the start) or by the lean one ([`crate::table::lean`]: every slot of the index,
//! in two bits each), which is the default for a [partial](crate::table::Indexed::partial) index.
//!
//! The rooms: this file (the game solved on one machine, held for queries, stored), `face.rs`
//! (the object-safe faces: [`DenseStore`], and [`Members`] where a split solve runs),
//! `report.rs` (the reports of dense solves), `members.rs` (a solve split over members: their
//! orchestration, checkpoints, report and store) and `answer.rs` (positions answered from a
//! store, checked against the rules).

use std::path::Path;

use crate::error::{Choice, Error};
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::game::Kind;
use crate::rules::params::GameId;
use crate::rules::value::Outcome;
use crate::solve::search::{Generic, SearchOptions};
use crate::solve::solution::CountRow;
use crate::store::format::{Derived, Subject};
use crate::store::probe;
use crate::store::read::Store;
use crate::store::resumable::solve_dense;
use crate::store::write::{write, LeanSlots, Slots};
use crate::table::dense::{not_reachable, solve, DenseSolution};
use crate::table::lean;
use crate::table::lean::LeanSolution;
use crate::table::plumbing::SlotMoves;
use crate::view::dyn_game::DynGame;
use crate::view::plan::{choose, partial_index, IndexShape, Plan};
use crate::view::report::{parse, parse_or, query_report, QueryReport, SolveOptions, SolveReport, Solved};
use crate::view::search::{text_searcher, DynSearcher};

mod answer;
pub(crate) mod face;
mod members;
mod report;

pub use face::{DenseStore, MemberFn, Members};
pub use report::MAX_ROWS;

/// An indexed game that front ends solve over its dense index: wrap a game in `Dense` to give
/// it to them as a [`DynGame`]. Memo search and nim values are not offered (the retrograde
/// solvers handle cycles and every value).
pub struct Dense<G>(pub G);

/// What a solve of a [`Dense`] game holds: the dense solver's positions reachable from the start,
/// or the lean solver's every slot of the index.
pub(crate) enum Solution {
    Dense(DenseSolution),
    Lean(LeanSolution),
}

impl Solution {
    /// Positions solved.
    fn positions(&self) -> u64 {
        match self {
            Solution::Dense(s) => s.len(),
            Solution::Lean(s) => s.positions(),
        }
    }
}

impl<G: SlotMoves> Dense<G> {
    /// Whether a solve with `options` is a lean one ([`choose`] with this game's index; an
    /// error for the solvers that are not offered).
    fn lean(&self, options: &SolveOptions) -> Result<bool, Error> {
        let scheme = self.0.index_scheme();
        let shape = IndexShape { partial: self.0.partial(), scheme: &scheme };
        Ok(choose(options, Some(shape))? == Plan::Lean)
    }

    /// The refusal of a solve other than lean on a game whose index leaves positions out,
    /// ending with `why_not`.
    fn partial_index(&self, why_not: &str) -> Error {
        partial_index(&self.0.index_scheme(), why_not)
    }

    pub(crate) fn solve_all(
        &self,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Solution, Error> {
        if self.lean(options)? {
            if let Some(checkpoint) = &options.checkpoint {
                if checkpoint.resume {
                    return Err(Error::Unsupported(
                        "the lean solver keeps no checkpoints, so there is none to resume from".into(),
                    )
                    .mended_by(Choice::Resume));
                }
                progress.note("the lean solver keeps no checkpoints: a solve that is stopped starts over");
            }
            return Ok(Solution::Lean(lean::solve(&self.0, options.memory, None, progress)?));
        }
        Ok(Solution::Dense(match &options.checkpoint {
            Some(checkpoint) => solve_dense(&self.0, options.memory, checkpoint, progress)?,
            None => solve(&self.0, options.memory, progress)?,
        }))
    }

    /// Writes a solution to the store at `path` and reports the solve, with a note of the file.
    fn save_solved(
        &self,
        solution: &Solution,
        path: &Path,
        id: &GameId,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error> {
        let started = std::time::Instant::now();
        let scheme = self.0.index_scheme();
        let rules = crate::table::rules_fingerprint(&self.0);
        let identity = Subject { id, scheme: &scheme, size: self.0.size(), rules, derived: Derived::Wins };
        let lean_slots;
        let slots: &dyn Slots = match solution {
            Solution::Dense(s) => s,
            Solution::Lean(s) => {
                lean_slots = LeanSlots::new(s);
                &lean_slots
            }
        };
        write(path, &identity, slots, progress)?;
        let seconds = started.elapsed().as_secs_f64();
        self.remove_checkpoint(options)?;
        let mut report = self.report(solution, options)?;
        report.notes.push(report::saved_note(path, solution.positions(), seconds)?);
        Ok(report)
    }

    /// Removes the solve's checkpoint once its result is safe.
    pub(crate) fn remove_checkpoint(&self, options: &SolveOptions) -> Result<(), Error> {
        options.checkpoint.as_ref().map_or(Ok(()), |c| c.remove())
    }

    /// The outcome of `pos` in a solution, or from the rules for a position without a slot
    /// (terminal; any other is not reachable).
    fn outcome(&self, solution: &Solution, pos: &G::Position) -> Result<Outcome, Error> {
        let game = &self.0;
        if !game.has_slot(pos) {
            return game.terminal(pos).ok_or_else(|| not_reachable(game, pos));
        }
        let slot = game.rank(pos);
        let found = match solution {
            Solution::Dense(s) => s.get(game, pos),
            Solution::Lean(s) => s.group(slot >> s.group_bits())?.get(slot),
        };
        found.ok_or_else(|| not_reachable(game, pos))
    }

    /// Refuses, before a lean solve, a position that has no slot and is not terminal: no solve
    /// would answer for it.
    fn check_in_index(&self, pos: &G::Position) -> Result<(), Error> {
        let game = &self.0;
        match game.has_slot(pos) || game.terminal(pos).is_some() {
            true => Ok(()),
            false => Err(not_reachable(game, pos)),
        }
    }

    /// A lean solution written to a scratch store, which answers queries (a lean solution keeps
    /// remoteness on disk, by rounds: a store reads it back slot by slot).
    fn scratch_store(&self, solution: &LeanSolution, progress: &dyn Progress) -> Result<ScratchStore, Error> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("nimber-solved-{}-{n}.nimber", std::process::id()));
        let scheme = self.0.index_scheme();
        let rules = crate::table::rules_fingerprint(&self.0);
        let scratch = GameId::new("scratch", Vec::new());
        let identity =
            Subject { id: &scratch, scheme: &scheme, size: self.0.size(), rules, derived: Derived::Wins };
        let file = Scratch(path);
        write(&file.0, &identity, &LeanSlots::new(solution), progress)?;
        Ok(ScratchStore { store: Store::open(&file.0)?, _file: file })
    }
}

/// A file removed when dropped.
struct Scratch(std::path::PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A store in a scratch file (closed before the file is removed).
struct ScratchStore {
    store: Store,
    _file: Scratch,
}

/// [`DynGame::solved`] of a [`Dense`] game: the solution with its game (a lean solution in a
/// scratch store).
struct DenseSolved<'a, G: SlotMoves> {
    game: &'a Dense<G>,
    start: G::Position,
    solution: Held,
}

/// What a [`DenseSolved`] answers from.
enum Held {
    Dense(DenseSolution),
    Store { store: Box<ScratchStore>, positions: u64, counts: Vec<CountRow> },
}

impl<G: SlotMoves> Solved for DenseSolved<'_, G> {
    fn positions(&self) -> u64 {
        match &self.solution {
            Held::Dense(s) => s.len(),
            Held::Store { positions, .. } => *positions,
        }
    }

    fn counts(&self) -> Vec<CountRow> {
        match &self.solution {
            Held::Dense(s) => s.counts(),
            Held::Store { counts, .. } => counts.clone(),
        }
    }

    fn query(&self, position: Option<&str>) -> Result<QueryReport, Error> {
        let game = &self.game.0;
        let pos = parse_or(game, position, || self.start.clone())?;
        match &self.solution {
            Held::Dense(s) => {
                let outcome_of = |p: &G::Position| s.get(game, p).ok_or_else(|| not_reachable(game, p));
                query_report(game, &pos, outcome_of, |_| None, Vec::new())
            }
            Held::Store { store, .. } => answer::answer_from_store(game, &store.store, &pos),
        }
    }
}

impl<G: SlotMoves> Dense<G> {
    /// Solves the game and holds the solution for queries.
    fn solved_from(
        &self,
        start: G::Position,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<DenseSolved<'_, G>, Error> {
        if self.lean(options)? {
            self.check_in_index(&start)?;
        }
        let solution = match self.solve_all(options, progress)? {
            Solution::Dense(s) => {
                if s.get(&self.0, &start).is_none() {
                    return Err(not_reachable(&self.0, &start));
                }
                Held::Dense(s)
            }
            Solution::Lean(s) => Held::Store {
                store: Box::new(self.scratch_store(&s, progress)?),
                positions: s.positions(),
                counts: s.counts().to_vec(),
            },
        };
        Ok(DenseSolved { game: self, start, solution })
    }
}

impl<G: SlotMoves> DynGame for Dense<G> {
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
        Ok(self.0.capabilities().drawing.and_then(|d| d.svg(&pos)))
    }

    /// Searches the rules themselves ([`DynGame::searcher`] of the game).
    fn searcher<'a>(&'a self, options: &SearchOptions) -> Result<Box<dyn DynSearcher + 'a>, Error> {
        DynGame::searcher(&self.0, options)
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
        Ok(Box::new(self.solved_from(start, options, progress)?))
    }

    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error> {
        let pos = parse_or(&self.0, position, || self.0.start())?;
        self.solved_from(pos, &SolveOptions::default(), progress)?.query(None)
    }
}

impl<G: SlotMoves> DenseStore for Dense<G> {
    fn index_scheme(&self) -> String {
        self.0.index_scheme()
    }

    fn size(&self) -> u64 {
        self.0.size()
    }

    fn rules_fingerprint(&self) -> u64 {
        crate::table::rules_fingerprint(&self.0)
    }

    fn solve_and_save(
        &self,
        path: &Path,
        id: &GameId,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error> {
        let solution = self.solve_all(options, progress)?;
        self.save_solved(&solution, path, id, options, progress)
    }

    fn solve_on(
        &self,
        members: &dyn Members,
        save: Option<&Path>,
        id: &GameId,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error> {
        self.solve_split(members, save, id, options, progress)
    }

    fn query_store(&self, store: &Store, position: Option<&str>) -> Result<QueryReport, Error> {
        store.check_index(self)?;
        let pos = parse_or(&self.0, position, || self.0.start())?;
        answer::answer_from_store(&self.0, store, &pos)
    }

    fn searcher_over<'a>(
        &'a self,
        store: &'a Store,
        options: &SearchOptions,
    ) -> Result<Box<dyn DynSearcher + 'a>, Error> {
        store.check_index(self)?;
        let generic = Generic::new(&self.0, options)?.probing(move |p| probe::outcome(&self.0, store, p));
        Ok(text_searcher(&self.0, Box::new(generic)))
    }

    fn slot_text(&self, slot: u64) -> Option<String> {
        self.0.unrank(slot).map(|p| capability::format(&self.0, &p))
    }

    fn slot_outcome(&self, store: &Store, slot: u64) -> Result<Option<Outcome>, Error> {
        match self.0.unrank(slot) {
            Some(p) => probe::outcome(&self.0, store, &p),
            None => Ok(None),
        }
    }
}
