//! Partizan games for front ends, positions as text: [`DynPartizan`], which every [`Partizan`]
//! game is, finds a position's value ([`Valued`]), the values its moves lead to ([`Analysis`],
//! remembered between calls in a [`Memory`] within bounds), its drawing, and surveys of values
//! ([`crate::survey`]).

use std::any::Any;

use nimber_engine::solve::survey::Scope;
use nimber_engine::{Error, Move, Progress};
use rustc_hash::FxHashMap;

use crate::forms::{Form, Forms};
use crate::game::{read, write, Evaluator, Partizan, Player};
use crate::survey::ValueSurvey;

/// A position's value, as [`DynPartizan::value`] finds it.
pub struct Valued {
    /// The position in the game's notation.
    pub position: String,
    /// The forms the value is built in.
    pub forms: Forms,
    /// The value.
    pub value: Form,
    /// Positions whose value was computed (regions, after normalizing).
    pub positions: usize,
}

/// What [`DynPartizan::analyse`] keeps between calls on one game, within bounds: the forms
/// values are built in and the value of every position met.
pub struct Memory {
    /// The forms the values are built in.
    pub forms: Forms,
    /// The values of positions: a map from the game's positions to forms, kept as `Any` so that
    /// front ends hold it without knowing the game's type.
    values: Option<Box<dyn Any + Send>>,
    /// How many positions `values` holds.
    positions: usize,
    /// The budget of the forms ([`Forms::with_budget`]), if bounded.
    max_forms: Option<usize>,
    /// The most positions remembered.
    max_positions: usize,
    /// Whether the positions' budget ran out.
    stopped: bool,
}

impl Default for Memory {
    fn default() -> Memory {
        Memory::new()
    }
}

impl Memory {
    /// A memory without bounds.
    pub fn new() -> Memory {
        Memory::bounded(None, usize::MAX)
    }

    /// A memory of at most `positions` positions' values, whose forms have the budget `forms`
    /// ([`Forms::with_budget`]): for positions read from users, whose values can take
    /// astronomically many positions and forms (8x8 Domineering).
    pub fn with_budget(forms: usize, positions: usize) -> Memory {
        Memory::bounded(Some(forms), positions)
    }

    fn bounded(max_forms: Option<usize>, max_positions: usize) -> Memory {
        Memory {
            forms: max_forms.map_or_else(Forms::new, Forms::with_budget),
            values: None,
            positions: 0,
            max_forms,
            max_positions,
            stopped: false,
        }
    }

    /// How many positions' values are remembered.
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// Whether a budget ran out: results since are meaningless, and the memory should be
    /// [cleared](Memory::clear).
    pub fn exhausted(&self) -> bool {
        self.stopped || self.forms.exhausted()
    }

    /// Forgets everything (the budgets stay).
    pub fn clear(&mut self) {
        *self = Memory::bounded(self.max_forms, self.max_positions);
    }

    /// Why the work stopped, once [`Memory::exhausted`].
    fn exhausted_error(&self) -> Error {
        Error::TooLarge(if self.stopped {
            format!("the value needs more than {} positions valued", self.max_positions)
        } else {
            format!(
                "the value needs more work than a budget of {} canonical forms allows",
                self.max_forms.unwrap_or(usize::MAX)
            )
        })
    }
}

/// A move and the value of the position it leads to ([`Analysis`]).
#[derive(Clone, Debug)]
pub struct ValuedMove {
    /// The move's name, as the game names its moves.
    pub label: String,
    /// The position it leads to, in the game's notation.
    pub position: String,
    /// That position's value.
    pub value: Form,
}

/// A position's value and the values its moves lead to, as [`DynPartizan::analyse`] finds
/// them; the forms are in the [`Memory`] it was given.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The position in the game's notation.
    pub position: String,
    /// Its value.
    pub value: Form,
    /// Left's moves, in the order the game lists them.
    pub left: Vec<ValuedMove>,
    /// Right's moves.
    pub right: Vec<ValuedMove>,
}

/// A partizan game for front ends: positions as text.
pub trait DynPartizan: Send + Sync {
    /// The start position, in the game's notation.
    fn start_text(&self) -> String;

    /// The value of a position (the start when `None`).
    fn value(&self, position: Option<&str>) -> Result<Valued, Error>;

    /// The value of a position (the start when `None`) and of the position each of Left's and
    /// Right's moves leads to, found in `memory`, which remembers them for later calls: give
    /// one memory positions of one game only. When a budget of `memory` runs out, fails with
    /// [`Error::TooLarge`] and clears it.
    fn analyse(&self, position: Option<&str>, memory: &mut Memory) -> Result<Analysis, Error>;

    /// The drawing of a position with `player` to move, if the game draws its positions.
    fn draw(&self, position: &str, player: Player) -> Result<Option<String>, Error>;

    /// The features of its surveys of values: its own, `moves_left`, `moves_right`, then the
    /// parts of the value ([`crate::survey::feature_names`]).
    fn feature_names(&self) -> Vec<String>;

    /// Values every position of the scope (the game's family, or the positions reachable from
    /// one, in the game's notation) and tabulates them by their features ([`crate::survey`]).
    fn survey(&self, scope: Scope<'_>, progress: &dyn Progress) -> Result<ValueSurvey, Error>;
}

impl<G: Partizan> DynPartizan for G
where
    G::Position: 'static,
{
    fn start_text(&self) -> String {
        write(self, &self.start())
    }

    fn value(&self, position: Option<&str>) -> Result<Valued, Error> {
        let pos = read(self, position)?;
        let position = write(self, &pos);
        let mut evaluator = Evaluator::new(self);
        let value = evaluator.value(&pos);
        let positions = evaluator.positions();
        Ok(Valued { position, forms: evaluator.forms, value, positions })
    }

    fn analyse(&self, position: Option<&str>, memory: &mut Memory) -> Result<Analysis, Error> {
        let pos = read(self, position)?;
        if memory.exhausted() {
            memory.clear();
        }
        // The memory lends its contents to an evaluator, and is left empty meanwhile (as good as
        // new, should anything go wrong before they come back).
        let values = memory
            .values
            .take()
            .and_then(|v| v.downcast::<FxHashMap<G::Position, Form>>().ok())
            .map_or_else(FxHashMap::default, |v| *v);
        let forms = std::mem::replace(&mut memory.forms, Memory::bounded(memory.max_forms, 0).forms);
        memory.positions = 0;
        let mut evaluator = Evaluator::from_parts(self, forms, values, memory.max_positions);
        let value = evaluator.value(&pos);
        let mut side = |moves: Vec<Move<G::Position>>| -> Vec<ValuedMove> {
            moves
                .into_iter()
                .map(|m| ValuedMove {
                    value: evaluator.value(&m.to),
                    position: write(self, &m.to),
                    label: m.label,
                })
                .collect()
        };
        let left = side(self.left_moves(&pos));
        let right = side(self.right_moves(&pos));
        let (forms, values, stopped) = evaluator.into_parts();
        memory.stopped = stopped;
        memory.positions = values.len();
        memory.forms = forms;
        memory.values = Some(Box::new(values));
        if memory.exhausted() {
            let error = memory.exhausted_error();
            memory.clear();
            return Err(error);
        }
        Ok(Analysis { position: write(self, &pos), value, left, right })
    }

    fn draw(&self, position: &str, player: Player) -> Result<Option<String>, Error> {
        let pos = read(self, Some(position))?;
        Ok(self.capabilities().drawing.and_then(|d| d.svg(&(pos, player))))
    }

    fn feature_names(&self) -> Vec<String> {
        crate::survey::feature_names(self)
    }

    fn survey(&self, scope: Scope<'_>, progress: &dyn Progress) -> Result<ValueSurvey, Error> {
        crate::survey::survey(self, scope, progress)
    }
}
