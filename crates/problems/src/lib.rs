//! Classic contest problems, reproduced exactly.
//!
//! Each problem reads its judge's input and prints exactly the judge's expected output with the
//! technique of the original write-up, made fast. Each is also a game of nimber's library
//! (crate `nimber-games`), and the tests check the fast method against exhaustive solving of the
//! game's rules.

pub mod berzerk;
pub mod enjapma;
pub mod fivehundredeleven;
pub mod gameindarkness;
pub mod input;
pub mod more_reclamation;
pub mod pathgame;

pub use input::InputError;

/// Options of `nimber problem`.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Use the exact (slow, proving) method where a problem has one besides its fast method.
    pub exact: bool,
}

/// A problem: its name, one line of description, and its solver.
pub struct Problem {
    /// The name used on the command line.
    pub name: &'static str,
    /// Where it comes from and what it asks.
    pub summary: &'static str,
    /// Reads the input and returns the expected output, without the final newline.
    pub solve: fn(&str, &Options) -> Result<String, InputError>,
}

static PROBLEMS: &[Problem] = &[
    Problem { name: "berzerk", summary: "Codeforces 786A Berzerk: a monster on a circle, a black hole; Win, Lose or Loop per start", solve: crate::berzerk::solve },
    crate::enjapma::PROBLEM,
    Problem { name: "fivehundredeleven", summary: "TopCoder SRM 511 Div2 1000 FiveHundredEleven: OR cards into a memory, 511 loses; Fox Ciel or Toastman", solve: crate::fivehundredeleven::solve },
    crate::gameindarkness::PROBLEM,
    crate::more_reclamation::PROBLEM,
    crate::pathgame::PROBLEM,
];

/// Every problem, in alphabetical order.
pub fn all() -> &'static [Problem] {
    PROBLEMS
}

/// The problem called `name`.
pub fn find(name: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|p| p.name == name)
}
