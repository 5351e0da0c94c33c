//! Partizan combinatorial game theory for nimber: the algebra of *On Numbers and Games* and
//! *Winning Ways* for short games, where the players have different moves.
//!
//! Layers, each importing only those above it:
//! - [`dyadic`]: the numbers of short games (dyadic rationals).
//! - [`thermograph`]: walls and thermographs (the arithmetic of cooling), drawn as SVG.
//! - [`forms`]: canonical forms stored once each ([`Forms`], [`Form`]): construction,
//!   comparison, negation, sums, outcome classes, stops, thermographs, mean, temperature and
//!   cooling.
//! - [`print`] and [`parse`]: CGSuite's notation, out and in (values, sums, comparisons).
//! - [`game`]: games that state Left's and Right's moves ([`Partizan`]), their values
//!   ([`Evaluator`]), and the bridge to the engine's strong solvers ([`Bridge`]).

pub mod dyadic;
pub mod forms;
pub mod game;
pub mod parse;
pub mod print;
pub mod thermograph;

pub use dyadic::Dyadic;
pub use forms::{Form, Forms, OutcomeClass, Relation};
pub use game::{Analysis, Bridge, DynPartizan, Evaluator, Memory, Partizan, Player, Valued, ValuedMove};
pub use print::{Nus, Printer};
pub use thermograph::{Thermograph, Trajectory};
