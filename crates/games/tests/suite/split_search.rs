//! The search for the reachable positions split over members (`dense::reachable_member`, what
//! the processes of a cluster run): each member expands its own regions of the index and sends
//! the others the successors in theirs. By 1, 2, 3 and 5 members (threads sharing mailboxes,
//! `exchange::Threads`), each member ends with its window of the set the one-process search
//! finds (the slots of its regions, numbered as in the whole set), the windows covering the
//! index in member order, on tic-tac-toe, Dodgem 3x3 and 4x4, Connect Four 4x4 and Nim with
//! four heaps of at most 12: every slot of each index is compared, with its rank, and every
//! rank selected back.

use nimber_engine::solve::exchange::Threads;
use nimber_engine::table::dense::{reachable, reachable_member, DenseSet};
use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::Silent;
use nimber_games::connect4::ConnectFour;
use nimber_games::dodgem::Dodgem;
use nimber_games::nim::{IndexedNim, Nim};
use nimber_games::tictactoe::TicTacToe;

/// The slots of `game` compared between the one-process search and each member of a split one.
fn split_equals_whole<G: SlotMoves>(name: &str, game: &G) -> u64 {
    let whole = reachable(game, &Silent).unwrap();
    for members in [1, 2, 3, 5] {
        let sets: Vec<DenseSet> = std::thread::scope(|scope| {
            let handles: Vec<_> = Threads::members(members)
                .into_iter()
                .map(|mut m| scope.spawn(move || reachable_member(game, &mut m, &Silent).unwrap()))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut next_slot = 0;
        for (m, set) in sets.iter().enumerate() {
            let at = format!("{name}: member {m} of {members}");
            assert_eq!(set.count(), whole.count(), "{at}");
            let slots = set.slots();
            assert_eq!(slots.start, next_slot, "{at}: the windows cover the index in order");
            next_slot = slots.end;
            let differ = slots.clone().filter(|&s| set.rank(s) != whole.rank(s)).count();
            assert_eq!(differ, 0, "{at}: {differ} slots differ");
            let before = whole.count_below(slots.start);
            assert_eq!(set.count_below(slots.start), before, "{at}");
            for k in before..whole.count_below(slots.end) {
                assert_eq!(set.select(k), whole.select(k), "{at}: position {k}");
            }
        }
        assert_eq!(next_slot, game.size(), "{name}: the windows cover the index");
    }
    eprintln!(
        "{name}: {} slots, {} reachable, the same by 1, 2, 3 and 5 members",
        game.size(),
        whole.count()
    );
    whole.count()
}

#[test]
fn a_split_search_finds_the_one_process_set() {
    assert_eq!(split_equals_whole("tictactoe", &TicTacToe), 5478);
    split_equals_whole("dodgem 3x3", &Dodgem::new(3).unwrap());
    assert_eq!(split_equals_whole("dodgem 4x4", &Dodgem::new(4).unwrap()), 395_294);
    split_equals_whole("connect4 4x4", &ConnectFour::new(4, 4).unwrap());
    split_equals_whole("nim 4x12", &IndexedNim::new(Nim::new(vec![12; 4])).unwrap());
}
