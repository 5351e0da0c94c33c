//! The rules layer: what a game is (positions, moves, how it ends) and the values of its
//! positions. Imports nothing but the shared `error` module.

pub mod adapt;
pub mod capability;
pub mod game;
pub mod misere;
pub mod params;
pub mod value;
