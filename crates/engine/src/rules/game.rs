//! The game abstraction: a game states its rules once, and every solver works from them.

use std::fmt::Debug;
use std::hash::Hash;

use crate::rules::capability::Capabilities;
use crate::rules::value::Outcome;

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

/// The rules of a two-player game with perfect information: the one thing a new game must
/// write. What it may have besides (a notation, drawings, components, moves backward, features
/// for exploration) are capabilities, each a trait of its own in the crate root (see [`crate::Capabilities`]),
/// announced once by [`Game::capabilities`].
///
/// Values are always from the point of view of the player to move. A position ends the game
/// when [`Game::terminal`] says so (with its outcome), or when it has no moves; by default (normal
/// play) a player with no move loses, at remoteness 0.
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

    /// The outcome of `pos` for the player to move if the game has ended there, `None` if play
    /// goes on. When this returns `None` and there are no moves, the player to move loses, at
    /// remoteness 0. The remoteness of a terminal position is usually 0; a game whose solvers
    /// stop before a last move that is forced or certain states it here, so that every
    /// remoteness counts that move too (Dōbutsu shōgi: a player who can take the opponent's lion
    /// wins in 1). Every solver starts from it: a terminal position is not expanded, and the
    /// positions before it count their remoteness from the one it states.
    fn terminal(&self, _pos: &Self::Position) -> Option<Outcome> {
        None
    }

    /// The positions a full solve starts from. Defaults to the start position; a game given as
    /// an explicit list of positions (such as a graph file) returns all of them.
    fn roots(&self) -> Vec<Self::Position> {
        vec![self.start()]
    }

    /// What the game has besides its rules (see [`crate::Capabilities`]): none unless
    /// the game says otherwise. A game that has a capability implements the capability's trait
    /// and names itself here, once: `Capabilities::none().notation(self).backward(self)`.
    fn capabilities(&self) -> Capabilities<'_, Self::Position> {
        Capabilities::none()
    }
}

/// Every game is also a game behind a reference or a box (a family's parts are boxed games).
impl<G: Game + ?Sized> Game for Box<G> {
    type Position = G::Position;

    fn kind(&self) -> Kind {
        (**self).kind()
    }

    fn start(&self) -> G::Position {
        (**self).start()
    }

    fn moves(&self, pos: &G::Position) -> Vec<Move<G::Position>> {
        (**self).moves(pos)
    }

    fn successors(&self, pos: &G::Position, out: &mut Vec<G::Position>) {
        (**self).successors(pos, out)
    }

    fn terminal(&self, pos: &G::Position) -> Option<Outcome> {
        (**self).terminal(pos)
    }

    fn roots(&self) -> Vec<G::Position> {
        (**self).roots()
    }

    fn capabilities(&self) -> Capabilities<'_, G::Position> {
        (**self).capabilities()
    }
}
