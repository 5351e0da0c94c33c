//! `nimber cgt` and `nimber value` through the real binary: published Domineering, Toads and
//! Frogs, Cutcake and Hackenbush values, the JSON document, comparisons, strong solves of the
//! partizan games, and one-line errors with the column of the problem.

mod common;
use common::*;

#[test]
fn domineering_values() {
    let text = ok(&["cgt", "domineering", "-p", "board=.../..."]);
    assert!(text.contains("value     {2|-1/2}\n"), "{text}");
    assert!(text.contains("outcome   N (the player to move wins)\n"), "{text}");
    assert!(text.contains("stops     left 2, right -1/2\n"), "{text}");
    let doc = json(&["cgt", "domineering", "-p", "board=../..", "--json"]);
    assert_eq!(doc["value"], "+-1");
    assert_eq!(doc["position"], "../..");
    assert_eq!(doc["outcome"], "N");
    assert_eq!((doc["left_stop"].as_str(), doc["right_stop"].as_str()), (Some("1"), Some("-1")));
    // +-1 = {1 | -1}: Left's option is 1 = {0|}, Right's is -1 = {|0}.
    let zero = serde_json::json!({"L": [], "R": []});
    assert_eq!(
        doc["canonical"],
        serde_json::json!({"L": [{"L": [zero], "R": []}], "R": [{"L": [], "R": [zero]}]})
    );
    // A position of the game, not the start: 5x5 with nothing placed is 0 (cgt-tools, CGSuite).
    let doc = json(&[
        "cgt",
        "domineering",
        "-p",
        "board=./.",
        "--position",
        "...../...../...../...../.....",
        "--json",
    ]);
    assert_eq!((doc["value"].as_str(), doc["outcome"].as_str()), (Some("0"), Some("P")));
}

/// Toads and Frogs, Cutcake and Hackenbush: a value as text and one as JSON each (published
/// values, see the games' tests), and a strong solve through the registry.
#[test]
fn toads_and_frogs_cutcake_and_hackenbush() {
    let zero = serde_json::json!({"L": [], "R": []});
    // Erickson's program: T.TF is 1/2; T.F is *.
    let text = ok(&["cgt", "toadsandfrogs", "-p", "board=T.TF"]);
    assert!(text.contains("value     1/2\n") && text.contains("outcome   L "), "{text}");
    let doc = json(&["cgt", "toadsandfrogs", "-p", "board=T.F", "--json"]);
    assert_eq!((doc["value"].as_str(), doc["outcome"].as_str()), (Some("*"), Some("N")));
    assert_eq!(doc["canonical"], serde_json::json!({"L": [zero], "R": [zero]}));
    // Winning Ways' formula: 2x8 is 8/2 - 1 = 3, 1x3 is 2; 4x2 (turned) is -(4/2 - 1) = -1.
    let text = ok(&["cgt", "cutcake", "-p", "cakes=2x8 1x3"]);
    assert!(text.contains("position  2x8 1x3\n") && text.contains("value     5\n"), "{text}");
    let doc = json(&["cgt", "cutcake", "-p", "cakes=4x2", "--json"]);
    assert_eq!((doc["value"].as_str(), doc["outcome"].as_str()), (Some("-1"), Some("R")));
    assert_eq!(doc["canonical"], serde_json::json!({"L": [], "R": [zero]}));
    // Berlekamp's rule: BRB is 3/4; the colon principle: G(GG,G) is *4.
    let text = ok(&["cgt", "hackenbush", "-p", "forest=BRB"]);
    assert!(text.contains("value     3/4\n"), "{text}");
    let doc = json(&["cgt", "hackenbush", "-p", "forest=G(GG,G)", "--json"]);
    assert_eq!((doc["value"].as_str(), doc["outcome"].as_str()), (Some("*4"), Some("N")));
    // The strong solvers, Left moving first: T.F and * are wins for the player to move, 2x2
    // (0) a loss, BR (1/2) a win for Left.
    for (game, param, start) in [
        ("toadsandfrogs", "board=TT.FF", "start: TT.FF L win in"),
        ("cutcake", "cakes=2x2", "start: 2x2 L lose in 2"),
        ("hackenbush", "forest=BR", "start: BR L win in 1"),
    ] {
        let text = ok(&["solve", game, "-p", param]);
        assert!(text.contains(start), "{game}: {text}");
    }
}

#[test]
fn values_and_comparisons() {
    assert_eq!(ok(&["value", "{2|-1/2} + ^* - 1/4"]).lines().next(), Some("{7/4^*|-3/4^*}"));
    assert_eq!(ok(&["value", "{1|-1} > 0"]), "false: +-1 || 0\n");
    assert_eq!(ok(&["value", "^ + ^ >= *"]), "true: ^2 > *\n");
    let doc = json(&["value", "-1/2 + *", "--json"]);
    assert_eq!((doc["value"].as_str(), doc["outcome"].as_str()), (Some("-1/2*"), Some("R")));
    let doc = json(&["value", "^ <| *", "--json"]);
    assert_eq!(doc["holds"], true);
    assert_eq!(doc["relation"], "||");
}

#[test]
fn errors_are_one_line_with_a_column() {
    for (args, message) in [
        (&["value", "{1|"][..], "cannot read value `{1|`: column 1: `{` is not closed"),
        (&["value", "1/3"], "column 3: 3 is not a power of two"),
        (&["value", "1 + x"], "column 5: `x` is not part of a value"),
        (&["value", "{1|0|2}"], "column 3: two separators of 1 bar(s)"),
        (&["value", "1 < 2 < 3"], "column 7: only one comparison at a time"),
        (&["value", "99999"], "column 1: 99999 is too large here"),
        (
            &["cgt", "domineering", "-p", "board=../x."],
            "parameter board=../x.: column 4: `x` is not a square",
        ),
        (&["cgt", "domineering", "-p", "board=../...."], "column 8: a row of 4 squares after rows of 2"),
        (&["cgt", "nim"], "nim is not a partizan game with values"),
        (
            &["cgt", "toadsandfrogs", "-p", "board=TTxF"],
            "parameter board=TTxF: column 3: `x` is not a square: use `T` (toad), `F` (frog) or `.`",
        ),
        (&["cgt", "cutcake", "-p", "cakes=2x3 4y2"], "column 6: `y` where `x` should separate"),
        (&["cgt", "cutcake", "-p", "cakes=65x1"], "column 1: a cake has 1 to 64 rows"),
        (&["cgt", "hackenbush", "-p", "forest=BR(B,RR"], "column 8: a `(` is not closed by `)`"),
        (
            &["cgt", "hackenbush", "--position", "BQ"],
            "cannot read position `BQ`: column 2: `Q` is not an edge",
        ),
        (&["solve", "toadsandfrogs", "-p", "board=T.F.x"], "column 5: `x` is not a square"),
        (&["cgt", "domineering", "--position", "..x"], "cannot read position `..x`: column 3"),
    ] {
        let err = fails(args);
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // A sum too large to compute is refused, not computed for ever.
    let many: Vec<String> = (1..=40).map(|i| format!("{{{i}|-{i}}}")).collect();
    let err = fails(&["value", &many.join(" + ")]);
    assert!(err.contains("too many canonical forms"), "{err}");
}
