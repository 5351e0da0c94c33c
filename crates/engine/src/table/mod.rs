//! The dense tables layer: a game numbered by an index ([`Indexed`], with the ranking of subsets
//! that indexes share: [`subset`]), solved with flat bitsets and state words instead of hash maps
//! ([`dense`]), or with two bits per slot and the rounds spilled to disk ([`lean`]). The solvers
//! read an index's moves through [`plumbing::SlotMoves`]; [`check`] holds the tests every index
//! ships with. Imports the rules and the solvers.

pub mod check;
pub mod dense;
pub(crate) mod index;
pub mod lean;
pub mod plumbing;
pub mod subset;
pub mod tiers;

pub use index::{rules_fingerprint, Indexed};

pub(crate) use index::Fnv;
