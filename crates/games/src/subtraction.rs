//! Subtraction games: heaps of counters; a move removes an amount from a fixed set from one heap.

use nimber_engine::{Backward, Decompose, Draw, Notation};
use nimber_engine::{DynGame, Error, Game, Kind, Move, ParamSpec, Params, ParseError};

use crate::multiset::{
    distinct, draw_heaps, format_heaps, parse_position, replace_heap, single_heaps, take_moves,
    take_successors,
};
use crate::registry::GameInfo;

/// The largest heap and the largest amount accepted.
pub const MAX_HEAP: u64 = crate::nim::MAX_HEAP;

/// A subtraction game under normal play. A position is the multiset of heap sizes, kept sorted
/// and without empty heaps, as in [`crate::nim::Nim`].
#[derive(Clone, Debug)]
pub struct Subtraction {
    /// The amounts that may be removed: distinct, positive, increasing.
    set: Vec<u32>,
    start: Vec<u32>,
}

impl Subtraction {
    /// The subtraction game with amounts `set` starting from `heaps`. Fails when the set is empty
    /// or contains 0 (a move that removes nothing would let play go on forever).
    pub fn new(mut set: Vec<u32>, mut heaps: Vec<u32>) -> Result<Subtraction, Error> {
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            return Err(Error::Param("parameter set: give at least one amount to remove".into()));
        }
        if set[0] == 0 {
            return Err(Error::Param("parameter set: amounts must be positive (0 removes nothing)".into()));
        }
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        Ok(Subtraction { set, start: heaps })
    }

    /// The amounts that may be removed, increasing.
    pub fn set(&self) -> &[u32] {
        &self.set
    }

    /// The sizes a heap of `h` can be left at: `h - s` for each amount `s` up to `h`, in the
    /// order of the set.
    fn sizes_after(&self, h: u32) -> impl Iterator<Item = u32> + '_ {
        self.set.iter().take_while(move |&&s| s <= h).map(move |&s| h - s)
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "subtraction",
    summary: "Subtraction game: remove an amount from a fixed set from one heap; the last to move wins",
    help: "Subtraction games (Berlekamp, Conway and Guy, Winning Ways, ch. 4, Taking and \
           Breaking; T. S. Ferguson, Game Theory, part I). Heaps of counters and a fixed set S of \
           positive amounts; a move removes s counters from one heap, for some s in S no larger \
           than the heap; a player with no move loses. Each heap's nim value is eventually \
           periodic in its size: with S = 1,2,3 it is the size mod 4; with S = 1,3,4 the values \
           repeat 0,1,0,1,2,3,2. A sum of heaps has the XOR of their values. Notation: heap sizes \
           separated by commas, e.g. `3,4,5` (order does not matter; empty heaps are dropped; no \
           heaps is `-`). Moves are written `10->7`: a heap of 10 becomes a heap of 7.",
    params: &[
        ParamSpec { name: "set", default: "1,2,3", help: "the amounts that may be removed, comma-separated" },
        ParamSpec { name: "heaps", default: "10", help: "heap sizes, comma-separated" },
    ],
    build,
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let set = params.int_list("set", 1, MAX_HEAP)?;
    let heaps = params.int_list("heaps", 0, MAX_HEAP)?;
    let game = Subtraction::new(
        set.into_iter().map(|s| s as u32).collect(),
        heaps.into_iter().map(|h| h as u32).collect(),
    )?;
    Ok(Box::new(game))
}

impl Game for Subtraction {
    type Position = Vec<u32>;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> Vec<u32> {
        self.start.clone()
    }

    fn moves(&self, heaps: &Vec<u32>) -> Vec<Move<Vec<u32>>> {
        take_moves(heaps, |h| self.sizes_after(h))
    }

    fn successors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        // One move per distinct heap size and amount: heaps of equal size are interchangeable,
        // so taking from either is the same move (as in Nim).
        take_successors(heaps, |h| self.sizes_after(h), out)
    }

    fn notation(&self) -> Option<&dyn Notation<Vec<u32>>> {
        Some(self)
    }

    fn drawing(&self) -> Option<&dyn Draw<Vec<u32>>> {
        Some(self)
    }

    fn decomposition(&self) -> Option<&dyn Decompose<Vec<u32>>> {
        Some(self)
    }

    fn backward(&self) -> Option<&dyn Backward<Vec<u32>>> {
        Some(self)
    }
}

impl Notation<Vec<u32>> for Subtraction {
    fn format(&self, heaps: &Vec<u32>) -> String {
        format_heaps(heaps)
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, ParseError> {
        parse_position(text, MAX_HEAP)
    }
}

impl Draw<Vec<u32>> for Subtraction {
    fn svg(&self, heaps: &Vec<u32>) -> Option<String> {
        let set: Vec<String> = self.set.iter().map(|s| s.to_string()).collect();
        let heading = format!("Subtraction game: take {} from one heap", set.join(", "));
        Some(draw_heaps(INFO.name, &heading, heaps))
    }
}

impl Decompose<Vec<u32>> for Subtraction {
    fn components(&self, heaps: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
        single_heaps(heaps)
    }
}

impl Backward<Vec<u32>> for Subtraction {
    /// The positions with a move to `heaps`: one heap of size `h` grown to `h + s` for each
    /// distinct size `h` present and each `s` in the set, plus a new heap of size `s` (the heap
    /// that a move emptied). Each such position has exactly one move to `heaps` (the multiset
    /// difference fixes the heap and the amount, and [`Game::successors`] lists one move per
    /// distinct heap size and amount), so each is listed once; growing one of two equal heaps
    /// is the same position as growing the other, and is listed once too.
    ///
    /// Heaps are bounded by [`MAX_HEAP`] only, not by the start's largest heap: a solve may be
    /// rooted at any parsed position (a query), whose heaps can be larger than the start's, and
    /// a bound below them would lose moves. Positions the solve did not reach are ignored by
    /// the solver.
    fn predecessors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for &s in &self.set {
            if s as u64 <= MAX_HEAP {
                let mut grown = heaps.clone();
                let at = grown.partition_point(|&h| h < s);
                grown.insert(at, s);
                out.push(grown);
            }
        }
        for h in distinct(heaps) {
            for &s in &self.set {
                let to = h as u64 + s as u64;
                if to > MAX_HEAP {
                    break;
                }
                out.push(replace_heap(heaps, h, to as u32));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::solve::retrograde::{self, Predecessors};
    use nimber_engine::solve::{grundy, memo};
    use nimber_engine::Silent;
    use rustc_hash::FxHashMap;

    fn game(set: &[u32], heaps: &[u32]) -> Subtraction {
        Subtraction::new(set.to_vec(), heaps.to_vec()).unwrap()
    }

    /// Nim values of single heaps `0..=max` by the definition: the mex of the values `s` below.
    fn mex_sequence(set: &[u32], max: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..=max {
            let seen: Vec<u32> =
                set.iter().filter(|&&s| s as usize <= n).map(|&s| g[n - s as usize]).collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    /// Nim values of single heaps `0..=max` from the engine's Sprague-Grundy solver.
    fn engine_sequence(game: &Subtraction, max: u32) -> Vec<u32> {
        let roots: Vec<Vec<u32>> = (0..=max).map(|n| game.parse(&n.to_string()).unwrap()).collect();
        let nims = grundy::solve(game, &roots, &Silent).unwrap();
        roots.iter().map(|p| nims.get(p).unwrap()).collect()
    }

    /// The smallest period `p` with `g[n + p] == g[n]` for every `n` in range.
    fn period(g: &[u32]) -> usize {
        (1..g.len() / 2).find(|&p| (0..g.len() - p).all(|n| g[n + p] == g[n])).unwrap()
    }

    #[test]
    fn one_two_three_is_n_mod_4() {
        let game = game(&[1, 2, 3], &[200]);
        let g = engine_sequence(&game, 200);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(v, n as u32 % 4, "heap {n}");
        }
    }

    #[test]
    fn published_periods() {
        // S = {1,3,4}: 0,1,0,1,2,3,2 repeating, period 7 from the start (Ferguson, Game
        // Theory, part I).
        let g = engine_sequence(&game(&[1, 3, 4], &[300]), 300);
        assert_eq!(g, mex_sequence(&[1, 3, 4], 300));
        assert_eq!(&g[..14], &[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        assert_eq!(period(&g), 7);
        // S = {2,5,7}, an additive set (2 + 5 = 7): purely periodic with period 22 (measured here
        // by the mex loop; Flammenkamp's classification predicts pure periodicity for additive
        // three-move sets).
        let g = engine_sequence(&game(&[2, 5, 7], &[300]), 300);
        assert_eq!(g, mex_sequence(&[2, 5, 7], 300));
        assert_eq!(&g[..22], &[0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2]);
        assert_eq!(period(&g), 22);
    }

    #[test]
    fn multi_heap_values_are_xor() {
        let game = game(&[2, 5, 7], &[30]);
        let single = mex_sequence(&[2, 5, 7], 30);
        let roots: Vec<Vec<u32>> = vec![vec![3, 8, 8], vec![4, 9, 13, 30], vec![1, 1, 2], vec![22, 23]];
        let nims = grundy::solve(&game, &roots, &Silent).unwrap();
        let outcomes = memo::solve(&game, &roots, &Silent).unwrap();
        for pos in &roots {
            let xor = pos.iter().fold(0, |a, &h| a ^ single[h as usize]);
            assert_eq!(nims.get(pos), Some(xor), "{pos:?}");
            let lost = outcomes.get(pos).unwrap().value() == nimber_engine::Value::Lose;
            assert_eq!(lost, xor == 0, "{pos:?}");
        }
    }

    /// Every position reachable from the start: the game's predecessors, restricted to those
    /// positions, are exactly the reverse of its successors, move for move.
    fn check_predecessors_match_successors(game: &Subtraction, roots: &[Vec<u32>]) {
        let mut seen: FxHashMap<Vec<u32>, ()> = FxHashMap::default();
        let mut stack: Vec<Vec<u32>> = roots.to_vec();
        let mut reverse: FxHashMap<Vec<u32>, FxHashMap<Vec<u32>, u32>> = FxHashMap::default();
        while let Some(p) = stack.pop() {
            if seen.insert(p.clone(), ()).is_some() {
                continue;
            }
            let mut next = Vec::new();
            game.successors(&p, &mut next);
            for c in next {
                *reverse.entry(c.clone()).or_default().entry(p.clone()).or_default() += 1;
                stack.push(c);
            }
        }
        for p in seen.keys() {
            let mut preds = Vec::new();
            game.predecessors(p, &mut preds);
            let mut counted: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
            for q in preds.into_iter().filter(|q| seen.contains_key(q)) {
                *counted.entry(q).or_default() += 1;
            }
            assert_eq!(counted, reverse.remove(p).unwrap_or_default(), "predecessors of {p:?}");
        }
    }

    #[test]
    fn predecessors_are_the_reverse_of_successors() {
        for (set, heaps) in [
            (&[1, 2, 3][..], &[5, 5, 7][..]),
            (&[2, 5, 7][..], &[3, 8, 8, 12][..]),
            (&[1, 3, 4][..], &[4, 4, 4, 6][..]),
            (&[1][..], &[2, 2, 2][..]),
        ] {
            let game = game(set, heaps);
            check_predecessors_match_successors(&game, &[game.start()]);
        }
    }

    #[test]
    fn retrograde_with_predecessors_matches_other_solvers() {
        for (set, heaps) in [
            (&[1, 2, 3][..], &[5, 5, 7][..]),
            (&[2, 5, 7][..], &[3, 8, 8, 12][..]),
            (&[1, 3, 4][..], &[4, 4, 4, 6][..]),
            (&[3, 4][..], &[6, 9, 9, 10][..]),
        ] {
            let game = game(set, heaps);
            let roots = [game.start()];
            let own = retrograde::solve(&game, &roots, Predecessors::Auto, &Silent).unwrap();
            let graph = retrograde::solve(&game, &roots, Predecessors::ReverseGraph, &Silent).unwrap();
            let memo = memo::solve(&game, &roots, &Silent).unwrap();
            assert_eq!(own.len(), graph.len());
            assert_eq!(own.len(), memo.len());
            for (pos, outcome) in own.iter() {
                assert_eq!(Some(outcome), graph.get(pos), "{set:?} {pos:?}");
                assert_eq!(Some(outcome), memo.get(pos), "{set:?} {pos:?}");
            }
        }
    }

    #[test]
    fn retrograde_from_heaps_larger_than_the_start() {
        // A query solves from the queried position, which may have larger heaps than the start;
        // the predecessors must still cover it.
        let game = game(&[1, 2, 3], &[4]);
        let roots = [game.parse("9,9,11").unwrap()];
        let own = retrograde::solve(&game, &roots, Predecessors::Auto, &Silent).unwrap();
        let memo = memo::solve(&game, &roots, &Silent).unwrap();
        for (pos, outcome) in own.iter() {
            assert_eq!(Some(outcome), memo.get(pos), "{pos:?}");
        }
    }

    #[test]
    fn notation_round_trip() {
        let game = game(&[1, 2, 3], &[10]);
        for text in ["10", "3,4,5", "-", "2,2,9"] {
            assert_eq!(game.format(&game.parse(text).unwrap()), text);
        }
        assert_eq!(game.format(&game.parse(" 5, 0,3").unwrap()), "3,5");
        assert_eq!(game.parse("3,x").unwrap_err().column, Some(3));
        assert!(game.parse("99999999999999999999").is_err());
        let game = self::game(&[2, 5, 7], &[6, 6, 11]);
        let solved = memo::solve(&game, &[game.start()], &Silent).unwrap();
        assert!(solved.len() > 100);
        for (pos, _) in solved.iter() {
            assert_eq!(&game.parse(&game.format(pos)).unwrap(), pos);
        }
    }

    #[test]
    fn parameters() {
        let g = crate::build("subtraction", &["set=3,1,1,2", "heaps=4,0,2"]).unwrap();
        assert_eq!(g.start_text(), "2,4");
        assert!(crate::build("subtraction", &["set=0,1"]).is_err());
        assert!(crate::build("subtraction", &["set="]).is_err());
        assert!(crate::build("subtraction", &["set=1,x"]).is_err());
        let g = crate::build("subtraction", &[] as &[&str]).unwrap();
        assert_eq!(g.start_text(), "10");
    }

    proptest::proptest! {
        #[test]
        fn parse_never_panics(text in "[0-9, \\-é]{0,12}|\\PC{0,12}") {
            let game = game(&[1, 2, 3], &[10]);
            if let Ok(pos) = game.parse(&text) {
                proptest::prop_assert_eq!(game.parse(&game.format(&pos)).unwrap(), pos);
            }
        }
    }
}
