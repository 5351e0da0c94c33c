//! Hackenbush's features and family for surveys of values (`nimber explore hackenbush
//! --values`; see `nimber_partizan::survey`).
//!
//! Features: `edges`, `blue`, `red` and `green` (the edges of each colour) and `trees` (the
//! trees on the ground). The family, for `-p edges=N -p colours=C` (by default the start's
//! edges and colours; the colours are letters of `BRG`): every string (a stalk: one edge on
//! another) of 1 to N edges of the colours C (`family=strings`, the default: by length, then
//! by colours from the ground up, B before R before G), every tree of 1 to N edges
//! (`family=trees`: one tree on the ground) or every forest of 1 to N edges (`family=forests`),
//! each tree or forest once up to the order of branches, by edges and then in the order of the
//! notation's bytes. At most [`family::MAX_FAMILY`] positions, counted before any is made:
//! `m^1 + ... + m^N` strings of `m` colours; trees and forests by the Euler transform
//! ([`counts`]).

use nimber_engine::{Error, ParamSpec, Params};
use nimber_partizan::game::ValueFamily;
use rustc_hash::FxHashSet;

use super::{arrange, string_bytes, Colour, Forest, MAX_EDGES};
use crate::common::grid::family;

/// The parameter `edges`.
pub const EDGES: ParamSpec = ParamSpec {
    name: "edges",
    default: "",
    help: "surveys of values (--values): strings, trees or forests of 1 to this many edges (default: the start's)",
};

/// The parameter `colours`.
pub const COLOURS: ParamSpec = ParamSpec {
    name: "colours",
    default: "",
    help: "surveys of values (--values): the colours of their edges, letters of BRG (default: the start's)",
};

/// The parameter `family`.
pub const FAMILY: ParamSpec = ParamSpec {
    name: "family",
    default: "",
    help: "surveys of values (--values): `strings` (every string of 1 to `edges` edges of the \
           `colours`; the default), `trees` (every tree) or `forests` (every forest)",
};

/// What a family holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Strings of edges.
    Strings,
    /// Trees on the ground, one each.
    Trees,
    /// Forests.
    Forests,
}

/// Which forests a survey values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The most edges.
    pub edges: u8,
    /// The colours of the edges, in the order B, R, G.
    pub colours: Vec<Colour>,
    /// Strings, trees or forests.
    pub shape: Shape,
}

impl Spec {
    /// Every string of the start's edges and colours (at least 1 edge; blue, red and green for
    /// the bare ground).
    pub fn strings(start: &Forest) -> Spec {
        let mut colours: Vec<Colour> = start.0.iter().step_by(2).map(|&b| Colour::of(b)).collect();
        colours.sort_unstable();
        colours.dedup();
        if colours.is_empty() {
            colours = vec![Colour::Blue, Colour::Red, Colour::Green];
        }
        Spec { edges: (start.edges() as u8).max(1), colours, shape: Shape::Strings }
    }

    /// The family of the parameters `edges`, `colours` and `family`, for the start forest
    /// `start` (its size is checked when it is made).
    pub fn from_params(params: &Params, start: &Forest) -> Result<Spec, Error> {
        let mut spec = Spec::strings(start);
        spec.edges = family::side(params, "edges", spec.edges, MAX_EDGES as u8)?;
        let text = params.text("colours");
        if !text.is_empty() {
            let mut colours = Vec::new();
            for c in text.chars() {
                let colour = match c {
                    'B' => Colour::Blue,
                    'R' => Colour::Red,
                    'G' => Colour::Green,
                    other => {
                        return Err(Error::Param(format!(
                            "parameter colours={text}: `{other}` is not a colour: use B, R and G"
                        )))
                    }
                };
                if colours.contains(&colour) {
                    return Err(Error::Param(format!("parameter colours={text}: `{c}` twice")));
                }
                colours.push(colour);
            }
            colours.sort_unstable();
            spec.colours = colours;
        }
        spec.shape = match params.text("family") {
            "" | "strings" => Shape::Strings,
            "trees" => Shape::Trees,
            "forests" => Shape::Forests,
            other => {
                return Err(Error::Param(format!(
                    "parameter family={other}: the families are `strings`, `trees` and `forests`"
                )))
            }
        };
        Ok(spec)
    }

    /// The colours as letters: `BR`.
    pub fn letters(&self) -> String {
        self.colours.iter().map(|c| c.letter()).collect()
    }
}

/// `edges`, `blue`, `red`, `green`, `trees`.
pub fn feature_names() -> Vec<String> {
    ["edges", "blue", "red", "green", "trees"].map(String::from).to_vec()
}

/// The values of [`feature_names`].
pub fn feature_values(forest: &Forest, out: &mut Vec<i64>) {
    let count = |c: Colour| forest.0.iter().step_by(2).filter(|&&b| b == c.byte()).count() as i64;
    out.extend([
        forest.edges() as i64,
        count(Colour::Blue),
        count(Colour::Red),
        count(Colour::Green),
        forest.trees() as i64,
    ]);
}

/// How many trees and forests there are of `0..=max` edges of `m` colours, each once up to the
/// order of branches: `(trees, forests)`, where a tree of `n` edges is an edge of one of the
/// colours carrying a forest of `n - 1` edges, and the forests are the multisets of trees (the
/// Euler transform: `n f(n) = sum over k of c(k) f(n-k)`, `c(k) = sum over d | k of d t(d)`).
/// Exact up to `max`; the caller stops before the counts overflow.
pub fn counts(max: usize, m: u128) -> (Vec<u128>, Vec<u128>) {
    let mut trees = vec![0u128];
    let mut forests = vec![1u128];
    for n in 1..=max {
        trees.push(m * forests[n - 1]);
        let c =
            |k: usize| (1..=k).filter(|d| k.is_multiple_of(*d)).map(|d| d as u128 * trees[d]).sum::<u128>();
        let sum: u128 = (1..=n).map(|k| c(k) * forests[n - k]).sum();
        forests.push(sum / n as u128);
    }
    (trees, forests)
}

/// The positions of `spec` (see the module documentation), refused when too many.
pub fn family(spec: &Spec) -> Result<ValueFamily<Forest>, Error> {
    let (n, m) = (spec.edges as usize, spec.colours.len());
    let what = match spec.shape {
        Shape::Strings => "string",
        Shape::Trees => "tree",
        Shape::Forests => "forest",
    };
    let description = format!("every {what} of 1 to {n} edges of colours {}", spec.letters());
    // The positions of 1..=k edges, until they are too many (no more counting then).
    let mut total: u128 = 0;
    for k in 1..=n {
        total += match spec.shape {
            Shape::Strings => (m as u128).pow(k as u32),
            Shape::Trees => counts(k, m as u128).0[k],
            Shape::Forests => counts(k, m as u128).1[k],
        };
        if total > family::MAX_FAMILY as u128 {
            let count = if k < n { format!("more than {total}") } else { total.to_string() };
            return Err(family::too_large(&description, &count, "fewer edges or colours"));
        }
    }
    let positions = match spec.shape {
        Shape::Strings => strings(n, &spec.colours),
        Shape::Trees => {
            let forests = forests(n - 1, &spec.colours);
            let mut trees = Vec::new();
            for level in &forests {
                for &c in &spec.colours {
                    trees.extend(level.iter().map(|f| plant(c, f)));
                }
            }
            trees
        }
        Shape::Forests => forests(n, &spec.colours).into_iter().skip(1).flatten().collect(),
    };
    Ok(ValueFamily { description, positions })
}

/// Every string of 1 to `n` edges of `colours`, by length, then by colours from the ground up.
fn strings(n: usize, colours: &[Colour]) -> Vec<Forest> {
    let mut out = Vec::new();
    let mut level: Vec<Vec<Colour>> = vec![Vec::new()];
    for _ in 0..n {
        level = level
            .iter()
            .flat_map(|s| colours.iter().map(move |&c| s.iter().copied().chain([c]).collect::<Vec<_>>()))
            .collect();
        out.extend(level.iter().map(|s| Forest(string_bytes(s.iter().copied()))));
    }
    out
}

/// A tree: an edge of colour `c` carrying the forest `f`.
fn plant(c: Colour, f: &Forest) -> Forest {
    let mut bytes = vec![c.byte(), (f.edges() + 1) as u8];
    bytes.extend(&f.0);
    Forest(bytes)
}

/// Every forest of 0 to `n` edges of `colours`, by edges, each sorted: those of `k` edges are
/// those of `k - 1` edges with one more edge of a colour, on the ground or on top of an edge
/// (every forest loses a top edge to one of `k - 1` edges), put in order and kept once.
fn forests(n: usize, colours: &[Colour]) -> Vec<Vec<Forest>> {
    let mut levels = vec![vec![Forest::default()]];
    for _ in 0..n {
        let mut next: FxHashSet<Forest> = FxHashSet::default();
        for f in levels.last().expect("a level") {
            for &c in colours {
                // On top of edge `at` (its first branch), or on the ground (`at` = edges).
                for at in 0..=f.edges() {
                    let grown = grow(f, at, c);
                    let mut out = Vec::with_capacity(grown.len());
                    arrange(&grown, &mut out, false);
                    next.insert(Forest(out));
                }
            }
        }
        let mut level: Vec<Forest> = next.into_iter().collect();
        level.sort_unstable();
        levels.push(level);
    }
    levels
}

/// The bytes of `f` with a new edge of colour `c` on top of edge `at` (as its first branch), or
/// on the ground when `at` is `f`'s number of edges (not in order: see [`arrange`]).
fn grow(f: &Forest, at: usize, c: Colour) -> Vec<u8> {
    let mut v = f.0.clone();
    if at == f.edges() {
        v.extend([c.byte(), 1]);
        return v;
    }
    // The edges whose trees hold edge `at`: itself and those below it.
    for j in 0..=at {
        if j + v[2 * j + 1] as usize > at {
            v[2 * j + 1] += 1;
        }
    }
    v.splice(2 * at + 2..2 * at + 2, [c.byte(), 1]);
    v
}
