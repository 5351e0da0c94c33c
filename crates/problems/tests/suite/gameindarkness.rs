//! gameindarkness: the published criterion against the exact pursuit search on every
//! tree-shaped field of a 4 x 4 and of a 4 x 5 grid (every placement of `A` and `B`), on
//! thousands of random trees, and against retrograde analysis of the game's rules
//! (`nimber_games::gameindarkness`) on every tree of a 3 x 4 grid; the official examples with
//! both methods; and the reader against random, truncated and mutated inputs.

use std::collections::HashSet;
use std::fs;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::{Game, Silent, Value};
use nimber_games::gameindarkness::pursuit::{self, PursuitGraph, DEFAULT_MAX_STATES};
use nimber_games::gameindarkness::GameInDarkness;
use nimber_problems::gameindarkness::survey::{
    canonical_class, check_field, check_prediction, criterion_matrix, grid_symmetries, grid_trees,
    polyomino_trees, Board,
};
use nimber_problems::gameindarkness::{criterion, exact, parse, solve};
use nimber_problems::{InputError, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const FAST: Options = Options { exact: false };
const EXACT: Options = Options { exact: true };

/// The four grid neighbours of cell `i` of a `rows` x `cols` grid.
fn grid_neighbours(rows: usize, cols: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / cols, i % cols);
    [
        (r > 0).then(|| i - cols),
        (r + 1 < rows).then(|| i + cols),
        (c > 0).then(|| i - 1),
        (c + 1 < cols).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether the cells of `mask` (bit `r * cols + c`) induce a tree in the 4-adjacency graph:
/// connected, with one edge fewer than cells.
fn is_tree(rows: usize, cols: usize, mask: u64) -> bool {
    let n = mask.count_ones() as usize;
    let open = |i: usize| mask >> i & 1 == 1;
    let edges: usize = (0..rows * cols)
        .filter(|&i| open(i))
        .map(|i| grid_neighbours(rows, cols, i).filter(|&j| j > i && open(j)).count())
        .sum();
    if n == 0 || edges + 1 != n {
        return false;
    }
    let mut seen = 1u64 << mask.trailing_zeros();
    let mut stack = vec![mask.trailing_zeros() as usize];
    while let Some(i) = stack.pop() {
        for j in grid_neighbours(rows, cols, i) {
            if open(j) && seen >> j & 1 == 0 {
                seen |= 1 << j;
                stack.push(j);
            }
        }
    }
    seen == mask
}

/// Every tree (of at least 2 cells) of a `rows` x `cols` grid, as cell masks.
fn all_trees(rows: usize, cols: usize) -> Vec<u64> {
    (1..1u64 << (rows * cols)).filter(|&m| m.count_ones() >= 2 && is_tree(rows, cols, m)).collect()
}

/// The field as input text, one row per line.
fn field_text(rows: usize, cols: usize, open: &[bool], a: usize, b: usize) -> String {
    let mut s = String::with_capacity(rows * (cols + 1));
    for (i, &open) in open.iter().enumerate().take(rows * cols) {
        s.push(match i {
            _ if i == a => 'A',
            _ if i == b => 'B',
            _ if open => '.',
            _ => '#',
        });
        if i % cols == cols - 1 {
            s.push('\n');
        }
    }
    s
}

/// A tree of a grid, with what the tests need: the pursuit graph of its cells (numbered in
/// reading order), distances between cells, and the branches at every cell.
struct Tree {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
    /// Grid index of each vertex.
    cells: Vec<usize>,
    graph: PursuitGraph,
    /// dist[u][v] between vertices.
    dist: Vec<Vec<usize>>,
    /// Per vertex: its branches as (number of cells on the longest path away from the vertex,
    /// the vertices of the branch).
    branches: Vec<Vec<(usize, Vec<bool>)>>,
}

impl Tree {
    fn new(rows: usize, cols: usize, open: Vec<bool>) -> Tree {
        let cells: Vec<usize> = (0..rows * cols).filter(|&i| open[i]).collect();
        let mut vertex = vec![usize::MAX; rows * cols];
        for (v, &i) in cells.iter().enumerate() {
            vertex[i] = v;
        }
        let n = cells.len();
        let adj: Vec<Vec<usize>> = cells
            .iter()
            .map(|&i| grid_neighbours(rows, cols, i).filter(|&j| open[j]).map(|j| vertex[j]).collect())
            .collect();
        let edges: Vec<(usize, usize)> =
            (0..n).flat_map(|u| adj[u].iter().filter(move |&&w| w > u).map(move |&w| (u, w))).collect();
        let graph = PursuitGraph::new(n, &edges).unwrap();
        // Breadth-first search from `from`, not entering `blocked`: distances (MAX if unreached).
        let bfs = |from: usize, blocked: usize| {
            let mut d = vec![usize::MAX; n];
            d[from] = 0;
            let mut queue = vec![from];
            let mut head = 0;
            while head < queue.len() {
                let u = queue[head];
                head += 1;
                for &w in &adj[u] {
                    if w != blocked && d[w] == usize::MAX {
                        d[w] = d[u] + 1;
                        queue.push(w);
                    }
                }
            }
            d
        };
        let dist: Vec<Vec<usize>> = (0..n).map(|u| bfs(u, usize::MAX)).collect();
        let branches = (0..n)
            .map(|v| {
                adj[v]
                    .iter()
                    .map(|&u| {
                        let d = bfs(u, v);
                        let cells = d.iter().filter(|&&x| x != usize::MAX).max().unwrap() + 1;
                        (cells, d.iter().map(|&x| x != usize::MAX).collect())
                    })
                    .collect()
            })
            .collect();
        Tree { rows, cols, open, cells, graph, dist, branches }
    }

    fn text(&self, a: usize, b: usize) -> String {
        field_text(self.rows, self.cols, &self.open, self.cells[a], self.cells[b])
    }

    /// Bob wins by the exact search.
    fn exact_bob_wins(&self, a: usize, b: usize) -> bool {
        let result = pursuit::solve(&self.graph, a, &[b], DEFAULT_MAX_STATES).unwrap();
        if result.pursuer_wins {
            assert!(result.within(nimber_games::gameindarkness::MOVE_LIMIT));
            assert_eq!(pursuit::replay(&self.graph, &result.walk, &[b]).unwrap(), result.moves());
        }
        !result.pursuer_wins
    }

    /// A variant of the criterion, written plainly: Bob wins iff some vertex `v` has at least
    /// `branches` branches of at least `cells` cells (not counting the one holding `A` unless
    /// `alice_branch`), and dist(A, v) - dist(B, v) >= `diff`.
    fn variant(&self, a: usize, b: usize, v: &Variant) -> bool {
        (0..self.cells.len()).any(|x| {
            let long = self.branches[x]
                .iter()
                .filter(|(cells, members)| *cells >= v.cells && (v.alice_branch || !members[a]))
                .count();
            long >= v.branches && self.dist[a][x] >= self.dist[b][x] + v.diff
        })
    }
}

/// A variant of the criterion (see [`Tree::variant`]).
struct Variant {
    name: &'static str,
    cells: usize,
    branches: usize,
    diff: usize,
    alice_branch: bool,
}

/// The published criterion and its near misses: each near miss must be refuted by the exhaustive
/// check, which shows that the check can tell them apart.
const VARIANTS: [Variant; 7] = [
    Variant { name: "published", cells: 3, branches: 3, diff: 2, alice_branch: true },
    Variant { name: "distance difference >= 1", cells: 3, branches: 3, diff: 1, alice_branch: true },
    Variant { name: "distance difference >= 3", cells: 3, branches: 3, diff: 3, alice_branch: true },
    Variant { name: "branches of >= 2 cells", cells: 2, branches: 3, diff: 2, alice_branch: true },
    Variant { name: "branches of >= 4 cells", cells: 4, branches: 3, diff: 2, alice_branch: true },
    Variant { name: "two long branches", cells: 3, branches: 2, diff: 2, alice_branch: true },
    Variant { name: "A's branch not counted", cells: 3, branches: 3, diff: 2, alice_branch: false },
];

/// Fields where the published criterion disagrees with the exact search. None found: the
/// criterion held on every field checked here.
const COUNTEREXAMPLES: &[&str] = &[];

/// Totals of an exhaustive check.
#[derive(Default, Debug)]
struct Tally {
    trees: usize,
    placements: u64,
    bob_wins: u64,
    wrong: Vec<String>,
    /// Per variant: placements where it disagrees with the exact search.
    refuted: [u64; VARIANTS.len()],
}

/// Checks the criterion (the library's, and the plain variants) against the exact search on every
/// placement of A and B on every tree of a `rows` x `cols` grid, on all cores.
fn exhaustive(rows: usize, cols: usize) -> Tally {
    let trees = all_trees(rows, cols);
    let total = Mutex::new(Tally { trees: trees.len(), ..Tally::default() });
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    std::thread::scope(|s| {
        for t in 0..threads {
            let (trees, total) = (&trees, &total);
            s.spawn(move || {
                let mut tally = Tally::default();
                for &mask in trees.iter().skip(t).step_by(threads) {
                    let tree = Tree::new(rows, cols, (0..rows * cols).map(|i| mask >> i & 1 == 1).collect());
                    let n = tree.cells.len();
                    for a in 0..n {
                        for b in (0..n).filter(|&b| b != a) {
                            let text = tree.text(a, b);
                            let truth = tree.exact_bob_wins(a, b);
                            let fast = criterion(&parse(&text).unwrap());
                            tally.placements += 1;
                            tally.bob_wins += u64::from(truth);
                            // The library's linear-time criterion is the plain published one.
                            assert_eq!(fast, tree.variant(a, b, &VARIANTS[0]), "{text}");
                            for (k, v) in VARIANTS.iter().enumerate() {
                                tally.refuted[k] += u64::from(tree.variant(a, b, v) != truth);
                            }
                            if fast != truth {
                                tally.wrong.push(text);
                            }
                        }
                    }
                }
                let mut total = total.lock().unwrap();
                total.placements += tally.placements;
                total.bob_wins += tally.bob_wins;
                total.wrong.extend(tally.wrong);
                for k in 0..VARIANTS.len() {
                    total.refuted[k] += tally.refuted[k];
                }
            });
        }
    });
    let tally = total.into_inner().unwrap();
    eprintln!(
        "gameindarkness: {} trees of a {rows} x {cols} grid, {} placements of A and B ({} won by Bob): the criterion \
         agrees with the exact search on {}",
        tally.trees,
        tally.placements,
        tally.bob_wins,
        tally.placements - tally.wrong.len() as u64
    );
    for (v, refuted) in VARIANTS.iter().zip(tally.refuted) {
        eprintln!("    variant `{}`: wrong on {refuted}", v.name);
    }
    for text in &tally.wrong {
        assert!(COUNTEREXAMPLES.contains(&text.as_str()), "the criterion is wrong on\n{text}");
    }
    tally
}

#[test]
fn criterion_matches_the_exact_search_on_every_4x4_tree() {
    // No tree of a 4 x 4 grid lets Bob escape: none has a cell with three branches of 3 cells
    // that is 2 steps closer to Bob. So the 4 x 4 check tests only the "Alice wins" side; the
    // 4 x 5 check below has both.
    let tally = exhaustive(4, 4);
    assert_eq!(tally.trees, 3552);
    assert_eq!(tally.placements, 216_304);
    assert_eq!(tally.bob_wins, 0);
    assert!(tally.wrong.is_empty());
}

#[test]
fn criterion_matches_the_exact_search_on_every_4x5_tree() {
    let tally = exhaustive(4, 5);
    assert_eq!(tally.trees, 23_666);
    assert_eq!(tally.placements, 2_364_430);
    assert_eq!(tally.bob_wins, 35_416);
    assert!(tally.wrong.is_empty());
    assert_eq!(tally.refuted[0], 0);
    for (v, refuted) in VARIANTS.iter().zip(tally.refuted).skip(1) {
        assert!(refuted > 0, "variant `{}` is not told apart from the published criterion", v.name);
    }
}

#[test]
fn survey_check_matches_the_exact_search_on_every_4x4_tree() {
    // The survey's field check (one search per cell of A and one closure search when the
    // prediction holds) against one exact search per placement; and with the prediction
    // negated, so that every field takes the full solve of all placements at once.
    let (mut trees, mut placements, mut fallbacks) = (0, 0u64, 0);
    for mask in all_trees(4, 4) {
        let tree = Tree::new(4, 4, (0..16).map(|i| mask >> i & 1 == 1).collect());
        let board = Board::from_mask(4, 4, mask);
        let check = check_field(&board, criterion, DEFAULT_MAX_STATES).unwrap();
        let negated = check_field(&board, |f| !criterion(f), DEFAULT_MAX_STATES).unwrap();
        assert!(!check.fallback && check.wrong.is_empty());
        assert!(negated.fallback);
        assert_eq!(negated.wrong.len() as u64, negated.placements);
        let n = tree.cells.len();
        for a in 0..n {
            for b in (0..n).filter(|&b| b != a) {
                let truth = tree.exact_bob_wins(a, b);
                assert_eq!(check.bob[a] >> b & 1 == 1, truth, "{}", tree.text(a, b));
                assert_eq!(negated.bob[a] >> b & 1 == 1, truth, "{}", tree.text(a, b));
                placements += 1;
            }
        }
        assert_eq!(check.placements, (n * (n - 1)) as u64);
        trees += 1;
        fallbacks += usize::from(negated.fallback);
    }
    eprintln!(
        "gameindarkness survey: {trees} trees of 4 x 4, {placements} placements: field check = full solve = \
         exact search per placement"
    );
    assert_eq!((trees, placements, fallbacks), (3552, 216_304, 3552));
}

#[test]
fn survey_of_every_4x5_tree_by_symmetry_classes() {
    // One field per class of the rectangle's 4 symmetries, weighted by the class size: the same
    // totals as the per-placement check above. With the prediction negated, the full solve of
    // every field agrees with the check (which the exhaustive 4 x 5 test ties to the exact search).
    let symmetries = grid_symmetries(4, 5);
    let (mut classes, mut fields, mut placements, mut bob) = (0, 0, 0, 0);
    assert!(grid_trees(4, 5, &mut |mask| {
        let Some(class) = canonical_class(&symmetries, mask) else { return true };
        let board = Board::from_mask(4, 5, mask);
        let check = check_field(&board, criterion, DEFAULT_MAX_STATES).unwrap();
        assert!(check.wrong.is_empty(), "{:?}", check.wrong);
        let negated = check_field(&board, |f| !criterion(f), DEFAULT_MAX_STATES).unwrap();
        assert_eq!(negated.bob, check.bob);
        // The criterion per field is the library's, placement by placement.
        let cells = board.cells();
        let matrix = criterion_matrix(&board).unwrap();
        for (a, &ca) in cells.iter().enumerate() {
            for (b, &cb) in cells.iter().enumerate().filter(|&(b, _)| b != a) {
                assert_eq!(
                    matrix[a] >> b & 1 == 1,
                    criterion(&board.field(ca, cb)),
                    "{}",
                    board.text(ca, cb)
                );
            }
        }
        assert_eq!(check_prediction(&board, &matrix, DEFAULT_MAX_STATES).unwrap(), check);
        classes += 1;
        fields += class;
        placements += class as u64 * check.placements;
        bob += class as u64 * check.bob_wins;
        true
    }));
    eprintln!("gameindarkness survey: 4 x 5: {classes} classes, {fields} trees, {placements} placements, {bob} won by Bob");
    assert_eq!((fields, placements, bob), (23_666, 2_364_430, 35_416));
    assert!(classes * 4 >= fields && classes < fields / 3, "{classes}");
}

/// A set of cells translated to the origin and sorted.
fn normalised(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|p| p.0).min().unwrap();
    let c0 = cells.iter().map(|p| p.1).min().unwrap();
    let mut out: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    out.sort_unstable();
    out
}

/// The least of the 8 images of a set of cells under the square's symmetries.
fn free_form(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    (0..8)
        .map(|k| {
            let image: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = (if k & 1 == 1 { -r } else { r }, if k & 2 == 2 { -c } else { c });
                    if k & 4 == 4 {
                        (c, r)
                    } else {
                        (r, c)
                    }
                })
                .collect();
            normalised(&image)
        })
        .min()
        .unwrap()
}

#[test]
fn tree_enumerations_match_brute_force() {
    // Trees of a grid: the same masks as the brute-force filter, and the classes of symmetric
    // trees add up to all of them.
    for (rows, cols) in [(2, 2), (3, 3), (3, 4), (4, 4), (4, 5)] {
        let mut found = Vec::new();
        assert!(grid_trees(rows, cols, &mut |m| {
            found.push(m);
            true
        }));
        found.sort_unstable();
        assert_eq!(found, all_trees(rows, cols), "{rows} x {cols}");
        let symmetries = grid_symmetries(rows, cols);
        assert_eq!(symmetries.len(), if rows == cols { 8 } else { 4 });
        let total: usize = found.iter().filter_map(|&m| canonical_class(&symmetries, m)).sum();
        assert_eq!(total, found.len());
    }
    // Tree-shaped fields of n cells on any board: grown from the trees of n - 1 cells by adding
    // a cell that touches exactly one of them (every tree loses a leaf and stays a tree).
    let mut fixed: HashSet<Vec<(i32, i32)>> = HashSet::from([vec![(0, 0)]]);
    let mut counts = Vec::new();
    for n in 2..=9 {
        let mut next = HashSet::new();
        for set in &fixed {
            for &(r, c) in set {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let cell = (r + dr, c + dc);
                    let touching =
                        set.iter().filter(|&&(a, b)| (a - cell.0).abs() + (b - cell.1).abs() == 1).count();
                    if !set.contains(&cell) && touching == 1 {
                        let mut grown = set.clone();
                        grown.push(cell);
                        next.insert(normalised(&grown));
                    }
                }
            }
        }
        fixed = next;
        let free: HashSet<Vec<(i32, i32)>> = fixed.iter().map(|s| free_form(s)).collect();
        let (mut classes, mut total) = (HashSet::new(), 0);
        assert!(polyomino_trees(n, &mut |board, class| {
            let cells: Vec<(i32, i32)> =
                board.cells().iter().map(|&i| ((i / board.cols) as i32, (i % board.cols) as i32)).collect();
            assert_eq!(cells.len(), n);
            // The board is the field's bounding box (at least 2 x 2) and a valid field.
            assert!(parse(&board.text(board.cells()[0], board.cells()[1])).is_ok());
            assert!(classes.insert(free_form(&cells)), "a class twice");
            total += class;
            true
        }));
        assert_eq!(classes, free, "{n} cells");
        assert_eq!(total, fixed.len(), "{n} cells");
        counts.push((fixed.len(), free.len()));
    }
    eprintln!("gameindarkness survey: tree-shaped fields of 2..=9 cells (fixed, free): {counts:?}");
    // Domino; I and L trominoes; I, L, T, S tetrominoes (the O is a cycle).
    assert_eq!(&counts[..3], &[(2, 1), (6, 2), (18, 4)]);
}

/// A random tree of at most `target` cells in a `rows` x `cols` grid, grown from a random cell
/// by adding random cells that touch exactly one cell of the tree (so no cycle closes).
fn random_tree(rng: &mut ChaCha8Rng, rows: usize, cols: usize, target: usize) -> Vec<bool> {
    let cells = rows * cols;
    let mut open = vec![false; cells];
    open[rng.gen_range(0..cells)] = true;
    for _ in 1..target {
        let candidates: Vec<usize> = (0..cells)
            .filter(|&i| !open[i] && grid_neighbours(rows, cols, i).filter(|&j| open[j]).count() == 1)
            .collect();
        if candidates.is_empty() {
            break;
        }
        open[candidates[rng.gen_range(0..candidates.len())]] = true;
    }
    open
}

/// Random trees of up to `max_cells` cells in grids of up to `max_side` squared, `placements`
/// random placements of A and B on each: (placements checked, won by Bob, largest search).
fn random_check(
    seed: u64,
    trees: usize,
    max_side: usize,
    max_cells: usize,
    placements: usize,
) -> (usize, usize, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut checked, mut bob, mut largest) = (0, 0, 0);
    for _ in 0..trees {
        let rows = rng.gen_range(2..=max_side);
        let cols = rng.gen_range(2..=max_side);
        let target = rng.gen_range(2..=max_cells.min(rows * cols));
        let open = random_tree(&mut rng, rows, cols, target);
        let cells: Vec<usize> = (0..rows * cols).filter(|&i| open[i]).collect();
        if cells.len() < 2 {
            continue;
        }
        for _ in 0..placements {
            let a = cells[rng.gen_range(0..cells.len())];
            let b = loop {
                let b = cells[rng.gen_range(0..cells.len())];
                if b != a {
                    break b;
                }
            };
            let text = field_text(rows, cols, &open, a, b);
            let field = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let search = exact(&field, DEFAULT_MAX_STATES).unwrap_or_else(|e| panic!("{text}: {e}"));
            let truth = !search.within(nimber_games::gameindarkness::MOVE_LIMIT);
            assert!(
                criterion(&field) == truth || COUNTEREXAMPLES.contains(&text.as_str()),
                "the criterion is wrong on\n{text}"
            );
            checked += 1;
            bob += usize::from(truth);
            largest = largest.max(search.states);
        }
    }
    (checked, bob, largest)
}

#[test]
fn criterion_matches_the_exact_search_on_random_trees() {
    // 5,000 random trees of up to 30 cells in grids up to 8 x 8, ten placements each.
    let (checked, bob, largest) = random_check(588, 5000, 8, 30, 10);
    eprintln!(
        "gameindarkness: {checked} random placements on trees of up to 30 cells: criterion = exact search \
         ({bob} won by Bob; largest search {largest} pairs)"
    );
    assert_eq!(checked, 50_000);
    assert!(bob > 2000, "{bob}");
    // 1,500 larger trees, up to 128 cells in grids up to 16 x 16.
    let (checked, bob, largest) = random_check(1100, 1500, 16, 128, 2);
    eprintln!(
        "gameindarkness: {checked} random placements on trees of up to 128 cells: criterion = exact search \
         ({bob} won by Bob; largest search {largest} pairs)"
    );
    assert_eq!(checked, 3000);
    assert!(bob > 500, "{bob}");
}

/// Checks the criterion and the exact search against retrograde analysis of the game's rules
/// (the belief game of `nimber_games::gameindarkness`: Alice wins iff its start is a win) on
/// every placement of A and B on the trees of a `rows` x `cols` grid that `keep` selects:
/// (trees, placements, won by Bob, positions solved).
fn against_retrograde(
    rows: usize,
    cols: usize,
    keep: impl Fn(&Tree) -> bool,
) -> (usize, usize, usize, usize) {
    let (mut trees, mut placements, mut bob, mut positions) = (0, 0, 0, 0);
    for mask in all_trees(rows, cols) {
        let tree = Tree::new(rows, cols, (0..rows * cols).map(|i| mask >> i & 1 == 1).collect());
        if !keep(&tree) {
            continue;
        }
        trees += 1;
        let n = tree.cells.len();
        for a in 0..n {
            for b in (0..n).filter(|&b| b != a) {
                let text = tree.text(a, b);
                let game = GameInDarkness::new(&text.trim_end().replace('\n', "/")).unwrap();
                let solved = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
                let alice = solved.get(&game.start()).unwrap().value() == Value::Win;
                assert_eq!(criterion(&parse(&text).unwrap()), !alice, "{text}");
                assert_eq!(tree.exact_bob_wins(a, b), !alice, "{text}");
                placements += 1;
                bob += usize::from(!alice);
                positions += solved.len();
            }
        }
    }
    eprintln!(
        "gameindarkness: {trees} trees of a {rows} x {cols} grid, {placements} placements ({bob} won by Bob, \
         {positions} positions solved): criterion = exact search = retrograde analysis of the rules"
    );
    (trees, placements, bob, positions)
}

#[test]
fn criterion_matches_retrograde_analysis_of_the_rules() {
    // Every tree of a 3 x 4 grid (Alice wins on all of them).
    let (trees, placements, bob, _) = against_retrograde(3, 4, |_| true);
    assert_eq!((trees, placements, bob), (521, 16_810, 0));
    // Every tree of a 3 x 6 grid with a cell that has three branches of at least 3 cells: the
    // trees where Bob can win.
    let spider = |t: &Tree| t.branches.iter().any(|b| b.iter().filter(|(cells, _)| *cells >= 3).count() >= 3);
    let (trees, placements, bob, _) = against_retrograde(3, 6, spider);
    assert_eq!((trees, placements, bob), (242, 30_420, 6_438));
}

#[test]
fn official_examples_with_both_methods() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gameindarkness");
    let (mut fast, mut exact_checked) = (0, 0);
    for k in 1..=8 {
        let input = fs::read_to_string(dir.join(format!("{k}.in"))).unwrap();
        let expected = fs::read_to_string(dir.join(format!("{k}.out"))).unwrap();
        assert_eq!(format!("{}\n", solve(&input, &FAST).unwrap()), expected, "example {k}");
        fast += 1;
        let cells = parse(&input).unwrap().cells();
        match solve(&input, &EXACT) {
            Ok(out) => {
                assert_eq!(format!("{out}\n"), expected, "example {k} exact");
                exact_checked += 1;
            }
            Err(e) => {
                assert!(cells > 128, "example {k}: {e}");
                assert!(e.message.contains("at most 128 empty cells"), "{e}");
            }
        }
    }
    eprintln!(
        "gameindarkness: {fast} official examples by the criterion, {exact_checked} by the exact search"
    );
    assert_eq!((fast, exact_checked), (8, 6));
}

#[test]
fn largest_fields() {
    // A comb: row 0 open and teeth down every even column, 50 x 50. Every junction (0, c), c
    // even from 2 to 46, has three branches of many cells.
    let comb = |a: (usize, usize), b: (usize, usize)| -> String {
        let mut s = String::new();
        for r in 0..50 {
            for c in 0..50 {
                s.push(match (r, c) {
                    _ if (r, c) == a => 'A',
                    _ if (r, c) == b => 'B',
                    _ if r == 0 || c % 2 == 0 => '.',
                    _ => '#',
                });
            }
            s.push('\n');
        }
        s
    };
    // Bob next to junction (0, 24), Alice at the bottom of the first tooth: 73 - 1 >= 2.
    assert_eq!(solve(&comb((49, 0), (0, 25)), &FAST).unwrap(), "Bob wins");
    // Alice at the corner, Bob at the bottom of the last full tooth: at junction (0, c),
    // dist(A) - dist(B) = c - (49 + 48 - c) < 2 for every c <= 48.
    assert_eq!(solve(&comb((0, 0), (49, 48)), &FAST).unwrap(), "Alice wins");
    // Same field, Bob one step below the junction (0, 2), Alice at the far end of the row:
    // dist(A, (0, 2)) = 47, dist(B, (0, 2)) = 1.
    assert_eq!(solve(&comb((0, 49), (1, 2)), &FAST).unwrap(), "Bob wins");
    // Bob three cells down the tooth of junction (0, 2), Alice at the corner: every junction
    // (0, c) is c steps from Alice and c + 1 from Bob.
    assert_eq!(solve(&comb((0, 0), (3, 2)), &FAST).unwrap(), "Alice wins");
    let e = solve(&comb((0, 0), (3, 2)), &EXACT).unwrap_err();
    assert!(e.message.contains("at most 128 empty cells"), "{e}");
}

/// Solves `input` and checks the contract: an answer, or an error with a line (an input with
/// nothing but blanks may get a whole-input message), quickly.
fn check(input: &str, options: &Options) -> Result<String, InputError> {
    let start = Instant::now();
    let result = solve(input, options);
    assert!(start.elapsed() < Duration::from_secs(2), "slow on {:?}", &input[..input.len().min(200)]);
    match &result {
        Ok(out) => assert!(out == "Alice wins" || out == "Bob wins", "{out}"),
        Err(e) => {
            if e.line.is_none() {
                assert!(
                    input.trim().is_empty() || options.exact,
                    "{e} on {:?}",
                    &input[..input.len().min(200)]
                );
            }
            if let Some(line) = e.line {
                assert!(line >= 1 && line <= input.lines().count().max(1), "{e}");
            }
        }
    }
    result
}

#[test]
fn the_reader_survives_random_truncated_and_mutated_inputs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gameindarkness");
    let samples: Vec<String> =
        (1..=8).map(|k| fs::read_to_string(dir.join(format!("{k}.in"))).unwrap()).collect();
    let mut literal: Vec<String> = samples
        .iter()
        .map(|s| format!("{{{}}}", s.lines().map(|l| format!("\"{l}\"")).collect::<Vec<_>>().join(", ")))
        .collect();
    for l in &literal {
        assert!(check(l, &FAST).is_ok(), "{l}");
    }
    let mut rng = ChaCha8Rng::seed_from_u64(1100);
    let (mut total, mut ok) = (0, 0);
    let mut run = |input: &str, options: &Options| {
        total += 1;
        ok += usize::from(check(input, options).is_ok());
    };
    let mut inputs: Vec<String> = vec![
        String::new(),
        " \n\t\n".into(),
        "-1".into(),
        "-5 -7\n-9".into(),
        "99999999999999999999999999".into(),
        "{".into(),
        "}".into(),
        "\"".into(),
        "{\"\"}".into(),
        "{\"A\", \"B\"}".into(),
        "AB\nAB".into(),
        "A.\n.B".into(),
        "A#\n#B".into(),
        "AB\n##".into(),
        "é.\nAB".into(),
        ".".repeat(1_000_000),
        "A.\n".repeat(100_000),
        format!("{{\"{}\"}}", "#".repeat(1_000_000)),
        "\n".repeat(100_000) + "AB\n##",
    ];
    inputs.append(&mut literal);
    for input in &inputs {
        run(input, &FAST);
        run(input, &EXACT);
    }
    // Every truncation of every example, both forms.
    let all: Vec<String> = samples.iter().chain(&inputs[inputs.len() - 8..]).cloned().collect();
    for text in &all {
        for (cut, _) in text.char_indices() {
            run(&text[..cut], &FAST);
        }
    }
    // Mutations: replace, insert or delete characters.
    const ALPHABET: &[char] = &['A', 'B', '.', '#', '{', '}', '"', ',', '\n', ' ', '\r', '-', '9', 'x', 'é'];
    for _ in 0..20_000 {
        let mut chars: Vec<char> = all[rng.gen_range(0..all.len())].chars().collect();
        for _ in 0..rng.gen_range(1..=4) {
            let at = rng.gen_range(0..=chars.len());
            let ch = ALPHABET[rng.gen_range(0..ALPHABET.len())];
            match rng.gen_range(0..3) {
                0 if at < chars.len() => chars[at] = ch,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, ch),
            }
        }
        let text: String = chars.into_iter().collect();
        run(&text, if text.len() < 200 { &EXACT } else { &FAST });
    }
    // Random tokens and random bytes.
    const TOKENS: &[&str] =
        &["A", "B", ".", "#", "..", "##", "A.B", "{", "}", "\"", ", ", "\n", " ", "-1", "0", "é"];
    for _ in 0..5_000 {
        let n = rng.gen_range(0..40);
        let text: String = (0..n).map(|_| TOKENS[rng.gen_range(0..TOKENS.len())]).collect();
        run(&text, &FAST);
        let bytes: Vec<u8> = (0..rng.gen_range(0..60)).map(|_| rng.gen()).collect();
        run(&String::from_utf8_lossy(&bytes), &FAST);
    }
    // Random small grids of the four cell kinds: mostly rejected (cycles, two A's), some trees.
    for _ in 0..5_000 {
        let (rows, cols) = (rng.gen_range(1..=6), rng.gen_range(1..=6));
        let text: String = (0..rows)
            .map(|_| {
                (0..cols).map(|_| ['A', 'B', '.', '#', '#'][rng.gen_range(0..5)]).collect::<String>() + "\n"
            })
            .collect();
        run(&text, &EXACT);
    }
    eprintln!("gameindarkness reader fuzz: {total} inputs, {ok} answered, the others rejected with a line");
    assert!(total > 35_000 && ok > 100, "{total} {ok}");
}
