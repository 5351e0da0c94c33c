//! Surveys for exploration: every position of a family solved and tabulated by features.
//!
//! A game exposes named numeric **features** of a position and a **family** of positions to
//! enumerate, set by its parameters (the capability
//! [`crate::Explore`]; every game also has `moves`, the number of
//! moves, and by default its family is the positions reachable from the start). [`survey`]
//! solves every position of the family exhaustively (each group of the family in one memo
//! search, or retrograde analysis when it has cycles, with all its positions as roots; or the
//! Sprague-Grundy solver for nim values) and tabulates the values by the vector of *all*
//! features: a [`Survey`]. For each feature vector and value it keeps the number of positions
//! and the first of them in the family's order.
//!
//! Feature values are exact numbers ([`Num`]): integers for the games' features, dyadic
//! rationals for the parts of a game value (its stops, say), or absent. Surveys of the game
//! values of partizan games (`nimber-partizan`: the engine knows no partizan algebra) are built
//! with the same [`Cells`]: their values are [`Observed::Value`], numbers into the texts that
//! the survey keeps ([`Survey::values`]).
//!
//! What is made of a survey (patterns, periods, mined and conjectured rules) is the business of
//! the `nimber-lab` crate, the one that evaluates rules.
use std::fmt;

use rustc_hash::FxHashMap;

use crate::dyadic::Dyadic;
use crate::error::Error;
use crate::progress::{Progress, Silent};
use crate::rules::capability;
use crate::rules::game::Game;
use crate::rules::value::Value;
use crate::solve::{grundy, memo, retrograde};

pub use crate::rules::capability::{feature_names, MOVES};

/// Which positions a survey covers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scope<'a> {
    /// The game's family ([`crate::Explore::family`]), or the positions reachable from its roots when it
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

/// The value of a feature at a position: an integer (the features of games, `moves`), a dyadic
/// rational (the parts of a game value such as its stops), or absent (a part that a value does
/// not have, such as the number of a switch). A feature has integers, or dyadic rationals, with
/// perhaps some absent: within a feature, absent comes first, then the numbers by size.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Num {
    /// No value.
    Absent,
    /// An integer.
    Int(i64),
    /// A dyadic rational (an integer one too, when the feature is one of dyadic rationals).
    Dyadic(Dyadic),
}

impl Num {
    /// The integer, for an integer feature.
    pub fn int(self) -> Option<i64> {
        match self {
            Num::Int(n) => Some(n),
            _ => None,
        }
    }
}

impl fmt::Display for Num {
    /// `-` when absent, `3`, `-5/4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Absent => f.write_str("-"),
            Num::Int(n) => write!(f, "{n}"),
            Num::Dyadic(d) => write!(f, "{d}"),
        }
    }
}

/// JSON: `null` when absent, an integer as a number (`3`), a dyadic rational as a string
/// (`"-5/4"`, `"2"`), since JSON numbers are not exact.
impl serde::Serialize for Num {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Num::Absent => s.serialize_none(),
            Num::Int(n) => s.serialize_i64(*n),
            Num::Dyadic(d) => s.collect_str(d),
        }
    }
}

/// What a position was found to be: its value for the player to move, its nim value, or its
/// game value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Observed {
    /// Win, lose, tie or draw.
    Outcome(Value),
    /// A nim value (0 means the player to move loses).
    Nim(u32),
    /// A game value (of a partizan game): its number in the survey's values, which are in
    /// their order there ([`Survey::values`] holds their texts).
    Value(u32),
}

impl Observed {
    /// A key that orders outcomes as in [`Value::ALL`], nim values by size and game values by
    /// their number.
    fn order(self) -> (usize, u32) {
        match self {
            Observed::Outcome(v) => (v.index(), 0),
            Observed::Nim(n) | Observed::Value(n) => (0, n),
        }
    }

    /// A short label for tables: `W`, `L`, `T`, `D`, `*3` for a nim value, or the text of a
    /// game value (in `values`, the survey's [`Survey::values`]).
    pub fn short(self, values: &[String]) -> String {
        match self {
            Observed::Outcome(v) => v.name()[..1].to_ascii_uppercase(),
            Observed::Nim(n) => format!("*{n}"),
            Observed::Value(_) => self.text(values),
        }
    }

    /// The value in words for reports: `lose`, `nim 3`, or the text of a game value (in
    /// `values`, the survey's [`Survey::values`]).
    pub fn describe(self, values: &[String]) -> String {
        match self {
            Observed::Value(_) => self.text(values),
            _ => self.to_string(),
        }
    }

    /// The value as tables and JSON give it: `lose`, `3` for a nim value, or the text of a game
    /// value (in `values`).
    pub fn text(self, values: &[String]) -> String {
        match self {
            Observed::Outcome(v) => v.to_string(),
            Observed::Nim(n) => n.to_string(),
            Observed::Value(i) => values.get(i as usize).cloned().unwrap_or_else(|| format!("value {i}")),
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
    /// `lose`, `nim 3`, or `value 2` for the game value numbered 2 (whose text is the survey's).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Observed::Outcome(v) => write!(f, "{v}"),
            Observed::Nim(n) => write!(f, "nim {n}"),
            Observed::Value(i) => write!(f, "value {i}"),
        }
    }
}

/// JSON: a value name (`"lose"`) or a nim value (`3`); a game value as its number (front ends
/// write its text from [`Survey::values`] instead).
impl serde::Serialize for Observed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Observed::Outcome(v) => s.serialize_str(v.name()),
            Observed::Nim(n) | Observed::Value(n) => s.serialize_u32(*n),
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
    pub key: Vec<Num>,
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
    /// For a survey of game values: their texts (CGSuite's notation), `Observed::Value(i)` being
    /// `values[i]`; `None` for outcomes and nim values.
    pub values: Option<Vec<String>>,
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
pub fn survey<G: Game>(
    game: &G,
    options: &SurveyOptions<'_>,
    progress: &dyn Progress,
) -> Result<Survey, Error> {
    let features = feature_names(game);
    let mut table = Tabulator::new(
        features.len(),
        game.capabilities().exploration.map_or(0, |e| e.features().len()) < features.len(),
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
        Scope::Family => match game.capabilities().exploration.map_or(Ok(None), |e| e.family())? {
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
    let positions = table.table.positions();
    let cells = table.table.cells();
    Ok(Survey { features, nim: options.nim, values: None, scope, positions, cells })
}

/// A survey's table, built position by position: the cells of [`Survey::cells`].
#[derive(Default)]
pub struct Cells {
    cells: FxHashMap<Vec<Num>, Vec<Entry>>,
    next: u64,
}

impl Cells {
    /// An empty table.
    pub fn new() -> Cells {
        Cells::default()
    }

    /// Adds the next position (in the survey's order): its feature values `key` and its value;
    /// `example` names it (in the game's notation), asked for the first position of each cell
    /// and value.
    pub fn add(&mut self, key: &[Num], value: Observed, example: impl FnOnce() -> String) {
        let index = self.next;
        self.next += 1;
        let entries = match self.cells.get_mut(key) {
            Some(entries) => entries,
            None => self.cells.entry(key.to_vec()).or_default(),
        };
        match entries.iter_mut().find(|e| e.value == value) {
            Some(e) => e.count += 1,
            None => {
                let at = entries.partition_point(|e| e.value < value);
                entries.insert(at, Entry { value, count: 1, first: index, example: example() });
            }
        }
    }

    /// How many positions were added.
    pub fn positions(&self) -> u64 {
        self.next
    }

    /// The cells, by increasing feature vector.
    pub fn cells(self) -> Vec<Cell> {
        let mut cells: Vec<Cell> =
            self.cells.into_iter().map(|(key, entries)| Cell { key, entries }).collect();
        cells.sort_by(|a, b| a.key.cmp(&b.key));
        cells
    }
}

/// Builds a survey's table from a game's positions.
struct Tabulator {
    width: usize,
    add_moves: bool,
    nim: bool,
    table: Cells,
    raw: Vec<i64>,
    key: Vec<Num>,
}

impl Tabulator {
    fn new(width: usize, add_moves: bool, nim: bool) -> Tabulator {
        Tabulator { width, add_moves, nim, table: Cells::new(), raw: Vec::new(), key: Vec::new() }
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
        self.raw.clear();
        if let Some(e) = game.capabilities().exploration {
            e.feature_values(pos, &mut self.raw);
        }
        if self.add_moves {
            let moves = if game.terminal(pos).is_some() { 0 } else { count_moves(game, pos) };
            self.raw.push(moves as i64);
        }
        if self.raw.len() != self.width {
            return Err(feature_count_error(self.raw.len(), &capability::format(game, pos), self.width));
        }
        self.key.clear();
        self.key.extend(self.raw.iter().map(|&v| Num::Int(v)));
        self.table.add(&self.key, value, || capability::format(game, pos));
        Ok(())
    }
}

/// The error of a game whose feature values do not match its features.
pub fn feature_count_error(given: usize, position: &str, declared: usize) -> Error {
    Error::Unsupported(format!(
        "the game gave {given} feature values for position `{position}` but declares {declared} features"
    ))
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
    /// The texts of the survey's game values (empty for outcomes and nim values), for
    /// [`Observed::text`] and its kin.
    pub fn value_texts(&self) -> &[String] {
        self.values.as_deref().unwrap_or(&[])
    }

    /// Whether a position of value `v` is lost for the player to move: lose, nim value 0, or the
    /// game value 0.
    pub fn loses(&self, v: Observed) -> bool {
        match v {
            Observed::Outcome(v) => v == Value::Lose,
            Observed::Nim(n) => n == 0,
            Observed::Value(_) => v.text(self.value_texts()) == "0",
        }
    }

    /// The table projected onto the features at `by`: cells merged by those features' values,
    /// counts added, the first position kept.
    pub fn project(&self, by: &[usize]) -> Vec<Cell> {
        let mut merged: FxHashMap<Vec<Num>, Vec<Entry>> = FxHashMap::default();
        for cell in &self.cells {
            let key: Vec<Num> = by.iter().map(|&i| cell.key[i]).collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_values_order_print_and_serialize() {
        let d = |n: i128, k: u32| Num::Dyadic(Dyadic::new(n, k));
        let mut column = vec![d(5, 2), Num::Absent, d(-1, 1), d(1, 0), d(0, 0)];
        column.sort();
        assert_eq!(column, [Num::Absent, d(-1, 1), d(0, 0), d(1, 0), d(5, 2)]);
        let texts: Vec<String> = column.iter().map(Num::to_string).collect();
        assert_eq!(texts, ["-", "-1/2", "0", "1", "5/4"]);
        let json = serde_json::to_string(&[Num::Int(3), d(-5, 2), d(2, 0), Num::Absent]).unwrap();
        assert_eq!(json, r#"[3,"-5/4","2",null]"#);
        assert_eq!((Num::Int(-4).int(), d(2, 0).int()), (Some(-4), None));
    }

    /// The table keeps, per feature vector, one entry per value in the values' order, with its
    /// count and first position (the example asked for once).
    #[test]
    fn tables_count_and_keep_the_first_position() {
        let mut table = Cells::new();
        let mut asked = 0;
        let rows = [(1, 2), (0, 1), (1, 0), (0, 1), (1, 2), (1, 0)];
        for (k, &(key, value)) in rows.iter().enumerate() {
            table.add(&[Num::Int(key)], Observed::Value(value), || {
                asked += 1;
                format!("p{k}")
            });
        }
        assert_eq!((table.positions(), asked), (6, 3));
        let cells = table.cells();
        assert_eq!(cells.len(), 2);
        let summary: Vec<(u32, u64, u64, &str)> = cells[1]
            .entries
            .iter()
            .map(|e| match e.value {
                Observed::Value(v) => (v, e.count, e.first, e.example.as_str()),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(summary, [(0, 2, 2, "p2"), (2, 2, 0, "p0")]);
        assert_eq!((cells[1].count(), cells[1].first()), (4, 0));
        let survey = Survey {
            features: vec!["k".into()],
            nim: false,
            values: Some(vec!["-1".into(), "0".into(), "+-1".into()]),
            scope: String::new(),
            positions: 6,
            cells,
        };
        let texts = survey.value_texts();
        assert_eq!(Observed::Value(2).short(texts), "+-1");
        assert_eq!(Observed::Value(0).describe(texts), "-1");
        assert!(survey.loses(Observed::Value(1)) && !survey.loses(Observed::Value(2)));
    }
}
