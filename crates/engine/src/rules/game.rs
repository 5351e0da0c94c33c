//! The game abstraction: a game states its rules once, and every solver works from them.

use std::fmt::Debug;
use std::hash::Hash;

use crate::error::ParseError;
use crate::value::Value;

/// Whether both players have the same moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Both players have the same moves from every position; the position does not say whose
    /// turn it is. Sprague-Grundy theory applies.
    Impartial,
    /// The players have different moves. The player to move is part of the position: two
    /// positions that differ only in who moves are different positions.
    Partizan,
}

impl Kind {
    /// Lower-case name, for output.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Impartial => "impartial",
            Kind::Partizan => "partizan",
        }
    }
}

/// A move: a short human-readable label and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// A short label, such as `b2` or `heap 1: 5 -> 3`.
    pub label: String,
    /// The resulting position.
    pub to: P,
}

impl<P> Move<P> {
    /// A move with the given label.
    pub fn new(label: impl Into<String>, to: P) -> Move<P> {
        Move { label: label.into(), to }
    }
}

/// The rules of a two-player game with perfect information.
///
/// Values are always from the point of view of the player to move. A position ends the game
/// when [`Game::terminal`] says so, or when it has no moves; by default (normal play) a player
/// with no move loses.
///
/// The game must be finite: finitely many positions reachable from any position. Cycles are
/// allowed; positions where play can go on forever under best play are draws.
pub trait Game: Send + Sync {
    /// A position, including whose turn it is when the game is partizan.
    type Position: Clone + Eq + Hash + Send + Sync + Debug;

    /// Impartial or partizan.
    fn kind(&self) -> Kind;

    /// The start position.
    fn start(&self) -> Self::Position;

    /// Every move from `pos`, with labels. Called only on positions that are not terminal.
    fn moves(&self, pos: &Self::Position) -> Vec<Move<Self::Position>>;

    /// The positions reachable in one move, appended to `out` (one entry per move, so a
    /// position reached by two different moves appears twice). Solvers call this instead of
    /// [`Game::moves`]; override it when labels are costly to build.
    fn successors(&self, pos: &Self::Position, out: &mut Vec<Self::Position>) {
        out.extend(self.moves(pos).into_iter().map(|m| m.to));
    }

    /// The value of `pos` for the player to move if the game has ended there, `None` if play
    /// goes on. When this returns `None` and there are no moves, the player to move loses.
    fn terminal(&self, _pos: &Self::Position) -> Option<Value> {
        None
    }

    /// The position in the game's text notation; [`Game::parse`] reads it back.
    fn format(&self, pos: &Self::Position) -> String;

    /// Reads a position in the game's text notation.
    fn parse(&self, text: &str) -> Result<Self::Position, ParseError>;

    /// A drawing of the position as a standalone SVG document (`<svg ...>...</svg>`, with a
    /// `viewBox` and no external references), for front ends such as the web explorer. `None`
    /// (the default) when the game has no drawing: front ends then show [`Game::format`].
    fn svg(&self, _pos: &Self::Position) -> Option<String> {
        None
    }

    /// Splits a position into independent components, each a position of this game, whose
    /// disjunctive sum is the position (a move is a move in exactly one component). Return
    /// `None` when the position does not split. Only meaningful for impartial games, where the
    /// nim value of a sum is the XOR of the components' values.
    fn components(&self, _pos: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// The positions a full solve starts from. Defaults to the start position; a game given as
    /// an explicit list of positions (such as a graph file) returns all of them.
    fn roots(&self) -> Vec<Self::Position> {
        vec![self.start()]
    }

    /// Whether [`Game::predecessors`] is implemented.
    fn has_predecessors(&self) -> bool {
        false
    }

    /// Every position with a move to `pos`, one entry per such move, appended to `out`. Only
    /// called when [`Game::has_predecessors`] is true. The result may include positions that
    /// are not reachable from the start; solvers ignore those.
    fn predecessors(&self, _pos: &Self::Position, _out: &mut Vec<Self::Position>) {}

    /// Names of numeric features of a position, for exploration ([`crate::lab`]): tables of
    /// values by features and rules over them. Names are identifiers (letters, digits, `_`).
    /// Every game also has `moves`, the number of moves, added by the engine; a game need not
    /// (and should not) list it.
    fn features(&self) -> Vec<String> {
        Vec::new()
    }

    /// The values of [`Game::features`] for `pos`, appended to `out` in the same order.
    fn feature_values(&self, _pos: &Self::Position, _out: &mut Vec<i64>) {}

    /// The family of positions that exploration solves, set by the game's parameters (say every
    /// board up to the given size with every placement of pieces): groups of positions, each
    /// with the game they are positions of, since a family may span several boards. `Ok(None)`
    /// (the default) means the positions reachable from [`Game::roots`].
    fn family(&self) -> Result<Option<crate::lab::Family<Self>>, crate::error::Error>
    where
        Self: Sized,
    {
        Ok(None)
    }
}
