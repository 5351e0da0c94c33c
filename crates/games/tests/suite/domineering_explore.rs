//! Domineering's families and features.

use nimber_engine::{Error, Notation, Params};
use nimber_games::domineering::explore::*;
use nimber_games::grid::Shape;

use nimber_games::domineering::{Board, Domineering};

fn spec(params: &[&str]) -> Result<Spec, Error> {
    let params = Params::parse("domineering", nimber_games::find("domineering").unwrap().params, params)?;
    Spec::from_params(&params, Shape { rows: 4, cols: 4 })
}

#[test]
fn families_and_features() {
    let game = Domineering::new(Board::new(2, 3));
    let f = family(spec(&["rows=2", "cols=3"]).unwrap()).unwrap();
    let texts: Vec<String> = f.positions.iter().map(|b| game.format(b)).collect();
    assert_eq!(texts, [".", "..", "...", "./.", "../..", ".../..."]);
    assert_eq!(f.description, "every rectangle of 1 to 2 rows and 1 to 3 columns");
    // The start board's size by default.
    assert_eq!(spec(&[]).unwrap(), Spec::rectangles(Shape { rows: 4, cols: 4 }));
    // Every board: 2 + 4 + 4 + 16 of the shapes up to 2 x 2.
    let f = family(spec(&["rows=2", "cols=2", "family=boards"]).unwrap()).unwrap();
    assert_eq!(f.positions.len(), 26);
    assert_eq!(game.format(&f.positions[0]), "#");
    assert_eq!(game.format(&f.positions[25]), "../..");
    let mut out = Vec::new();
    feature_values(&game.parse("#./..").unwrap(), &mut out);
    assert_eq!(out, [2, 2, 3]);
    assert_eq!(feature_names(), ["rows", "cols", "empty"]);
}

#[test]
fn bad_parameters_are_refused() {
    let e = spec(&["family=squares"]).unwrap_err().to_string();
    assert!(e.contains("families are `rectangles` and `boards`"), "{e}");
    // Too large a family is refused when it is made, not when the game is built.
    let e = family(spec(&["rows=5", "cols=5", "family=boards"]).unwrap()).err().unwrap().to_string();
    assert!(e.contains("every board up to 5 x 5") && e.contains("at most 2097152"), "{e}");
    let e = spec(&["rows=9", "cols=8"]).unwrap_err().to_string();
    assert!(e.contains("at most 64 squares"), "{e}");
    assert!(spec(&["rows=0"]).is_err());
    assert!(family(spec(&["rows=4", "cols=5", "family=boards"]).unwrap()).is_ok());
}
