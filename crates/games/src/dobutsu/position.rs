//! A position of Dōbutsu shōgi and its encoding in one `u64`: twelve 4-bit cells, then the
//! pieces in each hand, then the player to move; its symmetries (turned around with the colours
//! swapped, mirrored), the class representative the indexes number, and the remoteness of a
//! finished position (a convention the rules and the fast paths share).

/// Kinds of piece, as stored in the low 3 bits of a cell (0 is an empty cell).
pub const LION: u64 = 1;
pub(super) const GIRAFFE: u64 = 2;
pub(super) const ELEPHANT: u64 = 3;
pub const CHICK: u64 = 4;
pub const HEN: u64 = 5;
/// Bit 3 of a cell: the piece is Gote's (the second player's).
pub const GOTE: u64 = 8;

/// Bits of the hands: Sente's counts of giraffes, elephants and chicks (2 bits each) from bit
/// 48, Gote's from bit 54.
pub(super) const SENTE_HAND: u32 = 48;
pub(super) const GOTE_HAND: u32 = 54;
/// Bit set when Gote is to move.
pub const GOTE_TO_MOVE: u64 = 1 << 60;
pub(super) const CELLS: u64 = (1 << 48) - 1;
/// Bit 0 of every cell.
pub(super) const LOW_BITS: u64 = 0x1111_1111_1111;

/// Pieces that can be in hand, in the order of the hand fields.
pub const HAND_KINDS: [u64; 3] = [GIRAFFE, ELEPHANT, CHICK];

/// A position: the board, both hands, and who is to move. Square `sq` is row `sq / 3` (0 = the
/// top, Gote's home rank) and column `sq % 3` (0 = left, as Sente sees the board).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DobutsuPos(pub(super) u64);

impl DobutsuPos {
    /// The start: Gote's giraffe, lion and elephant on the top row, chicks face to face in the
    /// middle, Sente's elephant, lion and giraffe on the bottom row; Sente to move.
    pub const START: DobutsuPos = DobutsuPos::start();

    const fn start() -> DobutsuPos {
        let cells = [
            GOTE | GIRAFFE,
            GOTE | LION,
            GOTE | ELEPHANT,
            0,
            GOTE | CHICK,
            0,
            0,
            CHICK,
            0,
            ELEPHANT,
            LION,
            GIRAFFE,
        ];
        let mut x = 0;
        let mut sq = 0;
        while sq < 12 {
            x |= cells[sq] << (4 * sq);
            sq += 1;
        }
        DobutsuPos(x)
    }

    /// The cell at `sq`: 0, or a kind with the [`GOTE`] bit for Gote's pieces.
    #[inline]
    pub(super) fn cell(self, sq: usize) -> u64 {
        self.0 >> (4 * sq) & 15
    }

    #[inline]
    pub(super) fn with_cell(self, sq: usize, cell: u64) -> DobutsuPos {
        DobutsuPos(self.0 & !(15 << (4 * sq)) | cell << (4 * sq))
    }

    /// Whether Gote is to move.
    pub fn gote_to_move(self) -> bool {
        self.0 & GOTE_TO_MOVE != 0
    }

    /// Number of pieces of hand kind `h` (0 giraffe, 1 elephant, 2 chick) in a hand.
    #[inline]
    pub(super) fn hand(self, gote: bool, h: usize) -> u64 {
        let base = if gote { GOTE_HAND } else { SENTE_HAND };
        self.0 >> (base + 2 * h as u32) & 3
    }

    #[inline]
    pub(super) fn add_hand(self, gote: bool, h: usize, delta: i64) -> DobutsuPos {
        let base = if gote { GOTE_HAND } else { SENTE_HAND };
        DobutsuPos((self.0 as i64 + (delta << (base + 2 * h as u32))) as u64)
    }

    /// The same position turned by 180 degrees, colours and hands swapped, the other player to
    /// move.
    #[inline]
    pub fn flipped(self) -> DobutsuPos {
        // Reverse the order of the 12 cells (nibbles): all 16 nibbles, then drop the 4 empty ones.
        let y = (self.0 & CELLS).swap_bytes();
        let y = ((y & 0x0f0f_0f0f_0f0f_0f0f) << 4 | (y >> 4) & 0x0f0f_0f0f_0f0f_0f0f) >> 16;
        // Swap the owners of the occupied cells.
        let occupied = (y | y >> 1 | y >> 2) & LOW_BITS;
        let cells = y ^ occupied << 3;
        let sente = self.0 >> SENTE_HAND & 63;
        let gote = self.0 >> GOTE_HAND & 63;
        DobutsuPos(cells | gote << SENTE_HAND | sente << GOTE_HAND | (self.0 ^ GOTE_TO_MOVE) & GOTE_TO_MOVE)
    }

    /// The form with Sente to move.
    #[inline]
    pub fn sente_view(self) -> DobutsuPos {
        if self.gote_to_move() {
            self.flipped()
        } else {
            self
        }
    }

    /// The mirror image: files a and c swapped.
    #[inline]
    pub fn mirrored(self) -> DobutsuPos {
        const COL0: u64 = 0x00f_00f_00f_00f;
        const COL1: u64 = COL0 << 4;
        const COL2: u64 = COL0 << 8;
        DobutsuPos(self.0 & !CELLS | self.0 & COL1 | (self.0 & COL0) << 8 | (self.0 & COL2) >> 8)
    }

    /// The representative of the position's class (itself, its mirror image, and both turned
    /// around with the colours swapped): of the two forms with Sente to move, the one whose
    /// 64-bit encoding is smaller.
    #[inline]
    pub fn canonical(self) -> DobutsuPos {
        let c = self.sente_view();
        let m = c.mirrored();
        if m.0 < c.0 {
            m
        } else {
            c
        }
    }
}

/// The kind a captured piece becomes in hand (a hen reverts to a chick), as a hand index.
#[inline]
pub(super) const fn hand_index(kind: u64) -> usize {
    match kind {
        GIRAFFE => 0,
        ELEPHANT => 1,
        _ => 2,
    }
}

/// The remoteness of a finished position ([`Game::terminal`](nimber_engine::Game::terminal)), as
/// Tanaka counts it: a player who can take the opponent's lion wins in 1 (the capture), and a
/// player whose opponent's lion stands out of reach on their home rank loses in 1 (the reply that
/// cannot stop the try; the rules end the game once the lion has survived it). So every remoteness
/// is the number of plies to the end of the game under the rules, and the start is lost in 78 as
/// published.
pub const TERMINAL_REMOTENESS: u32 = 1;
