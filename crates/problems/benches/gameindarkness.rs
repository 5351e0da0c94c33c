//! gameindarkness: the published criterion against the exact search on every tree-shaped field
//! of a board and on every tree-shaped field of up to some number of cells, every placement of
//! `A` and `B`, for as long as a time budget allows.
//!
//! ```text
//! cargo bench -p nimber-problems --bench gameindarkness -- [--budget SECONDS] [--threads N]
//!     [--board RxC | --no-board] [--min-cells N] [--max-cells N] [--limit K] [--library]
//! ```
//!
//! Stages, in order: every tree of the board (`--board`, 5x5 by default; one field per class of
//! the board's symmetries), then every tree-shaped field of `--min-cells` (2) to `--max-cells`
//! (20) cells on any board (free polyominoes whose cells induce a tree, one per class of the
//! square's symmetries), size by size. Each field is checked by
//! `nimber_problems::gameindarkness::survey::check_prediction`: exact on every placement, against
//! the criterion computed per field (`criterion_matrix`; `--library` calls the library's
//! `criterion` on every placement instead, slower; the tests check that both agree). `--limit K`
//! checks only the first K fields of the first stage and stops (a slice, for timing). When the budget
//! (`--budget`, or `NIMBER_BENCH_BUDGET`, in seconds; 3600 by default) runs out the bench stops
//! where it is and prints what it covered completely and what partially. Threads: `--threads`
//! or `NIMBER_BENCH_THREADS`, 2 by default.
//!
//! Measured on a busy machine (times of one core; the machine and the date were not recorded):
//! the 5 x 5 board takes about 4 s, and each further cell about 4.5 times the one before (14
//! cells: 42 s, 15 cells: 204 s); so an hour on 2 cores should reach every field of 16 cells and
//! much of 17 (`-- --budget 3600 --threads 2` prints what it covered); all fields of 20 cells
//! alone would take about 100 hours of one core at that rate.
//!
//! Exit status: 0 when the criterion agreed everywhere; 1 with the counterexamples (as field
//! texts) when it did not; 3 when a search ran out of its budget of pairs (a field left
//! unsettled); 2 on a bad argument.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use nimber_games::gameindarkness::pursuit::DEFAULT_MAX_STATES;
use nimber_problems::gameindarkness::criterion;
use nimber_problems::gameindarkness::survey::{
    canonical_class, check_field, check_prediction, criterion_matrix, grid_symmetries, grid_trees,
    polyomino_trees, Board,
};

/// Totals of a stage.
#[derive(Default)]
struct Totals {
    /// Fields checked, one per class of symmetric fields.
    classes: u64,
    /// Fields covered: the classes with all their members.
    fields: u64,
    /// Placements checked (on the fields checked).
    placements: u64,
    /// Placements covered (on all the fields covered).
    covered: u64,
    /// Of those, won by Bob.
    bob_wins: u64,
    /// Pairs (Alice's cell, Bob's set) explored.
    states: u64,
    /// Fields that needed the full solve.
    fallbacks: u64,
    /// Fields (classes) without a junction, and of those the ones where Alice has, from each
    /// cell, one walk that catches Bob wherever he starts.
    junction_free: u64,
    blind_sweeps: u64,
    /// Placements where the criterion is wrong, as field texts.
    wrong: Vec<String>,
    /// Fields a search could not settle within its budget, with the message.
    unsettled: Vec<String>,
}

impl Totals {
    fn add(&mut self, other: Totals) {
        self.classes += other.classes;
        self.fields += other.fields;
        self.placements += other.placements;
        self.covered += other.covered;
        self.bob_wins += other.bob_wins;
        self.states += other.states;
        self.fallbacks += other.fallbacks;
        self.junction_free += other.junction_free;
        self.blind_sweeps += other.blind_sweeps;
        self.wrong.extend(other.wrong);
        self.unsettled.extend(other.unsettled);
    }
}

/// Runs one stage on `threads` threads: `generate` calls its argument with each field and the
/// size of its class, and stops when it returns false. Returns the totals and whether the stage
/// was completed within the deadline.
fn stage(
    library: bool,
    threads: usize,
    deadline: Instant,
    limit: u64,
    generate: impl FnOnce(&mut dyn FnMut(Board, usize) -> bool) -> bool + Send,
) -> (Totals, bool) {
    let stop = AtomicBool::new(false);
    let total = Mutex::new(Totals::default());
    let (tx, rx) = mpsc::sync_channel::<Vec<(Board, usize)>>(4 * threads);
    let rx = Mutex::new(rx);
    let generated = std::thread::scope(|s| {
        let producer = s.spawn(|| {
            let mut batch = Vec::with_capacity(64);
            let mut count = 0u64;
            let finished = generate(&mut |board, class| {
                if stop.load(Ordering::Relaxed) || count == limit {
                    return false;
                }
                count += 1;
                batch.push((board, class));
                if batch.len() == 64 {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(64));
                    if tx.send(full).is_err() {
                        return false;
                    }
                }
                true
            });
            if !batch.is_empty() {
                let _ = tx.send(batch);
            }
            drop(tx);
            finished
        });
        for _ in 0..threads {
            s.spawn(|| {
                let mut mine = Totals::default();
                loop {
                    let Ok(batch) = rx.lock().unwrap().recv() else { break };
                    for (board, class) in batch {
                        if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                        let check = if library {
                            check_field(&board, criterion, DEFAULT_MAX_STATES)
                        } else {
                            criterion_matrix(&board).and_then(|predicted| {
                                check_prediction(&board, &predicted, DEFAULT_MAX_STATES)
                            })
                        };
                        match check {
                            Ok(check) => {
                                let class = class as u64;
                                mine.classes += 1;
                                mine.fields += class;
                                mine.placements += check.placements;
                                mine.covered += class * check.placements;
                                mine.bob_wins += class * check.bob_wins;
                                mine.states += check.states;
                                mine.fallbacks += u64::from(check.fallback);
                                mine.junction_free += u64::from(check.junction_free);
                                mine.blind_sweeps += u64::from(check.junction_free && !check.fallback);
                                for (a, b) in check.wrong {
                                    mine.wrong.push(board.text(a, b));
                                }
                            }
                            Err(e) => {
                                let cells = board.cells();
                                mine.unsettled.push(format!("{}{e}", board.text(cells[0], cells[1])));
                            }
                        }
                    }
                    if stop.load(Ordering::Relaxed) {
                        // Drain so that the producer is not blocked.
                        while rx.lock().unwrap().try_recv().is_ok() {}
                    }
                }
                total.lock().unwrap().add(mine);
            });
        }
        producer.join().unwrap()
    });
    let complete = generated && !stop.load(Ordering::Relaxed);
    let total = total.into_inner().unwrap();
    // A field left unsettled is not covered.
    let complete = complete && total.unsettled.is_empty();
    (total, complete)
}

fn report(name: &str, totals: &Totals, complete: bool, seconds: f64) {
    println!(
        "{name}: {} fields ({} up to symmetry), {} placements ({} checked on the representatives), {} won by \
         Bob; {} pairs searched, {} fields needed the full solve; {} without a junction, of which {} swept blind \
         (one walk per start of A catches B wherever he starts); criterion wrong on {}, unsettled {}; {seconds:.1} s{}",
        totals.fields,
        totals.classes,
        totals.covered,
        totals.placements,
        totals.bob_wins,
        totals.states,
        totals.fallbacks,
        totals.junction_free,
        totals.blind_sweeps,
        totals.wrong.len(),
        totals.unsettled.len(),
        if complete { "" } else { " (incomplete: budget, --limit or an unsettled field)" }
    );
}

type Args = (bool, u64, usize, Option<(usize, usize)>, usize, usize, u64);

fn parse_args() -> Result<Args, String> {
    let env = |name: &str| std::env::var(name).ok();
    let mut budget: u64 = env("NIMBER_BENCH_BUDGET")
        .map_or(Ok(3600), |v| v.parse())
        .map_err(|e| format!("NIMBER_BENCH_BUDGET: {e}"))?;
    let mut threads: usize = env("NIMBER_BENCH_THREADS")
        .map_or(Ok(2), |v| v.parse())
        .map_err(|e| format!("NIMBER_BENCH_THREADS: {e}"))?;
    let mut board = Some((5, 5));
    let (mut min_cells, mut max_cells, mut limit) = (2, 20, u64::MAX);
    let mut library = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--bench" => {}
            "--budget" => budget = value("--budget")?.parse().map_err(|e| format!("--budget: {e}"))?,
            "--threads" => threads = value("--threads")?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--min-cells" => {
                min_cells = value("--min-cells")?.parse().map_err(|e| format!("--min-cells: {e}"))?
            }
            "--max-cells" => {
                max_cells = value("--max-cells")?.parse().map_err(|e| format!("--max-cells: {e}"))?
            }
            "--limit" => limit = value("--limit")?.parse().map_err(|e| format!("--limit: {e}"))?,
            "--no-board" => board = None,
            "--library" => library = true,
            "--board" => {
                let v = value("--board")?;
                let (r, c) = v.split_once('x').ok_or(format!("--board {v}: expected RxC"))?;
                let (r, c): (usize, usize) = (
                    r.parse().map_err(|e| format!("--board: {e}"))?,
                    c.parse().map_err(|e| format!("--board: {e}"))?,
                );
                if r < 2 || c < 2 || r * c > 64 {
                    return Err(format!("--board {v}: 2 to 64 cells, at least 2 x 2"));
                }
                board = Some((r, c));
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if threads == 0 || min_cells < 2 || max_cells > 64 {
        return Err("--threads at least 1, cells from 2 to 64".into());
    }
    Ok((library, budget, threads, board, min_cells, max_cells, limit))
}

fn main() -> ExitCode {
    let (library, budget, threads, board, min_cells, max_cells, limit) = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("gameindarkness bench: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let deadline = start + Duration::from_secs(budget);
    println!(
        "gameindarkness: criterion ({}) against the exact search; {threads} threads, budget {budget} s",
        if library { "the library's, per placement" } else { "per field" }
    );
    let mut covered = Vec::new();
    let mut partial = Vec::new();
    let mut all = Totals::default();
    let mut stopped = false;
    if let Some((rows, cols)) = board {
        let t = Instant::now();
        let symmetries = grid_symmetries(rows, cols);
        let (totals, complete) = stage(library, threads, deadline, limit, |visit| {
            grid_trees(rows, cols, &mut |mask| match canonical_class(&symmetries, mask) {
                Some(class) => visit(Board::from_mask(rows, cols, mask), class),
                None => true,
            })
        });
        report(&format!("board {rows}x{cols}"), &totals, complete, t.elapsed().as_secs_f64());
        let what = format!(
            "all trees of {rows}x{cols} ({} fields, {} up to symmetry; {} placements)",
            totals.fields, totals.classes, totals.covered
        );
        if complete {
            covered.push(what);
        } else {
            partial.push(format!(
                "trees of {rows}x{cols}: {} classes, the first ones in enumeration order ({} fields, {} placements)",
                totals.classes, totals.fields, totals.covered
            ));
            stopped = true;
        }
        all.add(totals);
    }
    let mut largest_complete = None;
    let (mut size_fields, mut size_classes, mut size_placements) = (0, 0, 0);
    for cells in min_cells..=max_cells {
        if stopped {
            break;
        }
        let t = Instant::now();
        let (totals, complete) =
            stage(library, threads, deadline, limit, |visit| polyomino_trees(cells, visit));
        report(&format!("{cells} cells"), &totals, complete, t.elapsed().as_secs_f64());
        if complete {
            largest_complete = Some(cells);
            size_fields += totals.fields;
            size_classes += totals.classes;
            size_placements += totals.covered;
        } else {
            partial.push(format!(
                "tree-shaped fields of {cells} cells: {} classes, the first ones in enumeration order ({} fields, {} placements)",
                totals.classes, totals.fields, totals.covered
            ));
            stopped = true;
        }
        all.add(totals);
    }
    if let Some(largest) = largest_complete {
        covered.push(format!(
            "every tree-shaped field of {min_cells} to {largest} cells on any board ({size_fields} fields up to \
             translation, {size_classes} up to symmetry; {size_placements} placements)"
        ));
    }
    println!(
        "covered: {}",
        if covered.is_empty() { "nothing completely".to_string() } else { covered.join("; ") }
    );
    if !partial.is_empty() {
        println!("partially: {}", partial.join("; "));
    }
    println!(
        "total: {} placements checked ({} covered), {} won by Bob, {} pairs searched, {:.1} s",
        all.placements,
        all.covered,
        all.bob_wins,
        all.states,
        start.elapsed().as_secs_f64()
    );
    for text in &all.wrong {
        println!("COUNTEREXAMPLE: the criterion is wrong on\n{text}");
    }
    for text in &all.unsettled {
        println!("UNSETTLED (search budget):\n{text}");
    }
    if !all.wrong.is_empty() {
        ExitCode::from(1)
    } else if !all.unsettled.is_empty() {
        ExitCode::from(3)
    } else {
        println!("counterexamples: none");
        ExitCode::SUCCESS
    }
}
