//! Tic-tac-toe (noughts and crosses) on a 3x3 board.

use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::Indexed;
use nimber_engine::{
    Backward, Capabilities, Draw, DynGame, Error, Game, Kind, Move, Notation, Outcome, Params, ParseError,
    Value,
};

use crate::common::info::{Facts, GameInfo};

/// A board: one bit per cell for each player's marks. Cell `i` is row `i / 3` (0 = top), column
/// `i % 3` (0 = left). Who moves follows from the counts: X when both have as many marks, else O.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// X's marks.
    pub x: u16,
    /// O's marks.
    pub o: u16,
}

impl Board {
    /// The empty board, X to move.
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    /// Whether X is to move.
    pub fn x_to_move(self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// The marks of the player who moved last.
    fn last_mover_marks(self) -> u16 {
        if self.x_to_move() {
            self.o
        } else {
            self.x
        }
    }

    fn occupied(self) -> u16 {
        self.x | self.o
    }
}

/// The eight lines of three, as cell masks.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// The first line completed by `marks`, if any.
fn line_of(marks: u16) -> Option<u16> {
    LINES.iter().copied().find(|&l| marks & l == l)
}

/// The name of cell `i`: column letter `a`..`c` (left to right), row number `1`..`3` (top to
/// bottom).
pub fn cell_name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 3) as u8) as char, i / 3 + 1)
}

/// Tic-tac-toe from the empty board, X first.
#[derive(Clone, Debug, Default)]
pub struct TicTacToe;

pub(crate) const INFO: GameInfo = GameInfo {
    name: "tictactoe",
    summary: "Tic-tac-toe: three in a row on a 3x3 board; a tie under best play",
    help: "Tic-tac-toe (noughts and crosses), a traditional game; its full analysis is classical \
           (e.g. Berlekamp, Conway and Guy, Winning Ways). Players X and O take turns, X \
           first, marking an empty cell of a 3x3 board; a player who completes three of their \
           marks in a row, column or diagonal wins, and a full board without such a line is a \
           tie. 5,478 positions are reachable from the empty board, which is a tie. Notation: the \
           nine cells row by row from the top, `x`, `o` or `.`, rows separated by `/`, e.g. \
           `x../.o./...` (the separators may be left out: `x...o....`); who moves follows from \
           the counts (X when both have as many marks). Moves are named by the cell: column \
           letter a-c from the left, row number 1-3 from the top, so `a1` is the top-left \
           corner and `b2` the centre.",
    params: &[],
    build,
    facts: Facts { dense: Some(build_dense), ..Facts::NONE },
};

/// Tic-tac-toe over its dense index, for `solve --save` and checkpoints.
fn build_dense(_params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(nimber_engine::view::dense::Dense(TicTacToe)))
}

fn build(_params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(TicTacToe))
}

impl Game for TicTacToe {
    type Position = Board;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> Board {
        Board::EMPTY
    }

    fn moves(&self, &board: &Board) -> Vec<Move<Board>> {
        let mut moves = Vec::new();
        for i in 0..9 {
            if board.occupied() & 1 << i == 0 {
                moves.push(Move::new(cell_name(i), play(board, i)));
            }
        }
        moves
    }

    fn successors(&self, &board: &Board, out: &mut Vec<Board>) {
        out.extend((0..9).filter(|&i| board.occupied() & 1 << i == 0).map(|i| play(board, i)));
    }

    fn terminal(&self, &board: &Board) -> Option<Outcome> {
        if line_of(board.last_mover_marks()).is_some() {
            Some(Outcome::new(Value::Lose, 0))
        } else if board.occupied() == FULL {
            Some(Outcome::new(Value::Tie, 0))
        } else {
            None
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Board> {
        Capabilities::none().notation(self).drawing(self).backward(self)
    }
}

impl Notation<Board> for TicTacToe {
    fn format(&self, board: &Board) -> String {
        let mut s = String::with_capacity(11);
        for i in 0..9 {
            if i > 0 && i % 3 == 0 {
                s.push('/');
            }
            s.push(if board.x & 1 << i != 0 {
                'x'
            } else if board.o & 1 << i != 0 {
                'o'
            } else {
                '.'
            });
        }
        s
    }

    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        let trimmed = text.trim();
        // Columns count characters, leading blanks included.
        let lead = text[..text.len() - text.trim_start().len()].chars().count();
        let mut board = Board::EMPTY;
        // 1-based column of each cell in the text, for messages.
        let mut columns = [0usize; 9];
        let mut cell = 0;
        for (k, ch) in trimmed.chars().enumerate() {
            let column = lead + k + 1;
            if ch == '/' {
                if cell == 0 || cell % 3 != 0 || cell == 9 || columns[cell - 1] + 1 != column {
                    return Err(ParseError::at(column, "`/` may only separate rows (after 3 and 6 cells)"));
                }
                continue;
            }
            if cell == 9 {
                return Err(ParseError::at(column, "more than 9 cells"));
            }
            match ch {
                'x' | 'X' => board.x |= 1 << cell,
                'o' | 'O' => board.o |= 1 << cell,
                '.' => {}
                _ => {
                    return Err(ParseError::at(column, format!("`{ch}` is not a cell: use `x`, `o` or `.`")))
                }
            }
            columns[cell] = column;
            cell += 1;
        }
        if cell < 9 {
            let end = lead + trimmed.chars().count() + 1;
            return Err(ParseError::at(end, format!("{cell} cells: a board has 9 (`x`, `o` or `.`)")));
        }
        check_reachable(board, &columns)?;
        Ok(board)
    }
}

impl Draw<Board> for TicTacToe {
    fn svg(&self, &board: &Board) -> Option<String> {
        Some(draw(self, board))
    }
}

impl Backward<Board> for TicTacToe {
    /// The boards without one of the marks of the player who moved last.
    fn predecessors(&self, &board: &Board, out: &mut Vec<Board>) {
        let last = board.last_mover_marks();
        for i in (0..9).filter(|&i| last & 1 << i != 0) {
            out.push(if board.x_to_move() {
                Board { x: board.x, o: board.o & !(1 << i) }
            } else {
                Board { x: board.x & !(1 << i), o: board.o }
            });
        }
    }
}

/// The drawing: the 3x3 board with `data-square` named as the moves (`a1` top left), X's
/// marks blue crosses and O's red rings (`data-piece="x"` or `"o"`, `data-at` the square), a
/// completed line struck through, and whose turn it is or how the game ended.
fn draw(game: &TicTacToe, board: Board) -> String {
    use crate::common::svg::{colour, file_letter, Attrs, Svg};
    const CELL: f64 = 80.0;
    let grid = crate::common::svg::Board { x: 44.0, y: 44.0, cols: 3, rows: 3, cell: CELL };
    let mut svg =
        Svg::new(INFO.name, &game.format(&board), 44.0 + 3.0 * CELL + 24.0, 44.0 + 3.0 * CELL + 56.0);
    grid.draw(&mut svg, |_, _| colour::SQUARE, |c, r| cell_name(r * 3 + c), |_, _, a| a);
    grid.coordinates(&mut svg, true, file_letter, |r| (r + 1).to_string());
    let inset = CELL * 0.26;
    for i in 0..9 {
        let (cx, cy) = grid.centre(i % 3, i / 3);
        let at = Attrs::new().data("at", cell_name(i));
        if board.x & 1 << i != 0 {
            svg.group(at.data("piece", "x"), None);
            let d = CELL / 2.0 - inset;
            svg.line((cx - d, cy - d), (cx + d, cy + d), colour::FIRST, 9.0);
            svg.line((cx - d, cy + d), (cx + d, cy - d), colour::FIRST, 9.0);
            svg.close();
        } else if board.o & 1 << i != 0 {
            let attrs = at.data("piece", "o").paint("none", Some((colour::SECOND, 9.0)));
            svg.circle(cx, cy, CELL / 2.0 - inset, attrs);
        }
    }
    let mover = |x: bool| if x { ("X", colour::FIRST) } else { ("O", colour::SECOND) };
    let (name, c) = mover(board.x_to_move());
    let (winner, wc) = mover(!board.x_to_move());
    let status = match line_of(board.last_mover_marks()) {
        Some(line) => {
            let cells: Vec<usize> = (0..9).filter(|&i| line & 1 << i != 0).collect();
            let (first, last) =
                (grid.centre(cells[0] % 3, cells[0] / 3), grid.centre(cells[2] % 3, cells[2] / 3));
            let (dx, dy) = ((last.0 - first.0) * 0.2, (last.1 - first.1) * 0.2);
            svg.line((first.0 - dx, first.1 - dy), (last.0 + dx, last.1 + dy), colour::INK, 5.0);
            (Some(wc), format!("{winner} wins: three in a row"))
        }
        None if board.occupied() == FULL => (None, "A tie: the board is full".to_string()),
        None => (Some(c), format!("{name} to move")),
    };
    svg.status((44.0, 44.0 + 3.0 * CELL + 30.0), status.0, &status.1, 16.0);
    svg.finish()
}

/// The dense index: the nine cells as base-3 digits (0 empty, 1 x, 2 o), cell `i` of weight
/// `3^i`; slots whose counts of marks cannot occur (o ahead of x, or x two ahead) are holes.
impl Indexed for TicTacToe {
    fn size(&self) -> u64 {
        19_683
    }

    fn rank(&self, board: &Board) -> u64 {
        (0..9).rev().fold(0, |r, i| r * 3 + (board.x >> i & 1) as u64 + 2 * (board.o >> i & 1) as u64)
    }

    /// Every move fills a cell.
    fn remoteness_bound(&self) -> Option<u32> {
        Some(9)
    }

    fn unrank(&self, index: u64) -> Option<Board> {
        let mut board = Board::EMPTY;
        let mut rest = index;
        for i in 0..9 {
            match rest % 3 {
                1 => board.x |= 1 << i,
                2 => board.o |= 1 << i,
                _ => {}
            }
            rest /= 3;
        }
        let (xs, os) = (board.x.count_ones(), board.o.count_ones());
        (rest == 0 && (xs == os || xs == os + 1)).then_some(board)
    }

    fn index_scheme(&self) -> String {
        "tictactoe-base3-v1".to_string()
    }
}

impl SlotMoves for TicTacToe {}

/// Rejects boards that cannot occur in a game from the empty board: wrong counts, or a line by a
/// player who did not move last (the game would have ended before).
fn check_reachable(board: Board, columns: &[usize; 9]) -> Result<(), ParseError> {
    let (xs, os) = (board.x.count_ones(), board.o.count_ones());
    // The column of the `n`-th (1-based) mark in `marks`, in reading order.
    let nth = |marks: u16, n: u32| -> usize {
        let i = (0..9).filter(|&i| marks & 1 << i != 0).nth(n as usize - 1).expect("mark exists");
        columns[i]
    };
    if xs > os + 1 {
        return Err(ParseError::at(
            nth(board.x, os + 2),
            format!("{xs} x and {os} o: X moves first and players alternate, so x has as many marks as o or one more"),
        ));
    }
    if os > xs {
        return Err(ParseError::at(
            nth(board.o, xs + 1),
            format!("{xs} x and {os} o: X moves first, so o cannot have more marks than x"),
        ));
    }
    let (mover, name, other) = if board.x_to_move() { (board.x, 'x', 'o') } else { (board.o, 'o', 'x') };
    if let Some(line) = line_of(mover) {
        let first = (0..9).find(|&i| line & 1 << i != 0).expect("line has cells");
        return Err(ParseError::at(
            columns[first],
            format!("{name} has three in a row but {other} moved after it: the game had already ended"),
        ));
    }
    Ok(())
}

/// The board after the player to move marks cell `i`.
fn play(board: Board, i: usize) -> Board {
    if board.x_to_move() {
        Board { x: board.x | 1 << i, o: board.o }
    } else {
        Board { x: board.x, o: board.o | 1 << i }
    }
}
