//! The library of games: names, parameters, help, and how to build each from its parameters.

use nimber_engine::{DynGame, Error, ParamSpec, Params};

/// A game of the library.
pub struct GameInfo {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line of description.
    pub summary: &'static str,
    /// Rules, notation and where the game comes from.
    pub help: &'static str,
    /// Parameters with their defaults.
    pub params: &'static [ParamSpec],
    /// Builds the game from checked parameters.
    pub build: fn(&Params) -> Result<Box<dyn DynGame>, Error>,
}

/// Every game of the library, in alphabetical order.
pub fn all() -> &'static [GameInfo] {
    GAMES
}

static GAMES: &[GameInfo] = &[
    crate::berzerk::INFO,
    crate::dobutsu::INFO,
    crate::dodgem::INFO,
    crate::enjapma::INFO,
    crate::fivehundredeleven::INFO,
    crate::gameindarkness::INFO,
    crate::graph::INFO,
    crate::heap::GRUNDY_INFO,
    crate::nim::INFO,
    crate::heap::INFO,
    crate::pathgame::INFO,
    crate::subtraction::INFO,
    crate::tictactoe::INFO,
];

/// The game called `name`.
pub fn find(name: &str) -> Result<&'static GameInfo, Error> {
    GAMES.iter().find(|g| g.name == name).ok_or_else(|| {
        let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        Error::Param(format!("unknown game `{name}` (games: {}; see `nimber list`)", names.join(", ")))
    })
}

/// Builds the game called `name` from `key=value` parameters.
pub fn build<S: AsRef<str>>(name: &str, params: &[S]) -> Result<Box<dyn DynGame>, Error> {
    let info = find(name)?;
    let params = Params::parse(info.name, info.params, params)?;
    (info.build)(&params)
}

/// Builds the game called `name` from `key=value` parameters as a game solved through the dense
/// path ([`nimber_engine::dense::Dense`]), for stored solutions (`solve --save`, `query --db`):
/// `None` for a game without a dense index. Tic-tac-toe and Nim have one but are otherwise built
/// for memo search (their `explore` needs the hash-map solvers, and Nim's queries may go beyond
/// the bounds of its index).
pub fn build_dense<S: AsRef<str>>(name: &str, params: &[S]) -> Result<Option<Box<dyn DynGame>>, Error> {
    let game = build(name, params)?;
    if game.dense().is_some() {
        return Ok(Some(game));
    }
    Ok(match find(name)?.name {
        "tictactoe" => Some(Box::new(nimber_engine::dense::Dense(crate::tictactoe::TicTacToe))),
        "nim" => {
            let params = Params::parse(name, crate::nim::INFO.params, params)?;
            Some(Box::new(nimber_engine::dense::Dense(crate::nim::build_indexed(&params)?)))
        }
        _ => None,
    })
}
