//! Surveys of game values (`nimber explore --values`, `nimber check --values`): every position
//! of a family valued in one store of forms ([`Evaluator`]), and tabulated by its features as
//! the engine's surveys are ([`nimber_engine::solve::survey`]), with the canonical value as what was
//! observed ([`Observed::Value`], the values' texts in CGSuite's notation in the survey).
//!
//! The features ([`feature_names`]) are the game's own ([`ValueExplore`](crate::game::ValueExplore)), then
//!
//! - `moves_left`, `moves_right`: how many moves each player has from the position;
//! - `left_stop`, `right_stop`: the value's stops ([`Forms::stops`]), dyadic rationals;
//! - `mean`, `temperature`: its mean and temperature ([`Forms::mean`], [`Forms::temperature`],
//!   from its thermograph), dyadic rationals, with CGSuite's convention for numbers (a number
//!   `m/2^k` has temperature `-1/2^k`, an integer `-1`);
//! - `number`, `ups`, `nimber`: for a value `x + n.^ + *m` (a number plus a multiple of up
//!   plus a nimber, as [`Printer::nus`] finds it: numbers, nimbers, `^`, `v3*`, `1/2^*`), its
//!   number `x` (a dyadic rational), `n` and `m`. Other values (switches such as `+-1`, hot
//!   games such as `{2|-1/2}`, `{0|v}`...) have none of the three: they are absent
//!   ([`Num::Absent`], `-` in tables, `null` in JSON, `()` in rules).
//!
//! The values are numbered in the order of their means, then of their stops (left, then right),
//! then of their texts, so that numbers come by size.

use rustc_hash::{FxHashMap, FxHashSet};

use nimber_engine::solve::survey::{feature_count_error, Cells, Num, Observed, Scope, Survey};
use nimber_engine::{Dyadic, Error, Progress};

use crate::forms::{Form, Forms};
use crate::game::{read, write, Evaluator, Partizan};
use crate::print::{Nus, Printer};

/// The number of moves Left has.
pub const MOVES_LEFT: &str = "moves_left";
/// The number of moves Right has.
pub const MOVES_RIGHT: &str = "moves_right";
/// The parts of a value, in the order of the features (see the module documentation).
pub const PARTS: [&str; 7] = ["left_stop", "right_stop", "mean", "temperature", "number", "ups", "nimber"];

/// A survey of game values with the forms of its values.
pub struct ValueSurvey {
    /// The table: `Observed::Value(i)` is the value `values[i]`, written `survey.values[i]`.
    pub survey: Survey,
    /// The store the values are built in.
    pub forms: Forms,
    /// The values, in their order.
    pub values: Vec<Form>,
}

impl ValueSurvey {
    /// The form of an observed game value.
    pub fn form(&self, v: Observed) -> Option<Form> {
        match v {
            Observed::Value(i) => self.values.get(i as usize).copied(),
            _ => None,
        }
    }
}

/// The features of a survey of `game`'s values: its own, [`MOVES_LEFT`], [`MOVES_RIGHT`], then
/// [`PARTS`].
pub fn feature_names<G: Partizan + ?Sized>(game: &G) -> Vec<String> {
    let mut names = game.capabilities().exploration.map_or_else(Vec::new, |e| e.features());
    names.extend([MOVES_LEFT, MOVES_RIGHT].iter().chain(&PARTS).map(|s| s.to_string()));
    names
}

/// The numbers of a value: its stops, mean and temperature.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Numbers {
    mean: Dyadic,
    left_stop: Dyadic,
    right_stop: Dyadic,
    temperature: Dyadic,
}

impl Numbers {
    fn of(forms: &mut Forms, g: Form) -> Numbers {
        let (left_stop, right_stop) = forms.stops(g);
        Numbers { mean: forms.mean(g), left_stop, right_stop, temperature: forms.temperature(g) }
    }
}

/// The parts of a value as features (see the module documentation).
fn parts(n: Numbers, nus: Option<Nus>) -> [Num; PARTS.len()] {
    let (number, ups, nimber) = match nus {
        Some(v) => (Num::Dyadic(v.number), Num::Int(v.ups), Num::Int(v.nim as i64)),
        None => (Num::Absent, Num::Absent, Num::Absent),
    };
    let d = Num::Dyadic;
    [d(n.left_stop), d(n.right_stop), d(n.mean), d(n.temperature), number, ups, nimber]
}

/// How often the survey looks for a request to stop, in positions valued.
const POLL: usize = 64;

/// Values every position of the scope in one store and tabulates them (see the module
/// documentation). A family's positions are valued in its order; the positions reachable from
/// one (or from the start, for a game without a family) in breadth-first order, by both
/// players' moves.
pub fn survey<G: Partizan>(
    game: &G,
    scope: Scope<'_>,
    progress: &dyn Progress,
) -> Result<ValueSurvey, Error> {
    let format = |pos: &G::Position| write(game, pos);
    let (positions, description) = match scope {
        Scope::From(text) => {
            let pos = read(game, Some(text))?;
            let described = format!("the positions reachable from {}", format(&pos));
            (reachable(game, pos), described)
        }
        Scope::Family => match game.capabilities().exploration.map_or(Ok(None), |e| e.family())? {
            Some(family) => (family.positions, family.description),
            None => (reachable(game, game.start()), "the positions reachable from the start".to_string()),
        },
    };
    let explore = game.capabilities().exploration;
    let features = feature_names(game);

    // Every position valued, in one store.
    progress.phase("valuing the positions", Some(positions.len() as u64));
    let mut evaluator = Evaluator::new(game);
    let mut found = Vec::with_capacity(positions.len());
    for (k, pos) in positions.iter().enumerate() {
        if k % POLL == 0 {
            if progress.cancelled() {
                return Err(Error::Cancelled { checkpoint: None, proven: None });
            }
            if k > 0 {
                progress.advance(POLL as u64);
            }
        }
        found.push(evaluator.value(pos));
    }
    progress.advance(((positions.len() + POLL - 1) % POLL + 1).min(positions.len()) as u64);
    let mut forms = evaluator.forms;

    // The distinct values in their order, with their texts and parts.
    let mut distinct: Vec<Form> = found.iter().copied().collect::<FxHashSet<_>>().into_iter().collect();
    let numbers: FxHashMap<Form, Numbers> =
        distinct.iter().map(|&g| (g, Numbers::of(&mut forms, g))).collect();
    let mut printer = Printer::new(&mut forms);
    let described: FxHashMap<Form, (String, Option<Nus>)> =
        distinct.iter().map(|&g| (g, (printer.text(g), printer.nus(g)))).collect();
    distinct.sort_by(|a, b| (numbers[a], &described[a].0).cmp(&(numbers[b], &described[b].0)));
    let number: FxHashMap<Form, u32> = distinct.iter().enumerate().map(|(i, &g)| (g, i as u32)).collect();
    let part: Vec<[Num; PARTS.len()]> = distinct.iter().map(|g| parts(numbers[g], described[g].1)).collect();

    // The table.
    let width = features.len();
    let mut table = Cells::new();
    let mut raw = Vec::new();
    let mut key = Vec::with_capacity(width);
    for (pos, value) in positions.iter().zip(&found) {
        raw.clear();
        if let Some(e) = explore {
            e.feature_values(pos, &mut raw);
        }
        if raw.len() + 2 + PARTS.len() != width {
            return Err(feature_count_error(raw.len(), &format(pos), width - 2 - PARTS.len()));
        }
        raw.push(game.left_moves(pos).len() as i64);
        raw.push(game.right_moves(pos).len() as i64);
        let id = number[value];
        key.clear();
        key.extend(raw.iter().map(|&v| Num::Int(v)));
        key.extend(part[id as usize]);
        table.add(&key, Observed::Value(id), || format(pos));
    }
    let texts: Vec<String> = distinct.iter().map(|g| described[g].0.clone()).collect();
    let survey = Survey {
        features,
        nim: false,
        values: Some(texts),
        scope: description,
        positions: table.positions(),
        cells: table.cells(),
    };
    Ok(ValueSurvey { survey, forms, values: distinct })
}

/// The positions reachable from `start` by either player's moves, itself first, in
/// breadth-first order.
fn reachable<G: Partizan>(game: &G, start: G::Position) -> Vec<G::Position> {
    let mut seen: FxHashSet<G::Position> = FxHashSet::default();
    seen.insert(start.clone());
    let mut order = vec![start];
    let mut head = 0;
    while head < order.len() {
        let pos = order[head].clone();
        head += 1;
        for m in game.left_moves(&pos).into_iter().chain(game.right_moves(&pos)) {
            if seen.insert(m.to.clone()) {
                order.push(m.to);
            }
        }
    }
    order
}

/// The canonical form `g` of the store `from`, built in the store `to` (where it is then
/// compared with the forms there). A form is canonical in any store: its options are built
/// first, and `make` keeps them as they are.
pub fn copy_form(to: &mut Forms, from: &Forms, g: Form) -> Form {
    let mut done: FxHashMap<Form, Form> = FxHashMap::default();
    copy_into(to, from, g, &mut done)
}

fn copy_into(to: &mut Forms, from: &Forms, g: Form, done: &mut FxHashMap<Form, Form>) -> Form {
    if let Some(&h) = done.get(&g) {
        return h;
    }
    if let Some(x) = from.as_number(g) {
        let h = to.number(x);
        done.insert(g, h);
        return h;
    }
    let left: Vec<Form> = from.left(g).iter().map(|&o| copy_into(to, from, o, done)).collect();
    let right: Vec<Form> = from.right(g).iter().map(|&o| copy_into(to, from, o, done)).collect();
    let h = to.make(left, right);
    done.insert(g, h);
    h
}
