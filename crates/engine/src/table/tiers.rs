//! Tiers: a game whose positions fall into classes that play leaves only downward (captures
//! remove stones, placements fill the board, a counter runs down), so that it is solved class
//! by class, each class over an index of its own, with only the class being solved in memory.
//! GamesmanOne calls the classes tiers, Gasser databases, chess material signatures.
//!
//! A game states its tiers with [`Tiered`]: the tier of a position, every tier of a full solve,
//! the tiers a tier's moves reach, and an index ([`SlotMoves`]) of each tier's positions. A
//! tier's positions may move within the tier (cycles are allowed there: endless play is a draw)
//! or into the tiers it names as its children, never back: the tiers form an acyclic graph,
//! which the solve orders so that every tier comes after its children.

use std::fmt::Debug;
use std::hash::Hash;

use crate::rules::game::Game;
use crate::table::plumbing::SlotMoves;

/// A game solved tier by tier (see the module's documentation).
///
/// The index of a tier ([`Tiered::tier_index`]) numbers the positions of that tier only: its
/// `rank` is asked of positions of the tier, its `unrank` gives positions of the tier, and its
/// moves (the game's) may lead out of the tier, into a child tier or into a position that ends
/// the game. Its predecessors ([`Tiered::tier_predecessors`]) are those within the tier.
pub trait Tiered: Game {
    /// The key of a tier (for Nine Men's Morris, the stones of each side on the board).
    type Tier: Copy + Eq + Ord + Hash + Debug + Send + Sync;

    /// The index of one tier's positions.
    type Index: SlotMoves<Position = Self::Position>;

    /// The tier of `pos`, a position that does not end the game ([`Game::terminal`] is `None`).
    fn tier(&self, pos: &Self::Position) -> Self::Tier;

    /// Every tier of a full solve, in any order.
    fn tiers(&self) -> Vec<Self::Tier>;

    /// The tiers other than `tier` that a move from a position of `tier` can lead to (positions
    /// that end the game aside): they are solved first.
    fn tier_children(&self, tier: Self::Tier) -> Vec<Self::Tier>;

    /// The tier's name in files and messages: ASCII letters, digits and `-` only (`9-8`).
    fn tier_name(&self, tier: Self::Tier) -> String;

    /// The index of the positions of `tier`.
    fn tier_index(&self, tier: Self::Tier) -> Self::Index;

    /// The predecessors of `pos` (a position of `tier`) that lie in `tier` too, one entry per
    /// move, appended to `out`. The default filters the game's predecessors
    /// ([`Backward`](crate::Backward)) by [`Tiered::tier`]; a game overrides it when it can
    /// leave out the moves from other tiers (a capture) without listing them.
    fn tier_predecessors(&self, tier: Self::Tier, pos: &Self::Position, out: &mut Vec<Self::Position>) {
        let first = out.len();
        crate::table::plumbing::predecessors_of(self, pos, out);
        let mut kept = first;
        for i in first..out.len() {
            if self.terminal(&out[i]).is_none() && self.tier(&out[i]) == tier {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}
