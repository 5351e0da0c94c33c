//! Errors of the engine.

use std::fmt;

/// A position's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What was wrong.
    pub message: String,
    /// 1-based column of the offending character, when known.
    pub column: Option<usize>,
}

impl ParseError {
    /// An error without a column.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), column: None }
    }

    /// An error at a 1-based column.
    pub fn at(column: usize, message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), column: Some(column) }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "column {c}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// Anything that can go wrong when building or solving a game.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A position could not be parsed.
    #[error("cannot read position `{text}`: {error}")]
    Position {
        /// The text given.
        text: String,
        /// Why it failed.
        error: ParseError,
    },
    /// A game parameter is missing, unknown or invalid.
    #[error("{0}")]
    Param(String),
    /// The game (or the requested solver) cannot handle this.
    #[error("{0}")]
    Unsupported(String),
    /// A position outside a solution of the positions reachable from the start (a dense
    /// solution, a stored one): solving from it answers instead.
    #[error("position `{0}` is not reachable from the start")]
    NotReachable(String),
    /// A solver that needs an acyclic game found a cycle.
    #[error("the game has a cycle through position `{0}`; use the retrograde solver")]
    Cycle(String),
    /// A solve would not fit.
    #[error("{0}")]
    TooLarge(String),
    /// A stored solution is damaged or not one.
    #[error("{path}: corrupt solved-game file: {what}")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// The work was stopped on request ([`crate::Progress::cancelled`]) before it finished.
    #[error(
        "stopped before the end{}{}",
        .proven.as_ref().map(|p| format!("; proven so far: {p}")).unwrap_or_default(),
        .checkpoint.as_ref().map(|c| format!("; the work so far is saved in {c}")).unwrap_or_default()
    )]
    Cancelled {
        /// Where the work done so far was saved, if it was.
        checkpoint: Option<String>,
        /// What a search had proven when it stopped (a bound on the value, labelled as one),
        /// if anything.
        proven: Option<String>,
    },
    /// A checkpoint cannot be used: of another game, damaged, missing, or in the way.
    #[error("{path}: {what}")]
    Checkpoint {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// An error that another choice of the caller would mend ([`Choice`]): a front end names
    /// the choice its own way (a command-line flag, a keyword argument) after the message.
    #[error("{error}")]
    Choice {
        /// What the caller may choose otherwise.
        choice: Choice,
        /// The error itself.
        error: Box<Error>,
    },
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The failure.
        source: std::io::Error,
    },
}

/// A choice of the caller of a solve that mends an [`Error::Choice`]. The engine names none of
/// the front ends' spellings of it (`--memory` on the command line, a keyword in Python).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The memory limit: a higher one lets the work go on.
    MemoryLimit,
    /// Resuming from a checkpoint, or starting over.
    Resume,
    /// The solver.
    Solver,
    /// Saving the solution to a store.
    Save,
}

impl Error {
    /// This error, mended by another `choice` of the caller.
    pub(crate) fn mended_by(self, choice: Choice) -> Error {
        Error::Choice { choice, error: Box::new(self) }
    }

    /// The choice of the caller that mends this error, if one does.
    pub fn choice(&self) -> Option<Choice> {
        match self {
            Error::Choice { choice, .. } => Some(*choice),
            _ => None,
        }
    }

    /// The error itself, without the choice that mends it.
    pub fn root(&self) -> &Error {
        match self {
            Error::Choice { error, .. } => error.root(),
            error => error,
        }
    }
}
