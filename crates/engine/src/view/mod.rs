//! The front-end layer: the object-safe view of a game, with positions as text, that the
//! command line and the web explorer use. Imports every layer below it.
//!
//! The rooms: `report.rs` (the options and reports every view answers with, and the helpers
//! they share), `search.rs` (searches over positions as text, [`crate::DynSearcher`]),
//! `dyn_game.rs` (the object-safe [`crate::DynGame`] of any game, at the crate root), [`dense`] (the
//! view of a game solved over its dense index, and its stored solutions), [`tiers`] (the view of
//! a game solved tier by tier, into a directory) and [`cache`] (the cache directory of solved
//! games).

pub mod cache;
pub mod dense;
pub(crate) mod dyn_game;
pub mod plan;
pub(crate) mod report;
pub(crate) mod search;
pub mod tiers;
