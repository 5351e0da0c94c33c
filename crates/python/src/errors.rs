//! The engine's errors as Python exceptions.
//!
//! Bad input and refusals raise [`NimberError`] (a `ValueError`) with the engine's one-line
//! message; a game defined in Python that breaks its own contract (an unhashable position, a
//! `moves` that returns nothing iterable) raises [`RulesError`], a subclass; work stopped by
//! Ctrl-C raises `KeyboardInterrupt`.

use nimber_engine::Error;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
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
        Error::Cancelled { .. } => PyKeyboardInterrupt::new_err("stopped"),
        error => NimberError::new_err(error.to_string()),
    }
}

/// A [`NimberError`] with this message.
pub fn refuse(message: impl Into<String>) -> PyErr {
    NimberError::new_err(message.into())
}
