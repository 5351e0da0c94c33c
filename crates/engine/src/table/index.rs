//! Dense position spaces: a game that can number its positions `0..size` (rank, and unrank back)
//! is solved with flat, bit-packed tables instead of hash maps (see [`crate::table::dense`]).
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

use crate::rules::game::Game;
use crate::rules::value::{Outcome, Value};

/// A game with a perfect (or nearly perfect) numbering of its positions.
pub trait Indexed: Game {
    /// Number of slots: positions are numbered `0..size()`.
    fn size(&self) -> u64;

    /// The slot of `pos`; every position of a class (see [`Indexed::canonical`]) has the same.
    fn rank(&self, pos: &Self::Position) -> u64;

    /// The canonical position in slot `index`, or `None` when the slot is a hole (an index that
    /// is not perfect). `unrank(rank(p)) == Some(canonical(p))` for every position `p`.
    fn unrank(&self, index: u64) -> Option<Self::Position>;

    /// [`Indexed::unrank`] of a slot known to hold a position (not a hole), as the lean solver
    /// unranks the slots of its lists: for a hole the answer may be anything. A game overrides
    /// it where telling the holes apart costs; [`check_bijection`] checks that it agrees with
    /// `unrank` on every slot that is not a hole.
    fn unrank_position(&self, index: u64) -> Option<Self::Position> {
        self.unrank(index)
    }

    /// The representative of the class of `pos` (by default `pos` itself: no symmetry).
    fn canonical(&self, pos: &Self::Position) -> Self::Position {
        pos.clone()
    }

    /// A name for the index scheme, with a version: stored solutions record it, and refuse to be
    /// read with another.
    fn index_scheme(&self) -> String;

    /// Whether some positions have no slot ([`Indexed::has_slot`]). Only the lean solver
    /// ([`crate::table::lean`]), which leaves terminal positions to the rules, solves such an
    /// index; front ends solve it lean by default.
    fn partial(&self) -> bool {
        false
    }

    /// Whether `pos` has a slot (every position does unless the index is
    /// [`partial`](Indexed::partial)): a partial index may leave out terminal positions, which
    /// the rules answer for, and positions that play never reaches. `rank` of a position
    /// without a slot is meaningless.
    fn has_slot(&self, _pos: &Self::Position) -> bool {
        true
    }

    /// Whether a slot may hold a terminal position ([`Game::terminal`]). A partial index that
    /// leaves every terminal position out says `false`, and the lean solver then does not ask
    /// `terminal` of the positions it unranks; [`check_bijection`] checks the claim.
    fn slots_may_be_terminal(&self) -> bool {
        true
    }

    /// The number of positions reachable from the roots, when it is known beforehand: memory
    /// estimates use it instead of the worst case (every slot), and the search shows its progress
    /// against it.
    fn reachable_hint(&self) -> Option<u64> {
        None
    }

    /// A bound on the remoteness of every position, when the rules give one (Connect Four: the
    /// empty cells, as every move fills one). The dense solver keeps one byte per position
    /// instead of two when the bound is small enough
    /// ([`crate::table::dense::word_bits`]); a game whose positions exceed the bound it states
    /// fails to solve with [`crate::Error::TooLarge`].
    fn remoteness_bound(&self) -> Option<u32> {
        None
    }

    /// The moves of the non-terminal position `pos` as the dense solver's search of the reachable
    /// positions needs them: for every move, the slot of the position moved to and whether that
    /// position is terminal ([`Game::terminal`]), appended to `out`. Moves into one class may be
    /// reported separately. The default ranks [`Game::successors`]; a game overrides it when it
    /// can do the same faster, and tests the override against the default.
    fn successor_slots(&self, pos: &Self::Position, out: &mut Vec<(u64, bool)>) {
        let mut succ = Vec::new();
        self.successors(pos, &mut succ);
        out.extend(succ.iter().map(|c| (self.rank(c), self.terminal(c).is_some())));
    }

    /// The moves of the non-terminal position `pos` counted class by class, as the dense solver
    /// starts its retrograde analysis from them (see [`MoveClasses`]). The default ranks
    /// [`Game::successors`] and sorts the slots; a game overrides it when it can count the
    /// classes faster (for instance when only symmetric positions have two moves into one class),
    /// and tests the override against [`move_classes_by_rank`].
    fn move_classes(&self, pos: &Self::Position) -> MoveClasses {
        move_classes_by_rank(self, pos)
    }

    /// The slots of the classes of the predecessors of `pos` (the positions with a move into
    /// `pos`), each class once, appended to `out`. Terminal predecessors may be left out (they
    /// have no moves; the solver ignores them). The default ranks the predecessors ([`Backward`](crate::rules::capability::Backward)) and
    /// removes repeated slots; a game overrides it when it can do the same faster, and tests the
    /// override against [`predecessor_slots_by_rank`].
    fn predecessor_slots(&self, pos: &Self::Position, out: &mut Vec<u64>) {
        predecessor_slots_by_rank(self, pos, out);
    }

    /// The predecessors of [`Indexed::predecessor_slots`], each with the position that
    /// [`Indexed::unrank`] gives for its slot: calls `f(slot, position)` once per class, as the
    /// lean solver ([`crate::table::lean`]) examines the predecessors of a won position. The
    /// default unranks the slots of `predecessor_slots`; a game overrides it when it has the
    /// positions at hand, and [`check_slot_methods`] tests the override.
    fn for_each_predecessor<F: FnMut(u64, &Self::Position)>(&self, pos: &Self::Position, mut f: F) {
        let mut slots = Vec::new();
        self.predecessor_slots(pos, &mut slots);
        for slot in slots {
            if let Some(p) = self.unrank(slot) {
                f(slot, &p);
            }
        }
    }

    /// The moves of the non-terminal position `pos` as the lean solver
    /// ([`crate::table::lean`]) examines a position of a pending list (its search for losses
    /// goes through [`Indexed::child_keys`]): calls `f` with each move's [`Child`] (the outcome
    /// of a terminal position moved to, else the slot of its class) until `f` returns false, and
    /// returns whether every call returned true. The default ranks [`Game::successors`]; a game
    /// overrides it when it can do the same faster, and tests the override against
    /// [`children_by_rank`].
    fn all_children<F: FnMut(Child) -> bool>(&self, pos: &Self::Position, f: F) -> bool {
        children_by_rank(self, pos, f)
    }

    /// The moves of the non-terminal position `pos` as [`Indexed::all_children`] gives them, in
    /// two lists and with the ranking put off: the outcome of every terminal position moved to is
    /// appended to `ends`, and for every other move a *key* to `keys`, which
    /// [`Indexed::slot_of_key`] turns into the slot of the position moved to. The lean solver
    /// lists the moves of a position and ranks them one at a time, stopping at the first that is
    /// not won, when ranking costs more than listing. The default gives the slots themselves as
    /// keys (and `slot_of_key` is the identity); a game overrides both together, and
    /// [`check_slot_methods`] tests them against `all_children`.
    fn child_keys(&self, pos: &Self::Position, keys: &mut Vec<u64>, ends: &mut Vec<Outcome>) {
        self.all_children(pos, |c| {
            match c {
                Child::Terminal(o) => ends.push(o),
                Child::Slot(s) => keys.push(s),
            }
            true
        });
    }

    /// The slot of a key of [`Indexed::child_keys`].
    fn slot_of_key(&self, key: u64) -> u64 {
        key
    }

    /// The ends of the game that the moves of the non-terminal position `pos` lead to, summed up
    /// as the lean solver sets up its table. The default adds up
    /// [`Indexed::for_each_child_end`]; a game overrides it when it can count faster than it
    /// lists the moves, and tests the override against [`ChildEnds::of_successors`].
    fn child_ends(&self, pos: &Self::Position) -> ChildEnds {
        let mut ends = ChildEnds::default();
        self.for_each_child_end(pos, |end| ends.add(end));
        ends
    }

    /// Calls `f` once per move of the non-terminal position `pos` with the end of the game in
    /// the position moved to ([`Game::terminal`]: `None` when play goes on there), which the
    /// default [`Indexed::child_ends`] adds up as the lean solver sets up its table. The default asks [`Game::successors`]; a game overrides it when
    /// it can do the same faster, and tests the override against the default.
    fn for_each_child_end<F: FnMut(Option<Outcome>)>(&self, pos: &Self::Position, mut f: F) {
        let mut succ = Vec::new();
        self.successors(pos, &mut succ);
        succ.iter().for_each(|c| f(self.terminal(c)));
    }
}

/// Where a move leads, as the lean solver sees it ([`Indexed::all_children`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Child {
    /// Into a terminal position with this outcome (for the player to move there).
    Terminal(Outcome),
    /// Into the position (class) in this slot.
    Slot(u64),
}

/// The ends of the game that a position's moves lead to ([`Indexed::child_ends`]), outcomes for
/// the player to move in the position moved to.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ChildEnds {
    /// The moves.
    pub moves: u32,
    /// The moves into terminal positions won.
    pub into_won: u32,
    /// The largest remoteness of the terminal positions won that a move leads to, if any.
    pub won_max: Option<u32>,
    /// The least remoteness of the terminal positions lost that a move leads to, if any.
    pub lost_min: Option<u32>,
    /// The least remoteness of the terminal positions tied that a move leads to, if any.
    pub tie_min: Option<u32>,
}

impl ChildEnds {
    /// Counts a move, into a terminal position with outcome `end` or (`None`) not.
    #[inline]
    pub fn add(&mut self, end: Option<Outcome>) {
        self.moves += 1;
        let Some(o) = end else { return };
        let r = o.remoteness().unwrap_or(0);
        match o.value() {
            Value::Win => {
                self.into_won += 1;
                self.won_max = Some(self.won_max.map_or(r, |m| m.max(r)));
            }
            Value::Lose => self.lost_min = Some(self.lost_min.map_or(r, |m| m.min(r))),
            Value::Tie => self.tie_min = Some(self.tie_min.map_or(r, |m| m.min(r))),
            Value::Draw => {}
        }
    }

    /// Whether every move (at least one) leads into a terminal position won.
    pub fn all_won(&self) -> bool {
        self.moves > 0 && self.into_won == self.moves
    }

    /// The ends of the moves of `pos` from [`Game::successors`] and [`Game::terminal`]: the
    /// reference that [`Indexed::child_ends`] is tested against.
    pub fn of_successors<G: Game + ?Sized>(game: &G, pos: &G::Position) -> ChildEnds {
        let mut succ = Vec::new();
        game.successors(pos, &mut succ);
        let mut ends = ChildEnds::default();
        succ.iter().for_each(|c| ends.add(game.terminal(c)));
        ends
    }
}

/// [`Indexed::all_children`] by ranking every successor that is not terminal: the reference
/// that faster versions are tested against.
pub fn children_by_rank<G: Indexed + ?Sized, F: FnMut(Child) -> bool>(
    game: &G,
    pos: &G::Position,
    mut f: F,
) -> bool {
    let mut succ = Vec::new();
    game.successors(pos, &mut succ);
    succ.iter().all(|c| {
        f(match game.terminal(c) {
            Some(o) => Child::Terminal(o),
            None => Child::Slot(game.rank(c)),
        })
    })
}

/// The moves of a non-terminal position, class by class, split by where they lead: the dense
/// solver counts only the classes that its rounds decide, and decides the moves into terminal
/// positions won in 0 or 1 for the player who moves next (losing moves,
/// [`crate::solve::retrograde::applied_at_init`]) and into terminal positions lost in 0 (a win in
/// 1) before any round. [`MoveClasses::add_terminal`] sorts a move into a terminal position.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveClasses {
    /// Classes moved into that the rounds decide: positions that are not terminal, and terminal
    /// positions that [`MoveClasses::add_terminal`] does not take.
    pub open: u32,
    /// The largest remoteness of the terminal positions won in 0 or 1 for the player who moves
    /// next that a move leads to, if any.
    pub into_won: Option<u32>,
    /// Some move leads to a terminal position lost in 0 for the player who moves next.
    pub into_lost: bool,
}

impl MoveClasses {
    /// Takes a move into a terminal position with outcome `terminal` (for the player who moves
    /// next) when it is decided before any round (`into_won`, `into_lost`), and returns whether
    /// it did; when not, the caller counts the class as open.
    #[inline]
    pub fn add_terminal(&mut self, terminal: Outcome) -> bool {
        if crate::solve::retrograde::applied_at_init(terminal) {
            let r = terminal.remoteness().unwrap_or(0);
            self.into_won = Some(self.into_won.map_or(r, |w| w.max(r)));
            true
        } else if terminal == Outcome::new(Value::Lose, 0) {
            self.into_lost = true;
            true
        } else {
            false
        }
    }
}

/// [`Indexed::move_classes`] by ranking every successor and sorting the slots: the reference
/// that faster versions are tested against.
pub fn move_classes_by_rank<G: Indexed + ?Sized>(game: &G, pos: &G::Position) -> MoveClasses {
    let mut succ = Vec::new();
    game.successors(pos, &mut succ);
    let mut classes = MoveClasses::default();
    let mut slots = Vec::with_capacity(succ.len());
    for c in &succ {
        if !game.terminal(c).is_some_and(|t| classes.add_terminal(t)) {
            slots.push(game.rank(c));
        }
    }
    slots.sort_unstable();
    slots.dedup();
    classes.open = slots.len() as u32;
    classes
}

/// Refuses, before any work, an indexed game without predecessors ([`Game::capabilities`] has
/// no `backward`): the dense solver finds the moves into a position only through them.
pub fn check_backward<G: Game + ?Sized>(game: &G) -> Result<(), crate::error::Error> {
    match game.capabilities().backward {
        Some(_) => Ok(()),
        None => Err(crate::error::Error::Unsupported(
            "this game has a dense index but no predecessors (no Backward capability): it cannot be solved densely"
                .to_string(),
        )),
    }
}

/// The predecessors of `pos` ([`Backward`](crate::rules::capability::Backward)), which every indexed game has: the dense
/// solver finds moves into a position only through them.
pub fn predecessors_of<G: Game + ?Sized>(game: &G, pos: &G::Position, out: &mut Vec<G::Position>) {
    game.capabilities()
        .backward
        .expect("an indexed game implements Backward and announces it in Game::capabilities")
        .predecessors(pos, out)
}

/// [`Indexed::predecessor_slots`] by ranking every predecessor and removing repeated slots
/// (terminal predecessors kept): the reference that faster versions are tested against.
pub fn predecessor_slots_by_rank<G: Indexed + ?Sized>(game: &G, pos: &G::Position, out: &mut Vec<u64>) {
    let mut preds = Vec::new();
    predecessors_of(game, pos, &mut preds);
    let first = out.len();
    out.extend(preds.iter().map(|q| game.rank(q)));
    sort_dedup_from(out, first);
}

/// Sorts `out[first..]` and removes its repeated entries (slots, or slots with their
/// positions), leaving `out[..first]` as it is.
#[inline]
pub fn sort_dedup_from<T: Ord + Copy>(out: &mut Vec<T>, first: usize) {
    out[first..].sort_unstable();
    let mut kept = first;
    for k in first..out.len() {
        if k == first || out[k] != out[kept - 1] {
            out[kept] = out[k];
            kept += 1;
        }
    }
    out.truncate(kept);
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

/// Checks a game's [`Indexed::successor_slots`], [`Indexed::move_classes`],
/// [`Indexed::predecessor_slots`], [`Indexed::for_each_predecessor`], [`Indexed::all_children`],
/// [`Indexed::child_keys`], [`Indexed::for_each_child_end`] and [`Indexed::child_ends`] against the reference versions on `positions` (each made canonical first, as the solvers only
/// meet canonical positions): the same successor slots and terminal flags (as multisets), the
/// same move classes, the same children and ends of the game (as multisets), and the same
/// predecessor classes except for terminal ones, which may be left out, with none repeated. Returns the
/// number of positions checked that are not terminal. Panics with the first disagreement.
pub fn check_slot_methods<G: Indexed>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> u64 {
    let mut checked = 0;
    for p in positions {
        let p = game.canonical(&p);
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
        assert_eq!(with_positions, sorted, "for_each_predecessor of {p:?}");
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

/// Checks [`Indexed::all_children`], [`Indexed::child_keys`] (ranked by
/// [`Indexed::slot_of_key`]), [`Indexed::for_each_child_end`] and [`Indexed::child_ends`] of the
/// non-terminal position
/// `p` against [`children_by_rank`] and the default: the same children and ends (as multisets),
/// and `all_children` stopping at the first `false`.
fn check_lean_methods<G: Indexed>(game: &G, p: &G::Position) {
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
}

/// How many positions [`rules_fingerprint`] reads.
pub const FINGERPRINT_POSITIONS: usize = 256;

/// A fingerprint of a game's rules as its index sees them: the index scheme and size, then, for
/// the first [`FINGERPRINT_POSITIONS`] positions met breadth first from the roots, the slot, the
/// outcome if the position ends the game, and the slots of its moves (sorted: the order of
/// moves is not a rule), hashed with 64-bit FNV-1a. A stored solution records it
/// ([`crate::store::Header::rules`]), so that a solution of rules that have changed near the
/// start since it was written is refused rather than read as wrong values. A change far from
/// the start goes unseen by it (a query checks the position it answers against its moves
/// instead: [`crate::view::dyn_game::QueryReport::consistent`]).
pub fn rules_fingerprint<G: Indexed + ?Sized>(game: &G) -> u64 {
    let mut hash = Fnv::default();
    hash.bytes(game.index_scheme().as_bytes());
    hash.word(game.size());
    let mut seen = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::new();
    for root in game.roots() {
        let slot = game.rank(&root);
        if seen.insert(slot) {
            queue.push_back(slot);
        }
    }
    let (mut read, mut succ, mut slots) = (0, Vec::new(), Vec::new());
    while let Some(slot) = queue.pop_front() {
        let Some(pos) = game.unrank(slot) else { continue };
        read += 1;
        if read > FINGERPRINT_POSITIONS {
            break;
        }
        hash.word(slot);
        if let Some(outcome) = game.terminal(&pos) {
            hash.word(1 + u64::from(outcome.pack()));
            continue;
        }
        succ.clear();
        game.successors(&pos, &mut succ);
        slots.clear();
        slots.extend(succ.iter().map(|c| game.rank(c)));
        slots.sort_unstable();
        hash.word(0);
        hash.word(slots.len() as u64);
        for &s in &slots {
            hash.word(s);
            if seen.len() < 4 * FINGERPRINT_POSITIONS && seen.insert(s) {
                queue.push_back(s);
            }
        }
    }
    hash.0
}

/// 64-bit FNV-1a: a hash that stays the same across builds and platforms (the rules'
/// fingerprint, the names of cached solutions).
pub(crate) struct Fnv(pub(crate) u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn word(&mut self, w: u64) {
        self.bytes(&w.to_le_bytes());
    }
}
