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

/// The colex rank of the set `set` among the sets of its size.
#[inline]
pub fn colex_rank(mut set: u32) -> u32 {
    let (mut rank, mut i) = (0, 1);
    while set != 0 {
        rank += BINOMIAL[set.trailing_zeros() as usize][i];
        set &= set - 1;
        i += 1;
    }
    rank
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
            let low = set & set.wrapping_neg();
            let ripple = set + low;
            set = ripple | (((set ^ ripple) >> 2) / low);
        }
        Orbits { code, reps, stabilizers }
    }

    /// The number of classes.
    pub fn count(&self) -> u32 {
        self.reps.len() as u32
    }

    /// The class of the `k`-set `set` and a symmetry mapping it to the class's representative.
    #[inline]
    pub fn class_of(&self, set: u32) -> (u32, usize) {
        let c = self.code[colex_rank(set) as usize];
        (c >> 4, (c & 15) as usize)
    }
}
