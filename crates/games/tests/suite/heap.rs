//! Heap games: fast sequences against the engine, sums, moves, notation.

use nimber_engine::solve::{grundy, memo};
use nimber_engine::{Game, Notation, Silent, Value};
use nimber_games::heap::*;
use nimber_heaps::nim_sequence;
use nimber_heaps::Ruleset;

fn game(code: &str, heaps: &[u32]) -> HeapGame {
    HeapGame::new(Ruleset::parse(code).unwrap(), heaps.to_vec())
}

/// The rulesets of the cross-checks, with the largest heap checked.
const RULESETS: &[(&str, u32)] = &[
    ("0.07", 100),
    ("0.77", 100),
    ("0.137", 100),
    ("0.16", 100),
    ("4.07", 100),
    ("0.54", 100),
    ("0.8", 40),
    ("0.F", 40),
    ("sub:1,3,4", 100),
    ("allbut:1,3", 100),
    ("grundy", 100),
];

#[test]
fn fast_sequences_equal_the_engine_on_every_heap() {
    // The engine's Sprague-Grundy solver on the rules of the library game against the
    // fast method of nimber-heaps, every single heap up to the bound.
    let mut heaps = 0;
    let mut positions = 0;
    for &(code, upto) in RULESETS {
        let game = game(code, &[upto]);
        let roots: Vec<Vec<u32>> = (0..=upto).map(|n| game.parse(&n.to_string()).unwrap()).collect();
        let nims = grundy::solve(&game, &roots, &Silent).unwrap();
        let fast = nim_sequence(game.rules(), upto as usize, &Silent);
        for (n, root) in roots.iter().enumerate() {
            assert_eq!(nims.get(root), Some(fast[n]), "{code}: heap {n}");
        }
        heaps += roots.len();
        positions += nims.len();
    }
    eprintln!(
        "{heaps} heaps of {} rulesets equal the engine's values ({positions} positions solved)",
        RULESETS.len()
    );
    assert_eq!(heaps, 9 * 101 + 2 * 41);
}

#[test]
fn sums_of_heaps_are_the_xor_of_their_values() {
    // Every position of two or three heaps up to a bound: the engine's nim value is the XOR
    // of the single heaps' values, and (by memo search on the whole position, without
    // splitting into components) the player to move loses exactly when the XOR is 0.
    let mut checked = 0;
    let mut searched = 0;
    for &(code, _) in RULESETS {
        let (pairs_upto, triples_upto) = if code.contains('F') || code == "0.8" { (10, 6) } else { (14, 8) };
        let g = nim_sequence(game(code, &[1]).rules(), pairs_upto as usize, &Silent);
        let game = game(code, &[pairs_upto]);
        let mut roots = Vec::new();
        for a in 1..=pairs_upto {
            for b in a..=pairs_upto {
                roots.push(vec![a, b]);
            }
        }
        for a in 1..=triples_upto {
            for b in a..=triples_upto {
                for c in b..=triples_upto {
                    roots.push(vec![a, b, c]);
                }
            }
        }
        let nims = grundy::solve(&game, &roots, &Silent).unwrap();
        for pos in &roots {
            let xor = pos.iter().fold(0, |x, &h| x ^ g[h as usize]);
            assert_eq!(nims.get(pos), Some(xor), "{code}: {pos:?}");
        }
        checked += roots.len();
        // Outcomes by plain search on a sample: pairs of heaps up to 9.
        let sample: Vec<Vec<u32>> = roots.iter().filter(|p| p.len() == 2 && p[1] <= 9).cloned().collect();
        let outcomes = memo::solve(&game, &sample, &Silent).unwrap();
        for pos in &sample {
            let xor = pos.iter().fold(0, |x, &h| x ^ g[h as usize]);
            assert_eq!(outcomes.get(pos).unwrap().value() == Value::Lose, xor == 0, "{code}: {pos:?}");
        }
        searched += sample.len();
    }
    eprintln!("{checked} multi-heap positions: nim value is the XOR; {searched} outcomes by search agree");
    assert_eq!(searched, RULESETS.len() * 45);
    assert_eq!(checked, 9 * (105 + 120) + 2 * (55 + 56));
}

#[test]
fn moves_are_labelled_with_the_heaps_left() {
    let kayles = game("0.77", &[7]);
    let labels: Vec<String> = kayles.moves(&vec![7]).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["7 -> 6", "7 -> 1+5", "7 -> 2+4", "7 -> 3+3", "7 -> 5", "7 -> 1+4", "7 -> 2+3"]);
    let moves = kayles.moves(&vec![1, 3]);
    let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["1 -> 0", "3 -> 2", "3 -> 1+1", "3 -> 1"]);
    assert_eq!(moves[2].to, vec![1, 1, 1]);
    let grundy = HeapGame::new(Ruleset::Grundy, vec![7]);
    let labels: Vec<String> = grundy.moves(&vec![7]).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["7 -> 1+6", "7 -> 2+5", "7 -> 3+4"]);
}

#[test]
fn a_query_names_a_winning_move() {
    // Kayles 4,6: values 1 and 3, XOR 2: a win; a winning move leaves XOR 0.
    let g = nimber_games::build("octal", &["code=0.77", "heaps=4,6"]).unwrap();
    let report = g.query(None, &Silent).unwrap();
    assert_eq!(report.outcome.value(), Value::Win);
    let best = &report.moves[0];
    assert_eq!(best.outcome.value(), Value::Win);
    let values = nim_sequence(&Ruleset::parse("0.77").unwrap(), 10, &Silent);
    let left: Vec<u32> = best.position.split(',').map(|h| h.parse().unwrap()).collect();
    assert_eq!(left.iter().fold(0, |x, &h| x ^ values[h as usize]), 0, "{}", best.label);
}

#[test]
fn notation_and_parameters() {
    let kayles = game("0.77", &[10]);
    for text in ["10", "3,4,5", "-", "2,2,9"] {
        assert_eq!(kayles.format(&kayles.parse(text).unwrap()), text);
    }
    assert_eq!(kayles.format(&kayles.parse(" 5, 0,3").unwrap()), "3,5");
    assert_eq!(kayles.parse("3,x").unwrap_err().column, Some(3));
    let g = nimber_games::build("octal", &[] as &[&str]).unwrap();
    assert_eq!(g.start_text(), "10");
    let e = nimber_games::build("octal", &["code=0.7x"]).err().unwrap().to_string();
    assert!(e.contains("code=0.7x") && e.contains("column 4"), "{e}");
    let g = nimber_games::build("grundy-game", &["heaps=7,0,3"]).unwrap();
    assert_eq!(g.start_text(), "3,7");
    assert!(nimber_games::build("grundy-game", &["code=0.77"]).is_err());
}
