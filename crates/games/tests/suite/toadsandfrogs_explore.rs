//! Toads and frogs' families and features.

use nimber_engine::{Error, Notation, Params};
use nimber_games::toadsandfrogs::explore::*;
use nimber_partizan::game::ValueFamily;

use nimber_games::toadsandfrogs::{parse_strip, Strip, ToadsAndFrogs};

fn spec(start: &str, params: &[&str]) -> Result<Spec, Error> {
    let params = Params::parse("toadsandfrogs", nimber_games::find("toadsandfrogs").unwrap().params, params)?;
    Spec::from_params(&params, &parse_strip(start).unwrap())
}

fn texts(f: &ValueFamily<Strip>) -> Vec<String> {
    let game = ToadsAndFrogs::new(Strip::EMPTY);
    f.positions.iter().map(|s| game.format(s)).collect()
}

#[test]
fn families_and_features() {
    let f = family(spec("T.F", &["squares=2"]).unwrap()).unwrap();
    assert_eq!(texts(&f), [".", "T", "F", "..", "T.", "F.", ".T", "TT", "FT", ".F", "TF", "FF"]);
    assert_eq!(f.description, "every strip of 1 to 2 squares, every placement of toads and frogs");
    // The start's length by default: 3 + 9 + 27 strips.
    assert_eq!(spec("T.F", &[]).unwrap(), Spec::strips(&parse_strip("T.F").unwrap()));
    assert_eq!(family(spec("T.F", &[]).unwrap()).unwrap().positions.len(), 39);
    let f = family(spec("T.F", &["squares=2", "family=starts"]).unwrap()).unwrap();
    assert_eq!(texts(&f), ["F", ".", "T", "FF", ".F", "..", "TF", "T.", "TT"]);
    assert_eq!(f.description, "every strip T^a .^b F^c of 1 to 2 squares");
    // (N+1)(N+2)(N+3)/6 - 1 starts.
    let f = family(spec("T.F", &["squares=64", "family=starts"]).unwrap()).unwrap();
    assert_eq!(f.positions.len(), 65 * 66 * 67 / 6 - 1);
    assert_eq!(texts(&f).last().unwrap(), &"T".repeat(64));
    let mut out = Vec::new();
    feature_values(&parse_strip("TT.F..").unwrap(), &mut out);
    assert_eq!(out, [6, 2, 1, 3]);
    assert_eq!(feature_names(), ["squares", "toads", "frogs", "empty"]);
}

#[test]
fn bad_parameters_are_refused() {
    let e = spec("T.F", &["family=boards"]).unwrap_err().to_string();
    assert!(e.contains("families are `strips` and `starts`"), "{e}");
    assert_eq!(
        spec("T.F", &["squares=65"]).unwrap_err().to_string(),
        "parameter squares=65: must be between 1 and 64"
    );
    assert!(spec("T.F", &["squares=0"]).is_err());
    // Strips of up to 12 squares (sum of 3^n: 797,160), not 13 (2,391,483): refused when
    // the family is made, not when the game is built.
    assert_eq!(family(spec("T.F", &["squares=12"]).unwrap()).unwrap().positions.len(), 797_160);
    let e = family(spec("T.F", &["squares=13"]).unwrap()).err().unwrap().to_string();
    assert_eq!(
        e,
        "every strip of 1 to 13 squares, every placement of toads and frogs is 2391483 positions; \
         a survey values at most 2097152: give a smaller squares"
    );
    assert!(family(spec("T.F", &["squares=64"]).unwrap())
        .err()
        .unwrap()
        .to_string()
        .contains("is over 2^64"));
}
