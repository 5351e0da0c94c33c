//! Game in Darkness (TopCoder SRM 588): a blind pursuer on a grid, played as the
//! perfect-information game of her beliefs.

use nimber_engine::{Capabilities, Draw, Explore, Notation};
use nimber_engine::{DynGame, Error, Game, Kind, Move, Outcome, ParamSpec, Params, ParseError, Value};
use pursuit::{PursuitGraph, MAX_VERTICES};

use crate::common::info::{Facts, GameInfo};

pub(crate) mod explore;
pub mod pursuit;

/// The largest field side accepted (the original problem's limit).
pub const MAX_SIDE: usize = 50;

/// The original problem lets Bob win after 100,000 of his moves; as a bound on Alice's moves
/// ([`pursuit::Pursuit::within`]): a shortest winning walk of at most this
/// many moves catches Bob after fewer than 100,000 of his moves when Alice moves onto him, and
/// after at most 100,000 when he is forced onto her. The game itself has no limit (endless play
/// is a draw); the problem's exact method (`nimber problem gameindarkness --exact`) applies it.
/// On the grid trees of the problem's tests (up to 128 cells) no search came near it: the
/// largest explored fewer than 20,000 pairs.
pub const MOVE_LIMIT: usize = 100_000;

/// A position of the belief game: whose turn, Alice's cell, and the set of cells where Bob may
/// be without having been caught. Cells are the field's empty cells numbered in reading order
/// (bit `i` of `bob` is cell `i`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DarkPos {
    /// Whether Alice is to move (else Bob's forced move, the update of the set, is next).
    pub alice_to_move: bool,
    /// Alice's cell.
    pub alice: u8,
    /// The cells where Bob may be.
    pub bob: u128,
}

/// Game in Darkness on one field, as a partizan game of perfect information.
///
/// Alice cannot see Bob and Bob knows her whole plan, so her plan is a fixed walk and what
/// matters is the set of cells where Bob may still be. Alice chooses her moves; Bob's turn is
/// forced: the set becomes its neighbourhood minus Alice's cell. A position whose set is empty
/// is over and lost for Bob. Play that goes on forever (a cycle) is a draw, which means Bob
/// survives: Alice has a winning plan exactly when the start is a win for her.
#[derive(Clone, Debug)]
pub struct GameInDarkness {
    rows: usize,
    cols: usize,
    /// Per grid cell in reading order: its number among the empty cells, or `None` for a wall.
    cell: Vec<Option<u8>>,
    /// Per empty cell: (row, column).
    place: Vec<(usize, usize)>,
    graph: PursuitGraph,
    start: DarkPos,
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "gameindarkness",
    summary: "Game in Darkness: a blind pursuer chases an evader who knows her plan (belief game)",
    help: "Game in Darkness, TopCoder SRM 588 (Div 1, level 3). A grid of empty cells `.` and \
           walls `#`; Alice's token starts on `A` and Bob's on `B`. Alice moves first; the \
           players alternate and each must move their token to an adjacent (up, down, left, \
           right) empty cell. Alice wins if the tokens ever share a cell (after either's move). \
           Alice cannot see Bob, and Bob knows Alice's whole plan in advance, so Alice's plan is \
           a fixed walk (the original problem also lets Bob win after 100,000 moves; this game \
           has no such limit, and `nimber problem gameindarkness --exact` checks it separately). \
           nimber plays the perfect-information game of Alice's knowledge: a position is whose \
           turn it is, Alice's cell and the set of cells where Bob may be. Alice chooses her \
           move, and Bob may not be on her new cell; Bob's turn is forced: the set becomes every \
           empty cell next to it, except Alice's. A position whose set is empty is won by Alice; \
           endless play is a draw, meaning Bob survives. So Alice wins the original game exactly \
           when the start is a win. The field may be any connected set of at most 128 empty cells \
           (the problem's fields are trees). Notation: the field's rows separated by `/`, with \
           `A` on Alice's cell, `B` on every cell where Bob may be, `.` on the other empty cells \
           and `#` on the walls, then a space and the player to move, `a` or `b`: the start of \
           the default field is `A.B../##.##/##.## a`. Alice's moves are named `up`, `down`, \
           `left`, `right`; Bob's forced move is `bob`. Exploration (`nimber explore`, `nimber \
           check`) covers every tree-shaped set of the field's empty cells (at most 20) with \
           every placement of A and B. Features: junction (a cell with three branches of at \
           least 3 cells exists), dist_diff (the largest dist(A, v) - dist(B, v) over such cells \
           v, -128 if none), dist, cells, bob_cells, alice_to_move, moves; the published \
           criterion for Bob's escape (a draw here) is `dist_diff >= 2`.",
    params: &[ParamSpec {
        name: "field",
        default: "A.B../##.##/##.##",
        help: "the field: rows separated by `/`, cells `A`, `B`, `.` or `#` (at most 128 empty cells, connected)",
    }],
    build,
    facts: Facts::NONE,
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(GameInDarkness::new(params.required("field")?)?))
}

/// The four directions, with their names: (row step, column step).
const DIRECTIONS: [(isize, isize, &str); 4] =
    [(-1, 0, "up"), (1, 0, "down"), (0, -1, "left"), (0, 1, "right")];

impl GameInDarkness {
    /// The game on a field given as rows separated by `/`, with cells `A`, `B`, `.` and `#`.
    /// The field must have exactly one `A` and one `B`, at most 128 empty cells, sides of at
    /// most 50, and its empty cells must be connected.
    pub fn new(field: &str) -> Result<GameInDarkness, Error> {
        let bad = |m: String| Error::Param(format!("parameter field: {m}"));
        let lines: Vec<&str> = field.trim().split('/').collect();
        if lines.len() > MAX_SIDE {
            return Err(bad(format!("{} rows; at most {MAX_SIDE}", lines.len())));
        }
        let cols = lines[0].chars().count();
        let (mut alice, mut bob) = (None, None);
        let mut cell = Vec::new();
        let mut place = Vec::new();
        for (r, line) in lines.iter().enumerate() {
            let n = line.chars().count();
            if n == 0 || n > MAX_SIDE {
                return Err(bad(format!("row {} has {n} cells; rows have 1 to {MAX_SIDE}", r + 1)));
            }
            if n != cols {
                return Err(bad(format!("row {} has {n} cells but row 1 has {cols}", r + 1)));
            }
            for (c, ch) in line.chars().enumerate() {
                let token = match ch {
                    '#' => {
                        cell.push(None);
                        continue;
                    }
                    '.' => None,
                    'A' => Some(&mut alice),
                    'B' => Some(&mut bob),
                    _ => {
                        return Err(bad(format!(
                            "`{ch}` at row {}, column {} is not `A`, `B`, `.` or `#`",
                            r + 1,
                            c + 1
                        )))
                    }
                };
                if place.len() == MAX_VERTICES {
                    return Err(bad(format!("more than {MAX_VERTICES} empty cells")));
                }
                if let Some(slot) = token {
                    if slot.is_some() {
                        return Err(bad(format!("a second `{ch}` at row {}, column {}", r + 1, c + 1)));
                    }
                    *slot = Some(place.len());
                }
                cell.push(Some(place.len() as u8));
                place.push((r, c));
            }
        }
        let (Some(alice), Some(bob)) = (alice, bob) else {
            return Err(bad("the field needs one `A` and one `B`".into()));
        };
        let rows = lines.len();
        let mut edges = Vec::new();
        for (i, &(r, c)) in place.iter().enumerate() {
            if c + 1 < cols {
                if let Some(j) = cell[r * cols + c + 1] {
                    edges.push((i, j as usize));
                }
            }
            if r + 1 < rows {
                if let Some(j) = cell[(r + 1) * cols + c] {
                    edges.push((i, j as usize));
                }
            }
        }
        let graph = PursuitGraph::new(place.len(), &edges).map_err(|e| bad(e.to_string()))?;
        // Connected: every cell is reachable from Alice's.
        let mut seen = 1u128 << alice;
        loop {
            let next = seen | graph.neighbourhood(seen);
            if next == seen {
                break;
            }
            seen = next;
        }
        if let Some(i) = (0..place.len()).find(|&i| seen & 1 << i == 0) {
            let (r, c) = place[i];
            return Err(bad(format!(
                "the empty cell at row {}, column {} is not connected to `A`",
                r + 1,
                c + 1
            )));
        }
        let start = DarkPos { alice_to_move: true, alice: alice as u8, bob: 1 << bob };
        Ok(GameInDarkness { rows, cols, cell, place, graph, start })
    }

    /// The graph of the empty cells, numbered in reading order.
    pub fn graph(&self) -> &PursuitGraph {
        &self.graph
    }

    /// The number of the empty cell at (row, column), 0-based; `None` for a wall or outside.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows && col < self.cols)
            .then(|| self.cell[row * self.cols + col])
            .flatten()
            .map(usize::from)
    }

    /// (row, column) of empty cell `i`.
    pub fn place(&self, i: usize) -> (usize, usize) {
        self.place[i]
    }

    /// Alice's moves from cell `at`: (direction name, cell).
    fn alice_moves(&self, at: usize) -> impl Iterator<Item = (&'static str, usize)> + '_ {
        let (r, c) = self.place[at];
        DIRECTIONS.iter().filter_map(move |&(dr, dc, name)| {
            let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
            self.cell_at(r, c).map(|j| (name, j))
        })
    }

    fn after_alice(&self, pos: &DarkPos, to: usize) -> DarkPos {
        DarkPos { alice_to_move: false, alice: to as u8, bob: pos.bob & !(1 << to) }
    }

    fn after_bob(&self, pos: &DarkPos) -> DarkPos {
        let bob = self.graph.neighbourhood(pos.bob) & !(1 << pos.alice);
        DarkPos { alice_to_move: true, alice: pos.alice, bob }
    }
}

impl Game for GameInDarkness {
    type Position = DarkPos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> DarkPos {
        self.start
    }

    fn moves(&self, pos: &DarkPos) -> Vec<Move<DarkPos>> {
        if pos.alice_to_move {
            self.alice_moves(pos.alice as usize)
                .map(|(name, to)| Move::new(name, self.after_alice(pos, to)))
                .collect()
        } else {
            vec![Move::new("bob", self.after_bob(pos))]
        }
    }

    fn successors(&self, pos: &DarkPos, out: &mut Vec<DarkPos>) {
        if pos.alice_to_move {
            out.extend(self.alice_moves(pos.alice as usize).map(|(_, to)| self.after_alice(pos, to)));
        } else {
            out.push(self.after_bob(pos));
        }
    }

    fn terminal(&self, pos: &DarkPos) -> Option<Outcome> {
        // Bob has been caught: over, lost for him, won for her.
        (pos.bob == 0).then_some(Outcome::new(if pos.alice_to_move { Value::Win } else { Value::Lose }, 0))
    }

    fn capabilities(&self) -> Capabilities<'_, DarkPos> {
        Capabilities::none().notation(self).drawing(self).exploration(self)
    }
}

impl Notation<DarkPos> for GameInDarkness {
    fn format(&self, pos: &DarkPos) -> String {
        let mut s = String::with_capacity(self.rows * (self.cols + 1) + 2);
        for r in 0..self.rows {
            if r > 0 {
                s.push('/');
            }
            for c in 0..self.cols {
                s.push(match self.cell_at(r, c) {
                    None => '#',
                    Some(i) if i == pos.alice as usize => 'A',
                    Some(i) if pos.bob & 1 << i != 0 => 'B',
                    Some(_) => '.',
                });
            }
        }
        s.push(' ');
        s.push(if pos.alice_to_move { 'a' } else { 'b' });
        s
    }

    fn parse(&self, text: &str) -> Result<DarkPos, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let mut at = chars.iter().position(|c| !c.is_whitespace()).unwrap_or(chars.len());
        let mut alice = None;
        let mut bob = 0u128;
        let shape = format!("{} rows of {} cells separated by `/`", self.rows, self.cols);
        for r in 0..self.rows {
            if r > 0 {
                if chars.get(at) != Some(&'/') {
                    return Err(ParseError::at(
                        at + 1,
                        format!("expected `/` after {} cells: the field has {shape}", self.cols),
                    ));
                }
                at += 1;
            }
            for c in 0..self.cols {
                let Some(&ch) = chars.get(at) else {
                    return Err(ParseError::at(
                        at + 1,
                        format!("the position ended early: the field has {shape}"),
                    ));
                };
                let cell = self.cell_at(r, c);
                match (ch, cell) {
                    ('#', None) => {}
                    ('#', Some(_)) => {
                        return Err(ParseError::at(
                            at + 1,
                            format!("`#` on an empty cell of the field (row {}, column {})", r + 1, c + 1),
                        ))
                    }
                    ('A' | 'B' | '.', None) => {
                        return Err(ParseError::at(
                            at + 1,
                            format!("`{ch}` on a wall of the field (row {}, column {})", r + 1, c + 1),
                        ))
                    }
                    ('A', Some(i)) => {
                        if alice.is_some() {
                            return Err(ParseError::at(at + 1, "a second `A`: Alice has one token"));
                        }
                        alice = Some(i as u8);
                    }
                    ('B', Some(i)) => bob |= 1 << i,
                    ('.', Some(_)) => {}
                    _ => {
                        return Err(ParseError::at(
                            at + 1,
                            format!(
                                "`{ch}` is not a cell: use `A` (Alice), `B` (where Bob may be), `.` or `#`"
                            ),
                        ))
                    }
                }
                at += 1;
            }
        }
        let Some(alice) = alice else {
            return Err(ParseError::new("no `A`: the position needs Alice's cell"));
        };
        if !chars.get(at).is_some_and(|c| c.is_whitespace()) {
            let what = if chars.get(at) == Some(&'/') {
                "more rows than the field's"
            } else {
                "more cells than the field's"
            };
            let message = if at >= chars.len() {
                "expected a space, then the player to move (`a` or `b`)".to_string()
            } else {
                format!("{what} {}: expected a space, then the player to move (`a` or `b`)", self.rows)
            };
            return Err(ParseError::at(at + 1, message));
        }
        while chars.get(at).is_some_and(|c| c.is_whitespace()) {
            at += 1;
        }
        let alice_to_move = match chars.get(at) {
            Some('a' | 'A') => true,
            Some('b' | 'B') => false,
            _ => return Err(ParseError::at(at + 1, "expected the player to move: `a` (Alice) or `b` (Bob)")),
        };
        at += 1;
        if let Some(extra) = chars[at..].iter().position(|c| !c.is_whitespace()) {
            return Err(ParseError::at(at + extra + 1, "unexpected text after the player to move"));
        }
        Ok(DarkPos { alice_to_move, alice, bob })
    }
}

impl Draw<DarkPos> for GameInDarkness {
    fn svg(&self, pos: &DarkPos) -> Option<String> {
        Some(draw(self, pos))
    }
}

impl Explore<DarkPos> for GameInDarkness {
    fn features(&self) -> Vec<String> {
        explore::feature_names()
    }

    fn feature_values(&self, pos: &DarkPos, out: &mut Vec<i64>) {
        explore::feature_values(self, pos, out)
    }

    fn family(&self) -> Result<Option<nimber_engine::Family<DarkPos>>, Error> {
        explore::family(self)
    }
}

/// The drawing: the field, walls dark, `data-square` `rRcC` on every cell (row and column
/// from 1, top left); Alice's token (`data-piece="A"`), a mark on every cell where Bob may be
/// (`data-piece="B"`), Alice's possible steps as `data-move` (`up`, `down`, `left`, `right`)
/// on the cells they lead to, and whose turn it is.
fn draw(game: &GameInDarkness, pos: &DarkPos) -> String {
    use crate::common::svg::{colour, Attrs, Board, Svg};
    const CELL: f64 = 44.0;
    let board = Board { x: 40.0, y: 40.0, cols: game.cols, rows: game.rows, cell: CELL };
    let (bw, bh) = board.size();
    let mut svg =
        Svg::new(INFO.name, &game.format(pos), (board.x + bw + 20.0).max(320.0), board.y + bh + 76.0);
    let steps: Vec<(&str, usize)> =
        if pos.alice_to_move { game.alice_moves(pos.alice as usize).collect() } else { Vec::new() };
    let name = |col: usize, row: usize| format!("r{}c{}", row + 1, col + 1);
    let paint = |col, row| if game.cell_at(row, col).is_some() { colour::SQUARE } else { colour::SOLID };
    let more = |col, row, attrs: Attrs| match game.cell_at(row, col) {
        Some(i) => match steps.iter().find(|&&(_, to)| to == i) {
            Some(&(step, _)) => attrs.data("move", step),
            None => attrs,
        },
        None => attrs.data("wall", "1"),
    };
    board.draw(&mut svg, paint, name, more);
    board.coordinates(&mut svg, true, |col| (col + 1).to_string(), |row| (row + 1).to_string());
    let (ar, ac) = game.place[pos.alice as usize];
    for (i, &(row, col)) in game.place.iter().enumerate() {
        if pos.bob & 1 << i != 0 {
            let attrs = Attrs::new().data("piece", "B").data("at", name(col, row));
            svg.group(attrs, Some("Bob may be here"));
            svg.token(board.centre(col, row), CELL * 0.24, colour::SECOND_SOFT, colour::SECOND, Attrs::new());
            svg.bold(
                board.centre(col, row),
                "B",
                CELL * 0.3,
                crate::common::svg::Anchor::Middle,
                colour::SECOND,
            );
            svg.close();
        }
    }
    for &(_, to) in &steps {
        let (row, col) = game.place[to];
        let (from, to) = (board.centre(ac, ar), board.centre(col, row));
        let tip = (from.0 * 0.2 + to.0 * 0.8, from.1 * 0.2 + to.1 * 0.8);
        let start = (from.0 * 0.6 + to.0 * 0.4, from.1 * 0.6 + to.1 * 0.4);
        svg.arrow(start, tip, colour::FIRST, 2.5);
    }
    svg.group(Attrs::new().data("piece", "A").data("at", name(ac, ar)), Some("Alice"));
    svg.token(board.centre(ac, ar), CELL * 0.34, colour::FIRST, colour::INK, Attrs::new());
    svg.bold(board.centre(ac, ar), "A", CELL * 0.36, crate::common::svg::Anchor::Middle, "#ffffff");
    svg.close();
    let bob = pos.bob.count_ones();
    let (ink, text) = match (bob, pos.alice_to_move) {
        (0, _) => (colour::FIRST, "Bob is caught: Alice wins"),
        (_, true) => (colour::FIRST, "Alice to move"),
        (_, false) => (colour::SECOND, "Bob's move (forced)"),
    };
    svg.status((board.x, board.y + bh + 30.0), Some(ink), text, 16.0);
    if bob > 0 {
        let where_ = format!("Bob may be on {bob} cell{}", plural(bob));
        svg.text(
            (board.x, board.y + bh + 56.0),
            &where_,
            13.0,
            crate::common::svg::Anchor::Start,
            colour::MUTED,
        );
    }
    svg.finish()
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
