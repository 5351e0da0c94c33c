//! The tiers of the mid/endgame ([`Tiered`]): both hands empty, a tier is the pair of the
//! numbers of stones on the board, unordered (`9-8`: one side has 9, the other 8, either to
//! move), from `3-3` to `stones-stones`. A slide or a fly stays in its tier; a capture leaves
//! it for the tier with one stone fewer on the side that lost one, or ends the game from 3.

use nimber_engine::table::tiers::Tiered;
use nimber_engine::table::Indexed;
use nimber_engine::Error;

use super::index::TierIndex;
use super::position::{MorrisPos, MorrisTier};
use super::rules::Morris;

impl Morris {
    /// The tier named `name` (`9-8`, either number first), checked against the stones a side.
    pub fn parse_tier(&self, name: &str) -> Result<MorrisTier, Error> {
        let n = self.stones;
        let bad = || {
            Error::Param(format!(
                "tier `{name}`: expected two numbers of stones from 3 to {n} joined by `-` (`{n}-{}`)",
                n - 1
            ))
        };
        let (a, b) = name.split_once('-').ok_or_else(bad)?;
        let (a, b) = (a.parse::<u8>().map_err(|_| bad())?, b.parse::<u8>().map_err(|_| bad())?);
        if !(3..=n).contains(&a) || !(3..=n).contains(&b) {
            return Err(bad());
        }
        Ok(MorrisTier::new(a, b))
    }
}

impl Tiered for Morris {
    type Tier = MorrisTier;
    type Index = TierIndex;

    /// The stones on the board of each side, unordered, and the stones in both hands (positions
    /// of the placement phase have tiers with `hand > 0`, which [`Tiered::tiers`] does not list).
    fn tier(&self, pos: &MorrisPos) -> MorrisTier {
        let (w, b) = (pos.white.count_ones() as u8, pos.black.count_ones() as u8);
        MorrisTier { hand: pos.white_hand + pos.black_hand, ..MorrisTier::new(w, b) }
    }

    /// The tiers of the mid/endgame, `3-3` to `stones-stones` (28 for 9 stones).
    fn tiers(&self) -> Vec<MorrisTier> {
        let n = self.stones;
        (3..=n).flat_map(|big| (3..=big).map(move |small| MorrisTier::new(big, small))).collect()
    }

    /// One stone fewer on either side, when that leaves three or more.
    fn tier_children(&self, tier: MorrisTier) -> Vec<MorrisTier> {
        let mut out = Vec::new();
        if tier.small > 3 {
            out.push(MorrisTier::new(tier.big, tier.small - 1));
        }
        if tier.big > tier.small {
            out.push(MorrisTier::new(tier.big - 1, tier.small));
        }
        out
    }

    /// The mid/endgame: both hands empty.
    fn in_tiers(&self, pos: &MorrisPos) -> bool {
        pos.white_hand == 0 && pos.black_hand == 0
    }

    /// White's stones in bits 0 to 23, Black's in 24 to 47, the side to move in bit 48, the
    /// hands in 49 to 52 and 53 to 56.
    fn pack(&self, pos: &MorrisPos) -> Option<u64> {
        Some(
            u64::from(pos.white)
                | u64::from(pos.black) << 24
                | u64::from(pos.white_to_move) << 48
                | u64::from(pos.white_hand) << 49
                | u64::from(pos.black_hand) << 53,
        )
    }

    fn unpack(&self, key: u64) -> MorrisPos {
        MorrisPos {
            white: (key & 0xff_ffff) as u32,
            black: (key >> 24 & 0xff_ffff) as u32,
            white_to_move: key >> 48 & 1 == 1,
            white_hand: (key >> 49 & 15) as u8,
            black_hand: (key >> 53 & 15) as u8,
        }
    }

    /// A capture by the side with `big` stones leaves the other to move with `small - 1`: the
    /// second half of tier `big-(small-1)`, where the side to move has fewer; a capture by the
    /// side with `small` leaves the other to move with `big - 1`: the first half of
    /// `(big-1)-small` (all of it when `big - 1 == small`).
    fn tier_child_slots(&self, tier: MorrisTier, child: MorrisTier) -> std::ops::Range<u64> {
        let index = TierIndex::new(self, child);
        if child.big == tier.big && child.small + 1 == tier.small {
            index.half()..index.size()
        } else {
            0..index.half()
        }
    }

    fn tier_name(&self, tier: MorrisTier) -> String {
        format!("{}-{}", tier.big, tier.small)
    }

    fn tier_index(&self, tier: MorrisTier) -> TierIndex {
        TierIndex::new(self, tier)
    }

    /// The slides and flies that closed no mill ([`Morris::quiet_predecessors`]).
    fn tier_predecessors<F: FnMut(&MorrisPos)>(&self, _tier: MorrisTier, pos: &MorrisPos, mut f: F) {
        self.quiet_predecessors(pos, |p| f(&p));
    }

    fn tier_successors<F: FnMut(&MorrisPos)>(&self, pos: &MorrisPos, mut f: F) {
        self.for_each_move(pos, |_, _, _, next| f(&next));
    }

    /// Counts the slides and flies, and makes only those that close a mill: their captures
    /// leave the tier.
    fn tier_exits<F: FnMut(&MorrisPos)>(&self, _tier: MorrisTier, pos: &MorrisPos, mut f: F) -> u32 {
        let b = self.board;
        let (own, opp) = pos.sides();
        debug_assert!(pos.white_hand == 0 && pos.black_hand == 0, "{pos:?} is not in the mid/endgame");
        let empty = b.full & !(own | opp);
        let flies = self.flying && own.count_ones() == 3;
        let removable = b.removable(opp);
        let next_white = !pos.white_to_move;
        let mut moves = 0;
        let mut stones = own;
        while stones != 0 {
            let from = stones.trailing_zeros();
            stones &= stones - 1;
            let rest = own & !(1 << from);
            let mut targets = if flies { empty } else { b.adjacent[from as usize] & empty };
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let own2 = rest | 1 << to;
                if !b.closes_mill(to, own2) {
                    moves += 1;
                    continue;
                }
                let mut captures = removable;
                while captures != 0 {
                    let x = captures.trailing_zeros();
                    captures &= captures - 1;
                    moves += 1;
                    f(&MorrisPos::from_sides(opp & !(1 << x), own2, 0, 0, next_white));
                }
            }
        }
        moves
    }
}
