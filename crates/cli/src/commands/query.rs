//! `nimber query`: the value of one position and of every move from it.

use std::io::Write;

use nimber_engine::{DynGame, QueryOptions, QueryReport};

use crate::args::{GameArgs, QueryArgs};
use crate::commands::solve::{misere_game, MISERE_NIM};
use crate::commands::{build, Built};
use crate::error::Failure;
use crate::output::{self, Align, MoveJson, NimJson, QueryJson, Table};
use crate::progress::{self, TerminalProgress};

/// Solves the position (the start when none is given) and lists its moves, best first.
pub fn run(args: &QueryArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.misere && args.nim {
        return Err(Failure::msg(MISERE_NIM));
    }
    if let Some(db) = &args.db {
        return run_db(args, db, out);
    }
    let game_args = GameArgs { game: args.game.clone().unwrap_or_default(), params: args.params.clone() };
    let built = build(&game_args)?;
    let misere = if args.misere { Some(misere_game(&built)?) } else { None };
    let game: &dyn DynGame = misere.as_deref().unwrap_or(&*built.game);
    let progress = TerminalProgress::start();
    let result = game.query_with(args.position.as_deref(), &QueryOptions { nim: args.nim }, &progress);
    let shown = progress.finish();
    let report = result?;
    if args.json {
        let mut doc = json(&built, &report);
        doc.misere = args.misere;
        output::write_json(out, &doc)?;
    } else {
        let notes = progress::unseen_notes(&report.notes, &shown);
        write_text(&built, &report, args.misere, &notes, out)?;
    }
    Ok(())
}

/// `query --db FILE [POSITION]`: the outcomes read from a stored solution.
fn run_db(args: &QueryArgs, db: &std::path::Path, out: &mut dyn Write) -> Result<(), Failure> {
    if args.position.is_some() {
        return Err(Failure::msg("query --db takes one position at most (the game comes from the file)"));
    }
    if !args.params.is_empty() || args.nim || args.misere {
        return Err(Failure::msg(
            "query --db: -p, --nim and --misere do not apply (the file holds one solved game)",
        ));
    }
    let (built, store) = crate::commands::analyze::open_db(db)?;
    let dense = built.game.dense().expect("open_db builds dense games");
    let report = dense.query_store(&store, args.game.as_deref())?;
    if args.json {
        output::write_json(out, &json(&built, &report))?;
    } else {
        write_text(&built, &report, false, &[], out)?;
    }
    Ok(())
}

fn json<'a>(built: &'a Built, report: &QueryReport) -> QueryJson<'a> {
    QueryJson {
        game: built.info.name,
        position: report.position.clone(),
        value: report.outcome.value(),
        remoteness: report.outcome.remoteness(),
        nim: report.nim.as_ref().map(NimJson::of),
        misere: false,
        moves: report
            .moves
            .iter()
            .map(|m| MoveJson {
                label: m.label.clone(),
                position: m.position.clone(),
                value: m.outcome.value(),
                remoteness: m.outcome.remoteness(),
                nim: m.nim.as_ref().map(NimJson::of),
            })
            .collect(),
    }
}

fn write_text(
    built: &Built,
    report: &QueryReport,
    misere: bool,
    notes: &[&str],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "game: {}{}", built.title(), if misere { " (misère play)" } else { "" })?;
    match &report.nim {
        Some(nim) => writeln!(out, "position: {} {}, nim {nim}", report.position, report.outcome)?,
        None => writeln!(out, "position: {} {}", report.position, report.outcome)?,
    }
    for note in notes {
        writeln!(out, "note: {note}")?;
    }
    if report.moves.is_empty() {
        writeln!(out, "no moves: the game is over")?;
        return Ok(());
    }
    writeln!(out)?;
    let nim = report.nim.is_some();
    let what = if nim { "; nim: the nim value of the position reached" } else { "" };
    writeln!(out, "{} moves, best first; the value is for the player who moves{what}:", report.moves.len())?;
    let mut columns = vec![("move", Align::Left), ("position", Align::Left), ("value", Align::Left)];
    if nim {
        columns.push(("nim", Align::Left));
    }
    let mut table = Table::new(columns).indent(2);
    for m in &report.moves {
        let mut row = vec![m.label.clone(), m.position.clone(), m.outcome.to_string()];
        if let Some(v) = &m.nim {
            row.push(v.to_string());
        }
        table.row(row);
    }
    table.write(out)
}
