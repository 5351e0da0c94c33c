//! The synthetic game of the retrograde benchmark, at small sizes: its predecessor formula is
//! consistent with its moves, and the dense `solve_space` path, the generic `Game` path (both
//! predecessor modes) and the naive reference solver give the same outcomes.

use crate::naive;
use crate::synthetic;
use crate::synthetic_game;

use nimber_engine::solve::memo;
use nimber_engine::solve::retrograde::{
    self, max_remoteness, solve_space, word_outcome, Init, Predecessors, RetroSpace, Rounds,
};
use nimber_engine::{Error, Game, Outcome, Silent};

use naive::naive_solve;
use synthetic::{Synthetic, MAX_MOVES};
use synthetic_game::SyntheticGame;

const SEED: u64 = 0x6e69_6d62_6572; // "nimber"

/// Explicit successor lists and declared values, for the naive solver.
fn explicit(space: &Synthetic) -> (Vec<Vec<usize>>, Vec<Option<Outcome>>) {
    let n = space.size();
    let succ =
        (0..n).map(|i| (0..space.degree(i)).map(|k| space.successor(i, k) as usize).collect()).collect();
    let terminal = (0..n).map(|i| space.terminal(i)).collect();
    (succ, terminal)
}

/// The moves and the predecessor formula describe the same edges, each once; declared
/// terminals have no moves and are never reported.
fn check_predecessors(space: &Synthetic, log2n: u32) {
    let n = space.size();
    let mut forward: Vec<(u64, u64)> = Vec::new();
    let mut backward: Vec<(u64, u64)> = Vec::new();
    for i in 0..n {
        for k in 0..MAX_MOVES {
            let j = space.successor(i, k);
            assert_eq!(space.predecessor(j, k), i, "log2n {log2n}: move {k} of {i} is not inverted");
        }
        match space.init(i) {
            Init::Terminal(_) => assert_eq!(space.degree(i), 0),
            Init::Moves(m) => assert_eq!(m as usize, space.degree(i)),
            Init::Decided(_) => unreachable!("the synthetic space counts every move"),
        }
        forward.extend((0..space.degree(i)).map(|k| (i, space.successor(i, k))));
        space.for_each_predecessor(i, |p| {
            assert!(space.terminal(p).is_none(), "log2n {log2n}: terminal {p} reported as a predecessor");
            backward.push((p, i));
        });
    }
    forward.sort_unstable();
    backward.sort_unstable();
    assert_eq!(forward.len(), backward.len(), "log2n {log2n}: number of moves");
    assert!(forward == backward, "log2n {log2n}: predecessors do not match the moves");
}

fn value_counts(outcomes: &[Outcome]) -> [u64; 4] {
    let mut counts = [0u64; 4];
    for o in outcomes {
        counts[o.value().index()] += 1;
    }
    counts
}

#[test]
fn synthetic_space_matches_generic_path_and_naive() {
    let mut positions = 0u64;
    let mut generic_positions = 0u64;
    let mut words_checked = [0u64; 2];
    for (log2n, remote) in
        [(10, false), (12, false), (14, false), (16, false), (18, false), (10, true), (14, true)]
    {
        let space = if remote {
            Synthetic::with_remote_terminals(log2n, SEED + 1000 + log2n as u64)
        } else {
            Synthetic::new(log2n, SEED + log2n as u64)
        };
        let n = space.size() as usize;
        positions += n as u64;
        check_predecessors(&space, log2n);

        let (succ, terminal) = explicit(&space);
        let expected = naive_solve(&succ, &terminal);
        let counts = value_counts(&expected);
        eprintln!(
            "synthetic 2^{log2n} (remote terminals: {remote}): {n} positions, win/lose/tie/draw {counts:?}"
        );
        assert!(counts.iter().all(|&c| c * 100 >= n as u64), "log2n {log2n}: unbalanced values {counts:?}");

        let table = solve_space(&space, &Silent).unwrap();
        assert_eq!(table.len(), n);
        for (i, want) in expected.iter().enumerate() {
            assert_eq!(table.get(i), *want, "log2n {log2n}: solve_space, position {i}");
        }

        // Words of 16 and of 8 bits: the same outcomes where the remoteness fits the word, and
        // an error (never a wrong value) where it does not.
        let longest = expected.iter().filter_map(|o| o.remoteness()).max().unwrap_or(0);
        for bits in [8u32, 16] {
            let outcomes: Result<Vec<Outcome>, Error> = match bits {
                8 => Rounds::<_, u8>::new(&space)
                    .words(&Silent)
                    .map(|w| w.into_iter().map(word_outcome).collect()),
                _ => Rounds::<_, u16>::new(&space)
                    .words(&Silent)
                    .map(|w| w.into_iter().map(word_outcome).collect()),
            };
            match outcomes {
                Ok(outcomes) => {
                    assert!(
                        longest <= max_remoteness(bits),
                        "log2n {log2n}: {bits} bits, remoteness {longest}"
                    );
                    assert!(outcomes == expected, "log2n {log2n}: {bits}-bit words");
                    words_checked[(bits / 8 - 1) as usize] += n as u64;
                }
                Err(Error::TooLarge(_)) => {
                    assert!(
                        longest > max_remoteness(bits),
                        "log2n {log2n}: {bits} bits refused remoteness {longest}"
                    )
                }
                Err(e) => panic!("log2n {log2n}: {bits}-bit words: {e}"),
            }
        }

        if log2n <= 16 {
            generic_positions += n as u64;
            let game = SyntheticGame(&space);
            let roots = game.roots();
            for mode in [Predecessors::Auto, Predecessors::ReverseGraph] {
                let solution = retrograde::solve(&game, &roots, mode, &Silent).unwrap();
                assert_eq!(solution.len(), n, "log2n {log2n}: {mode:?} coverage");
                for (i, want) in expected.iter().enumerate() {
                    assert_eq!(
                        solution.get(&(i as u64)),
                        Some(*want),
                        "log2n {log2n}: {mode:?}, position {i}"
                    );
                }
            }
            assert!(
                matches!(memo::solve(&game, &roots, &Silent), Err(Error::Cycle(_))),
                "log2n {log2n}: memo"
            );
        }
    }
    eprintln!("synthetic: {positions} positions against solve_space, {generic_positions} also through the generic path; with 8-bit and 16-bit words {words_checked:?}");
    assert!(words_checked[0] >= 1 << 12 && words_checked[1] == positions, "{words_checked:?}");
    assert_eq!(positions, 2 * (1 << 10) + (1 << 12) + 2 * (1 << 14) + (1 << 16) + (1 << 18));
    assert_eq!(generic_positions, 2 * (1 << 10) + (1 << 12) + 2 * (1 << 14) + (1 << 16));
}
