//! Values of positions of partizan games (`POST /api/value`), kept per game so that moving
//! through a game is fast: each entry holds the game ([`DynPartizan`]) and a [`Memory`] of the
//! forms and positions' values met so far, within budgets; the least recently used entry is
//! dropped first.

use std::sync::{Arc, Mutex};

use nimber_engine::Error;
use nimber_partizan::{DynPartizan, Memory};

use crate::solved::{Key, Lru};

/// The budget of forms of one game's memory (`Forms::with_budget`: at most so many forms, four
/// times as many comparisons remembered, a hundred times as many operations). 5x5 Domineering
/// (7,151 forms, 32,802 positions) is solved within it; an empty 8x4 or 6x6 board runs out of it
/// (the times and the peak memory are in `docs/measurements.md`).
pub const MAX_FORMS: usize = 200_000;
/// The most positions' values one game's memory holds.
pub const MAX_POSITIONS: usize = 500_000;
/// The most games whose values are kept.
pub const KEPT: usize = 4;

/// A game and the values found so far.
pub struct Entry {
    pub game: Box<dyn DynPartizan>,
    pub memory: Memory,
}

/// The games whose values are kept.
pub struct Values(Lru<Mutex<Entry>>);

impl Default for Values {
    fn default() -> Values {
        Values(Lru::new(KEPT))
    }
}

impl Values {
    /// The entry of `key`, built with `build` when not kept; it becomes the most recently used.
    pub fn entry(
        &self,
        key: Key,
        build: impl FnOnce() -> Result<Box<dyn DynPartizan>, Error>,
    ) -> Result<Arc<Mutex<Entry>>, Error> {
        if let Some(entry) = self.0.get(&key) {
            return Ok(entry);
        }
        let entry = Entry { game: build()?, memory: Memory::with_budget(MAX_FORMS, MAX_POSITIONS) };
        Ok(self.0.put(key, Mutex::new(entry)))
    }
}
