//! Game in the dark: the pursuit search against retrograde, notation.

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::{Game, Notation, Outcome, Silent, Value};
use nimber_games::gameindarkness::pursuit::{self, DEFAULT_MAX_STATES};
use nimber_games::gameindarkness::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Solves the game from its start by retrograde analysis and by the pursuit search, checks
/// that they agree (value, and the length of the shortest winning plan), and returns the
/// start's outcome and the number of positions.
fn cross_check(field: &str) -> (Outcome, usize) {
    let game = GameInDarkness::new(field).unwrap();
    let start = game.start();
    let solved = retrograde::solve(&game, &[start], Predecessors::Auto, &Silent).unwrap();
    let outcome = solved.get(&start).unwrap();
    let bob = start.bob.trailing_zeros() as usize;
    let search = pursuit::solve(game.graph(), start.alice as usize, &[bob], DEFAULT_MAX_STATES).unwrap();
    assert_eq!(search.pursuer_wins, outcome.value() == Value::Win, "{field}: {outcome} vs {search:?}");
    assert!(matches!(outcome.value(), Value::Win | Value::Draw), "{field}: {outcome}");
    if let Some(r) = outcome.remoteness() {
        // Each of Alice's moves but the last is followed by Bob's; she wins on her move
        // (odd number of plies) or on his forced move (even).
        assert_eq!(search.moves(), Some(r.div_ceil(2) as usize), "{field}: {outcome}");
    }
    for (p, o) in solved.iter() {
        // Bob's positions are never wins for him and Alice's never losses.
        let expected = if p.alice_to_move { Value::Lose } else { Value::Win };
        assert_ne!(o.value(), expected, "{}", game.format(p));
    }
    (outcome, solved.len())
}

#[test]
fn official_small_examples() {
    // The official examples with at most 128 empty cells (numbers 1, 2, 3, 4, 6 and 7 of
    // crates/problems/tests/data/gameindarkness; the answers are the problem's: Alice wins
    // all but example 2). Remoteness counts plies, Alice's and Bob's: example 1 is won in 5
    // moves of Alice, example 3 at once (Bob stands right below her).
    let examples = [
        ("A.B../##.##/##.##", Outcome::new(Value::Win, 10), 71),
        ("A.B../.#.#./#..##", Outcome::DRAW, 110),
        ("#...#/.#A#./..B../.#.#./#...#", Outcome::new(Value::Win, 1), 131),
        ("##..#/A.#../#B..#/#.##./.....", Outcome::new(Value::Win, 34), 358),
        ("###.#/###../A..B#/###../###.#", Outcome::new(Value::Win, 11), 69),
        (
            ".....#.##.##.#.#/.###.#.##.##..../#......B#...#.#./#.#A#.#.#.#..##./...#..#....#....",
            Outcome::new(Value::Win, 57),
            5476,
        ),
    ];
    for (field, expected, positions) in examples {
        assert_eq!(cross_check(field), (expected, positions), "{field}");
    }
}

#[test]
fn hand_checked_corridor() {
    // A corridor A.B: after Alice steps to the middle Bob, at the end, must step onto her.
    let (outcome, positions) = cross_check("A.B/###");
    assert_eq!(outcome, Outcome::new(Value::Win, 2));
    // Positions: the start, Bob to move after `right` (set {B}), and the end (set empty).
    assert_eq!(positions, 3);
}

/// A random connected field of `rows` x `cols` with `cells` empty cells (grown from one
/// cell), with `A` and `B` on two of them; cycles allowed.
fn random_field(rng: &mut ChaCha8Rng, rows: usize, cols: usize, cells: usize) -> String {
    let mut empty = vec![false; rows * cols];
    let first = rng.gen_range(0..rows * cols);
    empty[first] = true;
    let mut count = 1;
    while count < cells {
        let i = rng.gen_range(0..rows * cols);
        if empty[i] {
            continue;
        }
        let (r, c) = (i / cols, i % cols);
        let touches = (r > 0 && empty[i - cols])
            || (r + 1 < rows && empty[i + cols])
            || (c > 0 && empty[i - 1])
            || (c + 1 < cols && empty[i + 1]);
        if touches {
            empty[i] = true;
            count += 1;
        }
    }
    let open: Vec<usize> = (0..rows * cols).filter(|&i| empty[i]).collect();
    let a = open[rng.gen_range(0..open.len())];
    let b = loop {
        let b = open[rng.gen_range(0..open.len())];
        if b != a {
            break b;
        }
    };
    let mut s = String::new();
    for (i, &open) in empty.iter().enumerate() {
        if i > 0 && i % cols == 0 {
            s.push('/');
        }
        s.push(match i {
            _ if i == a => 'A',
            _ if i == b => 'B',
            _ if open => '.',
            _ => '#',
        });
    }
    s
}

#[test]
fn retrograde_agrees_with_the_pursuit_search() {
    // Random connected fields (trees and fields with cycles) up to 4 x 5 with up to 14
    // empty cells; both solvers from the start.
    let mut rng = ChaCha8Rng::seed_from_u64(588);
    let (mut fields, mut wins, mut positions) = (0, 0, 0);
    for _ in 0..2000 {
        let rows = rng.gen_range(2..=4);
        let cols = rng.gen_range(2..=5);
        let cells = rng.gen_range(2..=(rows * cols).min(14));
        let field = random_field(&mut rng, rows, cols, cells);
        let (outcome, n) = cross_check(&field);
        fields += 1;
        positions += n;
        wins += usize::from(outcome.value() == Value::Win);
    }
    eprintln!("gameindarkness: retrograde = pursuit search on {fields} random fields ({wins} won by Alice, {positions} positions)");
    assert_eq!(fields, 2000);
    assert!(wins > 0 && wins < fields, "both outcomes occur");
}

#[test]
fn retrograde_agrees_with_the_pursuit_search_on_every_3x3_field() {
    // Every connected set of at least 2 cells of a 3 x 3 grid (cycles allowed), every
    // placement of A and B.
    let (mut fields, mut placements, mut wins) = (0, 0, 0);
    for mask in 0u32..1 << 9 {
        let cells: Vec<usize> = (0..9).filter(|&i| mask >> i & 1 == 1).collect();
        if cells.len() < 2 {
            continue;
        }
        let row = |r: usize, a: usize, b: usize| -> String {
            (0..3)
                .map(|c| match 3 * r + c {
                    i if i == a => 'A',
                    i if i == b => 'B',
                    i if mask >> i & 1 == 1 => '.',
                    _ => '#',
                })
                .collect()
        };
        let text = |a, b| format!("{}/{}/{}", row(0, a, b), row(1, a, b), row(2, a, b));
        if GameInDarkness::new(&text(cells[0], cells[1])).is_err() {
            continue; // not connected
        }
        fields += 1;
        for &a in &cells {
            for &b in cells.iter().filter(|&&b| b != a) {
                let (outcome, _) = cross_check(&text(a, b));
                placements += 1;
                wins += usize::from(outcome.value() == Value::Win);
            }
        }
    }
    eprintln!(
        "gameindarkness: retrograde = pursuit search on {fields} connected fields of a 3 x 3 grid, {placements} \
         placements ({wins} won by Alice)"
    );
    assert_eq!((fields, placements, wins), (209, 4928, 3696));
}

#[test]
fn notation_round_trip() {
    let game = GameInDarkness::new("#...#/.#A#./..B../.#.#./#...#").unwrap();
    assert_eq!(game.format(&game.start()), "#...#/.#A#./..B../.#.#./#...# a");
    let solved = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
    assert!(solved.len() > 100);
    for (p, _) in solved.iter() {
        let text = game.format(p);
        assert_eq!(&game.parse(&text).unwrap(), p, "{text}");
        assert_eq!(&game.parse(&format!("  {text}  ")).unwrap(), p, "{text}");
    }
    let p = game.parse("#...#/.#A#./BBB../.#.#./#...# b").unwrap();
    assert!(!p.alice_to_move);
    assert_eq!(p.bob.count_ones(), 3);
    // Moves are named by direction; Bob's is forced.
    let labels: Vec<String> = game.moves(&game.start()).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["up", "down"]);
    assert_eq!(game.moves(&p).into_iter().map(|m| m.label).collect::<Vec<_>>(), ["bob"]);
}

#[test]
fn bad_positions_and_fields_are_refused() {
    let game = GameInDarkness::new("A.B../##.##/##.##").unwrap();
    let err = |t: &str| game.parse(t).unwrap_err();
    assert_eq!(err("A.B../##.##/##.#. a").column, Some(17));
    assert_eq!(err("A.B../#..##/##.## a").column, Some(8));
    assert_eq!(err("AAB../##.##/##.## a").column, Some(2));
    assert_eq!(err("A.B..x##.##/##.## a").column, Some(6));
    assert_eq!(err("A.B../##.##/##.##").column, Some(18));
    assert_eq!(err("A.B../##.##/##.## c").column, Some(19));
    assert_eq!(err("A.B../##.##/##.## a x").column, Some(21));
    assert_eq!(err("A.B../##.##/##.##/ a").column, Some(18));
    assert_eq!(err("A.B../##.##/##.").column, Some(16));
    assert_eq!(err("").column, Some(1));
    assert!(err(".BB../##.##/##.## a").column.is_none());
    assert_eq!(err("A.x../##.##/##.## a").column, Some(3));
    for bad in ["", "A.B/###/x..", "A.B/##", "A.A/#B#", "A../###", "A#B/###", "A.B//...", "A#/#B"] {
        assert!(GameInDarkness::new(bad).is_err(), "{bad}");
    }
    // Cycles are allowed in the game (the problem's fields are trees).
    assert!(GameInDarkness::new("AB/..").is_ok());
    let wide = format!("A{}B", ".".repeat(126));
    assert!(GameInDarkness::new(&wide).is_err(), "128 cells is fine, 51 columns is not");
    let big: Vec<String> = (0..3).map(|_| ".".repeat(50)).collect();
    let big = format!("A{}/{}", &big[0][1..], big[1..].join("/")).replacen('.', "B", 1);
    assert!(GameInDarkness::new(&big).is_err(), "150 empty cells");
}

proptest::proptest! {
    #[test]
    fn parse_never_panics(text in "[AB.#/ ab\t?é]{0,24}|\\PC{0,24}") {
        let game = GameInDarkness::new("A.B../##.##/##.##").unwrap();
        if let Ok(p) = game.parse(&text) {
            proptest::prop_assert_eq!(game.parse(&game.format(&p)).unwrap(), p);
        }
        let _ = GameInDarkness::new(&text);
    }
}
