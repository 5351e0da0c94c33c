//! pathgame and more-reclamation: the closed form of the run values against the write-up's
//! O(W^2) mex table, the fast method against exhaustive solving of the game `pathgame` (its
//! rules, `nimber_games::pathgame`) on every small board, and more-reclamation against the same
//! game on the transposed board.

use std::fs;

use nimber_engine::solve::{grundy, memo};
use nimber_engine::{Notation, Silent, Unsplit, Value};
use nimber_games::pathgame::{Board, PathGame};
use nimber_problems::pathgame::{self, SegmentTable, BOTTOM, TOP, WHITE};
use nimber_problems::{more_reclamation, InputError, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::examples;

const FAST: Options = Options { exact: false };
const EXACT: Options = Options { exact: true };

fn game() -> PathGame {
    PathGame::new(Board::white(1)).unwrap()
}

/// The columns of a board as the problems' solver sees them.
fn columns_of(b: &Board) -> Vec<u8> {
    (0..b.width)
        .map(|c| match (b.top >> c & 1, b.bottom >> c & 1) {
            (0, 0) => WHITE,
            (1, 0) => TOP,
            (0, 1) => BOTTOM,
            _ => panic!("column {c} of {} is black in both rows", b.notation()),
        })
        .collect()
}

/// A board in the problem's input format: the two rows on two lines.
fn input_of(b: &Board) -> String {
    format!("{}\n{}\n", b.row_text(0), b.row_text(1))
}

/// How many boards are reachable from `b` (every board with a path containing its black cells:
/// black cells can be added in any order, as a subset of a board with a path has one).
fn reachable(b: &Board) -> f64 {
    // Colourings of the columns so far by the kind of the last one; an empty prefix counts as
    // one colouring ending in a white column.
    let mut ends = [1.0f64, 0.0, 0.0];
    for &col in &columns_of(b) {
        let white = ends[0] + ends[1] + ends[2];
        let top = ends[0] + ends[1];
        let bottom = ends[0] + ends[2];
        ends = match col {
            WHITE => [white, top, bottom],
            TOP => [0.0, top, 0.0],
            _ => [0.0, 0.0, bottom],
        };
    }
    ends.iter().sum()
}

#[test]
fn closed_form_equals_the_mex_table_for_every_run_up_to_1000() {
    let table = SegmentTable::new(1000);
    assert_eq!(table.max_len(), 1000);
    let mut checked = 0;
    for left in [WHITE, TOP, BOTTOM] {
        for right in [WHITE, TOP, BOTTOM] {
            for len in 0..=1000 {
                assert_eq!(
                    table.get(left, len, right),
                    pathgame::segment_nim(left, len, right),
                    "run ({left}, {len}, {right})"
                );
                checked += 1;
            }
        }
    }
    // Published shape (the write-up): a run with one end at the board's edge and one at a black
    // cell has the nim value of its length.
    assert_eq!(table.get(WHITE, 1000, TOP), 1000);
    assert_eq!(table.get(BOTTOM, 999, WHITE), 999);
    eprintln!("closed form = O(W^2) mex table on {checked} runs (3 x 3 end kinds, lengths 0..=1000)");
    assert_eq!(checked, 9009);
}

#[test]
fn every_board_up_to_width_12_against_the_rules() {
    // All 4^W colourings for W = 1..=12; the ones with a left-to-right path are positions.
    let expected = [3, 7, 17, 41, 99, 239, 577, 1393, 3363, 8119, 19601, 47321];
    let mut boards = Vec::new();
    for width in 1..=12usize {
        let mask = (1u64 << width) - 1;
        let before = boards.len();
        for m in 0..1u64 << (2 * width) {
            let b = Board { width: width as u8, top: m & mask, bottom: m >> width };
            if b.has_path() {
                boards.push(b);
            }
        }
        assert_eq!(boards.len() - before, expected[width - 1], "boards of width {width} with a path");
    }
    let game = game();
    let plain = Unsplit(&game);
    let table = SegmentTable::new(12);
    let nims = grundy::solve(&plain, &boards, &Silent).unwrap();
    let outcomes = memo::solve(&plain, &boards, &Silent).unwrap();
    let mut wins = 0;
    for b in &boards {
        let columns = columns_of(b);
        let nim = nims.get(b).unwrap();
        assert_eq!(pathgame::nim_value(&columns), nim, "{}", b.notation());
        assert_eq!(table.nim_value(&columns), nim, "{}", b.notation());
        let win = outcomes.get(b).unwrap().value() == Value::Win;
        assert_eq!(win, nim != 0, "{}", b.notation());
        let answer = if win { "Snuke" } else { "Sothe" };
        assert_eq!(pathgame::solve(&input_of(b), &FAST).unwrap(), answer, "{}", b.notation());
        wins += win as usize;
    }
    eprintln!(
        "pathgame: fast method = grundy/memo on the rules for all {} boards of width 1..=12 with a path \
         ({wins} first-player wins)",
        boards.len()
    );
    assert_eq!(boards.len(), 80_780);
}

#[test]
fn the_problem_accepts_exactly_the_boards_with_a_path() {
    // Every colouring of width 1..=7 (21,844 of them): the problem's parser accepts a board
    // exactly when the game's rules give it a left-to-right path, and rejects the others with a
    // line and column.
    let mut colourings = 0;
    let mut accepted = 0;
    for width in 1..=7usize {
        let mask = (1u64 << width) - 1;
        for m in 0..1u64 << (2 * width) {
            let b = Board { width: width as u8, top: m & mask, bottom: m >> width };
            colourings += 1;
            match pathgame::parse(&input_of(&b)) {
                Ok(columns) => {
                    assert!(b.has_path(), "{}", b.notation());
                    assert_eq!(columns, columns_of(&b));
                    accepted += 1;
                }
                Err(e) => {
                    assert!(!b.has_path(), "{}: {e}", b.notation());
                    assert!(e.line.is_some() && e.column.is_some(), "{e}");
                    assert!(e.message.contains("no left-to-right white path"), "{e}");
                }
            }
        }
    }
    eprintln!("pathgame: parser checked on {colourings} colourings, {accepted} with a path");
    assert_eq!((colourings, accepted), (21_844, 983));
}

#[test]
fn random_boards_against_the_rules() {
    // Random boards of width 1..=20 against memo on the plain rules (when at most 5,000
    // boards are reachable), and of width 1..=64 against grundy with the game's split into runs.
    let mut rng = ChaCha8Rng::seed_from_u64(637);
    let game = game();
    let (mut by_memo, mut by_grundy) = (0, 0);
    let mut boards = Vec::new();
    for round in 0..3000 {
        let width = if round % 2 == 0 { rng.gen_range(1..=20) } else { rng.gen_range(1..=64) };
        let white = rng.gen_range(0.3..=1.0);
        let mut b = Board::white(width);
        for c in 0..width {
            if rng.gen_bool(white) {
                continue;
            }
            let left_top = c > 0 && b.top >> (c - 1) & 1 == 1;
            let left_bottom = c > 0 && b.bottom >> (c - 1) & 1 == 1;
            let top = if left_top || left_bottom { left_top } else { rng.gen_bool(0.5) };
            if top {
                b.top |= 1 << c;
            } else {
                b.bottom |= 1 << c;
            }
        }
        assert!(b.has_path());
        boards.push(b);
    }
    // One solve for all boards, sharing the positions they have in common.
    let nims = grundy::solve(&game, &boards, &Silent).unwrap();
    let small: Vec<Board> =
        boards.iter().copied().filter(|b| b.width <= 20 && reachable(b) <= 5_000.0).collect();
    let outcomes = memo::solve(&game, &small, &Silent).unwrap();
    for b in &boards {
        let fast = pathgame::nim_value(&columns_of(b));
        assert_eq!(nims.get(b), Some(fast), "{}", b.notation());
        by_grundy += 1;
        if let Some(outcome) = outcomes.get(b) {
            assert_eq!(outcome.value() == Value::Win, fast != 0, "{}", b.notation());
            by_memo += 1;
        }
    }
    // The count of reachable boards used above, checked on a few.
    for b in small.iter().take(40) {
        assert_eq!(
            memo::solve(&game, &[*b], &Silent).unwrap().len() as f64,
            reachable(b),
            "{}",
            b.notation()
        );
    }
    eprintln!(
        "pathgame: {by_grundy} random boards against grundy (split into runs), {by_memo} also against memo"
    );
    assert_eq!(by_grundy, 3000);
    assert_eq!(by_memo, 1579);
}

#[test]
fn wide_boards_fast_equals_table() {
    // Boards up to the problem's width limit: the closed form and the O(W^2) table agree.
    let mut rng = ChaCha8Rng::seed_from_u64(335);
    let table = SegmentTable::new(1000);
    for round in 0..2000 {
        let width = if round == 0 { 1000 } else { rng.gen_range(1..=1000) };
        let white = rng.gen_range(0.0..=1.0);
        let mut columns = vec![WHITE; width];
        for c in 0..width {
            if rng.gen_bool(white) {
                continue;
            }
            let prev = if c > 0 { columns[c - 1] } else { WHITE };
            columns[c] = if prev != WHITE {
                prev
            } else if rng.gen_bool(0.5) {
                TOP
            } else {
                BOTTOM
            };
        }
        assert_eq!(pathgame::first_cut(&columns), None);
        assert_eq!(pathgame::nim_value(&columns), table.nim_value(&columns));
    }
    // And the table computed for the board's own width, as `--exact` does.
    let columns = vec![WHITE; 1000];
    assert_eq!(pathgame::nim_value_by_table(&columns), 0);
    assert_eq!(pathgame::nim_value_by_table(&columns[1..]), 1);
}

#[test]
fn every_river_up_to_7_rows_against_the_transposed_board() {
    // Every consistent more-reclamation instance with r <= 7 (983 of them). River row i is
    // column i - 1 of the PathGame board, river column 1 its top row. PathGame's "whoever cuts
    // the last path loses" and More Reclamation's "the last to reclaim wins" are one rule: the
    // path-cutting move is never a legal reclamation (the cell is forbidden), and in both games
    // the player without a legal move loses.
    let mut rng = ChaCha8Rng::seed_from_u64(335);
    let game = game();
    let mut instances = 0;
    let mut wins = 0;
    for r in 1..=7usize {
        let mut rivers: Vec<Vec<u8>> = vec![vec![]];
        for _ in 0..r {
            let mut next = Vec::new();
            for river in rivers {
                for kind in [WHITE, TOP, BOTTOM] {
                    let last = river.last().copied().unwrap_or(WHITE);
                    if kind != WHITE && last != WHITE && last != kind {
                        continue;
                    }
                    let mut longer = river.clone();
                    longer.push(kind);
                    next.push(longer);
                }
            }
            rivers = next;
        }
        for river in rivers {
            let mut cells: Vec<(usize, u8)> =
                river.iter().enumerate().filter(|(_, &k)| k != WHITE).map(|(i, &k)| (i + 1, k)).collect();
            // Any order of the given cells.
            for i in (1..cells.len()).rev() {
                cells.swap(i, rng.gen_range(0..=i));
            }
            let mut input = format!("{r} {}\n", cells.len());
            for (row, col) in &cells {
                input += &format!("{row} {col}\n");
            }
            let answer = more_reclamation::solve(&input, &FAST).unwrap();
            assert_eq!(more_reclamation::solve(&input, &EXACT).unwrap(), answer);
            // The mapping, checked against a direct construction of the transposed board.
            let text = more_reclamation::to_pathgame(&input).unwrap();
            let row_of =
                |k: u8| -> String { river.iter().map(|&c| if c == k { '#' } else { '.' }).collect() };
            assert_eq!(text, format!("{}/{}", row_of(TOP), row_of(BOTTOM)));
            // The rules of PathGame on the transposed board, and the pathgame problem on it.
            let board = game.parse(&text).unwrap();
            let outcome = memo::solve(&game, &[board], &Silent).unwrap().get(&board).unwrap();
            let win = outcome.value() == Value::Win;
            assert_eq!(answer, if win { "WIN" } else { "LOSE" }, "{input}");
            let snuke = pathgame::solve(&input_of(&board), &FAST).unwrap();
            assert_eq!(snuke == "Snuke", win, "{input}");
            instances += 1;
            wins += win as usize;
        }
    }
    eprintln!(
        "more-reclamation: all {instances} rivers of 1..=7 rows agree with the transposed board ({wins} WIN)"
    );
    assert_eq!(instances, 983);
}

fn check_examples(name: &str, count: usize) {
    let problem = nimber_problems::find(name).unwrap();
    let inputs = examples::example_inputs(name);
    for input in &inputs {
        let expected = fs::read_to_string(input.with_extension("out")).unwrap();
        let text = fs::read_to_string(input).unwrap();
        for options in [FAST, EXACT] {
            let output = (problem.solve)(&text, &options).unwrap();
            assert_eq!(format!("{output}\n"), expected, "{}", input.display());
        }
    }
    assert_eq!(inputs.len(), count);
}

#[test]
fn official_examples() {
    check_examples("pathgame", 5);
    check_examples("more-reclamation", 3);
}

#[test]
fn literal_form_and_layout() {
    let solve = |s: &str| pathgame::solve(s, &FAST);
    assert_eq!(solve("{\"#..\", \"...\"}").unwrap(), "Snuke");
    assert_eq!(solve("{\"#\",\n \".\"}\n").unwrap(), "Sothe");
    assert_eq!(solve("  {  \".....\" ,\"..#..\"}  ").unwrap(), "Sothe");
    assert_eq!(solve("#..\r\n...\r\n").unwrap(), "Snuke");
    assert_eq!(solve("\n  .#...\n\n.....  \n\n").unwrap(), "Snuke");
    assert_eq!(more_reclamation::solve("3 1 1 1", &FAST).unwrap(), "WIN");
    assert_eq!(more_reclamation::solve("100 0\n", &FAST).unwrap(), "LOSE");
    assert_eq!(more_reclamation::solve("99 0\n", &FAST).unwrap(), "WIN");
}

fn err(result: Result<String, InputError>) -> String {
    result.unwrap_err().to_string()
}

#[test]
fn errors_name_the_place() {
    let p = |s: &str| err(pathgame::solve(s, &FAST));
    assert_eq!(p(""), "empty input: expected the two rows of the board");
    assert_eq!(p("..\n"), "line 1: input ended where row 2 of the board was expected");
    assert_eq!(p("...\n..\n"), "line 2: row 2 has 2 cells but row 1 has 3: the rows must be equally long");
    assert_eq!(p("...\n.x.\n"), "line 2, column 2: `x` is not a cell (use `.` for white, `#` for black)");
    assert_eq!(p("...\n...\n...\n"), "line 3, column 1: unexpected third row: the board has two rows");
    assert_eq!(
        p("..#.\n..#.\n"),
        "line 2, column 3: no left-to-right white path: column 3 is black in both rows"
    );
    assert_eq!(
        p("#...\n.#..\n"),
        "line 2, column 2: no left-to-right white path: the top cell of column 1 and the bottom cell of column 2 \
         are black"
    );
    assert_eq!(
        p("..#.\n.#..\n"),
        "line 1, column 3: no left-to-right white path: the bottom cell of column 2 and the top cell of column 3 \
         are black"
    );
    assert_eq!(
        p(&format!("{}\n{}\n", ".".repeat(1001), ".".repeat(1001))),
        "line 1, column 1001: row 1 is longer than 1000 cells"
    );
    assert!(pathgame::solve(&format!("{}\n{}\n", ".".repeat(1000), ".".repeat(1000)), &FAST).is_ok());
    assert_eq!(p("{\"..\", \".#\"\n"), "line 1: input ended where `,` or the closing `}` was expected");
    assert_eq!(p("{\"..\", \".#}"), "line 1, column 8: this quoted row is not closed on its line");
    assert_eq!(p("{\"..\"}"), "line 1: the board needs two rows");
    assert_eq!(
        p("{\"..\", \"..\", \"..\"}"),
        "line 1, column 14: unexpected third row: the board has two rows"
    );
    assert_eq!(p("{\"..\"; \"..\"}"), "line 1, column 6: expected `,` or the closing `}`, found `;`");
    assert_eq!(p("{\"..\", \"..\"} x"), "line 1, column 14: unexpected `x` after the board");
    assert_eq!(
        p("{\"#.\",\n \"#.\"}"),
        "line 2, column 3: no left-to-right white path: column 1 is black in both rows"
    );
    assert_eq!(p("{\"\", \"\"}"), "line 1, column 3: row 1 is empty");

    // Huge inputs are refused or read without holding more than the board.
    let long_row = format!("{{\"{}\", \"..\"}}", ".".repeat(2_000_000));
    assert_eq!(p(&long_row), "line 1, column 1003: row 1 is longer than 1000 cells");
    let spaced = format!("{{{}\"#.\",{}\"..\"}}\n", " ".repeat(1_000_000), "\n".repeat(1_000_000));
    assert_eq!(pathgame::solve(&spaced, &FAST).unwrap(), "Snuke");
    let tall = format!("..\n..\n{}", "\n".repeat(1_000_000) + "x");
    assert_eq!(p(&tall), "line 1000003, column 1: unexpected third row: the board has two rows");

    let m = |s: &str| err(more_reclamation::solve(s, &FAST));
    assert_eq!(
        m(&format!("3 0\n{}", "1 ".repeat(3_000_000))),
        "line 2, column 1: unexpected `1` after the end of the input"
    );
    assert_eq!(m(" \n"), "empty input: expected `r n` and the reclaimed cells");
    assert_eq!(m("0 0"), "line 1, column 1: r (the number of rows) = 0 is out of range 1..=100");
    assert_eq!(m("101 0"), "line 1, column 1: r (the number of rows) = 101 is out of range 1..=100");
    assert_eq!(m("3 4"), "line 1, column 3: n (the number of reclaimed cells) = 4 is out of range 0..=3");
    assert_eq!(m("3 2\n1 1\n"), "line 2: input ended where a reclaimed cell's row was expected");
    assert_eq!(m("3 1\n4 1\n"), "line 2, column 1: row = 4 is out of range 1..=3");
    assert_eq!(m("3 1\n1 3\n"), "line 2, column 3: column = 3 is out of range 1..=2");
    assert_eq!(m("3 2\n1 1\n1 1\n"), "line 3: cell (1, 1) is given twice (first at line 2)");
    assert_eq!(
        m("3 2\n1 1\n2 2\n"),
        "line 3: cell (2, 2) cannot be reclaimed: it is forbidden by cell (1, 1) given at line 2"
    );
    assert_eq!(
        m("3 2\n2 2\n2 1\n"),
        "line 3: cell (2, 1) cannot be reclaimed: it is forbidden by cell (2, 2) given at line 2"
    );
    assert_eq!(m("3 1\n1 1\n2 1\n"), "line 3, column 1: unexpected `2` after the end of the input");
    assert_eq!(m("3 1\n-1 1\n"), "line 2, column 1: row = -1 is out of range 1..=3");
    assert_eq!(
        m("99999999999999999999999 0"),
        "line 1, column 1: r (the number of rows): expected an integer, found `99999999999999999999999`"
    );
}

#[test]
fn parsers_never_panic() {
    // Random bytes, random tokens, truncations and mutations of the examples, huge and negative
    // numbers: every input gives an answer or an error with a line (the empty input: an error
    // about the whole input).
    let mut rng = ChaCha8Rng::seed_from_u64(2013);
    let mut seeds: Vec<(String, &str)> = Vec::new();
    for name in ["pathgame", "more-reclamation"] {
        for p in examples::example_inputs(name) {
            seeds.push((fs::read_to_string(p).unwrap(), name));
        }
    }
    seeds.push(("{\"#..\", \"...\"}".to_string(), "pathgame"));
    seeds.push((format!("{}\n{}\n", ".".repeat(1000), "..#.".repeat(250)), "pathgame"));
    seeds.push(("100 3\n1 1\n50 2\n100 1\n".to_string(), "more-reclamation"));
    let pieces = [
        ".",
        "#",
        "..",
        "##",
        "{",
        "}",
        "\"",
        ",",
        " ",
        "\n",
        "\r\n",
        "\t",
        "0",
        "1",
        "2",
        "3",
        "7",
        "100",
        "101",
        "-1",
        "-5",
        "99999999999999999999",
        "18446744073709551617",
        "x",
        "é",
        "/",
        "+3",
        "1e3",
        "\u{0}",
    ];
    let mut inputs: Vec<(String, &str)> = vec![("".into(), "pathgame"), ("".into(), "more-reclamation")];
    for round in 0..6000 {
        let name = if round % 2 == 0 { "pathgame" } else { "more-reclamation" };
        let input = match round % 4 {
            0 => {
                let len = rng.gen_range(0..200);
                let bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            }
            1 => (0..rng.gen_range(0..40)).map(|_| pieces[rng.gen_range(0..pieces.len())]).collect(),
            2 => {
                let seed = &seeds[rng.gen_range(0..seeds.len())].0;
                let cut = rng.gen_range(0..=seed.len());
                let cut = (0..=cut).rev().find(|&c| seed.is_char_boundary(c)).unwrap();
                seed[..cut].to_string()
            }
            _ => {
                let seed = &seeds[rng.gen_range(0..seeds.len())].0;
                let mut chars: Vec<char> = seed.chars().collect();
                for _ in 0..rng.gen_range(1..4) {
                    let piece = pieces[rng.gen_range(0..pieces.len())];
                    let at = rng.gen_range(0..=chars.len());
                    match rng.gen_range(0..3) {
                        0 if at < chars.len() => {
                            chars.remove(at);
                        }
                        1 if at < chars.len() => {
                            chars.splice(at..at + 1, piece.chars());
                        }
                        _ => {
                            chars.splice(at..at, piece.chars());
                        }
                    }
                }
                chars.into_iter().collect()
            }
        };
        inputs.push((input, name));
    }
    let (mut ok, mut errors) = (0, 0);
    for (input, name) in &inputs {
        for problem in [*name, if *name == "pathgame" { "more-reclamation" } else { "pathgame" }] {
            let result = (nimber_problems::find(problem).unwrap().solve)(input, &FAST);
            match result {
                Ok(out) => {
                    assert!(["Snuke", "Sothe", "WIN", "LOSE"].contains(&out.as_str()));
                    ok += 1;
                }
                Err(e) => {
                    assert!(e.line.is_some() || input.trim().is_empty(), "{problem} {input:?}: {e}");
                    errors += 1;
                }
            }
        }
    }
    eprintln!("parsers: {} inputs ({ok} answered, {errors} rejected with a place)", ok + errors);
    assert_eq!(ok + errors, 12_004);
}
