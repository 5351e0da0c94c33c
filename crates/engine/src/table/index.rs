//! Dense position spaces: a game that can number its positions `0..size` (rank, and unrank back)
//! is solved with flat, bit-packed tables instead of hash maps (see [`crate::table::dense`]).
//!
//! An index may identify positions that are the same up to a symmetry: [`Indexed::canonical`]
//! maps a position to the representative of its class, `rank` gives every member of a class the
//! class's number, and `unrank` returns the representative (and `None` for the slot of a
//! position that is not one: a hole). The symmetry must respect the rules: members of a class
//! end the same way and have moves into the same classes, and predecessors in the same classes.
//! The dense solver then works class by class: a position's moves into one class count as one.
//!
//! The solvers' fast paths over an index are [`crate::table::plumbing::SlotMoves`]; the tests
//! every index ships with are in [`crate::table::check`].

use crate::rules::game::Game;

/// A game with a perfect (or nearly perfect) numbering of its positions.
pub trait Indexed: Game {
    /// Number of slots: positions are numbered `0..size()`.
    fn size(&self) -> u64;

    /// The slot of `pos`; every position of a class (see [`Indexed::canonical`]) has the same.
    fn rank(&self, pos: &Self::Position) -> u64;

    /// The canonical position in slot `index`, or `None` when the slot is a hole (an index that
    /// is not perfect). `unrank(rank(p)) == Some(canonical(p))` for every position `p`.
    fn unrank(&self, index: u64) -> Option<Self::Position>;

    /// Asks the processor to bring in the memory that [`Indexed::rank`] of `pos` will read
    /// first (a hint; by default nothing): an index whose ranking reads a large table at random
    /// overrides it, and the solvers call it for a batch of positions before ranking them, so
    /// that the batch's reads are in flight together.
    #[inline]
    fn prefetch_rank(&self, _pos: &Self::Position) {}

    /// The representative of the class of `pos` (by default `pos` itself: no symmetry).
    fn canonical(&self, pos: &Self::Position) -> Self::Position {
        pos.clone()
    }

    /// A name for the index scheme, with a version: stored solutions record it, and refuse to be
    /// read with another.
    fn index_scheme(&self) -> String;

    /// Whether some positions have no slot ([`Indexed::has_slot`]). Only the lean solver
    /// ([`crate::table::lean`]), which leaves terminal positions to the rules, solves such an
    /// index; front ends solve it lean by default.
    fn partial(&self) -> bool {
        false
    }

    /// Whether `pos` has a slot (every position does unless the index is
    /// [`partial`](Indexed::partial)): a partial index may leave out terminal positions, which
    /// the rules answer for, and positions that play never reaches. `rank` of a position
    /// without a slot is meaningless.
    fn has_slot(&self, _pos: &Self::Position) -> bool {
        true
    }

    /// Whether a slot may hold a terminal position ([`Game::terminal`]). A partial index that
    /// leaves every terminal position out says `false`, and the lean solver then does not ask
    /// `terminal` of the positions it unranks; [`check_bijection`](crate::table::check::check_bijection) checks the claim.
    fn slots_may_be_terminal(&self) -> bool {
        true
    }

    /// The number of positions reachable from the roots, when it is known beforehand: memory
    /// estimates use it instead of the worst case (every slot), and the search shows its progress
    /// against it.
    fn reachable_hint(&self) -> Option<u64> {
        None
    }

    /// A bound on the remoteness of every position, when the rules give one (Connect Four: the
    /// empty cells, as every move fills one). The dense solver keeps one byte per position
    /// instead of two when the bound is small enough
    /// ([`crate::table::dense::word_bits`]); a game whose positions exceed the bound it states
    /// fails to solve with [`crate::Error::TooLarge`].
    fn remoteness_bound(&self) -> Option<u32> {
        None
    }
}

/// How many positions [`rules_fingerprint`] reads.
pub(crate) const FINGERPRINT_POSITIONS: usize = 256;

/// A fingerprint of a game's rules as its index sees them: the index scheme and size, then, for
/// the first `FINGERPRINT_POSITIONS` positions met breadth first from the roots, the slot, the
/// outcome if the position ends the game, and the slots of its moves (sorted: the order of
/// moves is not a rule), hashed with 64-bit FNV-1a. A stored solution records it
/// ([`crate::store::Header::rules`]), so that a solution of rules that have changed near the
/// start since it was written is refused rather than read as wrong values. A change far from
/// the start goes unseen by it (a query checks the position it answers against its moves
/// instead: [`crate::QueryReport::consistent`]).
pub fn rules_fingerprint<G: Indexed + ?Sized>(game: &G) -> u64 {
    let mut hash = Fnv::default();
    hash.bytes(game.index_scheme().as_bytes());
    hash.word(game.size());
    let mut seen = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::new();
    for root in game.roots() {
        let slot = game.rank(&root);
        if seen.insert(slot) {
            queue.push_back(slot);
        }
    }
    let (mut read, mut succ, mut slots) = (0, Vec::new(), Vec::new());
    while let Some(slot) = queue.pop_front() {
        let Some(pos) = game.unrank(slot) else { continue };
        read += 1;
        if read > FINGERPRINT_POSITIONS {
            break;
        }
        hash.word(slot);
        if let Some(outcome) = game.terminal(&pos) {
            hash.word(1 + u64::from(outcome.pack()));
            continue;
        }
        succ.clear();
        game.successors(&pos, &mut succ);
        slots.clear();
        slots.extend(succ.iter().map(|c| game.rank(c)));
        slots.sort_unstable();
        hash.word(0);
        hash.word(slots.len() as u64);
        for &s in &slots {
            hash.word(s);
            if seen.len() < 4 * FINGERPRINT_POSITIONS && seen.insert(s) {
                queue.push_back(s);
            }
        }
    }
    hash.0
}

/// 64-bit FNV-1a: a hash that stays the same across builds and platforms (the rules'
/// fingerprint, the names of cached solutions).
pub(crate) struct Fnv(pub(crate) u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn word(&mut self, w: u64) {
        self.bytes(&w.to_le_bytes());
    }
}
