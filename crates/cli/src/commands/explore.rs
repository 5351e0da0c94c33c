//! `nimber explore`: solves every position of a game's family and lays the values out by a few
//! features: the table with counts, whether the value is a function of the features, periods,
//! and a rule mined from the table (see [`nimber_lab`]).

mod picture;

use std::io::Write;
use std::path::PathBuf;

use nimber_engine::solve::survey::{feature_index, Cell, Num};
use nimber_engine::Value;
use nimber_lab::{self as lab, Exploration};
use serde::Serialize;

use crate::args::ExploreArgs;
use crate::error::Failure;
use crate::game::{self, build, survey, value_survey, Built};
use crate::output::{self, Align, ObservedJson, Table};
use crate::targets::lock_and_clean;

/// Runs the exploration and writes the report (and the picture, when asked).
pub fn run(args: &ExploreArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let built = build(&args.game)?;
    let partizan = if args.values { Some(game::partizan(&built.recipe, "--values")?) } else { None };
    let by: Vec<String> = args.by.iter().map(|s| s.trim().to_string()).collect();
    // Check the features and the picture's format before solving anything.
    let names = match &partizan {
        Some(game) => game.feature_names(),
        None => built.game.feature_names(),
    };
    for name in &by {
        feature_index(&names, name)?;
    }
    let pictures: Vec<(picture::Format, &PathBuf)> =
        [(picture::Format::Svg, &args.svg), (picture::Format::Png, &args.png)]
            .into_iter()
            .filter_map(|(f, p)| p.as_ref().map(|p| (f, p)))
            .collect();
    if let Some((format, _)) = pictures.first().filter(|_| by.len() > 2) {
        return Err(Failure::msg(format!(
            "--{} draws tables of one or two features; --by gives {}",
            format.name(),
            by.len()
        )));
    }

    let targets: Vec<&std::path::Path> = pictures.iter().map(|(_, p)| p.as_path()).collect();
    let _locks = lock_and_clean(&targets)?;
    let (survey, elapsed) = match &partizan {
        Some(game) => {
            let (values, elapsed) = value_survey(game.as_ref(), args.from.as_deref())?;
            (values.survey, elapsed)
        }
        None => survey(&built, args.from.as_deref(), args.nim)?,
    };
    let exploration = lab::explore(&survey, &by)?;

    let title = format!("{}: {}", built.title(), describe_values(&exploration));
    for &(format, path) in &pictures {
        let bytes = picture::draw(&exploration, &title, format)?;
        nimber_engine::store::files::write_whole(path, |w| w.write_all(&bytes))?;
    }
    if args.json {
        output::write_json(out, &json(&built, &exploration))?;
    } else {
        write_text(&built, &exploration, out)?;
        for (_, path) in &pictures {
            writeln!(out, "picture: {}", path.display())?;
        }
        writeln!(out, "time: {}", output::duration(elapsed))?;
    }
    Ok(())
}

/// "value by pieces (rows) and on_dark (columns)", or "nim value by ...", "game value by ...".
fn describe_values(e: &Exploration) -> String {
    let what = value_word(e);
    match e.features.as_slice() {
        [a, b] => format!("{what} by {a} (rows) and {b} (columns)"),
        features => format!("{what} by {}", features.join(", ")),
    }
}

/// The most game values a cell of the grid lists; a cell with more says how many.
const GRID_VALUES: usize = 3;

/// A cell of the grid: `L 16`, `*2 40`, `+-1 1`, or `L+W 7` when the features do not decide the
/// value; game values are joined by `;` (`0; * 21`), and past [`GRID_VALUES`] counted (`5
/// values 70`).
fn grid_cell(e: &Exploration, cell: &Cell) -> String {
    let values: Vec<String> = cell.entries.iter().map(|x| x.value.short(e.value_texts())).collect();
    let values = match (e.values.is_some(), values.len()) {
        (false, _) => values.join("+"),
        (true, n) if n > GRID_VALUES => format!("{n} values"),
        (true, _) => values.join("; "),
    };
    format!("{values} {}", cell.count())
}

fn write_text(built: &Built, e: &Exploration, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "game: {}", built.title())?;
    writeln!(out, "positions: {} ({})", e.positions, e.scope)?;
    writeln!(out)?;
    writeln!(out, "{}, with the number of positions:", describe_values(e))?;
    if let [_, _] = e.features.as_slice() {
        grid(e).write(out)?;
    } else {
        let columns = e
            .features
            .iter()
            .map(|f| (f.as_str(), Align::Right))
            .chain([(if e.nim { "nim" } else { "value" }, Align::Left), ("positions", Align::Right)]);
        let mut table = Table::new(columns).indent(2);
        for cell in &e.cells {
            for entry in &cell.entries {
                let mut row: Vec<String> = cell.key.iter().map(Num::to_string).collect();
                row.push(entry.value.text(e.value_texts()));
                row.push(entry.count.to_string());
                table.row(row);
            }
        }
        table.write(out)?;
    }
    writeln!(out)?;
    let features = e.features.join(", ");
    match &e.counterexample {
        None => writeln!(out, "function: yes: the {} is a function of {features}", value_word(e))?,
        Some([a, b]) => writeln!(
            out,
            "function: no: `{}` ({}) and `{}` ({}) have the same {features}",
            a.position,
            a.value.text(e.value_texts()),
            b.position,
            b.value.text(e.value_texts())
        )?,
    }
    for (name, period) in e.features.iter().zip(&e.periods) {
        match period {
            Some(p) => writeln!(out, "period along {name}: {} from {}", p.period, p.offset)?,
            None => writeln!(out, "period along {name}: none")?,
        }
    }
    let meaning = if e.values.is_some() {
        "the value is 0, and the player to move loses, exactly where it is true".to_string()
    } else if e.rule_value == Value::Lose {
        "the player to move loses exactly where it is true".to_string()
    } else {
        format!(
            "the value is {} exactly where it is true; check it with --value {}",
            e.rule_value, e.rule_value
        )
    };
    match &e.rule {
        Some(rule) => writeln!(out, "rule: {rule} ({meaning})")?,
        None => writeln!(
            out,
            "rule: none found (no comparison with a constant or between two features, nor a residue of a \
             linear form modulo 2 to 12, decides {})",
            if e.values.is_some() { "the value 0".to_string() } else { e.rule_value.to_string() }
        )?,
    }
    if e.nim {
        match &e.nim_rule {
            Some(rule) => writeln!(out, "nim value: {rule}")?,
            None if e.function => writeln!(out, "nim value: no formula found")?,
            None => {}
        }
    }
    if let Some(rule) = &e.value_rule {
        writeln!(out, "value: {rule}")?;
    }
    Ok(())
}

fn value_word(e: &Exploration) -> &'static str {
    if e.nim {
        "nim value"
    } else if e.values.is_some() {
        "game value"
    } else {
        "value"
    }
}

/// The grid of a two-feature table: the first feature down, the second across.
fn grid(e: &Exploration) -> Table {
    let rows: std::collections::BTreeSet<Num> = e.cells.iter().map(|c| c.key[0]).collect();
    let cols: std::collections::BTreeSet<Num> = e.cells.iter().map(|c| c.key[1]).collect();
    let corner = format!("{} \\ {}", e.features[0], e.features[1]);
    let header =
        std::iter::once((corner, Align::Right)).chain(cols.iter().map(|c| (c.to_string(), Align::Right)));
    let mut table = Table::new(header).indent(2);
    let cells: std::collections::HashMap<(Num, Num), &Cell> =
        e.cells.iter().map(|c| ((c.key[0], c.key[1]), c)).collect();
    for &r in &rows {
        let mut row = vec![r.to_string()];
        row.extend(cols.iter().map(|&c| cells.get(&(r, c)).map_or(String::new(), |cell| grid_cell(e, cell))));
        table.row(row);
    }
    table
}

/// `nimber explore --json`.
#[derive(Serialize)]
struct ExploreJson<'a> {
    game: &'a str,
    scope: &'a str,
    nim: bool,
    /// With --values: true (game values in CGSuite's notation).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    values: bool,
    positions: u64,
    features: &'a [String],
    table: Vec<RowJson<'a>>,
    function: bool,
    /// Two positions with the same features and different values, or null.
    counterexample: Option<[&'a str; 2]>,
    periods: Vec<Option<PeriodJson<'a>>>,
    /// An expression `nimber check` accepts, true exactly where the value is `rule_value`.
    rule: Option<&'a str>,
    rule_value: Value,
    /// With --nim: an expression for the nim value.
    #[serde(skip_serializing_if = "Option::is_none")]
    nim_rule: Option<&'a str>,
    /// With --values, when every value is an integer: an expression for the value.
    #[serde(skip_serializing_if = "Option::is_none")]
    value_rule: Option<&'a str>,
}

#[derive(Serialize)]
struct RowJson<'a> {
    key: &'a [Num],
    value: ObservedJson,
    count: u64,
}

#[derive(Serialize)]
struct PeriodJson<'a> {
    feature: &'a str,
    period: i64,
    offset: i64,
}

fn json<'a>(built: &'a Built, e: &'a Exploration) -> ExploreJson<'a> {
    ExploreJson {
        game: built.info().name,
        scope: &e.scope,
        nim: e.nim,
        values: e.values.is_some(),
        positions: e.positions,
        features: &e.features,
        table: e
            .cells
            .iter()
            .flat_map(|c| {
                c.entries.iter().map(|x| RowJson {
                    key: &c.key,
                    value: ObservedJson::new(x.value, e.value_texts()),
                    count: x.count,
                })
            })
            .collect(),
        function: e.function,
        counterexample: e.counterexample.as_ref().map(|[a, b]| [a.position.as_str(), b.position.as_str()]),
        periods: e
            .features
            .iter()
            .zip(&e.periods)
            .map(|(f, p)| p.map(|p| PeriodJson { feature: f, period: p.period, offset: p.offset }))
            .collect(),
        rule: e.rule.as_deref(),
        rule_value: e.rule_value,
        nim_rule: e.nim_rule.as_deref(),
        value_rule: e.value_rule.as_deref(),
    }
}
