//! Exploration and conjecture checking: solve every small position, lay the results out by a few
//! features, look for a pattern, then check the pattern.
//!
//! A game exposes named numeric **features** of a position ([`Explore::features`](nimber_engine::Explore::features),
//! [`Explore::feature_values`](nimber_engine::Explore::feature_values); every game also has `moves`, the number of moves) and a **family**
//! of positions to enumerate, set by its parameters ([`Explore::family`](nimber_engine::Explore::family); by default the positions
//! reachable from the start). Three steps build on that:
//!
//! 1. [`survey`](nimber_engine::solve::survey::survey) solves every position of the family exhaustively (each group of the family in
//!    one memo search, or retrograde analysis when it has cycles, with all its positions as
//!    roots; or the Sprague-Grundy solver for nim values) and tabulates the values by the
//!    vector of *all* features: a [`Survey`]. For each feature vector and value it keeps the
//!    number of positions and the first of them in the family's order.
//! 2. [`explore`] projects the survey onto the features asked for: the table of values with
//!    counts, whether the value is a function of those features (else one pair of positions
//!    with equal features and different values), periodicity along each feature, and a rule
//!    mined from the table ([`Exploration`]).
//! 3. [`check`] evaluates a conjectured [`Rule`] (an expression over features) against
//!    the survey. A rule depends on the position only through its features, so evaluating it
//!    once per distinct feature vector of the survey checks it on every position exactly; the
//!    first counterexample is the first failing position in the family's order.
//!
//! The survey (step 1) is the engine's ([`nimber_engine::solve::survey`]), since it needs only the rules and the solvers; this crate adds what is made of it, and is the only one
//! that evaluates rules (with the Rhai interpreter).
//!
//! Partizan games are also surveyed by their game values ([`nimber_partizan::survey`]: every
//! position valued in one store of forms, the parts of the value among the features); [`explore`]
//! takes such a survey as it is, and [`values::check`] checks rules about values (numbers,
//! values in CGSuite's notation, outcome classes, statements).

mod mine;
mod rule;
pub mod values;

use nimber_engine::solve::survey::{feature_index, Cell, Entry, Num, Observed, Survey};
use nimber_engine::Error;

pub use mine::{Exploration, Period, Witness};
pub use rule::{Claim, Rule};

/// The outcome of checking a rule.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Whether the rule is right on every position.
    pub holds: bool,
    /// How many positions were checked.
    pub positions: u64,
    /// The first position (in the survey's order) where it is wrong.
    pub counterexample: Option<Counterexample>,
}

/// A position where a rule is wrong.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The position in the game's notation.
    pub position: String,
    /// Its true value.
    pub value: Observed,
    /// What the rule said.
    pub claimed: Claim,
    /// Its features, by name.
    pub features: Vec<(String, Num)>,
}

/// Checks `rule` on every position of the survey (once per feature vector).
pub fn check(survey: &Survey, rule: &Rule) -> Result<Verdict, Error> {
    let mut worst: Option<(u64, &Cell, &Entry, Claim)> = None;
    for cell in &survey.cells {
        let claim = rule.eval(&cell.key, survey.nim)?;
        for e in cell.entries.iter().filter(|e| !claim.holds(e.value)) {
            if worst.as_ref().is_none_or(|(first, ..)| e.first < *first) {
                worst = Some((e.first, cell, e, claim.clone()));
            }
        }
    }
    let counterexample = worst.map(|(_, cell, e, claimed)| Counterexample {
        position: e.example.clone(),
        value: e.value,
        claimed,
        features: survey.features.iter().cloned().zip(cell.key.iter().copied()).collect(),
    });
    Ok(Verdict { holds: counterexample.is_none(), positions: survey.positions, counterexample })
}

/// Explores the survey by the features named in `by` (one to four): see [`Exploration`].
pub fn explore(survey: &Survey, by: &[String]) -> Result<Exploration, Error> {
    if by.is_empty() || by.len() > 4 {
        return Err(Error::Param(format!("--by takes one to four features; {} given", by.len())));
    }
    let mut index = Vec::new();
    for (k, name) in by.iter().enumerate() {
        let i = feature_index(&survey.features, name)?;
        if by[..k].contains(name) {
            return Err(Error::Param(format!("feature `{name}` given twice")));
        }
        index.push(i);
    }
    let cells = survey.project(&index);
    Ok(mine::analyse(survey, by.to_vec(), cells))
}
