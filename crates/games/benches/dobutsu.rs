//! The full strong solve of Dōbutsu shōgi over its dense index, with wall time and peak memory.
//!
//! Run with `cargo bench -p nimber-games --bench dobutsu`. Environment variables:
//!
//! - `NIMBER_BENCH_THREADS`: number of threads (default: one per core);
//! - `NIMBER_BENCH_PHASE`: `reachable` stops after counting the reachable positions.
//!
//! Prints the reachable count (Tanaka 2009: 246,803,167), the values of the start (lost in 78
//! plies counting the final capture, remoteness 77) and of the position after Sente's chick
//! takes Gote's chick (76 plies from the start), the positions by value,
//! and the time and peak resident memory (VmHWM) after each phase. Fails when a published
//! fact is not reproduced.

mod common;

use common::{cpu_seconds, mib, print_totals, threads, Phases};
use nimber_engine::dense::{self, estimate, peak_memory};
use nimber_engine::{Game, Indexed, Outcome, Progress, Value};
use nimber_games::dobutsu::{Dobutsu, REACHABLE};

fn main() {
    let threads = threads();
    let only_reachable = std::env::var("NIMBER_BENCH_PHASE").is_ok_and(|p| p == "reachable");
    let game = Dobutsu;
    println!("dobutsu benchmark: threads {threads}");
    println!("estimate before starting: {}", estimate(&game, None).describe());
    let phases = Phases::new();
    if only_reachable {
        let set = dense::reachable(&game, &phases).expect("not cancelled");
        let wall = phases.start.elapsed().as_secs_f64();
        phases.phase("done", None);
        println!("reachable positions: {} (Tanaka: {REACHABLE})", set.count());
        println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
        assert_eq!(set.count(), REACHABLE);
        return;
    }
    let solution = dense::solve(&game, None, &phases).expect("the solve fits");
    let wall = phases.start.elapsed().as_secs_f64();
    phases.phase("done", None);
    println!("reachable positions: {} (Tanaka: {REACHABLE})", solution.len());
    let start = solution.get(&game, &game.start()).expect("the start is reachable");
    println!("start: {} {start}", game.format(&game.start()));
    let takes = game.moves(&game.start()).into_iter().find(|m| m.label == "Cb3xb2").expect("Cb3xb2");
    let after = solution.get(&game, &takes.to).expect("reachable");
    println!("after Cb3xb2: {} {after} (for Gote, to move)", game.format(&takes.to));
    let totals = print_totals(&solution.counts());
    println!("wall time: {wall:.2} s, cpu {:.2} s, peak memory {}", cpu_seconds(), mib(peak_memory()));
    println!("solution in memory: {}", mib(Some(solution.bytes())));
    // nimber's remoteness counts the plies to a finished position; Tanaka's counts one more
    // (the capture of the lion, or the reply that fails to stop a try): 77 here is his 78, and
    // Cb3xb2 leaves Gote a win in 74, a loss in 75 for the mover, his 76.
    let start_plies = start.remoteness().unwrap_or(0) + 1;
    let takes_plies = after.for_mover().remoteness().unwrap_or(0) + 1;
    println!("Tanaka's plies: start {start_plies}, Cb3xb2 then best play {takes_plies}");
    assert_eq!(solution.len(), REACHABLE);
    assert_eq!(start, Outcome::new(Value::Lose, 77));
    assert_eq!(after, Outcome::new(Value::Win, 74));
    assert_eq!(totals, [196_773_087, 47_347_380, 0, 2_682_700]);
    let _ = game.size();
}
