//! The heap games' integration tests.
//!
//! One test binary for the crate's integration tests, a module per file (a file's name says what
//! it tests): the generic code they instantiate (the engine's solvers over each game) is compiled
//! and linked once for all of them, not once per file, which was most of the test build's time.
//! Run one file's tests with `cargo test -p nimber-heaps --test suite FILE::`.

mod genus_published;
mod methods;
mod published;
