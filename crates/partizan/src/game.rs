//! Partizan games given by their rules: a game states Left's and Right's moves from every
//! position ([`Partizan`]), and [`Evaluator`] finds the canonical form of any position, position
//! by position with the values remembered, adding the values of independent regions when the
//! game splits a position into them.
//!
//! [`Bridge`] makes such a game a game of the engine, with the player to move in the position,
//! so that the strong solvers solve it too; the tests compare the outcome class of every value
//! with what they find.

use std::any::Any;
use std::fmt::Debug;
use std::hash::Hash;

use nimber_engine::{Draw, Error, Game, Kind, Move, Notation, ParseError};
use rustc_hash::FxHashMap;

use crate::forms::{Form, Forms};

/// The rules of a partizan game: both players' moves from every position (in a game value,
/// either player may move from any position). Normal play: a player who cannot move loses.
pub trait Partizan: Send + Sync {
    /// A position. Positions that are the same up to the game's symmetries should be equal
    /// (see [`Partizan::normalize`]), so that their values are computed once.
    type Position: Clone + Eq + Hash + Send + Sync + Debug;

    /// The start position.
    fn start(&self) -> Self::Position;

    /// Left's moves from `pos`.
    fn left_moves(&self, pos: &Self::Position) -> Vec<Move<Self::Position>>;

    /// Right's moves from `pos`.
    fn right_moves(&self, pos: &Self::Position) -> Vec<Move<Self::Position>>;

    /// The independent regions of `pos`, whose values add up to its value, when it has more than
    /// one; `None` when it is one region (the default).
    fn regions(&self, _pos: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// A representative of `pos` among the positions with the same value (a board trimmed and
    /// turned to a standard orientation), or `pos` itself (the default).
    fn normalize(&self, pos: &Self::Position) -> Self::Position {
        pos.clone()
    }

    /// A text notation for positions, if the game has one.
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        None
    }

    /// Drawings of positions with the player to move (as the strong solvers see them), if the
    /// game has them.
    fn drawing(&self) -> Option<&dyn Draw<(Self::Position, Player)>> {
        None
    }
}

/// Computes the values of positions of one game, remembering each position's value.
pub struct Evaluator<'g, G: Partizan> {
    game: &'g G,
    /// The forms values are built in.
    pub forms: Forms,
    values: FxHashMap<G::Position, Form>,
    /// The most positions valued (see [`Evaluator::exhausted`]).
    max_positions: usize,
    /// Whether a position was left unvalued for lack of room for positions.
    stopped: bool,
}

impl<'g, G: Partizan> Evaluator<'g, G> {
    /// An evaluator of `game` with a store of forms of its own.
    pub fn new(game: &'g G) -> Self {
        Evaluator::from_parts(game, Forms::new(), FxHashMap::default(), usize::MAX)
    }

    fn from_parts(
        game: &'g G,
        forms: Forms,
        values: FxHashMap<G::Position, Form>,
        max_positions: usize,
    ) -> Self {
        Evaluator { game, forms, values, max_positions, stopped: false }
    }

    /// How many positions have had their value computed.
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// Whether the work stopped short: the budget of the forms ([`Forms::with_budget`]) or of
    /// positions ran out. Values found since are meaningless.
    pub fn exhausted(&self) -> bool {
        self.stopped || self.forms.exhausted()
    }

    /// The canonical form of `pos`: the sum of its regions' values, each the canonical form of
    /// `{ values of Left's moves | values of Right's moves }`.
    pub fn value(&mut self, pos: &G::Position) -> Form {
        if let Some(parts) = self.game.regions(pos) {
            let mut total = Form::ZERO;
            for part in &parts {
                let v = self.region(part);
                total = self.forms.sum(total, v);
            }
            return total;
        }
        self.region(pos)
    }

    /// The value of one region (no split).
    fn region(&mut self, pos: &G::Position) -> Form {
        let key = self.game.normalize(pos);
        if let Some(&v) = self.values.get(&key) {
            return v;
        }
        // Past a budget, stop exploring: the caller throws the results away.
        if self.forms.exhausted() {
            return Form::ZERO;
        }
        if self.values.len() >= self.max_positions {
            self.stopped = true;
            return Form::ZERO;
        }
        let left: Vec<G::Position> = self.game.left_moves(&key).into_iter().map(|m| m.to).collect();
        let right: Vec<G::Position> = self.game.right_moves(&key).into_iter().map(|m| m.to).collect();
        let left: Vec<Form> = left.iter().map(|p| self.value(p)).collect();
        let right: Vec<Form> = right.iter().map(|p| self.value(p)).collect();
        let v = self.forms.make(left, right);
        self.values.insert(key, v);
        v
    }
}

/// Which player moves next, in a [`Bridge`] position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    Left,
    Right,
}

/// A partizan game as a game of the engine: a position is a position of the game and the
/// player to move, who moves as the game says and loses when unable to.
pub struct Bridge<G>(pub G);

impl<G: Partizan> Game for Bridge<G> {
    type Position = (G::Position, Player);

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> Self::Position {
        (self.0.start(), Player::Left)
    }

    fn moves(&self, (pos, player): &Self::Position) -> Vec<Move<Self::Position>> {
        let (moves, next) = match player {
            Player::Left => (self.0.left_moves(pos), Player::Right),
            Player::Right => (self.0.right_moves(pos), Player::Left),
        };
        moves.into_iter().map(|m| Move::new(m.label, (m.to, next))).collect()
    }

    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        self.0.notation().map(|_| self as &dyn Notation<Self::Position>)
    }

    fn drawing(&self) -> Option<&dyn Draw<Self::Position>> {
        self.0.drawing()
    }
}

/// A position is written as the game writes it, then the player to move: `L` or `R`
/// (`../.. L`).
impl<G: Partizan> Notation<(G::Position, Player)> for Bridge<G> {
    fn format(&self, (pos, player): &(G::Position, Player)) -> String {
        let who = match player {
            Player::Left => "L",
            Player::Right => "R",
        };
        match self.0.notation() {
            Some(n) => format!("{} {who}", n.format(pos)),
            None => format!("{pos:?} {who}"),
        }
    }

    fn parse(&self, text: &str) -> Result<(G::Position, Player), ParseError> {
        let notation = self.0.notation().ok_or_else(|| ParseError::new("this game has no notation"))?;
        parse_with_player(notation, text)
    }
}

/// Reads `POSITION L` or `POSITION R` (Left or Right to move).
fn parse_with_player<P>(notation: &dyn Notation<P>, text: &str) -> Result<(P, Player), ParseError> {
    let text = text.trim_end();
    let (pos, who) = text.rsplit_once(' ').ok_or_else(|| {
        ParseError::at(text.chars().count() + 1, "the player to move is missing: end with ` L` or ` R`")
    })?;
    let player = match who {
        "L" => Player::Left,
        "R" => Player::Right,
        _ => {
            return Err(ParseError::at(
                pos.chars().count() + 2,
                format!("`{who}` is not a player: use L or R"),
            ))
        }
    };
    Ok((notation.parse(pos)?, player))
}

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
}

/// A position read in the game's notation (the start when `None`).
fn read<G: Partizan>(game: &G, position: Option<&str>) -> Result<G::Position, Error> {
    match position {
        None => Ok(game.start()),
        Some(text) => {
            let notation = game
                .notation()
                .ok_or_else(|| Error::Unsupported("this game has no notation for positions".into()))?;
            notation.parse(text).map_err(|error| Error::Position { text: text.to_string(), error })
        }
    }
}

/// A position in the game's notation.
fn write<G: Partizan>(game: &G, pos: &G::Position) -> String {
    game.notation().map_or_else(|| format!("{pos:?}"), |n| n.format(pos))
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
        memory.stopped = evaluator.stopped;
        memory.positions = evaluator.values.len();
        memory.forms = evaluator.forms;
        memory.values = Some(Box::new(evaluator.values));
        if memory.exhausted() {
            let error = memory.exhausted_error();
            memory.clear();
            return Err(error);
        }
        Ok(Analysis { position: write(self, &pos), value, left, right })
    }

    fn draw(&self, position: &str, player: Player) -> Result<Option<String>, Error> {
        let pos = read(self, Some(position))?;
        Ok(self.drawing().and_then(|d| d.svg(&(pos, player))))
    }
}
