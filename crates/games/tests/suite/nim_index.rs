//! Nim's dense index: bijection, dense solves, checkpoints.

use nimber_engine::solve::memo;
use nimber_engine::table::check::{check_bijection, check_predecessors};
use nimber_engine::table::dense;
use nimber_engine::table::Indexed;
use nimber_engine::{Game, Silent, Value};
use nimber_games::nim::{IndexedNim, Nim};

#[test]
fn index_is_a_bijection_and_predecessors_match_moves() {
    for (count, max) in [(1, 9), (3, 7), (4, 5), (5, 3)] {
        let game = IndexedNim::new(Nim::new(vec![max; count])).unwrap();
        let all: Vec<Vec<u32>> = (0..game.size()).map(|i| game.unrank(i).unwrap()).collect();
        assert_eq!(check_bijection(&game, all.clone(), 0..game.size()), 0, "{count} heaps of {max}");
        assert!(check_predecessors(&game, all) > 0);
    }
    // C(7 + 3, 3) positions of three heaps of at most 7, the empty one included.
    assert_eq!(IndexedNim::new(Nim::new(vec![7, 7, 7])).unwrap().size(), 120);
    assert_eq!(IndexedNim::new(Nim::new(vec![5, 3, 1])).unwrap().rank(&vec![1, 2, 3, 4]), 56);
    assert!(IndexedNim::new(Nim::new(vec![1 << 20; 8])).is_err());
}

#[test]
fn dense_solve_agrees_with_memo_search() {
    // Every position of four heaps of at most 9 (all reachable from 9,9,9,9): the dense
    // solver's outcome is memo search's, and the player to move loses exactly at XOR 0.
    let nim = Nim::new(vec![9; 4]);
    let game = IndexedNim::new(nim.clone()).unwrap();
    let solution = dense::solve(&game, None, &Silent).unwrap();
    assert_eq!(solution.len(), game.size());
    assert_eq!(game.size(), 715);
    let memo = memo::solve(&nim, &[nim.start()], &Silent).unwrap();
    assert_eq!(memo.len(), 715);
    for i in 0..game.size() {
        let heaps = game.unrank(i).unwrap();
        let outcome = solution.get(&game, &heaps).unwrap();
        assert_eq!(Some(outcome), memo.get(&heaps), "{heaps:?}");
        let xor = heaps.iter().fold(0, |a, h| a ^ h);
        assert_eq!(outcome.value() == Value::Lose, xor == 0, "{heaps:?}");
    }
}

/// Asks to stop at the `stop_at`-th poll (0-based) and at every later one.
struct StopAt(std::sync::atomic::AtomicU64, u64);

impl nimber_engine::Progress for StopAt {
    fn cancelled(&self) -> bool {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= self.1
    }
}

#[test]
fn stopped_at_any_level_or_round_and_resumed_ends_as_uninterrupted() {
    // Four heaps of at most 6: 210 positions, 5 levels of search (a move empties a heap at
    // most) and 25 rounds (remoteness up to 24, the counters). Stopped at
    // each of them in turn (a checkpoint written every time), then resumed to the end.
    use nimber_engine::store::checkpoint::{self, CheckpointOptions, Stage};
    let game = IndexedNim::new(Nim::new(vec![6; 4])).unwrap();
    let want = dense::solve(&game, None, &Silent).unwrap();
    let path = std::env::temp_dir().join(format!("nimber-nim-index-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut options = CheckpointOptions::new(
        &path,
        &nimber_engine::GameId::new("nim", vec![("heaps".into(), "6,6,6,6".into())]),
    );
    options.every = std::time::Duration::ZERO;
    let mut stages = Vec::new();
    for stop_at in 0.. {
        options.resume = false;
        let stop = StopAt(Default::default(), stop_at);
        match checkpoint::solve_dense(&game, None, &options, &stop) {
            Ok(_) => break,
            Err(nimber_engine::Error::Cancelled { checkpoint: Some(_), .. }) => {}
            Err(e) => panic!("{e}"),
        }
        stages.push(checkpoint::read_header(&path).unwrap().stage);
        options.resume = true;
        let got = checkpoint::solve_dense(&game, None, &options, &Silent).unwrap();
        assert!((0..want.len()).all(|k| got.get_nth(k) == want.get_nth(k)), "{:?}", stages.last());
        options.remove().unwrap();
    }
    let levels = stages.iter().filter(|s| matches!(s, Stage::Search { .. })).count();
    assert_eq!((levels, stages.len() - levels), (5, 25), "{stages:?}");
}
