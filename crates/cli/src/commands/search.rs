//! `nimber search`: the value of one position by exact alpha-beta search, and of every move.

use std::io::Write;

use nimber_engine::solve::search::SearchOptions;
use nimber_engine::{SearchReport, Value};
use serde::Serialize;

use crate::args::{parse_size, GameArgs, SearchArgs};
use crate::error::Failure;
use crate::game::build;
use crate::output;
use crate::progress::TerminalProgress;

/// The transposition table's memory when `--memory` is not given.
const DEFAULT_TABLE: u64 = 64 << 20;

/// Searches the position (the start when none is given) and writes its value.
pub fn run(args: &SearchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let built = build(&GameArgs { game: args.game.clone(), params: args.params.clone() })?;
    let table_bytes = match &args.memory {
        Some(text) => parse_size(text).map_err(Failure::msg)?,
        None => DEFAULT_TABLE,
    };
    let options = SearchOptions { remoteness: args.remoteness, table_bytes };
    let progress = TerminalProgress::start();
    let result = built.game.search(args.position.as_deref(), &options, args.moves, &progress);
    progress.finish();
    let report = result?;
    if args.json {
        output::write_json(out, &json(&built.title(), &report))?;
    } else {
        write_text(&built.title(), &report, out)?;
    }
    Ok(())
}

/// A value with its remoteness where it was searched for: `win in 5`, `win`.
fn describe(value: Value, remoteness: Option<u32>) -> String {
    match remoteness {
        Some(r) => format!("{value} in {r}"),
        None => value.to_string(),
    }
}

fn write_text(title: &str, report: &SearchReport, out: &mut dyn Write) -> Result<(), Failure> {
    writeln!(out, "{title}, position {}", report.position)?;
    writeln!(
        out,
        "value: {} (for the player to move, by exact search)",
        describe(report.value, report.remoteness)
    )?;
    for m in &report.moves {
        writeln!(out, "  {:<12} {}", m.label, describe(m.value, m.remoteness))?;
    }
    writeln!(
        out,
        "searched {} positions; table {} of {} entries in use",
        report.nodes, report.table_used, report.table_entries
    )?;
    Ok(())
}

#[derive(Serialize)]
struct SearchJson<'a> {
    game: &'a str,
    position: &'a str,
    value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u32>,
    moves: Vec<MoveJson<'a>>,
    nodes: u64,
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
}

fn json<'a>(title: &'a str, report: &'a SearchReport) -> SearchJson<'a> {
    SearchJson {
        game: title,
        position: &report.position,
        value: report.value,
        remoteness: report.remoteness,
        moves: report
            .moves
            .iter()
            .map(|m| MoveJson {
                label: &m.label,
                position: &m.position,
                value: m.value,
                remoteness: m.remoteness,
            })
            .collect(),
        nodes: report.nodes,
        table_used: report.table_used,
        table_entries: report.table_entries,
    }
}
