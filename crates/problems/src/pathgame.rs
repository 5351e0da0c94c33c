//! PathGame (TopCoder SRM 637, Div 1 500).
//!
//! A 2 x W board of white and black cells with a left-to-right white path; players alternate
//! (Snuke first) colouring a white cell black, a move must leave a path (colouring the last path
//! away loses), and a player with no legal move loses. This is the game `pathgame` of
//! `nimber-games`.
//!
//! A white path exists exactly when no column is black in both rows and no two neighbouring
//! columns are black in different rows. So a black cell forbids the three cells of the other row
//! in its own and both neighbouring columns, a column holding a black cell offers no move, and the
//! board is a sum of independent runs of all-white columns. A run is described by its length and
//! its two ends: the board's edge, or a black cell in the top or bottom row next to it. A move
//! in a run at column `i`, row `r` leaves the runs (left end, i, r) and (r, len - 1 - i, right
//! end). The write-up computes the nim values of runs by mex over those moves, O(W^2), and XORs
//! them. [`SegmentTable`] is that computation; it shows (checked for every length up to 1000 in
//! the tests) that the values follow a closed form, [`segment_nim`], which the solver uses:
//!
//! - both ends at the edges: `len mod 2`;
//! - one end at an edge, the other at a black cell: `len`;
//! - black cells in the same row at both ends: `len mod 2`;
//! - black cells in different rows at the ends: `(len + 1) mod 2` (for `len >= 1`).

use crate::input::{string_array, InputError, Literal};
use crate::{Options, Problem};

/// The problem's entry in [`crate::all`].
pub const PROBLEM: Problem = Problem {
    name: "pathgame",
    summary: "TopCoder SRM 637 Div1 500 PathGame: colour cells black while a path remains (Snuke/Sothe)",
    solve,
};

/// The widest board of the problem's limits.
pub const MAX_WIDTH: usize = 1000;

/// A column (or a run's end) with no black cell; for a run's end, the board's edge.
pub const WHITE: u8 = 0;
/// A column whose top cell is black.
pub const TOP: u8 = 1;
/// A column whose bottom cell is black.
pub const BOTTOM: u8 = 2;

/// The nim value of a run of `len` white columns whose ends are `left` and `right`
/// ([`WHITE`] for the board's edge, [`TOP`] or [`BOTTOM`] for the row of the black cell next to
/// the run). The closed form of [`SegmentTable`], checked against it in the tests.
pub fn segment_nim(left: u8, len: usize, right: u8) -> u32 {
    if len == 0 {
        return 0;
    }
    let parity = (len % 2) as u32;
    match (left, right) {
        (WHITE, WHITE) => parity,
        (WHITE, _) | (_, WHITE) => len as u32,
        (l, r) if l == r => parity,
        _ => parity ^ 1,
    }
}

/// Nim values of every run up to a length, by mex over all moves inside the run: the
/// write-up's O(W^2) method, computed from the rules of a run alone.
pub struct SegmentTable {
    max_len: usize,
    /// `values[(left * 3 + right) * (max_len + 1) + len]`.
    values: Vec<u32>,
}

impl SegmentTable {
    /// The values of all runs of length at most `max_len` (at most [`MAX_WIDTH`]).
    pub fn new(max_len: usize) -> SegmentTable {
        let max_len = max_len.min(MAX_WIDTH);
        let stride = max_len + 1;
        let mut values = vec![0u32; 9 * stride];
        // Values stay below the next power of two above max_len (they are at most the length),
        // and so do XORs of two of them.
        let bound = (max_len + 1).next_power_of_two() * 2;
        let mut seen = vec![0u32; bound + 1];
        let mut stamp = 0u32;
        for len in 1..=max_len {
            for left in 0..3u8 {
                for right in 0..3u8 {
                    stamp += 1;
                    for i in 0..len {
                        for row in [TOP, BOTTOM] {
                            // Colouring row `row` of column i is forbidden by a black cell of the
                            // other row in a neighbouring column.
                            if i == 0 && left != WHITE && left != row {
                                continue;
                            }
                            if i == len - 1 && right != WHITE && right != row {
                                continue;
                            }
                            let a = values[(left as usize * 3 + row as usize) * stride + i];
                            let b = values[(row as usize * 3 + right as usize) * stride + len - 1 - i];
                            seen[(a ^ b) as usize] = stamp;
                        }
                    }
                    let mex = (0..seen.len()).find(|&v| seen[v] != stamp).unwrap_or(seen.len()) as u32;
                    values[(left as usize * 3 + right as usize) * stride + len] = mex;
                }
            }
        }
        SegmentTable { max_len, values }
    }

    /// The longest run covered.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The nim value of a run, as [`segment_nim`]; `len` must be at most [`Self::max_len`].
    pub fn get(&self, left: u8, len: usize, right: u8) -> u32 {
        self.values[(left as usize * 3 + right as usize) * (self.max_len + 1) + len]
    }

    /// The nim value of a board with a path given by its columns, at most [`Self::max_len`].
    pub fn nim_value(&self, columns: &[u8]) -> u32 {
        runs(columns).fold(0, |acc, (l, len, r)| acc ^ self.get(l, len, r))
    }
}

/// The runs of white columns of a board given by its columns ([`WHITE`], [`TOP`] or
/// [`BOTTOM`]), as (left end, length, right end), empty runs included.
pub fn runs(columns: &[u8]) -> impl Iterator<Item = (u8, usize, u8)> + '_ {
    let mut left = WHITE;
    let mut start = 0;
    let mut pos = 0;
    std::iter::from_fn(move || {
        if pos > columns.len() {
            return None;
        }
        while pos < columns.len() && columns[pos] == WHITE {
            pos += 1;
        }
        let right = if pos < columns.len() { columns[pos] } else { WHITE };
        let run = (left, pos - start, right);
        left = right;
        pos += 1;
        start = pos;
        Some(run)
    })
}

/// The nim value of a board with a path given by its columns, by the closed form.
pub fn nim_value(columns: &[u8]) -> u32 {
    runs(columns).fold(0, |acc, (l, len, r)| acc ^ segment_nim(l, len, r))
}

/// The nim value of a board with a path, by the O(W^2) table of the write-up.
pub fn nim_value_by_table(columns: &[u8]) -> u32 {
    SegmentTable::new(columns.len()).nim_value(columns)
}

/// The first place where black cells cut every path, given the columns (a column black in both
/// rows is not expressible there): the right column (0-based) of the first pair of neighbouring
/// columns black in different rows.
pub fn first_cut(columns: &[u8]) -> Option<usize> {
    columns.windows(2).position(|w| w[0] != WHITE && w[1] != WHITE && w[0] != w[1]).map(|c| c + 1)
}

/// A row of the input: its text (only `.`/`#` once checked), line, and the column of its first
/// character.
struct Row<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// Reads the input: two lines (the rows), or the literal form `{"#..", "..."}` (braces optional). Returns the
/// columns of the board ([`WHITE`], [`TOP`] or [`BOTTOM`]).
pub fn parse(input: &str) -> Result<Vec<u8>, InputError> {
    if input.trim().is_empty() {
        return Err(InputError::whole("empty input: expected the two rows of the board"));
    }
    let literal = matches!(input.trim_start().chars().next(), Some('{' | '"'));
    let rows = if literal { literal_rows(input)? } else { plain_rows(input)? };
    board_columns(&rows)
}

/// The non-blank lines of the input, trimmed; exactly two.
fn plain_rows(input: &str) -> Result<Vec<Row<'_>>, InputError> {
    let mut rows = Vec::new();
    let mut last = 1;
    for (l, line) in input.lines().enumerate() {
        last = l + 1;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let lead = line.chars().take_while(|c| c.is_whitespace()).count();
        if rows.len() == 2 {
            return Err(InputError::at(l + 1, lead + 1, "unexpected third row: the board has two rows"));
        }
        rows.push(Row { text, line: l + 1, column: lead + 1 });
    }
    if rows.len() < 2 {
        return Err(InputError::at_line(last, "input ended where row 2 of the board was expected"));
    }
    Ok(rows)
}

/// The two quoted strings of `{"#..", "..."}` (whitespace and line breaks allowed between items).
fn literal_rows(input: &str) -> Result<Vec<Row<'_>>, InputError> {
    let literal = Literal {
        item: "row",
        whole: "the board",
        max: 2,
        too_many: "unexpected third row: the board has two rows",
    };
    let rows = string_array(input, &literal)?;
    if rows.len() < 2 {
        return Err(InputError::at_line(input.lines().count().max(1), "the board needs two rows"));
    }
    Ok(rows.into_iter().map(|q| Row { text: q.text, line: q.line, column: q.column }).collect())
}

/// Checks the two rows and returns the board's columns.
fn board_columns(rows: &[Row<'_>]) -> Result<Vec<u8>, InputError> {
    let mut width = 0;
    for (r, row) in rows.iter().enumerate() {
        let mut count = 0;
        for (c, ch) in row.text.chars().enumerate() {
            if c >= MAX_WIDTH {
                return Err(InputError::at(
                    row.line,
                    row.column + c,
                    format!("row {} is longer than {MAX_WIDTH} cells", r + 1),
                ));
            }
            if ch != '.' && ch != '#' {
                return Err(InputError::at(
                    row.line,
                    row.column + c,
                    format!("`{}` is not a cell (use `.` for white, `#` for black)", ch.escape_default()),
                ));
            }
            count += 1;
        }
        if count == 0 {
            return Err(InputError::at(row.line, row.column, format!("row {} is empty", r + 1)));
        }
        if r == 0 {
            width = count;
        } else if count != width {
            return Err(InputError::at_line(
                row.line,
                format!("row 2 has {count} cells but row 1 has {width}: the rows must be equally long"),
            ));
        }
    }
    let (top, bottom) = (rows[0].text.as_bytes(), rows[1].text.as_bytes());
    let mut columns = vec![WHITE; width];
    for c in 0..width {
        columns[c] = match (top[c], bottom[c]) {
            (b'#', b'#') => {
                return Err(InputError::at(
                    rows[1].line,
                    rows[1].column + c,
                    format!("no left-to-right white path: column {} is black in both rows", c + 1),
                ))
            }
            (b'#', _) => TOP,
            (_, b'#') => BOTTOM,
            _ => WHITE,
        };
    }
    if let Some(c) = first_cut(&columns) {
        // Report the cell of column c + 1 in its row (1-based columns: c and c + 1).
        let row = if columns[c] == TOP { &rows[0] } else { &rows[1] };
        let (first, second) = if columns[c] == TOP { ("bottom", "top") } else { ("top", "bottom") };
        return Err(InputError::at(
            row.line,
            row.column + c,
            format!("no left-to-right white path: the {first} cell of column {c} and the {second} cell of column {} are black", c + 1),
        ));
    }
    Ok(columns)
}

/// Solves the problem: `Snuke` when the first player wins, else `Sothe`.
pub fn solve(input: &str, options: &Options) -> Result<String, InputError> {
    let columns = parse(input)?;
    let nim = if options.exact { nim_value_by_table(&columns) } else { nim_value(&columns) };
    Ok(if nim != 0 { "Snuke" } else { "Sothe" }.to_string())
}
