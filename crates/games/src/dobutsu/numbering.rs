//! How the two indexes number positions with Sente to move: the full index of the dense solve
//! (every arrangement of the material, [`INDEX_SIZE`] slots) and the live index of the lean
//! solve (the lion pairs of positions in which the game goes on, [`LIVE_SIZE`] slots), with the
//! tables that rank and unrank by them. `fast.rs` ranks and unranks with these; `index.rs` and
//! `live.rs` are the games over them.

use nimber_engine::table::subset;

// The index.
//
// A canonical position (Sente to move) is numbered by mixed radix, most significant first:
//   block: how many giraffes, elephants and chicks are on the board (kG, kE, kC, each 0..=2)
//          and how many of the rest are in Sente's hand (the others are in Gote's): one of 216
//          blocks, each with its offset;
//   lions: Sente's lion square a and Gote's b != a: a * 11 + (b - (b > a)), 132 values;
//   squares: which of the other 10 squares hold a piece: rank among the C(10, k) sets (k =
//          kG + kE + kC);
//   kinds: the kinds (giraffe, elephant, chick) of those pieces in square order: rank among the
//          k! / (kG! kE! kC!) arrangements;
//   owners: one bit per piece (Gote = 1), k bits;
//   promotions: one bit per chick (hen = 1), kC bits.
// Every slot is a position: the index is perfect.
// ---------------------------------------------------------------------------------------------

/// Slots of the index.
pub const INDEX_SIZE: u64 = 1_567_925_964;
/// Positions reachable from the start under Tanaka's conventions (Tanaka 2009).
pub const REACHABLE: u64 = 246_803_167;

pub(super) struct IndexTables {
    /// Rank of a 10-bit set among the sets of the same size (colexicographic).
    pub(super) set_rank: [u16; 1024],
    /// Sets of each size, by rank.
    pub(super) set_unrank: Vec<Vec<u16>>,
    /// Rank of a kind sequence of length k (at `k * 729 + code`, the code in base 3, digit i
    /// the kind of the i-th piece: 0 giraffe, 1 elephant, 2 chick) among the sequences with the
    /// same counts.
    pub(super) kinds_rank: Vec<u16>,
    /// Kind sequences by counts (kG, kE, kC) and rank.
    pub(super) kinds_unrank: Vec<Vec<u16>>,
    /// Blocks by (kG, kE, kC, sG, sE, sC): offset and the size of one lion pair's part.
    pub(super) blocks: Vec<Block>,
    /// Block number of (kG, kE, kC, sG, sE, sC), each digit base 3 (read by `reference.rs`).
    pub(super) block_of: [u16; 729],
}

#[derive(Copy, Clone, Debug)]
pub(super) struct Block {
    pub(super) offset: u64,
    pub(super) counts: [u8; 3],
    pub(super) sente: [u8; 3],
    /// Radix of the kinds digit.
    pub(super) kinds: u64,
    /// Positions per lion pair: sets * kinds * 2^(k + kC).
    pub(super) per_lions: u64,
}

pub(super) fn counts_code(c: [u8; 3]) -> usize {
    (c[0] as usize * 3 + c[1] as usize) * 3 + c[2] as usize
}

pub(super) fn index_tables() -> &'static IndexTables {
    static TABLES: std::sync::OnceLock<IndexTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        // The sets of the 10 squares in the combinatorial number system, tabulated.
        let set_rank = std::array::from_fn(|m| subset::rank_set(m as u64) as u16);
        let set_unrank: Vec<Vec<u16>> = (0..=10u32)
            .map(|k| {
                (0..subset::binomial(10, k as u64)).map(|r| subset::unrank_set(r, k, 10) as u16).collect()
            })
            .collect();
        let mut kinds_rank = vec![0u16; 7 * 729];
        let mut kinds_unrank = vec![Vec::new(); 27];
        // Sequences of every length up to 6, in increasing code order within each length.
        for len in 0..=6u32 {
            for code in 0..3u16.pow(len) {
                let mut counts = [0u8; 3];
                let mut c = code;
                for _ in 0..len {
                    counts[(c % 3) as usize] += 1;
                    c /= 3;
                }
                if counts.iter().any(|&n| n > 2) {
                    continue;
                }
                let class = &mut kinds_unrank[counts_code(counts)];
                kinds_rank[len as usize * 729 + code as usize] = class.len() as u16;
                class.push(code);
            }
        }
        let mut blocks = Vec::new();
        let mut block_of = [u16::MAX; 729];
        let mut offset = 0u64;
        for code in 0..27 {
            let counts = [(code / 9) as u8, (code / 3 % 3) as u8, (code % 3) as u8];
            let k = counts.iter().map(|&n| n as u32).sum::<u32>();
            let sets = set_unrank[k as usize].len() as u64;
            let kinds = kinds_unrank[code].len() as u64;
            let per_lions = (sets * kinds) << (k + counts[2] as u32);
            for s_code in 0..27 {
                let sente = [(s_code / 9) as u8, (s_code / 3 % 3) as u8, (s_code % 3) as u8];
                if (0..3).any(|i| counts[i] + sente[i] > 2) {
                    continue;
                }
                block_of[code * 27 + s_code] = blocks.len() as u16;
                blocks.push(Block { offset, counts, sente, kinds, per_lions });
                offset += 132 * per_lions;
            }
        }
        assert_eq!(offset, INDEX_SIZE);
        IndexTables { set_rank, set_unrank, kinds_rank, kinds_unrank, blocks, block_of }
    })
}

// ---------------------------------------------------------------------------------------------
// The live index: the positions with Sente to move in which the game goes on, numbered as in the
// index above but with only the lion pairs that such a position can have, for the lean solver
// (`nimber_engine::table::lean`), which keeps two bits per slot and needs no reachable set.
//
// A live position has Sente's lion off the far rank (there, with Sente to move, Sente has won
// already), Gote's lion off Sente's home rank (there the game is over: Sente captures it or has
// lost) and not next to Sente's lion (Sente would capture it). Of the mirror images, the one
// with Sente's lion on file a or b is kept, and when Sente's lion is on file b, the one with
// Gote's lion on file a or b: 21 lion pairs instead of 132, so 249,442,767 slots (the size of
// clausecker's tablebase, whose index admits the same positions). The holes: the larger mirror
// image when both lions are on file b, and the positions in which another piece of Sente's
// attacks Gote's lion (over: Sente captures it).
// ---------------------------------------------------------------------------------------------

/// Slots of the live index.
pub const LIVE_SIZE: u64 = 249_442_767;

/// The lion pairs `(sente, gote)` of the live index, in digit order.
pub fn live_lion_pairs() -> Vec<(u8, u8)> {
    let mut pairs = Vec::new();
    for sente in 3..12u8 {
        for gote in 0..9u8 {
            let (sr, sf, gr, gf) = (sente / 3, sente % 3, gote / 3, gote % 3);
            let adjacent = sr.abs_diff(gr) <= 1 && sf.abs_diff(gf) <= 1;
            if !adjacent && sf <= 1 && (sf == 0 || gf <= 1) {
                pairs.push((sente, gote));
            }
        }
    }
    pairs
}
