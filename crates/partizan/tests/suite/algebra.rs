//! The algebra of canonical forms against the theory: printed forms of known values, identities
//! of *Winning Ways*, the count of games born by day 2, and the group laws and the partial
//! order on random canonical forms, with every stored form checked for canonicity.

use nimber_partizan::parse::{parse, Op, Statement};
use nimber_partizan::{Dyadic, Form, Forms, OutcomeClass, Relation};
use rand::Rng;

use crate::common;
use common::{random_pool, text, value};

/// Values written one way print in CGSuite's canonical notation.
#[test]
fn canonical_notation() {
    let mut forms = Forms::new();
    for (input, printed) in [
        ("0", "0"),
        ("3", "3"),
        ("-2", "-2"),
        ("3/4", "3/4"),
        ("-1/2", "-1/2"),
        ("6/8", "3/4"),
        ("{|}", "0"),
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|1}", "1/2"),
        ("{-1|1}", "0"),
        ("{1/2|1}", "3/4"),
        ("{0|0}", "*"),
        ("{0,*|0,*}", "*2"),
        ("*2 + *3", "*"),
        ("* + *", "0"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0}", "^*"),
        ("^ + *", "^*"),
        ("^ + ^", "^2"),
        ("^^", "^2"),
        ("{0|^*}", "^2"),
        ("^3", "^3"),
        ("v2 + ^2", "0"),
        ("^ - ^", "0"),
        ("1 + *", "1*"),
        ("{1|1}", "1*"),
        ("1/2 + ^ + *3", "1/2^*3"),
        ("-1 + v + *", "-1v*"),
        ("{1|-1}", "+-1"),
        ("+-1/2", "+-1/2"),
        ("{2|-1/2}", "{2|-1/2}"),
        ("{2|{1|0}}", "{2||1|0}"),
        ("{2||1|0}", "{2||1|0}"),
        ("{{2|1}|0}", "{2|1||0}"),
        ("1/2 + 1/2", "1"),
        ("{1|-1} + {1|-1}", "0"),
        ("{1|0} - {1|0}", "0"),
    ] {
        let g = value(&mut forms, input);
        assert_eq!(text(&mut forms, g), printed, "{input}");
        // What is printed reads back as the same value.
        assert_eq!(value(&mut forms, printed), g, "{printed}");
    }
}

/// Comparisons and outcome classes.
#[test]
fn comparisons() {
    let mut forms = Forms::new();
    for (input, holds, relation) in [
        ("{1|-1} > 0", false, Relation::Confused),
        ("{1|-1} || 0", true, Relation::Confused),
        ("^ > 0", true, Relation::Greater),
        ("^ || *", true, Relation::Confused),
        ("^* || 0", true, Relation::Confused),
        ("^2 > *", true, Relation::Greater),
        ("1/2 < 3/4", true, Relation::Less),
        ("{2|-1/2} <| 1", true, Relation::Confused),
        ("* == {0|0}", true, Relation::Equal),
        ("v <= 0", true, Relation::Less),
    ] {
        match parse(input, &mut forms) {
            Ok(Statement::Comparison { op, relation: r, .. }) => {
                assert_eq!(r, relation, "{input}");
                assert_eq!(op.holds(r), holds, "{input}");
            }
            other => panic!("{input}: {other:?}"),
        }
    }
    assert!(Op::Le.holds(Relation::Equal) && !Op::Lt.holds(Relation::Equal));
    for (input, class) in [
        ("0", OutcomeClass::P),
        ("*", OutcomeClass::N),
        ("1", OutcomeClass::L),
        ("-1/2", OutcomeClass::R),
        ("^", OutcomeClass::L),
        ("^*", OutcomeClass::N),
        ("+-1", OutcomeClass::N),
        ("{2|-1/2}", OutcomeClass::N),
    ] {
        let g = value(&mut forms, input);
        assert_eq!(forms.outcome(g), class, "{input}");
    }
}

/// The games born by day `n + 1` are `{A | B}` for all sets `A`, `B` of games born by day `n`:
/// 1, 4, 22 distinct values by days 0, 1, 2 (Winning Ways, ch. 7; Siegel, II.4). Day 2 comes
/// from all 2^4 x 2^4 = 256 pairs of sets of day-1 games.
#[test]
fn games_born_by_day_two() {
    let mut forms = Forms::new();
    let mut days = vec![vec![Form::ZERO]];
    for _ in 0..2 {
        let last = days.last().unwrap().clone();
        let mut born = Vec::new();
        for a in 0u32..1 << last.len() {
            for b in 0u32..1 << last.len() {
                let pick = |s: u32| (0..last.len()).filter(|&i| s >> i & 1 == 1).map(|i| last[i]).collect();
                born.push(forms.make(pick(a), pick(b)));
            }
        }
        born.sort_unstable();
        born.dedup();
        days.push(born);
    }
    assert_eq!(days.iter().map(|d| d.len()).collect::<Vec<_>>(), [1, 4, 22]);
    let mut printed: Vec<String> = days[2].iter().map(|&g| text(&mut forms, g)).collect();
    printed.sort();
    let mut expected: Vec<&str> =
        "0 1 -1 * 2 -2 1/2 -1/2 1* -1* ^ v ^* v* *2 +-1 {1|0} {0|-1} {1|*} {*|-1} {1|0,*} {0,*|-1}"
            .split(' ')
            .collect();
    expected.sort();
    assert_eq!(printed, expected);
    for g in days[2].clone() {
        assert!(forms.is_canonical(g), "{}", text(&mut forms, g));
    }
}

/// Random games built from random options, each `make` then checked: every stored form is
/// canonical, `G - G = 0`, sums commute and associate, `0` is neutral, `<=` is a partial order
/// (reflexive, antisymmetric up to identity of canonical forms, transitive), and `G <= H`
/// exactly when `H - G >= 0`.
#[test]
fn group_laws_on_random_forms() {
    let mut forms = Forms::new();
    let (pool, mut rng) = random_pool(&mut forms, 13, 3000);
    assert!(pool.len() > 100, "{} distinct forms", pool.len());
    let sample: Vec<Form> = (0..60).map(|_| pool[rng.gen_range(0..pool.len())]).collect();
    let mut checks = 0;
    for &g in &sample {
        let neg = forms.neg(g);
        assert_eq!(forms.sum(g, neg), Form::ZERO);
        assert_eq!(forms.sum(g, Form::ZERO), g);
        for &h in &sample {
            let (gh, hg) = (forms.sum(g, h), forms.sum(h, g));
            assert_eq!(gh, hg);
            let le = forms.le(g, h);
            let diff = forms.sub(h, g);
            assert_eq!(le, forms.le(Form::ZERO, diff));
            if le && forms.le(h, g) {
                assert_eq!(g, h);
            }
            let k = sample[checks % sample.len()];
            let left = forms.sum(gh, k);
            let hk = forms.sum(h, k);
            assert_eq!(left, forms.sum(g, hk));
            if le && forms.le(h, k) {
                assert!(forms.le(g, k));
            }
            checks += 1;
        }
    }
    assert_eq!(checks, 3600);
    let all: Vec<Form> = forms.all().collect();
    for g in all {
        assert!(forms.is_canonical(g), "{}", text(&mut forms, g));
    }
}

/// Numbers: every dyadic of denominator at most 8 in -3..3 is its own canonical form, adds as
/// a number and compares as one.
#[test]
fn numbers() {
    let mut forms = Forms::new();
    let xs: Vec<Dyadic> = (-24..=24).map(|n| Dyadic::new(n, 3)).collect();
    for &x in &xs {
        let g = forms.number(x);
        assert_eq!(forms.as_number(g), Some(x));
        assert!(forms.is_canonical(g));
        for &y in &xs {
            let h = forms.number(y);
            let s = forms.sum(g, h);
            assert_eq!(forms.as_number(s), Some(x + y));
            assert_eq!(forms.le(g, h), x <= y);
        }
    }
}

/// `Printer::text_within` writes a value only when it has at most so many values in it: each
/// number, nimber, multiple of up and pair of braces counts one.
#[test]
fn text_within_a_bound() {
    let mut forms = Forms::new();
    for (input, size) in [
        ("*16", 1),
        ("^3*", 1),
        ("-5/8", 1),
        ("+-1", 3),
        ("{2|-1/2}", 3),
        ("{3||2|0}", 5),
        ("{0,{{2|0},{2||2|0}|{2|0},{2|0||0}}|0,{{0|-2},{0||0|-2}|{0|-2},{0|-2||-2}}}", 37),
    ] {
        let g = value(&mut forms, input);
        let written = text(&mut forms, g);
        let mut printer = nimber_partizan::Printer::new(&mut forms);
        assert_eq!(printer.text_within(g, size).as_deref(), Some(written.as_str()), "{input}");
        assert_eq!(printer.text_within(g, size - 1), None, "{input}");
    }
}
