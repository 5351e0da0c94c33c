//! Enumeration of the positions reachable from a set of roots into an explicit, indexed graph.
//!
//! This is the hash-map path for solving small and medium games: positions are numbered in
//! breadth-first order and moves are kept as index arrays (compressed sparse rows).

use rustc_hash::FxHashMap;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::game::Game;
use crate::rules::value::Outcome;

/// Sentinel in [`Reached::terminal`] for a position where play goes on (no packed outcome is
/// all ones: a draw packs with remoteness 0).
const NOT_TERMINAL: u32 = u32::MAX;

/// The positions reachable from some roots, numbered densely, with their moves.
pub struct Reached<P> {
    /// Positions in breadth-first order; roots first.
    pub positions: Vec<P>,
    /// Position to its number.
    pub index: FxHashMap<P, u32>,
    /// Per position: the declared terminal outcome packed ([`Outcome::pack`]), or `u32::MAX`.
    terminal: Vec<u32>,
    /// Moves of position `i` are `children[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u64>,
    children: Vec<u32>,
}

impl<P: Clone + Eq + std::hash::Hash> Reached<P> {
    /// Numbers every position reachable from `roots`. Fails when the search outgrows the
    /// memory limit ([`crate::memory::check`]).
    pub fn new<G: Game<Position = P>>(
        game: &G,
        roots: &[P],
        progress: &dyn Progress,
    ) -> Result<Reached<P>, Error> {
        progress.phase("exploring positions", None);
        let mut reached = Reached {
            positions: Vec::new(),
            index: FxHashMap::default(),
            terminal: Vec::new(),
            offsets: vec![0],
            children: Vec::new(),
        };
        for root in roots {
            reached.intern(root.clone());
        }
        let mut next = Vec::new();
        let mut done = 0usize;
        while done < reached.positions.len() {
            let pos = reached.positions[done].clone();
            match game.terminal(&pos) {
                Some(outcome) => reached.terminal.push(pack_terminal(outcome)?),
                None => {
                    reached.terminal.push(NOT_TERMINAL);
                    next.clear();
                    game.successors(&pos, &mut next);
                    for child in next.drain(..) {
                        let id = reached.intern(child);
                        reached.children.push(id);
                    }
                }
            }
            reached.offsets.push(reached.children.len() as u64);
            done += 1;
            if done.is_multiple_of(4096) {
                progress.advance(4096);
                if progress.cancelled() {
                    return Err(Error::Cancelled { checkpoint: None, proven: None });
                }
            }
            if done.is_multiple_of(crate::memory::CHECK_EVERY) {
                crate::memory::check(reached.positions.len())?;
            }
        }
        progress.advance((done % 4096) as u64);
        Ok(reached)
    }

    fn intern(&mut self, pos: P) -> u32 {
        let next = self.positions.len() as u32;
        *self.index.entry(pos).or_insert_with_key(|p| {
            self.positions.push(p.clone());
            next
        })
    }
}

/// A declared terminal outcome packed, or [`Error::TooLarge`] when its remoteness does not fit.
fn pack_terminal(outcome: Outcome) -> Result<u32, Error> {
    match outcome.remoteness() {
        Some(r) if r > Outcome::MAX_REMOTENESS => Err(Error::TooLarge(format!(
            "a terminal position of remoteness {r}: at most {}",
            Outcome::MAX_REMOTENESS
        ))),
        _ => Ok(outcome.pack()),
    }
}

impl<P> Reached<P> {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position was reached.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The declared terminal outcome of position `i`, if the game ended there.
    pub fn terminal(&self, i: usize) -> Option<Outcome> {
        let t = self.terminal[i];
        (t != NOT_TERMINAL).then(|| Outcome::unpack(t))
    }

    /// The positions reached by the moves of position `i`, by number.
    pub fn children(&self, i: usize) -> &[u32] {
        &self.children[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The reverse graph: for each position, the positions with a move to it (one entry per
    /// move).
    pub fn predecessors(&self) -> Csr {
        let n = self.len();
        let mut offsets = vec![0u64; n + 1];
        for &c in &self.children {
            offsets[c as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u64> = offsets[..n].to_vec();
        let mut targets = vec![0u32; self.children.len()];
        for from in 0..n {
            for &c in self.children(from) {
                let slot = &mut fill[c as usize];
                targets[*slot as usize] = from as u32;
                *slot += 1;
            }
        }
        Csr { offsets, targets }
    }
}

/// Adjacency lists in compressed sparse row form.
pub struct Csr {
    offsets: Vec<u64>,
    targets: Vec<u32>,
}

impl Csr {
    /// The list of node `i`.
    pub fn get(&self, i: usize) -> &[u32] {
        &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}
