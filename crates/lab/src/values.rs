//! Rules about game values (`nimber check GAME --values`): a partizan game's positions are
//! valued ([`nimber_partizan::survey`]), and a rule's result claims something of the value.
//!
//! - A string is a value in CGSuite's notation (`"+-1"`, `"{2|-1/2}"`, `"*"`, `"^*"`,
//!   `"-1/2"`), compared with the position's value by canonical form (`"{1|-1}"` is `"+-1"`);
//!   or an outcome class, `"L"` (Left wins whoever starts), `"R"`, `"N"` (the player to move
//!   wins) or `"P"` (the player to move loses: the value is 0).
//! - An integer or a float is that number: `-(cols / 2)` says "the value is -floor(cols/2)".
//! - `true` / `false`: the value is / is not the target ([`Target::Is`], `--value`, 0 unless
//!   given: `true` says "the player to move loses"). With [`Target::Always`] (`--always`) the
//!   rule is a statement that must be true at every position, such as `temperature <= 1` or
//!   `left_stop >= right_stop`: `false` is a counterexample.
//!
//! Values written in a rule are read with the bounds of `nimber value` (length, nesting, size of
//! numbers, a budget of forms), each distinct text once.

use std::collections::HashMap;

use nimber_engine::solve::survey::Observed;
use nimber_engine::{Dyadic, Error};
use nimber_partizan::parse::{parse, Statement};
use nimber_partizan::survey::copy_form;
use nimber_partizan::{Form, Forms, OutcomeClass, Printer, ValueSurvey};

use crate::rule::{Claim, Rule, Said};
use crate::{Counterexample, Verdict};

/// The forms a value written in a rule may build (as for `nimber value`).
pub const BUDGET: usize = 200_000;

/// What a `true` result claims.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The value is this one (a form of the survey's store).
    Is(Form),
    /// The rule is a statement, true at every position.
    Always,
}

impl Target {
    /// The value written `text` in CGSuite's notation (`--value`), built in the survey's store.
    pub fn value(text: &str, survey: &mut ValueSurvey) -> Result<Target, Error> {
        Ok(Target::Is(read_target(text, &mut survey.forms)?))
    }

    /// Checks that `text` is a value that [`Target::value`] reads, before any survey.
    pub fn check_text(text: &str) -> Result<(), Error> {
        read_target(text, &mut Forms::new()).map(|_| ())
    }
}

/// `--value TEXT` built in `forms`.
fn read_target(text: &str, forms: &mut Forms) -> Result<Form, Error> {
    read_value(text, forms).map(|(g, _)| g).map_err(|e| Error::Param(format!("--value {text}: {e}")))
}

/// A value written in CGSuite's notation, read in a store of its own with a budget, then built
/// in `forms`; with its canonical text. The message of an error says what is wrong (with the
/// column).
fn read_value(text: &str, forms: &mut Forms) -> Result<(Form, String), String> {
    let mut own = Forms::with_budget(BUDGET);
    let g = match parse(text, &mut own) {
        Ok(Statement::Value(g)) => g,
        Ok(Statement::Comparison { .. }) => return Err("a comparison, not a value".to_string()),
        Err(e) => {
            return Err(match e.column {
                Some(c) => format!("at its column {c}: {}", e.message),
                None => e.message,
            })
        }
    };
    let printed = Printer::new(&mut own).text(g);
    if own.exhausted() {
        return Err(format!("it needs over {BUDGET} canonical forms"));
    }
    Ok((copy_form(forms, &own, g), printed))
}

/// A claim read, ready to be checked against values.
#[derive(Clone, Debug)]
enum Claimed {
    /// The value is (`true`) or is not this form.
    Form(Form, bool, String),
    /// The value is this number.
    Number(Dyadic),
    /// The value has this outcome class.
    Class(OutcomeClass),
    /// A statement's truth.
    Statement(bool),
}

impl Claimed {
    fn holds(&self, forms: &mut Forms, actual: Form) -> bool {
        match self {
            Claimed::Form(g, is, _) => (actual == *g) == *is,
            Claimed::Number(x) => forms.as_number(actual) == Some(*x),
            Claimed::Class(c) => forms.outcome(actual) == *c,
            Claimed::Statement(b) => *b,
        }
    }

    /// The claim in words: `{2|-1/2}`, `not 0`, `-3`, `outcome N`, `false`.
    fn words(&self) -> String {
        match self {
            Claimed::Form(_, true, text) => text.clone(),
            Claimed::Form(_, false, text) => format!("not {text}"),
            Claimed::Number(x) => x.to_string(),
            Claimed::Class(c) => format!("outcome {}", c.letter()),
            Claimed::Statement(b) => b.to_string(),
        }
    }
}

/// The outcome class a letter names.
fn class(letter: &str) -> Option<OutcomeClass> {
    [OutcomeClass::L, OutcomeClass::R, OutcomeClass::N, OutcomeClass::P]
        .into_iter()
        .find(|c| c.letter() == letter)
}

/// Checks `rule` on every position of the survey of values (once per feature vector; see the
/// module documentation for what its results claim).
pub fn check(survey: &mut ValueSurvey, rule: &Rule, target: Target) -> Result<Verdict, Error> {
    let ValueSurvey { survey, forms, values } = survey;
    let target_text = match target {
        Target::Is(g) => Printer::new(forms).text(g),
        Target::Always => String::new(),
    };
    let mut texts: HashMap<String, Claimed> = HashMap::new();
    let mut worst: Option<(u64, usize, usize, Claimed)> = None;
    for (c, cell) in survey.cells.iter().enumerate() {
        let said = rule.said(&cell.key)?;
        let claimed = match (said, target) {
            (Said::Bool(b), Target::Always) => Claimed::Statement(b),
            (Said::Bool(b), Target::Is(g)) => Claimed::Form(g, b, target_text.clone()),
            (said, Target::Always) => {
                return Err(rule.error_at(
                    &cell.key,
                    format!("it gives {said}"),
                    "with --always a rule is a statement: true or false",
                ))
            }
            (Said::Int(n), _) => Claimed::Number(Dyadic::int(n as i128)),
            (Said::Number(x), _) => Claimed::Number(x),
            (Said::Text(text), _) => match texts.get(&text) {
                Some(claimed) => claimed.clone(),
                None => {
                    let claimed = match class(text.trim()) {
                        Some(c) => Claimed::Class(c),
                        None => {
                            let (g, printed) = read_value(&text, forms).map_err(|e| {
                                rule.error_at(
                                    &cell.key,
                                    format!("it gives \"{text}\""),
                                    format!("not an outcome class (L, R, N, P) nor a value in CGSuite's notation: {e}"),
                                )
                            })?;
                            Claimed::Form(g, true, printed)
                        }
                    };
                    texts.insert(text, claimed.clone());
                    claimed
                }
            },
        };
        for (k, e) in cell.entries.iter().enumerate() {
            let actual = match e.value {
                Observed::Value(i) => values[i as usize],
                other => return Err(Error::Unsupported(format!("a survey of values holds {other}"))),
            };
            if !claimed.holds(forms, actual) && worst.as_ref().is_none_or(|(first, ..)| e.first < *first) {
                worst = Some((e.first, c, k, claimed.clone()));
            }
        }
    }
    let counterexample = worst.map(|(_, c, k, claimed)| {
        let cell = &survey.cells[c];
        Counterexample {
            position: cell.entries[k].example.clone(),
            value: cell.entries[k].value,
            claimed: Claim::About(claimed.words()),
            features: survey.features.iter().cloned().zip(cell.key.iter().copied()).collect(),
        }
    });
    Ok(Verdict { holds: counterexample.is_none(), positions: survey.positions, counterexample })
}
