//! What the full-solve benchmarks share: a progress printer with wall time, processor time and
//! peak memory per phase, and the thread count from `NIMBER_BENCH_THREADS`.

use std::sync::Mutex;
use std::time::Instant;

use nimber_engine::memory::peak_memory;
use nimber_engine::{CountRow, Progress, Value};

/// Prints each phase with the time since the start, the processor time of the phase before it
/// (all threads: on a busy machine it shows the work where wall time shows the wait) and the peak
/// memory so far.
pub struct Phases {
    pub start: Instant,
    last: Mutex<(Instant, f64)>,
}

impl Phases {
    /// Starts the clock.
    pub fn new() -> Phases {
        Phases { start: Instant::now(), last: Mutex::new((Instant::now(), cpu_seconds())) }
    }
}

/// Processor time of this process so far in seconds (Linux `/proc/self/stat`: user and system
/// time in clock ticks of 10 ms), when it can be read.
pub fn cpu_seconds() -> f64 {
    let Ok(text) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // The fields after the command name (which is in parentheses and may hold spaces).
    let fields: Vec<&str> = text.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |n: usize| fields.get(n).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

pub fn mib(bytes: Option<u64>) -> String {
    bytes.map_or("?".into(), |b| format!("{:.0} MiB", b as f64 / (1u64 << 20) as f64))
}

impl Progress for Phases {
    fn phase(&self, name: &str, _total: Option<u64>) {
        let mut last = self.last.lock().unwrap();
        let cpu = cpu_seconds();
        println!(
            "  [{:>8.2} s, previous phase {:>7.2} s (cpu {:>7.2} s), peak {}] {name}",
            self.start.elapsed().as_secs_f64(),
            last.0.elapsed().as_secs_f64(),
            cpu - last.1,
            mib(peak_memory())
        );
        *last = (Instant::now(), cpu);
    }

    fn note(&self, message: &str) {
        println!("  note: {message}");
    }
}

/// Sets the number of threads from `NIMBER_BENCH_THREADS` (default: one per core) and returns it.
pub fn threads() -> usize {
    let threads: usize = std::env::var("NIMBER_BENCH_THREADS").ok().and_then(|t| t.parse().ok()).unwrap_or(0);
    if threads > 0 {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build_global().expect("thread pool");
    }
    rayon::current_num_threads()
}

/// Prints the positions of each value with the longest remoteness among them; returns the
/// positions of each value (in the order of [`Value::ALL`]).
pub fn print_totals(counts: &[CountRow]) -> [u64; 4] {
    let mut totals = [0u64; 4];
    let mut longest = [0u32; 4];
    for row in counts {
        totals[row.value.index()] += row.count;
        longest[row.value.index()] = longest[row.value.index()].max(row.remoteness.unwrap_or(0));
    }
    for v in Value::ALL {
        println!("  {v:<5} {:>12} (longest {})", totals[v.index()], longest[v.index()]);
    }
    totals
}
