//! A small impartial game for tests: take 1 or 2 counters from a pile. Include it with
//! `#[path = "common/take_away.rs"] mod take_away;`.

use nimber_engine::{Capabilities, Notation};
use nimber_engine::{Game, Kind, Move, ParseError};

/// Take 1 or 2 counters from a pile of `self.0`; whoever cannot move loses. Positions are the
/// pile sizes `0..=self.0`.
pub struct TakeAway(pub u32);

impl Game for TakeAway {
    type Position = u32;
    fn kind(&self) -> Kind {
        Kind::Impartial
    }
    fn start(&self) -> u32 {
        self.0
    }
    fn moves(&self, &n: &u32) -> Vec<Move<u32>> {
        (1..=2).filter(|&k| k <= n).map(|k| Move::new(format!("-{k}"), n - k)).collect()
    }

    fn capabilities(&self) -> Capabilities<'_, u32> {
        Capabilities::none().notation(self)
    }
}

impl Notation<u32> for TakeAway {
    fn format(&self, n: &u32) -> String {
        n.to_string()
    }

    fn parse(&self, text: &str) -> Result<u32, ParseError> {
        text.trim().parse().map_err(|_| ParseError::new("not a number"))
    }
}
