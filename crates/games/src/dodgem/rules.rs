//! The rules: the game [`Dodgem`] on an `n` by `n` board, its moves, the end of the game (the
//! player to move without a move wins) and the predecessors of a position.

use nimber_engine::{Backward, Capabilities, Error, Game, Kind, Move, Outcome, Value};

use super::numbering::binomial;
use super::position::{DodgemPos, MAX_SIZE, MIN_SIZE};

/// Dodgem on an `n` by `n` board with `n - 1` cars each.
#[derive(Clone, Debug)]
pub struct Dodgem {
    pub(super) n: u32,
    /// `offsets[b][r]`: the first slot pair (see the dense index, `index.rs`) of the positions with `b`
    /// Blue and `r` Red cars on the board; `offsets[n - 1][n]` is the number of pairs.
    pub(super) offsets: [[u64; MAX_SIZE as usize + 1]; MAX_SIZE as usize],
    /// Every cell, the left column, the right column and the top row, as sets of cells.
    pub(super) full: u32,
    pub(super) left: u32,
    pub(super) right: u32,
    pub(super) top: u32,
    /// Cell `k` of the board mirrored across its diagonal (column and row swapped).
    pub(super) across: [u8; (MAX_SIZE * MAX_SIZE) as usize],
    /// Whether the index has one slot per pair of mirror images ([`Dodgem::mirrored`]): the
    /// position with Blue to move.
    pub(super) mirror: bool,
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

    /// Whether the player to move has a move (else the position is terminal: a win).
    #[inline]
    pub(super) fn has_move(&self, pos: &DodgemPos) -> bool {
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

    /// The board size.
    pub fn size(&self) -> u32 {
        self.n
    }

    /// The number of the cell in column `col`, row `row` (0 = bottom): `row * n + col`.
    pub fn cell(&self, col: u32, row: u32) -> u32 {
        row * self.n + col
    }

    /// The name of a cell: column letter from the left, row number from the bottom (`a1` is the
    /// bottom-left corner).
    pub(super) fn cell_name(&self, cell: u32) -> String {
        format!("{}{}", (b'a' + (cell % self.n) as u8) as char, cell / self.n + 1)
    }

    /// Calls `f(from, to)` for each move of the player to move, `to` being `None` when the car
    /// leaves the board.
    pub(super) fn for_each_move(&self, pos: &DodgemPos, mut f: impl FnMut(u32, Option<u32>)) {
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

    pub(super) fn apply(&self, pos: &DodgemPos, from: u32, to: Option<u32>) -> DodgemPos {
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

    fn capabilities(&self) -> Capabilities<'_, DodgemPos> {
        Capabilities::none().notation(self).drawing(self).backward(self)
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
    pub(super) fn each_predecessor(&self, pos: &DodgemPos, mut f: impl FnMut(DodgemPos)) {
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
