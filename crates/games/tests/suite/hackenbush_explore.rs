//! Hackenbush's families and features.

use nimber_engine::{Error, Notation, Params};
use nimber_games::hackenbush::explore::*;
use nimber_partizan::game::ValueFamily;
use rustc_hash::FxHashSet;

use nimber_games::hackenbush::{parse_forest, Forest, Hackenbush};

fn spec(start: &str, params: &[&str]) -> Result<Spec, Error> {
    let params = Params::parse("hackenbush", nimber_games::find("hackenbush").unwrap().params, params)?;
    Spec::from_params(&params, &parse_forest(start).unwrap())
}

fn texts(f: &ValueFamily<Forest>) -> Vec<String> {
    let game = Hackenbush::new(Forest::default());
    f.positions.iter().map(|p| game.format(p)).collect()
}

#[test]
fn families_and_features() {
    let f = family(&spec("BR", &[]).unwrap()).unwrap();
    assert_eq!(texts(&f), ["B", "R", "BB", "BR", "RB", "RR"]);
    assert_eq!(f.description, "every string of 1 to 2 edges of colours BR");
    // The start's colours in the order B, R, G; all three for the bare ground.
    assert_eq!(spec("G R", &[]).unwrap().letters(), "RG");
    assert_eq!(
        spec("-", &[]).unwrap(),
        Spec { edges: 1, colours: spec("B", &["colours=GRB"]).unwrap().colours, shape: Shape::Strings }
    );
    let f = family(&spec("B", &["edges=3", "family=trees", "colours=G"]).unwrap()).unwrap();
    assert_eq!(texts(&f), ["G", "GG", "G(G,G)", "GGG"]);
    let f = family(&spec("B", &["edges=2", "family=forests", "colours=BG"]).unwrap()).unwrap();
    assert_eq!(texts(&f), ["B", "G", "B B", "B G", "BB", "BG", "G G", "GB", "GG"]);
    let mut out = Vec::new();
    feature_values(&parse_forest("BR(B,RR) GG").unwrap(), &mut out);
    assert_eq!(out, [7, 2, 3, 2, 2]);
    assert_eq!(feature_names(), ["edges", "blue", "red", "green", "trees"]);
}

/// The forests and trees made edge by edge are distinct and as many as the Euler transform
/// counts: with three colours, 3, 15, 82, 495, 3,144 and 20,875 forests of 1 to 6 edges
/// (24,614) and 3, 9, 45, 246, 1,485 and 9,432 trees; with one colour, the rooted trees
/// of 2 to 10 vertices (1, 1, 2, 4, 9, 20, 48, 115, 286).
#[test]
fn families_are_counted_before_they_are_made() {
    let (trees, forests) = counts(6, 3);
    assert_eq!(forests, [1, 3, 15, 82, 495, 3144, 20875]);
    assert_eq!(trees, [0, 3, 9, 45, 246, 1485, 9432]);
    assert_eq!(counts(9, 1).0[1..], [1, 1, 2, 4, 9, 20, 48, 115, 286]);
    for (params, total) in [
        (&["edges=6", "family=forests"][..], 24_614),
        (&["edges=6", "family=trees"], 11_220),
        (&["edges=9", "family=trees", "colours=G"], 486),
        (&["edges=6", "family=strings"], 1092),
    ] {
        let f = family(&spec("BRG", params).unwrap()).unwrap();
        assert_eq!(f.positions.len(), total, "{params:?}");
        let distinct: FxHashSet<&Forest> = f.positions.iter().collect();
        assert_eq!(distinct.len(), total, "{params:?}");
        // Each in order, as the notation reads it back.
        let game = Hackenbush::new(Forest::default());
        assert!(f.positions.iter().all(|p| game.parse(&game.format(p)).as_ref() == Ok(p)));
    }
}

#[test]
fn bad_parameters_are_refused() {
    let e = spec("B", &["family=bushes"]).unwrap_err().to_string();
    assert!(e.contains("families are `strings`, `trees` and `forests`"), "{e}");
    let e = spec("B", &["colours=BX"]).unwrap_err().to_string();
    assert_eq!(e, "parameter colours=BX: `X` is not a colour: use B, R and G");
    let e = spec("B", &["colours=BRB"]).unwrap_err().to_string();
    assert_eq!(e, "parameter colours=BRB: `B` twice");
    assert!(spec("B", &["edges=65"]).is_err() && spec("B", &["edges=0"]).is_err());
    // Blue-red strings of up to 20 edges (2^21 - 2), not 21: refused when the family is
    // made, not when the game is built.
    let size = |params: &[&str]| family(&spec("BR", params).unwrap()).map(|f| f.positions.len());
    assert_eq!(size(&["edges=20"]).unwrap(), (1 << 21) - 2);
    let e = size(&["edges=21"]).unwrap_err().to_string();
    assert_eq!(
        e,
        "every string of 1 to 21 edges of colours BR is 4194302 positions; a survey values at \
         most 2097152: give fewer edges or colours"
    );
    let e = size(&["edges=64", "family=forests", "colours=BRG"]).unwrap_err().to_string();
    // Counted up to 9 edges (1,167,518 up to 8, then 7,136,812 of 9), then refused.
    assert!(
        e.starts_with("every forest of 1 to 64 edges of colours BRG is more than 8304330 positions"),
        "{e}"
    );
    assert!(family(&spec("B", &["edges=64", "colours=B"]).unwrap()).is_ok());
}
