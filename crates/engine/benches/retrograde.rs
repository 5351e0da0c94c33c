//! Benchmark of parallel retrograde analysis on a large synthetic cyclic game, given directly as
//! a dense `RetroSpace` whose predecessors are computed from an invertible move formula (no hash
//! map, no stored reverse graph). See `tests/common/synthetic.rs` for the game.
//!
//! Run with `cargo bench -p nimber-engine --bench retrograde`. Environment variables:
//!
//! - `NIMBER_BENCH_LOG2N`: log2 of the number of positions (default 24: 16.7M positions);
//! - `NIMBER_BENCH_THREADS`: number of threads (default: rayon's default, one per core);
//! - `NIMBER_BENCH_VERIFY`: `0` skips the check that every solved position agrees with its
//!   moves (default: check);
//! - `NIMBER_BENCH_REPEAT`: solve this many times and report the fastest (default 1);
//! - `NIMBER_BENCH_SEED`: the game's seed.
//!
//! For scale, the same run measures independent random 8-byte reads per second, over a table
//! the size of the solver's state (one u32 per position) and over one of at least 1 GiB (best of
//! 3 measurements each), and prints the ratio of the solver's moves per second to each.

#[path = "../tests/common/synthetic.rs"]
mod synthetic;

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use nimber_engine::solve::retrograde::{solve_space, RetroSpace};
use nimber_engine::{Outcome, OutcomeTable, Progress, Value};
use rayon::prelude::*;

use synthetic::{mix, Synthetic};

fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text.trim().parse().unwrap_or_else(|_| panic!("{name}={text}: not a number")),
        Err(_) => default,
    }
}

/// Records how long each phase of the solver takes, and how much progress it reports.
struct PhaseTimer {
    phases: Mutex<Vec<(String, Instant)>>,
    updates: AtomicU64,
    units: AtomicU64,
    done: Mutex<Vec<(String, Duration, u64, u64)>>,
}

impl PhaseTimer {
    fn new() -> PhaseTimer {
        PhaseTimer {
            phases: Mutex::new(Vec::new()),
            updates: AtomicU64::new(0),
            units: AtomicU64::new(0),
            done: Mutex::new(Vec::new()),
        }
    }

    fn close(&self) {
        let mut phases = self.phases.lock().unwrap();
        if let Some((name, start)) = phases.pop() {
            let updates = self.updates.swap(0, Ordering::Relaxed);
            let units = self.units.swap(0, Ordering::Relaxed);
            self.done.lock().unwrap().push((name, start.elapsed(), updates, units));
        }
    }
}

impl Progress for PhaseTimer {
    fn phase(&self, name: &str, _total: Option<u64>) {
        self.close();
        self.phases.lock().unwrap().push((name.to_string(), Instant::now()));
    }

    fn advance(&self, n: u64) {
        self.updates.fetch_add(1, Ordering::Relaxed);
        self.units.fetch_add(n, Ordering::Relaxed);
    }
}

/// Independent random 8-byte reads per second over a table of `entries` u64s (filled first, so
/// that every page is really there), `reads` reads spread over the threads; the best of 3
/// measurements, since the machine may be busy.
fn random_reads_per_second(entries: usize, reads: u64) -> f64 {
    assert!(entries.is_power_of_two());
    let mut table = vec![0u64; entries];
    table.par_iter_mut().enumerate().for_each(|(i, x)| *x = mix(i as u64));
    let mask = entries as u64 - 1;
    let read = |range: std::ops::Range<u64>| -> u64 {
        (range.start as usize..range.end as usize)
            .into_par_iter()
            .with_min_len(1 << 14)
            .map(|i| table[(mix(i as u64) & mask) as usize])
            .reduce(|| 0, |a, b| a ^ b)
    };
    black_box(read(0..reads / 8)); // warm-up
    (1..=3)
        .map(|round| {
            let start = Instant::now();
            black_box(read(round * reads..(round + 1) * reads));
            reads as f64 / start.elapsed().as_secs_f64()
        })
        .fold(0.0, f64::max)
}

/// Checks that every position's outcome is the best its moves give (and terminal positions have
/// their declared outcome); returns the number of positions that disagree.
fn verify(space: &Synthetic, table: &OutcomeTable) -> u64 {
    (0..space.size() as usize)
        .into_par_iter()
        .with_min_len(1 << 12)
        .filter(|&i| {
            let i = i as u64;
            let want = match space.terminal(i) {
                Some(t) => t,
                None => (0..space.degree(i))
                    .map(|k| table.get(space.successor(i, k) as usize).for_mover())
                    .max_by(|a, b| a.preference_cmp(*b))
                    .unwrap_or(Outcome::new(Value::Lose, 0)),
            };
            table.get(i as usize) != want
        })
        .count() as u64
}

fn main() {
    // `cargo bench` passes `--bench`; with harness = false there is nothing else to parse.
    let log2n = env_u64("NIMBER_BENCH_LOG2N", 24) as u32;
    let threads = env_u64("NIMBER_BENCH_THREADS", 0) as usize;
    let check = env_u64("NIMBER_BENCH_VERIFY", 1) != 0;
    let seed = env_u64("NIMBER_BENCH_SEED", 0x6e69_6d62_6572);
    let repeat = env_u64("NIMBER_BENCH_REPEAT", 1).max(1);
    if threads > 0 {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build_global().expect("thread pool");
    }

    let space = Synthetic::new(log2n, seed);
    let n = space.len();
    let moves: u64 =
        (0..n as usize).into_par_iter().with_min_len(1 << 12).map(|i| space.degree(i as u64) as u64).sum();
    println!("retrograde benchmark: synthetic cyclic game, seed {seed:#x}");
    println!("threads: {}", rayon::current_num_threads());
    println!("N = 2^{log2n} = {n} positions, {moves} moves ({:.2} per position)", moves as f64 / n as f64);

    let mut best: Option<(f64, OutcomeTable, PhaseTimer)> = None;
    for run in 1..=repeat {
        let timer = PhaseTimer::new();
        let start = Instant::now();
        let table = solve_space(&space, &timer).expect("solve");
        let wall = start.elapsed().as_secs_f64();
        timer.close();
        if repeat > 1 {
            println!("run {run}: {wall:.3} s");
        }
        if !matches!(&best, Some((w, _, _)) if *w <= wall) {
            best = Some((wall, table, timer));
        }
    }
    let (wall, table, timer) = best.expect("at least one run");
    for (name, time, updates, units) in timer.done.lock().unwrap().iter() {
        println!(
            "  phase {name:<28} {:>8.3} s  ({updates} progress updates, {units} units)",
            time.as_secs_f64()
        );
    }
    let positions_per_s = n as f64 / wall;
    let moves_per_s = moves as f64 / wall;
    println!("wall time: {wall:.3} s{}", if repeat > 1 { " (fastest run)" } else { "" });
    println!("positions/s: {positions_per_s:.4e}");
    println!("moves/s: {moves_per_s:.4e}");

    let mut by_value = [0u64; 4];
    let mut max_remoteness = [0u32; 4];
    for o in table.iter() {
        let v = o.value().index();
        by_value[v] += 1;
        max_remoteness[v] = max_remoteness[v].max(o.remoteness().unwrap_or(0));
    }
    for value in Value::ALL {
        let v = value.index();
        let rem = if value == Value::Draw {
            String::new()
        } else {
            format!(" (max remoteness {})", max_remoteness[v])
        };
        println!("  {value:<5} {:>12} positions{rem}", by_value[v]);
    }
    assert!(by_value.iter().all(|&c| c > 0), "the game should have every value: {by_value:?}");

    if check {
        let start = Instant::now();
        let wrong = verify(&space, &table);
        println!(
            "verified every position against its moves in {:.3} s: {wrong} disagree",
            start.elapsed().as_secs_f64()
        );
        assert_eq!(wrong, 0, "solved positions disagree with their moves");
    }
    drop(table);

    // Random-read references: the solver's state is one u32 per position.
    let state_bytes = 4 * n as usize;
    let reads = moves.max(1 << 24);
    let mut references = vec![state_bytes.max(1 << 16)];
    if state_bytes < 1 << 30 {
        references.push(1 << 30);
    }
    for bytes in references {
        let rate = random_reads_per_second(bytes / 8, reads);
        let label = if bytes == state_bytes { "the solver's state size" } else { "at least 1 GiB" };
        let mib = bytes as f64 / (1 << 20) as f64;
        println!("random 8-byte reads/s over a table of {mib} MiB ({label}): {rate:.4e}");
        println!("moves/s / random reads/s = {:.3}   (table of {mib} MiB)", moves_per_s / rate);
    }
}
