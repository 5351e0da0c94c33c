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
    let side = |key: &str, default: u8| side(params, key, default, MAX_CELLS as u8);
    let (rows, cols) = (side("rows", start.rows)?, side("cols", start.cols)?);
    if rows as usize * cols as usize > MAX_CELLS {
        return Err(Error::Param(format!(
            "rows={rows} and cols={cols}: a board has at most {MAX_CELLS} squares"
        )));
    }
    Ok(Shape { rows, cols })
}

/// The size parameter `key` of a family: 1 to `max`, or `default` (at least 1) when it is not
/// given.
pub fn side(params: &Params, key: &str, default: u8, max: u8) -> Result<u8, Error> {
    if params.text(key).is_empty() {
        Ok(default.max(1))
    } else {
        Ok(params.int(key, 1, max as u64)? as u8)
    }
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
    let family = format!("every board up to {} x {} with {what}", bound.rows, bound.cols);
    check_total(total, &family, "smaller rows and cols")
}

/// Refuses a family of `total` positions (`u64::MAX`: over 2^64) when it has over
/// [`MAX_FAMILY`]: "`family` is N positions; a survey values at most M: give `smaller`".
pub fn check_total(total: u64, family: &str, smaller: &str) -> Result<(), Error> {
    if total > MAX_FAMILY {
        let count = if total == u64::MAX { "over 2^64".to_string() } else { total.to_string() };
        return Err(too_large(family, &count, smaller));
    }
    Ok(())
}

/// The refusal of a family of `count` positions, over [`MAX_FAMILY`].
pub fn too_large(family: &str, count: &str, smaller: &str) -> Error {
    Error::TooLarge(format!(
        "{family} is {count} positions; a survey values at most {MAX_FAMILY}: give {smaller}"
    ))
}

/// Every placement of two players' pieces on `n` squares (at most 40), each square empty, the
/// first player's or the second's: the pairs of sets of squares `(first, second)`, in the
/// order of the placements read as numbers in base 3 with the first square lowest, empty 0,
/// the first player's 1 and the second's 2 (3^n placements).
pub fn placements(n: u32) -> impl Iterator<Item = (u64, u64)> {
    assert!(n <= 40, "3^{n} placements");
    (0..3u64.pow(n)).map(move |code| {
        let (mut first, mut second, mut rest) = (0u64, 0u64, code);
        for i in 0..n {
            match rest % 3 {
                1 => first |= 1 << i,
                2 => second |= 1 << i,
                _ => {}
            }
            rest /= 3;
        }
        (first, second)
    })
}
