//! The object-safe face of a game solved tier by tier: [`TieredStore`], what front ends hold
//! (from [`DynGame::tiered`](crate::DynGame::tiered)) to solve it into a directory and read it
//! back.

use std::path::Path;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::params::GameId;
use crate::view::report::{QueryReport, SolveOptions, SolveReport, Solved};

/// What front ends need of a game solved tier by tier: the object-safe view of a [`Tiers`](crate::view::tiers::Tiers)
/// game, from [`DynGame::tiered`](crate::DynGame::tiered).
pub trait TieredStore: Send + Sync {
    /// The names of the tiers, in the order a full solve takes them (children first).
    fn tier_names(&self) -> Result<Vec<String>, Error>;

    /// Solves the tiers (all, or `only` and what they need) into the directory `dir` as the game
    /// `id`, keeping the tiers finished there, and reports the solve.
    fn solve_into(
        &self,
        dir: &Path,
        id: &GameId,
        options: &SolveOptions,
        only: Option<&[String]>,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error>;

    /// A position (the start when `None`) and each of its moves, from a solve into `dir`.
    fn query_dir(&self, dir: &Path, position: Option<&str>) -> Result<QueryReport, Error>;

    /// A solve into `dir` opened to answer positions: its counts (from every tier's store,
    /// each opened and checked to be that tier's) and its positions' values and moves, the
    /// stores read as needed. A missing, foreign or damaged tier's store is refused, naming it.
    fn open_dir<'a>(&'a self, dir: &Path) -> Result<Box<dyn Solved + 'a>, Error>;

    /// The position a front end shows first from a solve into `dir`: the game's start when a
    /// tier solved there holds it, else the first position of the last tier solved.
    fn dir_start(&self, dir: &Path) -> Result<String, Error>;
}
