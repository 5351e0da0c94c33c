//! `nimber cgt GAME`: the value of a position of a partizan game in the algebra of canonical
//! forms (CGSuite's notation), its outcome class, stops, mean and temperature, and its
//! thermograph drawn as SVG; and `nimber value EXPR`: a value or a comparison written in that
//! notation.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use nimber_games::Recipe;
use nimber_partizan::parse::{parse, Statement, MAX_INPUT};
use nimber_partizan::{thermograph, Dyadic, Form, Forms, OutcomeClass, Printer};
use serde::Serialize;
use serde_json::{json, Value as Json};

use crate::args::{CgtArgs, ValueArgs};
use crate::error::Failure;
use crate::game::partizan;
use crate::output;
use crate::targets::lock_and_clean;

/// The most nodes of the nested `canonical` tree in `--json` (a form shared by many options is
/// written out at each place).
const MAX_TREE: usize = 100_000;

/// The forms a `value` expression may build.
const VALUE_BUDGET: usize = 200_000;

#[derive(Serialize)]
struct CgtJson {
    game: String,
    position: String,
    value: String,
    canonical: Option<Json>,
    outcome: &'static str,
    left_stop: String,
    right_stop: String,
    mean: String,
    temperature: String,
}

/// What `cgt` and `value` print of a value besides its text.
struct Facts {
    class: OutcomeClass,
    stops: (Dyadic, Dyadic),
    mean: Dyadic,
    temperature: Dyadic,
}

impl Facts {
    fn of(forms: &mut Forms, g: Form) -> Facts {
        Facts {
            class: forms.outcome(g),
            stops: forms.stops(g),
            mean: forms.mean(g),
            temperature: forms.temperature(g),
        }
    }
}

/// Writes the thermograph of `g` to `path` (whole, through a temporary file).
fn draw(forms: &mut Forms, g: Form, title: &str, path: &Path) -> Result<(), Failure> {
    let _lock = lock_and_clean(&[path])?;
    let svg = thermograph::svg(&forms.thermograph(g), title);
    nimber_engine::store::files::write_whole(path, |w| w.write_all(svg.as_bytes()))?;
    Ok(())
}

/// `{"L": [...], "R": [...]}` of `g`'s canonical form, or `None` past [`MAX_TREE`] nodes.
fn tree(forms: &Forms, g: Form, budget: &mut usize) -> Option<Json> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let side = |options: &[Form], budget: &mut usize| -> Option<Vec<Json>> {
        options.iter().map(|&o| tree(forms, o, budget)).collect()
    };
    let l = side(forms.left(g), budget)?;
    let r = side(forms.right(g), budget)?;
    Some(json!({ "L": l, "R": r }))
}

/// `nimber cgt`.
pub fn run(args: &CgtArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let recipe = Recipe::parse(&args.game.game, &args.game.params)?;
    let game = partizan(&recipe, "nimber cgt")?;
    let info = recipe.info();
    let started = Instant::now();
    let mut valued = game.value(args.position.as_deref())?;
    let elapsed = started.elapsed();
    let g = valued.value;
    let facts = Facts::of(&mut valued.forms, g);
    let (class, (ls, rs)) = (facts.class, facts.stops);
    let value = Printer::new(&mut valued.forms).text(g);
    let title = recipe.title();
    if let Some(path) = &args.thermograph {
        draw(&mut valued.forms, g, &format!("{} {}", info.name, valued.position), path)?;
    }
    if args.json {
        let doc = CgtJson {
            game: info.name.to_string(),
            position: valued.position,
            value,
            canonical: tree(&valued.forms, g, &mut MAX_TREE.clone()),
            outcome: class.letter(),
            left_stop: ls.to_string(),
            right_stop: rs.to_string(),
            mean: facts.mean.to_string(),
            temperature: facts.temperature.to_string(),
        };
        serde_json::to_writer(&mut *out, &doc).map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{title}")?;
    writeln!(out, "position  {}", valued.position)?;
    writeln!(out, "value     {value}")?;
    writeln!(out, "outcome   {} ({})", class.letter(), class.meaning())?;
    writeln!(out, "stops     left {ls}, right {rs}")?;
    writeln!(out, "mean      {}, temperature {}", facts.mean, facts.temperature)?;
    if let Some(path) = &args.thermograph {
        writeln!(out, "picture   {}", path.display())?;
    }
    writeln!(
        out,
        "work      {} positions valued, {} canonical forms, {}",
        valued.positions,
        valued.forms.len(),
        output::duration(elapsed)
    )?;
    Ok(())
}

/// `nimber value EXPR`.
pub fn value(args: &ValueArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.expression.len() > MAX_INPUT {
        return Err(Failure::msg(format!("the value is over {MAX_INPUT} bytes")));
    }
    let mut forms = Forms::with_budget(VALUE_BUDGET);
    let statement = parse(&args.expression, &mut forms)
        .map_err(|e| Failure::msg(format!("cannot read value `{}`: {e}", args.expression)))?;
    // Printing builds forms too (the candidates a value is recognised among): past the budget
    // its results are meaningless, and the value is refused instead.
    let too_many = || {
        Failure::msg(format!(
            "cannot read value `{}`: it needs too many canonical forms to print",
            args.expression
        ))
    };
    match statement {
        Statement::Value(g) => {
            let facts = Facts::of(&mut forms, g);
            let (class, (ls, rs)) = (facts.class, facts.stops);
            let text = Printer::new(&mut forms).text(g);
            if forms.exhausted() {
                return Err(too_many());
            }
            if let Some(path) = &args.thermograph {
                draw(&mut forms, g, &text, path)?;
            }
            if args.json {
                let doc = json!({
                    "value": text,
                    "canonical": tree(&forms, g, &mut MAX_TREE.clone()),
                    "outcome": class.letter(),
                    "left_stop": ls.to_string(),
                    "right_stop": rs.to_string(),
                    "mean": facts.mean.to_string(),
                    "temperature": facts.temperature.to_string(),
                });
                writeln!(out, "{doc}")?;
            } else {
                writeln!(out, "{text}")?;
                writeln!(
                    out,
                    "outcome {} ({}), stops left {ls}, right {rs}, mean {}, temperature {}",
                    class.letter(),
                    class.meaning(),
                    facts.mean,
                    facts.temperature
                )?;
            }
        }
        Statement::Comparison { left, op, right, relation } => {
            let holds = op.holds(relation);
            let mut printer = Printer::new(&mut forms);
            let (l, r) = (printer.text(left), printer.text(right));
            if forms.exhausted() {
                return Err(too_many());
            }
            if args.thermograph.is_some() {
                return Err(Failure::msg("--thermograph draws a value, not a comparison"));
            }
            if args.json {
                let doc = json!({
                    "left": l, "op": op.symbol(), "right": r,
                    "holds": holds, "relation": relation.symbol(),
                });
                writeln!(out, "{doc}")?;
            } else {
                writeln!(out, "{holds}: {l} {} {r}", relation.symbol())?;
            }
        }
    }
    Ok(())
}
