//! The loopy solver (generalized nim values, `solve::loopy`) and the misère adapter
//! (`misere::Misere`) on thousands of small random graphs:
//!
//! - every value has the defining properties A, B (with the counter) and C of the generalized
//!   Sprague-Grundy function, which determine it uniquely (Fraenkel and Yesha 1986);
//! - the outcome read off each value (0 lost, finite non-zero or `∞(K)` with 0 in K won, other
//!   `∞(K)` drawn) equals retrograde analysis of the rules;
//! - on acyclic graphs the values are the Sprague-Grundy values;
//! - sums: on the explicit sum of two random cyclic games (a move in exactly one component),
//!   every pair's value by the loopy solver, and its outcome by retrograde analysis, equal what
//!   `LoopyNim::sum` predicts from the components' values;
//! - misère play: retrograde analysis and memo search of `Misere<G>` equal the naive reference
//!   solver run on the graph with every undeclared sink declared won.
//!
//! Every graph comes from its own seed, printed in every assertion message.

use crate::naive;

use std::collections::BTreeSet;

use nimber_engine::solve::loopy::{self, LoopyNim};
use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::solve::{grundy, memo};
use nimber_engine::{
    Capabilities, Error, Game, Kind, Misere, Move, Notation, Outcome, ParseError, Silent, Value,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// An impartial game on an explicit directed graph; positions are node numbers.
struct Digraph {
    succ: Vec<Vec<u32>>,
    terminal: Vec<Option<Outcome>>,
}

impl Digraph {
    fn new(succ: Vec<Vec<u32>>) -> Digraph {
        let n = succ.len();
        Digraph { succ, terminal: vec![None; n] }
    }

    fn len(&self) -> usize {
        self.succ.len()
    }

    /// Node `i`'s followers, as positions the game reaches (none at a declared end).
    fn followers(&self, i: usize) -> &[u32] {
        if self.terminal[i].is_some() {
            &[]
        } else {
            &self.succ[i]
        }
    }
}

impl Game for Digraph {
    type Position = u32;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u32 {
        0
    }

    fn moves(&self, &pos: &u32) -> Vec<Move<u32>> {
        self.succ[pos as usize].iter().map(|&to| Move::new(to.to_string(), to)).collect()
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
        Capabilities::none().notation(self)
    }
}

impl Notation<u32> for Digraph {
    fn format(&self, &pos: &u32) -> String {
        pos.to_string()
    }

    fn parse(&self, text: &str) -> Result<u32, ParseError> {
        text.trim().parse().map_err(|_| ParseError::new("not a node"))
    }
}

/// The sum of two games on graphs: a position is a pair, a move is a move in exactly one
/// component. Positions are numbered `a * |H| + b`.
struct Sum<'a> {
    g: &'a Digraph,
    h: &'a Digraph,
}

impl Sum<'_> {
    fn pair(&self, pos: u32) -> (usize, usize) {
        let n = self.h.len() as u32;
        ((pos / n) as usize, (pos % n) as usize)
    }
}

impl Game for Sum<'_> {
    type Position = u32;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u32 {
        0
    }

    fn moves(&self, &pos: &u32) -> Vec<Move<u32>> {
        let mut out = Vec::new();
        self.successors(&pos, &mut out);
        out.into_iter().map(|to| Move::new(to.to_string(), to)).collect()
    }

    fn successors(&self, &pos: &u32, out: &mut Vec<u32>) {
        let n = self.h.len() as u32;
        let (a, b) = self.pair(pos);
        out.extend(self.g.succ[a].iter().map(|&a2| a2 * n + b as u32));
        out.extend(self.h.succ[b].iter().map(|&b2| a as u32 * n + b2));
    }

    fn roots(&self) -> Vec<u32> {
        (0..(self.g.len() * self.h.len()) as u32).collect()
    }

    fn capabilities(&self) -> Capabilities<'_, u32> {
        Capabilities::none().notation(self)
    }
}

impl Notation<u32> for Sum<'_> {
    fn format(&self, pos: &u32) -> String {
        let (a, b) = self.pair(*pos);
        format!("{a}+{b}")
    }

    fn parse(&self, _text: &str) -> Result<u32, ParseError> {
        Err(ParseError::new("not needed"))
    }
}

/// A random graph: `n` nodes, each with 0 to `max_degree` moves to random nodes (self-loops
/// and repeated moves allowed). With `acyclic`, moves only go forward in a random order.
fn random_graph(rng: &mut ChaCha8Rng, n: usize, max_degree: usize, acyclic: bool) -> Digraph {
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.shuffle(rng);
    let mut succ = vec![Vec::new(); n];
    for (p, &v) in order.iter().enumerate() {
        let targets = if acyclic { &order[p + 1..] } else { &order[..] };
        if targets.is_empty() {
            continue;
        }
        for _ in 0..rng.gen_range(0..=max_degree) {
            succ[v as usize].push(targets[rng.gen_range(0..targets.len())]);
        }
    }
    Digraph::new(succ)
}

/// The values of every node, by the loopy solver, with their counters.
fn values(game: &Digraph) -> (Vec<LoopyNim>, Vec<Option<u32>>) {
    let solved = loopy::solve(game, &game.roots(), &Silent).unwrap();
    assert_eq!(solved.len(), game.len());
    let roots = game.roots();
    (
        roots.iter().map(|p| solved.get(p).unwrap()).collect(),
        roots.iter().map(|p| solved.counter(p)).collect(),
    )
}

/// The least natural number not in `set`.
fn mex(set: &BTreeSet<u32>) -> u32 {
    (0..).find(|x| !set.contains(x)).unwrap()
}

/// Checks properties A, B and C of the module documentation of `solve::loopy` at every node;
/// by the uniqueness theorem they pin the values down.
fn check_definition(game: &Digraph, value: &[LoopyNim], counter: &[Option<u32>], seed: u64) {
    for u in 0..game.len() {
        let followers = game.followers(u);
        let finite: BTreeSet<u32> = followers.iter().filter_map(|&v| value[v as usize].nim()).collect();
        let m = mex(&finite);
        match &value[u] {
            LoopyNim::Finite(n) => {
                // A: the value is the mex of the followers' finite values.
                assert_eq!(*n, m, "seed {seed}: node {u}: A");
                let c = counter[u].expect("finite values have a counter");
                // B: a move to a larger or infinite value reverses to value n, lower counter.
                for &v in followers {
                    if value[v as usize].nim().is_some_and(|x| x < *n) {
                        continue;
                    }
                    let reverses = game.followers(v as usize).iter().any(|&w| {
                        value[w as usize] == LoopyNim::Finite(*n) && counter[w as usize].unwrap() < c
                    });
                    assert!(reverses, "seed {seed}: node {u} (value {n}, counter {c}): B fails at {v}");
                }
            }
            LoopyNim::Infinite(k) => {
                assert!(counter[u].is_none());
                // K is the set of finite values among the followers.
                assert_eq!(k.iter().copied().collect::<BTreeSet<u32>>(), finite, "seed {seed}: node {u}: K");
                // C: some infinite follower has no follower of value m(u).
                let witness = followers.iter().any(|&v| match &value[v as usize] {
                    LoopyNim::Infinite(kv) => !kv.contains(&m),
                    LoopyNim::Finite(_) => false,
                });
                assert!(witness, "seed {seed}: node {u}: C fails (m = {m})");
            }
        }
    }
}

#[test]
fn definition_and_outcomes_on_random_cyclic_graphs() {
    let mut graphs = 0;
    let mut positions = 0;
    let mut kinds = [0usize; 4]; // lost, won with a finite value, won with ∞(K), drawn
    for seed in 0..10_000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = rng.gen_range(1..=40);
        let max_degree = [1, 2, 3, 4, 6][rng.gen_range(0..5)];
        let game = random_graph(&mut rng, n, max_degree, false);
        let (value, counter) = values(&game);
        check_definition(&game, &value, &counter, seed);
        let solved = retrograde::solve(&game, &game.roots(), Predecessors::ReverseGraph, &Silent).unwrap();
        for (u, v) in value.iter().enumerate() {
            let outcome = solved.get(&(u as u32)).unwrap().value();
            assert_eq!(v.value(), outcome, "seed {seed}: node {u}: value {v}");
            kinds[match v {
                LoopyNim::Finite(0) => 0,
                LoopyNim::Finite(_) => 1,
                _ if outcome == Value::Win => 2,
                _ => 3,
            }] += 1;
        }
        graphs += 1;
        positions += game.len();
    }
    eprintln!(
        "{graphs} random cyclic graphs, {positions} positions: generalized nim values satisfy A, B, C \
         and give retrograde's outcomes ({} lost, {} won finite, {} won ∞(K), {} drawn)",
        kinds[0], kinds[1], kinds[2], kinds[3]
    );
    assert_eq!((graphs, positions), (10_000, 206_477));
    assert_eq!(kinds, [86_347, 49_522, 30_435, 40_173]);
}

#[test]
fn acyclic_graphs_get_their_sprague_grundy_values() {
    let mut positions = 0;
    for seed in 0..1000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(1 << 40 | seed);
        let n = rng.gen_range(1..=30);
        let game = random_graph(&mut rng, n, 5, true);
        let (value, _) = values(&game);
        let nims = grundy::solve(&game, &game.roots(), &Silent).unwrap();
        for (u, v) in value.iter().enumerate() {
            assert_eq!(v.nim(), nims.get(&(u as u32)), "seed {seed}: node {u}");
        }
        positions += n;
    }
    eprintln!("1000 random acyclic graphs, {positions} positions: loopy values = Sprague-Grundy values");
    assert_eq!(positions, 15_754);
}

#[test]
fn sums_of_random_cyclic_graphs() {
    let mut pairs = 0;
    let mut infinite_pairs = 0;
    let mut drawn = 0;
    for seed in 0..1500u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(2 << 40 | seed);
        let (a, b) = (rng.gen_range(1..=10), rng.gen_range(1..=10));
        let g = random_graph(&mut rng, a, 3, false);
        let h = random_graph(&mut rng, b, 3, false);
        let (vg, _) = values(&g);
        let (vh, _) = values(&h);
        let sum = Sum { g: &g, h: &h };
        let outcomes = retrograde::solve(&sum, &sum.roots(), Predecessors::ReverseGraph, &Silent).unwrap();
        let direct = loopy::solve(&sum, &sum.roots(), &Silent).unwrap();
        for pos in sum.roots() {
            let (x, y) = sum.pair(pos);
            let predicted = vg[x].sum(&vh[y]);
            assert_eq!(
                direct.get(&pos).as_ref(),
                Some(&predicted),
                "seed {seed}: {x} + {y}: {} + {}",
                vg[x],
                vh[y]
            );
            let outcome = outcomes.get(&pos).unwrap().value();
            assert_eq!(predicted.value(), outcome, "seed {seed}: {x} + {y}: {} + {}", vg[x], vh[y]);
            pairs += 1;
            infinite_pairs += usize::from(vg[x].nim().is_none() && vh[y].nim().is_none());
            drawn += usize::from(outcome == Value::Draw);
        }
    }
    eprintln!(
        "{pairs} positions of sums of two random cyclic games ({infinite_pairs} of two infinite values, \
         {drawn} drawn): value and outcome as the sum rules predict"
    );
    assert_eq!((pairs, infinite_pairs, drawn), (45_950, 13_193, 31_044));
}

#[test]
fn hand_checked_graph() {
    // z: no move (0); o -> z (1); t -> z, o (2); x -> z, t, x: the self-loop keeps x from being 1,
    // ∞(0,2), a win (x -> z); p -> q, q -> p, z: p is 0 on a cycle (q reverses to z), q is 1;
    // d <-> e, e -> o: d is ∞(∅) and e is ∞(1), both drawn.
    let names = ["z", "o", "t", "x", "p", "q", "d", "e"];
    let edges = [
        ("o", "z"),
        ("t", "z"),
        ("t", "o"),
        ("x", "z"),
        ("x", "t"),
        ("x", "x"),
        ("p", "q"),
        ("q", "p"),
        ("q", "z"),
        ("d", "e"),
        ("e", "d"),
        ("e", "o"),
    ];
    let id = |name: &str| names.iter().position(|&n| n == name).unwrap() as u32;
    let mut succ = vec![Vec::new(); names.len()];
    for (u, v) in edges {
        succ[id(u) as usize].push(id(v));
    }
    let game = Digraph::new(succ);
    let (value, counter) = values(&game);
    check_definition(&game, &value, &counter, 0);
    let inf = |k: &[u32]| LoopyNim::infinite(k.to_vec());
    let expected = [
        LoopyNim::Finite(0),
        LoopyNim::Finite(1),
        LoopyNim::Finite(2),
        inf(&[0, 2]),
        LoopyNim::Finite(0),
        LoopyNim::Finite(1),
        inf(&[]),
        inf(&[1]),
    ];
    assert_eq!(value, expected);
    assert_eq!(
        value.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
        ["0", "1", "2", "∞(0,2)", "0", "1", "∞(∅)", "∞(1)"]
    );
    let outcomes: Vec<Value> = value.iter().map(LoopyNim::value).collect();
    use Value::{Draw, Lose, Win};
    assert_eq!(outcomes, [Lose, Win, Win, Win, Lose, Win, Draw, Draw]);
    // p reaches 0 only after q is known to reverse: a larger counter than z's.
    assert_eq!((counter[id("z") as usize], counter[id("p") as usize]), (Some(0), Some(1)));
}

#[test]
fn declared_ends_other_than_losses_are_refused() {
    let mut game = Digraph::new(vec![vec![1], vec![]]);
    game.terminal[1] = Some(Outcome::new(Value::Lose, 2));
    let solved = loopy::solve(&game, &game.roots(), &Silent).unwrap();
    assert_eq!(solved.get(&0), Some(LoopyNim::Finite(1)));
    game.terminal[1] = Some(Outcome::new(Value::Tie, 0));
    let err = loopy::solve(&game, &game.roots(), &Silent).err().unwrap();
    assert!(matches!(err, Error::Unsupported(_)), "{err}");
    assert!(err.to_string().contains("declared a tie"), "{err}");
}

#[test]
fn misere_play_on_random_graphs() {
    // The reference: the naive solver on the same graph with every sink that declares nothing
    // declared won for the player to move. Declared ends keep their outcome, remoteness included.
    let mut positions = 0;
    let mut acyclic_positions = 0;
    for seed in 0..3000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(3 << 40 | seed);
        let n = rng.gen_range(1..=20);
        let acyclic = seed % 3 == 0;
        let mut game = random_graph(&mut rng, n, 4, acyclic);
        for t in game.terminal.iter_mut() {
            if rng.gen_bool(0.1) {
                *t = Some(Outcome::new(
                    [Value::Win, Value::Lose, Value::Tie][rng.gen_range(0..3)],
                    rng.gen_range(0..3),
                ));
            }
        }
        let succ: Vec<Vec<usize>> =
            (0..n).map(|v| game.followers(v).iter().map(|&c| c as usize).collect()).collect();
        let declared: Vec<Option<Outcome>> = (0..n)
            .map(|v| game.terminal[v].or_else(|| succ[v].is_empty().then_some(Outcome::new(Value::Win, 0))))
            .collect();
        let reference = naive::naive_solve(&succ, &declared);
        let misere = Misere::new(&game);
        let solved = retrograde::solve(&misere, &game.roots(), Predecessors::Auto, &Silent).unwrap();
        for (v, &want) in reference.iter().enumerate() {
            assert_eq!(solved.get(&(v as u32)), Some(want), "seed {seed}: node {v}");
        }
        if acyclic {
            let searched = memo::solve(&misere, &game.roots(), &Silent).unwrap();
            for (v, &want) in reference.iter().enumerate() {
                assert_eq!(searched.get(&(v as u32)), Some(want), "seed {seed}: node {v}");
            }
            acyclic_positions += n;
        }
        positions += n;
    }
    eprintln!(
        "3000 random graphs, {positions} positions: misère outcomes by retrograde analysis (and \
         {acyclic_positions} by memo search) equal the reference"
    );
    assert_eq!((positions, acyclic_positions), (31_834, 10_573));
}
