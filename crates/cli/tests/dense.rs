//! The dense solver from the command line: Dōbutsu shōgi's memory estimate is printed and a solve
//! over the limit is refused before any work (the full solve is a benchmark, not a test).

mod common;
use common::*;

#[test]
fn over_the_memory_limit_is_refused_at_once() {
    let started = std::time::Instant::now();
    let err = fails_after_notes(&["solve", "dobutsu", "--memory", "100M"]);
    assert!(err.contains("over the memory limit of 100 MiB"), "{err}");
    assert!(err.contains("1567925964 index slots"), "{err}");
    assert!(err.contains("246803167 reachable positions"), "{err}");
    // Refused before any work: no exploration of 1.5 billion slots happened.
    assert!(started.elapsed().as_secs() < 30);
}

#[test]
fn bad_memory_sizes_and_solvers() {
    assert!(fails_after_notes(&["solve", "dobutsu", "--memory", "lots"]).contains("--memory lots"));
    assert!(fails_after_notes(&["solve", "dobutsu", "--solver", "memo"]).contains("dense index"));
    assert!(fails_after_notes(&["query", "dobutsu", "gle/.c./.C./ELG b L"]).contains("column 19"));
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
