//! Cross-checks of the solvers on thousands of small random graphs against a naive reference
//! solver written independently of the engine (`common/naive.rs`): memo, retrograde (both
//! predecessor modes) and Sprague-Grundy on acyclic graphs, retrograde (and memo's cycle
//! detection) on cyclic ones; a few large graphs spanning several retrograde partitions; long
//! paths and rings (remoteness in the thousands); and the `DynGame` layer on a hand-made graph
//! with all four values. Memo search runs twice each time: over a hash table of positions, and
//! over the graph's numbers ([`Numbered`]).
//!
//! Every graph comes from its own seed (printed in every assertion message), so a failure
//! reproduces with `graph(seed, ...)`.

use crate::naive;

use std::sync::atomic::{AtomicU64, Ordering};

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::solve::{grundy, memo, SolverChoice};
use nimber_engine::{
    Backward, Capabilities, DynGame, Error, Game, Kind, Move, Notation, Numbered, Outcome, ParseError,
    Silent, Solution, SolveOptions, Value,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use naive::{cycle_reachable, naive_solve, reachable};

/// A game over an explicit directed graph; positions are node numbers.
struct GraphGame {
    /// Targets of each node's moves, one entry per move.
    succ: Vec<Vec<u32>>,
    /// Sources of the edges into each node, one entry per edge (edges of declared terminals
    /// included: the engine must ignore them).
    pred: Vec<Vec<u32>>,
    /// Declared terminal outcomes.
    terminal: Vec<Option<Outcome>>,
    /// Whether `predecessors` is offered to the solvers.
    with_predecessors: bool,
    /// Whether the numbered graph ([`Numbered`]) is offered to the solvers (memo then searches
    /// over flat tables).
    with_numbered: bool,
    /// How many times `predecessors` was called.
    predecessor_calls: AtomicU64,
    /// Node names for `format`/`parse` (numbers when empty).
    names: Vec<&'static str>,
}

impl GraphGame {
    fn new(succ: Vec<Vec<u32>>, terminal: Vec<Option<Outcome>>) -> GraphGame {
        let mut pred = vec![Vec::new(); succ.len()];
        for (from, targets) in succ.iter().enumerate() {
            for &to in targets {
                pred[to as usize].push(from as u32);
            }
        }
        GraphGame {
            succ,
            pred,
            terminal,
            with_predecessors: true,
            with_numbered: false,
            predecessor_calls: AtomicU64::new(0),
            names: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.succ.len()
    }

    fn succ_usize(&self) -> Vec<Vec<usize>> {
        self.succ.iter().map(|t| t.iter().map(|&c| c as usize).collect()).collect()
    }
}

impl Game for GraphGame {
    type Position = u32;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u32 {
        0
    }

    fn moves(&self, &pos: &u32) -> Vec<Move<u32>> {
        self.succ[pos as usize]
            .iter()
            .enumerate()
            .map(|(k, &to)| Move::new(format!("{}#{k}", self.format(&to)), to))
            .collect()
    }

    fn successors(&self, &pos: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(&self.succ[pos as usize]);
    }

    fn terminal(&self, &pos: &u32) -> Option<Outcome> {
        self.terminal[pos as usize]
    }

    fn roots(&self) -> Vec<u32> {
        (0..self.len() as u32).collect()
    }

    fn capabilities(&self) -> Capabilities<'_, u32> {
        Capabilities {
            backward: self.with_predecessors.then_some(self),
            numbered: self.with_numbered.then_some(self),
            ..Capabilities::none().notation(self)
        }
    }
}

impl Numbered<u32> for GraphGame {
    fn count(&self) -> usize {
        self.len()
    }

    fn number(&self, &pos: &u32) -> Option<u32> {
        ((pos as usize) < self.len()).then_some(pos)
    }

    fn position(&self, n: u32) -> u32 {
        n
    }

    fn moves_of(&self, n: u32) -> &[u32] {
        &self.succ[n as usize]
    }
}

/// Memo search with and without the numbered graph ([`Numbered`]): the hash-table search, then
/// the search over flat tables.
fn memo_both(game: &mut GraphGame, roots: &[u32]) -> [Result<Solution<u32>, Error>; 2] {
    game.with_numbered = false;
    let hashed = memo::solve(game, roots, &Silent);
    game.with_numbered = true;
    let numbered = memo::solve(game, roots, &Silent);
    game.with_numbered = false;
    [hashed, numbered]
}

/// Whether node `v` can come back to itself (through positions that do not end the game).
fn on_cycle(game: &GraphGame, v: u32) -> bool {
    let mut seen = vec![false; game.len()];
    let mut stack = vec![v];
    while let Some(u) = stack.pop() {
        if game.terminal[u as usize].is_some() {
            continue;
        }
        for &w in &game.succ[u as usize] {
            if w == v {
                return true;
            }
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
    false
}

impl Notation<u32> for GraphGame {
    fn format(&self, &pos: &u32) -> String {
        match self.names.get(pos as usize) {
            Some(name) => name.to_string(),
            None => pos.to_string(),
        }
    }

    fn parse(&self, text: &str) -> Result<u32, ParseError> {
        let text = text.trim();
        if let Some(i) = self.names.iter().position(|&n| n == text) {
            return Ok(i as u32);
        }
        match text.parse::<u32>() {
            Ok(n) if (n as usize) < self.len() && self.names.is_empty() => Ok(n),
            _ => Err(ParseError::new(format!("no node `{text}`"))),
        }
    }
}

impl Backward<u32> for GraphGame {
    fn predecessors(&self, &pos: &u32, out: &mut Vec<u32>) {
        assert!(self.with_predecessors, "predecessors called although backward is None");
        self.predecessor_calls.fetch_add(1, Ordering::Relaxed);
        out.extend_from_slice(&self.pred[pos as usize]);
    }
}

/// How terminal values are declared in a random graph.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Terminals {
    /// None: normal play.
    None,
    /// Some nodes without moves are declared won, lost or tied.
    Sinks,
    /// As `Sinks`, and a few nodes with moves too (their moves must be ignored).
    Anywhere,
    /// As `Anywhere`, with a remoteness of 0 to 3 stated for each.
    Remote,
}

/// A random graph from `seed`: 1 to 40 nodes (or exactly `size` when given), each with a random
/// number of moves to random targets (repeats allowed). Acyclic graphs only have edges forward in
/// a random order of the nodes; cyclic ones may have any edge, self-loops included.
fn graph(seed: u64, acyclic: bool, terminals: Terminals, size: Option<usize>) -> GraphGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = size.unwrap_or_else(|| rng.gen_range(1..=40));
    let max_degree = [1, 2, 3, 4, 6][rng.gen_range(0..5)];
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.shuffle(&mut rng);
    let mut succ = vec![Vec::new(); n];
    for (p, &v) in order.iter().enumerate() {
        let targets = if acyclic { &order[p + 1..] } else { &order[..] };
        if targets.is_empty() {
            continue;
        }
        let degree = rng.gen_range(0..=max_degree);
        for _ in 0..degree {
            succ[v as usize].push(targets[rng.gen_range(0..targets.len())]);
        }
    }
    let declared = [Value::Win, Value::Lose, Value::Tie];
    let terminal = (0..n)
        .map(|v| {
            let sink = succ[v].is_empty();
            let declare = match terminals {
                Terminals::None => false,
                Terminals::Sinks => sink && rng.gen_bool(0.7),
                Terminals::Anywhere | Terminals::Remote => rng.gen_bool(if sink { 0.7 } else { 0.1 }),
            };
            declare.then(|| {
                let value = declared[rng.gen_range(0..3)];
                Outcome::new(value, if terminals == Terminals::Remote { rng.gen_range(0..4) } else { 0 })
            })
        })
        .collect();
    GraphGame::new(succ, terminal)
}

/// Independent check of the naive solver on acyclic graphs: plain recursive minimax, with the
/// preferences written out (fastest win, then fastest tie, then slowest loss).
fn minimax(game: &GraphGame, v: usize, memo: &mut Vec<Option<Outcome>>) -> Outcome {
    if let Some(o) = memo[v] {
        return o;
    }
    let result = if let Some(t) = game.terminal[v] {
        t
    } else if game.succ[v].is_empty() {
        Outcome::new(Value::Lose, 0)
    } else {
        let mut fastest_win: Option<u32> = None;
        let mut fastest_tie: Option<u32> = None;
        let mut slowest_loss: Option<u32> = None;
        for &c in &game.succ[v] {
            let child = minimax(game, c as usize, memo);
            let r = child.remoteness().expect("no draws without cycles") + 1;
            match child.value() {
                Value::Lose => fastest_win = Some(fastest_win.map_or(r, |w| w.min(r))),
                Value::Tie => fastest_tie = Some(fastest_tie.map_or(r, |t| t.min(r))),
                Value::Win => slowest_loss = Some(slowest_loss.map_or(r, |l| l.max(r))),
                Value::Draw => unreachable!(),
            }
        }
        match (fastest_win, fastest_tie, slowest_loss) {
            (Some(r), _, _) => Outcome::new(Value::Win, r),
            (None, Some(r), _) => Outcome::new(Value::Tie, r),
            (None, None, Some(r)) => Outcome::new(Value::Lose, r),
            (None, None, None) => unreachable!(),
        }
    };
    memo[v] = Some(result);
    result
}

/// Nim values by naive recursion: the mex of the children's values.
fn naive_nim(game: &GraphGame, v: usize, memo: &mut Vec<Option<u32>>) -> u32 {
    if let Some(g) = memo[v] {
        return g;
    }
    let children: Vec<u32> = game.succ[v].iter().map(|&c| naive_nim(game, c as usize, memo)).collect();
    let g = (0..).find(|g| !children.contains(g)).unwrap();
    memo[v] = Some(g);
    g
}

/// Asserts that `solution` holds exactly the nodes marked in `covered`, each with the outcome in
/// `expected`.
fn check_solution(solution: &Solution<u32>, expected: &[Outcome], covered: &[bool], what: &str, seed: u64) {
    let count = covered.iter().filter(|&&c| c).count();
    assert_eq!(
        solution.len(),
        count,
        "seed {seed}: {what} solved {} positions, expected {count}",
        solution.len()
    );
    for (v, (&want, &cov)) in expected.iter().zip(covered).enumerate() {
        let got = solution.get(&(v as u32));
        if cov {
            assert_eq!(got, Some(want), "seed {seed}: {what}, node {v}");
        } else {
            assert_eq!(got, None, "seed {seed}: {what}, node {v} is not reachable but was solved");
        }
    }
    for (&p, o) in solution.iter() {
        assert!(covered[p as usize], "seed {seed}: {what} lists unreachable node {p}");
        assert_eq!(o, expected[p as usize], "seed {seed}: {what}, node {p} via iter");
    }
}

/// Both retrograde modes on `game`, from `roots`, against `expected` over the reachable nodes.
fn check_retrograde(game: &mut GraphGame, roots: &[u32], expected: &[Outcome], covered: &[bool], seed: u64) {
    for (mode, with_predecessors) in
        [(Predecessors::Auto, true), (Predecessors::ReverseGraph, true), (Predecessors::Auto, false)]
    {
        game.with_predecessors = with_predecessors;
        game.predecessor_calls.store(0, Ordering::Relaxed);
        let solution = retrograde::solve(&*game, roots, mode, &Silent).expect("retrograde never fails here");
        let what = format!("retrograde ({mode:?}, game predecessors {with_predecessors})");
        check_solution(&solution, expected, covered, &what, seed);
        // Auto uses the game's predecessors when it has them, and only then: a decided position
        // asks for its predecessors (at most once; a draw never does).
        let decided =
            (0..expected.len()).filter(|&v| covered[v] && expected[v] != Outcome::DRAW).count() as u64;
        let calls = game.predecessor_calls.load(Ordering::Relaxed);
        if mode == Predecessors::Auto && with_predecessors {
            assert!(
                (decided == 0 || calls > 0) && calls <= decided,
                "seed {seed}: {what}: predecessors called {calls} times for {decided} decided positions"
            );
        } else {
            assert_eq!(calls, 0, "seed {seed}: {what}: predecessors called");
        }
    }
    game.with_predecessors = true;
}

/// A random subset of the nodes (never empty), as roots.
fn random_roots(seed: u64, n: usize) -> Vec<u32> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_5eed);
    let k = rng.gen_range(1..=n.min(3));
    (0..k).map(|_| rng.gen_range(0..n as u32)).collect()
}

#[derive(Default, Debug)]
struct Tally {
    graphs: u64,
    positions: u64,
    by_value: [u64; 4],
    with_cycle: u64,
    partial_positions: u64,
}

impl Tally {
    fn add(&mut self, expected: &[Outcome]) {
        self.graphs += 1;
        self.positions += expected.len() as u64;
        for o in expected {
            self.by_value[o.value().index()] += 1;
        }
    }
}

const TERMINAL_MODES: [Terminals; 4] =
    [Terminals::None, Terminals::Sinks, Terminals::Anywhere, Terminals::Remote];

#[test]
fn acyclic_graphs_all_solvers_agree() {
    let graphs_per_mode = 2000u64;
    let mut tally = Tally::default();
    let mut nim_graphs = 0u64;
    for (m, &terminals) in TERMINAL_MODES.iter().enumerate() {
        for g in 0..graphs_per_mode {
            let seed = 1_000_000 * (m as u64 + 1) + g;
            let mut game = graph(seed, true, terminals, None);
            let n = game.len();
            let succ = game.succ_usize();
            let expected = naive_solve(&succ, &game.terminal);
            tally.add(&expected);

            // The naive solver against plain minimax.
            let mut table = vec![None; n];
            for (v, &want) in expected.iter().enumerate() {
                assert_eq!(minimax(&game, v, &mut table), want, "seed {seed}: naive vs minimax, node {v}");
            }

            // All nodes as roots: everything is solved.
            let roots = game.roots();
            let all = vec![true; n];
            for (solution, how) in memo_both(&mut game, &roots).into_iter().zip(["memo", "numbered memo"]) {
                let solution = solution.unwrap_or_else(|e| panic!("seed {seed}: {how}: {e}"));
                check_solution(&solution, &expected, &all, how, seed);
            }
            check_retrograde(&mut game, &roots, &expected, &all, seed);

            // A few roots: exactly the reachable nodes are solved.
            let roots = random_roots(seed, n);
            let roots_usize: Vec<usize> = roots.iter().map(|&r| r as usize).collect();
            let covered = reachable(&succ, &game.terminal, &roots_usize);
            tally.partial_positions += covered.iter().filter(|&&c| c).count() as u64;
            for (solution, how) in memo_both(&mut game, &roots).into_iter().zip(["memo", "numbered memo"]) {
                let solution = solution.unwrap_or_else(|e| panic!("seed {seed}: {how} from some roots: {e}"));
                check_solution(&solution, &expected, &covered, how, seed);
            }
            check_retrograde(&mut game, &roots, &expected, &covered, seed);

            // Nim values under normal play.
            if terminals == Terminals::None {
                nim_graphs += 1;
                let nims = grundy::solve(&game, &game.roots(), &Silent)
                    .unwrap_or_else(|e| panic!("seed {seed}: grundy: {e}"));
                assert_eq!(nims.len(), n, "seed {seed}: grundy coverage");
                let mut table = vec![None; n];
                for (v, want) in expected.iter().enumerate() {
                    let nim = nims
                        .get(&(v as u32))
                        .unwrap_or_else(|| panic!("seed {seed}: node {v} has no nim value"));
                    assert_eq!(nim, naive_nim(&game, v, &mut table), "seed {seed}: nim value of node {v}");
                    assert_eq!(nim == 0, want.value() == Value::Lose, "seed {seed}: nim {nim} vs {want}");
                }
            }
        }
    }
    eprintln!(
        "acyclic: {} graphs, {} positions (win/lose/tie/draw {:?}), {} positions from partial roots, {} graphs with nim values",
        tally.graphs, tally.positions, tally.by_value, tally.partial_positions, nim_graphs
    );
    assert_eq!(tally.graphs, TERMINAL_MODES.len() as u64 * graphs_per_mode);
    assert_eq!(nim_graphs, graphs_per_mode);
    assert!(tally.positions >= 100_000, "too few positions: {}", tally.positions);
    assert!(
        tally.partial_positions >= 20_000,
        "too few positions from partial roots: {}",
        tally.partial_positions
    );
    let [win, lose, tie, draw] = tally.by_value;
    assert!(win >= 20_000 && lose >= 20_000 && tie >= 5_000, "unbalanced values: {:?}", tally.by_value);
    assert_eq!(draw, 0, "draws in acyclic graphs");
}

#[test]
fn cyclic_graphs_retrograde_agrees_with_naive() {
    let graphs_per_mode = 2000u64;
    let mut tally = Tally::default();
    let mut memo_ok = 0u64;
    for (m, &terminals) in TERMINAL_MODES.iter().enumerate() {
        for g in 0..graphs_per_mode {
            let seed = 2_000_000_000 + 1_000_000 * (m as u64 + 1) + g;
            let mut game = graph(seed, false, terminals, None);
            let n = game.len();
            let succ = game.succ_usize();
            let expected = naive_solve(&succ, &game.terminal);
            tally.add(&expected);

            for roots in [game.roots(), random_roots(seed, n)] {
                let roots_usize: Vec<usize> = roots.iter().map(|&r| r as usize).collect();
                let covered = reachable(&succ, &game.terminal, &roots_usize);
                if roots.len() < n {
                    tally.partial_positions += covered.iter().filter(|&&c| c).count() as u64;
                }
                check_retrograde(&mut game, &roots, &expected, &covered, seed);
                let cyclic = cycle_reachable(&succ, &game.terminal, &roots_usize);
                for (result, how) in memo_both(&mut game, &roots).into_iter().zip(["memo", "numbered memo"]) {
                    match result {
                        Err(Error::Cycle(at)) if cyclic => {
                            let v = game.parse(&at).unwrap();
                            assert!(on_cycle(&game, v), "seed {seed}: {how} names {at}, not on a cycle");
                        }
                        Err(e) => panic!("seed {seed}: {how} failed with `{e}` (reachable cycle: {cyclic})"),
                        Ok(_) if cyclic => panic!("seed {seed}: {how} solved a game with a reachable cycle"),
                        Ok(solution) => {
                            memo_ok += 1;
                            check_solution(&solution, &expected, &covered, how, seed);
                        }
                    }
                }
                if roots.len() == n && cyclic {
                    tally.with_cycle += 1;
                }
            }
        }
    }
    eprintln!(
        "cyclic: {} graphs ({} with a cycle), {} positions (win/lose/tie/draw {:?}), {} positions from partial roots, {} memo solves without a reachable cycle",
        tally.graphs, tally.with_cycle, tally.positions, tally.by_value, tally.partial_positions, memo_ok
    );
    assert_eq!(tally.graphs, TERMINAL_MODES.len() as u64 * graphs_per_mode);
    assert!(tally.with_cycle >= 4000, "too few graphs with cycles: {}", tally.with_cycle);
    assert!(memo_ok >= 1000, "too few acyclic cases for memo: {memo_ok}");
    assert!(tally.positions >= 100_000, "too few positions: {}", tally.positions);
    assert!(
        tally.partial_positions >= 20_000,
        "too few positions from partial roots: {}",
        tally.partial_positions
    );
    assert!(tally.by_value.iter().all(|&c| c >= 5_000), "unbalanced values: {:?}", tally.by_value);
}

/// Larger graphs, so that retrograde analysis splits the positions into several partitions (the
/// last one partial), checked against the naive solver.
#[test]
fn large_graphs_span_several_partitions() {
    let mut tally = Tally::default();
    for (i, &size) in [5_000usize, 20_000, 37_000].iter().enumerate() {
        for (m, &terminals) in TERMINAL_MODES.iter().enumerate() {
            let seed = 3_000_000_000 + 10 * i as u64 + m as u64;
            let mut game = graph(seed, false, terminals, Some(size));
            let expected = naive_solve(&game.succ_usize(), &game.terminal);
            tally.add(&expected);
            let roots = game.roots();
            check_retrograde(&mut game, &roots, &expected, &vec![true; size], seed);
        }
    }
    eprintln!(
        "large: {} graphs, {} positions (win/lose/tie/draw {:?})",
        tally.graphs, tally.positions, tally.by_value
    );
    assert_eq!(tally.graphs, 12);
    assert_eq!(tally.positions, 4 * (5_000 + 20_000 + 37_000));
    assert!(tally.by_value.iter().all(|&c| c >= 100), "unbalanced values: {:?}", tally.by_value);
}

#[test]
fn grundy_rejects_declared_wins_and_ties_and_cycles() {
    // 0 -> 1, 1 declared: a declared loss is fine under normal play, a win or tie is not.
    for (value, ok) in [(Value::Lose, true), (Value::Win, false), (Value::Tie, false)] {
        let game = GraphGame::new(vec![vec![1], vec![]], vec![None, Some(Outcome::new(value, 0))]);
        match grundy::solve(&game, &game.roots(), &Silent) {
            Ok(nims) if ok => {
                assert_eq!(nims.get(&0), Some(1));
                assert_eq!(nims.get(&1), Some(0));
            }
            Err(Error::Unsupported(_)) if !ok => {}
            Ok(_) => panic!("grundy accepted a declared {value}"),
            Err(e) => panic!("grundy with a declared {value}: unexpected error {e}"),
        }
    }
    let game = GraphGame::new(vec![vec![1], vec![0]], vec![None, None]);
    assert!(matches!(grundy::solve(&game, &[0], &Silent), Err(Error::Cycle(_))));
}

/// A hand-made game with all four values:
///
/// ```text
/// S  -> L, L2, T, D1, W      (win in 1)
/// L                          (no moves: lose in 0)
/// T                          (declared tie)
/// W  -> L                    (win in 1)
/// L2 -> W, W                 (lose in 2)
/// D1 -> D2                   (draw)
/// D2 -> D1, W, D2            (draw)
/// TT -> D1, T, X             (tie in 1)
/// X  -> S                    (declared win: its move is ignored)
/// ```
fn four_values() -> GraphGame {
    let names = vec!["S", "L", "T", "W", "L2", "D1", "D2", "TT", "X"];
    let id = |name: &str| names.iter().position(|&n| n == name).unwrap() as u32;
    let edges: &[(&str, &[&str])] = &[
        ("S", &["W", "D1", "T", "L2", "L"]),
        ("W", &["L"]),
        ("L2", &["W", "W"]),
        ("D1", &["D2"]),
        ("D2", &["D1", "W", "D2"]),
        ("TT", &["D1", "T", "X"]),
        ("X", &["S"]),
    ];
    let mut succ = vec![Vec::new(); names.len()];
    for (from, targets) in edges {
        succ[id(from) as usize] = targets.iter().map(|t| id(t)).collect();
    }
    let mut terminal = vec![None; names.len()];
    terminal[id("T") as usize] = Some(Outcome::new(Value::Tie, 0));
    terminal[id("X") as usize] = Some(Outcome::new(Value::Win, 0));
    let mut game = GraphGame::new(succ, terminal);
    game.names = names;
    game
}

#[test]
fn dyn_game_query_on_all_four_values() {
    let game = four_values();
    let dyn_game: &dyn DynGame = &game;
    let o = |v, r| Outcome::new(v, r);
    let expected = [
        ("S", o(Value::Win, 1)),
        ("L", o(Value::Lose, 0)),
        ("T", o(Value::Tie, 0)),
        ("W", o(Value::Win, 1)),
        ("L2", o(Value::Lose, 2)),
        ("D1", Outcome::DRAW),
        ("D2", Outcome::DRAW),
        ("TT", o(Value::Tie, 1)),
        ("X", o(Value::Win, 0)),
    ];
    let naive = naive_solve(&game.succ_usize(), &game.terminal);
    for (v, &(name, outcome)) in expected.iter().enumerate() {
        assert_eq!(game.names[v], name);
        assert_eq!(naive[v], outcome, "naive solver on {name}");
    }

    // The start position's moves, best first, each as the mover sees it.
    let report = dyn_game.query(None, &Silent).unwrap();
    assert_eq!(report.position, "S");
    assert_eq!(report.outcome, o(Value::Win, 1));
    let moves: Vec<(&str, Outcome)> = report.moves.iter().map(|m| (m.position.as_str(), m.outcome)).collect();
    assert_eq!(
        moves,
        [
            ("L", o(Value::Win, 1)),
            ("L2", o(Value::Win, 3)),
            ("T", o(Value::Tie, 1)),
            ("D1", Outcome::DRAW),
            ("W", o(Value::Lose, 2)),
        ]
    );
    assert!(report.notes.iter().any(|n| n.contains("cycle")), "notes: {:?}", report.notes);

    // Every position: its outcome, and each move is the child's outcome for the mover, sorted.
    for &(name, outcome) in &expected {
        let report = dyn_game.query(Some(name), &Silent).unwrap_or_else(|e| panic!("query {name}: {e}"));
        assert_eq!(report.position, name);
        assert_eq!(report.outcome, outcome, "query {name}");
        let v = game.parse(name).unwrap();
        let mut want: Vec<usize> = if game.terminal(&v).is_some() {
            Vec::new()
        } else {
            game.succ[v as usize].iter().map(|&c| c as usize).collect()
        };
        assert_eq!(report.moves.len(), want.len(), "query {name}: number of moves");
        for (k, m) in report.moves.iter().enumerate() {
            let child = game.parse(&m.position).unwrap() as usize;
            assert_eq!(m.outcome, expected[child].1.for_mover(), "query {name}, move {k} to {}", m.position);
            assert!(m.label.starts_with(&format!("{}#", m.position)), "label {}", m.label);
            let at = want.iter().position(|&w| w == child).expect("a move of the position");
            want.swap_remove(at);
        }
        for pair in report.moves.windows(2) {
            assert!(
                pair[0].outcome.preference_cmp(pair[1].outcome).is_ge(),
                "query {name}: {} before {}",
                pair[0].outcome,
                pair[1].outcome
            );
        }
        // Best move matches the position's outcome.
        if let Some(best) = report.moves.first() {
            assert_eq!(best.outcome, outcome, "query {name}: best move");
        }
    }
    assert!(dyn_game.query(Some("nowhere"), &Silent).is_err());

    // Full solves through the dynamic layer.
    let report = dyn_game.solve(&SolveOptions { rows: true, ..SolveOptions::default() }, &Silent).unwrap();
    assert_eq!(report.solver, SolverChoice::Retrograde);
    assert_eq!(report.positions, expected.len() as u64);
    assert_eq!(report.start.outcome, Some(o(Value::Win, 1)));
    for row in &report.rows {
        let v = game.parse(&row.position).unwrap() as usize;
        assert_eq!(row.outcome, Some(expected[v].1), "row {}", row.position);
    }
    let per_value: Vec<u64> = Value::ALL
        .iter()
        .map(|&value| report.counts.iter().filter(|c| c.value == value).map(|c| c.count).sum())
        .collect();
    assert_eq!(per_value, [3, 2, 2, 2], "win/lose/tie/draw counts: {:?}", report.counts);
    let memo_only = SolveOptions { solver: SolverChoice::Memo, ..SolveOptions::default() };
    assert!(matches!(dyn_game.solve(&memo_only, &Silent), Err(Error::Cycle(_))));
}

/// Long games: a path of `len` nodes ending in a node without moves (alternating losses and wins,
/// remoteness up to `len - 1`); then the first half of the path closed into a ring with one exit
/// to a declared tie (ties with remoteness in the thousands), next to a closed ring (draws).
/// Also an empty set of roots.
#[test]
fn long_paths_and_empty_roots() {
    let len = 5_000usize;
    let path: Vec<Vec<u32>> =
        (0..len).map(|i| if i + 1 < len { vec![i as u32 + 1] } else { vec![] }).collect();
    let mut game = GraphGame::new(path.clone(), vec![None; len]);
    let expected = naive_solve(&game.succ_usize(), &game.terminal);
    for (i, o) in expected.iter().enumerate() {
        let r = (len - 1 - i) as u32;
        assert_eq!(*o, Outcome::new(if r & 1 == 0 { Value::Lose } else { Value::Win }, r), "path node {i}");
    }
    let all = vec![true; len];
    check_solution(&memo::solve(&game, &[0], &Silent).unwrap(), &expected, &all, "memo on a path", 0);
    check_retrograde(&mut game, &[0], &expected, &all, 0);

    // Nodes 0..=len/2 form a ring, node 10 also moves to the declared tie `len`; nodes
    // len+1..len+1+ring form a closed ring.
    let ring = 1_000usize;
    let mut succ = path;
    succ[len / 2] = vec![0];
    succ[10].push(len as u32);
    succ.push(vec![]);
    succ.extend((0..ring).map(|k| vec![(len + 1 + (k + 1) % ring) as u32]));
    let n = succ.len();
    let mut terminal = vec![None; n];
    terminal[len] = Some(Outcome::new(Value::Tie, 0));
    let mut game = GraphGame::new(succ, terminal);
    let expected = naive_solve(&game.succ_usize(), &game.terminal);
    let counts = expected.iter().fold([0; 4], |mut c, o| {
        c[o.value().index()] += 1;
        c
    });
    eprintln!("long rings: win/lose/tie/draw {counts:?}");
    assert_eq!(counts, [1249, 1250, len / 2 + 2, ring]);
    assert_eq!(expected[11], Outcome::new(Value::Tie, len as u32 / 2 + 1));
    let roots = game.roots();
    check_retrograde(&mut game, &roots, &expected, &vec![true; n], 1);
    assert!(matches!(memo::solve(&game, &[0], &Silent), Err(Error::Cycle(_))));

    // No roots: nothing to solve.
    assert!(memo::solve(&game, &[], &Silent).unwrap().is_empty());
    for mode in [Predecessors::Auto, Predecessors::ReverseGraph] {
        assert!(retrograde::solve(&game, &[], mode, &Silent).unwrap().is_empty());
    }
    assert!(grundy::solve(&game, &[], &Silent).unwrap().is_empty());
}
