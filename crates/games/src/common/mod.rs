//! The helpers the games share, kept apart from the games: none of these modules imports a game,
//! so every game can import them without a circle.
//!
//! - [`info`]: what a game states about itself (`GameInfo`, `Facts`) and the builders of the
//!   partizan games; the list of games (`registry.rs`) is above the games, this is below them.
//! - [`svg`]: the SVG builder, palette and board helpers of the drawings of positions.
//! - [`grid`]: rectangular boards as bit sets (the partizan board games) and their families.
//! - [`multiset`]: positions that are multisets of heaps (Nim, subtraction and octal games).

pub mod grid;
pub(crate) mod info;
pub(crate) mod multiset;
pub(crate) mod svg;
