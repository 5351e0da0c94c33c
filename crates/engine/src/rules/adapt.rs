//! Games made from other games.

use crate::rules::capability::Capabilities;
use crate::rules::game::{Game, Kind, Move};
use crate::rules::value::Outcome;

/// The same game without its split into components: every solver then works from the plain
/// rules. Tests use it to check a game's split into components against brute force.
pub struct Unsplit<'g, G>(pub &'g G);

impl<G: Game> Game for Unsplit<'_, G> {
    type Position = G::Position;

    fn kind(&self) -> Kind {
        self.0.kind()
    }

    fn start(&self) -> G::Position {
        self.0.start()
    }

    fn moves(&self, pos: &G::Position) -> Vec<Move<G::Position>> {
        self.0.moves(pos)
    }

    fn successors(&self, pos: &G::Position, out: &mut Vec<G::Position>) {
        self.0.successors(pos, out)
    }

    fn terminal(&self, pos: &G::Position) -> Option<Outcome> {
        self.0.terminal(pos)
    }

    fn roots(&self) -> Vec<G::Position> {
        self.0.roots()
    }

    /// The game's notation, drawings and moves backward; no split, no exploration, no numbers.
    fn capabilities(&self) -> Capabilities<'_, G::Position> {
        let inner = self.0.capabilities();
        Capabilities {
            notation: inner.notation,
            drawing: inner.drawing,
            backward: inner.backward,
            ..Capabilities::none()
        }
    }
}
