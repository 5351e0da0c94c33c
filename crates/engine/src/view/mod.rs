//! The front-end layer: the object-safe view of a game, with positions as text, that the
//! command line and the web explorer use. Imports every layer below it.

pub mod cache;
pub mod dense;
pub mod dyn_game;
