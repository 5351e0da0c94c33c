//! Games defined in Python: the user's object states the rules, nimber explores them once.
//!
//! The object gives `start` (a position, or a method returning it) and `moves(position)` (an
//! iterable of positions, or a mapping from labels to positions), and may give
//! `terminal(position)` (`None`, or the outcome for the player to move: `"win"`, `"lose"`,
//! `"tie"`, or a pair with the remoteness such as `("lose", 0)`), `impartial` (a truth value),
//! `split(position)` (the components of a sum), `features(position)` (a dict of integer
//! features) and `family()` (the positions that exploration surveys).
//!
//! Positions are any hashable Python values. Each is numbered the first time it is met (an
//! [`Interner`]: the semantics of a dict's keys), and what the user's code said of it
//! (its moves, its outcome if it ends the game, its components, its features) is kept, so
//! that each method is called at most once per position for the life of the game. An
//! exploration from some positions collects what they reach into a [`Graph`], which the
//! solvers then solve without calling Python (and without the GIL).

use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use nimber_engine::solve::survey::MOVES;
use nimber_engine::{Kind, Outcome, Value};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString, PyTuple};

use crate::errors::{refuse, RulesError};
use crate::graph::{Data, Graph};
use crate::intern::{Failure, Interner};

/// How many positions are explored between two checks for Ctrl-C.
const SIGNAL_EVERY: usize = 1024;

/// The longest text of a position quoted in an error message.
const QUOTED: usize = 120;

/// A game defined in Python (see the module documentation).
pub struct Defined {
    /// The user's object, for `svg` and the like.
    pub rules: Py<PyAny>,
    start: Py<PyAny>,
    kind: Kind,
    moves: Py<PyAny>,
    terminal: Option<Py<PyAny>>,
    split: Option<Py<PyAny>>,
    features: Option<Py<PyAny>>,
    family: Option<Py<PyAny>>,
    state: Mutex<State>,
}

/// What is known of the positions met so far, by number.
struct State {
    /// The positions, numbered.
    positions: Interner,
    /// The moves, once asked for.
    moves: Lists,
    /// The outcome of a position that ends the game (`Some(None)`: it does not).
    terminal: Vec<Option<Option<Outcome>>>,
    /// The components (`Some(None)`: it does not split).
    parts: Vec<Option<Option<Box<[u32]>>>>,
    /// The features' values.
    feature_values: Vec<Option<Box<[i64]>>>,
    /// The features' names, from the first position asked.
    feature_names: Option<Vec<String>>,
}

/// What an exploration follows from a position that does not end the game.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Follow {
    /// Its moves.
    Moves,
    /// Its components when it splits (nim values of sums), else its moves.
    Parts,
}

/// `repr(obj)`, shortened for messages.
pub fn quote(obj: &Bound<'_, PyAny>) -> String {
    let text = obj.repr().map_or_else(|_| "<unprintable>".to_string(), |r| r.to_string());
    if text.chars().count() > QUOTED {
        let cut: String = text.chars().take(QUOTED).collect();
        format!("{cut}...")
    } else {
        text
    }
}

/// An optional method of the user's object.
fn method(rules: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<Py<PyAny>>> {
    match rules.getattr(name) {
        Ok(m) if m.is_none() => Ok(None),
        Ok(m) if m.is_callable() => Ok(Some(m.unbind())),
        Ok(m) => Err(RulesError::new_err(format!("`{name}` of the game is {}, not a method", quote(&m)))),
        Err(_) => Ok(None),
    }
}

impl Defined {
    /// Reads the rules from the user's object.
    pub fn new(rules: &Bound<'_, PyAny>) -> PyResult<Defined> {
        let moves = method(rules, "moves")?.ok_or_else(|| {
            RulesError::new_err(
                "a game defined in Python needs `moves(position)` (and `start`); \
                 for Left's and Right's moves see nimber.define's help",
            )
        })?;
        let start = match rules.getattr("start") {
            Ok(s) if s.is_callable() => s.call0()?,
            Ok(s) => s,
            Err(_) => return Err(RulesError::new_err("a game defined in Python needs `start`")),
        };
        let impartial = match rules.getattr("impartial") {
            Ok(v) => v.is_truthy()?,
            Err(_) => false,
        };
        let defined = Defined {
            rules: rules.clone().unbind(),
            start: start.clone().unbind(),
            kind: if impartial { Kind::Impartial } else { Kind::Partizan },
            moves,
            terminal: method(rules, "terminal")?,
            split: method(rules, "split")?,
            features: method(rules, "features")?,
            family: method(rules, "family")?,
            state: Mutex::new(State {
                positions: Interner::default(),
                moves: Lists::default(),
                terminal: Vec::new(),
                parts: Vec::new(),
                feature_values: Vec::new(),
                feature_names: None,
            }),
        };
        // The start must be a position: hashable.
        defined.intern(&start)?;
        Ok(defined)
    }

    /// Impartial or partizan.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The start position.
    pub fn start<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.start.bind(py).clone()
    }

    /// Whether the game splits positions into components.
    pub fn splits(&self) -> bool {
        self.split.is_some()
    }

    fn state(&self) -> PyResult<MutexGuard<'_, State>> {
        match self.state.try_lock() {
            Ok(guard) => Ok(guard),
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => Err(refuse(
                "this game is busy: its code called back into nimber about the same game, or \
                 another thread is exploring it",
            )),
        }
    }

    /// The number of `pos`, numbering it if it is new.
    pub fn intern(&self, pos: &Bound<'_, PyAny>) -> PyResult<u32> {
        self.state()?.intern(pos, || "a position".to_string())
    }

    /// The number of `pos` if it was met.
    pub fn lookup(&self, pos: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        self.state()?.lookup(pos)
    }

    /// The position numbered `id`.
    pub fn object<'py>(&self, py: Python<'py>, id: u32) -> PyResult<Bound<'py, PyAny>> {
        let state = self.state()?;
        state
            .positions
            .object(id)
            .map(|o| o.bind(py).clone())
            .ok_or_else(|| refuse(format!("no position #{id} in this game")))
    }

    /// The positions of the game's `family()`, numbered; `None` when it has none.
    pub fn family(&self, py: Python<'_>) -> PyResult<Option<Vec<u32>>> {
        let Some(family) = &self.family else { return Ok(None) };
        let listed = family.call0(py)?;
        let mut ids = Vec::new();
        let mut state = self.state()?;
        for item in listed.bind(py).try_iter().map_err(|_| {
            RulesError::new_err(format!(
                "family() returned {}, not an iterable of positions",
                quote(listed.bind(py))
            ))
        })? {
            let item = item?;
            ids.push(state.intern(&item, || "family()".to_string())?);
        }
        Ok(Some(ids))
    }

    /// Explores what `roots` reach, following moves or components, and collects it into a
    /// graph, with the features of every position when `features` is set and the family when
    /// given.
    pub fn explore(
        &self,
        py: Python<'_>,
        roots: Vec<u32>,
        follow: Follow,
        features: bool,
        family: Option<Vec<u32>>,
    ) -> PyResult<Graph> {
        let mut state = self.state()?;
        let mut seen = vec![false; state.positions.len()];
        let mut queue: Vec<u32> = Vec::new();
        let see = |seen: &mut Vec<bool>, queue: &mut Vec<u32>, id: u32| {
            let i = id as usize;
            if i >= seen.len() {
                seen.resize(i + 1, false);
            }
            if !seen[i] {
                seen[i] = true;
                queue.push(id);
            }
        };
        for &r in roots.iter().chain(family.iter().flatten()) {
            see(&mut seen, &mut queue, r);
        }
        let mut head = 0;
        let mut split = Vec::new();
        let mut listed = Vec::new();
        while head < queue.len() {
            let id = queue[head];
            head += 1;
            if head % SIGNAL_EVERY == 0 {
                py.check_signals()?;
            }
            if features {
                self.features_of(py, &mut state, id)?;
            }
            if self.terminal_of(py, &mut state, id)?.is_some() {
                continue;
            }
            let parts = match follow {
                Follow::Parts if self.split.is_some() => self.parts_of(py, &mut state, id)?,
                _ => None,
            };
            if features && parts.is_some() {
                // The `moves` feature counts moves, not components: asked, not followed.
                self.moves_of(py, &mut state, id, &mut listed)?;
            }
            let list = match parts {
                Some(_) => {
                    if split.len() <= id as usize {
                        split.resize(id as usize + 1, false);
                    }
                    split[id as usize] = true;
                    state.parts[id as usize].as_ref().and_then(Option::as_deref)
                }
                None => {
                    self.moves_of(py, &mut state, id, &mut listed)?;
                    state.moves.get(id)
                }
            };
            for &to in list.unwrap_or(&[]) {
                see(&mut seen, &mut queue, to);
            }
        }
        Ok(Graph(Arc::new(state.collect(self.kind, roots, &seen, split, features, family))))
    }

    /// Asks the user's code for the moves of `id` the first time (labels are dropped: see
    /// [`Defined::labels`]).
    fn moves_of<'py>(
        &self,
        py: Python<'py>,
        state: &mut State,
        id: u32,
        listed: &mut Vec<Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        if state.moves.get(id).is_some() {
            return Ok(());
        }
        let pos = state.position(py, id);
        let what = || format!("a move of {}", quote(&pos));
        let result = self.moves.bind(py).call1((&pos,))?;
        state.grow(id as usize);
        if let Ok(list) = result.cast::<PyList>() {
            let State { positions, moves, .. } = &mut *state;
            let start = moves.arena.len();
            match positions.intern_int_list(list, &mut moves.arena) {
                Some(true) => {
                    moves.close(id, start);
                    return Ok(());
                }
                Some(false) => return Err(too_many()),
                None => {}
            }
        }
        listed.clear();
        each_position(
            &result,
            || format!("moves({})", quote(&pos)),
            |to| {
                listed.push(to.clone());
                Ok(())
            },
        )?;
        let State { positions, moves, .. } = state;
        let start = moves.arena.len();
        match positions.intern_all(listed, &mut moves.arena) {
            Ok(true) => moves.close(id, start),
            Ok(false) => {
                moves.arena.truncate(start);
                return Err(too_many());
            }
            Err((k, f)) => {
                moves.arena.truncate(start);
                return Err(failed(&listed[k], &what(), f));
            }
        }
        Ok(())
    }

    /// The labels of the moves of `pos`, in the order of its moves, when the game names them
    /// (its `moves` returns a mapping): asked again of the user's code, one position at a time
    /// (queries), rather than kept for every position. A label whose move leads elsewhere than
    /// the explored move in its place (a `moves` that changed its mind) is `None`.
    pub fn labels(&self, pos: &Bound<'_, PyAny>, explored: &[u32]) -> PyResult<Vec<Option<String>>> {
        let result = self.moves.bind(pos.py()).call1((pos,))?;
        let mut labels = vec![None; explored.len()];
        if let Ok(mapping) = result.cast::<PyMapping>() {
            let state = self.state()?;
            for (k, item) in mapping.items()?.iter().enumerate() {
                let (label, to): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
                if k < labels.len() && state.lookup(&to)? == Some(explored[k]) {
                    labels[k] = Some(label.str()?.to_string());
                }
            }
        }
        Ok(labels)
    }

    /// The outcome of `id` if it ends the game.
    fn terminal_of(&self, py: Python<'_>, state: &mut State, id: u32) -> PyResult<Option<Outcome>> {
        let Some(terminal) = &self.terminal else { return Ok(None) };
        if let Some(Some(known)) = state.terminal.get(id as usize) {
            return Ok(*known);
        }
        let pos = state.position(py, id);
        let said = terminal.bind(py).call1((&pos,))?;
        let outcome = outcome_of(&said).map_err(|why| {
            RulesError::new_err(format!("terminal({}) returned {}: {why}", quote(&pos), quote(&said)))
        })?;
        State::put(state.positions.len(), &mut state.terminal, id as usize, outcome);
        Ok(outcome)
    }

    /// The components of `id` when it splits into two or more (or none: an empty sum).
    fn parts_of(&self, py: Python<'_>, state: &mut State, id: u32) -> PyResult<Option<()>> {
        let Some(split) = &self.split else { return Ok(None) };
        if let Some(Some(known)) = state.parts.get(id as usize) {
            return Ok(known.as_ref().map(|_| ()));
        }
        let pos = state.position(py, id);
        let said = split.bind(py).call1((&pos,))?;
        let parts = if said.is_none() {
            None
        } else {
            let iter = said.try_iter().map_err(|_| {
                RulesError::new_err(format!(
                    "split({}) returned {}, not an iterable of components",
                    quote(&pos),
                    quote(&said)
                ))
            })?;
            let mut parts = Vec::new();
            for part in iter {
                parts.push(state.intern(&part?, || format!("a component of {}", quote(&pos)))?);
            }
            // One component is the position itself: no split.
            (parts.len() != 1).then(|| parts.into_boxed_slice())
        };
        let found = parts.as_ref().map(|_| ());
        State::put(state.positions.len(), &mut state.parts, id as usize, parts);
        Ok(found)
    }

    /// The features of `id`.
    fn features_of(&self, py: Python<'_>, state: &mut State, id: u32) -> PyResult<()> {
        let Some(features) = &self.features else { return Ok(()) };
        if matches!(state.feature_values.get(id as usize), Some(Some(_))) {
            return Ok(());
        }
        let pos = state.position(py, id);
        let said = features.bind(py).call1((&pos,))?;
        let dict = said.cast::<PyDict>().map_err(|_| {
            RulesError::new_err(format!(
                "features({}) returned {}, not a dict of integer features",
                quote(&pos),
                quote(&said)
            ))
        })?;
        let mut names = Vec::with_capacity(dict.len());
        let mut values = Vec::with_capacity(dict.len());
        for (k, v) in dict.iter() {
            let name: String = k.extract().map_err(|_| {
                RulesError::new_err(format!("features({}): the name {} is not a str", quote(&pos), quote(&k)))
            })?;
            let value: i64 = v.extract().map_err(|_| {
                RulesError::new_err(format!(
                    "features({}): `{name}` is {}, not an integer",
                    quote(&pos),
                    quote(&v)
                ))
            })?;
            names.push(name);
            values.push(value);
        }
        match &state.feature_names {
            None => {
                for name in &names {
                    nimber_lab_name_ok(name).map_err(|why| {
                        RulesError::new_err(format!("features({}): `{name}` {why}", quote(&pos)))
                    })?;
                }
                state.feature_names = Some(names)
            }
            Some(known) if *known == names => {}
            Some(known) => {
                return Err(RulesError::new_err(format!(
                    "features({}) named {} but earlier positions named {} (the same names, in the \
                     same order, for every position)",
                    quote(&pos),
                    names.join(", "),
                    known.join(", ")
                )))
            }
        }
        State::put(state.positions.len(), &mut state.feature_values, id as usize, values.into_boxed_slice());
        Ok(())
    }
}

/// A feature name must be an identifier, for the rules of `check`.
fn nimber_lab_name_ok(name: &str) -> Result<(), &'static str> {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if first_ok && chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Ok(())
    } else {
        Err("is not a name of letters, digits and _ (starting with a letter)")
    }
}

/// A terminal outcome as the user states it: `None`, `"win"`, `"lose"`, `"tie"`, or a pair of
/// one of them and a remoteness.
fn outcome_of(said: &Bound<'_, PyAny>) -> Result<Option<Outcome>, String> {
    if said.is_none() {
        return Ok(None);
    }
    let (name, remoteness): (String, u32) = if let Ok(name) = said.extract::<String>() {
        (name, 0)
    } else if let Ok(pair) = said.cast::<PyTuple>() {
        pair.extract().map_err(|_| "a pair is (\"win\"|\"lose\"|\"tie\", remoteness >= 0)".to_string())?
    } else {
        return Err("say None (play goes on), \"win\", \"lose\" or \"tie\" (for the player to move)".into());
    };
    match Value::from_name(&name) {
        Some(v @ (Value::Win | Value::Lose | Value::Tie)) => Ok(Some(Outcome::new(v, remoteness))),
        _ => Err("the value is \"win\", \"lose\" or \"tie\" (for the player to move)".into()),
    }
}

/// Each position that the user's `call` (`moves(...)`, `left_moves(...)`) returned: a list, a
/// tuple or another iterable of positions, or a mapping from labels to positions (its values,
/// in order); `None`, a string or anything not iterable is a [`RulesError`].
pub fn each_position<'py>(
    result: &Bound<'py, PyAny>,
    call: impl Fn() -> String,
    mut each: impl FnMut(&Bound<'py, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    // The common shapes first: a list, a tuple or a dict (telling a mapping from other
    // iterables costs an isinstance check against collections.abc.Mapping).
    if let Ok(list) = result.cast::<PyList>() {
        list.iter().try_for_each(|to| each(&to))
    } else if let Ok(tuple) = result.cast::<PyTuple>() {
        tuple.iter().try_for_each(|to| each(&to))
    } else if let Ok(mapping) = result.cast::<PyDict>() {
        mapping.values().iter().try_for_each(|to| each(&to))
    } else if result.is_none() {
        Err(RulesError::new_err(format!(
            "{} returned None: return an empty list for a position without moves",
            call()
        )))
    } else if result.is_instance_of::<PyString>() {
        Err(RulesError::new_err(format!("{} returned a string, not an iterable of positions", call())))
    } else if let Ok(mapping) = result.cast::<PyMapping>() {
        mapping.values()?.iter().try_for_each(|to| each(&to))
    } else {
        let iter = result.try_iter().map_err(|_| {
            RulesError::new_err(format!(
                "{} returned {}, not an iterable of positions",
                call(),
                quote(result)
            ))
        })?;
        iter.into_iter().try_for_each(|to| each(&to?))
    }
}

impl State {
    /// Room for position `i`'s moves.
    fn grow(&mut self, i: usize) {
        if self.moves.spans.len() <= i {
            self.moves.spans.resize((i + 1).max(self.positions.len()), UNKNOWN);
        }
    }

    /// `table[i] = Some(value)`, making room (each table grows only for the methods the game
    /// has: a game without `terminal` keeps no outcomes).
    fn put<T: Clone>(positions: usize, table: &mut Vec<Option<T>>, i: usize, value: T) {
        if table.len() <= i {
            table.resize((i + 1).max(positions), None);
        }
        table[i] = Some(value);
    }

    /// The position numbered `id` (a number the interner gave).
    fn position<'py>(&self, py: Python<'py>, id: u32) -> Bound<'py, PyAny> {
        self.positions.object(id).expect("a position numbered by the interner").bind(py).clone()
    }

    fn lookup(&self, pos: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        self.positions.get(pos).map_err(|f| failed(pos, "a position", f))
    }

    fn intern(&mut self, pos: &Bound<'_, PyAny>, what: impl FnOnce() -> String) -> PyResult<u32> {
        match self.positions.intern(pos) {
            Ok(Some(id)) => Ok(id),
            Ok(None) => Err(too_many()),
            Err(f) => Err(failed(pos, &what(), f)),
        }
    }

    /// The features of the positions `seen`, a row each: the game's own, then `moves` (the
    /// number of moves; the engine would count a split position's components) unless the game
    /// names one.
    fn feature_table(&self, seen: &[bool]) -> (Vec<String>, Vec<i64>) {
        let mut names = self.feature_names.clone().unwrap_or_default();
        let own = names.len();
        let count_moves = !names.iter().any(|n| n == MOVES);
        if count_moves {
            names.push(MOVES.to_string());
        }
        let width = names.len();
        let n = self.positions.len();
        let mut values = vec![0; n * width];
        for (i, row) in values.chunks_exact_mut(width).enumerate() {
            if let Some(Some(v)) = self.feature_values.get(i) {
                row[..own].copy_from_slice(v);
            }
            if count_moves && seen.get(i).copied().unwrap_or(false) {
                row[own] = self.moves.get(i as u32).map_or(0, |m| m.len() as i64);
            }
        }
        (names, values)
    }

    /// The graph of the positions `seen`.
    fn collect(
        &self,
        kind: Kind,
        roots: Vec<u32>,
        seen: &[bool],
        mut split: Vec<bool>,
        features: bool,
        family: Option<Vec<u32>>,
    ) -> Data {
        let n = self.positions.len();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        let mut terminal = rustc_hash::FxHashMap::default();
        split.resize(n, false);
        offsets.push(0);
        for (i, &parts) in split.iter().enumerate() {
            if seen.get(i).copied().unwrap_or(false) {
                if let Some(Some(Some(t))) = self.terminal.get(i) {
                    terminal.insert(i as u32, *t);
                } else if parts {
                    if let Some(Some(Some(parts))) = self.parts.get(i) {
                        targets.extend_from_slice(parts);
                    }
                } else if let Some(moves) = self.moves.get(i as u32) {
                    targets.extend_from_slice(moves);
                }
            }
            offsets.push(targets.len());
        }
        let (feature_names, feature_values) =
            if features { self.feature_table(seen) } else { Default::default() };
        Data {
            kind: Some(kind),
            roots,
            offsets,
            targets,
            split,
            terminal,
            features: feature_names,
            feature_values,
            family,
            reverse: Default::default(),
        }
    }
}

/// Where the list of a position whose list is not known yet starts.
const UNKNOWN: (usize, u32) = (usize::MAX, 0);

/// A list of numbers for each position (its moves), in one arena rather than an allocation each.
#[derive(Default)]
struct Lists {
    arena: Vec<u32>,
    /// Position → where its list starts in `arena`, and its length ([`UNKNOWN`] before it is
    /// known).
    spans: Vec<(usize, u32)>,
}

impl Lists {
    fn get(&self, id: u32) -> Option<&[u32]> {
        match self.spans.get(id as usize) {
            Some(&(start, len)) if start != usize::MAX => Some(&self.arena[start..start + len as usize]),
            _ => None,
        }
    }

    /// Position `id`'s list is `arena[start..]` (room for `id` in `spans` is made beforehand).
    fn close(&mut self, id: u32, start: usize) {
        self.spans[id as usize] = (start, (self.arena.len() - start) as u32);
    }
}

/// The error of a game with more positions than numbers.
fn too_many() -> PyErr {
    refuse("a game defined in Python has at most 2^32 positions")
}

/// The error of a position that could not be looked up: unhashable, or its `__hash__` or
/// `__eq__` raised.
fn failed(pos: &Bound<'_, PyAny>, what: &str, failure: Failure) -> PyErr {
    let cause = match failure {
        Failure::Unhashable(cause) => cause,
        Failure::Raised(e) => return e,
    };
    let error = RulesError::new_err(format!(
        "{what} is {}, which is not hashable: positions are dict keys (use tuples and frozensets, \
         not lists and sets)",
        quote(pos)
    ));
    error.set_cause(pos.py(), Some(cause));
    error
}
