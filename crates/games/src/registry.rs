//! The library of games: names, parameters, help, and how to build each from its parameters.

use std::path::Path;

use nimber_engine::store::Store;
use nimber_engine::{DynGame, Error, Params};
use nimber_heaps::Ruleset;

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

/// Builds the game called `name` from `key=value` parameters.
pub fn build<S: AsRef<str>>(name: &str, params: &[S]) -> Result<Box<dyn DynGame>, Error> {
    find(name)?.build_from(params)
}

/// The names of the games that can be solved through a dense index ([`build_dense`] builds
/// them), for `solve --save` and `--checkpoint`, in the order of [`all`].
pub fn dense_games() -> Vec<&'static str> {
    GAMES.iter().filter(|g| g.facts.dense.is_some()).map(|g| g.name).collect()
}

/// Builds the game called `name` from `key=value` parameters as a game solved through the dense
/// path ([`nimber_engine::dense::Dense`]), for stored solutions (`solve --save`, `query --db`):
/// `None` for a game without a dense index ([`Facts::dense`]). Some games with one are otherwise
/// built for memo search (tic-tac-toe, Nim, graph games and small Dodgem boards: their `explore`
/// and `--nim` need the hash-map solvers, and Nim's queries may go beyond the bounds of its
/// index).
pub fn build_dense<S: AsRef<str>>(name: &str, params: &[S]) -> Result<Option<Box<dyn DynGame>>, Error> {
    let info = find(name)?;
    let params = Params::parse(info.name, info.params, params)?;
    info.facts.dense.map(|dense| dense(&params)).transpose()
}

/// The heap ruleset of a heap game ([`Facts::ruleset`]) with these parameters (every parameter
/// as `key=value`, as [`Params::resolved`] gives them): `None` for other games.
pub fn ruleset_of(info: &GameInfo, params: &[(String, String)]) -> Result<Option<Ruleset>, Error> {
    let Some(ruleset) = info.facts.ruleset else { return Ok(None) };
    let given: Vec<String> =
        params.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}={v}")).collect();
    ruleset(&Params::parse(info.name, info.params, &given)?).map(Some)
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
    with_game(Store::open(path)?)
}

/// Builds the game of an open store ([`Store::open`], or [`Store::from_bytes`] for bytes in
/// memory) from the stored name and parameters, checking that this nimber indexes the game the
/// same way. A graph game reads the file its parameters name.
pub fn with_game(store: Store) -> Result<OpenedStore, Error> {
    let path = store.path().to_path_buf();
    let path = path.as_path();
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

    fn graph_file() -> String {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/cycle.txt").to_string()
    }

    /// Parameters that build every game (a graph game needs its file).
    fn default_params(info: &GameInfo) -> Vec<String> {
        if info.facts.reads_files {
            vec![format!("file={}", graph_file())]
        } else {
            Vec::new()
        }
    }

    /// The games with a dense index are built through it, and they are the ones the help of
    /// `solve --save` and `--checkpoint` names.
    #[test]
    fn dense_games_are_built_dense() {
        for info in all() {
            let dense = build_dense(info.name, &default_params(info))
                .unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert_eq!(dense.is_some(), info.facts.dense.is_some(), "{}", info.name);
            if let Some(game) = dense {
                assert!(game.dense().is_some(), "{}", info.name);
                // The same game as the one built for memo search.
                let plain = build(info.name, &default_params(info)).unwrap();
                assert_eq!(game.start_text(), plain.start_text(), "{}", info.name);
            }
        }
        assert_eq!(dense_games(), ["connect4", "dobutsu", "dodgem", "graph", "nim", "tictactoe"]);
    }

    /// Only the graph game reads files, and only heap games have a ruleset.
    #[test]
    fn facts_of_the_library() {
        let reads: Vec<&str> = all().iter().filter(|g| g.facts.reads_files).map(|g| g.name).collect();
        assert_eq!(reads, ["graph"]);
        let heaps: Vec<&str> = all().iter().filter(|g| g.facts.ruleset.is_some()).map(|g| g.name).collect();
        assert_eq!(heaps, ["grundy-game", "nim", "octal", "subtraction"]);
        let ruleset = |name: &str, params: &[(&str, &str)]| {
            let params: Vec<(String, String)> =
                params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            ruleset_of(find(name).unwrap(), &params).unwrap().map(|r| r.code())
        };
        assert_eq!(ruleset("nim", &[("heaps", "3,4,5")]).as_deref(), Some("allbut:"));
        assert_eq!(ruleset("subtraction", &[("set", "4,1,3")]).as_deref(), Some("sub:1,3,4"));
        assert_eq!(ruleset("octal", &[("code", "0.77")]).as_deref(), Some("0.77"));
        assert_eq!(ruleset("grundy-game", &[]).as_deref(), Some("grundy"));
        assert_eq!(ruleset("dodgem", &[]), None);
        assert!(ruleset_of(find("octal").unwrap(), &[("code".into(), "0.x".into())]).is_err());
    }
}
