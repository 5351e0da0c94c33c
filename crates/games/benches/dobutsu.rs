//! The full strong solve of Dōbutsu shōgi over its dense index, with wall time and peak memory.
//!
//! Run with `cargo bench -p nimber-games --bench dobutsu`. Environment variables:
//!
//! - `NIMBER_BENCH_THREADS`: number of threads (default: one per core);
//! - `NIMBER_BENCH_PHASE`: `reachable` stops after counting the reachable positions.
//!
//! Prints the reachable count (Tanaka 2009: 246,803,167), the values of the start (lost in 78
//! plies) and of the position after Sente's chick takes Gote's chick (76 plies from the start),
//! the positions by value, and the time and peak resident memory (VmHWM) after each phase. Fails
//! when a published fact is not reproduced (the checks of `tests/published/mod.rs`, which the
//! test command runs too).

mod common;
#[path = "../tests/published/mod.rs"]
mod published;

use common::{cpu_seconds, mib, print_totals, threads, Phases};
use nimber_engine::dense::{self, estimate, peak_memory};
use nimber_engine::{Game, Notation, Progress};
use nimber_games::dobutsu::{Dobutsu, REACHABLE};
use published::{solve_dobutsu, DobutsuFacts};

fn main() {
    let threads = threads();
    let only_reachable = std::env::var("NIMBER_BENCH_PHASE").is_ok_and(|p| p == "reachable");
    let game = Dobutsu;
    println!("dobutsu benchmark: threads {threads}");
    println!("estimate before starting: {}", estimate(&game, None).describe());
    let phases = Phases::new();
    if std::env::var("NIMBER_BENCH_SOLVER").is_ok_and(|s| s == "lean") {
        let live = nimber_games::dobutsu::DobutsuLive;
        let solution = nimber_engine::table::lean::solve(&live, None, &phases).expect("solved");
        let wall = phases.start.elapsed().as_secs_f64();
        phases.phase("done", None);
        let start = nimber_engine::Indexed::rank(&live, &game.start());
        let group = solution.group(&live, start >> solution.group_bits()).expect("read back");
        println!("lean: {} positions; start {:?}", solution.positions(), group.get(start));
        print_totals(solution.counts());
        println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
        return;
    }
    if only_reachable {
        let set = dense::reachable(&game, &phases).expect("not cancelled");
        let wall = phases.start.elapsed().as_secs_f64();
        phases.phase("done", None);
        println!("reachable positions: {} (Tanaka: {REACHABLE})", set.count());
        println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
        assert_eq!(set.count(), REACHABLE);
        return;
    }
    let solution = solve_dobutsu(&phases);
    let wall = phases.start.elapsed().as_secs_f64();
    phases.phase("done", None);
    let facts = DobutsuFacts::of(&solution);
    println!("reachable positions: {} (Tanaka: {REACHABLE})", facts.reachable);
    println!("start: {} {}", game.format(&game.start()), facts.start);
    println!("after Cb3xb2: {} (for Gote, to move)", facts.after_takes);
    print_totals(&solution.counts());
    println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
    println!("solution in memory: {}", mib(Some(solution.bytes())));
    facts.check();
}
