//! Misère play: the player who makes the last move loses.
//!
//! [`Misere`] wraps any game and changes one rule: a position where play goes on
//! ([`Game::terminal`] is `None`) but the player to move has no move is a **win** for that
//! player (under normal play it is a loss). Everything else is the wrapped game's: the moves,
//! the notation, and the positions the game declares terminal, which keep their declared outcome
//! (a graph file's `u lose` stays a loss for the player to move at `u`, a declared tie stays a
//! tie, a declared remoteness stays): a declared end is a rule of the game, not a "last move". So every outcome solver
//! (memo search, retrograde analysis) solves the misère version of any game.
//!
//! A misère game does not split into components (its [`Capabilities`] have no `decomposition`): the nim
//! value of a sum is the XOR of its parts' only under normal play. For the misère theory of
//! heap games (the genus of a heap) see `nimber_heaps::genus`.
//!
//! ```
//! use nimber_engine::{Game, Kind, Move, Value, Silent};
//! use nimber_engine::Misere;
//! use nimber_engine::solve::memo;
//!
//! /// Take 1 or 2 counters from a pile.
//! struct TakeAway;
//!
//! impl Game for TakeAway {
//!     type Position = u32;
//!     fn kind(&self) -> Kind { Kind::Impartial }
//!     fn start(&self) -> u32 { 4 }
//!     fn moves(&self, &n: &u32) -> Vec<Move<u32>> {
//!         (1..=2).filter(|&k| k <= n).map(|k| Move::new(format!("-{k}"), n - k)).collect()
//!     }
//! }
//!
//! // Under misère play the piles of 1, 4, 7, ... (3k + 1) are lost for the player to move.
//! let misere = Misere::new(&TakeAway);
//! let solved = memo::solve(&misere, &[7], &Silent).unwrap();
//! let lost: Vec<u32> = (0..=7).filter(|n| solved.get(n).unwrap().value() == Value::Lose).collect();
//! assert_eq!(lost, [1, 4, 7]);
//! ```

use crate::rules::capability::{Capabilities, Explore};
use crate::rules::game::{Game, Kind, Move};
use crate::rules::value::{Outcome, Value};

/// The misère version of a game: a player left without a move wins (see the module
/// documentation).
///
/// The adapter forwards every method of [`Game`] to the wrapped game except `terminal`, and
/// every capability except `decomposition` and `numbered` (none) and the family of [`Explore`]
/// (a family's games play under normal play; the misère game explores the positions reachable
/// from its roots). A method added to [`Game`]
/// [`Game`] later must be forwarded here too.
#[derive(Debug)]
pub struct Misere<'g, G: ?Sized> {
    game: &'g G,
}

impl<'g, G: Game + ?Sized> Misere<'g, G> {
    /// The misère version of `game`.
    pub fn new(game: &'g G) -> Misere<'g, G> {
        Misere { game }
    }

    /// The game under normal play.
    pub fn inner(&self) -> &'g G {
        self.game
    }
}

impl<G: Game + ?Sized> Game for Misere<'_, G> {
    type Position = G::Position;

    fn kind(&self) -> Kind {
        self.game.kind()
    }

    fn start(&self) -> G::Position {
        self.game.start()
    }

    fn moves(&self, pos: &G::Position) -> Vec<Move<G::Position>> {
        self.game.moves(pos)
    }

    fn successors(&self, pos: &G::Position, out: &mut Vec<G::Position>) {
        self.game.successors(pos, out)
    }

    /// The wrapped game's declared outcome; otherwise a win (remoteness 0) when there is no move.
    fn terminal(&self, pos: &G::Position) -> Option<Outcome> {
        if let Some(outcome) = self.game.terminal(pos) {
            return Some(outcome);
        }
        let mut next = Vec::new();
        self.game.successors(pos, &mut next);
        next.is_empty().then_some(Outcome::new(Value::Win, 0))
    }

    fn roots(&self) -> Vec<G::Position> {
        self.game.roots()
    }

    /// The wrapped game's, except: no split into components (misère sums are not XORs), no
    /// numbered graph, no search of the game's own (it searches the normal game), and the
    /// exploration of [`Misere`] itself (no family).
    fn capabilities(&self) -> Capabilities<'_, G::Position> {
        let inner = self.game.capabilities();
        Capabilities {
            decomposition: None,
            numbered: None,
            search: None,
            exploration: inner.exploration.map(|_| self as &dyn Explore<G::Position>),
            ..inner
        }
    }
}

/// The wrapped game's features; no family (a family's games play under normal play).
impl<G: Game + ?Sized> Explore<G::Position> for Misere<'_, G> {
    fn features(&self) -> Vec<String> {
        self.game.capabilities().exploration.map_or_else(Vec::new, |e| e.features())
    }

    fn feature_values(&self, pos: &G::Position, out: &mut Vec<i64>) {
        if let Some(e) = self.game.capabilities().exploration {
            e.feature_values(pos, out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::capability::{Draw, Notation};
    use crate::view::dyn_game::DynGame;

    /// One pile; a move takes one counter. Drawn as its size in a `<text>`.
    struct Pile;

    impl Game for Pile {
        type Position = u32;
        fn kind(&self) -> Kind {
            Kind::Impartial
        }
        fn start(&self) -> u32 {
            3
        }
        fn moves(&self, &n: &u32) -> Vec<Move<u32>> {
            (n > 0).then(|| Move::new("-1", n - 1)).into_iter().collect()
        }
        fn capabilities(&self) -> Capabilities<'_, u32> {
            Capabilities::none().notation(self).drawing(self)
        }
    }

    impl Notation<u32> for Pile {
        fn format(&self, n: &u32) -> String {
            n.to_string()
        }
        fn parse(&self, text: &str) -> Result<u32, crate::error::ParseError> {
            text.trim().parse().map_err(|_| crate::error::ParseError::new("not a number"))
        }
    }

    impl Draw<u32> for Pile {
        fn svg(&self, n: &u32) -> Option<String> {
            Some(format!("<svg><text>{n}</text></svg>"))
        }
    }

    #[test]
    fn drawings_are_the_inner_games() {
        let misere = Misere::new(&Pile);
        assert_eq!(
            misere.capabilities().drawing.unwrap().svg(&2).as_deref(),
            Some("<svg><text>2</text></svg>")
        );
        let dynamic: &dyn DynGame = &Pile;
        let drawing = dynamic.misere().unwrap().svg("1").unwrap();
        assert_eq!(drawing.as_deref(), Some("<svg><text>1</text></svg>"));
        assert!(dynamic.misere().unwrap().svg("x").is_err());
    }
}
