//! Rectangular boards as bit sets: symmetries and trimming.

use nimber_games::grid::*;

/// The eight symmetries of every subset of a 2x3 board: each is a bijection, transposing
/// twice and mirroring twice give the board back, and trimming keeps the squares' pattern.
#[test]
fn symmetries_and_trimming() {
    let shape = Shape { rows: 2, cols: 3 };
    for set in 0..1u64 << 6 {
        for turn in 0..8 {
            let (s, [t]) = shape.transform(turn, [set]);
            assert_eq!(t.count_ones(), set.count_ones());
            assert_eq!(s.rows as usize * s.cols as usize, 6);
        }
        let (s, [t]) = shape.transform(4, [set]);
        assert_eq!(s.transform(4, [t]), (shape, [set]));
        let (_, [m]) = shape.transform(1, [set]);
        assert_eq!(shape.transform(1, [m]).1, [set]);
        let (trimmed, [t]) = shape.trim(set, [set]);
        assert_eq!(t.count_ones(), set.count_ones());
        if set != 0 {
            assert_eq!(t, trimmed.all() & t);
        }
    }
    assert_eq!(Shape { rows: 3, cols: 3 }.components(0b101_000_101).len(), 4);
    assert_eq!(Shape { rows: 3, cols: 3 }.components(0b111_010_111).len(), 1);
}
