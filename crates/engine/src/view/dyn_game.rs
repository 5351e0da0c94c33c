//! An object-safe view of any [`Game`], so that front ends can hold games of different position
//! types behind one `Box<dyn DynGame>` and work with positions as text.

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::game::{Game, Kind};
use crate::rules::misere::Misere;
use crate::rules::value::{Outcome, Value};
use crate::solve::loopy::{self, LoopyNim, LoopySolution};
use crate::solve::solution::{CountRow, NimSolution, Solution};
use crate::solve::{grundy, memo, retrograde, SolverChoice};

/// What to solve and how.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Which solver; [`SolverChoice::Auto`] picks one.
    pub solver: SolverChoice,
    /// Ask for nim values (Sprague-Grundy) rather than outcomes; generalized values `∞(K)` of
    /// the loopy solver when the game has cycles.
    pub nim: bool,
    /// Keep every position's row in the report (for dumps).
    pub rows: bool,
    /// The most memory a solve may take, in bytes: solvers that can estimate their needs
    /// beforehand (the dense solver) refuse with the estimate when it is over. `None`: no limit.
    pub memory: Option<u64>,
    /// Keep checkpoints of a long solve, or resume from one (games solved through a dense
    /// index; see [`crate::store::checkpoint`]). Other solvers ignore it.
    pub checkpoint: Option<crate::store::checkpoint::CheckpointOptions>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { solver: SolverChoice::Auto, nim: false, rows: false, memory: None, checkpoint: None }
    }
}

/// One solved position, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The position in the game's notation.
    pub position: String,
    /// Value and remoteness, for the outcome solvers.
    pub outcome: Option<Outcome>,
    /// Nim value, for the Sprague-Grundy solver (and finite values of the loopy solver).
    pub nim: Option<u32>,
    /// `K` of a generalized nim value `∞(K)`, for the loopy solver (`nim` is then `None`).
    pub infinite: Option<Vec<u32>>,
}

impl Row {
    /// A row of an outcome solver: a position and its outcome (no nim value).
    pub fn outcome(position: String, outcome: Option<Outcome>) -> Row {
        Row { position, outcome, nim: None, infinite: None }
    }

    /// The nim value, finite or infinite, when there is one.
    pub fn loopy(&self) -> Option<LoopyNim> {
        match (self.nim, &self.infinite) {
            (Some(n), _) => Some(LoopyNim::Finite(n)),
            (None, Some(k)) => Some(LoopyNim::Infinite(k.clone())),
            (None, None) => None,
        }
    }
}

/// The result of a full solve.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// The solver that produced the result.
    pub solver: SolverChoice,
    /// The start position, its outcome and/or nim value.
    pub start: Row,
    /// Number of positions solved.
    pub positions: u64,
    /// Positions by value and remoteness (outcome solvers).
    pub counts: Vec<CountRow>,
    /// Positions by nim value (Sprague-Grundy solver; finite values of the loopy solver).
    pub nim_counts: Vec<(u32, u64)>,
    /// Positions by infinite value `∞(K)` (loopy solver), by `K`.
    pub infinite_counts: Vec<(Vec<u32>, u64)>,
    /// Every position, when asked for.
    pub rows: Vec<Row>,
    /// Remarks for the user, such as a change of solver.
    pub notes: Vec<String>,
}

/// One move of a queried position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The move's label.
    pub label: String,
    /// The resulting position in the game's notation.
    pub position: String,
    /// What the move gives the player who makes it; remoteness counts the move itself.
    pub outcome: Outcome,
    /// The nim value of the resulting position, when asked for ([`QueryOptions::nim`]).
    pub nim: Option<LoopyNim>,
}

/// The answer to a query about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryReport {
    /// The position in the game's notation.
    pub position: String,
    /// Its value and remoteness for the player to move.
    pub outcome: Outcome,
    /// Every move, best first.
    pub moves: Vec<MoveReport>,
    /// Remarks for the user.
    pub notes: Vec<String>,
    /// The position's nim value, when asked for ([`QueryOptions::nim`]).
    pub nim: Option<LoopyNim>,
}

impl QueryReport {
    /// Whether the position's outcome is the best of what its moves give (one ply of the
    /// solve, checked again against the rules; a position without moves is not checked): a
    /// stored solution that disagrees was written for other rules.
    pub fn consistent(&self) -> bool {
        // The moves' outcomes are the mover's already.
        match self.moves.iter().map(|m| m.outcome).max_by(|a, b| a.preference_cmp(*b)) {
            None => true,
            Some(best) if best.value() == Value::Draw => self.outcome.value() == Value::Draw,
            Some(best) => best == self.outcome,
        }
    }
}

/// How to answer a query.
#[derive(Clone, Debug, Default)]
pub struct QueryOptions {
    /// Also give the nim value of the position and of every move's result (impartial games
    /// under normal play; generalized values `∞(K)` when the game has cycles).
    pub nim: bool,
}

/// A game solved once ([`DynGame::solved`]): answers queries about its positions from the solved
/// table, without solving again. Front ends that answer many queries (the web explorer) hold one.
pub trait Solved: Send + Sync {
    /// Number of positions solved.
    fn positions(&self) -> u64;

    /// The positions solved, counted by value and then by remoteness.
    fn counts(&self) -> Vec<CountRow>;

    /// A position (the start when `None`) and what each of its moves gives the mover, best first,
    /// as [`DynGame::query`] reports it. A position the solve did not reach is refused.
    fn query(&self, position: Option<&str>) -> Result<QueryReport, Error>;
}

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
        _options: &crate::solve::survey::SurveyOptions,
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

    /// The game's dense index, for stored solutions ([`crate::view::dense::DenseStore`], [`crate::store`]); `None` for games not
    /// solved through the dense path.
    fn dense(&self) -> Option<&dyn crate::view::dense::DenseStore> {
        None
    }

    /// The misère version of the game ([`Misere`]: a player left without a move wins), if it
    /// has one; `None` by default.
    fn misere(&self) -> Option<Box<dyn DynGame + '_>> {
        None
    }
}

/// The position `text` names in `game`, its parse error as [`Error::Position`].
pub(crate) fn parse<G: Game>(game: &G, text: &str) -> Result<G::Position, Error> {
    capability::parse(game, text).map_err(|error| Error::Position { text: text.to_string(), error })
}

/// The position `text` names in `game` (as [`parse`]), or `default()` when there is no text.
pub(crate) fn parse_or<G: Game>(
    game: &G,
    text: Option<&str>,
    default: impl FnOnce() -> G::Position,
) -> Result<G::Position, Error> {
    match text {
        Some(text) => parse(game, text),
        None => Ok(default()),
    }
}

/// Solves for outcomes with the requested solver; `Auto` tries memo search and falls back to
/// retrograde analysis when it meets a cycle.
fn solve_outcomes<G: Game>(
    game: &G,
    roots: &[G::Position],
    solver: SolverChoice,
    notes: &mut Vec<String>,
    progress: &dyn Progress,
) -> Result<(SolverChoice, Solution<G::Position>), Error> {
    match solver {
        SolverChoice::Lean => Err(Error::Unsupported(
            "the lean solver works over a dense index, which this game does not have".into(),
        )),
        SolverChoice::Memo => Ok((solver, memo::solve(game, roots, progress)?)),
        SolverChoice::Retrograde => {
            Ok((solver, retrograde::solve(game, roots, retrograde::Predecessors::Auto, progress)?))
        }
        SolverChoice::Auto | SolverChoice::Grundy | SolverChoice::Loopy => {
            match memo::solve(game, roots, progress) {
                Ok(solution) => Ok((SolverChoice::Memo, solution)),
                Err(Error::Cycle(at)) => {
                    let note = format!("the game has cycles (through `{at}`): solved by retrograde analysis");
                    progress.note(&note);
                    notes.push(note);
                    let solution = retrograde::solve(game, roots, retrograde::Predecessors::Auto, progress)?;
                    Ok((SolverChoice::Retrograde, solution))
                }
                Err(e) => Err(e),
            }
        }
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
        options: &crate::solve::survey::SurveyOptions,
        progress: &dyn Progress,
    ) -> Result<crate::solve::survey::Survey, Error> {
        crate::solve::survey::survey(self, options, progress)
    }

    fn start_text(&self) -> String {
        capability::format(self, &self.start())
    }

    fn svg(&self, position: &str) -> Result<Option<String>, Error> {
        let pos = parse(self, position)?;
        Ok(self.drawing().and_then(|d| d.svg(&pos)))
    }

    fn normalize(&self, text: &str) -> Result<String, Error> {
        Ok(capability::format(self, &parse(self, text)?))
    }

    fn solve(&self, options: &SolveOptions, progress: &dyn Progress) -> Result<SolveReport, Error> {
        let roots = self.roots();
        let start = self.start();
        let mut notes = Vec::new();
        if options.solver == SolverChoice::Loopy {
            return loopy_report(self, &roots, &start, options, notes, progress);
        }
        if options.nim || options.solver == SolverChoice::Grundy {
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
        let (solver, solution) = solve_outcomes(self, &roots, options.solver, &mut notes, progress)?;
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
        if options.nim || matches!(options.solver, SolverChoice::Grundy | SolverChoice::Loopy) {
            return Err(Error::Unsupported("a solved table holds outcomes, not nim values".into()));
        }
        let roots = match from {
            Some(text) => vec![parse(self, text)?],
            None => self.roots(),
        };
        let start = roots.first().cloned().unwrap_or_else(|| self.start());
        let (_, solution) = solve_outcomes(self, &roots, options.solver, &mut Vec::new(), progress)?;
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
            solve_outcomes(self, std::slice::from_ref(&pos), SolverChoice::Auto, &mut notes, progress)?;
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

/// The answer to a query about `pos`: its outcome and what each move gives the mover, best
/// first, from `outcome_of` (a solved table, or a stored file), with nim values from `nim_of`.
pub(crate) fn query_report<G: Game>(
    game: &G,
    pos: &G::Position,
    outcome_of: impl Fn(&G::Position) -> Result<Outcome, Error>,
    nim_of: impl Fn(&G::Position) -> Option<LoopyNim>,
    notes: Vec<String>,
) -> Result<QueryReport, Error> {
    let outcome = outcome_of(pos)?;
    let mut moves: Vec<MoveReport> = if game.terminal(pos).is_some() {
        Vec::new()
    } else {
        game.moves(pos)
            .into_iter()
            .map(|m| {
                Ok(MoveReport {
                    outcome: outcome_of(&m.to)?.for_mover(),
                    position: capability::format(game, &m.to),
                    nim: nim_of(&m.to),
                    label: m.label,
                })
            })
            .collect::<Result<_, Error>>()?
    };
    moves.sort_by(|a, b| b.outcome.preference_cmp(a.outcome));
    Ok(QueryReport { position: capability::format(game, pos), outcome, moves, notes, nim: nim_of(pos) })
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
