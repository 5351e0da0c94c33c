//! Recipes: dense games built dense, the library's facts.

use nimber_games::recipe::*;
use nimber_games::{all, GameInfo};

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
        Recipe::from_pairs(name, params.iter().copied()).unwrap().ruleset().unwrap().map(|r| r.code())
    };
    assert_eq!(ruleset("nim", &[("heaps", "3,4,5")]).as_deref(), Some("allbut:"));
    assert_eq!(ruleset("subtraction", &[("set", "4,1,3")]).as_deref(), Some("sub:1,3,4"));
    assert_eq!(ruleset("octal", &[("code", "0.77")]).as_deref(), Some("0.77"));
    assert_eq!(ruleset("grundy-game", &[]).as_deref(), Some("grundy"));
    assert_eq!(ruleset("dodgem", &[]), None);
    assert!(Recipe::from_pairs("octal", [("code", "0.x")]).unwrap().ruleset().is_err());
    let refusal = Recipe::parse::<&str>("dodgem", &[]).unwrap().heap_ruleset().unwrap_err().to_string();
    assert_eq!(refusal, "dodgem is not a heap game (grundy-game, nim, octal, subtraction)");
}
