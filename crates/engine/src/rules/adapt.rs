//! Games made from other games.

use crate::error::ParseError;
use crate::game::{Game, Kind, Move};
use crate::value::Value;

/// The same game without its split into components: every solver then works from the plain
/// rules. Tests use it to check a game's [`Game::components`] against brute force.
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

    fn terminal(&self, pos: &G::Position) -> Option<Value> {
        self.0.terminal(pos)
    }

    fn format(&self, pos: &G::Position) -> String {
        self.0.format(pos)
    }

    fn parse(&self, text: &str) -> Result<G::Position, ParseError> {
        self.0.parse(text)
    }

    fn svg(&self, pos: &G::Position) -> Option<String> {
        self.0.svg(pos)
    }

    fn roots(&self) -> Vec<G::Position> {
        self.0.roots()
    }

    fn has_predecessors(&self) -> bool {
        self.0.has_predecessors()
    }

    fn predecessors(&self, pos: &G::Position, out: &mut Vec<G::Position>) {
        self.0.predecessors(pos, out)
    }
}
