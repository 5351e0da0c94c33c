//! The dense tables layer: a game numbered by an index (`index`), solved with flat bitsets and
//! state words instead of hash maps (`dense`). Imports the rules and the solvers.

pub mod dense;
pub mod index;
