//! Front ends' view of a game solved tier by tier ([`Tiered`]): [`Tiers`] wraps the game as a
//! [`DynGame`], and [`TieredStore`] (from [`DynGame::tiered`]; its own file, `face.rs`) solves it
//! into a directory, a store per tier ([`crate::store::tiers`]), and answers positions from there.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::game::Kind;
use crate::rules::params::GameId;
use crate::rules::value::{Outcome, Value};
use crate::solve::search::{Generic, SearchOptions};
use crate::solve::solution::CountRow;
use crate::solve::SolverChoice;
use crate::store::read::Store;
use crate::store::tiers::{self, Manifest, TierOptions, TierReport};
use crate::table::tiers::Tiered;
use crate::table::Indexed;
use crate::view::dyn_game::DynGame;
use crate::view::report::{
    parse, parse_or, query_report, QueryReport, Row, SolveOptions, SolveReport, Solved,
};
use crate::view::search::{text_searcher, DynSearcher};

pub(crate) mod face;

pub use face::{TierFiles, TieredStore};

/// A tiered game that front ends solve tier by tier: wrap a game in `Tiers` to give it to them
/// as a [`DynGame`].
pub struct Tiers<G>(pub G);

/// A directory of the system's temporary directory for a solve that keeps no files, removed
/// when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        Scratch(std::env::temp_dir().join(format!("nimber-tiers-{}-{n}", std::process::id())))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl<G: Tiered + capability::Notation<G::Position>> Tiers<G> {
    /// The report of a tiered solve into `dir`: the counts of every tier, the start's outcome
    /// when it lies in a tier solved, a note per tier.
    fn report(&self, dir: &Path, report: &TierReport) -> Result<SolveReport, Error> {
        let start = self.0.start();
        let manifest = Manifest::read(dir)?;
        let outcome = tiers::outcome(&self.0, dir, &manifest, &mut BTreeMap::new(), &start)?;
        let mut notes: Vec<String> = report
            .tiers
            .iter()
            .map(|t| {
                format!(
                    "tier {}: {} positions ({} slots){}",
                    t.name,
                    t.positions,
                    t.slots,
                    if t.found { ", found solved" } else { "" }
                )
            })
            .collect();
        if outcome.is_none() {
            notes.push(
                "the start position lies in no tier solved: its value is not known from the tiers".into(),
            );
        }
        Ok(SolveReport {
            solver: SolverChoice::Lean,
            start: Row::outcome(capability::format(&self.0, &start), outcome),
            positions: report.positions(),
            counts: report.counts(),
            nim_counts: Vec::new(),
            infinite_counts: Vec::new(),
            rows: Vec::new(),
            notes,
        })
    }

    /// The outcome of `pos` from a solve into `dir`, an error for a position out of it.
    fn stored(
        &self,
        dir: &Path,
        manifest: &Manifest,
        open: &Mutex<BTreeMap<String, Store>>,
        pos: &G::Position,
    ) -> Result<Outcome, Error> {
        let mut open = open.lock().unwrap_or_else(|e| e.into_inner());
        tiers::outcome(&self.0, dir, manifest, &mut open, pos)?.ok_or_else(|| {
            Error::Unsupported(format!(
                "{} lies in no tier solved in {}",
                capability::format(&self.0, pos),
                dir.display()
            ))
        })
    }
}

impl<G: Tiered + capability::Notation<G::Position>> TieredStore for Tiers<G> {
    fn tier_names(&self) -> Result<Vec<String>, Error> {
        Ok(tiers::order(&self.0, None)?.into_iter().map(|t| self.0.tier_name(t)).collect())
    }

    fn solve_into(
        &self,
        dir: &Path,
        id: &GameId,
        options: &SolveOptions,
        only: Option<&[String]>,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error> {
        if options.nim {
            return Err(Error::Unsupported("a game solved tier by tier has outcomes, not nim values".into()));
        }
        if !matches!(options.solver, SolverChoice::Auto | SolverChoice::Lean) {
            return Err(Error::Unsupported(format!(
                "a game solved tier by tier is solved by the lean solver, not {}",
                options.solver.name()
            )));
        }
        let tier_options =
            TierOptions { memory: options.memory, only: only.map(<[String]>::to_vec), exact: false };
        let report = tiers::solve(&self.0, id, dir, &tier_options, progress)?;
        self.report(dir, &report)
    }

    fn open_files(&self, dir: &Path) -> Result<TierFiles, Error> {
        let manifest = Manifest::read(dir)?;
        let mut open = BTreeMap::new();
        let mut sum: BTreeMap<(usize, Option<u32>), u64> = BTreeMap::new();
        for f in &manifest.finished {
            let store = tiers::open_tier(dir, &manifest.id, &manifest.scheme, &f.name, f.slots)?;
            for row in &store.header().counts {
                *sum.entry((row.value.index(), row.remoteness)).or_default() += row.count;
            }
            open.insert(f.name.clone(), store);
        }
        let counts = sum
            .into_iter()
            .map(|((v, remoteness), count)| CountRow { value: Value::ALL[v], remoteness, count })
            .collect();
        Ok(TierFiles { dir: dir.to_path_buf(), manifest, open: Mutex::new(open), counts })
    }

    fn query_files(&self, files: &TierFiles, position: Option<&str>) -> Result<QueryReport, Error> {
        self.query_in(&files.dir, &files.manifest, &files.open, position)
    }

    fn searcher_over<'a>(
        &'a self,
        files: &'a TierFiles,
        options: &SearchOptions,
    ) -> Result<Box<dyn DynSearcher + 'a>, Error> {
        let generic = Generic::new(&self.0, options)?.probing(move |p| {
            let mut open = files.open.lock().unwrap_or_else(|e| e.into_inner());
            tiers::outcome(&self.0, &files.dir, &files.manifest, &mut open, p)
        });
        Ok(text_searcher(&self.0, Box::new(generic)))
    }

    fn files_start(&self, files: &TierFiles) -> Result<String, Error> {
        let (dir, manifest) = (&files.dir, &files.manifest);
        let start = self.0.start();
        let solved = |name: &str| manifest.finished.iter().any(|f| f.name == name);
        if self.0.terminal(&start).is_none()
            && self.0.in_tiers(&start)
            && solved(&self.0.tier_name(self.0.tier(&start)))
        {
            return Ok(capability::format(&self.0, &start));
        }
        let last = manifest.finished.last().ok_or_else(|| Error::Corrupt {
            path: dir.display().to_string(),
            what: "no tier is solved there".into(),
        })?;
        let tier =
            self.0.tiers().into_iter().find(|&t| self.0.tier_name(t) == last.name).ok_or_else(|| {
                Error::Corrupt {
                    path: dir.display().to_string(),
                    what: format!("tier {} is not a tier of the game", last.name),
                }
            })?;
        let index = self.0.tier_index(tier);
        (0..index.size())
            .find_map(|slot| index.unrank(slot))
            .map(|pos| capability::format(&self.0, &pos))
            .ok_or_else(|| Error::Corrupt {
                path: dir.display().to_string(),
                what: format!("tier {} has no position", last.name),
            })
    }
}

impl<G: Tiered + capability::Notation<G::Position>> Tiers<G> {
    /// A position (the start when `None`) and each of its moves, from the solve into `dir`
    /// with manifest `manifest`, the stores opened as needed and kept in `open`.
    fn query_in(
        &self,
        dir: &Path,
        manifest: &Manifest,
        open: &Mutex<BTreeMap<String, Store>>,
        position: Option<&str>,
    ) -> Result<QueryReport, Error> {
        let pos = parse_or(&self.0, position, || self.0.start())?;
        let report =
            query_report(&self.0, &pos, |p| self.stored(dir, manifest, open, p), |_| None, Vec::new())?;
        if !report.consistent() {
            return Err(Error::Corrupt {
                path: dir.display().to_string(),
                what: format!(
                    "the stored value of {} ({}) is not what the rules give from its moves: the \
                     tiers were solved for other rules; solve them again",
                    report.position, report.outcome
                ),
            });
        }
        Ok(report)
    }
}

impl<G: Tiered + capability::Notation<G::Position>> DynGame for Tiers<G> {
    fn kind(&self) -> Kind {
        self.0.kind()
    }

    fn start_text(&self) -> String {
        capability::format(&self.0, &self.0.start())
    }

    fn normalize(&self, text: &str) -> Result<String, Error> {
        Ok(capability::format(&self.0, &parse(&self.0, text)?))
    }

    fn svg(&self, position: &str) -> Result<Option<String>, Error> {
        let pos = parse(&self.0, position)?;
        Ok(self.0.capabilities().drawing.and_then(|d| d.svg(&pos)))
    }

    /// Searches the rules themselves ([`DynGame::searcher`] of the game).
    fn searcher<'a>(&'a self, options: &SearchOptions) -> Result<Box<dyn DynSearcher + 'a>, Error> {
        DynGame::searcher(&self.0, options)
    }

    /// Solves every tier into a directory of the system's temporary directory, removed after.
    fn solve(&self, options: &SolveOptions, progress: &dyn Progress) -> Result<SolveReport, Error> {
        let scratch = Scratch::new();
        let id = GameId::new("solve", Vec::new());
        self.solve_into(&scratch.0, &id, options, None, progress)
    }

    /// Solves the tiers the position needs (its own and those below) into a directory of the
    /// system's temporary directory, removed after, and answers from there.
    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error> {
        let pos = parse_or(&self.0, position, || self.0.start())?;
        if self.0.terminal(&pos).is_none() && !self.0.in_tiers(&pos) {
            return Err(Error::Unsupported(format!(
                "{} lies in no tier: only positions of the tiers are solved",
                capability::format(&self.0, &pos)
            )));
        }
        if let Some(end) = self.0.terminal(&pos) {
            return query_report(&self.0, &pos, |_| Ok(end), |_| None, Vec::new());
        }
        let scratch = Scratch::new();
        let id = GameId::new("query", Vec::new());
        let only = [self.0.tier_name(self.0.tier(&pos))];
        self.solve_into(&scratch.0, &id, &SolveOptions::default(), Some(&only), progress)?;
        let files = self.open_files(&scratch.0)?;
        self.query_files(&files, Some(&capability::format(&self.0, &pos)))
    }

    fn solved(
        &self,
        _from: Option<&str>,
        _options: &SolveOptions,
        _progress: &dyn Progress,
    ) -> Result<Box<dyn Solved + '_>, Error> {
        Err(Error::Unsupported(
            "a game solved tier by tier is answered from its directory of tiers, not held in memory".into(),
        ))
    }

    fn tiered(&self) -> Option<&dyn TieredStore> {
        Some(self)
    }
}
