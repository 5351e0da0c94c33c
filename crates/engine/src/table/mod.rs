//! The dense tables layer: a game numbered by an index (`index`, with the ranking of subsets that
//! indexes share: `subset`), solved with flat bitsets and state words instead of hash maps
//! (`dense`), or with two bits per slot and the rounds spilled to disk (`lean`). Imports the rules
//! and the solvers.

pub mod dense;
pub mod index;
pub mod lean;
pub mod subset;
