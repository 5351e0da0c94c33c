//! Nim: the xor rule, notation.

use nimber_engine::solve::{grundy, memo};
use nimber_engine::{Notation, Silent, Value};
use nimber_games::nim::*;

#[test]
fn xor_rule_on_all_triples() {
    // Every position with three heaps of at most 7 (and the smaller positions they reach):
    // the player to move loses exactly when the XOR is 0, and the nim value is the XOR.
    let game = Nim::new(vec![7, 7, 7]);
    let mut roots: Vec<Vec<u32>> = Vec::new();
    for a in 0..=7 {
        for b in a..=7 {
            for c in b..=7 {
                roots.push(game.parse(&format!("{a},{b},{c}")).unwrap());
            }
        }
    }
    assert_eq!(roots.len(), 120);
    let outcomes = memo::solve(&game, &roots, &Silent).unwrap();
    let nims = grundy::solve(&game, &roots, &Silent).unwrap();
    for pos in &roots {
        let xor = pos.iter().fold(0, |a, h| a ^ h);
        let lost = outcomes.get(pos).unwrap().value() == Value::Lose;
        assert_eq!(lost, xor == 0, "{pos:?}");
        assert_eq!(nims.get(pos), Some(xor), "{pos:?}");
    }
}

#[test]
fn notation_round_trip() {
    let game = Nim::new(vec![3, 4, 5]);
    for text in ["3,4,5", "-", "1", "2,2,9"] {
        assert_eq!(game.format(&game.parse(text).unwrap()), text);
    }
    assert_eq!(game.format(&game.parse("5, 3,4").unwrap()), "3,4,5");
    assert_eq!(game.parse("3,x").unwrap_err().column, Some(3));
}
