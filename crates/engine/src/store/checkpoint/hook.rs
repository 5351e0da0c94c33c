//! The hook between rounds: where and how often a solve keeps its checkpoint
//! ([`CheckpointOptions`]), and the [`Checkpointer`] that writes one between two rounds (or two
//! levels of the search) when it is due or the solve is stopping, and loads the one to resume
//! from.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::params::GameId;
use crate::solve::retrograde::{Between, StateWord};
use crate::store::checkpoint::format::{load, refused, write, Header, Loaded, Stage, State};
use crate::store::frame::{io, Identity};
use crate::table::dense::{DenseSet, Level};

/// How often checkpoints are written by default.
pub(crate) const DEFAULT_EVERY: Duration = Duration::from_secs(300);

/// Where and how often a solve keeps its checkpoint, and whether it resumes from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckpointOptions {
    /// The checkpoint file.
    pub path: PathBuf,
    /// The least time between two checkpoints ([`Duration::ZERO`]: after every round). A
    /// checkpoint is always written when the solve is stopped.
    pub every: Duration,
    /// Continue from the checkpoint in `path` (which must exist and be of this game); without
    /// it, an existing checkpoint is refused rather than overwritten.
    pub resume: bool,
    /// The game with its parameters, recorded and checked.
    pub id: GameId,
}

impl CheckpointOptions {
    /// Checkpoints in `path` every `DEFAULT_EVERY`, starting afresh.
    pub fn new(path: impl Into<PathBuf>, id: &GameId) -> CheckpointOptions {
        CheckpointOptions { path: path.into(), every: DEFAULT_EVERY, resume: false, id: id.clone() }
    }

    /// Removes the checkpoint (after the solve's result is safe); no checkpoint is fine.
    pub fn remove(&self) -> Result<(), Error> {
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(&self.path)(e)),
            _ => Ok(()),
        }
    }
}

/// A checkpointer, and the checkpoint to resume from when there is one.
pub type Started<'a, W> = (Checkpointer<'a>, Option<(Header, Loaded<W>)>);

/// Writes checkpoints of one solve between its rounds: at most every `every`, and when the
/// solve is stopped.
pub struct Checkpointer<'a> {
    options: &'a CheckpointOptions,
    identity: Identity,
    last: Instant,
    /// Where the solve was at the checkpoint in the file, when it is this solve's.
    saved: Option<Stage>,
}

impl<'a> Checkpointer<'a> {
    /// Starts keeping checkpoints of a solve of `identity`, loading the one to resume from when
    /// `options.resume`. Refuses a missing checkpoint to resume from, and an existing one when
    /// not resuming.
    pub fn start<W: StateWord>(
        options: &'a CheckpointOptions,
        identity: Identity,
    ) -> Result<Started<'a, W>, Error> {
        let path = &options.path;
        let exists = path.try_exists().map_err(io(path))?;
        let loaded = match (options.resume, exists) {
            (true, false) => return Err(refused(path, "no checkpoint to resume from")),
            (false, true) => {
                return Err(refused(
                    path,
                    "a checkpoint is already there: resume from it, or remove it to start over",
                ))
            }
            (true, true) => Some(load::<W>(path, &identity)?),
            (false, false) => None,
        };
        let saved = loaded.as_ref().map(|(header, _)| header.stage);
        Ok((Checkpointer { options, identity, last: Instant::now(), saved }, loaded))
    }

    /// The hook between two rounds: writes a checkpoint when one is due or the solve is
    /// stopping, and returns [`Error::Cancelled`] naming it when the solve is stopping. A
    /// periodic checkpoint that cannot be written is reported as a note, and the solve goes on.
    pub fn between<W: StateWord>(
        &mut self,
        set: &DenseSet,
        at: &Between<'_, W>,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let stage = Stage::Rounds { phase: at.phase, round: at.round };
        self.maybe_write(set, stage, at.cancelled, &State::Rounds(at), progress)
    }

    /// The hook between two levels of the search, as [`Checkpointer::between`].
    pub(crate) fn between_levels<W: StateWord>(
        &mut self,
        at: &Level<'_>,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let stage = Stage::Search { level: at.level };
        self.maybe_write::<W>(at.set, stage, at.cancelled, &State::Search(at), progress)
    }

    fn maybe_write<W: StateWord>(
        &mut self,
        set: &DenseSet,
        stage: Stage,
        cancelled: bool,
        state: &State<'_, W>,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let due = cancelled || self.last.elapsed() >= self.options.every;
        if due && self.saved != Some(stage) {
            match write(&self.options.path, &self.identity, set, state) {
                Ok(()) => self.saved = Some(stage),
                Err(e) if cancelled => return Err(e),
                Err(e) => progress.note(&format!("cannot write a checkpoint ({e}); going on without it")),
            }
            self.last = Instant::now();
        }
        if cancelled {
            return Err(Error::Cancelled {
                checkpoint: Some(self.options.path.display().to_string()),
                proven: None,
            });
        }
        Ok(())
    }
}
