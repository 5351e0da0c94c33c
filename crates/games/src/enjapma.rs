//! Enjapma (yukicoder 819): pieces on a board; a turn removes a piece or moves one a cell left
//! or down.
//!
//! # The rule
//!
//! Colour the board like a checkerboard so that the bottom-left cell is black, and describe a
//! position by `x`, the number of pieces, and `y`, the number of pieces on black cells. The
//! player to move loses exactly when
//!
//! ```text
//!     x + y ≡ 0 (mod 3),
//! ```
//!
//! that is, when `y ≡ z (mod 3)` for the `y` pieces on black and the `z = x - y` pieces on white
//! cells (`x + y = 2y + z ≡ 2(y - z) mod 3`). So the outcome depends only on `(x, y)`, and the
//! table of outcomes over `(x, y)` is periodic with period 3 in each coordinate, as the write-up
//! says. The rule was read off the outcome table of every board of up to 12 cells solved
//! exhaustively (the tests here, and `crates/problems/tests/suite/enjapma.rs` for every board up to
//! 3 x 4 and 4 x 3 through the problem's reader), and it has a short proof.
//!
//! **Proof.** Let `d = y - z`. A move changes `d` by a non-zero amount modulo 3: removing a black
//! piece by -1, removing a white one by +1, moving a black piece to white by -2 and a white piece
//! to black by +2 (a step left or down always lands on the other colour). So from `d ≡ 0` every
//! move leads to `d ≢ 0`, and the end position (no pieces) has `d = 0`. It remains to show that
//! from `d ≢ 0` some move reaches `d ≡ 0`:
//!
//! - `d ≡ 1`: if `y ≥ 1`, remove a black piece. Otherwise `y = 0` and `z ≡ 2`, so `z ≥ 2`; a
//!   white cell is never the bottom-left corner, so a white piece has a cell to its left or
//!   below it, which is black and therefore empty (`y = 0`): moving there changes `d` by +2.
//! - `d ≡ 2`: if `z ≥ 1`, remove a white piece. Otherwise `z = 0` and `y ≡ 2`, so `y ≥ 2` and
//!   some black piece is not on the corner; its cell to the left or below is white and empty:
//!   moving there changes `d` by -2.
//!
//! By induction over the (finite) game, the positions with `d ≡ 0` are exactly the losses. ∎
//!
//! **Nim values.** The same argument gives the nim value: it is `d mod 3 = (2y - x) mod 3`, so it
//! too depends only on `(x, y)`: 0 when `x + y ≡ 0`, 2 when `x + y ≡ 1`, 1 when `x + y ≡ 2`
//! (mod 3). By induction: no move keeps `d mod 3`, so no option has the position's own value;
//! from `d ≡ 1` a move reaches `d ≡ 0` (above); from `d ≡ 2` moves reach `d ≡ 0` (above) and
//! `d ≡ 1`: remove a black piece if `y ≥ 1`, else `z ≡ 1`, `z ≥ 1`, and a white piece moves
//! onto an empty black cell (+2). Checked against the Sprague-Grundy solver on every board of
//! up to 12 cells. A board is thus equivalent to the nim heap `*0`, `*1` or `*2`.
//!
//! The game is finite: a move removes a piece or lowers the sum of the pieces' distances to the
//! bottom-left corner.

use nimber_engine::{Backward, Capabilities, Draw, Explore, Notation};
use nimber_engine::{DynGame, Error, Game, Kind, Move, ParamSpec, Params, ParseError};

use crate::common::info::{Facts, GameInfo};

pub(crate) mod explore;

/// The most cells a board may have (a position is a 64-bit mask).
pub const MAX_CELLS: u64 = 64;

/// Whether the player to move loses with `pieces` pieces of which `on_corner_colour` stand on
/// the colour of the bottom-left cell: exactly when `pieces + on_corner_colour` is a multiple
/// of 3 (see the module documentation for the proof).
pub fn mover_loses(pieces: u64, on_corner_colour: u64) -> bool {
    (pieces % 3 + on_corner_colour % 3).is_multiple_of(3)
}

/// The nim value of a position with `pieces` pieces of which `on_corner_colour` stand on the
/// colour of the bottom-left cell: `(2 * on_corner_colour - pieces) mod 3` (see the module
/// documentation).
pub fn nim_value(pieces: u64, on_corner_colour: u64) -> u32 {
    (2 * (pieces % 3 + on_corner_colour % 3) % 3) as u32
}

/// Enjapma on an `h` by `w` board. A position is the set of cells holding a piece, as a bit
/// mask: cell `row * w + col` is row `row` (0 = top) and column `col` (0 = left), the order in
/// which the notation writes them.
#[derive(Clone, Debug)]
pub struct Enjapma {
    h: u32,
    w: u32,
    start: u64,
}

/// Why a board size is refused, if it is.
fn check_size(h: u64, w: u64) -> Result<(), String> {
    if h == 0 || w == 0 {
        return Err(format!("a {h} x {w} board has no cells"));
    }
    if h.saturating_mul(w) > MAX_CELLS {
        return Err(format!("a {h} x {w} board has more than {MAX_CELLS} cells"));
    }
    Ok(())
}

impl Enjapma {
    /// The game on an `h` by `w` board starting with a piece on every cell.
    pub fn new(h: u32, w: u32) -> Result<Enjapma, Error> {
        check_size(h as u64, w as u64).map_err(Error::Param)?;
        let mut game = Enjapma { h, w, start: 0 };
        game.start = game.full();
        Ok(game)
    }

    /// The game starting from `board`, written in the game's notation; the size is the board's.
    pub fn from_board(board: &str) -> Result<Enjapma, Error> {
        let (h, w, start) =
            parse_board(board).map_err(|error| Error::Position { text: board.to_string(), error })?;
        Ok(Enjapma { h, w, start })
    }

    /// The number of rows.
    pub fn height(&self) -> u32 {
        self.h
    }

    /// The number of columns.
    pub fn width(&self) -> u32 {
        self.w
    }

    /// The number of cells.
    pub fn cells(&self) -> u32 {
        self.h * self.w
    }

    /// Every cell holding a piece.
    pub fn full(&self) -> u64 {
        u64::MAX >> (64 - self.cells())
    }

    /// The cells of the bottom-left cell's colour: `(h - 1 - row) + col` even.
    pub fn corner_colour(&self) -> u64 {
        let mut mask = 0;
        for row in 0..self.h {
            for col in 0..self.w {
                if (self.h - 1 - row + col).is_multiple_of(2) {
                    mask |= 1 << (row * self.w + col);
                }
            }
        }
        mask
    }

    /// `(x, y)`: the number of pieces and the number of them on the bottom-left cell's colour.
    pub fn counts(&self, pos: u64) -> (u64, u64) {
        (pos.count_ones() as u64, (pos & self.corner_colour()).count_ones() as u64)
    }

    /// Calls `f(from, to)` for every move: `to` is `None` when the piece on `from` is removed,
    /// else the cell it moves to.
    fn for_each_move(&self, pos: u64, mut f: impl FnMut(u32, Option<u32>)) {
        let w = self.w;
        let mut rest = pos;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            f(from, None);
            if !from.is_multiple_of(w) && pos & 1 << (from - 1) == 0 {
                f(from, Some(from - 1));
            }
            if from / w + 1 < self.h && pos & 1 << (from + w) == 0 {
                f(from, Some(from + w));
            }
        }
    }

    /// The name of a cell: `r2c3` is row 2 from the top, column 3 from the left.
    fn cell_name(&self, cell: u32) -> String {
        format!("r{}c{}", cell / self.w + 1, cell % self.w + 1)
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "enjapma",
    summary: "Enjapma: remove a piece or slide one left or down; the last to move wins",
    help: "Enjapma, yukicoder problem 819. An h x w board with pieces; players alternate, and a \
           turn either removes one piece or moves one piece one cell left or one cell down onto \
           an empty cell of the board. A player with no move (no pieces left) loses. Impartial. \
           Colour the board like a checkerboard from the bottom-left cell: with x pieces, y of \
           them on the bottom-left cell's colour, the player to move loses exactly when x + y is \
           a multiple of 3 (each move changes (pieces on that colour - pieces on the other) by \
           a non-zero amount mod 3). Notation: the rows from the top, separated by `/`, each \
           cell `o` (a piece) or `.` (empty), e.g. `o.o/.oo`. Moves are named by the cell, row \
           from the top and column from the left: `take r1c3`, `r1c3 left`, `r2c2 down`. \
           Parameters: h and w give the size (at most 64 cells); `board` the start position, \
           which must be h x w (default: every cell holds a piece). Exploration (`nimber \
           explore`, `nimber check`) covers every board of 1 to h rows and 1 to w columns with \
           every placement of pieces (at most 20 cells). Features: pieces, on_dark (pieces on \
           the bottom-left cell's colour), on_light, h, w, moves.",
    params: &[
        ParamSpec { name: "h", default: "3", help: "rows" },
        ParamSpec { name: "w", default: "4", help: "columns" },
        ParamSpec {
            name: "board",
            default: "",
            help: "the start position, h rows of w cells `o` or `.` separated by `/` (default: all `o`)",
        },
    ],
    build,
    facts: Facts::NONE,
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let h = params.int("h", 1, MAX_CELLS)?;
    let w = params.int("w", 1, MAX_CELLS)?;
    let game = Enjapma::new(h as u32, w as u32)?;
    let board = params.text("board");
    if board.is_empty() {
        return Ok(Box::new(game));
    }
    // The board must have the size h x w, so that the parameters shown describe the game.
    let (bh, bw, start) =
        parse_board(board).map_err(|error| Error::Position { text: board.to_string(), error })?;
    if (bh, bw) != (game.h, game.w) {
        return Err(Error::Param(format!(
            "the board is {bh} x {bw} but h={h} w={w}: give -p h={bh} -p w={bw} with it"
        )));
    }
    Ok(Box::new(Enjapma { start, ..game }))
}

/// Reads a board: rows separated by `/`, cells `o` or `.`; surrounding blanks are ignored.
/// Returns `(h, w, cells)`.
pub fn parse_board(text: &str) -> Result<(u32, u32, u64), ParseError> {
    let lead = text[..text.len() - text.trim_start().len()].chars().count();
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseError::at(lead + 1, "empty board: rows of `o` and `.` separated by `/`"));
    }
    // Rows finished so far, the width of the first row (once finished), cells in this row,
    // cells in all.
    let (mut h, mut w, mut row_len, mut cell) = (0u64, None::<u64>, 0u64, 0u64);
    let mut cells = 0u64;
    let mut column = lead;
    for ch in trimmed.chars() {
        column += 1;
        match ch {
            '/' => {
                if row_len == 0 {
                    return Err(ParseError::at(column, "empty row"));
                }
                match w {
                    None => w = Some(row_len),
                    Some(w) if row_len != w => {
                        return Err(ParseError::at(
                            column,
                            format!("a row of {row_len} cells; the first has {w}"),
                        ))
                    }
                    Some(_) => {}
                }
                h += 1;
                row_len = 0;
            }
            'o' | 'O' | '.' => {
                if let Some(w) = w.filter(|&w| row_len >= w) {
                    return Err(ParseError::at(
                        column,
                        format!("row {} is longer than the first ({w} cells)", h + 1),
                    ));
                }
                if cell >= MAX_CELLS {
                    return Err(ParseError::at(column, format!("more than {MAX_CELLS} cells")));
                }
                if ch != '.' {
                    cells |= 1 << cell;
                }
                row_len += 1;
                cell += 1;
            }
            _ => return Err(ParseError::at(column, format!("`{ch}` is not a cell: use `o` or `.`"))),
        }
    }
    if row_len == 0 {
        return Err(ParseError::at(column, "empty row after `/`"));
    }
    match w {
        Some(w) if row_len != w => {
            Err(ParseError::at(column + 1, format!("the last row has {row_len} cells; the first has {w}")))
        }
        _ => Ok((h as u32 + 1, w.unwrap_or(row_len) as u32, cells)),
    }
}

impl Game for Enjapma {
    type Position = u64;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u64 {
        self.start
    }

    fn moves(&self, &pos: &u64) -> Vec<Move<u64>> {
        let mut moves = Vec::new();
        self.for_each_move(pos, |from, to| {
            let label = match to {
                None => format!("take {}", self.cell_name(from)),
                Some(t) if t + 1 == from => format!("{} left", self.cell_name(from)),
                Some(_) => format!("{} down", self.cell_name(from)),
            };
            moves.push(Move::new(label, apply(pos, from, to)));
        });
        moves
    }

    fn successors(&self, &pos: &u64, out: &mut Vec<u64>) {
        self.for_each_move(pos, |from, to| out.push(apply(pos, from, to)));
    }

    fn capabilities(&self) -> Capabilities<'_, u64> {
        Capabilities::none().notation(self).drawing(self).backward(self).exploration(self)
    }
}

impl Notation<u64> for Enjapma {
    fn format(&self, &pos: &u64) -> String {
        let mut s = String::with_capacity((self.cells() + self.h) as usize);
        for row in 0..self.h {
            if row > 0 {
                s.push('/');
            }
            for col in 0..self.w {
                s.push(if pos & 1 << (row * self.w + col) != 0 { 'o' } else { '.' });
            }
        }
        s
    }

    fn parse(&self, text: &str) -> Result<u64, ParseError> {
        let (h, w, cells) = parse_board(text)?;
        if (h, w) != (self.h, self.w) {
            return Err(ParseError::new(format!(
                "a {h} x {w} board; this game is played on {} x {}",
                self.h, self.w
            )));
        }
        Ok(cells)
    }
}

impl Draw<u64> for Enjapma {
    fn svg(&self, &pos: &u64) -> Option<String> {
        Some(draw(self, pos))
    }
}

impl Backward<u64> for Enjapma {
    fn predecessors(&self, &pos: &u64, out: &mut Vec<u64>) {
        let w = self.w;
        let empty = !pos & self.full();
        // A piece was removed from an empty cell.
        let mut rest = empty;
        while rest != 0 {
            let cell = rest.trailing_zeros();
            rest &= rest - 1;
            out.push(pos | 1 << cell);
        }
        // A piece came from the empty cell to its right, or from the empty cell above it.
        let mut rest = pos;
        while rest != 0 {
            let to = rest.trailing_zeros();
            rest &= rest - 1;
            if to % w + 1 < w && empty & 1 << (to + 1) != 0 {
                out.push(pos & !(1 << to) | 1 << (to + 1));
            }
            if to >= w && empty & 1 << (to - w) != 0 {
                out.push(pos & !(1 << to) | 1 << (to - w));
            }
        }
    }
}

impl Explore<u64> for Enjapma {
    fn features(&self) -> Vec<String> {
        explore::feature_names()
    }

    fn feature_values(&self, &pos: &u64, out: &mut Vec<i64>) {
        explore::feature_values(self, pos, out)
    }

    fn family(&self) -> Result<Option<nimber_engine::Family<u64>>, Error> {
        explore::family(self)
    }
}

/// The position after the piece on `from` is removed (`to` = `None`) or moved to `to`.
fn apply(pos: u64, from: u32, to: Option<u32>) -> u64 {
    pos & !(1 << from) | to.map_or(0, |t| 1 << t)
}

/// The drawing: the board checkered from the bottom-left cell (the colour that the losing
/// rule counts shaded), `data-square` named as the moves (`r1c1` top left), each piece a
/// counter (`data-piece="o"`, `data-at` the square), and the counts of the rule.
fn draw(game: &Enjapma, pos: u64) -> String {
    use crate::common::svg::{colour, Anchor, Attrs, Board, Svg};
    const CELL: f64 = 48.0;
    let (h, w) = (game.h as usize, game.w as usize);
    let board = Board { x: 40.0, y: 40.0, cols: w, rows: h, cell: CELL };
    let (bw, bh) = board.size();
    let width = (board.x + bw + 20.0).max(330.0);
    let mut svg = Svg::new(INFO.name, &game.format(&pos), width, board.y + bh + 52.0);
    let shaded = game.corner_colour();
    let cell = |col: usize, row: usize| (row * w + col) as u32;
    let paint =
        |col, row| if shaded & 1 << cell(col, row) != 0 { colour::SQUARE_DARK } else { colour::SQUARE };
    board.draw(&mut svg, paint, |col, row| game.cell_name(cell(col, row)), |_, _, a| a);
    board.coordinates(&mut svg, true, |col| (col + 1).to_string(), |row| (row + 1).to_string());
    for row in 0..h {
        for col in 0..w {
            if pos & 1 << cell(col, row) != 0 {
                let attrs = Attrs::new().data("piece", "o").data("at", game.cell_name(cell(col, row)));
                svg.token(board.centre(col, row), CELL * 0.32, colour::TOKEN, colour::TOKEN_EDGE, attrs);
            }
        }
    }
    let (pieces, on_shaded) = game.counts(pos);
    let text = match pieces {
        0 => "No pieces left".to_string(),
        1 => format!("1 piece, {on_shaded} on a shaded square"),
        _ => format!("{pieces} pieces, {on_shaded} on shaded squares"),
    };
    svg.text((board.x, board.y + bh + 28.0), &text, 14.0, Anchor::Start, colour::INK);
    svg.finish()
}
