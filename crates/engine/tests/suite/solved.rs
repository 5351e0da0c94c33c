//! `DynGame::solved`: a game solved once answers every query as `DynGame::query` does (which
//! solves again each time), through the hash-map solvers and through the dense path.

use crate::synthetic;
use crate::synthetic_game;
use crate::take_away;

use nimber_engine::view::dense::Dense;
use nimber_engine::{DynGame, Error, Silent, SolveOptions, Value};

use synthetic::Synthetic;
use synthetic_game::SyntheticGame;
use take_away::TakeAway;

/// Every position's report from the solved handle equals a fresh query's, moves included.
fn agrees(game: &dyn DynGame, positions: u64) -> [u64; 4] {
    let solved = game.solved(None, &SolveOptions::default(), &Silent).unwrap();
    assert_eq!(solved.positions(), positions);
    let mut by_value = [0u64; 4];
    for i in 0..positions {
        let text = i.to_string();
        let want = game.query(Some(&text), &Silent).unwrap();
        let got = solved.query(Some(&text)).unwrap();
        assert_eq!((&got.position, got.outcome, &got.moves), (&want.position, want.outcome, &want.moves));
        by_value[got.outcome.value().index()] += 1;
    }
    by_value
}

#[test]
fn solved_once_answers_like_query() {
    let space = Synthetic::new(8, 11);
    let hash_map = agrees(&SyntheticGame(&space), 256);
    let dense = agrees(&Dense(SyntheticGame(&space)), 256);
    assert_eq!(hash_map, dense);
    // Cycles and terminal values give every value.
    assert!(hash_map.iter().all(|&n| n > 0), "{hash_map:?}");
}

#[test]
fn solved_from_a_position_answers_what_it_reached() {
    let game = TakeAway(9);
    let solved = game.solved(Some("4"), &SolveOptions::default(), &Silent).unwrap();
    assert_eq!(solved.positions(), 5);
    // Without a position, the query is about the position solved from.
    let report = solved.query(None).unwrap();
    assert_eq!(
        (report.position.as_str(), report.outcome.value(), report.outcome.remoteness()),
        ("4", Value::Win, Some(3))
    );
    assert_eq!(report.moves.iter().map(|m| m.label.as_str()).collect::<Vec<_>>(), ["-1", "-2"]);
    assert_eq!(solved.query(Some("3")).unwrap().outcome.value(), Value::Lose);
    let err = solved.query(Some("7")).unwrap_err().to_string();
    assert!(err.contains("`7` was not reached"), "{err}");
    assert!(matches!(solved.query(Some("x")), Err(Error::Position { .. })));
    let full = game.solved(None, &SolveOptions::default(), &Silent).unwrap();
    assert_eq!((full.positions(), full.query(None).unwrap().outcome.value()), (10, Value::Lose));
}

#[test]
fn solved_refuses_nim_values() {
    let options = SolveOptions { nim: true, ..SolveOptions::default() };
    assert!(matches!(TakeAway(3).solved(None, &options, &Silent), Err(Error::Unsupported(_))));
}
