//! [`DobutsuLive`]: Dōbutsu shōgi over the live index (the positions in which the game goes
//! on, numbered as `numbering.rs` says, [`LIVE_SIZE`] slots), for the lean solver.

use nimber_engine::table::plumbing::{Child, ChildEnds, SlotMoves};
use nimber_engine::table::Indexed;
use nimber_engine::{Capabilities, Game, Kind, Move, Outcome};

use super::fast;
use super::index::each_predecessor;
use super::numbering::LIVE_SIZE;
use super::position::{DobutsuPos, LION};
use super::rules::Dobutsu;

/// Dōbutsu shōgi with the live index ([`LIVE_SIZE`] slots), for the lean solver: the same
/// rules as [`Dobutsu`]; only the positions in which the game goes on have slots (terminal
/// positions are left to the rules, and the positions in which the player to move has won
/// already, out of play, have none).
#[derive(Clone, Debug, Default)]
pub struct DobutsuLive;

impl DobutsuLive {
    /// Whether `pos` has a slot: the game goes on, and the player to move has not won already
    /// (their lion is not on the far rank).
    pub fn is_live(pos: &DobutsuPos) -> bool {
        let c = pos.sente_view();
        Dobutsu.terminal(&c).is_none() && (0..3).all(|sq| c.cell(sq) != LION)
    }
}

impl Game for DobutsuLive {
    type Position = DobutsuPos;

    fn kind(&self) -> Kind {
        Game::kind(&Dobutsu)
    }

    fn start(&self) -> DobutsuPos {
        Dobutsu.start()
    }

    fn moves(&self, pos: &DobutsuPos) -> Vec<Move<DobutsuPos>> {
        Dobutsu.moves(pos)
    }

    #[inline]
    fn successors(&self, pos: &DobutsuPos, out: &mut Vec<DobutsuPos>) {
        Dobutsu.successors(pos, out)
    }

    #[inline]
    fn terminal(&self, pos: &DobutsuPos) -> Option<Outcome> {
        Dobutsu.terminal(pos)
    }

    fn capabilities(&self) -> Capabilities<'_, DobutsuPos> {
        Capabilities::none().notation(&Dobutsu).drawing(&Dobutsu).backward(&Dobutsu)
    }
}

impl Indexed for DobutsuLive {
    fn size(&self) -> u64 {
        LIVE_SIZE
    }

    /// The slot of a live position ([`DobutsuLive::is_live`]); other positions have none, and
    /// their rank is not a slot of theirs.
    #[inline]
    fn rank(&self, pos: &DobutsuPos) -> u64 {
        fast::rank_live(pos.sente_view().0)
    }

    /// The mirror image that is not the representative, and the positions in which Sente can
    /// capture Gote's lion, are holes.
    #[inline]
    fn unrank(&self, index: u64) -> Option<DobutsuPos> {
        if index >= LIVE_SIZE {
            return None;
        }
        let x = fast::unrank_live(index);
        (fast::live_canonical(x) == x && fast::sente_terminal(x).is_none()).then_some(DobutsuPos(x))
    }

    /// Terminal positions have no slot ([`DobutsuLive::is_live`]).
    fn slots_may_be_terminal(&self) -> bool {
        false
    }

    fn canonical(&self, pos: &DobutsuPos) -> DobutsuPos {
        DobutsuPos(fast::live_canonical(pos.sente_view().0))
    }

    fn index_scheme(&self) -> String {
        "dobutsu-live-v1".to_string()
    }

    fn partial(&self) -> bool {
        true
    }

    fn has_slot(&self, pos: &DobutsuPos) -> bool {
        DobutsuLive::is_live(pos)
    }
}

impl SlotMoves for DobutsuLive {
    /// Without the checks of `unrank` (canonical, not over).
    #[inline]
    fn unrank_position(&self, index: u64) -> Option<DobutsuPos> {
        (index < LIVE_SIZE).then(|| DobutsuPos(fast::unrank_live(index)))
    }

    fn all_children<F: FnMut(Child) -> bool>(&self, pos: &DobutsuPos, mut f: F) -> bool {
        fast::live_children(pos.sente_view().0, &mut f)
    }

    /// The key of a move is the position moved to, turned around (Sente to move).
    fn child_keys(&self, pos: &DobutsuPos, keys: &mut Vec<u64>, ends: &mut Vec<Outcome>) {
        fast::live_child_keys(pos.sente_view().0, keys, ends)
    }

    #[inline]
    fn slot_of_key(&self, key: u64) -> u64 {
        fast::rank_live(key)
    }

    /// Counted on the bitboards, no move listed.
    #[inline]
    fn child_ends(&self, pos: &DobutsuPos) -> ChildEnds {
        fast::child_end_counts(pos.sente_view().0)
    }

    fn for_each_child_end<F: FnMut(Option<Outcome>)>(&self, pos: &DobutsuPos, mut f: F) {
        fast::child_ends(pos.sente_view().0, &mut f)
    }

    fn predecessor_slots(&self, pos: &DobutsuPos, out: &mut Vec<u64>) {
        fast::live_predecessor_slots(fast::live_canonical(pos.sente_view().0), out);
    }

    fn for_each_predecessor<F: FnMut(u64, &DobutsuPos)>(&self, pos: &DobutsuPos, f: F) {
        each_predecessor(fast::live_predecessors, fast::live_canonical(pos.sente_view().0), f);
    }
}
