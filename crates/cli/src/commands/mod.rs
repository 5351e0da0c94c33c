//! The subcommands, one module each (`solve` with its cluster mode beneath it). Each writes its
//! results to `out` (standard output) and reports failures as
//! [`Failure`](crate::error::Failure)s; what several of them share lies outside, in
//! [`game`](crate::game) and [`targets`](crate::targets).

pub mod analyze;
pub mod cache;
pub mod cgt;
pub mod check;
pub mod explore;
pub mod genus;
pub mod grundy;
pub mod help;
pub mod list;
pub mod problem;
pub mod query;
pub mod search;
pub mod serve;
pub mod solve;
