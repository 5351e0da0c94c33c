//! What a game may have besides its rules: opt-in capabilities.
//!
//! The rules ([`Game`]) are the one thing a new game must write: with them alone every solver
//! works, and front ends show positions in the `Debug` form of the position type. Everything
//! else is a capability, a trait of its own that a game implements when it has it, and
//! announces once, in the [`Capabilities`] that [`Game::capabilities`] returns
//! (`Capabilities::none().notation(self).drawing(self)`):
//!
//! | capability    | field of [`Capabilities`] | what uses it                                               |
//! |---------------|---------------------------|------------------------------------------------------------|
//! | [`Notation`]  | `notation`                | front ends: positions read and written as text             |
//! | [`Draw`]      | `drawing`                 | the web explorer: a picture of a position                  |
//! | [`Decompose`] | `decomposition`           | the Sprague-Grundy solver: sums split apart                |
//! | [`Backward`]  | `backward`                | retrograde analysis without a reverse graph, dense indexes |
//! | [`Explore`]   | `exploration`             | `nimber explore` and `nimber check`: features and families |
//! | [`Numbered`]  | `numbered`                | memo search over the numbers of an explicit graph          |
//!
//! [`Capabilities`] holds trait objects, so [`Game`] stays dyn-compatible (a `&dyn Game` still
//! has its capabilities, which [`crate::rules::misere::Misere`] forwards), and no solver needs a
//! bound beyond [`Game`].
//!
//! ```
//! use nimber_engine::{Capabilities, Game, Kind, Move, Notation, ParseError};
//!
//! /// Take 1 or 2 counters from a pile; whoever cannot move loses.
//! struct TakeAway(u32);
//!
//! impl Game for TakeAway {
//!     type Position = u32;
//!     fn kind(&self) -> Kind { Kind::Impartial }
//!     fn start(&self) -> u32 { self.0 }
//!     fn moves(&self, &n: &u32) -> Vec<Move<u32>> {
//!         (1..=2).filter(|&k| k <= n).map(|k| Move::new(format!("-{k}"), n - k)).collect()
//!     }
//!     fn capabilities(&self) -> Capabilities<'_, u32> {
//!         Capabilities::none().notation(self)
//!     }
//! }
//!
//! impl Notation<u32> for TakeAway {
//!     fn format(&self, n: &u32) -> String { n.to_string() }
//!     fn parse(&self, text: &str) -> Result<u32, ParseError> {
//!         text.trim().parse().map_err(|_| ParseError::new("not a number"))
//!     }
//! }
//!
//! let game = TakeAway(5);
//! let notation = game.capabilities().notation.unwrap();
//! assert_eq!(notation.parse(" 3"), Ok(3));
//! assert_eq!(notation.format(&4), "4");
//! ```

use crate::error::{Error, ParseError};
use crate::rules::game::Game;
use crate::rules::search::Search;

/// The capabilities a game has ([`Game::capabilities`]): each field is `None` unless the game
/// has that capability, and then the game itself as the capability's trait object. Built with
/// [`Capabilities::none`] and one call per capability the game has:
/// `Capabilities::none().notation(self).backward(self)`.
pub struct Capabilities<'a, P> {
    /// A text notation for positions ([`Notation`]). Without one, positions are written in their
    /// `Debug` form and front ends cannot read them.
    pub notation: Option<&'a dyn Notation<P>>,
    /// Drawings of positions ([`Draw`]), for front ends such as the web explorer.
    pub drawing: Option<&'a dyn Draw<P>>,
    /// The split of positions into independent components ([`Decompose`]), which the
    /// Sprague-Grundy solver uses.
    pub decomposition: Option<&'a dyn Decompose<P>>,
    /// The moves backward ([`Backward`]): predecessors, which retrograde analysis uses instead of
    /// building a reverse graph, and which dense indexes need.
    pub backward: Option<&'a dyn Backward<P>>,
    /// Features and a family of positions for exploration ([`Explore`]).
    pub exploration: Option<&'a dyn Explore<P>>,
    /// Positions numbered with their moves listed ([`Numbered`]): an explicit graph.
    pub numbered: Option<&'a dyn Numbered<P>>,
    /// The game's own exact search of a position ([`Search`]), used instead of the engine's
    /// search over the rules.
    pub search: Option<&'a dyn Search<P>>,
}

impl<'a, P> Capabilities<'a, P> {
    /// No capability: the rules alone (what [`Game::capabilities`] returns unless a game says
    /// otherwise).
    pub fn none() -> Self {
        Capabilities {
            notation: None,
            drawing: None,
            decomposition: None,
            backward: None,
            exploration: None,
            numbered: None,
            search: None,
        }
    }

    /// These capabilities and a text notation.
    pub fn notation(self, notation: &'a dyn Notation<P>) -> Self {
        Capabilities { notation: Some(notation), ..self }
    }

    /// These capabilities and drawings.
    pub fn drawing(self, drawing: &'a dyn Draw<P>) -> Self {
        Capabilities { drawing: Some(drawing), ..self }
    }

    /// These capabilities and a split into components.
    pub fn decomposition(self, decomposition: &'a dyn Decompose<P>) -> Self {
        Capabilities { decomposition: Some(decomposition), ..self }
    }

    /// These capabilities and moves backward.
    pub fn backward(self, backward: &'a dyn Backward<P>) -> Self {
        Capabilities { backward: Some(backward), ..self }
    }

    /// These capabilities and features for exploration.
    pub fn exploration(self, exploration: &'a dyn Explore<P>) -> Self {
        Capabilities { exploration: Some(exploration), ..self }
    }

    /// These capabilities and numbered positions.
    pub fn numbered(self, numbered: &'a dyn Numbered<P>) -> Self {
        Capabilities { numbered: Some(numbered), ..self }
    }

    /// These capabilities and the game's own search.
    pub fn search(self, search: &'a dyn Search<P>) -> Self {
        Capabilities { search: Some(search), ..self }
    }
}

impl<P> Default for Capabilities<'_, P> {
    fn default() -> Self {
        Capabilities::none()
    }
}

impl<P> Clone for Capabilities<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Capabilities<'_, P> {}

/// Which capabilities, by name.
impl<P> std::fmt::Debug for Capabilities<'_, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names = [
            ("notation", self.notation.is_some()),
            ("drawing", self.drawing.is_some()),
            ("decomposition", self.decomposition.is_some()),
            ("backward", self.backward.is_some()),
            ("exploration", self.exploration.is_some()),
            ("numbered", self.numbered.is_some()),
            ("search", self.search.is_some()),
        ];
        f.debug_list().entries(names.iter().filter(|(_, has)| *has).map(|(name, _)| name)).finish()
    }
}

/// A text notation for positions: what front ends print and read.
pub trait Notation<P> {
    /// The position in the game's text notation; [`Notation::parse`] reads it back.
    fn format(&self, pos: &P) -> String;

    /// Reads a position in the game's text notation.
    fn parse(&self, text: &str) -> Result<P, ParseError>;
}

/// A position as text: the game's [`Notation`], or the position's `Debug` form when it has none.
pub(crate) fn format<G: Game + ?Sized>(game: &G, pos: &G::Position) -> String {
    match game.capabilities().notation {
        Some(notation) => notation.format(pos),
        None => format!("{pos:?}"),
    }
}

/// A position read from text with the game's [`Notation`]; refused when the game has none.
pub(crate) fn parse<G: Game + ?Sized>(game: &G, text: &str) -> Result<G::Position, ParseError> {
    match game.capabilities().notation {
        Some(notation) => notation.parse(text),
        None => Err(ParseError::new("this game has no notation for positions")),
    }
}

/// A drawing of positions.
pub trait Draw<P> {
    /// A drawing of the position as a standalone SVG document (`<svg ...>...</svg>`, with a
    /// `viewBox` and no external references), for front ends such as the web explorer. `None`
    /// when this position has no drawing: front ends then show its notation.
    fn svg(&self, pos: &P) -> Option<String>;
}

/// Positions that split into independent parts (impartial games).
pub trait Decompose<P> {
    /// Splits a position into independent components, each a position of this game, whose
    /// disjunctive sum is the position (a move is a move in exactly one component). Return
    /// `None` when the position does not split. Only meaningful for impartial games, where the
    /// nim value of a sum is the XOR of the components' values.
    fn components(&self, pos: &P) -> Option<Vec<P>>;
}

/// Moves backward.
pub trait Backward<P> {
    /// Every position with a move to `pos`, one entry per such move, appended to `out`. The
    /// result may include positions that are not reachable from the start; solvers ignore those.
    fn predecessors(&self, pos: &P, out: &mut Vec<P>);
}

/// Positions numbered `0..count()` with their moves listed by number: a game given as an
/// explicit graph (a graph file, a game explored from Python). Memo search then walks the
/// numbers with flat tables instead of a hash table of positions
/// ([`crate::solve::memo::solve`]).
pub trait Numbered<P> {
    /// How many positions are numbered.
    fn count(&self) -> usize;

    /// The number of `pos`, below [`Numbered::count`]; `None` for a position not numbered.
    fn number(&self, pos: &P) -> Option<u32>;

    /// The position numbered `n`.
    fn position(&self, n: u32) -> P;

    /// The numbers of the positions the moves of the position numbered `n` lead to, as
    /// [`crate::Game::successors`] gives them (a position that ends the game has none).
    fn moves_of(&self, n: u32) -> &[u32];
}

/// The name of the feature every game has: the number of moves from the position.
pub const MOVES: &str = "moves";

/// Numeric features of positions and a family of positions, for exploration (`nimber explore`,
/// `nimber check`; see `nimber_lab`).
pub trait Explore<P> {
    /// Names of numeric features of a position: tables of values by features and rules over
    /// them. Names are identifiers (letters, digits, `_`). Every game also has [`MOVES`], the
    /// number of moves, added by the engine; a game need not (and should not) list it.
    fn features(&self) -> Vec<String>;

    /// The values of [`Explore::features`] for `pos`, appended to `out` in the same order.
    fn feature_values(&self, pos: &P, out: &mut Vec<i64>);

    /// The family of positions that exploration solves, set by the game's parameters (say every
    /// board up to the given size with every placement of pieces): groups of positions, each
    /// with the game they are positions of, since a family may span several boards. `Ok(None)`
    /// (the default) means the positions reachable from [`Game::roots`].
    fn family(&self) -> Result<Option<Family<P>>, Error> {
        Ok(None)
    }
}

/// A game of a family's group: any game with these positions.
pub type Part<P> = Box<dyn Game<Position = P>>;

/// The positions that exploration solves: groups of positions, each with the game they are
/// positions of (a family may span several board sizes, each its own game), and what the
/// family is in words.
pub struct Family<P> {
    /// What the family is, for people: "every board of 1 to 4 rows and 1 to 4 columns, every
    /// placement of pieces".
    pub description: String,
    /// The groups, in order; positions within a group in order. The family's order (which
    /// position is "first") is this order.
    pub parts: Vec<(Part<P>, Vec<P>)>,
}

impl<P> Family<P> {
    /// A family of `parts`, each a game and some of its positions.
    pub fn new<G: Game<Position = P> + 'static>(
        description: impl Into<String>,
        parts: impl IntoIterator<Item = (G, Vec<P>)>,
    ) -> Family<P> {
        Family {
            description: description.into(),
            parts: parts
                .into_iter()
                .map(|(game, positions)| (Box::new(game) as Part<P>, positions))
                .collect(),
        }
    }
}

/// The feature names of a game: its own ([`Explore::features`]), then [`MOVES`] unless it has
/// one.
pub fn feature_names<G: Game + ?Sized>(game: &G) -> Vec<String> {
    let mut names = game.capabilities().exploration.map_or_else(Vec::new, |e| e.features());
    if !names.iter().any(|n| n == MOVES) {
        names.push(MOVES.to_string());
    }
    names
}
