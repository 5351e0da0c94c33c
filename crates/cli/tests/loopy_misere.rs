//! Generalized nim values of games with cycles (`--nim`, `--solver loopy`), misère play
//! (`--misere`) and `nimber genus`, through the real binary.

mod common;
use common::*;

use std::collections::BTreeSet;
use std::process::Output;

use serde_json::{json, Value as Json};

const LOOPY: &str = "file=examples/graphs/loopy.txt";

/// Runs from the repository root, where the example graphs are.
fn at_root(args: &[&str]) -> Output {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    common::command().args(args).current_dir(root).output().unwrap()
}

fn ok_at_root(args: &[&str]) -> String {
    let out = at_root(args);
    assert!(out.status.success(), "nimber {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn nim_values_of_a_game_with_cycles() {
    // The values are those of the comments in examples/graphs/loopy.txt, checked by hand.
    let text = ok_at_root(&["solve", "graph", "-p", LOOPY, "--nim"]);
    assert!(text.contains("start: x nim ∞(0,2) (win)"), "{text}");
    assert!(text.contains("solver: loopy"), "{text}");
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split_whitespace().collect()).collect();
    for row in
        [["0", "2"], ["1", "2"], ["2", "1"], ["∞(∅)", "1"], ["∞(0,2)", "1"], ["∞(1)", "1"], ["total", "8"]]
    {
        assert!(rows.contains(&row.to_vec()), "{row:?} in {text}");
    }

    let doc: Json =
        serde_json::from_str(&ok_at_root(&["solve", "graph", "-p", LOOPY, "--nim", "--json"])).unwrap();
    assert_eq!(doc["solver"], "loopy");
    assert_eq!(doc["start"], json!({"position": "x", "value": "win", "nim": null, "infinite": [0, 2]}));
    let counts = doc["nim_counts"].as_array().unwrap();
    assert_eq!(counts[0], json!({"nim": 0, "count": 2}));
    assert!(counts.contains(&json!({"nim": null, "infinite": [], "count": 1})), "{doc}");
    assert!(counts.contains(&json!({"nim": null, "infinite": [1], "count": 1})), "{doc}");

    // The draws: d is ∞(∅), e is ∞(1); the same positions are draws for retrograde analysis.
    let outcomes = ok_at_root(&["solve", "graph", "-p", LOOPY]);
    assert!(outcomes.contains("draw: 2"), "{outcomes}");
    let d = ok_at_root(&["query", "graph", "-p", LOOPY, "--nim", "e"]);
    assert!(d.contains("position: e draw, nim ∞(1)"), "{d}");
    let q = ok_at_root(&["query", "graph", "-p", LOOPY, "--nim", "--json", "q"]);
    let q: Json = serde_json::from_str(&q).unwrap();
    assert_eq!((q["value"].clone(), q["nim"].clone()), (json!("win"), json!(1)));
    let moves: BTreeSet<(String, String)> = q["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["position"].as_str().unwrap().to_string(), m["nim"].to_string()))
        .collect();
    assert_eq!(moves, BTreeSet::from([("p".into(), "0".into()), ("z".into(), "0".into())]));
}

#[test]
fn loopy_solver_on_an_acyclic_game_gives_sprague_grundy_values() {
    let grundy = json(&["solve", "nim", "-p", "heaps=2,3,5", "--nim", "--json"]);
    let loopy = json(&["solve", "nim", "-p", "heaps=2,3,5", "--solver", "loopy", "--json"]);
    assert_eq!(loopy["solver"], "loopy");
    assert_eq!(loopy["start"], grundy["start"]);
    assert_eq!(loopy["start"]["nim"], 2 ^ 3 ^ 5);
    // Grundy splits sums into single heaps; the loopy solver explores every position.
    let total = |doc: &Json| {
        doc["nim_counts"].as_array().unwrap().iter().map(|c| c["count"].as_u64().unwrap()).sum::<u64>()
    };
    let mut reachable = BTreeSet::new();
    for (a, b, c) in (0..=2).flat_map(|a| (0..=3).flat_map(move |b| (0..=5).map(move |c| (a, b, c)))) {
        let mut heaps: Vec<u32> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        reachable.insert(heaps);
    }
    assert_eq!(total(&loopy), reachable.len() as u64);
    assert_eq!(loopy["positions"], reachable.len() as u64);
    // `query --nim` on an acyclic game: Sprague-Grundy values of the moves.
    let q = json(&["query", "nim", "--nim", "--json", "1,2"]);
    assert_eq!(q["nim"], 3);
    for m in q["moves"].as_array().unwrap() {
        let heaps: Vec<u32> =
            m["position"].as_str().unwrap().split(',').filter_map(|h| h.parse().ok()).collect();
        assert_eq!(m["nim"], json!(heaps.iter().fold(0, |x, h| x ^ h)), "{m}");
        assert!(m.get("infinite").is_none());
    }
    // Without --nim, no nim keys.
    let plain = json(&["query", "nim", "--json", "1,2"]);
    assert!(plain.get("nim").is_none() && plain["moves"][0].get("nim").is_none(), "{plain}");
    assert!(fails(&["solve", "dodgem", "--solver", "loopy"]).contains("impartial"));
}

#[test]
fn misere_play() {
    // Misère Nim: 1,2,3 has XOR 0 and a heap over 1: lost; 1,1 is won (take one, leave the
    // last to the opponent); 1,1,1 is lost.
    let text = ok(&["solve", "nim", "-p", "heaps=1,2,3", "--misere"]);
    assert!(text.contains("game: nim heaps=1,2,3 (misère play)"), "{text}");
    assert!(text.contains("start: 1,2,3 lose in 5"), "{text}");
    let doc = json(&["solve", "nim", "-p", "heaps=1,2,3", "--misere", "--json"]);
    assert_eq!((doc["misere"].clone(), doc["start"]["value"].clone()), (json!(true), json!("lose")));
    assert!(json(&["solve", "nim", "--json"]).get("misere").is_none());
    for (pos, value) in [("1,1", "win"), ("1,1,1", "lose"), ("-", "win"), ("2,2", "lose"), ("1,2", "win")] {
        let q = json(&["query", "nim", "--misere", "--json", "--", pos]);
        assert_eq!(q["value"], value, "{pos}");
        assert_eq!(q["misere"], true);
    }
    // The empty position: the player to move has no move and has won.
    let q = ok(&["query", "nim", "--misere", "-"]);
    assert!(q.contains("position: - win in 0") && q.contains("no moves"), "{q}");
    // Retrograde analysis and memo search agree under misère play too.
    let memo = json(&["solve", "octal", "-p", "code=0.77", "-p", "heaps=4,6", "--misere", "--json"]);
    let retro = json(&[
        "solve",
        "octal",
        "-p",
        "code=0.77",
        "-p",
        "heaps=4,6",
        "--misere",
        "--json",
        "--solver",
        "retrograde",
    ]);
    assert_eq!(memo["counts"], retro["counts"]);
    assert_eq!(memo["start"], retro["start"]);
    // No nim values under misère play.
    for args in [
        &["solve", "nim", "--misere", "--nim"][..],
        &["solve", "nim", "--misere", "--solver", "grundy"],
        &["query", "nim", "--misere", "--nim"],
    ] {
        assert!(fails(args).contains("nimber genus"), "{args:?}");
    }
}

#[test]
fn genus_of_kayles_heaps() {
    let text = ok(&["genus", "0.77", "--upto", "9"]);
    assert!(text.starts_with("0.77 (Kayles): genus of heaps 0..=9 under misère play"), "{text}");
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split_whitespace().collect()).collect();
    // CGSuite's genera of Kayles heaps (see crates/heaps/tests/suite/genus_published.rs), written out
    // with four superscripts.
    for row in [
        ["0", "0", "1", "0^{1202}"],
        ["1", "1", "0", "1^{0313}"],
        ["2", "2", "2", "2^{2020}"],
        ["3", "3", "3", "3^{3131}"],
        ["5", "4", "1", "4^{1464}"],
        ["8", "1", "1", "1^{1313}"],
        ["9", "4", "0", "4^{0464}"],
    ] {
        assert!(rows.contains(&row.to_vec()), "{row:?} in\n{text}");
    }
    let doc = json(&["genus", "0.77", "--upto", "5", "--json"]);
    assert_eq!(
        doc,
        json!({
            "normal": [0, 1, 2, 3, 1, 4],
            "misere": [1, 0, 2, 3, 0, 1],
            "genus": [[1, 2, 0, 2], [0, 3, 1, 3], [2, 0, 2, 0], [3, 1, 3, 1], [0, 3, 1, 3], [1, 4, 6, 4]]
        })
    );
    assert!(fails(&["genus", "0.7x", "--upto", "5"]).contains("column 4"));
    assert!(fails(&["genus", "0.77", "--upto", "5000"]).contains("at most"));
    assert!(fails(&["genus", "0.77", "--upto", "x"]).contains("not a whole number"));
}
