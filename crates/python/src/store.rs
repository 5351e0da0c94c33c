//! Solved games stored by `nimber solve --save` (or `Solution.save`), opened and queried.

use std::path::PathBuf;

use nimber_engine::store::Store;
use nimber_engine::DynGame;
use nimber_games::Recipe;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::to_py;
use crate::game::report_dict;

/// A stored solution with its game: queries read the file, a few blocks each.
#[pyclass(frozen, module = "nimber._nimber")]
pub struct Stored {
    recipe: Recipe,
    game: Box<dyn DynGame>,
    store: Store,
}

#[pymethods]
impl Stored {
    /// Opens a store written by `nimber solve GAME --save FILE`.
    #[new]
    fn open(py: Python<'_>, path: PathBuf) -> PyResult<Stored> {
        let opened = py.detach(|| nimber_games::open_store(&path)).map_err(to_py)?;
        Ok(Stored { recipe: opened.recipe, game: opened.game, store: opened.store })
    }

    /// The stored game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.recipe.info().name
    }

    /// The stored game's parameters, as `(key, value)`.
    #[getter]
    fn params(&self) -> Vec<(String, String)> {
        self.recipe.id().params().to_vec()
    }

    /// The positions stored, by value and remoteness: `(value, remoteness, count)`.
    fn counts(&self) -> Vec<(&'static str, Option<u32>, u64)> {
        self.store.header().counts.iter().map(|r| (r.value.name(), r.remoteness, r.count)).collect()
    }

    /// How many positions are stored.
    #[getter]
    fn positions(&self) -> u64 {
        self.store.header().counts.iter().map(|r| r.count).sum()
    }

    /// A position (the start when `None`), in the game's notation: its value and remoteness and
    /// every move with what it gives the player who makes it, best first, read from the file.
    #[pyo3(signature = (position=None))]
    fn query(&self, py: Python<'_>, position: Option<String>) -> PyResult<Py<PyAny>> {
        let dense = self.game.dense().expect("open_store builds dense games");
        let report = py.detach(|| dense.query_store(&self.store, position.as_deref())).map_err(to_py)?;
        let text = |t: &str| Ok(PyString::new(py, t).into_any().unbind());
        report_dict(py, &report, text, None, report.notes.clone())
    }

    /// The drawing of a position as SVG, if the game has one.
    fn svg(&self, position: &str) -> PyResult<Option<String>> {
        self.game.svg(position).map_err(to_py)
    }
}
