//! `nimber grundy RULESET --upto N`, and the heap games of the library, through the real binary.

mod common;
use common::*;

use serde_json::Value as Json;

#[test]
fn json_has_exactly_the_five_keys() {
    let text = ok(&["grundy", "0.07", "--upto", "300", "--json"]);
    let doc: Json = serde_json::from_str(&text).unwrap();
    let keys: Vec<&str> = doc.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 5);
    for key in ["values", "period", "preperiod", "saltus", "proved"] {
        assert!(keys.contains(&key), "{key} missing: {keys:?}");
    }
    assert_eq!(doc["values"].as_array().unwrap().len(), 301);
    assert_eq!(&doc["values"].as_array().unwrap()[..8], &[0, 0, 1, 1, 2, 0, 3, 1]);
    assert_eq!((doc["period"].as_u64(), doc["preperiod"].as_u64()), (Some(34), Some(53)));
    assert_eq!((doc["saltus"].as_i64(), doc["proved"].as_bool()), (Some(0), Some(true)));

    let doc: Json = serde_json::from_str(&ok(&["grundy", "grundy", "--upto", "50", "--json"])).unwrap();
    assert!(doc["period"].is_null() && doc["preperiod"].is_null(), "{doc}");
    assert_eq!((doc["saltus"].as_i64(), doc["proved"].as_bool()), (Some(0), Some(false)));
}

#[test]
fn text_shows_the_values_and_the_period() {
    let out = ok(&["grundy", "0.16", "--upto", "600000"]);
    assert!(out.starts_with("0.16: nim values G(0..=600000)\n"), "{out}");
    assert!(out.contains("... G(1000..=600000) not shown (--json prints every value)"), "{out}");
    assert!(out.contains("\nperiod 149459 from n = 105351 (proved)\n"), "{out}");
    let out = ok(&["grundy", "sub:1,2,3", "--upto", "13"]);
    assert!(out.contains(" 0: 0 1 2 3 0 1 2 3 0 1 2 3\n12: 0 1\n\nperiod 4 from n = 0 (proved)\n"), "{out}");
    let out = ok(&["grundy", "grundy", "--upto", "1000"]);
    assert!(out.contains("no period found up to 1000"), "{out}");
}

#[test]
fn bad_rulesets_and_bounds_are_one_line_errors() {
    let e = fails(&["grundy", "0.7x", "--upto", "10"]);
    assert!(e.contains("cannot read ruleset `0.7x`: column 4"), "{e}");
    let e = fails(&["grundy", "1.07", "--upto", "10"]);
    assert!(e.contains("column 1") && e.contains("0, 4, 8 or C"), "{e}");
    let e = fails(&["grundy", "sub:1,,2", "--upto", "10"]);
    assert!(e.contains("column 7"), "{e}");
    let e = fails(&["grundy", "0.77", "--upto", "ten"]);
    assert!(e.contains("--upto ten"), "{e}");
    let e = fails(&["grundy", "0.77", "--upto", "99999999999"]);
    assert!(e.contains("at most"), "{e}");
    let e = fails(&["solve", "octal", "-p", "code=sub:0"]);
    assert!(e.contains("code=sub:0") && e.contains("positive"), "{e}");
}

#[test]
fn heap_games_are_games_of_the_library() {
    // Kayles 4,6: values 1 and 3; the winning move 6 -> 4 leaves 4,4 (XOR 0).
    let out = ok(&["query", "octal", "-p", "code=0.77", "4,6"]);
    assert!(out.contains("position: 4,6 win in 7"), "{out}");
    assert!(out.contains("  6 -> 4    4,4       win in 7"), "{out}");
    let out = ok(&["solve", "octal", "-p", "code=0.07", "-p", "heaps=13,20", "--nim"]);
    assert!(out.contains("start: 13,20 nim 1 (win)"), "{out}");
    let out = ok(&["solve", "grundy-game", "-p", "heaps=20", "--nim"]);
    assert!(out.contains("start: 20 nim 0 (lose)"), "{out}");
    assert!(ok(&["list"]).contains("octal"));
}
