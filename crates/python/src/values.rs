//! Partizan values in the algebra of canonical forms: of positions of the library's partizan
//! games, of games defined in Python by Left's and Right's moves, and of expressions
//! (`nimber.value("{2|-1/2} + ^*")`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use nimber_engine::Move;
use nimber_partizan::parse::{parse, Statement, MAX_INPUT};
use nimber_partizan::{thermograph, Evaluator, Form, Forms, Partizan, Printer};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::defined::{each_position, quote};
use crate::errors::{refuse, to_py, RulesError};
use crate::game::{Game, Rules};

/// The most canonical forms one expression may build (as `nimber value`).
const EXPRESSION_FORMS: usize = 200_000;

/// How many calls of the user's code between two checks for Ctrl-C.
const SIGNAL_EVERY: usize = 1024;

/// A value's facts as a dict: `value` (CGSuite's notation), `outcome` (L, R, N or P) and its
/// `meaning`, `left_stop`, `right_stop`, `mean`, `temperature` (numbers as text such as
/// `"-1/2"`) and `thermograph` (an SVG document).
fn facts<'py>(py: Python<'py>, forms: &mut Forms, g: Form, title: &str) -> PyResult<Bound<'py, PyDict>> {
    let class = forms.outcome(g);
    let (ls, rs) = forms.stops(g);
    let mean = forms.mean(g);
    let temperature = forms.temperature(g);
    let text = Printer::new(forms).text(g);
    let svg = thermograph::svg(&forms.thermograph(g), if title.is_empty() { &text } else { title });
    if forms.exhausted() {
        return Err(refuse("the value needs too many canonical forms"));
    }
    let d = PyDict::new(py);
    d.set_item("value", text)?;
    d.set_item("outcome", class.letter())?;
    d.set_item("meaning", class.meaning())?;
    d.set_item("left_stop", ls.to_string())?;
    d.set_item("right_stop", rs.to_string())?;
    d.set_item("mean", mean.to_string())?;
    d.set_item("temperature", temperature.to_string())?;
    d.set_item("thermograph", svg)?;
    d.set_item("forms", forms.len())?;
    Ok(d)
}

/// The value of an expression in CGSuite's notation (`{2|-1/2} + ^* - 1/4`), or the answer to
/// a comparison (`{1|-1} > 0`): a dict with the facts of the value, or with `holds`, `left`,
/// `op`, `right` and `relation` (how the two really compare: `<`, `=`, `>` or `||`).
#[pyfunction]
pub fn value(py: Python<'_>, expression: &str) -> PyResult<Py<PyAny>> {
    if expression.len() > MAX_INPUT {
        return Err(refuse(format!("the value is over {MAX_INPUT} bytes")));
    }
    let mut forms = Forms::with_budget(EXPRESSION_FORMS);
    let statement = py
        .detach(|| parse(expression, &mut forms))
        .map_err(|e| refuse(format!("cannot read value `{expression}`: {e}")))?;
    match statement {
        Statement::Value(g) => Ok(facts(py, &mut forms, g, "")?.into_any().unbind()),
        Statement::Comparison { left, op, right, relation } => {
            let mut printer = Printer::new(&mut forms);
            let (l, r) = (printer.text(left), printer.text(right));
            if forms.exhausted() {
                return Err(refuse(format!(
                    "cannot read value `{expression}`: it needs too many canonical forms"
                )));
            }
            let d = PyDict::new(py);
            d.set_item("holds", op.holds(relation))?;
            d.set_item("left", l)?;
            d.set_item("op", op.symbol())?;
            d.set_item("right", r)?;
            d.set_item("relation", relation.symbol())?;
            Ok(d.into_any().unbind())
        }
    }
}

/// A game defined in Python by `left_moves` and `right_moves`, as the algebra sees it:
/// positions numbered as they are met, the user's code called with the GIL held.
struct Sides<'py> {
    py: Python<'py>,
    left: Bound<'py, PyAny>,
    right: Bound<'py, PyAny>,
    split: Option<Bound<'py, PyAny>>,
    known: Mutex<Known<'py>>,
    calls: AtomicUsize,
}

struct Known<'py> {
    ids: Bound<'py, PyDict>,
    objects: Vec<Bound<'py, PyAny>>,
    /// The first error met: the user's exception, Ctrl-C, or a broken contract. Once set,
    /// every position has no moves, so that the evaluation ends at once.
    error: Option<PyErr>,
}

// SAFETY: `Sides` is used only on the thread that holds the GIL, by `value_of_defined`, which
// never sends it elsewhere; `Partizan` asks for Send + Sync because other games are solved in
// parallel.
unsafe impl Send for Sides<'_> {}
unsafe impl Sync for Sides<'_> {}

impl<'py> Sides<'py> {
    fn intern(&self, known: &mut Known<'py>, pos: &Bound<'py, PyAny>) -> PyResult<u32> {
        if let Some(id) = known.ids.get_item(pos).map_err(|e| {
            let error = RulesError::new_err(format!(
                "the position {} is not hashable (use tuples, not lists)",
                quote(pos)
            ));
            error.set_cause(self.py, Some(e));
            error
        })? {
            return id.extract();
        }
        let id = known.objects.len() as u32;
        known.ids.set_item(pos, id)?;
        known.objects.push(pos.clone());
        Ok(id)
    }

    fn side(&self, f: &Bound<'py, PyAny>, name: &str, pos: u32) -> Vec<Move<u32>> {
        let mut known = self.known.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if known.error.is_some() {
            return Vec::new();
        }
        let result = self.call(&mut known, f, name, pos);
        result.unwrap_or_else(|e| {
            known.error = Some(e);
            Vec::new()
        })
    }

    fn call(
        &self,
        known: &mut Known<'py>,
        f: &Bound<'py, PyAny>,
        name: &str,
        pos: u32,
    ) -> PyResult<Vec<Move<u32>>> {
        if self.calls.fetch_add(1, Ordering::Relaxed) % SIGNAL_EVERY == SIGNAL_EVERY - 1 {
            self.py.check_signals()?;
        }
        let obj = known.objects[pos as usize].clone();
        let said = f.call1((&obj,))?;
        // Values need the positions only: labels are not read.
        let mut moves = Vec::new();
        each_position(
            &said,
            || format!("{name}({})", quote(&obj)),
            |to| {
                moves.push(Move::new(String::new(), self.intern(known, to)?));
                Ok(())
            },
        )?;
        Ok(moves)
    }
}

impl Partizan for Sides<'_> {
    type Position = u32;

    fn start(&self) -> u32 {
        0
    }

    fn left_moves(&self, &pos: &u32) -> Vec<Move<u32>> {
        self.side(&self.left, "left_moves", pos)
    }

    fn right_moves(&self, &pos: &u32) -> Vec<Move<u32>> {
        self.side(&self.right, "right_moves", pos)
    }

    fn regions(&self, &pos: &u32) -> Option<Vec<u32>> {
        let split = self.split.as_ref()?;
        let mut known = self.known.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if known.error.is_some() {
            return None;
        }
        let obj = known.objects[pos as usize].clone();
        let parts = (|| -> PyResult<Option<Vec<u32>>> {
            let said = split.call1((&obj,))?;
            if said.is_none() {
                return Ok(None);
            }
            let mut parts = Vec::new();
            for part in said.try_iter()? {
                parts.push(self.intern(&mut known, &part?)?);
            }
            Ok((parts.len() != 1).then_some(parts))
        })();
        parts.unwrap_or_else(|e| {
            known.error = Some(e);
            None
        })
    }
}

/// The value of a position of a game defined in Python with `left_moves` and `right_moves`.
pub fn value_of_defined(
    py: Python<'_>,
    rules: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let get = |name: &str| -> PyResult<Bound<'_, PyAny>> {
        rules.getattr(name).map_err(|_| {
            refuse(format!(
                "values need Left's and Right's moves: the game has no `{name}(position)` (a game \
                 with `moves` alone has outcomes and nim values, not partizan values)"
            ))
        })
    };
    let sides = Sides {
        py,
        left: get("left_moves")?,
        right: get("right_moves")?,
        split: rules.getattr("split").ok().filter(|s| s.is_callable()),
        known: Mutex::new(Known { ids: PyDict::new(py), objects: Vec::new(), error: None }),
        calls: AtomicUsize::new(0),
    };
    {
        let mut known = sides.known.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        sides.intern(&mut known, position)?;
    }
    let mut evaluator = Evaluator::new(&sides);
    let g = evaluator.value(&0);
    let positions = evaluator.positions();
    let mut forms = evaluator.forms;
    if let Some(e) = sides.known.lock().unwrap_or_else(std::sync::PoisonError::into_inner).error.take() {
        return Err(e);
    }
    let d = facts(py, &mut forms, g, "")?;
    d.set_item("position", position)?;
    d.set_item("positions", positions)?;
    Ok(d.into_any().unbind())
}

/// The value of a position of a game: the library's partizan games (through the algebra) or a
/// game defined in Python with Left's and Right's moves.
pub fn value_of(py: Python<'_>, game: &Game, position: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
    match &game.rules {
        Rules::Builtin(b) => {
            let valued_game = b.recipe.partizan("value()").map_err(to_py)?;
            let text = position.map(|p| game.text_of(p, true)).transpose()?;
            let mut valued = crate::run::released(py, move |_| valued_game.value(text.as_deref()))?;
            let title = format!("{} {}", b.info().name, valued.position);
            let d = facts(py, &mut valued.forms, valued.value, &title)?;
            d.set_item("position", PyString::new(py, &valued.position))?;
            d.set_item("positions", valued.positions)?;
            Ok(d.into_any().unbind())
        }
        Rules::Defined(d) => {
            let rules = d.rules.bind(py);
            let start = d.start(py);
            value_of_defined(py, rules, position.unwrap_or(&start))
        }
    }
}
