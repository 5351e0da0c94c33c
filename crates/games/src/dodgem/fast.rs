//! The moves generated on the bitboards, for the solvers' fast paths: each move's position
//! ranked directly in the dense index (a slot pair, see `index.rs`) without building it, and
//! whether it ends the game.

use super::numbering::{binomial, colex_rank, pack};
use super::position::DodgemPos;
use super::rules::Dodgem;

impl Dodgem {
    /// The slot pair (see the dense index, `index.rs`) of Blue's cells `blue` and Red's `packed` by
    /// [`pack`].
    #[inline]
    pub(super) fn pair(&self, blue: u32, packed: u32) -> u64 {
        let cells = (self.n * self.n) as usize;
        let (b, r) = (blue.count_ones() as usize, packed.count_ones() as usize);
        self.offsets[b][r] + colex_rank(blue) * binomial(cells - b, r) + colex_rank(packed)
    }

    /// Calls `f(slot, terminal)` for each move of the player to move in `pos`, generated on the
    /// bitboards: the slot of the position moved to (0 unless `ranked`) and whether it is
    /// terminal.
    #[inline]
    pub(super) fn for_each_successor(&self, pos: &DodgemPos, ranked: bool, mut f: impl FnMut(u64, bool)) {
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
    pub(super) fn for_each_blue_move(&self, pos: &DodgemPos, mut f: impl FnMut(u32)) {
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
}
