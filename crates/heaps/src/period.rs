//! Periodicity of nim sequences, observed or proved.
//!
//! A sequence G(0..=N) is *arithmetic-periodic* with period `p`, preperiod `n0` and saltus `s`
//! when G(n + p) = G(n) + s for every n >= n0 (within range: n + p <= N); with `s = 0` it is
//! periodic. [`find_period`] looks for the least such `p` (and for it the least `n0`).
//!
//! # What is reported
//!
//! Any `p` close to N fits a finite sequence, so a period is only reported when it is
//! **proved** (below), or **observed** over a long enough range: the relation holds for at
//! least `2p` values of n (the periodic part is seen three times over) and for at least a
//! quarter of the range. A proved period is looked for first, then an observed one; the least
//! `p` of each kind is reported. When a period `p` is proved, a divisor `d` of `p` is reported
//! instead when G(n + d) = G(n) holds over a whole period `p` beyond the preperiods (it then
//! holds forever, as both sides repeat with period `p`). Rulesets with a largest removal are
//! only searched for ordinary periods (saltus 0: the theorem below is for those, and the values
//! of a subtraction game are bounded); all-but games and Grundy's game for any saltus.
//!
//! # The periodicity theorem implemented
//!
//! Let a heap game have a largest removal `t` (the index of its last non-zero octal digit, or
//! the largest amount of a subtraction game; digit `d0` counts as removal 0) and let every move
//! leave at most `J` heaps (J = 1: subtraction games and octal digits 1-3; J = 2: octal digits
//! 4-7; J = 3: hexadecimal digits 8-F). Let `m >= 1` and `p >= 1`.
//!
//! > If G(n + p) = G(n) for every n with m <= n < J m + (J - 1) p + t, then G(n + p) = G(n) for
//! > every n >= m.
//!
//! For J = 2 this is the octal periodicity theorem of Guy and Smith (1956; Winning Ways,
//! ch. 4): m <= n < 2m + p + t. For subtraction games (J = 1) the window is m <= n < m + t,
//! max(S) values in a row. Checking the window needs the values up to J m + J p + t - 1
//! ([`Ruleset::proof_needs_upto`]). A preperiod 0 is proved with m = 1 together with G(p) =
//! G(0), which is checked directly.
//!
//! *Proof.* By induction on n >= W = J m + (J - 1) p + t; assume the claim below n. A move from
//! n + p removes k <= t tokens and leaves j <= J non-empty heaps (j >= 1: taking a heap of
//! exactly k whole needs n + p = k <= t). They hold n + p - k >= J m + J p tokens, so the largest
//! one, h, has h >= m + p; replacing it by h - p >= m >= 1 gives a move from n (same k, same
//! number of heaps) with the same value, since G(h - p) = G(h) by the window or the induction
//! (h < n + p). Conversely a move from n leaves n - k >= J m + (J - 1) p tokens (n > t, so it
//! leaves at least one heap); the largest heap h has h >= m, and replacing it by h + p gives a
//! move from n + p with the same value. The two heaps' sets of move values are equal, so G(n +
//! p) = G(n). The argument needs the moves to depend only on the number removed and the number
//! of heaps left, which is why it does not apply to Grundy's game (the two heaps must differ)
//! nor to all-but subtraction games (no largest removal): for those, periods are only
//! observed. It also needs s = 0.

use nimber_engine::Progress;

use crate::ruleset::Ruleset;

/// The periodicity of a nim sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The period p.
    pub period: usize,
    /// The least n0 with G(n + p) = G(n) + s for every n >= n0 in range.
    pub preperiod: usize,
    /// The saltus s: 0 for ordinary periodicity.
    pub saltus: i64,
    /// Whether the periodicity theorem proves G(n + p) = G(n) + s for every n >= n0, beyond
    /// the range too.
    pub proved: bool,
}

/// The least `n0` with `values[n + p] - values[n] == s` for `n0 <= n <= N - p`, where `s` is
/// the difference at the end of the range. `p` must be at least 1 and at most `N`.
fn preperiod(values: &[u32], p: usize) -> (usize, i64) {
    let last = values.len() - 1;
    let s = values[last] as i64 - values[last - p] as i64;
    let mut n = last - p;
    loop {
        if values[n + p] as i64 - values[n] as i64 != s {
            return (n + 1, s);
        }
        if n == 0 {
            return (0, s);
        }
        n -= 1;
    }
}

/// The least period of `values` (see the module documentation for what is reported), proved
/// when `rules` is given and the periodicity theorem applies to it. `None` when no period is
/// found. For rulesets with a largest removal only ordinary periods (saltus 0) are looked for.
pub fn find_period(values: &[u32], rules: Option<&Ruleset>, progress: &dyn Progress) -> Option<Periodicity> {
    if values.len() < 2 {
        return None;
    }
    let last = values.len() - 1;
    let needs = |p: usize, n0: usize| rules.and_then(|r| r.proof_needs_upto(p, n0));
    let saltus_allowed = rules.is_none_or(|r| r.finite_removal().is_none());
    progress.phase("periods", Some(last as u64));
    // First a proved period: the least one proved is the least period of the whole sequence,
    // beyond the range too (a divisor of it, see `least_divisor`).
    if needs(1, 0).is_some() {
        for p in (1..=last).take_while(|&p| needs(p, 0).is_some_and(|n| n <= last)) {
            let (n0, saltus) = preperiod(values, p);
            if saltus == 0 && needs(p, n0).is_some_and(|n| n <= last) {
                progress.advance(last as u64);
                return Some(least_divisor(values, p, n0));
            }
        }
    }
    // Then an observed one: at least 2p values checked, and a quarter of the range.
    for p in 1..=(last + 1) / 3 {
        let (n0, saltus) = preperiod(values, p);
        let checked = (last + 1 - p).saturating_sub(n0);
        if (saltus == 0 || saltus_allowed) && checked >= 2 * p && 4 * checked > last {
            progress.advance(last as u64);
            return Some(Periodicity { period: p, preperiod: n0, saltus, proved: false });
        }
    }
    progress.advance(last as u64);
    None
}

/// Given a proved period `p` from `n0`, the least divisor `d` of `p` that is a period too, with
/// its least preperiod: G(n + d) = G(n) must hold from some n0' up to the end of the range, and
/// over at least a whole period `p` beyond both preperiods, so that it holds forever.
fn least_divisor(values: &[u32], p: usize, n0: usize) -> Periodicity {
    let last = values.len() - 1;
    for d in (1..p).filter(|&d| p.is_multiple_of(d)) {
        let (n0d, s) = preperiod(values, d);
        if s == 0 && (last + 1 - d).saturating_sub(n0d.max(n0)) >= p {
            return Periodicity { period: d, preperiod: n0d, saltus: 0, proved: true };
        }
    }
    Periodicity { period: p, preperiod: n0, saltus: 0, proved: true }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::Silent;

    #[test]
    fn preperiods_and_saltus() {
        assert_eq!(preperiod(&[5, 0, 1, 0, 1, 0, 1], 2), (1, 0));
        assert_eq!(preperiod(&[0, 1, 2, 3, 4], 1), (0, 1));
        assert_eq!(preperiod(&[9, 9, 0, 1, 0, 1], 2), (2, 0));
    }

    #[test]
    fn observed_periods_need_a_long_range() {
        let periodic: Vec<u32> = (0..40).map(|n| [0, 1, 2][n % 3]).collect();
        assert_eq!(
            find_period(&periodic, None, &Silent),
            Some(Periodicity { period: 3, preperiod: 0, saltus: 0, proved: false })
        );
        // Three equal values at the end are not a period.
        assert_eq!(find_period(&[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 9, 9], None, &Silent), None);
        let arithmetic: Vec<u32> = (0..30).map(|n| 2 * (n / 3) + [0, 1, 1][n as usize % 3]).collect();
        assert_eq!(
            find_period(&arithmetic, None, &Silent),
            Some(Periodicity { period: 3, preperiod: 0, saltus: 2, proved: false })
        );
    }

    #[test]
    fn proofs_use_the_window() {
        // sub:1,2,3 is n mod 4; the window m <= n < m + 3 with m = 1 needs G up to 7.
        let rules = Ruleset::parse("sub:1,2,3").unwrap();
        let g: Vec<u32> = (0..8).map(|n| n % 4).collect();
        let found = find_period(&g, Some(&rules), &Silent).unwrap();
        assert_eq!(found, Periodicity { period: 4, preperiod: 0, saltus: 0, proved: true });
        assert_eq!(find_period(&g[..7], Some(&rules), &Silent), None);
    }
}
