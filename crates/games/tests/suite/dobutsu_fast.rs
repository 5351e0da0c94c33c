//! The tests of Dōbutsu shōgi's fast paths: the bit
//! helpers, and the portable versions against the ones this processor runs and against the
//! rules.

use nimber_games::dobutsu::{Dobutsu, DobutsuPos, INDEX_SIZE};
use nimber_games::testing::dobutsu::check_material;
#[cfg(target_arch = "x86_64")]
use nimber_games::testing::dobutsu::fast::bmi2;
use nimber_games::testing::dobutsu::fast::{
    canonical_sente, compress, insert_bit, mirror, move_classes, pdep12, pext12, pop12, portable,
    predecessor_slots, predecessors, rank, remove_bit, sente_terminal, spread, successor_slots, unrank,
};
use nimber_games::testing::dobutsu::PosBits;

#[test]
fn bit_helpers() {
    for m in 0..4096u64 {
        assert_eq!(compress(spread(m)), m);
        assert_eq!(pop12(m), m.count_ones());
        for v in [0u64, 0xfff, 0x5a5, 0x3c, m ^ 0x777] {
            let packed = pext12(v, m);
            // The bits of `v` under `m`, from the lowest, packed.
            let (mut want, mut k) = (0, 0);
            for b in (0..12).filter(|b| m >> b & 1 != 0) {
                want |= (v >> b & 1) << k;
                k += 1;
            }
            assert_eq!(packed, want, "{v:x} {m:x}");
            assert_eq!(pdep12(packed, m), v & m, "{v:x} {m:x}");
            assert!(packed < 1 << m.count_ones());
        }
    }
    assert_eq!(remove_bit(0b1011, 1), 0b101);
    assert_eq!(insert_bit(0b101, 1), 0b1001);
}

/// The portable versions agree with the ones this processor runs (compared with the
/// reference in `reference.rs`, by `tests.rs`), so that both are tested where BMI2 is fast.
#[test]
fn tables_agree_with_dispatch() {
    #[cfg(target_arch = "x86_64")]
    eprintln!("fast BMI2: {}", bmi2());
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let (mut open, mut symmetric) = (0, 0);
    for _ in 0..300_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let slot = state % INDEX_SIZE;
        let p = portable::unrank(slot);
        assert_eq!(p, unrank(slot), "{slot}");
        let c = canonical_sente(p);
        assert_eq!(portable::rank(c), rank(c));
        let c = if state >> 60 == 0 {
            // A symmetric position now and then: file c copied from file a, when legal.
            let m = c & !0xf00_f00_f00_f00 | (c & 0x00f_00f_00f_00f) << 8;
            let legal = check_material(DobutsuPos::from_bits(m)).is_ok();
            symmetric += legal as u32;
            if legal {
                m
            } else {
                c
            }
        } else {
            c
        };
        let (mut a, mut b) = (Vec::new(), Vec::new());
        portable::predecessor_slots(c, &mut a);
        predecessor_slots(c, &mut b);
        assert_eq!(a, b);
        // With their positions (SlotMoves::for_each_predecessor): the same slots, each with the
        // position its slot unranks to.
        let mut with = Vec::new();
        predecessors(c, &mut with);
        assert_eq!(with.iter().map(|w| w.0).collect::<Vec<_>>(), b);
        for &(slot, x) in &with {
            assert_eq!(Indexed::unrank(&Dobutsu, slot), Some(DobutsuPos::from_bits(x)));
        }
        // The reference: every predecessor by the rules, the terminal ones left out.
        use nimber_engine::table::Indexed;
        use nimber_engine::Game;
        let mut preds = Vec::new();
        nimber_engine::Backward::predecessors(&Dobutsu, &DobutsuPos::from_bits(c), &mut preds);
        let mut want: Vec<u64> =
            preds.iter().filter(|q| Dobutsu.terminal(q).is_none()).map(|q| Dobutsu.rank(q)).collect();
        want.sort_unstable();
        want.dedup();
        a.sort_unstable();
        assert_eq!(a, want, "{:?}", DobutsuPos::from_bits(c));
        if sente_terminal(c).is_none() {
            open += 1;
            assert_eq!(portable::move_classes(c), move_classes(c));
            assert_eq!(
                move_classes(c),
                portable::move_classes_by_moves(c, mirror(c) == c),
                "{:?}",
                DobutsuPos::from_bits(c)
            );
            let (mut a, mut b) = (Vec::new(), Vec::new());
            portable::successor_slots(c, &mut a);
            successor_slots(c, &mut b);
            assert_eq!(a, b);
        }
    }
    assert!(open > 30_000 && symmetric > 10, "{open} {symmetric}");
}
