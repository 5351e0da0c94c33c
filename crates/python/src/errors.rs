//! The engine's errors as Python exceptions.
//!
//! Bad input and refusals raise [`NimberError`] (a `ValueError`) with the engine's one-line
//! message, whole numbers out of range too ([`whole`], where pyo3 would raise `OverflowError`);
//! an argument of the wrong type raises `TypeError`; a game defined in Python that breaks its
//! own contract (an unhashable position, a `moves` that returns nothing iterable) raises
//! [`RulesError`], a subclass; work stopped by Ctrl-C raises `KeyboardInterrupt`.

use nimber_engine::Error;
use pyo3::exceptions::{PyKeyboardInterrupt, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::{create_exception, PyErr};

create_exception!(
    nimber,
    NimberError,
    PyValueError,
    "Bad input or a refusal: the message says what was wrong and where."
);

create_exception!(
    nimber,
    RulesError,
    NimberError,
    "A game defined in Python broke its contract: an unhashable position, moves that are not \
     iterable, a terminal value that is not one."
);

/// The Python exception of an engine error.
pub fn to_py(error: Error) -> PyErr {
    match error {
        Error::Cancelled { .. } => PyKeyboardInterrupt::new_err(error.to_string()),
        error => NimberError::new_err(error.to_string()),
    }
}

/// A [`NimberError`] with this message.
pub fn refuse(message: impl Into<String>) -> PyErr {
    NimberError::new_err(message.into())
}

/// The whole-number argument `name` (`upto`, `memory`), `what` it counts, from 0 to `max`: a
/// negative or larger int is a [`NimberError`] that says what was given and what is expected
/// (where pyo3 would raise `OverflowError`), anything that is not an integer a `TypeError`.
pub fn whole(arg: &Bound<'_, PyAny>, name: &str, what: &str, max: u64) -> PyResult<u64> {
    let given = || {
        let text = arg.repr().map_or_else(|_| "?".to_string(), |r| r.to_string());
        if text.chars().count() > GIVEN {
            text.chars().take(GIVEN).chain("...".chars()).collect()
        } else {
            text
        }
    };
    match arg.extract::<u64>() {
        Ok(n) if n <= max => Ok(n),
        Err(e) if !e.is_instance_of::<PyOverflowError>(arg.py()) => {
            let kind = arg.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
            Err(PyTypeError::new_err(format!("{name}={}: {what}, not a {kind}", given())))
        }
        _ => Err(refuse(format!("{name}={}: {what} from 0 to {max}", given()))),
    }
}

/// The most characters of an argument quoted in a message.
const GIVEN: usize = 40;
