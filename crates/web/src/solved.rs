//! Games solved from the page, kept to answer many queries: each entry owns its game and the
//! solved table that borrows it ([`nimber_engine::Solved`]), the least recently used dropped
//! first.

use std::sync::{Arc, Mutex};

use nimber_engine::{DynGame, Error, Progress, SolveOptions, Solved};

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

/// What identifies a solve: the game, every parameter (defaults included), the position solved
/// from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub game: String,
    pub params: Vec<(String, String)>,
    pub from: Option<String>,
}

/// The most solved games kept.
pub const CACHED: usize = 8;

/// Solved games, most recently used last.
#[derive(Default)]
pub struct Cache {
    entries: Mutex<Vec<(Key, Arc<SolvedGame>)>>,
}

impl Cache {
    /// The solved game for `key`, if kept; it becomes the most recently used.
    pub fn get(&self, key: &Key) -> Option<Arc<SolvedGame>> {
        let mut entries = lock(&self.entries);
        let i = entries.iter().position(|(k, _)| k == key)?;
        let entry = entries.remove(i);
        let game = Arc::clone(&entry.1);
        entries.push(entry);
        Some(game)
    }

    /// Keeps a solved game, dropping the least recently used beyond [`CACHED`].
    pub fn put(&self, key: Key, game: SolvedGame) {
        let mut entries = lock(&self.entries);
        entries.retain(|(k, _)| *k != key);
        entries.push((key, Arc::new(game)));
        let excess = entries.len().saturating_sub(CACHED);
        entries.drain(..excess);
    }

    /// Drops every solved game (to make room for a large solve).
    pub fn clear(&self) {
        lock(&self.entries).clear();
    }
}
