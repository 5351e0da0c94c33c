//! Helpers shared by the tests that run the real `nimber` binary.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value as Json;

/// The `nimber` binary, with its cache (`nimber query` keeps solved games) in the test's
/// temporary directory rather than the user's.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimber"));
    command.env("XDG_CACHE_HOME", cache_home());
    command
}

/// Where the tests' `nimber` keeps its cache: `XDG_CACHE_HOME`, a folder per test process.
pub fn cache_home() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cache-{}", std::process::id()))
}

/// The lines of a solve's output that do not depend on how it ran (no time, no notes).
pub fn result_lines(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with("time:") && !l.starts_with("note:"))
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn nimber(args: &[&str]) -> Output {
    command().args(args).output().expect("the nimber binary runs")
}

/// Runs a command that must succeed and returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = nimber(args);
    assert!(
        out.status.success(),
        "nimber {args:?} failed with {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must succeed and parses its standard output as JSON.
pub fn json(args: &[&str]) -> Json {
    let text = ok(args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("nimber {args:?}: bad JSON ({e}):\n{text}"))
}

/// Runs a command that must fail: exit status 2, nothing on standard output, one line on
/// standard error starting with `nimber: error:`. Returns that line.
pub fn fails(args: &[&str]) -> String {
    let out = nimber(args);
    assert_eq!(out.status.code(), Some(2), "nimber {args:?}: {out:?}");
    assert!(
        out.stdout.is_empty(),
        "nimber {args:?} wrote to stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8(out.stderr).expect("utf-8 errors");
    assert_eq!(err.lines().count(), 1, "nimber {args:?}: not one line: {err}");
    assert!(err.starts_with("nimber: error: "), "nimber {args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// A file name in the test's temporary directory, unique to the test.
pub fn temp_file(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    dir.join(format!("{}-{name}", std::process::id()))
}

/// The Nim positions reachable from `start`, each a sorted multiset of non-empty heaps, found
/// by brute force.
pub fn nim_positions(start: &[u32]) -> BTreeSet<Vec<u32>> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![start.to_vec()];
    while let Some(pos) = todo.pop() {
        if !seen.insert(pos.clone()) {
            continue;
        }
        for i in 0..pos.len() {
            for smaller in 0..pos[i] {
                let mut next = pos.clone();
                next[i] = smaller;
                next.retain(|&h| h > 0);
                next.sort_unstable();
                todo.push(next);
            }
        }
    }
    seen
}

/// Like [`fails`], but notes may come before the error line (a solve that prints its estimate
/// and then refuses). Returns the error line.
pub fn fails_after_notes(args: &[&str]) -> String {
    let out = nimber(args);
    assert_eq!(out.status.code(), Some(2), "nimber {args:?}: {out:?}");
    assert!(out.stdout.is_empty(), "nimber {args:?} wrote to stdout");
    let err = String::from_utf8(out.stderr).expect("utf-8 errors");
    assert!(err.lines().rev().skip(1).all(|l| l.starts_with("nimber: note: ")), "nimber {args:?}: {err}");
    let last = err.lines().last().unwrap_or("").to_string();
    assert!(last.starts_with("nimber: error: "), "nimber {args:?}: {err}");
    last
}
