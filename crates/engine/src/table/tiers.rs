//! Tiers: a game whose positions fall into classes that play leaves only downward (captures
//! remove stones, placements fill the board, a counter runs down), so that it is solved class
//! by class, each class over an index of its own, with only the class being solved in memory.
//! GamesmanOne calls the classes tiers, Gasser databases, chess material signatures.
//!
//! A game states its tiers with [`Tiered`]: the tier of a position, every tier of a full solve,
//! the tiers a tier's moves reach, and an index ([`SlotMoves`]) of each tier's positions. A
//! tier's positions may move within the tier (cycles are allowed there: endless play is a draw)
//! or into the tiers it names as its children, never back: the tiers form an acyclic graph,
//! which the solve orders so that every tier comes after its children.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::error::Error;
use crate::rules::capability::{Backward, Capabilities};
use crate::rules::game::{Game, Kind, Move};
use crate::rules::value::{Outcome, Value};
use crate::table::plumbing::{sort_dedup_from, Child, ChildEnds, KeyBatch, SlotMoves};
use crate::table::Indexed;

/// A game solved tier by tier (see the module's documentation).
///
/// The index of a tier ([`Tiered::tier_index`]) numbers the positions of that tier only: its
/// `rank` is asked of positions of the tier, its `unrank` gives positions of the tier, and its
/// moves (the game's) may lead out of the tier, into a child tier or into a position that ends
/// the game. Its predecessors ([`Tiered::tier_predecessors`]) are those within the tier.
pub trait Tiered: Game {
    /// The key of a tier (for Nine Men's Morris, the stones of each side on the board).
    type Tier: Copy + Eq + Ord + Hash + Debug + Send + Sync;

    /// The index of one tier's positions.
    type Index: SlotMoves<Position = Self::Position>;

    /// The tier of `pos`, a position that does not end the game ([`Game::terminal`] is `None`)
    /// and belongs to a tier ([`Tiered::in_tiers`]).
    fn tier(&self, pos: &Self::Position) -> Self::Tier;

    /// Whether `pos` belongs to a tier: a game may leave positions out of its tiers (Nine Men's
    /// Morris: the placement phase, whose positions a search answers over the tiers). By
    /// default every position does. A move from a tier's position never leaves the tiers.
    fn in_tiers(&self, pos: &Self::Position) -> bool {
        let _ = pos;
        true
    }

    /// Every tier of a full solve, in any order.
    fn tiers(&self) -> Vec<Self::Tier>;

    /// The tiers other than `tier` that a move from a position of `tier` can lead to (positions
    /// that end the game aside): they are solved first.
    fn tier_children(&self, tier: Self::Tier) -> Vec<Self::Tier>;

    /// The tier's name in files and messages: ASCII letters, digits and `-` only (`9-8`).
    fn tier_name(&self, tier: Self::Tier) -> String;

    /// The index of the positions of `tier`.
    fn tier_index(&self, tier: Self::Tier) -> Self::Index;

    /// The position `pos` packed into 64 bits, for a game whose positions fit
    /// ([`Tiered::unpack`] gives it back): the lean solver then keeps the moves of a position it
    /// examines as packed positions and ranks them one at a time, stopping at the first that
    /// decides. `None` (the default) for a game that does not pack its positions: every
    /// position, or none, is packed.
    fn pack(&self, pos: &Self::Position) -> Option<u64> {
        let _ = pos;
        None
    }

    /// The position that [`Tiered::pack`] packed into `key`. Called only with such keys; the
    /// default, for a game that packs none, is never called.
    fn unpack(&self, key: u64) -> Self::Position {
        unreachable!("unpack({key}) of a game that packs no position")
    }

    /// The slots of `child` (one of [`Tiered::tier_children`] of `tier`) that a move from a
    /// position of `tier` can lead to: the solve of `tier` reads the outcomes of these only. By
    /// default every slot of `child`; a game whose tier index lays out a child tier in parts
    /// (Nine Men's Morris: the side to move with more stones first) names the part.
    fn tier_child_slots(&self, tier: Self::Tier, child: Self::Tier) -> Range<u64> {
        let _ = tier;
        0..self.tier_index(child).size()
    }

    /// Calls `f` with each predecessor of `pos` (a position of `tier`) that lies in `tier` too,
    /// once per move. The default filters the game's predecessors ([`Backward`]) by
    /// [`Tiered::tier`]; a game overrides it when it can leave out the moves from other tiers (a
    /// capture) without listing them.
    fn tier_predecessors<F: FnMut(&Self::Position)>(&self, tier: Self::Tier, pos: &Self::Position, mut f: F) {
        let mut preds = Vec::new();
        crate::table::plumbing::predecessors_of(self, pos, &mut preds);
        for p in &preds {
            if self.terminal(p).is_none() && self.tier(p) == tier {
                f(p);
            }
        }
    }

    /// The moves of `pos` (a position of `tier`) counted, with the position of each move that
    /// leaves the tier (into a finished tier, or ending the game) given to `f`: returns the
    /// number of moves in all, as the solve of a tier sets up its table. The default goes
    /// through [`Tiered::tier_successors`]; a game overrides it when it can count the moves
    /// that stay in the tier without making them.
    fn tier_exits<F: FnMut(&Self::Position)>(&self, tier: Self::Tier, pos: &Self::Position, mut f: F) -> u32 {
        let mut moves = 0;
        self.tier_successors(pos, |c| {
            moves += 1;
            if self.terminal(c).is_some() || self.tier(c) != tier {
                f(c);
            }
        });
        moves
    }

    /// Calls `f` with the position each move of `pos` leads to, as [`Game::successors`] lists
    /// them. The default lists them in a vector; a game overrides it to make them one at a
    /// time, as the solve of a tier asks for the moves of every position, several times.
    fn tier_successors<F: FnMut(&Self::Position)>(&self, pos: &Self::Position, f: F) {
        let mut succ = Vec::new();
        self.successors(pos, &mut succ);
        succ.iter().for_each(f);
    }
}

/// The outcomes of a range of a finished tier's slots, as a tier being solved reads them: one
/// 16-bit code a slot (`NONE` for a hole).
pub struct Outcomes {
    first: u64,
    codes: Vec<u16>,
}

/// The code of a slot without an outcome (a hole of the index).
const NONE: u16 = 0;
/// The code of a draw.
const DRAW: u16 = 1;

impl Outcomes {
    /// The largest remoteness a code holds.
    pub const MAX_REMOTENESS: u32 = (u16::MAX as u32 - 2) / 3 - 1;

    /// The slots `range`, every one without an outcome until [`Outcomes::set`] gives it one.
    pub fn new(range: Range<u64>) -> Result<Outcomes, Error> {
        let n = usize::try_from(range.end - range.start)
            .map_err(|_| Error::TooLarge(format!("{} slots of outcomes", range.end - range.start)))?;
        let mut codes = vec![NONE; n];
        // Read at random as the tiers above are solved: huge pages spare most TLB misses.
        crate::memory::advise_huge_pages(&mut codes);
        Ok(Outcomes { first: range.start, codes })
    }

    /// The bytes [`Outcomes::new`] takes for `slots` slots.
    pub fn bytes(slots: u64) -> u64 {
        slots * 2
    }

    /// The slots held.
    pub fn range(&self) -> Range<u64> {
        self.first..self.first + self.codes.len() as u64
    }

    /// The codes of the slots, in order, for the store's reader to fill in.
    pub(crate) fn codes_mut(&mut self) -> &mut [u16] {
        &mut self.codes
    }

    /// The code of an outcome.
    pub(crate) fn code(outcome: Outcome) -> Result<u16, Error> {
        let r = outcome.remoteness().unwrap_or(0);
        if r > Self::MAX_REMOTENESS {
            return Err(Error::TooLarge(format!(
                "a tier's outcomes hold remoteness up to {}; a position has {r}",
                Self::MAX_REMOTENESS
            )));
        }
        Ok(match outcome.value() {
            Value::Draw => DRAW,
            Value::Win => 2 + 3 * r as u16,
            Value::Lose => 3 + 3 * r as u16,
            Value::Tie => 4 + 3 * r as u16,
        })
    }

    /// Gives slot `slot` (in [`Outcomes::range`]) its outcome.
    pub fn set(&mut self, slot: u64, outcome: Outcome) -> Result<(), Error> {
        let code = Self::code(outcome)?;
        self.codes[(slot - self.first) as usize] = code;
        Ok(())
    }

    /// The outcome of slot `slot`: `None` for a hole or a slot out of the range.
    #[inline]
    pub fn get(&self, slot: u64) -> Option<Outcome> {
        self.at(self.offset(slot)?)
    }

    /// Where the code of slot `slot` lies in the codes: `None` out of the range.
    #[inline]
    fn offset(&self, slot: u64) -> Option<usize> {
        let offset = slot.checked_sub(self.first)?;
        (offset < self.codes.len() as u64).then_some(offset as usize)
    }

    /// The outcome of the code at `offset` (from [`Outcomes::offset`]): `None` for a hole.
    #[inline]
    fn at(&self, offset: usize) -> Option<Outcome> {
        let code = self.codes[offset];
        let r = u32::from(code.saturating_sub(2) / 3);
        match code {
            NONE => None,
            DRAW => Some(Outcome::DRAW),
            _ => Some(Outcome::new([Value::Win, Value::Lose, Value::Tie][(code as usize - 2) % 3], r)),
        }
    }
}

/// A move out of a tier as a batch of moves reads its outcome, in three passes so that the
/// batch's reads from memory are in flight together: listed (the table its ranking reads asked
/// for, [`Indexed::prefetch_rank`]), located (ranked, the code of its outcome in [`Below`] asked
/// for), read. A position that ends the game is known from the start.
enum Exit<G: Tiered> {
    Known(Outcome),
    Listed(G::Tier, G::Position),
    At((usize, usize)),
}

/// The finished tiers a tier's moves lead into: for each, its index and the outcomes of the
/// slots that the tier's moves reach.
pub struct Below<G: Tiered> {
    parts: Vec<(G::Tier, G::Index, Outcomes)>,
    /// A move led to a position these outcomes do not hold (the index or the tiers the game
    /// names are wrong): the first such, to report after the solve.
    fault: Mutex<Option<String>>,
    faulty: AtomicBool,
}

impl<G: Tiered> Below<G> {
    /// Outcomes of finished tiers, each with its tier and index.
    pub fn new(parts: Vec<(G::Tier, G::Index, Outcomes)>) -> Below<G> {
        Below { parts, fault: Mutex::new(None), faulty: AtomicBool::new(false) }
    }

    /// The outcome of `pos`, a position of tier `tier`, one of the finished tiers. A position
    /// they do not hold is recorded as a fault ([`Below::check`]) and answered as a draw.
    #[inline]
    fn outcome(&self, tier: G::Tier, pos: &G::Position) -> Outcome {
        match self.locate(tier, pos) {
            Some(at) => self.read(at),
            None => self.missing(tier, pos),
        }
    }

    /// Where the outcome of `pos` (of tier `tier`) lies, its part and the offset of its code,
    /// which the processor is asked to bring into its caches for [`Below::read`]: `None` when
    /// the finished tiers do not hold the slot.
    #[inline]
    fn locate(&self, tier: G::Tier, pos: &G::Position) -> Option<(usize, usize)> {
        let part = self.parts.iter().position(|(t, _, _)| *t == tier)?;
        let (_, index, outcomes) = &self.parts[part];
        let offset = outcomes.offset(index.rank(pos))?;
        crate::memory::prefetch(&outcomes.codes[offset]);
        Some((part, offset))
    }

    /// The outcome located by [`Below::locate`]; a hole is recorded as a fault and answered as
    /// a draw.
    #[inline]
    fn read(&self, (part, offset): (usize, usize)) -> Outcome {
        let (tier, _, outcomes) = &self.parts[part];
        outcomes.at(offset).unwrap_or_else(|| {
            let slot = outcomes.first + offset as u64;
            self.fault(|| format!("a move leads to slot {slot} of tier {tier:?}, which holds no position"))
        })
    }

    /// The first pass over a move out of the tier into `pos`, of tier `tier` (see [`Exit`]).
    #[inline]
    fn list(&self, tier: G::Tier, pos: &G::Position) -> Exit<G> {
        if let Some((_, index, _)) = self.parts.iter().find(|(t, _, _)| *t == tier) {
            index.prefetch_rank(pos);
        }
        Exit::Listed(tier, pos.clone())
    }

    /// The second pass (see [`Exit`]): a listed move is located, or, when the finished tiers do
    /// not hold it, answered by the fault's draw ([`Below::missing`]).
    #[inline]
    fn locate_exit(&self, exit: &mut Exit<G>) {
        if let Exit::Listed(tier, pos) = exit {
            *exit = match self.locate(*tier, pos) {
                Some(at) => Exit::At(at),
                None => Exit::Known(self.missing(*tier, pos)),
            };
        }
    }

    /// The last pass (see [`Exit`]): the outcome.
    #[inline]
    fn resolve(&self, exit: &Exit<G>) -> Outcome {
        match exit {
            Exit::Known(o) => *o,
            Exit::Listed(tier, pos) => self.outcome(*tier, pos),
            Exit::At(at) => self.read(*at),
        }
    }

    /// A move into `pos` (of tier `tier`), whose slot the finished tiers do not hold: recorded
    /// as a fault and answered as a draw.
    #[cold]
    fn missing(&self, tier: G::Tier, pos: &G::Position) -> Outcome {
        self.fault(|| format!("a move leads to {pos:?}, in tier {tier:?}, whose outcome was not read"))
    }

    /// Records the first fault ([`Below::check`]); answers a draw.
    #[cold]
    fn fault(&self, what: impl FnOnce() -> String) -> Outcome {
        if !self.faulty.swap(true, Ordering::Relaxed) {
            *self.fault.lock().unwrap_or_else(|e| e.into_inner()) = Some(what());
        }
        Outcome::DRAW
    }

    /// An error if a move led to a position whose outcome was not read.
    pub fn check(&self) -> Result<(), Error> {
        match self.fault.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(what) => {
                Err(Error::Unsupported(format!("the tiers of the game do not fit its moves: {what}")))
            }
            None => Ok(()),
        }
    }
}

/// One tier of a [`Tiered`] game as an indexed game of its own, for the lean solver
/// ([`crate::table::lean`]): its slots are the tier's, and a move out of the tier leads to a
/// position whose outcome is known, from the finished tiers ([`Below`]) or from the rules (a
/// position that ends the game), which the solver sees as a terminal position
/// ([`Child::Terminal`]). Only the lean solver's paths are served: the dense solver's
/// ([`SlotMoves::successor_slots`], [`SlotMoves::move_classes`]) would rank positions of other
/// tiers.
pub struct TierGame<'a, G: Tiered> {
    game: &'a G,
    tier: G::Tier,
    index: G::Index,
    below: &'a Below<G>,
    /// Whether the game packs its positions ([`Tiered::pack`]).
    packs: bool,
}

impl<'a, G: Tiered> TierGame<'a, G> {
    /// Tier `tier` of `game`, its moves out of the tier answered by `below`.
    pub fn new(game: &'a G, tier: G::Tier, below: &'a Below<G>) -> TierGame<'a, G> {
        let index = game.tier_index(tier);
        let packs = game.pack(&index.unrank(0).unwrap_or_else(|| game.start())).is_some();
        TierGame { game, tier, index, below, packs }
    }

    /// The outcome of `child`, a position a move leads to, when it lies out of the tier (from
    /// the rules or the finished tiers); `None` for a position of the tier.
    #[inline]
    fn end(&self, child: &G::Position) -> Option<Outcome> {
        if let Some(o) = self.game.terminal(child) {
            return Some(o);
        }
        let tier = self.game.tier(child);
        (tier != self.tier).then(|| self.below.outcome(tier, child))
    }

    /// The first pass over a move to `child`, a position out of the tier (see [`Exit`]).
    #[inline]
    fn listed_exit(&self, child: &G::Position) -> Exit<G> {
        match self.game.terminal(child) {
            Some(o) => Exit::Known(o),
            None => self.below.list(self.game.tier(child), child),
        }
    }

    /// The outcome of `child`, a position out of the tier that a move leads to.
    #[inline]
    fn exit(&self, child: &G::Position) -> Outcome {
        self.game.terminal(child).unwrap_or_else(|| self.below.outcome(self.game.tier(child), child))
    }

    /// The key of a move to `child`, a position of the tier ([`SlotMoves::child_keys`]): its
    /// packed position with a game that packs them ([`Tiered::pack`]), else its slot.
    #[inline]
    fn key(&self, child: &G::Position) -> u64 {
        if self.packs {
            self.game.pack(child).expect("a game that packs its positions")
        } else {
            self.index.rank(child)
        }
    }

    /// The predecessors within the tier of every position of `positions`, each asking the
    /// index to bring in what its ranking will read ([`Indexed::prefetch_rank`]).
    fn listed_predecessors<'p>(
        &self,
        positions: impl IntoIterator<Item = &'p G::Position>,
    ) -> Vec<G::Position>
    where
        G::Position: 'p,
    {
        let mut listed = Vec::new();
        for pos in positions {
            self.game.tier_predecessors(self.tier, pos, |q| {
                self.index.prefetch_rank(q);
                listed.push(q.clone());
            });
        }
        listed
    }

    /// Where a move to `child` leads: the outcome of a position out of the tier, or the slot of
    /// one in it.
    #[inline]
    fn child(&self, child: &G::Position) -> Child {
        match self.end(child) {
            Some(o) => Child::Terminal(o),
            None => Child::Slot(self.index.rank(child)),
        }
    }
}

impl<G: Tiered> TierGame<'_, G> {
    /// A fingerprint of the tier's rules as its solve sees them, for its store
    /// ([`crate::store::Header::rules`]): the index scheme and size, then for the first
    /// positions of the index, the slot, the outcome of a terminal one, else where its moves
    /// lead ([`SlotMoves::all_children`]: slots in the tier, outcomes out of it), sorted.
    pub fn rules_fingerprint(&self) -> u64 {
        let mut hash = crate::table::Fnv::default();
        hash.bytes(self.index.index_scheme().as_bytes());
        hash.bytes(&self.index.size().to_le_bytes());
        let mut seen = 0;
        let mut children = Vec::new();
        for slot in 0..self.index.size() {
            if seen == crate::table::index::FINGERPRINT_POSITIONS {
                break;
            }
            let Some(pos) = self.index.unrank(slot) else { continue };
            seen += 1;
            hash.bytes(&slot.to_le_bytes());
            if let Some(o) = self.game.terminal(&pos) {
                hash.bytes(&(1 + u64::from(o.pack())).to_le_bytes());
                continue;
            }
            children.clear();
            self.all_children(&pos, |c| {
                children.push(match c {
                    Child::Slot(s) => (0, s),
                    Child::Terminal(o) => (1, u64::from(o.pack())),
                });
                true
            });
            children.sort_unstable();
            hash.bytes(&(children.len() as u64).to_le_bytes());
            for (kind, n) in &children {
                hash.bytes(&[*kind]);
                hash.bytes(&n.to_le_bytes());
            }
        }
        hash.0
    }
}

impl<G: Tiered> Game for TierGame<'_, G> {
    type Position = G::Position;

    fn kind(&self) -> Kind {
        self.game.kind()
    }

    fn start(&self) -> G::Position {
        (0..self.index.size()).find_map(|s| self.index.unrank(s)).unwrap_or_else(|| self.game.start())
    }

    fn moves(&self, pos: &G::Position) -> Vec<Move<G::Position>> {
        self.game.moves(pos)
    }

    fn successors(&self, pos: &G::Position, out: &mut Vec<G::Position>) {
        self.game.successors(pos, out)
    }

    fn terminal(&self, pos: &G::Position) -> Option<Outcome> {
        self.game.terminal(pos)
    }

    fn capabilities(&self) -> Capabilities<'_, G::Position> {
        Capabilities { backward: Some(self), ..self.game.capabilities() }
    }
}

impl<G: Tiered> Backward<G::Position> for TierGame<'_, G> {
    fn predecessors(&self, pos: &G::Position, out: &mut Vec<G::Position>) {
        self.game.tier_predecessors(self.tier, pos, |p| out.push(p.clone()))
    }
}

impl<G: Tiered> Indexed for TierGame<'_, G> {
    fn size(&self) -> u64 {
        self.index.size()
    }

    fn rank(&self, pos: &G::Position) -> u64 {
        self.index.rank(pos)
    }

    fn unrank(&self, slot: u64) -> Option<G::Position> {
        self.index.unrank(slot)
    }

    fn canonical(&self, pos: &G::Position) -> G::Position {
        self.index.canonical(pos)
    }

    fn index_scheme(&self) -> String {
        self.index.index_scheme()
    }

    fn partial(&self) -> bool {
        self.index.partial()
    }

    fn has_slot(&self, pos: &G::Position) -> bool {
        self.index.has_slot(pos)
    }

    fn slots_may_be_terminal(&self) -> bool {
        self.index.slots_may_be_terminal()
    }
}

impl<G: Tiered> SlotMoves for TierGame<'_, G> {
    fn unrank_position(&self, slot: u64) -> Option<G::Position> {
        self.index.unrank_position(slot)
    }

    fn unrank_each<F: FnMut(u64, Option<G::Position>)>(&self, slots: Range<u64>, f: F) {
        self.index.unrank_each(slots, f)
    }

    fn rank_representative(&self, pos: &G::Position) -> (u64, G::Position) {
        self.index.rank_representative(pos)
    }

    fn predecessor_slots(&self, pos: &G::Position, out: &mut Vec<u64>) {
        let first = out.len();
        self.game.tier_predecessors(self.tier, pos, |q| out.push(self.index.rank(q)));
        sort_dedup_from(out, first);
    }

    /// Ranks the predecessors and takes their representatives from the ranking
    /// ([`SlotMoves::rank_representative`]), without unranking; a class reached by two moves
    /// comes twice.
    fn for_each_predecessor<F: FnMut(u64, &G::Position)>(&self, pos: &G::Position, mut f: F) {
        self.game.tier_predecessors(self.tier, pos, |q| {
            let (slot, p) = self.index.rank_representative(q);
            f(slot, &p)
        });
    }

    /// Listed and ranked as in `predecessors_each`, not sorted.
    fn predecessor_slots_each<'p>(
        &self,
        positions: impl IntoIterator<Item = &'p G::Position>,
        out: &mut Vec<u64>,
    ) where
        G::Position: 'p,
    {
        out.extend(self.listed_predecessors(positions).iter().map(|q| self.index.rank(q)));
    }

    /// The predecessors of the whole batch are listed first, each asking the index to bring in
    /// what its ranking reads ([`Indexed::prefetch_rank`]), then ranked.
    fn predecessors_each<'p>(
        &self,
        positions: impl IntoIterator<Item = &'p G::Position>,
        out: &mut Vec<(u64, G::Position)>,
    ) where
        G::Position: 'p,
    {
        out.extend(self.listed_predecessors(positions).iter().map(|q| self.index.rank_representative(q)));
    }

    fn all_children<F: FnMut(Child) -> bool>(&self, pos: &G::Position, mut f: F) -> bool {
        let mut all = true;
        self.game.tier_successors(pos, |c| {
            if all {
                all = f(self.child(c));
            }
        });
        all
    }

    /// The moves within the tier are only counted ([`Tiered::tier_exits`]): the outcomes of
    /// those out of it count.
    fn child_ends(&self, pos: &G::Position) -> ChildEnds {
        let mut ends = ChildEnds::default();
        ends.moves = self.game.tier_exits(self.tier, pos, |c| ends.add_end(self.exit(c)));
        ends
    }

    /// Every move out of the tier is located in the finished tiers first (ranked, its code
    /// prefetched), then the codes are read, so that the batch's reads from memory are in
    /// flight together.
    fn child_ends_each(&self, positions: &[G::Position], out: &mut Vec<ChildEnds>) {
        let mut exits = Vec::new();
        out.clear();
        for (i, pos) in positions.iter().enumerate() {
            let moves = self.game.tier_exits(self.tier, pos, |c| {
                exits.push((i, self.listed_exit(c)));
            });
            out.push(ChildEnds { moves, ..ChildEnds::default() });
        }
        exits.iter_mut().for_each(|(_, exit)| self.below.locate_exit(exit));
        for (i, exit) in &exits {
            out[*i].add_end(self.below.resolve(exit));
        }
    }

    /// With a game that packs its positions ([`Tiered::pack`]), a move within the tier is kept
    /// as its packed position and ranked only when the solver asks for its slot.
    fn child_keys(&self, pos: &G::Position, keys: &mut Vec<u64>, ends: &mut Vec<Outcome>) {
        self.game.tier_successors(pos, |c| match self.end(c) {
            Some(o) => ends.push(o),
            None => keys.push(self.key(c)),
        });
    }

    /// As in `child_ends_each`, every move out of the tier is located first, then read.
    fn child_keys_each<'p>(&self, positions: impl IntoIterator<Item = &'p G::Position>, out: &mut KeyBatch)
    where
        G::Position: 'p,
    {
        // The moves out of the tier, with their place in `ends`.
        let mut exits = Vec::new();
        let KeyBatch { keys, ends, bounds } = out;
        for pos in positions {
            self.game.tier_successors(pos, |c| {
                if let Some(o) = self.game.terminal(c) {
                    ends.push(o);
                    return;
                }
                let tier = self.game.tier(c);
                if tier == self.tier {
                    keys.push(self.key(c));
                    return;
                }
                exits.push((ends.len(), self.below.list(tier, c)));
                ends.push(Outcome::DRAW);
            });
            bounds.push((keys.len(), ends.len()));
        }
        exits.iter_mut().for_each(|(_, exit)| self.below.locate_exit(exit));
        for (i, exit) in &exits {
            ends[*i] = self.below.resolve(exit);
        }
    }

    fn slot_of_key(&self, key: u64) -> u64 {
        if self.packs {
            self.index.rank(&self.game.unpack(key))
        } else {
            key
        }
    }

    #[inline]
    fn prefetch_key(&self, key: u64) {
        if self.packs {
            self.index.prefetch_rank(&self.game.unpack(key));
        }
    }
}
