//! The synthetic space of the retrograde benchmark (`synthetic.rs`) as an ordinary game with a
//! dense index: positions are numbers, moves and predecessors come from the formula. Include it
//! next to `synthetic.rs` (`#[path = "common/synthetic_game.rs"] mod synthetic_game;`).

use nimber_engine::solve::retrograde::RetroSpace;
use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::Indexed;
use nimber_engine::{Backward, Capabilities, Game, Kind, Move, Notation, Outcome, ParseError};

use crate::synthetic::Synthetic;

/// The synthetic space as an ordinary game: positions are numbers, moves come from the formula.
pub struct SyntheticGame<'a>(pub &'a Synthetic);

impl Game for SyntheticGame<'_> {
    type Position = u64;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u64 {
        0
    }

    fn moves(&self, &i: &u64) -> Vec<Move<u64>> {
        (0..self.0.degree(i)).map(|k| Move::new(format!("m{k}"), self.0.successor(i, k))).collect()
    }

    fn successors(&self, &i: &u64, out: &mut Vec<u64>) {
        out.extend((0..self.0.degree(i)).map(|k| self.0.successor(i, k)));
    }

    fn terminal(&self, &i: &u64) -> Option<Outcome> {
        self.0.terminal(i)
    }

    fn roots(&self) -> Vec<u64> {
        (0..self.0.size()).collect()
    }

    fn capabilities(&self) -> Capabilities<'_, u64> {
        Capabilities::none().notation(self).backward(self)
    }
}

impl Notation<u64> for SyntheticGame<'_> {
    fn format(&self, i: &u64) -> String {
        i.to_string()
    }

    fn parse(&self, text: &str) -> Result<u64, ParseError> {
        text.trim().parse().map_err(|_| ParseError::new("not a number"))
    }
}

impl Backward<u64> for SyntheticGame<'_> {
    fn predecessors(&self, &j: &u64, out: &mut Vec<u64>) {
        self.0.for_each_predecessor(j, |p| out.push(p));
    }
}

impl Indexed for SyntheticGame<'_> {
    fn size(&self) -> u64 {
        self.0.size()
    }

    fn rank(&self, &i: &u64) -> u64 {
        i
    }

    fn unrank(&self, i: u64) -> Option<u64> {
        (i < self.0.size()).then_some(i)
    }

    fn index_scheme(&self) -> String {
        if self.0.remote() { "synthetic-remote-v1" } else { "synthetic-v1" }.into()
    }
}

impl SlotMoves for SyntheticGame<'_> {}
