//! The library of games: names, parameters, help, and how to build each from its parameters.

use std::path::Path;

use nimber_engine::store::Store;
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

/// The games that can be solved through a dense index ([`build_dense`] builds them), for
/// `solve --save` and `--checkpoint`, in the order messages list them.
pub const DENSE_GAMES: &[&str] = &["tictactoe", "nim", "dobutsu", "dodgem", "graph"];

/// Builds the game called `name` from `key=value` parameters as a game solved through the dense
/// path ([`nimber_engine::dense::Dense`]), for stored solutions (`solve --save`, `query --db`):
/// `None` for a game without a dense index. Tic-tac-toe, Nim, graph games and small Dodgem boards have one but are
/// otherwise built for memo search (their `explore` and `--nim` need the hash-map solvers, and
/// Nim's queries may go beyond the bounds of its index).
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
        "dodgem" => {
            let params = Params::parse(name, crate::dodgem::INFO.params, params)?;
            Some(Box::new(nimber_engine::dense::Dense(crate::dodgem::build_game(&params)?)))
        }
        "graph" => {
            let params = Params::parse(name, crate::graph::INFO.params, params)?;
            Some(Box::new(nimber_engine::dense::Dense(crate::graph::load(&params)?)))
        }
        _ => None,
    })
}

/// A solved game stored by `solve --save`, opened with its game.
pub struct OpenedStore {
    /// The stored game.
    pub info: &'static GameInfo,
    /// Every parameter as `key=value`, defaults included, as stored.
    pub params: Vec<(String, String)>,
    /// The game, built through its dense index ([`DynGame::dense`] is `Some`).
    pub game: Box<dyn DynGame>,
    /// The open file.
    pub store: Store,
}

/// Opens a store and builds its game from the stored name and parameters, checking that this
/// nimber indexes the game the same way.
pub fn open_store(path: &Path) -> Result<OpenedStore, Error> {
    let store = Store::open(path)?;
    let header = store.header();
    let info = find(&header.game)?;
    let given: Vec<String> =
        header.params.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}={v}")).collect();
    let params = Params::parse(info.name, info.params, &given)?.resolved();
    if params != header.params {
        return Err(Error::Unsupported(format!(
            "{}: the stored parameters of {} are not this nimber's (stored with other defaults?)",
            path.display(),
            info.name
        )));
    }
    let game = build_dense(info.name, &given)
        .map_err(|e| match e {
            // A game read from a file (a graph) that is no longer where the solve found it.
            Error::Io { .. } => Error::Unsupported(format!(
                "{}: the stored game `{} {}` cannot be built: {e}",
                path.display(),
                info.name,
                given.join(" ")
            )),
            e => e,
        })?
        .ok_or_else(|| {
            Error::Unsupported(format!(
                "{}: {} is not solved through a dense index by this nimber",
                path.display(),
                info.name
            ))
        })?;
    store.check_index(game.dense().expect("build_dense builds dense games"))?;
    Ok(OpenedStore { info, params, game, store })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`DENSE_GAMES`] names exactly the games that [`build_dense`] builds.
    #[test]
    fn dense_games_are_the_ones_built_dense() {
        let graph = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/cycle.txt");
        for info in all() {
            let params: Vec<String> =
                if info.name == "graph" { vec![format!("file={graph}")] } else { Vec::new() };
            let dense = build_dense(info.name, &params).unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert_eq!(dense.is_some(), DENSE_GAMES.contains(&info.name), "{}", info.name);
            if let Some(game) = dense {
                assert!(game.dense().is_some(), "{}", info.name);
            }
        }
        assert!(DENSE_GAMES.iter().all(|name| find(name).is_ok()));
    }
}
