//! The numbering of sets of cells that the dense index is made of: subsets ranked in the
//! combinatorial number system (colex order), a table of every subset of at most
//! [`CARS`] cells by rank, and Red's cells packed among the cells Blue leaves free.

use nimber_engine::table::subset;

use super::position::MAX_SIZE;

/// `C(m, k)`: the number of `k`-subsets of `m` cells.
#[inline]
pub(super) fn binomial(m: usize, k: usize) -> u64 {
    subset::binomial(m as u64, k as u64)
}

/// The rank of a set of cells among the sets of its size ([`subset::rank_set`]).
#[inline]
pub fn colex_rank(set: u32) -> u64 {
    subset::rank_set(set as u64)
}

/// The most cells of a board, and the most cars of a player on it.
pub const CELLS: usize = (MAX_SIZE * MAX_SIZE) as usize;
pub const CARS: usize = MAX_SIZE as usize - 1;

/// `SET_FIRST[k]`: where the `k`-subsets of the cells start in [`SETS`].
pub const SET_FIRST: [usize; CARS + 2] = {
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
pub static SETS: [u32; SET_FIRST[CARS + 1]] = {
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
pub fn colex_unrank(rank: u64, k: usize) -> u32 {
    SETS[SET_FIRST[k] + rank as usize]
}

/// Red's cells `red` renumbered among the cells that Blue's `blue` leaves free (the cell of
/// number `k` among those becomes `k`).
#[inline]
pub(super) fn pack(blue: u32, red: u32) -> u32 {
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
pub(super) fn unpack(blue: u32, packed: u32) -> u32 {
    let mut red = packed;
    let mut rest = blue;
    while rest != 0 {
        let below = (1u32 << rest.trailing_zeros()) - 1;
        rest &= rest - 1;
        red = red & below | (red & !below) << 1;
    }
    red
}
