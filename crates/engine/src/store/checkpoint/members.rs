//! The checkpoints of the members of a solve split over members (the processes of a cluster):
//! their files ([`member_path`], [`member_files`]), the reachable set kept in them
//! ([`member_set`]), and the [`MemberCheckpointer`] that writes them together with the other
//! members and agrees with them on the round to resume from.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::error::{Choice, Error};
use crate::progress::Progress;
use crate::solve::exchange::Exchange;
use crate::solve::retrograde::{Between, Resume, StateWord};
use crate::store::checkpoint::format::{
    check_header, damaged, load_inner, read_header, refused, write_part, Expect, Part, Rest, Stage, State,
};
use crate::store::checkpoint::hook::CheckpointOptions;
use crate::store::frame::{io, Identity};
use crate::table::dense::DenseSet;

/// The checkpoint file of member `index` of a solve split over members, for `base` (the
/// solve's checkpoint option): `BASE.pINDEX`; the generation before it is kept in
/// `BASE.pINDEX.prev` (see [`MemberCheckpointer`]).
pub fn member_path(base: &Path, index: usize) -> PathBuf {
    let mut path = base.as_os_str().to_owned();
    path.push(format!(".p{index}"));
    PathBuf::from(path)
}

/// The files of member `index`'s checkpoints for `base`: [`member_path`] and the one that keeps
/// the generation before it.
pub fn member_files(base: &Path, index: usize) -> [PathBuf; 2] {
    let path = member_path(base, index);
    [previous_path(&path), path]
}

/// The file that keeps the generation before the one in `path`.
fn previous_path(path: &Path) -> PathBuf {
    let mut prev = path.as_os_str().to_owned();
    prev.push(".prev");
    PathBuf::from(prev)
}

/// A stage of the rounds as a number that orders them (0 for none).
fn stage_code(stage: Stage) -> u64 {
    match stage {
        Stage::Rounds { phase, round } => 1 + ((phase as u64) << 32 | round as u64),
        Stage::Search { .. } => 0,
    }
}

/// The reachable set kept in member `index`'s checkpoints, for a split solve that resumes (every
/// generation holds the same set): read from the first of the member's files that is a
/// checkpoint of `identity` and of member `index` of `count`.
pub(crate) fn member_set<W: StateWord>(
    options: &CheckpointOptions,
    identity: &Identity,
    index: usize,
    count: usize,
) -> Result<DenseSet, Error> {
    let path = member_path(&options.path, index);
    let mut first_error = None;
    for file in member_files(&options.path, index) {
        if !file.try_exists().map_err(io(&file))? {
            continue;
        }
        let read = File::open(&file)
            .map_err(io(&file))
            .and_then(|f| load_inner::<W, _>(f, &file, identity, Expect::Member(index, count), None));
        match read {
            Ok((_, Some(set), Rest::Rounds(_))) => return Ok(set),
            Ok(_) => {
                first_error.get_or_insert(damaged(&file, "a member's checkpoint of the search"));
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| refused(&path, "no checkpoint to resume from")))
}

/// `mine` on every member of a split solve, once every member has it: an error on every member
/// when any member has one (its own, or one saying how many others failed to do `what`).
pub(crate) fn together<T>(
    exchange: &mut dyn Exchange,
    path: &Path,
    mine: Result<T, Error>,
    what: &str,
) -> Result<T, Error> {
    let failed = exchange.sum(u64::from(mine.is_err()))?;
    match mine {
        Ok(_) if failed > 0 => Err(refused(
            path,
            format!("{failed} other member(s) of the solve could not {what} (their errors say why)"),
        )),
        other => other,
    }
}

/// Writes the checkpoints of one member of a solve split over members (a process of a cluster),
/// together with the other members: they decide together when a checkpoint is due (any member
/// stopped, or any member's `every` passed), so that every member's file holds the same round.
/// Each member keeps two generations, `BASE.pI` and the one before it in `BASE.pI.prev`, so
/// that a member that dies while the others write leaves a round that every member has; a
/// generation that some member could not write is taken back everywhere. On resume the members
/// agree on the latest round that every one of them holds.
pub struct MemberCheckpointer<'a> {
    options: &'a CheckpointOptions,
    identity: Identity,
    part: Part,
    path: PathBuf,
    last: Instant,
    /// The round in `path`, when it is this solve's.
    saved: Option<Stage>,
}

/// A member's checkpointer and its words to resume from, when the solve resumes.
pub(crate) type MemberStarted<'a, W> = (MemberCheckpointer<'a>, Option<Resume<W>>);

impl<'a> MemberCheckpointer<'a> {
    /// Starts keeping the checkpoints of the member of `exchange` (owning the positions `owned`
    /// of the reachable `set`), and with `options.resume`, loads its words at the latest round
    /// that every member holds. Every member calls it at the same point; an error on any member
    /// (no checkpoint to resume from, or one in the way of a new solve) is an error on all.
    pub fn start<W: StateWord>(
        options: &'a CheckpointOptions,
        identity: Identity,
        set: &DenseSet,
        owned: std::ops::Range<u64>,
        exchange: &mut dyn Exchange,
    ) -> Result<MemberStarted<'a, W>, Error> {
        let (index, count) = exchange.member();
        let part = Part { index, count, owned, slots: set.slots() };
        let path = member_path(&options.path, index);
        let prev = previous_path(&path);
        let mut checkpointer = MemberCheckpointer {
            options,
            identity,
            part,
            path: path.clone(),
            last: Instant::now(),
            saved: None,
        };
        // The rounds held here: (stage code, file).
        let found = (|| -> Result<Vec<(u64, PathBuf)>, Error> {
            let files = [path.clone(), prev.clone()];
            let mut exists = Vec::new();
            for file in &files {
                if file.try_exists().map_err(io(file))? {
                    exists.push(file.clone());
                }
            }
            if !options.resume {
                return match exists.first() {
                    Some(file) => Err(refused(
                        file,
                        "a checkpoint is already there: resume from it on every process, or remove it \
                         to start over",
                    )
                    .mended_by(Choice::Resume)),
                    None => Ok(Vec::new()),
                };
            }
            let mut found = Vec::new();
            for file in exists {
                let header = read_header(&file)?;
                check_header::<W>(&header, &file, &checkpointer.identity, Expect::Part(&checkpointer.part))?;
                if header.positions != set.count() {
                    return Err(damaged(&file, "the set's count is not this solve's"));
                }
                found.push((stage_code(header.stage), file));
            }
            if found.is_empty() {
                return Err(refused(&path, "no checkpoint to resume from"));
            }
            Ok(found)
        })();
        let found = together(exchange, &path, found, "find their checkpoints")?;
        if !options.resume {
            return Ok((checkpointer, None));
        }
        // The latest round that every member holds: the least of the members' latest below
        // `bound`, until every member holds it.
        let mut bound = u64::MAX;
        let chosen = loop {
            let mine = found.iter().map(|f| f.0).filter(|&c| c < bound).max().unwrap_or(0);
            let least = exchange.min(mine)?;
            if least == 0 {
                break None;
            }
            let here = found.iter().find(|f| f.0 == least);
            if exchange.sum(u64::from(here.is_some()))? == count as u64 {
                break here.map(|f| f.1.clone());
            }
            bound = least;
        };
        let Some(file) = chosen else {
            return Err(refused(
                &path,
                "the members' checkpoints hold no round that every member has (they were written \
                 by other solves): remove them and start over",
            ));
        };
        let loaded = File::open(&file).map_err(io(&file)).and_then(|f| {
            load_inner::<W, _>(f, &file, &checkpointer.identity, Expect::Part(&checkpointer.part), Some(set))
        });
        let loaded = together(exchange, &file, loaded, "read their checkpoints")?;
        let (header, _, Rest::Rounds(resume)) = loaded else {
            return Err(damaged(&file, "a member's checkpoint of the search"));
        };
        // The agreed round becomes this member's latest generation.
        if file != path {
            std::fs::rename(&file, &path).map_err(io(&path))?;
        }
        checkpointer.saved = Some(header.stage);
        Ok((checkpointer, Some(resume)))
    }

    /// The hook between two rounds (every member calls it at the same point): writes this
    /// member's checkpoint when the members find one due, and returns [`Error::Cancelled`]
    /// naming it when the solve is stopping. A periodic checkpoint that some member cannot
    /// write is taken back on every member and reported as a note; the solve goes on.
    pub fn between<W: StateWord>(
        &mut self,
        set: &DenseSet,
        at: &Between<'_, W>,
        exchange: &mut dyn Exchange,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let stage = Stage::Rounds { phase: at.phase, round: at.round };
        let due_here = at.cancelled || self.last.elapsed() >= self.options.every;
        let due = exchange.sum(u64::from(due_here))? > 0;
        if due && self.saved != Some(stage) {
            let prev = previous_path(&self.path);
            let rotated = self.path.try_exists().map_err(io(&self.path))?;
            let written =
                if rotated { std::fs::rename(&self.path, &prev).map_err(io(&prev)) } else { Ok(()) }
                    .and_then(|()| {
                        write_part(&self.path, &self.identity, set, &State::Rounds(at), Some(&self.part))
                    });
            match together(exchange, &self.path, written, "write their checkpoints") {
                Ok(()) => self.saved = Some(stage),
                Err(e) => {
                    // Back to the generation before, on every member.
                    let back = if rotated {
                        std::fs::rename(&prev, &self.path).map_err(io(&self.path))
                    } else {
                        std::fs::remove_file(&self.path).or_else(|e| match e.kind() {
                            std::io::ErrorKind::NotFound => Ok(()),
                            _ => Err(io(&self.path)(e)),
                        })
                    };
                    if at.cancelled {
                        return Err(e);
                    }
                    back?;
                    progress.note(&format!(
                        "cannot write the checkpoints of this round ({e}); going on without them"
                    ));
                }
            }
            self.last = Instant::now();
        }
        if at.cancelled {
            return Err(Error::Cancelled { checkpoint: Some(self.path.display().to_string()), proven: None });
        }
        Ok(())
    }

    /// Removes this member's checkpoints (once the solve's result is safe).
    pub fn remove(options: &CheckpointOptions, index: usize) -> Result<(), Error> {
        for file in member_files(&options.path, index) {
            match std::fs::remove_file(&file) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(&file)(e)),
                _ => {}
            }
        }
        Ok(())
    }
}
