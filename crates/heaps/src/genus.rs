//! Misère play of heap games: misère nim values and the genus of single heaps.
//!
//! Under misère play the player who makes the last move loses. Nim values still exist (the
//! *misère nim value* `g⁻`), but a sum's value is no longer the XOR of its parts', so the
//! values of single heaps do not tell the outcome of several heaps. Conway's genus theory (On
//! Numbers and Games, ch. 12; Winning Ways, ch. 13, "Survival in the Lost World") attaches to
//! each game `G` its **genus** `γ^{γ0 γ1 γ2 ...}`:
//!
//! - `γ = g⁺(G)`, the normal-play nim value: the mex of the options' values, 0 with no option;
//! - `γ0 = g⁻(G)`, the misère nim value: the mex of the options' misère values, but **1** for
//!   the game with no option at all (the player to move has just won);
//! - `γk = g⁻(G + 2 + 2 + ... + 2)` with `k` nim heaps of size 2 adjoined (the sum is played
//!   misère, and heaps of 1 appear in it as the 2s are reduced).
//!
//! So `γ0 = 0` exactly when `G` is lost for the player to move under misère play. The empty game
//! has genus `0^{1202...}`, written `0^{120}` in Winning Ways (the tail of every genus
//! eventually alternates between two values, and the tables stop writing it once it does);
//! `*1` has `1^{031}`, `*2` `2^{20}`, `*3` `3^{31}`.
//!
//! [`MisereValues`] computes `g⁻` of any sum of heaps of a ruleset, with nim heaps of sizes 1 and
//! 2 adjoined, straight from [`Ruleset::options`]: a memoized search over the multisets of heaps
//! (heaps with no move are dropped: they are the empty game and change nothing in a sum), each
//! evaluated once for every number of adjoined 1s and 2s. The values with `t` 2s and `o` 1s are
//! the mex of those of the heap moves (same `t` and `o`) and of the nim moves (`t - 1` 2s and
//! `o + 1` 1s, `t - 1` and `o`, or `t` and `o - 1`), and 1 when there is no move at all. Misère
//! sums do not split into components, so the search visits every multiset of heaps a heap can
//! break into, about as many as its partitions (the times of Kayles are in
//! `docs/measurements.md`); [`genus_sequence`] stops after [`GENUS_BUDGET`] multisets (Kayles
//! heap 69).
//! Games that never split a heap (subtraction games) stay small.

use std::fmt;

use nimber_engine::{Error, Progress};
use rustc_hash::FxHashMap;

use crate::ruleset::Ruleset;
use crate::sequence::nim_sequence;

/// The number of misère values `γ0 γ1 γ2 γ3` of [`genus_sequence`]'s usual tables.
pub const SUPERSCRIPTS: usize = 4;

/// The largest heap accepted by [`genus_sequence`] (games whose moves split heaps run out of
/// [`GENUS_BUDGET`] long before).
pub const MAX_GENUS_UPTO: usize = 1000;

/// The genus of a game: its normal nim value and its misère values `γ0 γ1 ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// `γ`, the normal-play nim value.
    pub normal: u32,
    /// `γ0, γ1, ...`: the misère nim values of the game with 0, 1, ... nim heaps of size 2
    /// adjoined.
    pub misere: Vec<u32>,
}

impl Genus {
    /// `γ0`, the misère nim value (0: lost for the player to move under misère play).
    pub fn misere_value(&self) -> u32 {
        self.misere[0]
    }

    /// The superscript with its tail abbreviated as in Winning Ways: the values after the first
    /// two that only repeat the one two places before are left out (`1202` becomes `120`, `2020`
    /// becomes `20`). Only the values computed are looked at.
    pub fn abbreviated(&self) -> Vec<u32> {
        let mut k = self.misere.len();
        while k > 2 && self.misere[k - 1] == self.misere[k - 3] {
            k -= 1;
        }
        self.misere[..k].to_vec()
    }
}

/// `0^{1202}`: the normal value, then every misère value computed (comma-separated when one
/// has two digits or more).
impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^{{{}}}", self.normal, superscript(&self.misere))
    }
}

/// Values written one after another, or separated by commas when one of them has two digits.
pub fn superscript(values: &[u32]) -> String {
    let sep = if values.iter().any(|&v| v >= 10) { "," } else { "" };
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(sep)
}

/// Misère nim values of sums of heaps of one ruleset, with up to `capacity` nim heaps of sizes 1
/// and 2 adjoined (see the module documentation). Each multiset of heaps is evaluated once,
/// for every number of adjoined 2s and 1s at a time, and remembered between calls.
pub struct MisereValues {
    rules: Ruleset,
    /// The most nim heaps (of sizes 1 and 2 together) adjoined.
    capacity: u32,
    /// `options[h]`: the moves from a heap of `h`, as the live heaps they leave, sorted.
    options: Vec<Vec<Vec<u32>>>,
    /// Multiset of live heaps (sorted) to its values, indexed by [`MisereValues::slot`].
    memo: FxHashMap<Box<[u32]>, Box<[u32]>>,
    /// The most multisets remembered before giving up.
    budget: usize,
}

impl MisereValues {
    /// An empty table for `rules`, for sums with at most `capacity` adjoined nim heaps of sizes
    /// 1 and 2 together.
    pub fn new(rules: &Ruleset, capacity: u32) -> MisereValues {
        MisereValues {
            rules: rules.clone(),
            capacity,
            options: Vec::new(),
            memo: FxHashMap::default(),
            budget: usize::MAX,
        }
    }

    /// Gives up (see [`MisereValues::value`]) once more than `budget` multisets of heaps are
    /// remembered.
    pub fn with_budget(mut self, budget: usize) -> MisereValues {
        self.budget = budget;
        self
    }

    /// Number of multisets of heaps evaluated so far.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing was evaluated yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The misère nim value of the sum of heaps `heaps` of the ruleset, `twos` nim heaps of
    /// size 2 and `ones` nim heaps of size 1; `None` when the budget ran out. Panics when
    /// `twos + ones` is over the capacity.
    pub fn value(&mut self, heaps: &[u32], twos: u32, ones: u32) -> Option<u32> {
        assert!(twos + ones <= self.capacity, "{twos} + {ones} nim heaps: the capacity is {}", self.capacity);
        let top = heaps.iter().copied().max().unwrap_or(0);
        self.prepare(top);
        let mut multiset: Vec<u32> =
            heaps.iter().copied().filter(|&h| !self.options[h as usize].is_empty()).collect();
        multiset.sort_unstable();
        let mut search = Search {
            options: &self.options,
            capacity: self.capacity,
            memo: &mut self.memo,
            budget: self.budget,
        };
        let values = search.evaluate(multiset)?;
        Some(values[slot(self.capacity, twos, ones)])
    }

    /// Computes the options of heaps up to `top`.
    fn prepare(&mut self, top: u32) {
        while self.options.len() <= top as usize {
            let h = self.options.len() as u32;
            let mut moves: Vec<Vec<u32>> = self
                .rules
                .options(h)
                .into_iter()
                .map(|left| {
                    // The heaps a move leaves are smaller than `h`: their options are known.
                    let mut live: Vec<u32> =
                        left.into_iter().filter(|&x| !self.options[x as usize].is_empty()).collect();
                    live.sort_unstable();
                    live
                })
                .collect();
            moves.sort();
            moves.dedup();
            self.options.push(moves);
        }
    }
}

/// Where the value with `twos` 2s and `ones` 1s adjoined is kept: the pairs with `twos + ones <=
/// capacity`, by `twos` then `ones`.
fn slot(capacity: u32, twos: u32, ones: u32) -> usize {
    // Pairs with fewer 2s: capacity + 1, capacity, ..., capacity + 2 - twos of them.
    let before = twos * (capacity + 1) - twos * twos.saturating_sub(1) / 2;
    (before + ones) as usize
}

/// One evaluation, borrowing the table.
struct Search<'a> {
    options: &'a [Vec<Vec<u32>>],
    capacity: u32,
    memo: &'a mut FxHashMap<Box<[u32]>, Box<[u32]>>,
    budget: usize,
}

impl Search<'_> {
    /// The values of a multiset of live heaps (sorted) with every number of 2s and 1s adjoined;
    /// `None` when the budget is exhausted.
    fn evaluate(&mut self, heaps: Vec<u32>) -> Option<Box<[u32]>> {
        if let Some(values) = self.memo.get(heaps.as_slice()) {
            return Some(values.clone());
        }
        if self.memo.len() >= self.budget {
            return None;
        }
        let mut children: Vec<Box<[u32]>> = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for left in &self.options[h as usize] {
                let mut child: Vec<u32> = Vec::with_capacity(heaps.len() + left.len());
                child.extend_from_slice(&heaps[..i]);
                child.extend_from_slice(&heaps[i + 1..]);
                child.extend_from_slice(left);
                child.sort_unstable();
                children.push(self.evaluate(child)?);
            }
        }
        let c = self.capacity;
        let mut values = vec![0u32; slot(c, c, 0) + 1];
        let mut seen: Vec<u32> = Vec::with_capacity(children.len() + 3);
        for twos in 0..=c {
            for ones in 0..=c - twos {
                seen.clear();
                seen.extend(children.iter().map(|v| v[slot(c, twos, ones)]));
                if twos > 0 {
                    // A 2 becomes a 1, or goes.
                    seen.push(values[slot(c, twos - 1, ones + 1)]);
                    seen.push(values[slot(c, twos - 1, ones)]);
                }
                if ones > 0 {
                    seen.push(values[slot(c, twos, ones - 1)]);
                }
                values[slot(c, twos, ones)] = if seen.is_empty() {
                    // No move at all: under misère play the player to move has won.
                    1
                } else {
                    seen.sort_unstable();
                    seen.dedup();
                    seen.iter().enumerate().find(|&(i, &v)| i as u32 != v).map_or(seen.len(), |(i, _)| i)
                        as u32
                };
            }
        }
        let values = values.into_boxed_slice();
        self.memo.insert(heaps.into_boxed_slice(), values.clone());
        Some(values)
    }
}

/// The most multisets of heaps [`genus_sequence`] remembers (a few hundred bytes each).
pub const GENUS_BUDGET: usize = 4_000_000;

/// The genus of single heaps `0..=upto` of `rules`, with `superscripts` misère values each.
/// Fails when more than [`GENUS_BUDGET`] multisets of heaps would be needed.
pub fn genus_sequence(
    rules: &Ruleset,
    upto: usize,
    superscripts: usize,
    progress: &dyn Progress,
) -> Result<Vec<Genus>, Error> {
    assert!(upto <= MAX_GENUS_UPTO, "upto {upto} is larger than {MAX_GENUS_UPTO}");
    assert!(superscripts >= 1, "at least one misère value");
    let normal = nim_sequence(rules, upto, progress);
    progress.phase("misère values", Some(upto as u64 + 1));
    let mut table = MisereValues::new(rules, superscripts as u32 - 1).with_budget(GENUS_BUDGET);
    let mut out = Vec::with_capacity(upto + 1);
    for (n, &g) in normal.iter().enumerate() {
        let misere = (0..superscripts as u32)
            .map(|k| table.value(&[n as u32], k, 0))
            .collect::<Option<Vec<u32>>>()
            .ok_or_else(|| {
                Error::TooLarge(format!(
                    "the misère values of heap {n} need more than {GENUS_BUDGET} sums of heaps (heaps 0 to {} fit)",
                    n.saturating_sub(1)
                ))
            })?;
        out.push(Genus { normal: g, misere });
        progress.advance(1);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::Silent;

    #[test]
    fn nim_heaps_by_hand() {
        // Nim (allbut: with nothing excluded): heap n is *n. The genus of 0, *1, *2, *3 as in
        // Winning Ways: 0^{120}, 1^{031}, 2^{20}, 3^{31}. *n for n >= 2 has misère value n.
        let nim = Ruleset::parse("allbut:").unwrap();
        let genus = genus_sequence(&nim, 5, 6, &Silent).unwrap();
        let symbols: Vec<String> = genus.iter().map(|g| g.to_string()).collect();
        assert_eq!(symbols[..4], ["0^{120202}", "1^{031313}", "2^{202020}", "3^{313131}"]);
        let short: Vec<String> = genus.iter().map(|g| superscript(&g.abbreviated())).collect();
        assert_eq!(short[..4], ["120", "031", "20", "31"]);
        for (n, g) in genus.iter().enumerate().skip(2) {
            assert_eq!((g.normal, g.misere_value()), (n as u32, n as u32));
        }
    }

    #[test]
    fn misere_values_of_small_sums() {
        // *1 + *1: the player to move must take one, leaving *1 to the opponent, who must take
        // the last: g⁻ = mex{g⁻(*1)} = mex{0} = 1.
        let nim = Ruleset::parse("allbut:").unwrap();
        let mut table = MisereValues::new(&nim, 2);
        assert_eq!(table.value(&[1, 1], 0, 0), Some(1));
        assert_eq!(table.value(&[], 0, 2), Some(1));
        assert_eq!(table.value(&[1], 0, 0), Some(0));
        assert_eq!(table.value(&[], 0, 0), Some(1));
        // *2 + *1: the options *2 (2), *1 + *1 (1) and *1 (0): mex 3, however it is written.
        assert_eq!(table.value(&[2, 1], 0, 0), Some(3));
        assert_eq!(table.value(&[1], 1, 0), Some(3));
        assert_eq!(table.value(&[], 1, 1), Some(3));
        // *2 + *2: options *2 + *1 (3) and *2 (2): 0, a misère loss (XOR 0 with a heap over 1).
        assert_eq!(table.value(&[2], 1, 0), Some(0));
        assert_eq!(table.value(&[], 2, 0), Some(0));
        // A budget too small to finish.
        let mut small = MisereValues::new(&Ruleset::parse("0.77").unwrap(), 1).with_budget(10);
        assert_eq!(small.value(&[20], 1, 0), None);
    }

    #[test]
    fn slots_are_dense() {
        for capacity in 0..6 {
            let mut seen = Vec::new();
            for twos in 0..=capacity {
                for ones in 0..=capacity - twos {
                    seen.push(slot(capacity, twos, ones));
                }
            }
            let n = ((capacity + 1) * (capacity + 2) / 2) as usize;
            assert_eq!(seen, (0..n).collect::<Vec<_>>(), "capacity {capacity}");
        }
    }

    #[test]
    fn superscripts_with_large_values() {
        let g = Genus { normal: 12, misere: vec![12, 13, 12, 13] };
        assert_eq!(g.to_string(), "12^{12,13,12,13}");
        assert_eq!(g.abbreviated(), vec![12, 13]);
        let g = Genus { normal: 4, misere: vec![1, 4, 6, 4] };
        assert_eq!(g.abbreviated(), vec![1, 4, 6]);
    }
}
