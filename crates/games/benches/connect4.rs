//! The strong solve of Connect Four 6 wide and 5 high over its dense index (the profile index,
//! one class per pair of mirror images, one byte per class while solving), with wall time and
//! peak memory.
//!
//! Run with `cargo bench -p nimber-games --bench connect4` (`NIMBER_BENCH_THREADS` sets the
//! number of threads; `NIMBER_BENCH_BOARD=5x4` solves another board, given as width x height).
//! Prints the memory estimate before the solve and once the reachable classes are counted, the
//! classes and the positions they stand for (a board and its mirror image, once when they are the
//! same), the value of the empty board, the positions by value, and the time and peak resident
//! memory after each phase. Fails unless the positions and the value are John Tromp's (6 wide, 5
//! high: 2,818,972,642 positions reachable from the empty board, play stopping at a win; a draw,
//! a tie here: the board fills up).

mod common;

use common::{cpu_seconds, mib, print_totals, threads, Phases};
use nimber_engine::memory::peak_memory;
use nimber_engine::table::dense::estimate;
use nimber_engine::table::Indexed;
use nimber_engine::{Game, Notation, Progress, Value};
use nimber_games::connect4::{ConnectFour, TROMP_COUNTS};
use rayon::prelude::*;

fn main() {
    let board = std::env::var("NIMBER_BENCH_BOARD").unwrap_or_else(|_| "6x5".into());
    let (w, h) = board
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .expect("NIMBER_BENCH_BOARD is width x height, such as 6x5");
    let threads = threads();
    let game = ConnectFour::new(w, h).expect("a board that fits");
    println!("connect4 {w} wide, {h} high benchmark: threads {threads}, index {}", game.index_scheme());
    println!("estimate before starting: {}", estimate(&game, None).describe());
    let phases = Phases::new();
    let solution = nimber_engine::table::dense::solve(&game, None, &phases).expect("the solve fits");
    let wall = phases.start.elapsed().as_secs_f64();
    phases.phase("counting positions", None);
    println!("estimate with the classes counted: {}", estimate(&game, Some(solution.len())).describe());
    // A class stands for a board and its mirror image: two positions unless they are the same.
    let classes = solution.len();
    const CHUNK: u64 = 1 << 20;
    let positions: u64 = (0..classes.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let first = c * CHUNK;
            let mut n = 0;
            solution.set().for_each_from(first, CHUNK.min(classes - first) as usize, |_, slot| {
                let b = game.unrank(slot).expect("a reachable slot is a board");
                n += if game.mirrored(b) == b { 1 } else { 2 };
            });
            n
        })
        .sum();
    phases.phase("done", None);
    let start = solution.get(&game, &game.start()).expect("the start is reachable");
    println!("reachable classes: {classes}, positions: {positions}");
    println!("start: {} {start}", game.format(&game.start()));
    print_totals(&solution.counts());
    println!(
        "wall time of the solve: {wall:.2} s, cpu {:.2} s, peak memory {}",
        cpu_seconds(),
        mib(peak_memory())
    );
    if let Some(&(_, _, count)) = TROMP_COUNTS.iter().find(|t| (t.0, t.1) == (w, h)) {
        assert_eq!(positions, count, "Tromp's count for {w} wide, {h} high");
        println!("Tromp's count: confirmed");
    }
    // Tromp's draws: 4 wide and 4 high, 5x4, 4x5, 5x5 and 6x5.
    if [(4, 4), (5, 4), (4, 5), (5, 5), (6, 5)].contains(&(w, h)) {
        assert_eq!(start.value(), Value::Tie, "a draw (a tie: the board fills up)");
        println!("the draw: confirmed");
    }
}
