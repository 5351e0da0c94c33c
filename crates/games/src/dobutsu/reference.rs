//! The plain versions of what `fast.rs` computes on bitboards: the end of the game for Sente to
//! move, and the rank and unrank of the full index by `numbering.rs`'s tables; and the encoding
//! of a position as bits (`PosBits`). For the crate's tests only (`tests/suite/dobutsu.rs`
//! compares the fast paths with these, through `crate::testing`), not a stable API: they read
//! the tables' internals, so they stay here, compiled always.

use nimber_engine::Value;

use super::numbering::{counts_code, index_tables};
use super::position::{hand_index, DobutsuPos, GOTE, GOTE_HAND, HAND_KINDS, HEN, LION, SENTE_HAND};
use super::rules::tables;

/// Whether Sente, to move in `c`, can capture Gote's lion.
pub fn sente_attacks_lion(c: DobutsuPos) -> bool {
    let t = tables();
    let Some(lion) = (0..12).find(|&sq| c.cell(sq) == GOTE | LION) else { return false };
    (0..12).any(|sq| {
        let cell = c.cell(sq);
        cell != 0 && cell & GOTE == 0 && t.targets[cell as usize][sq] & 1 << lion != 0
    })
}

/// The end of the game for Sente to move in `c`, under Tanaka's conventions (the reference for
/// `fast::sente_terminal`).
pub fn sente_terminal(c: DobutsuPos) -> Option<Value> {
    if sente_attacks_lion(c) {
        return Some(Value::Win);
    }
    // Gote's lion on Sente's home rank (the bottom row), not capturable: Gote's try succeeded.
    if (9..12).any(|sq| c.cell(sq) == GOTE | LION) {
        return Some(Value::Lose);
    }
    None
}

/// The slot of a position with Sente to move (the reference for `fast::rank`).
pub fn rank_sente(c: DobutsuPos) -> u64 {
    let t = index_tables();
    let mut sente_lion = 0;
    let mut gote_lion = 0;
    let mut set = 0u32;
    let mut kinds = 0u32;
    let mut kinds_mul = 1u32;
    let mut owners = 0u64;
    let mut promotions = 0u64;
    let mut counts = [0u8; 3];
    let mut k = 0u32;
    let mut chicks = 0u32;
    let mut free = 0u32;
    for sq in 0..12 {
        let cell = c.cell(sq);
        match cell & 7 {
            0 => free += 1,
            LION => {
                if cell & GOTE == 0 {
                    sente_lion = sq;
                } else {
                    gote_lion = sq;
                }
            }
            kind => {
                let h = hand_index(kind);
                counts[h] += 1;
                set |= 1 << free;
                free += 1;
                kinds += h as u32 * kinds_mul;
                kinds_mul *= 3;
                owners |= (cell >> 3) << k;
                k += 1;
                if h == 2 {
                    promotions |= ((kind == HEN) as u64) << chicks;
                    chicks += 1;
                }
            }
        }
    }
    let sente = [c.hand(false, 0) as u8, c.hand(false, 1) as u8, c.hand(false, 2) as u8];
    let block = &t.blocks[t.block_of[counts_code(counts) * 27 + counts_code(sente)] as usize];
    let lions = sente_lion * 11 + gote_lion - (gote_lion > sente_lion) as usize;
    let kinds_rank = t.kinds_rank[k as usize * 729 + kinds as usize] as u64;
    let inner = (t.set_rank[set as usize] as u64 * block.kinds + kinds_rank) << (k + chicks)
        | owners << chicks
        | promotions;
    block.offset + lions as u64 * block.per_lions + inner
}

/// The position with Sente to move in slot `index` (`index < INDEX_SIZE`; the reference for
/// `fast::unrank`).
pub fn unrank_sente(index: u64) -> DobutsuPos {
    let t = index_tables();
    let b = t.blocks.partition_point(|b| b.offset <= index) - 1;
    let block = &t.blocks[b];
    let rest = index - block.offset;
    let lions = (rest / block.per_lions) as usize;
    let mut inner = rest % block.per_lions;
    let counts = block.counts;
    let chicks = counts[2] as u32;
    let k = counts.iter().map(|&n| n as u32).sum::<u32>();
    let promotions = inner & ((1 << chicks) - 1);
    inner >>= chicks;
    let owners = inner & ((1 << k) - 1);
    inner >>= k;
    let set = t.set_unrank[k as usize][(inner / block.kinds) as usize];
    let mut kinds = t.kinds_unrank[counts_code(counts)][(inner % block.kinds) as usize] as u32;
    let sente_lion = lions / 11;
    let mut gote_lion = lions % 11;
    if gote_lion >= sente_lion {
        gote_lion += 1;
    }
    let mut x = LION << (4 * sente_lion) | (GOTE | LION) << (4 * gote_lion);
    let mut free = 0u32;
    let mut piece = 0u32;
    let mut chick = 0u32;
    for sq in 0..12 {
        if sq == sente_lion || sq == gote_lion {
            continue;
        }
        if set >> free & 1 != 0 {
            let h = kinds % 3;
            kinds /= 3;
            let mut kind = HAND_KINDS[h as usize];
            if h == 2 {
                if promotions >> chick & 1 != 0 {
                    kind = HEN;
                }
                chick += 1;
            }
            let owner = (owners >> piece & 1) << 3;
            x |= (owner | kind) << (4 * sq);
            piece += 1;
        }
        free += 1;
    }
    for (h, (&on_board, &sente)) in counts.iter().zip(&block.sente).enumerate() {
        x |= (sente as u64) << (SENTE_HAND + 2 * h as u32);
        x |= ((2 - on_board - sente) as u64) << (GOTE_HAND + 2 * h as u32);
    }
    DobutsuPos(x)
}

/// The first slot of each block of the full index (the slots where a block's numbering starts,
/// where an off-by-one would show).
pub fn block_offsets() -> impl Iterator<Item = u64> {
    index_tables().blocks.iter().map(|b| b.offset)
}

/// A position's encoding, for the tests: its bits (twelve 4-bit cells, the hands, the player to
/// move; see `position.rs`), read and written cell by cell.
pub trait PosBits: Copy {
    /// The position of bits `x` (not checked).
    fn from_bits(x: u64) -> Self;
    /// The bits of the position.
    fn bits(self) -> u64;
    /// The cell at `sq`: 0, or a kind with the `GOTE` bit for Gote's pieces.
    fn cell(self, sq: usize) -> u64;
    /// The position with `cell` at `sq`.
    fn with_cell(self, sq: usize, cell: u64) -> Self;
    /// The position with `delta` more pieces of hand kind `h` in a hand.
    fn add_hand(self, gote: bool, h: usize, delta: i64) -> Self;
}

impl PosBits for DobutsuPos {
    fn from_bits(x: u64) -> DobutsuPos {
        DobutsuPos(x)
    }
    fn bits(self) -> u64 {
        self.0
    }
    fn cell(self, sq: usize) -> u64 {
        DobutsuPos::cell(self, sq)
    }
    fn with_cell(self, sq: usize, cell: u64) -> DobutsuPos {
        DobutsuPos::with_cell(self, sq, cell)
    }
    fn add_hand(self, gote: bool, h: usize, delta: i64) -> DobutsuPos {
        DobutsuPos::add_hand(self, gote, h, delta)
    }
}
