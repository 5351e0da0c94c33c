//! Clobber's family and features.

use nimber_engine::{Error, Notation, Params};
use nimber_games::clobber::explore::*;
use nimber_games::grid::{family, Shape};

use nimber_games::clobber::{Board, Clobber};

fn bound_of(params: &[&str]) -> Result<Shape, Error> {
    let params = Params::parse("clobber", nimber_games::find("clobber").unwrap().params, params)?;
    bound(&params, Shape { rows: 2, cols: 3 })
}

#[test]
fn family_and_features() {
    let game = Clobber::new(Board { shape: Shape { rows: 1, cols: 1 }, x: 0, o: 0 });
    let f = family(bound_of(&["rows=1", "cols=2"]).unwrap()).unwrap();
    let texts: Vec<String> = f.positions.iter().map(|b| game.format(b)).collect();
    assert_eq!(texts, [".", "x", "o", "..", "x.", "o.", ".x", "xx", "ox", ".o", "xo", "oo"]);
    assert_eq!(f.description, "every board of 1 to 1 rows and 1 to 2 columns, every placement of stones");
    // The start board's size by default: 3 + 9 + 27 + 9 + 81 + 729 boards up to 2 x 3.
    assert_eq!(family(bound_of(&[]).unwrap()).unwrap().positions.len(), 858);
    let mut out = Vec::new();
    feature_values(&game.parse("xo./oox").unwrap(), &mut out);
    assert_eq!(out, [2, 3, 2, 3, 1]);
    assert_eq!(feature_names(), ["rows", "cols", "x", "o", "empty"]);
    // Too large a family is refused when it is made, not when the game is built.
    let e = family(bound_of(&["rows=3", "cols=5"]).unwrap()).err().unwrap().to_string();
    assert!(e.contains("every board up to 3 x 5 with every placement of stones"), "{e}");
    // Rows of up to 12 squares (sum of 3^n: 797,160), not 13 (2,391,483).
    let size = |cols: &str| family::check_size(bound_of(&["rows=1", cols]).unwrap(), 3, "");
    assert!(size("cols=12").is_ok() && size("cols=13").is_err());
    assert!(bound_of(&["rows=0"]).is_err());
}
