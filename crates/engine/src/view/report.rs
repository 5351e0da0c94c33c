//! What the views answer with: the options of a solve ([`SolveOptions`]) and of a query
//! ([`QueryOptions`]), their reports ([`SolveReport`] with its [`Row`]s, [`QueryReport`] with its
//! [`MoveReport`]s), a game solved once ([`Solved`]), and the helpers every view shares: a
//! position parsed from text, and a query's report from the outcomes of a position and its moves.

use crate::error::Error;
use crate::rules::capability;
use crate::rules::game::Game;
use crate::rules::value::{Outcome, Value};
use crate::solve::loopy::LoopyNim;
use crate::solve::solution::CountRow;
use crate::solve::SolverChoice;
use crate::store::checkpoint::hook::CheckpointOptions;

/// What to solve and how.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Which solver; [`SolverChoice::Auto`] picks one.
    pub solver: SolverChoice,
    /// Ask for nim values (Sprague-Grundy) rather than outcomes; generalized values `∞(K)` of
    /// the loopy solver when the game has cycles.
    pub nim: bool,
    /// Keep every position's row in the report (for dumps).
    pub rows: bool,
    /// The most memory a solve may take, in bytes: solvers that can estimate their needs
    /// beforehand (the dense solver) refuse with the estimate when it is over. `None`: no limit.
    pub memory: Option<u64>,
    /// Keep checkpoints of a long solve, or resume from one (games solved through a dense
    /// index; see [`crate::store::checkpoint`]): a game without one refuses it
    /// ([`crate::view::plan::needs_dense`]).
    pub checkpoint: Option<CheckpointOptions>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { solver: SolverChoice::Auto, nim: false, rows: false, memory: None, checkpoint: None }
    }
}

/// One solved position, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The position in the game's notation.
    pub position: String,
    /// Value and remoteness, for the outcome solvers.
    pub outcome: Option<Outcome>,
    /// Nim value, for the Sprague-Grundy solver (and finite values of the loopy solver).
    pub nim: Option<u32>,
    /// `K` of a generalized nim value `∞(K)`, for the loopy solver (`nim` is then `None`).
    pub infinite: Option<Vec<u32>>,
}

impl Row {
    /// A row of an outcome solver: a position and its outcome (no nim value).
    pub fn outcome(position: String, outcome: Option<Outcome>) -> Row {
        Row { position, outcome, nim: None, infinite: None }
    }

    /// The nim value, finite or infinite, when there is one.
    pub fn loopy(&self) -> Option<LoopyNim> {
        match (self.nim, &self.infinite) {
            (Some(n), _) => Some(LoopyNim::Finite(n)),
            (None, Some(k)) => Some(LoopyNim::Infinite(k.clone())),
            (None, None) => None,
        }
    }
}

/// The result of a full solve.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// The solver that produced the result.
    pub solver: SolverChoice,
    /// The start position, its outcome and/or nim value.
    pub start: Row,
    /// Number of positions solved.
    pub positions: u64,
    /// Positions by value and remoteness (outcome solvers).
    pub counts: Vec<CountRow>,
    /// Positions by nim value (Sprague-Grundy solver; finite values of the loopy solver).
    pub nim_counts: Vec<(u32, u64)>,
    /// Positions by infinite value `∞(K)` (loopy solver), by `K`.
    pub infinite_counts: Vec<(Vec<u32>, u64)>,
    /// Every position, when asked for.
    pub rows: Vec<Row>,
    /// Remarks for the user, such as a change of solver.
    pub notes: Vec<String>,
}

/// One move of a queried position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The move's label.
    pub label: String,
    /// The resulting position in the game's notation.
    pub position: String,
    /// What the move gives the player who makes it; remoteness counts the move itself.
    pub outcome: Outcome,
    /// The nim value of the resulting position, when asked for ([`QueryOptions::nim`]).
    pub nim: Option<LoopyNim>,
}

/// The answer of an exact search about one position ([`crate::solve::search`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The position in the game's notation.
    pub position: String,
    /// Its value for the player to move, with its remoteness where it was searched for.
    pub value: Value,
    /// The remoteness, where searched for (a win or a loss, with remoteness asked).
    pub remoteness: Option<u32>,
    /// The value in the game's own scoring, where it has one ([`crate::rules::search::Searched::score`]).
    pub score: Option<i32>,
    /// Every move with what it gives the player who makes it, best first (when asked for).
    pub moves: Vec<SearchedMove>,
    /// Positions searched, in all the searches of the report.
    pub nodes: u64,
    /// Of those, the positions answered from a solved store (`--db`).
    pub probed: u64,
    /// Entries of the transposition table in use at the end of the position's own search, and
    /// its size.
    pub table_used: usize,
    /// Entries of the transposition table.
    pub table_entries: usize,
}

/// One move of a [`SearchReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchedMove {
    /// The move's label.
    pub label: String,
    /// The resulting position in the game's notation.
    pub position: String,
    /// What the move gives the player who makes it.
    pub value: Value,
    /// The remoteness, counting the move itself, where searched for.
    pub remoteness: Option<u32>,
    /// The value in the game's own scoring for the player who makes the move, where it has one.
    pub score: Option<i32>,
}

/// The answer to a query about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryReport {
    /// The position in the game's notation.
    pub position: String,
    /// Its value and remoteness for the player to move.
    pub outcome: Outcome,
    /// Every move, best first.
    pub moves: Vec<MoveReport>,
    /// Remarks for the user.
    pub notes: Vec<String>,
    /// The position's nim value, when asked for ([`QueryOptions::nim`]).
    pub nim: Option<LoopyNim>,
}

impl QueryReport {
    /// Whether the position's outcome is the best of what its moves give (one ply of the
    /// solve, checked again against the rules; a position without moves is not checked): a
    /// stored solution that disagrees was written for other rules.
    pub fn consistent(&self) -> bool {
        // The moves' outcomes are the mover's already.
        match self.moves.iter().map(|m| m.outcome).max_by(|a, b| a.preference_cmp(*b)) {
            None => true,
            Some(best) if best.value() == Value::Draw => self.outcome.value() == Value::Draw,
            Some(best) => best == self.outcome,
        }
    }
}

/// How to answer a query.
#[derive(Clone, Debug, Default)]
pub struct QueryOptions {
    /// Also give the nim value of the position and of every move's result (impartial games
    /// under normal play; generalized values `∞(K)` when the game has cycles).
    pub nim: bool,
}

/// A game solved once ([`DynGame::solved`](crate::view::dyn_game::DynGame::solved)): answers queries about its positions from the solved
/// table, without solving again. Front ends that answer many queries (the web explorer) hold one.
pub trait Solved: Send + Sync {
    /// Number of positions solved.
    fn positions(&self) -> u64;

    /// The positions solved, counted by value and then by remoteness.
    fn counts(&self) -> Vec<CountRow>;

    /// A position (the start when `None`) and what each of its moves gives the mover, best first,
    /// as [`DynGame::query`](crate::view::dyn_game::DynGame::query) reports it. A position the solve did not reach is refused.
    fn query(&self, position: Option<&str>) -> Result<QueryReport, Error>;
}

/// The position `text` names in `game`, its parse error as [`Error::Position`].
pub(crate) fn parse<G: Game>(game: &G, text: &str) -> Result<G::Position, Error> {
    capability::parse(game, text).map_err(|error| Error::Position { text: text.to_string(), error })
}

/// The position `text` names in `game` (as [`parse`]), or `default()` when there is no text.
pub(crate) fn parse_or<G: Game>(
    game: &G,
    text: Option<&str>,
    default: impl FnOnce() -> G::Position,
) -> Result<G::Position, Error> {
    match text {
        Some(text) => parse(game, text),
        None => Ok(default()),
    }
}

/// The answer to a query about `pos`: its outcome and what each move gives the mover, best
/// first, from `outcome_of` (a solved table, or a stored file), with nim values from `nim_of`.
pub(crate) fn query_report<G: Game>(
    game: &G,
    pos: &G::Position,
    outcome_of: impl Fn(&G::Position) -> Result<Outcome, Error>,
    nim_of: impl Fn(&G::Position) -> Option<LoopyNim>,
    notes: Vec<String>,
) -> Result<QueryReport, Error> {
    let outcome = outcome_of(pos)?;
    let mut moves: Vec<MoveReport> = if game.terminal(pos).is_some() {
        Vec::new()
    } else {
        game.moves(pos)
            .into_iter()
            .map(|m| {
                Ok(MoveReport {
                    outcome: outcome_of(&m.to)?.for_mover(),
                    position: capability::format(game, &m.to),
                    nim: nim_of(&m.to),
                    label: m.label,
                })
            })
            .collect::<Result<_, Error>>()?
    };
    moves.sort_by(|a, b| b.outcome.preference_cmp(a.outcome));
    Ok(QueryReport { position: capability::format(game, pos), outcome, moves, notes, nim: nim_of(pos) })
}
