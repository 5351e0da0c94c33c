//! Nine Men's Morris, with Six and Five Men's Morris, Lasker Morris and Morabaraba as variants
//! of the same rules (R. Gasser, "Solving Nine Men's Morris", 1996).
//!
//! The files, each with one job: `board.rs` (the boards as tables: points and their names,
//! adjacency, mills, the 16 symmetries), `position.rs` (a position, the key of a tier),
//! `rules.rs` (the game [`Morris`]: moves, the end, predecessors), `notation.rs` (reading and
//! writing positions), `draw.rs` (the drawing), `orbits.rs` (the classes of sets of points
//! under the symmetries), `index.rs` (the index of one tier of the mid/endgame, [`TierIndex`],
//! and the classes of positions), `tiers.rs` (the tiers, [`nimber_engine::table::tiers::Tiered`]),
//! `info.rs` (the entry of the library). Its tests are in `tests/suite/morris*.rs`.

pub(crate) mod board;
mod draw;
pub(crate) mod index;
mod info;
mod notation;
pub(crate) mod orbits;
mod position;
mod rules;
mod tiers;

pub use board::{NAMES_16, NAMES_24};
pub use index::TierIndex;
pub(crate) use info::INFO;
pub use position::{MorrisPos, MorrisTier};
pub use rules::{Morris, Variant};
