//! Nim sequences of heap games: `nimber.grundy("0.77", upto=10**6)`.

use nimber_heaps::sequence::MAX_UPTO;
use nimber_heaps::{find_period, nim_sequence, Ruleset};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{refuse, whole};
use crate::run::released;

/// The largest heap of a sequence when `upto` is not given.
const DEFAULT_UPTO: usize = 1000;

/// The nim values G(0..=upto) of single heaps of the heap game `code` (an octal code such as
/// `0.77`, a subtraction set `S(1,2,3)`, an all-but set or a name such as `kayles`), and their
/// period: a dict with `code`, `title`, `values` (a list), `period`, `preperiod`, `saltus` and
/// `proved`.
#[pyfunction]
#[pyo3(signature = (code, upto=None))]
pub fn grundy(py: Python<'_>, code: &str, upto: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
    let rules = Ruleset::parse(code).map_err(|e| refuse(format!("cannot read ruleset `{code}`: {e}")))?;
    let upto = match upto {
        Some(n) => whole(n, "upto", "the largest heap, a whole number", MAX_UPTO as u64)? as usize,
        None => DEFAULT_UPTO,
    };
    let (values, period) = released(py, {
        let rules = rules.clone();
        move |progress| {
            let values = nim_sequence(&rules, upto, progress);
            if values.len() <= upto {
                return Err(nimber_engine::Error::Cancelled { checkpoint: None, proven: None });
            }
            let period = find_period(&values, Some(&rules), progress);
            Ok((values, period))
        }
    })?;
    let d = PyDict::new(py);
    d.set_item("code", rules.code())?;
    d.set_item("title", rules.title())?;
    d.set_item("values", values)?;
    d.set_item("period", period.map(|p| p.period))?;
    d.set_item("preperiod", period.map(|p| p.preperiod))?;
    d.set_item("saltus", period.map_or(0, |p| p.saltus))?;
    d.set_item("proved", period.is_some_and(|p| p.proved))?;
    Ok(d.into_any().unbind())
}
