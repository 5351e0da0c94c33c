//! The native game, solution and survey: one [`Game`] class for the library's games and games
//! defined in Python, so that every capability works on both.
//!
//! Positions of the library's games are `str`s in the game's notation; positions of a game
//! defined in Python are its own objects, which cross into the engine as numbers (`#17`, see
//! [`crate::graph`]) and come back as the objects.

use nimber_engine::solve::loopy::LoopyNim;
use nimber_engine::solve::search::{SearchOptions, DEFAULT_TABLE_BYTES};
use nimber_engine::solve::survey::{self, Num, Observed, Scope, SurveyOptions};
use nimber_engine::solve::{grundy, loopy, SolverChoice};
use nimber_engine::view::dense::Dense;
use nimber_engine::{
    CountRow, DynGame, Error, Kind, Progress, QueryReport, SearchReport, SolveOptions, Solved, Value,
};
use nimber_games::{GameInfo, Recipe};
use nimber_lab::{Claim, Rule};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::defined::{quote, Defined, Follow};
use crate::errors::{refuse, to_py, whole, NimberError};
use crate::graph::{self, Graph};
use crate::run::released;

/// A game of the library, built from its parameters.
pub struct Builtin {
    pub recipe: Recipe,
    pub game: Box<dyn DynGame>,
}

impl Builtin {
    /// What the game states about itself.
    pub fn info(&self) -> &'static GameInfo {
        self.recipe.info()
    }

    /// The game built anew (to be owned by a solve).
    fn build(&self) -> Result<Box<dyn DynGame>, Error> {
        self.recipe.build()
    }
}

/// Where a game's rules come from.
pub enum Rules {
    Builtin(Builtin),
    Defined(Defined),
}

/// A game: its rules, and what nimber does with them.
#[pyclass(frozen, module = "nimber._nimber")]
pub struct Game {
    pub rules: Rules,
}

type SolvedRef<'a> = Box<dyn Solved + 'a>;

self_cell::self_cell!(
    /// A game (owned) and its solved table (borrowing it).
    struct SolvedGame {
        owner: Box<dyn DynGame>,
        #[covariant]
        dependent: SolvedRef,
    }
);

/// Solves the graph of a game defined in Python from its root: by memo search over the
/// interner's numbers, or (with cycles, or `solver="retrograde"`) by the dense solver, which
/// handles draws.
fn solve_graph(graph: Graph, options: &SolveOptions, progress: &dyn Progress) -> Result<SolvedGame, Error> {
    let from = graph::name(graph.0.roots[0]);
    let solve = |owner: Box<dyn DynGame>, options: &SolveOptions| {
        SolvedGame::try_new(owner, |g| g.solved(Some(&from), options, progress))
    };
    match options.solver {
        SolverChoice::Auto => {
            let memo = SolveOptions { solver: SolverChoice::Memo, ..options.clone() };
            match solve(Box::new(graph.clone()), &memo) {
                Err(Error::Cycle(_)) => solve(Box::new(Dense(graph)), options),
                solved => solved,
            }
        }
        SolverChoice::Memo => solve(Box::new(graph), options),
        _ => solve(Box::new(Dense(graph)), options),
    }
}

/// The solvers `solve` offers, for outcomes (nim values have `nim()` and `nim_values()`).
const SOLVERS: [SolverChoice; 3] = [SolverChoice::Auto, SolverChoice::Memo, SolverChoice::Retrograde];

/// A solver's name, from the engine's table of solvers; one `solve` does not offer is refused.
fn solver_choice(name: &str) -> PyResult<SolverChoice> {
    match name.parse() {
        Ok(solver) if SOLVERS.contains(&solver) => Ok(solver),
        _ => Err(refuse(format!(
            "solver `{name}`: one of {} (nim values: nim() and nim_values())",
            SolverChoice::names(&SOLVERS)
        ))),
    }
}

/// A nim value for Python: an `int`, or the tuple `K` of an infinite value `∞(K)`.
fn nim_object(py: Python<'_>, v: &LoopyNim) -> PyResult<Py<PyAny>> {
    Ok(match v {
        LoopyNim::Finite(n) => n.into_pyobject(py)?.into_any().unbind(),
        LoopyNim::Infinite(k) => PyTuple::new(py, k)?.into_any().unbind(),
    })
}

impl Game {
    /// The position `pos` as the engine writes it; for a game defined in Python, numbered if
    /// new (`intern`) or refused if not met before.
    pub fn text_of(&self, pos: &Bound<'_, PyAny>, intern: bool) -> PyResult<String> {
        match &self.rules {
            Rules::Builtin(b) => pos.extract::<String>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "positions of {} are written in its notation, as str; got {}",
                    b.info().name,
                    quote(pos)
                ))
            }),
            Rules::Defined(d) => {
                let id = if intern {
                    d.intern(pos)?
                } else {
                    d.lookup(pos)?.ok_or_else(|| {
                        refuse(format!("position {} was not reached by this solve", quote(pos)))
                    })?
                };
                Ok(graph::name(id))
            }
        }
    }

    /// The position the engine wrote as `text`.
    pub fn object_of(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
        match &self.rules {
            Rules::Builtin(_) => Ok(PyString::new(py, text).into_any().unbind()),
            Rules::Defined(d) => {
                let id = graph::number(text).ok_or_else(|| refuse(format!("no position `{text}`")))?;
                Ok(d.object(py, id)?.unbind())
            }
        }
    }

    /// An engine's text with the positions of a game defined in Python (`#17`) written as
    /// Python writes them.
    pub fn rename(&self, py: Python<'_>, text: &str) -> String {
        let Rules::Defined(d) = &self.rules else { return text.to_string() };
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find('#') {
            out.push_str(&rest[..at]);
            let digits = rest[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
            let number = rest[at + 1..at + 1 + digits].parse::<u32>().ok();
            match number.and_then(|n| d.object(py, n).ok()) {
                Some(obj) => out.push_str(&quote(&obj)),
                None => out.push_str(&rest[at..at + 1 + digits]),
            }
            rest = &rest[at + 1 + digits..];
        }
        out.push_str(rest);
        out
    }

    /// An error whose message names positions of a game defined in Python by their numbers,
    /// renamed.
    fn renamed(&self, py: Python<'_>, e: PyErr) -> PyErr {
        if matches!(self.rules, Rules::Defined(_)) && e.is_instance_of::<NimberError>(py) {
            let message = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
            let renamed = NimberError::new_err(self.rename(py, &message));
            if e.get_type(py).is(py.get_type::<NimberError>()) {
                return renamed;
            }
        }
        e
    }

    /// The graph of a game defined in Python from `from` (its start when `None`).
    fn graph(
        &self,
        py: Python<'_>,
        from: Option<&Bound<'_, PyAny>>,
        follow: Follow,
        features: bool,
    ) -> PyResult<Graph> {
        let Rules::Defined(d) = &self.rules else { unreachable!("graph() of a game defined in Python") };
        let root = match from {
            Some(pos) => d.intern(pos)?,
            None => d.intern(&d.start(py))?,
        };
        let family = if features && from.is_none() { d.family(py)? } else { None };
        d.explore(py, vec![root], follow, features, family)
    }

    fn query_dict(&self, py: Python<'_>, report: QueryReport) -> PyResult<Py<PyAny>> {
        // A game defined in Python: moves come labelled by their place; its own labels, if any.
        let own: Option<Vec<Option<String>>> = match &self.rules {
            Rules::Builtin(_) => None,
            Rules::Defined(d) => {
                let mut explored: Vec<(usize, u32)> = report
                    .moves
                    .iter()
                    .filter_map(|m| Some((m.label.parse().ok()?, graph::number(&m.position)?)))
                    .collect();
                explored.sort_unstable();
                let targets: Vec<u32> = explored.iter().map(|&(_, t)| t).collect();
                let pos = self.object_of(py, &report.position)?;
                Some(d.labels(pos.bind(py), &targets)?)
            }
        };
        let notes: Vec<String> = report.notes.iter().map(|n| self.rename(py, n)).collect();
        report_dict(py, &report, |text| self.object_of(py, text), own.as_deref(), notes)
    }
}

/// A query's answer as a dict: `position`, `value`, `remoteness`, `moves` (`(label, position,
/// value, remoteness, nim)`, best first), `nim` and `notes`; positions through `object`, and
/// labels the report's, or the game's own (`own`, by the moves' places) for a game defined in
/// Python.
pub fn report_dict(
    py: Python<'_>,
    report: &QueryReport,
    object: impl Fn(&str) -> PyResult<Py<PyAny>>,
    own: Option<&[Option<String>]>,
    notes: Vec<String>,
) -> PyResult<Py<PyAny>> {
    let moves = PyList::empty(py);
    for m in &report.moves {
        let label: Option<&str> = match own {
            None => (!m.label.is_empty()).then_some(m.label.as_str()),
            Some(own) => m.label.parse::<usize>().ok().and_then(|k| own.get(k)?.as_deref()),
        };
        let nim = m.nim.as_ref().map(|v| nim_object(py, v)).transpose()?;
        moves.append((label, object(&m.position)?, m.outcome.value().name(), m.outcome.remoteness(), nim))?;
    }
    let d = PyDict::new(py);
    d.set_item("position", object(&report.position)?)?;
    d.set_item("value", report.outcome.value().name())?;
    d.set_item("remoteness", report.outcome.remoteness())?;
    d.set_item("moves", moves)?;
    d.set_item("nim", report.nim.as_ref().map(|v| nim_object(py, v)).transpose()?)?;
    d.set_item("notes", notes)?;
    Ok(d.into_any().unbind())
}

#[pymethods]
impl Game {
    /// A game of the library, from its name and `(key, value)` parameters.
    #[staticmethod]
    fn builtin(name: &str, params: Vec<(String, String)>) -> PyResult<Game> {
        let recipe = Recipe::from_pairs(name, params).map_err(to_py)?;
        let game = recipe.build().map_err(to_py)?;
        Ok(Game { rules: Rules::Builtin(Builtin { recipe, game }) })
    }

    /// A game defined by a Python object (see `nimber.define`).
    #[staticmethod]
    fn define(rules: &Bound<'_, PyAny>) -> PyResult<Game> {
        Ok(Game { rules: Rules::Defined(Defined::new(rules)?) })
    }

    /// The game's name: the library's, or the class name of a game defined in Python.
    #[getter]
    fn name(&self, py: Python<'_>) -> PyResult<String> {
        match &self.rules {
            Rules::Builtin(b) => Ok(b.info().name.to_string()),
            Rules::Defined(d) => Ok(d.rules.bind(py).get_type().name()?.to_string()),
        }
    }

    /// `impartial` or `partizan`.
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.rules {
            Rules::Builtin(b) => b.game.kind().name(),
            Rules::Defined(d) => d.kind().name(),
        }
    }

    /// Whether the game is one of the library's.
    #[getter]
    fn is_builtin(&self) -> bool {
        matches!(self.rules, Rules::Builtin(_))
    }

    /// The start position.
    #[getter]
    fn start(&self, py: Python<'_>) -> Py<PyAny> {
        match &self.rules {
            Rules::Builtin(b) => PyString::new(py, &b.game.start_text()).into_any().unbind(),
            Rules::Defined(d) => d.start(py).unbind(),
        }
    }

    /// Every parameter as `(key, value)`, defaults included (none for a game defined in Python).
    #[getter]
    fn params(&self) -> Vec<(String, String)> {
        match &self.rules {
            Rules::Builtin(b) => b.recipe.id().params().to_vec(),
            Rules::Defined(_) => Vec::new(),
        }
    }

    /// The rules object of a game defined in Python (`None` for the library's games).
    #[getter]
    fn rules(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        match &self.rules {
            Rules::Builtin(_) => None,
            Rules::Defined(d) => Some(d.rules.clone_ref(py)),
        }
    }

    /// The position in the game's own form: for the library's games the notation read and
    /// written back (an error names the column of a mistake); for games defined in Python the
    /// object itself, once checked to be hashable.
    fn normalize(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match &self.rules {
            Rules::Builtin(b) => {
                let text = self.text_of(position, true)?;
                Ok(PyString::new(py, &b.game.normalize(&text).map_err(to_py)?).into_any().unbind())
            }
            Rules::Defined(d) => {
                d.intern(position)?;
                Ok(position.clone().unbind())
            }
        }
    }

    /// The drawing of a position as an SVG document, or `None` when the game has none.
    fn svg(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        match &self.rules {
            Rules::Builtin(b) => b.game.svg(&self.text_of(position, true)?).map_err(to_py),
            Rules::Defined(d) => match d.rules.bind(py).getattr("svg") {
                Ok(f) if f.is_callable() => f.call1((position,))?.extract(),
                _ => Ok(None),
            },
        }
    }

    /// Solves every position reachable from `position` (the start, or the game's roots, when
    /// `None`) for win, lose, tie or draw with remoteness.
    #[pyo3(signature = (position=None, solver="auto", memory=None))]
    fn solve(
        slf: Bound<'_, Game>,
        position: Option<&Bound<'_, PyAny>>,
        solver: &str,
        memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Solution> {
        let py = slf.py();
        let game = slf.get();
        let memory = memory.map(|m| whole(m, "memory", "a number of bytes", u64::MAX)).transpose()?;
        let options = SolveOptions { solver: solver_choice(solver)?, memory, ..SolveOptions::default() };
        let solved = match &game.rules {
            Rules::Builtin(b) => {
                let from = position.map(|p| game.text_of(p, true)).transpose()?;
                let owner = b.build().map_err(to_py)?;
                released(py, move |progress| {
                    SolvedGame::try_new(owner, |g| g.solved(from.as_deref(), &options, progress))
                })
            }
            Rules::Defined(_) => {
                let graph = game.graph(py, position, Follow::Moves, false)?;
                released(py, move |progress| solve_graph(graph, &options, progress))
            }
        }
        .map_err(|e| game.renamed(py, e))?;
        let table = solved.borrow_dependent();
        let (positions, counts) = (table.positions(), table.counts());
        Ok(Solution { solved, positions, counts, game: slf.unbind() })
    }

    /// The nim value of `position` (the start when `None`): an `int`, or for a game with
    /// cycles possibly the tuple `K` of an infinite value `∞(K)`.
    #[pyo3(signature = (position=None))]
    fn nim(&self, py: Python<'_>, position: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let values = self.nim_values(py, position)?;
        let first = values.bind(py).get_item(0)?;
        Ok(first.get_item(1)?.unbind())
    }

    /// The nim values of `position` (the start when `None`) and of every position it reaches
    /// (or component it splits into), as a list of `(position, value)`, `position` first.
    #[pyo3(signature = (position=None))]
    fn nim_values(&self, py: Python<'_>, position: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyList>> {
        let out = PyList::empty(py);
        match &self.rules {
            Rules::Builtin(b) => {
                if b.game.kind() != Kind::Impartial {
                    return Err(refuse(format!(
                        "{} is partizan: nim values need an impartial game",
                        b.info().name
                    )));
                }
                let text = position.map(|p| self.text_of(p, true)).transpose()?;
                let game = b.build().map_err(to_py)?;
                let options = SolveOptions { nim: true, rows: true, ..SolveOptions::default() };
                let report = match text {
                    None => released(py, move |progress| game.solve(&options, progress))?,
                    Some(text) => {
                        // From a position: the position's own value first, then its moves'.
                        let report = released(py, move |progress| {
                            game.query_with(Some(&text), &nimber_engine::QueryOptions { nim: true }, progress)
                        })?;
                        let value = report.nim.as_ref().ok_or_else(|| refuse("no nim value"))?;
                        out.append((PyString::new(py, &report.position), nim_object(py, value)?))?;
                        for m in &report.moves {
                            if let Some(v) = &m.nim {
                                out.append((PyString::new(py, &m.position), nim_object(py, v)?))?;
                            }
                        }
                        return Ok(out.unbind());
                    }
                };
                let start = report.start.position.clone();
                let mut rows = report.rows;
                if let Some(i) = rows.iter().position(|r| r.position == start) {
                    rows.swap(0, i);
                }
                for row in rows {
                    if let Some(v) = row.loopy() {
                        out.append((PyString::new(py, &row.position), nim_object(py, &v)?))?;
                    }
                }
            }
            Rules::Defined(d) => {
                if d.kind() != Kind::Impartial {
                    return Err(refuse(
                        "nim values need an impartial game: set `impartial = True` on the game's class",
                    ));
                }
                let graph = self.graph(py, position, Follow::Parts, false)?;
                let root = graph.0.roots[0];
                let found = released(py, move |progress| Ok(grundy::solve(&graph, &[root], progress)))?;
                let mut values: Vec<(u32, LoopyNim)> = match found {
                    Ok(solution) => solution.iter().map(|(p, n)| (*p, LoopyNim::Finite(n))).collect(),
                    Err(Error::Cycle(_)) => {
                        // Cycles: generalized nim values, by the loopy solver over the moves
                        // (sums are not split: the loopy solver plays them out).
                        let graph = self.graph(py, position, Follow::Moves, false)?;
                        let solution = released(py, move |progress| loopy::solve(&graph, &[root], progress))
                            .map_err(|e| self.renamed(py, e))?;
                        solution.iter().map(|(p, n)| (*p, n.clone())).collect()
                    }
                    Err(e) => return Err(self.renamed(py, to_py(e))),
                };
                values.sort_by_key(|(p, _)| (*p != root, *p));
                for (id, v) in values {
                    out.append((d.object(py, id)?, nim_object(py, &v)?))?;
                }
            }
        }
        Ok(out.unbind())
    }

    /// The value of one position (the start when `None`) and what each of its moves gives the
    /// player who makes it, solving what it reaches; with `nim`, nim values too.
    #[pyo3(signature = (position=None, nim=false))]
    fn query(&self, py: Python<'_>, position: Option<&Bound<'_, PyAny>>, nim: bool) -> PyResult<Py<PyAny>> {
        let options = nimber_engine::QueryOptions { nim };
        let report = match &self.rules {
            Rules::Builtin(b) => {
                let text = position.map(|p| self.text_of(p, true)).transpose()?;
                let game = b.build().map_err(to_py)?;
                released(py, move |progress| game.query_with(text.as_deref(), &options, progress))?
            }
            Rules::Defined(d) => {
                if nim && d.kind() != Kind::Impartial {
                    return Err(refuse("nim values need an impartial game: set `impartial = True`"));
                }
                let graph = self.graph(py, position, Follow::Moves, false)?;
                let from = graph::name(graph.0.roots[0]);
                released(py, move |progress| match options.nim {
                    true => graph.query_with(Some(&from), &options, progress),
                    false => solve_graph(graph, &SolveOptions::default(), progress)?
                        .borrow_dependent()
                        .query(Some(&from)),
                })
                .map_err(|e| self.renamed(py, e))?
            }
        };
        self.query_dict(py, report)
    }

    /// The value of one position (the start when `None`) by exact alpha-beta search, without a
    /// strong solve, in a transposition table of `memory` bytes (64 MiB by default): a dict of
    /// `position`, `value`, `remoteness` and `score` (where searched for and where the game
    /// scores), `moves` (with `moves`: `(label, position, value, remoteness, score)`, best
    /// first) and `nodes`.
    #[pyo3(signature = (position=None, remoteness=false, moves=false, memory=None))]
    fn search(
        &self,
        py: Python<'_>,
        position: Option<&Bound<'_, PyAny>>,
        remoteness: bool,
        moves: bool,
        memory: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        let Rules::Builtin(b) = &self.rules else {
            return Err(refuse(
                "search() proves positions of the library's games; a game defined in Python is \
                 explored whole: use query() or solve()",
            ));
        };
        let text = position.map(|p| self.text_of(p, true)).transpose()?;
        let game = b.build().map_err(to_py)?;
        let options = search_options(remoteness, memory);
        let report = released(py, move |progress| game.search(text.as_deref(), &options, moves, progress))?;
        search_dict(py, &report)
    }

    /// The names of the features of positions (`moves` last).
    fn feature_names(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        match &self.rules {
            Rules::Builtin(b) => Ok(b.game.feature_names()),
            Rules::Defined(_) => {
                let graph = self.graph(py, None, Follow::Moves, true)?;
                Ok(nimber_engine::solve::survey::feature_names(&graph))
            }
        }
    }

    /// Solves every position of the game's family (or those reachable from `position`) and
    /// tabulates them by their features.
    #[pyo3(signature = (position=None, nim=false))]
    fn survey(slf: Bound<'_, Game>, position: Option<&Bound<'_, PyAny>>, nim: bool) -> PyResult<Survey> {
        let py = slf.py();
        let game = slf.get();
        let survey = match &game.rules {
            Rules::Builtin(b) => {
                let text = position.map(|p| game.text_of(p, true)).transpose()?;
                let built = b.build().map_err(to_py)?;
                released(py, move |progress| {
                    let scope = text.as_deref().map_or(Scope::Family, Scope::From);
                    built.survey(&SurveyOptions { scope, nim }, progress)
                })?
            }
            Rules::Defined(d) => {
                if nim && d.kind() != Kind::Impartial {
                    return Err(refuse("nim values need an impartial game: set `impartial = True`"));
                }
                let follow = if nim { Follow::Parts } else { Follow::Moves };
                let graph = game.graph(py, position, follow, true)?;
                let from = position.map(|_| graph::name(graph.0.roots[0]));
                released(py, move |progress| {
                    let scope = from.as_deref().map_or(Scope::Family, Scope::From);
                    graph.survey(&SurveyOptions { scope, nim }, progress)
                })
                .map_err(|e| game.renamed(py, e))?
            }
        };
        Ok(Survey { survey, game: slf.unbind() })
    }
}

/// A solved game: answers queries about every position the solve reached.
#[pyclass(frozen, module = "nimber._nimber")]
pub struct Solution {
    solved: SolvedGame,
    positions: u64,
    counts: Vec<CountRow>,
    game: Py<Game>,
}

#[pymethods]
impl Solution {
    /// The game solved.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// How many positions were solved.
    #[getter]
    fn positions(&self) -> u64 {
        self.positions
    }

    /// The positions solved by value and remoteness: `(value, remoteness, count)`, remoteness
    /// `None` for draws.
    fn counts(&self) -> Vec<(&'static str, Option<u32>, u64)> {
        self.counts.iter().map(|r| (r.value.name(), r.remoteness, r.count)).collect()
    }

    /// A position (the start solved from when `None`): its value and remoteness and every move
    /// with what it gives the player who makes it, best first.
    #[pyo3(signature = (position=None))]
    fn query(&self, py: Python<'_>, position: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let game = self.game.get();
        let text = position.map(|p| game.text_of(p, false)).transpose()?;
        let table = self.solved.borrow_dependent();
        let report =
            py.detach(|| table.query(text.as_deref())).map_err(to_py).map_err(|e| game.renamed(py, e))?;
        game.query_dict(py, report)
    }

    /// The outcome of a position: `(value, remoteness)`; cheaper than `query` (no moves are
    /// written for Python, nor labels asked of a game defined in Python).
    #[pyo3(signature = (position=None))]
    fn outcome(
        &self,
        py: Python<'_>,
        position: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(&'static str, Option<u32>)> {
        let game = self.game.get();
        let text = position.map(|p| game.text_of(p, false)).transpose()?;
        let table = self.solved.borrow_dependent();
        let report =
            py.detach(|| table.query(text.as_deref())).map_err(to_py).map_err(|e| game.renamed(py, e))?;
        Ok((report.outcome.value().name(), report.outcome.remoteness()))
    }
}

/// Every position of a scope solved and tabulated by its features: `explore` lays it out by
/// some of them, `check` checks a rule on it.
#[pyclass(frozen, module = "nimber._nimber")]
pub struct Survey {
    survey: survey::Survey,
    game: Py<Game>,
}

/// A value found by a survey, for Python: `win`..., a nim value, or a game value's text.
fn observed(py: Python<'_>, v: Observed, values: &[String]) -> PyResult<Py<PyAny>> {
    Ok(match v {
        Observed::Outcome(v) => PyString::new(py, v.name()).into_any().unbind(),
        Observed::Nim(n) => n.into_pyobject(py)?.into_any().unbind(),
        Observed::Value(_) => PyString::new(py, &v.text(values)).into_any().unbind(),
    })
}

/// A feature value for Python: an `int`, a dyadic rational as text (`"-5/4"`), or `None`.
fn num(py: Python<'_>, n: Num) -> PyResult<Py<PyAny>> {
    Ok(match n {
        Num::Absent => py.None(),
        Num::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        Num::Dyadic(d) => PyString::new(py, &d.to_string()).into_any().unbind(),
    })
}

#[pymethods]
impl Survey {
    /// The feature names.
    #[getter]
    fn features(&self) -> Vec<String> {
        self.survey.features.clone()
    }

    /// How many positions were solved.
    #[getter]
    fn positions(&self) -> u64 {
        self.survey.positions
    }

    /// Which positions, in words.
    #[getter]
    fn scope(&self) -> String {
        self.survey.scope.clone()
    }

    /// Whether the values are nim values.
    #[getter]
    fn nim(&self) -> bool {
        self.survey.nim
    }

    /// The survey laid out by the features `by` (one to four): the table and what was found
    /// in it, as a dict.
    fn explore(&self, py: Python<'_>, by: Vec<String>) -> PyResult<Py<PyAny>> {
        let game = self.game.get();
        let e = nimber_lab::explore(&self.survey, &by).map_err(to_py)?;
        let texts = e.value_texts().to_vec();
        let d = PyDict::new(py);
        d.set_item("features", &e.features)?;
        d.set_item("nim", e.nim)?;
        d.set_item("scope", game.rename(py, &e.scope))?;
        d.set_item("positions", e.positions)?;
        d.set_item("function", e.function)?;
        let cells = PyList::empty(py);
        for cell in &e.cells {
            let key: Vec<Py<PyAny>> = cell.key.iter().map(|&n| num(py, n)).collect::<PyResult<_>>()?;
            let entries = PyList::empty(py);
            for entry in &cell.entries {
                entries.append((
                    observed(py, entry.value, &texts)?,
                    entry.count,
                    game.object_of(py, &entry.example)?,
                ))?;
            }
            cells.append((PyTuple::new(py, key)?, entries))?;
        }
        d.set_item("cells", cells)?;
        let witnesses = match &e.counterexample {
            Some(pair) => {
                let l = PyList::empty(py);
                for w in pair {
                    l.append((game.object_of(py, &w.position)?, observed(py, w.value, &texts)?))?;
                }
                Some(l)
            }
            None => None,
        };
        d.set_item("counterexample", witnesses)?;
        let periods: Vec<Option<(i64, i64)>> =
            e.periods.iter().map(|p| p.map(|p| (p.period, p.offset))).collect();
        d.set_item("periods", periods)?;
        d.set_item("rule_value", e.rule_value.name())?;
        d.set_item("rule", &e.rule)?;
        d.set_item("nim_rule", &e.nim_rule)?;
        d.set_item("value_rule", &e.value_rule)?;
        Ok(d.into_any().unbind())
    }

    /// Checks the rule (an expression over the features, true on the positions of `value`; with
    /// nim values, it may give the nim value) on every position: a dict with `holds`,
    /// `positions` and the first `counterexample`.
    #[pyo3(signature = (rule, value="lose"))]
    fn check(&self, py: Python<'_>, rule: &str, value: &str) -> PyResult<Py<PyAny>> {
        let game = self.game.get();
        let value = Value::from_name(value.trim())
            .ok_or_else(|| refuse(format!("value `{value}`: one of win, lose, tie, draw")))?;
        if self.survey.nim && !matches!(value, Value::Win | Value::Lose) {
            return Err(refuse(format!("value `{}`: nim values are wins and losses", value.name())));
        }
        let rule = Rule::new(rule, &self.survey.features, value).map_err(to_py)?;
        let verdict = nimber_lab::check(&self.survey, &rule).map_err(to_py)?;
        let d = PyDict::new(py);
        d.set_item("rule", rule.text())?;
        d.set_item("holds", verdict.holds)?;
        d.set_item("positions", verdict.positions)?;
        let counterexample = match &verdict.counterexample {
            Some(c) => {
                let ce = PyDict::new(py);
                ce.set_item("position", game.object_of(py, &c.position)?)?;
                ce.set_item("value", observed(py, c.value, &[])?)?;
                let claimed = match &c.claimed {
                    Claim::Is(v) => observed(py, *v, &[])?.into_bound(py).str()?.to_string(),
                    other => other.to_string(),
                };
                ce.set_item("claimed", claimed)?;
                let features = PyDict::new(py);
                for (name, n) in &c.features {
                    features.set_item(name, num(py, *n)?)?;
                }
                ce.set_item("features", features)?;
                Some(ce)
            }
            None => None,
        };
        d.set_item("counterexample", counterexample)?;
        Ok(d.into_any().unbind())
    }
}

/// The options of a search from Python: the table's memory in bytes, 64 MiB by default.
pub(crate) fn search_options(remoteness: bool, memory: Option<u64>) -> SearchOptions {
    SearchOptions { remoteness, table_bytes: memory.unwrap_or(DEFAULT_TABLE_BYTES), threads: 0 }
}

/// A search's report as Python gets it: `position`, `value`, `remoteness`, `score`, `moves`
/// (`(label, position, value, remoteness, score)`, best first), `nodes` and `probed` (of
/// those, the positions read from a stored solution).
pub(crate) fn search_dict(py: Python<'_>, report: &SearchReport) -> PyResult<Py<PyAny>> {
    let list = PyList::empty(py);
    for m in &report.moves {
        list.append((&m.label, &m.position, m.value.name(), m.remoteness, m.score))?;
    }
    let d = PyDict::new(py);
    d.set_item("position", &report.position)?;
    d.set_item("value", report.value.name())?;
    d.set_item("remoteness", report.remoteness)?;
    d.set_item("score", report.score)?;
    d.set_item("moves", list)?;
    d.set_item("nodes", report.nodes)?;
    d.set_item("probed", report.probed)?;
    Ok(d.into_any().unbind())
}
