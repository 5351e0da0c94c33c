//! The library of games: names, parameters, help, and how to build each from its parameters.

use nimber_engine::{DynGame, Error};

pub use crate::common::info::{BuildGame, BuildPartizan, Facts, GameInfo, RulesetOf};
use crate::recipe::Recipe;

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

/// Builds the game called `name` from `key=value` parameters: [`Recipe::parse`] then
/// [`Recipe::build`], for a game wanted without its name and parameters.
pub fn build<S: AsRef<str>>(name: &str, params: &[S]) -> Result<Box<dyn DynGame>, Error> {
    Recipe::parse(name, params)?.build()
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
            let recipe = Recipe::parse(info.name, &default_params(info)).unwrap();
            let dense = recipe.build_dense().unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert_eq!(dense.is_some(), info.facts.dense.is_some(), "{}", info.name);
            if let Some(game) = dense {
                assert!(game.dense().is_some(), "{}", info.name);
                // The same game as the one built for memo search.
                let plain = build(info.name, &default_params(info)).unwrap();
                assert_eq!(game.start_text(), plain.start_text(), "{}", info.name);
            }
        }
        assert_eq!(
            crate::recipe::dense_games(),
            ["connect4", "dobutsu", "dodgem", "graph", "nim", "tictactoe"]
        );
    }

    /// Only the graph game reads files, and only heap games have a ruleset.
    #[test]
    fn facts_of_the_library() {
        let reads: Vec<&str> = all().iter().filter(|g| g.facts.reads_files).map(|g| g.name).collect();
        assert_eq!(reads, ["graph"]);
        let heaps: Vec<&str> = all().iter().filter(|g| g.facts.ruleset.is_some()).map(|g| g.name).collect();
        assert_eq!(heaps, ["grundy-game", "nim", "octal", "subtraction"]);
        let ruleset = |name: &str, params: &[(&str, &str)]| {
            Recipe::from_pairs(name, params.iter().copied()).unwrap().ruleset().unwrap().map(|r| r.code())
        };
        assert_eq!(ruleset("nim", &[("heaps", "3,4,5")]).as_deref(), Some("allbut:"));
        assert_eq!(ruleset("subtraction", &[("set", "4,1,3")]).as_deref(), Some("sub:1,3,4"));
        assert_eq!(ruleset("octal", &[("code", "0.77")]).as_deref(), Some("0.77"));
        assert_eq!(ruleset("grundy-game", &[]).as_deref(), Some("grundy"));
        assert_eq!(ruleset("dodgem", &[]), None);
        assert!(Recipe::from_pairs("octal", [("code", "0.x")]).unwrap().ruleset().is_err());
    }
}
