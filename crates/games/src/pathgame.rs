//! PathGame: colour cells of a 2 x W board black while a left-to-right white path remains.

use nimber_engine::{
    Capabilities, Decompose, Draw, DynGame, Error, Explore, Game, Kind, Move, Notation, ParamSpec, Params,
    ParseError,
};

use crate::common::info::{Facts, GameInfo};

pub(crate) mod explore;

/// The widest board accepted (one bit per column in a `u64`).
pub const MAX_WIDTH: usize = 64;

/// The most positions a start board given to the registry may reach: a full solve visits all of
/// them. The all-white board of 18 columns reaches 9,369,319; of 19 columns, 22,619,537. Nim
/// values of wider boards are found quickly through [`Decompose::components`] (the library's
/// `grundy` solver on a [`PathGame`] built with [`PathGame::new`]).
pub const MAX_REACHABLE: u128 = 10_000_000;

/// A 2 x `width` board: bit `c` of `top` (`bottom`) is set when the cell of the top (bottom) row
/// in column `c` (0 = left) is black. Bits at or above `width` are clear.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Number of columns, 1..=[`MAX_WIDTH`].
    pub width: u8,
    /// Black cells of the top row.
    pub top: u64,
    /// Black cells of the bottom row.
    pub bottom: u64,
}

/// Why a board has no left-to-right white path: the first blocking pair of black cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// Both cells of this column are black.
    Column(usize),
    /// The top cell of column `c` and the bottom cell of column `c + 1` are black.
    TopThenBottom(usize),
    /// The bottom cell of column `c` and the top cell of column `c + 1` are black.
    BottomThenTop(usize),
}

impl Board {
    /// The all-white board of `width` columns (1..=[`MAX_WIDTH`]).
    pub fn white(width: usize) -> Board {
        assert!((1..=MAX_WIDTH).contains(&width), "width {width} out of range");
        Board { width: width as u8, top: 0, bottom: 0 }
    }

    /// The mask of the board's columns.
    pub fn full(self) -> u64 {
        if self.width as usize >= 64 {
            u64::MAX
        } else {
            (1u64 << self.width) - 1
        }
    }

    /// The first place where black cells cut every left-to-right path, if any.
    ///
    /// A white path from column 0 to the last column exists exactly when no column is black in
    /// both rows and no two neighbouring columns are black in different rows: then every column
    /// has a white cell and consecutive white cells either share a row or sit in one column with
    /// the other white cell.
    pub fn block(self) -> Option<Block> {
        let both = self.top & self.bottom;
        let top_bottom = self.top & (self.bottom >> 1);
        let bottom_top = self.bottom & (self.top >> 1);
        let first = |m: u64| (m != 0).then(|| m.trailing_zeros() as usize);
        let mut found: Vec<(usize, Block)> = Vec::new();
        if let Some(c) = first(both) {
            found.push((c, Block::Column(c)));
        }
        if let Some(c) = first(top_bottom) {
            found.push((c + 1, Block::TopThenBottom(c)));
        }
        if let Some(c) = first(bottom_top) {
            found.push((c + 1, Block::BottomThenTop(c)));
        }
        found.into_iter().min_by_key(|&(c, _)| c).map(|(_, b)| b)
    }

    /// Whether a left-to-right white path exists.
    pub fn has_path(self) -> bool {
        self.top & self.bottom == 0
            && self.top & (self.bottom >> 1) == 0
            && self.bottom & (self.top >> 1) == 0
    }

    /// White cells of the top row that may be coloured: colouring them leaves a path, that is,
    /// the bottom row is white in the same column and both neighbouring columns.
    pub fn top_moves(self) -> u64 {
        let near = self.bottom | self.bottom << 1 | self.bottom >> 1;
        !(self.top | near) & self.full()
    }

    /// White cells of the bottom row that may be coloured; see [`Board::top_moves`].
    pub fn bottom_moves(self) -> u64 {
        let near = self.top | self.top << 1 | self.top >> 1;
        !(self.bottom | near) & self.full()
    }

    /// How many boards are reachable from this one, itself included: every board with a path
    /// whose black cells include these (any subset of a board with a path has one, so the
    /// extra cells can be coloured one at a time in any order).
    pub fn reachable(self) -> u128 {
        // Colourings of the columns so far by the kind of the last column (white, top black,
        // bottom black); an empty prefix counts as one colouring ending in a white column.
        let mut ends = [1u128, 0, 0];
        for c in 0..self.width {
            let white = ends[0] + ends[1] + ends[2];
            let top = ends[0] + ends[1];
            let bottom = ends[0] + ends[2];
            ends = if self.top >> c & 1 == 1 {
                [0, top, 0]
            } else if self.bottom >> c & 1 == 1 {
                [0, 0, bottom]
            } else {
                [white, top, bottom]
            };
        }
        ends.iter().sum()
    }

    /// The row `row` (0 = top) as `.`/`#` text.
    pub fn row_text(self, row: usize) -> String {
        let bits = if row == 0 { self.top } else { self.bottom };
        (0..self.width).map(|c| if bits >> c & 1 == 1 { '#' } else { '.' }).collect()
    }

    /// The board in the game's notation: the two rows separated by `/`.
    pub fn notation(self) -> String {
        format!("{}/{}", self.row_text(0), self.row_text(1))
    }

    /// The segment of columns `from..to` (exclusive), as its own board.
    fn slice(self, from: usize, to: usize) -> Board {
        let width = to - from;
        let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
        Board { width: width as u8, top: self.top >> from & mask, bottom: self.bottom >> from & mask }
    }
}

/// Reads two rows given as (text, 1-based column of its first character in the whole text).
fn parse_rows(rows: &[(&str, usize)]) -> Result<Board, ParseError> {
    if rows.len() != 2 {
        return Err(ParseError::new(format!(
            "expected two rows separated by `/` or a newline, found {}",
            rows.len()
        )));
    }
    let mut bits = [0u64; 2];
    let mut widths = [0usize; 2];
    for (r, &(text, start)) in rows.iter().enumerate() {
        for (c, ch) in text.chars().enumerate() {
            if c >= MAX_WIDTH {
                return Err(ParseError::at(start + c, format!("rows are limited to {MAX_WIDTH} columns")));
            }
            match ch {
                '.' => {}
                '#' => bits[r] |= 1 << c,
                _ => {
                    return Err(ParseError::at(
                        start + c,
                        format!("`{ch}` is not a cell (use `.` for white, `#` for black)"),
                    ))
                }
            }
            widths[r] = c + 1;
        }
    }
    if widths[0] == 0 || widths[1] == 0 {
        let r = if widths[0] == 0 { 0 } else { 1 };
        return Err(ParseError::at(rows[r].1, format!("row {} is empty", r + 1)));
    }
    if widths[0] != widths[1] {
        return Err(ParseError::at(
            rows[1].1,
            format!("row 2 has {} columns but row 1 has {}", widths[1], widths[0]),
        ));
    }
    let board = Board { width: widths[0] as u8, top: bits[0], bottom: bits[1] };
    if let Some(block) = board.block() {
        let (row, column, message) = match block {
            Block::Column(c) => (1, c, format!("column {} is black in both rows", c + 1)),
            Block::TopThenBottom(c) => {
                (1, c + 1, format!("top of column {} and bottom of column {} are black", c + 1, c + 2))
            }
            Block::BottomThenTop(c) => {
                (1, c + 1, format!("bottom of column {} and top of column {} are black", c + 1, c + 2))
            }
        };
        return Err(ParseError::at(rows[row].1 + column, format!("no left-to-right white path: {message}")));
    }
    Ok(board)
}

/// PathGame from a given board.
#[derive(Clone, Debug)]
pub struct PathGame {
    start: Board,
    /// The most positions a board read by [`Notation::parse`] may reach; `None` for no limit.
    max_reachable: Option<u128>,
}

impl PathGame {
    /// PathGame starting from `start`, which must have a left-to-right white path.
    pub fn new(start: Board) -> Result<PathGame, Error> {
        if !start.has_path() || start.width == 0 || start.width as usize > MAX_WIDTH {
            return Err(Error::Param(format!(
                "board `{}` has no left-to-right white path",
                start.notation()
            )));
        }
        Ok(PathGame { start, max_reachable: None })
    }

    /// The same game, refusing to read boards (with [`Notation::parse`]) that reach more than `max`
    /// positions. The registry's game uses [`MAX_REACHABLE`], as positions typed by a user are
    /// solved in full.
    pub fn with_max_reachable(self, max: u128) -> PathGame {
        PathGame { max_reachable: Some(max), ..self }
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "pathgame",
    summary: "PathGame: colour cells of a 2xW board black while a left-to-right white path remains",
    help: "PathGame (TopCoder SRM 637, Div 1 500; transposed, Codeforces 335C More Reclamation). \
           A board of two rows and W columns of white and black cells with a left-to-right path \
           of white cells (4-adjacent, from the first column to the last). A move colours one \
           white cell black and is legal only if such a path remains; a player with no legal \
           move loses (in the original: whoever cuts the last path loses). A black cell forbids \
           the cells of the other row in its own and both neighbouring columns, so the board \
           splits into independent runs of white columns, each described by its length and the \
           rows of the black cells at its ends; those runs are the components. Notation: the \
           top row then the bottom row, `.` white and `#` black, separated by `/` (or a newline), \
           e.g. `#../...`; at most 64 columns, and at most 10,000,000 reachable positions from \
           the start board (an all-white board of up to 18 columns). Moves are named by the row (`t` top, `b` bottom) \
           and the column counted from 1 on the left: `t1`, `b3`. Exploration (`nimber explore`, \
           `nimber check`) covers every board with a path of 1 to W columns, W the start \
           board's (at most 12). Features: runs, free_runs, open_runs, same_runs, cross_runs \
           (runs by the black cells at their ends: none, one, both in the same row, in \
           different rows), white (columns), black (cells), width, moves.",
    params: &[ParamSpec {
        name: "board",
        default: "#..../.....",
        help: "the board: two rows of . and #, separated by /",
    }],
    build,
    facts: Facts::NONE,
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let text = params.text("board");
    let board = parse_board(text).map_err(|e| Error::Param(format!("parameter board={text}: {e}")))?;
    let reachable = board.reachable();
    if reachable > MAX_REACHABLE {
        return Err(Error::TooLarge(format!(
            "parameter board={text}: {reachable} positions are reachable from this board, more than the \
             {MAX_REACHABLE} a full solve accepts (an all-white board of 18 columns has 9369319)"
        )));
    }
    Ok(Box::new(PathGame { start: board, max_reachable: Some(MAX_REACHABLE) }))
}

/// Reads a board in the game's notation: two rows of `.`/`#` separated by `/` or a newline.
/// Columns in errors count characters of `text` from 1.
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    // Split at `/` and line breaks, keeping each piece's starting column; blanks around the
    // rows are ignored.
    let mut rows: Vec<(&str, usize)> = Vec::new();
    let mut start = 0;
    let mut start_column = 1;
    let mut pieces: Vec<(&str, usize)> = Vec::new();
    for (column, (offset, ch)) in (1..).zip(text.char_indices()) {
        if ch == '/' || ch == '\n' {
            pieces.push((&text[start..offset], start_column));
            start = offset + ch.len_utf8();
            start_column = column + 1;
        }
    }
    pieces.push((&text[start..], start_column));
    for (piece, first) in pieces {
        // Blank pieces (blank lines, a trailing newline) are skipped.
        let trimmed = piece.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lead = piece.chars().take_while(|c| c.is_whitespace()).count();
        rows.push((trimmed, first + lead));
    }
    parse_rows(&rows)
}

impl Game for PathGame {
    type Position = Board;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> Board {
        self.start
    }

    fn moves(&self, &board: &Board) -> Vec<Move<Board>> {
        let mut moves = Vec::new();
        let mut top = board.top_moves();
        while top != 0 {
            let c = top.trailing_zeros();
            top &= top - 1;
            moves.push(Move::new(format!("t{}", c + 1), Board { top: board.top | 1 << c, ..board }));
        }
        let mut bottom = board.bottom_moves();
        while bottom != 0 {
            let c = bottom.trailing_zeros();
            bottom &= bottom - 1;
            moves.push(Move::new(format!("b{}", c + 1), Board { bottom: board.bottom | 1 << c, ..board }));
        }
        moves
    }

    fn successors(&self, &board: &Board, out: &mut Vec<Board>) {
        let mut top = board.top_moves();
        while top != 0 {
            let c = top.trailing_zeros();
            top &= top - 1;
            out.push(Board { top: board.top | 1 << c, ..board });
        }
        let mut bottom = board.bottom_moves();
        while bottom != 0 {
            let c = bottom.trailing_zeros();
            bottom &= bottom - 1;
            out.push(Board { bottom: board.bottom | 1 << c, ..board });
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Board> {
        Capabilities::none().notation(self).drawing(self).decomposition(self).exploration(self)
    }
}

impl Notation<Board> for PathGame {
    fn format(&self, board: &Board) -> String {
        board.notation()
    }

    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        let board = parse_board(text)?;
        if let Some(max) = self.max_reachable {
            let reachable = board.reachable();
            if reachable > max {
                return Err(ParseError::new(format!(
                    "{reachable} positions are reachable from this board, more than the {max} a full solve accepts"
                )));
            }
        }
        Ok(board)
    }
}

impl Draw<Board> for PathGame {
    fn svg(&self, board: &Board) -> Option<String> {
        Some(draw(self, board))
    }
}

impl Decompose<Board> for PathGame {
    /// The runs of white columns between black cells, each as a board with the black cells
    /// that bound it (a column with one black cell at each bounded end); runs of no columns are
    /// left out. A move in a run affects only that run: it forbids cells of its own and the
    /// neighbouring columns, and a column holding a black cell has no move left (its other cell
    /// is forbidden). A board with a single run that is not already that run alone (say `##...`)
    /// is given as the run plus the one-column board `#/.`, which has no move, so that solvers
    /// meet every run in the same form.
    fn components(&self, &board: &Board) -> Option<Vec<Board>> {
        let width = board.width as usize;
        let black = board.top | board.bottom;
        let mut parts = Vec::new();
        let mut from = 0; // first column of the current part (a black column or 0)
        let mut run_start = 0; // first white column of the current run
        for c in 0..=width {
            let is_black = c < width && black >> c & 1 == 1;
            if c == width || is_black {
                if c > run_start {
                    let to = if c < width { c + 1 } else { width };
                    parts.push(board.slice(from, to));
                }
                from = c;
                run_start = c + 1;
            }
        }
        match parts.len() {
            0 => None,
            1 if parts[0] == board => None,
            1 => {
                parts.push(Board { width: 1, top: 1, bottom: 0 });
                Some(parts)
            }
            _ => Some(parts),
        }
    }
}

impl Explore<Board> for PathGame {
    fn features(&self) -> Vec<String> {
        explore::feature_names()
    }

    fn feature_values(&self, board: &Board, out: &mut Vec<i64>) {
        explore::feature_values(board, out)
    }

    fn family(&self) -> Result<Option<nimber_engine::Family<Board>>, Error> {
        explore::family(self)
    }
}

/// The drawing: the two rows, white cells light and black cells dark, `data-square` named as
/// the moves (`t1` top left, `b1` below it); a white cell that may be coloured carries
/// `data-move` with that name, one that may not (the other row's black cell next to it) is
/// greyed and crossed.
fn draw(game: &PathGame, board: &Board) -> String {
    use crate::common::svg::{colour, Anchor, Attrs, Svg};
    const CELL: f64 = 40.0;
    let width = board.width as usize;
    let grid = crate::common::svg::Board { x: 36.0, y: 36.0, cols: width, rows: 2, cell: CELL };
    let (bw, bh) = grid.size();
    let mut svg =
        Svg::new(INFO.name, &game.format(board), (grid.x + bw + 20.0).max(300.0), grid.y + bh + 50.0);
    let rows = [(board.top, board.top_moves(), 't'), (board.bottom, board.bottom_moves(), 'b')];
    let state = |col: usize, row: usize| {
        let (black, legal, _) = rows[row];
        (black & 1 << col != 0, legal & 1 << col != 0)
    };
    let paint = |col, row| match state(col, row) {
        (true, _) => colour::SOLID,
        (false, true) => "#ffffff",
        (false, false) => colour::FADED,
    };
    let name = |col: usize, row: usize| format!("{}{}", rows[row].2, col + 1);
    let more = |col, row, attrs: Attrs| match state(col, row) {
        (false, true) => attrs.data("move", name(col, row)),
        _ => attrs,
    };
    grid.draw(&mut svg, paint, name, more);
    grid.coordinates(&mut svg, true, |col| (col + 1).to_string(), |row| rows[row].2.to_string());
    let mut legal = 0;
    for row in 0..2 {
        for col in 0..width {
            match state(col, row) {
                (false, false) => {
                    let (cx, cy) = grid.centre(col, row);
                    let d = CELL * 0.16;
                    svg.line((cx - d, cy - d), (cx + d, cy + d), colour::MUTED, 2.0);
                    svg.line((cx - d, cy + d), (cx + d, cy - d), colour::MUTED, 2.0);
                }
                (false, true) => legal += 1,
                _ => {}
            }
        }
    }
    let text = match legal {
        0 => "No cell can be coloured: the player to move loses".to_string(),
        1 => "1 cell can be coloured".to_string(),
        n => format!("{n} cells can be coloured"),
    };
    svg.text((grid.x, grid.y + bh + 26.0), &text, 14.0, Anchor::Start, colour::INK);
    svg.finish()
}
