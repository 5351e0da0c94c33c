//! Domineering (Göran Andersson, 1973; *Winning Ways*, ch. 2): Left places vertical dominoes,
//! Right horizontal ones, on the empty squares of a board; a player who cannot place one loses.
//!
//! A partizan game ([`Partizan`]): its value is found by `nimber cgt`, and through
//! [`Bridge`](nimber_partizan::Bridge) it is also a game of the strong solvers (a position then
//! names the player to move: `../.. L`). Positions split into regions of empty squares that touch no other, whose
//! values add up; each region is trimmed to its bounding box and turned (mirrored left-right
//! and top-bottom, which keeps every domino's direction) to a standard orientation, so that it
//! is valued once.

use nimber_engine::{Draw, Error, Move, Notation, ParamSpec, Params, ParseError};
use nimber_partizan::game::{ValueExplore, ValueFamily};
use nimber_partizan::{Partizan, PartizanCapabilities, Player};

use crate::common::info::{bridged, valued, Facts, GameInfo, PartizanGame};

use crate::common::grid::{self, cell_name, Shape};

pub mod explore;

/// A board: its shape and its empty squares (see [`grid`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Board {
    /// Rows and columns.
    pub shape: Shape,
    /// The empty squares.
    pub empty: u64,
}

impl Board {
    /// An empty `rows` by `cols` board (at most [`grid::MAX_CELLS`] squares).
    pub fn new(rows: u8, cols: u8) -> Board {
        let shape = Shape { rows, cols };
        assert!(rows as usize * cols as usize <= grid::MAX_CELLS, "a board of over 64 squares");
        Board { shape, empty: shape.all() }
    }

    /// Empty squares with an empty square below (the top squares of Left's dominoes).
    fn vertical(&self) -> u64 {
        self.empty & self.empty >> self.shape.cols
    }

    /// Empty squares with an empty square to the right (the left squares of Right's dominoes).
    fn horizontal(&self) -> u64 {
        self.empty & !self.shape.last_column() & self.empty >> 1
    }
}

/// Domineering from a start board.
#[derive(Clone, Debug)]
pub struct Domineering {
    start: Board,
    /// The boards of its surveys of values.
    family: explore::Spec,
}

impl Domineering {
    /// Domineering starting from `start`; its surveys of values cover the rectangles up to the
    /// start board's size.
    pub fn new(start: Board) -> Domineering {
        Domineering { start, family: explore::Spec::rectangles(start.shape) }
    }

    /// The same game, its surveys of values covering the boards of `family`.
    pub fn with_family(self, family: explore::Spec) -> Domineering {
        Domineering { family, ..self }
    }

    fn place(&self, board: &Board, tops: u64, step: usize, vertical: bool) -> Vec<Move<Board>> {
        let mut moves = Vec::new();
        let mut rest = tops;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (i / board.shape.cols as usize, i % board.shape.cols as usize);
            let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
            let label = format!("{}-{}", cell_name(r, c), cell_name(r2, c2));
            moves
                .push(Move::new(label, Board { empty: board.empty & !(1 << i | 1 << (i + step)), ..*board }));
        }
        moves
    }
}

impl Partizan for Domineering {
    type Position = Board;

    fn start(&self) -> Board {
        self.start
    }

    /// Vertical dominoes.
    fn left_moves(&self, board: &Board) -> Vec<Move<Board>> {
        self.place(board, board.vertical(), board.shape.cols as usize, true)
    }

    /// Horizontal dominoes.
    fn right_moves(&self, board: &Board) -> Vec<Move<Board>> {
        self.place(board, board.horizontal(), 1, false)
    }

    /// The connected regions of empty squares, when there are several.
    fn regions(&self, board: &Board) -> Option<Vec<Board>> {
        let parts = board.shape.components(board.empty);
        (parts.len() > 1).then(|| {
            parts
                .into_iter()
                .map(|p| {
                    let (shape, [empty]) = board.shape.trim(p, [p]);
                    Board { shape, empty }
                })
                .collect()
        })
    }

    /// Trimmed to the bounding box of the empty squares, then the least of the board and its
    /// three mirror images (left-right, top-bottom, both: turns that keep every domino's
    /// direction).
    fn normalize(&self, board: &Board) -> Board {
        let (shape, [empty]) = board.shape.trim(board.empty, [board.empty]);
        (0..4)
            .map(|turn| {
                let (shape, [empty]) = shape.transform(turn, [empty]);
                Board { shape, empty }
            })
            .min()
            .expect("four boards")
    }

    fn capabilities(&self) -> PartizanCapabilities<'_, Board> {
        PartizanCapabilities::none().notation(self).drawing(self).exploration(self)
    }
}

/// Features and family of surveys of values: see [`explore`].
impl ValueExplore<Board> for Domineering {
    fn features(&self) -> Vec<String> {
        explore::feature_names()
    }

    fn feature_values(&self, board: &Board, out: &mut Vec<i64>) {
        explore::feature_values(board, out)
    }

    fn family(&self) -> Result<Option<ValueFamily<Board>>, Error> {
        explore::family(self.family).map(Some)
    }
}

/// The board: empty squares light, filled ones dark (`data-square` named as in the moves, `a1`
/// top left; `data-filled` on the filled ones), and who is to move.
impl Draw<(Board, Player)> for Domineering {
    fn svg(&self, (board, player): &(Board, Player)) -> Option<String> {
        use crate::common::svg::colour;
        let empty = |c: usize, r: usize| board.empty & board.shape.bit(r, c) != 0;
        Some(grid::draw_partizan(
            (INFO.name, &self.format(board)),
            board.shape,
            *player,
            ["Left to move (vertical)", "Right to move (horizontal)"],
            |c, r| if empty(c, r) { colour::SQUARE } else { colour::SOLID },
            |c, r, a| if empty(c, r) { a } else { a.data("filled", "true") },
            |_, _| {},
        ))
    }
}

/// Rows from the top separated by `/`: `.` an empty square, `#` a filled one.
impl Notation<Board> for Domineering {
    fn format(&self, board: &Board) -> String {
        grid::format(board.shape, |r, c| if board.empty & board.shape.bit(r, c) != 0 { '.' } else { '#' })
    }

    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        parse_board(text)
    }
}

/// Reads a board: rows of `.` and `#` separated by `/`, all of one length, at most
/// [`grid::MAX_CELLS`] squares; `-` is the board without squares.
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    let (shape, [empty]) = grid::parse(text, |ch| match ch {
        '.' => Ok(Some(0)),
        '#' => Ok(None),
        other => Err(format!("`{other}` is not a square: use `.` (empty) or `#` (filled)")),
    })?;
    Ok(Board { shape, empty })
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
           top (`a1-a2` is a vertical domino in the top-left corner). Surveys of values \
           (`nimber explore domineering --values --by rows,cols`): every empty rectangle up to \
           rows x cols, or with family=boards every board of those sizes with every set of \
           filled squares; features rows, cols, empty (empty squares), besides those of every \
           value.",
    params: &[
        ParamSpec {
            name: "board",
            default: "..../..../..../....",
            help: "the start board, rows separated by /",
        },
        grid::family::ROWS,
        grid::family::COLS,
        explore::FAMILY,
    ],
    build: bridged::<Domineering>,
    facts: Facts { partizan: Some(valued::<Domineering>), ..Facts::NONE },
};

/// The game of the parameters `-p ...`.
impl PartizanGame for Domineering {
    fn from_params(params: &Params) -> Result<Domineering, Error> {
        let text = params.text("board");
        let board = parse_board(text).map_err(|e| Error::Param(format!("parameter board={text}: {e}")))?;
        Ok(Domineering::new(board).with_family(explore::Spec::from_params(params, board.shape)?))
    }
}
