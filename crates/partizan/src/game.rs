//! Partizan games given by their rules: a game states Left's and Right's moves from every
//! position ([`Partizan`]), and [`Evaluator`] finds the canonical form of any position, position
//! by position with the values remembered, adding the values of independent regions when the
//! game splits a position into them.
//!
//! [`Bridge`] makes such a game a game of the engine, with the player to move in the position,
//! so that the strong solvers solve it too; the tests compare the outcome class of every value
//! with what they find.

use std::fmt::Debug;
use std::hash::Hash;

use nimber_engine::{Capabilities, Draw, Error, Game, Kind, Move, Notation, ParseError};
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

    /// What the game has besides its rules: a text notation, drawings of positions with the
    /// player to move, features and a family for surveys of values. None by default; a game
    /// says what it has with one call per capability:
    /// `PartizanCapabilities::none().notation(self).drawing(self)`.
    fn capabilities(&self) -> PartizanCapabilities<'_, Self::Position> {
        PartizanCapabilities::none()
    }
}

/// The capabilities a partizan game has ([`Partizan::capabilities`]): each field is `None`
/// unless the game has that capability, and then the game itself as the capability's trait
/// object (the counterpart of the engine's [`nimber_engine::Capabilities`]).
pub struct PartizanCapabilities<'a, P> {
    /// A text notation for positions.
    pub notation: Option<&'a dyn Notation<P>>,
    /// Drawings of positions with the player to move (as the strong solvers see them).
    pub drawing: Option<&'a dyn Draw<(P, Player)>>,
    /// Features of positions and a family of them for surveys of values (without, a survey
    /// values the positions reachable from the start, with the features every game has).
    pub exploration: Option<&'a dyn ValueExplore<P>>,
}

impl<'a, P> PartizanCapabilities<'a, P> {
    /// No capability: the rules alone.
    pub fn none() -> Self {
        PartizanCapabilities { notation: None, drawing: None, exploration: None }
    }

    /// These capabilities and a text notation.
    pub fn notation(self, notation: &'a dyn Notation<P>) -> Self {
        PartizanCapabilities { notation: Some(notation), ..self }
    }

    /// These capabilities and drawings.
    pub fn drawing(self, drawing: &'a dyn Draw<(P, Player)>) -> Self {
        PartizanCapabilities { drawing: Some(drawing), ..self }
    }

    /// These capabilities and features with a family for surveys of values.
    pub fn exploration(self, exploration: &'a dyn ValueExplore<P>) -> Self {
        PartizanCapabilities { exploration: Some(exploration), ..self }
    }
}

/// Numeric features of positions and a family of positions, for surveys of values (`nimber
/// explore --values`, `nimber check --values`; see the `survey` module): the partizan
/// counterpart of the engine's [`nimber_engine::Explore`].
pub trait ValueExplore<P> {
    /// Names of numeric features of a position (identifiers: letters, digits, `_`). Every game
    /// also has `moves_left`, `moves_right` and the parts of the value, which the survey adds
    /// (`survey::feature_names`).
    fn features(&self) -> Vec<String>;

    /// The values of [`ValueExplore::features`] for `pos`, appended to `out` in the same order.
    fn feature_values(&self, pos: &P, out: &mut Vec<i64>);

    /// The positions a survey values, set by the game's parameters (every rectangle up to a
    /// size, every board of a size with every placement of pieces). `Ok(None)` (the default)
    /// means the positions reachable from the start.
    fn family(&self) -> Result<Option<ValueFamily<P>>, Error> {
        Ok(None)
    }
}

/// The positions a survey of values covers, in order (which position is "first" is this order),
/// and what they are in words.
pub struct ValueFamily<P> {
    /// What the family is, for people: "every rectangle of 1 to 4 rows and 1 to 4 columns".
    pub description: String,
    /// The positions.
    pub positions: Vec<P>,
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

    /// An evaluator that goes on from earlier work: the forms and the values of positions found
    /// then, valuing at most `max_positions` positions in all (the memory of
    /// `DynPartizan::analyse`).
    pub(crate) fn from_parts(
        game: &'g G,
        forms: Forms,
        values: FxHashMap<G::Position, Form>,
        max_positions: usize,
    ) -> Self {
        Evaluator { game, forms, values, max_positions, stopped: false }
    }

    /// The forms, the values of positions found, and whether the budget of positions ran out:
    /// what [`Evaluator::from_parts`] goes on from.
    pub(crate) fn into_parts(self) -> (Forms, FxHashMap<G::Position, Form>, bool) {
        (self.forms, self.values, self.stopped)
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

    /// A notation when the game has one (the game's, then the player to move), and the game's
    /// drawings.
    fn capabilities(&self) -> Capabilities<'_, Self::Position> {
        Capabilities {
            notation: self.0.capabilities().notation.map(|_| self as &dyn Notation<Self::Position>),
            drawing: self.0.capabilities().drawing,
            ..Capabilities::none()
        }
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
        match self.0.capabilities().notation {
            Some(n) => format!("{} {who}", n.format(pos)),
            None => format!("{pos:?} {who}"),
        }
    }

    fn parse(&self, text: &str) -> Result<(G::Position, Player), ParseError> {
        let notation =
            self.0.capabilities().notation.ok_or_else(|| ParseError::new("this game has no notation"))?;
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

/// A position read in the game's notation (the start when `None`).
pub(crate) fn read<G: Partizan>(game: &G, position: Option<&str>) -> Result<G::Position, Error> {
    match position {
        None => Ok(game.start()),
        Some(text) => {
            let notation = game
                .capabilities()
                .notation
                .ok_or_else(|| Error::Unsupported("this game has no notation for positions".into()))?;
            notation.parse(text).map_err(|error| Error::Position { text: text.to_string(), error })
        }
    }
}

/// A position in the game's notation.
pub(crate) fn write<G: Partizan>(game: &G, pos: &G::Position) -> String {
    game.capabilities().notation.map_or_else(|| format!("{pos:?}"), |n| n.format(pos))
}
