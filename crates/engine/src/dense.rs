//! Solving over a dense index ([`Indexed`]): no hash map anywhere.
//!
//! 1. **Reachable set.** A breadth-first search over the index from the roots marks every
//!    reachable slot in a bitset (one bit per slot; terminal positions are marked but not
//!    expanded), level by level, the levels kept as lists of slots.
//! 2. **Compact numbering.** The bitset with a rank directory (a cumulative count per 512 bits)
//!    and select samples numbers the reachable positions `0..count`.
//! 3. **Retrograde analysis.** [`DenseSpace`] is the [`RetroSpace`] of the reachable positions:
//!    move counts from the game's moves, predecessors from the game's own generator, ranked
//!    and looked up in the bitset, so that no reverse graph is ever stored. The rounds are those
//!    of [`crate::solve::retrograde`], with one 16-bit state word per reachable position.
//!
//! Memory: `size / 8` bytes of bitset, `size / 64` of directory, 2 bytes per reachable position,
//! plus the frontier and one slab of messages at a time. [`estimate`] computes it before any
//! work, and [`solve`] refuses when it exceeds the caller's limit.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::dyn_game::{query_report, DynGame, QueryReport, Row, SolveOptions, SolveReport, Solved};
use crate::error::Error;
use crate::game::{Game, Kind};
use crate::index::Indexed;
pub use crate::memory::{default_memory_limit, machine_memory, peak_memory};
use crate::progress::Progress;
use crate::solution::CountRow;
use crate::solve::retrograde::{solve_space_words, word_outcome, Init, RetroSpace, StateWord};
use crate::solve::SolverChoice;
use crate::value::Outcome;

/// Ones between two select samples.
const SELECT_STEP: u64 = 1 << 12;

/// A set of slots `0..size` as a bitset, with rank and select once built.
pub struct DenseSet {
    words: Vec<AtomicU64>,
    /// Number of ones before each block of 8 words (512 bits); one more entry for the end.
    blocks: Vec<u64>,
    /// `samples[k]`: the block holding the one numbered `k * SELECT_STEP`.
    samples: Vec<u32>,
    size: u64,
}

impl DenseSet {
    /// The empty set over `0..size`.
    pub fn new(size: u64) -> DenseSet {
        DenseSet {
            words: crate::memory::zeroed_atomics(size.div_ceil(64) as usize),
            blocks: Vec::new(),
            samples: Vec::new(),
            size,
        }
    }

    /// Number of slots.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Adds `i`; true when it was not there before. Safe to call from many threads.
    #[inline]
    pub fn insert(&self, i: u64) -> bool {
        let bit = 1u64 << (i & 63);
        let word = &self.words[(i >> 6) as usize];
        // A plain load first: most slots met again are already in.
        word.load(Ordering::Relaxed) & bit == 0 && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
    }

    /// Whether `i` is in the set.
    #[inline]
    pub fn contains(&self, i: u64) -> bool {
        self.word(i >> 6) >> (i & 63) & 1 != 0
    }

    #[inline]
    pub(crate) fn word(&self, w: u64) -> u64 {
        self.words[w as usize].load(Ordering::Relaxed)
    }

    /// Number of bitset words (`size / 64`, rounded up).
    pub(crate) fn word_count(&self) -> usize {
        self.words.len()
    }

    /// Sets bitset word `w` (a checkpoint read back), before the directory is built.
    pub(crate) fn set_word(&self, w: usize, value: u64) {
        self.words[w].store(value, Ordering::Relaxed);
    }

    /// Builds the rank directory and the select samples; call once no more slots are added.
    pub fn build_directory(&mut self) {
        let nblocks = self.words.len().div_ceil(8);
        let counts: Vec<u64> = (0..nblocks)
            .into_par_iter()
            .map(|b| {
                let end = ((b + 1) * 8).min(self.words.len());
                (b * 8..end).map(|w| self.word(w as u64).count_ones() as u64).sum()
            })
            .collect();
        let mut blocks = Vec::with_capacity(nblocks + 1);
        let mut samples = Vec::new();
        let mut total = 0u64;
        for (b, &c) in counts.iter().enumerate() {
            blocks.push(total);
            // Samples for every multiple of SELECT_STEP in [total, total + c).
            while (samples.len() as u64) * SELECT_STEP < total + c {
                samples.push(b as u32);
            }
            total += c;
        }
        blocks.push(total);
        self.blocks = blocks;
        self.samples = samples;
    }

    /// Number of slots in the set (after [`DenseSet::build_directory`]).
    pub fn count(&self) -> u64 {
        self.blocks.last().copied().unwrap_or(0)
    }

    /// The number of `i` among the slots of the set (its rank), or `None` when `i` is not in it.
    #[inline]
    pub fn rank(&self, i: u64) -> Option<u64> {
        let w = i >> 6;
        let word = self.word(w);
        if word >> (i & 63) & 1 == 0 {
            return None;
        }
        let block = (w >> 3) as usize;
        let mut r = self.blocks[block];
        for v in (w & !7)..w {
            r += self.word(v).count_ones() as u64;
        }
        Some(r + (word & ((1u64 << (i & 63)) - 1)).count_ones() as u64)
    }

    /// The slot numbered `k` (`k < count()`).
    #[inline]
    pub fn select(&self, k: u64) -> u64 {
        debug_assert!(k < self.count());
        let s = (k / SELECT_STEP) as usize;
        let lo = self.samples[s] as usize;
        let hi = self.samples.get(s + 1).map_or(self.blocks.len() - 1, |&b| b as usize + 1);
        // The last block in lo..hi whose count before it is at most k.
        let block = lo + self.blocks[lo..hi].partition_point(|&c| c <= k) - 1;
        let mut rest = k - self.blocks[block];
        let mut w = block * 8;
        loop {
            let word = self.word(w as u64);
            let ones = word.count_ones() as u64;
            if rest < ones {
                return (w as u64) << 6 | select_in_word(word, rest as u32) as u64;
            }
            rest -= ones;
            w += 1;
        }
    }

    /// Calls `f(k, slot)` for the slots numbered `first..first + n`, in order.
    pub fn for_each_from(&self, first: u64, n: usize, mut f: impl FnMut(usize, u64)) {
        if n == 0 {
            return;
        }
        let mut slot = self.select(first);
        let mut w = slot >> 6;
        let mut word = self.word(w) & (!0u64 << (slot & 63));
        for k in 0..n {
            while word == 0 {
                w += 1;
                word = self.word(w);
            }
            slot = w << 6 | word.trailing_zeros() as u64;
            word &= word - 1;
            f(k, slot);
        }
    }

    /// Bytes of memory held.
    pub fn bytes(&self) -> u64 {
        (self.words.len() * 8 + self.blocks.len() * 8 + self.samples.len() * 4) as u64
    }
}

/// The position of the `k`-th (0-based) set bit of `word`.
#[inline]
fn select_in_word(mut word: u64, k: u32) -> u32 {
    for _ in 0..k {
        word &= word - 1;
    }
    word.trailing_zeros()
}

/// Marks every slot reachable from the game's roots; terminal positions are marked, not expanded.
/// Stops with [`Error::Cancelled`] between two levels when `progress` asks.
pub fn reachable<G: Indexed>(game: &G, progress: &dyn Progress) -> Result<DenseSet, Error> {
    reachable_from(game, None, progress, &mut |_| Ok(()))
}

/// The state of the search for the reachable set between two levels, given to the hook of
/// [`reachable_from`]: the slots found so far (`set`, without its directory) and those found at
/// the last level (`frontier`, at distance `level` from the roots), which the next level
/// expands.
pub struct Level<'a> {
    /// The distance of the frontier from the roots.
    pub level: u32,
    /// Every slot found so far.
    pub set: &'a DenseSet,
    /// The slots found at the last level.
    pub frontier: &'a [u64],
    /// Whether `progress` asked to stop: the search returns [`Error::Cancelled`] after the hook.
    pub cancelled: bool,
}

/// A search to continue from the state between two levels (the fields of [`Level`]).
pub struct SearchResume {
    /// The distance of the frontier from the roots.
    pub level: u32,
    /// Every slot found so far.
    pub set: DenseSet,
    /// The slots found at the last level.
    pub frontier: Vec<u64>,
}

/// [`reachable`] from the state between two levels when `resume` is given, calling `between`
/// before every level (a checkpoint writer); stops with [`Error::Cancelled`] after it when
/// `progress` asks, and with the hook's error.
pub fn reachable_from<G: Indexed>(
    game: &G,
    resume: Option<SearchResume>,
    progress: &dyn Progress,
    between: &mut dyn FnMut(&Level<'_>) -> Result<(), Error>,
) -> Result<DenseSet, Error> {
    progress.phase("exploring (dense)", None);
    let (mut set, mut frontier, mut level) = match resume {
        Some(r) => (r.set, r.frontier, r.level),
        None => {
            let set = DenseSet::new(game.size());
            let mut frontier: Vec<u64> = Vec::new();
            for root in game.roots() {
                let r = game.rank(&root);
                if set.insert(r) {
                    frontier.push(r);
                }
            }
            (set, frontier, 0)
        }
    };
    progress.advance(frontier.len() as u64);
    while !frontier.is_empty() {
        let cancelled = progress.cancelled();
        between(&Level { level, set: &set, frontier: &frontier, cancelled })?;
        if cancelled {
            return Err(Error::Cancelled { checkpoint: None });
        }
        frontier = frontier
            .par_chunks(1 << 10)
            .flat_map_iter(|chunk| {
                let mut out = Vec::new();
                let mut succ = Vec::new();
                for &i in chunk {
                    let p = game.unrank(i).expect("a reachable slot is not a hole");
                    if game.terminal(&p).is_some() {
                        continue;
                    }
                    succ.clear();
                    game.successors(&p, &mut succ);
                    for c in &succ {
                        let j = game.rank(c);
                        if set.insert(j) {
                            out.push(j);
                        }
                    }
                }
                progress.advance(out.len() as u64);
                out
            })
            .collect();
        level += 1;
    }
    set.build_directory();
    Ok(set)
}

/// The reachable positions of an indexed game as a retrograde space, numbered by their rank in
/// the reachable set.
pub struct DenseSpace<'a, G: Indexed> {
    game: &'a G,
    set: &'a DenseSet,
}

impl<'a, G: Indexed> DenseSpace<'a, G> {
    /// The space of the slots in `set`.
    pub fn new(game: &'a G, set: &'a DenseSet) -> DenseSpace<'a, G> {
        DenseSpace { game, set }
    }

    /// The starting state of a slot: its moves counted class by class.
    fn init_of(&self, slot: u64, succ: &mut Vec<G::Position>, ranks: &mut Vec<u64>) -> Init {
        let p = self.game.unrank(slot).expect("a reachable slot is not a hole");
        match self.game.terminal(&p) {
            Some(v) => Init::Terminal(v),
            None => {
                succ.clear();
                self.game.successors(&p, succ);
                ranks.clear();
                ranks.extend(succ.iter().map(|c| self.game.rank(c)));
                ranks.sort_unstable();
                ranks.dedup();
                Init::Moves(ranks.len() as u32)
            }
        }
    }
}

impl<G: Indexed> RetroSpace for DenseSpace<'_, G> {
    fn len(&self) -> u64 {
        self.set.count()
    }

    fn init(&self, i: u64) -> Init {
        self.init_of(self.set.select(i), &mut Vec::new(), &mut Vec::new())
    }

    fn init_range(&self, start: u64, out: &mut [Init]) {
        let (mut succ, mut ranks) = (Vec::new(), Vec::new());
        self.set
            .for_each_from(start, out.len(), |k, slot| out[k] = self.init_of(slot, &mut succ, &mut ranks));
    }

    /// The predecessors class by class: each reachable class once (terminal ones included).
    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) {
        let p = self.game.unrank(self.set.select(i)).expect("a reachable slot is not a hole");
        let mut preds = Vec::with_capacity(64);
        self.game.predecessors(&p, &mut preds);
        RANKS.with(|ranks| {
            let mut ranks = ranks.borrow_mut();
            ranks.clear();
            // Terminal predecessors are not filtered out: they ignore messages (see RetroSpace).
            ranks.extend(preds.iter().map(|q| self.game.rank(q)));
            ranks.sort_unstable();
            ranks.dedup();
            for &r in ranks.iter() {
                if let Some(k) = self.set.rank(r) {
                    f(k);
                }
            }
        });
    }
}

thread_local! {
    /// The buffer of [`DenseSpace::for_each_predecessor`], kept between calls.
    static RANKS: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The memory a dense solve needs, in bytes, and how it divides up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Slots of the index.
    pub slots: u64,
    /// Reachable positions assumed (known, hinted, or every slot).
    pub positions: u64,
    /// Whether `positions` is exact (measured) rather than a hint or a bound.
    pub exact: bool,
    /// Bitset and directory.
    pub set_bytes: u64,
    /// One state word per position.
    pub state_bytes: u64,
    /// Frontier lists and one slab of messages.
    pub work_bytes: u64,
}

impl Estimate {
    /// Total bytes.
    pub fn total(&self) -> u64 {
        self.set_bytes + self.state_bytes + self.work_bytes
    }

    /// One line for the user.
    pub fn describe(&self) -> String {
        let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
        format!(
            "{} index slots, {} reachable positions{}; memory {:.0} MiB (bitset and directory {:.0} MiB, \
             states {:.0} MiB, frontier and messages {:.0} MiB)",
            self.slots,
            self.positions,
            if self.exact { "" } else { " (expected)" },
            mib(self.total()),
            mib(self.set_bytes),
            mib(self.state_bytes),
            mib(self.work_bytes)
        )
    }
}

/// The memory a dense solve of `game` needs, with `positions` reachable positions when known.
pub fn estimate<G: Indexed>(game: &G, positions: Option<u64>) -> Estimate {
    let slots = game.size();
    let (positions, exact) = match positions {
        Some(n) => (n, true),
        None => (game.reachable_hint().unwrap_or(slots), false),
    };
    let set_bytes = slots.div_ceil(64) * 8 + slots.div_ceil(512) * 8;
    let state_bytes = positions * 2;
    // Frontier: the largest round, 8 bytes an entry. The first round lists every finished
    // position, which in Dōbutsu shōgi is about half of them (measured peak 2,087 MiB against
    // 1,381 MiB when a tenth was assumed), so half is assumed. One slab of messages: at most
    // 2^20 frontier entries (never more than the positions) with up to 64 predecessors each,
    // 8 bytes, bucketed once.
    let work_bytes = positions / 2 * 8 + positions.min(1 << 20) * 64 * 8;
    Estimate { slots, positions, exact, set_bytes, state_bytes, work_bytes }
}

pub(crate) fn check_memory(estimate: &Estimate, limit: Option<u64>) -> Result<(), Error> {
    match limit {
        Some(limit) if estimate.total() > limit => Err(Error::TooLarge(format!(
            "the dense solve needs about {:.0} MiB, over the memory limit of {:.0} MiB ({})",
            estimate.total() as f64 / (1u64 << 20) as f64,
            limit as f64 / (1u64 << 20) as f64,
            estimate.describe()
        ))),
        _ => Ok(()),
    }
}

/// Every reachable position of a dense game with its outcome.
pub struct DenseSolution {
    set: DenseSet,
    words: Vec<u16>,
}

impl DenseSolution {
    pub(crate) fn new(set: DenseSet, words: Vec<u16>) -> DenseSolution {
        DenseSolution { set, words }
    }

    /// Number of positions solved (the reachable ones).
    pub fn len(&self) -> u64 {
        self.set.count()
    }

    /// Whether nothing was solved.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The reachable set.
    pub fn set(&self) -> &DenseSet {
        &self.set
    }

    /// The outcome of the position in slot `slot`, if it is reachable.
    pub fn get_slot(&self, slot: u64) -> Option<Outcome> {
        self.set.rank(slot).map(|k| word_outcome(self.words[k as usize]))
    }

    /// The outcome of the position numbered `k` among the reachable ones.
    pub fn get_nth(&self, k: u64) -> Outcome {
        word_outcome(self.words[k as usize])
    }

    /// The outcome of a position, if it is reachable.
    pub fn get<G: Indexed>(&self, game: &G, pos: &G::Position) -> Option<Outcome> {
        let slot = game.rank(pos);
        (slot < self.set.size()).then(|| self.get_slot(slot)).flatten()
    }

    /// Counts of positions by value and remoteness.
    pub fn counts(&self) -> Vec<CountRow> {
        // Count state words first (at most 2^16 kinds), in parallel.
        let hist = self
            .words
            .par_chunks(1 << 16)
            .map(|chunk| {
                let mut h = vec![0u64; 1 << 16];
                for &w in chunk {
                    h[w as usize] += 1;
                }
                h
            })
            .reduce(
                || vec![0u64; 1 << 16],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        let mut rows: Vec<CountRow> = Vec::new();
        for (w, &n) in hist.iter().enumerate() {
            if n > 0 {
                let o = word_outcome(w as u16);
                rows.push(CountRow { value: o.value(), remoteness: o.remoteness(), count: n });
            }
        }
        rows.sort_by_key(|r| (r.value.index(), r.remoteness.unwrap_or(0)));
        rows
    }

    /// Bytes of memory held.
    pub fn bytes(&self) -> u64 {
        self.set.bytes() + self.words.len() as u64 * 2
    }
}

/// Solves every position reachable from the game's roots over its index, refusing before any
/// work when the estimated memory exceeds `memory_limit`.
pub fn solve<G: Indexed>(
    game: &G,
    memory_limit: Option<u64>,
    progress: &dyn Progress,
) -> Result<DenseSolution, Error> {
    let before = estimate(game, None);
    progress.note(&format!("dense solve: {}", before.describe()));
    check_memory(&before, memory_limit)?;
    let set = reachable(game, progress)?;
    let exact = estimate(game, Some(set.count()));
    check_memory(&exact, memory_limit)?;
    let words = solve_words::<G, u16>(game, &set, progress)?;
    Ok(DenseSolution { set, words })
}

fn solve_words<G: Indexed, W: StateWord>(
    game: &G,
    set: &DenseSet,
    progress: &dyn Progress,
) -> Result<Vec<W>, Error> {
    solve_space_words::<_, W>(&DenseSpace::new(game, set), progress)
}

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
            Some(checkpoint) => crate::checkpoint::solve_dense(&self.0, options.memory, checkpoint, progress),
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
                .map(|k| Row {
                    position: game
                        .format(&game.unrank(set.select(k)).expect("reachable slots are positions")),
                    outcome: Some(solution.get_nth(k)),
                    nim: None,
                    infinite: None,
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(SolveReport {
            solver: SolverChoice::Retrograde,
            start: Row {
                position: game.format(&start),
                outcome: solution.get(game, &start),
                nim: None,
                infinite: None,
            },
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

    fn query(&self, position: Option<&str>) -> Result<QueryReport, Error> {
        let game = self.game;
        let pos = match position {
            Some(text) => parse_in(game, text)?,
            None => self.start.clone(),
        };
        let outcome_of = |p: &G::Position| {
            self.solution.get(game, p).ok_or_else(|| {
                Error::Unsupported(format!("position `{}` is not reachable from the start", game.format(p)))
            })
        };
        query_report(game, &pos, outcome_of, |_| None, Vec::new())
    }
}

pub(crate) fn parse_in<G: Game>(game: &G, text: &str) -> Result<G::Position, Error> {
    game.parse(text).map_err(|error| Error::Position { text: text.to_string(), error })
}

impl<G: Indexed> DynGame for Dense<G> {
    fn kind(&self) -> Kind {
        self.0.kind()
    }

    fn start_text(&self) -> String {
        self.0.format(&self.0.start())
    }

    fn normalize(&self, text: &str) -> Result<String, Error> {
        Ok(self.0.format(&parse_in(&self.0, text)?))
    }

    fn svg(&self, position: &str) -> Result<Option<String>, Error> {
        Ok(self.0.svg(&parse_in(&self.0, position)?))
    }

    fn solve(&self, options: &SolveOptions, progress: &dyn Progress) -> Result<SolveReport, Error> {
        let solution = self.solve_all(options, progress)?;
        let report = self.report(&solution, options)?;
        self.remove_checkpoint(options)?;
        Ok(report)
    }

    fn dense(&self) -> Option<&dyn crate::store::DenseStore> {
        Some(self)
    }

    fn solved(
        &self,
        from: Option<&str>,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Box<dyn Solved + '_>, Error> {
        let start = match from {
            Some(text) => parse_in(&self.0, text)?,
            None => self.0.start(),
        };
        let solution = self.solve_all(options, progress)?;
        if solution.get(&self.0, &start).is_none() {
            return Err(Error::Unsupported(format!(
                "position `{}` is not reachable from the start",
                self.0.format(&start)
            )));
        }
        Ok(Box::new(DenseSolved { game: &self.0, start, solution }))
    }

    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error> {
        let game = &self.0;
        let pos = match position {
            Some(text) => parse_in(game, text)?,
            None => game.start(),
        };
        let solution = self.solve_all(&SolveOptions::default(), progress)?;
        DenseSolved { game, start: pos, solution }.query(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_select_are_inverse() {
        // Sets of every density, sizes not a multiple of the word or block.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for (size, density) in [(1u64, 1u64), (700, 2), (5000, 64), (100_003, 7), (70_001, 200)] {
            let mut set = DenseSet::new(size);
            let mut members = Vec::new();
            for i in 0..size {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state.is_multiple_of(density) {
                    assert!(set.insert(i));
                    assert!(!set.insert(i));
                    members.push(i);
                }
            }
            set.build_directory();
            assert_eq!(set.count(), members.len() as u64);
            for (k, &i) in members.iter().enumerate() {
                assert_eq!(set.rank(i), Some(k as u64));
                assert_eq!(set.select(k as u64), i);
            }
            for i in 0..size {
                assert_eq!(set.contains(i), set.rank(i).is_some());
            }
            let mut seen = Vec::new();
            set.for_each_from(0, members.len(), |k, slot| seen.push((k, slot)));
            assert!(seen.iter().enumerate().all(|(n, &(k, slot))| k == n && slot == members[n]));
        }
    }
}
