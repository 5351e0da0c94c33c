//! Query latency of a stored Dōbutsu shōgi solution (`nimber solve dobutsu [-p index=full] --save
//! FILE`, either index: the bench reads which from the file): the
//! answer to a query (the position and every move from it) read from the file, as `nimber query
//! --db FILE POSITION` gives it.
//!
//! Run with `cargo bench -p nimber-games --bench store_query` after saving the solution to
//! `/tmp/dobutsu.nimberdb` (or set `NIMBER_DB`; the bench says so and stops when the file is
//! missing). Positions are random reachable ones: random games from the start, 0 to 80 plies.
//! Prints median, 99th percentile and maximum of:
//!
//! 1. **fresh process**: a new process per query (this bench run again) opens the file and
//!    answers one query: the open (header, block index) and the query, which includes building
//!    the game's index tables. The file's pages are in the operating system's cache (they cannot
//!    be dropped without privileges): what is cold is the process and the store;
//! 2. **fresh store**: in one process, a new `Store` per query, so that every block is read
//!    from the file and decompressed;
//! 3. **open store**: one `Store` answering query after query, with its cache of recent blocks.
//!
//! Environment: `NIMBER_DB` (the file), `NIMBER_BENCH_QUERIES` (queries in parts 2 and 3,
//! default 2000), `NIMBER_BENCH_PROCESSES` (part 1, default 100).

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use nimber_engine::store::Store;
use nimber_engine::table::Indexed;
use nimber_engine::view::dense::{Dense, DenseStore};
use nimber_engine::{Game, Notation};
use nimber_games::dobutsu::{Dobutsu, DobutsuLive, DobutsuPos};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Random reachable positions: random games from the start.
fn positions(seed: u64, n: usize) -> Vec<String> {
    let game = Dobutsu;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    let mut succ: Vec<DobutsuPos> = Vec::new();
    while out.len() < n {
        let mut p = game.start();
        for _ in 0..rng.gen_range(0..=80) {
            if game.terminal(&p).is_some() {
                break;
            }
            succ.clear();
            game.successors(&p, &mut succ);
            if succ.is_empty() {
                break;
            }
            p = succ[rng.gen_range(0..succ.len())];
        }
        out.push(game.format(&p));
    }
    out
}

fn summary(name: &str, mut micros: Vec<f64>) {
    micros.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| micros[((micros.len() - 1) as f64 * q).round() as usize];
    println!(
        "  {name:<34} median {:>8.1} us   p99 {:>8.1} us   max {:>8.1} us   ({} runs)",
        at(0.5),
        at(0.99),
        micros[micros.len() - 1],
        micros.len()
    );
}

/// The game whose index the store was written over: the live index of a lean solve (the
/// default of `nimber solve dobutsu`) or the full index (`-p index=full`).
fn dense_for(db: &std::path::Path) -> Box<dyn DenseStore> {
    let live = Store::open(db).is_ok_and(|s| s.header().scheme == DobutsuLive.index_scheme());
    if live {
        Box::new(Dense(DobutsuLive))
    } else {
        Box::new(Dense(Dobutsu))
    }
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let db = PathBuf::from(std::env::var("NIMBER_DB").unwrap_or_else(|_| "/tmp/dobutsu.nimberdb".into()));
    let dense = dense_for(&db);
    // A child: one open and one query, timed, on one line.
    if let Ok(position) = std::env::var("NIMBER_BENCH_CHILD") {
        let t = Instant::now();
        let store = Store::open(&db).expect("the store opens");
        let opened = t.elapsed();
        let report = dense.query_store(&store, Some(&position)).expect("the query is answered");
        let total = t.elapsed();
        println!(
            "{} {} {} {}",
            opened.as_secs_f64() * 1e6,
            (total - opened).as_secs_f64() * 1e6,
            total.as_secs_f64() * 1e6,
            store.blocks_read()
        );
        assert!(!report.position.is_empty());
        return;
    }
    if !db.exists() {
        println!(
            "store_query: no file {}: run `nimber solve dobutsu --save {}` first (or set NIMBER_DB)",
            db.display(),
            db.display()
        );
        return;
    }
    let queries = env("NIMBER_BENCH_QUERIES", 2000);
    let processes = env("NIMBER_BENCH_PROCESSES", 100);
    let store = Store::open(&db).expect("the store opens");
    let h = store.header();
    println!(
        "store_query: {} ({} bytes, {:.3} bytes per position; {} positions, {} slots, {} blocks of {} slots)",
        db.display(),
        store.file_len(),
        store.file_len() as f64 / h.positions as f64,
        h.positions,
        h.size,
        h.blocks(),
        h.block_slots
    );
    let texts = positions(7, queries.max(processes));

    // 1. A new process per query.
    let exe = std::env::current_exe().expect("the bench's own path");
    let (mut open, mut query, mut total, mut blocks) = (Vec::new(), Vec::new(), Vec::new(), 0.0);
    for text in texts.iter().take(processes) {
        let out = Command::new(&exe)
            .env("NIMBER_BENCH_CHILD", text)
            .env("NIMBER_DB", &db)
            .output()
            .expect("the bench runs again");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let line = String::from_utf8(out.stdout).unwrap();
        let f: Vec<f64> = line.split_whitespace().map(|x| x.parse().unwrap()).collect();
        open.push(f[0]);
        query.push(f[1]);
        total.push(f[2]);
        blocks += f[3];
    }
    println!("fresh process (open, then one query; {:.1} blocks read per query):", blocks / processes as f64);
    summary("open", open);
    summary("first query", query);
    summary("open and query", total);

    // 2. A new store per query: every block read from the file.
    let (mut times, mut blocks) = (Vec::new(), 0);
    for text in texts.iter().take(queries) {
        let store = Store::open(&db).expect("the store opens");
        let t = Instant::now();
        dense.query_store(&store, Some(text)).expect("the query is answered");
        times.push(t.elapsed().as_secs_f64() * 1e6);
        blocks += store.blocks_read();
    }
    println!("fresh store ({:.1} blocks read per query):", blocks as f64 / queries as f64);
    summary("query", times);

    // 3. One store, query after query.
    let before = store.blocks_read();
    let mut times = Vec::new();
    for text in texts.iter().take(queries) {
        let t = Instant::now();
        dense.query_store(&store, Some(text)).expect("the query is answered");
        times.push(t.elapsed().as_secs_f64() * 1e6);
    }
    println!(
        "open store ({:.1} blocks read per query):",
        (store.blocks_read() - before) as f64 / queries as f64
    );
    summary("query", times);
}
