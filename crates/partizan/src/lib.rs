//! Partizan combinatorial game theory for nimber: the algebra of *On Numbers and Games* and
//! *Winning Ways* for short games, where the players have different moves.
//!
//! Layers, each importing only those above it:
//! - [`dyadic`]: the numbers of short games (dyadic rationals).
//! - [`forms`]: canonical forms stored once each ([`Forms`], [`Form`]): construction,
//!   comparison, negation, sums, outcome classes.
//! - [`print`] and [`parse`]: CGSuite's notation, out and in (values, sums, comparisons).
//! - [`game`]: games that state Left's and Right's moves ([`Partizan`]), their values
//!   ([`Evaluator`]), and the bridge to the engine's strong solvers ([`Bridge`]).

pub mod forms;
pub mod game;
pub mod parse;
pub mod print;

pub use forms::{Form, Forms, OutcomeClass, Relation};
pub use game::{Bridge, DynPartizan, Evaluator, Partizan, Player, Valued};
/// The dyadic rationals, the engine's ([`nimber_engine::dyadic`]): plain arithmetic shared with
/// the surveys of values.
pub use nimber_engine::dyadic;
pub use nimber_engine::dyadic::Dyadic;
pub use print::{Nus, Printer};
