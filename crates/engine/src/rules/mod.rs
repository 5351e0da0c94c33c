//! The rules layer: what a game is (positions, moves, how it ends) and the values of its
//! positions. Imports nothing but the shared `error` module.

pub(crate) mod adapt;
pub(crate) mod capability;
pub(crate) mod game;
pub(crate) mod misere;
pub(crate) mod params;
pub(crate) mod search;
pub(crate) mod value;
