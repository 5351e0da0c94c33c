//! The contest problems' integration tests.
//!
//! One test binary for the crate's integration tests, a module per file (a file's name says what
//! it tests): the generic code they instantiate (the engine's solvers over each game) is compiled
//! and linked once for all of them, not once per file, which was most of the test build's time.
//! Run one file's tests with `cargo test -p nimber-problems --test suite FILE::`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/examples.rs"]
mod examples;

mod berzerk;
mod enjapma;
mod fivehundredeleven;
mod gameindarkness;
mod lab;
mod pathgame;
mod samples;
