//! `nimber search GAME [POSITION]` through the real binary: the same values as `nimber query`
//! (a strong solve) on the positions tried, remoteness of wins and losses included, and precise
//! errors.

mod common;
use common::*;

use serde_json::Value as Json;

/// The moves of a report (`search --json` or `query --json`) by label: value, and remoteness
/// for a win or a loss.
fn moves(doc: &Json) -> Vec<(String, String, Option<u64>)> {
    let mut out: Vec<_> = doc["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let value = m["value"].as_str().unwrap().to_string();
            let decisive = value == "win" || value == "lose";
            (m["move"].as_str().unwrap().to_string(), value, m["remoteness"].as_u64().filter(|_| decisive))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn search_agrees_with_query() {
    // Connect Four 5x4: the start and six positions after a few moves; every move's value too.
    for position in [
        "...../...../...../.....",
        "...../...../...../..x..",
        "...../...../..o../..x..",
        "...../...../...../x....",
        "...../...../...../xo...",
        "...../...../x..../xo...",
        "...../...../...../xx.oo",
    ] {
        let args = ["connect4", "-p", "w=5", "-p", "h=4", position];
        let searched = json(&[&["search"], &args[..], &["--remoteness", "--moves", "--json"]].concat());
        let solved = json(&[&["query"], &args[..], &["--json", "--no-cache"]].concat());
        assert_eq!(searched["value"], solved["value"], "{position}");
        if matches!(solved["value"].as_str(), Some("win" | "lose")) {
            assert_eq!(searched["remoteness"], solved["remoteness"], "{position}");
        }
        assert_eq!(moves(&searched), moves(&solved), "{position}");
        assert_eq!(searched["moves"].as_array().unwrap().len(), 5);
    }
}

#[test]
fn text_output_and_errors() {
    let text = ok(&["search", "tictactoe", "--moves"]);
    assert!(text.starts_with("tictactoe, position .../.../...\nvalue: tie"), "{text}");
    assert_eq!(text.lines().filter(|l| l.ends_with(" tie") && l.starts_with("  ")).count(), 9, "{text}");
    let text = ok(&["search", "tictactoe", "xx./oo./...", "--remoteness"]);
    assert!(text.contains("value: win in 1"), "{text}");
    let err = fails(&["search", "tictactoe", "xx"]);
    assert!(err.contains("cannot read position `xx`"), "{err}");
    let err = fails(&["search", "tictactoe", "--memory", "12Q"]);
    assert!(err.contains("--memory 12Q"), "{err}");
    let err = fails(&["search", "tictactoe", "--memory", "1000T"]);
    assert!(err.contains("a transposition table of") && err.contains("over the memory limit"), "{err}");
}
