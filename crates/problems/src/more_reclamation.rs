//! More Reclamation (Codeforces 335C): PathGame transposed.
//!
//! A river of `r` rows and 2 columns; `n` cells are already reclaimed. Reclaiming cell
//! `(ri, ci)` forbids `(ri - 1, 3 - ci)`, `(ri, 3 - ci)` and `(ri + 1, 3 - ci)`; the players
//! alternate reclaiming a cell that is neither reclaimed nor forbidden, and the last to reclaim
//! wins.
//!
//! The mapping: river row `i` (1-based) is column `i - 1` of a PathGame board and river column
//! `c` is its row `c - 1` (column 1 the top row); a reclaimed cell is a black cell. A cell is
//! forbidden exactly when colouring it would cut every left-to-right white path (a black cell of
//! the other row in the same or a neighbouring column), so the reclaimable cells are exactly
//! PathGame's legal moves. PathGame says "whoever cuts the last path loses"; that move is never
//! legal here, and a player who has only such moves loses there as well: in both games the
//! player with no legal move loses, that is, the last to move wins. So the river is a win for
//! the player to move exactly when the transposed board is a win for Snuke, and the same nim
//! values apply ([`crate::pathgame::nim_value`]).

use crate::input::{InputError, Tokens};
use crate::pathgame::{self, BOTTOM, TOP, WHITE};
use crate::{Options, Problem};

/// The problem's entry in [`crate::all`].
pub const PROBLEM: Problem = Problem {
    name: "more-reclamation",
    summary: "Codeforces 335C More Reclamation: PathGame transposed; the last to reclaim wins (WIN/LOSE)",
    solve,
};

/// The longest river of the problem's limits.
pub const MAX_ROWS: i64 = 100;

/// Reads the input and returns the columns of the transposed PathGame board: entry `i` is
/// [`TOP`] when river cell `(i + 1, 1)` is reclaimed, [`BOTTOM`] for `(i + 1, 2)`, else
/// [`WHITE`].
pub fn parse(input: &str) -> Result<Vec<u8>, InputError> {
    // At most 2 + 2 * MAX_ROWS tokens are read; tokenize only those and one more (reported as
    // left over), so that a huge input is not split into millions of tokens.
    let limit = 2 + 2 * MAX_ROWS as usize + 1;
    let end = input
        .split_whitespace()
        .nth(limit)
        .map_or(input.len(), |t| t.as_ptr() as usize - input.as_ptr() as usize);
    let mut tokens = Tokens::new(&input[..end], &[]);
    if tokens.is_empty() {
        return Err(InputError::whole("empty input: expected `r n` and the reclaimed cells"));
    }
    let r = tokens.int("r (the number of rows)", 1, MAX_ROWS)? as usize;
    let n = tokens.int("n (the number of reclaimed cells)", 0, r as i64)? as usize;
    let mut columns = vec![WHITE; r];
    // The input line that reclaimed each row's cell.
    let mut lines = vec![0usize; r];
    for _ in 0..n {
        let row_token = tokens.next("a reclaimed cell's row")?;
        let row = row_token.int("row", 1, r as i64)? as usize - 1;
        let col = tokens.int("column", 1, 2)? as u8;
        let kind = if col == 1 { TOP } else { BOTTOM };
        let line = row_token.line;
        if columns[row] == kind {
            return Err(InputError::at_line(
                line,
                format!("cell ({}, {col}) is given twice (first at line {})", row + 1, lines[row]),
            ));
        }
        for near in row.saturating_sub(1)..=(row + 1).min(r - 1) {
            if columns[near] != WHITE && columns[near] != kind {
                return Err(InputError::at_line(
                    line,
                    format!(
                        "cell ({}, {col}) cannot be reclaimed: it is forbidden by cell ({}, {}) given at line {}",
                        row + 1,
                        near + 1,
                        3 - col,
                        lines[near]
                    ),
                ));
            }
        }
        columns[row] = kind;
        lines[row] = line;
    }
    tokens.finish()?;
    Ok(columns)
}

/// The transposed PathGame board of an input, in the notation of the game `pathgame` (top row
/// `/` bottom row): river column 1 is the top row, river row 1 the leftmost column.
pub fn to_pathgame(input: &str) -> Result<String, InputError> {
    let columns = parse(input)?;
    let row = |kind: u8| -> String { columns.iter().map(|&c| if c == kind { '#' } else { '.' }).collect() };
    Ok(format!("{}/{}", row(TOP), row(BOTTOM)))
}

/// Solves the problem: `WIN` when the player to move wins, else `LOSE`.
pub fn solve(input: &str, options: &Options) -> Result<String, InputError> {
    let columns = parse(input)?;
    let nim =
        if options.exact { pathgame::nim_value_by_table(&columns) } else { pathgame::nim_value(&columns) };
    Ok(if nim != 0 { "WIN" } else { "LOSE" }.to_string())
}
