//! Retrograde analysis for finite games, cycles allowed.
//!
//! The solver works on a [`RetroSpace`]: positions numbered `0..len`, each either terminal with a
//! value or with a number of moves, and a way to list the predecessors of a position. It proceeds
//! in rounds. The positions decided in round `r` all have remoteness `r` (the frontier); a round
//! sends one message per predecessor of each frontier position, bucketed by the partition of the
//! position space it is addressed to, then each partition applies its messages on its own:
//!
//! - a predecessor of a lost position is won (remoteness `r + 1`, the fastest win, since rounds go
//!   by increasing remoteness);
//! - a predecessor of a won position has one undecided move fewer; when none is left, all its
//!   moves lead to won positions and it is lost (remoteness `r + 1`: the last of them to be
//!   decided is the slowest);
//! - once wins and losses are exhausted, the same rounds run from the tied terminal positions: an
//!   undecided predecessor of a tie is a tie (both players prefer a tie to endless play);
//! - whatever is never decided is a draw.
//!
//! The scatter and apply steps run in parallel with rayon, and apply needs no atomics because
//! each partition is owned by one task. The same rounds work over any storage: the explicit
//! graphs of small games here, and dense indexed tables, files or remote partitions elsewhere.

use rayon::prelude::*;

use crate::error::Error;
use crate::explore::{Csr, Explored};
use crate::game::Game;
use crate::progress::Progress;
use crate::solution::{OutcomeTable, Solution};
use crate::value::{Outcome, Value};

/// How a position starts out before any round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Init {
    /// The game has ended here with this value for the player to move.
    Terminal(Value),
    /// Play goes on with this many moves (0 means the player to move has lost).
    Moves(u32),
}

/// A position space that retrograde analysis can run over.
pub trait RetroSpace: Sync {
    /// Number of positions; they are numbered `0..len`.
    fn len(&self) -> u64;

    /// Whether the space is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The starting state of position `i`.
    fn init(&self, i: u64) -> Init;

    /// Calls `f` once for every move into position `i`, with the number of the position the move
    /// is made from. Positions with a declared terminal value have no moves and must not be
    /// reported.
    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, f: F);
}

/// Bit set in a position's state once its value is known.
const DECIDED: u32 = 1 << 31;
/// Bits of remoteness in a decided state (the value takes 2 bits above them).
const REM_BITS: u32 = 29;
const REM_MASK: u32 = (1 << REM_BITS) - 1;

/// Message kinds, carried in the low 2 bits of a message and of a frontier entry.
const CHILD_LOST: u64 = 0;
const CHILD_WON: u64 = 1;
const CHILD_TIED: u64 = 2;

fn decided(value: Value, remoteness: u32) -> u32 {
    DECIDED | (value.index() as u32) << REM_BITS | remoteness
}

fn message_kind(value: Value) -> Option<u64> {
    match value {
        Value::Lose => Some(CHILD_LOST),
        Value::Win => Some(CHILD_WON),
        Value::Tie => Some(CHILD_TIED),
        Value::Draw => None,
    }
}

/// Positions per partition as a power of two: partitions small enough for their states to stay
/// in cache while messages are applied, and few enough to keep the buckets manageable.
fn partition_bits(len: u64) -> u32 {
    let total_bits = 64 - len.max(1).leading_zeros();
    total_bits.saturating_sub(12).clamp(12, 20)
}

/// Solves every position of `space`.
pub fn solve_space<S: RetroSpace>(space: &S, progress: &dyn Progress) -> Result<OutcomeTable, Error> {
    let len = space.len();
    let len_usize =
        usize::try_from(len).map_err(|_| Error::TooLarge(format!("{len} positions do not fit in memory")))?;
    let bits = partition_bits(len);
    let psize = 1usize << bits;

    progress.phase("initializing", Some(len));
    let mut state = vec![0u32; len_usize];
    let initial: Vec<(Vec<u64>, Vec<u64>)> = state
        .par_chunks_mut(psize)
        .enumerate()
        .map(|(d, slice)| {
            let base = (d as u64) << bits;
            let mut decisive = Vec::new();
            let mut tied = Vec::new();
            for (k, s) in slice.iter_mut().enumerate() {
                let i = base + k as u64;
                let (value, moves) = match space.init(i) {
                    Init::Terminal(v) => (Some(v), 0),
                    Init::Moves(0) => (Some(Value::Lose), 0),
                    Init::Moves(m) => (None, m),
                };
                match value {
                    None => *s = moves,
                    Some(v) => {
                        *s = decided(v, 0);
                        match message_kind(v) {
                            Some(CHILD_TIED) => tied.push(i << 2 | CHILD_TIED),
                            Some(kind) => decisive.push(i << 2 | kind),
                            None => {}
                        }
                    }
                }
            }
            progress.advance(slice.len() as u64);
            (decisive, tied)
        })
        .collect();
    let (decisive, tied): (Vec<Vec<u64>>, Vec<Vec<u64>>) = initial.into_iter().unzip();

    progress.phase("wins and losses", Some(len));
    run_rounds(space, &mut state, decisive, bits, progress)?;
    progress.phase("ties", Some(len));
    run_rounds(space, &mut state, tied, bits, progress)?;

    // Undecided positions are draws; decided ones are repacked as outcomes.
    state.par_iter_mut().for_each(|s| {
        *s = if *s & DECIDED == 0 {
            Outcome::DRAW.pack()
        } else {
            Outcome::new(Value::ALL[((*s >> REM_BITS) & 3) as usize], *s & REM_MASK).pack()
        }
    });
    Ok(OutcomeTable::from_packed(state))
}

/// Runs rounds from `frontier` (per partition: positions of remoteness 0) until no position is
/// decided.
fn run_rounds<S: RetroSpace>(
    space: &S,
    state: &mut [u32],
    mut frontier: Vec<Vec<u64>>,
    bits: u32,
    progress: &dyn Progress,
) -> Result<(), Error> {
    let mut remoteness = 0u32;
    while frontier.iter().any(|f| !f.is_empty()) {
        progress.advance(frontier.iter().map(|f| f.len() as u64).sum());
        if remoteness >= REM_MASK {
            return Err(Error::TooLarge(format!("remoteness exceeds {REM_MASK}")));
        }
        frontier = round(space, state, &frontier, remoteness + 1, bits);
        remoteness += 1;
    }
    Ok(())
}

/// One round: the frontier's messages to their predecessors, then each partition applies its
/// own. Returns the next frontier, per partition.
fn round<S: RetroSpace>(
    space: &S,
    state: &mut [u32],
    frontier: &[Vec<u64>],
    next_remoteness: u32,
    bits: u32,
) -> Vec<Vec<u64>> {
    let parts = frontier.len();
    let tasks = (rayon::current_num_threads() * 4).clamp(1, parts.max(1));
    let per_task = parts.div_ceil(tasks).max(1);

    // Scatter: each task takes a run of source partitions and buckets messages by destination.
    let buckets: Vec<Vec<Vec<u64>>> = frontier
        .par_chunks(per_task)
        .map(|group| {
            let mut out: Vec<Vec<u64>> = vec![Vec::new(); parts];
            for entry in group.iter().flatten() {
                let kind = entry & 3;
                space.for_each_predecessor(entry >> 2, |q| out[(q >> bits) as usize].push(q << 2 | kind));
            }
            out
        })
        .collect();

    // Apply: each partition reads the messages addressed to it from every task.
    state
        .par_chunks_mut(1 << bits)
        .enumerate()
        .map(|(d, slice)| {
            let base = (d as u64) << bits;
            let mut next = Vec::new();
            for message in buckets.iter().flat_map(|b| &b[d]) {
                let q = message >> 2;
                let s = &mut slice[(q - base) as usize];
                if *s & DECIDED != 0 {
                    continue;
                }
                match message & 3 {
                    CHILD_LOST => {
                        *s = decided(Value::Win, next_remoteness);
                        next.push(q << 2 | CHILD_WON);
                    }
                    CHILD_WON => {
                        *s -= 1;
                        if *s == 0 {
                            *s = decided(Value::Lose, next_remoteness);
                            next.push(q << 2 | CHILD_LOST);
                        }
                    }
                    _ => {
                        *s = decided(Value::Tie, next_remoteness);
                        next.push(q << 2 | CHILD_TIED);
                    }
                }
            }
            next
        })
        .collect()
}

/// An explored game with its reverse graph held in memory.
struct ReverseGraph<'a, P> {
    explored: &'a Explored<P>,
    predecessors: Csr,
}

impl<P: Sync> RetroSpace for ReverseGraph<'_, P> {
    fn len(&self) -> u64 {
        self.explored.len() as u64
    }

    fn init(&self, i: u64) -> Init {
        init_of(self.explored, i)
    }

    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) {
        for &q in self.predecessors.get(i as usize) {
            f(q as u64);
        }
    }
}

/// An explored game whose predecessors come from the game's own generator.
struct GamePredecessors<'a, G: Game> {
    game: &'a G,
    explored: &'a Explored<G::Position>,
}

impl<G: Game> RetroSpace for GamePredecessors<'_, G> {
    fn len(&self) -> u64 {
        self.explored.len() as u64
    }

    fn init(&self, i: u64) -> Init {
        init_of(self.explored, i)
    }

    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) {
        let mut preds = Vec::new();
        self.game.predecessors(&self.explored.positions[i as usize], &mut preds);
        for p in &preds {
            if let Some(&q) = self.explored.index.get(p) {
                if self.explored.terminal(q as usize).is_none() {
                    f(q as u64);
                }
            }
        }
    }
}

fn init_of<P>(explored: &Explored<P>, i: u64) -> Init {
    let i = i as usize;
    match explored.terminal(i) {
        Some(v) => Init::Terminal(v),
        None => Init::Moves(explored.children(i).len() as u32),
    }
}

/// How retrograde analysis finds the moves into a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Predecessors {
    /// The game's own generator when it has one, else a reverse graph.
    Auto,
    /// Always build the reverse graph from the explored moves.
    ReverseGraph,
}

/// Solves every position reachable from `roots` by retrograde analysis.
pub fn solve<G: Game>(
    game: &G,
    roots: &[G::Position],
    predecessors: Predecessors,
    progress: &dyn Progress,
) -> Result<Solution<G::Position>, Error> {
    let explored = Explored::new(game, roots, progress);
    let table = if game.has_predecessors() && predecessors == Predecessors::Auto {
        solve_space(&GamePredecessors { game, explored: &explored }, progress)?
    } else {
        progress.phase("building the reverse graph", None);
        let reverse = ReverseGraph { predecessors: explored.predecessors(), explored: &explored };
        solve_space(&reverse, progress)?
    };
    Ok(Solution::new(explored.positions, explored.index, table))
}
