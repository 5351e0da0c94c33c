//! Solved games stored by `nimber solve --save` (or `Solution.save`), opened and queried.

use std::path::PathBuf;

use nimber_games::OpenedSolution;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::to_py;
use crate::game::{report_dict, search_dict, search_options};
use crate::run::released;

/// A stored solution with its game (a store file, or a directory of tiers): queries read the
/// files, a few blocks each.
#[pyclass(frozen, module = "nimber._nimber")]
pub struct Stored(OpenedSolution);

#[pymethods]
impl Stored {
    /// Opens a store written by `nimber solve GAME --save FILE`, or a directory of tiers
    /// written by `nimber solve morris --save DIR`.
    #[new]
    fn open(py: Python<'_>, path: PathBuf) -> PyResult<Stored> {
        py.detach(|| nimber_games::open_solution(&path)).map(Stored).map_err(to_py)
    }

    /// The stored game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.0.recipe.info().name
    }

    /// The stored game's parameters, as `(key, value)`.
    #[getter]
    fn params(&self) -> Vec<(String, String)> {
        self.0.recipe.id().params().to_vec()
    }

    /// The positions stored, by value and remoteness: `(value, remoteness, count)`.
    fn counts(&self) -> Vec<(&'static str, Option<u32>, u64)> {
        self.0.counts().iter().map(|r| (r.value.name(), r.remoteness, r.count)).collect()
    }

    /// How many positions are stored.
    #[getter]
    fn positions(&self) -> u64 {
        self.0.positions()
    }

    /// The position shown first: the game's start, or for a directory of tiers that does not
    /// hold it (Nine Men's Morris: the empty board), the first position of the last tier.
    #[getter]
    fn start(&self) -> &str {
        self.0.start()
    }

    /// A position (`start` when `None`), in the game's notation: its value and remoteness and
    /// every move with what it gives the player who makes it, best first, read from the files.
    #[pyo3(signature = (position=None))]
    fn query(&self, py: Python<'_>, position: Option<String>) -> PyResult<Py<PyAny>> {
        let report = py.detach(|| self.0.query(position.as_deref())).map_err(to_py)?;
        let text = |t: &str| Ok(PyString::new(py, t).into_any().unbind());
        report_dict(py, &report, text, None, report.notes.clone())
    }

    /// The value of a position (`start` when `None`) by exact alpha-beta search over the
    /// game's rules, every position the files hold read from them (for Nine Men's Morris, the
    /// placement searched over the stored tiers): a dict as `Game.search` gives, with `probed`,
    /// the positions read from the files.
    #[pyo3(signature = (position=None, remoteness=false, moves=false, memory=None))]
    fn search(
        &self,
        py: Python<'_>,
        position: Option<String>,
        remoteness: bool,
        moves: bool,
        memory: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        let options = search_options(remoteness, memory);
        let opened = &self.0;
        let report = released(py, move |progress| {
            opened.searcher(&options)?.search(position.as_deref(), moves, progress)
        })?;
        search_dict(py, &report)
    }

    /// The drawing of a position as SVG, if the game has one.
    fn svg(&self, position: &str) -> PyResult<Option<String>> {
        self.0.game.svg(position).map_err(to_py)
    }
}
