//! Exploration and conjecture checking on the library's games: rules found by `explore` and
//! checked by `check`, false rules rejected with true counterexamples, and every result
//! compared with the games' rules solved separately.

use nimber_engine::solve::memo;
use nimber_engine::solve::survey::{feature_index, Num, Observed, Scope, Survey, SurveyOptions};
use nimber_engine::{DynGame, Explore, Game, Notation, Silent, Value};
use nimber_games::enjapma::{self, Enjapma};
use nimber_games::nim::Nim;
use nimber_lab::{self as lab, Claim, Rule};

/// An integer feature's value.
fn int(v: Num) -> i64 {
    v.int().expect("an integer feature")
}

fn survey(game: &dyn DynGame, nim: bool) -> Survey {
    game.survey(&SurveyOptions { scope: Scope::Family, nim }, &Silent).unwrap()
}

fn by(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn rule(survey: &Survey, text: &str, value: Value) -> Rule {
    Rule::new(text, &survey.features, value).unwrap()
}

#[test]
fn enjapma_rule_found_from_boards_up_to_4x4() {
    let game = nimber_games::build("enjapma", &["h=4", "w=4"]).unwrap();
    let s = survey(game.as_ref(), false);
    // Every placement on every board of 1..=4 x 1..=4: sum of 2^(h w).
    let expected: u64 = (1..=4).flat_map(|h| (1..=4).map(move |w| 1u64 << (h * w))).sum();
    assert_eq!(s.positions, expected);
    assert_eq!(s.positions, 74_954);
    let e = lab::explore(&s, &by(&["pieces", "on_dark"])).unwrap();
    assert!(e.function && e.counterexample.is_none());
    assert_eq!(e.rule.as_deref(), Some("(pieces + on_dark) % 3 == 0"));
    assert_eq!(e.rule_value, Value::Lose);
    let period = Some(lab::Period { period: 3, offset: 0 });
    assert_eq!(e.periods, vec![period, period]);
    // The table against the proved rule, cell by cell; the counts add up.
    assert_eq!(e.cells.len(), 81);
    for cell in &e.cells {
        let (x, y) = (int(cell.key[0]) as u64, int(cell.key[1]) as u64);
        let lose = enjapma::mover_loses(x, y);
        assert_eq!(cell.entries[0].value, Observed::Outcome(if lose { Value::Lose } else { Value::Win }));
    }
    assert_eq!(e.cells.iter().map(|c| c.count()).sum::<u64>(), 74_954);
    // The mined rule passes the checker on every position, and so does the write-up's form.
    let verdict = lab::check(&s, &rule(&s, e.rule.as_deref().unwrap(), Value::Lose)).unwrap();
    assert!(verdict.holds && verdict.counterexample.is_none());
    assert_eq!(verdict.positions, 74_954);
    let verdict = lab::check(&s, &rule(&s, "(on_light + 2*on_dark) % 3 == 0", Value::Lose)).unwrap();
    assert!(verdict.holds);
    let e = lab::explore(&s, &by(&["on_light", "on_dark"])).unwrap();
    assert_eq!(e.rule.as_deref(), Some("(on_light + 2*on_dark) % 3 == 0"));
    // One feature alone decides nothing.
    let e = lab::explore(&s, &by(&["pieces"])).unwrap();
    assert!(!e.function && e.rule.is_none());
    eprintln!("enjapma: rule found and checked on {} positions", s.positions);
}

#[test]
fn enjapma_nim_values_found_and_checked() {
    let game = nimber_games::build("enjapma", &["h=3", "w=4"]).unwrap();
    let s = survey(game.as_ref(), true);
    assert_eq!(s.positions, (1..=3).flat_map(|h| (1..=4).map(move |w| 1u64 << (h * w))).sum::<u64>());
    let e = lab::explore(&s, &by(&["pieces", "on_dark"])).unwrap();
    assert_eq!(e.nim_rule.as_deref(), Some("(2*pieces + 2*on_dark) % 3"));
    assert_eq!(e.rule.as_deref(), Some("(pieces + on_dark) % 3 == 0"));
    for cell in &e.cells {
        let want = enjapma::nim_value(int(cell.key[0]) as u64, int(cell.key[1]) as u64);
        assert_eq!(cell.entries.iter().map(|x| x.value).collect::<Vec<_>>(), [Observed::Nim(want)]);
    }
    let verdict = lab::check(&s, &rule(&s, "(2*pieces + 2*on_dark) % 3", Value::Lose)).unwrap();
    assert!(verdict.holds, "{verdict:?}");
    // A wrong nim formula: right on the 1 x 1 boards (`.` nim 0, `o` nim 1), wrong first on
    // `.o`, a piece on the light cell of a 1 x 2 board, which can step left (nim 1) or go (0).
    let verdict = lab::check(&s, &rule(&s, "pieces % 3", Value::Lose)).unwrap();
    let c = verdict.counterexample.unwrap();
    assert_eq!(
        (c.position.as_str(), c.value, c.claimed),
        (".o", Observed::Nim(2), Claim::Is(Observed::Nim(1)))
    );
    let board = Enjapma::new(1, 2).unwrap();
    let pos = board.parse(".o").unwrap();
    let solved = nimber_engine::solve::grundy::solve(&board, &[pos], &Silent).unwrap();
    assert_eq!(solved.get(&pos), Some(2));
    eprintln!("enjapma: nim values checked on {} positions", s.positions);
}

/// Every Nim position of at most 3 heaps of at most 7, in the family's order, with its value by
/// the memo solver on the plain rules.
fn nim_family() -> Vec<(Vec<u32>, Value)> {
    let game = Nim::new(vec![7, 7, 7]);
    let solved = memo::solve(&game, &[game.start()], &Silent).unwrap();
    let mut positions = Vec::new();
    for a in 0..=7u32 {
        for b in a..=7 {
            for c in b..=7 {
                let p: Vec<u32> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                positions.push(p);
            }
        }
    }
    // The family's order: lexicographic on the sorted heaps, a position before its extensions.
    positions.sort();
    positions.dedup();
    positions.into_iter().map(|p| (p.clone(), solved.get(&p).unwrap().value())).collect()
}

#[test]
fn false_nim_rules_are_rejected_with_their_first_counterexample() {
    let family = nim_family();
    assert_eq!(family.len(), 120);
    for params in [&["heaps=3", "max=7"][..], &["count=3", "max=7"]] {
        let game = nimber_games::build("nim", params).unwrap();
        let s = survey(game.as_ref(), false);
        assert_eq!(s.positions, 120);
        for (text, claims_loss) in [
            ("xor % 2 == 0", (|h: &[u32]| h.iter().fold(0, |a, x| a ^ x) % 2 == 0) as fn(&[u32]) -> bool),
            ("heap1 + heap2 == heap3", |h: &[u32]| {
                let mut k = vec![0; 3 - h.len()];
                k.extend_from_slice(h);
                k[0] + k[1] == k[2]
            }),
        ] {
            let verdict = lab::check(&s, &rule(&s, text, Value::Lose)).unwrap();
            assert!(!verdict.holds, "{text}");
            // The first position of the family where the claim is wrong, by brute force.
            let (first, truth) = family
                .iter()
                .find(|(p, v)| claims_loss(p) != (*v == Value::Lose))
                .expect("the rule is false");
            let c = verdict.counterexample.unwrap();
            let shown = if first.is_empty() { "-".to_string() } else { format!("{first:?}") };
            assert_eq!(
                c.position,
                first.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(","),
                "{shown}"
            );
            assert_eq!(c.position, "1,1,2");
            assert_eq!(c.value, Observed::Outcome(*truth));
            assert_eq!(*truth, Value::Win);
            assert_eq!(c.claimed, Claim::Is(Observed::Outcome(Value::Lose)));
            let features: Vec<(&str, i64)> = c.features.iter().map(|(n, v)| (n.as_str(), int(*v))).collect();
            assert_eq!(
                &features[..6],
                [("heap1", 1), ("heap2", 1), ("heap3", 2), ("heaps", 3), ("total", 4), ("xor", 2)]
            );
        }
        // Solved separately, 1,1,2 is a win.
        let nim = Nim::new(vec![1, 1, 2]);
        let solved = memo::solve(&nim, &[nim.start()], &Silent).unwrap();
        assert_eq!(solved.get(&vec![1, 1, 2]).unwrap().value(), Value::Win);
    }
    eprintln!(
        "nim: two false rules refuted at 1,1,2 on {} positions, for both parameter forms",
        family.len()
    );
}

#[test]
fn bouton_holds_and_is_found() {
    let game = nimber_games::build("nim", &["heaps=3", "max=7"]).unwrap();
    let s = survey(game.as_ref(), false);
    let verdict = lab::check(&s, &rule(&s, "xor == 0", Value::Lose)).unwrap();
    assert!(verdict.holds);
    assert_eq!(verdict.positions, 120);
    let verdict = lab::check(&s, &rule(&s, "(heap1 ^ heap2 ^ heap3) == 0", Value::Lose)).unwrap();
    assert!(verdict.holds);
    let e = lab::explore(&s, &by(&["xor"])).unwrap();
    assert_eq!(e.rule.as_deref(), Some("xor == 0"));
    // Nim values: the XOR, found from the heaps and checked.
    let s = survey(game.as_ref(), true);
    let e = lab::explore(&s, &by(&["heap1", "heap2", "heap3"])).unwrap();
    assert_eq!(e.nim_rule.as_deref(), Some("heap1 ^ heap2 ^ heap3"));
    assert!(lab::check(&s, &rule(&s, "xor", Value::Lose)).unwrap().holds);
    // Four heaps of at most 5: C(9, 4) positions.
    let game = nimber_games::build("nim", &["count=4", "max=5"]).unwrap();
    let s = survey(game.as_ref(), false);
    assert_eq!(s.positions, 126);
    assert!(lab::check(&s, &rule(&s, "xor == 0", Value::Lose)).unwrap().holds);
    eprintln!("nim: Bouton's rule holds on 120 and 126 positions");
}

#[test]
fn functionality_witnesses_have_equal_features_and_different_values() {
    let game = nimber_games::build("nim", &["heaps=3", "max=7"]).unwrap();
    let s = survey(game.as_ref(), false);
    let nim = Nim::new(vec![7, 7, 7]);
    let mut checked = 0;
    for features in
        [&["heap1", "heap2"][..], &["heaps"], &["total"], &["heap3", "moves"], &["heaps", "total"]]
    {
        let e = lab::explore(&s, &by(features)).unwrap();
        assert!(!e.function, "{features:?}");
        let [a, b] = e.counterexample.clone().unwrap();
        let index: Vec<usize> = features.iter().map(|f| feature_index(&s.features, f).unwrap()).collect();
        let values = |text: &str| {
            let pos = nim.parse(text).unwrap();
            let mut out = Vec::new();
            nim.feature_values(&pos, &mut out);
            let mut moves = Vec::new();
            nim.successors(&pos, &mut moves);
            out.push(moves.len() as i64);
            let solved = memo::solve(&nim, std::slice::from_ref(&pos), &Silent).unwrap();
            (index.iter().map(|&i| out[i]).collect::<Vec<_>>(), solved.get(&pos).unwrap().value())
        };
        let ((fa, va), (fb, vb)) = (values(&a.position), values(&b.position));
        assert_eq!(fa, fb, "{features:?}: {} and {}", a.position, b.position);
        assert_ne!(va, vb, "{features:?}: {} and {}", a.position, b.position);
        assert_eq!((Observed::Outcome(va), Observed::Outcome(vb)), (a.value, b.value));
        checked += 1;
    }
    // The values are a function of the XOR, and of all three heaps.
    assert!(lab::explore(&s, &by(&["heap1", "heap2", "heap3"])).unwrap().function);
    eprintln!("nim: {checked} functionality witnesses checked by solving them");
}

#[test]
fn gameindarkness_criterion_on_small_trees() {
    // Every tree-shaped part of a 3 x 5 grid, every placement of A and B: the published
    // criterion (Bob survives, a draw of the belief game, iff some cell with three branches of
    // at least 3 cells is at least 2 closer to B than to A) through explore and check.
    let game = nimber_games::build("gameindarkness", &["field=A..../...../....B"]).unwrap();
    let s = survey(game.as_ref(), false);
    assert_eq!(s.positions, 106_624);
    let verdict = lab::check(&s, &rule(&s, "junction == 1 && dist_diff >= 2", Value::Draw)).unwrap();
    assert!(verdict.holds && verdict.positions == 106_624, "{verdict:?}");
    let e = lab::explore(&s, &by(&["junction", "dist_diff"])).unwrap();
    assert!(e.function);
    assert_eq!((e.rule_value, e.rule.as_deref()), (Value::Draw, Some("dist_diff >= 2")));
    let count = |v: Value| -> u64 {
        e.cells
            .iter()
            .flat_map(|c| &c.entries)
            .filter(|x| x.value == Observed::Outcome(v))
            .map(|x| x.count)
            .sum()
    };
    assert_eq!((count(Value::Win), count(Value::Draw), count(Value::Lose)), (106_340, 284, 0));
    // Without the distance condition the rule is false: the first junction position where
    // Alice still wins.
    let verdict = lab::check(&s, &rule(&s, "junction == 1", Value::Draw)).unwrap();
    let c = verdict.counterexample.unwrap();
    assert_eq!(
        (c.value, c.claimed),
        (Observed::Outcome(Value::Win), Claim::Is(Observed::Outcome(Value::Draw)))
    );
    let field = c.position.trim_end_matches(" a");
    let alone = nimber_games::build("gameindarkness", &[format!("field={field}")]).unwrap();
    let q = alone.query(None, &Silent).unwrap();
    assert_eq!(q.outcome.value(), Value::Win, "{}", c.position);
    eprintln!(
        "gameindarkness: criterion holds on {} positions ({} draws)",
        verdict.positions,
        count(Value::Draw)
    );
}

#[test]
fn pathgame_moves_feature_and_family() {
    let game = nimber_games::build("pathgame", &["board=...../....."]).unwrap();
    let s = survey(game.as_ref(), true);
    assert_eq!(s.positions, 3 + 7 + 17 + 41 + 99);
    // A board without moves is lost, but not every lost board is without moves.
    let verdict = lab::check(&s, &rule(&s, "moves == 0", Value::Lose)).unwrap();
    let c = verdict.counterexample.expect("some lost board has moves");
    assert_eq!(c.value, Observed::Nim(0));
    assert!(c.features.iter().any(|(n, v)| n == "moves" && int(*v) > 0));
    let e = lab::explore(&s, &by(&["free_runs", "open_runs", "same_runs", "cross_runs"])).unwrap();
    assert_eq!(e.cells.iter().map(|c| c.count()).sum::<u64>(), s.positions);
    eprintln!("pathgame: {} boards surveyed; `moves == 0` refuted by {}", s.positions, c.position);
}
