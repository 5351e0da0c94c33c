//! Exact alpha-beta search of one position, in bounded memory: the value (and, when asked, the
//! remoteness) of a position without solving every position of the game.
//!
//! Negamax with fail-soft alpha-beta, to the end of the game (no depth limit, no evaluation:
//! every leaf is a position where the rules end the game), and a transposition table of a fixed
//! number of entries, each holding a position with a lower and an upper bound on its score.
//!
//! **Scores.** Without remoteness a win scores 1, a loss -1, a tie or a draw 0. With it, a win
//! in `r` plies scores `MATE - r` and a loss in `r` scores `r - MATE`, so that the winner
//! prefers the shortest win and the loser the longest loss, as the strong solvers count; a tie
//! scores 0 whatever its length (its remoteness is not searched for). The value is found by
//! null-window searches (is it a win? is it a loss?), then the remoteness by one search whose
//! window is the value's range.
//!
//! **Cycles.** A move back into a position on the current path scores as a draw (endless play).
//! This gives every position its exact value: a forced win never needs to repeat a position (a
//! winning strategy can always be taken without repetition, its remoteness falling at every
//! move), so a win is found as a win, and a side that cannot force a win scores at most a draw.
//! But a draw found so depends on the path that led to the position: the table keeps the
//! result of a search that met a repetition only when it cannot depend on the path, that is a
//! lower bound that is a win (the winning line is a real tree of the game, with no repetition in
//! it) or an upper bound that is a loss (every move proven to lose, again by real trees); a
//! search that met no repetition is kept whole.
//!
//! **Stores.** A searcher made [`Generic::probing`] a solved store (a file of `solve --save`,
//! or a directory of tiers) answers every position the store holds from it, exactly (a draw
//! there is the game's, found by retrograde analysis, not a repetition of the search's path),
//! and searches below the others only.
//!
//! **Ties and draws** both score 0: a search that met both a tie (a game that ended level) and
//! a draw (a repetition, or a position the rules declare drawn) cannot tell which a 0 is, and
//! says so rather than guess.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::game::Game;
pub use crate::rules::search::{Search, SearchOptions, Searched, Searcher, DEFAULT_TABLE_BYTES};
use crate::rules::value::{Outcome, Value};

/// The score of a win in 0 plies (see the module's documentation).
const MATE: i32 = 1 << 30;

/// Entries per bucket of the transposition table.
const BUCKET: usize = 4;

/// How deep the search may go (plies from the position searched) before it gives up with an
/// error: a loopy game's paths without repetition can be long.
const MAX_DEPTH: usize = 1 << 16;

/// Stack left, in bytes, below which a deeper ply of the search gets a new segment of stack
/// of [`STACK_SEGMENT`] bytes (`stacker`).
const RED_ZONE: usize = 128 << 10;
const STACK_SEGMENT: usize = 4 << 20;

/// A fast hash of the positions searched (the table's buckets, the path): the words written are
/// folded by multiplication, then mixed (SplitMix64's finalizer) so that every bit of the result
/// depends on every bit written. Not for keys an adversary chooses: positions come from the
/// rules.
#[derive(Default)]
struct Fold(u64);

impl Hasher for Fold {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The outcome a solved store gives a position, `None` for one it does not hold.
type Probe<'g, P> = Box<dyn Fn(&P) -> Result<Option<Outcome>, Error> + 'g>;

/// One entry of the transposition table.
#[derive(Clone)]
struct Entry<P> {
    pos: P,
    lower: i32,
    upper: i32,
    /// The move that was best or refuted the window, first to try next time.
    best: u32,
    /// Positions searched below the entry (saturating): the replacement keeps the costliest.
    work: u32,
}

/// The transposition table: buckets of [`BUCKET`] entries, found by a hash of the position.
struct Table<P> {
    slots: Vec<Option<Entry<P>>>,
    used: usize,
}

impl<P: Clone + Eq + Hash> Table<P> {
    fn new(bytes: u64) -> Table<P> {
        let per = std::mem::size_of::<Option<Entry<P>>>().max(1) as u64;
        let buckets = (bytes / per / BUCKET as u64).max(1) as usize;
        let mut slots = Vec::new();
        slots.resize_with(buckets * BUCKET, || None);
        Table { slots, used: 0 }
    }

    fn bucket(&self, pos: &P) -> usize {
        let mut h = Fold::default();
        pos.hash(&mut h);
        (h.finish() % (self.slots.len() / BUCKET) as u64) as usize * BUCKET
    }

    fn get(&self, pos: &P) -> Option<&Entry<P>> {
        let b = self.bucket(pos);
        self.slots[b..b + BUCKET].iter().flatten().find(|e| e.pos == *pos)
    }

    /// Records bounds on the score of `pos` (merged with those already known).
    fn put(&mut self, pos: &P, lower: i32, upper: i32, best: u32, work: u32) {
        let b = self.bucket(pos);
        let bucket = &mut self.slots[b..b + BUCKET];
        if let Some(e) = bucket.iter_mut().flatten().find(|e| e.pos == *pos) {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            e.best = best;
            e.work = e.work.max(work);
            return;
        }
        let fresh = Entry { pos: pos.clone(), lower, upper, best, work };
        if let Some(empty) = bucket.iter_mut().find(|e| e.is_none()) {
            *empty = Some(fresh);
            self.used += 1;
            return;
        }
        let cheapest = bucket.iter_mut().min_by_key(|e| e.as_ref().map_or(0, |e| e.work)).expect("a bucket");
        if cheapest.as_ref().is_some_and(|e| e.work <= work) {
            *cheapest = Some(fresh);
        }
    }
}

/// The engine's search over the rules: its table, kept from one position to the next.
pub struct Generic<'g, G: Game> {
    game: &'g G,
    /// Where a solved store answers positions ([`Generic::probing`]).
    probe: Option<Probe<'g, G::Position>>,
    probed: u64,
    remoteness: bool,
    table: Table<G::Position>,
    path: HashSet<G::Position, BuildHasherDefault<Fold>>,
    nodes: u64,
    /// Whether a search met a tie, or a draw, since the searcher was made: a table entry
    /// scoring 0 may come from an earlier position's search, so these are never reset.
    met_tie: bool,
    met_draw: bool,
}

impl<G: Game> Generic<'_, G> {
    /// The score of a terminal outcome, for the player to move.
    fn score(&mut self, o: Outcome) -> i32 {
        let r = o.remoteness().unwrap_or(0).min(MATE as u32 / 2) as i32;
        match (o.value(), self.remoteness) {
            (Value::Win, true) => MATE - r,
            (Value::Win, false) => 1,
            (Value::Lose, true) => r - MATE,
            (Value::Lose, false) => -1,
            (Value::Tie, _) => {
                self.met_tie = true;
                0
            }
            (Value::Draw, _) => {
                self.met_draw = true;
                0
            }
        }
    }

    /// A child's score (for the player to move there) for the player who moved into it.
    fn up(&self, s: i32) -> i32 {
        match (self.remoteness, s.signum()) {
            (false, _) | (true, 0) => -s,
            (true, 1) => 1 - s,
            _ => -1 - s,
        }
    }

    /// The inverse of `up`: the child's bound that a bound `b` on the mover's score means.
    fn down(&self, b: i32) -> i32 {
        match (self.remoteness, b.signum()) {
            (false, _) | (true, 0) => -b,
            (true, 1) => -1 - b,
            _ => 1 - b,
        }
    }

    /// Fail-soft alpha-beta: the score of `pos` if it lies strictly between `alpha` and `beta`,
    /// else a bound beyond the window on the side it failed; and whether the result met a
    /// repetition (see the module's documentation).
    fn alphabeta(
        &mut self,
        pos: &G::Position,
        mut alpha: i32,
        mut beta: i32,
        progress: &dyn Progress,
    ) -> Result<(i32, bool), Error> {
        self.nodes += 1;
        if self.nodes & 0xffff == 0 {
            progress.advance(0x10000);
        }
        // Polled at every 65,536th position, and at the root, so that a small search stops too.
        if (self.nodes & 0xffff == 0 || self.path.is_empty()) && progress.cancelled() {
            return Err(Error::Cancelled { checkpoint: None, proven: None });
        }
        if let Some(o) = self.game.terminal(pos) {
            return Ok((self.score(o), false));
        }
        if let Some(probe) = &self.probe {
            if let Some(o) = probe(pos)? {
                self.probed += 1;
                return Ok((self.score(o), false));
            }
        }
        let mut first = 0;
        if let Some(e) = self.table.get(pos) {
            if e.lower >= beta || e.lower == e.upper {
                return Ok((e.lower, false));
            }
            if e.upper <= alpha {
                return Ok((e.upper, false));
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
            first = e.best as usize;
        }
        let mut children = Vec::new();
        self.game.successors(pos, &mut children);
        if children.is_empty() {
            let lost = self.score(Outcome::new(Value::Lose, 0));
            return Ok((lost, false));
        }
        if self.path.len() >= MAX_DEPTH {
            return Err(Error::TooLarge(format!(
                "the search went {MAX_DEPTH} plies deep without repeating a position"
            )));
        }
        if first < children.len() {
            children.swap(0, first);
        }
        let start = self.nodes;
        let window = (alpha, beta);
        self.path.insert(pos.clone());
        let (mut best, mut best_move, mut tainted) = (i32::MIN, 0, false);
        let mut failure = None;
        for (i, child) in children.iter().enumerate() {
            let (s, t) = if self.path.contains(child) {
                self.met_draw = true;
                (0, true)
            } else {
                // A loopy game's lines may run thousands of plies deep: the stack grows on
                // the heap as the recursion needs it (up to MAX_DEPTH plies).
                let (down_beta, down_alpha) = (self.down(beta), self.down(alpha));
                let found = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || {
                    self.alphabeta(child, down_beta, down_alpha, progress)
                });
                match found {
                    Ok((s, t)) => (self.up(s), t),
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                }
            };
            tainted |= t;
            if s > best {
                best = s;
                best_move = if i == 0 {
                    first
                } else if i == first {
                    0
                } else {
                    i
                };
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.path.remove(pos);
        if let Some(e) = failure {
            return Err(e);
        }
        let (lower, upper) = if best <= window.0 {
            (i32::MIN, best)
        } else if best >= window.1 {
            (best, i32::MAX)
        } else {
            (best, best)
        };
        let work = (self.nodes - start).min(u64::from(u32::MAX)) as u32;
        if !tainted {
            self.table.put(pos, lower, upper, best_move as u32, work);
        } else if lower > 0 {
            self.table.put(pos, lower, i32::MAX, best_move as u32, work);
        } else if upper < 0 {
            self.table.put(pos, i32::MIN, upper, best_move as u32, work);
        }
        Ok((best, tainted))
    }
}

impl<'g, G: Game> Generic<'g, G> {
    /// A searcher with a table of `options.table_bytes`, refused over the memory limit.
    pub fn new(game: &'g G, options: &SearchOptions) -> Result<Generic<'g, G>, Error> {
        check_memory(options.table_bytes)?;
        Ok(Generic {
            game,
            probe: None,
            probed: 0,
            remoteness: options.remoteness,
            table: Table::new(options.table_bytes),
            path: HashSet::default(),
            nodes: 0,
            met_tie: false,
            met_draw: false,
        })
    }

    /// The searcher answering every position that `probe` gives an outcome (a solved store's:
    /// exact, the remoteness included) from it, without searching below.
    pub fn probing(
        mut self,
        probe: impl Fn(&G::Position) -> Result<Option<Outcome>, Error> + 'g,
    ) -> Generic<'g, G> {
        self.probe = Some(Box::new(probe));
        self
    }
}

/// Refuses a transposition table over the memory limit.
pub fn check_memory(table_bytes: u64) -> Result<(), Error> {
    match crate::memory::limit().filter(|&l| table_bytes > l) {
        Some(limit) => Err(Error::TooLarge(format!(
            "a transposition table of {} is over the memory limit of {}",
            crate::memory::describe_bytes(table_bytes),
            crate::memory::describe_bytes(limit)
        ))),
        None => Ok(()),
    }
}

impl<G: Game> Searcher<G::Position> for Generic<'_, G> {
    fn search(&mut self, pos: &G::Position, progress: &dyn Progress) -> Result<Searched, Error> {
        let (before, probed) = (self.nodes, self.probed);
        let remoteness = self.remoteness;
        // A position the store holds is read once, not once per window.
        if let Some(o) = self.probe.as_ref().map(|probe| probe(pos)).transpose()?.flatten() {
            self.nodes += 1;
            self.probed += 1;
            return Ok(Searched {
                value: o.value(),
                remoteness: o.remoteness().filter(|_| remoteness && o.value() != Value::Tie),
                score: None,
                nodes: 1,
                probed: 1,
                table_used: self.table.used,
                table_entries: self.table.slots.len(),
            });
        }
        // Stopped by the user: each phase knows what the ones before it proved.
        let stopped = |proven: &str| {
            let proven = proven.to_string();
            move |e: Error| match e {
                Error::Cancelled { checkpoint, proven: None } => {
                    Error::Cancelled { checkpoint, proven: Some(proven) }
                }
                e => e,
            }
        };
        progress.phase("searching: is it a win?", None);
        let (win, _) = self.alphabeta(pos, 0, 1, progress)?;
        let score = if win >= 1 {
            if remoteness {
                progress.phase("searching: the shortest win", None);
                let found = self.alphabeta(pos, 0, MATE, progress);
                found.map_err(stopped("a win, its remoteness not found yet"))?.0
            } else {
                win
            }
        } else {
            progress.phase("searching: is it a loss?", None);
            let found = self.alphabeta(pos, -1, 0, progress);
            let (lose, _) =
                found.map_err(stopped("not a win: a draw, a tie or a loss (a bound, not the value)"))?;
            match (lose < 0, remoteness) {
                (true, true) => {
                    progress.phase("searching: the longest loss", None);
                    let found = self.alphabeta(pos, -MATE, 0, progress);
                    found.map_err(stopped("a loss, its remoteness not found yet"))?.0
                }
                (true, false) => -1,
                (false, _) => 0,
            }
        };
        let (value, remoteness) = match score.signum() {
            1 => (Value::Win, remoteness.then(|| (MATE - score) as u32)),
            -1 => (Value::Lose, remoteness.then(|| (MATE + score) as u32)),
            _ => match (self.met_tie, self.met_draw) {
                (true, true) => {
                    return Err(Error::Unsupported(
                        "the search met both ties and draws (endless play or drawn ends), which it \
                         cannot tell apart: solve the game strongly instead"
                            .into(),
                    ))
                }
                (_, true) => (Value::Draw, None),
                _ => (Value::Tie, None),
            },
        };
        Ok(Searched {
            value,
            remoteness,
            score: None,
            nodes: self.nodes - before,
            probed: self.probed - probed,
            table_used: self.table.used,
            table_entries: self.table.slots.len(),
        })
    }
}

/// A searcher for `game`: its own ([`Search`]) where it has one, else the engine's ([`Generic`]).
pub fn searcher<'g, G: Game>(
    game: &'g G,
    options: &SearchOptions,
) -> Result<Box<dyn Searcher<G::Position> + 'g>, Error> {
    match game.capabilities().search {
        Some(own) => {
            check_memory(options.table_bytes)?;
            own.searcher(options)
        }
        None => Ok(Box::new(Generic::new(game, options)?)),
    }
}

/// The value of `pos` (and its remoteness with [`SearchOptions::remoteness`]) by the engine's
/// exact alpha-beta search over the rules (see the module's documentation), whatever search the
/// game has of its own.
pub fn search<G: Game>(
    game: &G,
    pos: &G::Position,
    options: &SearchOptions,
    progress: &dyn Progress,
) -> Result<Searched, Error> {
    Generic::new(game, options)?.search(pos, progress)
}
