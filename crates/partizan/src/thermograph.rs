//! Thermographs: how a game's stops change as it is cooled (Conway, *On Numbers and Games*,
//! ch. 9; *Winning Ways*, ch. 6; Siegel, *Combinatorial Game Theory*, II.5).
//!
//! Cooling a game by a temperature `t` taxes every move by `t`; the thermograph draws the left
//! stop and the right stop of the cooled game (its **left wall** and **right wall**) against
//! `t`. Both walls are piecewise linear, with slopes 0 or -1 (left wall) and 0 or +1 (right
//! wall), and they meet at the game's **temperature**, above which they go on as one vertical
//! **mast** at the game's **mean** value.
//!
//! They are found from the options' walls (the thermograph recursion): for a game that is not
//! an integer, the left scaffold is the highest right wall of Left's options shifted by `-t`,
//! the right scaffold the lowest left wall of Right's options shifted by `+t`; the walls follow
//! the scaffolds until they meet, then the mast. An integer `n` is a mast at `n` from `t = -1`.
//! Walls are kept over `t >= -1`, so that numbers get CGSuite's temperatures: `m/2^k` (odd `m`)
//! has temperature `-1/2^k` (`1/2` is `-1/2`, `3/4` is `-1/4`) and an integer `-1`.
//!
//! Every break point of a wall is a dyadic rational (the walls of options meet at dyadic
//! points, since slopes differ by 1 or 2), so everything here is exact.
//!
//! This module is the arithmetic of walls; [`crate::forms::Forms::thermograph`] builds the
//! thermograph of a canonical form from its options', and [`svg`](mod@svg) draws it.

pub mod svg;

use std::cmp::Ordering;

use nimber_engine::Dyadic;

pub use svg::svg;

/// The lowest temperature walls are kept for: integers are masts from here.
pub const BOTTOM: Dyadic = Dyadic::int(-1);

/// One piece of a wall: from temperature `t` (to the next piece's), the value `v` at `t` and the
/// slope: the value at `t + d` is `v + slope * d`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Piece {
    t: Dyadic,
    v: Dyadic,
    slope: i64,
}

impl Piece {
    fn at(&self, t: Dyadic) -> Dyadic {
        self.v + mul(self.slope, t - self.t)
    }
}

/// `k * x` for a small integer `k`.
fn mul(k: i64, x: Dyadic) -> Dyadic {
    Dyadic::int(k as i128) * x
}

/// A wall: a continuous piecewise linear function of the temperature over `t >= -1` ([`BOTTOM`]),
/// with integer slopes, the last piece going on for ever.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Trajectory {
    /// Pieces by increasing temperature, the first from [`BOTTOM`]; no two neighbours on one
    /// line.
    pieces: Vec<Piece>,
}

impl Trajectory {
    /// The constant `x`: a mast.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory { pieces: vec![Piece { t: BOTTOM, v: x, slope: 0 }] }
    }

    /// The value at temperature `t` (`t >= -1`).
    pub fn at(&self, t: Dyadic) -> Dyadic {
        self.piece_at(t).at(t)
    }

    fn piece_at(&self, t: Dyadic) -> &Piece {
        let i = self.pieces.partition_point(|p| p.t <= t);
        &self.pieces[i.saturating_sub(1)]
    }

    /// The break points `(temperature, value)` where the slope changes, from `t = -1`, and the
    /// slope after the last one.
    pub fn points(&self) -> (Vec<(Dyadic, Dyadic)>, i64) {
        let points = self.pieces.iter().map(|p| (p.t, p.v)).collect();
        (points, self.pieces.last().map_or(0, |p| p.slope))
    }

    /// The slope over `[t, t + dt)` for a small `dt > 0`.
    pub fn slope_after(&self, t: Dyadic) -> i64 {
        self.piece_at(t).slope
    }

    /// This plus `k * t`: the wall shifted by `k` per degree.
    fn tilted(&self, k: i64) -> Trajectory {
        Trajectory {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece { t: p.t, v: p.v + mul(k, p.t), slope: p.slope + k })
                .collect(),
        }
    }

    fn negated(&self) -> Trajectory {
        Trajectory {
            pieces: self.pieces.iter().map(|p| Piece { t: p.t, v: -p.v, slope: -p.slope }).collect(),
        }
    }

    /// The pointwise maximum of two walls.
    fn max(&self, other: &Trajectory) -> Trajectory {
        let mut knots: Vec<Dyadic> = self.pieces.iter().chain(&other.pieces).map(|p| p.t).collect();
        knots.sort_unstable();
        knots.dedup();
        let mut out: Vec<Piece> = Vec::with_capacity(knots.len() + 2);
        for (i, &a) in knots.iter().enumerate() {
            let b = knots.get(i + 1).copied();
            let (f, g) = (self.piece_at(a), other.piece_at(a));
            let (fa, ga) = (f.at(a), g.at(a));
            // The higher at a (or, if equal, the one that rises faster) holds until they cross.
            let (first, second) = match fa.cmp(&ga) {
                Ordering::Greater => (f, g),
                Ordering::Less => (g, f),
                Ordering::Equal if f.slope >= g.slope => (f, g),
                Ordering::Equal => (g, f),
            };
            push(&mut out, Piece { t: a, v: first.at(a), slope: first.slope });
            if second.slope > first.slope {
                // They cross where first(a) + s1 d = second(a) + s2 d.
                let gap = first.at(a) - second.at(a);
                let d = div(gap, second.slope - first.slope);
                let c = a + d;
                if d > Dyadic::ZERO && b.is_none_or(|b| c < b) {
                    push(&mut out, Piece { t: c, v: second.at(c), slope: second.slope });
                }
            }
        }
        Trajectory { pieces: out }
    }

    /// The pointwise minimum of two walls.
    fn min(&self, other: &Trajectory) -> Trajectory {
        self.negated().max(&other.negated()).negated()
    }

    /// This wall up to `t`, then constant.
    fn mast_from(&self, t: Dyadic) -> Trajectory {
        let mut pieces: Vec<Piece> = self.pieces.iter().copied().filter(|p| p.t < t).collect();
        let v = self.at(t);
        if pieces.is_empty() {
            pieces.push(Piece { t: BOTTOM, v, slope: 0 });
        } else {
            push(&mut pieces, Piece { t, v, slope: 0 });
        }
        Trajectory { pieces }
    }
}

/// Appends a piece, merging it with the last one when it goes on the same line.
fn push(out: &mut Vec<Piece>, piece: Piece) {
    if let Some(last) = out.last() {
        if last.slope == piece.slope && last.at(piece.t) == piece.v {
            return;
        }
        if last.t == piece.t {
            out.pop();
        }
    }
    out.push(piece);
}

/// `x / k` for `k` a power of two up to sign (slopes differ by 1 or 2 here).
fn div(x: Dyadic, k: i64) -> Dyadic {
    assert!(k != 0 && k.unsigned_abs().is_power_of_two(), "walls cross at dyadic points only");
    let mut q = x;
    for _ in 0..k.unsigned_abs().trailing_zeros() {
        q = q.half();
    }
    if k < 0 {
        -q
    } else {
        q
    }
}

/// A game's thermograph: its two walls over `t >= -1`, which meet at its temperature and go on
/// as one mast at its mean.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Thermograph {
    /// The left wall: the left stop of the game cooled by `t`.
    pub left: Trajectory,
    /// The right wall: the right stop of the game cooled by `t`.
    pub right: Trajectory,
    mean: Dyadic,
    temperature: Dyadic,
}

impl Thermograph {
    /// The thermograph of the integer `n`: a mast from `t = -1`.
    pub fn integer(n: Dyadic) -> Thermograph {
        Thermograph {
            left: Trajectory::constant(n),
            right: Trajectory::constant(n),
            mean: n,
            temperature: BOTTOM,
        }
    }

    /// The thermograph of a game that is not an integer, from the thermographs of Left's options
    /// and of Right's (each side has at least one: a canonical form that is not an integer has
    /// options on both sides). `number` says whether the game is a number: its temperature is
    /// then negative (CGSuite's convention); a game that is not a number has temperature at
    /// least 0 (an infinitesimal's is 0).
    pub fn from_options(left: &[&Thermograph], right: &[&Thermograph], number: bool) -> Thermograph {
        let scaffold_left =
            left.iter().map(|g| g.right.tilted(-1)).reduce(|a, b| a.max(&b)).expect("a Left option");
        let scaffold_right =
            right.iter().map(|g| g.left.tilted(1)).reduce(|a, b| a.min(&b)).expect("a Right option");
        // Where the scaffolds meet: the difference only falls (slopes 0, -1, -2), so it is the
        // first point where it is at most 0.
        let gap = |t: Dyadic| scaffold_left.at(t) - scaffold_right.at(t);
        let mut knots: Vec<Dyadic> =
            scaffold_left.pieces.iter().chain(&scaffold_right.pieces).map(|p| p.t).collect();
        knots.sort_unstable();
        knots.dedup();
        let mut meet = None;
        for (i, &a) in knots.iter().enumerate() {
            let here = gap(a);
            if here <= Dyadic::ZERO {
                meet = Some(a);
                break;
            }
            // Within [a, next): the gap falls at the difference of the slopes.
            let fall = scaffold_right.slope_after(a) - scaffold_left.slope_after(a);
            if fall > 0 {
                let c = a + div(here, fall);
                if knots.get(i + 1).is_none_or(|&b| c < b) {
                    meet = Some(c);
                    break;
                }
            }
        }
        let meet = meet.expect("the scaffolds of a short game meet");
        let mean = scaffold_left.at(meet);
        let temperature = if number { meet } else { meet.max(Dyadic::ZERO) };
        Thermograph {
            left: scaffold_left.mast_from(meet),
            right: scaffold_right.mast_from(meet),
            mean,
            temperature,
        }
    }

    /// The mean value: where the mast stands.
    pub fn mean(&self) -> Dyadic {
        self.mean
    }

    /// The temperature: where the walls meet (negative for numbers, `-1/2^k` for `m/2^k`).
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(num: i128, exp: u32) -> Dyadic {
        Dyadic::new(num, exp)
    }

    /// A wall from its break points (first at -1) and final slope, for the tests.
    fn wall(points: &[(Dyadic, Dyadic)], last: i64) -> Trajectory {
        let mut pieces = Vec::new();
        for (i, &(t, v)) in points.iter().enumerate() {
            let slope = match points.get(i + 1) {
                Some(&(t2, v2)) => {
                    let rise = v2 - v;
                    let run = t2 - t;
                    (0..=2).chain(-2..0).find(|&k| mul(k, run) == rise).expect("a small slope")
                }
                None => last,
            };
            pieces.push(Piece { t, v, slope });
        }
        Trajectory { pieces }
    }

    #[test]
    fn max_min_and_crossings() {
        let a = wall(&[(BOTTOM, d(2, 0))], -1); // 1 - t
        let b = Trajectory::constant(d(1, 1)); // 1/2
        let m = a.max(&b);
        // 1 - t meets 1/2 at t = 1/2.
        assert_eq!(m.points(), (vec![(BOTTOM, d(2, 0)), (d(1, 1), d(1, 1))], 0));
        let n = a.min(&b);
        assert_eq!(n.points(), (vec![(BOTTOM, d(1, 1)), (d(1, 1), d(1, 1))], -1));
        assert_eq!(n.at(d(3, 0)), d(-2, 0));
        // Equal at the start: the one that rises faster is the maximum from there.
        let c = wall(&[(BOTTOM, d(1, 1))], 1);
        assert_eq!(b.max(&c).points(), (vec![(BOTTOM, d(1, 1))], 1));
        assert_eq!(b.min(&c).points(), (vec![(BOTTOM, d(1, 1))], 0));
    }

    #[test]
    fn switch() {
        // +-1: Left's option 1, Right's -1.
        let one = Thermograph::integer(d(1, 0));
        let minus = Thermograph::integer(d(-1, 0));
        let t = Thermograph::from_options(&[&one], &[&minus], false);
        assert_eq!((t.mean(), t.temperature()), (Dyadic::ZERO, d(1, 0)));
        assert_eq!(t.left.points(), (vec![(BOTTOM, d(2, 0)), (d(1, 0), Dyadic::ZERO)], 0));
        assert_eq!(t.right.at(d(1, 1)), d(-1, 1));
        // 1/2 = {0 | 1}: temperature -1/2.
        let zero = Thermograph::integer(Dyadic::ZERO);
        let half = Thermograph::from_options(&[&zero], &[&one], true);
        assert_eq!((half.mean(), half.temperature()), (d(1, 1), d(-1, 1)));
    }
}
