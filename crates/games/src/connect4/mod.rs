//! Connect Four on a board of any width and height: gravity, four in a row, play stopping at a
//! win.
//!
//! Boards are bitboards in the layout of John Tromp's solver: column `c` holds bits
//! `c * (h + 1) ..= c * (h + 1) + h`, row 0 at the bottom, with one spare bit on top of each
//! column that stays empty, so that lines cannot wrap from one column into the next.
//!
//! The dense index numbers the boards by their *profile* (the height of every column) and, within
//! a profile of `n` stones, by which `n / 2` of them (rounded down) belong to the player to move:
//! the profiles in order, each taking `C(n, n / 2)` slots, the stones of the player to move ranked
//! among the `n` (bottom to top, left to right) in the combinatorial number system. Every slot is
//! a board with the right counts of stones: 9,918,556,649 slots for 6 wide and 5 high, against
//! 2^36 (6.9 times more) for Tromp's key (the stones of the player to move plus all the stones),
//! which the index falls back to where the table of profiles would be too large ((h + 1)^w above
//! 2^20). With the mirror symmetry (the default), a board and its mirror image share the slot of
//! the one with the smaller Tromp key, the other slot a hole, and the solver works on about half
//! as many classes.

use nimber_engine::table::plumbing::{MoveClasses, SlotMoves};
use nimber_engine::table::{subset, Indexed};
use nimber_engine::{
    Backward, Capabilities, Draw, DynGame, Error, Game, Kind, Move, Notation, Outcome, ParamSpec, Params,
    ParseError, Value,
};

use crate::common::info::{Facts, GameInfo};

mod search;

/// A position: the stones of the player to move, and all the stones. The first player (`x`) is
/// to move when the number of stones is even.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// The stones of the player to move.
    pub mine: u64,
    /// Every stone.
    pub all: u64,
}

/// Connect Four on a board `w` columns wide and `h` rows high.
#[derive(Clone, Debug)]
pub struct ConnectFour {
    w: u32,
    h: u32,
    /// Whether a board and its mirror image (left and right swapped) are one class.
    mirror: bool,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board (the spare bits excluded).
    cells: u64,
    /// The profile index, where its table fits: built on first use (a search needs none).
    profiles: std::sync::Arc<std::sync::OnceLock<Option<Profiles>>>,
}

/// The profile index: for every profile `p` (the column heights as the digits of `p` in base
/// `h + 1`, column 0 the lowest), the first slot of its boards (one more entry for the end) and
/// its cells with a stone; and a guide to find the profile of a slot fast.
#[derive(Debug)]
struct Profiles {
    first: Vec<u64>,
    stones: Vec<u64>,
    /// `guide[b]`: the profile of slot `b << guide_bits`.
    guide: Vec<u32>,
    guide_bits: u32,
}

/// The largest number of profiles the index keeps a table of.
const MAX_PROFILES: u64 = 1 << 20;

impl Profiles {
    /// The number of profiles of a board `w` wide and `h` high, where their table fits.
    fn count(w: u32, h: u32) -> Option<u64> {
        (h as u64 + 1).checked_pow(w).filter(|&c| c <= MAX_PROFILES)
    }

    /// Whether the table of profiles fits (without building it).
    fn fit(w: u32, h: u32) -> bool {
        Profiles::count(w, h).is_some()
    }

    fn new(w: u32, h: u32) -> Option<Profiles> {
        let h1 = h as u64 + 1;
        let count = Profiles::count(w, h)?;
        let mut first = Vec::with_capacity(count as usize + 1);
        let mut stones = Vec::with_capacity(count as usize);
        let mut total = 0u64;
        for p in 0..count {
            first.push(total);
            let mut all = 0u64;
            for c in 0..w {
                let height = p / h1.pow(c) % h1;
                all |= ((1u64 << height) - 1) << (c as u64 * h1);
            }
            stones.push(all);
            let n = all.count_ones();
            total += subset::binomial(n as u64, n as u64 / 2);
        }
        first.push(total);
        // About one guide entry per profile.
        let guide_bits = (total / count).max(1).ilog2();
        let mut guide = Vec::with_capacity((total >> guide_bits) as usize + 1);
        let mut p = 0usize;
        for b in 0..=(total - 1) >> guide_bits {
            while first[p + 1] <= b << guide_bits {
                p += 1;
            }
            guide.push(p as u32);
        }
        Some(Profiles { first, stones, guide, guide_bits })
    }

    fn size(&self) -> u64 {
        *self.first.last().expect("one entry at least")
    }

    /// The profile holding slot `index` (below [`Profiles::size`]).
    #[inline]
    fn profile_of(&self, index: u64) -> usize {
        let b = (index >> self.guide_bits) as usize;
        let lo = self.guide[b] as usize;
        let hi = self.guide.get(b + 1).map_or(self.stones.len(), |&p| p as usize + 1);
        lo + self.first[lo..hi].partition_point(|&f| f <= index) - 1
    }
}

/// The rank of the stones `mine` among the stones `all` (a subset of them), the stones numbered
/// in the order of their bits: [`subset::rank_set`] of the numbers of the stones of `mine`.
#[inline]
fn subset_rank(mut mine: u64, all: u64) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while mine != 0 {
        let bit = mine & mine.wrapping_neg();
        rank += subset::binomial((all & (bit - 1)).count_ones() as u64, i);
        mine ^= bit;
        i += 1;
    }
    rank
}

/// The `k` stones of rank `rank` among the stones `all` ([`subset::unrank_set`], its numbers
/// of stones spread over the bits of `all`).
#[inline]
fn subset_unrank(rank: u64, all: u64, k: u32) -> u64 {
    let mut numbers = subset::unrank_set(rank, k, all.count_ones());
    let (mut mine, mut rest, mut at) = (0, all, 0);
    while numbers != 0 {
        let number = numbers.trailing_zeros();
        numbers &= numbers - 1;
        // Skip to stone `number`: the lowest bit of `rest` is stone `at`.
        while at < number {
            rest &= rest - 1;
            at += 1;
        }
        mine |= rest & rest.wrapping_neg();
    }
    mine
}

/// John Tromp's counts of the positions reachable from the empty board, play stopping at a win
/// (width, height, positions).
pub const TROMP_COUNTS: [(u32, u32, u64); 9] = [
    (4, 3, 12_031),
    (3, 4, 6_000),
    (4, 4, 161_029),
    (5, 4, 3_945_711),
    (4, 5, 1_706_255),
    (5, 5, 69_763_700),
    (6, 5, 2_818_972_642),
    (6, 6, 69_173_028_785),
    (7, 6, 4_531_985_219_092),
];

/// The largest number of bits a board takes, `w (h + 1)` (Tromp's key has `2^bits` slots).
pub const MAX_BITS: u32 = 63;

pub(crate) const INFO: GameInfo = GameInfo {
    name: "connect4",
    summary: "Connect Four: drop stones into columns; four in a row wins (any width and height)",
    help: "Connect Four, the commercial game of 1974 (Milton Bradley) on a board of any size. \
           Two players, x first, take turns dropping a stone into a column that is not full; it \
           falls to the lowest empty cell. Four of one's stones in a row, a column or a diagonal \
           win at once; a full board without four is a tie. The standard board is 7 wide and 6 \
           high, a first-player win (James D. Allen and Victor Allis, 1988). John Tromp counted \
           the positions reachable from the empty board, play stopping at a win, and solved the \
           small boards (height x width): 4x4, 161,029 positions; 4x5, 3,945,711; 5x4, 1,706,255; \
           5x5, 69,763,700; 5x6, 2,818,972,642, all draws; 6x6 a second-player win; 6x7 \
           (4,531,985,219,092 positions) a first-player win. Boards are solved over a dense index, \
           a slot for every arrangement of the stones (by column heights, then the stones of \
           the player to move), one byte per position while solving: `solve` prints the memory it needs first and refuses \
           what does not fit. With `mirror=1` (the default) a board and its mirror image are \
           solved as one, and `solve` counts these classes (5 wide, 4 high: 1,974,174 for Tromp's 3,945,711 \
           positions); `mirror=0` counts positions. Notation: the rows from the top, separated by `/`, each cell `x`, \
           `o` or `.`, e.g. `..../..../..../.x..` on 4x4; who moves follows from the counts (x \
           when both have as many stones). Moves are named by the column, 1 to w from the left; \
           a position may also be written as the moves from the empty board, column digits in \
           the order played (`4453`, as Tromp's and Pons' solvers read them; boards at most 9 \
           wide). `nimber search` proves one position's value without a strong solve: on the \
           standard board the first player wins, only in the centre column, with the 21st \
           stone; its score is 22 minus the winner's stones (in general one more than the most \
           stones a player can have, minus the winner's), negative for a loss.",
    params: &[
        ParamSpec { name: "w", default: "7", help: "width: the number of columns (1 to 32)" },
        ParamSpec {
            name: "h",
            default: "6",
            help: "height: the number of rows (1 to 32; w (h + 1) at most 63)",
        },
        ParamSpec {
            name: "mirror",
            default: "1",
            help: "1: solve a board and its mirror image as one (half the work), 0: each apart",
        },
    ],
    build,
    facts: Facts { dense: Some(build), ..Facts::NONE },
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let game = ConnectFour::new(params.int("w", 1, 32)? as u32, params.int("h", 1, 32)? as u32)?
        .with_mirror(params.int("mirror", 0, 1)? == 1);
    Ok(Box::new(nimber_engine::view::dense::Dense(game)))
}

impl ConnectFour {
    /// The game on a board `w` wide and `h` high.
    pub fn new(w: u32, h: u32) -> Result<ConnectFour, Error> {
        if w == 0 || h == 0 || w * (h + 1) > MAX_BITS {
            return Err(Error::Param(format!(
                "connect4: a board {w} wide and {h} high does not fit: w and h at least 1, and w (h + 1) \
                 at most {MAX_BITS}"
            )));
        }
        let column = (1u64 << h) - 1;
        let (mut bottom, mut cells) = (0, 0);
        for c in 0..w {
            bottom |= 1 << (c * (h + 1));
            cells |= column << (c * (h + 1));
        }
        Ok(ConnectFour { w, h, mirror: true, bottom, cells, profiles: Default::default() })
    }

    /// The game with or without the mirror symmetry in its index.
    pub fn with_mirror(self, mirror: bool) -> ConnectFour {
        ConnectFour { mirror, ..self }
    }

    /// The board with left and right swapped.
    pub fn mirrored(&self, board: Board) -> Board {
        let h1 = self.h + 1;
        let column = (1u64 << h1) - 1;
        let flip = |bits: u64| {
            (0..self.w).fold(0, |out, c| out | ((bits >> (c * h1)) & column) << ((self.w - 1 - c) * h1))
        };
        Board { mine: flip(board.mine), all: flip(board.all) }
    }

    /// Tromp's key of a board.
    fn key(&self, board: &Board) -> u64 {
        board.mine + board.all + self.bottom
    }

    /// Width and height.
    pub fn dims(&self) -> (u32, u32) {
        (self.w, self.h)
    }

    /// The profile index, where its table fits ((h + 1)^w profiles at most [`MAX_PROFILES`]).
    fn profiles(&self) -> Option<&Profiles> {
        self.profiles.get_or_init(|| Profiles::new(self.w, self.h)).as_ref()
    }

    /// The bit of the cell in column `col`, row `row` (0 = bottom) in a board's stone sets.
    pub fn bit(&self, col: u32, row: u32) -> u64 {
        1 << (col * (self.h + 1) + row)
    }

    /// Whether `stones` hold four in a row.
    pub fn four(&self, stones: u64) -> bool {
        let h1 = self.h + 1;
        // A shift of 64 or more cannot hold a line (and would overflow).
        [1, h1, h1 - 1, h1 + 1].iter().filter(|&&s| 3 * s < 64).any(|&s| {
            let pairs = stones & (stones >> s);
            pairs & (pairs >> (2 * s)) != 0
        })
    }

    /// The stones of the player who moved last.
    fn theirs(board: Board) -> u64 {
        board.all ^ board.mine
    }

    /// Whether column `c` has room.
    fn open(&self, board: Board, c: u32) -> bool {
        board.all & self.bit(c, self.h - 1) == 0
    }

    /// The board after the player to move drops a stone into column `c` (which has room).
    pub fn play(&self, board: Board, c: u32) -> Board {
        let all = board.all | (board.all + self.bit(c, 0));
        Board { mine: board.all ^ board.mine, all }
    }

    /// The number of stones of the first player (`x`) and of the second.
    fn counts(board: Board) -> (u32, u32) {
        let total = board.all.count_ones();
        let mover = board.mine.count_ones();
        if total.is_multiple_of(2) {
            (mover, total - mover)
        } else {
            (total - mover, mover)
        }
    }

    /// The board after the moves `digits` from the empty board, each a column `1` to `w` (the
    /// notation of Tromp's and Pons' solvers, for boards at most 9 wide); `lead` characters
    /// precede them in the text, for the columns of messages.
    fn parse_moves(&self, digits: &str, lead: usize) -> Result<Board, ParseError> {
        if self.w > 9 {
            return Err(ParseError::at(
                lead + 1,
                format!("moves as column digits need a board at most 9 wide (this one is {})", self.w),
            ));
        }
        let mut board = self.start();
        for (i, d) in digits.bytes().enumerate() {
            let at = lead + i + 1;
            let c = u32::from(d - b'0');
            if c == 0 || c > self.w {
                return Err(ParseError::at(at, format!("no column {c}: columns are 1 to {}", self.w)));
            }
            if self.four(Self::theirs(board)) {
                return Err(ParseError::at(at, format!("the game ended with move {i} (four in a row)")));
            }
            if !self.open(board, c - 1) {
                return Err(ParseError::at(at, format!("column {c} is full")));
            }
            board = self.play(board, c - 1);
        }
        Ok(board)
    }

    /// The board as cells: `Some(true)` for x, `Some(false)` for o.
    fn cell(&self, board: Board, col: u32, row: u32) -> Option<bool> {
        let bit = self.bit(col, row);
        if board.all & bit == 0 {
            return None;
        }
        let x_to_move = board.all.count_ones().is_multiple_of(2);
        Some((board.mine & bit != 0) == x_to_move)
    }
}

impl Game for ConnectFour {
    type Position = Board;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> Board {
        Board { mine: 0, all: 0 }
    }

    fn moves(&self, &board: &Board) -> Vec<Move<Board>> {
        (0..self.w)
            .filter(|&c| self.open(board, c))
            .map(|c| Move::new((c + 1).to_string(), self.play(board, c)))
            .collect()
    }

    fn successors(&self, &board: &Board, out: &mut Vec<Board>) {
        out.extend((0..self.w).filter(|&c| self.open(board, c)).map(|c| self.play(board, c)));
    }

    fn terminal(&self, &board: &Board) -> Option<Outcome> {
        if self.four(Self::theirs(board)) {
            Some(Outcome::new(Value::Lose, 0))
        } else if board.all == self.cells {
            Some(Outcome::new(Value::Tie, 0))
        } else {
            None
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Board> {
        Capabilities::none().notation(self).drawing(self).backward(self).search(self)
    }
}

/// The drawing: the board upright, `data-square` naming each cell by its column (the move that
/// drops into it, `1` from the left) and row (`1` at the bottom), as `3:1`; x's stones blue, o's
/// red (`data-piece`, `data-at`); the column numbers under the board;
/// whose turn it is or how the game ended.
impl Draw<Board> for ConnectFour {
    fn svg(&self, &board: &Board) -> Option<String> {
        use crate::common::svg::{colour, Attrs, Svg};
        let (w, h) = (self.w as usize, self.h as usize);
        let cell = (360.0 / w.max(h) as f64).clamp(24.0, 64.0);
        let (left, top) = (24.0, 24.0);
        let grid = crate::common::svg::Board { x: left, y: top, cols: w, rows: h, cell };
        let (width, height) = grid.size();
        let mut svg = Svg::new(INFO.name, &self.format(&board), left + width + 24.0, top + height + 64.0);
        // Rows are drawn from the top; the notation's rows count from the bottom.
        let name = |c: usize, r: usize| format!("{}:{}", c + 1, h - r);
        grid.draw(&mut svg, |_, _| colour::SQUARE, name, |_, _, a| a);
        grid.coordinates(&mut svg, false, |c| (c + 1).to_string(), |r| (h - r).to_string());
        for col in 0..self.w {
            for row in 0..self.h {
                let Some(x) = self.cell(board, col, row) else { continue };
                let (cx, cy) = grid.centre(col as usize, h - 1 - row as usize);
                let (piece, fill) = if x { ("x", colour::FIRST) } else { ("o", colour::SECOND) };
                let attrs =
                    Attrs::new().data("piece", piece).data("at", name(col as usize, h - 1 - row as usize));
                svg.circle(cx, cy, cell * 0.4, attrs.paint(fill, Some((colour::INK, 1.0))));
            }
        }
        let x_to_move = board.all.count_ones().is_multiple_of(2);
        let mover = |x: bool| if x { ("x", colour::FIRST) } else { ("o", colour::SECOND) };
        let (to_move, mover_colour) = mover(x_to_move);
        let (last, last_colour) = mover(!x_to_move);
        let status = if self.four(Self::theirs(board)) {
            (Some(last_colour), format!("{last} wins: four in a row"))
        } else if board.all == self.cells {
            (None, "A tie: the board is full".to_string())
        } else {
            (Some(mover_colour), format!("{to_move} to move"))
        };
        svg.status((left, top + height + 48.0), status.0, &status.1, 16.0);
        Some(svg.finish())
    }
}

impl Backward<Board> for ConnectFour {
    /// The boards without the top stone of a column whose top stone is the last mover's, where
    /// the game had not ended (the player to move there had no four).
    fn predecessors(&self, &board: &Board, out: &mut Vec<Board>) {
        let theirs = Self::theirs(board);
        if self.four(board.mine) {
            return;
        }
        for c in 0..self.w {
            let column = board.all & (((1u64 << self.h) - 1) << (c * (self.h + 1)));
            if column == 0 {
                continue;
            }
            let top = 1u64 << (63 - column.leading_zeros());
            if theirs & top != 0 {
                out.push(Board { mine: theirs & !top, all: board.all & !top });
            }
        }
    }
}

impl Notation<Board> for ConnectFour {
    fn format(&self, &board: &Board) -> String {
        let mut s = String::with_capacity(((self.w + 1) * self.h) as usize);
        for row in (0..self.h).rev() {
            if row + 1 < self.h {
                s.push('/');
            }
            for col in 0..self.w {
                s.push(match self.cell(board, col, row) {
                    Some(true) => 'x',
                    Some(false) => 'o',
                    None => '.',
                });
            }
        }
        s
    }

    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        let lead = text[..text.len() - text.trim_start().len()].chars().count();
        let trimmed = text.trim();
        if !trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()) {
            return self.parse_moves(trimmed, lead);
        }
        let (w, h) = (self.w as usize, self.h as usize);
        let (mut x, mut o) = (0u64, 0u64);
        let mut cell = 0usize;
        // The 1-based text column of each cell, for messages.
        let mut columns = vec![0usize; w * h];
        for (k, ch) in text.trim().chars().enumerate() {
            let column = lead + k + 1;
            if ch == '/' {
                if cell == 0 || !cell.is_multiple_of(w) || cell == w * h || columns[cell - 1] + 1 != column {
                    return Err(ParseError::at(column, format!("`/` may only separate rows (of {w} cells)")));
                }
                continue;
            }
            if cell == w * h {
                return Err(ParseError::at(column, format!("more than {} cells ({w} by {h})", w * h)));
            }
            // Rows are written from the top.
            let (row, col) = (h - 1 - cell / w, cell % w);
            let bit = self.bit(col as u32, row as u32);
            match ch {
                'x' | 'X' => x |= bit,
                'o' | 'O' => o |= bit,
                '.' => {}
                _ => {
                    return Err(ParseError::at(column, format!("`{ch}` is not a cell: use `x`, `o` or `.`")))
                }
            }
            columns[cell] = column;
            cell += 1;
        }
        if cell < w * h {
            let end = lead + text.trim().chars().count() + 1;
            return Err(ParseError::at(
                end,
                format!("{cell} cells: a board {w} wide and {h} high has {}", w * h),
            ));
        }
        let at = |col: u32, row: u32| columns[(h - 1 - row as usize) * w + col as usize];
        // Gravity: no stone above an empty cell.
        let all = x | o;
        for col in 0..self.w {
            for row in 1..self.h {
                if all & self.bit(col, row) != 0 && all & self.bit(col, row - 1) == 0 {
                    return Err(ParseError::at(
                        at(col, row),
                        format!(
                            "a stone above an empty cell in column {}: stones fall to the bottom",
                            col + 1
                        ),
                    ));
                }
            }
        }
        let (xs, os) = (x.count_ones(), o.count_ones());
        if xs != os && xs != os + 1 {
            return Err(ParseError::new(format!(
                "{xs} x and {os} o: x moves first and players alternate, so x has as many stones as o or one more"
            )));
        }
        let x_to_move = xs == os;
        let board = Board { mine: if x_to_move { x } else { o }, all };
        if self.four(board.mine) {
            let (name, other) = if x_to_move { ('x', 'o') } else { ('o', 'x') };
            return Err(ParseError::new(format!(
                "{name} has four in a row but {other} moved after it: the game had already ended"
            )));
        }
        Ok(board)
    }
}

/// The profile index (see the module documentation), or where its table would be too large
/// Tromp's key: each column's stones of the player to move, plus a marker bit above the column's
/// stones (`mine + all`, the additions never carrying out of a column).
impl Indexed for ConnectFour {
    fn size(&self) -> u64 {
        match self.profiles() {
            Some(profiles) => profiles.size(),
            None => 1 << (self.w * (self.h + 1)),
        }
    }

    fn rank(&self, board: &Board) -> u64 {
        let board = self.canonical(board);
        let Some(profiles) = self.profiles() else { return self.key(&board) };
        let h1 = self.h + 1;
        let column = (1u64 << h1) - 1;
        let profile = (0..self.w)
            .rev()
            .fold(0u64, |p, c| p * h1 as u64 + (board.all >> (c * h1) & column).count_ones() as u64);
        debug_assert_eq!(
            board.mine.count_ones(),
            board.all.count_ones() / 2,
            "the mover has half the stones"
        );
        profiles.first[profile as usize] + subset_rank(board.mine, board.all)
    }

    fn canonical(&self, board: &Board) -> Board {
        let mirrored = self.mirrored(*board);
        if self.mirror && self.key(&mirrored) < self.key(board) {
            mirrored
        } else {
            *board
        }
    }

    fn unrank(&self, index: u64) -> Option<Board> {
        if index >= Indexed::size(self) {
            return None;
        }
        let h1 = self.h + 1;
        if let Some(profiles) = self.profiles() {
            let profile = profiles.profile_of(index);
            let all = profiles.stones[profile];
            let mine = subset_unrank(index - profiles.first[profile], all, all.count_ones() / 2);
            let board = Board { mine, all };
            return Some(board).filter(|b| self.canonical(b) == *b);
        }
        let (mut mine, mut all) = (0u64, 0u64);
        for c in 0..self.w {
            let key = (index >> (c * h1)) & ((1 << h1) - 1);
            // `key` is 2^n + (the mover's stones among the column's n): the marker is its top bit.
            if key == 0 {
                return None;
            }
            let n = 63 - key.leading_zeros();
            if n > self.h {
                return None;
            }
            let column = (1u64 << n) - 1;
            all |= column << (c * h1);
            mine |= (key & column) << (c * h1);
        }
        let board = Board { mine, all };
        let (xs, os) = ConnectFour::counts(board);
        // A board whose mirror image has the smaller key is not its class's representative.
        (xs == os || xs == os + 1).then_some(board).filter(|b| self.canonical(b) == *b)
    }

    /// Tromp's counts of the positions reachable from the empty board, for the boards he
    /// counted (with the mirror, about half as many classes).
    fn reachable_hint(&self) -> Option<u64> {
        let positions = TROMP_COUNTS.iter().find(|c| (c.0, c.1) == (self.w, self.h))?.2;
        Some(if self.mirror { positions.div_ceil(2) } else { positions })
    }

    /// Every move fills a cell: no position lasts longer than the cells left empty.
    fn remoteness_bound(&self) -> Option<u32> {
        Some(self.w * self.h)
    }

    fn index_scheme(&self) -> String {
        let symmetry = if self.mirror { "-mirror" } else { "" };
        let scheme = if Profiles::fit(self.w, self.h) { "profile" } else { "tromp" };
        format!("connect4-{scheme}-v1-{}x{}{symmetry}", self.w, self.h)
    }
}

impl SlotMoves for ConnectFour {
    /// The default's slots, without a list of the boards moved to.
    fn successor_slots(&self, board: &Board, out: &mut Vec<(u64, bool)>) {
        for c in (0..self.w).filter(|&c| self.open(*board, c)) {
            let child = self.play(*board, c);
            out.push((self.rank(&child), self.terminal(&child).is_some()));
        }
    }

    /// The classes of the moves by Tromp's key of each class's representative, without ranking:
    /// only the two moves of a nearly symmetric board can lead into one class.
    fn move_classes(&self, board: &Board) -> MoveClasses {
        let mut classes = MoveClasses::default();
        let mut keys = [0u64; 32];
        let mut open = 0;
        for c in 0..self.w {
            if !self.open(*board, c) {
                continue;
            }
            let child = self.play(*board, c);
            if self.terminal(&child).is_some_and(|t| classes.add_terminal(t)) {
                continue;
            }
            let key = self.key(&self.canonical(&child));
            if !keys[..open].contains(&key) {
                keys[open] = key;
                open += 1;
            }
        }
        classes.open = open as u32;
        classes
    }
}
