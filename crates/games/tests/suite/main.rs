//! The games' integration tests.
//!
//! One test binary for the crate's integration tests, a module per file (a file's name says what
//! it tests): the generic code they instantiate (the engine's solvers over each game) is compiled
//! and linked once for all of them, not once per file, which was most of the test build's time.
//! Run one file's tests with `cargo test -p nimber-games --test suite FILE::`.
//!
//! `tests/published/` (the published facts of Dōbutsu shōgi and Dodgem) is shared with the
//! benches, which include it by path.
//!
//! The library's own tests are here too: the library is built with `test = false` (compiled
//! once, not again as its own unit-test binary), and `no_unit_tests.rs` fails on a test left in
//! `src/`, where it would never run. What they need of the library's internals (the plain
//! references of fast paths, encodings, tables) `nimber_games::testing` re-exports, hidden and
//! for them only.

#[path = "../partizan/mod.rs"]
mod partizan;
#[path = "../published/mod.rs"]
mod published;

mod berzerk;
mod clobber;
mod clobber_explore;
mod connect4;
mod cutcake;
mod cutcake_explore;
mod dobutsu;
mod dobutsu_fast;
mod dobutsu_published;
mod dodgem;
mod dodgem_published;
mod domineering;
mod domineering_explore;
mod enjapma;
mod enjapma_explore;
mod fivehundredeleven;
mod gameindarkness;
mod gameindarkness_explore;
mod gameindarkness_pursuit;
mod graph;
mod grid;
mod hackenbush;
mod hackenbush_explore;
mod heap;
mod lab;
mod lean;
mod misere;
mod morris;
mod morris_rules;
mod morris_tiers;
mod nim;
mod nim_explore;
mod nim_index;
mod no_unit_tests;
mod numbering;
mod pathgame;
mod pathgame_explore;
mod recipe;
mod search;
mod split_search;
mod store;
mod subtraction;
mod svg;
mod svg_text;
mod tictactoe;
mod toadsandfrogs;
mod toadsandfrogs_explore;
mod toadsandfrogs_parts;
mod values;
