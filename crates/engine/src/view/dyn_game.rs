//! An object-safe view of any [`Game`], so that front ends can hold games of different position
//! types behind one `Box<dyn DynGame>` and work with positions as text.

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::game::{Game, Kind};
use crate::rules::misere::Misere;
use crate::solve::loopy;
use crate::solve::loopy::{LoopyNim, LoopySolution};
use crate::solve::search::{self, SearchOptions};
use crate::solve::solution::{CountRow, NimSolution, Solution};
use crate::solve::{grundy, memo, retrograde, SolverChoice};
use crate::view::dense::face::DenseStore;
use crate::view::plan::{choose, Plan};
use crate::view::report::{parse, parse_or, query_report};
pub use crate::view::report::{
    MoveReport, QueryOptions, QueryReport, Row, SearchReport, SearchedMove, SolveOptions, SolveReport, Solved,
};
use crate::view::search::{text_searcher, DynSearcher};

/// Any game, with positions as text.
pub trait DynGame: Send + Sync {
    /// Impartial or partizan.
    fn kind(&self) -> Kind;

    /// The start position in the game's notation.
    fn start_text(&self) -> String;

    /// Parses a position and prints it back in canonical notation.
    fn normalize(&self, text: &str) -> Result<String, Error>;

    /// Solves the game from its roots.
    fn solve(&self, options: &SolveOptions, progress: &dyn Progress) -> Result<SolveReport, Error>;

    /// Solves one position (the start when `None`) and reports every move's value.
    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error>;

    /// Solves the game once, from the position `from` (the game's roots when `None`), and returns
    /// the solved table as a [`Solved`] handle that answers queries about every position reached.
    /// `options.solver` and `options.memory` apply; nim values are not offered. A game solved
    /// over a dense index solves from its roots, and answers `from` when it is reachable.
    fn solved(
        &self,
        from: Option<&str>,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Box<dyn Solved + '_>, Error>;

    /// The names of the features of a position, `moves` included (see [`crate::rules::capability::Explore`]). Every
    /// [`Game`] has them; other implementations may have none.
    fn feature_names(&self) -> Vec<String> {
        Vec::new()
    }

    /// Solves every position of a scope (the game's family, or the positions reachable from
    /// one) and tabulates them by their features (see [`crate::solve::survey`]).
    fn survey(
        &self,
        _options: &crate::solve::survey::SurveyOptions<'_>,
        _progress: &dyn Progress,
    ) -> Result<crate::solve::survey::Survey, Error> {
        Err(Error::Unsupported("this game cannot be explored".into()))
    }

    /// [`DynGame::query`] with options (nim values). The default refuses every option.
    fn query_with(
        &self,
        position: Option<&str>,
        options: &QueryOptions,
        progress: &dyn Progress,
    ) -> Result<QueryReport, Error> {
        if options.nim {
            return Err(Error::Unsupported("this game cannot report nim values in a query".into()));
        }
        self.query(position, progress)
    }

    /// A drawing of a position as SVG ([`crate::rules::capability::Draw`]), or `None` when the game has none.
    fn svg(&self, _position: &str) -> Result<Option<String>, Error> {
        Ok(None)
    }

    /// A search of positions by exact alpha-beta search, without a strong solve
    /// ([`crate::solve::search`]): one transposition table of `options.table_bytes` for every
    /// position searched with it.
    fn searcher<'a>(&'a self, options: &SearchOptions) -> Result<Box<dyn DynSearcher + 'a>, Error>;

    /// The value of `position` (the start when `None`) by exact alpha-beta search
    /// ([`DynGame::searcher`]); with `moves`, every move's value too, each by a search of its own.
    fn search(
        &self,
        position: Option<&str>,
        options: &SearchOptions,
        moves: bool,
        progress: &dyn Progress,
    ) -> Result<SearchReport, Error> {
        self.searcher(options)?.search(position, moves, progress)
    }

    /// The game's dense index, for stored solutions ([`DenseStore`], [`crate::store`]); `None`
    /// for games not solved through the dense path.
    fn dense(&self) -> Option<&dyn DenseStore> {
        None
    }

    /// The game's tiers, for solves tier by tier into a directory
    /// ([`TieredStore`](crate::view::tiers::face::TieredStore)); `None` for games without tiers.
    fn tiered(&self) -> Option<&dyn crate::view::tiers::face::TieredStore> {
        None
    }

    /// The misère version of the game ([`Misere`]: a player left without a move wins), if it
    /// has one; `None` by default.
    fn misere(&self) -> Option<Box<dyn DynGame + '_>> {
        None
    }
}

/// Solves for outcomes as `plan` says ([`Plan::Memo`], [`Plan::Retrograde`], or
/// [`Plan::MemoOrRetrograde`]: memo search, falling back to retrograde analysis when it meets a
/// cycle); the solver that gave the solution.
fn solve_outcomes<G: Game>(
    game: &G,
    roots: &[G::Position],
    plan: Plan,
    notes: &mut Vec<String>,
    progress: &dyn Progress,
) -> Result<(SolverChoice, Solution<G::Position>), Error> {
    match plan {
        Plan::Memo => Ok((SolverChoice::Memo, memo::solve(game, roots, progress)?)),
        Plan::Retrograde => Ok((
            SolverChoice::Retrograde,
            retrograde::solve(game, roots, retrograde::Predecessors::Auto, progress)?,
        )),
        _ => match memo::solve(game, roots, progress) {
            Ok(solution) => Ok((SolverChoice::Memo, solution)),
            Err(Error::Cycle(at)) => {
                let note = format!("the game has cycles (through `{at}`): solved by retrograde analysis");
                progress.note(&note);
                notes.push(note);
                let solution = retrograde::solve(game, roots, retrograde::Predecessors::Auto, progress)?;
                Ok((SolverChoice::Retrograde, solution))
            }
            Err(e) => Err(e),
        },
    }
}

impl<G: Game> DynGame for G {
    fn kind(&self) -> Kind {
        Game::kind(self)
    }

    fn feature_names(&self) -> Vec<String> {
        capability::feature_names(self)
    }

    fn survey(
        &self,
        options: &crate::solve::survey::SurveyOptions<'_>,
        progress: &dyn Progress,
    ) -> Result<crate::solve::survey::Survey, Error> {
        crate::solve::survey::survey(self, options, progress)
    }

    fn start_text(&self) -> String {
        capability::format(self, &self.start())
    }

    fn searcher<'a>(&'a self, options: &SearchOptions) -> Result<Box<dyn DynSearcher + 'a>, Error> {
        Ok(text_searcher(self, search::searcher(self, options)?))
    }

    fn svg(&self, position: &str) -> Result<Option<String>, Error> {
        let pos = parse(self, position)?;
        Ok(self.capabilities().drawing.and_then(|d| d.svg(&pos)))
    }

    fn normalize(&self, text: &str) -> Result<String, Error> {
        Ok(capability::format(self, &parse(self, text)?))
    }

    fn solve(&self, options: &SolveOptions, progress: &dyn Progress) -> Result<SolveReport, Error> {
        let roots = self.roots();
        let start = self.start();
        let mut notes = Vec::new();
        let plan = choose(options, None)?;
        if plan == Plan::Loopy {
            return loopy_report(self, &roots, &start, options, notes, progress);
        }
        if plan == Plan::Grundy {
            let solution = match grundy::solve(self, &roots, progress) {
                Err(Error::Cycle(at)) => {
                    let note = format!(
                        "the game has cycles (through `{at}`): generalized nim values by the loopy solver"
                    );
                    progress.note(&note);
                    notes.push(note);
                    return loopy_report(self, &roots, &start, options, notes, progress);
                }
                other => other?,
            };
            let nim = solution.get(&start);
            let rows = if options.rows {
                solution
                    .iter()
                    .map(|(p, g)| Row {
                        position: capability::format(self, p),
                        outcome: None,
                        nim: Some(g),
                        infinite: None,
                    })
                    .collect()
            } else {
                Vec::new()
            };
            return Ok(SolveReport {
                solver: SolverChoice::Grundy,
                start: Row { position: capability::format(self, &start), outcome: None, nim, infinite: None },
                positions: solution.len() as u64,
                counts: Vec::new(),
                nim_counts: solution.counts(),
                infinite_counts: Vec::new(),
                rows,
                notes,
            });
        }
        let (solver, solution) = solve_outcomes(self, &roots, plan, &mut notes, progress)?;
        let rows = if options.rows {
            solution.iter().map(|(p, o)| Row::outcome(capability::format(self, p), Some(o))).collect()
        } else {
            Vec::new()
        };
        Ok(SolveReport {
            solver,
            start: Row::outcome(capability::format(self, &start), solution.get(&start)),
            positions: solution.len() as u64,
            counts: solution.counts(),
            nim_counts: Vec::new(),
            infinite_counts: Vec::new(),
            rows,
            notes,
        })
    }

    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error> {
        self.query_with(position, &QueryOptions::default(), progress)
    }

    fn solved(
        &self,
        from: Option<&str>,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Box<dyn Solved + '_>, Error> {
        let plan = choose(options, None)?;
        if matches!(plan, Plan::Grundy | Plan::Loopy) {
            return Err(Error::Unsupported("a solved table holds outcomes, not nim values".into()));
        }
        let roots = match from {
            Some(text) => vec![parse(self, text)?],
            None => self.roots(),
        };
        let start = roots.first().cloned().unwrap_or_else(|| self.start());
        let (_, solution) = solve_outcomes(self, &roots, plan, &mut Vec::new(), progress)?;
        Ok(Box::new(SolvedTable { game: self, start, solution }))
    }

    /// The game wrapped in [`Misere`], through `dyn Game` so that the misère game's own
    /// `misere` wraps the same type again (no unbounded instantiation).
    fn misere(&self) -> Option<Box<dyn DynGame + '_>> {
        let normal: &dyn Game<Position = G::Position> = self;
        Some(Box::new(Misere::new(normal)))
    }

    fn query_with(
        &self,
        position: Option<&str>,
        options: &QueryOptions,
        progress: &dyn Progress,
    ) -> Result<QueryReport, Error> {
        let pos = parse_or(self, position, || self.start())?;
        let mut notes = Vec::new();
        let (_, solution) =
            solve_outcomes(self, std::slice::from_ref(&pos), Plan::MemoOrRetrograde, &mut notes, progress)?;
        let nims = if options.nim { Some(Nims::solve(self, &pos, &mut notes, progress)?) } else { None };
        let nim_of = |p: &G::Position| nims.as_ref().and_then(|n| n.get(p));
        let outcome_of = |p: &G::Position| Ok(solution.get(p).expect("every position reached is solved"));
        query_report(self, &pos, outcome_of, nim_of, notes)
    }
}

/// The table of a hash-map solve, with its game: [`DynGame::solved`] of any [`Game`].
struct SolvedTable<'a, G: Game> {
    game: &'a G,
    /// The position a query without one is about.
    start: G::Position,
    solution: Solution<G::Position>,
}

impl<G: Game> Solved for SolvedTable<'_, G> {
    fn positions(&self) -> u64 {
        self.solution.len() as u64
    }

    fn counts(&self) -> Vec<CountRow> {
        self.solution.counts()
    }

    fn query(&self, position: Option<&str>) -> Result<QueryReport, Error> {
        let game = self.game;
        let pos = parse_or(game, position, || self.start.clone())?;
        let outcome_of = |p: &G::Position| {
            self.solution.get(p).ok_or_else(|| {
                Error::Unsupported(format!(
                    "position `{}` was not reached by this solve",
                    capability::format(game, p)
                ))
            })
        };
        query_report(game, &pos, outcome_of, |_| None, Vec::new())
    }
}

/// A full solve by the loopy solver: generalized nim values, finite or `∞(K)`.
fn loopy_report<G: Game>(
    game: &G,
    roots: &[G::Position],
    start: &G::Position,
    options: &SolveOptions,
    notes: Vec<String>,
    progress: &dyn Progress,
) -> Result<SolveReport, Error> {
    let solution = loopy::solve(game, roots, progress)?;
    let row = |p: &G::Position, v: Option<LoopyNim>| Row {
        position: capability::format(game, p),
        outcome: None,
        nim: v.as_ref().and_then(LoopyNim::nim),
        infinite: v.as_ref().and_then(|v| v.infinite_set().map(<[u32]>::to_vec)),
    };
    let rows =
        if options.rows { solution.iter().map(|(p, v)| row(p, Some(v))).collect() } else { Vec::new() };
    let mut nim_counts = Vec::new();
    let mut infinite_counts = Vec::new();
    for (value, count) in solution.counts() {
        match value {
            LoopyNim::Finite(n) => nim_counts.push((n, count)),
            LoopyNim::Infinite(k) => infinite_counts.push((k, count)),
        }
    }
    Ok(SolveReport {
        solver: SolverChoice::Loopy,
        start: row(start, solution.get(start)),
        positions: solution.len() as u64,
        counts: Vec::new(),
        nim_counts,
        infinite_counts,
        rows,
        notes,
    })
}

/// Nim values for a query: Sprague-Grundy, or the loopy solver when the game has cycles.
enum Nims<P> {
    Grundy(NimSolution<P>),
    Loopy(LoopySolution<P>),
}

impl<P: Clone + Eq + std::hash::Hash> Nims<P> {
    /// Values of `pos` and of the positions its moves lead to.
    fn solve<G: Game<Position = P>>(
        game: &G,
        pos: &P,
        notes: &mut Vec<String>,
        progress: &dyn Progress,
    ) -> Result<Nims<P>, Error> {
        let mut roots = vec![pos.clone()];
        if game.terminal(pos).is_none() {
            game.successors(pos, &mut roots);
        }
        match grundy::solve(game, &roots, progress) {
            Ok(solution) => Ok(Nims::Grundy(solution)),
            Err(Error::Cycle(at)) => {
                let note = format!(
                    "the game has cycles (through `{at}`): generalized nim values by the loopy solver"
                );
                progress.note(&note);
                notes.push(note);
                Ok(Nims::Loopy(loopy::solve(game, std::slice::from_ref(pos), progress)?))
            }
            Err(e) => Err(e),
        }
    }

    fn get(&self, pos: &P) -> Option<LoopyNim> {
        match self {
            Nims::Grundy(solution) => solution.get(pos).map(LoopyNim::Finite),
            Nims::Loopy(solution) => solution.get(pos),
        }
    }
}
