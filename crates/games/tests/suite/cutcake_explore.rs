//! Cutcake's families and features.

use nimber_engine::{Error, Notation, Params};
use nimber_games::cutcake::explore::*;

use nimber_games::cutcake::{parse_cakes, Cake, Cakes, Cutcake};

fn bound_of(start: &str, params: &[&str]) -> Result<Cake, Error> {
    let params = Params::parse("cutcake", nimber_games::find("cutcake").unwrap().params, params)?;
    bound(&params, &parse_cakes(start).unwrap())
}

#[test]
fn family_and_features() {
    let game = Cutcake::new(Cakes(Vec::new()));
    let f = family(bound_of("2x3", &[]).unwrap());
    let texts: Vec<String> = f.positions.iter().map(|c| game.format(c)).collect();
    assert_eq!(texts, ["1x1", "1x2", "1x3", "2x1", "2x2", "2x3"]);
    assert_eq!(f.description, "every cake of 1 to 2 rows and 1 to 3 columns");
    // The largest rows and the largest columns of the start's cakes, or 1 x 1 for none.
    assert_eq!(bound_of("4x1 1x5 2x2", &[]).unwrap(), Cake { rows: 4, cols: 5 });
    assert_eq!(bound_of("-", &[]).unwrap(), Cake { rows: 1, cols: 1 });
    assert_eq!(bound_of("2x2", &["rows=16", "cols=64"]).unwrap(), Cake { rows: 16, cols: 64 });
    assert_eq!(family(bound_of("-", &["rows=64", "cols=64"]).unwrap()).positions.len(), 4096);
    let e = bound_of("2x2", &["cols=65"]).unwrap_err().to_string();
    assert_eq!(e, "parameter cols=65: must be between 1 and 64");
    assert!(bound_of("2x2", &["rows=0"]).is_err());
    let mut out = Vec::new();
    for text in ["3x5", "3x5 1x1", "-"] {
        feature_values(&game.parse(text).unwrap(), &mut out);
    }
    assert_eq!(out, [3, 5, 15, 1, 0, 0, 16, 2, 0, 0, 0, 0]);
    assert_eq!(feature_names(), ["rows", "cols", "squares", "cakes"]);
}
