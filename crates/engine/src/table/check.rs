//! The tests every index ships with: [`check_bijection`] (rank and unrank agree),
//! [`check_predecessors`] (moves backward agree with the moves) and [`check_slot_methods`] (the
//! fast paths of [`SlotMoves`] agree with their references).

use std::collections::HashMap;

use crate::rules::value::Outcome;
use crate::table::plumbing::{
    children_by_rank, move_classes_by_rank, predecessor_slots_by_rank, predecessors_of, Child, ChildEnds,
    KeyBatch, SlotMoves,
};
use crate::table::Indexed;

/// Checks that `rank` and `unrank` are inverse on `positions` and on `slots`: every position's
/// rank is in range and unranks to its canonical form, which ranks back to the same slot; every
/// slot that is not a hole unranks to a canonical position that ranks back to it. Returns the
/// number of holes among `slots`. Panics with the offending position or slot.
pub fn check_bijection<G: SlotMoves>(
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
    let slots: Vec<u64> = slots.into_iter().collect();
    // unrank_each over each run of consecutive slots given.
    let mut run = 0;
    while run < slots.len() {
        let mut end = run + 1;
        while end < slots.len() && slots[end] == slots[end - 1] + 1 {
            end += 1;
        }
        let mut next = slots[run];
        game.unrank_each(slots[run]..slots[end - 1] + 1, |slot, p| {
            assert_eq!(slot, next, "unrank_each gives slot {slot} where {next} was due");
            assert_eq!(p, game.unrank(slot), "unrank_each at slot {slot}");
            next += 1;
        });
        assert_eq!(next, slots[end - 1] + 1, "unrank_each stopped at slot {next}");
        run = end;
    }
    for slot in slots {
        assert!(slot < size);
        match game.unrank(slot) {
            None => holes += 1,
            Some(p) => {
                assert_eq!(game.canonical(&p), p, "slot {slot} unranks to a position that is not canonical");
                assert_eq!(game.rank(&p), slot, "rank(unrank({slot})) for {p:?}");
                assert_eq!(game.unrank_position(slot).as_ref(), Some(&p), "unrank_position({slot})");
                assert!(
                    game.slots_may_be_terminal() || game.terminal(&p).is_none(),
                    "slot {slot} holds {p:?}, terminal, but the index says no slot does"
                );
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
    assert!(game.capabilities().backward.is_some(), "the game has no predecessor generator");
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
        predecessors_of(game, q, &mut out);
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

/// Checks a game's [`SlotMoves::successor_slots`], [`SlotMoves::move_classes`],
/// [`SlotMoves::predecessor_slots`], [`SlotMoves::for_each_predecessor`],
/// [`SlotMoves::predecessors_each`], [`SlotMoves::predecessor_slots_each`],
/// [`SlotMoves::rank_representative`], [`SlotMoves::all_children`],
/// [`SlotMoves::child_keys`], [`SlotMoves::child_keys_each`], [`SlotMoves::for_each_child_end`],
/// [`SlotMoves::child_ends`] and [`SlotMoves::child_ends_each`] against the reference versions on `positions` (each made canonical first, as the solvers only
/// meet canonical positions): the same successor slots and terminal flags (as multisets), the
/// same move classes, the same children and ends of the game (as multisets), and the same
/// predecessor classes except for terminal ones, which may be left out, with none repeated. Returns the
/// number of positions checked that are not terminal. Panics with the first disagreement.
pub fn check_slot_methods<G: SlotMoves>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> u64 {
    let mut checked = 0;
    for p in positions {
        let canonical = game.canonical(&p);
        let slot = game.rank(&p);
        assert_eq!(game.rank_representative(&p), (slot, canonical.clone()), "rank_representative of {p:?}");
        let p = canonical;
        let mut fast = Vec::new();
        game.predecessor_slots(&p, &mut fast);
        let mut reference = Vec::new();
        predecessor_slots_by_rank(game, &p, &mut reference);
        let mut sorted = fast.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), fast.len(), "predecessor_slots of {p:?} repeats a slot: {fast:?}");
        for slot in &sorted {
            assert!(
                reference.binary_search(slot).is_ok(),
                "predecessor_slots of {p:?}: {slot} is not a predecessor"
            );
        }
        for slot in &reference {
            if sorted.binary_search(slot).is_err() {
                let q = game.unrank(*slot).expect("a predecessor's slot is not a hole");
                assert!(
                    game.terminal(&q).is_some(),
                    "predecessor_slots of {p:?} leaves out {q:?}, not terminal"
                );
            }
        }
        let mut with_positions = Vec::new();
        game.for_each_predecessor(&p, |slot, q| {
            assert_eq!(game.unrank(slot).as_ref(), Some(q), "for_each_predecessor of {p:?}: slot {slot}");
            with_positions.push(slot);
        });
        with_positions.sort_unstable();
        with_positions.dedup();
        assert_eq!(with_positions, sorted, "for_each_predecessor of {p:?}");
        let mut one = Vec::new();
        game.for_each_predecessor(&p, |slot, q| one.push((slot, q.clone())));
        let mut each = Vec::new();
        game.predecessors_each([&p, &p], &mut each);
        assert_eq!(each, [one.clone(), one].concat(), "predecessors_each of {p:?}");
        let mut slots_each = Vec::new();
        game.predecessor_slots_each([&p, &p], &mut slots_each);
        slots_each.sort_unstable();
        slots_each.dedup();
        assert_eq!(slots_each, sorted, "predecessor_slots_each of {p:?}");
        if game.terminal(&p).is_some() {
            continue;
        }
        checked += 1;
        assert_eq!(game.move_classes(&p), move_classes_by_rank(game, &p), "move_classes of {p:?}");
        let mut fast = Vec::new();
        game.successor_slots(&p, &mut fast);
        let mut succ = Vec::new();
        game.successors(&p, &mut succ);
        let mut reference: Vec<(u64, bool)> =
            succ.iter().map(|c| (game.rank(c), game.terminal(c).is_some())).collect();
        fast.sort_unstable();
        reference.sort_unstable();
        assert_eq!(fast, reference, "successor_slots of {p:?}");
        check_lean_methods(game, &p);
    }
    checked
}

/// Checks [`SlotMoves::all_children`], [`SlotMoves::child_keys`] (ranked by
/// [`SlotMoves::slot_of_key`]), [`SlotMoves::for_each_child_end`] and [`SlotMoves::child_ends`] of the
/// non-terminal position
/// `p` against [`children_by_rank`] and the default: the same children and ends (as multisets),
/// and `all_children` stopping at the first `false`.
fn check_lean_methods<G: SlotMoves>(game: &G, p: &G::Position) {
    let key = |c: Child| match c {
        Child::Terminal(o) => (0, o.value().index() as u64, o.remoteness().map_or(u64::MAX, u64::from)),
        Child::Slot(s) => (1, s, 0),
    };
    let (mut fast, mut reference) = (Vec::new(), Vec::new());
    assert!(game.all_children(p, |c| {
        fast.push(key(c));
        true
    }));
    assert!(children_by_rank(game, p, |c| {
        reference.push(key(c));
        true
    }));
    fast.sort_unstable();
    reference.sort_unstable();
    assert_eq!(fast, reference, "all_children of {p:?}");
    let (mut keys, mut ends) = (Vec::new(), Vec::new());
    game.child_keys(p, &mut keys, &mut ends);
    let mut keyed: Vec<_> = ends.into_iter().map(Child::Terminal).map(key).collect();
    keyed.extend(keys.into_iter().map(|k| key(Child::Slot(game.slot_of_key(k)))));
    keyed.sort_unstable();
    assert_eq!(keyed, reference, "child_keys of {p:?}, ranked by slot_of_key");
    for stop in 1..=fast.len() {
        let mut calls = 0;
        let all = game.all_children(p, |_| {
            calls += 1;
            calls < stop
        });
        assert!(
            !all && calls == stop,
            "all_children of {p:?} goes on after a false ({calls} calls, stop at {stop})"
        );
    }
    let end = |o: Option<Outcome>| o.map(|o| key(Child::Terminal(o)));
    let (mut fast, mut reference) = (Vec::new(), Vec::new());
    game.for_each_child_end(p, |o| fast.push(end(o)));
    let mut succ = Vec::new();
    game.successors(p, &mut succ);
    reference.extend(succ.iter().map(|c| end(game.terminal(c))));
    fast.sort_unstable();
    reference.sort_unstable();
    assert_eq!(fast, reference, "for_each_child_end of {p:?}");
    assert_eq!(game.child_ends(p), ChildEnds::of_successors(game, p), "child_ends of {p:?}");
    let mut each = Vec::new();
    game.child_ends_each(&[p.clone(), p.clone()], &mut each);
    assert_eq!(each, [game.child_ends(p); 2], "child_ends_each of {p:?}");
    let (mut keys, mut ends) = (Vec::new(), Vec::new());
    game.child_keys(p, &mut keys, &mut ends);
    let mut batch = KeyBatch::default();
    game.child_keys_each([p, p], &mut batch);
    let bounds = vec![(keys.len(), ends.len()), (2 * keys.len(), 2 * ends.len())];
    let both = KeyBatch { keys: [keys.clone(), keys].concat(), ends: [ends.clone(), ends].concat(), bounds };
    assert_eq!(batch, both, "child_keys_each of {p:?}");
}
