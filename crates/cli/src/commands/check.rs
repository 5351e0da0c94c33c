//! `nimber check`: checks a conjectured rule, an expression over a game's features, against
//! exhaustive solving of every position of the game's family (or of the positions reachable
//! from one position). See [`nimber_lab::rule`] for the language.

use std::io::Write;

use clap::{Args, ValueEnum};
use nimber_engine::Value;
use nimber_lab::{self as lab, Num, Observed, Rule, Verdict};
use serde::Serialize;

use crate::args::GameArgs;
use crate::commands::{build, survey, Built};
use crate::error::Failure;
use crate::output;

/// `nimber check GAME --rule EXPR`.
#[derive(Debug, Args)]
#[command(after_help = "The rule is an expression over the game's features (see `nimber help GAME`; every \
                        game has `moves`): integers, + - * / % (Rust's remainder), comparisons == != < <= > >=, \
                        && || !, bitwise & | ^ (XOR; they bind more loosely than comparisons, as in C), \
                        parentheses, min(a, b), max(a, b), abs(a), if c { a } else { b }. True means the \
                        position has the value of --value (lose: the player to move loses); a rule may also \
                        give a value name (\"draw\"), or with --nim a nim value.\n\nExamples:\n  \
                        nimber check enjapma -p h=3 -p w=4 --rule '(on_light + 2*on_dark) % 3 == 0'\n  \
                        nimber check nim -p heaps=3 -p max=7 --rule 'xor == 0'\n  \
                        nimber check nim -p heaps=3 -p max=7 --nim --rule 'heap1 ^ heap2 ^ heap3'\n  \
                        nimber check gameindarkness -p field=A..../...../....B --rule 'dist_diff >= 2' --value draw")]
pub struct CheckArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The conjecture: an expression over the game's features, such as '(pieces + on_dark) % 3 == 0'
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    pub rule: String,

    /// The value a true rule claims (a false one claims any other value)
    #[arg(long, value_enum, default_value_t = ValueArg::Lose)]
    pub value: ValueArg,

    /// Check nim values (Sprague-Grundy; impartial games): a number-valued rule gives the nim value
    #[arg(long)]
    pub nim: bool,

    /// Check the positions reachable from this position instead of the game's family
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub from: Option<String>,

    /// Write JSON instead of text: {"holds", "positions", "counterexample": {"position", "value",
    /// "claimed"} or null}
    #[arg(long)]
    pub json: bool,
}

/// The values, as named on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ValueArg {
    Win,
    Lose,
    Tie,
    Draw,
}

impl From<ValueArg> for Value {
    fn from(v: ValueArg) -> Value {
        match v {
            ValueArg::Win => Value::Win,
            ValueArg::Lose => Value::Lose,
            ValueArg::Tie => Value::Tie,
            ValueArg::Draw => Value::Draw,
        }
    }
}

/// Checks the rule and reports: it holds, or the first counterexample.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let built = build(&args.game)?;
    let value = Value::from(args.value);
    if args.nim && !matches!(value, Value::Win | Value::Lose) {
        return Err(Failure::msg(format!("--value {value}: nim values are wins and losses")));
    }
    // Read the rule (unknown features, syntax) before solving anything.
    let rule = Rule::new(&args.rule, &built.game.feature_names(), value)?;
    let (survey, elapsed) = survey(&built, args.from.as_deref(), args.nim)?;
    let verdict = lab::check(&survey, &rule)?;
    if args.json {
        output::write_json(out, &json(&built, &rule, &survey.scope, &verdict))?;
        return Ok(());
    }
    writeln!(out, "game: {}", built.title())?;
    writeln!(out, "positions: {} ({})", verdict.positions, survey.scope)?;
    let meaning = if args.nim { "nim value" } else { "value" };
    writeln!(out, "rule: {} (true: the {meaning} is {value})", rule.text())?;
    writeln!(out)?;
    match &verdict.counterexample {
        None => writeln!(out, "holds on {} positions", verdict.positions)?,
        Some(c) => {
            writeln!(out, "counterexample: {}", c.position)?;
            writeln!(out, "  value: {}", c.value)?;
            writeln!(out, "  claimed: {}", c.claimed)?;
            let features: Vec<String> = c.features.iter().map(|(n, v)| format!("{n}={v}")).collect();
            writeln!(out, "  features: {}", features.join(" "))?;
        }
    }
    writeln!(out, "time: {}", output::duration(elapsed))?;
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
    /// The true value: a value name, or a nim value.
    value: Observed,
    /// What the rule said: `lose`, `not lose`, `nim 2`, ...
    claimed: String,
    features: std::collections::BTreeMap<&'a str, Num>,
}

fn json<'a>(built: &'a Built, rule: &'a Rule, scope: &'a str, v: &'a Verdict) -> CheckJson<'a> {
    CheckJson {
        game: built.info.name,
        scope,
        rule: rule.text(),
        holds: v.holds,
        positions: v.positions,
        counterexample: v.counterexample.as_ref().map(|c| CounterexampleJson {
            position: &c.position,
            value: c.value,
            claimed: c.claimed.to_string(),
            features: c.features.iter().map(|(n, v)| (n.as_str(), *v)).collect(),
        }),
    }
}
