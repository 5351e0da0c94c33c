//! The lean solver (`nimber_engine::table::lean`: two bits per slot, no move counters, the
//! rounds spilled to disk) on the synthetic cyclic game of the retrograde benchmark: every slot
//! is a position, and each must get the outcome `solve_space` gives it, remoteness included,
//! with all four values present, also when terminal positions state a remoteness of 0 to 3 (the
//! pending lists: wins after lost terminal positions, losses examined after slowly won ones,
//! ties after tied ones).

#[path = "common/synthetic.rs"]
mod synthetic;
#[path = "common/synthetic_game.rs"]
mod synthetic_game;

use nimber_engine::solve::retrograde::solve_space;
use nimber_engine::table::lean;
use nimber_engine::Silent;

use synthetic::Synthetic;
use synthetic_game::SyntheticGame;

#[test]
fn lean_solver_agrees_with_solve_space() {
    let mut by_value = [0u64; 4];
    let mut compared = 0u64;
    for (log2n, seed, remote) in [
        (8, 1, false),
        (12, 2, false),
        (16, 3, false),
        (20, 8, false),
        (8, 4, true),
        (12, 5, true),
        (16, 6, true),
        (20, 9, true),
    ] {
        let space =
            if remote { Synthetic::with_remote_terminals(log2n, seed) } else { Synthetic::new(log2n, seed) };
        let game = SyntheticGame(&space);
        let want = solve_space(&space, &Silent).unwrap();
        let got = lean::solve(&game, None, None, &Silent).unwrap();
        assert_eq!(got.positions(), space.size());
        assert_eq!(got.counts(), want.counts().as_slice(), "2^{log2n} positions, seed {seed}");
        for g in 0..got.groups() {
            let group = got.group(g).unwrap();
            for i in group.range() {
                let o = group.get(i).expect("no holes");
                assert_eq!(o, want.get(i as usize), "2^{log2n} positions, seed {seed}: position {i}");
                by_value[o.value().index()] += 1;
                compared += 1;
            }
        }
    }
    eprintln!(
        "lean vs solve_space, {compared} positions: win {} lose {} tie {} draw {}",
        by_value[0], by_value[1], by_value[2], by_value[3]
    );
    assert_eq!(compared, 2 * (256 + 4096 + 65536 + (1 << 20)));
    assert!(by_value.iter().all(|&n| n > 0), "{by_value:?}");
}
