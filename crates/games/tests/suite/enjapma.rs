//! Enjapma: the rule against nim values, solvers, notation, parameters.

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::solve::{grundy, memo};
use nimber_engine::{Backward, Game, Notation, Silent, Value};
use nimber_games::enjapma::*;

/// Every position of the `h` x `w` board.
fn all_positions(game: &Enjapma) -> Vec<u64> {
    (0..=game.full()).collect()
}

#[test]
fn rule_and_nim_values_on_every_board_up_to_12_cells() {
    let mut checked = 0;
    for h in 1..=12u32 {
        for w in 1..=12 / h {
            let game = Enjapma::new(h, w).unwrap();
            let roots = all_positions(&game);
            let solved = memo::solve(&game, &roots, &Silent).unwrap();
            let nims = grundy::solve(&game, &roots, &Silent).unwrap();
            assert_eq!((solved.len(), nims.len()), (roots.len(), roots.len()));
            for &pos in &roots {
                let (x, y) = game.counts(pos);
                let lost = solved.get(&pos).unwrap().value() == Value::Lose;
                assert_eq!(lost, mover_loses(x, y), "{h}x{w} {}", game.format(&pos));
                assert_eq!(nims.get(&pos), Some(nim_value(x, y)), "{h}x{w} {}", game.format(&pos));
                checked += 1;
            }
        }
    }
    eprintln!("enjapma: outcome and nim value rules checked on {checked} positions");
    assert_eq!(checked, 35_978);
}

#[test]
fn retrograde_with_predecessors_agrees_with_memo() {
    let game = Enjapma::new(3, 3).unwrap();
    let roots = all_positions(&game);
    let memo = memo::solve(&game, &roots, &Silent).unwrap();
    let retro = retrograde::solve(&game, &roots, Predecessors::Auto, &Silent).unwrap();
    assert_eq!(retro.len(), 512);
    for (p, o) in retro.iter() {
        assert_eq!(memo.get(p), Some(o), "{}", game.format(p));
    }
    // Predecessors are exactly the inverse of successors.
    let (mut succ, mut pred) = (Vec::new(), Vec::new());
    for &p in &roots {
        succ.clear();
        game.successors(&p, &mut succ);
        for &q in &succ {
            pred.clear();
            game.predecessors(&q, &mut pred);
            assert_eq!(pred.iter().filter(|&&r| r == p).count(), 1);
        }
    }
}

#[test]
fn small_nim_values() {
    let game = Enjapma::new(1, 2).unwrap();
    let nims = grundy::solve(&game, &all_positions(&game), &Silent).unwrap();
    let nim = |t: &str| nims.get(&game.parse(t).unwrap()).unwrap();
    // The left cell is the corner. A piece there can only be removed: *1. A piece on the
    // right cell can be removed (0) or moved onto the corner (*1): *2.
    assert_eq!(nim("o."), 1);
    assert_eq!(nim(".o"), 2);
    assert_eq!(nim("oo"), 0);
    assert_eq!(nim(".."), 0);
    assert_eq!([nim_value(1, 1), nim_value(1, 0), nim_value(2, 1), nim_value(0, 0)], [1, 2, 0, 0]);
}

#[test]
fn start_and_moves() {
    let game = Enjapma::new(3, 4).unwrap();
    assert_eq!(game.format(&game.start()), "oooo/oooo/oooo");
    assert_eq!(game.counts(game.start()), (12, 6));
    let solved = memo::solve(&game, &[game.start()], &Silent).unwrap();
    assert_eq!(solved.len(), 4096);
    assert_eq!(solved.get(&game.start()).unwrap().value(), Value::Lose);
    let game = Enjapma::from_board("o./.o").unwrap();
    let labels: Vec<String> = game.moves(&game.start()).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["take r1c1", "r1c1 down", "take r2c2", "r2c2 left"]);
    let targets: Vec<String> = game.moves(&game.start()).iter().map(|m| game.format(&m.to)).collect();
    assert_eq!(targets, ["../.o", "../oo", "o./..", "o./o."]);
    // The corner colour of a 2 x 2 board: the bottom-left and top-right cells.
    assert_eq!(game.corner_colour(), 0b0110);
}

#[test]
fn notation_round_trip() {
    let game = Enjapma::new(2, 3).unwrap();
    for p in all_positions(&game) {
        assert_eq!(game.parse(&game.format(&p)).unwrap(), p);
    }
    assert_eq!(game.format(&game.parse(" O.o/... ").unwrap()), "o.o/...");
    let err = |t: &str| game.parse(t).unwrap_err();
    assert_eq!(err("o.x/...").column, Some(3));
    assert_eq!(err("o./...").column, Some(6));
    assert_eq!(err("o.../...").column, Some(9));
    assert_eq!(err("o.o/..").column, Some(7));
    assert_eq!(err("o.o//...").column, Some(5));
    assert_eq!(err("o.o").column, None);
    assert_eq!(err("o.o/.../...").column, None);
    assert_eq!(err("").column, Some(1));
    assert_eq!(err("o.é/...").column, Some(3));
    assert!(parse_board(&"o".repeat(65)).is_err());
    assert_eq!(parse_board(&"o".repeat(64)).unwrap(), (1, 64, u64::MAX));
    assert_eq!(parse_board("oooooooo/").unwrap_err().column, Some(9));
}

#[test]
fn parameters() {
    let game = nimber_games::build("enjapma", &["board=o.o/.o.", "h=2", "w=3"]).unwrap();
    assert_eq!(game.start_text(), "o.o/.o.");
    assert_eq!(nimber_games::build("enjapma", &[] as &[&str]).unwrap().start_text(), "oooo/oooo/oooo");
    let err = nimber_games::build("enjapma", &["board=o.o/.o."]).err().unwrap().to_string();
    assert_eq!(err, "the board is 2 x 3 but h=3 w=4: give -p h=2 -p w=3 with it");
    assert!(nimber_games::build("enjapma", &["board=o.o/.o.", "h=2"]).is_err());
    assert!(nimber_games::build("enjapma", &["h=9", "w=8"]).is_err());
    assert!(nimber_games::build("enjapma", &["h=8", "w=8"]).is_ok());
    assert!(nimber_games::build("enjapma", &["board=o.x"]).is_err());
}

proptest::proptest! {
    #[test]
    fn parse_never_panics(text in "[oO./ é\t?]{0,20}|\\PC{0,20}") {
        if let Ok((h, w, cells)) = parse_board(&text) {
            // The game of that board, as the library builds it from the text.
            let game = Enjapma::from_board(&text).unwrap();
            proptest::prop_assert_eq!((game.height(), game.width()), (h, w));
            proptest::prop_assert_eq!(game.parse(&game.format(&cells)).unwrap(), cells);
        }
    }
}
