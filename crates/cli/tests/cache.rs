//! `nimber query` keeps solved games in the cache directory and reads them back; `nimber cache
//! list|clear`; a kept file that is damaged, of another game or of other rules is solved again.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value as Json;

/// `nimber --cache-dir DIR ARGS...`.
fn run(dir: &Path, args: &[&str]) -> Output {
    let mut all = vec!["--cache-dir", dir.to_str().unwrap()];
    all.extend_from_slice(args);
    common::nimber(&all)
}

fn ok(dir: &Path, args: &[&str]) -> (String, String) {
    let out = run(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

fn listed(dir: &Path) -> Vec<Json> {
    let (out, _) = ok(dir, &["cache", "list", "--json"]);
    let doc: Json = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["dir"], dir.to_str().unwrap());
    doc["files"].as_array().unwrap().clone()
}

fn fresh(name: &str) -> PathBuf {
    let dir = common::temp_file(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_query_solves_once_and_later_queries_read_the_cache() {
    let dir = fresh("cache-once");
    assert!(listed(&dir).is_empty(), "a cache that does not exist yet lists nothing");
    let query = ["query", "dodgem", "-p", "n=3", "--json"];
    let (first, said) = ok(&dir, &query);
    assert!(said.contains("solving dodgem n=3 once"), "{said}");
    let (again, said_again) = ok(&dir, &query);
    assert_eq!(first, again, "the cached answer is the solved one");
    assert!(!said_again.contains("solving"), "the second query solved again: {said_again}");
    // The answer is the published one: 2,055 positions, the start won in 20.
    let doc: Json = serde_json::from_str(&first).unwrap();
    assert_eq!((doc["value"].as_str(), doc["remoteness"].as_u64()), (Some("win"), Some(20)));
    let (solved, _) = ok(&dir, &["query", "dodgem", "-p", "n=3", "--json", "--no-cache"]);
    assert_eq!(solved, first, "the same answer without the cache");

    let files = listed(&dir);
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0]["game"], "dodgem");
    assert_eq!(files[0]["params"], serde_json::json!(["n=3", "mirror="]));
    assert_eq!(files[0]["positions"], 2055);
    assert!(files[0]["bytes"].as_u64().unwrap() > 0);
    let (text, _) = ok(&dir, &["cache", "list"]);
    assert!(text.contains("dodgem n=3") && text.contains("2055") && text.contains("1 file"), "{text}");

    // Another position, and one of its moves, come from the same file.
    let (moved, said) = ok(&dir, &["query", "dodgem", "-p", "n=3", "b../b../.rr r"]);
    assert!(moved.contains("position: b../b../.rr r"), "{moved}");
    assert!(!said.contains("solving"), "{said}");

    let (cleared, _) = ok(&dir, &["cache", "clear"]);
    assert!(cleared.starts_with("removed 1 file from "), "{cleared}");
    assert!(listed(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_or_foreign_file_is_solved_again() {
    let dir = fresh("cache-damaged");
    let query = ["query", "tictactoe", "--json"];
    let (want, _) = ok(&dir, &query);
    let path = PathBuf::from(listed(&dir)[0]["path"].as_str().unwrap().to_string());

    // Damaged: cut in half.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let (got, said) = ok(&dir, &query);
    assert_eq!(got, want);
    assert!(said.contains("of other rules or damaged: solving tictactoe again"), "{said}");

    // Another game's solution under this game's name.
    ok(&dir, &["query", "dodgem", "-p", "n=3"]);
    let dodgem = listed(&dir).into_iter().find(|f| f["game"] == "dodgem").unwrap();
    std::fs::copy(dodgem["path"].as_str().unwrap(), &path).unwrap();
    let (got, said) = ok(&dir, &query);
    assert_eq!(got, want);
    assert!(said.contains("solving tictactoe again"), "{said}");
    assert_eq!(listed(&dir).len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn positions_beyond_the_start_and_options_solve_without_the_cache() {
    let dir = fresh("cache-beyond");
    // Nim from 2,3 keeps the positions it reaches; 9,9 is not among them and is solved from
    // itself.
    let (out, _) = ok(&dir, &["query", "nim", "-p", "heaps=2,3", "9,9"]);
    assert!(out.contains("position: 9,9 lose in 18"), "{out}");
    assert_eq!(listed(&dir).len(), 1, "the start's game is kept");
    // --nim, --misere and --no-cache keep nothing.
    let other = fresh("cache-none");
    ok(&other, &["query", "nim", "-p", "heaps=1,2", "--nim"]);
    ok(&other, &["query", "nim", "-p", "heaps=1,2", "--misere"]);
    ok(&other, &["query", "nim", "-p", "heaps=1,2", "--no-cache"]);
    assert!(listed(&other).is_empty());
    // A position that cannot be read is refused before any solve.
    let err = run(&other, &["query", "dodgem", "-p", "n=4", "zz"]);
    assert_eq!(err.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&err.stderr).contains("cannot read position `zz`"));
    assert!(listed(&other).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
