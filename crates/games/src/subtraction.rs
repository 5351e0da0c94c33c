//! Subtraction games: heaps of counters; a move removes an amount from a fixed set from one heap.
//!
//! The game of the library called `subtraction` is a preset of the heap games of [`crate::heap`]:
//! the ruleset `sub:SET` of `nimber_heaps` ([`Ruleset::Subtraction`], whose
//! [`Ruleset::options`] state the rules) under its own name and parameters, so that
//! `subtraction -p set=1,3,4` and `octal -p code=sub:1,3,4` are one game.

use nimber_engine::{DynGame, Error, ParamSpec, Params};
use nimber_heaps::Ruleset;

use crate::common::info::{Facts, GameInfo};
use crate::heap::{heaps, HeapGame, SUBTRACTION_NAME};

/// The largest heap and the largest amount accepted.
pub const MAX_HEAP: u64 = crate::nim::MAX_HEAP;

/// The subtraction game with amounts `set` (in any order, repeats allowed) starting from
/// `heaps`: a [`HeapGame`] with the ruleset [`Ruleset::Subtraction`]. Fails when the set is empty
/// or contains 0 (a move that removes nothing would let play go on forever).
pub fn new(set: Vec<u32>, heaps: Vec<u32>) -> Result<HeapGame, Error> {
    Ok(HeapGame::new(rules(set)?, heaps))
}

/// The ruleset of the amounts `set`.
fn rules(mut set: Vec<u32>) -> Result<Ruleset, Error> {
    set.sort_unstable();
    set.dedup();
    if set.is_empty() {
        return Err(Error::Param("parameter set: give at least one amount to remove".into()));
    }
    if set[0] == 0 {
        return Err(Error::Param("parameter set: amounts must be positive (0 removes nothing)".into()));
    }
    Ok(Ruleset::Subtraction(set))
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: SUBTRACTION_NAME,
    summary: "Subtraction game: remove an amount from a fixed set from one heap; the last to move wins",
    help: "Subtraction games (Berlekamp, Conway and Guy, Winning Ways, ch. 4, Taking and \
           Breaking; T. S. Ferguson, Game Theory, part I). Heaps of counters and a fixed set S of \
           positive amounts; a move removes s counters from one heap, for some s in S no larger \
           than the heap; a player with no move loses. Each heap's nim value is eventually \
           periodic in its size: with S = 1,2,3 it is the size mod 4; with S = 1,3,4 the values \
           repeat 0,1,0,1,2,3,2. A sum of heaps has the XOR of their values. The same game as \
           `octal -p code=sub:S`. Notation: heap sizes separated by commas, e.g. `3,4,5` (order \
           does not matter; empty heaps are dropped; no heaps is `-`). Moves are written \
           `10 -> 7`: a heap of 10 becomes a heap of 7 (`3 -> 0`: a heap taken whole).",
    params: &[
        ParamSpec { name: "set", default: "1,2,3", help: "the amounts that may be removed, comma-separated" },
        ParamSpec { name: "heaps", default: "10", help: "heap sizes, comma-separated" },
    ],
    build,
    facts: Facts { ruleset: Some(ruleset), ..Facts::NONE },
};

fn ruleset(params: &Params) -> Result<Ruleset, Error> {
    rules(params.int_list("set", 1, MAX_HEAP)?.into_iter().map(|s| s as u32).collect())
}

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(HeapGame::new(ruleset(params)?, heaps(params)?)))
}
