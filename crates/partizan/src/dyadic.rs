//! Dyadic rationals `n / 2^k`: the numbers of short games.

use std::cmp::Ordering;
use std::fmt;

/// A dyadic rational `num / 2^exp`, kept reduced (`num` odd, or `exp` 0). The numerator has 128
/// bits, so that the numbers of any game the expression reader or a board can build fit.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Dyadic {
    num: i128,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// The integer `n`.
    pub const fn int(n: i128) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, reduced.
    pub fn new(num: i128, exp: u32) -> Dyadic {
        let mut d = Dyadic { num, exp };
        d.reduce();
        d
    }

    fn reduce(&mut self) {
        if self.num == 0 {
            self.exp = 0;
            return;
        }
        let shift = self.num.trailing_zeros().min(self.exp);
        self.num >>= shift;
        self.exp -= shift;
    }

    /// The numerator of the reduced fraction.
    pub fn numerator(self) -> i128 {
        self.num
    }

    /// `k` of the denominator `2^k`.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The largest integer at most this.
    pub fn floor(self) -> i128 {
        self.num >> self.exp
    }

    /// The numerators of `self` and `other` over their common denominator, and its exponent.
    fn common(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        (self.num << (exp - self.exp), other.num << (exp - other.exp), exp)
    }

    /// The nearest `f64` (exact when the numerator has at most 53 bits).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / (self.exp as f64).exp2()
    }

    /// Half of this.
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// The simplest number strictly between `lo` and `hi` (`None`: no bound on that side), which
    /// must have `lo < hi`: the integer nearest 0 if there is one, else the one of smallest
    /// denominator. This is the value of `{lo | hi}` when both are numbers.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        let above = |x: Option<Dyadic>, d: Dyadic| x.is_none_or(|x| x < d);
        let below = |x: Option<Dyadic>, d: Dyadic| x.is_none_or(|x| d < x);
        if lo.is_none_or(|l| l < Dyadic::ZERO) && hi.is_none_or(|h| h > Dyadic::ZERO) {
            return Dyadic::ZERO;
        }
        if hi.is_some_and(|h| h <= Dyadic::ZERO) {
            // Mirror: the simplest between -hi and -lo, negated.
            return -Dyadic::simplest_between(hi.map(|h| -h), lo.map(|l| -l));
        }
        // 0 <= lo: the smallest integer above lo, or a finer fraction.
        let lo = lo.expect("a lower bound at least 0");
        let n = Dyadic::int(lo.floor() + 1);
        if above(hi.map(|h| -h), -n) {
            return n;
        }
        let mut exp = 1;
        loop {
            // The smallest multiple of 2^-exp above lo.
            let scaled = if exp >= lo.exp { lo.num << (exp - lo.exp) } else { lo.num >> (lo.exp - exp) };
            let c = Dyadic::new(scaled + 1, exp);
            if c > lo && below(hi, c) {
                return c;
            }
            exp += 1;
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.common(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, exp) = self.common(other);
        Dyadic::new(a + b, exp)
    }
}

impl std::ops::Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + -other
    }
}

impl std::ops::Mul for Dyadic {
    type Output = Dyadic;
    fn mul(self, other: Dyadic) -> Dyadic {
        Dyadic::new(self.num * other.num, self.exp + other.exp)
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic { num: -self.num, exp: self.exp }
    }
}

/// `3`, `-1/2`, `3/4`: CGSuite's notation.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u128 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(num: i128, exp: u32) -> Dyadic {
        Dyadic::new(num, exp)
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d(2, 2), d(1, 1));
        assert_eq!(d(1, 1) + d(1, 2), d(3, 2));
        assert_eq!(d(1, 1) - d(3, 2), d(-1, 2));
        assert_eq!(d(3, 2).to_string(), "3/4");
        assert_eq!(d(-1, 1).to_string(), "-1/2");
        assert_eq!(Dyadic::int(-3).to_string(), "-3");
        assert!(d(-1, 1) < Dyadic::ZERO && d(1, 3) < d(1, 2));
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(3, 1).floor(), 1);
    }

    /// The simplest number between two, against a search over every dyadic of denominator at
    /// most 2^6 in -5..5 (all 641 of them), on every pair of bounds among those of denominator at
    /// most 8 and the absent ones.
    #[test]
    fn simplest_between_every_small_pair() {
        let all: Vec<Dyadic> = (-5 * 64..=5 * 64).map(|n| d(n, 6)).collect();
        // Simpler: a smaller denominator, then a smaller absolute value.
        let simpler = |a: Dyadic, b: Dyadic| (a.exp, a.num.abs()) < (b.exp, b.num.abs());
        let bounds: Vec<Option<Dyadic>> =
            std::iter::once(None).chain((-4 * 8..=4 * 8).map(|n| Some(d(n, 3)))).collect();
        let mut pairs = 0;
        for &lo in &bounds {
            for &hi in &bounds {
                if let (Some(l), Some(h)) = (lo, hi) {
                    if l >= h {
                        continue;
                    }
                }
                let mut best: Option<Dyadic> = None;
                for &x in &all {
                    if lo.is_none_or(|l| l < x)
                        && hi.is_none_or(|h| x < h)
                        && best.is_none_or(|b| simpler(x, b))
                    {
                        best = Some(x);
                    }
                }
                assert_eq!(Some(Dyadic::simplest_between(lo, hi)), best, "{lo:?} {hi:?}");
                pairs += 1;
            }
        }
        assert_eq!(pairs, 2211);
    }
}
