//! The tests of Dodgem: published results (3x3 a first-player win, 4x4 drawn), the rules and
//! notation, the dense index with and without the mirror, and the library's builds.

use nimber_engine::solve::memo;
use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::table::{subset, Indexed};
use nimber_engine::{Backward, Error, Game, Notation, Outcome, Silent, Solution, Value};

use nimber_games::dodgem::{Dodgem, DodgemPos, DENSE_FROM};
use nimber_games::testing::dodgem::{colex_rank, colex_unrank, first_pair, CARS, CELLS, SETS, SET_FIRST};

fn solve(n: u32) -> (Dodgem, Solution<DodgemPos>) {
    let game = Dodgem::new(n).unwrap();
    let solved = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
    (game, solved)
}

/// Counts of positions by value: win, lose, tie, draw.
fn by_value(solved: &Solution<DodgemPos>) -> [usize; 4] {
    let mut counts = [0; 4];
    for (_, o) in solved.iter() {
        counts[o.value().index()] += 1;
    }
    counts
}

#[test]
fn three_by_three_is_a_first_player_win() {
    let (game, solved) = solve(3);
    let start = game.start();
    assert_eq!(game.format(&start), "b../b../.rr b");
    let outcome = solved.get(&start).unwrap();
    assert_eq!(outcome.value(), Value::Win, "Winning Ways: the first player wins 3x3 Dodgem");
    // Measured here (and by an independent script): 2,055 positions are reachable, the start
    // is won in 20 moves, and every reachable position is decided: the game has cycles, but
    // no position is drawn.
    assert_eq!(outcome, Outcome::new(Value::Win, 20));
    assert_eq!(solved.len(), 2055);
    assert_eq!(by_value(&solved), [1215, 840, 0, 0]);
}

#[test]
fn four_by_four_is_drawn() {
    // D. des Jardins (1996): 4x4 Dodgem goes on forever under best play. Counts measured here
    // and by an independent script.
    let (game, solved) = solve(4);
    assert_eq!(solved.get(&game.start()), Some(Outcome::DRAW));
    let counts = by_value(&solved);
    assert!(counts[Value::Draw.index()] > 0);
    assert_eq!(solved.len(), 395_294);
    assert_eq!(counts, [210_883, 149_130, 0, 35_281]);
}

#[test]
fn memo_search_meets_a_cycle() {
    let game = Dodgem::new(3).unwrap();
    match memo::solve(&game, &[game.start()], &Silent) {
        Err(Error::Cycle(_)) => {}
        Err(e) => panic!("expected a cycle, got {e}"),
        Ok(_) => panic!("expected a cycle"),
    }
}

#[test]
fn retrograde_with_and_without_reverse_graph_agree() {
    let game = Dodgem::new(3).unwrap();
    let auto = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
    let graph = retrograde::solve(&game, &[game.start()], Predecessors::ReverseGraph, &Silent).unwrap();
    for (p, o) in auto.iter() {
        assert_eq!(graph.get(p), Some(o));
    }
}

/// The position seen by the other player: transposed board, colours swapped.
fn mirror(game: &Dodgem, pos: &DodgemPos) -> DodgemPos {
    let n = game.size();
    let transpose = |cars: u32| {
        (0..n * n).filter(|&c| cars & 1 << c != 0).fold(0, |acc, c| acc | 1 << game.cell(c / n, c % n))
    };
    DodgemPos { blue: transpose(pos.red), red: transpose(pos.blue), blue_to_move: !pos.blue_to_move }
}

#[test]
fn the_colours_are_symmetric() {
    // Reflecting the board in the diagonal through the empty corner swaps the colours' roles:
    // the reflected position has the same value for the player to move.
    for n in [2, 3, 4] {
        let game = Dodgem::new(n).unwrap();
        let roots = [game.start(), mirror(&game, &game.start())];
        let solved = retrograde::solve(&game, &roots, Predecessors::Auto, &Silent).unwrap();
        for (p, o) in solved.iter() {
            assert_eq!(solved.get(&mirror(&game, p)), Some(o), "{}", game.format(p));
        }
    }
}

#[test]
fn a_player_without_moves_wins() {
    let game = Dodgem::new(3).unwrap();
    let pos = |t: &str| game.parse(t).unwrap();
    // Blue's cars have all left: Blue, to move, has won.
    assert_eq!(game.terminal(&pos(".../.../.rr b")), Some(Outcome::new(Value::Win, 0)));
    // Red's only car is blocked: up by Blue, sideways by the edge and by Blue.
    assert_eq!(game.terminal(&pos(".../b../rb. r")), Some(Outcome::new(Value::Win, 0)));
    assert_eq!(game.terminal(&pos(".../b../rb. b")), None);
    // Blue's last car leaves; Red still has a car, so must move, and then Blue, to move
    // without cars, wins: Blue wins in 2.
    let solved = retrograde::solve(&game, &[pos("r../..b/... b")], Predecessors::Auto, &Silent).unwrap();
    assert_eq!(solved.get(&pos("r../..b/... b")), Some(Outcome::new(Value::Win, 2)));
    assert_eq!(solved.get(&pos("r../.../... r")), Some(Outcome::new(Value::Lose, 1)));
    // With no Red car left either, moving off (or anywhere) hands Red a position without
    // moves: Red wins.
    let solved = retrograde::solve(&game, &[pos(".../..b/... b")], Predecessors::Auto, &Silent).unwrap();
    assert_eq!(solved.get(&pos(".../..b/... b")), Some(Outcome::new(Value::Lose, 1)));
}

#[test]
fn moves_and_labels() {
    let game = Dodgem::new(3).unwrap();
    let labels: Vec<String> = game.moves(&game.start()).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["a2-b2", "a2-a1", "a3-b3"]);
    let red = game.parse("b../b../.rr r").unwrap();
    let labels: Vec<String> = game.moves(&red).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["b1-b2", "b1-a1", "c1-c2"]);
    let edge = game.parse("..b/.../... b").unwrap();
    assert_eq!(game.moves(&edge)[0].label, "c3-off");
}

#[test]
fn notation_round_trip() {
    let game = Dodgem::new(3).unwrap();
    for text in ["b../b../.rr b", "b../b../.rr r", ".../.../... b", "r.b/.b./r.. r"] {
        assert_eq!(game.format(&game.parse(text).unwrap()), text);
    }
    assert_eq!(game.format(&game.parse("  B../b../.RR   r ").unwrap()), "b../b../.rr r");
    let (game, solved) = solve(3);
    for (p, _) in solved.iter() {
        assert_eq!(&game.parse(&game.format(p)).unwrap(), p);
    }
    let big = Dodgem::new(4).unwrap();
    assert_eq!(big.format(&big.start()), "b.../b.../b.../.rrr b");
    assert_eq!(big.parse("b.../b.../b.../.rrr b").unwrap(), big.start());
}

#[test]
fn bad_positions_are_rejected() {
    let game = Dodgem::new(3).unwrap();
    let err = |t: &str| game.parse(t).unwrap_err();
    assert_eq!(err("b../b../.rx b").column, Some(11));
    assert_eq!(err("b../b.../.rr b").column, Some(8));
    assert_eq!(err("b../b../.r").column, Some(11));
    assert_eq!(err("b../b../.rr").column, Some(12));
    assert_eq!(err("b../b../.rrb").column, Some(12));
    assert_eq!(err("b../b../.rr x").column, Some(13));
    assert_eq!(err("b../b../.rr b b").column, Some(15));
    assert_eq!(err("").column, Some(1));
    assert_eq!(err("é").column, Some(1));
    assert!(err("bbb/.../.rr b").message.contains("Blue has 3 cars"));
    assert!(err("b../r../rrr r").message.contains("Red has 4 cars"));
    assert!(Dodgem::new(1).is_err() && Dodgem::new(6).is_err());
    assert!(nimber_games::build("dodgem", &["n=9"]).is_err());
    assert_eq!(nimber_games::build("dodgem", &["n=4"]).unwrap().start_text(), "b.../b.../b.../.rrr b");
}

#[test]
fn the_table_of_sets_is_the_colex_numbering() {
    // Every rank of every set size, 15,276 sets: the table against the engine's numbering.
    for k in 0..=CARS {
        let count = SET_FIRST[k + 1] - SET_FIRST[k];
        assert_eq!(count as u64, subset::binomial(CELLS as u64, k as u64));
        for rank in 0..count as u64 {
            let set = colex_unrank(rank, k);
            assert_eq!(set as u64, subset::unrank_set(rank, k as u32, CELLS as u32), "k={k} rank={rank}");
            assert_eq!(colex_rank(set), rank);
        }
    }
    assert_eq!(SETS.len(), 15_276);
}

#[test]
fn the_dense_index_is_a_bijection() {
    use nimber_engine::table::check::check_bijection;
    // Slot pairs: the sum over b, r < n of C(n², b) C(n² - b, r); every slot is a position.
    for (n, size) in [(2, 42), (3, 2846), (4, 555_986), (5, 240_060_402)] {
        let game = Dodgem::new(n).unwrap();
        assert_eq!(Indexed::size(&game), size);
        assert_eq!(game.rank(&game.start()) % 2, 0);
        assert_eq!(game.unrank(size), None);
        if n <= 4 {
            assert_eq!(check_bijection(&game, std::iter::empty(), 0..size), 0, "n={n}");
        } else {
            // 5x5: the first and last slots of every block, and a stride through the rest.
            let mut slots: Vec<u64> = (0..size).step_by(9973).collect();
            for b in 0..5 {
                for r in 0..=5 {
                    let first = 2 * first_pair(&game, b, r);
                    slots.extend([first, first + 1, first.saturating_sub(1), first.saturating_sub(2)]);
                }
            }
            slots.retain(|&s| s < size);
            slots.extend([size - 1, size - 2]);
            assert_eq!(check_bijection(&game, [game.start()], slots), 0);
        }
    }
    let (game, solved) = solve(3);
    let holes = check_bijection(&game, solved.iter().map(|(p, _)| *p), std::iter::empty());
    assert_eq!(holes, 0);
    assert_eq!(game.index_scheme(), "dodgem-n3-combinations-v1");
}

#[test]
fn predecessors_invert_moves() {
    use nimber_engine::table::check::{check_predecessors, check_slot_methods};
    for n in [2, 3, 4] {
        let (game, solved) = solve(n);
        let positions: Vec<DodgemPos> = solved.iter().map(|(p, _)| *p).collect();
        let moves = check_predecessors(&game, positions.iter().copied());
        let open = check_slot_methods(&game, positions.iter().copied());
        // A predecessor has a move (into the position): none is terminal.
        let mut preds = Vec::new();
        let mut listed = 0;
        for p in &positions {
            preds.clear();
            game.predecessors(p, &mut preds);
            listed += preds.len();
            for q in &preds {
                assert_eq!(game.terminal(q), None, "{} before {}", game.format(q), game.format(p));
                assert_eq!(q.blue_to_move, !p.blue_to_move);
            }
        }
        eprintln!(
            "dodgem n={n}: predecessors of {} reachable positions ({open} not terminal) agree with \
             their moves, {moves} moves checked both ways; {listed} predecessors, none terminal",
            positions.len()
        );
    }
    // Every slot of 3x3, reachable or not.
    let game = Dodgem::new(3).unwrap();
    let all: Vec<DodgemPos> = (0..Indexed::size(&game)).filter_map(|s| game.unrank(s)).collect();
    assert_eq!(all.len(), 2846);
    check_predecessors(&game, all.iter().copied());
    check_slot_methods(&game, all.iter().copied());
    // Examples: Blue moved last and has a car that left (re-entering at the right column).
    let pos = game.parse(".../b../rr. r").unwrap();
    let mut preds = Vec::new();
    game.predecessors(&pos, &mut preds);
    let mut texts: Vec<String> = preds.iter().map(|q| game.format(q)).collect();
    texts.sort();
    assert_eq!(texts, [".../b../rrb b", ".../b.b/rr. b", "..b/b../rr. b", "b../.../rr. b"]);
}

#[test]
fn slot_methods_agree_with_ranking_everywhere() {
    use nimber_engine::table::check::check_slot_methods;
    // Every slot of 2x2 and 4x4, reachable or not (the reachable ones of 2x2 to 4x4 and every
    // 3x3 slot are checked above).
    for n in [2, 4] {
        let game = Dodgem::new(n).unwrap();
        let all = (0..Indexed::size(&game)).map(|s| game.unrank(s).unwrap());
        let open = check_slot_methods(&game, all);
        eprintln!("dodgem n={n}: slot methods agree on every slot, {open} not terminal");
    }
    // 5x5: pseudo-random slots (a fixed xorshift sequence), and the first and last slots of
    // every block.
    let game = Dodgem::new(5).unwrap();
    let size = Indexed::size(&game);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut slots: Vec<u64> = (0..300_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % size
        })
        .collect();
    for b in 0..5 {
        for r in 0..5 {
            let first = 2 * first_pair(&game, b, r);
            slots.extend([first, first + 1, first + 2, first + 3]);
            slots.extend([2 * first_pair(&game, b, r + 1) - 1, 2 * first_pair(&game, b, r + 1) - 2]);
        }
    }
    let open = check_slot_methods(&game, slots.iter().map(|&s| game.unrank(s).unwrap()));
    assert!(open > 200_000, "{open}");
    eprintln!("dodgem n=5: slot methods agree on {} slots, {open} not terminal", slots.len());
}

#[test]
fn the_dense_solve_agrees_with_retrograde_analysis() {
    use nimber_engine::table::dense;
    for n in [2, 3, 4] {
        let (game, solved) = solve(n);
        let dense = dense::solve(&game, None, &Silent).unwrap();
        assert_eq!(dense.len(), solved.len() as u64, "n={n}");
        assert_eq!(game.reachable_hint(), Some(dense.len()));
        for (p, o) in solved.iter() {
            assert_eq!(dense.get(&game, p), Some(o), "n={n} {}", game.format(p));
        }
        assert_eq!(dense.counts(), solved.counts(), "n={n}");
        eprintln!("dodgem n={n}: {} positions agree, dense and hash-map retrograde", solved.len());
    }
    let three = Dodgem::new(3).unwrap();
    let dense = dense::solve(&three, None, &Silent).unwrap();
    assert_eq!(dense.get(&three, &three.start()), Some(Outcome::new(Value::Win, 20)));
    let four = Dodgem::new(4).unwrap();
    let dense = dense::solve(&four, None, &Silent).unwrap();
    assert_eq!(dense.get(&four, &four.start()), Some(Outcome::DRAW));
    assert_eq!(dense.len(), 395_294);
}

/// The mirror index: one slot per position with Blue to move, standing for it and its
/// mirror image (Red to move); the same value for every position as without it.
#[test]
fn the_mirror_index_gives_every_position_its_value() {
    use nimber_engine::table::check::{check_bijection, check_predecessors, check_slot_methods};
    use nimber_engine::table::dense;
    for n in [2, 3, 4] {
        let (plain, solved) = solve(n);
        let game = Dodgem::new(n).unwrap().with_mirror(true);
        let positions: Vec<DodgemPos> = solved.iter().map(|(p, _)| *p).collect();
        // Images: the start's is the start with Red to move; taking it twice gives back the
        // position; a position and its image have the same value (solved without the mirror).
        assert_eq!(game.mirrored(&game.start()), DodgemPos { blue_to_move: false, ..game.start() });
        for p in &positions {
            assert_eq!(game.mirrored(&game.mirrored(p)), *p);
            let image = game.mirrored(p);
            if let Some(o) = solved.get(&image) {
                assert_eq!(solved.get(p), Some(o), "n={n}: {} and its image", plain.format(p));
            }
        }
        // Every slot is a class (no holes): half the plain index.
        assert_eq!(Indexed::size(&game) * 2, Indexed::size(&plain));
        let size = Indexed::size(&game);
        assert_eq!(check_bijection(&game, positions.iter().copied(), 0..size), 0, "n={n}");
        check_predecessors(&game, positions.iter().copied());
        let all: Vec<DodgemPos> = (0..size).filter_map(|s| game.unrank(s)).collect();
        check_slot_methods(&game, all.iter().copied());
        let images = all.iter().map(|p| game.mirrored(p));
        check_slot_methods(&game, images);
        // The dense solve over the classes gives every reachable position its value.
        let mirrored = dense::solve(&game, None, &Silent).unwrap();
        for (p, o) in solved.iter() {
            assert_eq!(mirrored.get(&game, p), Some(o), "n={n} {}", game.format(p));
        }
        let classes = positions.iter().filter(|p| p.blue_to_move).count()
            + positions
                .iter()
                .filter(|p| !p.blue_to_move && !solved_contains(&solved, &game.mirrored(p)))
                .count();
        assert_eq!(mirrored.len(), classes as u64, "n={n}: classes reached");
        assert_eq!(game.reachable_hint(), Some(mirrored.len()), "n={n}: REACHABLE_CLASSES");
        eprintln!(
            "dodgem n={n}: {} positions in {} classes agree with and without the mirror",
            positions.len(),
            mirrored.len()
        );
    }
}

fn solved_contains(solved: &nimber_engine::Solution<DodgemPos>, p: &DodgemPos) -> bool {
    solved.get(p).is_some()
}

#[test]
fn large_boards_are_built_dense_and_every_board_can_be_stored() {
    // 4x4 and smaller: hash maps (as fast, and misère play, exploration and queries from any
    // position); 5x5: the dense index. Every size has a dense build for `--save`.
    for n in 2..=5 {
        let param = format!("n={n}");
        let game = nimber_games::build("dodgem", &[param.as_str()]).unwrap();
        assert_eq!(game.dense().is_some(), n >= DENSE_FROM, "n={n}");
        let dense =
            nimber_games::Recipe::parse("dodgem", &[param.as_str()]).unwrap().build_dense().unwrap().unwrap();
        let index = dense.dense().unwrap();
        assert_eq!(index.index_scheme(), format!("dodgem-n{n}-combinations-v1"));
        assert_eq!(dense.start_text(), game.start_text());
    }
    let dense = nimber_games::Recipe::parse("dodgem", &["n=3"]).unwrap().build_dense().unwrap().unwrap();
    let report = dense.solve(&Default::default(), &Silent).unwrap();
    assert_eq!((report.start.outcome, report.positions), (Some(Outcome::new(Value::Win, 20)), 2055));
}

proptest::proptest! {
    #[test]
    fn parse_never_panics(text in "[bBrR./ é\t?]{0,16}|\\PC{0,16}", n in 2u32..=5) {
        let game = Dodgem::new(n).unwrap();
        if let Ok(pos) = game.parse(&text) {
            proptest::prop_assert_eq!(game.parse(&game.format(&pos)).unwrap(), pos);
        }
    }
}
