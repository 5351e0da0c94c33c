//! The pursuit search of the game in the dark.

use nimber_engine::Error;
use nimber_games::gameindarkness::pursuit::*;

fn path(n: usize) -> PursuitGraph {
    let edges: Vec<_> = (1..n).map(|v| (v - 1, v)).collect();
    PursuitGraph::new(n, &edges).unwrap()
}

fn cycle(n: usize) -> PursuitGraph {
    let edges: Vec<_> = (0..n).map(|v| (v, (v + 1) % n)).collect();
    PursuitGraph::new(n, &edges).unwrap()
}

/// A star: centre 0 and `arms` paths of `len` vertices each; arm `k` is `1 + k*len ..`,
/// nearest the centre first.
fn spider(arms: usize, len: usize) -> PursuitGraph {
    let mut edges = Vec::new();
    for k in 0..arms {
        let first = 1 + k * len;
        edges.push((0, first));
        for i in 1..len {
            edges.push((first + i - 1, first + i));
        }
    }
    PursuitGraph::new(1 + arms * len, &edges).unwrap()
}

/// Solves and checks the walk by replaying it.
fn check(graph: &PursuitGraph, pursuer: usize, evader: &[usize]) -> Pursuit {
    let result = solve(graph, pursuer, evader, DEFAULT_MAX_STATES).unwrap();
    let replayed = if result.pursuer_wins { replay(graph, &result.walk, evader).unwrap() } else { None };
    assert_eq!(replayed, result.moves(), "{result:?}");
    result
}

#[test]
fn paths_are_always_won_by_the_pursuer() {
    // On a path the pursuer walks to one end and sweeps (after fixing parity); every start
    // of both tokens, and an evader who may start anywhere.
    for n in 2..=12 {
        let g = path(n);
        for p in 0..n {
            for e in 0..n {
                let r = check(&g, p, &[e]);
                assert!(r.pursuer_wins, "path {n} pursuer {p} evader {e}");
                assert!(r.moves().unwrap() <= 2 * n, "path {n}: {r:?}");
            }
            let all: Vec<usize> = (0..n).collect();
            assert!(check(&g, p, &all).pursuer_wins, "path {n} pursuer {p}, evader anywhere");
        }
    }
    // Adjacent on a path of two: the pursuer moves onto the evader at once.
    assert_eq!(check(&path(2), 0, &[1]).walk, vec![0, 1]);
    // Distance 2 on a path of three: the evader must step onto the middle or stay out of
    // reach; moving to the middle catches him after his forced move.
    assert_eq!(check(&path(3), 0, &[2]).walk, vec![0, 1]);
}

#[test]
fn hand_checked_small_cases() {
    // Path 0-1-2-3, pursuer at 0, evader at 3 (odd distance). Move 1: pursuer to 1, evader
    // must go to 2. Move 2: pursuer to 2 catches him. Two moves.
    assert_eq!(check(&path(4), 0, &[3]).walk, vec![0, 1, 2]);
    // Caught before any move when he starts on her vertex.
    assert_eq!(check(&path(4), 2, &[2]).walk, vec![2]);
    let r = check(&path(4), 2, &[2, 0]);
    assert!(r.pursuer_wins && r.moves() > Some(0));
}

#[test]
fn long_spiders_let_the_evader_survive() {
    // Three arms of length 3 from a centre (10 vertices): an evader who starts at the centre
    // while the pursuer is at the end of an arm survives forever; with arms of length 2 the
    // pursuer wins from everywhere.
    let g = spider(3, 3);
    let r = check(&g, 3, &[0]);
    assert!(!r.pursuer_wins, "{r:?}");
    assert!(r.states > 1);
    let g2 = spider(3, 2);
    for p in 0..g2.len() {
        for e in 0..g2.len() {
            assert!(check(&g2, p, &[e]).pursuer_wins, "spider(3,2) {p} {e}");
        }
    }
    // Many long arms, the evader anywhere: he survives.
    let g = spider(5, 4);
    let all: Vec<usize> = (0..g.len()).collect();
    assert!(!check(&g, 0, &all).pursuer_wins);
    // Two long arms are a path: the pursuer wins.
    let g = spider(2, 6);
    assert!(check(&g, 1, &[12]).pursuer_wins);
    // Not knowing where the evader starts, the pursuer loses on the 10-vertex spider from
    // every vertex, but wins on a caterpillar (a path with legs of 2 vertices: no vertex
    // has three branches of 3 vertices) of 60 vertices, sweeping it in 58 moves.
    let g = spider(3, 3);
    let all: Vec<usize> = (0..g.len()).collect();
    for p in 0..g.len() {
        assert!(!check(&g, p, &all).pursuer_wins, "spider(3,3) from {p}");
    }
    let mut edges: Vec<(usize, usize)> = (1..20).map(|v| (v - 1, v)).collect();
    for v in 0..20 {
        edges.extend([(v, 20 + 2 * v), (20 + 2 * v, 21 + 2 * v)]);
    }
    let g = PursuitGraph::new(60, &edges).unwrap();
    let all: Vec<usize> = (0..60).collect();
    assert_eq!(check(&g, 0, &all).moves(), Some(58));
}

#[test]
fn cycles() {
    // C_3: every vertex is adjacent to both others, so she steps onto a known evader at
    // once. Not knowing whether he starts at 1 or 2, she moves to 1 (leaving {2}); he must
    // move to 0 (1 is hers); she moves to 0 and catches him.
    assert_eq!(check(&cycle(3), 0, &[2]).walk, vec![0, 2]);
    assert_eq!(check(&cycle(3), 0, &[1]).walk, vec![0, 1]);
    assert_eq!(check(&cycle(3), 0, &[1, 2]).walk, vec![0, 1, 0]);
    // C_n, n >= 4: an evader at distance at least 2 stays at distance at least 2 for ever.
    // After her move the distance is at least 1, and he has a neighbour further from her
    // (the one away from her along the cycle), which is at distance at least 2 as the
    // cycle has at least 4 vertices. At distance 1 she catches him at once.
    for n in 4..=16 {
        let g = cycle(n);
        for e in 2..=n - 2 {
            assert!(!check(&g, 0, &[e]).pursuer_wins, "C_{n}, evader at {e}");
        }
        assert_eq!(check(&g, 0, &[1]).moves(), Some(1), "C_{n}");
        assert_eq!(check(&g, 0, &[n - 1]).moves(), Some(1), "C_{n}");
    }
    // C_4 by hand: from distance 2, she moves to 1 and he, at 2, must go to 3; the tokens
    // are again opposite. The pairs explored are exactly the four opposite ones.
    let r = check(&cycle(4), 0, &[2]);
    assert_eq!(r.states, 4, "the four opposite pairs (a, {{a + 2}})");
}

#[test]
fn big_graphs_use_the_wide_set_and_are_refused_above_128() {
    let g = path(100);
    let r = check(&g, 0, &[99]);
    assert!(r.pursuer_wins);
    assert_eq!(r.moves(), Some(98));
    assert!(r.within(98));
    assert!(!r.within(97));
    let g = path(128);
    assert!(check(&g, 127, &[0, 5, 64, 100]).pursuer_wins);
    let edges: Vec<_> = (1..129).map(|v| (v - 1, v)).collect();
    let err = PursuitGraph::new(129, &edges).unwrap_err();
    assert!(matches!(err, Error::TooLarge(_)), "{err}");
}

#[test]
fn budget_is_reported_not_exceeded() {
    let g = spider(6, 4);
    let all: Vec<usize> = (0..g.len()).collect();
    let err = solve(&g, 0, &all, 50).unwrap_err();
    match err {
        Error::TooLarge(m) => assert!(m.contains("after exploring 50 "), "{m}"),
        other => panic!("{other}"),
    }
}

#[test]
fn malformed_graphs_are_refused() {
    assert!(PursuitGraph::new(0, &[]).is_err());
    assert!(PursuitGraph::new(3, &[(0, 1)]).is_err());
    assert!(PursuitGraph::new(2, &[(0, 2)]).is_err());
    assert!(PursuitGraph::new(2, &[(0, 0), (0, 1)]).is_err());
    let g = path(3);
    assert!(solve(&g, 3, &[0], 10).is_err());
    assert!(solve(&g, 0, &[7], 10).is_err());
    assert!(replay(&g, &[0, 2], &[1]).is_err());
    assert!(replay(&g, &[], &[1]).is_err());
}

#[test]
fn all_starts_at_once_agree_with_one_search_per_start() {
    let mut lost_somewhere = 0;
    for g in [path(7), cycle(3), cycle(6), spider(3, 2), spider(3, 3), spider(4, 3)] {
        let all = solve_all(&g, DEFAULT_MAX_STATES).unwrap();
        let mut lost = Vec::new();
        let mut won = None;
        for p in 0..g.len() {
            for e in 0..g.len() {
                let one = solve(&g, p, &[e], DEFAULT_MAX_STATES).unwrap();
                assert_eq!(all.pursuer_wins(p, e), one.pursuer_wins, "{p} {e}");
                if !one.pursuer_wins {
                    lost.push((p, 1u128 << e));
                } else if p != e {
                    won = Some((p, 1u128 << e));
                }
            }
        }
        // The evader survives from all the lost starts together, not once a won one joins.
        assert!(evader_survives_all(&g, &lost, DEFAULT_MAX_STATES).unwrap().0);
        lost_somewhere += lost.len();
        lost.extend(won);
        assert!(!evader_survives_all(&g, &lost, DEFAULT_MAX_STATES).unwrap().0);
    }
    assert!(lost_somewhere > 0);
    let err = solve_all(&spider(6, 4), 50).unwrap_err();
    assert!(matches!(err, Error::TooLarge(_)), "{err}");
    assert!(evader_survives_all(&path(3), &[(3, 1)], 10).is_err());
}
