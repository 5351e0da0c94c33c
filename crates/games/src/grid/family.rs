//! Families of boards for the surveys of values of the partizan board games (`nimber explore
//! domineering --values`, see `nimber_partizan::survey`): every board shape up to the
//! parameters `rows` and `cols` (by default the start board's), and their size bounded.

use nimber_engine::{Error, ParamSpec, Params};

use super::{Shape, MAX_CELLS};

/// The most positions a family may have.
pub const MAX_FAMILY: u64 = 1 << 21;

/// The parameter `rows`.
pub const ROWS: ParamSpec = ParamSpec {
    name: "rows",
    default: "",
    help: "surveys of values (--values): boards of 1 to this many rows (default: the start board's)",
};

/// The parameter `cols`.
pub const COLS: ParamSpec = ParamSpec {
    name: "cols",
    default: "",
    help: "surveys of values (--values): boards of 1 to this many columns (default: the start board's)",
};

/// The largest shape of a family: the parameters `rows` and `cols`, or the start board's
/// (at least one row and one column), of at most [`MAX_CELLS`] squares.
pub fn bound(params: &Params, start: Shape) -> Result<Shape, Error> {
    let side = |key: &str, default: u8| -> Result<u8, Error> {
        if params.text(key).is_empty() {
            Ok(default.max(1))
        } else {
            Ok(params.int(key, 1, MAX_CELLS as u64)? as u8)
        }
    };
    let (rows, cols) = (side("rows", start.rows)?, side("cols", start.cols)?);
    if rows as usize * cols as usize > MAX_CELLS {
        return Err(Error::Param(format!(
            "rows={rows} and cols={cols}: a board has at most {MAX_CELLS} squares"
        )));
    }
    Ok(Shape { rows, cols })
}

/// Every shape of 1 to `bound.rows` rows and 1 to `bound.cols` columns, by rows then columns.
pub fn shapes(bound: Shape) -> Vec<Shape> {
    (1..=bound.rows).flat_map(|rows| (1..=bound.cols).map(move |cols| Shape { rows, cols })).collect()
}

/// Refuses a family of every board up to `bound` with every one of `states` states of each
/// square when it has over [`MAX_FAMILY`] positions (`what` says what the states are).
pub fn check_size(bound: Shape, states: u64, what: &str) -> Result<(), Error> {
    let total = shapes(bound)
        .iter()
        .map(|s| states.checked_pow(s.rows as u32 * s.cols as u32).unwrap_or(u64::MAX))
        .fold(0u64, u64::saturating_add);
    if total > MAX_FAMILY {
        let count = if total == u64::MAX { "over 2^64".to_string() } else { total.to_string() };
        return Err(Error::TooLarge(format!(
            "every board up to {} x {} with {what} is {count} positions; a survey values at most \
             {MAX_FAMILY}: give smaller rows and cols",
            bound.rows, bound.cols
        )));
    }
    Ok(())
}
