//! gameindarkness (TopCoder SRM 588, Div 1 1100): Alice chases Bob on a grid whose empty cells
//! form a tree; she cannot see him and he knows her whole plan. Does she have a winning plan?
//!
//! The fast method is the published criterion ([`criterion`]): Bob wins iff some cell `v` has at
//! least three neighbouring branches of at least 3 cells each (the neighbour and two more cells
//! away from `v`; call such a cell a *junction*) and `dist(A, v) - dist(B, v) >= 2`. Its author
//! could not prove it. Half of it is proved below (Bob wins when it says so); the other half
//! (Alice wins otherwise) is checked exhaustively on the fields listed below, not proved. The
//! exact method ([`exact`], `--exact`) is the pursuit search of [`nimber_games::gameindarkness::pursuit`]
//! over (Alice's cell, set of cells where Bob may be), the belief game that `nimber solve
//! gameindarkness` plays with the generic solvers. It finds a shortest winning plan, so it also
//! applies the original rule that Bob wins after 100,000 moves: Alice wins iff her shortest plan
//! has at most that many moves (on every field tested the plans are far shorter). It handles
//! fields of up to 128 empty cells and refuses larger ones, or a search that would exceed its
//! budget of pairs, with a message.
//!
//! # Where the criterion is checked
//!
//! [`survey::check_field`] settles every placement of `A` and `B` on a field exactly, with a few
//! searches per field (see [`survey`]); the bench `cargo bench -p nimber-problems --bench
//! gameindarkness` runs it over whole families of fields for a time budget and prints what it
//! covered. No counterexample has been found. Covered, every placement of `A` and `B` each time:
//!
//! - every tree of a 5 x 5 grid: 277,581 fields (35,184 up to the square's symmetries),
//!   44,787,288 placements, of which 2,416,696 are won by Bob;
//! - every tree-shaped field of 2 to 15 cells on any board (free polyominoes whose cells
//!   induce a tree): 16,466,487 fields up to translation (2,061,180 up to symmetry),
//!   3,281,215,956 placements, of which 184,122,116 are won by Bob (none below 10 cells: a
//!   junction needs 10);
//! - in the tests: every tree of 4 x 4 and 4 x 5 (2,364,430 placements, 35,416 won by Bob) by
//!   one exact search per placement, every tree of 3 x 4 and every tree of 3 x 6 with a junction
//!   also by retrograde analysis of the rules, and 53,000 random placements on random trees of up
//!   to 128 cells.
//!
//! The bench's times (how far an hour reaches) are in its own documentation
//! (`benches/gameindarkness.rs`). The bench also found that on every junction-free field it
//! covered (28,667 classes of the 5 x 5 board, 1,620,701 of 2 to 15 cells), Alice has from each
//! cell a single walk that catches Bob *wherever* he starts.
//!
//! # Proof that Bob wins when the criterion says so
//!
//! Number the rounds `t = 1, 2, ...`: Alice moves to `a_t`, then Bob to `b_t` (`a_0 = A`,
//! `b_0 = B`); Bob survives round `t` iff `a_t != b_(t-1)` and `a_t != b_t`. Bob knows every
//! `a_t` in advance. Let `v` be a junction with `dist(A, v) >= dist(B, v) + 2`, and `x_j1 x_j2
//! x_j3` (`j = 1, 2, 3`) paths going away from `v` into three of its branches (`x_j1` next to
//! `v`). Write `D_t = dist(a_t, v)`; in a tree `|D_(t+1) - D_t| = 1`.
//!
//! *Reaching `v`.* With `k = dist(B, v)`, Bob walks straight to `v`: `b_t` is at distance
//! `k - t` from `v` for `t <= k`, while `D_t >= dist(A, v) - t >= k + 2 - t`, larger than both
//! `k - t + 1` and `k - t`, so `a_t` is neither `b_(t-1)` nor `b_t`. At `t = k`: `b_k = v` and
//! `D_k >= 2`. Call this situation `P(s)`: `b_s = v` and `D_s >= 2`.
//!
//! *From `P(s)` to a later `P` or to survival for ever.* `D_(s+1) >= 1`, so `a_(s+1) != v`.
//! - If `D_(s+2) >= 2`: Bob steps to an `x_j1` other than `a_(s+1)` and back to `v`. Round
//!   `s + 1` is safe by the choice of `j`, round `s + 2` because `a_(s+2)` is at distance at least
//!   2 from `v` while `x_j1` and `v` are at distance 1 and 0. That is `P(s + 2)`.
//! - Otherwise `D_s = 2`, `D_(s+1) = 1`, `D_(s+2) = 0` (parity: `D_(s+2) = D_s mod 2`): Alice
//!   comes to `v`. Let `t* > s + 2` be the first round with `D_(t*) >= 2`, if any; until then
//!   `D_t` is 0 when `t - s` is even and 1 when it is odd, and `t* - s` is even. Bob picks a
//!   branch `j` whose `x_j1` is neither `y = a_(s+1)` nor `w = a_(t*-1)` (two exclusions at most:
//!   this is where the three branches are needed) and plays `b_(s+1) = x_j1`, then `x_j2` on
//!   the rounds with `t - s` even and `x_j3` on the odd ones (this is where the branches need 3
//!   cells), then `b_(t*-1) = x_j1` and `b_(t*) = v`. Check: on even rounds `a_t = v`, not on
//!   the branch; on odd rounds `a_t` is next to `v`, at distance 1, while `x_j2` and `x_j3` are
//!   at distance 2 and 3; round `s + 1` is safe as `x_j1 != y`, round `t* - 1` as `x_j1 != w`
//!   and `x_j2` is at distance 2, round `t*` as `a_(t*)` is at distance 2 from `v`, and `x_j1`,
//!   `v` at 1 and 0. That is `P(t*)`; without `t*`, Bob stays in branch `j` for ever, safely.
//!
//! So Bob survives for ever (past any move limit). Alice's cell may be anywhere in the tree,
//! inside the three branches too: only distances to `v` were used.
//!
//! # Where the proof that Alice wins otherwise fails
//!
//! Suppose every junction `v` has `dist(A, v) - dist(B, v) <= 1`. Alice must be given a walk.
//!
//! 1. *Structure (proved).* In a tree without a junction, let `p_0 ... p_l` be a longest path.
//!    A side branch at `p_i` (one that contains neither `p_(i-1)` nor `p_(i+1)`) has at most
//!    `min(i, l - i)` cells along any path away from `p_i` (else the path would not be longest)
//!    and, when `3 <= i <= l - 3`, at most 2 (else `p_i` would be a junction). So every cell is
//!    within distance 2 of the path: the tree is a spine with legs of at most 2 cells.
//! 2. *Junction-free trees (not proved).* What is needed is a sweep: a walk along the spine
//!    that visits the legs so that Bob's possible cells, all of one colour class relative to
//!    Alice's, never get back behind her. A leg of 2 cells costs 4 moves (down and back), during
//!    which Bob's cells on the far side of its spine cell can cross it; with legs of 2 cells at
//!    neighbouring spine cells the detours interact, and no invariant was found that survives
//!    them for every arrangement of legs. The exhaustive data (the blind sweeps above) suggests
//!    the stronger statement to prove: from every cell of a junction-free tree Alice has one walk
//!    that empties the set of all Bob's possible cells.
//! 3. *Trees with junctions (not proved).* Alice would first have to keep Bob from ever reaching
//!    a junction two steps ahead of her, and then sweep the rest as in step 2. When junctions lie
//!    in different directions from Bob, Bob's possible cells split towards several of them, and
//!    no argument was found that one walk can shadow all of them and then finish the sweep.
//!
//! As no counterexample exists on the covered fields, the criterion stays the default answer;
//! its "Bob wins" answers are proved, and its "Alice wins" answers rest on the exhaustive check
//! above (`--exact` decides any field of up to 128 cells).

use nimber_games::gameindarkness::pursuit::{self, Pursuit, PursuitGraph, DEFAULT_MAX_STATES, MAX_VERTICES};

use crate::input::{string_array, Literal};
use crate::{InputError, Options, Problem};

pub mod survey;

/// The problem's entry for the registry.
pub const PROBLEM: Problem = Problem {
    name: "gameindarkness",
    summary: "TopCoder SRM 588 Div1 1100: can a blind pursuer catch an evader on a tree-shaped grid?",
    solve,
};

/// The smallest and largest side of a field.
pub const MIN_SIDE: usize = 2;
/// See [`MIN_SIDE`].
pub const MAX_SIDE: usize = 50;

/// A field whose empty cells form a tree, with one `A` and one `B`. Cells are stored with a
/// border of walls: cell (r, c) (0-based) is index `(r + 1) * stride + c + 1`, so the neighbours
/// of `i` are `i ± 1` and `i ± stride` without bounds checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    stride: usize,
    /// Per padded cell: whether it is empty.
    open: Vec<bool>,
    /// Alice's and Bob's cells (padded indices).
    alice: usize,
    bob: usize,
    /// Number of empty cells.
    cells: usize,
}

impl Field {
    /// Whether (row, column), 0-based, is an empty cell.
    pub fn is_open(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.open[(row + 1) * self.stride + col + 1]
    }

    /// Number of empty cells (`A` and `B` included).
    pub fn cells(&self) -> usize {
        self.cells
    }

    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }
}

/// Reads the input and answers `Alice wins` or `Bob wins`.
pub fn solve(input: &str, options: &Options) -> Result<String, InputError> {
    let field = parse(input)?;
    let bob_wins = if options.exact {
        let result = exact(&field, DEFAULT_MAX_STATES)?;
        !result.within(nimber_games::gameindarkness::MOVE_LIMIT)
    } else {
        criterion(&field)
    };
    Ok(if bob_wins { "Bob wins" } else { "Alice wins" }.to_string())
}

/// A row of the input: its text and where its first cell is.
struct Row<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// Splits the input into rows: one per line, or the literal form `{"A.B..", "##.##"}`.
fn rows(input: &str) -> Result<Vec<Row<'_>>, InputError> {
    let first = input.trim_start().chars().next();
    if matches!(first, Some('{' | '"')) {
        return literal_rows(input);
    }
    let mut rows = Vec::new();
    for (l, line) in input.lines().enumerate() {
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if rows.len() == MAX_SIDE {
            return Err(InputError::at_line(
                l + 1,
                format!("more than {MAX_SIDE} rows: a field has {MIN_SIDE} to {MAX_SIDE}"),
            ));
        }
        let column = line[..line.len() - line.trim_start().len()].chars().count() + 1;
        rows.push(Row { text, line: l + 1, column });
    }
    Ok(rows)
}

/// The rows of the literal form: quoted strings separated by commas, in optional braces.
fn literal_rows(input: &str) -> Result<Vec<Row<'_>>, InputError> {
    let too_many = format!("more than {MAX_SIDE} rows: a field has {MIN_SIDE} to {MAX_SIDE}");
    let literal = Literal { item: "row", whole: "the field", max: MAX_SIDE, too_many: &too_many };
    Ok(string_array(input, &literal)?
        .into_iter()
        .map(|q| Row { text: q.text, line: q.line, column: q.column })
        .collect())
}

/// Reads and checks a field: 2 to 50 rows of 2 to 50 cells `A`, `B`, `.` or `#`, one `A` and one
/// `B`, and empty cells forming a tree (connected, no cycle).
pub fn parse(input: &str) -> Result<Field, InputError> {
    let rows = rows(input)?;
    let Some(first) = rows.first() else {
        return Err(InputError::whole(format!(
            "empty input: expected the rows of the field ({MIN_SIDE} to {MAX_SIDE} rows of {MIN_SIDE} to {MAX_SIDE} cells `A`, `B`, `.` or `#`)"
        )));
    };
    if rows.len() < MIN_SIDE {
        return Err(InputError::at_line(
            first.line,
            format!("only one row: a field has {MIN_SIDE} to {MAX_SIDE} rows"),
        ));
    }
    let cols = first.text.chars().count().min(MAX_SIDE + 1);
    let stride = cols.min(MAX_SIDE) + 2;
    let mut open = vec![false; (rows.len() + 2) * stride];
    // Where each row starts in the input, for messages: (line, column of its first cell).
    let place = |i: usize| -> (usize, usize) {
        let row = &rows[i / stride - 1];
        (row.line, row.column + i % stride - 1)
    };
    let (mut alice, mut bob) = (None, None);
    let mut cells = 0;
    for (r, row) in rows.iter().enumerate() {
        let mut n = 0;
        for (c, ch) in row.text.chars().enumerate() {
            if c == MAX_SIDE {
                return Err(InputError::at(
                    row.line,
                    row.column + c,
                    format!("more than {MAX_SIDE} cells in this row"),
                ));
            }
            if c == cols {
                return Err(InputError::at(
                    row.line,
                    row.column + c,
                    format!(
                        "row {} is longer than row 1 ({cols} cells): all rows have the same length",
                        r + 1
                    ),
                ));
            }
            let i = (r + 1) * stride + c + 1;
            let slot = match ch {
                '#' => None,
                '.' => Some(None),
                'A' => Some(Some(&mut alice)),
                'B' => Some(Some(&mut bob)),
                _ => {
                    return Err(InputError::at(
                        row.line,
                        row.column + c,
                        format!("`{ch}` is not a cell: use `A`, `B`, `.` or `#`"),
                    ))
                }
            };
            if let Some(token) = slot {
                open[i] = true;
                cells += 1;
                if let Some(token) = token {
                    if let Some(previous) = *token {
                        let (l, k) = place(previous);
                        return Err(InputError::at(
                            row.line,
                            row.column + c,
                            format!("a second `{ch}` (the first is at line {l}, column {k}): the field has one `A` and one `B`"),
                        ));
                    }
                    *token = Some(i);
                }
            }
            n += 1;
        }
        if n < MIN_SIDE {
            return Err(InputError::at_line(
                row.line,
                format!("{n} cell in this row: rows have {MIN_SIDE} to {MAX_SIDE} cells"),
            ));
        }
        if n != cols {
            return Err(InputError::at_line(
                row.line,
                format!("row {} has {n} cells but row 1 has {cols}: all rows have the same length", r + 1),
            ));
        }
    }
    let (Some(alice), Some(bob)) = (alice, bob) else {
        let missing = if alice.is_none() { "A" } else { "B" };
        let last = rows.last().map_or(first.line, |r| r.line);
        return Err(InputError::at_line(
            last,
            format!(
                "the field (lines {}-{last}) has no `{missing}`: it needs one `A` and one `B`",
                first.line
            ),
        ));
    };
    let field = Field { rows: rows.len(), cols, stride, open, alice, bob, cells };
    check_tree(&field, &place)?;
    Ok(field)
}

/// Checks that the empty cells form a tree: every one reachable from `A`, and no cycle.
fn check_tree(field: &Field, place: &dyn Fn(usize) -> (usize, usize)) -> Result<(), InputError> {
    let size = field.open.len();
    const NONE: u32 = u32::MAX;
    let mut parent = vec![NONE; size];
    let mut depth = vec![0u32; size];
    let mut order = Vec::with_capacity(field.cells);
    parent[field.alice] = field.alice as u32;
    order.push(field.alice);
    let mut extra_edge = None;
    let mut head = 0;
    while head < order.len() {
        let u = order[head];
        head += 1;
        for w in field.neighbours(u) {
            if !field.open[w] {
                continue;
            }
            if parent[w] == NONE {
                parent[w] = u as u32;
                depth[w] = depth[u] + 1;
                order.push(w);
            } else if parent[u] != w as u32 && extra_edge.is_none() {
                extra_edge = Some((u, w));
            }
        }
    }
    if order.len() < field.cells {
        let i = (0..size).find(|&i| field.open[i] && parent[i] == NONE).expect("an unreached cell");
        let (line, column) = place(i);
        return Err(InputError::at(
            line,
            column,
            "this empty cell is not connected to `A`: the empty cells must form a tree (connected, without cycles)",
        ));
    }
    if let Some((mut u, mut w)) = extra_edge {
        // The edge u-w closes a cycle with the tree paths to their common ancestor: name its
        // first cell in reading order.
        let mut first = u.min(w);
        while u != w {
            if depth[u] >= depth[w] {
                u = parent[u] as usize;
            } else {
                w = parent[w] as usize;
            }
            first = first.min(u).min(w);
        }
        let (line, column) = place(first);
        return Err(InputError::at(
            line,
            column,
            "the empty cells have a cycle through this cell: they must form a tree (connected, without cycles)",
        ));
    }
    Ok(())
}

/// Breadth-first distances from `from` over the empty cells (the field is a tree), with the
/// order of discovery and each cell's parent.
fn bfs(field: &Field, from: usize) -> (Vec<u16>, Vec<u16>, Vec<u16>) {
    let size = field.open.len();
    let mut dist = vec![u16::MAX; size];
    let mut parent = vec![0u16; size];
    let mut order = Vec::with_capacity(field.cells);
    dist[from] = 0;
    parent[from] = from as u16;
    order.push(from as u16);
    let mut head = 0;
    while head < order.len() {
        let u = order[head] as usize;
        head += 1;
        for w in field.neighbours(u) {
            if field.open[w] && dist[w] == u16::MAX {
                dist[w] = dist[u] + 1;
                parent[w] = u as u16;
                order.push(w as u16);
            }
        }
    }
    (dist, parent, order)
}

/// The published criterion: whether Bob wins. Bob wins iff some cell `v` has at least three
/// neighbouring branches of at least 3 cells (a path of 3 cells starting at the neighbour and
/// going away from `v`) and `dist(A, v) - dist(B, v) >= 2`. Linear time: distances by two
/// breadth-first searches, branch depths (capped at 3) by rerooting the tree at each cell.
pub fn criterion(field: &Field) -> bool {
    let (dist_a, parent, order) = bfs(field, field.alice);
    let (dist_b, _, _) = bfs(field, field.bob);
    let size = field.open.len();
    // down[v]: cells on the longest path from v down its subtree (rooted at A), capped at 3.
    // best[v], second[v]: the two largest `down` among v's children; long[v]: how many
    // children have down >= 3.
    let mut down = vec![0u8; size];
    let mut best = vec![0u8; size];
    let mut second = vec![0u8; size];
    let mut long = vec![0u8; size];
    for &v in order.iter().skip(1).rev() {
        let v = v as usize;
        let d = (best[v] + 1).min(3);
        down[v] = d;
        let p = parent[v] as usize;
        if d > best[p] {
            second[p] = best[p];
            best[p] = d;
        } else if d > second[p] {
            second[p] = d;
        }
        long[p] += u8::from(d >= 3);
    }
    // up[v]: cells on the longest path from v's parent away from v, capped at 3.
    let mut up = vec![0u8; size];
    for &v in order.iter().skip(1) {
        let v = v as usize;
        let p = parent[v] as usize;
        let sibling = if down[v] == best[p] { second[p] } else { best[p] };
        up[v] = (up[p].max(sibling) + 1).min(3);
        let branches = long[v] + u8::from(up[v] >= 3);
        if branches >= 3 && dist_a[v] >= dist_b[v] + 2 {
            return true;
        }
    }
    false
}

/// The exact answer by the pursuit search over (Alice's cell, set of cells where Bob may be),
/// exploring at most `max_states` pairs. Refuses fields of more than 128 empty cells, and
/// reports a search that reaches its budget.
pub fn exact(field: &Field, max_states: u64) -> Result<Pursuit, InputError> {
    if field.cells > MAX_VERTICES {
        return Err(InputError::whole(format!(
            "--exact searches the sets of cells where Bob may be and handles fields of at most \
             {MAX_VERTICES} empty cells; this one has {} (without --exact the published criterion answers)",
            field.cells
        )));
    }
    let mut number = vec![usize::MAX; field.open.len()];
    let mut n = 0;
    for (i, &open) in field.open.iter().enumerate() {
        if open {
            number[i] = n;
            n += 1;
        }
    }
    let mut edges = Vec::with_capacity(n);
    for (i, &open) in field.open.iter().enumerate() {
        if open {
            for w in [i + 1, i + field.stride] {
                if field.open[w] {
                    edges.push((number[i], number[w]));
                }
            }
        }
    }
    let graph = PursuitGraph::new(n, &edges).map_err(|e| InputError::whole(format!("--exact: {e}")))?;
    let result =
        pursuit::solve(&graph, number[field.alice], &[number[field.bob]], max_states).map_err(|e| {
            InputError::whole(format!("--exact: {e} (without --exact the published criterion answers)"))
        })?;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> String {
        solve(input, &Options::default()).unwrap()
    }

    fn error(input: &str) -> InputError {
        solve(input, &Options::default()).unwrap_err()
    }

    #[test]
    fn both_forms_of_input() {
        assert_eq!(answer("A.B..\n##.##\n##.##\n"), "Alice wins");
        assert_eq!(answer("{\"A.B..\", \"##.##\", \"##.##\"}"), "Alice wins");
        assert_eq!(answer("  {\"A.B..\",\n \".#.#.\",\n \"#..##\"}\n"), "Bob wins");
        assert_eq!(answer("\"A.B..\", \".#.#.\", \"#..##\""), "Bob wins");
        assert_eq!(answer("\r\n  A.B..\r\n.#.#.\r\n\r\n#..##  \r\n"), "Bob wins");
    }

    #[test]
    fn errors_name_the_place() {
        let e = error("");
        assert_eq!((e.line, e.column), (None, None));
        assert_eq!(error("A.B").line, Some(1));
        let e = error("A.B..\n##.#\n##.##");
        assert_eq!((e.line, e.column), (Some(2), None), "{e}");
        let e = error("A.B..\n##.###\n##.##");
        assert_eq!((e.line, e.column), (Some(2), Some(6)), "{e}");
        let e = error("A.B..\n##x##\n##.##");
        assert_eq!((e.line, e.column), (Some(2), Some(3)), "{e}");
        let e = error("A.B.A\n##.##\n##.##");
        assert_eq!((e.line, e.column), (Some(1), Some(5)), "{e}");
        assert!(e.message.contains("line 1, column 1"), "{e}");
        let e = error("A....\n##.##\n##.##");
        assert!(e.message.contains("no `B`"), "{e}");
        let e = error("..B..\n##.##\n##.##");
        assert!(e.message.contains("no `A`"), "{e}");
        // Not connected: the `.` at line 3, column 5.
        let e = error("A.B..\n##.##\n##.#.");
        assert_eq!((e.line, e.column), (Some(3), Some(5)), "{e}");
        assert!(e.message.contains("not connected"), "{e}");
        // A 2 x 2 block of empty cells is a cycle; its first cell is line 3, column 2.
        let e = error("A.B..\n##.##\n#..##\n#..##");
        assert_eq!((e.line, e.column), (Some(3), Some(2)), "{e}");
        assert!(e.message.contains("cycle"), "{e}");
        // A longer cycle, named by its first cell in reading order.
        let e = error("A...B\n#.#.#\n#...#");
        assert_eq!((e.line, e.column), (Some(1), Some(2)), "{e}");
        let e = error("{\"A.B..\", \"##.##\"");
        assert!(e.message.contains("closing"), "{e}");
        let e = error("{\"A.B..\", \"##.##}");
        assert_eq!((e.line, e.column), (Some(1), Some(11)), "{e}");
        let e = error("{\"A.B..\", \"##.##\"} x");
        assert_eq!((e.line, e.column), (Some(1), Some(20)), "{e}");
        let e = error("{\"A.B..\"; \"##.##\"}");
        assert_eq!((e.line, e.column), (Some(1), Some(9)), "{e}");
        let e = error("{\"A.B..\", \"##.x#\"}");
        assert_eq!((e.line, e.column), (Some(1), Some(15)), "{e}");
        let e = error(&format!("A{}B\n{}", ".".repeat(49), "#".repeat(51)));
        assert_eq!((e.line, e.column), (Some(1), Some(51)), "{e}");
        let many: String = (0..51).map(|i| if i == 0 { "AB\n" } else { "##\n" }).collect();
        assert_eq!(error(&many).line, Some(51));
        assert_eq!(error("{}").line, Some(1));
        assert_eq!(error("{\"AB\"}").line, Some(1));
    }

    #[test]
    fn exact_refuses_big_fields() {
        let sample5 = include_str!("../tests/data/gameindarkness/5.in");
        let e = solve(sample5, &Options { exact: true }).unwrap_err();
        assert!(e.message.contains("at most 128 empty cells"), "{e}");
        assert_eq!(answer(sample5), "Bob wins");
        let field = parse("A.B..\n.#.#.\n#..##").unwrap();
        let e = exact(&field, 3).unwrap_err();
        assert!(e.message.contains("budget"), "{e}");
        assert!(!exact(&field, DEFAULT_MAX_STATES).unwrap().pursuer_wins);
    }
}
