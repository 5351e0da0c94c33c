//! What can make a command fail, and how each failure is reported.

use std::fmt;
use std::io;
use std::path::Path;

/// A failed command.
#[derive(Debug)]
pub enum Failure {
    /// The engine or the game library refused (unknown game, bad parameter, bad position, a
    /// solver that cannot handle the game, a file it could not read).
    Engine(nimber_engine::Error),
    /// Anything else worth a message: a bad combination of options, a dump file that cannot be
    /// written.
    Message(String),
    /// Writing the results to standard output failed; a closed pipe is not reported.
    Output(io::Error),
    /// The work was stopped by Ctrl-C: what was saved and how to go on, one line each (exit
    /// status 130).
    Stopped(String),
}

impl Failure {
    /// A failure with a message.
    pub fn msg(message: impl Into<String>) -> Failure {
        Failure::Message(message.into())
    }

    /// A failure to read or write the file at `path`.
    pub fn io(path: &Path, source: io::Error) -> Failure {
        Failure::Engine(nimber_engine::Error::Io { path: path.display().to_string(), source })
    }

    /// Whether this is standard output being closed by its reader (`nimber list | head -1`),
    /// which ends the program quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Engine(e) => match e.choice() {
                Some(choice) => write!(f, "{e} ({})", flag_of(choice)),
                None => write!(f, "{e}"),
            },
            Failure::Message(m) => f.write_str(m),
            Failure::Output(e) => write!(f, "cannot write the output: {e}"),
            Failure::Stopped(m) => f.write_str(m),
        }
    }
}

/// How the command line spells a choice that mends an engine error ([`nimber_engine::Choice`]).
fn flag_of(choice: nimber_engine::Choice) -> &'static str {
    use nimber_engine::Choice;
    match choice {
        Choice::MemoryLimit => "raise it with --memory",
        Choice::Resume => "--resume",
        Choice::Solver => "--solver",
        Choice::Save => "--save",
    }
}

impl From<nimber_engine::Error> for Failure {
    fn from(e: nimber_engine::Error) -> Failure {
        Failure::Engine(e)
    }
}

/// Writes to standard output fail with [`Failure::Output`].
impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

/// The message of a failure on one line, whatever the engine put in it.
pub fn one_line(failure: &Failure) -> String {
    let text = failure.to_string();
    let mut line = String::with_capacity(text.len());
    for (i, part) in text.lines().map(str::trim).filter(|l| !l.is_empty()).enumerate() {
        if i > 0 {
            line.push_str("; ");
        }
        line.push_str(part);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_fit_on_one_line() {
        assert_eq!(one_line(&Failure::msg("bad\n  thing\n\nhere")), "bad; thing; here");
        assert_eq!(one_line(&Failure::msg("plain")), "plain");
    }

    #[test]
    fn broken_pipe_is_quiet() {
        assert!(Failure::from(io::Error::from(io::ErrorKind::BrokenPipe)).is_broken_pipe());
        assert!(!Failure::from(io::Error::from(io::ErrorKind::Other)).is_broken_pipe());
        assert!(!Failure::msg("x").is_broken_pipe());
    }
}
