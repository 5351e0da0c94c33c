//! Positions answered from a store of a dense solution: the store checked against the game's
//! index and rules ([`Store::check_index`]), and a position with its moves read through the
//! rules and checked one ply deep ([`answer_from_store`]).

use crate::error::Error;
use crate::store::probe;
use crate::store::read::Store;
use crate::table::dense::not_reachable;
use crate::table::plumbing::SlotMoves;
use crate::view::dense::face::DenseStore;
use crate::view::report::{query_report, QueryReport};

impl Store {
    /// Checks that the store was written with `game`'s index and, the first time, for its rules
    /// (the fingerprint, when the file records one).
    pub fn check_index(&self, game: &dyn DenseStore) -> Result<(), Error> {
        if self.header().scheme != game.index_scheme() || self.header().size != game.size() {
            return Err(Error::Unsupported(format!(
                "{}: stored with index scheme {} of {} slots, but {} is now indexed with {} of {} slots (another version of nimber, or a game read from a file that has changed since)",
                self.path().display(),
                self.header().scheme,
                self.header().size,
                self.header().id.name(),
                game.index_scheme(),
                game.size()
            )));
        }
        if let Err((rules, stored)) = self.rules_match(|| game.rules_fingerprint()) {
            return Err(Error::Unsupported(format!(
                "{}: stored for other rules of {} than this nimber's (the rules' fingerprint is \
                 {rules:016x}, the file's {stored:016x}): solve it again",
                self.path().display(),
                self.header().id.name(),
            )));
        }
        Ok(())
    }
}

/// A position and each of its moves read from a store of `game`'s solution (positions without a
/// slot answered by the rules), checked against the rules one ply deep: the position's declared
/// end, the declared ends its moves reach, and its value from its moves' values.
pub(super) fn answer_from_store<G: SlotMoves>(
    game: &G,
    store: &Store,
    pos: &G::Position,
) -> Result<QueryReport, Error> {
    let get = |p: &G::Position| probe::outcome(game, store, p)?.ok_or_else(|| not_reachable(game, p));
    let report = query_report(game, pos, get, |_| None, Vec::new())?;
    let ended = game.terminal(pos);
    let mut succ = Vec::new();
    if ended.is_none() {
        game.successors(pos, &mut succ);
    }
    let mut declared = ended.is_none_or(|t| t == report.outcome);
    for c in succ.iter().filter(|c| game.has_slot(c)) {
        if let Some(t) = game.terminal(c) {
            declared &= store.entry(game.rank(c))?.is_some_and(|e| e.holds(t));
        }
    }
    if !declared || !report.consistent() {
        return Err(Error::Corrupt {
            path: store.path().display().to_string(),
            what: format!(
                "the stored value of {} ({}) is not what the rules give from its moves (or its \
                 declared end): the file was written for other rules; solve it again",
                report.position, report.outcome
            ),
        });
    }
    Ok(report)
}
