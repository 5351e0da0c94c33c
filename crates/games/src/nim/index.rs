//! Nim over a dense index, for the dense solver (`solve --save`, checkpoints): the positions of
//! at most `count` heaps of at most `max` counters, numbered by the combinatorial number system.
//!
//! A position padded with empty heaps to `count` heaps `a_1 <= ... <= a_k` (k = `count`) maps to
//! the strictly increasing `b_i = a_i + i - 1` in `0..max + k`, and its slot is the sum of the
//! binomial coefficients `C(b_i, i)`: a perfect index of `C(max + k, k)` slots (no holes). The
//! predecessors (a heap grows, or a new heap appears) stay within the same bounds, which hold
//! every position reachable from the start; that is why this is a type of its own rather than
//! [`Nim`] itself, whose positions (queries, exploration) may go beyond them.

use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::{subset, Indexed};
use nimber_engine::{Backward, Capabilities, Error, Game, Kind, Move, Notation, ParseError};

use super::Nim;

/// The most slots a dense index of Nim may have.
pub const MAX_SLOTS: u64 = 1 << 40;

/// Nim with a dense index of the positions of at most `count` heaps of at most `max`.
#[derive(Clone, Debug)]
pub struct IndexedNim {
    nim: Nim,
    size: u64,
}

impl IndexedNim {
    /// The indexed version of `nim`; refused when the index would have over `MAX_SLOTS` slots.
    pub fn new(nim: Nim) -> Result<IndexedNim, Error> {
        let (k, max) = (nim.count as u64, nim.max as u64);
        let size = subset::binomial(max + k, k);
        if size > MAX_SLOTS {
            return Err(Error::TooLarge(format!(
                "nim with {k} heaps of at most {max} has over {MAX_SLOTS} positions: too many for a dense index"
            )));
        }
        Ok(IndexedNim { nim, size })
    }

    /// The padded heaps of a position within the bounds, smallest first; `None` outside them.
    fn padded(&self, heaps: &[u32]) -> Option<Vec<u32>> {
        let k = self.nim.count;
        if heaps.len() > k || heaps.iter().any(|&h| h > self.nim.max) {
            return None;
        }
        let mut out = vec![0; k - heaps.len()];
        out.extend_from_slice(heaps);
        Some(out)
    }
}

impl Game for IndexedNim {
    type Position = Vec<u32>;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> Vec<u32> {
        self.nim.start()
    }

    fn moves(&self, heaps: &Vec<u32>) -> Vec<Move<Vec<u32>>> {
        self.nim.moves(heaps)
    }

    fn successors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        self.nim.successors(heaps, out)
    }

    fn capabilities(&self) -> Capabilities<'_, Vec<u32>> {
        Capabilities::none().notation(self).backward(self)
    }
}

impl Notation<Vec<u32>> for IndexedNim {
    fn format(&self, heaps: &Vec<u32>) -> String {
        self.nim.format(heaps)
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, ParseError> {
        self.nim.parse(text)
    }
}

impl Backward<Vec<u32>> for IndexedNim {
    /// A heap of `h` (or an empty one, when there are fewer than `count`) grows to any size up to
    /// `max`: one predecessor per distinct heap size and new size.
    fn predecessors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let Some(padded) = self.padded(heaps) else { return };
        for (i, &h) in padded.iter().enumerate() {
            if i > 0 && padded[i - 1] == h {
                continue;
            }
            for to in h + 1..=self.nim.max {
                let mut p = padded.clone();
                p.remove(i);
                let at = p.partition_point(|&x| x < to);
                p.insert(at, to);
                out.push(p.into_iter().filter(|&x| x > 0).collect());
            }
        }
    }
}

impl Indexed for IndexedNim {
    fn size(&self) -> u64 {
        self.size
    }

    /// Positions beyond the bounds rank at `size()`: out of the index, never reachable.
    fn rank(&self, heaps: &Vec<u32>) -> u64 {
        match self.padded(heaps) {
            Some(padded) => subset::rank_sorted(padded.iter().enumerate().map(|(i, &a)| a as u64 + i as u64)),
            None => self.size,
        }
    }

    fn unrank(&self, index: u64) -> Option<Vec<u32>> {
        if index >= self.size {
            return None;
        }
        let k = self.nim.count as u64;
        // The set b_1 < ... < b_k of 0..max + k, then the heaps a_i = b_i - (i - 1).
        let mut set = Vec::with_capacity(k as usize);
        subset::unrank_sorted(index, k, self.nim.max as u64 + k, &mut set);
        Some(set.iter().enumerate().map(|(i, &b)| (b - i as u64) as u32).filter(|&a| a > 0).collect())
    }

    fn index_scheme(&self) -> String {
        "nim-multiset-v1".to_string()
    }
}

impl SlotMoves for IndexedNim {}
