//! A position of Nine Men's Morris and its variants ([`MorrisPos`]: each side's stones on the
//! board and in hand, the side to move) and the key of a tier of the mid/endgame
//! ([`MorrisTier`]).

/// A position: the points of each side's stones (bit `p` for point `p`, numbered as in
/// `board.rs`), the stones each side has in hand, and whether White is to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MorrisPos {
    /// White's stones on the board.
    pub white: u32,
    /// Black's stones on the board.
    pub black: u32,
    /// White's stones in hand (still to be placed).
    pub white_hand: u8,
    /// Black's stones in hand.
    pub black_hand: u8,
    /// Whether White is to move.
    pub white_to_move: bool,
}

impl MorrisPos {
    /// The position of the side to move's stones and hand, then the other side's, with `mover`
    /// said to be White or not.
    #[inline]
    pub fn from_sides(own: u32, opp: u32, own_hand: u8, opp_hand: u8, white_to_move: bool) -> MorrisPos {
        if white_to_move {
            MorrisPos { white: own, black: opp, white_hand: own_hand, black_hand: opp_hand, white_to_move }
        } else {
            MorrisPos { white: opp, black: own, white_hand: opp_hand, black_hand: own_hand, white_to_move }
        }
    }

    /// The stones on the board of the side to move, then of the other side.
    #[inline]
    pub fn sides(&self) -> (u32, u32) {
        if self.white_to_move {
            (self.white, self.black)
        } else {
            (self.black, self.white)
        }
    }

    /// The stones in hand of the side to move, then of the other side.
    #[inline]
    pub fn hands(&self) -> (u8, u8) {
        if self.white_to_move {
            (self.white_hand, self.black_hand)
        } else {
            (self.black_hand, self.white_hand)
        }
    }

    /// The position with the colours exchanged (the same player to move, relative: if White was
    /// to move, Black is, with White's stones and hand).
    pub fn colour_swapped(&self) -> MorrisPos {
        MorrisPos {
            white: self.black,
            black: self.white,
            white_hand: self.black_hand,
            black_hand: self.white_hand,
            white_to_move: !self.white_to_move,
        }
    }
}

/// A tier: the stones on the board of the two sides as an unordered pair, `big >= small`, and
/// the stones left in both hands together (`hand`: 0 in the mid/endgame, the tiers that are
/// solved and indexed; the placement phase has tiers with `hand > 0`, which have no index).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MorrisTier {
    /// Stones in both hands (0 in the mid/endgame).
    pub hand: u8,
    /// The larger number of stones on the board of one side.
    pub big: u8,
    /// The smaller number.
    pub small: u8,
}

impl MorrisTier {
    /// The mid/endgame tier of `a` and `b` stones on the board (in either order).
    pub fn new(a: u8, b: u8) -> MorrisTier {
        MorrisTier { hand: 0, big: a.max(b), small: a.min(b) }
    }
}
