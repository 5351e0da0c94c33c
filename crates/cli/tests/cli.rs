//! Runs the real `nimber` binary.

mod common;
use common::*;

use std::collections::BTreeSet;

use serde_json::Value as Json;

#[test]
fn list_shows_nim_with_its_default_heaps() {
    let text = ok(&["list"]);
    let line = text.lines().find(|l| l.starts_with("nim ")).expect("a line for nim");
    assert!(line.contains("heaps=3,4,5"), "{line}");

    let games = json(&["list", "--json"]);
    let nim = games.as_array().unwrap().iter().find(|g| g["name"] == "nim").expect("nim listed");
    assert!(!nim["summary"].as_str().unwrap().is_empty());
    assert_eq!(nim["params"][0]["name"], "heaps");
    assert_eq!(nim["params"][0]["default"], "3,4,5");
}

#[test]
fn help_and_list_show_a_games_rules() {
    for args in [&["help", "nim"][..], &["list", "nim"]] {
        let text = ok(args);
        assert!(text.contains("Bouton"), "{text}");
        assert!(text.contains("heaps=3,4,5") && text.contains("heap sizes, comma-separated"), "{text}");
    }
    assert!(ok(&["help", "solve"]).contains("--dump"));
    fails(&["help", "no-such-thing"]);
}

#[test]
fn solve_nim_counts_every_reachable_position() {
    let doc = json(&["solve", "nim", "--json"]);
    let keys: BTreeSet<&str> = doc.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, BTreeSet::from(["game", "solver", "positions", "start", "counts", "seconds"]));
    assert_eq!(doc["game"], "nim");
    assert_eq!(doc["solver"], "memo");
    let expected = nim_positions(&[3, 4, 5]).len() as u64;
    assert_eq!(doc["positions"], expected);
    assert_eq!(doc["start"]["position"], "3,4,5");
    assert_eq!(doc["start"]["value"], "win");
    assert!(doc["start"]["remoteness"].as_u64().unwrap() % 2 == 1);
    let counted: u64 = doc["counts"].as_array().unwrap().iter().map(|c| c["count"].as_u64().unwrap()).sum();
    assert_eq!(counted, expected);
    // The losing positions of Nim are those whose heaps XOR to 0.
    let lost =
        nim_positions(&[3, 4, 5]).iter().filter(|p| p.iter().fold(0, |a, h| a ^ h) == 0).count() as u64;
    let lose_count: u64 = doc["counts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["value"] == "lose")
        .map(|c| c["count"].as_u64().unwrap())
        .sum();
    assert_eq!(lose_count, lost);
    assert!(doc["seconds"].as_f64().unwrap() >= 0.0);

    // The retrograde solver agrees.
    let retro = json(&["solve", "nim", "--json", "--solver", "retrograde", "--threads", "2"]);
    assert_eq!(retro["solver"], "retrograde");
    assert_eq!(retro["positions"], expected);
    assert_eq!(retro["start"], doc["start"]);
    assert_eq!(retro["counts"], doc["counts"]);
}

#[test]
fn solve_nim_text_shows_start_and_table() {
    let text = ok(&["solve", "nim", "-p", "heaps=1,2"]);
    assert!(text.contains("start: 1,2 win in "), "{text}");
    assert!(text.contains("positions: 5"), "{text}");
    assert!(text.contains("solver: memo"), "{text}");
    assert!(
        text.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["remoteness", "win", "lose"]),
        "{text}"
    );
    assert!(text.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["total", "3", "2"]), "{text}");
    assert!(text.contains("time: "), "{text}");
}

#[test]
fn solve_nim_values() {
    let doc = json(&["solve", "nim", "--nim", "--json"]);
    let keys: BTreeSet<&str> = doc.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, BTreeSet::from(["game", "solver", "positions", "start", "nim_counts", "seconds"]));
    assert_eq!(doc["solver"], "grundy");
    assert_eq!(doc["start"]["nim"], 3 ^ 4 ^ 5);
    assert_eq!(doc["start"]["value"], "win");
    let counted: u64 =
        doc["nim_counts"].as_array().unwrap().iter().map(|c| c["count"].as_u64().unwrap()).sum();
    assert_eq!(counted, doc["positions"].as_u64().unwrap());

    let same = json(&["solve", "nim", "--solver", "grundy", "--json", "-p", "heaps=1,2,3"]);
    assert_eq!(same["start"]["nim"], 0);
    assert_eq!(same["start"]["value"], "lose");
    assert!(ok(&["solve", "nim", "--nim"]).contains("start: 3,4,5 nim 2 (win)"));
}

#[test]
fn query_a_lost_nim_position() {
    let doc = json(&["query", "nim", "--json", "1,2,3"]);
    let keys: BTreeSet<&str> = doc.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, BTreeSet::from(["game", "position", "value", "remoteness", "moves"]));
    assert_eq!(doc["game"], "nim");
    assert_eq!(doc["position"], "1,2,3");
    assert_eq!(doc["value"], "lose");
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    let remoteness = doc["remoteness"].as_u64().unwrap();
    for m in moves {
        assert_eq!(m["value"], "lose", "{m}");
        assert!(m["remoteness"].as_u64().unwrap() <= remoteness, "{m}");
        assert!(m["move"].as_str().is_some() && m["position"].as_str().is_some());
    }
    // Best first: the longest loss leads.
    assert_eq!(moves[0]["remoteness"], remoteness);

    let text = ok(&["query", "nim", "1,2,3"]);
    assert!(text.contains("position: 1,2,3 lose in "), "{text}");
    assert!(
        text.lines().any(|l| l.split_whitespace().take(2).collect::<Vec<_>>() == ["1->0", "2,3"]),
        "{text}"
    );
}

#[test]
fn query_the_empty_nim_position() {
    for args in [
        &["query", "nim", "--json", "-"][..],
        &["query", "nim", "--json", "--", "-"],
        &["query", "nim", "-", "--json"],
    ] {
        let doc = json(args);
        assert_eq!(doc["position"], "-", "{args:?}");
        assert_eq!(doc["value"], "lose");
        assert_eq!(doc["remoteness"], 0);
        assert_eq!(doc["moves"].as_array().unwrap().len(), 0);
    }
    // Without a position, the start (with the game's parameters).
    let doc = json(&["query", "nim", "-p", "heaps=2", "--json"]);
    assert_eq!(doc["position"], "2");
    assert_eq!(doc["value"], "win");
    assert_eq!(doc["remoteness"], 1);
}

#[test]
fn dump_writes_quoted_csv() {
    let path = temp_file("nim.csv");
    let path_text = path.to_str().unwrap();
    ok(&["solve", "nim", "-p", "heaps=1,2", "--dump", path_text]);
    let csv = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.remove(0), "position,value,remoteness");
    lines.sort_unstable();
    assert_eq!(lines, ["\"1,1\",lose,2", "\"1,2\",win,3", "-,lose,0", "1,win,1", "2,win,1"]);

    ok(&["solve", "nim", "-p", "heaps=1,2", "--nim", "--dump", path_text]);
    let csv = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.remove(0), "position,nim");
    assert!(lines.contains(&"\"1,2\",3"), "{csv}");
    assert!(lines.contains(&"2,2"), "{csv}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn errors_are_one_line_with_status_2() {
    assert!(fails(&["solve", "chess"]).contains("unknown game `chess`"));
    assert!(fails(&["query", "chess"]).contains("unknown game"));
    assert!(fails(&["solve", "nim", "-p", "size=3"]).contains("unknown parameter `size`"));
    assert!(fails(&["solve", "nim", "-p", "heaps=3,x"]).contains("`x`"));
    assert!(fails(&["solve", "nim", "-p", "heaps"]).contains("key=value"));
    assert!(fails(&["query", "nim", "1,x"]).contains("cannot read position `1,x`"));
    assert!(fails(&["query", "nim", "--json", "-x"]).contains("cannot read position"));
    assert!(fails(&["list", "chess"]).contains("unknown game"));
    assert!(fails(&["solve", "nim", "--nim", "--solver", "memo"]).contains("--nim"));
    let missing = temp_file("no-such-dir").join("out.csv");
    assert!(fails(&["solve", "nim", "--dump", missing.to_str().unwrap()]).contains("out.csv"));
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    for args in
        [&["solve"][..], &["solve", "nim", "--bogus"], &["frobnicate"], &[], &["--threads", "0", "list"]]
    {
        let out = nimber(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    for args in [&["--help"][..], &["help"], &["solve", "--help"], &["--version"]] {
        let out = nimber(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn closed_stdout_is_not_an_error() {
    use std::process::Stdio;
    // Close the reading end at once: nimber's writes then fail with a broken pipe.
    for args in [&["list"][..], &["solve", "nim"], &["help", "nim"]] {
        let mut child =
            common::command().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.is_empty(), "{args:?}: {err}");
        assert!(out.status.success(), "{args:?}: {:?}", out.status);
    }
}

#[test]
fn tictactoe_is_a_tie_in_9() {
    let doc = json(&["solve", "tictactoe", "--json"]);
    assert_eq!(doc["positions"], 5478);
    assert_eq!(doc["start"]["position"], ".../.../...");
    assert_eq!(doc["start"]["value"], "tie");
    assert_eq!(doc["start"]["remoteness"], 9);

    let doc = json(&["query", "tictactoe", "--json"]);
    assert_eq!(doc["position"], ".../.../...");
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    for m in moves {
        assert_eq!(m["value"], "tie", "{m}");
        assert_eq!(m["remoteness"], 9, "{m}");
    }
    assert!(moves.iter().any(|m| m["move"] == "b2" && m["position"] == ".../.x./..."));
}

#[test]
fn draws_have_no_remoteness() {
    // a -> c wins at once; b must move back to a; d and e chase each other forever.
    let graph = temp_file("draws.txt");
    std::fs::write(&graph, "a b\nb a\na c\nd e\ne d\n").unwrap();
    let file = format!("file={}", graph.display());
    let doc = json(&["solve", "graph", "-p", &file, "--json"]);
    assert_eq!(doc["solver"], "retrograde");
    assert_eq!(doc["positions"], 5);
    assert_eq!(doc["start"], serde_json::json!({"position": "a", "value": "win", "remoteness": 1}));
    let draws: Vec<&Json> =
        doc["counts"].as_array().unwrap().iter().filter(|c| c["value"] == "draw").collect();
    assert_eq!(draws, [&serde_json::json!({"value": "draw", "remoteness": null, "count": 2})]);

    let doc = json(&["query", "graph", "-p", &file, "--json", "d"]);
    assert_eq!(doc["value"], "draw");
    assert_eq!(doc["remoteness"], Json::Null);
    assert_eq!(
        doc["moves"],
        serde_json::json!([{"move": "e", "position": "e", "value": "draw", "remoteness": null}])
    );

    let dump = temp_file("draws.csv");
    let out = nimber(&["solve", "graph", "-p", &file, "--dump", dump.to_str().unwrap()]);
    let (text, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("draw: 2"), "{text}");
    // The switch to retrograde analysis is noted on stderr, and in the report.
    assert!(err.starts_with("nimber: note: ") && err.lines().count() == 1, "{err}");
    assert!(text.contains("note: "), "{text}");
    let csv = std::fs::read_to_string(&dump).unwrap();
    let mut lines: Vec<&str> = csv.lines().skip(1).collect();
    lines.sort_unstable();
    assert_eq!(lines, ["a,win,1", "b,lose,2", "c,lose,0", "d,draw,", "e,draw,"]);
    std::fs::remove_file(&dump).unwrap();
    std::fs::remove_file(&graph).unwrap();

    let missing = temp_file("no-such-graph.txt");
    assert!(
        fails(&["solve", "graph", "-p", &format!("file={}", missing.display())]).contains("no-such-graph")
    );
}

#[test]
fn a_search_that_outgrows_the_memory_limit_stops_with_a_message() {
    for solver in ["memo", "retrograde"] {
        let err =
            fails(&["solve", "nim", "-p", "heaps=25,25,25,25,25", "--solver", solver, "--memory", "1M"]);
        // The engine says what mends it; the command line names its flag.
        assert!(
            err.contains("stopped after")
                && err.contains("over the memory limit of 1 MiB (raise it with --memory)"),
            "{err}"
        );
    }
}

#[test]
fn refusals_that_another_choice_mends_name_its_flag() {
    // Dōbutsu's default index leaves out the positions the rules answer for: only the lean
    // solver takes it, and another is refused before any work, naming the flag that chooses.
    let err = fails(&["solve", "dobutsu", "--solver", "memo"]);
    assert!(err.contains("; the solver memo is not available (--solver)"), "{err}");
}

#[test]
fn dump_dash_writes_the_csv_to_standard_output() {
    // Run in an empty directory: no file named `-` may appear.
    let dir = temp_file("dump-dash");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("nim.csv");
    ok(&["solve", "nim", "-p", "heaps=1,2", "--dump", file.to_str().unwrap()]);
    let out = common::command()
        .args(["solve", "nim", "-p", "heaps=1,2", "--dump", "-"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8(out.stdout).unwrap();
    // Standard output is the CSV, exactly the file's; the summary went to standard error.
    assert_eq!(csv, std::fs::read_to_string(&file).unwrap());
    assert!(csv.starts_with("position,value,remoteness\n") && csv.lines().count() == 6, "{csv}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("dump: 5 positions written to standard output"), "{err}");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["nim.csv"]);
    // The CSV and JSON cannot share standard output.
    assert!(fails(&["solve", "nim", "--json", "--dump", "-"])
        .contains("--dump - writes the CSV to standard output"));
    std::fs::remove_dir_all(&dir).unwrap();
}
