//! Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001): Left's stones `x`, Right's `o`; a
//! player moves one of their stones onto an orthogonally adjacent stone of the other player,
//! which is removed (clobbered). A player who cannot move loses.
//!
//! A partizan game ([`Partizan`]) like Domineering: `nimber cgt clobber` gives values, the
//! strong solvers solve it with the player to move named (`xo L`). Groups of stones that touch
//! no other stone never interact, so they are valued apart, each trimmed and turned to a
//! standard orientation (all eight symmetries of the board keep the rules).

use nimber_engine::{Draw, Error, Move, Notation, ParamSpec, Params, ParseError};
use nimber_partizan::game::{ValueExplore, ValueFamily};
use nimber_partizan::{Partizan, PartizanCapabilities, Player};

use crate::common::grid::{self, cell_name, Shape};
use crate::common::info::{bridged, valued, Facts, GameInfo, PartizanGame};

pub mod explore;

/// A board: its shape, Left's stones and Right's stones.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Board {
    /// Rows and columns.
    pub shape: Shape,
    /// Left's stones (`x`).
    pub x: u64,
    /// Right's stones (`o`).
    pub o: u64,
}

/// Clobber from a start board.
#[derive(Clone, Debug)]
pub struct Clobber {
    start: Board,
    /// The largest board of its surveys of values.
    family: Shape,
}

impl Clobber {
    /// Clobber starting from `start`; its surveys of values cover the boards up to the start
    /// board's size.
    pub fn new(start: Board) -> Clobber {
        let family = Shape { rows: start.shape.rows.max(1), cols: start.shape.cols.max(1) };
        Clobber { start, family }
    }

    /// The same game, its surveys of values covering every board up to `bound` with every
    /// placement of stones.
    pub fn with_family(self, bound: Shape) -> Clobber {
        Clobber { family: bound, ..self }
    }

    /// The moves of the player whose stones are `mine` onto `theirs`; `rebuild(mine, theirs)`
    /// makes the board.
    fn moves(
        &self,
        board: &Board,
        mine: u64,
        theirs: u64,
        rebuild: impl Fn(u64, u64) -> Board,
    ) -> Vec<Move<Board>> {
        let cols = board.shape.cols as usize;
        let mut out = Vec::new();
        let mut stones = mine;
        while stones != 0 {
            let i = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let mut targets = board.shape.neighbours(1 << i) & theirs;
            while targets != 0 {
                let j = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let label = format!("{}-{}", cell_name(i / cols, i % cols), cell_name(j / cols, j % cols));
                out.push(Move::new(label, rebuild(mine & !(1 << i) | 1 << j, theirs & !(1 << j))));
            }
        }
        out
    }
}

impl Partizan for Clobber {
    type Position = Board;

    fn start(&self) -> Board {
        self.start
    }

    fn left_moves(&self, b: &Board) -> Vec<Move<Board>> {
        self.moves(b, b.x, b.o, |x, o| Board { x, o, ..*b })
    }

    fn right_moves(&self, b: &Board) -> Vec<Move<Board>> {
        self.moves(b, b.o, b.x, |o, x| Board { x, o, ..*b })
    }

    /// The groups of stones that touch one another, when there are several.
    fn regions(&self, b: &Board) -> Option<Vec<Board>> {
        let parts = b.shape.components(b.x | b.o);
        (parts.len() > 1).then(|| {
            parts
                .into_iter()
                .map(|p| {
                    let (shape, [x, o]) = b.shape.trim(p, [b.x, b.o]);
                    Board { shape, x, o }
                })
                .collect()
        })
    }

    /// Trimmed to the bounding box of the stones, then the least of its eight symmetric images.
    fn normalize(&self, b: &Board) -> Board {
        let (shape, [x, o]) = b.shape.trim(b.x | b.o, [b.x, b.o]);
        (0..8)
            .map(|turn| {
                let (shape, [x, o]) = shape.transform(turn, [x, o]);
                Board { shape, x, o }
            })
            .min()
            .expect("eight boards")
    }

    fn capabilities(&self) -> PartizanCapabilities<'_, Board> {
        PartizanCapabilities::none().notation(self).drawing(self).exploration(self)
    }
}

/// Features and family of surveys of values: see [`explore`].
impl ValueExplore<Board> for Clobber {
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

/// Rows from the top separated by `/`: `x` Left's stone, `o` Right's, `.` an empty square.
impl Notation<Board> for Clobber {
    fn format(&self, b: &Board) -> String {
        grid::format(b.shape, |r, c| {
            let bit = b.shape.bit(r, c);
            if b.x & bit != 0 {
                'x'
            } else if b.o & bit != 0 {
                'o'
            } else {
                '.'
            }
        })
    }

    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        parse_board(text)
    }
}

/// Reads a board: rows of `x`, `o` and `.` separated by `/`, at most [`grid::MAX_CELLS`]
/// squares.
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    let (shape, [x, o]) = grid::parse(text, |ch| match ch {
        'x' => Ok(Some(0)),
        'o' => Ok(Some(1)),
        '.' => Ok(None),
        other => Err(format!("`{other}` is not a square: use `x` (Left), `o` (Right) or `.` (empty)")),
    })?;
    Ok(Board { shape, x, o })
}

/// The board: Left's stones blue, Right's red (`data-piece` `x` or `o`), and who is to move.
impl Draw<(Board, Player)> for Clobber {
    fn svg(&self, (b, player): &(Board, Player)) -> Option<String> {
        use crate::common::svg::{colour, Attrs};
        Some(grid::draw_partizan(
            (INFO.name, &self.format(b)),
            b.shape,
            *player,
            ["Left (x) to move", "Right (o) to move"],
            |_, _| colour::SQUARE,
            |_, _, a| a,
            |svg, grid| {
                for r in 0..b.shape.rows as usize {
                    for c in 0..b.shape.cols as usize {
                        let bit = b.shape.bit(r, c);
                        let (piece, fill) = if b.x & bit != 0 {
                            ("x", colour::FIRST)
                        } else if b.o & bit != 0 {
                            ("o", colour::SECOND)
                        } else {
                            continue;
                        };
                        let attrs = Attrs::new().data("piece", piece).data("at", cell_name(r, c));
                        svg.token(grid.centre(c, r), grid.cell * 0.36, fill, colour::INK, attrs);
                    }
                }
            },
        ))
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "clobber",
    summary: "Clobber: move a stone onto an adjacent enemy stone, which is removed; the last to move wins",
    help: "Clobber (M. Albert, J. P. Grossman, R. J. Nowakowski and D. Wolfe, 2001), a partizan \
           game: Left's stones `x`, Right's `o`; a move takes one of your stones onto an \
           orthogonally adjacent stone of the other player, which is removed. A player who cannot \
           move loses. `nimber cgt clobber` gives the value of a board in CGSuite's notation \
           (`xo` is *); the strong solvers solve it with the player to move named after the board \
           (`xo/ox L`). Notation: rows from the top separated by `/`, `x`, `o` or `.`, at most 64 \
           squares. Moves are named by their squares: column letter from the left, row number \
           from the top (`a1-b1`). Surveys of values (`nimber explore clobber --values --by \
           x,o -p rows=1 -p cols=6`): every board up to rows x cols with every placement of \
           stones; features rows, cols, x, o (each player's stones) and empty, besides those of \
           every value.",
    params: &[
        ParamSpec { name: "board", default: "xox/oxo", help: "the start board, rows separated by /" },
        grid::family::ROWS,
        grid::family::COLS,
    ],
    build: bridged::<Clobber>,
    facts: Facts { partizan: Some(valued::<Clobber>), ..Facts::NONE },
};

/// The game of the parameters `-p ...`.
impl PartizanGame for Clobber {
    fn from_params(params: &Params) -> Result<Clobber, Error> {
        let text = params.text("board");
        let board = parse_board(text).map_err(|e| Error::Param(format!("parameter board={text}: {e}")))?;
        Ok(Clobber::new(board).with_family(explore::bound(params, board.shape)?))
    }
}
