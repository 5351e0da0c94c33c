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

#[test]
fn connect_four_scores_batches_and_refusals() {
    // A position as the moves from the empty board (4453: x, o, x, o), and as a board: the
    // same answer, with the score (22 minus the winner's stones) beside the remoteness.
    let by_moves = json(&["search", "connect4", "-p", "w=5", "-p", "h=4", "4453", "--remoteness", "--json"]);
    let by_board = json(&[
        "search",
        "connect4",
        "-p",
        "w=5",
        "-p",
        "h=4",
        "...../...../...o./..oxx",
        "--remoteness",
        "--json",
    ]);
    assert_eq!(by_moves["position"], "...../...../...o./..oxx");
    for key in ["value", "remoteness", "score"] {
        assert_eq!(by_moves[key], by_board[key], "{key}");
    }
    assert!(by_moves["score"].is_i64(), "{by_moves}");
    // x wins with the fourth stone on 7x6: score 22 - 4 = 18, in 1 ply; every move listed, the
    // scores in the order of the columns too.
    let text = ok(&["search", "connect4", "1212123", "--remoteness", "--moves"]);
    assert!(text.contains("value: win in 1 (score 18)"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("scores by move: ") && l.split(' ').count() == 10), "{text}");
    // A batch: one table for all, a line each, in order; an empty line is the start.
    let file = temp_file("connect4-batch.txt");
    std::fs::write(&file, "4453\n\n1212123\n").unwrap();
    let text = ok(&["search", "connect4", "-p", "w=5", "-p", "h=4", "--batch", file.to_str().unwrap()]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("4453: ") && lines[1].starts_with(": tie"), "{text}");
    assert!(lines[2].starts_with("1212123: win"), "{text}");
    std::fs::write(&file, "4453\n4444444\n").unwrap();
    // A line that cannot be read stops the batch, after the answers before it.
    let out = nimber(&["search", "connect4", "-p", "w=5", "-p", "h=4", "--batch", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("4453: "));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2") && err.contains("column 5: column 4 is full"), "{err}");
    // Faults of a position: a floating stone, a finished game, a column off the board.
    let err = fails(&["search", "connect4", "-p", "w=4", "-p", "h=4", "..../..../.x../...."]);
    assert!(err.contains("column 12: a stone above an empty cell in column 2"), "{err}");
    let err = fails(&["search", "connect4", "12121217"]);
    assert!(err.contains("column 8") && err.contains("the game ended with move 7"), "{err}");
    let err = fails(&["search", "connect4", "1212121"]);
    assert!(err.contains("the game is over") && err.contains("nothing to search"), "{err}");
    let err = fails(&["search", "connect4", "128"]);
    assert!(err.contains("column 3: no column 8: columns are 1 to 7"), "{err}");
    // A table too small to be of use is refused with the least that would do.
    let err = fails(&["search", "connect4", "--memory", "1K"]);
    assert!(err.contains("too small for Connect Four 7 wide and 6 high: give it at least 131 kB"), "{err}");
}

#[test]
fn search_over_a_saved_solution() {
    // Dodgem 3x3 (loopy) saved whole: a search with --db reads the position and every move's
    // result from the file, and agrees with query --db.
    let db = temp_file("search-dodgem.db");
    ok(&["solve", "dodgem", "-p", "n=3", "--save", db.to_str().unwrap()]);
    let path = db.to_str().unwrap();
    let searched = json(&["search", "dodgem", "--db", path, "--remoteness", "--moves", "--json"]);
    let stored = json(&["query", "--db", path, "--json"]);
    assert_eq!(searched["value"], stored["value"]);
    assert_eq!(searched["remoteness"], stored["remoteness"]);
    assert_eq!(moves(&searched), moves(&stored));
    let probed = searched["probed"].as_u64().unwrap();
    assert_eq!(probed, searched["nodes"].as_u64().unwrap());
    assert_eq!(probed, 1 + searched["moves"].as_array().unwrap().len() as u64);
    let text = ok(&["search", "dodgem", "--db", path]);
    assert!(text.contains(" of them read from the saved solution;"), "{text}");
    // The store names its game and keeps its parameters.
    let err = fails(&["search", "connect4", "--db", path]);
    assert!(err.contains("a solution of dodgem, not of connect4"), "{err}");
    let err = fails(&["search", "dodgem", "-p", "n=4", "--db", path]);
    assert!(err.contains("-p does not apply (the solution keeps its parameters: dodgem n=3)"), "{err}");
    let _ = std::fs::remove_file(&db);
}
