//! `nimber query`: the value of one position and of every move from it.

use std::io::Write;

use nimber_engine::view::cache::{Cache, Found};
use nimber_engine::{DynGame, Error, Progress, QueryOptions, QueryReport, SolveOptions};

use crate::args::{GameArgs, QueryArgs};
use crate::error::Failure;
use crate::game::{build, misere_game, Built, MISERE_NIM};
use crate::output::{self, Align, MoveJson, NimJson, QueryJson, Table};
use crate::progress::{self, TerminalProgress};

/// Solves the position (the start when none is given) and lists its moves, best first. A game
/// with a dense index is solved once, into `cache`, and read from there by later queries.
pub fn run(args: &QueryArgs, cache: Option<&Cache>, out: &mut dyn Write) -> Result<(), Failure> {
    if args.misere && args.nim {
        return Err(Failure::msg(MISERE_NIM));
    }
    if let Some(db) = &args.db {
        return run_db(args, db, out);
    }
    let game_args = GameArgs { game: args.game.clone().unwrap_or_default(), params: args.params.clone() };
    let built = build(&game_args)?;
    if let Some(cache) = cache.filter(|_| !args.nim && !args.misere && !args.no_cache) {
        if let Some(report) = cached(&built, args.position.as_deref(), cache)? {
            return write_report(args, &built, &report, &[], out);
        }
    }
    let misere = if args.misere { Some(misere_game(&built)?) } else { None };
    let game: &dyn DynGame = misere.as_deref().unwrap_or(&*built.game);
    let progress = TerminalProgress::start();
    let result = game.query_with(args.position.as_deref(), &QueryOptions { nim: args.nim }, &progress);
    let shown = progress.finish();
    let report = result?;
    let notes = progress::unseen_notes(&report.notes, &shown);
    write_report(args, &built, &report, &notes, out)
}

fn write_report(
    args: &QueryArgs,
    built: &Built,
    report: &QueryReport,
    notes: &[&str],
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if args.json {
        let mut doc = json(built, report);
        doc.misere = args.misere;
        output::write_json(out, &doc)?;
    } else {
        write_text(built, report, args.misere, notes, out)?;
    }
    Ok(())
}

/// The answer from the cache, the game solved into it first when it is not there (or was
/// written for other rules); `None` for a game without a dense index, or a position outside
/// the positions reachable from the start (a Nim position with more counters than the start's):
/// the caller then solves from the position.
fn cached(built: &Built, position: Option<&str>, cache: &Cache) -> Result<Option<QueryReport>, Failure> {
    let Some(game) = built.recipe.build_dense()? else { return Ok(None) };
    // A position that cannot be read is refused before any solve.
    if let Some(text) = position {
        built.game.normalize(text)?;
    }
    let dense = game.dense().expect("build_dense builds dense games");
    let id = built.recipe.id();
    let build = nimber_games::SOLVER_SOURCE;
    let path = cache.file_for(id, build);
    // A file that turns out written for other rules is solved again, once.
    for attempt in 0..2 {
        let progress = TerminalProgress::start();
        let mut solving = |found: Found| {
            progress.note(&match found {
                Found::Replaced => format!(
                    "the kept solution {} is of other rules or damaged: solving {} again",
                    path.display(),
                    built.title()
                ),
                _ => format!(
                    "solving {} once; the solution is kept in {} for later queries (`nimber cache` \
                     lists and clears them)",
                    built.title(),
                    path.display()
                ),
            })
        };
        let options = SolveOptions::default();
        let result = cache.solved(id, build, dense, &options, &progress, &mut solving);
        progress.finish();
        let (store, _) = result?;
        match dense.query_store(&store, position) {
            Ok(report) => return Ok(Some(report)),
            Err(Error::NotReachable(_)) => return Ok(None),
            Err(Error::Corrupt { .. }) if attempt == 0 => {
                drop(store);
                cache.discard(id, build)?;
            }
            Err(e) => return Err(e.into()),
        }
    }
    unreachable!("the second attempt returns")
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
    // A store file, or a directory of tiers (a game solved tier by tier).
    let opened = nimber_games::open_solution(db)?;
    let report = opened.query(args.game.as_deref())?;
    let built = Built { recipe: opened.recipe, game: opened.game };
    if args.json {
        output::write_json(out, &json(&built, &report))?;
    } else {
        write_text(&built, &report, false, &[], out)?;
    }
    Ok(())
}

fn json<'a>(built: &'a Built, report: &QueryReport) -> QueryJson<'a> {
    QueryJson {
        game: built.info().name,
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
