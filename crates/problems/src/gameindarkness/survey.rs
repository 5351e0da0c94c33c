//! The exhaustive check of the published criterion ([`super::criterion`]) against the exact
//! search, a whole field at a time: every tree-shaped field of a board
//! ([`grid_trees`]), or every tree-shaped field of a number of cells on any board
//! ([`polyomino_trees`]), one field per class of the board's symmetries, and every placement of
//! `A` and `B` on it ([`check_field`]).
//!
//! [`check_field`] settles all placements of a field with few searches, each step proved:
//!
//! - *Alice's side.* A walk that empties a set of Bob's possible cells empties each of its
//!   subsets, since the update `S -> N(S \ {t}) \ {t}` is monotone in `S`. So one search from
//!   Alice's cell `a` with Bob anywhere in the set of cells where the criterion says Alice wins
//!   proves all those placements at once (its shortest walk also bounds each placement's, so
//!   the move limit is checked too).
//! - *Bob's side.* A pair (Alice's cell, Bob's set) from which Alice cannot win has only such
//!   pairs as successors, so Bob wins from every placement the criterion gives him exactly when
//!   no move from a pair reachable from them empties the set: one closure search over all of
//!   them ([`pursuit::evader_survives_all`]).
//!
//! When either step fails, the field is solved exactly placement by placement by
//! [`pursuit::solve_all`] (every start at once), and the disagreements are reported.

use nimber_engine::Error;
use nimber_games::gameindarkness::pursuit::{self, PursuitGraph};

use super::Field;

/// A tree-shaped field without its tokens: a `rows` x `cols` board, per cell in reading order
/// whether it is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Per cell in reading order: whether it is empty.
    pub open: Vec<bool>,
}

impl Board {
    /// The board whose empty cells are the bits of `mask` (bit `r * cols + c`).
    pub fn from_mask(rows: usize, cols: usize, mask: u64) -> Board {
        Board { rows, cols, open: (0..rows * cols).map(|i| mask >> i & 1 == 1).collect() }
    }

    /// The empty cells, in reading order (grid indices `r * cols + c`).
    pub fn cells(&self) -> Vec<usize> {
        (0..self.rows * self.cols).filter(|&i| self.open[i]).collect()
    }

    /// The field as input text, one row per line, with `A` and `B` on the grid cells `a`, `b`.
    pub fn text(&self, a: usize, b: usize) -> String {
        let mut s = String::with_capacity(self.rows * (self.cols + 1));
        for (i, &open) in self.open.iter().enumerate() {
            s.push(match i {
                _ if i == a => 'A',
                _ if i == b => 'B',
                _ if open => '.',
                _ => '#',
            });
            if i % self.cols == self.cols - 1 {
                s.push('\n');
            }
        }
        s
    }

    /// The field with `A` and `B` on the grid cells `a` and `b` (empty, distinct), without
    /// reading text. The board must have at least two rows and two columns and its empty cells
    /// must form a tree, as [`super::parse`] checks.
    pub fn field(&self, a: usize, b: usize) -> Field {
        let stride = self.cols + 2;
        let mut open = vec![false; (self.rows + 2) * stride];
        for (i, &o) in self.open.iter().enumerate() {
            open[self.padded(i)] = o;
        }
        let cells = self.open.iter().filter(|&&o| o).count();
        Field {
            rows: self.rows,
            cols: self.cols,
            stride,
            open,
            alice: self.padded(a),
            bob: self.padded(b),
            cells,
        }
    }

    fn padded(&self, i: usize) -> usize {
        (i / self.cols + 1) * (self.cols + 2) + i % self.cols + 1
    }

    /// The pursuit graph of the empty cells, numbered in reading order.
    pub fn graph(&self) -> Result<PursuitGraph, Error> {
        let cells = self.cells();
        let mut number = vec![usize::MAX; self.open.len()];
        for (v, &i) in cells.iter().enumerate() {
            number[i] = v;
        }
        let mut edges = Vec::with_capacity(cells.len());
        for &i in &cells {
            if i % self.cols + 1 < self.cols && self.open[i + 1] {
                edges.push((number[i], number[i + 1]));
            }
            if i + self.cols < self.open.len() && self.open[i + self.cols] {
                edges.push((number[i], number[i + self.cols]));
            }
        }
        PursuitGraph::new(cells.len(), &edges)
    }
}

/// What [`check_field`] found on one field.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldCheck {
    /// Placements of `A` and `B` (ordered pairs of distinct empty cells).
    pub placements: u64,
    /// Placements won by Bob (exact).
    pub bob_wins: u64,
    /// Per empty cell `a` (numbered in reading order): the cells `b` (bit `b`) from which Bob
    /// wins when Alice starts on `a` (exact).
    pub bob: Vec<u128>,
    /// The placements (grid cells of `A` and `B`) where the prediction differs from the exact
    /// answer.
    pub wrong: Vec<(usize, usize)>,
    /// Pairs (Alice's cell, Bob's set) explored by all the searches of the field.
    pub states: u64,
    /// Whether the field needed the placement-by-placement solve: a prediction was refuted, or
    /// some cell `a` had no single walk that catches Bob wherever among the cells where Alice is
    /// predicted to win he starts (each of those placements may still be won by its own walk).
    pub fallback: bool,
    /// Whether the prediction gives Alice every placement (for the published criterion: the tree
    /// has no junction, no cell with three branches of at least 3 cells). Without a fallback, one
    /// walk from each cell then catches Bob wherever he starts.
    pub junction_free: bool,
}

fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

/// Checks `predict` (whether Bob wins; the published criterion is [`super::criterion`]) against
/// the exact answer on every placement of `A` and `B` on `board`, whose empty cells must form a
/// tree of 2 to 128 cells on at least 2 rows and 2 columns, with at most `max_states` pairs per
/// search. Exact whatever `predict` says (see the module documentation); a prediction that
/// holds costs one search per cell of `A` and one closure search.
pub fn check_field(
    board: &Board,
    predict: impl Fn(&Field) -> bool,
    max_states: u64,
) -> Result<FieldCheck, Error> {
    let cells = board.cells();
    let n = cells.len();
    let mut field = board.field(cells[0], cells[1]);
    let mut predicted = vec![0u128; n];
    for a in 0..n {
        field.alice = board.padded(cells[a]);
        for b in (0..n).filter(|&b| b != a) {
            field.bob = board.padded(cells[b]);
            if predict(&field) {
                predicted[a] |= 1 << b;
            }
        }
    }
    check_prediction(board, &predicted, max_states)
}

/// The published criterion on every placement of `board` at once: per empty cell `a` (numbered
/// in reading order), the cells `b` (bit `b`) from which it says Bob wins. The same rule as
/// [`super::criterion`], computed per field: a cell `v` is a junction when at least three of its
/// neighbours `u` start a branch of at least 3 cells (some neighbour `w != v` of `u` has a
/// neighbour other than `u`), and Bob wins iff `dist(a, v) - dist(b, v) >= 2` at some junction.
pub fn criterion_matrix(board: &Board) -> Result<Vec<u128>, Error> {
    let graph = board.graph()?;
    let n = graph.len();
    let long =
        |v: usize, u: usize| graph.neighbours(u).iter().any(|&w| w != v && graph.neighbours(w).len() >= 2);
    let junctions: Vec<usize> =
        (0..n).filter(|&v| graph.neighbours(v).iter().filter(|&&u| long(v, u)).count() >= 3).collect();
    let mut predicted = vec![0u128; n];
    if junctions.is_empty() {
        return Ok(predicted);
    }
    let mut queue = Vec::with_capacity(n);
    for &v in &junctions {
        // Distances from the junction, then the cells b with dist(b, v) <= dist(a, v) - 2.
        let mut dist = vec![u32::MAX; n];
        dist[v] = 0;
        queue.clear();
        queue.push(v);
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            for &w in graph.neighbours(u) {
                if dist[w] == u32::MAX {
                    dist[w] = dist[u] + 1;
                    queue.push(w);
                }
            }
        }
        let mut within = vec![0u128; queue.len() + 1];
        for &u in &queue {
            within[dist[u] as usize] |= 1 << u;
        }
        for d in 1..within.len() {
            within[d] |= within[d - 1];
        }
        for a in 0..n {
            if dist[a] >= 2 {
                predicted[a] |= within[dist[a] as usize - 2];
            }
        }
    }
    Ok(predicted)
}

/// [`check_field`] with the prediction given per cell of `A`: `predicted[a]` has bit `b` when
/// Bob is predicted to win from `A` on the `a`-th empty cell and `B` on the `b`-th (reading
/// order), as [`criterion_matrix`] gives.
pub fn check_prediction(board: &Board, predicted: &[u128], max_states: u64) -> Result<FieldCheck, Error> {
    let cells = board.cells();
    let n = cells.len();
    let graph = board.graph()?;
    let all: u128 = if n == 128 { !0 } else { (1 << n) - 1 };
    let mut check = FieldCheck {
        placements: (n * (n - 1)) as u64,
        junction_free: predicted.iter().all(|&p| p == 0),
        ..FieldCheck::default()
    };
    let mut holds = true;
    for (a, &predicted_bob) in predicted.iter().enumerate() {
        let alice = all & !predicted_bob & !(1 << a);
        if alice != 0 {
            let starts: Vec<usize> = bits(alice).collect();
            let result = pursuit::solve(&graph, a, &starts, max_states)?;
            check.states += result.states;
            if !result.within(nimber_games::gameindarkness::MOVE_LIMIT) {
                holds = false;
                break;
            }
        }
    }
    if holds {
        let starts: Vec<(usize, u128)> =
            (0..n).flat_map(|a| bits(predicted[a]).map(move |b| (a, 1u128 << b))).collect();
        if !starts.is_empty() {
            let (survives, states) = pursuit::evader_survives_all(&graph, &starts, max_states)?;
            check.states += states;
            holds = survives;
        }
    }
    check.bob = if holds {
        predicted.to_vec()
    } else {
        check.fallback = true;
        let solved = pursuit::solve_all(&graph, max_states)?;
        check.states += solved.states;
        let mut bob = vec![0u128; n];
        for (a, lost) in bob.iter_mut().enumerate() {
            *lost = all & !solved.wins[a];
            // The original rule: Bob also wins if Alice's shortest walk is over the move limit.
            let won = solved.wins[a] & !(1 << a);
            if won != 0 {
                let starts: Vec<usize> = bits(won).collect();
                if !pursuit::solve(&graph, a, &starts, max_states)?
                    .within(nimber_games::gameindarkness::MOVE_LIMIT)
                {
                    for b in starts {
                        if !pursuit::solve(&graph, a, &[b], max_states)?
                            .within(nimber_games::gameindarkness::MOVE_LIMIT)
                        {
                            *lost |= 1 << b;
                        }
                    }
                }
            }
        }
        bob
    };
    for a in 0..n {
        check.bob_wins += u64::from(check.bob[a].count_ones());
        for b in bits(check.bob[a] ^ predicted[a]) {
            check.wrong.push((cells[a], cells[b]));
        }
    }
    Ok(check)
}

/// Calls `visit` with every tree of at least 2 cells of a `rows` x `cols` grid (`rows * cols <=
/// 64`), as a mask of cells (bit `r * cols + c`), each once; stops when `visit` returns false.
/// Returns whether it went through all of them.
pub fn grid_trees(rows: usize, cols: usize, visit: &mut dyn FnMut(u64) -> bool) -> bool {
    assert!(rows * cols <= 64, "a grid of at most 64 cells");
    let size = rows * cols;
    let neighbours: Vec<u64> = (0..size)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            let mut m = 0u64;
            if r > 0 {
                m |= 1 << (i - cols);
            }
            if r + 1 < rows {
                m |= 1 << (i + cols);
            }
            if c > 0 {
                m |= 1 << (i - 1);
            }
            if c + 1 < cols {
                m |= 1 << (i + 1);
            }
            m
        })
        .collect();
    /// Every tree containing `tree`, inside the cells not `forbidden`, extended by candidates:
    /// cells next to exactly one cell of the tree, not forbidden. `near` is the tree and its
    /// neighbours.
    fn grow(
        neighbours: &[u64],
        tree: u64,
        mut candidates: u64,
        mut forbidden: u64,
        near: u64,
        visit: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        if tree.count_ones() >= 2 && !visit(tree) {
            return false;
        }
        while candidates != 0 {
            let u = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let nu = neighbours[u];
            // Candidates next to `u` now touch two cells of the tree; the new ones touch only `u`.
            let next = (candidates & !nu) | (nu & !near & !forbidden);
            if !grow(neighbours, tree | 1 << u, next, forbidden, near | nu, visit) {
                return false;
            }
            forbidden |= 1 << u;
        }
        true
    }
    for root in 0..size {
        let below = (1u64 << root) - 1;
        let nr = neighbours[root];
        if !grow(&neighbours, 1 << root, nr & !below, below, nr | 1 << root, visit) {
            return false;
        }
    }
    true
}

/// The symmetries of a `rows` x `cols` grid (8 for a square, 4 otherwise) as permutations of
/// the cells: `map[k][i]` is the image of cell `i` under symmetry `k`, the identity first.
pub fn grid_symmetries(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut maps = Vec::new();
    for k in 0..8 {
        let transpose = k >= 4;
        if transpose && rows != cols {
            continue;
        }
        let (flip_r, flip_c) = (k & 1 == 1, k & 2 == 2);
        maps.push(
            (0..rows * cols)
                .map(|i| {
                    let (mut r, mut c) = (i / cols, i % cols);
                    if flip_r {
                        r = rows - 1 - r;
                    }
                    if flip_c {
                        c = cols - 1 - c;
                    }
                    if transpose {
                        (r, c) = (c, r);
                    }
                    r * cols + c
                })
                .collect(),
        );
    }
    maps
}

/// Whether `mask` is the least of its images under `symmetries` (the representative of its
/// class), and if so the size of its class.
pub fn canonical_class(symmetries: &[Vec<usize>], mask: u64) -> Option<usize> {
    let mut images = Vec::with_capacity(symmetries.len());
    for map in symmetries {
        let mut image = 0u64;
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            image |= 1 << map[i];
        }
        if image < mask {
            return None;
        }
        images.push(image);
    }
    images.sort_unstable();
    images.dedup();
    Some(images.len())
}

/// Calls `visit` with every tree-shaped set of exactly `cells` cells of the infinite grid, up to
/// translation and the 8 symmetries of the square (free polyominoes whose cells induce a tree),
/// each once, as a board (its bounding box, at least 2 x 2) and the size of its class (the
/// number of its distinct images up to translation); stops when `visit` returns false. Returns
/// whether it went through all of them. Redelmeier's enumeration of fixed polyominoes, kept to
/// trees (a cell joins only if it touches exactly one cell of the set), then a canonical form.
pub fn polyomino_trees(cells: usize, visit: &mut dyn FnMut(Board, usize) -> bool) -> bool {
    assert!((2..=64).contains(&cells), "2 to 64 cells");
    let n = cells;
    // Column c in -(n-1)..=(n-1) and row r in 0..n at ((r + 1) * width + c + n); a border
    // of blocked cells around. The set starts at (0, 0) and grows in rows r > 0 or r = 0, c > 0.
    let width = 2 * n + 1;
    let height = n + 2;
    let mut blocked = vec![true; width * height];
    for r in 0..n {
        for c in 1..width - 1 {
            let col = c as isize - n as isize;
            if r > 0 || col >= 0 {
                blocked[(r + 1) * width + c] = false;
            }
        }
    }
    let origin = width + n;
    struct State {
        width: usize,
        n: usize,
        seen: Vec<bool>,
        touching: Vec<u8>,
        set: Vec<usize>,
    }
    let mut state = State { width, n, seen: blocked, touching: vec![0; width * height], set: Vec::new() };
    state.seen[origin] = true;
    fn neighbours(width: usize, i: usize) -> [usize; 4] {
        [i - width, i - 1, i + 1, i + width]
    }
    fn rec(state: &mut State, mut untried: Vec<usize>, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
        while let Some(u) = untried.pop() {
            if state.touching[u] >= 2 {
                continue;
            }
            state.set.push(u);
            for w in neighbours(state.width, u) {
                state.touching[w] += 1;
            }
            let go_on = if state.set.len() == state.n {
                visit(&state.set)
            } else {
                let mut next = untried.clone();
                let mut marked = Vec::new();
                for w in neighbours(state.width, u) {
                    if !state.seen[w] {
                        state.seen[w] = true;
                        marked.push(w);
                        next.push(w);
                    }
                }
                let go_on = rec(state, next, visit);
                for w in marked {
                    state.seen[w] = false;
                }
                go_on
            };
            for w in neighbours(state.width, u) {
                state.touching[w] -= 1;
            }
            state.set.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    let mut points: Vec<(i32, i32)> = Vec::with_capacity(n);
    let mut image: Vec<(i32, i32)> = Vec::with_capacity(n);
    let mut first: Vec<(i32, i32)> = Vec::with_capacity(n);
    let mut on_set = |set: &[usize]| -> bool {
        points.clear();
        points.extend(set.iter().map(|&i| ((i / width) as i32, (i % width) as i32)));
        // The 8 images, each translated to the origin and sorted; the set is the representative
        // when its own normalised form is the least.
        let mut forms: Vec<Vec<(i32, i32)>> = Vec::with_capacity(8);
        for k in 0..8 {
            image.clear();
            image.extend(points.iter().map(|&(r, c)| {
                let (r, c) = if k & 1 == 1 { (-r, c) } else { (r, c) };
                let (r, c) = if k & 2 == 2 { (r, -c) } else { (r, c) };
                if k & 4 == 4 {
                    (c, r)
                } else {
                    (r, c)
                }
            }));
            let r0 = image.iter().map(|p| p.0).min().unwrap_or(0);
            let c0 = image.iter().map(|p| p.1).min().unwrap_or(0);
            for p in image.iter_mut() {
                *p = (p.0 - r0, p.1 - c0);
            }
            image.sort_unstable();
            if k == 0 {
                first.clone_from(&image);
            } else if image < first {
                return true;
            }
            forms.push(image.clone());
        }
        forms.sort_unstable();
        forms.dedup();
        let rows = first.iter().map(|p| p.0).max().unwrap_or(0) as usize + 1;
        let cols = first.iter().map(|p| p.1).max().unwrap_or(0) as usize + 1;
        let (rows, cols) = (rows.max(2), cols.max(2));
        let mut open = vec![false; rows * cols];
        for &(r, c) in &first {
            open[r as usize * cols + c as usize] = true;
        }
        visit(Board { rows, cols, open }, forms.len())
    };
    state.set.push(origin);
    for w in neighbours(width, origin) {
        state.touching[w] += 1;
    }
    let mut untried = Vec::new();
    for w in neighbours(width, origin) {
        if !state.seen[w] {
            state.seen[w] = true;
            untried.push(w);
        }
    }
    rec(&mut state, untried, &mut on_set)
}
