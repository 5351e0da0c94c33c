//! The explicit graph of a game defined in Python, as the engine's solvers see it.
//!
//! A game defined in Python is explored once by calling its code (the `defined` module); what the
//! exploration found is a [`Graph`]: positions are numbers (the interner's), each with its
//! moves, or its components when it splits into a sum (for nim values), and its outcome when it
//! ends the game. The graph is a [`Game`] like any other, so every solver runs on it unchanged,
//! without calling Python and without the GIL; its numbers are a perfect index ([`Indexed`]), so
//! a solve uses the dense solver's flat tables, and its moves backwards ([`Backward`]) are built
//! once, when a solver first asks.
//!
//! Positions are written `#17` (the interner's number): front ends turn them back into the
//! Python objects.

use std::sync::{Arc, OnceLock};

use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::Indexed;
use nimber_engine::{
    Backward, Capabilities, Decompose, Error, Explore, Family, Game, Kind, Move, Notation, Numbered, Outcome,
    ParseError,
};
use rustc_hash::FxHashMap;

/// What an exploration found, shared by the clones of a [`Graph`] (a family's part is one).
#[derive(Debug, Default)]
pub struct Data {
    /// Impartial or partizan, as the game says.
    pub kind: Option<Kind>,
    /// The positions a full solve starts from.
    pub roots: Vec<u32>,
    /// For position `i`: its moves (or components) are `targets[offsets[i]..offsets[i + 1]]`.
    pub offsets: Vec<usize>,
    /// See `offsets`.
    pub targets: Vec<u32>,
    /// Positions whose list is their components, not their moves.
    pub split: Vec<bool>,
    /// Positions that end the game, with their outcome for the player to move.
    pub terminal: FxHashMap<u32, Outcome>,
    /// The game's feature names (without `moves`), and each position's values, `width` a
    /// position.
    pub features: Vec<String>,
    /// See `features`: position `i`'s are `feature_values[i * width..(i + 1) * width]`.
    pub feature_values: Vec<i64>,
    /// The family of positions that exploration solves, when the game states one.
    pub family: Option<Vec<u32>>,
    /// The moves backwards (`offsets`, `sources`), built the first time a solver asks.
    pub reverse: OnceLock<(Vec<usize>, Vec<u32>)>,
}

/// A game given by its graph (see the module documentation).
#[derive(Clone, Debug)]
pub struct Graph(pub Arc<Data>);

impl Data {
    fn list(&self, pos: u32) -> std::ops::Range<usize> {
        let i = pos as usize;
        match (self.offsets.get(i), self.offsets.get(i + 1)) {
            (Some(&a), Some(&b)) => a..b,
            _ => 0..0,
        }
    }

    fn split(&self, pos: u32) -> bool {
        self.split.get(pos as usize).copied().unwrap_or(false)
    }

    /// The number of positions (slots: the interner's numbers).
    fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// The positions with a move to `pos`, once each (components are not moves).
    fn sources(&self, pos: u32) -> &[u32] {
        let (offsets, sources) = self.reverse.get_or_init(|| {
            // Two moves of one position to the same target count once: sources are met in
            // increasing order, so `last` (the latest source seen for each target) tells.
            let n = self.len();
            let each_move = |f: &mut dyn FnMut(u32, usize)| {
                for i in (0..n).filter(|&i| !self.split(i as u32)) {
                    for &t in &self.targets[self.offsets[i]..self.offsets[i + 1]] {
                        f(i as u32, t as usize);
                    }
                }
            };
            let mut last = vec![u32::MAX; n];
            let mut counts = vec![0usize; n + 1];
            each_move(&mut |i, t| {
                if last[t] != i {
                    last[t] = i;
                    counts[t + 1] += 1;
                }
            });
            for i in 0..n {
                counts[i + 1] += counts[i];
            }
            let mut fill = counts.clone();
            let mut sources = vec![0u32; counts[n]];
            last.fill(u32::MAX);
            each_move(&mut |i, t| {
                if last[t] != i {
                    last[t] = i;
                    sources[fill[t]] = i;
                    fill[t] += 1;
                }
            });
            (counts, sources)
        });
        match (offsets.get(pos as usize), offsets.get(pos as usize + 1)) {
            (Some(&a), Some(&b)) => &sources[a..b],
            _ => &[],
        }
    }
}

/// `#17`.
pub fn name(pos: u32) -> String {
    format!("#{pos}")
}

/// The number in `#17`.
pub fn number(text: &str) -> Option<u32> {
    text.strip_prefix('#')?.parse().ok()
}

impl Game for Graph {
    type Position = u32;

    fn kind(&self) -> Kind {
        self.0.kind.unwrap_or(Kind::Partizan)
    }

    fn start(&self) -> u32 {
        self.0.roots.first().copied().unwrap_or(0)
    }

    fn roots(&self) -> Vec<u32> {
        self.0.roots.clone()
    }

    /// Moves are labelled by their place among the position's moves (`0`, `1`, ...): front ends
    /// ask the game for its own labels (`Defined::labels`, in the `defined` module).
    fn moves(&self, &pos: &u32) -> Vec<Move<u32>> {
        let range = self.0.list(pos);
        let first = range.start;
        range.map(|k| Move::new((k - first).to_string(), self.0.targets[k])).collect()
    }

    fn successors(&self, &pos: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(&self.0.targets[self.0.list(pos)]);
    }

    fn terminal(&self, pos: &u32) -> Option<Outcome> {
        self.0.terminal.get(pos).copied()
    }

    /// A notation, components, moves backward, features; and the interner's numbers with the
    /// moves listed, so that memo search runs over flat tables, except for a graph of
    /// components (nim values), whose lists are not moves.
    fn capabilities(&self) -> Capabilities<'_, u32> {
        Capabilities {
            numbered: (!self.0.split.contains(&true)).then_some(self),
            ..Capabilities::none().notation(self).decomposition(self).backward(self).exploration(self)
        }
    }
}

impl Numbered<u32> for Graph {
    fn count(&self) -> usize {
        self.0.len()
    }

    fn number(&self, &pos: &u32) -> Option<u32> {
        ((pos as usize) < self.0.len()).then_some(pos)
    }

    fn position(&self, n: u32) -> u32 {
        n
    }

    fn moves_of(&self, n: u32) -> &[u32] {
        &self.0.targets[self.0.list(n)]
    }
}

impl Backward<u32> for Graph {
    fn predecessors(&self, &pos: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(self.0.sources(pos));
    }
}

/// The interner's numbers are a perfect index: the dense solver solves an explored game with
/// flat tables, as it solves the built-in games.
impl Indexed for Graph {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn rank(&self, &pos: &u32) -> u64 {
        u64::from(pos)
    }

    fn unrank(&self, index: u64) -> Option<u32> {
        u32::try_from(index).ok().filter(|&i| (i as usize) < self.0.len())
    }

    /// Numbers are given in the order positions are met, so they name positions of one
    /// exploration only: a solution is not stored under this scheme.
    fn index_scheme(&self) -> String {
        "python-explored-1".to_string()
    }
}

impl SlotMoves for Graph {
    fn successor_slots(&self, &pos: &u32, out: &mut Vec<(u64, bool)>) {
        let data = &self.0;
        out.extend(
            data.targets[data.list(pos)].iter().map(|&t| (u64::from(t), data.terminal.contains_key(&t))),
        );
    }

    fn predecessor_slots(&self, &pos: &u32, out: &mut Vec<u64>) {
        out.extend(self.0.sources(pos).iter().map(|&s| u64::from(s)));
    }
}

impl Notation<u32> for Graph {
    fn format(&self, &pos: &u32) -> String {
        name(pos)
    }

    fn parse(&self, text: &str) -> Result<u32, ParseError> {
        number(text.trim()).ok_or_else(|| ParseError::new("not a position of this game"))
    }
}

impl Decompose<u32> for Graph {
    fn components(&self, &pos: &u32) -> Option<Vec<u32>> {
        self.0.split(pos).then(|| self.0.targets[self.0.list(pos)].to_vec())
    }
}

impl Explore<u32> for Graph {
    fn features(&self) -> Vec<String> {
        self.0.features.clone()
    }

    fn feature_values(&self, &pos: &u32, out: &mut Vec<i64>) {
        let width = self.0.features.len();
        let at = pos as usize * width;
        if let Some(values) = self.0.feature_values.get(at..at + width) {
            out.extend_from_slice(values);
        }
    }

    fn family(&self) -> Result<Option<Family<u32>>, Error> {
        Ok(self.0.family.as_ref().map(|positions| {
            Family::new("the positions of the game's family", [(self.clone(), positions.clone())])
        }))
    }
}
