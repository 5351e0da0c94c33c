//! `nimber solve`: solves a game from its start position and shows how its positions divide up.
//! Its cluster mode (`--cluster`, `--local-processes`) is [`cluster`]; its checkpoints, what a
//! stopped solve says and the command that resumes it are [`resume`].

mod cluster;
mod resume;

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nimber_engine::solve::loopy::LoopyNim;
use nimber_engine::solve::SolverChoice;
use nimber_engine::store::files;
use nimber_engine::view::plan::{needs_dense, DenseNeed};
use nimber_engine::{DynGame, Error, SolveOptions, SolveReport, Value};

use crate::args::{parse_size, SolveArgs};
use crate::error::Failure;
use crate::game::{build, misere_game, Built, MISERE_NIM};
use crate::output::{
    self, Align, CountJson, NimCountJson, NimSolveJson, NimStartJson, SolveJson, StartJson, Table,
};
use crate::progress::{self, TerminalProgress};
use crate::targets::{check_save_dir, lock_and_clean};

/// Solves the game and writes the summary (and the dump, when asked).
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.nim && !matches!(args.solver, SolverChoice::Auto | SolverChoice::Grundy | SolverChoice::Loopy) {
        return Err(Failure::msg(format!(
            "--nim computes nim values with the grundy solver; it cannot be combined with --solver {}",
            args.solver.name()
        )));
    }
    if args.misere && (args.nim || matches!(args.solver, SolverChoice::Grundy | SolverChoice::Loopy)) {
        return Err(Failure::msg(MISERE_NIM));
    }
    if args.json && args.dump.as_deref().is_some_and(is_stdout) {
        return Err(Failure::msg(
            "--dump - writes the CSV to standard output, where --json writes too: give --dump a file",
        ));
    }
    if args.exchange_log.is_some() && args.cluster.is_none() && args.local_processes.is_none() {
        return Err(Failure::msg("--exchange-log goes with --cluster or --local-processes"));
    }
    if args.cluster.is_some() || args.local_processes.is_some() {
        // Process 0 writes the dump, opened (and locked) before the solve as below.
        let first = args.local_processes.is_some() || args.process == Some(0);
        let listed = args.dump.as_deref().filter(|_| first);
        let _lock = lock_and_clean(&listed.filter(|p| !is_stdout(p)).into_iter().collect::<Vec<_>>())?;
        let mut dump = listed.map(Dump::create).transpose()?;
        let solved = cluster::solve(args);
        return match solved {
            Ok(Some((built, report, elapsed, shown))) => {
                if let Some(dump) = dump.take() {
                    dump.write(&report)?;
                }
                write_report(args, &built, &report, &shown, elapsed, out)
            }
            Ok(None) => cluster::done_line(args, out),
            Err(e) => {
                if let Some(dump) = dump.take() {
                    dump.discard();
                }
                Err(e)
            }
        };
    }
    let built = build(&args.game)?;
    if built.game.tiered().is_some() {
        return solve_tiers(args, &built, out);
    }
    if args.tiers.is_some() {
        return Err(Failure::msg(format!(
            "--tiers: {} is not solved tier by tier (games that are: morris)",
            built.info().name
        )));
    }
    let misere = if args.misere { Some(misere_game(&built)?) } else { None };
    let game: &dyn DynGame = misere.as_deref().unwrap_or(&*built.game);
    let memory = match &args.memory {
        Some(text) => Some(parse_size(text).map_err(Failure::msg)?),
        None => nimber_engine::memory::default_memory_limit(),
    };
    if let Some(bytes) = memory {
        // The hash-map searches check the process's memory against it as they grow.
        nimber_engine::memory::set_limit(bytes);
    }
    let checkpoint = resume::checkpoint_options(args, &built)?;
    // The files this solve writes: each locked for the whole solve (a second solve of the same
    // file is refused), and the half-written files of dead processes removed.
    let targets: Vec<&Path> = [args.save.as_deref(), checkpoint.as_ref().map(|c| c.path.as_path())]
        .into_iter()
        .chain([args.dump.as_deref().filter(|p| !is_stdout(p))])
        .flatten()
        .collect();
    let _locks = lock_and_clean(&targets)?;
    // Open the dump before solving, so that a bad path fails at once rather than after the work.
    let mut dump = args.dump.as_deref().map(Dump::create).transpose()?;
    let options = SolveOptions {
        solver: args.solver,
        nim: args.nim,
        rows: dump.is_some(),
        memory,
        checkpoint: checkpoint.clone(),
    };

    let saver = match &args.save {
        Some(path) => Some((dense_for_save(&built, args.misere, path)?, path)),
        None => None,
    };
    // What only a dense index gives (the engine says which: the lean solver, checkpoints): a
    // game built for memo search that has a dense index is solved through it.
    let dense_game = match (&saver, needs_dense(&options)) {
        (None, Some(need)) if built.game.dense().is_none() => {
            let flag = match need {
                DenseNeed::Lean => "--solver lean",
                DenseNeed::Checkpoint => "--checkpoint",
            };
            Some(built.dense_for(args.misere, flag, need.why())?)
        }
        _ => None,
    };
    let game: &dyn DynGame = dense_game.as_deref().unwrap_or(game);
    crate::interrupt::install();
    let progress = TerminalProgress::start();
    let started = Instant::now();
    let result = match &saver {
        Some((dense, path)) => match dense.dense() {
            Some(d) => d.solve_and_save(path, built.recipe.id(), &options, &progress),
            None => unreachable!("dense_for_save returns dense games"),
        },
        None => game.solve(&options, &progress),
    };
    let elapsed = started.elapsed();
    let shown = progress.finish();

    let report = match result {
        Ok(report) => report,
        Err(e) => {
            if let Some(dump) = dump.take() {
                dump.discard();
            }
            if let Error::Cancelled { checkpoint: saved, .. } = &e {
                return Err(Failure::Stopped(resume::stopped_message(
                    saved.as_deref(),
                    checkpoint.is_some(),
                )));
            }
            return Err(e.into());
        }
    };
    if let Some(dump) = dump.take() {
        dump.write(&report)?;
    }

    write_report(args, &built, &report, &shown, elapsed, out)
}

/// Solves a game tier by tier: into the directory of `--save` (all its tiers, or those of
/// `--tiers` and what they need), keeping the tiers finished there; without `--save`, into a
/// directory of the system's temporary directory, removed after.
fn solve_tiers(args: &SolveArgs, built: &Built, out: &mut dyn Write) -> Result<(), Failure> {
    let tiered = built.game.tiered().expect("a game solved tier by tier");
    let refused = [
        (args.misere, "--misere"),
        (args.nim, "--nim"),
        (args.dump.is_some(), "--dump"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.resume, "--resume"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        let why = match *flag {
            "--checkpoint" | "--resume" => {
                "a solve tier by tier keeps every finished tier in the directory of --save: the \
                 same command resumes it"
            }
            _ => "a solve tier by tier gives the outcomes of normal play, counted by tier",
        };
        return Err(Failure::msg(format!("{flag} does not apply to {}: {why}", built.info().name)));
    }
    if args.tiers.is_some() && args.save.is_none() {
        return Err(Failure::msg("--tiers: give --save DIR, the directory where the tiers are kept"));
    }
    if let Some(dir) = &args.save {
        if dir.is_file() {
            return Err(Failure::msg(format!(
                "--save {}: a file; {} is solved tier by tier into a directory",
                dir.display(),
                built.info().name
            )));
        }
        check_save_dir(dir)?;
    }
    let memory = match &args.memory {
        Some(text) => Some(parse_size(text).map_err(Failure::msg)?),
        None => nimber_engine::memory::default_memory_limit(),
    };
    let options = SolveOptions { solver: args.solver, memory, ..SolveOptions::default() };
    crate::interrupt::install();
    let progress = TerminalProgress::start();
    let started = Instant::now();
    let result = match &args.save {
        Some(dir) => tiered.solve_into(dir, built.recipe.id(), &options, args.tiers.as_deref(), &progress),
        None => built.game.solve(&options, &progress),
    };
    let elapsed = started.elapsed();
    let shown = progress.finish();
    let report = match result {
        Ok(report) => report,
        Err(Error::Cancelled { .. }) => {
            let again = match &args.save {
                Some(dir) => format!(
                    ": the tiers finished are kept in {}; the same command goes on from there",
                    dir.display()
                ),
                None => String::new(),
            };
            return Err(Failure::Stopped(format!("stopped{again}")));
        }
        Err(e) => return Err(e.into()),
    };
    write_report(args, built, &report, &shown, elapsed, out)
}

/// Writes a solve's report: JSON or text (`shown`: the notes the progress display already
/// showed).
fn write_report(
    args: &SolveArgs,
    built: &Built,
    report: &SolveReport,
    shown: &[String],
    elapsed: Duration,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    match (args.json, is_nim(report)) {
        (true, false) => {
            let mut doc = outcome_json(built, report, elapsed);
            doc.misere = args.misere;
            output::write_json(out, &doc)?
        }
        (true, true) => output::write_json(out, &nim_json(built, report, elapsed))?,
        (false, _) => {
            let notes = progress::unseen_notes(&report.notes, shown);
            // With `--dump -` standard output is the CSV: the summary goes to standard error.
            let mut stderr = std::io::stderr();
            let out: &mut dyn Write =
                if args.dump.as_deref().is_some_and(is_stdout) { &mut stderr } else { out };
            write_text(built, report, args.misere, &notes, elapsed, args.dump.as_deref(), out)?
        }
    }
    Ok(())
}

/// The game to solve for `solve --save FILE`: the built game as one solved through its dense
/// index, or a one-line error.
fn dense_for_save(built: &Built, misere: bool, path: &Path) -> Result<Box<dyn DynGame>, Failure> {
    if misere {
        return Err(Failure::msg("--save: stored solutions are of normal play; --misere cannot be saved"));
    }
    let game = built.dense_for(false, "--save", "only dense games can be stored")?;
    check_save_dir(path)?;
    Ok(game)
}

/// Whether the report holds nim values rather than outcomes.
fn is_nim(report: &SolveReport) -> bool {
    matches!(report.solver, SolverChoice::Grundy | SolverChoice::Loopy)
}

fn outcome_json<'a>(built: &'a Built, report: &SolveReport, elapsed: Duration) -> SolveJson<'a> {
    let outcome = report.start.outcome;
    SolveJson {
        game: built.info().name,
        solver: report.solver.name(),
        positions: report.positions,
        start: StartJson {
            position: report.start.position.clone(),
            value: outcome.map(|o| o.value()),
            remoteness: outcome.and_then(|o| o.remoteness()),
        },
        counts: report
            .counts
            .iter()
            .map(|c| CountJson { value: c.value, remoteness: c.remoteness, count: c.count })
            .collect(),
        seconds: elapsed.as_secs_f64(),
        misere: false,
    }
}

fn nim_json<'a>(built: &'a Built, report: &SolveReport, elapsed: Duration) -> NimSolveJson<'a> {
    let start = report.start.loopy();
    let finite =
        report.nim_counts.iter().map(|&(nim, count)| NimCountJson { nim: Some(nim), infinite: None, count });
    let infinite = report.infinite_counts.iter().map(|(k, count)| NimCountJson {
        nim: None,
        infinite: Some(k.clone()),
        count: *count,
    });
    NimSolveJson {
        game: built.info().name,
        solver: report.solver.name(),
        positions: report.positions,
        start: NimStartJson {
            position: report.start.position.clone(),
            value: start.as_ref().map(LoopyNim::value),
            nim: report.start.nim,
            infinite: report.start.infinite.clone(),
        },
        nim_counts: finite.chain(infinite).collect(),
        seconds: elapsed.as_secs_f64(),
    }
}

fn write_text(
    built: &Built,
    report: &SolveReport,
    misere: bool,
    notes: &[&str],
    elapsed: Duration,
    dump: Option<&Path>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "game: {}{}", built.title(), if misere { " (misère play)" } else { "" })?;
    let start = &report.start.position;
    match (report.start.outcome, report.start.loopy()) {
        (_, Some(nim)) => writeln!(out, "start: {start} nim {nim} ({})", nim.value())?,
        (Some(outcome), None) => writeln!(out, "start: {start} {outcome}")?,
        (None, None) => writeln!(out, "start: {start} (not solved)")?,
    }
    writeln!(out, "positions: {}", report.positions)?;
    writeln!(out, "solver: {}", report.solver.name())?;
    for note in notes {
        writeln!(out, "note: {note}")?;
    }
    writeln!(out)?;
    if is_nim(report) {
        nim_table(report).write(out)?;
    } else {
        outcome_table(report).write(out)?;
        let draws: u64 = report.counts.iter().filter(|c| c.value == Value::Draw).map(|c| c.count).sum();
        if draws > 0 {
            writeln!(out, "draw: {draws}")?;
        }
    }
    writeln!(out)?;
    if let Some(path) = dump {
        let to = if is_stdout(path) { "standard output".to_string() } else { path.display().to_string() };
        writeln!(out, "dump: {} positions written to {to}", report.rows.len())?;
    }
    writeln!(out, "time: {}", output::duration(elapsed))?;
    Ok(())
}

/// Positions by remoteness (rows) and value (columns): win and lose always, tie when the game
/// has ties; draws, which have no remoteness, are left to a line of their own.
fn outcome_table(report: &SolveReport) -> Table {
    let mut values = vec![Value::Win, Value::Lose];
    if report.counts.iter().any(|c| c.value == Value::Tie) {
        values.push(Value::Tie);
    }
    let max = report.counts.iter().filter_map(|c| c.remoteness).max();
    let mut grid = vec![vec![0u64; values.len()]; max.map_or(0, |m| m as usize + 1)];
    for c in &report.counts {
        if let (Some(r), Some(col)) = (c.remoteness, values.iter().position(|&v| v == c.value)) {
            grid[r as usize][col] += c.count;
        }
    }
    let columns =
        std::iter::once(("remoteness", Align::Right)).chain(values.iter().map(|v| (v.name(), Align::Right)));
    let mut table = Table::new(columns);
    let mut totals = vec![0u64; values.len()];
    for (r, counts) in grid.iter().enumerate() {
        let mut row = vec![r.to_string()];
        for (total, &n) in totals.iter_mut().zip(counts) {
            *total += n;
            row.push(output::count_cell(n));
        }
        table.row(row);
    }
    table.row(std::iter::once("total".to_string()).chain(totals.iter().map(|t| t.to_string())).collect());
    table
}

/// Positions by nim value: finite values, then the infinite ones `∞(K)` by `K`.
fn nim_table(report: &SolveReport) -> Table {
    let mut table = Table::new([("nim", Align::Right), ("positions", Align::Right)]);
    for &(nim, count) in &report.nim_counts {
        table.row(vec![nim.to_string(), count.to_string()]);
    }
    for (k, count) in &report.infinite_counts {
        table.row(vec![LoopyNim::Infinite(k.clone()).to_string(), count.to_string()]);
    }
    let total: u64 = report.nim_counts.iter().map(|&(_, c)| c).sum::<u64>()
        + report.infinite_counts.iter().map(|(_, c)| c).sum::<u64>();
    table.row(vec!["total".to_string(), total.to_string()]);
    table
}

/// Whether a `--dump` path means standard output (`-`).
fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The CSV of `--dump`: a file, written under a temporary name and renamed when whole, or
/// standard output (`--dump -`).
struct Dump {
    path: PathBuf,
    /// `None` for standard output.
    file: Option<BufWriter<files::TempFile>>,
}

impl Dump {
    fn create(path: &Path) -> Result<Dump, Failure> {
        let file = if is_stdout(path) { None } else { Some(BufWriter::new(files::TempFile::create(path)?)) };
        Ok(Dump { path: path.to_path_buf(), file })
    }

    /// Removes the temporary file after a failed solve (dropping it does).
    fn discard(self) {}

    /// Writes every solved position: `position,value,remoteness` (empty remoteness for draws),
    /// or `position,nim` for nim values.
    fn write(mut self, report: &SolveReport) -> Result<(), Failure> {
        let nim = is_nim(report);
        match self.file.take() {
            None => {
                let stdout = std::io::stdout();
                let mut out = BufWriter::new(stdout.lock());
                Self::write_rows(&mut out, report, nim)
                    .map_err(|e| Failure::io(Path::new("standard output"), e))
            }
            Some(mut file) => {
                Self::write_rows(&mut file, report, nim).map_err(|e| Failure::io(&self.path, e))?;
                let file = file.into_inner().map_err(|e| Failure::io(&self.path, e.into_error()))?;
                Ok(file.commit()?)
            }
        }
    }

    fn write_rows(out: &mut impl Write, report: &SolveReport, nim: bool) -> std::io::Result<()> {
        if nim {
            writeln!(out, "position,nim")?;
        } else {
            writeln!(out, "position,value,remoteness")?;
        }
        for row in &report.rows {
            let position = output::csv_field(&row.position);
            match (nim, row.outcome, row.loopy()) {
                (true, _, Some(g)) => writeln!(out, "{position},{}", output::csv_field(&g.to_string()))?,
                (false, Some(o), _) => match o.remoteness() {
                    Some(r) => writeln!(out, "{position},{},{r}", o.value())?,
                    None => writeln!(out, "{position},{},", o.value())?,
                },
                // A row without the solver's result cannot happen; keep the position anyway.
                (true, _, None) => writeln!(out, "{position},")?,
                (false, None, _) => writeln!(out, "{position},,")?,
            }
        }
        out.flush()
    }
}
