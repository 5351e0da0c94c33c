//! Domineering's values against published ones (Winning Ways; CGSuite and cgt-tools agree),
//! against the value found without splitting boards into regions or turning them, and against
//! the strong solver: the outcome class of every value is who wins with each player first.

use crate::partizan;
use partizan::{check_against_solver, start_value, Plain};

use nimber_engine::{Game, Notation};
use nimber_games::domineering::{parse_board, Board, Domineering};
use nimber_partizan::parse::{parse, Statement};
use nimber_partizan::{Bridge, Evaluator, Partizan, Player, Printer};

fn board(text: &str) -> Board {
    parse_board(text).unwrap()
}

fn value_text(text: &str) -> String {
    start_value(&Domineering::new(board(text)))
}

/// Larger rectangles (the notes' values from cgt-tools, which agree with CGSuite): 4x5 is 1,
/// 5x5 is 0; 4x6, whose canonical form takes over 400 characters, is the one cgt-tools prints
/// (`bench/cgt-domineering.py` compares every rectangle up to 4x6 with it), and its text reads
/// back as the same value.
#[test]
fn published_rectangles() {
    assert_eq!(value_text("...../...../...../....."), "1");
    assert_eq!(value_text("...../...../...../...../....."), "0");
    let game = Domineering::new(board("....../....../....../......"));
    let mut ev = Evaluator::new(&game);
    let v = ev.value(&game.start());
    // As cgt-py 0.11.0 prints it (without CGSuite's bars).
    let cgt = "{{0|{0, {0|-2}|-2}}, {{2, {2|0}|0}, {2, {{4|2}, {4|{4|2}}|{4|2}, {{4|2}|2}}|2, {{2|0}, {2|{2|0}}|{2|0}, {{2|0}|0}}}|{0, {{2|0}, {2|{2|0}}|{2|0}, {{2|0}|0}}|{0|{{-1/2|-2}|{-5/2|-4}}}, {{0|-2}, {0, {3/2|0}|{-1/2|-2}}|{-1/2|-2}, {{-1/2|-2}|{-5/2|-4}}}}, {{{2|0}, {2|{2|0}}|{2|0}, {{2|0}|0}}|0}}|{{0, {0|-2}|-2}, {0, {{2|0}, {2|{2|0}}|{2|0}, {{2|0}|0}}|{{{2|0}|0}|-2}}|{-2, {{0|-2}, {0, {3/2|0}|{-1/2|-2}}|{-1/2|-2}, {{-1/2|-2}|{-5/2|-4}}}|{-5/2|-4}}, {{0|-2}|{-5/2|-4}}, {{{0|-2}, {0|{0|-2}}|{0|-2}, {{0|-2}|-2}}|-2}}, {{0, {2, {2|0}|0}|0, {0|-2, {0|-2}}}|-2}}";
    assert_eq!(parse(cgt, &mut ev.forms).ok(), Some(Statement::Value(v)));
    let text = Printer::new(&mut ev.forms).text(v);
    assert!(text.len() > 400, "{text}");
    assert_eq!(parse(&text, &mut ev.forms).ok(), Some(Statement::Value(v)), "{text}");
}

/// Left plays vertically: a column of two is 1, a row of two -1.
#[test]
fn published_values() {
    for (text, value) in [
        ("-", "0"),
        (".", "0"),
        ("..", "-1"),
        ("./.", "1"),
        ("....", "-2"),
        ("../..", "+-1"),
        (".../...", "{2|-1/2}"),
        ("../../..", "{1/2|-2}"),
        (".../.../...", "+-1"),
    ] {
        assert_eq!(value_text(text), value, "{text}");
    }
}

/// Every board with holes that fits in 3x4, 4x3 and 2x5 (9,216 boards).
#[test]
fn regions_and_strong_solver_agree_on_every_small_board() {
    let mut checked = 0;
    for (rows, cols) in [(3u8, 4u8), (4, 3), (2, 5)] {
        let full = Board::new(rows, cols);
        let n = rows as u32 * cols as u32;
        let all: Vec<Board> = (0..1u64 << n).map(|empty| Board { empty, ..full }).collect();
        let game = Domineering::new(full);
        checked += check_against_solver(&game, &Plain(game.clone()), &all);
    }
    assert_eq!(checked, 4096 + 4096 + 1024);
}

#[test]
fn notation_round_trip_and_errors() {
    let game = Domineering::new(board(".."));
    for text in ["../..", "#./.#", ".#.#/....", "-"] {
        assert_eq!(game.format(&game.parse(text).unwrap()), text);
    }
    for (text, error) in [
        ("../...", "column 7: a row of 3 squares after rows of 2"),
        ("..x", "column 3: `x` is not a square: use `.` (empty) or `#` (filled)"),
        ("../", "column 4: an empty row"),
        ("", "column 1: an empty row"),
    ] {
        assert_eq!(game.parse(text).unwrap_err().to_string(), error, "{text}");
    }
    let bridge = Bridge(Domineering::new(board("../..")));
    let n = bridge.capabilities().notation.unwrap();
    assert_eq!(n.format(&(board("#./.."), Player::Right)), "#./.. R");
    assert_eq!(n.parse("../.. L").unwrap(), (board("../.."), Player::Left));
    assert!(n.parse("../..").is_err());
}
