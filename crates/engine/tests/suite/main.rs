//! The engine's integration tests.
//!
//! One test binary for the crate's integration tests, a module per file (a file's name says what
//! it tests): the generic code they instantiate (the engine's solvers over each game) is compiled
//! and linked once for all of them, not once per file, which was most of the test build's time.
//! Run one file's tests with `cargo test -p nimber-engine --test suite FILE::`.
//!
//! The helpers in `tests/common/` are shared with the benches and the cluster's tests, which
//! include them by path (`synthetic.rs`).

#[path = "../common/crafted.rs"]
mod crafted;
#[path = "../common/naive.rs"]
mod naive;
#[path = "../common/stop_at.rs"]
mod stop_at;
#[path = "../common/synthetic.rs"]
mod synthetic;
#[path = "../common/synthetic_game.rs"]
mod synthetic_game;
#[path = "../common/take_away.rs"]
mod take_away;

mod cancel;
mod checkpoint;
mod dense;
mod dependencies;
mod exchange;
mod face;
mod fixtures;
mod lean;
mod loopy;
mod messages;
mod solved;
mod solvers_agree;
mod store;
mod synthetic_space;
mod tiers;
