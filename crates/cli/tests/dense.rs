//! The dense solver from the command line: Dōbutsu shōgi's memory estimate is printed and a solve
//! over the limit is refused before any work (the full solve is a benchmark, not a test).

use std::process::{Command, Output};

fn nimber(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimber")).args(args).output().expect("the nimber binary runs")
}

/// Runs a command that must fail with exit status 2 and one line on standard error; returns it.
fn fails(args: &[&str]) -> String {
    let out = nimber(args);
    assert_eq!(out.status.code(), Some(2), "nimber {args:?}: {out:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    let last = err.lines().last().unwrap_or("").to_string();
    assert!(last.starts_with("nimber: error: "), "nimber {args:?}: {err}");
    last
}

#[test]
fn over_the_memory_limit_is_refused_at_once() {
    let started = std::time::Instant::now();
    let err = fails(&["solve", "dobutsu", "--memory", "100M"]);
    assert!(err.contains("over the memory limit of 100 MiB"), "{err}");
    assert!(err.contains("1567925964 index slots"), "{err}");
    assert!(err.contains("246803167 reachable positions"), "{err}");
    // Refused before any work: no exploration of 1.5 billion slots happened.
    assert!(started.elapsed().as_secs() < 30);
}

#[test]
fn bad_memory_sizes_and_solvers() {
    assert!(fails(&["solve", "dobutsu", "--memory", "lots"]).contains("--memory lots"));
    assert!(fails(&["solve", "dobutsu", "--solver", "memo"]).contains("dense index"));
    assert!(fails(&["query", "dobutsu", "gle/.c./.C./ELG b L"]).contains("column 19"));
}

#[test]
fn help_states_the_conventions() {
    let out = nimber(&["help", "dobutsu"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for fact in ["246,803,167", "78 plies", "mirror image", "point of view of the player to move"] {
        assert!(text.contains(fact), "`nimber help dobutsu` does not say `{fact}`:\n{text}");
    }
}
