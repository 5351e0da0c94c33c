//! Front ends' view of a game solved over its dense index: [`Dense`] wraps an [`Indexed`] game
//! as a [`DynGame`], and [`DenseStore`] (from [`DynGame::dense`]) stores its solution and reads
//! it back. The game is solved by the dense solver ([`crate::table::dense`]: the positions
//! reachable from the start) or by the lean one ([`crate::table::lean`]: every slot of the index,
//! in two bits each), which is the default for a [partial](Indexed::partial) index.

use std::path::Path;

use crate::error::Error;
use crate::memory::peak_memory;
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::game::Kind;
use crate::rules::value::Outcome;
use crate::solve::exchange::Exchange;
use crate::solve::retrograde::{member_positions, solve_member, solve_member_from, word_outcome, RetroSpace};
use crate::solve::solution::CountRow;
use crate::solve::SolverChoice;
use crate::store::checkpoint::{self, CheckpointOptions, MemberCheckpointer};
use crate::store::split::{decode_outcome, encode_outcome, write_members, MemberPart};
use crate::store::{probe, write, Identity, LeanSlots, Slots, Store, Wins};
use crate::table::dense::{counts_of, not_reachable, solve, word_bits, DenseSolution, DenseSpace, DenseWord};
use crate::table::index::Indexed;
use crate::table::lean::{self, LeanSolution};
use crate::view::dyn_game::{
    parse, parse_or, query_report, DynGame, QueryReport, Row, SolveOptions, SolveReport, Solved,
};

/// Positions reported one by one (`--dump`) at most: past this, a solve says to store instead.
pub const MAX_ROWS: u64 = 10_000_000;

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

impl<G: Indexed> Dense<G> {
    /// Whether a solve with `options` is a lean one (an error for the solvers that are not
    /// offered).
    fn lean(&self, options: &SolveOptions) -> Result<bool, Error> {
        if options.nim || matches!(options.solver, SolverChoice::Memo | SolverChoice::Grundy) {
            return Err(Error::Unsupported(format!(
                "this game is solved by retrograde analysis over its dense index; --solver {} is not available",
                if options.nim { "grundy" } else { options.solver.name() }
            )));
        }
        match options.solver {
            SolverChoice::Lean => Ok(true),
            SolverChoice::Auto if self.0.partial() => Ok(true),
            other if self.0.partial() => {
                Err(self.partial_index(&format!("; --solver {} is not available", other.name())))
            }
            _ => Ok(false),
        }
    }

    /// The refusal of a solve other than lean on a game whose index leaves positions out,
    /// ending with `why_not`.
    fn partial_index(&self, why_not: &str) -> Error {
        Error::Unsupported(format!(
            "this game's index leaves out the positions that the rules answer for (index scheme \
             {}), which only the lean solver solves{why_not}",
            self.0.index_scheme()
        ))
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
                        "--resume: the lean solver keeps no checkpoints, so there is none to resume from"
                            .into(),
                    ));
                }
                progress.note("the lean solver keeps no checkpoints: a solve that is stopped starts over");
            }
            return Ok(Solution::Lean(lean::solve(&self.0, options.memory, None, progress)?));
        }
        Ok(Solution::Dense(match &options.checkpoint {
            Some(checkpoint) => {
                crate::store::checkpoint::solve_dense(&self.0, options.memory, checkpoint, progress)?
            }
            None => solve(&self.0, options.memory, progress)?,
        }))
    }

    /// Writes a solution to the store at `path` and reports the solve, with a note of the file.
    fn save_solved(
        &self,
        solution: &Solution,
        path: &Path,
        game: &str,
        params: &[(String, String)],
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error> {
        let started = std::time::Instant::now();
        let scheme = self.0.index_scheme();
        let rules = crate::table::index::rules_fingerprint(&self.0);
        let identity =
            Identity { game, params, scheme: &scheme, size: self.0.size(), rules, wins: Wins::FromMoves };
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
        report.notes.push(saved_note(path, solution.positions(), seconds)?);
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

    /// Every position of a solution with its outcome, as rows.
    fn rows(&self, solution: &Solution) -> Result<Vec<Row>, Error> {
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
    fn report_of(
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

    /// A lean solution written to a scratch store, which answers queries (a lean solution keeps
    /// remoteness on disk, by rounds: a store reads it back slot by slot).
    fn scratch_store(&self, solution: &LeanSolution, progress: &dyn Progress) -> Result<ScratchStore, Error> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("nimber-solved-{}-{n}.nimber", std::process::id()));
        let scheme = self.0.index_scheme();
        let rules = crate::table::index::rules_fingerprint(&self.0);
        let identity = Identity {
            game: "scratch",
            params: &[],
            scheme: &scheme,
            size: self.0.size(),
            rules,
            wins: Wins::FromMoves,
        };
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
struct DenseSolved<'a, G: Indexed> {
    game: &'a Dense<G>,
    start: G::Position,
    solution: Held,
}

/// What a [`DenseSolved`] answers from.
enum Held {
    Dense(DenseSolution),
    Store { store: Box<ScratchStore>, positions: u64, counts: Vec<CountRow> },
}

impl<G: Indexed> Solved for DenseSolved<'_, G> {
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
            Held::Store { store, .. } => answer_from_store(game, &store.store, &pos),
        }
    }
}

impl<G: Indexed> Dense<G> {
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
        Ok(Box::new(self.solved_from(start, options, progress)?))
    }

    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error> {
        let pos = parse_or(&self.0, position, || self.0.start())?;
        self.solved_from(pos, &SolveOptions::default(), progress)?.query(None)
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

    /// Solves the game densely with its rounds run by `members` (one process of a cluster), and
    /// in process 0 reports it and, with `save`, stores it as
    /// [`DenseStore::solve_and_save`] does (the same file); `None` in the other processes.
    fn solve_on(
        &self,
        members: &dyn Members,
        save: Option<&Path>,
        game: &str,
        params: &[(String, String)],
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error>;

    /// The position in a slot, as text (`None` for a hole).
    fn slot_text(&self, slot: u64) -> Option<String>;

    /// The outcome a store gives the position in a slot ([`probe::outcome`]): `None` for a hole
    /// or a slot the store does not hold.
    fn slot_outcome(&self, store: &Store, slot: u64) -> Result<Option<Outcome>, Error>;
}

/// The note of a store written: its file, size and the time the save took.
fn saved_note(path: &Path, positions: u64, seconds: f64) -> Result<String, Error> {
    let bytes = std::fs::metadata(path)
        .map_err(|source| Error::Io { path: path.display().to_string(), source })?
        .len();
    Ok(format!(
        "saved {positions} positions to {} ({bytes} bytes, {:.2} byte per position, in {seconds:.1} s)",
        path.display(),
        bytes as f64 / positions.max(1) as f64
    ))
}

/// Where the rounds of a dense solve split over members run (the workers of the processes of a
/// cluster: `nimber-cluster` implements it over timely dataflow).
pub trait Members: Sync {
    /// Runs `member` once per worker of this process, each with its side of the exchange (and
    /// `true` for the one worker of the whole solve that reports progress, member 0), after the
    /// processes have checked that they all solve `identity`; returns, in process 0, the report
    /// member 0 gave, with notes of what was exchanged added, and `None` in the other processes.
    fn run(&self, identity: &str, member: &MemberFn<'_>) -> Result<Option<SolveReport>, Error>;

    /// The numbers of the members that run on this process ([`Exchange::member`]), and the
    /// number of members in all.
    fn members_here(&self) -> (std::ops::Range<usize>, usize);
}

/// One member's solve, as [`Members::run`] runs it: the report of the whole solve in member 0,
/// `None` in the others.
pub type MemberFn<'a> = dyn Fn(&mut dyn Exchange, bool) -> Result<Option<SolveReport>, Error> + Sync + 'a;

/// What a split solve reports and stores ([`Dense::members_solve`]).
struct Finish<'a> {
    /// The store to write, in process 0.
    save: Option<&'a Path>,
    game: &'a str,
    params: &'a [(String, String)],
    options: &'a SolveOptions,
}

impl<G: Indexed> Dense<G> {
    /// A dense solve of the game run by `members`: the report in process 0, `None` elsewhere.
    /// The members search for the reachable set together
    /// ([`crate::table::dense::reachable_member`]); with a checkpoint, each member keeps its
    /// checkpoints ([`MemberCheckpointer`]), and resuming, each member's window of the
    /// reachable set comes from its own checkpoint instead of a search. No member gathers the
    /// words:
    /// the counts, the start's outcome and the store come from the members together
    /// ([`Dense::member_report`]).
    fn members_solve<W: DenseWord>(
        &self,
        members: &dyn Members,
        identity: &str,
        finish: &Finish<'_>,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error> {
        let game = &self.0;
        let checkpoint = finish.options.checkpoint.as_ref();
        let kept = checkpoint.map(|c| checkpoint::Identity {
            game: c.game.clone(),
            params: c.params.clone(),
            scheme: game.index_scheme(),
            size: game.size(),
        });
        let resume = checkpoint.is_some_and(|c| c.resume);
        if resume {
            let here = members.members_here().0;
            let path = checkpoint.map(|c| checkpoint::member_path(&c.path, here.start));
            progress.note(&format!(
                "resuming from the checkpoints {} of this process's members",
                path.map(|p| p.display().to_string()).unwrap_or_default()
            ));
        }
        let member = |exchange: &mut dyn Exchange, reports: bool| {
            let quiet = crate::progress::Quiet(progress);
            let heard: &dyn Progress = if reports { progress } else { &quiet };
            // Each member's window of the reachable set: searched together, or read back from
            // its checkpoint (an error on any member is an error on all).
            let mut set = match (checkpoint, &kept) {
                (Some(options), Some(kept)) if options.resume => {
                    let (me, count) = exchange.member();
                    let read = checkpoint::member_set::<W>(options, kept, me, count);
                    let path = checkpoint::member_path(&options.path, me);
                    checkpoint::together(exchange, &path, read, "read their checkpoints")?
                }
                _ => crate::table::dense::reachable_member(game, exchange, heard)?,
            };
            if resume {
                crate::table::dense::place_window(&mut set, exchange)?;
            }
            let set = &set;
            let space = DenseSpace::new(game, set);
            let (owned, words) = match (checkpoint, &kept) {
                (Some(options), Some(kept)) => {
                    let owned = member_positions(&space, exchange);
                    let (mut keeper, resume) =
                        MemberCheckpointer::start::<W>(options, kept.clone(), set, owned, exchange)?;
                    if let (Some(resume), true) = (&resume, reports) {
                        let stage = checkpoint::Stage::Rounds { phase: resume.phase, round: resume.round };
                        progress.note(&format!("every member resumes at {}", stage.describe()));
                    }
                    solve_member_from::<_, W>(&space, exchange, resume, heard, &mut |at, exchange| {
                        keeper.between(set, at, exchange, heard)
                    })?
                }
                _ => solve_member::<_, W>(&space, exchange, heard)?,
            };
            // The member's window holds the slots of its partitions: those of its words.
            let outcome = |slot: u64| set.rank(slot).map(|k| word_outcome(words[(k - owned.start) as usize]));
            let part = MemberPart { slots: set.slots(), outcome: &outcome, counts: counts_of(&words) };
            self.member_report(&part, space.len(), finish, exchange, heard)
        };
        members.run(identity, &member)
    }

    /// The report of a split solve in member 0 (`None` in the others), from every member's
    /// `part` of the solution of `positions` positions, and its store written when member 0 is
    /// given one: collective calls, made by every member at the same point.
    fn member_report(
        &self,
        part: &MemberPart<'_>,
        positions: u64,
        finish: &Finish<'_>,
        exchange: &mut dyn Exchange,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error> {
        let game = &self.0;
        let me = exchange.member().0;
        let scheme = game.index_scheme();
        let rules = crate::table::index::rules_fingerprint(game);
        let identity = Identity {
            game: finish.game,
            params: finish.params,
            scheme: &scheme,
            size: game.size(),
            rules,
            wins: Wins::FromMoves,
        };
        let started = std::time::Instant::now();
        let save = finish.save.filter(|_| me == 0);
        let (written, counts) = write_members(save, &identity, positions, part, exchange, progress)?;
        let seconds = started.elapsed().as_secs_f64();
        // The start's outcome, from the member holding its slot.
        let start = game.start();
        let start_outcome = if game.has_slot(&start) {
            let slot = game.rank(&start);
            let mine = if part.slots.contains(&slot) { encode_outcome((part.outcome)(slot)) } else { 0 };
            decode_outcome(exchange.sum(u64::from(mine))? as u32)
        } else {
            game.terminal(&start)
        };
        // Every position, in member 0, when it lists them (the members agree on it).
        let listing = exchange.sum(u64::from(me == 0 && finish.options.rows))? > 0;
        let rows = if listing { self.member_rows(part, positions, exchange)? } else { Vec::new() };
        if me != 0 {
            return Ok(None);
        }
        let start_outcome = start_outcome.ok_or_else(|| not_reachable(game, &start))?;
        let analysis = format!(
            "dense retrograde analysis: {} index slots, {positions} reachable positions, split over {} \
             members (the memory of process 0)",
            game.size(),
            exchange.member().1
        );
        let mut report =
            self.report_of(SolverChoice::Retrograde, &analysis, positions, counts, start_outcome, rows);
        if let (Some(path), Some(_)) = (save, written) {
            report.notes.push(saved_note(path, positions, seconds)?);
        }
        Ok(Some(report))
    }

    /// Every position of a split solve as a row, in member 0 (empty in the others): each
    /// member sends it its positions' slots and outcomes. Refused past [`MAX_ROWS`] positions.
    fn member_rows(
        &self,
        part: &MemberPart<'_>,
        positions: u64,
        exchange: &mut dyn Exchange,
    ) -> Result<Vec<Row>, Error> {
        if positions > MAX_ROWS {
            return Err(Error::TooLarge(format!(
                "{positions} positions are too many to list one by one (at most {MAX_ROWS})"
            )));
        }
        let (me, members) = exchange.member();
        let mut to = vec![Vec::new(); members];
        for slot in part.slots.clone() {
            if let Some(o) = (part.outcome)(slot) {
                to[0].extend([slot as u32, (slot >> 32) as u32, encode_outcome(Some(o))]);
            }
        }
        let got = crate::solve::exchange::send_each(exchange, to)?;
        if me != 0 {
            return Ok(Vec::new());
        }
        let mut rows = Vec::with_capacity(positions as usize);
        for words in got {
            for w in words.chunks_exact(3) {
                let slot = w[0] as u64 | (w[1] as u64) << 32;
                let pos = self.0.unrank(slot).ok_or_else(|| {
                    Error::Unsupported(format!("a member listed slot {slot}, which holds no position"))
                })?;
                rows.push(Row::outcome(capability::format(&self.0, &pos), decode_outcome(w[2])));
            }
        }
        Ok(rows)
    }
}

/// Removes the checkpoints of this process's members (once the result is safe).
fn remove_member_checkpoints(
    members: &dyn Members,
    checkpoint: Option<&CheckpointOptions>,
) -> Result<(), Error> {
    match checkpoint {
        Some(options) => members.members_here().0.try_for_each(|m| MemberCheckpointer::remove(options, m)),
        None => Ok(()),
    }
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
        self.save_solved(&solution, path, game, params, options, progress)
    }

    fn solve_on(
        &self,
        members: &dyn Members,
        save: Option<&Path>,
        game: &str,
        params: &[(String, String)],
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error> {
        let g = &self.0;
        if g.partial() {
            return Err(self.partial_index(
                ", on one machine: a cluster solves an index of every position (a parameter of the \
                 game may choose one)",
            ));
        }
        crate::table::index::check_backward(g)?;
        let bits = word_bits(g);
        // Checkpoints take part in the members' exchanges (they decide together when to write
        // and where to resume): every process must keep them, or none, and resume or not alike.
        let checkpoints = match &options.checkpoint {
            Some(c) => format!("checkpoints resume={}", c.resume),
            None => "no checkpoints".to_string(),
        };
        let identity = format!(
            "game={game}\nparams={params:?}\nscheme={}\nsize={}\nrules={:016x}\nword={bits}\n{checkpoints}",
            g.index_scheme(),
            g.size(),
            crate::table::index::rules_fingerprint(g)
        );
        let finish = Finish { save, game, params, options };
        let report = match bits {
            8 => self.members_solve::<u8>(members, &identity, &finish, progress)?,
            _ => self.members_solve::<u16>(members, &identity, &finish, progress)?,
        };
        remove_member_checkpoints(members, options.checkpoint.as_ref())?;
        Ok(report)
    }

    fn query_store(&self, store: &Store, position: Option<&str>) -> Result<QueryReport, Error> {
        store.check_index(self)?;
        let pos = parse_or(&self.0, position, || self.0.start())?;
        answer_from_store(&self.0, store, &pos)
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

/// A position and each of its moves read from a store of `game`'s solution (positions without a
/// slot answered by the rules), checked against the rules one ply deep: the position's declared
/// end, the declared ends its moves reach, and its value from its moves' values.
fn answer_from_store<G: Indexed>(game: &G, store: &Store, pos: &G::Position) -> Result<QueryReport, Error> {
    let get = |p: &G::Position| probe::outcome(game, store, p)?.ok_or_else(|| not_reachable(game, p));
    let report = query_report(game, pos, get, |_| None, Vec::new())?;
    let ended = game.terminal(pos);
    let mut succ = Vec::new();
    if ended.is_none() {
        game.successors(pos, &mut succ);
    }
    let mut declared = ended.is_none_or(|t| t == report.outcome);
    for c in succ.iter().filter(|c| game.has_slot(c)) {
        if let Some(t) = game.terminal(c) {
            declared &= store.entry(game.rank(c))?.is_some_and(|e| e.holds(t));
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
