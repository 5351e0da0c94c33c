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

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::solve::memo;
    use nimber_engine::table::check::{check_bijection, check_predecessors};
    use nimber_engine::table::dense;
    use nimber_engine::{Silent, Value};

    #[test]
    fn index_is_a_bijection_and_predecessors_match_moves() {
        for (count, max) in [(1, 9), (3, 7), (4, 5), (5, 3)] {
            let game = IndexedNim::new(Nim::new(vec![max; count])).unwrap();
            let all: Vec<Vec<u32>> = (0..game.size()).map(|i| game.unrank(i).unwrap()).collect();
            assert_eq!(check_bijection(&game, all.clone(), 0..game.size()), 0, "{count} heaps of {max}");
            assert!(check_predecessors(&game, all) > 0);
        }
        // C(7 + 3, 3) positions of three heaps of at most 7, the empty one included.
        assert_eq!(IndexedNim::new(Nim::new(vec![7, 7, 7])).unwrap().size(), 120);
        assert_eq!(IndexedNim::new(Nim::new(vec![5, 3, 1])).unwrap().rank(&vec![1, 2, 3, 4]), 56);
        assert!(IndexedNim::new(Nim::new(vec![1 << 20; 8])).is_err());
    }

    #[test]
    fn dense_solve_agrees_with_memo_search() {
        // Every position of four heaps of at most 9 (all reachable from 9,9,9,9): the dense
        // solver's outcome is memo search's, and the player to move loses exactly at XOR 0.
        let nim = Nim::new(vec![9; 4]);
        let game = IndexedNim::new(nim.clone()).unwrap();
        let solution = dense::solve(&game, None, &Silent).unwrap();
        assert_eq!(solution.len(), game.size());
        assert_eq!(game.size(), 715);
        let memo = memo::solve(&nim, &[nim.start()], &Silent).unwrap();
        assert_eq!(memo.len(), 715);
        for i in 0..game.size() {
            let heaps = game.unrank(i).unwrap();
            let outcome = solution.get(&game, &heaps).unwrap();
            assert_eq!(Some(outcome), memo.get(&heaps), "{heaps:?}");
            let xor = heaps.iter().fold(0, |a, h| a ^ h);
            assert_eq!(outcome.value() == Value::Lose, xor == 0, "{heaps:?}");
        }
    }

    /// Asks to stop at the `stop_at`-th poll (0-based) and at every later one.
    struct StopAt(std::sync::atomic::AtomicU64, u64);

    impl nimber_engine::Progress for StopAt {
        fn cancelled(&self) -> bool {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= self.1
        }
    }

    #[test]
    fn stopped_at_any_level_or_round_and_resumed_ends_as_uninterrupted() {
        // Four heaps of at most 6: 210 positions, 5 levels of search (a move empties a heap at
        // most) and 25 rounds (remoteness up to 24, the counters). Stopped at
        // each of them in turn (a checkpoint written every time), then resumed to the end.
        use nimber_engine::store::checkpoint::{self, CheckpointOptions, Stage};
        let game = IndexedNim::new(Nim::new(vec![6; 4])).unwrap();
        let want = dense::solve(&game, None, &Silent).unwrap();
        let path = std::env::temp_dir().join(format!("nimber-nim-index-{}.ckpt", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut options = CheckpointOptions::new(
            &path,
            &nimber_engine::GameId::new("nim", vec![("heaps".into(), "6,6,6,6".into())]),
        );
        options.every = std::time::Duration::ZERO;
        let mut stages = Vec::new();
        for stop_at in 0.. {
            options.resume = false;
            let stop = StopAt(Default::default(), stop_at);
            match checkpoint::solve_dense(&game, None, &options, &stop) {
                Ok(_) => break,
                Err(nimber_engine::Error::Cancelled { checkpoint: Some(_) }) => {}
                Err(e) => panic!("{e}"),
            }
            stages.push(checkpoint::read_header(&path).unwrap().stage);
            options.resume = true;
            let got = checkpoint::solve_dense(&game, None, &options, &Silent).unwrap();
            assert!((0..want.len()).all(|k| got.get_nth(k) == want.get_nth(k)), "{:?}", stages.last());
            options.remove().unwrap();
        }
        let levels = stages.iter().filter(|s| matches!(s, Stage::Search { .. })).count();
        assert_eq!((levels, stages.len() - levels), (5, 25), "{stages:?}");
    }
}
