//! Clobber's features and family for surveys of values (`nimber explore clobber --values`; see
//! `nimber_partizan::survey`).
//!
//! Features: `rows` and `cols` (the board's shape), `x` and `o` (Left's and Right's stones) and
//! `empty` (the empty squares). The family, for `-p rows=R -p cols=C` (by default the start
//! board's size): every board of 1 to R rows and 1 to C columns with every placement of stones,
//! each square `x`, `o` or empty (3^(r c) boards of each shape, by rows then columns, then by
//! their placements read as numbers in base 3 with the first square lowest, empty 0, `x` 1 and
//! `o` 2; at most [`family::MAX_FAMILY`] boards in all). Rows of stones, the most studied
//! Clobber positions, are `-p rows=1`.

use nimber_engine::{Error, Params};
use nimber_partizan::game::ValueFamily;

use super::Board;
use crate::common::grid::{family, Shape};

/// The largest board of a family of the parameters `rows` and `cols`, for the start board
/// `start` (its size is checked when the family is made).
pub fn bound(params: &Params, start: Shape) -> Result<Shape, Error> {
    family::bound(params, start)
}

/// `rows`, `cols`, `x`, `o`, `empty`.
pub fn feature_names() -> Vec<String> {
    ["rows", "cols", "x", "o", "empty"].map(String::from).to_vec()
}

/// The values of [`feature_names`].
pub fn feature_values(b: &Board, out: &mut Vec<i64>) {
    let (x, o) = (b.x.count_ones() as i64, b.o.count_ones() as i64);
    let squares = b.shape.rows as i64 * b.shape.cols as i64;
    out.extend([b.shape.rows as i64, b.shape.cols as i64, x, o, squares - x - o]);
}

/// The boards up to `bound` (see the module documentation), refused when too many.
pub fn family(bound: Shape) -> Result<ValueFamily<Board>, Error> {
    family::check_size(bound, 3, "every placement of stones")?;
    let positions = family::shapes(bound)
        .into_iter()
        .flat_map(|shape| {
            family::placements(shape.rows as u32 * shape.cols as u32).map(move |(x, o)| Board { shape, x, o })
        })
        .collect();
    let description = format!(
        "every board of 1 to {} rows and 1 to {} columns, every placement of stones",
        bound.rows, bound.cols
    );
    Ok(ValueFamily { description, positions })
}
