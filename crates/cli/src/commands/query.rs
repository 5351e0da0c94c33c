//! `nimber query`: the value of one position and of every move from it.

use std::io::Write;

use nimber_engine::QueryReport;

use crate::args::QueryArgs;
use crate::commands::{build, Built};
use crate::error::Failure;
use crate::output::{self, Align, MoveJson, QueryJson, Table};
use crate::progress::{self, TerminalProgress};

/// Solves the position (the start when none is given) and lists its moves, best first.
pub fn run(args: &QueryArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let built = build(&args.game)?;
    let progress = TerminalProgress::start();
    let result = built.game.query(args.position.as_deref(), &progress);
    let shown = progress.finish();
    let report = result?;
    if args.json {
        output::write_json(out, &json(&built, &report))?;
    } else {
        let notes = progress::unseen_notes(&report.notes, &shown);
        write_text(&built, &report, &notes, out)?;
    }
    Ok(())
}

fn json<'a>(built: &'a Built, report: &QueryReport) -> QueryJson<'a> {
    QueryJson {
        game: built.info.name,
        position: report.position.clone(),
        value: report.outcome.value(),
        remoteness: report.outcome.remoteness(),
        moves: report
            .moves
            .iter()
            .map(|m| MoveJson {
                label: m.label.clone(),
                position: m.position.clone(),
                value: m.outcome.value(),
                remoteness: m.outcome.remoteness(),
            })
            .collect(),
    }
}

fn write_text(
    built: &Built,
    report: &QueryReport,
    notes: &[&str],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "game: {}", built.title())?;
    writeln!(out, "position: {} {}", report.position, report.outcome)?;
    for note in notes {
        writeln!(out, "note: {note}")?;
    }
    if report.moves.is_empty() {
        writeln!(out, "no moves: the game is over")?;
        return Ok(());
    }
    writeln!(out)?;
    writeln!(out, "{} moves, best first; the value is for the player who moves:", report.moves.len())?;
    let mut table =
        Table::new([("move", Align::Left), ("position", Align::Left), ("value", Align::Left)]).indent(2);
    for m in &report.moves {
        table.row(vec![m.label.clone(), m.position.clone(), m.outcome.to_string()]);
    }
    table.write(out)
}
