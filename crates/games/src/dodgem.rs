//! Dodgem: Colin Vout's game of cars crossing a small board, as analysed in Winning Ways.

use nimber_engine::table::subset;
use nimber_engine::{
    index::Child, DynGame, Error, Game, Indexed, Kind, Move, MoveClasses, Outcome, ParamSpec, Params,
    ParseError, Value,
};
use nimber_engine::{Backward, Draw, Notation};

use crate::common::info::{Facts, GameInfo};

/// The smallest and largest board sizes accepted.
pub const MIN_SIZE: u64 = 2;
/// See [`MIN_SIZE`]. From the 5x5 start, 164,338,619 positions are reachable: solved over the
/// dense index ([`Indexed`]), in about 45 s and 530 MiB on 2 cores.
pub const MAX_SIZE: u64 = 5;

/// A Dodgem position: the cells of each player's cars and whose turn it is. Cell `row * n + col`
/// is column `col` (0 = left) of row `row` (0 = bottom). Cars that left the board are not in
/// either set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DodgemPos {
    /// Cells of Blue's cars (Blue moves right, up or down and leaves across the right edge).
    pub blue: u32,
    /// Cells of Red's cars (Red moves up, left or right and leaves across the top edge).
    pub red: u32,
    /// Whether Blue is to move.
    pub blue_to_move: bool,
}

/// Dodgem on an `n` by `n` board with `n - 1` cars each.
#[derive(Clone, Debug)]
pub struct Dodgem {
    n: u32,
    /// `offsets[b][r]`: the first slot pair (see [`Indexed`] below) of the positions with `b`
    /// Blue and `r` Red cars on the board; `offsets[n - 1][n]` is the number of pairs.
    offsets: [[u64; MAX_SIZE as usize + 1]; MAX_SIZE as usize],
    /// Every cell, the left column, the right column and the top row, as sets of cells.
    full: u32,
    left: u32,
    right: u32,
    top: u32,
    /// Cell `k` of the board mirrored across its diagonal (column and row swapped).
    across: [u8; (MAX_SIZE * MAX_SIZE) as usize],
    /// Whether the index has one slot per pair of mirror images ([`Dodgem::mirrored`]): the
    /// position with Blue to move.
    mirror: bool,
}

/// Positions reachable from the start on boards of 2 to 5 cells a side (the tests check 2 to 4;
/// 5 by the benchmark `cargo bench -p nimber-games --bench dodgem`, which asserts it).
pub const REACHABLE: [u64; 4] = [23, 2055, 395_294, 164_338_619];

/// With the mirror index ([`Dodgem::mirrored`]): the classes of positions reachable from the
/// start (a position and its image count once; many images are not reachable: Blue moves
/// first). The tests check 2 to 4; 5 by `NIMBER_BENCH_MIRROR=1 cargo bench -p nimber-games
/// --bench dodgem`.
pub const REACHABLE_CLASSES: [Option<u64>; 4] = [Some(19), Some(1395), Some(277_529), Some(120_020_062)];

/// `C(m, k)`: the number of `k`-subsets of `m` cells.
#[inline]
fn binomial(m: usize, k: usize) -> u64 {
    subset::binomial(m as u64, k as u64)
}

/// The rank of a set of cells among the sets of its size ([`subset::rank_set`]).
#[inline]
fn colex_rank(set: u32) -> u64 {
    subset::rank_set(set as u64)
}

/// The most cells of a board, and the most cars of a player on it.
const CELLS: usize = (MAX_SIZE * MAX_SIZE) as usize;
const CARS: usize = MAX_SIZE as usize - 1;

/// `SET_FIRST[k]`: where the `k`-subsets of the cells start in [`SETS`].
const SET_FIRST: [usize; CARS + 2] = {
    let mut first = [0; CARS + 2];
    let mut k = 1;
    while k < CARS + 2 {
        first[k] = first[k - 1] + subset_count(k - 1);
        k += 1;
    }
    first
};

/// `C(CELLS, k)`, computed where the table is built.
const fn subset_count(k: usize) -> usize {
    let (mut c, mut j) = (1, 0);
    while j < k {
        c = c * (CELLS - j) / (j + 1);
        j += 1;
    }
    c
}

/// Every set of at most [`CARS`] of the [`CELLS`] cells, by size and then in colex order (the
/// order of their values), so that the set of rank `r` among the `k`-sets is
/// `SETS[SET_FIRST[k] + r]`: the rank of a set does not depend on the number of cells, so the
/// table serves every board size.
static SETS: [u32; SET_FIRST[CARS + 1]] = {
    let mut sets = [0; SET_FIRST[CARS + 1]];
    let mut k = 0;
    while k <= CARS {
        let mut set: u32 = (1 << k) - 1;
        let mut i = SET_FIRST[k];
        while i < SET_FIRST[k + 1] {
            sets[i] = set;
            i += 1;
            if set == 0 {
                break;
            }
            // The next set of the same size (Gosper's hack).
            let low = set & set.wrapping_neg();
            let ripple = set + low;
            set = ripple | (((set ^ ripple) >> 2) / low);
        }
        k += 1;
    }
    sets
};

/// The `k`-subset of the cells of rank `rank` (the inverse of [`colex_rank`]), from [`SETS`].
#[inline]
fn colex_unrank(rank: u64, k: usize) -> u32 {
    SETS[SET_FIRST[k] + rank as usize]
}

/// Red's cells `red` renumbered among the cells that Blue's `blue` leaves free (the cell of
/// number `k` among those becomes `k`).
#[inline]
fn pack(blue: u32, red: u32) -> u32 {
    let mut packed = 0;
    let mut rest = red;
    while rest != 0 {
        let cell = rest.trailing_zeros();
        rest &= rest - 1;
        packed |= 1 << (cell - (blue & ((1 << cell) - 1)).count_ones());
    }
    packed
}

/// The inverse of [`pack`]: Red's cells spread back over the cells Blue leaves free, by opening
/// a gap at each of Blue's cells from the lowest up.
#[inline]
fn unpack(blue: u32, packed: u32) -> u32 {
    let mut red = packed;
    let mut rest = blue;
    while rest != 0 {
        let below = (1u32 << rest.trailing_zeros()) - 1;
        rest &= rest - 1;
        red = red & below | (red & !below) << 1;
    }
    red
}

impl Dodgem {
    /// Dodgem on an `n` by `n` board; `n` must be within [`MIN_SIZE`]`..=`[`MAX_SIZE`].
    pub fn new(n: u32) -> Result<Dodgem, Error> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&(n as u64)) {
            return Err(Error::Param(format!("parameter n={n}: must be between {MIN_SIZE} and {MAX_SIZE}")));
        }
        let cells = (n * n) as usize;
        let mut offsets = [[0; MAX_SIZE as usize + 1]; MAX_SIZE as usize];
        let mut total = 0;
        for (b, row) in offsets.iter_mut().enumerate().take(n as usize) {
            for (r, offset) in row.iter_mut().enumerate().take(n as usize) {
                *offset = total;
                total += binomial(cells, b) * binomial(cells - b, r);
            }
            row[n as usize] = total;
        }
        let full = (1u32 << (n * n)) - 1;
        let left = (0..n).fold(0, |acc, row| acc | 1 << (row * n));
        let (right, top) = (left << (n - 1), ((1 << n) - 1) << (n * (n - 1)));
        let mut across = [0; (MAX_SIZE * MAX_SIZE) as usize];
        for (k, cell) in across.iter_mut().enumerate().take((n * n) as usize) {
            *cell = ((k as u32 % n) * n + k as u32 / n) as u8;
        }
        Ok(Dodgem { n, offsets, full, left, right, top, across, mirror: false })
    }

    /// The game with or without the mirror symmetry in its index ([`Dodgem::mirrored`]).
    pub fn with_mirror(self, mirror: bool) -> Dodgem {
        Dodgem { mirror, ..self }
    }

    /// Cells mirrored across the diagonal from the bottom-left corner.
    #[inline]
    fn flip(&self, cells: u32) -> u32 {
        let mut out = 0;
        let mut rest = cells;
        while rest != 0 {
            out |= 1 << self.across[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    }

    /// The mirror image of a position: the board mirrored across its diagonal from the
    /// bottom-left corner, the colours swapped, and the other player to move. Blue's moves
    /// (right, up, down, off the right edge) become Red's (up, right, left, off the top), so a
    /// position and its image have the same value and their moves lead to images of each other.
    pub fn mirrored(&self, pos: &DodgemPos) -> DodgemPos {
        DodgemPos { blue: self.flip(pos.red), red: self.flip(pos.blue), blue_to_move: !pos.blue_to_move }
    }

    /// The slot of a position with Blue to move in the mirror index.
    #[inline]
    fn mirror_slot(&self, blue: u32, red: u32) -> u64 {
        self.pair(blue, pack(blue, red))
    }

    /// Whether the player to move has a move (else the position is terminal: a win).
    #[inline]
    fn has_move(&self, pos: &DodgemPos) -> bool {
        let (n, free) = (self.n, self.full & !(pos.blue | pos.red));
        if pos.blue_to_move {
            let b = pos.blue;
            b & self.right != 0 || (b & !self.right) << 1 & free != 0 || (b << n | b >> n) & free != 0
        } else {
            let r = pos.red;
            r & self.top != 0
                || (r << n & free) != 0
                || ((r & !self.left) >> 1 | (r & !self.right) << 1) & free != 0
        }
    }

    /// The slot pair (see [`Indexed`] below) of Blue's cells `blue` and Red's `packed` by
    /// [`pack`].
    #[inline]
    fn pair(&self, blue: u32, packed: u32) -> u64 {
        let cells = (self.n * self.n) as usize;
        let (b, r) = (blue.count_ones() as usize, packed.count_ones() as usize);
        self.offsets[b][r] + colex_rank(blue) * binomial(cells - b, r) + colex_rank(packed)
    }

    /// Calls `f(slot, terminal)` for each move of the player to move in `pos`, generated on the
    /// bitboards: the slot of the position moved to (0 unless `ranked`) and whether it is
    /// terminal.
    #[inline]
    fn for_each_successor(&self, pos: &DodgemPos, ranked: bool, mut f: impl FnMut(u64, bool)) {
        let n = self.n;
        let (blue, red) = (pos.blue, pos.red);
        let free = self.full & !(blue | red);
        if pos.blue_to_move {
            // Forward (right, or off across the right edge), up, down; Red to move next.
            self.for_each_blue_move(pos, |blue| {
                let slot = if ranked { 2 * self.pair(blue, pack(blue, red)) + 1 } else { 0 };
                f(slot, !self.has_move(&DodgemPos { blue, red, blue_to_move: false }));
            });
        } else {
            // Forward (up, or off across the top edge), left, right; Blue to move next. Blue's
            // cells stay: only Red's packed cells and count change.
            let cells = (n * n) as usize;
            let b = blue.count_ones() as usize;
            let (offsets, per_blue) = (&self.offsets[b], colex_rank(blue));
            let packed = pack(blue, red);
            let at = |cell: u32| 1u32 << (cell - (blue & ((1 << cell) - 1)).count_ones());
            let mut go = |red: u32, packed: u32| {
                let slot = if ranked {
                    let r = packed.count_ones() as usize;
                    2 * (offsets[r] + per_blue * binomial(cells - b, r) + colex_rank(packed))
                } else {
                    0
                };
                f(slot, !self.has_move(&DodgemPos { blue, red, blue_to_move: true }));
            };
            let mut steps = |mut tos: u32, delta: u32| {
                while tos != 0 {
                    let to = tos.trailing_zeros();
                    tos &= tos - 1;
                    let from = to.wrapping_add(delta);
                    go(red ^ 1 << from | 1 << to, packed ^ at(from) | at(to));
                }
            };
            steps(red << n & free, n.wrapping_neg());
            steps((red & !self.left) >> 1 & free, 1);
            steps((red & !self.right) << 1 & free, 1u32.wrapping_neg());
            let mut exits = red & self.top;
            while exits != 0 {
                let cell = exits.trailing_zeros();
                exits &= exits - 1;
                go(red ^ 1 << cell, packed ^ at(cell));
            }
        }
    }

    /// Calls `f` with Blue's cars after each of Blue's moves in `pos` (Blue to move): forward
    /// (right, or off across the right edge), up, down.
    #[inline]
    fn for_each_blue_move(&self, pos: &DodgemPos, mut f: impl FnMut(u32)) {
        let (n, blue) = (self.n, pos.blue);
        let free = self.full & !(blue | pos.red);
        let mut steps = |mut tos: u32, delta: u32| {
            while tos != 0 {
                let to = tos.trailing_zeros();
                tos &= tos - 1;
                f(blue ^ 1 << to.wrapping_add(delta) | 1 << to);
            }
        };
        steps((blue & !self.right) << 1 & free, 1u32.wrapping_neg());
        steps(blue << n & free, n.wrapping_neg());
        steps(blue >> n & free, n);
        let mut exits = blue & self.right;
        while exits != 0 {
            let cell = exits.trailing_zeros();
            exits &= exits - 1;
            f(blue ^ 1 << cell);
        }
    }

    /// The board size.
    pub fn size(&self) -> u32 {
        self.n
    }

    fn cell(&self, col: u32, row: u32) -> u32 {
        row * self.n + col
    }

    /// The name of a cell: column letter from the left, row number from the bottom (`a1` is the
    /// bottom-left corner).
    fn cell_name(&self, cell: u32) -> String {
        format!("{}{}", (b'a' + (cell % self.n) as u8) as char, cell / self.n + 1)
    }

    /// Calls `f(from, to)` for each move of the player to move, `to` being `None` when the car
    /// leaves the board.
    fn for_each_move(&self, pos: &DodgemPos, mut f: impl FnMut(u32, Option<u32>)) {
        let n = self.n;
        let occupied = pos.blue | pos.red;
        let free = |cell: u32| occupied & 1 << cell == 0;
        let mut cars = if pos.blue_to_move { pos.blue } else { pos.red };
        while cars != 0 {
            let from = cars.trailing_zeros();
            cars &= cars - 1;
            let (col, row) = (from % n, from / n);
            if pos.blue_to_move {
                // Forward is right; off the board across the right edge.
                if col + 1 == n {
                    f(from, None);
                } else if free(self.cell(col + 1, row)) {
                    f(from, Some(self.cell(col + 1, row)));
                }
                if row + 1 < n && free(self.cell(col, row + 1)) {
                    f(from, Some(self.cell(col, row + 1)));
                }
                if row > 0 && free(self.cell(col, row - 1)) {
                    f(from, Some(self.cell(col, row - 1)));
                }
            } else {
                // Forward is up; off the board across the top edge.
                if row + 1 == n {
                    f(from, None);
                } else if free(self.cell(col, row + 1)) {
                    f(from, Some(self.cell(col, row + 1)));
                }
                if col > 0 && free(self.cell(col - 1, row)) {
                    f(from, Some(self.cell(col - 1, row)));
                }
                if col + 1 < n && free(self.cell(col + 1, row)) {
                    f(from, Some(self.cell(col + 1, row)));
                }
            }
        }
    }

    fn apply(&self, pos: &DodgemPos, from: u32, to: Option<u32>) -> DodgemPos {
        let to_bit = to.map_or(0, |t| 1 << t);
        let mut next = DodgemPos { blue: pos.blue, red: pos.red, blue_to_move: !pos.blue_to_move };
        if pos.blue_to_move {
            next.blue = next.blue & !(1 << from) | to_bit;
        } else {
            next.red = next.red & !(1 << from) | to_bit;
        }
        next
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "dodgem",
    summary: "Dodgem: race your cars across the board; a player left without a move wins",
    help: "Dodgem, invented by Colin Vout (1972) and analysed in Berlekamp, Conway and Guy, \
           Winning Ways for Your Mathematical Plays (rules as in the Wikipedia article `Dodgem`). \
           An n x n board; Blue has n-1 cars on the left edge and Red n-1 cars on the bottom edge, \
           the bottom-left corner empty. Blue moves first. A move takes one of one's own cars one \
           cell: Blue's forward (right), up or down; Red's forward (up), left or right; never \
           backwards and never onto an occupied cell. Cars leave the board only by a forward move \
           across the far edge (Blue's the right edge, Red's the top edge) and do not come back. A \
           player must always leave the opponent a move: the player to move who has none, because \
           all their cars have left or are blocked, wins. Play can go on forever (cars shuffling \
           sideways): that is a draw. 3x3 Dodgem is a first-player win (Winning Ways); D. des \
           Jardins (1996) found 4x4 and 5x5 drawn. Reproduced here, counting the positions \
           reachable from the start: 3x3, 2,055 positions, none drawn, the start won in 20 moves; \
           4x4, 395,294 positions (35,281 drawn), the start drawn; 5x5, 164,338,619 positions \
           (52,703,322 drawn), the start drawn. Boards up to 4x4 are solved with hash maps, 5x5 \
           over a dense index of 240,060,402 slots (a large solve: `solve` prints its memory \
           estimate first; every size can be stored with `solve --save`). With `mirror=1` a \
           position and its mirror image (the board mirrored across the diagonal from the \
           bottom-left corner, colours and player to move swapped: same value) are solved as one \
           over an index of half the slots; `solve` then counts classes (5x5: 120,020,062). Notation: the rows from the top, separated by \
           `/`, each cell `b` (Blue), `r` (Red) or `.`, then a space and the player to move, `b` \
           or `r`: the 3x3 start is `b../b../.rr b`. Moves are written `a2-b2` or `c2-off`, cells \
           named by column letter from the left and row number from the bottom (`a1` is the \
           bottom-left corner).",
    params: &[
        ParamSpec { name: "n", default: "3", help: "board size (2 to 5; 5 is a large solve over a dense index)" },
        ParamSpec {
            name: "mirror",
            default: "",
            help: "1: solve a position and its mirror image (the board mirrored across its diagonal, the \
                   colours and the player to move swapped) as one, over the dense index (default 0)",
        },
    ],
    build,
    facts: Facts { dense: Some(build_dense), ..Facts::NONE },
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let game = build_game(params)?;
    let dense = game.n >= DENSE_FROM || game.mirror;
    Ok(if dense { Box::new(nimber_engine::dense::Dense(game)) } else { Box::new(game) })
}

/// Dodgem over its dense index at every size, for `solve --save` and checkpoints.
fn build_dense(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(nimber_engine::dense::Dense(build_game(params)?)))
}

/// The game of the parameters.
pub(crate) fn build_game(params: &Params) -> Result<Dodgem, Error> {
    let mirror = !params.text("mirror").is_empty() && params.int("mirror", 0, 1)? == 1;
    Ok(Dodgem::new(params.int("n", MIN_SIZE, MAX_SIZE)? as u32)?.with_mirror(mirror))
}

/// Boards of this size and more are solved through the dense index by default.
pub const DENSE_FROM: u32 = 5;

impl Game for Dodgem {
    type Position = DodgemPos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> DodgemPos {
        let mut pos = DodgemPos { blue: 0, red: 0, blue_to_move: true };
        for k in 1..self.n {
            pos.blue |= 1 << self.cell(0, k);
            pos.red |= 1 << self.cell(k, 0);
        }
        pos
    }

    fn moves(&self, pos: &DodgemPos) -> Vec<Move<DodgemPos>> {
        let mut moves = Vec::new();
        self.for_each_move(pos, |from, to| {
            let target = to.map_or_else(|| "off".to_string(), |t| self.cell_name(t));
            moves.push(Move::new(format!("{}-{target}", self.cell_name(from)), self.apply(pos, from, to)));
        });
        moves
    }

    fn successors(&self, pos: &DodgemPos, out: &mut Vec<DodgemPos>) {
        self.for_each_move(pos, |from, to| out.push(self.apply(pos, from, to)));
    }

    fn terminal(&self, pos: &DodgemPos) -> Option<Outcome> {
        (!self.has_move(pos)).then_some(Outcome::new(Value::Win, 0))
    }

    fn notation(&self) -> Option<&dyn Notation<DodgemPos>> {
        Some(self)
    }

    fn drawing(&self) -> Option<&dyn Draw<DodgemPos>> {
        Some(self)
    }

    fn backward(&self) -> Option<&dyn Backward<DodgemPos>> {
        Some(self)
    }
}

impl Notation<DodgemPos> for Dodgem {
    fn format(&self, pos: &DodgemPos) -> String {
        let n = self.n;
        let mut s = String::new();
        for row in (0..n).rev() {
            for col in 0..n {
                let bit = 1 << self.cell(col, row);
                s.push(if pos.blue & bit != 0 {
                    'b'
                } else if pos.red & bit != 0 {
                    'r'
                } else {
                    '.'
                });
            }
            if row > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if pos.blue_to_move { 'b' } else { 'r' });
        s
    }

    fn parse(&self, text: &str) -> Result<DodgemPos, ParseError> {
        let n = self.n;
        let chars: Vec<char> = text.chars().collect();
        let mut at = 0;
        while at < chars.len() && chars[at].is_whitespace() {
            at += 1;
        }
        let mut pos = DodgemPos { blue: 0, red: 0, blue_to_move: true };
        for row in (0..n).rev() {
            for col in 0..n {
                let bit = 1 << self.cell(col, row);
                match chars.get(at) {
                    Some('b' | 'B') => pos.blue |= bit,
                    Some('r' | 'R') => pos.red |= bit,
                    Some('.') => {}
                    Some(c) => {
                        return Err(ParseError::at(
                            at + 1,
                            format!("`{c}` is not a cell: use `b`, `r` or `.`, {n} cells a row"),
                        ))
                    }
                    None => {
                        return Err(ParseError::at(at + 1, format!("the board needs {n} rows of {n} cells")))
                    }
                }
                at += 1;
            }
            if row > 0 {
                if chars.get(at) != Some(&'/') {
                    return Err(ParseError::at(at + 1, format!("expected `/` after {n} cells")));
                }
                at += 1;
            }
        }
        if !chars.get(at).is_some_and(|c| c.is_whitespace()) {
            return Err(ParseError::at(at + 1, "expected a space, then the player to move (`b` or `r`)"));
        }
        while at < chars.len() && chars[at].is_whitespace() {
            at += 1;
        }
        match chars.get(at) {
            Some('b' | 'B') => pos.blue_to_move = true,
            Some('r' | 'R') => pos.blue_to_move = false,
            _ => return Err(ParseError::at(at + 1, "expected the player to move: `b` or `r`")),
        }
        at += 1;
        if let Some(extra) = chars[at..].iter().position(|c| !c.is_whitespace()) {
            return Err(ParseError::at(at + extra + 1, "unexpected text after the player to move"));
        }
        for (cars, name) in [(pos.blue, "Blue"), (pos.red, "Red")] {
            if cars.count_ones() > n - 1 {
                return Err(ParseError::new(format!(
                    "{name} has {} cars on the board but only {} in the game",
                    cars.count_ones(),
                    n - 1
                )));
            }
        }
        Ok(pos)
    }
}

impl Draw<DodgemPos> for Dodgem {
    fn svg(&self, pos: &DodgemPos) -> Option<String> {
        Some(draw(self, pos))
    }
}

impl Backward<DodgemPos> for Dodgem {
    /// The positions before the last move, made by the player not to move in `pos`: one of
    /// their cars one cell back (Blue's from the left, from below or from above; Red's from
    /// below, from the right or from the left) onto a free cell, or a car that has left back on
    /// the cell it left from (Blue's right column, Red's top row) when it is free. Every one has
    /// a move (the one into `pos`), so none is terminal.
    fn predecessors(&self, pos: &DodgemPos, out: &mut Vec<DodgemPos>) {
        self.each_predecessor(pos, |p| out.push(p));
    }
}

impl Dodgem {
    /// Calls `f` with every predecessor of `pos`, as [`Backward::predecessors`] lists them.
    fn each_predecessor(&self, pos: &DodgemPos, mut f: impl FnMut(DodgemPos)) {
        let n = self.n;
        let free = self.full & !(pos.blue | pos.red);
        // The player who moved last, and their cars.
        let blue_moved = !pos.blue_to_move;
        let cars = if blue_moved { pos.blue } else { pos.red };
        let before = |cars_before: u32| {
            if blue_moved {
                DodgemPos { blue: cars_before, red: pos.red, blue_to_move: true }
            } else {
                DodgemPos { blue: pos.blue, red: cars_before, blue_to_move: false }
            }
        };
        let mut rest = cars;
        while rest != 0 {
            let to = rest.trailing_zeros();
            rest &= rest - 1;
            let (col, row) = (to % n, to / n);
            let others = cars & !(1 << to);
            // (The cell the car came from, whether that move exists.)
            let from = if blue_moved {
                [(to.wrapping_sub(1), col > 0), (to.wrapping_sub(n), row > 0), (to + n, row + 1 < n)]
            } else {
                [(to.wrapping_sub(n), row > 0), (to + 1, col + 1 < n), (to.wrapping_sub(1), col > 0)]
            };
            for (cell, exists) in from {
                if exists && free & 1 << cell != 0 {
                    f(before(others | 1 << cell));
                }
            }
        }
        if cars.count_ones() < n - 1 {
            let mut exits = free & if blue_moved { self.right } else { self.top };
            while exits != 0 {
                let cell = exits.trailing_zeros();
                exits &= exits - 1;
                f(before(cars | 1 << cell));
            }
        }
    }
}

/// The dense index: the positions with `b` Blue and `r` Red cars on the board (`b`, `r` in
/// `0..n`) form a block of `C(n², b) * C(n² - b, r)` slot pairs, blocks in order of `b` then `r`;
/// within a block, Blue's cells are a `b`-subset of the `n²` cells and Red's an `r`-subset of the
/// `n² - b` cells Blue leaves free, both ranked in the combinatorial number system (colex order);
/// the low bit of a slot is 0 when Blue is to move. Every slot is a position (no holes), reachable
/// or not.
impl Indexed for Dodgem {
    fn size(&self) -> u64 {
        let pairs = self.offsets[self.n as usize - 1][self.n as usize];
        if self.mirror {
            pairs
        } else {
            2 * pairs
        }
    }

    fn rank(&self, pos: &DodgemPos) -> u64 {
        if self.mirror {
            let q = self.canonical(pos);
            return self.mirror_slot(q.blue, q.red);
        }
        2 * self.pair(pos.blue, pack(pos.blue, pos.red)) + !pos.blue_to_move as u64
    }

    fn canonical(&self, pos: &DodgemPos) -> DodgemPos {
        if self.mirror && !pos.blue_to_move {
            self.mirrored(pos)
        } else {
            *pos
        }
    }

    fn unrank(&self, index: u64) -> Option<DodgemPos> {
        if index >= Indexed::size(self) {
            return None;
        }
        let (n, cells) = (self.n as usize, (self.n * self.n) as usize);
        let pair = if self.mirror { index } else { index / 2 };
        let b = (0..n).rev().find(|&b| self.offsets[b][0] <= pair)?;
        let r = (0..n).rev().find(|&r| self.offsets[b][r] <= pair)?;
        let within = pair - self.offsets[b][r];
        let per_blue = binomial(cells - b, r);
        let blue = colex_unrank(within / per_blue, b);
        let red = unpack(blue, colex_unrank(within % per_blue, r));
        Some(DodgemPos { blue, red, blue_to_move: self.mirror || index.is_multiple_of(2) })
    }

    /// Distinct moves lead to distinct positions, so no slot needs removing: a move takes one of
    /// the mover's cars from a cell `f` of their set `S` to a free cell `t` (leaving `S - f + t`)
    /// or off the board (leaving `S - f`). Moves off leave one car fewer than moves on the board,
    /// so only moves of the same sort can meet; two moves off from `f != f'` leave sets without
    /// `f` and with `f` apart; two moves on the board from the same `f` to `t != t'` leave sets
    /// that differ in `t`; and from `f != f'`, `S - f' + t'` holds `f` (a car of `S` other than
    /// `f'`) while `S - f + t` does not (`t` is free, so not `f`). The same holds for the
    /// predecessors (moves backwards: a car of `S` from `t` to a free `f`, or a car back on).
    ///
    /// With the mirror, a position and its image have moves into images of each other, and two
    /// positions with the same player to move are never images of each other (an image has the
    /// other player to move): distinct moves still lead to distinct classes.
    fn successor_slots(&self, pos: &DodgemPos, out: &mut Vec<(u64, bool)>) {
        if self.mirror {
            // From the class's position with Blue to move: each move leaves Red to move, whose
            // image has Blue's cars where Red's were, mirrored, and Red's where Blue's went.
            let q = self.canonical(pos);
            let blue = self.flip(q.red);
            self.for_each_blue_move(&q, |moved| {
                let s = DodgemPos { blue: moved, red: q.red, blue_to_move: false };
                out.push((self.mirror_slot(blue, self.flip(moved)), !self.has_move(&s)));
            });
            return;
        }
        self.for_each_successor(pos, true, |slot, terminal| out.push((slot, terminal)));
    }

    /// Terminal positions are wins for the player to move, and distinct moves lead to distinct
    /// positions (see [`Indexed::successor_slots`] above): the open classes are the moves into
    /// positions that are not terminal, counted without ranking any.
    fn move_classes(&self, pos: &DodgemPos) -> MoveClasses {
        let mut classes = MoveClasses::default();
        self.for_each_successor(&self.canonical(pos), false, |_, terminal| {
            if terminal {
                classes.into_won = Some(0);
            } else {
                classes.open += 1;
            }
        });
        classes
    }

    /// The predecessors of [`Backward::predecessors`](nimber_engine::Backward::predecessors), generated on the bitboards and ranked
    /// directly; distinct ones (see [`Indexed::successor_slots`] above), none terminal.
    fn predecessor_slots(&self, pos: &DodgemPos, out: &mut Vec<u64>) {
        if self.mirror {
            // Of the class's position with Blue to move: Red moved last, from a position with
            // Red to move whose image has Blue's cars where Red's were, mirrored.
            let q = self.canonical(pos);
            let red = self.flip(q.blue);
            self.each_predecessor(&q, |p| out.push(self.mirror_slot(self.flip(p.red), red)));
            return;
        }
        let n = self.n;
        let free = self.full & !(pos.blue | pos.red);
        if pos.blue_to_move {
            // Red moved last: from below, from the right, from the left, or back on at the top.
            let (blue, red) = (pos.blue, pos.red);
            let b = blue.count_ones() as usize;
            let cells = (n * n) as usize;
            let (offsets, per_blue) = (&self.offsets[b], colex_rank(blue));
            let packed = pack(blue, red);
            let at = |cell: u32| 1u32 << (cell - (blue & ((1 << cell) - 1)).count_ones());
            let slot = |packed: u32| {
                let r = packed.count_ones() as usize;
                2 * (offsets[r] + per_blue * binomial(cells - b, r) + colex_rank(packed)) + 1
            };
            let mut steps = |mut froms: u32, delta: u32| {
                while froms != 0 {
                    let from = froms.trailing_zeros();
                    froms &= froms - 1;
                    out.push(slot(packed ^ at(from.wrapping_add(delta)) | at(from)));
                }
            };
            steps(red >> n & free, n);
            steps((red & !self.right) << 1 & free, 1u32.wrapping_neg());
            steps((red & !self.left) >> 1 & free, 1);
            if red.count_ones() < n - 1 {
                let mut exits = free & self.top;
                while exits != 0 {
                    let cell = exits.trailing_zeros();
                    exits &= exits - 1;
                    out.push(slot(packed | at(cell)));
                }
            }
        } else {
            // Blue moved last: from the left, from below, from above, or back on at the right.
            let (blue, red) = (pos.blue, pos.red);
            let slot = |blue: u32| 2 * self.pair(blue, pack(blue, red));
            let mut steps = |mut froms: u32, delta: u32| {
                while froms != 0 {
                    let from = froms.trailing_zeros();
                    froms &= froms - 1;
                    out.push(slot(blue ^ 1 << from.wrapping_add(delta) | 1 << from));
                }
            };
            steps((blue & !self.left) >> 1 & free, 1);
            steps(blue >> n & free, n);
            steps(blue << n & free, n.wrapping_neg());
            if blue.count_ones() < n - 1 {
                let mut exits = free & self.right;
                while exits != 0 {
                    let cell = exits.trailing_zeros();
                    exits &= exits - 1;
                    out.push(slot(blue | 1 << cell));
                }
            }
        }
    }

    /// The predecessors generated on the bitboards, each ranked and made canonical (with the
    /// mirror, the image with Blue to move).
    fn for_each_predecessor<F: FnMut(u64, &DodgemPos)>(&self, pos: &DodgemPos, mut f: F) {
        if self.mirror {
            let q = self.canonical(pos);
            let red = self.flip(q.blue);
            self.each_predecessor(&q, |p| {
                let blue = self.flip(p.red);
                f(self.mirror_slot(blue, red), &DodgemPos { blue, red, blue_to_move: true })
            });
        } else {
            self.each_predecessor(pos, |p| f(self.rank(&p), &p));
        }
    }

    /// The moves generated on the bitboards: a move into a position where the opponent has no
    /// move ends the game, won for that opponent in 0; the others are ranked (with the mirror,
    /// from the class's position with Blue to move, as in [`Indexed::successor_slots`]), and
    /// only until `f` says stop.
    fn all_children<F: FnMut(Child) -> bool>(&self, pos: &DodgemPos, mut f: F) -> bool {
        let mut all = true;
        if self.mirror {
            // Each move of Blue's car from `from` to `to` (or off) moves, in the image, Red's car
            // from `across[from]` to `across[to]`: the image's Blue cars stay, so only Red's
            // packed cells change, one car each ([`Dodgem::for_each_successor`] does the same).
            let q = self.canonical(pos);
            let blue = self.flip(q.red);
            let b = blue.count_ones() as usize;
            let (offsets, per_blue, cells) = (&self.offsets[b], colex_rank(blue), (self.n * self.n) as usize);
            let packed = pack(blue, self.flip(q.blue));
            let at = |cell: u8| 1u32 << (cell as u32 - (blue & ((1 << cell) - 1)).count_ones());
            self.for_each_blue_move(&q, |moved| {
                if !all {
                    return;
                }
                all = f(if self.has_move(&DodgemPos { blue: moved, red: q.red, blue_to_move: false }) {
                    let (gone, came) = (q.blue & !moved, moved & !q.blue);
                    let mut p = packed ^ at(self.across[gone.trailing_zeros() as usize]);
                    if came != 0 {
                        p |= at(self.across[came.trailing_zeros() as usize]);
                    }
                    let r = p.count_ones() as usize;
                    Child::Slot(offsets[r] + per_blue * binomial(cells - b, r) + colex_rank(p))
                } else {
                    Child::Terminal(Outcome::new(Value::Win, 0))
                });
            });
        } else {
            self.for_each_successor(pos, true, |slot, terminal| {
                if all {
                    all = f(if terminal {
                        Child::Terminal(Outcome::new(Value::Win, 0))
                    } else {
                        Child::Slot(slot)
                    });
                }
            });
        }
        all
    }

    /// The moves generated on the bitboards, none ranked.
    fn for_each_child_end<F: FnMut(Option<Outcome>)>(&self, pos: &DodgemPos, mut f: F) {
        let end = |terminal: bool| terminal.then_some(Outcome::new(Value::Win, 0));
        if self.mirror {
            let q = self.canonical(pos);
            self.for_each_blue_move(&q, |moved| {
                f(end(!self.has_move(&DodgemPos { blue: moved, red: q.red, blue_to_move: false })))
            });
        } else {
            self.for_each_successor(pos, false, |_, terminal| f(end(terminal)));
        }
    }

    fn index_scheme(&self) -> String {
        let mirror = if self.mirror { "-mirror" } else { "" };
        format!("dodgem-n{}-combinations{mirror}-v1", self.n)
    }

    fn reachable_hint(&self) -> Option<u64> {
        if self.mirror {
            return REACHABLE_CLASSES.get(self.n as usize - 2).copied().flatten();
        }
        REACHABLE.get(self.n as usize - 2).copied()
    }
}

/// The drawing: the board with `data-square` named as the moves (`a1` bottom left), Blue's
/// cars pointing right and Red's pointing up (`data-piece="b"` or `"r"`, `data-at` the
/// square), the edges they leave by (`data-exit="b"` on the right, `"r"` on top), the cars
/// that have left, and whose turn it is (or who won).
fn draw(game: &Dodgem, pos: &DodgemPos) -> String {
    use crate::common::svg::{colour, file_letter, Anchor, Attrs, Board, Svg};
    const CELL: f64 = 70.0;
    const STRIP: f64 = 22.0;
    let n = game.n as usize;
    let side = n as f64 * CELL;
    let board = Board { x: 44.0, y: 20.0 + STRIP + 12.0, cols: n, rows: n, cell: CELL };
    let (width, height) = ((board.x + side + 8.0 + STRIP + 20.0).max(300.0), board.y + side + 110.0);
    let mut svg = Svg::new(INFO.name, &game.format(pos), width, height);
    // The exits: Red's above the board, Blue's on its right.
    let exit = |svg: &mut Svg, who: &str, x: f64, y: f64, w: f64, h: f64| {
        let (fill, stroke) = if who == "b" {
            (colour::FIRST_SOFT, colour::FIRST)
        } else {
            (colour::SECOND_SOFT, colour::SECOND)
        };
        let attrs =
            Attrs::new().paint(fill, Some((stroke, 1.5))).set("stroke-dasharray", "5 4").data("exit", who);
        svg.rect(x, y, w, h, 4.0, attrs);
    };
    exit(&mut svg, "r", board.x, board.y - STRIP - 8.0, side, STRIP);
    exit(&mut svg, "b", board.x + side + 8.0, board.y, STRIP, side);
    for k in 0..n {
        let (cx, cy) = board.centre(k, k);
        let ty = board.y - 8.0 - STRIP / 2.0;
        svg.arrow((cx, ty + 6.0), (cx, ty - 6.0), colour::SECOND, 2.0);
        let tx = board.x + side + 8.0 + STRIP / 2.0;
        svg.arrow((tx - 6.0, cy), (tx + 6.0, cy), colour::FIRST, 2.0);
    }
    let name = |col: usize, row: usize| game.cell_name(game.cell(col as u32, (n - 1 - row) as u32));
    board.draw(&mut svg, |_, _| colour::SQUARE, name, |_, _, a| a);
    board.coordinates(&mut svg, false, file_letter, |row| (n - row).to_string());
    for row in 0..n {
        for col in 0..n {
            let bit = 1 << game.cell(col as u32, (n - 1 - row) as u32);
            let blue = pos.blue & bit != 0;
            if !blue && pos.red & bit == 0 {
                continue;
            }
            let (cx, cy) = board.centre(col, row);
            let (piece, fill, tooltip) =
                if blue { ("b", colour::FIRST, "Blue's car") } else { ("r", colour::SECOND, "Red's car") };
            svg.group(Attrs::new().data("piece", piece).data("at", name(col, row)), Some(tooltip));
            let (long, short) = (CELL * 0.72, CELL * 0.46);
            let (w, h) = if blue { (long, short) } else { (short, long) };
            svg.rect(
                cx - w / 2.0,
                cy - h / 2.0,
                w,
                h,
                9.0,
                Attrs::new().paint(fill, Some((colour::INK, 1.5))),
            );
            // A chevron pointing forward: right for Blue, up for Red.
            let d = CELL * 0.14;
            let points = if blue {
                [(cx - d, cy - d * 1.2), (cx + d * 1.2, cy), (cx - d, cy + d * 1.2)]
            } else {
                [(cx - d * 1.2, cy + d), (cx, cy - d * 1.2), (cx + d * 1.2, cy + d)]
            };
            svg.polygon(&points, Attrs::new().set("fill", "#ffffff").set("fill-opacity", "0.85"));
            svg.close();
        }
    }
    let cars = game.n - 1;
    let off = |set: u32| cars - set.count_ones();
    let y = board.y + side + 38.0;
    let blue = format!("Blue: {} of {cars} cars off the board", off(pos.blue));
    svg.text((board.x, y), &blue, 13.0, Anchor::Start, colour::FIRST);
    let red = format!("Red: {} of {cars} cars off the board", off(pos.red));
    svg.text((board.x, y + 18.0), &red, 13.0, Anchor::Start, colour::SECOND);
    let (who, c) = if pos.blue_to_move { ("Blue", colour::FIRST) } else { ("Red", colour::SECOND) };
    let text = if game.terminal(pos).is_some() {
        format!("{who} has no move: {who} wins")
    } else {
        format!("{who} to move")
    };
    svg.status((board.x, y + 48.0), Some(c), &text, 16.0);
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::solve::memo;
    use nimber_engine::solve::retrograde::{self, Predecessors};
    use nimber_engine::{Outcome, Silent, Solution};

    fn solve(n: u32) -> (Dodgem, Solution<DodgemPos>) {
        let game = Dodgem::new(n).unwrap();
        let solved = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
        (game, solved)
    }

    /// Counts of positions by value: win, lose, tie, draw.
    fn by_value(solved: &Solution<DodgemPos>) -> [usize; 4] {
        let mut counts = [0; 4];
        for (_, o) in solved.iter() {
            counts[o.value().index()] += 1;
        }
        counts
    }

    #[test]
    fn three_by_three_is_a_first_player_win() {
        let (game, solved) = solve(3);
        let start = game.start();
        assert_eq!(game.format(&start), "b../b../.rr b");
        let outcome = solved.get(&start).unwrap();
        assert_eq!(outcome.value(), Value::Win, "Winning Ways: the first player wins 3x3 Dodgem");
        // Measured here (and by an independent script): 2,055 positions are reachable, the start
        // is won in 20 moves, and every reachable position is decided: the game has cycles, but
        // no position is drawn.
        assert_eq!(outcome, Outcome::new(Value::Win, 20));
        assert_eq!(solved.len(), 2055);
        assert_eq!(by_value(&solved), [1215, 840, 0, 0]);
    }

    #[test]
    fn four_by_four_is_drawn() {
        // D. des Jardins (1996): 4x4 Dodgem goes on forever under best play. Counts measured here
        // and by an independent script.
        let (game, solved) = solve(4);
        assert_eq!(solved.get(&game.start()), Some(Outcome::DRAW));
        let counts = by_value(&solved);
        assert!(counts[Value::Draw.index()] > 0);
        assert_eq!(solved.len(), 395_294);
        assert_eq!(counts, [210_883, 149_130, 0, 35_281]);
    }

    #[test]
    fn memo_search_meets_a_cycle() {
        let game = Dodgem::new(3).unwrap();
        match memo::solve(&game, &[game.start()], &Silent) {
            Err(Error::Cycle(_)) => {}
            Err(e) => panic!("expected a cycle, got {e}"),
            Ok(_) => panic!("expected a cycle"),
        }
    }

    #[test]
    fn retrograde_with_and_without_reverse_graph_agree() {
        let game = Dodgem::new(3).unwrap();
        let auto = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
        let graph = retrograde::solve(&game, &[game.start()], Predecessors::ReverseGraph, &Silent).unwrap();
        for (p, o) in auto.iter() {
            assert_eq!(graph.get(p), Some(o));
        }
    }

    /// The position seen by the other player: transposed board, colours swapped.
    fn mirror(game: &Dodgem, pos: &DodgemPos) -> DodgemPos {
        let n = game.n;
        let transpose = |cars: u32| {
            (0..n * n).filter(|&c| cars & 1 << c != 0).fold(0, |acc, c| acc | 1 << game.cell(c / n, c % n))
        };
        DodgemPos { blue: transpose(pos.red), red: transpose(pos.blue), blue_to_move: !pos.blue_to_move }
    }

    #[test]
    fn the_colours_are_symmetric() {
        // Reflecting the board in the diagonal through the empty corner swaps the colours' roles:
        // the reflected position has the same value for the player to move.
        for n in [2, 3, 4] {
            let game = Dodgem::new(n).unwrap();
            let roots = [game.start(), mirror(&game, &game.start())];
            let solved = retrograde::solve(&game, &roots, Predecessors::Auto, &Silent).unwrap();
            for (p, o) in solved.iter() {
                assert_eq!(solved.get(&mirror(&game, p)), Some(o), "{}", game.format(p));
            }
        }
    }

    #[test]
    fn a_player_without_moves_wins() {
        let game = Dodgem::new(3).unwrap();
        let pos = |t: &str| game.parse(t).unwrap();
        // Blue's cars have all left: Blue, to move, has won.
        assert_eq!(game.terminal(&pos(".../.../.rr b")), Some(Outcome::new(Value::Win, 0)));
        // Red's only car is blocked: up by Blue, sideways by the edge and by Blue.
        assert_eq!(game.terminal(&pos(".../b../rb. r")), Some(Outcome::new(Value::Win, 0)));
        assert_eq!(game.terminal(&pos(".../b../rb. b")), None);
        // Blue's last car leaves; Red still has a car, so must move, and then Blue, to move
        // without cars, wins: Blue wins in 2.
        let solved = retrograde::solve(&game, &[pos("r../..b/... b")], Predecessors::Auto, &Silent).unwrap();
        assert_eq!(solved.get(&pos("r../..b/... b")), Some(Outcome::new(Value::Win, 2)));
        assert_eq!(solved.get(&pos("r../.../... r")), Some(Outcome::new(Value::Lose, 1)));
        // With no Red car left either, moving off (or anywhere) hands Red a position without
        // moves: Red wins.
        let solved = retrograde::solve(&game, &[pos(".../..b/... b")], Predecessors::Auto, &Silent).unwrap();
        assert_eq!(solved.get(&pos(".../..b/... b")), Some(Outcome::new(Value::Lose, 1)));
    }

    #[test]
    fn moves_and_labels() {
        let game = Dodgem::new(3).unwrap();
        let labels: Vec<String> = game.moves(&game.start()).into_iter().map(|m| m.label).collect();
        assert_eq!(labels, ["a2-b2", "a2-a1", "a3-b3"]);
        let red = game.parse("b../b../.rr r").unwrap();
        let labels: Vec<String> = game.moves(&red).into_iter().map(|m| m.label).collect();
        assert_eq!(labels, ["b1-b2", "b1-a1", "c1-c2"]);
        let edge = game.parse("..b/.../... b").unwrap();
        assert_eq!(game.moves(&edge)[0].label, "c3-off");
    }

    #[test]
    fn notation_round_trip() {
        let game = Dodgem::new(3).unwrap();
        for text in ["b../b../.rr b", "b../b../.rr r", ".../.../... b", "r.b/.b./r.. r"] {
            assert_eq!(game.format(&game.parse(text).unwrap()), text);
        }
        assert_eq!(game.format(&game.parse("  B../b../.RR   r ").unwrap()), "b../b../.rr r");
        let (game, solved) = solve(3);
        for (p, _) in solved.iter() {
            assert_eq!(&game.parse(&game.format(p)).unwrap(), p);
        }
        let big = Dodgem::new(4).unwrap();
        assert_eq!(big.format(&big.start()), "b.../b.../b.../.rrr b");
        assert_eq!(big.parse("b.../b.../b.../.rrr b").unwrap(), big.start());
    }

    #[test]
    fn bad_positions_are_rejected() {
        let game = Dodgem::new(3).unwrap();
        let err = |t: &str| game.parse(t).unwrap_err();
        assert_eq!(err("b../b../.rx b").column, Some(11));
        assert_eq!(err("b../b.../.rr b").column, Some(8));
        assert_eq!(err("b../b../.r").column, Some(11));
        assert_eq!(err("b../b../.rr").column, Some(12));
        assert_eq!(err("b../b../.rrb").column, Some(12));
        assert_eq!(err("b../b../.rr x").column, Some(13));
        assert_eq!(err("b../b../.rr b b").column, Some(15));
        assert_eq!(err("").column, Some(1));
        assert_eq!(err("é").column, Some(1));
        assert!(err("bbb/.../.rr b").message.contains("Blue has 3 cars"));
        assert!(err("b../r../rrr r").message.contains("Red has 4 cars"));
        assert!(Dodgem::new(1).is_err() && Dodgem::new(6).is_err());
        assert!(crate::build("dodgem", &["n=9"]).is_err());
        assert_eq!(crate::build("dodgem", &["n=4"]).unwrap().start_text(), "b.../b.../b.../.rrr b");
    }

    #[test]
    fn the_table_of_sets_is_the_colex_numbering() {
        // Every rank of every set size, 15,276 sets: the table against the engine's numbering.
        for k in 0..=CARS {
            let count = SET_FIRST[k + 1] - SET_FIRST[k];
            assert_eq!(count as u64, subset::binomial(CELLS as u64, k as u64));
            for rank in 0..count as u64 {
                let set = colex_unrank(rank, k);
                assert_eq!(set as u64, subset::unrank_set(rank, k as u32, CELLS as u32), "k={k} rank={rank}");
                assert_eq!(colex_rank(set), rank);
            }
        }
        assert_eq!(SETS.len(), 15_276);
    }

    #[test]
    fn the_dense_index_is_a_bijection() {
        use nimber_engine::index::check_bijection;
        // Slot pairs: the sum over b, r < n of C(n², b) C(n² - b, r); every slot is a position.
        for (n, size) in [(2, 42), (3, 2846), (4, 555_986), (5, 240_060_402)] {
            let game = Dodgem::new(n).unwrap();
            assert_eq!(Indexed::size(&game), size);
            assert_eq!(game.rank(&game.start()) % 2, 0);
            assert_eq!(game.unrank(size), None);
            if n <= 4 {
                assert_eq!(check_bijection(&game, std::iter::empty(), 0..size), 0, "n={n}");
            } else {
                // 5x5: the first and last slots of every block, and a stride through the rest.
                let mut slots: Vec<u64> = (0..size).step_by(9973).collect();
                for b in 0..5 {
                    for r in 0..=5 {
                        let first = 2 * game.offsets[b][r];
                        slots.extend([first, first + 1, first.saturating_sub(1), first.saturating_sub(2)]);
                    }
                }
                slots.retain(|&s| s < size);
                slots.extend([size - 1, size - 2]);
                assert_eq!(check_bijection(&game, [game.start()], slots), 0);
            }
        }
        let (game, solved) = solve(3);
        let holes = check_bijection(&game, solved.iter().map(|(p, _)| *p), std::iter::empty());
        assert_eq!(holes, 0);
        assert_eq!(game.index_scheme(), "dodgem-n3-combinations-v1");
    }

    #[test]
    fn predecessors_invert_moves() {
        use nimber_engine::index::{check_predecessors, check_slot_methods};
        for n in [2, 3, 4] {
            let (game, solved) = solve(n);
            let positions: Vec<DodgemPos> = solved.iter().map(|(p, _)| *p).collect();
            let moves = check_predecessors(&game, positions.iter().copied());
            let open = check_slot_methods(&game, positions.iter().copied());
            // A predecessor has a move (into the position): none is terminal.
            let mut preds = Vec::new();
            let mut listed = 0;
            for p in &positions {
                preds.clear();
                game.predecessors(p, &mut preds);
                listed += preds.len();
                for q in &preds {
                    assert_eq!(game.terminal(q), None, "{} before {}", game.format(q), game.format(p));
                    assert_eq!(q.blue_to_move, !p.blue_to_move);
                }
            }
            eprintln!(
                "dodgem n={n}: predecessors of {} reachable positions ({open} not terminal) agree with \
                 their moves, {moves} moves checked both ways; {listed} predecessors, none terminal",
                positions.len()
            );
        }
        // Every slot of 3x3, reachable or not.
        let game = Dodgem::new(3).unwrap();
        let all: Vec<DodgemPos> = (0..Indexed::size(&game)).filter_map(|s| game.unrank(s)).collect();
        assert_eq!(all.len(), 2846);
        check_predecessors(&game, all.iter().copied());
        check_slot_methods(&game, all.iter().copied());
        // Examples: Blue moved last and has a car that left (re-entering at the right column).
        let pos = game.parse(".../b../rr. r").unwrap();
        let mut preds = Vec::new();
        game.predecessors(&pos, &mut preds);
        let mut texts: Vec<String> = preds.iter().map(|q| game.format(q)).collect();
        texts.sort();
        assert_eq!(texts, [".../b../rrb b", ".../b.b/rr. b", "..b/b../rr. b", "b../.../rr. b"]);
    }

    #[test]
    fn slot_methods_agree_with_ranking_everywhere() {
        use nimber_engine::index::check_slot_methods;
        // Every slot of 2x2 and 4x4, reachable or not (the reachable ones of 2x2 to 4x4 and every
        // 3x3 slot are checked above).
        for n in [2, 4] {
            let game = Dodgem::new(n).unwrap();
            let all = (0..Indexed::size(&game)).map(|s| game.unrank(s).unwrap());
            let open = check_slot_methods(&game, all);
            eprintln!("dodgem n={n}: slot methods agree on every slot, {open} not terminal");
        }
        // 5x5: pseudo-random slots (a fixed xorshift sequence), and the first and last slots of
        // every block.
        let game = Dodgem::new(5).unwrap();
        let size = Indexed::size(&game);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut slots: Vec<u64> = (0..300_000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state % size
            })
            .collect();
        for b in 0..5 {
            for r in 0..5 {
                let first = 2 * game.offsets[b][r];
                slots.extend([first, first + 1, first + 2, first + 3]);
                slots.extend([2 * game.offsets[b][r + 1] - 1, 2 * game.offsets[b][r + 1] - 2]);
            }
        }
        let open = check_slot_methods(&game, slots.iter().map(|&s| game.unrank(s).unwrap()));
        assert!(open > 200_000, "{open}");
        eprintln!("dodgem n=5: slot methods agree on {} slots, {open} not terminal", slots.len());
    }

    #[test]
    fn the_dense_solve_agrees_with_retrograde_analysis() {
        use nimber_engine::dense;
        for n in [2, 3, 4] {
            let (game, solved) = solve(n);
            let dense = dense::solve(&game, None, &Silent).unwrap();
            assert_eq!(dense.len(), solved.len() as u64, "n={n}");
            assert_eq!(game.reachable_hint(), Some(dense.len()));
            for (p, o) in solved.iter() {
                assert_eq!(dense.get(&game, p), Some(o), "n={n} {}", game.format(p));
            }
            assert_eq!(dense.counts(), solved.counts(), "n={n}");
            eprintln!("dodgem n={n}: {} positions agree, dense and hash-map retrograde", solved.len());
        }
        let three = Dodgem::new(3).unwrap();
        let dense = dense::solve(&three, None, &Silent).unwrap();
        assert_eq!(dense.get(&three, &three.start()), Some(Outcome::new(Value::Win, 20)));
        let four = Dodgem::new(4).unwrap();
        let dense = dense::solve(&four, None, &Silent).unwrap();
        assert_eq!(dense.get(&four, &four.start()), Some(Outcome::DRAW));
        assert_eq!(dense.len(), 395_294);
    }

    /// The mirror index: one slot per position with Blue to move, standing for it and its
    /// mirror image (Red to move); the same value for every position as without it.
    #[test]
    fn the_mirror_index_gives_every_position_its_value() {
        use nimber_engine::dense;
        use nimber_engine::index::{check_bijection, check_predecessors, check_slot_methods};
        for n in [2, 3, 4] {
            let (plain, solved) = solve(n);
            let game = Dodgem::new(n).unwrap().with_mirror(true);
            let positions: Vec<DodgemPos> = solved.iter().map(|(p, _)| *p).collect();
            // Images: the start's is the start with Red to move; taking it twice gives back the
            // position; a position and its image have the same value (solved without the mirror).
            assert_eq!(game.mirrored(&game.start()), DodgemPos { blue_to_move: false, ..game.start() });
            for p in &positions {
                assert_eq!(game.mirrored(&game.mirrored(p)), *p);
                let image = game.mirrored(p);
                if let Some(o) = solved.get(&image) {
                    assert_eq!(solved.get(p), Some(o), "n={n}: {} and its image", plain.format(p));
                }
            }
            // Every slot is a class (no holes): half the plain index.
            assert_eq!(Indexed::size(&game) * 2, Indexed::size(&plain));
            let size = Indexed::size(&game);
            assert_eq!(check_bijection(&game, positions.iter().copied(), 0..size), 0, "n={n}");
            check_predecessors(&game, positions.iter().copied());
            let all: Vec<DodgemPos> = (0..size).filter_map(|s| game.unrank(s)).collect();
            check_slot_methods(&game, all.iter().copied());
            let images = all.iter().map(|p| game.mirrored(p));
            check_slot_methods(&game, images);
            // The dense solve over the classes gives every reachable position its value.
            let mirrored = dense::solve(&game, None, &Silent).unwrap();
            for (p, o) in solved.iter() {
                assert_eq!(mirrored.get(&game, p), Some(o), "n={n} {}", game.format(p));
            }
            let classes = positions.iter().filter(|p| p.blue_to_move).count()
                + positions
                    .iter()
                    .filter(|p| !p.blue_to_move && !solved_contains(&solved, &game.mirrored(p)))
                    .count();
            assert_eq!(mirrored.len(), classes as u64, "n={n}: classes reached");
            assert_eq!(game.reachable_hint(), Some(mirrored.len()), "n={n}: REACHABLE_CLASSES");
            eprintln!(
                "dodgem n={n}: {} positions in {} classes agree with and without the mirror",
                positions.len(),
                mirrored.len()
            );
        }
    }

    fn solved_contains(solved: &nimber_engine::Solution<DodgemPos>, p: &DodgemPos) -> bool {
        solved.get(p).is_some()
    }

    #[test]
    fn large_boards_are_built_dense_and_every_board_can_be_stored() {
        // 4x4 and smaller: hash maps (as fast, and misère play, exploration and queries from any
        // position); 5x5: the dense index. Every size has a dense build for `--save`.
        for n in 2..=5 {
            let param = format!("n={n}");
            let game = crate::build("dodgem", &[param.as_str()]).unwrap();
            assert_eq!(game.dense().is_some(), n >= DENSE_FROM, "n={n}");
            let dense = crate::build_dense("dodgem", &[param.as_str()]).unwrap().unwrap();
            let index = dense.dense().unwrap();
            assert_eq!(index.index_scheme(), format!("dodgem-n{n}-combinations-v1"));
            assert_eq!(dense.start_text(), game.start_text());
        }
        let dense = crate::build_dense("dodgem", &["n=3"]).unwrap().unwrap();
        let report = dense.solve(&Default::default(), &Silent).unwrap();
        assert_eq!((report.start.outcome, report.positions), (Some(Outcome::new(Value::Win, 20)), 2055));
    }

    proptest::proptest! {
        #[test]
        fn parse_never_panics(text in "[bBrR./ é\t?]{0,16}|\\PC{0,16}", n in 2u32..=5) {
            let game = Dodgem::new(n).unwrap();
            if let Ok(pos) = game.parse(&text) {
                proptest::prop_assert_eq!(game.parse(&game.format(&pos)).unwrap(), pos);
            }
        }
    }
}
