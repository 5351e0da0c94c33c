//! Games on a graph file: reading, values, solvers, notation.

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::solve::{grundy, memo};
use nimber_engine::table::Indexed;
use nimber_engine::{DynGame, Error, Game, Notation, Outcome, Silent, SolveOptions, Value};
use nimber_games::graph::*;
use std::path::Path;

const CYCLE: &str = include_str!("../../../../examples/graphs/cycle.txt");

#[test]
fn files_too_long_or_not_text_are_refused_before_being_read_whole() {
    // A device that never ends: read up to the limit and refused.
    let err = read_limited(Path::new("/dev/zero"), 1000).unwrap_err().to_string();
    assert_eq!(err, "/dev/zero: the graph file is longer than 1000 bytes, the most nimber reads");
    let path = std::env::temp_dir().join(format!("nimber-graph-limit-{}.txt", std::process::id()));
    std::fs::write(&path, b"a b\nb lose\n").unwrap();
    assert_eq!(read_limited(&path, 11).unwrap(), "a b\nb lose\n");
    assert!(read_limited(&path, 10).unwrap_err().to_string().contains("longer than 10 bytes"));
    std::fs::write(&path, b"a b\n\xffb lose\n").unwrap();
    assert!(read_limited(&path, 100).unwrap_err().to_string().ends_with("not UTF-8 text (byte 5)"));
    let _ = std::fs::remove_file(&path);
}

fn graph(text: &str) -> Graph {
    Graph::from_text(text, "t.txt", None).unwrap()
}

fn error(text: &str) -> String {
    Graph::from_text(text, "games/x.txt", None).unwrap_err().to_string()
}

/// A random graph file of `n` positions: moves (self-loops and repeated moves included) and
/// declared ends, from a xorshift generator seeded with `seed`.
fn random_graph(seed: u64, n: usize) -> String {
    random_graph_with(seed, n, &["win", "lose", "tie"])
}

/// [`random_graph`] with the declared ends drawn from `ends`.
pub(crate) fn random_graph_with(seed: u64, n: usize, ends: &[&str]) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % m
    };
    let mut text = String::new();
    for u in 0..n {
        match next(6) {
            0 => text.push_str(&format!("p{u} {}\n", ends[next(ends.len() as u64) as usize])),
            1 => {}
            _ => {
                for _ in 0..1 + next(3) {
                    text.push_str(&format!("p{u} p{}\n", next(n as u64)));
                }
            }
        }
    }
    text
}

/// The dense solver (over the index, with the graph's predecessors) against retrograde
/// analysis over a reverse graph built from the moves, on every position of random loopy
/// graphs with declared wins, losses and ties; the dense index is a bijection and the
/// predecessors are exactly the reversed moves.
#[test]
fn dense_solve_agrees_with_retrograde_on_random_loopy_graphs() {
    use nimber_engine::table::check::{check_bijection, check_predecessors, check_slot_methods};
    use nimber_engine::table::dense;
    let mut counts = [0u64; 4];
    let (mut positions, mut graphs) = (0u64, 0u64);
    for seed in 0..400u64 {
        let n = 1 + (seed % 45) as usize;
        let text = random_graph(seed, n);
        let Ok(game) = Graph::from_text(&text, "random.txt", None) else { continue };
        assert_eq!(check_bijection(&game, std::iter::empty(), 0..game.size()), 0);
        check_predecessors(&game, game.roots());
        check_slot_methods(&game, game.roots());
        let solved = dense::solve(&game, None, &Silent).unwrap();
        let reference = retrograde::solve(&game, &game.roots(), Predecessors::ReverseGraph, &Silent).unwrap();
        assert_eq!(solved.len(), game.len() as u64);
        for pos in game.roots() {
            let outcome = reference.get(&pos).unwrap();
            assert_eq!(solved.get(&game, &pos), Some(outcome), "seed {seed}, {}", game.name(pos));
            counts[outcome.value() as usize] += 1;
        }
        positions += game.len() as u64;
        graphs += 1;
    }
    eprintln!(
        "graph dense vs retrograde: {graphs} graphs, {positions} positions, win/lose/tie/draw {counts:?}"
    );
    assert!(graphs >= 380 && positions > 8000, "{graphs} graphs, {positions} positions");
    assert!(counts.iter().all(|&c| c > 100), "every value often: {counts:?}");
}

#[test]
fn a_changed_graph_is_another_index_scheme() {
    let scheme = |text: &str| graph(text).index_scheme();
    assert_eq!(scheme("a b\nb c\nc tie\n"), scheme("a b # comment\n\nb c\nc tie\n"));
    assert_ne!(scheme("a b\nb c\nc tie\n"), scheme("a b\nb c\nc win\n"));
    assert_ne!(scheme("a b\nb c\n"), scheme("a b\nb a\n"));
    assert_ne!(scheme("a b\nb c\n"), scheme("a b\nb cc\n"));
    assert!(scheme("a b\n").starts_with("graph-v1-"));
}

#[test]
fn example_file_values_by_hand() {
    let game = graph(CYCLE);
    assert_eq!(game.len(), 17);
    assert_eq!(game.format(&game.start()), "start");
    let solved = retrograde::solve(&game, &game.roots(), Predecessors::Auto, &Silent).unwrap();
    assert_eq!(solved.len(), 17);
    let expect = |name: &str, value: Value, remoteness: u32| {
        let pos = game.parse(name).unwrap();
        assert_eq!(solved.get(&pos), Some(Outcome::new(value, remoteness)), "{name}");
    };
    expect("start", Value::Win, 5);
    expect("l", Value::Lose, 0);
    expect("p", Value::Win, 1);
    expect("q", Value::Lose, 2);
    expect("r", Value::Win, 3);
    expect("t", Value::Tie, 0);
    expect("c1", Value::Tie, 2);
    expect("c2", Value::Tie, 1);
    expect("e1", Value::Win, 3);
    expect("e2", Value::Lose, 4);
    expect("w", Value::Win, 0);
    expect("g", Value::Lose, 1);
    expect("h", Value::Win, 1);
    for name in ["d1", "d2", "f", "s"] {
        assert_eq!(solved.get(&game.parse(name).unwrap()), Some(Outcome::DRAW), "{name}");
    }
    // The same with the reverse graph built by the engine.
    let graph = retrograde::solve(&game, &game.roots(), Predecessors::ReverseGraph, &Silent).unwrap();
    for (p, o) in solved.iter() {
        assert_eq!(graph.get(p), Some(o));
    }
    // The cycles stop memo search.
    assert!(matches!(memo::solve(&game, &game.roots(), &Silent), Err(Error::Cycle(_))));
}

#[test]
fn solve_covers_every_position_in_the_file() {
    // `b` and `c` cannot be reached from the start `a`, but a solve covers them.
    let game = graph("a x\nb c\nc b\n");
    let report = DynGame::solve(&game, &SolveOptions::default(), &Silent).unwrap();
    assert_eq!(report.positions, 4);
    assert_eq!(report.start.outcome, Some(Outcome::new(Value::Win, 1)));
    // A query starts from the asked position only.
    let query = DynGame::query(&game, Some("b"), &Silent).unwrap();
    assert_eq!(query.outcome, Outcome::DRAW);
}

#[test]
fn acyclic_graph_nim_values() {
    // A chain of three and a fork: values by the mex rule.
    let game = graph("a b\nb c\nd a\nd c\nd e\ne c\n");
    let nims = grundy::solve(&game, &game.roots(), &Silent).unwrap();
    let nim = |name: &str| nims.get(&game.parse(name).unwrap()).unwrap();
    assert_eq!([nim("c"), nim("b"), nim("a"), nim("e"), nim("d")], [0, 1, 0, 1, 2]);
}

#[test]
fn start_parameter() {
    let game = Graph::from_text(CYCLE, "t.txt", Some("d1")).unwrap();
    assert_eq!(game.format(&game.start()), "d1");
    let err = Graph::from_text(CYCLE, "t.txt", Some("zz")).unwrap_err().to_string();
    assert_eq!(err, "t.txt: start position `zz` is not in the file");
}

#[test]
fn malformed_files_name_the_line() {
    assert_eq!(
        error("a b\n\nx y z\n"),
        "games/x.txt:3: expected `u v`, `u win`, `u lose` or `u tie`, found 3 tokens"
    );
    assert_eq!(
        error("# only a comment\na # b c\n"),
        "games/x.txt:2: expected `u v`, `u win`, `u lose` or `u tie`, found 1 token"
    );
    let e = error("a b\nwin a\n");
    assert!(e.starts_with("games/x.txt:2: `win` cannot name a position"), "{e}");
    let e = error("a b\nb Lose\nb tie\n");
    assert_eq!(e, "games/x.txt:3: position `b` is already declared lose on line 2");
    let e = error("a b\na c\nx y\na win\n");
    assert!(
        e.starts_with("games/x.txt:4: position `a` is declared win here but has a move on line 1"),
        "{e}"
    );
    let e = error("a tie\n\na b\n");
    assert!(
        e.starts_with("games/x.txt:3: position `a` has a move here but is declared tie on line 1"),
        "{e}"
    );
    let e = error("a draw\n");
    assert!(e.starts_with("games/x.txt:1: position `a` cannot be declared a draw"), "{e}");
    assert_eq!(error(""), "games/x.txt: no positions: the file has no moves and no declarations");
    assert_eq!(error("# nothing\n\n   \n"), error(""));
}

#[test]
fn declared_values_and_target_names() {
    // A declared value may be any of win, lose, tie, in any case; a position named like a
    // value is refused only as a position, so `win` as a second token is a declaration.
    let game = graph("a b\r\nb WIN\r\nc tie # a comment\n  d   a  \n");
    assert_eq!(game.terminal(&game.parse("b").unwrap()), Some(Outcome::new(Value::Win, 0)));
    assert_eq!(game.terminal(&game.parse("c").unwrap()), Some(Outcome::new(Value::Tie, 0)));
    assert_eq!(game.terminal(&game.parse("a").unwrap()), None);
    assert_eq!(game.len(), 4);
    let labels: Vec<String> = game.moves(&game.parse("d").unwrap()).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["a"]);
}

#[test]
fn unreadable_file_is_an_io_error() {
    let missing = "/nonexistent/nimber/graph.txt";
    match nimber_games::build("graph", &[format!("file={missing}")]) {
        Err(Error::Io { path, .. }) => assert_eq!(path, missing),
        Err(e) => panic!("expected an I/O error, got {e}"),
        Ok(_) => panic!("expected an I/O error"),
    }
    assert!(matches!(nimber_games::build("graph", &[] as &[&str]), Err(Error::Param(_))));
}

#[test]
fn notation_round_trip() {
    let game = graph(CYCLE);
    for name in ["start", "c1", "w", "s"] {
        assert_eq!(game.format(&game.parse(name).unwrap()), name);
    }
    assert_eq!(game.format(&game.parse("  e2 ").unwrap()), "e2");
    for p in game.roots() {
        assert_eq!(game.parse(&game.format(&p)).unwrap(), p);
    }
    let e = game.parse("nope").unwrap_err();
    assert_eq!(e.message, "no position named `nope` in t.txt");
    assert!(game.parse("").is_err());
}

proptest::proptest! {
    #[test]
    fn reading_never_panics(text in "(a|b|c|win|Lose|tie|draw| |#|\n|\r\n|é)*", start in "a|b|z") {
        if let Ok(game) = Graph::from_text(&text, "p.txt", Some(&start)) {
            // Every position parses back and the whole file solves.
            for p in game.roots() {
                proptest::prop_assert_eq!(game.parse(&game.format(&p)).unwrap(), p);
            }
            let solved = retrograde::solve(&game, &game.roots(), Predecessors::Auto, &Silent).unwrap();
            proptest::prop_assert_eq!(solved.len(), game.len());
        }
    }
}
