//! A game given as a directed graph in a text file: positions are the nodes, moves the edges.

use std::path::Path;

use rustc_hash::FxHashMap;

use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::Indexed;
use nimber_engine::{
    Backward, Capabilities, Draw, DynGame, Error, Game, Kind, Move, Notation, Outcome, ParamSpec, Params,
    ParseError, Value,
};

use crate::common::info::{Facts, GameInfo};

/// A game given explicitly as a directed graph. Positions are node numbers, in order of first
/// appearance in the file; both players have the same moves.
#[derive(Clone, Debug)]
pub struct Graph {
    /// Where the graph came from, for messages.
    path: String,
    names: Vec<String>,
    index: FxHashMap<String, u32>,
    moves: Vec<Vec<u32>>,
    /// Per position, the positions with a move to it, once per move.
    predecessors: Vec<Vec<u32>>,
    values: Vec<Option<Value>>,
    start: u32,
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "graph",
    summary: "A game given as a directed graph in a text file (cycles allowed)",
    help: "A game given explicitly as a directed graph, the textbook way of defining a finite \
           game (game graphs and loopy games with draws: Berlekamp, Conway and Guy, Winning Ways; \
           A. S. Fraenkel's work on cyclic games). The file has one line per move, `u v`: a move \
           from position u to position v (names are any tokens without spaces). A line `u win`, \
           `u lose` or `u tie` ends the game at u, which must then have no moves, with that value \
           for the player to move; any other position without moves is lost for the player to \
           move. `#` starts a comment; blank lines are ignored. Both players have the same moves \
           (a position does not say whose turn it is), so the game is impartial; cycles are \
           allowed, and play that goes on forever under best play is a draw. A solve covers \
           every position in the file; `--nim` gives generalized nim values, a number or ∞(K) \
           (see examples/graphs/loopy.txt). Notation: a position's name. See \
           examples/graphs/cycle.txt.",
    params: &[
        ParamSpec { name: "file", default: "", help: "the graph file (required)" },
        ParamSpec {
            name: "start",
            default: "",
            help: "the start position (default: the first position named in the file)",
        },
    ],
    build,
    facts: Facts { reads_files: true, dense: Some(build_dense), ..Facts::NONE },
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(load(params)?))
}

/// The graph over its dense index (a position's number), for `solve --save` and checkpoints.
fn build_dense(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(nimber_engine::view::dense::Dense(load(params)?)))
}

/// Reads the graph file named by the parameters.
pub(crate) fn load(params: &Params) -> Result<Graph, Error> {
    let path = params.required("file")?;
    let text = read_limited(Path::new(path), MAX_FILE)?;
    let start = params.text("start");
    let start = (!start.is_empty()).then_some(start);
    Graph::from_text(&text, path, start)
}

/// Graph files longer than this are refused (about 2^28 moves): read whole, never more than this,
/// whatever the file (a device that never ends included).
pub const MAX_FILE: u64 = 1 << 30;

/// Reads the text of `path`, refusing more than `max` bytes before reading them all, and text
/// that is not UTF-8.
pub fn read_limited(path: &Path, max: u64) -> Result<String, Error> {
    use std::io::Read;
    let io = |source| Error::Io { path: path.display().to_string(), source };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max {
        return Err(Error::Param(format!(
            "{}: the graph file is longer than {max} bytes, the most nimber reads",
            path.display()
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Error::Param(format!(
            "{}: not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to() + 1
        ))
    })
}

/// Reserved words: the terminal values, and `draw` (which cannot be declared).
fn reserved(token: &str) -> Option<&'static str> {
    ["win", "lose", "tie", "draw"].into_iter().find(|w| token.eq_ignore_ascii_case(w))
}

impl Graph {
    /// Reads a graph from the text of a graph file. `path` names the file in messages; `start`
    /// names the start position (the first position named in the file when `None`). Errors are
    /// [`Error::Param`] with the path and the 1-based line number.
    pub fn from_text(text: &str, path: &str, start: Option<&str>) -> Result<Graph, Error> {
        let mut graph = Graph {
            path: path.to_string(),
            names: Vec::new(),
            index: FxHashMap::default(),
            moves: Vec::new(),
            predecessors: Vec::new(),
            values: Vec::new(),
            start: 0,
        };
        // Per position: the line of its terminal declaration, and of its first move.
        let mut declared_on: Vec<usize> = Vec::new();
        let mut first_move_on: Vec<usize> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            let error = |message: String| Error::Param(format!("{path}:{number}: {message}"));
            let content = line.split('#').next().unwrap_or("");
            let tokens: Vec<&str> = content.split_whitespace().collect();
            let (u, v) = match tokens[..] {
                [] => continue,
                [u, v] => (u, v),
                _ => {
                    let n = tokens.len();
                    return Err(error(format!(
                        "expected `u v`, `u win`, `u lose` or `u tie`, found {n} token{}",
                        if n == 1 { "" } else { "s" }
                    )));
                }
            };
            if let Some(word) = reserved(u) {
                return Err(error(format!(
                    "`{u}` cannot name a position: `{word}` is a value, allowed only as the second \
                     token (`u {word}`)"
                )));
            }
            let from = graph.intern(u, &mut declared_on, &mut first_move_on);
            match reserved(v) {
                Some("draw") => {
                    return Err(error(format!(
                        "position `{u}` cannot be declared a draw: a draw is endless play (give `{u}` \
                         a cycle of moves, e.g. `{u} {u}`); declare `win`, `lose` or `tie`"
                    )))
                }
                Some(word) => {
                    let value = Value::from_name(word).expect("reserved words are values");
                    let f = from as usize;
                    if declared_on[f] != 0 {
                        return Err(error(format!(
                            "position `{u}` is already declared {} on line {}",
                            graph.values[f].expect("declared").name(),
                            declared_on[f]
                        )));
                    }
                    if first_move_on[f] != 0 {
                        return Err(error(format!(
                            "position `{u}` is declared {word} here but has a move on line {}; only a \
                             position without moves can be declared",
                            first_move_on[f]
                        )));
                    }
                    graph.values[f] = Some(value);
                    declared_on[f] = number;
                }
                None => {
                    let to = graph.intern(v, &mut declared_on, &mut first_move_on);
                    let f = from as usize;
                    if declared_on[f] != 0 {
                        return Err(error(format!(
                            "position `{u}` has a move here but is declared {} on line {}; only a \
                             position without moves can be declared",
                            graph.values[f].expect("declared").name(),
                            declared_on[f]
                        )));
                    }
                    if first_move_on[f] == 0 {
                        first_move_on[f] = number;
                    }
                    graph.moves[f].push(to);
                }
            }
        }
        if graph.names.is_empty() {
            return Err(Error::Param(format!(
                "{path}: no positions: the file has no moves and no declarations"
            )));
        }
        graph.predecessors = vec![Vec::new(); graph.names.len()];
        for (from, targets) in graph.moves.iter().enumerate() {
            for &to in targets {
                graph.predecessors[to as usize].push(from as u32);
            }
        }
        if let Some(name) = start {
            graph.start = *graph
                .index
                .get(name.trim())
                .ok_or_else(|| Error::Param(format!("{path}: start position `{name}` is not in the file")))?;
        }
        Ok(graph)
    }

    fn intern(&mut self, name: &str, declared_on: &mut Vec<usize>, first_move_on: &mut Vec<usize>) -> u32 {
        if let Some(&id) = self.index.get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), id);
        self.moves.push(Vec::new());
        self.values.push(None);
        declared_on.push(0);
        first_move_on.push(0);
        id
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no positions (never true for a graph read successfully).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of position `id`.
    pub fn name(&self, id: u32) -> &str {
        &self.names[id as usize]
    }
}

impl Game for Graph {
    type Position = u32;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u32 {
        self.start
    }

    fn moves(&self, &pos: &u32) -> Vec<Move<u32>> {
        self.moves[pos as usize].iter().map(|&to| Move::new(self.names[to as usize].clone(), to)).collect()
    }

    fn successors(&self, &pos: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(&self.moves[pos as usize]);
    }

    fn terminal(&self, &pos: &u32) -> Option<Outcome> {
        self.values[pos as usize].map(|v| Outcome::new(v, 0))
    }

    fn roots(&self) -> Vec<u32> {
        (0..self.names.len() as u32).collect()
    }

    fn capabilities(&self) -> Capabilities<'_, u32> {
        Capabilities::none().notation(self).drawing(self).backward(self)
    }
}

impl Notation<u32> for Graph {
    fn format(&self, &pos: &u32) -> String {
        self.names[pos as usize].clone()
    }

    fn parse(&self, text: &str) -> Result<u32, ParseError> {
        let name = text.trim();
        self.index
            .get(name)
            .copied()
            .ok_or_else(|| ParseError::new(format!("no position named `{name}` in {}", self.path)))
    }
}

impl Draw<u32> for Graph {
    fn svg(&self, &pos: &u32) -> Option<String> {
        Some(draw(self, pos))
    }
}

impl Backward<u32> for Graph {
    fn predecessors(&self, &pos: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(&self.predecessors[pos as usize]);
    }
}

/// The dense index: a position's slot is its number (order of first appearance in the file).
/// The scheme names a checksum of the graph, so that a stored solve is refused when read with a
/// graph file that has changed since.
impl Indexed for Graph {
    fn size(&self) -> u64 {
        self.names.len() as u64
    }

    fn rank(&self, &pos: &u32) -> u64 {
        pos as u64
    }

    fn unrank(&self, index: u64) -> Option<u32> {
        (index < self.size()).then_some(index as u32)
    }

    fn index_scheme(&self) -> String {
        format!("graph-v1-{:08x}", self.checksum())
    }

    fn reachable_hint(&self) -> Option<u64> {
        // Every position is a root.
        Some(self.size())
    }
}

impl SlotMoves for Graph {}

impl Graph {
    /// CRC-32 of the graph as read: the names in order, each position's moves and declared value.
    fn checksum(&self) -> u32 {
        let mut h = crc32fast::Hasher::new();
        for ((name, moves), value) in self.names.iter().zip(&self.moves).zip(&self.values) {
            h.update(&(name.len() as u64).to_le_bytes());
            h.update(name.as_bytes());
            h.update(&(moves.len() as u64).to_le_bytes());
            for &to in moves {
                h.update(&to.to_le_bytes());
            }
            h.update(&[value.map_or(0, |v| 1 + v as u8)]);
        }
        h.finalize()
    }
}

/// Graphs of at most this many positions are drawn whole; in a larger one the drawing shows
/// the current position and the positions up to two moves away, at most this many.
const DRAWN_VERTICES: usize = 40;

/// The drawing: the positions as discs in levels, by the number of moves from the start (or,
/// in a large graph, from the current position), moves as arrows (curved when they go back up
/// or stay in a level); each position a `<g data-vertex="NAME">` (the name is the notation and
/// the move's label), the current one highlighted (`data-current="1"`), those it can move to
/// ringed with `data-move="NAME"` and their arrows in the first player's colour, declared ends
/// marked `win`, `lose` or `tie`.
fn draw(game: &Graph, pos: u32) -> String {
    use crate::common::svg::{colour, shorten, Anchor, Attrs, Svg};
    const GAP_X: f64 = 92.0;
    const GAP_Y: f64 = 96.0;
    const R: f64 = 24.0;
    let n = game.names.len();
    let whole = n <= DRAWN_VERTICES;
    // Levels by breadth-first search: from the start over the whole graph, then from the
    // positions not reached yet that no other such position moves to (all on the level below
    // the last), then from any left (on cycles); or from `pos` up to two moves away.
    let mut level: Vec<Option<usize>> = vec![None; n];
    let mut order: Vec<u32> = Vec::new();
    let mut base = 0;
    let mut sources = vec![if whole { game.start } else { pos }];
    while !sources.is_empty() {
        let first = order.len();
        for &root in &sources {
            level[root as usize] = Some(base);
            order.push(root);
        }
        let mut k = first;
        while k < order.len() && (whole || order.len() < DRAWN_VERTICES) {
            let u = order[k];
            let lu = level[u as usize].unwrap_or(0);
            if !whole && lu >= 2 {
                break;
            }
            for &v in &game.moves[u as usize] {
                if level[v as usize].is_none() && (whole || order.len() < DRAWN_VERTICES) {
                    level[v as usize] = Some(lu + 1);
                    order.push(v);
                }
            }
            k += 1;
        }
        base = order.iter().filter_map(|&u| level[u as usize]).max().unwrap_or(0) + 1;
        sources.clear();
        if whole {
            let left: Vec<u32> = (0..n as u32).filter(|&u| level[u as usize].is_none()).collect();
            let mut entered = vec![false; n];
            for &u in &left {
                for &v in game.moves[u as usize].iter().filter(|&&v| v != u) {
                    entered[v as usize] = true;
                }
            }
            sources = left.iter().copied().filter(|&u| !entered[u as usize]).collect();
            if sources.is_empty() {
                sources.extend(left.first());
            }
        }
    }
    let depth = base;
    let mut rows: Vec<Vec<u32>> = vec![Vec::new(); depth];
    for &u in &order {
        rows[level[u as usize].unwrap_or(0)].push(u);
    }
    // One pass of barycentres: each level ordered by the mean place of its parents above.
    for l in 1..depth {
        let place = |u: u32| rows[l - 1].iter().position(|&p| p == u);
        let mut keyed: Vec<(f64, u32)> = rows[l]
            .iter()
            .map(|&v| {
                let parents: Vec<usize> = rows[l - 1]
                    .iter()
                    .filter(|&&u| game.moves[u as usize].contains(&v))
                    .filter_map(|&u| place(u))
                    .collect();
                let key = if parents.is_empty() {
                    f64::MAX
                } else {
                    parents.iter().sum::<usize>() as f64 / parents.len() as f64
                };
                (key, v)
            })
            .collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
        rows[l] = keyed.into_iter().map(|(_, v)| v).collect();
    }
    let widest = rows.iter().map(Vec::len).max().unwrap_or(1).max(3);
    let width = widest as f64 * GAP_X + 40.0;
    let top = 70.0;
    let height = top + depth as f64 * GAP_Y + 40.0;
    let mut svg = Svg::new(INFO.name, &game.format(&pos), width, height);
    let heading = if whole {
        format!("Graph game: {n} positions")
    } else {
        format!("Graph game: {} of {n} positions, up to two moves from here", order.len())
    };
    svg.bold((16.0, 22.0), &heading, 15.0, Anchor::Start, colour::INK);
    let mut at: Vec<Option<(f64, f64)>> = vec![None; n];
    for (l, row) in rows.iter().enumerate() {
        let offset = (width - row.len() as f64 * GAP_X) / 2.0;
        for (i, &u) in row.iter().enumerate() {
            at[u as usize] = Some((offset + (i as f64 + 0.5) * GAP_X, top + (l as f64 + 0.5) * GAP_Y));
        }
    }
    // The moves, under the positions.
    for &u in &order {
        let from = at[u as usize].expect("placed");
        let mut targets = game.moves[u as usize].clone();
        targets.sort_unstable();
        targets.dedup();
        for v in targets {
            let Some(to) = at[v as usize] else { continue };
            let current = u == pos;
            let (ink, w) = if current { (colour::FIRST, 2.5) } else { (colour::LINE, 1.5) };
            if u == v {
                // A loop: out of the top right and back into the top left.
                let d = format!(
                    "M {} {} C {} {} {} {} {} {}",
                    from.0 + R * 0.5,
                    from.1 - R * 0.85,
                    from.0 + R * 1.4,
                    from.1 - R * 2.6,
                    from.0 - R * 1.4,
                    from.1 - R * 2.6,
                    from.0 - R * 0.62,
                    from.1 - R * 1.25
                );
                svg.path(&d, ink, w);
                svg.arrow_head((from.0 - R * 0.5, from.1 - R * 0.87), (0.35, 0.94), 8.0, ink);
                continue;
            }
            let (lu, lv) = (level[u as usize], level[v as usize]);
            let (dx, dy) = (to.0 - from.0, to.1 - from.1);
            let len = (dx * dx + dy * dy).sqrt();
            let straight = lv.zip(lu).is_some_and(|(lv, lu)| lv == lu + 1);
            // A move to the next level is straight; any other bends, by preference to the right
            // of its direction (so that u->v and v->u part), else to whichever side or by
            // whichever amount keeps it furthest from the other positions.
            let control_at =
                |bend: f64| (from.0 + dx / 2.0 - dy / len * bend, from.1 + dy / 2.0 + dx / len * bend);
            let clearance = |c: (f64, f64)| {
                let mut least = f64::MAX;
                for t in [0.2, 0.35, 0.5, 0.65, 0.8] {
                    let b = |p: f64, q: f64, r: f64| {
                        (1.0 - t) * (1.0 - t) * p + 2.0 * t * (1.0 - t) * q + t * t * r
                    };
                    let (x, y) = (b(from.0, c.0, to.0), b(from.1, c.1, to.1));
                    for &w in order.iter().filter(|&&w| w != u && w != v) {
                        let p = at[w as usize].expect("placed");
                        least = least.min(((p.0 - x).powi(2) + (p.1 - y).powi(2)).sqrt());
                    }
                }
                least
            };
            let control = if straight {
                control_at(0.0)
            } else {
                let size = len.max(GAP_X);
                let mut best = (clearance(control_at(0.22 * size)) + 8.0, control_at(0.22 * size));
                for bend in [-0.22, 0.4, -0.4, 0.6, -0.6] {
                    let c = control_at(bend * size);
                    let score = clearance(c);
                    if score > best.0 {
                        best = (score, c);
                    }
                }
                best.1
            };
            let unit = |a: (f64, f64), b: (f64, f64)| {
                let (x, y) = (b.0 - a.0, b.1 - a.1);
                let l = (x * x + y * y).sqrt().max(1e-9);
                (x / l, y / l)
            };
            let out = unit(from, control);
            let into = unit(control, to);
            let start = (from.0 + out.0 * R, from.1 + out.1 * R);
            let tip = (to.0 - into.0 * (R + 1.0), to.1 - into.1 * (R + 1.0));
            let end = svg.arrow_head(tip, into, 9.0, ink);
            let d = format!(
                "M {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1}",
                start.0, start.1, control.0, control.1, end.0, end.1
            );
            svg.path(&d, ink, w);
        }
    }
    let moves: Vec<u32> = game.moves[pos as usize].clone();
    for &u in &order {
        let (x, y) = at[u as usize].expect("placed");
        let name = game.name(u);
        let mut attrs = Attrs::new().data("vertex", name);
        let (fill, stroke) = if u == pos {
            attrs = attrs.data("current", "1");
            (colour::HIGHLIGHT, (colour::INK, 3.0))
        } else if moves.contains(&u) {
            attrs = attrs.data("move", name);
            (colour::FIRST_SOFT, (colour::FIRST, 2.5))
        } else {
            (colour::SQUARE, (colour::LINE, 1.5))
        };
        svg.group(attrs, Some(name));
        svg.circle(x, y, R, Attrs::new().paint(fill, Some(stroke)));
        let label = shorten(name, 7);
        let size = if label.chars().count() <= 3 { 15.0 } else { 11.0 };
        svg.text((x, y), &label, size, Anchor::Middle, colour::INK);
        if let Some(value) = game.values[u as usize] {
            svg.text((x, y + R + 10.0), value.name(), 11.0, Anchor::Middle, colour::MUTED);
        }
        svg.close();
    }
    let name = shorten(game.name(pos), 24);
    let text = match (game.values[pos as usize], moves.len()) {
        (Some(value), _) => {
            let end = match value {
                Value::Win => "the player to move wins",
                Value::Lose => "the player to move loses",
                Value::Tie => "a tie",
                Value::Draw => "a draw",
            };
            format!("At {name}: the game ends, {end}")
        }
        (None, 0) => format!("At {name}: no move, the player to move loses"),
        (None, 1) => format!("At {name}: 1 move"),
        (None, k) => format!("At {name}: {k} moves"),
    };
    svg.status((16.0, height - 22.0), Some(colour::HIGHLIGHT), &text, 15.0);
    svg.finish()
}
