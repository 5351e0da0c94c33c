//! Domineering (Göran Andersson, 1973; *Winning Ways*, ch. 2): Left places vertical dominoes,
//! Right horizontal ones, on the empty squares of a board; a player who cannot place one loses.
//!
//! A partizan game ([`Partizan`]): its value is found by `nimber cgt`, and through
//! [`Bridge`] it is also a game of the strong solvers (a position then names the player to
//! move: `../.. L`). Positions split into regions of empty squares that touch no other, whose
//! values add up; each region is trimmed to its bounding box and turned (mirrored left-right
//! and top-bottom, which keeps every domino's direction) to a standard orientation, so that it
//! is valued once.

use nimber_engine::{Draw, DynGame, Error, Move, Notation, ParamSpec, Params, ParseError};
use nimber_partizan::{Bridge, DynPartizan, Partizan, Player};

use crate::registry::{Facts, GameInfo};

/// The most squares of a board.
pub const MAX_CELLS: usize = 64;

/// A board: `rows` by `cols` squares, square `(r, c)` at bit `r * cols + c` (row 0 at the top),
/// set when it is empty.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Board {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The empty squares.
    pub empty: u64,
}

impl Board {
    /// An empty `rows` by `cols` board (at most [`MAX_CELLS`] squares).
    pub fn new(rows: u8, cols: u8) -> Board {
        let n = rows as usize * cols as usize;
        assert!(n <= MAX_CELLS, "a board of over {MAX_CELLS} squares");
        Board { rows, cols, empty: mask(n) }
    }

    fn bit(&self, r: usize, c: usize) -> u64 {
        1 << (r * self.cols as usize + c)
    }

    /// The squares of the first column.
    fn first_column(&self) -> u64 {
        (0..self.rows as usize).fold(0, |m, r| m | self.bit(r, 0))
    }

    /// Empty squares with an empty square below (the top squares of Left's dominoes).
    fn vertical(&self) -> u64 {
        self.empty & self.empty >> self.cols
    }

    /// Empty squares with an empty square to the right (the left squares of Right's dominoes).
    fn horizontal(&self) -> u64 {
        if self.empty == 0 {
            return 0;
        }
        let last = self.first_column() << (self.cols - 1);
        self.empty & !last & self.empty >> 1
    }

    /// The empty squares next to those of `set` (up, down, left, right).
    fn neighbours(&self, set: u64) -> u64 {
        let first = self.first_column();
        let last = first << (self.cols.max(1) - 1);
        (set << self.cols | set >> self.cols | (set & !last) << 1 | (set & !first) >> 1) & self.empty
    }

    /// The board with only the empty squares of `keep`, trimmed to their bounding box.
    fn trimmed(&self, keep: u64) -> Board {
        if keep == 0 {
            return Board { rows: 0, cols: 0, empty: 0 };
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
        let mut empty = 0;
        for r in 0..rows {
            let row = (keep >> ((r + r0) * self.cols as usize + c0)) & mask(cols);
            empty |= row << (r * cols);
        }
        Board { rows: rows as u8, cols: cols as u8, empty }
    }

    /// The board mirrored left-right (`cols`) or top-bottom (`rows`).
    fn mirrored(&self, left_right: bool) -> Board {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let mut empty = 0;
        for r in 0..rows {
            for c in 0..cols {
                if self.empty & self.bit(r, c) != 0 {
                    let (r2, c2) = if left_right { (r, cols - 1 - c) } else { (rows - 1 - r, c) };
                    empty |= 1 << (r2 * cols + c2);
                }
            }
        }
        Board { empty, ..*self }
    }
}

fn mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// Domineering from a start board.
#[derive(Clone, Debug)]
pub struct Domineering {
    start: Board,
}

impl Domineering {
    /// Domineering starting from `start`.
    pub fn new(start: Board) -> Domineering {
        Domineering { start }
    }

    fn place(&self, board: &Board, tops: u64, step: usize, vertical: bool) -> Vec<Move<Board>> {
        let mut moves = Vec::new();
        let mut rest = tops;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (i / board.cols as usize, i % board.cols as usize);
            let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
            let label = format!("{}-{}", cell_name(r, c), cell_name(r2, c2));
            moves
                .push(Move::new(label, Board { empty: board.empty & !(1 << i | 1 << (i + step)), ..*board }));
        }
        moves
    }
}

/// `a1` is the top-left square: column letter from the left, row number from the top.
fn cell_name(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl Partizan for Domineering {
    type Position = Board;

    fn start(&self) -> Board {
        self.start
    }

    /// Vertical dominoes.
    fn left_moves(&self, board: &Board) -> Vec<Move<Board>> {
        self.place(board, board.vertical(), board.cols as usize, true)
    }

    /// Horizontal dominoes.
    fn right_moves(&self, board: &Board) -> Vec<Move<Board>> {
        self.place(board, board.horizontal(), 1, false)
    }

    /// The connected regions of empty squares, when there are several.
    fn regions(&self, board: &Board) -> Option<Vec<Board>> {
        let mut parts = Vec::new();
        let mut rest = board.empty;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = region | board.neighbours(region);
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            parts.push(region);
        }
        (parts.len() > 1).then(|| parts.into_iter().map(|p| board.trimmed(p)).collect())
    }

    /// Trimmed to the bounding box of the empty squares, then the least of the board and its
    /// three mirror images (left-right, top-bottom, both).
    fn normalize(&self, board: &Board) -> Board {
        let t = board.trimmed(board.empty);
        let (a, b) = (t.mirrored(true), t.mirrored(false));
        let c = a.mirrored(false);
        t.min(a).min(b).min(c)
    }

    fn notation(&self) -> Option<&dyn Notation<Board>> {
        Some(self)
    }

    fn drawing(&self) -> Option<&dyn Draw<(Board, Player)>> {
        Some(self)
    }
}

/// The board: empty squares light, filled ones dark (`data-square` named as in the moves, `a1`
/// top left; `data-filled` on the filled ones), and who is to move.
impl Draw<(Board, Player)> for Domineering {
    fn svg(&self, (board, player): &(Board, Player)) -> Option<String> {
        use crate::svg::{colour, file_letter, Svg};
        const CELL: f64 = 48.0;
        let (rows, cols) = (board.rows as usize, board.cols as usize);
        let grid = crate::svg::Board { x: 40.0, y: 20.0, cols, rows, cell: CELL };
        let (w, h) = grid.size();
        let who = match player {
            Player::Left => "L",
            Player::Right => "R",
        };
        let notation = format!("{} {who}", self.format(board));
        let mut svg = Svg::new(INFO.name, &notation, (40.0 + w + 20.0).max(260.0), 20.0 + h + 64.0);
        let empty = |c: usize, r: usize| board.empty & board.bit(r, c) != 0;
        grid.draw(
            &mut svg,
            |c, r| if empty(c, r) { colour::SQUARE } else { colour::SOLID },
            |c, r| cell_name(r, c),
            |c, r, a| if empty(c, r) { a } else { a.data("filled", "true") },
        );
        grid.coordinates(&mut svg, false, file_letter, |r| (r + 1).to_string());
        let (text, c) = match player {
            Player::Left => ("Left to move (vertical)", colour::FIRST),
            Player::Right => ("Right to move (horizontal)", colour::SECOND),
        };
        svg.status((40.0, 20.0 + h + 48.0), Some(c), text, 14.0);
        Some(svg.finish())
    }
}

/// Rows from the top separated by `/`: `.` an empty square, `#` a filled one.
impl Notation<Board> for Domineering {
    fn format(&self, board: &Board) -> String {
        let mut out = String::new();
        for r in 0..board.rows as usize {
            if r > 0 {
                out.push('/');
            }
            for c in 0..board.cols as usize {
                out.push(if board.empty & board.bit(r, c) != 0 { '.' } else { '#' });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        parse_board(text)
    }
}

/// Reads a board: rows of `.` and `#` separated by `/`, all of one length, at most
/// [`MAX_CELLS`] squares; `-` is the board without squares.
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    if text == "-" {
        return Ok(Board { rows: 0, cols: 0, empty: 0 });
    }
    let mut rows: Vec<u64> = Vec::new();
    let mut cols = None;
    let mut row = 0u64;
    let mut width = 0usize;
    let chars: Vec<char> = text.chars().collect();
    for (i, &ch) in chars.iter().chain(std::iter::once(&'/')).enumerate() {
        let col = i + 1;
        match ch {
            '.' | '#' => {
                if width == 32 || (rows.len() + 1) * (width + 1) > MAX_CELLS {
                    return Err(ParseError::at(col, format!("a board has at most {MAX_CELLS} squares")));
                }
                if ch == '.' {
                    row |= 1 << width;
                }
                width += 1;
            }
            '/' => {
                if width == 0 {
                    return Err(ParseError::at(col, "an empty row"));
                }
                if let Some(w) = cols {
                    if w != width {
                        return Err(ParseError::at(
                            col,
                            format!("a row of {width} squares after rows of {w}"),
                        ));
                    }
                }
                cols = Some(width);
                rows.push(row);
                row = 0;
                width = 0;
            }
            other => {
                return Err(ParseError::at(
                    col,
                    format!("`{other}` is not a square: use `.` (empty) or `#` (filled)"),
                ))
            }
        }
    }
    let cols = cols.expect("at least one row");
    if rows.len() * cols > MAX_CELLS {
        return Err(ParseError::new(format!("a board has at most {MAX_CELLS} squares")));
    }
    let empty = rows.iter().enumerate().fold(0, |m, (r, &bits)| m | bits << (r * cols));
    Ok(Board { rows: rows.len() as u8, cols: cols as u8, empty })
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "domineering",
    summary: "Domineering: Left places vertical dominoes, Right horizontal; the last to place wins",
    help: "Domineering (Göran Andersson, 1973; Winning Ways, ch. 2), a partizan game: Left \
           places vertical dominoes, Right horizontal ones, each on two empty squares; a player \
           who cannot place one loses. `nimber cgt domineering` gives the value of a board in \
           CGSuite's notation (2x2 is +-1, 2x3 is {2|-1/2}); the strong solvers solve it with \
           the player to move named after the board (`../.. L`). Notation: rows from the top \
           separated by `/`, `.` an empty square and `#` a filled one, at most 64 squares. \
           Moves are named by their squares: column letter from the left, row number from the \
           top (`a1-a2` is a vertical domino in the top-left corner).",
    params: &[ParamSpec {
        name: "board",
        default: "..../..../..../....",
        help: "the start board, rows separated by /",
    }],
    build,
    facts: Facts { partizan: Some(build_partizan), ..Facts::NONE },
};

fn game(params: &Params) -> Result<Domineering, Error> {
    let text = params.text("board");
    let board = parse_board(text).map_err(|e| Error::Param(format!("parameter board={text}: {e}")))?;
    Ok(Domineering::new(board))
}

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(Bridge(game(params)?)))
}

fn build_partizan(params: &Params) -> Result<Box<dyn DynPartizan>, Error> {
    Ok(Box::new(game(params)?))
}
