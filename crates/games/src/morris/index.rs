//! The index of one tier of the mid/endgame ([`TierIndex`]: both hands empty, `a` and `b`
//! stones on the board), with the classes it identifies: a position, its colour-swapped twin
//! and their images under the 16 symmetries of the board ([`Morris::canonical`]).
//!
//! The layout (`morris-tier-v1`): the positions whose side to move has `big` stones come first,
//! then (when `big > small`) those whose side to move has `small`. Within a half, where the
//! side to move has `m` stones and the other `o`, the slot is `class * C(points - m, o) +
//! rank`, where `class` numbers the classes of the mover's `m`-set under the symmetries (see
//! `orbits.rs`) and `rank` is the colex rank of the other side's stones, compressed onto the
//! points the class's representative leaves free, after the symmetry that takes the mover's
//! set to the representative and then, among the symmetries fixing the representative, the one
//! giving the least rank. A slot whose rank is not that least is a hole. The representative of
//! a class of positions (what `unrank` gives) has White to move, the representative mover's set
//! as White's stones and the least other set as Black's.

use nimber_engine::table::plumbing::{sort_dedup_from, SlotMoves};
use nimber_engine::table::Indexed;
use nimber_engine::{Capabilities, Game, Kind, Move, Outcome};

use super::board::{Board, SYMMETRIES};
use super::orbits::{colex_rank, colex_sets, next_colex, Orbits, BINOMIAL};
use super::position::{MorrisPos, MorrisTier};
use super::rules::Morris;

/// The table of `EXTRACT` (`extract`) or `DEPOSIT`: for each byte `mask` and each byte `bits`,
/// the `k`-th point of `mask` (from the lowest, from 0) pairs bit `p` of the point with bit `k`;
/// extracting reads bit `p` of `bits` into bit `k`, depositing reads bit `k` into bit `p`.
const fn byte_table(extract: bool) -> [[u8; 256]; 256] {
    let mut t = [[0u8; 256]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut bits = 0;
        while bits < 256 {
            let (mut out, mut k, mut p) = (0u8, 0, 0);
            while p < 8 {
                if mask & 1 << p != 0 {
                    let (from, to) = if extract { (p, k) } else { (k, p) };
                    if bits & 1 << from != 0 {
                        out |= 1 << to;
                    }
                    k += 1;
                }
                p += 1;
            }
            t[mask][bits] = out;
            bits += 1;
        }
        mask += 1;
    }
    t
}

/// `EXTRACT[mask][bits]`: the bits of `bits` at the points of the byte `mask`, packed from the
/// lowest (the inverse of `DEPOSIT`).
static EXTRACT: [[u8; 256]; 256] = byte_table(true);

/// The colex rank of `set` (within the points of `free`) renumbered onto `free`: point `p`
/// becomes the number of points of `free` below it. The set is packed byte by byte
/// (`EXTRACT`), then ranked by [`colex_rank`]: no loop over the stones.
#[inline]
pub fn compressed_rank(set: u32, free: u32) -> u32 {
    let (f0, f1, f2) =
        ((free & 0xff) as usize, ((free >> 8) & 0xff) as usize, ((free >> 16) & 0xff) as usize);
    let (c0, c01) = (f0.count_ones(), f0.count_ones() + f1.count_ones());
    let packed = u32::from(EXTRACT[f0][(set & 0xff) as usize])
        | u32::from(EXTRACT[f1][((set >> 8) & 0xff) as usize]) << c0
        | u32::from(EXTRACT[f2][((set >> 16) & 0xff) as usize]) << c01;
    colex_rank(packed)
}

/// `DEPOSIT[mask][bits]`: the points of the byte `mask` whose numbers (within `mask`, from the
/// lowest) are in `bits`.
static DEPOSIT: [[u8; 256]; 256] = byte_table(false);

/// The set of points of `free` whose numbers (within `free`, from the lowest) are in `set`.
#[inline]
pub fn expand(set: u32, free: u32) -> u32 {
    let (mut out, mut rest) = (0, set);
    for byte in 0..3 {
        let mask = (free >> (8 * byte)) & 0xff;
        out |= u32::from(DEPOSIT[mask as usize][(rest & 0xff) as usize]) << (8 * byte);
        rest >>= mask.count_ones();
    }
    out
}

/// The canonical form of the side to move's stones `own` and the other's `opp`: the class of
/// `own`, its representative, the other side's stones under the chosen symmetry and their
/// compressed rank.
#[inline]
fn canonical_sets(board: &Board, own: u32, opp: u32) -> (u32, u32, u32, u32) {
    let orbits = Orbits::of(board, own.count_ones() as usize);
    let (class, s) = orbits.class_of(own);
    let rep = orbits.reps[class as usize];
    let free = board.full & !rep;
    let base = board.apply(s, opp);
    let (mut other, mut rank) = (base, compressed_rank(base, free));
    let mut stabilizer = orbits.stabilizers[class as usize];
    while stabilizer != 0 {
        let g = stabilizer.trailing_zeros() as usize;
        stabilizer &= stabilizer - 1;
        let image = board.apply(g, base);
        let r = compressed_rank(image, free);
        if r < rank {
            (other, rank) = (image, r);
        }
    }
    (class, rep, other, rank)
}

impl Morris {
    /// The representative of the class of `pos`: the side to move as White (the colours
    /// exchanged when Black is to move, hands too), then the least image under the 16
    /// symmetries as the tier index orders them (see the module's documentation). The rules
    /// treat both colours alike, so a position and its representative have the same value, in
    /// every phase.
    pub fn canonical(&self, pos: &MorrisPos) -> MorrisPos {
        let (own, opp) = pos.sides();
        let (own_hand, opp_hand) = pos.hands();
        let (_, rep, other, _) = canonical_sets(self.board, own, opp);
        MorrisPos {
            white: rep,
            black: other,
            white_hand: own_hand,
            black_hand: opp_hand,
            white_to_move: true,
        }
    }

    /// The number of classes (of positions under [`Morris::canonical`]) of the positions whose
    /// side to move has `m` stones on the board and the other `o`, hands aside: by Burnside's
    /// lemma, the mean over the 16 symmetries of the pairs of sets each fixes.
    pub fn classes(&self, m: u32, o: u32) -> u64 {
        let b = self.board;
        let mut fixed_sum = 0u64;
        for s in 0..SYMMETRIES {
            // The cycles of the symmetry, as lengths.
            let mut seen = 0u32;
            let mut cycles = Vec::new();
            for p in 0..b.points {
                if seen & 1 << p != 0 {
                    continue;
                }
                let (mut q, mut len) = (p, 0);
                while seen & 1 << q == 0 {
                    seen |= 1 << q;
                    q = u32::from(b.permutation[s][q as usize]);
                    len += 1;
                }
                cycles.push(len as usize);
            }
            // ways[i][j]: assignments of the cycles so far with i points to the mover, j to the other.
            let (m, o) = (m as usize, o as usize);
            let mut ways = vec![vec![0u64; o + 1]; m + 1];
            ways[0][0] = 1;
            for &len in &cycles {
                for i in (0..=m).rev() {
                    for j in (0..=o).rev() {
                        let mut add = 0;
                        if i >= len {
                            add += ways[i - len][j];
                        }
                        if j >= len {
                            add += ways[i][j - len];
                        }
                        ways[i][j] += add;
                    }
                }
            }
            fixed_sum += ways[m][o];
        }
        fixed_sum / SYMMETRIES as u64
    }
}

/// The index of the positions of one tier of the mid/endgame (see the module's documentation).
#[derive(Clone, Debug)]
pub struct TierIndex {
    game: Morris,
    tier: MorrisTier,
    big: &'static Orbits,
    small: &'static Orbits,
    /// The other side's sets, by rank within a class ([`colex_sets`]), in each half.
    big_others: &'static [u32],
    small_others: &'static [u32],
    /// `C(points - big, small)`, `C(points - small, big)`: slots per class of the mover's set.
    per_big: u64,
    per_small: u64,
    /// The slots of the first half (the side to move has `big` stones).
    half: u64,
    size: u64,
}

impl TierIndex {
    /// The index of `tier` (`hand` 0, `3 <= small <= big <= stones`) of `game`.
    pub fn new(game: &Morris, tier: MorrisTier) -> TierIndex {
        assert!(
            tier.hand == 0 && 3 <= tier.small && tier.small <= tier.big && tier.big <= game.stones,
            "{tier:?} is not a tier of the mid/endgame"
        );
        let board = game.board;
        let n = board.points as usize;
        let (a, b) = (tier.big as usize, tier.small as usize);
        let (big, small) = (Orbits::of(board, a), Orbits::of(board, b));
        let per_big = u64::from(BINOMIAL[n - a][b]);
        let per_small = u64::from(BINOMIAL[n - b][a]);
        let half = u64::from(big.count()) * per_big;
        let size = if a == b { half } else { half + u64::from(small.count()) * per_small };
        let (big_others, small_others) = (colex_sets(n - a, b), colex_sets(n - b, a));
        TierIndex {
            game: game.clone(),
            tier,
            big,
            small,
            big_others,
            small_others,
            per_big,
            per_small,
            half,
            size,
        }
    }

    /// The tier indexed.
    pub fn tier(&self) -> MorrisTier {
        self.tier
    }

    /// The rules.
    pub fn game(&self) -> &Morris {
        &self.game
    }

    /// The slots of the first half, where the side to move has the bigger number of stones; the
    /// other half (when the numbers differ) follows it.
    pub fn half(&self) -> u64 {
        self.half
    }

    /// The number of classes of positions in the tier: the slots that are not holes.
    pub fn classes(&self) -> u64 {
        let (a, b) = (u32::from(self.tier.big), u32::from(self.tier.small));
        let first = self.game.classes(a, b);
        if a == b {
            first
        } else {
            first + self.game.classes(b, a)
        }
    }

    /// Where slot `index` (below the size) lies: the classes of its half, the other side's sets
    /// by rank, the slots per class, the first slot of its half, its class and its rank within
    /// the class.
    #[inline]
    fn locate(&self, index: u64) -> (&'static Orbits, &'static [u32], u64, u64, usize, u32) {
        let (orbits, others, per, base) = if index < self.half {
            (self.big, self.big_others, self.per_big, 0)
        } else {
            (self.small, self.small_others, self.per_small, self.half)
        };
        let within = index - base;
        (orbits, others, per, base, (within / per) as usize, (within % per) as u32)
    }

    /// Whether `other`, of rank `rank` among the sets on the points `free` that the class's
    /// representative leaves, is not the least of its images under the symmetries `stabilizer`
    /// fixing the representative: its slot is a hole.
    #[inline]
    fn is_hole(&self, mut stabilizer: u16, other: u32, free: u32, rank: u32) -> bool {
        let board = self.game.board;
        while stabilizer != 0 {
            let g = stabilizer.trailing_zeros() as usize;
            stabilizer &= stabilizer - 1;
            if compressed_rank(board.apply(g, other), free) < rank {
                return true;
            }
        }
        false
    }

    /// The position of a slot without telling holes (`check`: whether to answer `None` for one).
    fn position_at(&self, index: u64, check: bool) -> Option<MorrisPos> {
        if index >= self.size {
            return None;
        }
        let (orbits, others, _, _, class, rank) = self.locate(index);
        let rep = orbits.reps[class];
        let free = self.game.board.full & !rep;
        let other = expand(others[rank as usize], free);
        if check && self.is_hole(orbits.stabilizers[class], other, free, rank) {
            return None;
        }
        Some(MorrisPos { white: rep, black: other, white_hand: 0, black_hand: 0, white_to_move: true })
    }
}

impl Game for TierIndex {
    type Position = MorrisPos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> MorrisPos {
        self.game.start()
    }

    fn moves(&self, pos: &MorrisPos) -> Vec<Move<MorrisPos>> {
        self.game.moves(pos)
    }

    fn successors(&self, pos: &MorrisPos, out: &mut Vec<MorrisPos>) {
        self.game.successors(pos, out)
    }

    fn terminal(&self, pos: &MorrisPos) -> Option<Outcome> {
        self.game.terminal(pos)
    }

    fn capabilities(&self) -> Capabilities<'_, MorrisPos> {
        self.game.capabilities()
    }
}

impl TierIndex {
    /// The slot of `pos`, with the sets of its representative: the side to move's, the other's.
    #[inline]
    fn rank_with_sets(&self, pos: &MorrisPos) -> (u64, u32, u32) {
        let (own, opp) = pos.sides();
        debug_assert!(pos.white_hand == 0 && pos.black_hand == 0, "{pos:?} is not in the mid/endgame");
        let (class, rep, other, rank) = canonical_sets(self.game.board, own, opp);
        let slot = if own.count_ones() == u32::from(self.tier.big) {
            debug_assert_eq!(
                opp.count_ones(),
                u32::from(self.tier.small),
                "{pos:?} is not in {:?}",
                self.tier
            );
            u64::from(class) * self.per_big + u64::from(rank)
        } else {
            debug_assert!(
                own.count_ones() == u32::from(self.tier.small)
                    && opp.count_ones() == u32::from(self.tier.big),
                "{pos:?} is not in {:?}",
                self.tier
            );
            self.half + u64::from(class) * self.per_small + u64::from(rank)
        };
        (slot, rep, other)
    }
}

impl Indexed for TierIndex {
    fn size(&self) -> u64 {
        self.size
    }

    #[inline]
    fn rank(&self, pos: &MorrisPos) -> u64 {
        self.rank_with_sets(pos).0
    }

    fn unrank(&self, index: u64) -> Option<MorrisPos> {
        self.position_at(index, true)
    }

    fn canonical(&self, pos: &MorrisPos) -> MorrisPos {
        self.game.canonical(pos)
    }

    /// The entry of the class table of the side to move's stones.
    #[inline]
    fn prefetch_rank(&self, pos: &MorrisPos) {
        let (own, _) = pos.sides();
        let orbits = if own.count_ones() == u32::from(self.tier.big) { self.big } else { self.small };
        orbits.prefetch(own);
    }

    fn index_scheme(&self) -> String {
        format!("morris-tier-v1-{}", self.game.id_name())
    }

    /// No slot is terminal by [`Game::terminal`] (both sides have three stones or more); a slot
    /// may be a position without moves (every stone of the side to move blocked, or the board
    /// full), lost by the engine's rule for positions without moves.
    fn slots_may_be_terminal(&self) -> bool {
        false
    }
}

impl SlotMoves for TierIndex {
    /// Steps through the other side's sets of a class in colex order (Gosper's hack), without
    /// unranking each.
    fn unrank_each<F: FnMut(u64, Option<MorrisPos>)>(&self, slots: std::ops::Range<u64>, mut f: F) {
        let mut slot = slots.start;
        let end = slots.end.min(self.size);
        while slot < end {
            let (orbits, others, per, base, class, mut rank) = self.locate(slot);
            let rep = orbits.reps[class];
            let free = self.game.board.full & !rep;
            let stabilizer = orbits.stabilizers[class];
            let class_end = end.min(base + (class as u64 + 1) * per);
            let mut set = others[rank as usize];
            loop {
                let other = expand(set, free);
                let hole = stabilizer != 0 && self.is_hole(stabilizer, other, free, rank);
                f(
                    slot,
                    (!hole).then_some(MorrisPos {
                        white: rep,
                        black: other,
                        white_hand: 0,
                        black_hand: 0,
                        white_to_move: true,
                    }),
                );
                slot += 1;
                if slot == class_end {
                    break;
                }
                rank += 1;
                set = next_colex(set);
            }
        }
        for slot in slot.max(slots.start)..slots.end {
            f(slot, None);
        }
    }

    #[inline]
    fn rank_representative(&self, pos: &MorrisPos) -> (u64, MorrisPos) {
        let (slot, rep, other) = self.rank_with_sets(pos);
        (slot, MorrisPos { white: rep, black: other, white_hand: 0, black_hand: 0, white_to_move: true })
    }

    /// Without the check for holes (the lean solver asks it of slots known to be positions).
    fn unrank_position(&self, index: u64) -> Option<MorrisPos> {
        self.position_at(index, false)
    }

    /// The classes of the predecessors within the tier (the slides and flies that closed no
    /// mill, [`Morris::quiet_predecessors`]), not all the game's predecessors: a capture's
    /// comes from a bigger tier, a placement's from the placement phase.
    fn predecessor_slots(&self, pos: &MorrisPos, out: &mut Vec<u64>) {
        let first = out.len();
        self.game.quiet_predecessors(pos, |p| out.push(self.rank(&p)));
        sort_dedup_from(out, first);
    }
}
