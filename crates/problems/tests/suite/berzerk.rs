//! Berzerk: the fast retrograde analysis against the engine's retrograde solver on the library
//! game (built from its successors only), on every small instance and on random larger ones;
//! and the input reader on malformed inputs.

use crate::common;
use common::fuzz::Fuzz;

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::{Notation, Silent, Value};
use nimber_games::berzerk::{Berzerk, BerzerkPos};
use nimber_problems::{berzerk, InputError, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The steps in `1..n` whose bits are set in `mask` (bit `s - 1` for step `s`).
fn subset(mask: u32, n: u32) -> Vec<u32> {
    (1..n).filter(|s| mask >> (s - 1) & 1 != 0).collect()
}

/// Compares the fast values with the engine's on every state of one instance; returns the
/// number of positions compared (both players, objects 2..n).
fn check(n: u32, s1: &[u32], s2: &[u32]) -> usize {
    let game = Berzerk::new(n, s1.to_vec(), s2.to_vec()).unwrap();
    let roots = game.open_positions();
    let solved = retrograde::solve(&game, &roots, Predecessors::ReverseGraph, &Silent).unwrap();
    let fast = berzerk::values(n as usize, s1, s2);
    assert_eq!(fast.len(), 2 * n as usize);
    for pos in &roots {
        let engine = solved.get(pos).unwrap().value();
        let ours = fast[(pos.player as usize - 1) * n as usize + pos.object as usize - 1];
        assert_eq!(ours, engine, "n={n} s1={s1:?} s2={s2:?} at {}", game.format(pos));
    }
    // The black hole: the player to move there has lost.
    assert_eq!(fast[0], Value::Lose);
    assert_eq!(fast[n as usize], Value::Lose);
    roots.len()
}

/// The problem's input for an instance.
fn input(n: u32, s1: &[u32], s2: &[u32]) -> String {
    let list = |s: &[u32]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
    format!("{n}\n{} {}\n{} {}\n", s1.len(), list(s1), s2.len(), list(s2))
}

/// The problem's expected output from the engine's solution.
fn engine_output(n: u32, s1: &[u32], s2: &[u32]) -> String {
    let game = Berzerk::new(n, s1.to_vec(), s2.to_vec()).unwrap();
    let solved =
        retrograde::solve(&game, &game.open_positions(), Predecessors::ReverseGraph, &Silent).unwrap();
    let line = |player: u8| {
        (2..=n)
            .map(|object| match solved.get(&BerzerkPos { player, object }).unwrap().value() {
                Value::Win => "Win",
                Value::Lose => "Lose",
                _ => "Loop",
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!("{}\n{}", line(1), line(2))
}

#[test]
fn every_instance_up_to_eight_objects() {
    let (mut instances, mut positions) = (0, 0);
    for n in 2..=8u32 {
        let subsets = 1u32 << (n - 1);
        for m1 in 1..subsets {
            for m2 in 1..subsets {
                positions += check(n, &subset(m1, n), &subset(m2, n));
                instances += 1;
            }
        }
    }
    eprintln!(
        "berzerk: {instances} instances (n <= 8, every pair of step sets), {positions} positions agree"
    );
    // Sum over n = 2..8 of (2^(n-1) - 1)^2 instances, each with 2 (n - 1) positions.
    assert_eq!(instances, 1 + 9 + 49 + 225 + 961 + 3969 + 16129);
    assert_eq!(positions, 2 * (1 + 2 * 9 + 3 * 49 + 4 * 225 + 5 * 961 + 6 * 3969 + 7 * 16129));
}

/// A random step set in `1..n`: each step kept with probability `density`, at least one.
fn random_steps(rng: &mut ChaCha8Rng, n: u32) -> Vec<u32> {
    let density: f64 = [0.02, 0.1, 0.3, 0.5, 0.8, 0.97, 1.0][rng.gen_range(0..7)];
    let mut steps: Vec<u32> = (1..n).filter(|_| rng.gen_bool(density)).collect();
    if steps.is_empty() {
        steps.push(rng.gen_range(1..n));
    }
    steps
}

#[test]
fn random_instances() {
    let mut rng = ChaCha8Rng::seed_from_u64(786);
    let (mut instances, mut positions, mut loops) = (0, 0, 0);
    // Up to 60 objects (one bitset word), then larger circles across several words.
    for (count, lo, hi) in [(600, 9, 60), (60, 61, 300), (8, 500, 1200)] {
        for _ in 0..count {
            let n = rng.gen_range(lo..=hi);
            let (s1, s2) = (random_steps(&mut rng, n), random_steps(&mut rng, n));
            positions += check(n, &s1, &s2);
            loops += berzerk::values(n as usize, &s1, &s2).iter().filter(|&&v| v == Value::Draw).count();
            instances += 1;
        }
    }
    eprintln!("berzerk: {instances} random instances (n 9..=1200), {positions} positions agree, {loops} of them loops");
    assert_eq!(instances, 668);
    assert!(loops > 1000, "the random instances include many loops");
}

#[test]
fn structured_instances() {
    // Ranges and progressions, where states are decided in sweeps around the circle.
    let mut instances = 0;
    for n in [64u32, 65, 127, 128, 129, 300] {
        let families: Vec<(Vec<u32>, Vec<u32>)> = vec![
            ((n * 6 / 7..n).collect(), (1..n / 7).collect()),
            ((1..n / 7).collect(), (n * 6 / 7..n).collect()),
            ((1..n / 2).collect(), (1..n / 2).collect()),
            ((2..n).step_by(2).collect(), (1..n).step_by(2).collect()),
            ((3..n).step_by(3).collect(), (7..n).step_by(7).collect()),
            (vec![1], (1..n).collect()),
            ((1..n).collect(), (1..n).collect()),
            (vec![n - 1], vec![1]),
        ];
        for (s1, s2) in families {
            check(n, &s1, &s2);
            instances += 1;
        }
    }
    eprintln!("berzerk: {instances} structured instances agree");
    assert_eq!(instances, 48);
}

#[test]
fn text_output_matches_the_engine() {
    let mut rng = ChaCha8Rng::seed_from_u64(787);
    let mut checked = 0;
    for _ in 0..150 {
        let n = rng.gen_range(2..=130);
        let (s1, s2) = (random_steps(&mut rng, n), random_steps(&mut rng, n));
        let text = input(n, &s1, &s2);
        let expected = engine_output(n, &s1, &s2);
        assert_eq!(berzerk::solve(&text, &Options::default()).unwrap(), expected, "{text}");
        assert_eq!(berzerk::solve(&text, &Options { exact: true }).unwrap(), expected, "{text}");
        checked += 1;
    }
    eprintln!("berzerk: {checked} outputs match the engine, fast and --exact");
    assert_eq!(checked, 150);
}

#[test]
fn largest_inputs() {
    // Full step sets: every state has a move into the black hole.
    let all: Vec<u32> = (1..7000).collect();
    let out = berzerk::solve(&input(7000, &all, &all), &Options::default()).unwrap();
    let expected = vec!["Win"; 6999].join(" ");
    assert_eq!(out, format!("{expected}\n{expected}"));
    // The exact method refuses what would not fit.
    let err = berzerk::solve(&input(7000, &all, &all), &Options { exact: true }).unwrap_err();
    assert!(err.message.contains("--exact"), "{err}");
}

#[test]
fn input_errors_name_the_place() {
    let err = |text: &str| berzerk::solve(text, &Options::default()).unwrap_err();
    let at = |e: InputError| (e.line, e.column);
    assert_eq!(at(err("1\n1 1\n1 1\n")), (Some(1), Some(1)));
    assert_eq!(at(err("7001\n")), (Some(1), Some(1)));
    assert_eq!(at(err("5\n0\n")), (Some(2), Some(1)));
    assert_eq!(at(err("5\n2 3 5\n1 1\n")), (Some(2), Some(5)));
    assert_eq!(at(err("5\n2 3 3\n1 1\n")), (Some(2), Some(5)));
    assert!(err("5\n2 3 3\n1 1\n").message.contains("twice"));
    assert_eq!(at(err("5\n2 3 2\n3 1 2\n")), (Some(3), None));
    assert_eq!(at(err("5\n2 3 2\n1 1 9\n")), (Some(3), Some(5)));
    assert_eq!(at(err("5\n2 x 2\n1 1\n")), (Some(2), Some(3)));
    assert_eq!(at(err("5\n2 -3 2\n1 1\n")), (Some(2), Some(3)));
    assert_eq!(at(err("99999999999999999999999\n")), (Some(1), Some(1)));
    assert_eq!(at(err("")), (None, None));
    assert_eq!(at(err(" \n\n")), (None, None));
    // A huge input is not tokenized past what a valid one can hold; the first extra is named.
    let huge = format!("5\n1 1\n1 1\n{}", "7 ".repeat(3_000_000));
    assert_eq!(at(err(&huge)), (Some(4), Some(1)));
    let huge = format!("7000\n1 1\n1 1 {}", "1 ".repeat(3_000_000));
    assert_eq!(at(err(&huge)), (Some(3), Some(5)));
}

/// Inputs that must give `Ok` or an error naming a line (or, when empty, a whole-input error).
fn must_not_panic(text: &str) {
    match berzerk::solve(text, &Options::default()) {
        Ok(out) => assert!(out.lines().count() == 2, "{text:?}"),
        Err(e) => assert!(e.line.is_some() || text.trim().is_empty(), "{text:?}: {e}"),
    }
}

#[test]
fn malformed_inputs_never_panic() {
    let start = std::time::Instant::now();
    let fuzz = Fuzz {
        samples: &["5\n2 3 2\n3 1 2 3\n", "8\n4 6 2 3 4\n2 3 6\n"],
        tokens: &[
            "0",
            "1",
            "2",
            "3",
            "5",
            "7",
            "7000",
            "7001",
            "-1",
            "-7",
            "99999999999999999999",
            "x",
            "é",
            "1e3",
            "+2",
            "\n",
            " ",
            "\t",
            "2.5",
            "",
        ],
        separators: &[" "],
        max_tokens: 13,
        alphabet: &['0', '1', '7', '9', '-', ' ', '\n', 'a'],
        rounds: 1500,
        seed: 788,
    };
    let mut cases = fuzz.run(must_not_panic);
    let mut rng = ChaCha8Rng::seed_from_u64(789);
    // Large valid-looking inputs with a random defect.
    for _ in 0..30 {
        let n = rng.gen_range(2..=7000u32);
        let s1: Vec<u32> = random_steps(&mut rng, n);
        let s2: Vec<u32> = random_steps(&mut rng, n);
        let mut text = input(n, &s1, &s2);
        if rng.gen_bool(0.5) {
            text.truncate(rng.gen_range(0..text.len()));
        }
        must_not_panic(&text);
        cases += 1;
    }
    eprintln!("berzerk: {cases} malformed or random inputs handled in {:?}", start.elapsed());
    assert_eq!(cases, 6030);
}
