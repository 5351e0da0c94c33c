//! nimber's engine: the game abstraction and exact solvers for two-player games.
//!
//! A game implements [`Game`] once (positions, moves, how it ends) and every solver works on
//! it. What a game may have besides its rules (a text notation, drawings, components, moves
//! backward, features for exploration) are opt-in capabilities, each a trait of its own
//! ([`Notation`], [`Draw`], [`Decompose`], [`Backward`], [`Numbered`], [`Explore`]), announced
//! once by [`Game::capabilities`].
//!
//! The face is small, and every item has one path:
//!
//! - at the root, what every user of the engine names: the rules ([`Game`], [`Move`], [`Kind`],
//!   the capabilities, [`Misere`], [`Unsplit`]), values ([`Value`], [`Outcome`], [`Dyadic`]),
//!   parameters ([`Params`], [`ParamSpec`], [`GameId`]), errors ([`Error`], [`ParseError`],
//!   [`Choice`]), progress ([`Progress`], [`Silent`]), solutions ([`Solution`],
//!   [`NimSolution`], [`OutcomeTable`], [`CountRow`]) and the object-safe view front ends hold
//!   ([`DynGame`], with [`SolveOptions`], [`SolveReport`], [`QueryOptions`], [`QueryReport`],
//!   [`MoveReport`], [`Row`], [`Solved`]);
//! - [`solve`]: the solvers over any game. [`solve::memo`] (depth-first negamax with a
//!   transposition table, for games without cycles), [`solve::retrograde`] (retrograde analysis
//!   in parallel rounds, for any finite game, with draws for endless play), [`solve::grundy`]
//!   (Sprague-Grundy values, sums split into components), [`solve::loopy`] (generalized nim
//!   values of games with cycles), [`solve::survey`] (every position of a family tabulated by
//!   features), [`solve::exchange`] (how the members of a split solve share rounds),
//!   [`solve::reach`] and [`solve::SolverChoice`];
//! - [`table`]: dense indexes ([`table::Indexed`]; the solvers' fast paths are
//!   [`table::plumbing::SlotMoves`]; [`table::check`] tests an index), the dense and lean
//!   solvers ([`table::dense`], [`table::lean`]) and [`table::subset`] ranking;
//! - [`store`]: solutions in files ([`store::Store`]), checkpoints ([`store::checkpoint`]),
//!   files written whole ([`store::files`]);
//! - [`view`]: what front ends use beyond [`DynGame`]: the view of an indexed game
//!   ([`view::dense`]), the cache of solved games ([`view::cache`]) and the choice of a solver
//!   ([`view::plan`]);
//! - [`memory`]: the memory limit every solver checks.
//!
//! Inside, the modules form layers, each importing only from those below it (checked by
//! `crates/cli/tests/imports.rs`): errors, progress, memory and dyadic numbers for all; `rules`
//! (the `Game` trait and its capabilities, values, parameters, misère play); `solve`; `table`;
//! `store`; `view`.
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
#![warn(unreachable_pub)]

mod dyadic;
mod error;
pub mod memory;
mod progress;
mod rules;
pub mod solve;
pub mod store;
pub mod table;
pub mod view;

pub use dyadic::Dyadic;
pub use error::{Choice, Error, ParseError};
pub use progress::{Progress, Silent};
pub use rules::adapt::Unsplit;
pub use rules::capability::{
    Backward, Capabilities, Decompose, Draw, Explore, Family, Notation, Numbered, Part,
};
pub use rules::game::{Game, Kind, Move};
pub use rules::misere::Misere;
pub use rules::params::{GameId, ParamSpec, Params};
pub use rules::search::{Search, Searcher};
pub use rules::value::{Outcome, Value};
pub use solve::solution::{CountRow, NimSolution, OutcomeTable, Solution};
pub use view::dyn_game::{
    DynGame, MoveReport, QueryOptions, QueryReport, Row, SearchReport, SearchedMove, SolveOptions,
    SolveReport, Solved,
};
pub use view::search::DynSearcher;
