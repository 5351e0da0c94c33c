//! Partizan combinatorial game theory for nimber: the algebra of *On Numbers and Games* and
//! *Winning Ways* for short games, where the players have different moves.
//!
//! Layers, each importing only those above it:
//! - [`thermograph`]: walls and thermographs (the arithmetic of cooling), drawn as SVG.
//! - [`forms`]: canonical forms stored once each ([`Forms`], [`Form`]): construction,
//!   comparison, negation, sums, outcome classes, stops, thermographs, mean, temperature and
//!   cooling.
//! - [`print`](mod@print) and [`parse`](mod@parse): CGSuite's notation, out and in (values, sums, comparisons).
//! - [`game`]: games that state Left's and Right's moves ([`Partizan`]), their values
//!   ([`Evaluator`]), and the bridge to the engine's strong solvers ([`Bridge`]).
//! - [`survey`]: surveys of values: every position of a family valued in one store and
//!   tabulated by features, the parts of the value among them (`nimber explore --values`).
//! - [`dynamic`]: the games for front ends, positions as text ([`DynPartizan`]): values, the
//!   values of moves remembered between calls ([`Memory`]), drawings and surveys.

pub mod dynamic;
pub mod forms;
pub mod game;
pub mod parse;
pub mod print;
pub mod survey;
pub mod thermograph;

pub use dynamic::{Analysis, DynPartizan, Memory, Valued, ValuedMove};
pub use forms::{Form, Forms, OutcomeClass, Relation};
pub use game::{Bridge, Evaluator, Partizan, PartizanCapabilities, Player};
pub use nimber_engine::Dyadic;
pub use print::{Nus, Printer};
pub use survey::ValueSurvey;
pub use thermograph::{Thermograph, Trajectory};
