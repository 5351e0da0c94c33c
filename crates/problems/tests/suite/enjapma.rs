//! Enjapma (yukicoder 819): the fast rule against exhaustive solving of the game's rules on
//! every board up to 3 x 4 and 4 x 3, the claims behind it, the samples, and a fuzz of the
//! input reader.

use std::collections::BTreeMap;
use std::fs;
use std::time::{Duration, Instant};

use nimber_engine::solve::{grundy, memo};
use nimber_engine::{Notation, Silent, Value};
use nimber_games::enjapma::{nim_value, Enjapma};
use nimber_problems::enjapma::{read, solve};
use nimber_problems::{InputError, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::examples;

/// Every board size from 1 x 1 up to 3 x 4 and 4 x 3.
fn sizes() -> Vec<(u32, u32)> {
    let mut sizes = Vec::new();
    for h in 1..=4 {
        for w in 1..=4 {
            if (h <= 3 && w <= 4) || (h <= 4 && w <= 3) {
                sizes.push((h, w));
            }
        }
    }
    sizes
}

/// The problem's input for a position of `game`.
fn input_of(game: &Enjapma, pos: u64) -> String {
    format!("{} {}\n{}\n", game.height(), game.width(), game.format(&pos).replace('/', "\n"))
}

/// Calls `f(game, position, outcome, nim value)` for every position of every board size.
fn for_every_board(mut f: impl FnMut(&Enjapma, u64, Value, u32)) {
    for (h, w) in sizes() {
        let game = Enjapma::new(h, w).unwrap();
        let roots: Vec<u64> = (0..=game.full()).collect();
        let outcomes = memo::solve(&game, &roots, &Silent).unwrap();
        let nims = grundy::solve(&game, &roots, &Silent).unwrap();
        for &pos in &roots {
            f(&game, pos, outcomes.get(&pos).unwrap().value(), nims.get(&pos).unwrap());
        }
    }
}

#[test]
fn fast_rule_matches_exhaustive_solving_on_every_board_up_to_3x4_and_4x3() {
    let mut checked = 0;
    let mut per_size: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for_every_board(|game, pos, value, _| {
        let input = input_of(game, pos);
        // The reader's counts are the game's (x, y)...
        let counts = read(&input).unwrap();
        assert_eq!((counts.pieces, counts.on_corner_colour), game.counts(pos), "{input}");
        // ...and the answer is the exhaustive one: YES exactly when the first player loses.
        let expected = if value == Value::Lose { "YES" } else { "NO" };
        assert_eq!(solve(&input, &Options::default()).unwrap(), expected, "{input}");
        checked += 1;
        *per_size.entry((game.height(), game.width())).or_default() += 1;
    });
    eprintln!("enjapma: fast rule checked on {checked} positions over {} board sizes", per_size.len());
    assert_eq!(per_size.len(), 15);
    assert_eq!(per_size[&(3, 4)], 4096);
    assert_eq!(per_size[&(4, 3)], 4096);
    // 2^1+2^2+2^3+2^4 + 2^2+2^4+2^6+2^8 + 2^3+2^6+2^9+2^12 + 2^4+2^8+2^12.
    assert_eq!(checked, 9418);
}

#[test]
fn outcome_and_nim_value_depend_only_on_x_and_y() {
    // Over the same boards: every (x, y) has one outcome and one nim value, whatever the board
    // size or the placement of the pieces.
    let mut outcome: BTreeMap<(u64, u64), Value> = BTreeMap::new();
    let mut nim: BTreeMap<(u64, u64), u32> = BTreeMap::new();
    let mut checked = 0;
    for_every_board(|game, pos, value, n| {
        let xy = game.counts(pos);
        let seen = *outcome.entry(xy).or_insert(value);
        assert_eq!(seen, value, "outcome of {xy:?} differs at {}", game.format(&pos));
        let seen = *nim.entry(xy).or_insert(n);
        assert_eq!(seen, n, "nim value of {xy:?} differs at {}", game.format(&pos));
        checked += 1;
    });
    assert_eq!(checked, 9418);
    // Every 0 <= y <= x <= 12 occurs except where a 4 x 3 board cannot hold y pieces on one
    // colour (6 cells each) and x - y on the other.
    assert_eq!(outcome.len(), 49);
    eprintln!("enjapma: outcome by (x, y) (L = first player loses), over {checked} positions:");
    for x in 0..=12 {
        let row: String = (0..=x)
            .map(|y| match outcome.get(&(x, y)) {
                Some(Value::Lose) => 'L',
                Some(_) => 'W',
                None => '-',
            })
            .collect();
        eprintln!("  x = {x:2}: {row}");
    }
    // The table is periodic with period 3 in x and in y, and is the rule x + y ≡ 0 (mod 3);
    // the nim value is (2y - x) mod 3.
    for (&(x, y), &value) in &outcome {
        assert_eq!(value == Value::Lose, (x + y) % 3 == 0, "({x}, {y})");
        assert_eq!(nim[&(x, y)], nim_value(x, y), "({x}, {y})");
        assert_eq!(nim[&(x, y)] as u64, (2 * y + 2 * x) % 3, "({x}, {y})"); // 2x ≡ -x
        for other in [(x + 3, y), (x, y + 3), (x + 3, y + 3)] {
            if let Some(&v) = outcome.get(&other) {
                assert_eq!(v, value, "({x}, {y}) and {other:?}");
            }
        }
    }
}

#[test]
fn samples() {
    let mut checked = 0;
    for path in examples::example_inputs("enjapma") {
        let expected = fs::read_to_string(path.with_extension("out")).unwrap();
        let output = solve(&fs::read_to_string(&path).unwrap(), &Options::default()).unwrap();
        assert_eq!(format!("{output}\n"), expected, "{}", path.display());
        checked += 1;
    }
    eprintln!("enjapma: {checked} samples passed");
    assert_eq!(checked, 6);
}

#[test]
fn large_boards() {
    // 2000 x 2000, random, against a cell-by-cell count; and the extreme shapes.
    let mut rng = ChaCha8Rng::seed_from_u64(819);
    for (h, w) in [(2000usize, 2000usize), (1, 100_003), (100_003, 1), (3, 70_001)] {
        let mut input = format!("{h} {w}\n").into_bytes();
        let (mut x, mut y) = (0u64, 0u64);
        for r in 0..h {
            for c in 0..w {
                let piece = rng.gen_bool(0.3);
                input.push(if piece { b'o' } else { b'.' });
                if piece {
                    x += 1;
                    y += ((h - 1 - r + c) % 2 == 0) as u64;
                }
            }
            input.push(b'\n');
        }
        let input = String::from_utf8(input).unwrap();
        let counts = read(&input).unwrap();
        assert_eq!((counts.h, counts.w, counts.pieces, counts.on_corner_colour), (h as u64, w as u64, x, y));
        let expected = if (x + y) % 3 == 0 { "YES" } else { "NO" };
        assert_eq!(solve(&input, &Options::default()).unwrap(), expected);
        // Windows line endings read the same.
        assert_eq!(read(&input.replace('\n', "\r\n")).unwrap(), counts);
    }
}

/// A plain reader of the same format, line by line and cell by cell: `(x, y)` or `None`.
fn reference(input: &str) -> Option<(u64, u64)> {
    let lines: Vec<&str> = input.split('\n').collect();
    let blank = |l: &str| l.bytes().all(|b| b.is_ascii_whitespace());
    let first = lines.iter().position(|l| !blank(l))?;
    let header: Vec<&str> = lines[first].split_whitespace().collect();
    let [h, w] = header[..] else { return None };
    let (h, w): (i64, i64) = (h.parse().ok()?, w.parse().ok()?);
    if !(1..=100_000_000).contains(&h) || !(1..=100_000_000).contains(&w) {
        return None;
    }
    let rows = lines.get(first + 1..first + 1 + h as usize)?;
    let (mut x, mut y) = (0, 0);
    for (r, row) in rows.iter().enumerate() {
        let row = row.trim_end_matches([' ', '\t', '\r']).trim_start_matches([' ', '\t']);
        if row.chars().count() != w as usize {
            return None;
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'o' => {
                    x += 1;
                    y += (h as usize - 1 - r + c).is_multiple_of(2) as u64;
                }
                '.' => {}
                _ => return None,
            }
        }
    }
    lines[first + 1 + h as usize..].iter().all(|l| blank(l)).then_some((x, y))
}

/// Checks one input: no panic, quick, errors with a line (none only for a blank input), and
/// the same verdict as the plain reader.
fn check(input: &str) -> Result<String, InputError> {
    let start = Instant::now();
    let result = solve(input, &Options::default());
    assert!(start.elapsed() < Duration::from_secs(1), "slow on {input:?}");
    match (&result, reference(input)) {
        (Ok(out), Some((x, y))) => {
            assert_eq!(out, if (x + y) % 3 == 0 { "YES" } else { "NO" }, "{input:?}");
        }
        (Err(e), None) => {
            if e.line.is_none() {
                assert!(input.bytes().all(|b| b.is_ascii_whitespace()), "{input:?}: {e}");
            }
            assert!(!e.message.is_empty());
        }
        (r, expected) => panic!("{input:?}: reader {r:?}, reference {expected:?}"),
    }
    result
}

#[test]
fn fuzz_the_reader() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x819);
    let mut samples: Vec<String> =
        examples::example_inputs("enjapma").into_iter().map(|p| fs::read_to_string(p).unwrap()).collect();
    samples.sort();
    samples.push("4 5\no.o.o\n.....\nooooo\n.o..o\n".to_string());
    let pieces = [
        "o",
        ".",
        "o",
        ".",
        "oo",
        "..",
        "\n",
        "\n",
        "\r\n",
        "\r",
        " ",
        "\t",
        "2",
        "3",
        "1",
        "0",
        "-1",
        "x",
        "é",
        "99999999999999999999",
        "100000000",
        "-",
        "+2",
        "O",
        "\u{a0}",
        "\0",
    ];
    let (mut ok, mut errors, mut total) = (0, 0, 0);
    let mut run = |input: &str| {
        total += 1;
        match check(input) {
            Ok(_) => ok += 1,
            Err(_) => errors += 1,
        }
    };
    run("");
    run("\n \n\t");
    for sample in &samples {
        // Every truncation.
        for cut in 0..=sample.len() {
            run(&sample[..cut]);
        }
        // Mutations: replace, insert or delete a byte-sized piece.
        for _ in 0..600 {
            let mut text = sample.clone().into_bytes();
            for _ in 0..rng.gen_range(1..=3) {
                let at = rng.gen_range(0..=text.len());
                let piece = pieces[rng.gen_range(0..pieces.len())].as_bytes();
                match rng.gen_range(0..3) {
                    0 if at < text.len() => {
                        text.remove(at);
                    }
                    1 if at < text.len() => {
                        text.splice(at..at + 1, piece.iter().copied());
                    }
                    _ => {
                        text.splice(at..at, piece.iter().copied());
                    }
                }
            }
            run(&String::from_utf8_lossy(&text));
        }
    }
    // Random tokens.
    for _ in 0..4000 {
        let text: String =
            (0..rng.gen_range(0..24)).map(|_| pieces[rng.gen_range(0..pieces.len())]).collect();
        run(&text);
    }
    // Random valid-looking boards with random headers, which often disagree with the rows.
    for _ in 0..2000 {
        let (h, w) = (rng.gen_range(1..5), rng.gen_range(1..5));
        let (hh, ww) = if rng.gen_bool(0.7) { (h, w) } else { (rng.gen_range(0..6), rng.gen_range(0..6)) };
        let mut text = format!("{hh} {ww}\n");
        for _ in 0..h {
            text.extend((0..w).map(|_| if rng.gen_bool(0.5) { 'o' } else { '.' }));
            text.push('\n');
        }
        run(&text);
    }
    // Wide rows (read a vector at a time) with a byte changed, a line break moved, or CRLF.
    for _ in 0..1000 {
        let (h, w) = (rng.gen_range(1..4), rng.gen_range(28..100));
        let mut text = format!("{h} {w}\n").into_bytes();
        for _ in 0..h {
            text.extend((0..w).map(|_| if rng.gen_bool(0.5) { b'o' } else { b'.' }));
            text.extend_from_slice(if rng.gen_bool(0.2) { b"\r\n" } else { b"\n" });
        }
        let at = rng.gen_range(4..text.len());
        match rng.gen_range(0..4) {
            0 => text[at] = pieces[rng.gen_range(0..pieces.len())].as_bytes()[0],
            1 => text.insert(at, b'\n'),
            2 => {
                text.remove(at);
            }
            _ => {}
        }
        run(&String::from_utf8_lossy(&text));
    }
    // Random bytes.
    for _ in 0..3000 {
        let bytes: Vec<u8> = (0..rng.gen_range(0..40)).map(|_| rng.gen()).collect();
        run(&String::from_utf8_lossy(&bytes));
    }
    // Huge and negative sizes.
    for text in [
        "100000000 100000000\n",
        "100000000 1\n",
        "1 100000000\n",
        "100000001 1\no\n",
        "-5 -5\n",
        "18446744073709551617 1\no\n",
        "1 1 \n o \n \n",
    ] {
        run(text);
    }
    eprintln!("enjapma reader fuzz: {total} inputs, {ok} accepted, {errors} rejected with a line");
    assert_eq!(total, ok + errors);
    assert!(total > 10_000 && ok > 1000 && errors > 5000, "{total} {ok} {errors}");
}
