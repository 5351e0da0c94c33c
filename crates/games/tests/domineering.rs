//! Domineering's values against published ones (Winning Ways; CGSuite and cgt-tools agree),
//! against the value found without splitting boards into regions or turning them, and against
//! the strong solver: the outcome class of every value is who wins with each player first.

use nimber_engine::{Game, Move, Notation, Outcome, Silent, Value};
use nimber_games::domineering::{parse_board, Board, Domineering};
use nimber_partizan::parse::{parse, Statement};
use nimber_partizan::{Bridge, Evaluator, Partizan, Player, Printer};

fn board(text: &str) -> Board {
    parse_board(text).unwrap()
}

fn value_text(text: &str) -> String {
    let game = Domineering::new(board(text));
    let mut ev = Evaluator::new(&game);
    let v = ev.value(&game.start());
    Printer::new(&mut ev.forms).text(v)
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

/// Domineering without the shortcuts: no regions, no trimming or turning.
struct Plain(Domineering);

impl Partizan for Plain {
    type Position = Board;
    fn start(&self) -> Board {
        self.0.start()
    }
    fn left_moves(&self, b: &Board) -> Vec<Move<Board>> {
        self.0.left_moves(b)
    }
    fn right_moves(&self, b: &Board) -> Vec<Move<Board>> {
        self.0.right_moves(b)
    }
}

/// Every board with holes that fits in 3x4, 4x3 and 2x5 (9,216 boards): the value found by
/// adding the values of regions, trimmed and turned, equals the value of the whole board found
/// move by move, and its outcome class is what the strong solver finds with Left and with
/// Right moving first.
#[test]
fn regions_and_strong_solver_agree_on_every_small_board() {
    let mut boards = 0;
    for (rows, cols) in [(3u8, 4u8), (4, 3), (2, 5)] {
        let full = Board::new(rows, cols);
        let game = Domineering::new(full);
        let plain = Plain(Domineering::new(full));
        let mut fast = Evaluator::new(&game);
        let mut slow = Evaluator::new(&plain);
        let n = rows as u32 * cols as u32;
        let all: Vec<Board> = (0..1u64 << n).map(|empty| Board { empty, ..full }).collect();
        // The strong solver, over every board with each player to move.
        let bridge = Bridge(Domineering::new(full));
        let roots: Vec<(Board, Player)> =
            all.iter().flat_map(|&b| [(b, Player::Left), (b, Player::Right)]).collect();
        let solved = nimber_engine::solve::memo::solve(&bridge, &roots, &Silent).unwrap();
        for &b in &all {
            let v = fast.value(&b);
            let w = slow.value(&b);
            // Different stores: compare by printing, which is the same for equal canonical forms.
            let (tv, tw) = (Printer::new(&mut fast.forms).text(v), Printer::new(&mut slow.forms).text(w));
            assert_eq!(tv, tw, "{}", game.format(&b));
            // The printed value reads back as the same value.
            assert_eq!(parse(&tv, &mut fast.forms).ok(), Some(Statement::Value(v)), "{tv}");
            let class = fast.forms.outcome(v);
            let wins = |p| solved.get(&(b, p)).map(|o: Outcome| o.value()) == Some(Value::Win);
            assert_eq!(class.left_first_wins(), wins(Player::Left), "{} ({tv})", game.format(&b));
            assert_eq!(class.right_first_wins(), wins(Player::Right), "{} ({tv})", game.format(&b));
            boards += 1;
        }
    }
    assert_eq!(boards, 4096 + 4096 + 1024);
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
    let n = bridge.notation().unwrap();
    assert_eq!(n.format(&(board("#./.."), Player::Right)), "#./.. R");
    assert_eq!(n.parse("../.. L").unwrap(), (board("../.."), Player::Left));
    assert!(n.parse("../..").is_err());
}
