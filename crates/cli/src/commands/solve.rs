//! `nimber solve`: solves a game from its start position and shows how its positions divide up.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nimber_engine::{Error, SolveOptions, SolveReport, SolverChoice, Value};

use crate::args::{SolveArgs, SolverArg};
use crate::commands::{build, Built};
use crate::error::Failure;
use crate::output::{
    self, Align, CountJson, NimCountJson, NimSolveJson, NimStartJson, SolveJson, StartJson, Table,
};
use crate::progress::{self, TerminalProgress};

/// Solves the game and writes the summary (and the dump, when asked).
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.nim && !matches!(args.solver, SolverArg::Auto | SolverArg::Grundy) {
        return Err(Failure::msg(format!(
            "--nim computes nim values with the grundy solver; it cannot be combined with --solver {}",
            SolverChoice::from(args.solver).name()
        )));
    }
    let built = build(&args.game)?;
    // Open the dump before solving, so that a bad path fails at once rather than after the work.
    let mut dump = args.dump.as_deref().map(Dump::create).transpose()?;
    let options = SolveOptions { solver: args.solver.into(), nim: args.nim, rows: dump.is_some() };

    let progress = TerminalProgress::start();
    let started = Instant::now();
    let result = built.game.solve(&options, &progress);
    let elapsed = started.elapsed();
    let shown = progress.finish();

    let report = match result {
        Ok(report) => report,
        Err(e) => {
            if let Some(dump) = dump.take() {
                dump.discard();
            }
            return Err(e.into());
        }
    };
    if let Some(dump) = dump.take() {
        dump.write(&report)?;
    }

    let nim = report.solver == SolverChoice::Grundy;
    match (args.json, nim) {
        (true, false) => output::write_json(out, &outcome_json(&built, &report, elapsed))?,
        (true, true) => output::write_json(out, &nim_json(&built, &report, elapsed))?,
        (false, _) => {
            let notes = progress::unseen_notes(&report.notes, &shown);
            write_text(&built, &report, &notes, elapsed, args.dump.as_deref(), out)?
        }
    }
    Ok(())
}

fn outcome_json<'a>(built: &'a Built, report: &SolveReport, elapsed: Duration) -> SolveJson<'a> {
    let outcome = report.start.outcome;
    SolveJson {
        game: built.info.name,
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
    }
}

fn nim_json<'a>(built: &'a Built, report: &SolveReport, elapsed: Duration) -> NimSolveJson<'a> {
    let nim = report.start.nim;
    NimSolveJson {
        game: built.info.name,
        solver: report.solver.name(),
        positions: report.positions,
        start: NimStartJson { position: report.start.position.clone(), value: nim.map(nim_value), nim },
        nim_counts: report.nim_counts.iter().map(|&(nim, count)| NimCountJson { nim, count }).collect(),
        seconds: elapsed.as_secs_f64(),
    }
}

/// The value for the player to move of a position with nim value `nim`.
fn nim_value(nim: u32) -> Value {
    if nim == 0 {
        Value::Lose
    } else {
        Value::Win
    }
}

fn write_text(
    built: &Built,
    report: &SolveReport,
    notes: &[&str],
    elapsed: Duration,
    dump: Option<&Path>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "game: {}", built.title())?;
    let start = &report.start.position;
    match (report.start.outcome, report.start.nim) {
        (_, Some(nim)) => writeln!(out, "start: {start} nim {nim} ({})", nim_value(nim))?,
        (Some(outcome), None) => writeln!(out, "start: {start} {outcome}")?,
        (None, None) => writeln!(out, "start: {start} (not solved)")?,
    }
    writeln!(out, "positions: {}", report.positions)?;
    writeln!(out, "solver: {}", report.solver.name())?;
    for note in notes {
        writeln!(out, "note: {note}")?;
    }
    writeln!(out)?;
    if report.solver == SolverChoice::Grundy {
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
        writeln!(out, "dump: {} positions written to {}", report.rows.len(), path.display())?;
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

/// Positions by nim value.
fn nim_table(report: &SolveReport) -> Table {
    let mut table = Table::new([("nim", Align::Right), ("positions", Align::Right)]);
    for &(nim, count) in &report.nim_counts {
        table.row(vec![nim.to_string(), count.to_string()]);
    }
    let total: u64 = report.nim_counts.iter().map(|&(_, c)| c).sum();
    table.row(vec!["total".to_string(), total.to_string()]);
    table
}

/// The CSV file of `--dump`.
struct Dump {
    path: PathBuf,
    file: BufWriter<File>,
}

impl Dump {
    fn create(path: &Path) -> Result<Dump, Failure> {
        let file = File::create(path).map_err(|e| io_error(path, e))?;
        Ok(Dump { path: path.to_path_buf(), file: BufWriter::new(file) })
    }

    /// Removes the file after a failed solve.
    fn discard(self) {
        drop(self.file);
        let _ = std::fs::remove_file(&self.path);
    }

    /// Writes every solved position: `position,value,remoteness` (empty remoteness for draws),
    /// or `position,nim` for nim values.
    fn write(mut self, report: &SolveReport) -> Result<(), Failure> {
        let nim = report.solver == SolverChoice::Grundy;
        self.write_rows(report, nim).map_err(|e| io_error(&self.path, e))
    }

    fn write_rows(&mut self, report: &SolveReport, nim: bool) -> std::io::Result<()> {
        let out = &mut self.file;
        if nim {
            writeln!(out, "position,nim")?;
        } else {
            writeln!(out, "position,value,remoteness")?;
        }
        for row in &report.rows {
            let position = output::csv_field(&row.position);
            match (nim, row.outcome, row.nim) {
                (true, _, Some(g)) => writeln!(out, "{position},{g}")?,
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

fn io_error(path: &Path, source: std::io::Error) -> Failure {
    Failure::Engine(Error::Io { path: path.display().to_string(), source })
}
