//! The solvers' side of an index (rayon's `iter::plumbing` is the model): the moves of a slot
//! as the dense and lean solvers read them. [`SlotMoves`] has a default for every method, from
//! the rules and the index ([`Indexed`]); a game overrides one where it can do the same faster,
//! and tests the override against the reference with [`crate::table::check::check_slot_methods`].
//! A game that overrides nothing writes `impl SlotMoves for MyGame {}`.

use crate::rules::game::Game;
use crate::rules::value::{Outcome, Value};
use crate::table::Indexed;

/// The fast paths of an indexed game that the dense solvers use: each has a default that ranks
/// the game's moves ([`Game::successors`]) or predecessors
/// ([`Backward`](crate::Backward)).
pub trait SlotMoves: Indexed {
    /// [`Indexed::unrank`] of a slot known to hold a position (not a hole), as the lean solver
    /// unranks the slots of its lists: for a hole the answer may be anything. A game overrides
    /// it where telling the holes apart costs; [`check_bijection`](crate::table::check::check_bijection) checks that it agrees with
    /// `unrank` on every slot that is not a hole.
    fn unrank_position(&self, index: u64) -> Option<Self::Position> {
        self.unrank(index)
    }

    /// The slot of `pos` and the position [`Indexed::unrank`] gives for it: the default ranks
    /// it and takes [`Indexed::canonical`]; an index that finds the representative while
    /// ranking overrides it, and [`check_slot_methods`](crate::table::check::check_slot_methods)
    /// tests the override.
    fn rank_representative(&self, pos: &Self::Position) -> (u64, Self::Position) {
        (self.rank(pos), self.canonical(pos))
    }

    /// Calls `f(slot, position)` for every slot of `slots` in order, the position as
    /// [`Indexed::unrank`] gives it (`None` for a hole), as the lean solver sets up its table.
    /// The default unranks slot by slot; an index that steps from a slot to the next faster
    /// overrides it, and [`check_bijection`](crate::table::check::check_bijection) tests the
    /// override on every run of consecutive slots it is given.
    fn unrank_each<F: FnMut(u64, Option<Self::Position>)>(&self, slots: std::ops::Range<u64>, mut f: F) {
        for slot in slots {
            f(slot, self.unrank(slot));
        }
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
    /// have no moves; the solver ignores them). The default ranks the predecessors ([`Backward`](crate::Backward)) and
    /// removes repeated slots; a game overrides it when it can do the same faster, and tests the
    /// override against `predecessor_slots_by_rank`.
    fn predecessor_slots(&self, pos: &Self::Position, out: &mut Vec<u64>) {
        predecessor_slots_by_rank(self, pos, out);
    }

    /// The predecessors of [`SlotMoves::predecessor_slots`], each with the position that
    /// [`Indexed::unrank`] gives for its slot: calls `f(slot, position)` once per class, or more
    /// than once for a class reached by several moves, as the lean solver
    /// ([`crate::table::lean`]) examines the predecessors of a won position. The
    /// default unranks the slots of `predecessor_slots`; a game overrides it when it has the
    /// positions at hand, and [`check_slot_methods`](crate::table::check::check_slot_methods) tests the override.
    fn for_each_predecessor<F: FnMut(u64, &Self::Position)>(&self, pos: &Self::Position, mut f: F) {
        let mut slots = Vec::new();
        self.predecessor_slots(pos, &mut slots);
        for slot in slots {
            if let Some(p) = self.unrank(slot) {
                f(slot, &p);
            }
        }
    }

    /// The slots of the predecessors of each of `positions` ([`SlotMoves::predecessor_slots`]),
    /// appended to `out`, a class possibly more than once, as the lean solver marks the
    /// predecessors of a batch of its frontier (marking twice does no harm). The default asks
    /// `predecessor_slots` position by position; a game overrides it when ranking reads memory
    /// at random ([`Indexed::prefetch_rank`]), to list the batch's predecessors first and rank
    /// them after, without sorting, and
    /// [`check_slot_methods`](crate::table::check::check_slot_methods) tests it against
    /// `predecessor_slots`.
    fn predecessor_slots_each<'a>(
        &self,
        positions: impl IntoIterator<Item = &'a Self::Position>,
        out: &mut Vec<u64>,
    ) where
        Self::Position: 'a,
    {
        for pos in positions {
            self.predecessor_slots(pos, out);
        }
    }

    /// [`SlotMoves::for_each_predecessor`] of each of `positions`, appended to `out` as pairs of
    /// slot and position, as the lean solver takes the predecessors of a batch of its
    /// frontier. The default asks `for_each_predecessor` position by position; a game
    /// overrides it when ranking reads memory at random ([`Indexed::prefetch_rank`]), to list
    /// the batch's predecessors first and rank them after, and
    /// [`check_slot_methods`](crate::table::check::check_slot_methods) tests it against
    /// `for_each_predecessor`.
    fn predecessors_each<'a>(
        &self,
        positions: impl IntoIterator<Item = &'a Self::Position>,
        out: &mut Vec<(u64, Self::Position)>,
    ) where
        Self::Position: 'a,
    {
        for pos in positions {
            self.for_each_predecessor(pos, |slot, p| out.push((slot, p.clone())));
        }
    }

    /// The moves of the non-terminal position `pos` as the lean solver
    /// ([`crate::table::lean`]) examines a position of a pending list (its search for losses
    /// goes through [`SlotMoves::child_keys`]): calls `f` with each move's [`Child`] (the outcome
    /// of a terminal position moved to, else the slot of its class) until `f` returns false, and
    /// returns whether every call returned true. The default ranks [`Game::successors`]; a game
    /// overrides it when it can do the same faster, and tests the override against
    /// [`children_by_rank`].
    fn all_children<F: FnMut(Child) -> bool>(&self, pos: &Self::Position, f: F) -> bool {
        children_by_rank(self, pos, f)
    }

    /// The moves of the non-terminal position `pos` as [`SlotMoves::all_children`] gives them, in
    /// two lists and with the ranking put off: the outcome of every terminal position moved to is
    /// appended to `ends`, and for every other move a *key* to `keys`, which
    /// [`SlotMoves::slot_of_key`] turns into the slot of the position moved to. The lean solver
    /// lists the moves of a position and ranks them one at a time, stopping at the first that is
    /// not won, when ranking costs more than listing. The default gives the slots themselves as
    /// keys (and `slot_of_key` is the identity); a game overrides both together, and
    /// [`check_slot_methods`](crate::table::check::check_slot_methods) tests them against `all_children`.
    fn child_keys(&self, pos: &Self::Position, keys: &mut Vec<u64>, ends: &mut Vec<Outcome>) {
        self.all_children(pos, |c| {
            match c {
                Child::Terminal(o) => ends.push(o),
                Child::Slot(s) => keys.push(s),
            }
            true
        });
    }

    /// [`SlotMoves::child_keys`] of each of the non-terminal `positions`, in order, appended to
    /// `out` (see [`KeyBatch`]), as the lean solver examines its positions a batch at a time.
    /// The default asks `child_keys` position by position; a game overrides it when the ends
    /// are read from memory at random (the finished tiers of [`crate::table::tiers`]), to have
    /// the reads of the batch in flight together, and
    /// [`check_slot_methods`](crate::table::check::check_slot_methods) tests it against
    /// `child_keys`.
    fn child_keys_each<'a>(&self, positions: impl IntoIterator<Item = &'a Self::Position>, out: &mut KeyBatch)
    where
        Self::Position: 'a,
    {
        for p in positions {
            self.child_keys(p, &mut out.keys, &mut out.ends);
            out.bounds.push((out.keys.len(), out.ends.len()));
        }
    }

    /// The slot of a key of [`SlotMoves::child_keys`].
    fn slot_of_key(&self, key: u64) -> u64 {
        key
    }

    /// Asks the processor to bring in what [`SlotMoves::slot_of_key`] of `key` will read first
    /// (a hint; by default nothing), as the lean solver ranks the keys of many positions in
    /// step.
    #[inline]
    fn prefetch_key(&self, _key: u64) {}

    /// The ends of the game that the moves of the non-terminal position `pos` lead to, summed up
    /// as the lean solver sets up its table. The default adds up
    /// [`SlotMoves::for_each_child_end`]; a game overrides it when it can count faster than it
    /// lists the moves, and tests the override against [`ChildEnds::of_successors`].
    fn child_ends(&self, pos: &Self::Position) -> ChildEnds {
        let mut ends = ChildEnds::default();
        self.for_each_child_end(pos, |end| ends.add(end));
        ends
    }

    /// [`SlotMoves::child_ends`] of each of the non-terminal `positions`, in order, in `out`
    /// (cleared first), as the lean solver sets up its table a few slots at a time. The default
    /// asks `child_ends` position by position; a game overrides it when the ends are read from
    /// memory at random (the finished tiers of [`crate::table::tiers`]), to have the reads of
    /// the batch in flight together, and [`check_slot_methods`](crate::table::check::check_slot_methods)
    /// tests it against `child_ends`.
    fn child_ends_each(&self, positions: &[Self::Position], out: &mut Vec<ChildEnds>) {
        out.clear();
        out.extend(positions.iter().map(|p| self.child_ends(p)));
    }

    /// Calls `f` once per move of the non-terminal position `pos` with the end of the game in
    /// the position moved to ([`Game::terminal`]: `None` when play goes on there), which the
    /// default [`SlotMoves::child_ends`] adds up as the lean solver sets up its table. The default asks [`Game::successors`]; a game overrides it when
    /// it can do the same faster, and tests the override against the default.
    fn for_each_child_end<F: FnMut(Option<Outcome>)>(&self, pos: &Self::Position, mut f: F) {
        let mut succ = Vec::new();
        self.successors(pos, &mut succ);
        succ.iter().for_each(|c| f(self.terminal(c)));
    }
}

/// The moves of a batch of positions as [`SlotMoves::child_keys_each`] lists them, position
/// after position: a position's moves are the ranges of `keys` and `ends` between its bounds and
/// the previous position's (or the start).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyBatch {
    /// The keys of the moves that stay in the index ([`SlotMoves::child_keys`]).
    pub keys: Vec<u64>,
    /// The outcomes of the terminal positions moved to.
    pub ends: Vec<Outcome>,
    /// After each position, the lengths of `keys` and `ends`.
    pub bounds: Vec<(usize, usize)>,
}

impl KeyBatch {
    /// Empties the batch, keeping its memory.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.ends.clear();
        self.bounds.clear();
    }
}

/// Where a move leads, as the lean solver sees it ([`SlotMoves::all_children`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Child {
    /// Into a terminal position with this outcome (for the player to move there).
    Terminal(Outcome),
    /// Into the position (class) in this slot.
    Slot(u64),
}

/// The ends of the game that a position's moves lead to ([`SlotMoves::child_ends`]), outcomes for
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
        if let Some(o) = end {
            self.add_end(o);
        }
    }

    /// Counts the end `o` of a move whose count is kept apart (in `moves`, by the caller).
    #[inline]
    pub fn add_end(&mut self, o: Outcome) {
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
    /// reference that [`SlotMoves::child_ends`] is tested against.
    pub fn of_successors<G: Game + ?Sized>(game: &G, pos: &G::Position) -> ChildEnds {
        let mut succ = Vec::new();
        game.successors(pos, &mut succ);
        let mut ends = ChildEnds::default();
        succ.iter().for_each(|c| ends.add(game.terminal(c)));
        ends
    }
}

/// [`SlotMoves::all_children`] by ranking every successor that is not terminal: the reference
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
/// `crate::solve::retrograde::applied_at_init`) and into terminal positions lost in 0 (a win in
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

/// [`SlotMoves::move_classes`] by ranking every successor and sorting the slots: the reference
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
pub(crate) fn check_backward<G: Game + ?Sized>(game: &G) -> Result<(), crate::error::Error> {
    match game.capabilities().backward {
        Some(_) => Ok(()),
        None => Err(crate::error::Error::Unsupported(
            "this game has a dense index but no predecessors (no Backward capability): it cannot be solved densely"
                .to_string(),
        )),
    }
}

/// The predecessors of `pos` ([`Backward`](crate::Backward)), which every indexed game has: the dense
/// solver finds moves into a position only through them.
pub(crate) fn predecessors_of<G: Game + ?Sized>(game: &G, pos: &G::Position, out: &mut Vec<G::Position>) {
    game.capabilities()
        .backward
        .expect("an indexed game implements Backward and announces it in Game::capabilities")
        .predecessors(pos, out)
}

/// [`SlotMoves::predecessor_slots`] by ranking every predecessor and removing repeated slots
/// (terminal predecessors kept): the reference that faster versions are tested against.
pub(crate) fn predecessor_slots_by_rank<G: Indexed + ?Sized>(
    game: &G,
    pos: &G::Position,
    out: &mut Vec<u64>,
) {
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
