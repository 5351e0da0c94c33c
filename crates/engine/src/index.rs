//! Dense position spaces: a game that can number its positions `0..size` (rank, and unrank back)
//! is solved with flat, bit-packed tables instead of hash maps (see [`crate::dense`]).
//!
//! An index may identify positions that are the same up to a symmetry: [`Indexed::canonical`]
//! maps a position to the representative of its class, `rank` gives every member of a class the
//! class's number, and `unrank` returns the representative (and `None` for the slot of a
//! position that is not one: a hole). The symmetry must respect the rules: members of a class
//! end the same way and have moves into the same classes, and predecessors in the same classes.
//! The dense solver then works class by class: a position's moves into one class count as one.
//!
//! The helpers [`check_bijection`] and [`check_predecessors`] are the tests every index ships with.

use std::collections::HashMap;

use crate::game::Game;

/// A game with a perfect (or nearly perfect) numbering of its positions.
pub trait Indexed: Game {
    /// Number of slots: positions are numbered `0..size()`.
    fn size(&self) -> u64;

    /// The slot of `pos`; every position of a class (see [`Indexed::canonical`]) has the same.
    fn rank(&self, pos: &Self::Position) -> u64;

    /// The canonical position in slot `index`, or `None` when the slot is a hole (an index that
    /// is not perfect). `unrank(rank(p)) == Some(canonical(p))` for every position `p`.
    fn unrank(&self, index: u64) -> Option<Self::Position>;

    /// The representative of the class of `pos` (by default `pos` itself: no symmetry).
    fn canonical(&self, pos: &Self::Position) -> Self::Position {
        pos.clone()
    }

    /// A name for the index scheme, with a version: stored solutions record it, and refuse to be
    /// read with another.
    fn index_scheme(&self) -> String;

    /// The number of positions reachable from the roots, when it is known beforehand: memory
    /// estimates use it instead of the worst case (every slot).
    fn reachable_hint(&self) -> Option<u64> {
        None
    }
}

/// Checks that `rank` and `unrank` are inverse on `positions` and on `slots`: every position's
/// rank is in range and unranks to its canonical form, which ranks back to the same slot; every
/// slot that is not a hole unranks to a canonical position that ranks back to it. Returns the
/// number of holes among `slots`. Panics with the offending position or slot.
pub fn check_bijection<G: Indexed>(
    game: &G,
    positions: impl IntoIterator<Item = G::Position>,
    slots: impl IntoIterator<Item = u64>,
) -> u64 {
    let size = game.size();
    for p in positions {
        let canonical = game.canonical(&p);
        assert_eq!(game.canonical(&canonical), canonical, "canonical is not idempotent on {p:?}");
        let r = game.rank(&p);
        assert!(r < size, "rank {r} of {p:?} is not below {size}");
        assert_eq!(game.rank(&canonical), r, "{p:?} and its canonical form rank differently");
        assert_eq!(game.unrank(r).as_ref(), Some(&canonical), "unrank(rank({p:?}))");
    }
    let mut holes = 0;
    for slot in slots {
        assert!(slot < size);
        match game.unrank(slot) {
            None => holes += 1,
            Some(p) => {
                assert_eq!(game.canonical(&p), p, "slot {slot} unranks to a position that is not canonical");
                assert_eq!(game.rank(&p), slot, "rank(unrank({slot})) for {p:?}");
            }
        }
    }
    holes
}

/// Checks the predecessor generator against the moves around `positions` (terminal or not,
/// canonical or not), both ways and move by move:
///
/// - for every position `p` that is not terminal and every position `c` that `p` has `n` moves
///   to, `p` is listed `n` times among the predecessors of `c`;
/// - for every position `q` and every position `p` that is not terminal and is listed `n` times
///   among the predecessors of `q`, `p` has `n` moves to `q`;
///
/// and that the classes of [`Indexed::canonical`] are compatible with the rules: a position and
/// its canonical form end the same way, their moves lead to the same classes, and so do their
/// predecessors (the dense solver counts moves class by class). Returns the number of moves
/// checked. Panics with the first disagreement.
pub fn check_predecessors<G: Indexed>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> u64 {
    assert!(game.has_predecessors(), "the game has no predecessor generator");
    let successors = |p: &G::Position| -> HashMap<G::Position, usize> {
        let mut out = Vec::new();
        if game.terminal(p).is_none() {
            game.successors(p, &mut out);
        }
        let mut counts = HashMap::new();
        for c in out {
            *counts.entry(c).or_default() += 1;
        }
        counts
    };
    let predecessors = |q: &G::Position| -> HashMap<G::Position, usize> {
        let mut out = Vec::new();
        game.predecessors(q, &mut out);
        let mut counts = HashMap::new();
        for p in out.into_iter().filter(|p| game.terminal(p).is_none()) {
            *counts.entry(p).or_default() += 1;
        }
        counts
    };
    let classes = |set: &HashMap<G::Position, usize>| -> std::collections::HashSet<G::Position> {
        set.keys().map(|p| game.canonical(p)).collect()
    };
    let mut checked = 0;
    for p in positions {
        let succ = successors(&p);
        for (c, &n) in &succ {
            let listed = predecessors(c).get(&p).copied().unwrap_or(0);
            assert_eq!(
                listed, n,
                "{p:?} has {n} moves to {c:?}, listed {listed} times among its predecessors"
            );
            checked += n as u64;
        }
        let preds = predecessors(&p);
        for (x, &n) in &preds {
            let moves = successors(x).get(&p).copied().unwrap_or(0);
            assert_eq!(
                moves, n,
                "{x:?} is listed {n} times among the predecessors of {p:?} but has {moves} moves to it"
            );
            checked += n as u64;
        }
        let canonical = game.canonical(&p);
        assert_eq!(
            game.terminal(&p),
            game.terminal(&canonical),
            "{p:?} and its canonical form end differently"
        );
        assert_eq!(classes(&succ), classes(&successors(&canonical)), "moves of {p:?} and its canonical form");
        assert_eq!(
            classes(&preds),
            classes(&predecessors(&canonical)),
            "predecessors of {p:?} and its canonical form"
        );
    }
    checked
}
