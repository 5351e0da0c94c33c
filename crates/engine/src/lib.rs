//! nimber's engine: the game abstraction and exact solvers for two-player games.
//!
//! A game implements [`Game`] once (positions, moves, how it ends) and every solver works on
//! it. What a game may have besides its rules (a text notation, drawings, components, moves
//! backward, features for exploration) are opt-in capabilities, traits of their own in
//! [`rules::capability`].
//!
//! - [`solve::memo`]: depth-first negamax with a transposition table, for games without cycles;
//! - [`solve::retrograde`]: retrograde analysis in parallel rounds, for any finite game, with
//!   draws for endless play;
//! - [`solve::grundy`]: Sprague-Grundy nim values of impartial games, with sums split into
//!   independent components.
//! - [`solve::loopy`]: generalized nim values `n` or `∞(K)` of impartial games with cycles.
//! - [`misere::Misere`]: the misère version of any game (a player left without a move wins).
//!
//! [`solve::survey`] solves every position of a game's family and tabulates it by features
//! (what is made of the table, mined and conjectured rules, is the `nimber-lab` crate's).
//!
//! The modules form layers, each importing only from those below it (checked by
//! `crates/cli/tests/imports.rs`): [`error`], [`progress`], [`memory`] and [`dyadic`] (numbers) for all;
//! [`rules`] (the `Game` trait and its capabilities, values, parameters, misère play);
//! [`solve`] (the solvers over any game); [`table`] (dense indexes and the dense solver);
//! [`store`] (solutions and checkpoints in files); [`view`] (the object-safe [`DynGame`] that
//! front ends use).
//!
//! Values are from the point of view of the player to move ([`Value`]), with remoteness: the
//! number of moves to the end under best play ([`Outcome`]).
//!
//! ```
//! use nimber_engine::{Game, Kind, Move, Value, Outcome, Silent};
//! use nimber_engine::solve::memo;
//!
//! /// Take 1 or 2 counters from a pile; whoever cannot move loses.
//! struct TakeAway(u32);
//!
//! impl Game for TakeAway {
//!     type Position = u32;
//!     fn kind(&self) -> Kind { Kind::Impartial }
//!     fn start(&self) -> u32 { self.0 }
//!     fn moves(&self, &n: &u32) -> Vec<Move<u32>> {
//!         (1..=2).filter(|&k| k <= n).map(|k| Move::new(format!("-{k}"), n - k)).collect()
//!     }
//! }
//!
//! let game = TakeAway(9);
//! let solution = memo::solve(&game, &[game.start()], &Silent).unwrap();
//! assert_eq!(solution.get(&9), Some(Outcome::new(Value::Lose, 6)));
//! assert_eq!(solution.get(&7), Some(Outcome::new(Value::Win, 5)));
//! ```

#![warn(missing_docs)]

pub mod dyadic;
pub mod error;
pub mod memory;
pub mod progress;
pub mod rules;
pub mod solve;
pub mod store;
pub mod table;
pub mod view;

// The modules' paths before the layers (`nimber_engine::dense`, ...), kept for other crates.
pub use rules::{adapt, game, misere, params, value};
pub use solve::{solution, survey};
pub use store::{checkpoint, files};
pub use table::index;
pub use view::dyn_game;

/// The dense solver ([`table::dense`]) and its front-end wrapper ([`view::dense::Dense`]) at
/// their path before the layers.
pub mod dense {
    pub use crate::table::dense::*;
    pub use crate::view::dense::{Dense, DenseStore, MemberFn, Members, MAX_ROWS};
}
pub use dyadic::Dyadic;
pub use dyn_game::{DynGame, MoveReport, QueryOptions, QueryReport, Row, SolveOptions, SolveReport, Solved};
pub use error::{Choice, Error, ParseError};
pub use game::{Game, Kind, Move};
pub use index::{ChildEnds, Indexed, MoveClasses};
pub use misere::Misere;
pub use params::{GameId, ParamSpec, Params};
pub use progress::{Progress, Silent};
pub use rules::capability::{Backward, Capabilities, Decompose, Draw, Explore, Family, Notation, Numbered};
pub use solution::{CountRow, NimSolution, OutcomeTable, Solution};
pub use solve::loopy::LoopyNim;
pub use solve::SolverChoice;
pub use value::{Outcome, Value};
