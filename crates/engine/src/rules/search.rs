//! What an exact search of one position answers, and how a game provides a search of its own.
//!
//! The engine's search (`crate::solve::search`) works on the rules of any game. A game may also
//! search its own positions faster, with its own board representation and move ordering
//! ([`Search`], announced in its capabilities): such a search must give
//! the value and remoteness that the rules give, and a test of the game compares the two.

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::value::{Outcome, Value};

/// The transposition table's memory when the user names none (the command line, Python).
pub const DEFAULT_TABLE_BYTES: u64 = 64 << 20;

/// What to search for.
#[derive(Copy, Clone, Debug)]
pub struct SearchOptions {
    /// Whether to find the exact remoteness of a win or a loss (slower), or only the value.
    pub remoteness: bool,
    /// The memory of the transposition table, in bytes.
    pub table_bytes: u64,
    /// Threads for a search that runs on several (0: one per core of the machine, or as the
    /// front end's `--threads` set them); the value never depends on it. The engine's own
    /// search runs on one.
    pub threads: usize,
}

/// The answer of a search of one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The value, with its remoteness where it was searched for (a win or a loss with
    /// [`SearchOptions::remoteness`]); `None` for the remoteness otherwise.
    pub value: Value,
    /// The remoteness, when searched for.
    pub remoteness: Option<u32>,
    /// The value in the game's own scoring, where it has one and the search found it (for
    /// Connect Four, 22 minus the winner's stones on the 7x6 board, negative for a loss).
    pub score: Option<i32>,
    /// Positions searched (visits, counting a position again each time it is searched).
    pub nodes: u64,
    /// Of those, the positions answered from a solved store (`--db`) instead of searched
    /// below.
    pub probed: u64,
    /// Entries of the transposition table in use at the end.
    pub table_used: usize,
    /// Entries of the transposition table.
    pub table_entries: usize,
}

impl Searched {
    /// The outcome, with remoteness 0 where it was not searched for.
    pub fn outcome(&self) -> Outcome {
        Outcome::new(self.value, self.remoteness.unwrap_or(0))
    }
}

/// A search under way: one transposition table, kept from one position to the next (the
/// positions of one report, such as a position and every move from it, share it).
pub trait Searcher<P> {
    /// The value of `pos` (and its remoteness where the options ask for it).
    fn search(&mut self, pos: &P, progress: &dyn Progress) -> Result<Searched, Error>;
}

/// A game's own exact search of its positions: the same answers as the engine's search over
/// the rules, found faster.
pub trait Search<P> {
    /// A searcher with the options' table; refused (with the least memory that would do) when
    /// the table cannot be made that small.
    fn searcher(&self, options: &SearchOptions) -> Result<Box<dyn Searcher<P> + '_>, Error>;
}
