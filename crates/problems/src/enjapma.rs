//! Enjapma (yukicoder 819).
//!
//! An H x W board with pieces; players alternate, the king first; a turn removes one piece or
//! moves one piece one cell left or down onto an empty cell; a player with no move loses. Is the
//! king lost? This is the game `enjapma` of `nimber-games`.
//!
//! Colour the board like a checkerboard from the bottom-left cell and let `x` be the number of
//! pieces and `y` the number on the bottom-left cell's colour. The write-up read a period-3
//! table over `(x, y)` off exhaustive solutions of small boards; the exact rule, proved in
//! [`nimber_games::enjapma`] and checked against exhaustive solving of every board up to 3 x 4
//! and 4 x 3 in this crate's tests, is: the player to move loses exactly when
//! `x + y ≡ 0 (mod 3)`. (Each move changes the difference between the pieces on the two colours
//! by ±1 or ±2, never by a multiple of 3, and from any other residue a move back to 0 exists.
//! The nim value is `(2y - x) mod 3`, also a function of `(x, y)` alone.)
//!
//! So the whole work is reading the board once, in place (no allocation, no string per row).
//! A row in the usual form (exactly W cells, then a line break) is checked and counted 32 bytes
//! at a time, in code written for the compiler to vectorize: compare with `o` and `.`, sum the
//! pieces per byte lane, even lanes being even columns. Row `r` (0 = top) has the bottom-left
//! colour on the columns `c` with `c ≡ H - 1 - r (mod 2)`. Any other row is read again
//! carefully, to accept blanks around it or to say what is wrong with it.
//!
//! Input: `H W`, then H rows of W characters `o` or `.`. Trailing blanks and `\r` on a line are
//! ignored, as are leading blanks (columns in errors count them). Output: `YES` if the king (the
//! first player) loses, else `NO`.

use nimber_games::enjapma::mover_loses;

use crate::input::{InputError, Tokens};
use crate::{Options, Problem};

/// The problem's entry in [`crate::all`].
pub const PROBLEM: Problem = Problem {
    name: "enjapma",
    summary: "yukicoder 819 Enjapma: remove a piece or slide it left/down; YES if the first player loses",
    solve,
};

/// The largest H and W accepted. Nothing is allocated by size: the input itself bounds the work.
pub const MAX_SIDE: i64 = 100_000_000;

/// What the input describes, as far as the rule needs it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Rows.
    pub h: u64,
    /// Columns.
    pub w: u64,
    /// `x`: the number of pieces.
    pub pieces: u64,
    /// `y`: the number of pieces on the bottom-left cell's colour.
    pub on_corner_colour: u64,
}

/// Reads the input and answers `YES` when the first player loses.
pub fn solve(input: &str, _options: &Options) -> Result<String, InputError> {
    let c = read(input)?;
    Ok(if mover_loses(c.pieces, c.on_corner_colour) { "YES" } else { "NO" }.to_string())
}

/// Reads the board and counts `x` and `y` in one pass over its bytes.
pub fn read(input: &str) -> Result<Counts, InputError> {
    let bytes = input.as_bytes();
    // The header is the first line that is not blank.
    let mut start = 0;
    let mut line = 1;
    let header_end = loop {
        if start >= bytes.len() {
            return Err(InputError::whole("empty input: expected `H W` and then H rows of `o` and `.`"));
        }
        let end = line_end(bytes, start);
        if bytes[start..end].iter().any(|b| !b.is_ascii_whitespace()) {
            break end;
        }
        start = end + 1;
        line += 1;
    };
    // Tokens counts lines from the start of the text given: give it the blank lines too.
    let mut header = Tokens::new(&input[..header_end], &[]);
    let h = header.int("H", 1, MAX_SIDE)? as u64;
    let w = header.int("W", 1, MAX_SIDE)? as u64;
    header.finish()?;
    let (h_len, w_len) = (h as usize, w as usize);

    // Pieces on the bottom-left colour and on the other.
    let mut counts = [0u64; 2];
    let mut pos = (header_end + 1).min(bytes.len());
    let mut r = 0;
    loop {
        (r, pos) = quick_rows(bytes, pos, r, h_len, w_len, &mut counts);
        if r == h_len {
            break;
        }
        // Row r is not in the usual form: read it carefully, or say what is wrong with it.
        let row_line = line + 1 + r;
        if pos >= bytes.len() {
            return Err(InputError::at_line(row_line, format!("input ended after {r} of {h} rows")));
        }
        let ((e, o), next) = read_row(input, pos, row_line, r, w)?;
        add_row(&mut counts, h_len - 1 - r, e, o);
        pos = next;
        r += 1;
    }
    // Only blanks may follow the last row (line `line + H`).
    let line = line + h_len;
    if let Some(offset) = bytes[pos..].iter().position(|b| !b.is_ascii_whitespace()) {
        let at = pos + offset;
        // The last row ended with a line break (text follows), so `pos` starts the next line.
        let line = line + 1 + bytes[pos..at].iter().filter(|&&b| b == b'\n').count();
        let line_start = bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let column = input[line_start..at].chars().count() + 1;
        return Err(InputError::at(line, column, format!("unexpected text after the {h} rows")));
    }
    Ok(Counts { h, w, pieces: counts[0] + counts[1], on_corner_colour: counts[0] })
}

/// Adds a row's pieces on even (`e`) and odd (`o`) columns to `counts` (on the bottom-left
/// colour, on the other), `up` being its distance to the bottom row: the bottom-left colour is
/// on its even columns when `up` is even.
#[inline]
fn add_row(counts: &mut [u64; 2], up: usize, e: u64, o: u64) {
    let flip = up % 2;
    counts[flip] += e;
    counts[1 - flip] += o;
}

/// Reads the rows from `r` on, starting at `pos`, as long as they are in the usual form: exactly
/// `w` cells `o` or `.` followed by a line break (`\n` or `\r\n`) or the end of the input.
/// Adds their pieces to `counts` and returns the first row not read and where it starts.
fn quick_rows(
    bytes: &[u8],
    mut pos: usize,
    mut r: usize,
    h: usize,
    w: usize,
    counts: &mut [u64; 2],
) -> (usize, usize) {
    // Pieces, and pieces on the bottom-left colour: in registers, chosen without branches.
    let (mut all, mut on) = (0u64, 0u64);
    while r < h {
        let end = pos + w;
        let next = match bytes.get(end) {
            Some(b'\n') => end + 1,
            None if end == bytes.len() => end,
            Some(b'\r') if matches!(bytes.get(end + 1), None | Some(b'\n')) => (end + 2).min(bytes.len()),
            _ => break,
        };
        let Some((e, o)) = count_row(&bytes[pos..end]) else { break };
        // All ones when the bottom-left colour is on the odd columns of this row.
        let odd = (((h - 1 - r) % 2) as u64).wrapping_neg();
        all += e + o;
        on += e ^ ((e ^ o) & odd);
        pos = next;
        r += 1;
    }
    counts[0] += on;
    counts[1] += all - on;
    (r, pos)
}

/// The offset of the line break ending the line that starts at `start`, or the input's length.
fn line_end(bytes: &[u8], start: usize) -> usize {
    bytes[start..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |p| start + p)
}

/// Pieces on even and on odd columns of `row`, or `None` if it holds anything but `o` and `.`.
#[inline]
fn count_row(row: &[u8]) -> Option<(u64, u64)> {
    if row.len() < LANES {
        return count_cells(row);
    }
    count_vectors(row)
}

/// The width of [`count_vectors`]' steps.
const LANES: usize = 32;

/// [`count_row`] cell by cell, for short rows.
#[inline]
fn count_cells(row: &[u8]) -> Option<(u64, u64)> {
    let (mut even, mut odd, mut bad) = (0u64, 0u64, false);
    for (k, &b) in row.iter().enumerate() {
        let piece = (b == b'o') as u64;
        bad |= b != b'o' && b != b'.';
        if k % 2 == 0 {
            even += piece;
        } else {
            odd += piece;
        }
    }
    (!bad).then_some((even, odd))
}

/// [`count_row`] a vector at a time, written for the compiler to vectorize: 32 cells at a time
/// compared with `o` and `.`, the pieces summed per byte lane (even lanes are even columns) and
/// flushed before a lane can overflow. Kept out of line so that the loop over narrow rows stays
/// small.
#[inline(never)]
fn count_vectors(row: &[u8]) -> Option<(u64, u64)> {
    // Blocks of at most 255 vectors, so that a byte lane cannot overflow.
    const BLOCK: usize = LANES * 255;
    let (mut even, mut odd) = (0u64, 0u64);
    let mut bad = [0u8; LANES];
    for block in row.chunks(BLOCK) {
        let mut vectors = block.chunks_exact(LANES);
        let mut sums = [0u8; LANES];
        for vector in &mut vectors {
            let vector: &[u8; LANES] = vector.try_into().expect("a full vector");
            for i in 0..LANES {
                let piece = vector[i] == b'o';
                sums[i] += piece as u8;
                bad[i] |= !(piece || vector[i] == b'.') as u8;
            }
        }
        for pair in sums.chunks_exact(2) {
            even += pair[0] as u64;
            odd += pair[1] as u64;
        }
        // Full vectors end on an even column.
        let (e, o) = count_cells(vectors.remainder())?;
        even += e;
        odd += o;
    }
    (bad == [0; LANES]).then_some((even, odd))
}

/// The careful reading of the row `r` starting at `pos` on `line`, when the quick one did not
/// accept it: strips blanks, names the offending line and column. Returns the pieces on even
/// and odd columns and where the next line starts.
fn read_row(
    input: &str,
    pos: usize,
    line: usize,
    r: usize,
    w: u64,
) -> Result<((u64, u64), usize), InputError> {
    let bytes = input.as_bytes();
    let end = line_end(bytes, pos);
    let next = (end + 1).min(bytes.len());
    let text = &input[pos..end];
    let content = text.trim_end_matches([' ', '\t', '\r']);
    let trimmed = content.trim_start_matches([' ', '\t']);
    let lead = content.len() - trimmed.len(); // ASCII blanks: bytes are characters
    let (mut even, mut odd, mut cells) = (0u64, 0u64, 0u64);
    for (k, ch) in trimmed.chars().enumerate() {
        match ch {
            'o' | '.' => {
                let piece = (ch == 'o') as u64;
                if k % 2 == 0 {
                    even += piece;
                } else {
                    odd += piece;
                }
            }
            _ => {
                return Err(InputError::at(
                    line,
                    lead + k + 1,
                    format!("{ch:?} in row {}: cells are `o` (a piece) and `.` (empty)", r + 1),
                ))
            }
        }
        cells += 1;
    }
    if cells != w {
        return Err(InputError::at_line(line, format!("row {} has length {cells}; W = {w}", r + 1)));
    }
    Ok(((even, odd), next))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> Result<String, InputError> {
        solve(input, &Options::default())
    }

    #[test]
    fn samples_and_counts() {
        assert_eq!(run("1 1\no\n").unwrap(), "NO");
        assert_eq!(run("1 2\noo\n").unwrap(), "YES");
        assert_eq!(run("2 2\no.\no.\n").unwrap(), "YES");
        assert_eq!(run("3 3\no.o\n...\no.o\n").unwrap(), "NO");
        // Bottom-left colour: (H - 1 - r + c) even.
        let c = read("2 3\n.o.\no.o").unwrap();
        assert_eq!((c.h, c.w, c.pieces, c.on_corner_colour), (2, 3, 3, 3));
        let c = read("2 3\no.o\n.o.").unwrap();
        assert_eq!((c.pieces, c.on_corner_colour), (3, 0));
    }

    #[test]
    fn word_counting_matches_cell_by_cell() {
        // Rows of every length up to 40 and one across a block boundary, against a plain count.
        let mut rows: Vec<Vec<u8>> = (0..=40)
            .map(|len| (0..len).map(|i| if (i * 7 + len) % 3 == 0 { b'.' } else { b'o' }).collect())
            .collect();
        rows.push((0..32 * 255 * 2 + 13).map(|i| if i % 5 == 1 { b'.' } else { b'o' }).collect());
        rows.push(vec![b'o'; 32 * 255 * 3]);
        for row in &rows {
            let even = row.iter().step_by(2).filter(|&&b| b == b'o').count() as u64;
            let odd = row.iter().skip(1).step_by(2).filter(|&&b| b == b'o').count() as u64;
            assert_eq!(count_row(row), Some((even, odd)), "length {}", row.len());
            for at in [0, row.len() / 2, row.len().saturating_sub(1)] {
                for bad in [b'x', b'O', b' ', b'\n', b'\r', 0, 0x80, 0xEF, b'/', b'n', b'-'] {
                    if at < row.len() {
                        let mut broken = row.clone();
                        broken[at] = bad;
                        assert_eq!(count_row(&broken), None, "length {} at {at} byte {bad}", row.len());
                    }
                }
            }
        }
    }

    #[test]
    fn line_endings_and_blanks() {
        assert_eq!(read("2 2\r\no.\r\n.o\r\n").unwrap(), read("2 2\no.\n.o\n").unwrap());
        assert_eq!(read("2 2\r\no.\r\n.o\r").unwrap(), read("2 2\no.\n.o").unwrap());
        assert_eq!(read("\n\n 2 2 \n  o. \n.o\t\n\n \n").unwrap(), read("2 2\no.\n.o").unwrap());
    }

    #[test]
    fn errors_name_the_place() {
        let err = |t: &str| run(t).unwrap_err().to_string();
        assert_eq!(err(""), "empty input: expected `H W` and then H rows of `o` and `.`");
        assert_eq!(err(" \n\n"), "empty input: expected `H W` and then H rows of `o` and `.`");
        assert_eq!(err("2\no."), "line 1: input ended where W was expected");
        assert_eq!(err("\n2 x\no."), "line 2, column 3: W: expected an integer, found `x`");
        assert_eq!(err("0 2\n"), "line 1, column 1: H = 0 is out of range 1..=100000000");
        assert_eq!(err("-1 2\n"), "line 1, column 1: H = -1 is out of range 1..=100000000");
        assert_eq!(err("2 2 2\n"), "line 1, column 5: unexpected `2` after the end of the input");
        assert_eq!(
            err("99999999999999999999 2\n"),
            "line 1, column 1: H: expected an integer, found `99999999999999999999`"
        );
        assert_eq!(err("2 2\no."), "line 3: input ended after 1 of 2 rows");
        assert_eq!(err("2 2\no.\n"), "line 3: input ended after 1 of 2 rows");
        assert_eq!(err("2 2\no.\n\n"), "line 3: row 2 has length 0; W = 2");
        assert_eq!(err("2 2\no.o\n.."), "line 2: row 1 has length 3; W = 2");
        assert_eq!(err("2 2\no\n.."), "line 2: row 1 has length 1; W = 2");
        assert_eq!(
            err("2 2\no.\n.x"),
            "line 3, column 2: 'x' in row 2: cells are `o` (a piece) and `.` (empty)"
        );
        assert_eq!(
            err("2 2\no.\n é"),
            "line 3, column 2: 'é' in row 2: cells are `o` (a piece) and `.` (empty)"
        );
        assert_eq!(
            err("2 2\no .\n.."),
            "line 2, column 2: ' ' in row 1: cells are `o` (a piece) and `.` (empty)"
        );
        assert_eq!(err("2 2\no.\n..\n\n  oo\n"), "line 5, column 3: unexpected text after the 2 rows");
        assert_eq!(err("2 2\no.\n..\r\né"), "line 4, column 1: unexpected text after the 2 rows");
        assert_eq!(
            err("2 2\no.\n..\ré"),
            "line 3, column 3: '\\r' in row 2: cells are `o` (a piece) and `.` (empty)"
        );
    }
}
