//! FiveHundredEleven: the (memory, cards played) table against exhaustive search over sets of
//! played cards (the library game solved by the engine's memo solver), on every position of
//! every multiset of up to 6 cards from a pool and of random 7-card lists; and the input
//! reader on malformed inputs.

use crate::common;
use common::fuzz::Fuzz;

use nimber_engine::solve::memo;
use nimber_engine::{Game, Notation, Silent, Value};
use nimber_games::fivehundredeleven::FiveHundredEleven;
use nimber_problems::fivehundredeleven::{self as problem, StateTable};
use nimber_problems::{InputError, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Values chosen so that many small hands can complete 511: 0 (a pass from the start), single
/// bits, 511 itself, complementary pairs (1 | 510, 15 | 496, 85 | 426) and a mixed value.
const POOL: [u16; 10] = [0, 1, 256, 511, 510, 15, 496, 85, 426, 300];

/// Compares the table with exhaustive search on every position reachable from the start
/// (except those with memory 511, where the game is over); returns the positions compared.
fn check(cards: &[u16]) -> usize {
    let game = FiveHundredEleven::new(cards.to_vec()).unwrap();
    let start = game.start();
    let solved = memo::solve(&game, &[start], &Silent).unwrap();
    let table = StateTable::new(cards);
    let mut compared = 0;
    for (pos, outcome) in solved.iter() {
        if pos.memory == 511 {
            assert_eq!(outcome.value(), Value::Win);
            continue;
        }
        let played = cards.len() - pos.remaining.count_ones() as usize;
        assert_eq!(
            table.value(pos.memory, played),
            Some(outcome.value()),
            "{cards:?} at {}",
            game.format(pos)
        );
        compared += 1;
    }
    let first = solved.get(&start).unwrap().value() == Value::Win;
    assert_eq!(table.first_player_wins(), first, "{cards:?}");
    compared
}

/// Every multiset of `size` values from `pool` (as non-decreasing index sequences).
fn multisets(pool: &[u16], size: usize, from: usize, current: &mut Vec<u16>, out: &mut Vec<Vec<u16>>) {
    if current.len() == size {
        out.push(current.clone());
        return;
    }
    for i in from..pool.len() {
        current.push(pool[i]);
        multisets(pool, size, i, current, out);
        current.pop();
    }
}

#[test]
fn every_multiset_from_the_pool() {
    let (mut instances, mut positions, mut wins) = (0, 0, 0);
    for size in 1..=6 {
        let mut all = Vec::new();
        multisets(&POOL, size, 0, &mut Vec::new(), &mut all);
        for cards in &all {
            positions += check(cards);
            wins += StateTable::new(cards).first_player_wins() as usize;
            instances += 1;
        }
    }
    eprintln!(
        "fivehundredeleven: {instances} multisets of 1..=6 cards from a pool of 10, {positions} positions agree ({wins} first-player wins)"
    );
    // C(10 + k - 1, k) for k = 1..=6.
    assert_eq!(instances, 10 + 55 + 220 + 715 + 2002 + 5005);
    assert!(wins > 1000 && wins < instances - 1000, "both outcomes occur often");
}

#[test]
fn random_seven_card_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(511);
    let (mut instances, mut positions) = (0, 0);
    for _ in 0..3000 {
        // Mix pool values, random dense values (which complete 511 quickly) and random values.
        let cards: Vec<u16> = (0..7)
            .map(|_| match rng.gen_range(0..3) {
                0 => POOL[rng.gen_range(0..POOL.len())],
                1 => 511 & !(1 << rng.gen_range(0..9)) & !(1 << rng.gen_range(0..9)),
                _ => rng.gen_range(0..512),
            })
            .collect();
        positions += check(&cards);
        instances += 1;
    }
    eprintln!("fivehundredeleven: {instances} random 7-card hands, {positions} positions agree");
    assert_eq!(instances, 3000);
}

#[test]
fn larger_hands_and_the_exact_method() {
    let mut rng = ChaCha8Rng::seed_from_u64(512);
    let mut checked = 0;
    for size in [8, 10, 12] {
        for _ in 0..20 {
            let cards: Vec<u16> = (0..size)
                .map(|_| if rng.gen_bool(0.3) { 1 << rng.gen_range(0..9) } else { rng.gen_range(0..512) })
                .collect();
            check(&cards);
            let text = cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
            let fast = problem::solve(&text, &Options::default()).unwrap();
            assert_eq!(problem::solve(&text, &Options { exact: true }).unwrap(), fast, "{text}");
            checked += 1;
        }
    }
    eprintln!("fivehundredeleven: {checked} hands of 8 to 12 cards agree, fast and --exact");
    assert_eq!(checked, 60);
}

#[test]
fn input_forms() {
    let solve = |text: &str| problem::solve(text, &Options::default());
    assert_eq!(solve("3 5 7 9 510").unwrap(), "Fox Ciel");
    assert_eq!(solve("{3, 5, 7, 9, 510}").unwrap(), "Fox Ciel");
    assert_eq!(solve("  {3,5,\n7 ,9,510 }\n").unwrap(), "Fox Ciel");
    assert_eq!(solve("3\n5\n7\n9\n510\n").unwrap(), "Fox Ciel");
    assert_eq!(solve("{0, 0, 0, 0}").unwrap(), "Toastman");
    assert_eq!(solve("511").unwrap(), "Toastman");
    // Fifty cards: every single bit many times over, and zeros.
    let fifty: Vec<String> =
        (0..50).map(|i| if i % 10 == 9 { 0 } else { 1 << (i % 9) }.to_string()).collect();
    assert!(solve(&fifty.join(",")).is_ok());
    assert_eq!(problem::read(&fifty.join(" ")).unwrap().len(), 50);
}

#[test]
fn input_errors_name_the_place() {
    let err = |text: &str| problem::solve(text, &Options::default()).unwrap_err();
    let at = |e: InputError| (e.line, e.column);
    assert_eq!(at(err("3 512")), (Some(1), Some(3)));
    assert_eq!(at(err("3 -1")), (Some(1), Some(3)));
    assert_eq!(at(err("3\n5 x")), (Some(2), Some(3)));
    assert_eq!(at(err("{3, 5")), (Some(1), Some(1)));
    assert_eq!(at(err("3, 5}")), (Some(1), Some(5)));
    assert_eq!(at(err("3 {5}")), (Some(1), Some(3)));
    assert_eq!(at(err("{3} 5")), (Some(1), Some(5)));
    assert_eq!(at(err("{{3}}")), (Some(1), Some(2)));
    assert_eq!(at(err("99999999999999999999999")), (Some(1), Some(1)));
    let many = vec!["1"; 51].join(" ");
    assert_eq!(at(err(&many)), (Some(1), Some(101)));
    assert!(err(&many).message.contains("more than 50"));
    let huge = "1 ".repeat(3_000_000);
    assert_eq!(at(err(&huge)), (Some(1), Some(101)));
    assert_eq!(at(err(&format!("{{{huge}}}"))), (Some(1), Some(102)));
    assert_eq!(at(err("")), (None, None));
    assert_eq!(at(err("{ }")), (None, None));
    assert_eq!(at(err(" \n ,, ")), (None, None));
    let big = vec!["1"; 19].join(" ");
    assert!(problem::solve(&big, &Options { exact: true }).unwrap_err().message.contains("--exact"));
}

/// Inputs that must give `Ok` or an error naming a line (or, when there are no cards, a
/// whole-input error).
fn must_not_panic(text: &str) {
    match problem::solve(text, &Options::default()) {
        Ok(out) => assert!(out == "Fox Ciel" || out == "Toastman", "{text:?}"),
        Err(e) => assert!(
            e.line.is_some() || text.chars().all(|c| c.is_whitespace() || ",{}".contains(c)),
            "{text:?}: {e}"
        ),
    }
}

#[test]
fn malformed_inputs_never_panic() {
    let start = std::time::Instant::now();
    let fuzz = Fuzz {
        samples: &["3 5 7 9 510\n", "0 0 0 0\n", "511\n", "5 58 192 256\n", "{3, 5, 7, 9, 510}\n"],
        tokens: &[
            "0",
            "1",
            "7",
            "255",
            "511",
            "512",
            "-1",
            "99999999999999999999",
            "x",
            "é",
            "{",
            "}",
            ",",
            "\n",
            " ",
            "",
            "1e2",
        ],
        separators: &[" ", ","],
        max_tokens: 69,
        alphabet: &['0', '1', '9', '-', ' ', '\n', '{', '}', ','],
        rounds: 1500,
        seed: 513,
    };
    let cases = fuzz.run(must_not_panic);
    eprintln!("fivehundredeleven: {cases} malformed or random inputs handled in {:?}", start.elapsed());
    assert_eq!(cases, 6000);
}
