//! Reading a position of a game from its store: the slot's entry, and for a win or a loss
//! stored without its remoteness ([`Derived`](super::Derived)) the remoteness from the rules,
//! one ply deep.
//!
//! A won position's remoteness is one more than the least remoteness of its moves into lost
//! positions (the winner hurries); a lost position's is one more than the greatest remoteness
//! of its moves, all into won positions (the loser delays), and 0 without a move. A store
//! leaves out the remoteness of wins or of losses, never both, so a ply of lookups into the
//! other kind gives the exact outcome, never a search. A position the rules declare ended has
//! the declared outcome, stored or not.

use crate::error::Error;
use crate::rules::value::{Outcome, Value};
use crate::store::format::Entry;
use crate::store::read::Store;
use crate::table::Indexed;

/// The outcome of `pos` (of `game`, whose solution `store` holds): `None` when the position is
/// neither stored nor ended by the rules (not reachable). A stored win whose moves reach no
/// lost position is an error (the file was written for other rules), never a made-up value.
pub fn outcome<G: Indexed + ?Sized>(
    game: &G,
    store: &Store,
    pos: &G::Position,
) -> Result<Option<Outcome>, Error> {
    if !game.has_slot(pos) {
        return Ok(game.terminal(pos));
    }
    match store.entry(game.rank(pos))? {
        None => Ok(None),
        Some(Entry::Outcome(o)) => Ok(Some(o)),
        Some(Entry::Win) => win_remoteness(game, store, pos).map(Some),
        Some(Entry::Lose) => loss_remoteness(game, store, pos).map(Some),
    }
}

/// The outcome of a position stored as a win without its remoteness.
fn win_remoteness<G: Indexed + ?Sized>(game: &G, store: &Store, pos: &G::Position) -> Result<Outcome, Error> {
    if let Some(t) = game.terminal(pos) {
        return Ok(t);
    }
    let mut children = Vec::new();
    game.successors(pos, &mut children);
    let mut least: Option<u32> = None;
    for c in &children {
        let lost = if game.has_slot(c) {
            match store.entry(game.rank(c))? {
                Some(Entry::Outcome(o)) => Some(o),
                // A won move is no use to the winner; a move out of the stored positions is a
                // file for other rules, caught below if no lost position is reached.
                Some(Entry::Win | Entry::Lose) | None => None,
            }
        } else {
            game.terminal(c)
        };
        if let Some(o) = lost.filter(|o| o.value() == Value::Lose) {
            let r = o.remoteness().expect("a loss has a remoteness");
            least = Some(least.map_or(r, |l| l.min(r)));
        }
    }
    match least {
        Some(r) => Ok(Outcome::new(Value::Win, r + 1)),
        None => Err(other_rules(game, store, pos, "a win, but none of its moves reaches a lost position")),
    }
}

/// The outcome of a position stored as a loss without its remoteness.
fn loss_remoteness<G: Indexed + ?Sized>(
    game: &G,
    store: &Store,
    pos: &G::Position,
) -> Result<Outcome, Error> {
    if let Some(t) = game.terminal(pos) {
        return Ok(t);
    }
    let mut children = Vec::new();
    game.successors(pos, &mut children);
    let moves = children
        .iter()
        .map(|c| {
            if !game.has_slot(c) {
                return Ok(game.terminal(c));
            }
            Ok(match store.entry(game.rank(c))? {
                Some(Entry::Outcome(o)) => Some(o),
                Some(Entry::Win | Entry::Lose) | None => None,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    loss_from_moves(&moves)
        .ok_or_else(|| other_rules(game, store, pos, "a loss, but one of its moves reaches no won position"))
}

/// The outcome of a lost position from the outcomes its moves lead to (`None` for a move to a
/// position not read): one more than their greatest remoteness, 0 without a move; `None` when
/// a move does not reach a won position (the loss is not the rules').
pub(crate) fn loss_from_moves(moves: &[Option<Outcome>]) -> Option<Outcome> {
    let mut greatest = None;
    for o in moves {
        let won = o.filter(|o| o.value() == Value::Win)?;
        greatest = greatest.max(won.remoteness());
    }
    Some(Outcome::new(Value::Lose, greatest.map_or(0, |r| r + 1)))
}

/// The error of a slot whose stored value its moves contradict.
fn other_rules<G: Indexed + ?Sized>(game: &G, store: &Store, pos: &G::Position, what: &str) -> Error {
    Error::Corrupt {
        path: store.path().display().to_string(),
        what: format!(
            "slot {} is stored as {what}: the file was written for other rules; solve it again",
            game.rank(pos)
        ),
    }
}
