//! Subtraction games: periods, predecessors, solvers, notation.

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::solve::{grundy, memo};
use nimber_engine::{Backward, DynGame, Game, Notation, Silent};
use nimber_games::heap::HeapGame;
use nimber_games::subtraction::*;
use rustc_hash::FxHashMap;

fn game(set: &[u32], heaps: &[u32]) -> HeapGame {
    new(set.to_vec(), heaps.to_vec()).unwrap()
}

/// Nim values of single heaps `0..=max` by the definition: the mex of the values `s` below.
fn mex_sequence(set: &[u32], max: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=max {
        let seen: Vec<u32> = set.iter().filter(|&&s| s as usize <= n).map(|&s| g[n - s as usize]).collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// Nim values of single heaps `0..=max` from the engine's Sprague-Grundy solver.
fn engine_sequence(game: &HeapGame, max: u32) -> Vec<u32> {
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
fn check_predecessors_match_successors(game: &HeapGame, roots: &[Vec<u32>]) {
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
    let g = nimber_games::build("subtraction", &["set=3,1,1,2", "heaps=4,0,2"]).unwrap();
    assert_eq!(g.start_text(), "2,4");
    assert!(nimber_games::build("subtraction", &["set=0,1"]).is_err());
    assert!(nimber_games::build("subtraction", &["set="]).is_err());
    assert!(nimber_games::build("subtraction", &["set=1,x"]).is_err());
    let g = nimber_games::build("subtraction", &[] as &[&str]).unwrap();
    assert_eq!(g.start_text(), "10");
}

/// One game: `subtraction -p set=S` and `octal -p code=sub:S` build equal rules, and on every
/// position of one to three heaps of at most 12 the nim value is the XOR of the single
/// heaps' values by the definition (the mex loop above, independent of the rules' code) and
/// the player to move loses exactly when it is 0.
#[test]
fn every_small_position_has_the_defined_value() {
    let mut checked = 0;
    for set in [&[1, 2, 3][..], &[1, 3, 4], &[2, 5, 7], &[3, 4], &[1], &[4, 1, 4]] {
        let list: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        let list = list.join(",");
        let sub = nimber_games::build("subtraction", &[format!("set={list}")]).unwrap();
        let octal = nimber_games::build("octal", &[format!("code=sub:{list}")]).unwrap();
        let query = |g: &dyn DynGame, p: &str| g.query(Some(p), &nimber_engine::Silent).unwrap();
        for p in ["12", "3,7,9", "1,1,2"] {
            let (a, b) = (query(&*sub, p), query(&*octal, p));
            assert_eq!(a.outcome, b.outcome, "{list}: {p}");
            let moves = |r: &nimber_engine::QueryReport| -> Vec<(String, String)> {
                r.moves.iter().map(|m| (m.label.clone(), m.position.clone())).collect()
            };
            assert_eq!(moves(&a), moves(&b), "{list}: {p}");
        }
        let single = mex_sequence(set, 12);
        let game = game(set, &[12]);
        let mut roots = Vec::new();
        for a in 0..=12 {
            for b in a..=12 {
                for c in b..=12 {
                    roots.push(game.parse(&format!("{a},{b},{c}")).unwrap());
                }
            }
        }
        let nims = grundy::solve(&game, &roots, &Silent).unwrap();
        let outcomes = memo::solve(&game, &roots, &Silent).unwrap();
        for pos in &roots {
            let xor = pos.iter().fold(0, |x, &h| x ^ single[h as usize]);
            assert_eq!(nims.get(pos), Some(xor), "{list}: {pos:?}");
            assert_eq!(outcomes.get(pos).unwrap().value() == nimber_engine::Value::Lose, xor == 0);
        }
        checked += roots.len();
    }
    // C(15, 3) multisets of three sizes 0..=12 per set.
    assert_eq!(checked, 6 * 455);
}

#[test]
fn moves_are_written_as_heap_games_write_them() {
    let game = game(&[1, 3, 4], &[10]);
    let labels: Vec<String> = game.moves(&vec![3, 4]).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["3 -> 2", "3 -> 0", "4 -> 3", "4 -> 1", "4 -> 0"]);
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
