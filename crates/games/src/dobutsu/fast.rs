//! The fast paths of the dense solve: rank and unrank of the index, the moves of a position with
//! the slots and terminal values of the positions they lead to, and the predecessors' slots, all
//! on the 64-bit encoding with bit-parallel arithmetic (one nibble per cell) and small tables,
//! without branches on the contents of cells. The plain versions (the `Game` methods of
//! `rules.rs`, and `reference.rs`'s `rank_sente`, `unrank_sente`) are the reference; the tests
//! compare both.
//!
//! Every position the solver meets is canonical (Sente to move). Its moves and predecessors are
//! generated directly in the frame of the position they lead to, turned around (the player to
//! move next is Sente there), since that is the form that is ranked and tested for the end of the
//! game; whether it is terminal follows from the attack sets of the moving side, updated for the
//! one piece that moves.

use nimber_engine::table::plumbing::{sort_dedup_from, Child, ChildEnds, MoveClasses};
use nimber_engine::{Outcome, Value};

use super::numbering::{self, index_tables, INDEX_SIZE};
use super::position::{
    self, DobutsuPos, CELLS, CHICK, ELEPHANT, GIRAFFE, GOTE, GOTE_HAND, GOTE_TO_MOVE, HEN, LION, LOW_BITS,
    SENTE_HAND, TERMINAL_REMOTENESS,
};

/// Bit 4·sq of the squares of file a (left) and file c (right).
const FILE_A: u64 = 0x001_001_001_001;
const FILE_C: u64 = 0x100_100_100_100;

// ---------------------------------------------------------------------------------------------
// Small tables, computed at compile time.

/// Squares (12-bit masks) a Sente piece of each kind on each square reaches.
const TARGETS: [[u16; 12]; 8] = targets();
/// `SOURCES[kind][sq]`: squares from which a Sente piece of that kind reaches `sq`; equally the
/// squares a Gote piece of that kind on `sq` reaches.
const SOURCES: [[u16; 12]; 8] = sources();

const fn steps(kind: u64) -> (usize, [(i32, i32); 8]) {
    const Z: (i32, i32) = (0, 0);
    match kind {
        LION => (8, [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]),
        GIRAFFE => (4, [(-1, 0), (1, 0), (0, -1), (0, 1), Z, Z, Z, Z]),
        ELEPHANT => (4, [(-1, -1), (-1, 1), (1, -1), (1, 1), Z, Z, Z, Z]),
        CHICK => (1, [(-1, 0), Z, Z, Z, Z, Z, Z, Z]),
        HEN => (6, [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), Z, Z]),
        _ => (0, [Z; 8]),
    }
}

const fn targets() -> [[u16; 12]; 8] {
    let mut t = [[0u16; 12]; 8];
    let mut kind = 0;
    while kind < 8 {
        let (n, s) = steps(kind as u64);
        let mut sq = 0;
        while sq < 12 {
            let (row, col) = ((sq / 3) as i32, (sq % 3) as i32);
            let mut k = 0;
            while k < n {
                let (r, c) = (row + s[k].0, col + s[k].1);
                if r >= 0 && r < 4 && c >= 0 && c < 3 {
                    t[kind][sq] |= 1 << (r * 3 + c);
                }
                k += 1;
            }
            sq += 1;
        }
        kind += 1;
    }
    t
}

const fn sources() -> [[u16; 12]; 8] {
    let t = targets();
    let mut s = [[0u16; 12]; 8];
    let mut kind = 0;
    while kind < 8 {
        let mut from = 0;
        while from < 12 {
            let mut to = 0;
            while to < 12 {
                if t[kind][from] >> to & 1 != 0 {
                    s[kind][to] |= 1 << from;
                }
                to += 1;
            }
            from += 1;
        }
        kind += 1;
    }
    s
}

/// `PEXT6[v | m << 6]`: the bits of `v` under the mask `m`, packed (6 bits).
static PEXT6: [u8; 4096] = bit_moves6(false);
/// `PDEP6[v | m << 6]`: the low bits of `v` spread over the mask `m` (6 bits).
static PDEP6: [u8; 4096] = bit_moves6(true);
/// Ones in 6 bits.
static POP6: [u8; 64] = pop6();
/// Bit `i` of 6 bits moved to bit `4i`.
static SPREAD6: [u32; 64] = spread6();
/// Sum of `3^i` over the bits `i` of 6 bits: the base-3 code of a kind sequence.
static POW3: [u16; 64] = pow3();
/// Per byte of the board (two cells): the 2-bit masks of giraffes, elephants, chicks (hens
/// included), hens and Gote's pieces, at bits 0, 12, 24, 36 and 48.
static BYTE: [u64; 256] = byte_masks();

/// `[v | m << 6]` for every 6-bit `v` and mask `m`: the bits of `v` under `m` packed (as
/// `pext`), or when `deposit` the low bits of `v` spread over `m` (as `pdep`): the `k`-th set
/// bit of `m`, bit `b`, links bit `b` of the spread value with bit `k` of the packed one.
const fn bit_moves6(deposit: bool) -> [u8; 4096] {
    let mut t = [0u8; 4096];
    let mut i = 0;
    while i < 4096 {
        let (v, m) = (i & 63, i >> 6);
        let (mut out, mut k, mut b) = (0, 0, 0);
        while b < 6 {
            if m >> b & 1 != 0 {
                let (from, to) = if deposit { (k, b) } else { (b, k) };
                out |= (v >> from & 1) << to;
                k += 1;
            }
            b += 1;
        }
        t[i] = out as u8;
        i += 1;
    }
    t
}

const fn pop6() -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
}

const fn spread6() -> [u32; 64] {
    let mut t = [0u32; 64];
    let mut i = 0;
    while i < 64 {
        let mut b = 0;
        while b < 6 {
            t[i] |= ((i >> b & 1) as u32) << (4 * b);
            b += 1;
        }
        i += 1;
    }
    t
}

const fn pow3() -> [u16; 64] {
    let mut t = [0u16; 64];
    let mut i = 0;
    while i < 64 {
        let (mut b, mut p) = (0, 1u16);
        while b < 6 {
            if i >> b & 1 != 0 {
                t[i] += p;
            }
            p *= 3;
            b += 1;
        }
        i += 1;
    }
    t
}

const fn byte_masks() -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let mut half = 0;
        while half < 2 {
            let cell = (i >> (4 * half)) as u64 & 15;
            let kind = cell & 7;
            let bit = 1u64 << half;
            if kind == GIRAFFE {
                t[i] |= bit;
            }
            if kind == ELEPHANT {
                t[i] |= bit << 12;
            }
            if kind == CHICK || kind == HEN {
                t[i] |= bit << 24;
            }
            if kind == HEN {
                t[i] |= bit << 36;
            }
            if cell & GOTE != 0 {
                t[i] |= bit << 48;
            }
            half += 1;
        }
        i += 1;
    }
    t
}

#[inline(always)]
pub fn pop12(m: u64) -> u32 {
    POP6[(m & 63) as usize] as u32 + POP6[(m >> 6 & 63) as usize] as u32
}

/// The bits of `v` under the 12-bit mask `m`, packed.
#[inline(always)]
pub fn pext12(v: u64, m: u64) -> u64 {
    let lo = PEXT6[(v & 63 | (m & 63) << 6) as usize] as u64;
    let hi = PEXT6[(v >> 6 & 63 | (m >> 6 & 63) << 6) as usize] as u64;
    lo | hi << POP6[(m & 63) as usize]
}

/// The low bits of `v` spread over the 12-bit mask `m`.
#[inline(always)]
pub fn pdep12(v: u64, m: u64) -> u64 {
    let lo = PDEP6[(v & 63 | (m & 63) << 6) as usize] as u64;
    let hi = PDEP6[(v >> POP6[(m & 63) as usize] & 63 | (m >> 6 & 63) << 6) as usize] as u64;
    lo | hi << 6
}

/// A 12-bit mask with bit `i` moved to bit `4i` (one per cell).
#[inline(always)]
pub fn spread(m: u64) -> u64 {
    SPREAD6[(m & 63) as usize] as u64 | (SPREAD6[(m >> 6 & 63) as usize] as u64) << 24
}

/// The 12-bit mask of the cells whose bit `4i` is set in `m` (the inverse of [`spread`]).
#[inline(always)]
pub fn compress(m: u64) -> u64 {
    let m = m & LOW_BITS;
    let m = (m | m >> 3) & 0x0303_0303_0303;
    let m = (m | m >> 6) & 0x000f_000f_000f;
    let m = (m | m >> 12) & 0x000f_0000_00ff;
    (m | m >> 24) & 0xfff
}

/// `m` without bit `at`, the bits above it moved down.
#[inline(always)]
pub fn remove_bit(m: u64, at: u32) -> u64 {
    let below = (1u64 << at) - 1;
    m & below | m >> 1 & !below
}

/// `m` with a zero inserted at bit `at`, the bits from it moved up.
#[inline(always)]
pub fn insert_bit(m: u64, at: u32) -> u64 {
    let below = (1u64 << at) - 1;
    m & below | (m & !below) << 1
}

// ---------------------------------------------------------------------------------------------
// The board seen cell by cell: one flag per cell at bit 4·sq.

/// Per-cell flags of the board of `x`: the occupied cells, Gote's pieces, and the pieces of
/// each kind of both players (chicks without hens).
#[derive(Copy, Clone)]
struct Flags {
    occupied: u64,
    gote: u64,
    lion: u64,
    giraffe: u64,
    elephant: u64,
    chick: u64,
    hen: u64,
}

#[inline(always)]
fn flags(x: u64) -> Flags {
    let x = x & CELLS;
    let b0 = x & LOW_BITS;
    let b1 = x >> 1 & LOW_BITS;
    let b2 = x >> 2 & LOW_BITS;
    let b3 = x >> 3 & LOW_BITS;
    Flags {
        occupied: b0 | b1 | b2,
        gote: b3,
        lion: b0 & !(b1 | b2),
        giraffe: b1 & !b0,
        elephant: b0 & b1,
        chick: b2 & !b0,
        hen: b2 & b0,
    }
}

impl Flags {
    /// The squares reached by the pieces among `own` (one player's), moving up the board as
    /// Sente's do ([`steps_up`]).
    #[inline(always)]
    fn steps_up(&self, own: u64) -> [u64; 8] {
        steps_up(self.lion & own, self.giraffe & own, self.elephant & own, self.chick & own, self.hen & own)
    }

    /// The squares reached by the pieces among `own`, moving down the board as Gote's do
    /// ([`steps_down`]).
    #[inline(always)]
    fn steps_down(&self, own: u64) -> [u64; 8] {
        steps_down(self.lion & own, self.giraffe & own, self.elephant & own, self.chick & own, self.hen & own)
    }
}

/// The squares in any of the masks of `steps`.
#[inline(always)]
fn union(steps: [u64; 8]) -> u64 {
    steps.into_iter().fold(0, |a, s| a | s)
}

/// The end of the game for Sente to move in `x` (as `Game::terminal`): Sente can capture Gote's
/// lion (won), or Gote's lion stands on Sente's home rank out of reach (lost).
#[inline(always)]
pub fn sente_terminal(x: u64) -> Option<Value> {
    let fl = flags(x);
    let gote_lion = fl.lion & fl.gote;
    let attacks = union(fl.steps_up(fl.occupied & !fl.gote));
    if attacks & gote_lion != 0 {
        Some(Value::Win)
    } else if gote_lion >> 36 != 0 {
        Some(Value::Lose)
    } else {
        None
    }
}

/// Turned by 180 degrees, colours and hands swapped, the other player to move.
#[inline(always)]
fn flip(x: u64) -> u64 {
    DobutsuPos(x).flipped().0
}

#[inline(always)]
pub fn mirror(x: u64) -> u64 {
    DobutsuPos(x).mirrored().0
}

/// The canonical form of a position with Sente to move: the smaller of it and its mirror image.
#[inline(always)]
pub fn canonical_sente(x: u64) -> u64 {
    x.min(mirror(x))
}

/// The representative of a live position's class (Sente to move) in the live index: Sente's
/// lion on file a or b, Gote's lion on file a or b when Sente's is on b, and the smaller of the
/// two mirror images when both lions are on file b.
#[inline(always)]
pub fn live_canonical(x: u64) -> u64 {
    let fl = flags(x);
    let sente_file = (fl.lion & !fl.gote).trailing_zeros() / 4 % 3;
    let gote_file = (fl.lion & fl.gote).trailing_zeros() / 4 % 3;
    match (sente_file, gote_file) {
        (2, _) | (1, 2) => mirror(x),
        (1, 1) => canonical_sente(x),
        _ => x,
    }
}

// ---------------------------------------------------------------------------------------------
// The index (see the description in `numbering.rs`).

/// A block of the index with what rank and unrank need.
#[derive(Copy, Clone, Default)]
struct Block {
    offset: u64,
    /// Positions per lion pair.
    per_lions: u64,
    /// Radix of the kinds digit.
    kinds: u64,
    /// Radix of the squares and kinds digits together (`per_lions >> low_bits`).
    squares_kinds: u64,
    /// `ceil(2^40 / squares_kinds)` and `ceil(2^40 / kinds)`: exact division of numbers below
    /// 2^22 by a multiply and a shift.
    squares_kinds_inverse: u64,
    kinds_inverse: u64,
    /// Bits of the owners and promotions digits (`k + kC`), and of the promotions (`kC`).
    low_bits: u32,
    chicks: u32,
    /// Pieces on the board other than the lions, and their counts as a base-3 code.
    pieces: u32,
    counts_code: u32,
    /// The hands of both players, as encoded in a position.
    hands: u64,
}

/// One numbering of the positions with Sente to move: the blocks of material, and the lion
/// pairs that the numbering admits, each pair's part of a block being alike.
struct Shape {
    blocks: Vec<Block>,
    /// The first block of each run of 2^16 slots.
    block_at: Vec<u8>,
    /// `(sente lion, gote lion)` squares by lion pair digit, and the digit by `sente * 12 + gote`
    /// (`u8::MAX` for a pair the numbering leaves out).
    lion_squares: Vec<(u8, u8)>,
    lion_digit: [u8; 144],
}

struct Fast {
    /// Every lion pair: the index of the dense solve ([`INDEX_SIZE`] slots).
    full: Shape,
    /// The lion pairs of positions that are not over ([`numbering::LIVE_SIZE`] slots).
    live: Shape,
    /// Block number by the counts on the board (base-3 code) and Sente's hand bits (6 bits),
    /// the same in both shapes.
    block_of: Vec<u8>,
    /// Piece-order masks of the giraffes (low 6 bits) and elephants (next 6) by counts code and
    /// kinds digit.
    kinds_masks: Vec<Vec<u16>>,
}

impl Shape {
    /// The shape with the lion pairs `pairs` (in digit order) over the blocks of the full index
    /// (whose offsets count 132 pairs per block).
    fn new(full_blocks: &[Block], pairs: &[(u8, u8)]) -> Shape {
        let mut blocks: Vec<Block> =
            full_blocks.iter().map(|b| Block { offset: b.offset / 132 * pairs.len() as u64, ..*b }).collect();
        let size =
            full_blocks.last().map_or(0, |b| (b.offset + 132 * b.per_lions) / 132 * pairs.len() as u64);
        // A sentinel block at the end.
        blocks.push(Block { offset: size, ..Block::default() });
        let block_at = (0..size.div_ceil(1 << 16))
            .map(|run| (blocks.partition_point(|b| b.offset <= run << 16) - 1) as u8)
            .collect();
        let mut lion_digit = [u8::MAX; 144];
        for (digit, &(sente, gote)) in pairs.iter().enumerate() {
            lion_digit[sente as usize * 12 + gote as usize] = digit as u8;
        }
        Shape { blocks, block_at, lion_squares: pairs.to_vec(), lion_digit }
    }

    /// Number of slots.
    fn size(&self) -> u64 {
        self.blocks.last().map_or(0, |b| b.offset)
    }
}

const DIVIDE_SHIFT: u32 = 40;

fn inverse(d: u64) -> u64 {
    (1u64 << DIVIDE_SHIFT).div_ceil(d)
}

/// `n / d` for `n < 2^22`, with `inv = inverse(d)` and `d < 2^16`.
#[inline(always)]
fn divide(n: u64, inv: u64) -> u64 {
    (n * inv) >> DIVIDE_SHIFT
}

fn fast() -> &'static Fast {
    static FAST: std::sync::OnceLock<Fast> = std::sync::OnceLock::new();
    FAST.get_or_init(|| {
        let t = index_tables();
        let blocks: Vec<Block> = t
            .blocks
            .iter()
            .map(|b| {
                let k = b.counts.iter().map(|&n| n as u32).sum::<u32>();
                let chicks = b.counts[2] as u32;
                let low_bits = k + chicks;
                let squares_kinds = b.per_lions >> low_bits;
                assert!(squares_kinds * 132 < 1 << 22 && squares_kinds < 1 << 16);
                let mut hands = 0u64;
                for h in 0..3 {
                    hands |= (b.sente[h] as u64) << (SENTE_HAND + 2 * h as u32);
                    hands |= ((2 - b.counts[h] - b.sente[h]) as u64) << (GOTE_HAND + 2 * h as u32);
                }
                Block {
                    offset: b.offset,
                    per_lions: b.per_lions,
                    kinds: b.kinds,
                    squares_kinds,
                    squares_kinds_inverse: inverse(squares_kinds),
                    kinds_inverse: inverse(b.kinds),
                    low_bits,
                    chicks,
                    pieces: k,
                    counts_code: numbering::counts_code(b.counts) as u32,
                    hands,
                }
            })
            .collect();
        let mut block_of = vec![u8::MAX; 27 * 64];
        for (n, b) in t.blocks.iter().enumerate() {
            let hand = (b.sente[0] as usize) | (b.sente[1] as usize) << 2 | (b.sente[2] as usize) << 4;
            block_of[numbering::counts_code(b.counts) * 64 + hand] = n as u8;
        }
        let all_pairs: Vec<(u8, u8)> =
            (0..12u8).flat_map(|l| (0..12u8).filter(move |&g| g != l).map(move |g| (l, g))).collect();
        let full = Shape::new(&blocks, &all_pairs);
        assert_eq!(full.size(), INDEX_SIZE);
        let live = Shape::new(&blocks, &numbering::live_lion_pairs());
        assert_eq!(live.size(), numbering::LIVE_SIZE);
        let kinds_masks = t
            .kinds_unrank
            .iter()
            .map(|class| {
                class
                    .iter()
                    .map(|&code| {
                        let (mut giraffes, mut elephants, mut c) = (0u16, 0u16, code);
                        for i in 0..6 {
                            match c % 3 {
                                0 => giraffes |= 1 << i,
                                1 => elephants |= 1 << i,
                                _ => {}
                            }
                            c /= 3;
                        }
                        // Digits past the sequence's length read as 0 (giraffes): the caller
                        // keeps only the sequence's own bits.
                        giraffes | elephants << 6
                    })
                    .collect()
            })
            .collect();
        Fast { full, live, block_of, kinds_masks }
    })
}

/// The digits of a position's slot that depend on its board, as [`Bits::digits`] reads them.
#[derive(Copy, Clone)]
struct Digits {
    sente_lion: u32,
    gote_lion: u32,
    /// The squares of the other pieces among the 10 squares without a lion.
    set: u64,
    /// Pieces other than the lions, and chicks (hens included) among them.
    pieces: u32,
    chicks: u32,
    /// Counts of giraffes, elephants and chicks on the board as a base-3 code.
    counts: u32,
    /// In the order of the pieces' squares: which are giraffes, which are elephants, which are
    /// Gote's; in the order of the chicks' squares, which are hens.
    giraffes: u64,
    elephants: u64,
    owners: u64,
    promotions: u64,
}

/// Bit manipulation on the board: with small tables anywhere, or with the BMI2 instructions
/// (`pext`, `pdep`) where they are fast.
trait Bits {
    /// The digits of the board of `x`.
    fn digits(x: u64) -> Digits;
    /// The board (cells only) with the lions on `sente_lion` and `gote_lion`, the other pieces
    /// on the squares `set` (among the 10 without a lion) with kinds and owners in their order.
    #[allow(clippy::too_many_arguments)]
    fn board(
        sente_lion: u32,
        gote_lion: u32,
        set: u64,
        giraffes: u64,
        elephants: u64,
        owners: u64,
        promotions: u64,
    ) -> u64;
    /// The 12-bit mask of the cells whose bit `4i` is set in `m`.
    fn compress(m: u64) -> u64;
}

/// [`Bits`] with tables.
struct Tables;

impl Bits for Tables {
    #[inline(always)]
    fn digits(x: u64) -> Digits {
        let cells = x & CELLS;
        let mut acc = 0u64;
        for j in 0..6 {
            acc += BYTE[(cells >> (8 * j) & 255) as usize] << (2 * j);
        }
        let giraffes = acc & 0xfff;
        let elephants = acc >> 12 & 0xfff;
        let chicks = acc >> 24 & 0xfff;
        let hens = acc >> 36 & 0xfff;
        let gote = acc >> 48 & 0xfff;
        let fl = flags(x);
        let sente_lion = (fl.lion & !fl.gote).trailing_zeros() >> 2;
        let gote_lion = (fl.lion & fl.gote).trailing_zeros() >> 2;
        let pieces = giraffes | elephants | chicks;
        let kc = pop12(chicks);
        Digits {
            sente_lion,
            gote_lion,
            set: remove_bit(remove_bit(pieces, sente_lion.max(gote_lion)), sente_lion.min(gote_lion)),
            pieces: pop12(pieces),
            chicks: kc,
            counts: pop12(giraffes) * 9 + pop12(elephants) * 3 + kc,
            giraffes: pext12(giraffes, pieces),
            elephants: pext12(elephants, pieces),
            owners: pext12(gote, pieces),
            promotions: pext12(hens, chicks),
        }
    }

    #[inline(always)]
    fn board(
        sente_lion: u32,
        gote_lion: u32,
        set: u64,
        giraffes: u64,
        elephants: u64,
        owners: u64,
        promotions: u64,
    ) -> u64 {
        let pieces = insert_bit(insert_bit(set, sente_lion.min(gote_lion)), sente_lion.max(gote_lion));
        let giraffes = pdep12(giraffes, pieces);
        let elephants = pdep12(elephants, pieces);
        let chicks = pieces ^ giraffes ^ elephants;
        spread(giraffes) * GIRAFFE
            + spread(elephants) * ELEPHANT
            + spread(chicks) * CHICK
            + spread(pdep12(promotions, chicks))
            + spread(pdep12(owners, pieces)) * GOTE
            + (LION << (4 * sente_lion))
            + ((GOTE | LION) << (4 * gote_lion))
    }

    #[inline(always)]
    fn compress(m: u64) -> u64 {
        compress(m)
    }
}

/// [`Bits`] with the BMI2 instructions; only called where [`bmi2`] says they are there.
#[cfg(target_arch = "x86_64")]
struct Bmi2;

#[cfg(target_arch = "x86_64")]
impl Bits for Bmi2 {
    #[inline(always)]
    fn digits(x: u64) -> Digits {
        use std::arch::x86_64::_pext_u64;
        let c = x & CELLS;
        let b0 = c & LOW_BITS;
        let b1 = c >> 1 & LOW_BITS;
        let b2 = c >> 2 & LOW_BITS;
        let b3 = c >> 3 & LOW_BITS;
        let lion = b0 & !(b1 | b2);
        // Giraffe 010, elephant 011, chick 100, hen 101.
        let pieces = b1 | b2;
        let giraffes = b1 & !b0;
        let elephants = b1 & b0;
        let kc = b2.count_ones();
        // SAFETY: the caller runs with BMI2 (see `bmi2`).
        unsafe {
            Digits {
                sente_lion: (lion & !b3).trailing_zeros() >> 2,
                gote_lion: (lion & b3).trailing_zeros() >> 2,
                set: _pext_u64(pieces, LOW_BITS & !lion),
                pieces: pieces.count_ones(),
                chicks: kc,
                counts: giraffes.count_ones() * 9 + elephants.count_ones() * 3 + kc,
                giraffes: _pext_u64(giraffes, pieces),
                elephants: _pext_u64(elephants, pieces),
                owners: _pext_u64(b3, pieces),
                promotions: _pext_u64(b0, b2),
            }
        }
    }

    #[inline(always)]
    fn board(
        sente_lion: u32,
        gote_lion: u32,
        set: u64,
        giraffes: u64,
        elephants: u64,
        owners: u64,
        promotions: u64,
    ) -> u64 {
        use std::arch::x86_64::_pdep_u64;
        let lions = 1 << (4 * sente_lion) | 1 << (4 * gote_lion);
        // SAFETY: the caller runs with BMI2 (see `bmi2`).
        unsafe {
            let pieces = _pdep_u64(set, LOW_BITS & !lions);
            let giraffes = _pdep_u64(giraffes, pieces);
            let elephants = _pdep_u64(elephants, pieces);
            let chicks = pieces ^ giraffes ^ elephants;
            giraffes * GIRAFFE
                + elephants * ELEPHANT
                + chicks * CHICK
                + _pdep_u64(promotions, chicks)
                + _pdep_u64(owners, pieces) * GOTE
                + (LION << (4 * sente_lion))
                + ((GOTE | LION) << (4 * gote_lion))
        }
    }

    #[inline(always)]
    fn compress(m: u64) -> u64 {
        // SAFETY: the caller runs with BMI2 (see `bmi2`).
        unsafe { std::arch::x86_64::_pext_u64(m, LOW_BITS) }
    }
}

/// Whether this processor has fast BMI2 instructions (and `popcnt`): Intel's since Haswell,
/// AMD's since Zen 3 (earlier ones run `pext` and `pdep` in slow microcode). Checked once.
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn bmi2() -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    static KNOWN: AtomicU8 = AtomicU8::new(0);
    match KNOWN.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let fast = std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("popcnt")
                && {
                    use std::arch::x86_64::__cpuid;
                    #[allow(unused_unsafe)]
                    // SAFETY: CPUID exists on every x86-64 processor.
                    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
                    // "AuthenticAMD": the family is the base family plus the extended family.
                    let amd =
                        vendor.ebx == 0x6874_7541 && vendor.edx == 0x6974_6e65 && vendor.ecx == 0x444d_4163;
                    let family = (signature.eax >> 8 & 0xf) + (signature.eax >> 20 & 0xff);
                    !amd || family >= 0x19
                };
            KNOWN.store(if fast { 2 } else { 1 }, Ordering::Relaxed);
            fast
        }
    }
}

/// Runs `$body` with `$B` the fastest [`Bits`] of this processor: the BMI2 version is compiled
/// in a function with the instructions enabled, so that everything inlined into it uses them.
macro_rules! with_bits {
    (fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty { $B:ident => $body:expr }) => {
        pub fn $name($($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "bmi2,popcnt")]
                unsafe fn with_bmi2($($arg: $ty),*) -> $ret {
                    type $B = Bmi2;
                    $body
                }
                if bmi2() {
                    // SAFETY: the processor has BMI2 and popcnt.
                    return unsafe { with_bmi2($($arg),*) };
                }
            }
            type $B = Tables;
            $body
        }
    };
}

/// The slot of the canonical position `x` (Sente to move, not larger than its mirror image);
/// equal to `rank_sente`.
#[inline(always)]
fn rank_with<B: Bits>(x: u64) -> u64 {
    rank_in::<B>(&fast().full, x)
}

/// The slot of `x` in the numbering `shape` (its lion pair admitted there).
#[inline(always)]
fn rank_in<B: Bits>(shape: &Shape, x: u64) -> u64 {
    let f = fast();
    let t = index_tables();
    let d = B::digits(x);
    let chick_order = ((1 << d.pieces) - 1) ^ d.giraffes ^ d.elephants;
    let code = POW3[d.elephants as usize] as usize + 2 * POW3[chick_order as usize] as usize;
    let kinds = t.kinds_rank[d.pieces as usize * 729 + code] as u64;
    let hand = (x >> SENTE_HAND & 63) as usize;
    let block = &shape.blocks[f.block_of[d.counts as usize * 64 + hand] as usize];
    let lions = shape.lion_digit[(d.sente_lion * 12 + d.gote_lion) as usize] as u64;
    let inner = (t.set_rank[d.set as usize] as u64 * block.kinds + kinds) << (d.pieces + d.chicks)
        | d.owners << d.chicks
        | d.promotions;
    block.offset + lions * block.per_lions + inner
}

/// The position with Sente to move in slot `index` (`index < INDEX_SIZE`); equal to
/// `unrank_sente`.
#[inline(always)]
fn unrank_with<B: Bits>(index: u64) -> u64 {
    unrank_in::<B>(&fast().full, index)
}

/// The position in slot `index` of the numbering `shape` (`index < shape.size()`).
#[inline(always)]
fn unrank_in<B: Bits>(shape: &Shape, index: u64) -> u64 {
    let f = fast();
    let t = index_tables();
    let mut b = shape.block_at[(index >> 16) as usize] as usize;
    while shape.blocks[b + 1].offset <= index {
        b += 1;
    }
    let block = &shape.blocks[b];
    let rest = index - block.offset;
    let low = rest & ((1 << block.low_bits) - 1);
    let high = rest >> block.low_bits;
    let lions = divide(high, block.squares_kinds_inverse);
    let squares_kinds = high - lions * block.squares_kinds;
    let set_digit = divide(squares_kinds, block.kinds_inverse);
    let kinds_digit = squares_kinds - set_digit * block.kinds;
    let (sente_lion, gote_lion) = shape.lion_squares[lions as usize];
    let set = t.set_unrank[block.pieces as usize][set_digit as usize] as u64;
    let order = f.kinds_masks[block.counts_code as usize][kinds_digit as usize] as u64;
    let all = (1u64 << block.pieces) - 1;
    B::board(
        sente_lion as u32,
        gote_lion as u32,
        set,
        order & all,
        order >> 6 & all,
        low >> block.chicks,
        low & ((1 << block.chicks) - 1),
    ) + block.hands
}

with_bits!(fn rank(x: u64) -> u64 { B => rank_with::<B>(x) });
with_bits!(fn unrank(index: u64) -> u64 { B => unrank_with::<B>(index) });
with_bits!(fn rank_live(x: u64) -> u64 { B => rank_in::<B>(&fast().live, live_canonical(x)) });
with_bits!(fn unrank_live(index: u64) -> u64 { B => unrank_in::<B>(&fast().live, index) });

// ---------------------------------------------------------------------------------------------
// Moves and predecessors.

/// The squares of `x` as 12-bit masks: Sente's pieces, Gote's pieces, empty squares.
#[inline(always)]
fn squares<B: Bits>(x: u64) -> (u64, u64, u64) {
    let fl = flags(x);
    let sente = B::compress(fl.occupied & !fl.gote);
    let gote = B::compress(fl.gote);
    (sente, gote, !(sente | gote) & 0xfff)
}

#[inline(always)]
fn cell(x: u64, sq: u32) -> u64 {
    x >> (4 * sq) & 15
}

/// The end of the game for the player to move after a move of Sente: Gote wins when it can
/// capture Sente's lion on `lion` (with `gote_attacks`), loses when that lion stands on Gote's
/// home rank out of reach.
#[inline(always)]
fn after_move(gote_attacks: u64, lion: u32) -> Option<Value> {
    if gote_attacks >> lion & 1 != 0 {
        Some(Value::Win)
    } else if lion < 3 {
        Some(Value::Lose)
    } else {
        None
    }
}

/// Calls `f(child, terminal)` for every move of Sente in `c` (Sente to move, not terminal), with
/// the position after the move turned around (Sente to move there: it is the `sente_view` of the
/// position) and its end of the game.
#[inline(always)]
fn for_each_move<B: Bits>(c: u64, mut f: impl FnMut(u64, Option<Value>)) {
    let (own, _, empty) = squares::<B>(c);
    let threats = threats(c);
    let attacked = B::compress(threats.attacked);
    let attackers = B::compress(threats.attackers);
    let sente_lion = threats.lion.trailing_zeros() >> 2;
    // The end after a move that leaves the lion where it is and captures on `captured` (a mask).
    let lion_stays = |captured: u64| {
        if attackers & !captured != 0 {
            Some(Value::Win)
        } else if sente_lion < 3 {
            Some(Value::Lose)
        } else {
            None
        }
    };
    // The turned-around position: Sente's pieces are Gote's there, on square 11 - sq; the
    // player to move after the move is Sente there.
    let turned = flip(c) & !GOTE_TO_MOVE;
    let mut from_set = own;
    while from_set != 0 {
        let from = from_set.trailing_zeros();
        from_set &= from_set - 1;
        let kind = cell(c, from) & 7;
        let lifted = turned & !(15 << (4 * (11 - from)));
        let mut to_set = TARGETS[kind as usize][from as usize] as u64 & !own;
        while to_set != 0 {
            let to = to_set.trailing_zeros();
            to_set &= to_set - 1;
            let new_kind = if kind == CHICK && to < 3 { HEN } else { kind };
            let captured = cell(c, to) & 7;
            let mut child = lifted & !(15 << (4 * (11 - to))) | (GOTE | new_kind) << (4 * (11 - to));
            if captured != 0 {
                child += 1 << (GOTE_HAND + 2 * position::hand_index(captured) as u32);
            }
            let terminal = if kind == LION { after_move(attacked, to) } else { lion_stays(1 << to) };
            f(child, terminal);
        }
    }
    if empty == 0 {
        return;
    }
    let terminal = lion_stays(0);
    for (h, kind) in [GIRAFFE, ELEPHANT, CHICK].into_iter().enumerate() {
        let field = GOTE_HAND + 2 * h as u32;
        if turned >> field & 3 == 0 {
            continue;
        }
        let dropped = turned - (1 << field);
        let mut to_set = empty;
        while to_set != 0 {
            let to = to_set.trailing_zeros();
            to_set &= to_set - 1;
            f(dropped | (GOTE | kind) << (4 * (11 - to)), terminal);
        }
    }
}

/// `SlotMoves::successor_slots` of a position with Sente to move.
#[inline(always)]
fn successor_slots_with<B: Bits>(c: u64, out: &mut Vec<(u64, bool)>) {
    for_each_move::<B>(
        c,
        #[inline(always)]
        |child, terminal| out.push((rank_with::<B>(canonical_sente(child)), terminal.is_some())),
    );
}

with_bits!(fn successor_slots(c: u64, out: &mut Vec<(u64, bool)>) -> () { B => successor_slots_with::<B>(c, out) });

/// `SlotMoves::all_children` of a live position with Sente to move, in the live index.
#[inline(always)]
fn live_children_with<B: Bits>(c: u64, f: &mut dyn FnMut(Child) -> bool) -> bool {
    let mut all = true;
    for_each_move::<B>(
        c,
        #[inline(always)]
        |child, terminal| {
            if all {
                all = f(match terminal {
                    Some(v) => Child::Terminal(Outcome::new(v, TERMINAL_REMOTENESS)),
                    None => Child::Slot(rank_in::<B>(&fast().live, live_canonical(child))),
                });
            }
        },
    );
    all
}

/// What a capture adds to the hands of the position moved to (turned around: the capturer's
/// hand is Gote's there), by the kind captured (none: 0; a hen goes to hand as a chick).
const HAND_STEP: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut kind = 1;
    while kind < 8 {
        t[kind as usize] = 1 << (GOTE_HAND + 2 * position::hand_index(kind) as u32);
        kind += 1;
    }
    t
};

/// The most moves a position has: 36 on the board (the lion 8, two giraffes and two elephants 4
/// each, two hens 6 each), and drops of three kinds on 10 empty squares.
const MAX_MOVES: usize = 66;

/// `SlotMoves::child_keys` of a live position with Sente to move: the key of a move is the
/// position moved to, turned around (Sente to move), which `rank_live` ranks. The moves that end
/// the game are told apart on the bitboards ([`move_counts`] counts them alike) and only
/// counted; the others are listed, without a branch on what a square holds.
#[inline(always)]
fn live_child_keys_with<B: Bits>(c: u64, keys: &mut Vec<u64>, ends: &mut Vec<Outcome>) {
    let (own, _, empty) = squares::<B>(c);
    let threats = threats(c);
    let attacked = B::compress(threats.attacked);
    let attackers = B::compress(threats.attackers);
    let on_far_rank = threats.lion.trailing_zeros() >> 2 < 3;
    // Where a piece other than the lion may move, or a piece be dropped, and leave the lion out
    // of reach: anywhere when no piece of Gote's attacks it, onto the attacker when one does,
    // nowhere when two do. With the lion on Gote's home rank every such move is a try.
    let safe = match attackers.count_ones() {
        0 => 0xfff,
        1 => attackers,
        _ => 0,
    };
    let (mut won, mut tries) = (0u32, 0u32);
    let turned = flip(c) & !GOTE_TO_MOVE;
    let mut listed = [0u64; MAX_MOVES];
    let mut n = 0;
    let mut from_set = own;
    while from_set != 0 {
        let from = from_set.trailing_zeros();
        from_set &= from_set - 1;
        let kind = cell(c, from) & 7;
        let targets = TARGETS[kind as usize][from as usize] as u64 & !own;
        let open = if kind == LION {
            won += (targets & attacked).count_ones();
            tries += (targets & !attacked & FAR_SQUARES).count_ones();
            targets & !attacked & !FAR_SQUARES
        } else {
            won += (targets & !safe).count_ones();
            if on_far_rank {
                tries += (targets & safe).count_ones();
                0
            } else {
                targets & safe
            }
        };
        let lifted = turned & !(15 << (4 * (11 - from)));
        let mut to_set = open;
        while to_set != 0 {
            let to = to_set.trailing_zeros();
            to_set &= to_set - 1;
            let promoted = (kind == CHICK && to < 3) as u64;
            let shift = 4 * (11 - to);
            listed[n] = (lifted & !(15 << shift) | (GOTE | (kind + promoted)) << shift)
                + HAND_STEP[(cell(c, to) & 7) as usize];
            n += 1;
        }
    }
    if empty != 0 {
        let open = if on_far_rank { 0 } else { empty & safe };
        for (h, kind) in [GIRAFFE, ELEPHANT, CHICK].into_iter().enumerate() {
            let field = GOTE_HAND + 2 * h as u32;
            if turned >> field & 3 == 0 {
                continue;
            }
            won += (empty & !safe).count_ones();
            if on_far_rank {
                tries += (empty & safe).count_ones();
            }
            let dropped = turned - (1 << field);
            let mut to_set = open;
            while to_set != 0 {
                let to = to_set.trailing_zeros();
                to_set &= to_set - 1;
                listed[n] = dropped | (GOTE | kind) << (4 * (11 - to));
                n += 1;
            }
        }
    }
    keys.extend_from_slice(&listed[..n]);
    let end = |v| Outcome::new(v, TERMINAL_REMOTENESS);
    ends.extend(std::iter::repeat_n(end(Value::Win), won as usize));
    ends.extend(std::iter::repeat_n(end(Value::Lose), tries as usize));
}

/// `SlotMoves::for_each_child_end` of a position with Sente to move, not terminal.
#[inline(always)]
fn child_ends_with<B: Bits>(c: u64, f: &mut dyn FnMut(Option<Outcome>)) {
    for_each_move::<B>(c, |_, terminal| f(terminal.map(|v| Outcome::new(v, TERMINAL_REMOTENESS))));
}

with_bits!(fn child_ends(c: u64, f: &mut dyn FnMut(Option<Outcome>)) -> () { B => child_ends_with::<B>(c, f) });

with_bits!(fn live_children(c: u64, f: &mut dyn FnMut(Child) -> bool) -> bool { B => live_children_with::<B>(c, f) });

with_bits!(fn live_child_keys(c: u64, keys: &mut Vec<u64>, ends: &mut Vec<Outcome>) -> () { B => live_child_keys_with::<B>(c, keys, ends) });

/// `SlotMoves::move_classes` of a position with Sente to move, not terminal. Two moves lead into
/// one class only when they are mirror images of each other in a symmetric position; the
/// classes of those are counted by their slots.
#[inline(always)]
fn move_classes_with<B: Bits>(c: u64) -> MoveClasses {
    if mirror(c) == c {
        move_classes_by_moves::<B>(c, true)
    } else {
        count_moves(c)
    }
}

/// The move classes of `c` move by move, the classes told apart by their slots when
/// `symmetric` (else every move is its own class): the reference for [`count_moves`].
#[inline(always)]
fn move_classes_by_moves<B: Bits>(c: u64, symmetric: bool) -> MoveClasses {
    let mut classes = MoveClasses::default();
    let mut slots = Vec::with_capacity(64);
    for_each_move::<B>(
        c,
        #[inline(always)]
        |child, terminal| match terminal {
            Some(v) if classes.add_terminal(Outcome::new(v, TERMINAL_REMOTENESS)) => {}
            _ if symmetric => slots.push(rank_with::<B>(canonical_sente(child))),
            _ => classes.open += 1,
        },
    );
    if symmetric {
        slots.sort_unstable();
        slots.dedup();
        classes.open = slots.len() as u32;
    }
    classes
}

/// The squares reached by the pieces of the flags `lion`, `giraffe`, `elephant`, `chick`, `hen`
/// (one bit per cell at 4·sq) moving up the board as Sente's do, one mask per direction (up,
/// down, left, right, up-left, up-right, down-left, down-right); bits past the board may be set.
#[inline(always)]
fn steps_up(lion: u64, giraffe: u64, elephant: u64, chick: u64, hen: u64) -> [u64; 8] {
    let forward = lion | giraffe | chick | hen;
    let orthogonal = lion | giraffe | hen;
    let diagonal_forward = lion | elephant | hen;
    let diagonal_back = lion | elephant;
    [
        forward >> 12,
        orthogonal << 12,
        (orthogonal & !FILE_A) >> 4,
        (orthogonal & !FILE_C) << 4,
        (diagonal_forward & !FILE_A) >> 16,
        (diagonal_forward & !FILE_C) >> 8,
        (diagonal_back & !FILE_A) << 8,
        (diagonal_back & !FILE_C) << 16,
    ]
}

/// [`steps_up`] for pieces moving down the board as Gote's do, in the opposite directions (down,
/// up, right, left, down-right, down-left, up-right, up-left), so that direction `d` of one
/// undoes direction `d` of the other.
#[inline(always)]
fn steps_down(lion: u64, giraffe: u64, elephant: u64, chick: u64, hen: u64) -> [u64; 8] {
    let forward = lion | giraffe | chick | hen;
    let orthogonal = lion | giraffe | hen;
    let diagonal_forward = lion | elephant | hen;
    let diagonal_back = lion | elephant;
    [
        forward << 12,
        orthogonal >> 12,
        (orthogonal & !FILE_C) << 4,
        (orthogonal & !FILE_A) >> 4,
        (diagonal_forward & !FILE_C) << 16,
        (diagonal_forward & !FILE_A) << 8,
        (diagonal_back & !FILE_C) >> 8,
        (diagonal_back & !FILE_A) >> 16,
    ]
}

/// What can end the game after a move of Sente (to move in the position): Gote's attacks.
struct Threats {
    /// The squares Gote's pieces attack, one bit per cell at 4·sq.
    attacked: u64,
    /// Gote's pieces that attack Sente's lion.
    attackers: u64,
    /// Sente's lion.
    lion: u64,
}

#[inline(always)]
fn threats(c: u64) -> Threats {
    let fl = flags(c);
    let sente_lion = fl.lion & !fl.gote;
    let steps = fl.steps_down(fl.gote);
    // One step back from the lion in each direction in which a piece of Gote's reaches it.
    let back = steps_up(sente_lion, 0, 0, 0, 0);
    let attackers = (0..8).fold(0, |a, d| if steps[d] & sente_lion != 0 { a | back[d] } else { a });
    Threats { attacked: union(steps) & LOW_BITS, attackers, lion: sente_lion }
}

/// Sente's pieces that attack Gote's lion in `g`, one bit per cell at 4·sq.
#[inline(always)]
fn sente_attackers(g: u64) -> u64 {
    let fl = flags(g);
    let gote_lion = fl.lion & fl.gote;
    let steps = fl.steps_up(fl.occupied & !fl.gote);
    let back = steps_down(gote_lion, 0, 0, 0, 0);
    (0..8).fold(0, |a, d| if steps[d] & gote_lion != 0 { a | back[d] } else { a })
}

/// Sente's moves in `c` (Sente to move, not terminal) counted by where they lead, with
/// bit-parallel arithmetic. Moves are one step, so the only way a move leaves Sente's lion
/// capturable is to take it onto an attacked square, or to leave it attacked (unless the move
/// captures its only attacker; a captured piece never attacked its own square).
struct MoveCounts {
    /// The squares Sente's lion moves to, and the squares Gote attacks (one bit per cell at
    /// 4·sq).
    lion_to: u64,
    attacked: u64,
    /// Sente's lion.
    lion: u64,
    /// The moves of the other pieces and the drops, and those of them that leave the lion safe.
    others: u32,
    safe_others: u32,
}

#[inline(always)]
fn move_counts(c: u64) -> MoveCounts {
    let fl = flags(c);
    let occupied = fl.occupied;
    let sente = occupied & !fl.gote;
    let Threats { attacked, attackers, lion } = threats(c);
    let free = LOW_BITS & !sente;
    // Every piece but the lion (it moves below).
    let steps = steps_up(0, fl.giraffe & sente, fl.elephant & sente, fl.chick & sente, fl.hen & sente);
    let kinds_in_hand = (0..3).filter(|h| c >> (SENTE_HAND + 2 * h) & 3 != 0).count() as u32;
    let others = steps.into_iter().map(|s| (s & free).count_ones()).sum::<u32>()
        + kinds_in_hand * (LOW_BITS & !occupied).count_ones();
    let safe_others = match attackers.count_ones() {
        0 => others,
        1 => steps.into_iter().map(|s| (s & attackers).count_ones()).sum(),
        _ => 0,
    };
    let lion_to = union(steps_up(lion, 0, 0, 0, 0)) & free;
    MoveCounts { lion_to, attacked, lion, others, safe_others }
}

/// Gote's home rank (squares 0 to 2), one bit per cell at 4·sq; and as a 12-bit square mask.
const FAR_RANK: u64 = 0x111;
const FAR_SQUARES: u64 = 0b111;

/// The move classes of a position that is not symmetric (no two moves lead into one class),
/// counted ([`move_counts`]). The moves that leave the lion capturable lead into positions won
/// in 1 for Gote, decided before any round (`into_won`). Every other move is open, the tries
/// included (a move that leaves the lion on Gote's home rank out of reach ends the game there,
/// lost in 1 for Gote: the rounds decide the win in 2).
#[inline(always)]
fn count_moves(c: u64) -> MoveClasses {
    let m = move_counts(c);
    let lion_safe = m.lion_to & !m.attacked;
    MoveClasses {
        open: lion_safe.count_ones() + m.safe_others,
        into_won: (m.lion_to & m.attacked != 0 || m.safe_others < m.others).then_some(TERMINAL_REMOTENESS),
        into_lost: false,
    }
}

/// `SlotMoves::child_ends` of a position with Sente to move, not terminal, counted
/// ([`move_counts`]): a move that leaves the lion capturable leads into a position won for
/// Gote; one that leaves it out of reach on Gote's home rank (a try: the lion moved there, or
/// stood there) into a position lost for Gote; every other move into a position that is not
/// over.
#[inline(always)]
fn child_end_counts_with<B: Bits>(c: u64) -> ChildEnds {
    let m = move_counts(c);
    let into_won = (m.lion_to & m.attacked).count_ones() + m.others - m.safe_others;
    let tries = (m.lion_to & !m.attacked & FAR_RANK).count_ones()
        + if m.lion & FAR_RANK != 0 { m.safe_others } else { 0 };
    let end = |n: u32| (n > 0).then_some(TERMINAL_REMOTENESS);
    ChildEnds {
        moves: m.lion_to.count_ones() + m.others,
        into_won,
        won_max: end(into_won),
        lost_min: end(tries),
        tie_min: None,
    }
}

with_bits!(fn child_end_counts(c: u64) -> ChildEnds { B => child_end_counts_with::<B>(c) });

with_bits!(fn move_classes(c: u64) -> MoveClasses { B => move_classes_with::<B>(c) });

/// `SlotMoves::predecessor_slots` of a position with Sente to move, terminal predecessors left
/// out. Two predecessors are in one class only when `c` is symmetric; then the slots are
/// sorted and repeats removed.
#[inline(always)]
fn predecessor_slots_with<B: Bits, const LIVE: bool, S: Sink>(c: u64, out: &mut Vec<S>) {
    let slot = |y: u64| {
        let x = if LIVE { live_canonical(y) } else { canonical_sente(y) };
        S::of(if LIVE { rank_in::<B>(&fast().live, x) } else { rank_with::<B>(x) }, x)
    };
    // The predecessors turned around are the positions with Sente to move from which a move of
    // Sente reaches `g`, the position turned around (Gote to move).
    let g = flip(c);
    let fl = flags(g);
    let gote_lion = (fl.lion & fl.gote).trailing_zeros() >> 2;
    if gote_lion >= 9 {
        // Gote's lion on Sente's home rank: every predecessor has ended (won or lost) already.
        return;
    }
    let (own, _, empty) = squares::<B>(g);
    // Sente's pieces that attack Gote's lion: a predecessor has ended unless the piece that
    // moved is the only one, and does not attack the lion from where it came.
    let attackers = B::compress(sente_attackers(g));
    let mut to_set = match attackers.count_ones() {
        0 => own,
        1 => attackers,
        _ => return,
    };
    let base = g & !GOTE_TO_MOVE;
    let first = out.len();
    while to_set != 0 {
        let to = to_set.trailing_zeros();
        to_set &= to_set - 1;
        let kind = cell(g, to) & 7;
        let vacated = base & !(15 << (4 * to));
        let others = attackers & !(1 << to);
        // Unmoves: from an empty square; a hen on the far rank may have been a chick that
        // promoted; a chick never moved onto the far rank (it would have promoted).
        let mut origins = [(0u64, kind), (0u64, CHICK)];
        if !(kind == CHICK && to < 3) {
            origins[0].0 = SOURCES[kind as usize][to as usize] as u64 & empty;
        }
        if kind == HEN && to < 3 {
            origins[1].0 = SOURCES[CHICK as usize][to as usize] as u64 & empty;
        }
        for (mut from_set, from_kind) in origins {
            from_set &= !(SOURCES[from_kind as usize][gote_lion as usize] as u64);
            if LIVE && kind == LION {
                // A lion on the far rank with its side to move: the game was over (not live).
                from_set &= !0b111;
            }
            while from_set != 0 {
                let from = from_set.trailing_zeros();
                from_set &= from_set - 1;
                let before = vacated | from_kind << (4 * from);
                out.push(slot(before));
                // Un-captures: a Gote piece stood on `to` and went to Sente's hand.
                for (h, captured) in [GIRAFFE, ELEPHANT, CHICK].into_iter().enumerate() {
                    let field = SENTE_HAND + 2 * h as u32;
                    if before >> field & 3 == 0 {
                        continue;
                    }
                    let taken = before - (1 << field);
                    out.push(slot(taken | (GOTE | captured) << (4 * to)));
                    if captured == CHICK {
                        out.push(slot(taken | (GOTE | HEN) << (4 * to)));
                    }
                }
            }
        }
        // Un-drops: an unpromoted piece other than the lion may have come from Sente's hand.
        if kind != LION && kind != HEN && others == 0 {
            let field = SENTE_HAND + 2 * position::hand_index(kind) as u32;
            out.push(slot(vacated + (1 << field)));
        }
    }
    if mirror(c) == c {
        sort_dedup_from(out, first);
    }
}

/// What the predecessors of a position are listed as: their slots, or their slots with their
/// canonical positions.
trait Sink: Ord + Copy {
    fn of(slot: u64, x: u64) -> Self;
}

impl Sink for u64 {
    #[inline(always)]
    fn of(slot: u64, _: u64) -> u64 {
        slot
    }
}

impl Sink for (u64, u64) {
    #[inline(always)]
    fn of(slot: u64, x: u64) -> (u64, u64) {
        (slot, x)
    }
}

with_bits!(fn predecessor_slots(c: u64, out: &mut Vec<u64>) -> () { B => predecessor_slots_with::<B, false, u64>(c, out) });
with_bits!(fn live_predecessor_slots(c: u64, out: &mut Vec<u64>) -> () { B => predecessor_slots_with::<B, true, u64>(c, out) });
with_bits!(fn predecessors(c: u64, out: &mut Vec<(u64, u64)>) -> () { B => predecessor_slots_with::<B, false, (u64, u64)>(c, out) });
with_bits!(fn live_predecessors(c: u64, out: &mut Vec<(u64, u64)>) -> () { B => predecessor_slots_with::<B, true, (u64, u64)>(c, out) });

/// The portable versions (on `Tables`, without BMI2) of the fast paths that run through
/// `with_bits!`, which the dispatched ones must agree with on every processor. For the crate's
/// tests only (`tests/suite/dobutsu_fast.rs`, through `crate::testing`), not a stable API.
pub mod portable {
    use nimber_engine::table::plumbing::MoveClasses;

    use super::Tables;

    /// `rank` on the portable tables.
    pub fn rank(x: u64) -> u64 {
        super::rank_with::<Tables>(x)
    }

    /// `unrank` on the portable tables.
    pub fn unrank(index: u64) -> u64 {
        super::unrank_with::<Tables>(index)
    }

    /// `predecessor_slots` on the portable tables.
    pub fn predecessor_slots(c: u64, out: &mut Vec<u64>) {
        super::predecessor_slots_with::<Tables, false, u64>(c, out)
    }

    /// `move_classes` on the portable tables.
    pub fn move_classes(c: u64) -> MoveClasses {
        super::move_classes_with::<Tables>(c)
    }

    /// The move classes of `c` move by move on the portable tables (the reference for the
    /// counting of `move_classes`).
    pub fn move_classes_by_moves(c: u64, symmetric: bool) -> MoveClasses {
        super::move_classes_by_moves::<Tables>(c, symmetric)
    }

    /// `successor_slots` on the portable tables.
    pub fn successor_slots(c: u64, out: &mut Vec<(u64, bool)>) {
        super::successor_slots_with::<Tables>(c, out)
    }
}
