//! `nimber explore` and `nimber check` through the real binary.

mod common;
use common::*;

use serde_json::Value as Json;

#[test]
fn explore_finds_the_enjapma_rule_and_check_accepts_it() {
    let args = ["explore", "enjapma", "-p", "h=4", "-p", "w=4", "--by", "pieces,on_dark"];
    let text = ok(&args);
    assert!(text.contains("positions: 74954 (every board of 1 to 4 rows and 1 to 4 columns"), "{text}");
    assert!(text.contains("rule: (pieces + on_dark) % 3 == 0 (the player to move loses"), "{text}");
    assert!(
        text.contains("period along pieces: 3 from 0") && text.contains("period along on_dark: 3 from 0")
    );
    assert!(text.contains("function: yes"), "{text}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let doc = json(&with_json);
    assert_eq!(doc["positions"], 74954);
    assert_eq!(doc["features"], serde_json::json!(["pieces", "on_dark"]));
    assert_eq!(doc["function"], true);
    assert_eq!(doc["counterexample"], Json::Null);
    let table = doc["table"].as_array().unwrap();
    assert_eq!(table.len(), 81);
    assert_eq!(table.iter().map(|r| r["count"].as_u64().unwrap()).sum::<u64>(), 74954);
    assert_eq!(table[0], serde_json::json!({"key": [0, 0], "value": "lose", "count": 16}));
    let rule = doc["rule"].as_str().unwrap();
    assert_eq!(rule, "(pieces + on_dark) % 3 == 0");
    let verdict = json(&["check", "enjapma", "-p", "h=4", "-p", "w=4", "--rule", rule, "--json"]);
    assert_eq!(verdict["holds"], true);
    assert_eq!(verdict["positions"], 74954);
    assert_eq!(verdict["counterexample"], Json::Null);
    let text =
        ok(&["check", "enjapma", "-p", "h=3", "-p", "w=4", "--rule", "(on_light + 2*on_dark) % 3 == 0"]);
    assert!(text.contains("holds on 5050 positions"), "{text}");
}

#[test]
fn a_false_nim_rule_is_rejected_with_a_correct_counterexample() {
    for params in [["-p", "heaps=3", "-p", "max=7"], ["-p", "count=3", "-p", "max=7"]] {
        for rule in ["heap1 + heap2 == heap3", "xor % 2 == 0"] {
            let mut args = vec!["check", "nim"];
            args.extend(params);
            args.extend(["--rule", rule, "--json"]);
            let doc = json(&args);
            assert_eq!(doc["holds"], false);
            assert_eq!(doc["positions"], 120);
            let c = &doc["counterexample"];
            assert_eq!(c["position"], "1,1,2", "{rule}");
            assert_eq!(c["value"], "win");
            assert_eq!(c["claimed"], "lose");
            assert_eq!(c["features"]["xor"], 2);
            // Solved on its own, the counterexample has the value reported.
            let q = json(&["query", "nim", "1,1,2", "--json"]);
            assert_eq!(q["value"], c["value"]);
        }
    }
    let text = ok(&["check", "nim", "-p", "heaps=3", "-p", "max=7", "--rule", "xor % 2 == 0"]);
    for line in ["counterexample: 1,1,2", "  value: win", "  claimed: lose"] {
        assert!(text.lines().any(|l| l == line), "{line}: {text}");
    }
}

#[test]
fn bouton_holds_on_every_position_counted() {
    let text = ok(&["check", "nim", "-p", "heaps=3", "-p", "max=7", "--rule", "xor == 0"]);
    assert!(text.lines().any(|l| l == "holds on 120 positions"), "{text}");
    let doc = json(&[
        "check",
        "nim",
        "-p",
        "heaps=3",
        "-p",
        "max=7",
        "--nim",
        "--rule",
        "heap1 ^ heap2 ^ heap3",
        "--json",
    ]);
    assert_eq!((doc["holds"].as_bool(), doc["positions"].as_u64()), (Some(true), Some(120)));
    let doc = json(&["explore", "nim", "-p", "count=4", "-p", "max=5", "--by", "xor", "--json"]);
    assert_eq!((doc["positions"].as_u64(), doc["rule"].as_str()), (Some(126), Some("xor == 0")));
    // The start heaps keep their meaning.
    let doc = json(&["solve", "nim", "-p", "heaps=3,4,5", "--json"]);
    assert_eq!(doc["start"]["position"], "3,4,5");
    let doc = json(&["solve", "nim", "-p", "heaps=3", "-p", "max=7", "--json"]);
    assert_eq!(doc["start"]["position"], "7,7,7");
    assert_eq!(doc["positions"], 120);
}

#[test]
fn from_a_position() {
    let reachable = nim_positions(&[2, 3, 6]).len() as u64;
    let doc = json(&["check", "nim", "--from", "2,3,6", "--rule", "xor == 0", "--json"]);
    assert_eq!((doc["holds"].as_bool(), doc["positions"].as_u64()), (Some(true), Some(reachable)));
    let doc = json(&["explore", "nim", "--from", "6,3,2", "--by", "heaps", "--json"]);
    assert_eq!(doc["positions"].as_u64(), Some(reachable));
    assert_eq!(doc["scope"], "the positions reachable from 2,3,6");
    // Games without a family explore what the start reaches.
    let doc = json(&["explore", "tictactoe", "--by", "moves", "--json"]);
    assert_eq!(doc["positions"], 5478);
    assert_eq!(doc["function"], false);
}

#[test]
fn witnesses_of_non_functions_are_real() {
    let doc = json(&["explore", "nim", "-p", "heaps=3", "-p", "max=7", "--by", "heap2,heap3", "--json"]);
    assert_eq!(doc["function"], false);
    let pair = doc["counterexample"].as_array().unwrap();
    let positions: Vec<&str> = pair.iter().map(|p| p.as_str().unwrap()).collect();
    // heap2 and heap3 of a position: its two largest heaps.
    let top = |text: &str| -> Vec<u32> {
        let mut heaps: Vec<u32> =
            if text == "-" { vec![] } else { text.split(',').map(|h| h.parse().unwrap()).collect() };
        while heaps.len() < 3 {
            heaps.insert(0, 0);
        }
        heaps[1..].to_vec()
    };
    assert_eq!(top(positions[0]), top(positions[1]), "{positions:?}");
    let value = |text: &str| json(&["query", "nim", text, "--json"])["value"].clone();
    assert_ne!(value(positions[0]), value(positions[1]), "{positions:?}");
    let text = ok(&["explore", "nim", "-p", "heaps=3", "-p", "max=7", "--by", "heap2,heap3"]);
    assert!(text.contains("function: no: `"), "{text}");
}

#[test]
fn gameindarkness_criterion() {
    let args = ["check", "gameindarkness", "-p", "field=A..../...../....B", "--value", "draw"];
    let mut with = args.to_vec();
    with.extend(["--rule", "junction == 1 && dist_diff >= 2", "--json"]);
    let doc = json(&with);
    assert_eq!((doc["holds"].as_bool(), doc["positions"].as_u64()), (Some(true), Some(106_624)));
    let doc = json(&[
        "explore",
        "gameindarkness",
        "-p",
        "field=A..../...../....B",
        "--by",
        "junction,dist_diff",
        "--json",
    ]);
    assert_eq!((doc["rule"].as_str(), doc["rule_value"].as_str()), (Some("dist_diff >= 2"), Some("draw")));
    let mut with = args.to_vec();
    with.extend(["--rule", "dist_diff >= 3"]);
    let text = ok(&with);
    assert!(text.contains("  value: draw") && text.contains("  claimed: not draw"), "{text}");
}

#[test]
fn pictures() {
    let svg = temp_file("enjapma.svg");
    let png = temp_file("enjapma.png");
    let text = ok(&[
        "explore",
        "enjapma",
        "-p",
        "h=3",
        "-p",
        "w=3",
        "--by",
        "pieces,on_dark",
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(text.contains(&format!("picture: {}", svg.display())), "{text}");
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg") && drawing.trim_end().ends_with("</svg>"));
    // One cell with a tooltip per (pieces, on_dark) pair of the 3 x 3 boards: y <= x, y <= 5,
    // x - y <= 4.
    let cells = (0..=9).flat_map(|x: i32| (0..=5).filter(move |&y| y <= x && x - y <= 4)).count();
    assert_eq!(drawing.matches("<title>").count(), cells);
    assert!(drawing.contains("<title>pieces=0, on_dark=0: lose (9)</title>"), "{drawing}");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    std::fs::remove_file(&svg).ok();
    std::fs::remove_file(&png).ok();
    let e = fails(&["explore", "nim", "--by", "heap1,heap2,heap3", "--svg", svg.to_str().unwrap()]);
    assert!(e.contains("one or two features"), "{e}");
}

#[test]
fn errors_are_one_line_with_the_column() {
    let e = fails(&["check", "nim", "--rule", "(xor + foo) % 2 == 0"]);
    assert!(
        e.contains("column 8") && e.contains("unknown feature `foo`") && e.contains("heap1, heap2, heap3"),
        "{e}"
    );
    let e = fails(&["check", "nim", "--rule", "xor = 0"]);
    assert!(e.contains("column 5") && e.contains("=="), "{e}");
    let e = fails(&["check", "nim", "--rule", "(xor == 0"]);
    assert!(e.contains("column 10"), "{e}");
    let e = fails(&["check", "nim", "--rule", "heap1 / heap2 == 1"]);
    assert!(e.contains("column 7") && e.contains("Division by zero"), "{e}");
    let e = fails(&["check", "nim", "--rule", "xor"]);
    assert!(e.contains("--nim"), "{e}");
    let e = fails(&["check", "nim", "--nim", "--rule", "xor == 0", "--value", "draw"]);
    assert!(e.contains("wins and losses"), "{e}");
    let e = fails(&["explore", "nim", "--by", "xor,size"]);
    assert!(e.contains("unknown feature `size`") && e.contains("moves"), "{e}");
    let e = fails(&["explore", "enjapma", "-p", "h=5", "-p", "w=5", "--by", "pieces"]);
    assert!(e.contains("at most 20"), "{e}");
    let e = fails(&["explore", "nim", "--by", "xor", "--from", "3,x"]);
    assert!(e.contains("column 3"), "{e}");
    let e = fails(&["check", "tictactoe", "--nim", "--rule", "moves == 0"]);
    assert!(e.contains("impartial"), "{e}");
}

/// `explore --values`: Domineering's rectangles up to 3 x 4 (12 positions), their published
/// values (Winning Ways; cgt-tools and CGSuite agree) in a grid; by a part of the value; as JSON.
#[test]
fn explore_values_of_domineering_rectangles() {
    let text =
        ok(&["explore", "domineering", "--values", "-p", "rows=3", "-p", "cols=4", "--by", "rows,cols"]);
    for line in [
        "positions: 12 (every rectangle of 1 to 3 rows and 1 to 4 columns)",
        "game value by rows (rows) and cols (columns), with the number of positions:",
        "  rows \\ cols    1           2           3           4",
        "            1  0 1        -1 1        -1 1        -2 1",
        "            2  1 1       +-1 1  {2|-1/2} 1  {2|0||0} 1",
        "            3  1 1  {1/2|-2} 1       +-1 1      -3/2 1",
        "function: yes: the game value is a function of rows, cols",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
    // The strips: a formula for the value, and the rule for the value 0.
    let text = ok(&["explore", "domineering", "--values", "-p", "rows=1", "-p", "cols=8", "--by", "cols"]);
    assert!(text.lines().any(|l| l == "value: -(cols / 2)"), "{text}");
    assert!(text.contains("rule: cols == 1 (the value is 0, and the player to move loses"), "{text}");
    let doc = json(&[
        "explore",
        "domineering",
        "--values",
        "-p",
        "rows=3",
        "-p",
        "cols=3",
        "--by",
        "temperature",
        "--json",
    ]);
    assert_eq!(doc["values"], true);
    assert_eq!(doc["positions"], 9);
    let rows: Vec<(String, String, u64)> = doc["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["key"][0].as_str().unwrap().to_string(),
                r["value"].as_str().unwrap().to_string(),
                r["count"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("-1", "-1", 2),
        ("-1", "0", 1),
        ("-1", "1", 2),
        ("1", "+-1", 2),
        ("5/4", "{1/2|-2}", 1),
        ("5/4", "{2|-1/2}", 1),
    ];
    assert_eq!(rows, want.map(|(k, v, n)| (k.to_string(), v.to_string(), n)));
    assert_eq!(doc["function"], false);
    // Clobber: every row of up to 6 stones and spaces (1,092 boards), a picture of the table.
    let svg = temp_file("clobber.svg");
    let text = ok(&[
        "explore",
        "clobber",
        "--values",
        "-p",
        "rows=1",
        "-p",
        "cols=6",
        "--by",
        "x,o",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(text.contains("positions: 1092 (every board of 1 to 1 rows and 1 to 6 columns"), "{text}");
    let drawing = std::fs::read_to_string(&svg).unwrap();
    // One x and one o on a row of n: n(n-1) boards, 2(n-1) of them adjacent (*), the others 0.
    assert!(drawing.contains("<title>x=1, o=1: 0 (40), * (30)</title>"), "{drawing}");
    // A cell for each x + o <= 6.
    assert_eq!(drawing.matches("<title>").count(), 28);
    std::fs::remove_file(&svg).ok();
}

/// `check --values`: rules that hold and rules that fail, as text and JSON.
#[test]
fn check_values_rules() {
    let text =
        ok(&["check", "domineering", "--values", "-p", "rows=1", "-p", "cols=8", "--rule", "-(cols / 2)"]);
    assert!(text.lines().any(|l| l == "holds on 8 positions"), "{text}");
    let rule = r#"if rows == cols { "{1|-1}" } else if rows == 1 { -(cols / 2) } else if cols == 1 { rows / 2 } else { "N" }"#;
    let text = ok(&["check", "domineering", "--values", "-p", "rows=3", "-p", "cols=3", "--rule", rule]);
    assert!(text.lines().any(|l| l == "counterexample: ."), "{text}");
    for line in ["  value: 0 (outcome P)", "  claimed: +-1"] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
    let doc = json(&[
        "check",
        "domineering",
        "--values",
        "-p",
        "rows=1",
        "-p",
        "cols=8",
        "--rule",
        "if cols < 8 { -(cols / 2) } else { -3 }",
        "--json",
    ]);
    assert_eq!(doc["holds"], false);
    let c = &doc["counterexample"];
    assert_eq!(
        (c["position"].as_str(), c["value"].as_str(), c["claimed"].as_str()),
        (Some("........"), Some("-4"), Some("-3"))
    );
    assert_eq!((c["outcome"].as_str(), c["features"]["cols"].as_i64()), (Some("R"), Some(8)));
    assert_eq!(
        (c["features"]["temperature"].as_str(), c["features"]["number"].as_str()),
        (Some("-1"), Some("-4"))
    );
    // A statement, and the target value.
    let text = ok(&[
        "check",
        "domineering",
        "--values",
        "-p",
        "rows=3",
        "-p",
        "cols=3",
        "--always",
        "--rule",
        "temperature <= 1",
    ]);
    for line in ["counterexample: .../...", "  value: {2|-1/2} (outcome N)", "  claimed: false"] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
    assert!(text.contains("mean=3/4 temperature=5/4 number=- ups=- nimber=-"), "{text}");
    let doc = json(&[
        "check",
        "clobber",
        "--values",
        "-p",
        "rows=2",
        "-p",
        "cols=3",
        "--always",
        "--rule",
        "temperature <= 0 && mean == 0",
        "--json",
    ]);
    assert_eq!((doc["holds"].as_bool(), doc["positions"].as_u64()), (Some(true), Some(858)));
    let doc = json(&[
        "check",
        "domineering",
        "--values",
        "-p",
        "rows=3",
        "-p",
        "cols=3",
        "--value",
        "{1|-1}",
        "--rule",
        "rows == cols && rows > 1",
        "--json",
    ]);
    assert_eq!(doc["holds"], true);
}

/// Surveys of values of Cutcake, Toads and Frogs and Hackenbush: Winning Ways' Cutcake formula
/// on every cake up to 16 x 16 (256) and a wrong variant's counterexample; the starts `T^a .^b
/// F^c` of Toads and Frogs up to 8 squares (164), the values of `T^n.F^n` and `T^n..F^n` for n
/// = 1 to 3 and of five other starts compared with `nimber cgt`'s; blue-red Hackenbush forests
/// of up to 7 edges (12,156) all numbers.
#[test]
fn values_of_cutcake_toads_and_frogs_and_hackenbush() {
    let sixteen = ["check", "cutcake", "--values", "-p", "rows=16", "-p", "cols=16", "--rule"];
    let formula = "if cols >= rows { (cols >> log2(rows)) - 1 } else { 1 - (rows >> log2(cols)) }";
    let text = ok(&[&sixteen[..], &[formula]].concat());
    assert!(text.contains("positions: 256 (every cake of 1 to 16 rows and 1 to 16 columns)"), "{text}");
    assert!(text.lines().any(|l| l == "holds on 256 positions"), "{text}");
    let text =
        ok(&[&sixteen[..], &["if cols >= rows { cols / rows - 1 } else { 1 - rows / cols }"]].concat());
    for line in ["counterexample: 3x4", "  value: 1 (outcome L)", "  claimed: 0"] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
    assert!(text.contains("features: rows=3 cols=4 squares=12 cakes=1 moves_left=2 moves_right=1"), "{text}");
    // log2 of 0 is an error of the rule, one line with the column and the features.
    let e = fails(&["check", "cutcake", "--values", "--rule", "log2(rows - 1)"]);
    assert!(
        e.contains("log2(0): the logarithm is of an integer of at least 1") && e.contains("column 1"),
        "{e}"
    );
    assert!(e.contains("rows=1 cols=1") && !e.trim_end().contains('\n'), "{e}");

    let doc = json(&[
        "explore",
        "toadsandfrogs",
        "--values",
        "-p",
        "family=starts",
        "-p",
        "squares=8",
        "--by",
        "toads,empty,frogs",
        "--json",
    ]);
    assert_eq!((doc["positions"].as_u64(), doc["function"].as_bool()), (Some(164), Some(true)));
    let table = doc["table"].as_array().unwrap();
    let mut compared = 0;
    for (a, b, c) in [
        (1, 1, 1),
        (2, 1, 2),
        (3, 1, 3),
        (1, 2, 1),
        (2, 2, 2),
        (3, 2, 3),
        (2, 1, 1),
        (3, 1, 2),
        (2, 3, 2),
        (0, 8, 0),
        (4, 3, 1),
    ] {
        let strip = format!("{}{}{}", "T".repeat(a), ".".repeat(b), "F".repeat(c));
        let row = table.iter().find(|r| r["key"] == serde_json::json!([a, b, c])).unwrap();
        let cgt = json(&["cgt", "toadsandfrogs", "-p", &format!("board={strip}"), "--json"]);
        assert_eq!(row["value"], cgt["value"], "{strip}");
        compared += 1;
    }
    assert_eq!(compared, 11);
    let value = |strip: &str| {
        json(&["cgt", "toadsandfrogs", "-p", &format!("board={strip}"), "--json"])["value"].clone()
    };
    assert_eq!([value("TTT.FFF"), value("TT..FF"), value("TTT..FFF")], ["*", "*", "+-1/8"]);

    let text = ok(&[
        "check",
        "hackenbush",
        "--values",
        "-p",
        "colours=BR",
        "-p",
        "edges=7",
        "-p",
        "family=forests",
        "--always",
        "--rule",
        "temperature < 0 && number != ()",
    ]);
    assert!(text.contains("positions: 12156 (every forest of 1 to 7 edges of colours BR)"), "{text}");
    assert!(text.lines().any(|l| l == "holds on 12156 positions"), "{text}");
    let e = fails(&[
        "explore",
        "hackenbush",
        "--values",
        "--by",
        "blue",
        "-p",
        "edges=9",
        "-p",
        "family=forests",
    ]);
    assert!(e.contains("every forest of 1 to 9 edges of colours BRG is 8304330 positions; a survey values at most 2097152"), "{e}");
    let e = fails(&["explore", "toadsandfrogs", "--values", "--by", "toads", "-p", "family=boards"]);
    assert!(e.contains("families are `strips` and `starts`"), "{e}");
}

#[test]
fn values_errors_are_one_line() {
    let e = fails(&["explore", "nim", "--values", "--by", "xor"]);
    assert!(
        e.contains("nim is not a partizan game with values (`--values` takes: clobber, cutcake, domineering, hackenbush, toadsandfrogs)"),
        "{e}"
    );
    let e = fails(&["check", "enjapma", "--values", "--rule", "true"]);
    assert!(e.contains("enjapma is not a partizan game with values"), "{e}");
    let e = fails(&["check", "domineering", "--values", "--rule", "temprature <= 1"]);
    assert!(e.contains("column 1") && e.contains("unknown feature `temprature`"), "{e}");
    let e = fails(&["check", "domineering", "--values", "--value", "{1|", "--rule", "true"]);
    assert!(e.contains("--value {1|: at its column 1"), "{e}");
    let e = fails(&["check", "domineering", "--values", "--rule", "\"{2|\""]);
    assert!(e.contains("at its column 1") && e.contains("rows=1 cols=1"), "{e}");
    let e = fails(&[
        "check",
        "domineering",
        "--values",
        "--rule",
        "number + 1 > 0",
        "-p",
        "rows=2",
        "-p",
        "cols=2",
    ]);
    assert!(e.contains("column 8") && e.contains("`== ()` first"), "{e}");
    let e = fails(&["explore", "domineering", "--values", "--by", "rows", "-p", "family=all"]);
    assert!(e.contains("families are `rectangles` and `boards`"), "{e}");
    let e = fails(&["check", "nim", "--rule", "xor == 0", "--value", "zero"]);
    assert!(e.contains("--value zero: a value is win, lose, tie or draw"), "{e}");
    // Options that go together, or not (clap's usage errors: exit status 2).
    assert_eq!(nimber(&["check", "domineering", "--always", "--rule", "true"]).status.code(), Some(2));
    assert_eq!(
        nimber(&["explore", "domineering", "--values", "--nim", "--by", "rows"]).status.code(),
        Some(2)
    );
}
