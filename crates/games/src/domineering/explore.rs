//! Domineering's features and family for surveys of values (`nimber explore domineering
//! --values`; see `nimber_partizan::survey`).
//!
//! Features: `rows` and `cols` (the board's shape) and `empty` (its empty squares). The family,
//! for `-p rows=R -p cols=C` (by default the start board's size): every empty rectangle of 1 to
//! R rows and 1 to C columns, by rows then columns (`family=rectangles`, the default: the table
//! of the values of rectangles that Domineering's literature gives), or every board of those
//! shapes with every set of filled squares (`family=boards`: the 2^(r c) boards of each shape,
//! by their sets of empty squares; at most [`family::MAX_FAMILY`] boards in all).

use nimber_engine::{Error, ParamSpec, Params};
use nimber_partizan::game::ValueFamily;

use super::Board;
use crate::common::grid::{family, Shape};

/// The parameter `family`.
pub const FAMILY: ParamSpec = ParamSpec {
    name: "family",
    default: "",
    help: "surveys of values (--values): `rectangles` (every empty rectangle up to rows x cols; \
           the default) or `boards` (every board of those sizes with every set of filled squares)",
};

/// Which boards a survey values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The largest shape.
    pub bound: Shape,
    /// Every set of filled squares (else only empty rectangles).
    pub boards: bool,
}

impl Spec {
    /// The empty rectangles up to the shape of `start`.
    pub fn rectangles(start: Shape) -> Spec {
        Spec { bound: Shape { rows: start.rows.max(1), cols: start.cols.max(1) }, boards: false }
    }

    /// The family of the parameters `rows`, `cols` and `family`, for the start board `start`
    /// (its size is checked when it is made).
    pub fn from_params(params: &Params, start: Shape) -> Result<Spec, Error> {
        let bound = family::bound(params, start)?;
        let boards = match params.text("family") {
            "" | "rectangles" => false,
            "boards" => true,
            other => {
                return Err(Error::Param(format!(
                    "parameter family={other}: the families are `rectangles` and `boards`"
                )))
            }
        };
        Ok(Spec { bound, boards })
    }
}

/// `rows`, `cols`, `empty`.
pub(super) fn feature_names() -> Vec<String> {
    ["rows", "cols", "empty"].map(String::from).to_vec()
}

/// The values of [`feature_names`].
pub(super) fn feature_values(board: &Board, out: &mut Vec<i64>) {
    out.extend([board.shape.rows as i64, board.shape.cols as i64, board.empty.count_ones() as i64]);
}

/// The boards of `spec` (see the module documentation), refused when too many.
pub(super) fn family(spec: Spec) -> Result<ValueFamily<Board>, Error> {
    let Shape { rows, cols } = spec.bound;
    let shapes = family::shapes(spec.bound);
    if spec.boards {
        family::check_size(spec.bound, 2, "every set of filled squares")?;
        let positions = shapes
            .into_iter()
            .flat_map(|shape| (0..=shape.all()).map(move |empty| Board { shape, empty }))
            .collect();
        let description =
            format!("every board of 1 to {rows} rows and 1 to {cols} columns, every set of filled squares");
        Ok(ValueFamily { description, positions })
    } else {
        let positions = shapes.into_iter().map(|shape| Board { shape, empty: shape.all() }).collect();
        let description = format!("every rectangle of 1 to {rows} rows and 1 to {cols} columns");
        Ok(ValueFamily { description, positions })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::Notation;

    use crate::domineering::{Domineering, INFO};

    fn spec(params: &[&str]) -> Result<Spec, Error> {
        let params = Params::parse("domineering", INFO.params, params)?;
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
}
