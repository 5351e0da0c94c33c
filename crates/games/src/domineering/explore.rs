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
pub fn feature_names() -> Vec<String> {
    ["rows", "cols", "empty"].map(String::from).to_vec()
}

/// The values of [`feature_names`].
pub fn feature_values(board: &Board, out: &mut Vec<i64>) {
    out.extend([board.shape.rows as i64, board.shape.cols as i64, board.empty.count_ones() as i64]);
}

/// The boards of `spec` (see the module documentation), refused when too many.
pub fn family(spec: Spec) -> Result<ValueFamily<Board>, Error> {
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
