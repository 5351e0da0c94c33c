//! Solved games: every position with its outcome (or nim value), and tables of counts.

use std::collections::BTreeMap;
use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::rules::value::{Outcome, Value};

/// Outcomes of positions `0..len`, packed into 32 bits each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeTable {
    packed: Vec<u32>,
}

impl OutcomeTable {
    /// A table from outcomes packed with [`Outcome::pack`].
    pub(crate) fn from_packed(packed: Vec<u32>) -> OutcomeTable {
        OutcomeTable { packed }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.packed.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.packed.is_empty()
    }

    /// The outcome of position `i`.
    pub fn get(&self, i: usize) -> Outcome {
        Outcome::unpack(self.packed[i])
    }

    /// All outcomes in order.
    pub fn iter(&self) -> impl Iterator<Item = Outcome> + '_ {
        self.packed.iter().map(|&p| Outcome::unpack(p))
    }

    /// Counts of positions by value and remoteness.
    pub fn counts(&self) -> Vec<CountRow> {
        count_outcomes(self.iter())
    }
}

/// How many positions have one value and remoteness.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountRow {
    /// The value.
    pub value: Value,
    /// The remoteness; `None` for draws.
    pub remoteness: Option<u32>,
    /// Number of positions.
    pub count: u64,
}

/// Counts outcomes by value (win, lose, tie, draw) and then by increasing remoteness.
pub(crate) fn count_outcomes(outcomes: impl IntoIterator<Item = Outcome>) -> Vec<CountRow> {
    let mut map: BTreeMap<(usize, u32), u64> = BTreeMap::new();
    for o in outcomes {
        *map.entry((o.value().index(), o.remoteness().unwrap_or(0))).or_default() += 1;
    }
    map.into_iter()
        .map(|((v, r), count)| {
            let value = Value::ALL[v];
            CountRow { value, remoteness: (value != Value::Draw).then_some(r), count }
        })
        .collect()
}

/// Every position explored by a solver, with its outcome.
pub struct Solution<P> {
    positions: Vec<P>,
    index: FxHashMap<P, u32>,
    outcomes: OutcomeTable,
}

impl<P: Eq + Hash> Solution<P> {
    /// A solution from positions, their numbers and their outcomes.
    pub fn new(positions: Vec<P>, index: FxHashMap<P, u32>, outcomes: OutcomeTable) -> Solution<P> {
        debug_assert_eq!(positions.len(), outcomes.len());
        Solution { positions, index, outcomes }
    }

    /// The outcome of a position, if it was solved.
    pub fn get(&self, pos: &P) -> Option<Outcome> {
        self.index.get(pos).map(|&i| self.outcomes.get(i as usize))
    }

    /// Number of positions solved.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether nothing was solved.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Positions with their outcomes, in the solver's order.
    pub fn iter(&self) -> impl Iterator<Item = (&P, Outcome)> + '_ {
        self.positions.iter().zip(self.outcomes.iter())
    }

    /// Counts of positions by value and remoteness.
    pub fn counts(&self) -> Vec<CountRow> {
        self.outcomes.counts()
    }
}

/// Every position explored by the Sprague-Grundy solver, with its nim value.
pub struct NimSolution<P> {
    positions: Vec<P>,
    index: FxHashMap<P, u32>,
    nims: Vec<u32>,
}

impl<P: Eq + Hash> NimSolution<P> {
    /// A solution from positions, their numbers and their nim values.
    pub fn new(positions: Vec<P>, index: FxHashMap<P, u32>, nims: Vec<u32>) -> NimSolution<P> {
        NimSolution { positions, index, nims }
    }

    /// The nim value of a position, if it was evaluated.
    pub fn get(&self, pos: &P) -> Option<u32> {
        self.index.get(pos).map(|&i| self.nims[i as usize])
    }

    /// Number of positions evaluated.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether nothing was evaluated.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Positions with their nim values.
    pub fn iter(&self) -> impl Iterator<Item = (&P, u32)> + '_ {
        self.positions.iter().zip(self.nims.iter().copied())
    }

    /// Counts of positions by nim value, by increasing value.
    pub fn counts(&self) -> Vec<(u32, u64)> {
        let mut map: BTreeMap<u32, u64> = BTreeMap::new();
        for &g in &self.nims {
            *map.entry(g).or_default() += 1;
        }
        map.into_iter().collect()
    }
}
