//! The classes of `k`-sets of points under the 16 symmetries of a board ([`Orbits`]): for every
//! `k`-set, by its colex rank, its class and a symmetry that maps it to the class's
//! representative (the least mask of the class), and for every class its representative and
//! the symmetries that fix it. Built once per number of rings and `k`, on first use.

use std::sync::OnceLock;

use super::board::{Board, Layout, SYMMETRIES};

/// The most stones a side (Morabaraba's 12).
pub const MAX_K: usize = 12;

/// `BINOMIAL[n][k]` = `C(n, k)` for `n <= 24`, `k <= 24`.
pub static BINOMIAL: [[u32; 25]; 25] = {
    let mut t = [[0u32; 25]; 25];
    let mut n = 0;
    while n <= 24 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `COLEX_BYTE[j][c][byte]`: what the stones of byte `j` of a set (points `8 * j..8 * j + 8`)
/// add to its colex rank when `c` stones lie below the byte: the `i`-th lowest stone of the byte
/// (from 0), on point `p`, is the `c + i + 1`-th of the set and adds `C(p, c + i + 1)`. With it
/// a rank is three reads instead of a loop over the stones (one addition chain, a branch per
/// stone). Byte 0 uses only `c = 0`, byte 1 only `c <= 8`; 52 KB, of which a solve reads a few
/// rows.
static COLEX_BYTE: [[[u32; 256]; 17]; 3] = {
    let mut t = [[[0u32; 256]; 17]; 3];
    let mut j = 0;
    while j < 3 {
        let mut c = 0;
        while c <= 16 {
            let mut byte = 0;
            while byte < 256 {
                let (mut sum, mut i, mut p) = (0, 0, 0);
                while p < 8 {
                    if byte & 1 << p != 0 {
                        sum += BINOMIAL[8 * j + p][c + i + 1];
                        i += 1;
                    }
                    p += 1;
                }
                t[j][c][byte] = sum;
                byte += 1;
            }
            c += 1;
        }
        j += 1;
    }
    t
};

/// The colex rank of the set `set` (of points `0..24`) among the sets of its size, by
/// `COLEX_BYTE`.
#[inline]
pub fn colex_rank(set: u32) -> u32 {
    let (low, mid) = (set & 0xff, (set >> 8) & 0xff);
    let below_mid = low.count_ones() as usize;
    let below_high = below_mid + mid.count_ones() as usize;
    COLEX_BYTE[0][0][low as usize]
        + COLEX_BYTE[1][below_mid][mid as usize]
        + COLEX_BYTE[2][below_high][((set >> 16) & 0xff) as usize]
}

/// The `k`-set of colex rank `rank` (below `C(m, k)` for sets within `0..m`).
pub fn colex_unrank(mut rank: u32, k: usize) -> u32 {
    let mut set = 0;
    let mut c = 24;
    for i in (1..=k).rev() {
        while BINOMIAL[c][i] > rank {
            c -= 1;
        }
        rank -= BINOMIAL[c][i];
        set |= 1 << c;
    }
    set
}

/// The next set of the same size after `set` (not empty) in colex order (Gosper's hack).
#[inline]
pub(crate) fn next_colex(set: u32) -> u32 {
    let low = set & set.wrapping_neg();
    let ripple = set + low;
    ripple | (((set ^ ripple) >> 2) / low)
}

/// Every `k`-set of the points `0..n` in colex order (entry `r` is [`colex_unrank`] of `r`),
/// for `n <= 24`, `k <= MAX_K`: unranking becomes one read. Built once per `n` and `k`, on
/// first use (the largest a tier of nine stones asks for, `C(21, 9)` sets, takes 1.2 MB).
pub fn colex_sets(n: usize, k: usize) -> &'static [u32] {
    static SETS: [[OnceLock<Vec<u32>>; MAX_K + 1]; 25] =
        [const { [const { OnceLock::new() }; MAX_K + 1] }; 25];
    SETS[n][k].get_or_init(|| {
        let total = BINOMIAL[n][k] as usize;
        let mut sets = Vec::with_capacity(total);
        let mut set: u32 = (1u32 << k) - 1;
        for _ in 0..total {
            sets.push(set);
            if set == 0 {
                break;
            }
            set = next_colex(set);
        }
        sets
    })
}

/// The classes of the `k`-sets of the points of a board under its symmetries.
#[derive(Debug)]
pub struct Orbits {
    /// By colex rank of a `k`-set: its class `<< 4`, or'ed with a symmetry mapping it to the
    /// class's representative.
    code: Vec<u32>,
    /// The representative of each class (its least mask).
    pub reps: Vec<u32>,
    /// The symmetries other than the identity that fix the representative, as a bit set.
    pub stabilizers: Vec<u16>,
}

impl Orbits {
    /// The classes of `k`-sets on the board of `board` (shared by the boards with the same
    /// number of rings: their symmetries are the same permutations).
    pub fn of(board: &Board, k: usize) -> &'static Orbits {
        static THREE: [OnceLock<Orbits>; MAX_K + 1] = [const { OnceLock::new() }; MAX_K + 1];
        static TWO: [OnceLock<Orbits>; MAX_K + 1] = [const { OnceLock::new() }; MAX_K + 1];
        let (cells, layout) = if board.rings == 3 { (&THREE, Layout::Nine) } else { (&TWO, Layout::Six) };
        cells[k].get_or_init(|| Orbits::build(Board::of(layout), k))
    }

    fn build(board: &Board, k: usize) -> Orbits {
        let m = board.points as usize;
        let total = BINOMIAL[m][k] as usize;
        let mut code = Vec::with_capacity(total);
        let (mut reps, mut stabilizers) = (Vec::new(), Vec::new());
        // The k-sets in increasing order of mask, which is their colex order (Gosper's hack).
        let mut set: u32 = (1u32 << k) - 1;
        for _ in 0..total {
            let (mut least, mut by) = (set, 0);
            for s in 1..SYMMETRIES {
                let image = board.apply(s, set);
                if image < least {
                    (least, by) = (image, s);
                }
            }
            if least == set {
                let fixing =
                    (1..SYMMETRIES).filter(|&s| board.apply(s, set) == set).fold(0u16, |a, s| a | 1 << s);
                code.push((reps.len() as u32) << 4);
                reps.push(set);
                stabilizers.push(fixing);
            } else {
                // The representative has a smaller mask: its class is known.
                let class = code[colex_rank(least) as usize] >> 4;
                code.push(class << 4 | by as u32);
            }
            if set == 0 {
                break;
            }
            set = next_colex(set);
        }
        Orbits { code, reps, stabilizers }
    }

    /// The number of classes.
    pub fn count(&self) -> u32 {
        self.reps.len() as u32
    }

    /// Asks the processor to bring in the entry of the class table that
    /// [`Orbits::class_of`] of `set` reads (a hint).
    #[inline]
    pub fn prefetch(&self, set: u32) {
        if let Some(c) = self.code.get(colex_rank(set) as usize) {
            nimber_engine::memory::prefetch(c);
        }
    }

    /// The class of the `k`-set `set` and a symmetry mapping it to the class's representative.
    #[inline]
    pub fn class_of(&self, set: u32) -> (u32, usize) {
        let c = self.code[colex_rank(set) as usize];
        (c >> 4, (c & 15) as usize)
    }
}
