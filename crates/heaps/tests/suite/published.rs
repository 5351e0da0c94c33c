//! Published nim sequences and periods, reproduced (and the periods proved) by the fast method.
//!
//! Sources: Winning Ways (Berlekamp, Conway and Guy), ch. 4; Guy and Smith, "The G-values of
//! various games" (1956); Gangolli and Plambeck, "A note on periodicity in some octal games"
//! (1989); OEIS A002187 (Dawson's chess), A002188 (Grundy's game), A071435 (.177), A071452
//! (.11377), A071453 (.117), A071464 (.127). OEIS lists "exceptions" (heaps n whose value
//! differs from the periodic pattern); the preperiod here is the last exception plus one.

use nimber_engine::Silent;
use nimber_heaps::{find_period, nim_sequence, Periodicity, Ruleset};

fn rules(code: &str) -> Ruleset {
    Ruleset::parse(code).unwrap()
}

fn values(code: &str, upto: usize) -> Vec<u32> {
    nim_sequence(&rules(code), upto, &Silent)
}

fn period(code: &str, upto: usize) -> Option<Periodicity> {
    find_period(&values(code, upto), Some(&rules(code)), &Silent)
}

fn proved(period: usize, preperiod: usize) -> Option<Periodicity> {
    Some(Periodicity { period, preperiod, saltus: 0, proved: true })
}

#[test]
fn kayles_period_12_from_71() {
    // Winning Ways, ch. 4: the last exception of Kayles is at 70. The theorem needs the values
    // up to 2*71 + 2*12 + 2 - 1 = 167.
    assert_eq!(period("0.77", 167), proved(12, 71));
    let observed = period("0.77", 166).unwrap();
    assert_eq!((observed.period, observed.preperiod, observed.proved), (12, 71, false));
    assert_eq!(period("0.77", 10_000), proved(12, 71));
}

#[test]
fn dawsons_kayles_and_dawsons_chess() {
    // A002187: Dawson's chess (0.137) has period 34 with exceptions at 0, 14, 16, 17, 31, 34
    // and 51; Dawson's Kayles (0.07) has its values shifted by one, and 0.4 by two.
    assert_eq!(period("0.07", 1000), proved(34, 53));
    assert_eq!(period("0.137", 1000), proved(34, 52));
    let kayles = values("0.07", 10_001);
    let chess = values("0.137", 10_000);
    let four = values("0.4", 10_002);
    for n in 0..=10_000 {
        assert_eq!(chess[n], kayles[n + 1], "heap {n}");
        assert_eq!(four[n + 2], chess[n], "heap {n}");
    }
    assert_eq!(&chess[..20], &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]);
    let exceptions: Vec<usize> = (0..200).filter(|&n| chess[n] != chess[n + 34 * 10]).collect();
    assert_eq!(exceptions, [0, 14, 16, 17, 31, 34, 51]);
}

#[test]
fn point_one_six_period_149459_from_105351() {
    // Gangolli and Plambeck (1989). The theorem needs the values up to 2*105351 + 2*149459 + 2
    // - 1 = 509621: proved there, and not one heap earlier (nor observed: the periodic part is
    // not yet seen three times).
    let rules = rules("0.16");
    let g = nim_sequence(&rules, 600_000, &Silent);
    assert_eq!(find_period(&g, Some(&rules), &Silent), proved(149_459, 105_351));
    assert_eq!(find_period(&g[..=509_621], Some(&rules), &Silent), proved(149_459, 105_351));
    assert_eq!(find_period(&g[..=509_620], Some(&rules), &Silent), None);
}

#[test]
fn other_octal_periods() {
    // A071464: .127 has period 4, last exception 46577 (Gangolli and Plambeck).
    assert_eq!(period("0.127", 100_000), proved(4, 46_578));
    // A071453: .117 has period 48, exceptions 2, 6, 7, 12, 16, 22, 26, 36 and 46; .051 has
    // its values shifted by one (Flammenkamp: period and preperiod 48).
    assert_eq!(period("0.117", 2000), proved(48, 47));
    assert_eq!(period("0.051", 2000), proved(48, 48));
    let (a, b) = (values("0.117", 2000), values("0.051", 2001));
    assert!((1..=2000).all(|n| b[n + 1] == a[n]));
    // A071435: .177 has period 20, last exception 496.
    assert_eq!(period("0.177", 3000), proved(20, 497));
    // A071452: .11377 has period 32, last exception 186.
    assert_eq!(period("0.11377", 2000), proved(32, 187));
}

#[test]
fn grundys_game_starts_as_published() {
    // A002188 (Guy and Smith 1956, Table 4), n = 0..104.
    let published = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
        1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
        3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3,
        5, 2, 3,
    ];
    assert_eq!(values("grundy", 104), published);
    // Flammenkamp: the rare values of Grundy's game are those with an even number of 1 bits
    // above the lowest; G(87) = 7 is one of them, and no period is known.
    let g = values("grundy", 20_000);
    assert_eq!(g[87], 7);
    assert_eq!(find_period(&g, Some(&rules("grundy")), &Silent), None);
}

#[test]
fn subtraction_and_all_but_games() {
    // sub:1,2,3 is n mod 4; sub:1,3,4 repeats 0,1,0,1,2,3,2 (Winning Ways, ch. 4).
    assert_eq!(period("sub:1,2,3", 100), proved(4, 0));
    assert_eq!(period("sub:1,3,4", 100), proved(7, 0));
    assert_eq!(&values("sub:1,3,4", 13)[..], &[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    // Nim is allbut: with no exception: G(n) = n, period 1, saltus 1.
    assert_eq!(
        period("allbut:", 100),
        Some(Periodicity { period: 1, preperiod: 0, saltus: 1, proved: false })
    );
    assert_eq!(values("allbut:", 100), (0..=100).collect::<Vec<u32>>());
}
