//! Stored solutions from the command line: `solve --save`, `query --db`, `analyze --db`, and
//! their errors (games without a dense index, damaged and missing files, misplaced options).

mod common;
use common::*;

fn saved(name: &str) -> String {
    let path = temp_file(name);
    let path = path.to_str().unwrap().to_string();
    let out = nimber(&["solve", "tictactoe", "--save", &path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("start: .../.../... tie in 9"), "{text}");
    assert!(text.contains("positions: 5478"), "{text}");
    assert!(text.contains(&format!("saved 5478 positions to {path}")), "{text}");
    path
}

#[test]
fn query_from_the_file_answers_as_the_solver_does() {
    let db = saved("query.db");
    for position in [None, Some("x../.o./..."), Some("xx./oo./..."), Some("xxx/oo./..."), Some("xo./.x./..o")]
    {
        let mut with_db = vec!["query", "--db", &db, "--json"];
        let mut solved = vec!["query", "tictactoe", "--json"];
        if let Some(p) = position {
            with_db.push(p);
            solved.push(p);
        }
        assert_eq!(json(&with_db), json(&solved), "{position:?}");
    }
    let text = ok(&["query", "--db", &db, "x../.o./..."]);
    assert!(text.starts_with("game: tictactoe\nposition: x../.o./... tie in 7\n"), "{text}");
    assert!(text.contains("7 moves, best first"), "{text}");
    let text = ok(&["query", "--db", &db, "xxx/oo./..."]);
    assert!(text.contains("position: xxx/oo./... lose in 0"), "{text}");
    assert!(text.contains("no moves: the game is over"), "{text}");
}

/// Files of format versions 2 (a code byte for every slot) and 3 (codes of the slots holding
/// a position, every outcome with its remoteness), written by earlier nimbers, answer as the
/// files written now (version 4, wins found from their moves): the analysis (counts, the
/// longest of each value and their first positions) and the queries of the start and of
/// positions and moves throughout the game.
#[test]
fn files_of_format_versions_2_and_3_are_read() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let tictactoe = (&["tictactoe"][..], &["x../.o./...", "xx./oo./...", "xo./.x./..o"][..]);
    let dodgem = (&["dodgem"][..], &[".b./b../.rr r", "b../.../brr r"][..]);
    for (file, version, (game, positions)) in [
        ("tictactoe-v2.nimber", 2u32, tictactoe),
        ("tictactoe-v3.nimber", 3, tictactoe),
        ("dodgem3-v2.nimber", 2, dodgem),
        ("dodgem3-v3.nimber", 3, dodgem),
    ] {
        let old = data.join(file);
        let old = old.to_str().unwrap();
        assert_eq!(
            &std::fs::read(old).unwrap()[8..12],
            &version.to_le_bytes(),
            "{file} is of version {version}"
        );
        let new = temp_file(&format!("v4-{file}"));
        let new = new.to_str().unwrap();
        let mut solve = vec!["solve"];
        solve.extend_from_slice(game);
        solve.extend_from_slice(&["--save", new]);
        ok(&solve);
        assert_eq!(&std::fs::read(new).unwrap()[8..12], &4u32.to_le_bytes());
        let analysis = |db: &str| {
            let mut j = json(&["analyze", "--db", db, "--json"]);
            let o = j.as_object_mut().unwrap();
            o.remove("file");
            o.remove("bytes");
            j
        };
        assert_eq!(analysis(old), analysis(new), "{file}");
        for p in positions {
            assert_eq!(
                json(&["query", "--db", old, "--json", p]),
                json(&["query", "--db", new, "--json", p]),
                "{file} {p}"
            );
        }
        assert_eq!(
            json(&["query", "--db", old, "--json"]),
            json(&["query", "--db", new, "--json"]),
            "{file}"
        );
    }
}

#[test]
fn analyze_shows_counts_and_the_longest_wins() {
    let db = saved("analyze.db");
    let text = ok(&["analyze", "--db", &db]);
    assert!(text.starts_with("game: tictactoe\n"), "{text}");
    assert!(text.contains("19683 slots, 5478 positions in 2 blocks"), "{text}");
    assert!(text.contains("start: .../.../... tie in 9"), "{text}");
    // The longest of each value with its count, and the first slots holding it.
    assert!(text.contains("  win in 5         122  xo./.../...  o.x/.../...  oxx/.../..."), "{text}");
    assert!(text.contains("  lose in 4        124  "), "{text}");
    assert!(text.contains("  tie in 9           1  .../.../..."), "{text}");
    for row in
        ["  win             1       2358", "  lose            0        942", "  tie             9          1"]
    {
        assert!(text.contains(row), "{row}:\n{text}");
    }
}

#[test]
fn analyze_json_has_the_counts_the_longest_and_examples() {
    let db = saved("analyze-json.db");
    let doc = json(&["analyze", "--db", &db, "--json"]);
    assert_eq!(doc["game"], "tictactoe");
    assert_eq!(doc["params"], serde_json::json!({}));
    assert_eq!(doc["file"], db.as_str());
    assert_eq!(doc["bytes"], std::fs::metadata(&db).unwrap().len());
    assert_eq!(doc["scheme"], "tictactoe-base3-v1");
    assert_eq!(
        (doc["slots"].as_u64(), doc["positions"].as_u64(), doc["blocks"].as_u64()),
        (Some(19683), Some(5478), Some(2))
    );
    assert_eq!(doc["start"], serde_json::json!({"position": ".../.../...", "value": "tie", "remoteness": 9}));
    assert_eq!(
        doc["longest"][0],
        serde_json::json!({"value": "win", "remoteness": 5, "count": 122,
            "examples": ["xo./.../...", "o.x/.../...", "oxx/.../..."]})
    );
    assert_eq!(doc["longest"][1]["value"], "lose");
    assert_eq!(doc["longest"][1]["remoteness"], 4);
    assert_eq!(doc["longest"][2]["examples"], serde_json::json!([".../.../..."]));
    let counts = doc["counts"].as_array().unwrap();
    assert_eq!(counts.iter().map(|c| c["count"].as_u64().unwrap()).sum::<u64>(), 5478);
    assert!(counts.contains(&serde_json::json!({"value": "lose", "remoteness": 0, "count": 942})));
}

#[test]
fn a_position_beginning_with_a_dash_goes_after_two_dashes() {
    let db = saved("dash.db");
    // After `--` the position reaches the game's notation (which has no `-`)...
    let err = fails(&["query", "--db", &db, "--", "-x./.o./..."]);
    assert!(err.contains("cannot read position `-x./.o./...`"), "{err}");
    let err = fails(&["query", "--db", &db, "--json", "--", "-"]);
    assert!(err.contains("cannot read position `-`"), "{err}");
    // ... and any position may follow it.
    assert_eq!(json(&["query", "--db", &db, "--json", "--", "x../.o./..."])["remoteness"], 7);
    // Without it, clap reads an option and says what to do.
    let out = nimber(&["query", "--db", &db, "-x./.o./..."]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'-- -x"), "{out:?}");
    let help = ok(&["query", "--help"]);
    assert!(help.contains("nimber query --db FILE -- POSITION"), "{help}");
}

#[test]
fn errors_are_one_line() {
    let db = saved("errors.db");
    assert!(fails(&["solve", "subtraction", "--save", &db])
        .contains("subtraction is not solved through a dense index"));
    assert!(fails(&["solve", "tictactoe", "--misere", "--save", &db]).contains("--misere cannot be saved"));
    assert!(fails(&["solve", "tictactoe", "--save", "/nonexistent-dir/x.db"]).contains("no such directory"));
    assert!(fails(&["query", "--db", &db, "-p", "a=1"]).contains("do not apply"));
    assert!(fails(&["query", "--db", &db, "x........", "o........"]).contains("one position at most"));
    assert!(fails(&["query", "--db", &db, "xxxx/..."]).contains("cannot read position"));
    assert!(fails(&["query", "--db", &db, "xxx/ooo/..."]).contains("xxx/ooo/..."));
    // A file of format version 1 (magic, version, text length, text, checksum, blocks).
    let v1 = temp_file("v1.db");
    let mut bytes = b"NIMBERDB".to_vec();
    bytes.extend_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&[0; 60]);
    std::fs::write(&v1, &bytes).unwrap();
    let err = fails(&["query", "--db", v1.to_str().unwrap()]);
    assert!(
        err.contains("unsupported version 1") && err.contains("this nimber reads versions 2 to 4"),
        "{err}"
    );
    let missing = temp_file("missing.db");
    assert!(fails(&["analyze", "--db", missing.to_str().unwrap()]).contains("missing.db"));

    let good = std::fs::read(&db).unwrap();
    let damaged = temp_file("damaged.db");
    let damaged_s = damaged.to_str().unwrap();
    // A flipped byte in the header, in the block, and a truncated file.
    let mut header = good.clone();
    header[20] ^= 1;
    // A byte in the middle of each block (the start's moves are in both).
    let mut block = good.clone();
    let n = block.len();
    let text_len = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    let index = u64::from_le_bytes(good[24..32].try_into().unwrap()) as usize;
    let len0 = u32::from_le_bytes(good[index..index + 4].try_into().unwrap()) as usize;
    let data = 36 + text_len + 4;
    block[data + len0 / 2] ^= 1;
    block[(data + len0 + index) / 2] ^= 1;
    for (bytes, what) in
        [(header, "header checksum mismatch"), (block, "block"), (good[..n - 1].to_vec(), "truncated")]
    {
        std::fs::write(&damaged, &bytes).unwrap();
        for args in [vec!["query", "--db", damaged_s], vec!["analyze", "--db", damaged_s]] {
            let err = fails(&args);
            assert!(err.contains("corrupt solved-game file") && err.contains(what), "{args:?}: {err}");
            assert!(err.contains("damaged.db"), "{err}");
        }
    }
}

/// A loopy game with ties through the dense path and the store: examples/graphs/cycle.txt has
/// wins, losses, ties and draws; every position answers from the file as the memo-free solve
/// does, and a file changed since the save is refused (its index scheme names the graph's CRC).
#[test]
fn a_loopy_graph_with_ties_and_draws_is_stored() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/cycle.txt");
    let graph = temp_file("cycle-copy.txt");
    std::fs::copy(example, &graph).unwrap();
    let file = format!("file={}", graph.display());
    let db = temp_file("cycle.db");
    let db = db.to_str().unwrap();
    let text = ok(&["solve", "graph", "-p", &file, "--save", db]);
    assert!(text.contains("start: start win in 5") && text.contains("draw: 4"), "{text}");
    assert!(text.contains("saved 17 positions"), "{text}");
    let doc = json(&["analyze", "--db", db, "--json"]);
    let counts = doc["counts"].as_array().unwrap();
    for (value, total) in [("win", 6), ("lose", 4), ("tie", 3), ("draw", 4)] {
        let n: u64 =
            counts.iter().filter(|c| c["value"] == value).map(|c| c["count"].as_u64().unwrap()).sum();
        assert_eq!(n, total, "{value}: {counts:?}");
    }
    assert!(counts.contains(&serde_json::json!({"value": "tie", "remoteness": 2, "count": 1})), "{counts:?}");
    let names: Vec<String> = std::fs::read_to_string(&graph)
        .unwrap()
        .lines()
        .map(|l| l.split('#').next().unwrap())
        .flat_map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|t| !["win", "lose", "tie"].contains(&t.as_str()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(names.len(), 17);
    for name in &names {
        let stored = json(&["query", "--db", db, "--json", name]);
        let solved = json(&["query", "graph", "-p", &file, "--json", name]);
        assert_eq!(stored, solved, "{name}");
    }
    assert_eq!(json(&["query", "--db", db, "--json", "c1"])["value"], "tie");
    // The graph changes: the stored solve no longer belongs to it.
    let changed = std::fs::read_to_string(&graph).unwrap() + "\nl win\n";
    std::fs::write(&graph, changed).unwrap();
    let err = fails(&["query", "--db", db, "start"]);
    assert!(err.contains("graph-v1-") && err.contains("changed since"), "{err}");
    // The graph is gone: the store names the game it cannot build.
    std::fs::remove_file(&graph).unwrap();
    let err = fails(&["query", "--db", db]);
    assert!(err.contains("the stored game `graph file=") && err.contains("cannot be built"), "{err}");
}

#[test]
fn a_crafted_store_is_one_line_naming_the_file_and_the_field() {
    let db = saved("crafted.db");
    let good = std::fs::read(&db).unwrap();
    let text_len = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    let header_end = 36 + text_len + 4;
    // index_offset set to 0, 1, its maximum, into the header, and so that index_offset + 8 *
    // blocks + 12 * groups wraps around; the header checksum redone.
    let crafted = |index_offset: u64| {
        let mut bytes = good.clone();
        bytes[24..32].copy_from_slice(&index_offset.to_le_bytes());
        let crc = crc32fast::hash(&bytes[..header_end - 4]);
        bytes[header_end - 4..header_end].copy_from_slice(&crc.to_le_bytes());
        bytes
    };
    let blocks = 2u64; // 19683 slots in blocks of 16384, one group
    for index_offset in [0, 1, u64::MAX, header_end as u64 - 1, u64::MAX - 8 * blocks - 11] {
        std::fs::write(&db, crafted(index_offset)).unwrap();
        for args in [&["query", "--db", &db][..], &["analyze", "--db", &db]] {
            let err = fails(args);
            assert!(err.contains(&db) && err.contains("index_offset"), "{index_offset}: {err}");
        }
    }
}
