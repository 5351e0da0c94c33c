//! The library of games: names, parameters, help, and how to build each from its parameters.

use nimber_engine::Error;

pub use crate::common::info::{BuildGame, BuildPartizan, Facts, GameInfo, RulesetOf};

/// Every game of the library, in alphabetical order.
pub fn all() -> &'static [GameInfo] {
    GAMES
}

static GAMES: &[GameInfo] = &[
    crate::berzerk::INFO,
    crate::clobber::INFO,
    crate::connect4::INFO,
    crate::cutcake::INFO,
    crate::dobutsu::INFO,
    crate::dodgem::INFO,
    crate::domineering::INFO,
    crate::enjapma::INFO,
    crate::fivehundredeleven::INFO,
    crate::gameindarkness::INFO,
    crate::graph::INFO,
    crate::heap::GRUNDY_INFO,
    crate::hackenbush::INFO,
    crate::morris::INFO,
    crate::nim::INFO,
    crate::heap::INFO,
    crate::pathgame::INFO,
    crate::subtraction::INFO,
    crate::tictactoe::INFO,
    crate::toadsandfrogs::INFO,
];

/// The game called `name`.
pub fn find(name: &str) -> Result<&'static GameInfo, Error> {
    GAMES.iter().find(|g| g.name == name).ok_or_else(|| {
        let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        Error::Param(format!("unknown game `{name}` (games: {}; see `nimber list`)", names.join(", ")))
    })
}
