//! A dense solve split over members (the workers of a cluster's processes, [`Members`]): they
//! search for the reachable set together, each keeps its checkpoints
//! ([`MemberCheckpointer`]) and solves the rounds of its positions, and the report and the store
//! come from the members together, without gathering the words in one place.

use std::path::Path;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::params::GameId;
use crate::solve::exchange::Exchange;
use crate::solve::retrograde::{word_outcome, RetroSpace, Rounds};
use crate::solve::SolverChoice;
use crate::store::checkpoint::format::Stage;
use crate::store::checkpoint::hook::CheckpointOptions;
use crate::store::checkpoint::members::{member_path, member_set, together, MemberCheckpointer};
use crate::store::format::{Derived, Subject};
use crate::store::frame::Identity as CheckpointIdentity;
use crate::store::split::{decode_outcome, encode_outcome, write_members, MemberPart};
use crate::table::dense::{counts_of, not_reachable, word_bits, DenseSpace, DenseWord};
use crate::table::plumbing::SlotMoves;
use crate::view::dense::face::Members;
use crate::view::dense::report::{saved_note, MAX_ROWS};
use crate::view::dense::Dense;
use crate::view::report::{Row, SolveOptions, SolveReport};

/// What a split solve reports and stores ([`Dense::members_solve`]).
struct Finish<'a> {
    /// The store to write, in process 0.
    save: Option<&'a Path>,
    id: &'a GameId,
    options: &'a SolveOptions,
}

impl<G: SlotMoves> Dense<G> {
    /// [`DenseStore::solve_on`](crate::view::dense::DenseStore::solve_on): the solve split over `members`, its checkpoints removed at the end.
    pub(super) fn solve_split(
        &self,
        members: &dyn Members,
        save: Option<&Path>,
        id: &GameId,
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error> {
        let g = &self.0;
        if g.partial() {
            return Err(self.partial_index(
                ", on one machine: a cluster solves an index of every position (a parameter of the \
                 game may choose one)",
            ));
        }
        crate::table::plumbing::check_backward(g)?;
        let bits = word_bits(g);
        // Checkpoints take part in the members' exchanges (they decide together when to write
        // and where to resume): every process must keep them, or none, and resume or not alike.
        let checkpoints = match &options.checkpoint {
            Some(c) => format!("checkpoints resume={}", c.resume),
            None => "no checkpoints".to_string(),
        };
        let identity = format!(
            "game={}\nparams={:?}\nscheme={}\nsize={}\nrules={:016x}\nword={bits}\n{checkpoints}",
            id.name(),
            id.params(),
            g.index_scheme(),
            g.size(),
            crate::table::rules_fingerprint(g)
        );
        let finish = Finish { save, id, options };
        let report = match bits {
            8 => self.members_solve::<u8>(members, &identity, &finish, progress)?,
            _ => self.members_solve::<u16>(members, &identity, &finish, progress)?,
        };
        remove_member_checkpoints(members, options.checkpoint.as_ref())?;
        Ok(report)
    }

    /// A dense solve of the game run by `members`: the report in process 0, `None` elsewhere.
    /// The members search for the reachable set together
    /// ([`crate::table::dense::reachable_member`]); with a checkpoint, each member keeps its
    /// checkpoints ([`MemberCheckpointer`]), and resuming, each member's window of the
    /// reachable set comes from its own checkpoint instead of a search. No member gathers the
    /// words:
    /// the counts, the start's outcome and the store come from the members together
    /// ([`Dense::member_report`]).
    fn members_solve<W: DenseWord>(
        &self,
        members: &dyn Members,
        identity: &str,
        finish: &Finish<'_>,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error> {
        let game = &self.0;
        let checkpoint = finish.options.checkpoint.as_ref();
        let kept = checkpoint.map(|c| CheckpointIdentity {
            id: c.id.clone(),
            scheme: game.index_scheme(),
            size: game.size(),
        });
        let resume = checkpoint.is_some_and(|c| c.resume);
        if resume {
            let here = members.members_here().0;
            let path = checkpoint.map(|c| member_path(&c.path, here.start));
            progress.note(&format!(
                "resuming from the checkpoints {} of this process's members",
                path.map(|p| p.display().to_string()).unwrap_or_default()
            ));
        }
        let member = |exchange: &mut dyn Exchange, reports: bool| {
            let quiet = crate::progress::Quiet(progress);
            let heard: &dyn Progress = if reports { progress } else { &quiet };
            // Each member's window of the reachable set: searched together, or read back from
            // its checkpoint (an error on any member is an error on all).
            let mut set = match (checkpoint, &kept) {
                (Some(options), Some(kept)) if options.resume => {
                    let (me, count) = exchange.member();
                    let read = member_set::<W>(options, kept, me, count);
                    let path = member_path(&options.path, me);
                    together(exchange, &path, read, "read their checkpoints")?
                }
                _ => crate::table::dense::reachable_member(game, exchange, heard)?,
            };
            if resume {
                crate::table::dense::place_window(&mut set, exchange)?;
            }
            let set = &set;
            let space = DenseSpace::new(game, set);
            let (owned, words) = match (checkpoint, &kept) {
                (Some(options), Some(kept)) => {
                    let owned = Rounds::<_, W>::new(&space).owned(exchange);
                    let (mut keeper, resume) =
                        MemberCheckpointer::start::<W>(options, kept.clone(), set, owned, exchange)?;
                    if let (Some(resume), true) = (&resume, reports) {
                        let stage = Stage::Rounds { phase: resume.phase, round: resume.round };
                        progress.note(&format!("every member resumes at {}", stage.describe()));
                    }
                    Rounds::<_, W>::new(&space)
                        .resume(resume)
                        .between_members(|at, exchange| keeper.between(set, at, exchange, heard))
                        .member(exchange, heard)?
                }
                _ => Rounds::<_, W>::new(&space).member(exchange, heard)?,
            };
            // The member's window holds the slots of its partitions: those of its words.
            let outcome = |slot: u64| set.rank(slot).map(|k| word_outcome(words[(k - owned.start) as usize]));
            let part = MemberPart { slots: set.slots(), outcome: &outcome, counts: counts_of(&words) };
            self.member_report(&part, space.len(), finish, exchange, heard)
        };
        members.run(identity, &member)
    }

    /// The report of a split solve in member 0 (`None` in the others), from every member's
    /// `part` of the solution of `positions` positions, and its store written when member 0 is
    /// given one: collective calls, made by every member at the same point.
    fn member_report(
        &self,
        part: &MemberPart<'_>,
        positions: u64,
        finish: &Finish<'_>,
        exchange: &mut dyn Exchange,
        progress: &dyn Progress,
    ) -> Result<Option<SolveReport>, Error> {
        let game = &self.0;
        let me = exchange.member().0;
        let scheme = game.index_scheme();
        let rules = crate::table::rules_fingerprint(game);
        let identity =
            Subject { id: finish.id, scheme: &scheme, size: game.size(), rules, derived: Derived::Wins };
        let started = std::time::Instant::now();
        let save = finish.save.filter(|_| me == 0);
        let (written, counts) = write_members(save, &identity, positions, part, exchange, progress)?;
        let seconds = started.elapsed().as_secs_f64();
        // The start's outcome, from the member holding its slot.
        let start = game.start();
        let start_outcome = if game.has_slot(&start) {
            let slot = game.rank(&start);
            let mine = if part.slots.contains(&slot) { encode_outcome((part.outcome)(slot)) } else { 0 };
            decode_outcome(exchange.sum(u64::from(mine))? as u32)
        } else {
            game.terminal(&start)
        };
        // Every position, in member 0, when it lists them (the members agree on it).
        let listing = exchange.sum(u64::from(me == 0 && finish.options.rows))? > 0;
        let rows = if listing { self.member_rows(part, positions, exchange)? } else { Vec::new() };
        if me != 0 {
            return Ok(None);
        }
        let start_outcome = start_outcome.ok_or_else(|| not_reachable(game, &start))?;
        let analysis = format!(
            "dense retrograde analysis: {} index slots, {positions} reachable positions, split over {} \
             members (the memory of process 0)",
            game.size(),
            exchange.member().1
        );
        let mut report =
            self.report_of(SolverChoice::Retrograde, &analysis, positions, counts, start_outcome, rows);
        if let (Some(path), Some(_)) = (save, written) {
            report.notes.push(saved_note(path, positions, seconds)?);
        }
        Ok(Some(report))
    }

    /// Every position of a split solve as a row, in member 0 (empty in the others): each
    /// member sends it its positions' slots and outcomes. Refused past [`MAX_ROWS`] positions.
    fn member_rows(
        &self,
        part: &MemberPart<'_>,
        positions: u64,
        exchange: &mut dyn Exchange,
    ) -> Result<Vec<Row>, Error> {
        if positions > MAX_ROWS {
            return Err(Error::TooLarge(format!(
                "{positions} positions are too many to list one by one (at most {MAX_ROWS})"
            )));
        }
        let (me, members) = exchange.member();
        let mut to = vec![Vec::new(); members];
        for slot in part.slots.clone() {
            if let Some(o) = (part.outcome)(slot) {
                to[0].extend([slot as u32, (slot >> 32) as u32, encode_outcome(Some(o))]);
            }
        }
        let got = crate::solve::exchange::send_each(exchange, to)?;
        if me != 0 {
            return Ok(Vec::new());
        }
        let mut rows = Vec::with_capacity(positions as usize);
        for words in got {
            for w in words.chunks_exact(3) {
                let slot = w[0] as u64 | (w[1] as u64) << 32;
                let pos = self.0.unrank(slot).ok_or_else(|| {
                    Error::Unsupported(format!("a member listed slot {slot}, which holds no position"))
                })?;
                rows.push(Row::outcome(capability::format(&self.0, &pos), decode_outcome(w[2])));
            }
        }
        Ok(rows)
    }
}

/// Removes the checkpoints of this process's members (once the result is safe).
fn remove_member_checkpoints(
    members: &dyn Members,
    checkpoint: Option<&CheckpointOptions>,
) -> Result<(), Error> {
    match checkpoint {
        Some(options) => members.members_here().0.try_for_each(|m| MemberCheckpointer::remove(options, m)),
        None => Ok(()),
    }
}
