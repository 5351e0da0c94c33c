//! Games solved from the page, kept to answer many queries: each entry owns its game and the
//! solved table that borrows it ([`nimber_engine::Solved`]), the least recently used dropped
//! first.

use std::sync::{Arc, Mutex};

use nimber_engine::{DynGame, Error, GameId, Progress, SolveOptions, Solved};

use crate::jobs::lock;

type SolvedRef<'a> = Box<dyn Solved + 'a>;

self_cell::self_cell!(
    /// A game and its solved table.
    pub struct SolvedGame {
        owner: Box<dyn DynGame>,
        #[covariant]
        dependent: SolvedRef,
    }
);

impl SolvedGame {
    /// Solves `game` from `from` (its roots when `None`).
    pub fn solve(
        game: Box<dyn DynGame>,
        from: Option<&str>,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolvedGame, Error> {
        SolvedGame::try_new(game, |g| g.solved(from, options, progress))
    }

    /// The game.
    pub fn game(&self) -> &dyn DynGame {
        &**self.borrow_owner()
    }

    /// The solved table.
    pub fn table(&self) -> &dyn Solved {
        &**self.borrow_dependent()
    }
}

/// What identifies a solve: the game with every parameter (defaults included), the position
/// solved from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub id: GameId,
    pub from: Option<String>,
}

/// The most solved games kept.
pub const CACHED: usize = 8;

/// Solved games, the least recently used dropped first.
pub type Cache = Lru<SolvedGame>;

impl Default for Cache {
    fn default() -> Cache {
        Lru::new(CACHED)
    }
}

/// Things kept by [`Key`], at most so many, most recently used last.
pub struct Lru<T> {
    entries: Mutex<Vec<(Key, Arc<T>)>>,
    capacity: usize,
}

impl<T> Lru<T> {
    /// Keeps at most `capacity` things.
    pub fn new(capacity: usize) -> Lru<T> {
        Lru { entries: Mutex::new(Vec::new()), capacity }
    }

    /// The thing kept for `key`, if any; it becomes the most recently used.
    pub fn get(&self, key: &Key) -> Option<Arc<T>> {
        let mut entries = lock(&self.entries);
        let i = entries.iter().position(|(k, _)| k == key)?;
        let entry = entries.remove(i);
        let thing = Arc::clone(&entry.1);
        entries.push(entry);
        Some(thing)
    }

    /// Keeps a thing (in place of any kept for `key`), dropping the least recently used beyond
    /// the capacity.
    pub fn put(&self, key: Key, thing: T) -> Arc<T> {
        let thing = Arc::new(thing);
        let mut entries = lock(&self.entries);
        entries.retain(|(k, _)| *k != key);
        entries.push((key, Arc::clone(&thing)));
        let excess = entries.len().saturating_sub(self.capacity);
        entries.drain(..excess);
        thing
    }

    /// Drops everything (to make room for a large solve).
    pub fn clear(&self) {
        lock(&self.entries).clear();
    }
}
