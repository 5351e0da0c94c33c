//! The dense and lean solvers from the command line: Dōbutsu shōgi's memory estimates are printed
//! and a solve over the limit is refused before any work (the full solves are benchmarks, not
//! tests); the lean solver solves, stores and answers as the dense one does on small games.

mod common;
use common::*;

#[test]
fn over_the_memory_limit_is_refused_at_once() {
    let started = std::time::Instant::now();
    let err = fails_after_notes(&["solve", "dobutsu", "-p", "index=full", "--memory", "100M"]);
    assert!(err.contains("over the memory limit of 100 MiB"), "{err}");
    assert!(err.contains("1567925964 index slots"), "{err}");
    assert!(err.contains("246803167 reachable positions"), "{err}");
    // Refused before any work: no exploration of 1.5 billion slots happened.
    assert!(started.elapsed().as_secs() < 30);
    // The default index, solved lean: a tenth of the memory (without the examined set, which
    // the limit leaves out first).
    let err = fails_after_notes(&["solve", "dobutsu", "--memory", "60M"]);
    assert!(err.contains("the lean solve needs about 88 MiB, over the memory limit of 60 MiB"), "{err}");
    assert!(err.contains("249442767 index slots"), "{err}");
}

#[test]
fn bad_memory_sizes_and_solvers() {
    assert!(fails_after_notes(&["solve", "dobutsu", "--memory", "lots"]).contains("--memory lots"));
    assert!(fails_after_notes(&["solve", "dobutsu", "--solver", "memo"]).contains("dense index"));
    assert!(fails_after_notes(&["query", "dobutsu", "gle/.c./.C./ELG b L"]).contains("column 19"));
    // The live index leaves finished positions to the rules: only the lean solver solves it.
    let err = fails_after_notes(&["solve", "dobutsu", "--solver", "retrograde"]);
    assert!(err.contains("only the lean solver solves") && err.contains("dobutsu-live-v1"), "{err}");
    assert!(fails(&["solve", "dobutsu", "-p", "index=half"]).contains("index=half: expected live or full"));
    let err = fails_after_notes(&["solve", "octal", "--solver", "lean"]);
    assert!(err.contains("--solver lean: octal is not solved through a dense index"), "{err}");
}

#[test]
fn lean_solves_every_slot_and_answers_like_the_dense_solver() {
    // Tic-tac-toe's index (3^9 slots): 5,478 positions reachable from the empty board, 6,046
    // that are positions at all (every board with as many crosses as noughts or one more, none
    // after a finished game), solved lean.
    let lean = json(&["solve", "tictactoe", "--solver", "lean", "--json"]);
    assert_eq!(lean["solver"], "lean");
    assert_eq!(lean["positions"], 6046);
    assert_eq!(
        (lean["start"]["value"].as_str(), lean["start"]["remoteness"].as_u64()),
        (Some("tie"), Some(9))
    );
    let dense = json(&["solve", "tictactoe", "--solver", "retrograde", "--json"]);
    assert_eq!(dense["positions"], 5478);

    // Stored and queried: every answer as the dense store gives it.
    let (lean_db, dense_db) = (temp_file("c4-lean.db"), temp_file("c4-dense.db"));
    for (solver, db) in [("lean", &lean_db), ("retrograde", &dense_db)] {
        let _ = std::fs::remove_file(db);
        ok(&[
            "solve",
            "connect4",
            "-p",
            "w=4",
            "-p",
            "h=3",
            "--solver",
            solver,
            "--save",
            db.to_str().unwrap(),
        ]);
    }
    for position in [None, Some("..../..../xo.."), Some("..../.o../xx.o"), Some("..../o.../xxxo")] {
        let ask = |db: &std::path::Path| {
            let mut args = vec!["query", "--db", db.to_str().unwrap(), "--json"];
            args.extend(position);
            json(&args)
        };
        assert_eq!(ask(&lean_db), ask(&dense_db), "{position:?}");
    }
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
