//! The object-safe face of a game solved tier by tier: [`TieredStore`], what front ends hold
//! (from [`DynGame::tiered`](crate::DynGame::tiered)) to solve it into a directory and read it
//! back, and [`TierFiles`], such a directory opened.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::params::GameId;
use crate::solve::search::SearchOptions;
use crate::solve::solution::CountRow;
use crate::store::read::Store;
use crate::store::tiers::Manifest;
use crate::view::report::{QueryReport, SolveOptions, SolveReport};
use crate::view::search::DynSearcher;

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

    /// A solve into `dir` opened to answer positions ([`TierFiles`]): its manifest read and
    /// every tier's store opened and checked to be that tier's, once. A missing, foreign or
    /// damaged tier's store is refused, naming it.
    fn open_files(&self, dir: &Path) -> Result<TierFiles, Error>;

    /// A position (the start when `None`) and each of its moves, from a solve opened by
    /// [`TieredStore::open_files`].
    fn query_files(&self, files: &TierFiles, position: Option<&str>) -> Result<QueryReport, Error>;

    /// The engine's exact search over the rules, answering every position of the tiers solved
    /// in `files` from them ([`Generic::probing`](crate::solve::search::Generic::probing)):
    /// for Nine Men's Morris, the placement searched over the stores of the mid- and endgame.
    fn searcher_over<'a>(
        &'a self,
        files: &'a TierFiles,
        options: &SearchOptions,
    ) -> Result<Box<dyn DynSearcher + 'a>, Error>;

    /// The position a front end shows first from a solve opened by [`TieredStore::open_files`]:
    /// the game's start when a tier solved there holds it, else the first position of the last
    /// tier solved.
    fn files_start(&self, files: &TierFiles) -> Result<String, Error>;
}

/// A solve tier by tier opened from its directory ([`TieredStore::open_files`]): its manifest,
/// every tier's store open (each read a block at a time, the last blocks kept), and the counts
/// of all. Owned, so that a front end keeps it for as long as it answers positions.
pub struct TierFiles {
    pub(super) dir: PathBuf,
    pub(super) manifest: Manifest,
    pub(super) open: Mutex<BTreeMap<String, Store>>,
    pub(super) counts: Vec<CountRow>,
}

impl TierFiles {
    /// The positions of every tier by value and remoteness.
    pub fn counts(&self) -> &[CountRow] {
        &self.counts
    }
}
