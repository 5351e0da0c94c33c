//! `nimber check`: checks a conjectured rule, an expression over a game's features, against
//! exhaustive solving of every position of the game's family (or of the positions reachable
//! from one position). See [`nimber_lab::Rule`] for the language, and [`nimber_lab::values`]
//! for rules about game values (`--values`).

use std::io::Write;

use nimber_engine::solve::survey::Num;
use nimber_engine::Value;
use nimber_lab::values::Target;
use nimber_lab::{self as lab, Rule, Verdict};
use serde::Serialize;

use crate::args::CheckArgs;
use crate::error::Failure;
use crate::game::{build, partizan, survey, value_survey, Built};
use crate::output::{self, ObservedJson};

/// The value of `--value` without `--values`.
fn outcome_value(text: Option<&str>) -> Result<Value, Failure> {
    let Some(text) = text else { return Ok(Value::Lose) };
    Value::from_name(text.trim()).ok_or_else(|| {
        Failure::msg(format!(
            "--value {text}: a value is win, lose, tie or draw (with --values, a game value)"
        ))
    })
}

/// Checks the rule and reports: it holds, or the first counterexample.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if args.values {
        return run_values(args, out);
    }
    let built = build(&args.game)?;
    let value = outcome_value(args.value.as_deref())?;
    if args.nim && !matches!(value, Value::Win | Value::Lose) {
        return Err(Failure::msg(format!("--value {value}: nim values are wins and losses")));
    }
    // Read the rule (unknown features, syntax) before solving anything.
    let rule = Rule::new(&args.rule, &built.game.feature_names(), value)?;
    let (survey, elapsed) = survey(&built, args.from.as_deref(), args.nim)?;
    let verdict = lab::check(&survey, &rule)?;
    if args.json {
        output::write_json(out, &json(&built, &rule, &survey.scope, &verdict, &[], None))?;
        return Ok(());
    }
    writeln!(out, "game: {}", built.title())?;
    writeln!(out, "positions: {} ({})", verdict.positions, survey.scope)?;
    let meaning = if args.nim { "nim value" } else { "value" };
    writeln!(out, "rule: {} (true: the {meaning} is {value})", rule.text())?;
    writeln!(out)?;
    report(&verdict, &[], None, out)?;
    writeln!(out, "time: {}", output::duration(elapsed))?;
    Ok(())
}

/// `nimber check --values`: the rule against the game values.
fn run_values(args: &CheckArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let built = build(&args.game)?;
    let game = partizan(&built.recipe, "--values")?;
    // Read the rule and the target value before valuing anything.
    let rule = Rule::new(&args.rule, &game.feature_names(), Value::Lose)?;
    let target_text = args.value.as_deref().unwrap_or("0");
    Target::check_text(target_text)?;
    let (mut values, elapsed) = value_survey(game.as_ref(), args.from.as_deref())?;
    let target = if args.always { Target::Always } else { Target::value(target_text, &mut values)? };
    let verdict = lab::values::check(&mut values, &rule, target)?;
    let texts = values.survey.value_texts().to_vec();
    let outcome = verdict.counterexample.as_ref().and_then(|c| {
        let g = values.form(c.value)?;
        Some(values.forms.outcome(g).letter())
    });
    if args.json {
        output::write_json(out, &json(&built, &rule, &values.survey.scope, &verdict, &texts, outcome))?;
        return Ok(());
    }
    writeln!(out, "game: {}", built.title())?;
    writeln!(out, "positions: {} ({})", verdict.positions, values.survey.scope)?;
    let meaning = if args.always {
        "a statement, true at every position".to_string()
    } else {
        format!("a number, a value or an outcome class: what the value is; true: the value is {target_text}")
    };
    writeln!(out, "rule: {} ({meaning})", rule.text())?;
    writeln!(out)?;
    report(&verdict, &texts, outcome, out)?;
    writeln!(out, "time: {}", output::duration(elapsed))?;
    Ok(())
}

/// "holds on N positions", or the counterexample: its position, value (with its outcome class,
/// for game values), what the rule claimed and its features.
fn report(
    verdict: &Verdict,
    texts: &[String],
    outcome: Option<&str>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    match &verdict.counterexample {
        None => writeln!(out, "holds on {} positions", verdict.positions)?,
        Some(c) => {
            writeln!(out, "counterexample: {}", c.position)?;
            match outcome {
                Some(class) => writeln!(out, "  value: {} (outcome {class})", c.value.describe(texts))?,
                None => writeln!(out, "  value: {}", c.value.describe(texts))?,
            }
            writeln!(out, "  claimed: {}", c.claimed)?;
            let features: Vec<String> = c.features.iter().map(|(n, v)| format!("{n}={v}")).collect();
            writeln!(out, "  features: {}", features.join(" "))?;
        }
    }
    Ok(())
}

/// `nimber check --json`.
#[derive(Serialize)]
struct CheckJson<'a> {
    game: &'a str,
    scope: &'a str,
    rule: &'a str,
    holds: bool,
    positions: u64,
    counterexample: Option<CounterexampleJson<'a>>,
}

#[derive(Serialize)]
struct CounterexampleJson<'a> {
    position: &'a str,
    /// The true value: a value name, a nim value, or a game value's text.
    value: ObservedJson,
    /// With --values: the outcome class of the value.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'a str>,
    /// What the rule said: `lose`, `not lose`, `nim 2`, `{2|-1/2}`, `outcome N`, ...
    claimed: String,
    features: std::collections::BTreeMap<&'a str, Num>,
}

fn json<'a>(
    built: &'a Built,
    rule: &'a Rule,
    scope: &'a str,
    v: &'a Verdict,
    texts: &[String],
    outcome: Option<&'a str>,
) -> CheckJson<'a> {
    CheckJson {
        game: built.info().name,
        scope,
        rule: rule.text(),
        holds: v.holds,
        positions: v.positions,
        counterexample: v.counterexample.as_ref().map(|c| CounterexampleJson {
            position: &c.position,
            value: ObservedJson::new(c.value, texts),
            outcome,
            claimed: c.claimed.to_string(),
            features: c.features.iter().map(|(n, v)| (n.as_str(), *v)).collect(),
        }),
    }
}
