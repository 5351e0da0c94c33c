//! Rectangular boards of at most 64 squares as bit sets: square `(r, c)` of a `rows` by `cols`
//! board is bit `r * cols + c`, row 0 at the top. The partizan board games (Domineering, Clobber)
//! share these: neighbours, connected regions, trimming to a bounding box, and the symmetries of
//! the rectangle, applied to several layers (empty squares, each player's stones) at once.

pub mod family;

/// The most squares of a board.
pub const MAX_CELLS: usize = 64;

/// The shape of a board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Shape {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
}

/// The low `n` bits.
pub fn mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

impl Shape {
    /// Every square.
    pub fn all(self) -> u64 {
        mask(self.rows as usize * self.cols as usize)
    }

    /// The bit of square `(r, c)`.
    pub fn bit(self, r: usize, c: usize) -> u64 {
        1 << (r * self.cols as usize + c)
    }

    /// The squares of the first column.
    pub fn first_column(self) -> u64 {
        (0..self.rows as usize).fold(0, |m, r| m | self.bit(r, 0))
    }

    /// The squares of the last column.
    pub fn last_column(self) -> u64 {
        self.first_column() << (self.cols.max(1) - 1)
    }

    /// The squares next to those of `set` (up, down, left, right), within the board.
    pub fn neighbours(self, set: u64) -> u64 {
        if self.cols == 0 {
            return 0;
        }
        let (first, last) = (self.first_column(), self.last_column());
        (set << self.cols | set >> self.cols | (set & !last) << 1 | (set & !first) >> 1) & self.all()
    }

    /// The connected parts of `set` (squares joined through neighbours within `set`).
    pub fn components(self, set: u64) -> Vec<u64> {
        let mut parts = Vec::new();
        let mut rest = set;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let grown = part | (self.neighbours(part) & set);
                if grown == part {
                    break;
                }
                part = grown;
            }
            rest &= !part;
            parts.push(part);
        }
        parts
    }

    /// The layers cut down to the bounding box of `keep` (each layer intersected with `keep`),
    /// and the shape of that box (0 by 0 when `keep` is empty).
    pub fn trim<const N: usize>(self, keep: u64, layers: [u64; N]) -> (Shape, [u64; N]) {
        if keep == 0 {
            return (Shape { rows: 0, cols: 0 }, [0; N]);
        }
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        let mut rest = keep;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (i / self.cols as usize, i % self.cols as usize);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
        let out = layers.map(|layer| {
            let layer = layer & keep;
            (0..rows).fold(0, |m, r| {
                m | ((layer >> ((r + r0) * self.cols as usize + c0)) & mask(cols)) << (r * cols)
            })
        });
        (Shape { rows: rows as u8, cols: cols as u8 }, out)
    }

    /// The layers moved by one of the eight symmetries of the square: `turn` bit 0 mirrors left
    /// and right, bit 1 top and bottom, bit 2 transposes (rows become columns), after the
    /// mirrors. Returns the new shape.
    pub fn transform<const N: usize>(self, turn: u8, layers: [u64; N]) -> (Shape, [u64; N]) {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let transpose = turn & 4 != 0;
        let shape = if transpose { Shape { rows: self.cols, cols: self.rows } } else { self };
        let out = layers.map(|layer| {
            let mut m = 0;
            let mut rest = layer;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (mut r, mut c) = (i / cols, i % cols);
                if turn & 1 != 0 {
                    c = cols - 1 - c;
                }
                if turn & 2 != 0 {
                    r = rows - 1 - r;
                }
                if transpose {
                    (r, c) = (c, r);
                }
                m |= 1 << (r * shape.cols as usize + c);
            }
            m
        });
        (shape, out)
    }
}

/// `a1` is the top-left square: column letter from the left, row number from the top.
pub fn cell_name(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// Reads a board of rows separated by `/`, each character one square, all rows of one length
/// and at most [`MAX_CELLS`] squares: `square(ch)` gives the layer a character sets (an index
/// into the `N` layers, or `None` for a square in none of them), or an error message for a
/// character that is not a square. `-` is the board without squares.
pub fn parse<const N: usize>(
    text: &str,
    square: impl Fn(char) -> Result<Option<usize>, String>,
) -> Result<(Shape, [u64; N]), nimber_engine::ParseError> {
    use nimber_engine::ParseError;
    if text == "-" {
        return Ok((Shape { rows: 0, cols: 0 }, [0; N]));
    }
    let mut layers = [0u64; N];
    let (mut rows, mut cols, mut width) = (0usize, None, 0usize);
    for (i, ch) in text.chars().chain(std::iter::once('/')).enumerate() {
        let col = i + 1;
        if ch == '/' {
            if width == 0 {
                return Err(ParseError::at(col, "an empty row"));
            }
            if let Some(w) = cols {
                if w != width {
                    return Err(ParseError::at(col, format!("a row of {width} squares after rows of {w}")));
                }
            }
            cols = Some(width);
            rows += 1;
            width = 0;
            continue;
        }
        let layer = square(ch).map_err(|e| ParseError::at(col, e))?;
        if width == 32 || rows * cols.unwrap_or(0) + width + 1 > MAX_CELLS {
            return Err(ParseError::at(col, format!("a board has at most {MAX_CELLS} squares")));
        }
        if let Some(k) = layer {
            // Rows are packed as they come: the width is fixed by the first row.
            layers[k] |= 1 << (rows * cols.unwrap_or(0) + width);
        }
        width += 1;
    }
    let cols = cols.expect("at least one row");
    if rows * cols > MAX_CELLS {
        return Err(ParseError::new(format!("a board has at most {MAX_CELLS} squares")));
    }
    Ok((Shape { rows: rows as u8, cols: cols as u8 }, layers))
}

/// Writes a board: `square(r, c)` is a square's character.
pub fn format(shape: Shape, square: impl Fn(usize, usize) -> char) -> String {
    let mut out = String::new();
    for r in 0..shape.rows as usize {
        if r > 0 {
            out.push('/');
        }
        for c in 0..shape.cols as usize {
            out.push(square(r, c));
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The drawing of a board of a partizan game with the player to move: the squares (filled by
/// `paint(col, row)`, more attributes from `more`, named as in the moves), the coordinates, what
/// `pieces` draws on the grid, then whose turn it is (`turn[0]` for Left, `turn[1]` for Right).
/// `game` names the game and `notation` is the board's text; the player (`L` or `R`) is added.
pub(crate) fn draw_partizan(
    (game, notation): (&str, &str),
    shape: Shape,
    player: nimber_partizan::Player,
    turn: [&str; 2],
    paint: impl Fn(usize, usize) -> &'static str,
    more: impl Fn(usize, usize, crate::common::svg::Attrs) -> crate::common::svg::Attrs,
    pieces: impl FnOnce(&mut crate::common::svg::Svg, &crate::common::svg::Board),
) -> String {
    use crate::common::svg::{colour, file_letter, Svg};
    use nimber_partizan::Player;
    const CELL: f64 = 48.0;
    let (rows, cols) = (shape.rows as usize, shape.cols as usize);
    let board = crate::common::svg::Board { x: 40.0, y: 20.0, cols, rows, cell: CELL };
    let (w, h) = board.size();
    let (who, text, c) = match player {
        Player::Left => ("L", turn[0], colour::FIRST),
        Player::Right => ("R", turn[1], colour::SECOND),
    };
    let mut svg = Svg::new(game, &format!("{notation} {who}"), (40.0 + w + 20.0).max(260.0), 20.0 + h + 64.0);
    board.draw(&mut svg, paint, |c, r| cell_name(r, c), more);
    board.coordinates(&mut svg, false, file_letter, |r| (r + 1).to_string());
    pieces(&mut svg, &board);
    svg.status((40.0, 20.0 + h + 48.0), Some(c), text, 14.0);
    svg.finish()
}
