//! The slot numbering of the dense indexes is part of the store and checkpoint formats: a store
//! saved by an earlier nimber names its scheme (`dodgem-...`, `nim-multiset-v1`, ...) and is read
//! slot by slot. These tests pin the numbering of the games whose indexes rank subsets in the
//! combinatorial number system (Dodgem's cars, Nim's heaps, Dōbutsu's occupied squares), so
//! that a change to the ranking code that moves a slot fails here rather than in a user's store.
//!
//! Each test walks slots (all of them, or every `stride`-th), unranks each, checks that it ranks
//! back, and folds the slot and the position's notation into an FNV-1a fingerprint, compared
//! with the one of the numbering as first shipped.

use nimber_engine::table::Indexed;
use nimber_engine::{Game, Notation};
use nimber_games::dobutsu::Dobutsu;
use nimber_games::dodgem::Dodgem;
use nimber_games::nim::{IndexedNim, Nim};

/// FNV-1a over the slots `0, stride, 2 stride, ...` below the index's size and the notation of
/// their positions (holes count as a marker); the number of positions walked.
fn fingerprint<G>(game: &G, stride: u64) -> (u64, u64)
where
    G: Indexed + Notation<<G as Game>::Position>,
{
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash = (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    };
    let mut walked = 0;
    let mut slot = 0;
    while slot < game.size() {
        eat(&slot.to_le_bytes());
        match game.unrank(slot) {
            Some(pos) => {
                assert_eq!(game.rank(&pos), slot, "slot {slot} unranks to a position of another slot");
                eat(game.format(&pos).as_bytes());
                walked += 1;
            }
            None => eat(b"hole"),
        }
        slot += stride;
    }
    (hash, walked)
}

#[test]
fn dodgem_numbering() {
    assert_eq!(fingerprint(&Dodgem::new(3).unwrap(), 1), (385_608_625_341_181_988, 2846));
    assert_eq!(fingerprint(&Dodgem::new(4).unwrap(), 1), (14_188_748_086_187_116_130, 555_986));
    assert_eq!(fingerprint(&Dodgem::new(5).unwrap(), 9_973), (15_150_092_779_466_709_797, 24_072));
}

#[test]
fn nim_numbering() {
    let nim = |heaps: Vec<u32>| IndexedNim::new(Nim::new(heaps)).unwrap();
    assert_eq!(fingerprint(&nim(vec![9; 5]), 1), (715_729_788_942_389_780, 2002));
    assert_eq!(fingerprint(&nim(vec![30; 6]), 1), (15_314_489_440_620_312_882, 1_947_792));
    assert_eq!(fingerprint(&nim(vec![1_000_000]), 1), (3_221_827_062_372_231_556, 1_000_001));
    assert_eq!(fingerprint(&nim(vec![2_000, 2_000, 2_000]), 10_007), (872_641_233_796_706_398, 133_641));
}

#[test]
fn dobutsu_numbering() {
    assert_eq!(fingerprint(&Dobutsu, 997), (9_984_383_516_858_736_209, 786_292));
}
