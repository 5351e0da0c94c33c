//! Cutcake's features and family for surveys of values (`nimber explore cutcake --values`; see
//! `nimber_partizan::survey`).
//!
//! Features: `rows` and `cols` (the cake's sides, when the position is one cake; 0 for a
//! position of several cakes or none), `squares` (the unit squares of all the cakes) and
//! `cakes` (how many cakes, `1x1` ones included). The family, for `-p rows=R -p cols=C` (by
//! default the largest rows and the largest columns of the start's cakes): every single cake of
//! 1 to R rows and 1 to C columns, by rows then columns (at most 64 x 64: 4,096 cakes). Winning
//! Ways' table is this family's table `--by rows,cols`.

use nimber_engine::{Error, ParamSpec, Params};
use nimber_partizan::game::ValueFamily;

use super::{Cake, Cakes, MAX_SIDE};
use crate::common::grid::family;

/// The parameter `rows`.
pub const ROWS: ParamSpec = ParamSpec {
    name: "rows",
    default: "",
    help: "surveys of values (--values): cakes of 1 to this many rows (default: the start's largest)",
};

/// The parameter `cols`.
pub const COLS: ParamSpec = ParamSpec {
    name: "cols",
    default: "",
    help: "surveys of values (--values): cakes of 1 to this many columns (default: the start's largest)",
};

/// The largest cake of a family: the parameters `rows` and `cols`, each 1 to [`MAX_SIDE`], or
/// by default the most rows and the most columns of a cake of `start`.
pub fn bound(params: &Params, start: &Cakes) -> Result<Cake, Error> {
    let largest = largest(start);
    Ok(Cake {
        rows: family::side(params, "rows", largest.rows, MAX_SIDE)?,
        cols: family::side(params, "cols", largest.cols, MAX_SIDE)?,
    })
}

/// The most rows and the most columns of a cake of `cakes` (1 x 1 for no cake).
pub fn largest(cakes: &Cakes) -> Cake {
    let rows = cakes.0.iter().map(|c| c.rows).max().unwrap_or(1);
    let cols = cakes.0.iter().map(|c| c.cols).max().unwrap_or(1);
    Cake { rows, cols }
}

/// `rows`, `cols`, `squares`, `cakes`.
pub fn feature_names() -> Vec<String> {
    ["rows", "cols", "squares", "cakes"].map(String::from).to_vec()
}

/// The values of [`feature_names`].
pub fn feature_values(cakes: &Cakes, out: &mut Vec<i64>) {
    let (rows, cols) = match cakes.0.as_slice() {
        [one] => (one.rows as i64, one.cols as i64),
        _ => (0, 0),
    };
    let squares: i64 = cakes.0.iter().map(|c| c.rows as i64 * c.cols as i64).sum();
    out.extend([rows, cols, squares, cakes.0.len() as i64]);
}

/// Every cake up to `bound`, by rows then columns.
pub fn family(bound: Cake) -> ValueFamily<Cakes> {
    let positions = (1..=bound.rows)
        .flat_map(|rows| (1..=bound.cols).map(move |cols| Cakes(vec![Cake { rows, cols }])))
        .collect();
    let description = format!("every cake of 1 to {} rows and 1 to {} columns", bound.rows, bound.cols);
    ValueFamily { description, positions }
}
