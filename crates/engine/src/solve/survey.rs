//! Surveys for exploration: every position of a family solved and tabulated by features.
//!
//! A game exposes named numeric **features** of a position and a **family** of positions to
//! enumerate, set by its parameters (the capability
//! [`Explore`](crate::rules::capability::Explore); every game also has `moves`, the number of
//! moves, and by default its family is the positions reachable from the start). [`survey`]
//! solves every position of the family exhaustively (each group of the family in one memo
//! search, or retrograde analysis when it has cycles, with all its positions as roots; or the
//! Sprague-Grundy solver for nim values) and tabulates the values by the vector of *all*
//! features: a [`Survey`]. For each feature vector and value it keeps the number of positions
//! and the first of them in the family's order.
//!
//! What is made of a survey (patterns, periods, mined and conjectured rules) is the business of
//! the `nimber-lab` crate, the one that evaluates rules.
use std::fmt;

use rustc_hash::FxHashMap;

use crate::error::Error;
use crate::progress::{Progress, Silent};
use crate::rules::capability;
use crate::rules::game::Game;
use crate::rules::value::Value;
use crate::solve::{grundy, memo, retrograde};

pub use crate::rules::capability::{feature_names, Explore, Family, MOVES};

/// Which positions a survey covers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scope<'a> {
    /// The game's family ([`Explore::family`]), or the positions reachable from its roots when it
    /// declares none.
    Family,
    /// The positions reachable from this one (in the game's notation), itself included.
    From(&'a str),
}

/// What to survey and how.
#[derive(Copy, Clone, Debug)]
pub struct SurveyOptions<'a> {
    /// Which positions.
    pub scope: Scope<'a>,
    /// Nim values (Sprague-Grundy) instead of outcomes.
    pub nim: bool,
}

/// What a position was found to be: its value for the player to move, or its nim value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Observed {
    /// Win, lose, tie or draw.
    Outcome(Value),
    /// A nim value (0 means the player to move loses).
    Nim(u32),
}

impl Observed {
    /// A key that orders outcomes as in [`Value::ALL`] and nim values by size.
    fn order(self) -> (usize, u32) {
        match self {
            Observed::Outcome(v) => (v.index(), 0),
            Observed::Nim(n) => (0, n),
        }
    }

    /// Whether the player to move loses.
    pub fn is_loss(self) -> bool {
        matches!(self, Observed::Outcome(Value::Lose) | Observed::Nim(0))
    }

    /// A short label for tables: `W`, `L`, `T`, `D`, or `*3` for a nim value.
    pub fn short(self) -> String {
        match self {
            Observed::Outcome(v) => v.name()[..1].to_ascii_uppercase(),
            Observed::Nim(n) => format!("*{n}"),
        }
    }
}

impl PartialOrd for Observed {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Observed {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.order().cmp(&other.order())
    }
}

impl fmt::Display for Observed {
    /// `lose`, or `nim 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Observed::Outcome(v) => write!(f, "{v}"),
            Observed::Nim(n) => write!(f, "nim {n}"),
        }
    }
}

/// JSON: a value name (`"lose"`) or a nim value (`3`).
impl serde::Serialize for Observed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Observed::Outcome(v) => s.serialize_str(v.name()),
            Observed::Nim(n) => s.serialize_u32(*n),
        }
    }
}

/// The positions of one feature vector with one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value they have.
    pub value: Observed,
    /// How many there are.
    pub count: u64,
    /// The number of the first of them in the survey's order (0-based).
    pub first: u64,
    /// That first position, in the game's notation.
    pub example: String,
}

/// Every position with one feature vector: one [`Entry`] per value found, by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The feature values.
    pub key: Vec<i64>,
    /// The values found, in [`Observed`] order; more than one when the features do not
    /// decide the value.
    pub entries: Vec<Entry>,
}

impl Cell {
    /// The number of positions.
    pub fn count(&self) -> u64 {
        self.entries.iter().map(|e| e.count).sum()
    }

    /// The first position of the cell in the survey's order.
    pub fn first(&self) -> u64 {
        self.entries.iter().map(|e| e.first).min().unwrap_or(u64::MAX)
    }
}

/// Every position of a scope solved and tabulated by all features.
#[derive(Clone, Debug)]
pub struct Survey {
    /// The feature names: the game's, then `moves`.
    pub features: Vec<String>,
    /// Nim values rather than outcomes.
    pub nim: bool,
    /// Which positions, in words.
    pub scope: String,
    /// How many positions.
    pub positions: u64,
    /// The table, by increasing feature vector.
    pub cells: Vec<Cell>,
}

/// The index of feature `name`, or an error naming the known ones.
pub fn feature_index(features: &[String], name: &str) -> Result<usize, Error> {
    features.iter().position(|f| f == name).ok_or_else(|| {
        Error::Param(format!("unknown feature `{name}` (features of this game: {})", features.join(", ")))
    })
}

/// Solves every position of the scope and tabulates them by feature vector (see the module
/// documentation).
pub fn survey<G: Game>(game: &G, options: &SurveyOptions, progress: &dyn Progress) -> Result<Survey, Error> {
    let features = feature_names(game);
    let mut table = Tabulator::new(
        features.len(),
        game.exploration().map_or(0, |e| e.features().len()) < features.len(),
        options.nim,
    );
    let scope = match options.scope {
        Scope::From(text) => {
            let pos = capability::parse(game, text)
                .map_err(|error| Error::Position { text: text.to_string(), error })?;
            let described = format!("the positions reachable from {}", capability::format(game, &pos));
            table.part(game, std::slice::from_ref(&pos), false, progress)?;
            described
        }
        Scope::Family => match game.exploration().map_or(Ok(None), |e| e.family())? {
            Some(family) => {
                let total: usize = family.parts.iter().map(|(_, p)| p.len()).sum();
                progress.phase("solving the family", Some(total as u64));
                for (part, positions) in &family.parts {
                    table.part(part, positions, true, &Silent)?;
                    progress.advance(positions.len() as u64);
                }
                family.description
            }
            None => {
                table.part(game, &game.roots(), false, progress)?;
                "the positions reachable from the start".to_string()
            }
        },
    };
    let positions = table.next;
    let mut cells: Vec<Cell> = table.cells.into_iter().map(|(key, entries)| Cell { key, entries }).collect();
    cells.sort_by(|a, b| a.key.cmp(&b.key));
    Ok(Survey { features, nim: options.nim, scope, positions, cells })
}

/// Builds a survey's table.
struct Tabulator {
    width: usize,
    add_moves: bool,
    nim: bool,
    cells: FxHashMap<Vec<i64>, Vec<Entry>>,
    next: u64,
    key: Vec<i64>,
}

impl Tabulator {
    fn new(width: usize, add_moves: bool, nim: bool) -> Tabulator {
        Tabulator { width, add_moves, nim, cells: FxHashMap::default(), next: 0, key: Vec::new() }
    }

    /// Solves `roots` and tabulates them (`listed`), or every position they reach (in
    /// breadth-first order from the roots).
    fn part<G: Game>(
        &mut self,
        game: &G,
        roots: &[G::Position],
        listed: bool,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let found;
        let positions = if listed {
            roots
        } else {
            found = reachable(game, roots);
            &found[..]
        };
        if self.nim {
            let solution = grundy::solve(game, positions, progress)?;
            for pos in positions {
                let nim = solution.get(pos).expect("every listed position is solved");
                self.add(game, pos, Observed::Nim(nim))?;
            }
        } else {
            let solution = solve_outcomes(game, positions, progress)?;
            for pos in positions {
                let outcome = solution.get(pos).expect("every listed position is solved");
                self.add(game, pos, Observed::Outcome(outcome.value()))?;
            }
        }
        Ok(())
    }

    fn add<G: Game>(&mut self, game: &G, pos: &G::Position, value: Observed) -> Result<(), Error> {
        self.key.clear();
        if let Some(e) = game.exploration() {
            e.feature_values(pos, &mut self.key);
        }
        if self.add_moves {
            let moves = if game.terminal(pos).is_some() { 0 } else { count_moves(game, pos) };
            self.key.push(moves as i64);
        }
        if self.key.len() != self.width {
            return Err(Error::Unsupported(format!(
                "the game gave {} feature values for position `{}` but declares {} features",
                self.key.len(),
                capability::format(game, pos),
                self.width
            )));
        }
        let index = self.next;
        self.next += 1;
        let entries = match self.cells.get_mut(&self.key) {
            Some(entries) => entries,
            None => self.cells.entry(self.key.clone()).or_default(),
        };
        match entries.iter_mut().find(|e| e.value == value) {
            Some(e) => e.count += 1,
            None => {
                let at = entries.partition_point(|e| e.value < value);
                entries.insert(
                    at,
                    Entry { value, count: 1, first: index, example: capability::format(game, pos) },
                );
            }
        }
        Ok(())
    }
}

fn count_moves<G: Game>(game: &G, pos: &G::Position) -> usize {
    let mut out = Vec::new();
    game.successors(pos, &mut out);
    out.len()
}

/// Every position reachable from `roots` by moves, in breadth-first order from the roots.
fn reachable<G: Game>(game: &G, roots: &[G::Position]) -> Vec<G::Position> {
    let mut seen: rustc_hash::FxHashSet<G::Position> = Default::default();
    let mut order: Vec<G::Position> = Vec::new();
    for root in roots {
        if seen.insert(root.clone()) {
            order.push(root.clone());
        }
    }
    let mut head = 0;
    let mut next = Vec::new();
    while head < order.len() {
        let pos = order[head].clone();
        head += 1;
        if game.terminal(&pos).is_some() {
            continue;
        }
        next.clear();
        game.successors(&pos, &mut next);
        for child in next.drain(..) {
            if seen.insert(child.clone()) {
                order.push(child);
            }
        }
    }
    order
}

/// Outcomes of `roots` and every position they reach: memo search, or retrograde analysis when
/// the game has cycles.
fn solve_outcomes<G: Game>(
    game: &G,
    roots: &[G::Position],
    progress: &dyn Progress,
) -> Result<crate::solve::solution::Solution<G::Position>, Error> {
    match memo::solve(game, roots, progress) {
        Err(Error::Cycle(_)) => retrograde::solve(game, roots, retrograde::Predecessors::Auto, progress),
        other => other,
    }
}

impl Survey {
    /// The table projected onto the features at `by`: cells merged by those features' values,
    /// counts added, the first position kept.
    pub fn project(&self, by: &[usize]) -> Vec<Cell> {
        let mut merged: FxHashMap<Vec<i64>, Vec<Entry>> = FxHashMap::default();
        for cell in &self.cells {
            let key: Vec<i64> = by.iter().map(|&i| cell.key[i]).collect();
            let entries = merged.entry(key).or_default();
            for e in &cell.entries {
                match entries.iter_mut().find(|x| x.value == e.value) {
                    Some(x) => {
                        x.count += e.count;
                        if e.first < x.first {
                            x.first = e.first;
                            x.example = e.example.clone();
                        }
                    }
                    None => {
                        let at = entries.partition_point(|x| x.value < e.value);
                        entries.insert(at, e.clone());
                    }
                }
            }
        }
        let mut cells: Vec<Cell> = merged.into_iter().map(|(key, entries)| Cell { key, entries }).collect();
        cells.sort_by(|a, b| a.key.cmp(&b.key));
        cells
    }
}
