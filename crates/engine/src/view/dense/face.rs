//! The object-safe faces of a game solved over its dense index: [`DenseStore`] (what front ends
//! hold to store a solution and read it back, from [`DynGame::dense`](crate::view::dyn_game::DynGame::dense)) and [`Members`] (where
//! the rounds of a solve split over members run).

use std::path::Path;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::params::GameId;
use crate::rules::value::Outcome;
use crate::solve::exchange::Exchange;
use crate::solve::search::SearchOptions;
use crate::store::read::Store;
use crate::view::report::{QueryReport, SolveOptions, SolveReport};
use crate::view::search::DynSearcher;

/// What front ends need of a game solved through the dense path to store its solution and read
/// it back: the object-safe view of a [`Dense`](crate::view::dense::Dense) game, from [`DynGame::dense`](crate::view::dyn_game::DynGame::dense).
pub trait DenseStore: Send + Sync {
    /// The index scheme ([`Indexed::index_scheme`](crate::table::Indexed::index_scheme)).
    fn index_scheme(&self) -> String;

    /// Slots of the index.
    fn size(&self) -> u64;

    /// The fingerprint of the rules ([`crate::table::rules_fingerprint`]).
    fn rules_fingerprint(&self) -> u64;

    /// Solves the game, writes the solution to `path` as a solution of `id`, and reports
    /// the solve as [`DynGame::solve`](crate::view::dyn_game::DynGame::solve) does.
    fn solve_and_save(
        &self,
        path: &Path,
        id: &GameId,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error>;

    /// A position (the start when `None`) and each of its moves, read from a store.
    fn query_store(&self, store: &Store, position: Option<&str>) -> Result<QueryReport, Error>;

    /// The engine's exact search over the rules, answering every position `store` holds from
    /// it ([`Generic::probing`](crate::solve::search::Generic::probing)).
    fn searcher_over<'a>(
        &'a self,
        store: &'a Store,
        options: &SearchOptions,
    ) -> Result<Box<dyn DynSearcher + 'a>, Error>;

    /// Solves the game densely with its rounds run by `members` (one process of a cluster), and
    /// in process 0 reports it and, with `save`, stores it as
    /// [`DenseStore::solve_and_save`] does (the same file); `None` in the other processes.
    fn solve_on(
        &self,
        members: &dyn Members,
        save: Option<&Path>,
        id: &GameId,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error>;

    /// The position in a slot, as text (`None` for a hole).
    fn slot_text(&self, slot: u64) -> Option<String>;

    /// The outcome a store gives the position in a slot ([`crate::store::probe::outcome`]): `None` for a hole
    /// or a slot the store does not hold.
    fn slot_outcome(&self, store: &Store, slot: u64) -> Result<Option<Outcome>, Error>;
}

/// Where the rounds of a dense solve split over members run (the workers of the processes of a
/// cluster: `nimber-cluster` implements it over timely dataflow).
pub trait Members: Sync {
    /// Runs `member` once per worker of this process, each with its side of the exchange (and
    /// `true` for the one worker of the whole solve that reports progress, member 0), after the
    /// processes have checked that they all solve `identity`; returns, in process 0, the report
    /// member 0 gave, with notes of what was exchanged added, and `None` in the other processes.
    fn run(&self, identity: &str, member: &MemberFn<'_>) -> Result<Option<SolveReport>, Error>;

    /// The numbers of the members that run on this process ([`Exchange::member`]), and the
    /// number of members in all.
    fn members_here(&self) -> (std::ops::Range<usize>, usize);
}

/// One member's solve, as [`Members::run`] runs it: the report of the whole solve in member 0,
/// `None` in the others.
pub type MemberFn<'a> = dyn Fn(&mut dyn Exchange, bool) -> Result<Option<SolveReport>, Error> + Sync + 'a;
