//! Dōbutsu shōgi ("animal shogi"), Madoka Kitao's 3x4 shogi for children, strongly solved by
//! Tetsuro Tanaka (2009).
//!
//! Positions are kept in one `u64`: twelve 4-bit cells, then the pieces in each hand, then the
//! player to move. A position, its mirror image (files a and c swapped), and both turned by 180
//! degrees with the colours swapped are the same game: the dense index
//! ([`Indexed`](nimber_engine::table::Indexed)) numbers such a class once, by its canonical form
//! ([`DobutsuPos::canonical`]: Sente, the first player, to move, and the smaller encoding of the
//! two mirror images), and the solver works on those only. The index has 1,567,925,964 slots, one
//! per arrangement of the material with Sente to move (two lions on distinct squares; each other
//! piece on a square with an owner, or in a hand; chicks on the board promoted or not); the slots
//! of the arrangements that are not canonical (the larger of two mirror images) are holes, a little
//! under half of them.
//!
//! The files, each with one job: `position.rs` (the encoding and its symmetries), `notation.rs`
//! (reading and writing positions), `rules.rs` (the game [`Dobutsu`]: moves and predecessors),
//! `numbering.rs` (how the full and the live index number positions), `fast.rs` (rank, unrank,
//! moves and predecessors on bitboards, for the solvers), `index.rs` (the full index of
//! [`Dobutsu`]), `live.rs` (the live index, [`DobutsuLive`]), `draw.rs` (the drawing),
//! `info.rs` (the entry of the library); `reference.rs` (plain versions of the fast paths, for
//! the tests in `tests/suite/dobutsu.rs` and `dobutsu_fast.rs` only).

mod draw;
pub(crate) mod fast;
mod index;
mod info;
mod live;
pub(crate) mod notation;
pub(crate) mod numbering;
pub(crate) mod position;
pub(crate) mod reference;
mod rules;

pub(crate) use info::INFO;
pub use live::DobutsuLive;
pub use notation::square_name;
pub use numbering::{INDEX_SIZE, LIVE_SIZE, REACHABLE};
pub use position::{DobutsuPos, TERMINAL_REMOTENESS};
pub use rules::Dobutsu;
