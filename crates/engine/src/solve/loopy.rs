//! Generalized nim values of impartial games with cycles (loopy games), under normal play.
//!
//! # The generalized Sprague-Grundy function
//!
//! C. A. B. Smith ("Graphs and composite games", J. Combin. Theory 1, 1966) extended nim values
//! to finite impartial games whose positions may repeat; A. S. Fraenkel and Y. Yesha ("The
//! generalized Sprague-Grundy function and its invariance under certain mappings", J. London
//! Math. Soc. 1986) gave the labelling algorithm used here. Every position `u` gets a value
//! `γ(u)`: either a natural number, or `∞(K)` where `K` is the set of finite values among the
//! positions one move away (the followers `F(u)`). Write `m(u)` for the mex (least natural
//! number not among) the finite values of `F(u)`. `γ` is the unique function for which there is
//! a *counter* `c` (a natural number for each finite-valued position) such that:
//!
//! - **A.** if `γ(u)` is finite, `γ(u) = m(u)`: every smaller value is a follower's, `γ(u)`
//!   itself is not;
//! - **B.** if `γ(u)` is finite and a follower `v` has `γ(v) > γ(u)` or `γ(v) = ∞`, then `v` has
//!   a follower `w` with `γ(w) = γ(u)` and `c(w) < c(u)` (the move to `v` *reverses* to `w`, and
//!   the counter makes sure that reversing cannot go on forever);
//! - **C.** if `γ(u) = ∞`, some follower `v` has `γ(v) = ∞(K)` with `m(u) ∉ K` (a move to an
//!   infinite position that does not reverse to value `m(u)`).
//!
//! On games without cycles `γ` is the ordinary nim value. The value gives the outcome under
//! normal play, where endless play is a draw: `γ(u) = 0` is a loss for the player to move
//! (P), a non-zero finite value or `∞(K)` with `0 ∈ K` a win (N), and `∞(K)` with `0 ∉ K` a
//! draw (D).
//!
//! # Sums
//!
//! In a sum of games a move is a move in exactly one component. With `⊕` the XOR:
//! `γ(u + v) = γ(u) ⊕ γ(v)` when both are finite; `∞(K) + a = ∞(K ⊕ a)` where `K ⊕ a = {k ⊕ a :
//! k ∈ K}`; and the sum of two infinite values is `∞(∅)`, a draw (Smith 1966; Fraenkel's
//! surveys). The last case follows from the definition: every follower of a sum of two
//! infinite positions still has an infinite component, so it is infinite, and the set of
//! finite values among the followers is empty. [`LoopyNim::sum`] implements these rules, and
//! the tests check them against the explicit sum of random cyclic games, value by value.
//!
//! # The algorithm
//!
//! The labelling runs by levels `i = 0, 1, 2, ...`. At level `i` the positions with values
//! below `i` are out of play; a position is *open* when it is unlabelled or infinite. Level `i`
//! is retrograde analysis on the open positions with "labelled `i`" in the role of a loss:
//!
//! 1. an unlabelled position whose open followers all have a follower labelled `i`, and which
//!    has no follower labelled `i` itself, is labelled `i`;
//! 2. when no more can be labelled, an unlabelled position with no follower labelled `i` is
//!    labelled `∞`; the others (they have a follower labelled `i`) go on to level `i + 1`.
//!
//! Step 1 keeps, for each unlabelled position, the number of its open followers not yet known to
//! have a follower labelled `i`, and walks backwards from each newly labelled position: its open
//! predecessors gain a follower labelled `i`, and their unlabelled predecessors one open follower
//! fewer to wait for; at zero they are labelled `i`. The round in which a position is labelled
//! is its counter `c`. A level costs time proportional to the moves into and out of the open
//! positions, and a position with `d` moves has a value of at most `d`, so there are at most
//! `1 + max d` levels.

use std::collections::BTreeMap;
use std::fmt;
use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::game::{Game, Kind};
use crate::rules::value::Value;
use crate::solve::reach::Reached;

/// A generalized nim value: a natural number, or `∞(K)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyNim {
    /// A finite value: the position behaves like a nim heap of this size.
    Finite(u32),
    /// `∞(K)`: play from here can go on forever; `K` (increasing, distinct) is the set of
    /// finite values among the position's followers.
    Infinite(Vec<u32>),
}

impl LoopyNim {
    /// `∞(K)`, with `K` sorted and without repeats.
    pub fn infinite(mut k: Vec<u32>) -> LoopyNim {
        k.sort_unstable();
        k.dedup();
        LoopyNim::Infinite(k)
    }

    /// The finite value, if it is finite.
    pub fn nim(&self) -> Option<u32> {
        match self {
            LoopyNim::Finite(n) => Some(*n),
            LoopyNim::Infinite(_) => None,
        }
    }

    /// `K` of `∞(K)`; `None` for a finite value.
    pub fn infinite_set(&self) -> Option<&[u32]> {
        match self {
            LoopyNim::Finite(_) => None,
            LoopyNim::Infinite(k) => Some(k),
        }
    }

    /// The outcome for the player to move under normal play: lose (value 0), win (a non-zero
    /// finite value, or `∞(K)` with 0 in `K`) or draw (`∞(K)` without 0).
    pub fn value(&self) -> Value {
        match self {
            LoopyNim::Finite(0) => Value::Lose,
            LoopyNim::Finite(_) => Value::Win,
            LoopyNim::Infinite(k) if k.first() == Some(&0) => Value::Win,
            LoopyNim::Infinite(_) => Value::Draw,
        }
    }

    /// The value of the sum of two games with these values: `a ⊕ b` when both are finite,
    /// `∞(K ⊕ a)` for `∞(K) + a`, and `∞(∅)` for two infinite values (see the module
    /// documentation).
    pub fn sum(&self, other: &LoopyNim) -> LoopyNim {
        match (self, other) {
            (LoopyNim::Finite(a), LoopyNim::Finite(b)) => LoopyNim::Finite(a ^ b),
            (LoopyNim::Infinite(k), LoopyNim::Finite(a)) | (LoopyNim::Finite(a), LoopyNim::Infinite(k)) => {
                LoopyNim::infinite(k.iter().map(|x| x ^ a).collect())
            }
            (LoopyNim::Infinite(_), LoopyNim::Infinite(_)) => LoopyNim::Infinite(Vec::new()),
        }
    }

    /// The value of the sum of any number of games (0 for none).
    pub fn sum_all<'a>(values: impl IntoIterator<Item = &'a LoopyNim>) -> LoopyNim {
        values.into_iter().fold(LoopyNim::Finite(0), |acc, v| acc.sum(v))
    }
}

/// `3`, `∞(0,2)`, `∞(∅)`.
impl fmt::Display for LoopyNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyNim::Finite(n) => write!(f, "{n}"),
            LoopyNim::Infinite(k) if k.is_empty() => f.write_str("∞(∅)"),
            LoopyNim::Infinite(k) => {
                let list: Vec<String> = k.iter().map(|x| x.to_string()).collect();
                write!(f, "∞({})", list.join(","))
            }
        }
    }
}

/// A position not labelled yet.
const UNLABELLED: u32 = u32::MAX;
/// A position labelled `∞`.
const INFINITE: u32 = u32::MAX - 1;

/// The generalized nim values of the positions of an reached game, by number.
pub struct Labels {
    /// Finite value, or [`INFINITE`].
    value: Vec<u32>,
    /// The counter of finite-valued positions (0 for infinite ones).
    counter: Vec<u32>,
    /// `K` of infinite position `i` is `k_values[k_offsets[i]..k_offsets[i + 1]]` (empty for
    /// finite positions).
    k_offsets: Vec<u64>,
    k_values: Vec<u32>,
    /// Number of levels run.
    levels: u32,
}

impl Labels {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.value.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.value.is_empty()
    }

    /// The value of position `i`.
    pub fn get(&self, i: usize) -> LoopyNim {
        match self.value[i] {
            INFINITE => LoopyNim::Infinite(
                self.k_values[self.k_offsets[i] as usize..self.k_offsets[i + 1] as usize].to_vec(),
            ),
            n => LoopyNim::Finite(n),
        }
    }

    /// The counter `c` of a finite-valued position (property B of the module documentation);
    /// `None` for an infinite one.
    pub fn counter(&self, i: usize) -> Option<u32> {
        (self.value[i] != INFINITE).then_some(self.counter[i])
    }

    /// Number of levels the labelling ran: one more than the largest finite value, or so.
    pub fn levels(&self) -> u32 {
        self.levels
    }
}

/// Labels every position of `reached` (see the module documentation). Declared terminal
/// positions count as positions without moves, whatever their declared value: [`solve`] checks
/// that they are all declared lost. Stops with [`Error::Cancelled`] between two rounds when
/// `progress` asks.
pub fn label<P>(reached: &Reached<P>, progress: &dyn Progress) -> Result<Labels, Error> {
    let n = reached.len();
    progress.phase("building the reverse graph", None);
    let preds = reached.predecessors();
    progress.phase("labelling generalized nim values", Some(n as u64));

    let mut value = vec![UNLABELLED; n];
    let mut counter = vec![0u32; n];
    // Open followers still waiting for a follower labelled with the current level.
    let mut waiting = vec![0u32; n];
    // `won[p] == level + 1` when `p` has a follower labelled `level`.
    let mut won = vec![0u32; n];
    let mut open: Vec<u32> = (0..n as u32).collect();
    let mut frontier: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    let mut level = 0u32;
    while !open.is_empty() {
        let stamp = level + 1;
        frontier.clear();
        for &u in &open {
            // Followers with a value below `level` are out of play; those labelled `level`
            // earlier in this pass count as open (they will mark `u` as having one).
            let w = reached.children(u as usize).iter().filter(|&&c| value[c as usize] >= level).count();
            waiting[u as usize] = w as u32;
            if w == 0 {
                value[u as usize] = level;
                counter[u as usize] = 0;
                frontier.push(u);
            }
        }
        let mut round = 0u32;
        while !frontier.is_empty() {
            if progress.cancelled() {
                return Err(Error::Cancelled { checkpoint: None, proven: None });
            }
            round += 1;
            next.clear();
            for &v in &frontier {
                for &p in preds.get(v as usize) {
                    let vp = value[p as usize];
                    if (vp != UNLABELLED && vp != INFINITE) || won[p as usize] == stamp {
                        continue;
                    }
                    won[p as usize] = stamp;
                    for &q in preds.get(p as usize) {
                        let q = q as usize;
                        if value[q] != UNLABELLED || won[q] == stamp {
                            continue;
                        }
                        waiting[q] -= 1;
                        if waiting[q] == 0 {
                            value[q] = level;
                            counter[q] = round;
                            next.push(q as u32);
                        }
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
        }
        let before = open.len();
        open.retain(|&u| {
            let u = u as usize;
            if value[u] != UNLABELLED {
                false
            } else if won[u] == stamp {
                true
            } else {
                value[u] = INFINITE;
                false
            }
        });
        progress.advance((before - open.len()) as u64);
        level += 1;
    }

    // K of each infinite position: the finite values among its followers.
    let mut k_offsets = Vec::with_capacity(n + 1);
    let mut k_values = Vec::new();
    k_offsets.push(0u64);
    let mut scratch = Vec::new();
    for u in 0..n {
        if value[u] == INFINITE {
            scratch.clear();
            scratch.extend(reached.children(u).iter().map(|&c| value[c as usize]).filter(|&v| v != INFINITE));
            scratch.sort_unstable();
            scratch.dedup();
            k_values.extend_from_slice(&scratch);
        }
        k_offsets.push(k_values.len() as u64);
    }
    Ok(Labels { value, counter, k_offsets, k_values, levels: level })
}

/// Every position reached by the loopy solver, with its generalized nim value.
pub struct LoopySolution<P> {
    positions: Vec<P>,
    index: FxHashMap<P, u32>,
    labels: Labels,
}

impl<P: Eq + Hash> LoopySolution<P> {
    /// The value of a position, if it was solved.
    pub fn get(&self, pos: &P) -> Option<LoopyNim> {
        self.index.get(pos).map(|&i| self.labels.get(i as usize))
    }

    /// The counter of a finite-valued position (see [`Labels::counter`]).
    pub fn counter(&self, pos: &P) -> Option<u32> {
        self.index.get(pos).and_then(|&i| self.labels.counter(i as usize))
    }

    /// Number of positions solved.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether nothing was solved.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Positions with their values, in breadth-first order from the roots.
    pub fn iter(&self) -> impl Iterator<Item = (&P, LoopyNim)> + '_ {
        self.positions.iter().enumerate().map(|(i, p)| (p, self.labels.get(i)))
    }

    /// Counts of positions by value: finite values increasing, then infinite ones by `K`.
    pub fn counts(&self) -> Vec<(LoopyNim, u64)> {
        let mut map: BTreeMap<LoopyNim, u64> = BTreeMap::new();
        for i in 0..self.labels.len() {
            *map.entry(self.labels.get(i)).or_default() += 1;
        }
        map.into_iter().collect()
    }

    /// The labelling, by position number.
    pub fn labels(&self) -> &Labels {
        &self.labels
    }
}

/// Generalized nim values of every position reachable from `roots`. The game must be impartial
/// and under normal play: a position declared terminal must be declared lost.
pub fn solve<G: Game>(
    game: &G,
    roots: &[G::Position],
    progress: &dyn Progress,
) -> Result<LoopySolution<G::Position>, Error> {
    if game.kind() != Kind::Impartial {
        return Err(Error::Unsupported("nim values need an impartial game; this game is partizan".into()));
    }
    let reached = Reached::new(game, roots, progress)?;
    for i in 0..reached.len() {
        match reached.terminal(i).map(|o| o.value()) {
            None | Some(Value::Lose) => {}
            Some(other) => {
                return Err(Error::Unsupported(format!(
                    "nim values are defined under normal play, but position `{}` is declared a {other}",
                    crate::rules::capability::format(game, &reached.positions[i])
                )))
            }
        }
    }
    let labels = label(&reached, progress)?;
    Ok(LoopySolution { positions: reached.positions, index: reached.index, labels })
}

#[cfg(test)]
mod tests {
    use super::LoopyNim::{self, Finite};

    fn inf(k: &[u32]) -> LoopyNim {
        LoopyNim::infinite(k.to_vec())
    }

    #[test]
    fn display_and_outcomes() {
        assert_eq!(Finite(3).to_string(), "3");
        assert_eq!(inf(&[2, 0, 2]).to_string(), "∞(0,2)");
        assert_eq!(inf(&[]).to_string(), "∞(∅)");
        use crate::rules::value::Value::{Draw, Lose, Win};
        assert_eq!(
            [Finite(0).value(), Finite(5).value(), inf(&[0, 3]).value(), inf(&[1]).value()],
            [Lose, Win, Win, Draw]
        );
        assert_eq!(inf(&[]).value(), Draw);
    }

    #[test]
    fn sums_by_hand() {
        assert_eq!(Finite(5).sum(&Finite(3)), Finite(6));
        // ∞(0,2) + 2 = ∞(2,0) = ∞(0,2); ∞(0,2) + 1 = ∞(1,3).
        assert_eq!(inf(&[0, 2]).sum(&Finite(2)), inf(&[0, 2]));
        assert_eq!(Finite(1).sum(&inf(&[0, 2])), inf(&[1, 3]));
        // ∞(K) + a is a win exactly when a is in K.
        assert_eq!(inf(&[1, 3]).sum(&Finite(3)).value(), crate::rules::value::Value::Win);
        assert_eq!(inf(&[1, 3]).sum(&Finite(2)).value(), crate::rules::value::Value::Draw);
        assert_eq!(inf(&[0]).sum(&inf(&[0])), inf(&[]));
        assert_eq!(LoopyNim::sum_all([&Finite(1), &Finite(2), &inf(&[3])]), inf(&[0]));
        assert_eq!(LoopyNim::sum_all([]), Finite(0));
    }
}
