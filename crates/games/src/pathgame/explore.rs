//! PathGame's exploration features and family (see [`nimber_engine::Explore`]).
//!
//! The board splits into runs of white columns (the game's components); a run's nim value
//! depends on its length and on the black cells at its ends. Features count the runs by the
//! kind of their ends: `free_runs` (no black cell at either end: the whole board is white),
//! `open_runs` (a black cell at one end only), `same_runs` (black cells at both ends, in the
//! same row), `cross_runs` (at both ends, in different rows); `runs` is their total, `white`
//! the number of white columns, `black` the number of black cells and `width` the board's.
//!
//! The family: every board with a left-to-right white path of 1 to W columns, W the width of
//! the start board (at most [`MAX_FAMILY_WIDTH`]), by width and then in the order of the
//! columns' states.

use nimber_engine::Error;
use nimber_engine::Family;

use super::{Board, PathGame};

/// The widest boards of a family: there are 80,780 boards with a path of 1 to 12 columns.
pub const MAX_FAMILY_WIDTH: usize = 12;

/// `runs`, `free_runs`, `open_runs`, `same_runs`, `cross_runs`, `white`, `black`, `width`.
pub(super) fn feature_names() -> Vec<String> {
    ["runs", "free_runs", "open_runs", "same_runs", "cross_runs", "white", "black", "width"]
        .map(String::from)
        .to_vec()
}

/// The values of `feature_names`.
pub fn feature_values(board: &Board, out: &mut Vec<i64>) {
    let width = board.width as usize;
    let black = board.top | board.bottom;
    // The row of the black cell of column c: 0 top, 1 bottom.
    let row = |c: usize| usize::from(board.top >> c & 1 == 0);
    let mut kinds = [0i64; 4]; // free, open, same, cross
    let mut start = 0;
    for c in 0..=width {
        if c < width && black >> c & 1 == 0 {
            continue;
        }
        if c > start {
            let left = (start > 0).then(|| row(start - 1));
            let right = (c < width).then(|| row(c));
            let kind = match (left, right) {
                (None, None) => 0,
                (Some(_), None) | (None, Some(_)) => 1,
                (Some(a), Some(b)) if a == b => 2,
                _ => 3,
            };
            kinds[kind] += 1;
        }
        start = c + 1;
    }
    let runs: i64 = kinds.iter().sum();
    let white = width as i64 - black.count_ones() as i64;
    let black_cells = (board.top.count_ones() + board.bottom.count_ones()) as i64;
    out.push(runs);
    out.extend(kinds);
    out.extend([white, black_cells, width as i64]);
}

/// Every board with a path of 1 to `width` columns.
pub(super) fn family(game: &PathGame) -> Result<Option<Family<Board>>, Error> {
    let width = game.start.width as usize;
    if width > MAX_FAMILY_WIDTH {
        return Err(Error::TooLarge(format!(
            "the family of every board up to {width} columns is too large: at most {MAX_FAMILY_WIDTH} columns are explored"
        )));
    }
    let mut positions = Vec::new();
    for w in 1..=width {
        positions.extend(boards(w));
    }
    let description = format!("every board of 1 to {width} columns with a left-to-right white path");
    Ok(Some(Family::new(description, [(game.clone(), positions)])))
}

/// Every board of `width` columns with a path: each column white, black on top or black below,
/// no column black in both rows and no two neighbouring columns black in different rows.
pub fn boards(width: usize) -> Vec<Board> {
    let mut boards = vec![Board::white(width)];
    for c in 0..width {
        let mut next = Vec::with_capacity(boards.len() * 3);
        for b in boards {
            next.push(b);
            let left_top = c > 0 && b.top >> (c - 1) & 1 == 1;
            let left_bottom = c > 0 && b.bottom >> (c - 1) & 1 == 1;
            if !left_bottom {
                next.push(Board { top: b.top | 1 << c, ..b });
            }
            if !left_top {
                next.push(Board { bottom: b.bottom | 1 << c, ..b });
            }
        }
        boards = next;
    }
    boards
}
