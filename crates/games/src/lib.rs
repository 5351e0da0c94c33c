//! nimber's library of built-in games. Each game states its rules once by implementing
//! [`nimber_engine::Game`]; [`registry`] lists them for front ends.

pub mod dodgem;
pub mod graph;
pub mod nim;
pub mod registry;
pub mod subtraction;
pub mod tictactoe;

pub use registry::{all, build, find, GameInfo};
