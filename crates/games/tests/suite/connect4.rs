//! Connect four: lines, notation, the index, Tromp's small boards.

use nimber_engine::solve::memo;
use nimber_engine::table::check::{check_bijection, check_predecessors};
use nimber_engine::table::plumbing::move_classes_by_rank;
use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::Indexed;
use nimber_engine::{Game, Notation, Silent, Value};
use nimber_games::connect4::*;

fn game(w: u32, h: u32) -> ConnectFour {
    ConnectFour::new(w, h).unwrap()
}

#[test]
fn lines_in_every_direction_and_none_across_columns() {
    let g = game(7, 6);
    let at = |cells: &[(u32, u32)]| cells.iter().fold(0u64, |s, &(c, r)| s | g.bit(c, r));
    assert!(g.four(at(&[(0, 0), (0, 1), (0, 2), (0, 3)])), "vertical");
    assert!(g.four(at(&[(2, 5), (3, 5), (4, 5), (5, 5)])), "horizontal");
    assert!(g.four(at(&[(0, 0), (1, 1), (2, 2), (3, 3)])), "rising diagonal");
    assert!(g.four(at(&[(3, 0), (2, 1), (1, 2), (0, 3)])), "falling diagonal");
    assert!(!g.four(at(&[(0, 4), (0, 5), (1, 0), (1, 1)])), "a column's top and the next one's bottom");
    assert!(!g.four(at(&[(0, 3), (1, 4), (2, 5), (3, 0)])), "a diagonal off the top");
    assert!(!g.four(at(&[(0, 0), (1, 0), (2, 0), (4, 0)])), "a gap");
}

#[test]
fn notation_round_trips_and_refuses_impossible_boards() {
    let g = game(4, 4);
    let b = g.parse("..../..../.o../.xx.").unwrap();
    assert_eq!(g.format(&b), "..../..../.o../.xx.");
    assert_eq!(g.parse("............o..xx.").unwrap_err().column, Some(17));
    assert_eq!(g.format(&g.play(b, 0)), "..../..../.o../oxx.");
    let err = |t: &str| g.parse(t).unwrap_err().to_string();
    assert!(
        err("..../..x./..../.x..").contains("stone above an empty cell in column 3"),
        "{}",
        err("..../..x./..../.x..")
    );
    assert!(err("..../..../..../.xxx").contains("3 x and 0 o"));
    assert!(err("..../..../oooo/xxxx").contains("had already ended"));
    assert!(err("..../..../..../.x.z").contains("`z` is not a cell"));
    assert!(
        ConnectFour::new(8, 7).is_err() && ConnectFour::new(9, 6).is_ok() && ConnectFour::new(7, 8).is_ok()
    );
}

/// The slots that are boards: for every column heights, the ways to give the player to
/// move half the stones (rounded down); every other slot is a hole.
fn boards(w: u32, h: u32) -> u64 {
    let binomial = |n: u64, k: u64| (0..k).fold(1u64, |b, i| b * (n - i) / (i + 1));
    let mut total = 0;
    for profile in 0..(h as u64 + 1).pow(w) {
        let stones: u64 = (0..w).map(|c| profile / (h as u64 + 1).pow(c) % (h as u64 + 1)).sum();
        total += binomial(stones, stones / 2);
    }
    total
}

#[test]
fn the_index_is_a_bijection_and_predecessors_match_moves() {
    for (w, h) in [(3, 3), (4, 3), (3, 4)] {
        let plain = game(w, h).with_mirror(false);
        let reached = memo::solve(&plain, &[plain.start()], &Silent).unwrap();
        let positions: Vec<Board> = reached.iter().map(|(p, _)| *p).collect();
        let holes = check_bijection(&plain, positions.iter().copied(), 0..Indexed::size(&plain));
        // The profile index has no holes: every slot is a board.
        assert_eq!((Indexed::size(&plain), holes), (boards(w, h), 0), "{w}x{h}: the slots are the boards");
        let moves = check_predecessors(&plain, positions.iter().copied());
        assert!(moves > positions.len() as u64, "{w}x{h}: {moves} moves checked");
        // With the mirror: one slot per class, and the classes respect the rules.
        let mirror = game(w, h);
        let holes = check_bijection(&mirror, positions.iter().copied(), 0..Indexed::size(&mirror));
        let symmetric = (0..Indexed::size(&plain))
            .filter_map(|k| plain.unrank(k))
            .filter(|b| plain.mirrored(*b) == *b)
            .count() as u64;
        assert_eq!(Indexed::size(&mirror) - holes, (boards(w, h) + symmetric) / 2, "{w}x{h}: classes");
        check_predecessors(&mirror, positions.iter().copied());
        // The move classes counted by key are those counted by rank, and the successors' slots
        // those of the default, on every board reached.
        let mut counted = 0;
        for g in [&plain, &mirror] {
            for b in positions.iter().filter(|b| g.terminal(b).is_none()) {
                assert_eq!(g.move_classes(b), move_classes_by_rank(g, b), "{w}x{h}: {}", g.format(b));
                let (mut slots, mut children) = (Vec::new(), Vec::new());
                g.successor_slots(b, &mut slots);
                g.successors(b, &mut children);
                let want: Vec<(u64, bool)> =
                    children.iter().map(|c| (g.rank(c), g.terminal(c).is_some())).collect();
                assert_eq!(slots, want, "{w}x{h}: {}", g.format(b));
                counted += 1;
            }
        }
        assert!(counted > positions.len(), "{w}x{h}: {counted} boards");
    }
}

#[test]
fn profile_index_sizes_and_tromps_key_beyond() {
    // The profile index of 6 wide and 5 high, against 2^36 slots of Tromp's key.
    let g = game(6, 5);
    assert_eq!(Indexed::size(&g), boards(6, 5));
    assert_eq!(Indexed::size(&g), 9_918_556_649);
    assert_eq!(g.index_scheme(), "connect4-profile-v1-6x5-mirror");
    // 21 wide and 1 high has 2^21 profiles: Tromp's key, 2^42 slots. Boards along random
    // games rank and unrank back to their class's representative, in both indexes.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for (w, h, scheme) in [(21, 1, "tromp"), (7, 6, "profile"), (6, 5, "profile")] {
        let g = game(w, h);
        assert!(g.index_scheme().starts_with(&format!("connect4-{scheme}-v1")), "{w}x{h}");
        let mut checked = 0;
        for _ in 0..200 {
            let mut board = g.start();
            while g.terminal(&board).is_none() {
                let slot = g.rank(&board);
                assert!(slot < Indexed::size(&g));
                assert_eq!(g.unrank(slot), Some(g.canonical(&board)), "{w}x{h}: {}", g.format(&board));
                checked += 1;
                let mut moves = Vec::new();
                g.successors(&board, &mut moves);
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                board = moves[(state % moves.len() as u64) as usize];
            }
        }
        assert!(checked > 1000, "{w}x{h}: {checked} boards");
    }
}

/// Tromp's counts of the positions reachable from the empty board, and the results.
#[test]
fn tromps_small_boards() {
    // (width, height, positions, the start's value where published).
    for (w, h, count, value) in [(4, 3, 12_031, None), (3, 4, 6_000, None), (4, 4, 161_029, Some(Value::Tie))]
    {
        let g = game(w, h);
        let solution = memo::solve(&g, &[g.start()], &Silent).unwrap();
        assert_eq!(solution.len(), count, "{w} wide, {h} high");
        if let Some(value) = value {
            assert_eq!(solution.get(&g.start()).unwrap().value(), value, "{w} wide, {h} high");
        }
        // The dense solver agrees on every position, with and without the mirror symmetry
        // (which solves one position of each pair of mirror images).
        let plain = g.clone().with_mirror(false);
        let dense = nimber_engine::table::dense::solve(&plain, None, &Silent).unwrap();
        assert_eq!(dense.len(), count as u64);
        // Remoteness is at most the 16 cells or fewer: a byte per position.
        assert_eq!(dense.word_bits(), 8);
        let mirrored = nimber_engine::table::dense::solve(&g, None, &Silent).unwrap();
        let classes = solution.iter().filter(|(p, _)| g.canonical(p) == **p).count();
        assert_eq!(mirrored.len(), classes as u64);
        assert!(mirrored.len() < count as u64 * 6 / 10, "{w}x{h}: {} classes", mirrored.len());
        for (p, o) in solution.iter() {
            assert_eq!(dense.get(&plain, p), Some(o), "{w}x{h}: {}", g.format(p));
            assert_eq!(mirrored.get(&g, p), Some(o), "{w}x{h} (mirror): {}", g.format(p));
        }
    }
    // The larger boards by the dense solver alone: 5 wide and 4 high, 4 wide and 5 high,
    // both draws (ties: a full board).
    for (w, h, count) in [(5, 4, 3_945_711), (4, 5, 1_706_255)] {
        let g = game(w, h).with_mirror(false);
        let dense = nimber_engine::table::dense::solve(&g, None, &Silent).unwrap();
        assert_eq!(dense.len(), count, "{w} wide, {h} high");
        assert_eq!(dense.get(&g, &g.start()).map(|o| o.value()), Some(Value::Tie), "{w} wide, {h} high");
    }
}
