//! `nimber search`: the value of one position by exact alpha-beta search, and of every move.

use std::io::Write;

use nimber_engine::solve::search::{SearchOptions, DEFAULT_TABLE_BYTES};
use nimber_engine::{DynSearcher, SearchReport, SearchedMove, Value};
use serde::Serialize;

use crate::args::{parse_size, GameArgs, SearchArgs};
use crate::error::Failure;
use crate::game::build;
use crate::output;
use crate::progress::TerminalProgress;

/// Searches the position (the start when none is given) and writes its value.
pub fn run(args: &SearchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let table_bytes = match &args.memory {
        Some(text) => parse_size(text).map_err(Failure::msg)?,
        None => DEFAULT_TABLE_BYTES,
    };
    let options =
        SearchOptions { remoteness: args.remoteness, table_bytes, threads: rayon::current_num_threads() };
    // Ctrl-C stops the search with what it had proven (a second one quits at once).
    crate::interrupt::install();
    match &args.db {
        None => {
            let built = build(&GameArgs { game: args.game.clone(), params: args.params.clone() })?;
            let searcher = built.game.searcher(&options)?;
            search(args, &built.title(), searcher, out)
        }
        Some(db) => {
            let opened = nimber_games::open_solution(db)?;
            let stored = opened.recipe.info().name;
            if !args.game.eq_ignore_ascii_case(stored) {
                return Err(Failure::msg(format!(
                    "--db {}: a solution of {stored}, not of {}",
                    db.display(),
                    args.game
                )));
            }
            if !args.params.is_empty() {
                return Err(Failure::msg(format!(
                    "--db {}: -p does not apply (the solution keeps its parameters: {})",
                    db.display(),
                    opened.recipe.title()
                )));
            }
            let searcher = opened.searcher(&options)?;
            search(args, &opened.recipe.title(), searcher, out)
        }
    }
}

/// Searches the position, or with `--batch` every position of the file, with `searcher`.
fn search(
    args: &SearchArgs,
    title: &str,
    mut searcher: Box<dyn DynSearcher + '_>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if let Some(file) = &args.batch {
        return batch(args, title, searcher.as_mut(), file, out);
    }
    let progress = TerminalProgress::start();
    let result = searcher.search(args.position.as_deref(), args.moves, &progress);
    progress.finish();
    let report = result.map_err(stopped)?;
    if args.json {
        output::write_json(out, &json(title, &report))?;
    } else {
        write_text(title, &report, out)?;
    }
    Ok(())
}

/// Searches every position of `file` (`-`: standard input) with one searcher, writing a line
/// for each as it is found; stops at the first position that cannot be searched, naming its line.
fn batch(
    args: &SearchArgs,
    title: &str,
    searcher: &mut dyn DynSearcher,
    file: &str,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    use std::io::BufRead;
    let reader: Box<dyn BufRead> = if file == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(file).map_err(|e| Failure::msg(format!("{file}: {e}")))?;
        Box::new(std::io::BufReader::new(f))
    };
    let progress = TerminalProgress::start();
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| Failure::msg(format!("{file}: line {}: {e}", i + 1)))?;
        let text = line.trim();
        let found = searcher.search((!text.is_empty()).then_some(text), args.moves, &progress);
        let report = match found {
            Ok(report) => report,
            Err(e) => {
                progress.finish();
                return Err(match e {
                    nimber_engine::Error::Cancelled { .. } => stopped(e),
                    e => Failure::msg(format!("{file}: line {}: {}", i + 1, Failure::from(e))),
                });
            }
        };
        if args.json {
            let mut json = json(title, &report);
            json.line = Some(i + 1);
            writeln!(out, "{}", serde_json::to_string(&json).map_err(|e| Failure::msg(e.to_string()))?)?;
        } else {
            writeln!(out, "{text}: {}{}", describe(report.value, report.remoteness), score(report.score))?;
        }
        out.flush()?;
    }
    progress.finish();
    Ok(())
}

/// A search stopped by Ctrl-C is reported as stopped (with what it had proven), other errors
/// as they are.
fn stopped(e: nimber_engine::Error) -> Failure {
    match e {
        nimber_engine::Error::Cancelled { .. } => Failure::Stopped(e.to_string()),
        e => e.into(),
    }
}

/// A value with its remoteness where it was searched for: `win in 5`, `win`.
fn describe(value: Value, remoteness: Option<u32>) -> String {
    match remoteness {
        Some(r) => format!("{value} in {r}"),
        None => value.to_string(),
    }
}

/// The game's own score, where it has one: ` (score -2)`.
fn score(score: Option<i32>) -> String {
    score.map(|s| format!(" (score {s})")).unwrap_or_default()
}

fn write_text(title: &str, report: &SearchReport, out: &mut dyn Write) -> Result<(), Failure> {
    writeln!(out, "{title}, position {}", report.position)?;
    writeln!(
        out,
        "value: {}{} (for the player to move, by exact search)",
        describe(report.value, report.remoteness),
        score(report.score)
    )?;
    for m in &report.moves {
        writeln!(out, "  {:<12} {}{}", m.label, describe(m.value, m.remoteness), score(m.score))?;
    }
    if !report.moves.is_empty() && report.moves.iter().all(|m| m.score.is_some()) {
        // The scores in the order of the moves' labels, as the published tables give them.
        let mut by_label: Vec<&SearchedMove> = report.moves.iter().collect();
        by_label.sort_by(|a, b| natural(&a.label).cmp(&natural(&b.label)));
        let line: Vec<String> = by_label.iter().map(|m| m.score.unwrap_or(0).to_string()).collect();
        writeln!(out, "scores by move: {}", line.join(" "))?;
    }
    let probed = match report.probed {
        0 => String::new(),
        n => format!(", {n} of them read from the saved solution"),
    };
    writeln!(
        out,
        "searched {} positions{probed}; table {} of {} entries in use",
        report.nodes, report.table_used, report.table_entries
    )?;
    Ok(())
}

/// A label's sort key, numbers by their value: `2` before `10`.
fn natural(label: &str) -> (usize, &str) {
    let digits = label.chars().take_while(char::is_ascii_digit).count();
    (if digits == label.len() { digits } else { usize::MAX }, label)
}

#[derive(Serialize)]
struct SearchJson<'a> {
    /// The line of the batch file (`--batch`).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    game: &'a str,
    position: &'a str,
    value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i32>,
    moves: Vec<MoveJson<'a>>,
    nodes: u64,
    /// Of the positions searched, those read from the saved solution (`--db`).
    probed: u64,
    table_used: usize,
    table_entries: usize,
}

#[derive(Serialize)]
struct MoveJson<'a> {
    #[serde(rename = "move")]
    label: &'a str,
    position: &'a str,
    value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i32>,
}

fn json<'a>(title: &'a str, report: &'a SearchReport) -> SearchJson<'a> {
    SearchJson {
        line: None,
        game: title,
        position: &report.position,
        value: report.value,
        remoteness: report.remoteness,
        score: report.score,
        moves: report
            .moves
            .iter()
            .map(|m| MoveJson {
                label: &m.label,
                position: &m.position,
                value: m.value,
                remoteness: m.remoteness,
                score: m.score,
            })
            .collect(),
        nodes: report.nodes,
        probed: report.probed,
        table_used: report.table_used,
        table_entries: report.table_entries,
    }
}
