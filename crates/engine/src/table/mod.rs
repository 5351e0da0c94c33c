//! The dense tables layer: a game numbered by an index (`index`, with the ranking of subsets that
//! indexes share: `subset`), solved with flat bitsets and state words instead of hash maps
//! (`dense`). Imports the rules and the solvers.

pub mod dense;
pub mod index;
pub mod subset;
