//! Every solver stops with `Error::Cancelled` when `Progress::cancelled` says so: the hash-map
//! exploration, memo and Sprague-Grundy search, retrograde rounds over explicit graphs, loopy
//! labelling, and the dense search and rounds.

use crate::synthetic;
use crate::synthetic_game;
use crate::take_away;

use nimber_engine::solve::reach::Reached;
use nimber_engine::solve::retrograde::{self, solve_space, Predecessors};
use nimber_engine::solve::{grundy, loopy, memo};
use nimber_engine::table::dense;
use nimber_engine::{Error, Game, Progress, Silent};

use synthetic::Synthetic;
use synthetic_game::SyntheticGame;
use take_away::TakeAway;

/// Asks to stop from the start.
struct Stop;

impl Progress for Stop {
    fn cancelled(&self) -> bool {
        true
    }
}

fn stopped<T>(result: Result<T, Error>) -> bool {
    matches!(result, Err(Error::Cancelled { checkpoint: None, proven: None }))
}

#[test]
fn every_solver_stops_when_asked() {
    let game = TakeAway(20_000); // 20,001 positions
    let roots = [game.start()];
    assert!(stopped(Reached::new(&game, &roots, &Stop)));
    assert!(stopped(memo::solve(&game, &roots, &Stop)));
    assert!(stopped(grundy::solve(&game, &roots, &Stop)));
    assert!(stopped(retrograde::solve(&game, &roots, Predecessors::ReverseGraph, &Stop)));
    // Not asked: they finish.
    assert_eq!(memo::solve(&game, &roots, &Silent).unwrap().len(), 20_001);

    let space = Synthetic::new(12, 9);
    assert!(stopped(solve_space(&space, &Stop)));
    let cyclic = SyntheticGame(&space);
    let reached = Reached::new(&cyclic, &cyclic.roots(), &Silent).unwrap();
    assert!(stopped(loopy::label(&reached, &Stop)));
    assert!(loopy::label(&reached, &Silent).is_ok());
    assert!(stopped(dense::reachable(&cyclic, &Stop)));
    assert!(stopped(dense::solve(&cyclic, None, &Stop)));
}
