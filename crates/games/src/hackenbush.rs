//! Hackenbush (*Winning Ways*, ch. 1, 2 and 7) on forests: trees of edges standing on the
//! ground. Left cuts a blue edge `B`, Right a red edge `R`, and either player a green edge `G`;
//! whatever is no longer connected to the ground falls away. A player who cannot cut loses.
//! Blue and red alone make Blue-Red Hackenbush, whose values are numbers (a string's by
//! Berlekamp's rule: `BR` is 1/2); green alone makes Green Hackenbush, whose values are
//! nimbers (a stalk of `n` green edges is `*n`); all three make Hackenbush Hotchpotch.
//!
//! A partizan game ([`Partizan`]): `nimber cgt hackenbush` gives values, the strong solvers
//! solve it with the player to move named (`BR L`). The trees on the ground are regions of
//! their own. Within a tree, the edges above a vertex count only by their value, the sum of
//! the values of the branches there: a tree `e` with branches `H` above it is the ordinal sum
//! `e : H`, and an ordinal sum depends only on the value of its top (Conway, *On Numbers and
//! Games*, ch. 15; the colon principle of *Winning Ways*, ch. 7, for green edges). So
//! [`Hackenbush::normalize`] replaces the blue-red branches at each vertex by one blue-red
//! string of their total value (the string whose colours are the sign expansion of that
//! number) and the green branches by one green string of their nim sum, which leaves only the
//! mixed branches to be valued position by position. The strings are never longer than what
//! they replace: a number's sign expansion is as long as its birthday, at most the longest play
//! of the branches (each move cuts an edge), and a nim sum is at most the sum of the nimbers,
//! each at most its tree's edges. A forest is kept as its edges in preorder (two bytes each), in
//! one order, so that a cut is a copy and a few moves of bytes.

use nimber_engine::{Draw, Error, Move, Notation, ParamSpec, Params, ParseError};
use nimber_partizan::game::{ValueExplore, ValueFamily};
use nimber_partizan::{Dyadic, Partizan, PartizanCapabilities, Player};

use crate::common::info::{bridged, valued, Facts, GameInfo, PartizanGame};

pub mod explore;

/// The most edges of a forest.
pub const MAX_EDGES: usize = 64;

/// The most positions the trees of a forest may have (after [`Hackenbush::normalize`]) to be
/// accepted: a bound on the positions valued, since a mixed tree may have exponentially many.
pub const MAX_POSITIONS: u64 = 1 << 20;

/// The colour of an edge.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Colour {
    /// Left cuts it.
    Blue,
    /// Right cuts it.
    Red,
    /// Either cuts it.
    Green,
}

impl Colour {
    fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    fn byte(self) -> u8 {
        self as u8
    }

    fn of(byte: u8) -> Colour {
        match byte {
            0 => Colour::Blue,
            1 => Colour::Red,
            _ => Colour::Green,
        }
    }
}

/// A tree to build forests from: an edge and the branches standing on its upper end.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Tree {
    /// The edge's colour.
    pub colour: Colour,
    /// The branches above it.
    pub above: Vec<Tree>,
}

impl Tree {
    /// A string of edges, the first on the ground.
    pub fn string(colours: &[Colour]) -> Option<Tree> {
        let (&first, rest) = colours.split_first()?;
        Some(Tree { colour: first, above: Tree::string(rest).into_iter().collect() })
    }

    /// Appends the edges in preorder (see [`Forest`]).
    fn encode(&self, out: &mut Vec<u8>) -> usize {
        let at = out.len();
        out.extend([self.colour.byte(), 0]);
        let size = 1 + self.above.iter().map(|t| t.encode(out)).sum::<usize>();
        out[at + 1] = size as u8;
        size
    }
}

/// The trees on the ground: the edges in preorder (each edge, then the branches standing on
/// it), two bytes each: the colour and the number of edges of the tree it carries, itself
/// included. Branches and trees are in one order (their bytes' order, recursively), so that
/// forests that differ only in the order of branches are equal.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Forest(Vec<u8>);

impl Forest {
    /// The forest of these trees (at most [`MAX_EDGES`] edges), its branches and trees put in
    /// order.
    pub fn new(trees: Vec<Tree>) -> Forest {
        let mut raw = Vec::new();
        for t in &trees {
            t.encode(&mut raw);
        }
        assert!(raw.len() / 2 <= MAX_EDGES, "a forest of over {MAX_EDGES} edges");
        let mut out = Vec::with_capacity(raw.len());
        arrange(&raw, &mut out, false);
        Forest(out)
    }

    /// Edges.
    pub fn edges(&self) -> usize {
        self.0.len() / 2
    }

    /// Trees on the ground.
    pub fn trees(&self) -> usize {
        blocks(&self.0).count()
    }
}

/// The trees of `s` (edges in preorder, see [`Forest`]): each its bytes.
fn blocks(s: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let size = 2 * *s.get(at + 1)? as usize;
        let block = &s[at..at + size];
        at += size;
        Some(block)
    })
}

/// What edges a tree holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    /// Blue and red only.
    BlueRed,
    /// Green only.
    Green,
    /// Green and blue or red.
    Mixed,
}

/// The kind of the tree `block`.
fn kind(block: &[u8]) -> Kind {
    let green = block.iter().step_by(2).filter(|&&c| c == Colour::Green.byte()).count();
    match green {
        0 => Kind::BlueRed,
        g if 2 * g == block.len() => Kind::Green,
        _ => Kind::Mixed,
    }
}

/// The value of a blue-red tree: the number whose sign expansion is the edge's sign, then that
/// of the sum of the branches on it.
fn number(block: &[u8]) -> Dyadic {
    let above = blocks(&block[2..]).fold(Dyadic::ZERO, |s, t| s + number(t));
    let mut signs = vec![block[0] == Colour::Blue.byte()];
    signs.extend(sign_expansion(above));
    from_signs(&signs)
}

/// The nim value of a green tree: one more than the nim sum of the branches on it.
fn nimber(block: &[u8]) -> u32 {
    1 + blocks(&block[2..]).fold(0, |x, t| x ^ nimber(t))
}

/// Whether the tree `block` is a string (no vertex with two branches).
fn is_string(block: &[u8]) -> bool {
    block.chunks(2).enumerate().all(|(i, e)| e[1] as usize == block.len() / 2 - i)
}

/// The sign expansion of a number: `true` for `+` (blue), `false` for `-` (red). Its length is
/// the number's birthday.
pub fn sign_expansion(x: Dyadic) -> Vec<bool> {
    // Whole steps away from 0 up to the first integer at or beyond x, then halving steps.
    let mut out = Vec::new();
    let mut v = Dyadic::ZERO;
    let one = Dyadic::int(1);
    if x > Dyadic::ZERO {
        while v < x {
            v = v + one;
            out.push(true);
        }
    } else {
        while v > x {
            v = v - one;
            out.push(false);
        }
    }
    let mut step = Dyadic::new(1, 1);
    while v != x {
        let up = x > v;
        v = if up { v + step } else { v - step };
        out.push(up);
        step = step.half();
    }
    out
}

/// The number whose sign expansion is `signs`.
pub fn from_signs(signs: &[bool]) -> Dyadic {
    let Some(&first) = signs.first() else { return Dyadic::ZERO };
    let run = signs.iter().take_while(|&&s| s == first).count();
    let mut v = Dyadic::int(if first { run as i128 } else { -(run as i128) });
    let mut step = Dyadic::new(1, 1);
    for &s in &signs[run..] {
        v = if s { v + step } else { v - step };
        step = step.half();
    }
    v
}

/// A string of edges of these colours, the first on the ground, as bytes.
fn string_bytes(colours: impl ExactSizeIterator<Item = Colour>) -> Vec<u8> {
    let n = colours.len();
    colours.enumerate().flat_map(|(i, c)| [c.byte(), (n - i) as u8]).collect()
}

/// Writes the trees of `s` to `out` in order (each with its branches in order, recursively);
/// with `reduce`, the blue-red trees replaced by one blue-red string of their total value and
/// the green ones by one green string of their nim sum, at every vertex (see the module
/// documentation).
fn arrange(s: &[u8], out: &mut Vec<u8>, reduce: bool) {
    let mut trees: Vec<Vec<u8>> = Vec::new();
    let (mut total, mut nim) = (Dyadic::ZERO, 0);
    for b in blocks(s) {
        match kind(b) {
            Kind::BlueRed if reduce => total = total + number(b),
            Kind::Green if reduce => nim ^= nimber(b),
            _ => {
                let mut t = vec![b[0], 0];
                arrange(&b[2..], &mut t, reduce);
                t[1] = (t.len() / 2) as u8;
                trees.push(t);
            }
        }
    }
    if total != Dyadic::ZERO {
        let signs = sign_expansion(total);
        trees.push(string_bytes(signs.iter().map(|&b| if b { Colour::Blue } else { Colour::Red })));
    }
    if nim != 0 {
        trees.push(string_bytes(std::iter::repeat_n(Colour::Green, nim as usize)));
    }
    trees.sort_unstable();
    for t in trees {
        out.extend(t);
    }
}

/// Whether the trees of `s` are reduced: at no vertex two blue-red trees, two green ones, or
/// one that is not a string (their order is taken as kept).
fn reduced(s: &[u8]) -> bool {
    let (mut blue_red, mut green) = (0, 0);
    for b in blocks(s) {
        match kind(b) {
            Kind::BlueRed => blue_red += if is_string(b) { 1 } else { 2 },
            Kind::Green => green += if is_string(b) { 1 } else { 2 },
            Kind::Mixed => {
                if !reduced(&b[2..]) {
                    return false;
                }
            }
        }
    }
    blue_red <= 1 && green <= 1
}

/// At most how many positions the trees `s` have, their branches in order: each tree its edge
/// gone, or standing with any positions of its branches, equal trees counted as a multiset (`m`
/// equal trees of `p` positions each make `C(m + p - 1, m)`). Past [`MAX_POSITIONS`],
/// `u64::MAX`.
fn positions(s: &[u8]) -> u64 {
    let trees: Vec<&[u8]> = blocks(s).collect();
    let mut total: u128 = 1;
    let mut i = 0;
    while i < trees.len() {
        let m = trees[i..].iter().take_while(|t| **t == trees[i]).count() as u128;
        let p = positions(&trees[i][2..]) as u128 + 1;
        // C(m + p - 1, m), step by step, each step an integer.
        let mut c: u128 = 1;
        for k in 1..=m {
            c = c * (p - 1 + k) / k;
            if c > MAX_POSITIONS as u128 {
                return u64::MAX;
            }
        }
        total *= c;
        if total > MAX_POSITIONS as u128 {
            return u64::MAX;
        }
        i += m as usize;
    }
    total as u64
}

/// `edges` without the tree standing on the edge at byte `at` (its own edge included), the
/// order kept: the sizes of the edges below it shrink, and each of those trees is moved to its
/// place among its siblings.
fn cut(edges: &[u8], at: usize) -> Vec<u8> {
    let mut v = edges.to_vec();
    // The edges below, from the ground up.
    let mut path = Vec::new();
    let mut lo = 0;
    loop {
        let mut b = lo;
        while b + 2 * v[b + 1] as usize <= at {
            b += 2 * v[b + 1] as usize;
        }
        if b == at {
            break;
        }
        path.push(b);
        lo = b + 2;
    }
    let size = v[at + 1];
    v.drain(at..at + 2 * size as usize);
    for &a in &path {
        v[a + 1] -= size;
    }
    // From the top down to the ground: the tree that shrank moves among its siblings (a tree
    // removed leaves its siblings in order).
    for level in (0..path.len()).rev() {
        let child = path[level];
        let (lo, hi) = match level {
            0 => (0, v.len()),
            _ => (path[level - 1] + 2, path[level - 1] + 2 * v[path[level - 1] + 1] as usize),
        };
        let region = &mut v[lo..hi];
        let (start, len) = (child - lo, 2 * region[child - lo + 1] as usize);
        let moved = region[start..start + len].to_vec();
        // Its place: before the first sibling after it that is larger, or after the last
        // sibling before it that is not larger.
        let mut others = Vec::new();
        let mut b = 0;
        while b < region.len() {
            let l = 2 * region[b + 1] as usize;
            if b != start {
                others.push(region[b..b + l].to_vec());
            }
            b += l;
        }
        let place = others.partition_point(|o| o.as_slice() <= moved.as_slice());
        others.insert(place, moved);
        let mut b = 0;
        for o in others {
            region[b..b + o.len()].copy_from_slice(&o);
            b += o.len();
        }
    }
    v
}

/// Hackenbush from a start forest.
#[derive(Clone, Debug)]
pub struct Hackenbush {
    start: Forest,
    /// The forests of its surveys of values.
    family: explore::Spec,
}

impl Hackenbush {
    /// Hackenbush starting from `start`; its surveys of values cover the strings of up to its
    /// edges, of its colours.
    pub fn new(start: Forest) -> Hackenbush {
        let family = explore::Spec::strings(&start);
        Hackenbush { start, family }
    }

    /// The same game, its surveys of values covering the forests of `family`.
    pub fn with_family(self, family: explore::Spec) -> Hackenbush {
        Hackenbush { family, ..self }
    }

    /// Cutting each edge the player may cut (`blue`: Left; `!blue`: Right), one move per
    /// resulting forest.
    fn cuts(&self, forest: &Forest, blue: bool) -> Vec<Move<Forest>> {
        let theirs = if blue { Colour::Red } else { Colour::Blue }.byte();
        let mut out: Vec<Move<Forest>> = Vec::new();
        for (k, e) in forest.0.chunks(2).enumerate() {
            if e[0] == theirs {
                continue;
            }
            let to = Forest(cut(&forest.0, 2 * k));
            if out.iter().all(|m| m.to != to) {
                out.push(Move::new(format!("{}{}", Colour::of(e[0]).letter(), k + 1), to));
            }
        }
        out
    }
}

impl Partizan for Hackenbush {
    type Position = Forest;

    fn start(&self) -> Forest {
        self.start.clone()
    }

    /// Cutting a blue or a green edge.
    fn left_moves(&self, forest: &Forest) -> Vec<Move<Forest>> {
        self.cuts(forest, true)
    }

    /// Cutting a red or a green edge.
    fn right_moves(&self, forest: &Forest) -> Vec<Move<Forest>> {
        self.cuts(forest, false)
    }

    /// The trees on the ground, when there are several.
    fn regions(&self, forest: &Forest) -> Option<Vec<Forest>> {
        (forest.trees() > 1).then(|| blocks(&forest.0).map(|b| Forest(b.to_vec())).collect())
    }

    /// At every vertex, the ground included, the blue-red branches replaced by one blue-red
    /// string of their total value and the green ones by one green string of their nim sum
    /// (see the module documentation).
    fn normalize(&self, forest: &Forest) -> Forest {
        if reduced(&forest.0) {
            return forest.clone();
        }
        let mut out = Vec::with_capacity(forest.0.len());
        arrange(&forest.0, &mut out, true);
        Forest(out)
    }

    fn capabilities(&self) -> PartizanCapabilities<'_, Forest> {
        PartizanCapabilities::none().notation(self).drawing(self).exploration(self)
    }
}

/// Features and family of surveys of values: see [`explore`].
impl ValueExplore<Forest> for Hackenbush {
    fn features(&self) -> Vec<String> {
        explore::feature_names()
    }

    fn feature_values(&self, forest: &Forest, out: &mut Vec<i64>) {
        explore::feature_values(forest, out)
    }

    fn family(&self) -> Result<Option<ValueFamily<Forest>>, Error> {
        explore::family(&self.family).map(Some)
    }
}

/// Trees separated by spaces, each edges from the ground up (`BRB`), with the branches at the
/// top of a string in parentheses separated by commas (`BR(B,RR)`); `-` is the bare ground.
impl Notation<Forest> for Hackenbush {
    fn format(&self, forest: &Forest) -> String {
        if forest.0.is_empty() {
            return "-".to_string();
        }
        let trees: Vec<String> = blocks(&forest.0).map(tree_text).collect();
        trees.join(" ")
    }

    fn parse(&self, text: &str) -> Result<Forest, ParseError> {
        parse_forest(text)
    }
}

fn tree_text(block: &[u8]) -> String {
    let mut out = String::new();
    let mut b = block;
    loop {
        out.push(Colour::of(b[0]).letter());
        let above: Vec<&[u8]> = blocks(&b[2..]).collect();
        match above.as_slice() {
            [] => return out,
            [one] => b = one,
            many => {
                let branches: Vec<String> = many.iter().map(|t| tree_text(t)).collect();
                out.push('(');
                out.push_str(&branches.join(","));
                out.push(')');
                return out;
            }
        }
    }
}

/// Reads a forest: trees separated by spaces, each edges `B`, `R` or `G` from the ground up,
/// with branches in parentheses separated by commas after the last edge of a string
/// (`BR(B,RR) G`); `-` is the bare ground. At most [`MAX_EDGES`] edges, and at most
/// [`MAX_POSITIONS`] positions in a tree once the branches are reduced.
pub fn parse_forest(text: &str) -> Result<Forest, ParseError> {
    if text == "-" {
        return Ok(Forest::default());
    }
    let chars: Vec<char> = text.chars().collect();
    let mut reader = Reader { chars: &chars, at: 0, edges: 0 };
    let mut trees = Vec::new();
    while reader.at < chars.len() {
        if chars[reader.at] == ' ' {
            reader.at += 1;
            continue;
        }
        trees.push(reader.tree(0)?);
    }
    if trees.is_empty() {
        return Err(ParseError::at(1, "no edge (`-` is the bare ground)"));
    }
    let forest = Forest::new(trees);
    let mut reduced = Vec::new();
    arrange(&forest.0, &mut reduced, true);
    if blocks(&reduced).any(|t| positions(t) > MAX_POSITIONS) {
        return Err(ParseError::new(format!(
            "a tree has over {MAX_POSITIONS} positions to value (branches of green and blue or \
             red edges together multiply them)"
        )));
    }
    Ok(forest)
}

/// Reads trees from characters, counting edges.
struct Reader<'a> {
    chars: &'a [char],
    at: usize,
    edges: usize,
}

impl Reader<'_> {
    /// A tree at `self.at`: edges, then branches in parentheses or the end of the tree (a
    /// space or the end of the text at depth 0, `,` or `)` inside parentheses).
    fn tree(&mut self, depth: usize) -> Result<Tree, ParseError> {
        let mut colours = Vec::new();
        let mut branches = Vec::new();
        loop {
            let col = self.at + 1;
            match self.chars.get(self.at) {
                Some(&c @ ('B' | 'R' | 'G')) => {
                    if self.edges == MAX_EDGES {
                        return Err(ParseError::at(col, format!("a forest has at most {MAX_EDGES} edges")));
                    }
                    self.edges += 1;
                    colours.push(match c {
                        'B' => Colour::Blue,
                        'R' => Colour::Red,
                        _ => Colour::Green,
                    });
                    self.at += 1;
                }
                Some('(') if colours.is_empty() => {
                    return Err(ParseError::at(col, "`(` before any edge: branches stand on an edge"))
                }
                Some('(') => {
                    self.at += 1;
                    loop {
                        branches.push(self.tree(depth + 1)?);
                        match self.chars.get(self.at) {
                            Some(',') => self.at += 1,
                            Some(')') => {
                                self.at += 1;
                                break;
                            }
                            _ => {
                                return Err(ParseError::at(self.at + 1, "a `(` is not closed by `)`"));
                            }
                        }
                    }
                    match self.chars.get(self.at) {
                        None | Some(' ') if depth == 0 => break,
                        Some(',' | ')') if depth > 0 => break,
                        Some(c) => {
                            return Err(ParseError::at(
                                self.at + 1,
                                format!("`{c}` after `)`: branches end their string"),
                            ))
                        }
                        None => break,
                    }
                }
                None | Some(' ') if depth == 0 && !colours.is_empty() => break,
                None | Some(',' | ')') if depth > 0 && !colours.is_empty() => break,
                Some(&c @ (',' | ')')) if depth == 0 => {
                    return Err(ParseError::at(col, format!("`{c}` outside parentheses")))
                }
                Some(' ') if depth > 0 => {
                    return Err(ParseError::at(
                        col,
                        "a space inside parentheses: separate branches by `,` alone",
                    ))
                }
                Some(',' | ')') | None => return Err(ParseError::at(col, "an empty branch")),
                Some(c) => {
                    return Err(ParseError::at(
                        col,
                        format!("`{c}` is not an edge: use `B` (blue), `R` (red) or `G` (green)"),
                    ))
                }
            }
        }
        let mut top = branches;
        let mut tree = None;
        for &c in colours.iter().rev() {
            tree = Some(Tree { colour: c, above: std::mem::take(&mut top) });
            top = tree.clone().into_iter().collect();
        }
        Ok(tree.expect("at least one edge"))
    }
}

/// The forest on the ground line: each edge a line from its lower to its upper end, blue, red
/// or green (`data-edge` numbered from 1 in the notation's order and `data-colour`; the edges
/// the player to move may cut carry `data-move`, named as the moves), and who is to move.
impl Draw<(Forest, Player)> for Hackenbush {
    fn svg(&self, (forest, player): &(Forest, Player)) -> Option<String> {
        use crate::common::svg::{colour, Attrs, Svg};
        const SLOT: f64 = 30.0;
        const LEVEL: f64 = 40.0;
        let n = forest.edges();
        // Each edge's parent (None: the ground) and the height of its upper end.
        let mut parent = vec![None; n];
        let mut depth = vec![1usize; n];
        let mut open: Vec<(usize, usize)> = Vec::new(); // (edge, its last edge)
        for (k, e) in forest.0.chunks(2).enumerate() {
            while open.last().is_some_and(|&(_, end)| end < k) {
                open.pop();
            }
            if let Some(&(p, _)) = open.last() {
                parent[k] = Some(p);
                depth[k] = depth[p] + 1;
            }
            open.push((k, k + e[1] as usize - 1));
        }
        // Leaves get slots from the left, a slot left free between trees; an edge's upper
        // end stands over the middle of its branches' (edges later in preorder come first).
        let mut x = vec![f64::NAN; n];
        let mut next = 0.0;
        for k in 0..n {
            if parent[k].is_none() && k > 0 {
                next += 1.0;
            }
            if forest.0[2 * k + 1] == 1 {
                x[k] = next + 0.5;
                next += 1.0;
            }
        }
        for k in (0..n).rev() {
            if x[k].is_nan() {
                let children: Vec<f64> = (k + 1..n).filter(|&c| parent[c] == Some(k)).map(|c| x[c]).collect();
                x[k] = (children[0] + children[children.len() - 1]) / 2.0;
            }
        }
        let top = depth.iter().copied().max().unwrap_or(0);
        let width = (next * SLOT + 40.0).max(260.0);
        let ground = 20.0 + top as f64 * LEVEL;
        let (text, who, c) = match player {
            Player::Left => ("Left to move (blue or green)", "L", colour::FIRST),
            Player::Right => ("Right to move (red or green)", "R", colour::SECOND),
        };
        let mut svg = Svg::new(INFO.name, &format!("{} {who}", self.format(forest)), width, ground + 70.0);
        let px = |x: f64| 20.0 + x * SLOT;
        let py = |d: usize| ground - d as f64 * LEVEL;
        svg.line((10.0, ground), (width - 10.0, ground), colour::SOLID, 3.0);
        for (k, e) in forest.0.chunks(2).enumerate() {
            let from = match parent[k] {
                Some(p) => (px(x[p]), py(depth[p])),
                None => (px(x[k]), ground),
            };
            let c = Colour::of(e[0]);
            let stroke = match c {
                Colour::Blue => colour::FIRST,
                Colour::Red => colour::SECOND,
                Colour::Green => colour::TOKEN,
            };
            let mut attrs = Attrs::new()
                .at("x1", from.0)
                .at("y1", from.1)
                .at("x2", px(x[k]))
                .at("y2", py(depth[k]))
                .set("stroke", stroke)
                .at("stroke-width", 5.0)
                .set("stroke-linecap", "round")
                .data("edge", k + 1)
                .data("colour", c.letter());
            let mine = match player {
                Player::Left => c != Colour::Red,
                Player::Right => c != Colour::Blue,
            };
            if mine {
                attrs = attrs.data("move", format!("{}{}", c.letter(), k + 1));
            }
            svg.empty("line", attrs);
        }
        for k in 0..n {
            svg.circle(px(x[k]), py(depth[k]), 3.5, Attrs::new().paint(colour::INK, None));
        }
        svg.status((20.0, ground + 44.0), Some(c), text, 14.0);
        Some(svg.finish())
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "hackenbush",
    summary: "Hackenbush: Left cuts blue edges, Right red, either green; what falls off the ground goes",
    help: "Hackenbush (Winning Ways, ch. 1, 2 and 7), a partizan game on trees standing on the \
           ground: Left cuts a blue edge, Right a red edge, either player a green edge, and \
           whatever is no longer connected to the ground falls away. A player who cannot cut \
           loses. Blue and red alone are Blue-Red Hackenbush, whose values are numbers (a \
           string's by Berlekamp's rule: `BR` is 1/2, `BRR` 1/4, `BBR` 3/2); green alone is \
           Green Hackenbush, whose values are nimbers (a string of n green edges is *n, and a \
           tree's is found by the colon principle); mixed, Hackenbush Hotchpotch. `nimber cgt \
           hackenbush` gives the value in CGSuite's notation; the strong solvers solve it with \
           the player to move named after the forest (`BR L`). Notation: trees separated by \
           spaces, each its edges from the ground up, `B`, `R` or `G`, with the branches at \
           the top of a string in parentheses separated by commas: `BR(B,RR) G` is a blue \
           edge carrying a red one, on which stand a blue edge and a string of two red ones, \
           and a green edge beside. Branches are written in a fixed order. At most 64 edges, \
           and trees whose mixed branches have over 2^20 positions to value are refused. \
           Moves are named by the colour and number of the edge cut, edges numbered from 1 in \
           the order the notation writes them (`B1`). Surveys of values (`nimber explore \
           hackenbush --values --by blue,red`): every string of 1 to `edges` edges of the \
           `colours` (letters of BRG; by default the start's edges and colours), or with \
           family=trees every tree, with family=forests every forest; features edges, blue, \
           red, green and trees, besides those of every value.",
    params: &[
        ParamSpec {
            name: "forest",
            default: "BR(B,RR) GG",
            help: "the start forest: trees of B, R and G edges, branches in parentheses",
        },
        explore::EDGES,
        explore::COLOURS,
        explore::FAMILY,
    ],
    build: bridged::<Hackenbush>,
    facts: Facts { partizan: Some(valued::<Hackenbush>), ..Facts::NONE },
};

/// The game of the parameters `-p ...`.
impl PartizanGame for Hackenbush {
    fn from_params(params: &Params) -> Result<Hackenbush, Error> {
        let text = params.text("forest");
        let forest = parse_forest(text).map_err(|e| Error::Param(format!("parameter forest={text}: {e}")))?;
        let family = explore::Spec::from_params(params, &forest)?;
        Ok(Hackenbush::new(forest).with_family(family))
    }
}
