//! The fast methods against the rules: every heap up to a bound, for every ruleset in a broad
//! family (all octal codes with up to two digits after the point and a few longer ones,
//! hexadecimal codes, subtraction and all-but games, Grundy's game), and the sparse method
//! against the quadratic one on long sequences.

use nimber_engine::Silent;
use nimber_heaps::{definition_sequence, nim_sequence, nim_sequence_with_stats, quadratic_sequence, Ruleset};

fn rules(code: &str) -> Ruleset {
    Ruleset::parse(code).unwrap()
}

/// Compares the fast and quadratic sequences with the definition for heaps 0..=upto; returns
/// the number of heaps compared.
fn check(rules: &Ruleset, upto: u32) -> usize {
    let want = definition_sequence(rules, upto);
    let fast = nim_sequence(rules, upto as usize, &Silent);
    let quadratic = quadratic_sequence(rules, upto as usize, &Silent);
    for n in 0..=upto as usize {
        assert_eq!(fast[n], want[n], "{} fast, heap {n}", rules.code());
        assert_eq!(quadratic[n], want[n], "{} quadratic, heap {n}", rules.code());
    }
    want.len()
}

#[test]
fn every_two_digit_octal_code_matches_the_rules() {
    let mut codes = 0;
    let mut heaps = 0;
    for d0 in [0u8, 4] {
        for d1 in 0..8u8 {
            for d2 in 0..8u8 {
                let code = format!("{d0}.{d1}{d2}");
                heaps += check(&rules(&code), 120);
                codes += 1;
            }
        }
    }
    eprintln!("{codes} octal codes, {heaps} heaps compared with the rules");
    assert_eq!((codes, heaps), (128, 128 * 121));
}

#[test]
fn longer_and_hexadecimal_codes_match_the_rules() {
    let list = [
        "0.137",
        "0.16",
        "0.51",
        "0.52",
        "0.007",
        "0.4",
        "0.06",
        "0.0000007",
        "0.31337",
        "4.7",
        "0.7777",
        "0.8",
        "0.F",
        "0.18",
        "0.B",
        "8.0",
        "C.0",
        "0.0C",
        "4.8",
        "0.5F",
    ];
    let mut heaps = 0;
    for code in list {
        let upto = if rules(code).max_heaps_left() == 3 { 60 } else { 150 };
        heaps += check(&rules(code), upto);
    }
    eprintln!("{} codes, {heaps} heaps compared with the rules", list.len());
    assert_eq!(heaps, 11 * 151 + 9 * 61);
}

#[test]
fn subtraction_allbut_and_grundy_match_the_rules() {
    let list = [
        "sub:1",
        "sub:1,2,3",
        "sub:1,3,4",
        "sub:2,5,7",
        "sub:3,5,8,13",
        "allbut:",
        "allbut:1",
        "allbut:1,3",
        "allbut:2,3,7",
        "allbut:5",
        "grundy",
    ];
    let mut heaps = 0;
    for code in list {
        heaps += check(&rules(code), 200);
    }
    eprintln!("{} rulesets, {heaps} heaps compared with the rules", list.len());
    assert_eq!(heaps, 11 * 201);
}

#[test]
fn sparse_equals_quadratic_on_long_sequences() {
    // Long enough for the split into rare and common values to be chosen several times.
    let mut heaps = 0;
    for (code, upto) in [
        ("0.77", 6000),
        ("0.07", 6000),
        ("0.16", 6000),
        ("0.137", 4000),
        ("grundy", 6000),
        ("4.07", 4000),
        ("0.54", 4000),
    ] {
        let r = rules(code);
        let (fast, stats) = nim_sequence_with_stats(&r, upto, &Silent);
        let quadratic = quadratic_sequence(&r, upto, &Silent);
        assert_eq!(fast, quadratic, "{code}");
        assert!(stats.rebuilds >= 5, "{code}: {stats:?}");
        heaps += upto + 1;
    }
    eprintln!("{heaps} heaps: sparse method equals the quadratic one");
    assert_eq!(heaps, 4 * 6001 + 3 * 4001);
}
