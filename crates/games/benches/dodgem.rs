//! The strong solve of 5x5 Dodgem over its dense index, with wall time and peak memory.
//!
//! Run with `cargo bench -p nimber-games --bench dodgem` (`NIMBER_BENCH_THREADS` sets the number
//! of threads). Prints the reachable positions from the start, the value of the start (a draw:
//! D. des Jardins, 1996), the positions by value with the longest remoteness, and the time and
//! peak resident memory after each phase. Fails when a result differs from the one recorded in
//! the game's help (the start a draw; 164,338,619 positions: 66,615,688 won, 45,019,609 lost,
//! 52,703,322 drawn). With `NIMBER_BENCH_MIRROR=1` it solves over the mirror index instead (a
//! position and its mirror image as one class: `nimber solve dodgem -p n=5 -p mirror=1`) and
//! asserts the draw and the 120,020,062 classes reachable. With `NIMBER_BENCH_SOLVER=lean` it
//! solves the mirror index with the lean solver (`nimber solve dodgem -p n=5 -p mirror=1
//! --solver lean`: every one of its 120,030,201 slots, two bits each in memory), asserts the
//! draw and the counts by value, then solves the plain index densely in the same process (the
//! solve of `nimber solve dodgem -p n=5`) and prints the ratios of wall time and peak memory;
//! issue 15 wants at most 0.5 of each.

mod common;
#[path = "../tests/published/mod.rs"]
mod published;

use common::{cpu_seconds, mib, print_totals, threads, Phases};
use nimber_engine::memory::peak_memory;
use nimber_engine::table::dense::estimate;
use nimber_engine::{Game, Notation, Progress};
use published::{dodgem5, solve_dodgem5, DodgemFacts};

fn main() {
    if std::env::var("NIMBER_BENCH_SOLVER").is_ok_and(|s| s == "lean") {
        return lean();
    }
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
    let solution = nimber_engine::table::dense::solve(&game, None, &phases).expect("the solve fits");
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

/// The lean solve of the mirror index, then the dense solve of the plain index, side by side.
/// Peak memory is the process's (VmHWM), so the lean solve, the smaller, runs first.
fn lean() {
    use nimber_engine::table::lean;
    use nimber_engine::table::Indexed;
    use nimber_engine::{Outcome, Value};
    let threads = threads();
    let game = dodgem5().with_mirror(true);
    println!("dodgem 5x5 benchmark, lean solve of the mirror index: threads {threads}");
    println!("estimate before starting: {}", mib(Some(lean::estimate_bytes(Indexed::size(&game)))));
    let phases = Phases::new();
    let solution = lean::solve(&game, None, None, &phases).expect("solved");
    let wall = phases.start.elapsed().as_secs_f64();
    let peak = peak_memory();
    phases.phase("done", None);
    let slot = game.rank(&game.start());
    let start = solution.group(slot >> solution.group_bits()).expect("read back").get(slot);
    println!("positions: {}", solution.positions());
    println!("start: {} {start:?}", game.format(&game.start()));
    print_totals(solution.counts());
    println!("lean wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak));
    assert_eq!(start, Some(Outcome::DRAW));
    assert_eq!(solution.positions(), 120_030_201);
    let by_value = |v: Value| solution.counts().iter().filter(|r| r.value == v).map(|r| r.count).sum::<u64>();
    assert_eq!(
        [Value::Win, Value::Lose, Value::Draw].map(by_value),
        [46_485_685, 30_716_604, 42_827_912],
        "lean positions won, lost and drawn"
    );
    drop(solution);

    println!("dense solve of the plain index, the reference:");
    let phases = Phases::new();
    let dense = solve_dodgem5(&phases);
    let dense_wall = phases.start.elapsed().as_secs_f64();
    let dense_peak = peak_memory();
    phases.phase("done", None);
    DodgemFacts::of(&dense).check();
    println!("dense wall time: {dense_wall:.2} s, peak memory {}", mib(dense_peak));
    if let (Some(lean_peak), Some(dense_peak)) = (peak, dense_peak) {
        println!(
            "lean/dense: wall time {:.2}, peak memory {:.2} (issue 15: at most 0.5 each)",
            wall / dense_wall,
            lean_peak as f64 / dense_peak as f64
        );
    }
}
