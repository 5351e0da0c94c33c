//! Cutcake: the values of Winning Ways' table (its formula, on every cake up to 32x32),
//! against the values found without valuing cakes apart, and against the strong solver.

use crate::partizan;
use partizan::{check_against_solver, start_value, Plain};

use nimber_engine::{Game, Notation};
use nimber_games::cutcake::{parse_cakes, Cake, Cakes, Cutcake};
use nimber_partizan::{Bridge, Evaluator, Player};

fn value(text: &str) -> String {
    start_value(&Cutcake::new(parse_cakes(text).unwrap()))
}

/// Winning Ways' table of Cutcake (ch. 2): a cake of `r` rows and `c >= r` columns, where
/// Left cuts between columns, is worth `floor(c / 2^floor(log2 r)) - 1` (so a cake of one row
/// and `c` columns is `c - 1`, and rows 2 to 3 halve it, rows 4 to 7 quarter it, ...); the
/// cake turned a quarter round is worth the negative. Checked on every cake of 1 to 32 rows
/// and columns (1,024 cakes), all integers.
#[test]
fn winning_ways_formula_on_every_cake_up_to_32x32() {
    let game = Cutcake::new(Cakes(Vec::new()));
    let mut ev = Evaluator::new(&game);
    let formula = |r: u32, c: u32| -> i128 {
        if c >= r {
            (c >> r.ilog2()) as i128 - 1
        } else {
            -((r >> c.ilog2()) as i128 - 1)
        }
    };
    let mut checked = 0;
    for r in 1..=32u8 {
        for c in 1..=32u8 {
            let v = ev.value(&Cakes(vec![Cake { rows: r, cols: c }]));
            let n = ev.forms.as_number(v).unwrap_or_else(|| panic!("{r}x{c} is not a number"));
            assert!(n.is_integer(), "{r}x{c}: {n}");
            assert_eq!(n.floor(), formula(r as u32, c as u32), "{r}x{c}");
            checked += 1;
        }
    }
    assert_eq!(checked, 1024);
}

/// Values by hand: a 1x1 cake cannot be cut (0); a 1xn cake gives Left n-1 cuts and Right
/// none; a square cake is 0 (either player's cut leaves the other the better share); sums add.
#[test]
fn small_values() {
    for (text, v) in [
        ("1x1", "0"),
        ("1x2", "1"),
        ("1x5", "4"),
        ("5x1", "-4"),
        ("2x2", "0"),
        ("3x3", "0"),
        ("2x4", "1"),
        ("2x8", "3"),
        ("4x8", "1"),
        ("8x2", "-3"),
        ("2x4 1x3 4x2", "2"),
        ("-", "0"),
    ] {
        assert_eq!(value(text), v, "{text}");
    }
}

/// Every collection of cakes of 1 to 3 rows and columns, one to three of them (9 + 45 + 165 =
/// 219), and every pair of cakes of at most 4x4 (136) and single cakes of at most 5x5 (25):
/// 380 positions. The value with cakes valued apart equals the value found move by move, and
/// the outcome class is who wins with each player first.
#[test]
fn regions_and_strong_solver_agree_on_small_collections() {
    let cakes = |max: u8| -> Vec<Cake> {
        (1..=max).flat_map(|rows| (1..=max).map(move |cols| Cake { rows, cols })).collect()
    };
    let (three, four, five) = (cakes(3), cakes(4), cakes(5));
    let mut all = Vec::new();
    for i in 0..three.len() {
        all.push(Cakes::new(vec![three[i]]));
        for j in i..three.len() {
            all.push(Cakes::new(vec![three[i], three[j]]));
            for k in j..three.len() {
                all.push(Cakes::new(vec![three[i], three[j], three[k]]));
            }
        }
    }
    for i in 0..four.len() {
        for j in i..four.len() {
            all.push(Cakes::new(vec![four[i], four[j]]));
        }
    }
    all.extend(five.iter().map(|&c| Cakes::new(vec![c])));
    let game = Cutcake::new(Cakes(Vec::new()));
    assert_eq!(check_against_solver(&game, &Plain(game.clone()), &all), 219 + 136 + 25);
}

#[test]
fn notation_round_trip_and_errors() {
    let game = Cutcake::new(Cakes(Vec::new()));
    for text in ["2x3", "4x4 2x3 1x4", "64x64", "1x1 1x1", "-"] {
        assert_eq!(game.format(&game.parse(text).unwrap()), text);
    }
    // Largest first; spaces between cakes as many as you like.
    assert_eq!(game.format(&game.parse("1x4  2x3 ").unwrap()), "2x3 1x4");
    for (text, error) in [
        ("2x", "column 3: the end where the number of columns should be"),
        ("2y3", "column 2: `y` where `x` should separate a cake's rows and columns (`2x3`)"),
        ("2x3,1x4", "column 4: `,` after a cake: cakes are separated by spaces"),
        ("0x3", "column 1: a cake has 1 to 64 rows"),
        ("3x65", "column 3: a cake has 1 to 64 columns"),
        ("2x3 x4", "column 5: `x` where the number of rows should be"),
        ("64x64 1x1", "column 7: the cakes have over 4096 squares in all"),
        ("", "column 1: no cake (`-` is the position without cakes)"),
        ("99999999999x2", "column 1: a cake has 1 to 64 rows"),
    ] {
        assert_eq!(game.parse(text).unwrap_err().to_string(), error, "{text}");
    }
    let bridge = Bridge(game.clone());
    let n = bridge.capabilities().notation.unwrap();
    assert_eq!(n.parse("2x3 L").unwrap(), (parse_cakes("2x3").unwrap(), Player::Left));
    // Left cuts between columns, Right between rows; a cut and its mirror image are one move.
    let moves = bridge.moves(&(parse_cakes("2x5").unwrap(), Player::Left));
    let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["2x5=2x1+2x4", "2x5=2x2+2x3"]);
    assert_eq!(n.format(&moves[1].to), "2x3 2x2 R");
    let moves = bridge.moves(&(parse_cakes("2x5 2x5 1x1").unwrap(), Player::Right));
    let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["2x5=1x5+1x5"]);
}
