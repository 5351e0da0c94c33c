//! Toads and Frogs: values against published ones (Winning Ways, Erickson, Thanatipanonda),
//! against the values found without cutting strips into parts, and against the strong solver.

use crate::partizan;
use partizan::{check_against_solver, start_value, Plain};

use nimber_engine::{Game, Notation};
use nimber_games::toadsandfrogs::{parse_strip, Strip, ToadsAndFrogs};
use nimber_partizan::{Bridge, Player};

fn value(text: &str) -> String {
    start_value(&ToadsAndFrogs::new(parse_strip(text).unwrap()))
}

/// Winning Ways, ch. 1 (and the combinatorialgames.wordpress.com notes that follow it):
/// `TFTF.` and `TF.TF` are 0, `TFT.F` is *, `T.TFF` is {0|*} = ^; `TT.FF` is {^|v} = *.
/// Erickson's program's help (`HELP_TOADS`): `T.F` is *, `.TF` is 0, `FT.` is 1, `T.TF` is
/// 1/2. Pieces that can never move are worth nothing: `FFTT` is 0, and a toad alone counts
/// the empty squares before it.
#[test]
fn published_values() {
    for (text, v) in [
        ("T.F", "*"),
        (".TF", "0"),
        ("FT.", "1"),
        ("T.TF", "1/2"),
        ("TFTF.", "0"),
        ("TF.TF", "0"),
        ("TFT.F", "*"),
        ("T.TFF", "^"),
        ("TT.FF", "*"),
        ("FFTT", "0"),
        ("T...", "3"),
        ("..F", "-2"),
        ("-", "0"),
    ] {
        assert_eq!(value(text), v, "{text}");
    }
}

/// Erickson's conjectures (1996), proved by Thanatipanonda and Zeilberger ("A symbolic
/// finite-state approach for automated proving of theorems in combinatorial game theory",
/// 2008; Thanatipanonda, "Further hopping with Toads and Frogs", 2011):
/// `T^a..F^b = {{a-3|a-b}|{*|3-b}}` for `a > b >= 2`, `T^a...FF = {a-2|a-2}` for `a >= 2`
/// and `T^a...FFF = a-7/2` for `a >= 5`; 20 starting positions.
#[test]
fn ericksons_conjectures() {
    let strip =
        |a: usize, gap: usize, b: usize| format!("{}{}{}", "T".repeat(a), ".".repeat(gap), "F".repeat(b));
    let game = ToadsAndFrogs::new(Strip::EMPTY);
    let mut ev = nimber_partizan::Evaluator::new(&game);
    let mut same = |text: String, expected: String| {
        let v = ev.value(&parse_strip(&text).unwrap());
        let e = match nimber_partizan::parse::parse(&expected, &mut ev.forms) {
            Ok(nimber_partizan::parse::Statement::Value(e)) => e,
            other => panic!("{expected}: {other:?}"),
        };
        assert_eq!(v, e, "{text}: {expected}");
    };
    let mut checked = 0;
    for a in 3..=7i32 {
        for b in 2..a.min(5) {
            same(strip(a as usize, 2, b as usize), format!("{{{{{}|{}}}|{{*|{}}}}}", a - 3, a - b, 3 - b));
            checked += 1;
        }
    }
    for a in 2..=7i32 {
        same(strip(a as usize, 3, 2), format!("{{{}|{}}}", a - 2, a - 2));
        checked += 1;
    }
    for a in 5..=6 {
        same(strip(a, 3, 3), format!("{} - 7/2", a));
        checked += 1;
    }
    assert_eq!(checked, 12 + 6 + 2);
}

/// Every strip of `T`, `F` and `.` of 1 to 11 squares (265,719 strips): the value with the
/// strips cut into parts equals the value found move by move, and the outcome class is who
/// wins with each player first. (`bench/cgt-toadsandfrogs.py --max 9` finds the values of every
/// strip of up to 9 squares equal to the canonical forms cgt-py builds from the rules written
/// again in Python.)
#[test]
fn parts_and_strong_solver_agree_on_every_small_strip() {
    let mut all = Vec::new();
    for len in 1..=11 {
        for mut code in 0..3u64.pow(len) {
            let mut s = Strip { len: len as u8, toads: 0, frogs: 0 };
            for i in 0..len {
                match code % 3 {
                    1 => s.toads |= 1 << i,
                    2 => s.frogs |= 1 << i,
                    _ => {}
                }
                code /= 3;
            }
            all.push(s);
        }
    }
    let game = ToadsAndFrogs::new(Strip::EMPTY);
    assert_eq!(check_against_solver(&game, &Plain(game.clone()), &all), 265_719);
}

/// A long strip of toads alone is worth the sum of the empty squares before each toad, past
/// what one strip of 64 squares can hold (2 x 62 = 124), at once.
#[test]
fn one_players_pieces_alone() {
    assert_eq!(value(&format!("TT{}", ".".repeat(62))), "124");
    assert_eq!(value(&format!("{}F.F", ".".repeat(61))), "-123");
    // 32 toads and 32 empty squares: 32 x 32 moves.
    assert_eq!(value(&format!("{}{}", "T".repeat(32), ".".repeat(32))), "1024");
}

#[test]
fn notation_round_trip_and_errors() {
    let game = ToadsAndFrogs::new(Strip::EMPTY);
    for text in ["T.F", "TT..FF", "F", ".", "-", &"T.".repeat(32)] {
        assert_eq!(game.format(&game.parse(text).unwrap()), text);
    }
    for (text, error) in [
        ("T.x", "column 3: `x` is not a square: use `T` (toad), `F` (frog) or `.` (empty)"),
        ("t", "column 1: `t` is not a square: use `T` (toad), `F` (frog) or `.` (empty)"),
        ("", "column 1: an empty strip (`-` is the strip without squares)"),
        (&".".repeat(65), "column 65: a strip has at most 64 squares"),
        ("T F", "column 2: ` ` is not a square: use `T` (toad), `F` (frog) or `.` (empty)"),
    ] {
        assert_eq!(game.parse(text).unwrap_err().to_string(), error, "{text}");
    }
    let bridge = Bridge(game.clone());
    let n = bridge.capabilities().notation.unwrap();
    assert_eq!(n.format(&(parse_strip("T.F").unwrap(), Player::Right)), "T.F R");
    assert_eq!(n.parse("T.F L").unwrap(), (parse_strip("T.F").unwrap(), Player::Left));
    // Moves are named by squares from 1: a step, then a jump.
    let moves = bridge.moves(&(parse_strip("T.TF.").unwrap(), Player::Left));
    let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["1-2", "3-5"]);
}
