//! [`Dobutsu`]'s dense index ([`Indexed`]): every arrangement of the material with Sente to
//! move, numbered as `numbering.rs` says ([`INDEX_SIZE`] slots), the slots of the larger mirror
//! image holes; ranked, unranked and stepped through by the fast paths of `fast.rs`.

use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::Indexed;

use super::fast;
use super::numbering::{INDEX_SIZE, REACHABLE};
use super::position::DobutsuPos;
use super::rules::Dobutsu;

/// `SlotMoves::for_each_predecessor` from a fast lister of the predecessors of the canonical
/// position `c` with their slots and canonical positions (into a buffer kept per thread).
pub(super) fn each_predecessor(
    list: fn(u64, &mut Vec<(u64, u64)>),
    c: u64,
    mut f: impl FnMut(u64, &DobutsuPos),
) {
    thread_local! {
        static BUFFER: std::cell::Cell<Vec<(u64, u64)>> = const { std::cell::Cell::new(Vec::new()) };
    }
    let mut out = BUFFER.take();
    out.clear();
    list(c, &mut out);
    for &(slot, x) in &out {
        f(slot, &DobutsuPos(x));
    }
    BUFFER.set(out);
}

impl Indexed for Dobutsu {
    fn size(&self) -> u64 {
        INDEX_SIZE
    }

    #[inline]
    fn rank(&self, pos: &DobutsuPos) -> u64 {
        fast::rank(pos.canonical().0)
    }

    /// Slots of positions that are not the representative of their mirror pair are holes.
    #[inline]
    fn unrank(&self, index: u64) -> Option<DobutsuPos> {
        if index >= INDEX_SIZE {
            return None;
        }
        let p = DobutsuPos(fast::unrank(index));
        (p.mirrored().0 >= p.0).then_some(p)
    }

    fn canonical(&self, pos: &DobutsuPos) -> DobutsuPos {
        pos.canonical()
    }

    fn index_scheme(&self) -> String {
        // v2: finished positions are won or lost in 1 (TERMINAL_REMOTENESS); the solutions and
        // checkpoints of v1 counted them in 0, every remoteness one less.
        "dobutsu-sente-to-move-mirror-v2".to_string()
    }

    fn reachable_hint(&self) -> Option<u64> {
        Some(REACHABLE)
    }
}

impl SlotMoves for Dobutsu {
    fn successor_slots(&self, pos: &DobutsuPos, out: &mut Vec<(u64, bool)>) {
        fast::successor_slots(pos.sente_view().0, out);
    }

    fn move_classes(&self, pos: &DobutsuPos) -> nimber_engine::table::plumbing::MoveClasses {
        fast::move_classes(pos.canonical().0)
    }

    fn predecessor_slots(&self, pos: &DobutsuPos, out: &mut Vec<u64>) {
        fast::predecessor_slots(pos.canonical().0, out);
    }

    fn for_each_predecessor<F: FnMut(u64, &DobutsuPos)>(&self, pos: &DobutsuPos, f: F) {
        each_predecessor(fast::predecessors, pos.canonical().0, f);
    }
}
