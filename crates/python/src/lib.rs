//! Python bindings of nimber: the native module `nimber._nimber`, under the pure-Python package
//! `nimber` (`python/nimber`), which is what users import and what documents the API.
//!
//! Modules, each using only those listed before it:
//! - [`errors`]: the engine's errors as Python exceptions;
//! - [`run`]: long work on a thread of its own with the GIL released, stopped by Ctrl-C;
//! - [`graph`]: the explicit graph that the solvers solve for a game defined in Python;
//! - [`defined`]: games defined in Python, explored once into a graph;
//! - [`game`]: the native game (the library's or defined in Python), solution and survey;
//! - [`heaps`], [`values`], [`store`]: nim sequences, partizan values, stored solutions;
//! - this file: the module.

pub mod defined;
pub mod errors;
pub mod game;
pub mod graph;
pub mod heaps;
pub mod intern;
pub mod run;
pub mod store;
pub mod values;

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Every game of the library: dicts with `name`, `summary`, `help`, `params` (a list of
/// `(key, default, help)`), `values` (a partizan game with values) and `heaps` (a heap game).
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
    nimber_games::all()
        .iter()
        .map(|g| {
            let d = PyDict::new(py);
            d.set_item("name", g.name)?;
            d.set_item("summary", g.summary)?;
            d.set_item("help", g.help)?;
            let params: Vec<(&str, &str, &str)> =
                g.params.iter().map(|p| (p.name, p.default, p.help)).collect();
            d.set_item("params", params)?;
            d.set_item("values", g.facts.partizan.is_some())?;
            d.set_item("heaps", g.facts.ruleset.is_some())?;
            d.set_item("reads_files", g.facts.reads_files)?;
            Ok(d.into_any().unbind())
        })
        .collect()
}

/// The value of a position of a game defined in Python by `left_moves` and `right_moves`.
#[pyfunction]
fn partizan_value(
    py: Python<'_>,
    rules: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    values::value_of_defined(py, rules, position)
}

/// The value of a position of a game (the start when `None`).
#[pyfunction]
#[pyo3(signature = (game, position=None))]
fn game_value(
    py: Python<'_>,
    game: &Bound<'_, game::Game>,
    position: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    values::value_of(py, game.get(), position)
}

#[pymodule]
fn _nimber(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("NimberError", py.get_type::<errors::NimberError>())?;
    m.add("RulesError", py.get_type::<errors::RulesError>())?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Solution>()?;
    m.add_class::<game::Survey>()?;
    m.add_class::<store::Stored>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(heaps::grundy, m)?)?;
    m.add_function(wrap_pyfunction!(values::value, m)?)?;
    m.add_function(wrap_pyfunction!(partizan_value, m)?)?;
    m.add_function(wrap_pyfunction!(game_value, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
