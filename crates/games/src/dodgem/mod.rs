//! Dodgem: Colin Vout's game of cars crossing a small board, as analysed in Winning Ways.
//!
//! The files, each with one job: `position.rs` (a position, the board sizes), `rules.rs` (the
//! game [`Dodgem`]: moves, the end, predecessors), `notation.rs` (reading and writing
//! positions), `numbering.rs` (sets of cells ranked and packed), `fast.rs` (moves on the
//! bitboards, ranked directly), `index.rs` (the dense index, plain or mirrored), `draw.rs` (the
//! drawing), `info.rs` (the entry of the library). Its tests are `tests/suite/dodgem.rs`.

mod draw;
mod fast;
pub(crate) mod index;
mod info;
mod notation;
pub(crate) mod numbering;
mod position;
mod rules;

pub use index::{REACHABLE, REACHABLE_CLASSES};
pub use info::DENSE_FROM;
pub(crate) use info::INFO;
pub use position::{DodgemPos, MAX_SIZE, MIN_SIZE};
pub use rules::Dodgem;
