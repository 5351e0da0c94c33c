//! The dense solver (`nimber_engine::dense`) on the synthetic cyclic game of the retrograde
//! benchmark, given as an indexed game: every position is a slot, the predecessors come from the
//! move formula. It must agree with `solve_space` over the same space, position by position,
//! with all four values present (wins, losses, ties and draws), also when the terminal positions
//! state a remoteness of 0 to 3 (won ones of remoteness 0 and 1 are applied before any round, the
//! others go through the rounds).

use crate::synthetic;
use crate::synthetic_game;

use nimber_engine::solve::retrograde::solve_space;
use nimber_engine::table::check::{check_bijection, check_predecessors};
use nimber_engine::table::dense;
use nimber_engine::Silent;

use synthetic::Synthetic;
use synthetic_game::SyntheticGame;

#[test]
fn dense_solver_agrees_with_solve_space() {
    let mut by_value = [0u64; 4];
    let mut remote_terminals = [0u64; 4];
    for (log2n, seed, remote) in
        [(8, 1, false), (12, 2, false), (16, 3, false), (8, 4, true), (12, 5, true), (16, 6, true)]
    {
        let space =
            if remote { Synthetic::with_remote_terminals(log2n, seed) } else { Synthetic::new(log2n, seed) };
        let game = SyntheticGame(&space);
        assert_eq!(check_bijection(&game, 0..64, 0..space.size()), 0);
        check_predecessors(&game, 0..space.size().min(4096));
        let want = solve_space(&space, &Silent).unwrap();
        let got = dense::solve(&game, None, &Silent).unwrap();
        assert_eq!(got.len(), space.size());
        for i in 0..space.size() {
            let o = got.get(&game, &i).unwrap();
            assert_eq!(o, want.get(i as usize), "2^{log2n} positions, seed {seed}: position {i}");
            by_value[o.value().index()] += 1;
        }
        assert_eq!(got.counts(), want.counts());
        if remote {
            for i in 0..space.size() {
                if let Some(r) = space.terminal(i).and_then(|t| t.remoteness()) {
                    remote_terminals[r as usize] += 1;
                }
            }
        }
    }
    eprintln!("terminal positions by remoteness 0..=3 in the remote spaces: {remote_terminals:?}");
    assert!(remote_terminals.iter().all(|&n| n > 100), "{remote_terminals:?}");
    eprintln!(
        "dense vs solve_space: win {} lose {} tie {} draw {}",
        by_value[0], by_value[1], by_value[2], by_value[3]
    );
    assert!(by_value.iter().all(|&n| n > 0), "{by_value:?}");
}

#[test]
fn memory_estimate_refuses_before_starting() {
    let space = Synthetic::new(12, 7);
    let game = SyntheticGame(&space);
    let estimate = dense::estimate(&game, None);
    assert_eq!(estimate.positions, 4096);
    let err = dense::solve(&game, Some(estimate.total() - 1), &Silent).err().expect("refused");
    let text = err.to_string();
    assert!(text.contains("over the memory limit"), "{text}");
    assert!(dense::solve(&game, Some(estimate.total()), &Silent).is_ok());
}

/// A pile of up to 3 counters (take 1) with a dense index but no predecessors.
struct NoBackward;

impl nimber_engine::Game for NoBackward {
    type Position = u64;
    fn kind(&self) -> nimber_engine::Kind {
        nimber_engine::Kind::Impartial
    }
    fn start(&self) -> u64 {
        3
    }
    fn moves(&self, &n: &u64) -> Vec<nimber_engine::Move<u64>> {
        (n > 0).then(|| nimber_engine::Move::new("-1", n - 1)).into_iter().collect()
    }
}

impl nimber_engine::table::Indexed for NoBackward {
    fn size(&self) -> u64 {
        4
    }
    fn rank(&self, &n: &u64) -> u64 {
        n
    }
    fn unrank(&self, slot: u64) -> Option<u64> {
        (slot < 4).then_some(slot)
    }
    fn index_scheme(&self) -> String {
        "no-backward-v1".into()
    }
}

impl nimber_engine::table::plumbing::SlotMoves for NoBackward {}

/// An indexed game that does not give its predecessors is refused with an error before any work
/// (the dense solver finds moves into a position only through them), by both entry points.
#[test]
fn an_indexed_game_without_predecessors_is_refused() {
    let err = dense::solve(&NoBackward, None, &Silent).err().expect("refused");
    assert!(matches!(err, nimber_engine::Error::Unsupported(_)), "{err}");
    assert!(err.to_string().contains("no predecessors"), "{err}");
    let dir = std::env::temp_dir().join(format!("nimber-nobackward-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let options = nimber_engine::store::checkpoint::CheckpointOptions::new(
        dir.join("x.ckpt"),
        &nimber_engine::GameId::new("nobackward", Vec::new()),
    );
    let err = nimber_engine::store::checkpoint::solve_dense(&NoBackward, None, &options, &Silent)
        .err()
        .expect("refused");
    assert!(matches!(err, nimber_engine::Error::Unsupported(_)), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
