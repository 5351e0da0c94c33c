//! The strong solve of 5x5 Dodgem over its dense index, with wall time and peak memory.
//!
//! Run with `cargo bench -p nimber-games --bench dodgem` (`NIMBER_BENCH_THREADS` sets the number
//! of threads). Prints the reachable positions from the start, the value of the start (a draw:
//! D. des Jardins, 1996), the positions by value with the longest remoteness, and the time and
//! peak resident memory after each phase. Fails when a result differs from the one recorded in
//! the game's help (the start a draw; 164,338,619 positions: 66,615,688 won, 45,019,609 lost,
//! 52,703,322 drawn). With `NIMBER_BENCH_MIRROR=1` it solves over the mirror index instead (a
//! position and its mirror image as one class: `nimber solve dodgem -p n=5 -p mirror=1`) and
//! asserts the draw and the 120,020,062 classes reachable.

mod common;
#[path = "../tests/published/mod.rs"]
mod published;

use common::{cpu_seconds, mib, print_totals, threads, Phases};
use nimber_engine::dense::{estimate, peak_memory};
use nimber_engine::{Game, Notation, Progress};
use published::{dodgem5, solve_dodgem5, DodgemFacts};

fn main() {
    if std::env::var_os("NIMBER_BENCH_MIRROR").is_some_and(|v| v == "1") {
        return mirror();
    }
    let threads = threads();
    let game = dodgem5();
    println!("dodgem 5x5 benchmark: threads {threads}");
    println!("estimate before starting: {}", estimate(&game, None).describe());
    let phases = Phases::new();
    let solution = solve_dodgem5(&phases);
    let wall = phases.start.elapsed().as_secs_f64();
    phases.phase("done", None);
    let facts = DodgemFacts::of(&solution);
    println!("reachable positions: {}", facts.reachable);
    println!("start: {} {}", game.format(&game.start()), facts.start);
    print_totals(&solution.counts());
    println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
    facts.check();
}

/// The solve over the mirror index.
fn mirror() {
    let threads = threads();
    let game = dodgem5().with_mirror(true);
    println!("dodgem 5x5 benchmark, mirror index: threads {threads}");
    println!("estimate before starting: {}", estimate(&game, None).describe());
    let phases = Phases::new();
    let solution = nimber_engine::dense::solve(&game, None, &phases).expect("the solve fits");
    let wall = phases.start.elapsed().as_secs_f64();
    phases.phase("done", None);
    let start = solution.get(&game, &game.start()).expect("the start is reachable");
    println!("reachable classes: {}", solution.len());
    println!("start: {} {start}", game.format(&game.start()));
    print_totals(&solution.counts());
    println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
    assert_eq!(start, nimber_engine::Outcome::DRAW);
    assert_eq!(Some(solution.len()), nimber_games::dodgem::REACHABLE_CLASSES[3]);
}
