//! The strong solve of 5x5 Dodgem over its dense index, with wall time and peak memory.
//!
//! Run with `cargo bench -p nimber-games --bench dodgem` (`NIMBER_BENCH_THREADS` sets the number
//! of threads). Prints the reachable positions from the start, the value of the start (a draw:
//! D. des Jardins, 1996), the positions by value with the longest remoteness, and the time and
//! peak resident memory after each phase. Fails when a result differs from the one recorded in
//! the game's help (the start a draw; 164,338,619 positions: 66,615,688 won, 45,019,609 lost,
//! 52,703,322 drawn).

mod common;

use common::{cpu_seconds, mib, print_totals, threads, Phases};
use nimber_engine::dense::{self, estimate, peak_memory};
use nimber_engine::{Game, Progress, Value};
use nimber_games::dodgem::{Dodgem, REACHABLE};

fn main() {
    let threads = threads();
    let game = Dodgem::new(5).expect("5x5 is a valid size");
    println!("dodgem 5x5 benchmark: threads {threads}");
    println!("estimate before starting: {}", estimate(&game, None).describe());
    let phases = Phases::new();
    let solution = dense::solve(&game, None, &phases).expect("the solve fits");
    let wall = phases.start.elapsed().as_secs_f64();
    phases.phase("done", None);
    println!("reachable positions: {}", solution.len());
    let start = solution.get(&game, &game.start()).expect("the start is reachable");
    println!("start: {} {start}", game.format(&game.start()));
    let totals = print_totals(&solution.counts());
    println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
    assert_eq!(solution.len(), REACHABLE[3]);
    assert_eq!(start.value(), Value::Draw);
    assert_eq!(totals, [66_615_688, 45_019_609, 0, 52_703_322]);
}
