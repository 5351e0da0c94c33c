//! The games' integration tests.
//!
//! One test binary for the crate's integration tests, a module per file (a file's name says what
//! it tests): the generic code they instantiate (the engine's solvers over each game) is compiled
//! and linked once for all of them, not once per file, which was most of the test build's time.
//! Run one file's tests with `cargo test -p nimber-games --test suite FILE::`.
//!
//! `tests/published/` (the published facts of Dōbutsu shōgi and Dodgem) is shared with the
//! benches, which include it by path.

#[path = "../partizan/mod.rs"]
mod partizan;
#[path = "../published/mod.rs"]
mod published;

mod clobber;
mod cutcake;
mod dobutsu_published;
mod dodgem_published;
mod domineering;
mod hackenbush;
mod lab;
mod lean;
mod misere;
mod morris;
mod numbering;
mod split_search;
mod store;
mod svg;
mod toadsandfrogs;
mod values;
