//! Helpers shared by the problem tests.

pub mod fuzz;
