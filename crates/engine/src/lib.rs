//! nimber's engine: the game abstraction and exact solvers for two-player games.
//!
//! A game implements [`Game`] once (positions, moves, how it ends, a text notation) and every
//! solver works on it:
//!
//! - [`solve::memo`]: depth-first negamax with a transposition table, for games without cycles;
//! - [`solve::retrograde`]: retrograde analysis in parallel rounds, for any finite game, with
//!   draws for endless play;
//! - [`solve::grundy`]: Sprague-Grundy nim values of impartial games, with sums split into
//!   independent components.
//! - [`solve::loopy`]: generalized nim values `n` or `∞(K)` of impartial games with cycles.
//! - [`misere::Misere`]: the misère version of any game (a player left without a move wins).
//!
//! [`lab`] explores a game: every position of a family solved and tabulated by features,
//! patterns and rules mined from the table, and conjectured rules checked against it.
//!
//! Values are from the point of view of the player to move ([`Value`]), with remoteness: the
//! number of moves to the end under best play ([`Outcome`]).
//!
//! ```
//! use nimber_engine::{Game, Kind, Move, ParseError, Value, Outcome, Silent};
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
//!     fn format(&self, n: &u32) -> String { n.to_string() }
//!     fn parse(&self, text: &str) -> Result<u32, ParseError> {
//!         text.trim().parse().map_err(|_| ParseError::new("not a number"))
//!     }
//! }
//!
//! let game = TakeAway(9);
//! let solution = memo::solve(&game, &[game.start()], &Silent).unwrap();
//! assert_eq!(solution.get(&9), Some(Outcome::new(Value::Lose, 6)));
//! assert_eq!(solution.get(&7), Some(Outcome::new(Value::Win, 5)));
//! ```

pub mod error;
pub mod lab;
pub mod memory;
pub mod progress;
pub mod rules;
pub mod solve;
pub mod store;
pub mod table;
pub mod view;

// The modules' paths before the layers (`nimber_engine::dense`, ...), kept for other crates.
pub use rules::{adapt, game, misere, params, value};
pub use solve::{explore, solution};
pub use store::checkpoint;
pub use table::{dense, index};
pub use view::dyn_game;

pub use dyn_game::{DynGame, MoveReport, QueryOptions, QueryReport, Row, SolveOptions, SolveReport, Solved};
pub use error::{Error, ParseError};
pub use game::{Game, Kind, Move};
pub use index::{Indexed, MoveClasses};
pub use misere::Misere;
pub use params::{ParamSpec, Params};
pub use progress::{Progress, Silent};
pub use solution::{CountRow, NimSolution, OutcomeTable, Solution};
pub use solve::loopy::LoopyNim;
pub use solve::SolverChoice;
pub use value::{Outcome, Value};
