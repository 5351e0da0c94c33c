//! The full strong solve of Dōbutsu shōgi over its dense index, with wall time and peak memory.
//!
//! Run with `cargo bench -p nimber-games --bench dobutsu`. Environment variables:
//!
//! - `NIMBER_BENCH_THREADS`: number of threads (default: one per core);
//! - `NIMBER_BENCH_PHASE`: `reachable` stops after counting the reachable positions;
//! - `NIMBER_BENCH_SOLVER`: `lean` solves every live position with the lean solver
//!   (`nimber_engine::table::lean`, two bits per slot) over the live index (`DobutsuLive`)
//!   instead, and checks the start and Cb3xb2 against Tanaka.
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
use nimber_engine::memory::peak_memory;
use nimber_engine::table::dense;
use nimber_engine::table::dense::estimate;
use nimber_engine::{Game, Notation, Progress};
use nimber_games::dobutsu::{Dobutsu, REACHABLE};
use published::{solve_dobutsu, DobutsuFacts};

fn main() {
    let threads = threads();
    let only_reachable = std::env::var("NIMBER_BENCH_PHASE").is_ok_and(|p| p == "reachable");
    let game = Dobutsu;
    println!("dobutsu benchmark: threads {threads}");
    let phases = Phases::new();
    if std::env::var("NIMBER_BENCH_SOLVER").is_ok_and(|s| s == "lean") {
        lean(&phases);
        return;
    }
    println!("estimate before starting: {}", estimate(&game, None).describe());
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

/// The lean solve over the live index: every live position (reachable or not), two bits each in
/// memory. Checks the start (lost in 78) and Cb3xb2 (Gote wins in 75) against Tanaka.
fn lean(phases: &Phases) {
    use nimber_engine::table::lean;
    use nimber_engine::table::Indexed;
    use nimber_engine::{Outcome, Value};
    use nimber_games::dobutsu::DobutsuLive;
    let live = DobutsuLive;
    println!(
        "lean solve, live index: {} slots; memory estimate {}",
        live.size(),
        mib(Some(lean::estimate_bytes(live.size())))
    );
    let solution = lean::solve(&live, None, None, phases).expect("solved");
    let wall = phases.start.elapsed().as_secs_f64();
    phases.phase("done", None);
    let outcome = |pos| {
        let slot = live.rank(&pos);
        solution.group(slot >> solution.group_bits()).expect("read back").get(slot)
    };
    let start = outcome(live.start());
    let takes = live.moves(&live.start()).into_iter().find(|m| m.label == "Cb3xb2").expect("Cb3xb2");
    let after_takes = outcome(takes.to);
    println!("live positions: {}", solution.positions());
    println!("start: {start:?}; after Cb3xb2: {after_takes:?} (for Gote, to move)");
    print_totals(solution.counts());
    println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
    assert_eq!(start, Some(Outcome::new(Value::Lose, 78)));
    assert_eq!(after_takes, Some(Outcome::new(Value::Win, 75)));
}
