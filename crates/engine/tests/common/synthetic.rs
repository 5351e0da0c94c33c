//! A synthetic cyclic game over a dense index `0..2^log2n`, shared by the retrograde benchmark
//! (`benches/retrograde.rs`) and its small-size test (`tests/synthetic.rs`).
//!
//! Every position's kind comes from a hash of its number: 4 in 64 end the game (declared lost,
//! tied or won, or with no moves at all); the others have 1 to 7 moves (4 on average). Move `k`
//! of position `i` keeps the top bit of `i` and maps the other bits through `perm_k`, a
//! pseudo-random bijection built from invertible steps (multiply by an odd number, add, xor with
//! a right shift of at least half the width, multiply again). So the predecessors of a position
//! are computed without any stored reverse graph: through move `k`, the only candidate is the
//! inverse image of `j`, reported when it really has a move `k` (it is not terminal and has more
//! than `k` moves); a position `i` is reported as a predecessor of `j` exactly once per move of
//! `i` to `j`, and terminal positions never are.
//!
//! Keeping the top bit splits the game into two halves that never meet: ties are declared only
//! in the upper half, where they spread to the positions neither player can win, while in the
//! lower half those positions are draws. The halves are interleaved with everything else in
//! memory order, so the solver's accesses stay random.
//!
//! [`Synthetic::with_remote_terminals`] gives the declared terminal positions a remoteness of 0 to
//! 3 (from the hash too), as a game may state ([`nimber_engine::Game::terminal`]).
#![allow(dead_code)]

use nimber_engine::solve::retrograde::{Init, RetroSpace};
use nimber_engine::{Outcome, Value};

/// The largest number of moves of a position.
pub const MAX_MOVES: usize = 7;

/// The synthetic game; see the module documentation.
pub struct Synthetic {
    log2n: u32,
    /// The top bit, kept by every move.
    top: u64,
    /// The other bits, permuted by the moves.
    mask: u64,
    shift: u32,
    seed: u64,
    /// Whether declared terminal positions have a remoteness of 0 to 3 (else 0).
    remote: bool,
    mul1: [u64; MAX_MOVES],
    inv1: [u64; MAX_MOVES],
    add: [u64; MAX_MOVES],
    mul2: [u64; MAX_MOVES],
    inv2: [u64; MAX_MOVES],
}

/// SplitMix64's finalizer: a good 64-bit mixing function.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The inverse of an odd number modulo 2^64 (Newton's iteration doubles the correct bits).
fn inverse_odd(a: u64) -> u64 {
    debug_assert!(a & 1 == 1);
    let mut x = a; // correct to 3 bits
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    debug_assert_eq!(a.wrapping_mul(x), 1);
    x
}

impl Synthetic {
    /// The game on `2^log2n` positions (`3 <= log2n <= 40`), drawn from `seed`.
    pub fn new(log2n: u32, seed: u64) -> Synthetic {
        assert!((3..=40).contains(&log2n), "log2n must be in 3..=40, not {log2n}");
        let mut state = seed;
        let mut next = || {
            state = mix(state);
            state
        };
        let mut s = Synthetic {
            log2n,
            top: 1u64 << (log2n - 1),
            mask: (1u64 << (log2n - 1)) - 1,
            shift: (log2n - 1).div_ceil(2),
            seed: next(),
            remote: false,
            mul1: [0; MAX_MOVES],
            inv1: [0; MAX_MOVES],
            add: [0; MAX_MOVES],
            mul2: [0; MAX_MOVES],
            inv2: [0; MAX_MOVES],
        };
        for k in 0..MAX_MOVES {
            s.mul1[k] = next() | 1;
            s.inv1[k] = inverse_odd(s.mul1[k]);
            s.add[k] = next();
            s.mul2[k] = next() | 1;
            s.inv2[k] = inverse_odd(s.mul2[k]);
        }
        s
    }

    /// The game of [`Synthetic::new`] with declared terminal positions of remoteness 0 to 3.
    pub fn with_remote_terminals(log2n: u32, seed: u64) -> Synthetic {
        Synthetic { remote: true, ..Synthetic::new(log2n, seed) }
    }

    /// Whether declared terminal positions have a remoteness of 0 to 3.
    pub fn remote(&self) -> bool {
        self.remote
    }

    /// Number of positions.
    pub fn size(&self) -> u64 {
        1 << self.log2n
    }

    fn hash(&self, i: u64) -> u64 {
        mix(i ^ self.seed)
    }

    /// The outcome declared for position `i` when the game ends there.
    pub fn terminal(&self, i: u64) -> Option<Outcome> {
        let h = self.hash(i);
        let value = match h >> 58 {
            0 => Value::Lose,
            1 if i & self.top != 0 => Value::Tie,
            1 | 2 => Value::Win,
            _ => return None,
        };
        Some(Outcome::new(value, if self.remote { (h >> 40) as u32 & 3 } else { 0 }))
    }

    /// Number of moves of position `i` (0 for declared terminals).
    pub fn degree(&self, i: u64) -> usize {
        let h = self.hash(i);
        match h >> 58 {
            // Declared terminal (0..=2), or not declared but without moves (3): lost for the
            // player to move.
            0..=3 => 0,
            _ => 1 + (h % MAX_MOVES as u64) as usize,
        }
    }

    /// The position move `k` of `i` leads to.
    #[inline]
    pub fn successor(&self, i: u64, k: usize) -> u64 {
        let mut x = self.mul1[k].wrapping_mul(i & self.mask).wrapping_add(self.add[k]) & self.mask;
        x ^= x >> self.shift;
        i & self.top | self.mul2[k].wrapping_mul(x) & self.mask
    }

    /// The position whose move `k` (if it has one) leads to `j`: the inverse of
    /// [`Synthetic::successor`].
    #[inline]
    pub fn predecessor(&self, j: u64, k: usize) -> u64 {
        let mut x = self.inv2[k].wrapping_mul(j & self.mask) & self.mask;
        x ^= x >> self.shift; // self-inverse since 2 * shift >= log2n - 1
        j & self.top | self.inv1[k].wrapping_mul(x.wrapping_sub(self.add[k])) & self.mask
    }
}

impl RetroSpace for Synthetic {
    fn len(&self) -> u64 {
        self.size()
    }

    fn init(&self, i: u64) -> Init {
        match self.terminal(i) {
            Some(v) => Init::Terminal(v),
            None => Init::Moves(self.degree(i) as u32),
        }
    }

    #[inline]
    fn for_each_predecessor<F: FnMut(u64)>(&self, j: u64, mut f: F) {
        for k in 0..MAX_MOVES {
            let p = self.predecessor(j, k);
            if self.degree(p) > k {
                f(p);
            }
        }
    }
}
