//! Surveys of game values (`nimber explore --values`, `nimber check --values`) of the partizan
//! games: the published values of Domineering's rectangles, Winning Ways' Cutcake formula,
//! Toads and Frogs' starts, Berlekamp's rule on Hackenbush strings, every feature and part of
//! every position recomputed on its own and tabulated again, and rules about values checked,
//! true and false.

use crate::partizan;

use std::collections::HashMap;

use nimber_engine::solve::survey::{feature_index, Num, Observed, Scope};
use nimber_engine::{Dyadic, Game, Notation, Params, Silent};
use nimber_games::clobber::Clobber;
use nimber_games::cutcake::{Cake, Cakes, Cutcake};
use nimber_games::domineering::{explore::Spec, Board, Domineering};
use nimber_games::grid::Shape;
use nimber_games::hackenbush::{self, Colour, Forest, Hackenbush};
use nimber_games::toadsandfrogs::{self, parse_strip, ToadsAndFrogs};
use nimber_lab::values::{self, Target};
use nimber_lab::{self as lab, Claim, Rule, Verdict};
use nimber_partizan::game::ValueExplore;
use nimber_partizan::parse::{parse, Statement};
use nimber_partizan::survey::{self as value_survey, ValueSurvey};
use nimber_partizan::{Bridge, DynPartizan, Evaluator, Forms, Partizan, Player, Printer};

/// The game `name` of the registry with `-p` parameters, as a partizan game with values.
fn partizan(name: &str, params: &[&str]) -> Box<dyn DynPartizan> {
    let info = nimber_games::find(name).unwrap();
    (info.facts.partizan.unwrap())(&Params::parse(name, info.params, params).unwrap()).unwrap()
}

fn survey(name: &str, params: &[&str]) -> ValueSurvey {
    partizan(name, params).survey(Scope::Family, &Silent).unwrap()
}

fn d(n: i128, k: u32) -> Dyadic {
    Dyadic::new(n, k)
}

fn by(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// The feature `name` of a key.
fn feature(s: &ValueSurvey, key: &[Num], name: &str) -> Num {
    key[feature_index(&s.survey.features, name).unwrap()]
}

/// Every rectangle up to 4 x 4 (16 positions): the values and parts that cgt-py 0.11.0
/// (cgt-tools, which agrees with CGSuite) gives, compared by canonical form, and the values of
/// Winning Ways in CGSuite's text (1x2 is -1, 2x2 +-1, 2x3 {2|-1/2}, 3x2 {1/2|-2}, 3x3 +-1).
/// Means: a number is its own; a switch `{a|b}` of numbers has `(a+b)/2`; a value of temperature
/// 0 its stops.
#[test]
fn domineering_rectangles_have_the_published_values() {
    let mut s = survey("domineering", &[]);
    assert_eq!(s.survey.scope, "every rectangle of 1 to 4 rows and 1 to 4 columns");
    assert_eq!(s.survey.positions, 16);
    // rows, cols, cgt-py's value, left stop, right stop, mean, temperature.
    let minus = |x: Dyadic| -x;
    let table: [(u8, u8, &str, Dyadic, Dyadic, Dyadic, Dyadic); 16] = [
        (1, 1, "0", d(0, 0), d(0, 0), d(0, 0), d(-1, 0)),
        (1, 2, "-1", d(-1, 0), d(-1, 0), d(-1, 0), d(-1, 0)),
        (1, 3, "-1", d(-1, 0), d(-1, 0), d(-1, 0), d(-1, 0)),
        (1, 4, "-2", d(-2, 0), d(-2, 0), d(-2, 0), d(-1, 0)),
        (2, 1, "1", d(1, 0), d(1, 0), d(1, 0), d(-1, 0)),
        (2, 2, "{1|-1}", d(1, 0), d(-1, 0), d(0, 0), d(1, 0)),
        (2, 3, "{2|-1/2}", d(2, 0), d(-1, 1), d(3, 2), d(5, 2)),
        (2, 4, "{{2|0}|0}", d(0, 0), d(0, 0), d(0, 0), d(0, 0)),
        (3, 1, "1", d(1, 0), d(1, 0), d(1, 0), d(-1, 0)),
        (3, 2, "{1/2|-2}", d(1, 1), d(-2, 0), minus(d(3, 2)), d(5, 2)),
        (3, 3, "{1|-1}", d(1, 0), d(-1, 0), d(0, 0), d(1, 0)),
        (3, 4, "-3/2", d(-3, 1), d(-3, 1), d(-3, 1), d(-1, 1)),
        (4, 1, "2", d(2, 0), d(2, 0), d(2, 0), d(-1, 0)),
        (4, 2, "{0|{0|-2}}", d(0, 0), d(0, 0), d(0, 0), d(0, 0)),
        (4, 3, "3/2", d(3, 1), d(3, 1), d(3, 1), d(-1, 1)),
        (
            4,
            4,
            "{0, {{2|0}, {2|{2|0}}|{2|0}, {{2|0}|0}}|0, {{0|-2}, {0|{0|-2}}|{0|-2}, {{0|-2}|-2}}}",
            d(0, 0),
            d(0, 0),
            d(0, 0),
            d(0, 0),
        ),
    ];
    let e = lab::explore(&s.survey, &by(&["rows", "cols"])).unwrap();
    assert!(e.function && e.cells.len() == 16);
    for (cell, &(rows, cols, cgt, ls, rs, mean, temperature)) in e.cells.iter().zip(&table) {
        assert_eq!(cell.key, [Num::Int(rows as i64), Num::Int(cols as i64)]);
        let g = s.form(cell.entries[0].value).unwrap();
        assert_eq!(parse(cgt, &mut s.forms), Ok(Statement::Value(g)), "{rows}x{cols}");
        let full = &s.survey.cells.iter().find(|c| c.entries[0].value == cell.entries[0].value).unwrap().key;
        for (name, want) in
            [("left_stop", ls), ("right_stop", rs), ("mean", mean), ("temperature", temperature)]
        {
            assert_eq!(feature(&s, full, name), Num::Dyadic(want), "{rows}x{cols} {name}");
        }
    }
    let text = |r: usize, c: usize| e.cells[(r - 1) * 4 + c - 1].entries[0].value.text(e.value_texts());
    assert_eq!(
        [text(1, 2), text(2, 2), text(2, 3), text(3, 2), text(3, 3)],
        ["-1", "+-1", "{2|-1/2}", "{1/2|-2}", "+-1"]
    );
    // By a part of the value: temperatures -1 (numbers 0, +-1, +-2), -1/2, 0, 1 and 5/4.
    let e = lab::explore(&s.survey, &by(&["temperature"])).unwrap();
    let keys: Vec<String> = e.cells.iter().map(|c| c.key[0].to_string()).collect();
    assert_eq!(keys, ["-1", "-1/2", "0", "1", "5/4"]);
    let counts: Vec<u64> = e.cells.iter().map(|c| c.count()).collect();
    assert_eq!(counts, [7, 2, 3, 2, 2]);
    assert_eq!(e.periods, [None]);
}

/// The features of a survey of `game`'s family, each computed on its own for every position:
/// the game's, the moves of each player counted by the strong solvers' view of the game
/// ([`Bridge`]), and the parts from the position's value found in a store of its own (stops,
/// mean, temperature; the number, ups and nimber by a search over `x + n.^ + *m` for |n| <= 8,
/// m <= 8, with x the stops when they are equal). The survey's table must count exactly these
/// (key, value text) pairs. Returns the number of positions.
fn recompute<G>(game: &G) -> u64
where
    G: Partizan + ValueExplore<G::Position> + Notation<G::Position> + Clone,
{
    let mut s = value_survey::survey(game, Scope::Family, &Silent).unwrap();
    let positions = game.family().unwrap().unwrap().positions;
    let bridge = Bridge(game.clone());
    let mut want: HashMap<(Vec<Num>, String), u64> = HashMap::new();
    for pos in &positions {
        let mut raw = Vec::new();
        game.feature_values(pos, &mut raw);
        raw.push(bridge.moves(&(pos.clone(), Player::Left)).len() as i64);
        raw.push(bridge.moves(&(pos.clone(), Player::Right)).len() as i64);
        let mut key: Vec<Num> = raw.into_iter().map(Num::Int).collect();
        let mut ev = Evaluator::new(game);
        let g = ev.value(pos);
        let forms: &mut Forms = &mut ev.forms;
        let (ls, rs) = forms.stops(g);
        let (mean, temperature) = (forms.mean(g), forms.temperature(g));
        let mut nus = None;
        if ls == rs {
            'search: for n in -8i64..=8 {
                for m in 0u32..=8 {
                    let x = forms.number(ls);
                    let (u, star) = (forms.ups(n), forms.nimber(m));
                    let s = forms.sum(u, star);
                    if forms.sum(x, s) == g {
                        nus = Some((ls, n, m));
                        break 'search;
                    }
                }
            }
        }
        key.extend([ls, rs, mean, temperature].map(Num::Dyadic));
        match nus {
            Some((x, n, m)) => key.extend([Num::Dyadic(x), Num::Int(n), Num::Int(m as i64)]),
            None => key.extend([Num::Absent; 3]),
        }
        let text = Printer::new(forms).text(g);
        *want.entry((key, text)).or_default() += 1;
    }
    let texts = s.survey.value_texts();
    let mut got: HashMap<(Vec<Num>, String), u64> = HashMap::new();
    for cell in &s.survey.cells {
        for e in &cell.entries {
            *got.entry((cell.key.clone(), e.value.text(texts))).or_default() += e.count;
        }
    }
    assert_eq!(got, want);
    assert_eq!(s.survey.positions, positions.len() as u64);
    // The values are numbered by mean, then stops.
    let order: Vec<(Dyadic, (Dyadic, Dyadic))> =
        s.values.clone().into_iter().map(|g| (s.forms.mean(g), s.forms.stops(g))).collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]));
    s.survey.positions
}

/// Every Domineering board up to 3 x 3 with every set of filled squares (682 boards), every
/// Clobber board up to 2 x 3 with every placement of stones (858), every cake up to 8 x 8 (64),
/// every strip of Toads and Frogs of up to 6 squares (1,092) and its starts `T^a .^b F^c` of up
/// to 10 (285), and every Hackenbush forest of up to 5 blue, red and green edges (3,739),
/// recomputed position by position: 6,720 positions.
#[test]
fn every_feature_and_part_recomputed() {
    let dom = Domineering::new(Board::new(3, 3))
        .with_family(Spec { bound: Shape { rows: 3, cols: 3 }, boards: true });
    let mut total = 0;
    let mut count = |n: u64, want: u64| {
        assert_eq!(n, want);
        total += n;
    };
    count(recompute(&dom), 2 + 4 + 8 + 4 + 16 + 64 + 8 + 64 + 512);
    let clobber = Clobber::new(nimber_games::clobber::parse_board("xox/oxo").unwrap());
    count(recompute(&clobber), 858);
    let cutcake = Cutcake::new(Cakes(Vec::new())).with_family(Cake { rows: 8, cols: 8 });
    count(recompute(&cutcake), 64);
    let strips = ToadsAndFrogs::new(parse_strip("T....F").unwrap());
    count(recompute(&strips), 3 + 9 + 27 + 81 + 243 + 729);
    let starts = toadsandfrogs::explore::Spec { squares: 10, starts: true };
    count(recompute(&strips.with_family(starts)), 11 * 12 * 13 / 6 - 1);
    let colours = vec![Colour::Blue, Colour::Red, Colour::Green];
    let forests = hackenbush::explore::Spec { edges: 5, colours, shape: hackenbush::explore::Shape::Forests };
    let hackenbush = Hackenbush::new(Forest::default()).with_family(forests);
    count(recompute(&hackenbush), 3 + 15 + 82 + 495 + 3144);
    assert_eq!(total, 6720);
}

/// A rule's verdict, checked against the survey of `name` with `params`.
fn check(name: &str, params: &[&str], rule: &str, target: Option<&str>) -> Verdict {
    let mut s = survey(name, params);
    let rule = Rule::new(rule, &s.survey.features, nimber_engine::Value::Lose).unwrap();
    let target = match target {
        Some(text) => Target::value(text, &mut s).unwrap(),
        None => Target::Always,
    };
    values::check(&mut s, &rule, target).unwrap()
}

fn holds(name: &str, params: &[&str], rule: &str, target: Option<&str>) -> u64 {
    let v = check(name, params, rule, target);
    assert!(v.holds, "{rule}: {:?}", v.counterexample);
    v.positions
}

/// Rules that hold, each kind of claim: numbers from features (Domineering's strips: a 1 x n
/// strip is -floor(n/2), an n x 1 one floor(n/2)), values in CGSuite's notation compared by
/// canonical form (`{1|-1}` is `+-1`), outcome classes, the target value, and statements.
#[test]
fn rules_that_hold() {
    assert_eq!(holds("domineering", &["rows=1", "cols=8"], "-(cols / 2)", Some("0")), 8);
    assert_eq!(holds("domineering", &["rows=8", "cols=1"], "rows / 2", Some("0")), 8);
    // The whole table up to 3 x 3, by numbers and values.
    let table = r#"if rows == 1 { -(cols / 2) } else if cols == 1 { rows / 2 } else if rows == cols { "{1|-1}" }
                   else if rows == 2 { "{2|-1/2}" } else { "{1/2|-2}" }"#;
    assert_eq!(holds("domineering", &["rows=3", "cols=3"], table, Some("0")), 9);
    let classes = r#"if rows == 1 && cols == 1 { "P" } else if rows == 1 { "R" } else if cols == 1 { "L" } else { "N" }"#;
    assert_eq!(holds("domineering", &["rows=3", "cols=3"], classes, Some("0")), 9);
    // true: the value is the target; false: it is not.
    assert_eq!(holds("domineering", &["rows=3", "cols=3"], "rows == cols && rows > 1", Some("+-1")), 9);
    assert_eq!(holds("domineering", &["rows=3", "cols=3"], "rows * cols == 1", Some("0")), 9);
    // A number's parts: a 1 x n strip is the number -floor(n/2), no ups, no nimber.
    let parts = "number == -(cols / 2) && ups == 0 && nimber == 0 && mean == number && temperature == -1";
    assert_eq!(holds("domineering", &["rows=1", "cols=8"], parts, None), 8);
    // Statements: stops in order, and Clobber's values are all small (Albert, Grossman,
    // Nowakowski and Wolfe, 2005): infinitesimal, of mean 0 and temperature at most 0.
    assert_eq!(
        holds("domineering", &["rows=3", "cols=3", "family=boards"], "left_stop >= right_stop", None),
        682
    );
    let small = "mean == 0 && temperature <= 0 && left_stop == 0 && right_stop == 0";
    assert_eq!(holds("clobber", &["rows=2", "cols=3"], small, None), 858);
    assert_eq!(holds("clobber", &["rows=1", "cols=8"], "temperature <= 0", None), 9840);
}

/// The first counterexample of a verdict: the position, its value and what was claimed.
fn text(v: &Verdict, s: &ValueSurvey) -> (String, String, Claim) {
    let c = v.counterexample.as_ref().expect("a counterexample");
    (c.position.clone(), c.value.text(s.survey.value_texts()), c.claimed.clone())
}

/// False rules: the first counterexample in the family's order, with its value and the claim.
#[test]
fn rules_that_fail_give_their_first_counterexample() {
    let about = |t: &str| Claim::About(t.to_string());
    let s = survey("domineering", &["rows=1", "cols=8"]);
    let v = check("domineering", &["rows=1", "cols=8"], "-((cols + 1) / 2)", Some("0"));
    assert_eq!(text(&v, &s), (".".into(), "0".into(), about("-1")));
    assert_eq!(v.positions, 8);
    // 1 x 8 is -4: a rule that is right up to 1 x 7.
    let v = check("domineering", &["rows=1", "cols=8"], "if cols < 8 { -(cols / 2) } else { -3 }", Some("0"));
    assert_eq!(text(&v, &s), ("........".into(), "-4".into(), about("-3")));
    let s = survey("domineering", &["rows=3", "cols=3"]);
    let v = check("domineering", &["rows=3", "cols=3"], r#""+-1""#, Some("0"));
    assert_eq!(text(&v, &s), (".".into(), "0".into(), about("+-1")));
    let v = check("domineering", &["rows=3", "cols=3"], "rows == cols", Some("+-1"));
    assert_eq!(text(&v, &s), (".".into(), "0".into(), about("+-1")));
    let v = check("domineering", &["rows=3", "cols=3"], "rows != cols", Some("{2|-1/2}"));
    assert_eq!(text(&v, &s), ("..".into(), "-1".into(), about("{2|-1/2}")));
    let v = check("domineering", &["rows=3", "cols=3"], "false", Some("{2|-1/2}"));
    assert_eq!(text(&v, &s), (".../...".into(), "{2|-1/2}".into(), about("not {2|-1/2}")));
    let v = check("domineering", &["rows=3", "cols=3"], r#"if rows == cols { "N" } else { "R" }"#, Some("0"));
    assert_eq!(text(&v, &s), (".".into(), "0".into(), about("outcome N")));
    // A statement: the first rectangle hotter than 1 is 2 x 3.
    let v = check("domineering", &["rows=3", "cols=3"], "temperature <= 1", None);
    assert_eq!(text(&v, &s), (".../...".into(), "{2|-1/2}".into(), about("false")));
    let c = v.counterexample.unwrap();
    assert!(c.features.contains(&("temperature".to_string(), Num::Dyadic(d(5, 2)))));
}

/// Errors are one line, with the features where they happened and the column of a value.
#[test]
fn errors_of_rules_about_values() {
    let mut s = survey("domineering", &["rows=2", "cols=2"]);
    let err = |s: &mut ValueSurvey, rule: &str, target: Target| {
        let rule = Rule::new(rule, &s.survey.features, nimber_engine::Value::Lose).unwrap();
        values::check(s, &rule, target).unwrap_err().to_string()
    };
    let zero = Target::value("0", &mut s).unwrap();
    let e = err(&mut s, r#""{2|-1/2""#, zero);
    assert!(e.contains("at its column 1: `{` is not closed") && e.contains("rows=1 cols=1"), "{e}");
    let e = err(&mut s, r#""Q""#, zero);
    assert!(e.contains("not an outcome class (L, R, N, P)"), "{e}");
    let e = err(&mut s, r#""1 < 2""#, zero);
    assert!(e.contains("a comparison, not a value"), "{e}");
    let e = err(&mut s, "rows", Target::Always);
    assert!(e.contains("it gives 1") && e.contains("with --always a rule is a statement"), "{e}");
    let e = Target::value("{1|", &mut s).unwrap_err().to_string();
    assert_eq!(e, "--value {1|: at its column 1: `{` is not closed");
    let e =
        Rule::new("temprature <= 1", &s.survey.features, nimber_engine::Value::Lose).unwrap_err().to_string();
    assert!(
        e.contains("column 1") && e.contains("unknown feature `temprature`") && e.contains("temperature"),
        "{e}"
    );
    // A value too large to build within the budget of a rule's values.
    let big = format!("\"{}\"", (1..=30).map(|n| format!("+-{n}")).collect::<Vec<_>>().join(" + "));
    let e = err(&mut s, &big, zero);
    assert!(e.contains("canonical forms"), "{e}");
}

/// Scopes: the positions reachable from one (by both players' moves), and the start's when
/// there is no family.
#[test]
fn from_a_position() {
    let game = partizan("domineering", &[]);
    let s = game.survey(Scope::From("../.."), &Silent).unwrap();
    // The 2 x 2 board, the four with one domino, the full board.
    assert_eq!(s.survey.positions, 6);
    assert_eq!(s.survey.scope, "the positions reachable from ../..");
    let e = game.survey(Scope::From("..x"), &Silent).err().unwrap().to_string();
    assert!(e.contains("column 3"), "{e}");
    // Mined rules: 1 x n strips.
    let s = survey("domineering", &["rows=1", "cols=8"]);
    let e = lab::explore(&s.survey, &by(&["cols"])).unwrap();
    assert_eq!(e.value_rule.as_deref(), Some("-(cols / 2)"));
    assert_eq!(e.rule.as_deref(), Some("cols == 1"));
    assert!(s
        .survey
        .loses(Observed::Value(s.survey.value_texts().iter().position(|t| t == "0").unwrap() as u32)));
}

/// Winning Ways' table of Cutcake (ch. 2) as a rule, with the rules' `log2`: a cake of R rows
/// and C >= R columns is worth floor(C / 2^floor(log2 R)) - 1, the cake turned a quarter round
/// the negative. It holds on every cake up to 16 x 16 (256 cakes), all integers; dividing by R
/// instead fails first at 3 x 4 (worth 1, as 2 x 4: three rows cut no better than two).
#[test]
fn cutcake_follows_winning_ways_formula() {
    let sixteen = ["rows=16", "cols=16"];
    let formula = "if cols >= rows { (cols >> log2(rows)) - 1 } else { 1 - (rows >> log2(cols)) }";
    assert_eq!(holds("cutcake", &sixteen, formula, Some("0")), 256);
    let integers = "temperature == -1 && number == mean && ups == 0 && nimber == 0";
    assert_eq!(holds("cutcake", &sixteen, integers, None), 256);
    let s = survey("cutcake", &sixteen);
    assert_eq!(s.survey.scope, "every cake of 1 to 16 rows and 1 to 16 columns");
    let wrong = "if cols >= rows { cols / rows - 1 } else { -(rows / cols - 1) }";
    let v = check("cutcake", &sixteen, wrong, Some("0"));
    assert_eq!(text(&v, &s), ("3x4".into(), "1".into(), Claim::About("0".into())));
    // The features of a cake at the counterexample: one cake of 12 squares, two cuts for Left.
    let c = v.counterexample.unwrap();
    let at = |name: &str| c.features.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(
        ["rows", "cols", "squares", "cakes", "moves_left", "moves_right"].map(at),
        [3, 4, 12, 1, 2, 1].map(Num::Int)
    );
}

/// Toads and Frogs' starts `T^a .^b F^c` of 1 to 9 squares (219 strips), one to a cell by
/// toads, empty squares and frogs. Their values were compared once, all 219, with the canonical
/// forms cgt-py builds from the rules written again in Python (bench/cgt-toadsandfrogs.py's
/// script), and crates/cli/tests/lab.rs compares some with `nimber cgt`: `T^n.F^n` is * for n =
/// 1 to 4; `T..F` is 0, `TT..FF` *, `TTT..FFF` +-1/8; with one toad more, `TT.F` is {1/2|0}
/// and `TTT.FF` *. Then rules: `T^n.F^n` is * on the 363 starts up to 11 squares, and so is
/// Erickson's `T^a...FF` = {a-2|a-2} = (a-2)* for a >= 2 (proved by Thanatipanonda and
/// Zeilberger); `T^n..F^n` is not always *: `T..F` is 0.
#[test]
fn toads_and_frogs_starts() {
    let s = survey("toadsandfrogs", &["family=starts", "squares=9"]);
    assert_eq!(s.survey.scope, "every strip T^a .^b F^c of 1 to 9 squares");
    assert_eq!(s.survey.positions, 10 * 11 * 12 / 6 - 1);
    let e = lab::explore(&s.survey, &by(&["toads", "empty", "frogs"])).unwrap();
    assert!(e.function && e.cells.len() == 219);
    let value = |a: i64, b: i64, c: i64| {
        let cell = e.cells.iter().find(|cell| cell.key == [a, b, c].map(Num::Int)).unwrap();
        cell.entries[0].value.text(e.value_texts()).to_string()
    };
    for n in 1..=4 {
        assert_eq!(value(n, 1, n), "*", "T^{n}.F^{n}");
    }
    assert_eq!([value(1, 2, 1), value(2, 2, 2), value(3, 2, 3)], ["0", "*", "+-1/8"]);
    assert_eq!([value(2, 1, 1), value(3, 1, 2), value(1, 1, 0), value(0, 2, 1)], ["{1/2|0}", "*", "1", "-2"]);
    let eleven = ["family=starts", "squares=11"];
    let star = "toads != frogs || empty != 1 || toads == 0 || (number == 0 && ups == 0 && nimber == 1)";
    assert_eq!(holds("toadsandfrogs", &eleven, star, None), 12 * 13 * 14 / 6 - 1);
    let erickson =
        "toads < 2 || frogs != 2 || empty != 3 || (number == toads - 2 && ups == 0 && nimber == 1)";
    assert_eq!(holds("toadsandfrogs", &eleven, erickson, None), 363);
    let v =
        check("toadsandfrogs", &eleven, "toads != frogs || empty != 2 || toads == 0 || nimber == 1", None);
    assert_eq!(
        text(&v, &survey("toadsandfrogs", &eleven)),
        ("T..F".into(), "0".into(), Claim::About("false".into()))
    );
}

/// Every blue-red string of 1 to 10 edges (2,046 strings): the survey's `number` is
/// Berlekamp's rule (tests/partizan: the same rule tests/suite/hackenbush.rs checks against the
/// values found move by move), string by string: the (blue, red, number) of every string
/// counted from the rule equal the survey's, and each cell's first string has the rule's
/// number. Blue-red values are numbers: on every blue-red forest of up to 8 edges (57,103), the
/// value is a number of negative temperature; green edges are not (`G` is *, temperature 0).
#[test]
fn hackenbush_strings_follow_berlekamps_rule() {
    let s = survey("hackenbush", &["colours=BR", "edges=10"]);
    assert_eq!(s.survey.scope, "every string of 1 to 10 edges of colours BR");
    assert_eq!(s.survey.positions, (1 << 11) - 2);
    let mut want: HashMap<(i64, i64, Dyadic), u64> = HashMap::new();
    for len in 1..=10u32 {
        for bits in 0..1u32 << len {
            let blue: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            let b = blue.iter().filter(|&&x| x).count() as i64;
            *want.entry((b, len as i64 - b, partizan::berlekamp(&blue))).or_default() += 1;
        }
    }
    let mut got: HashMap<(i64, i64, Dyadic), u64> = HashMap::new();
    let int = |n: Num| match n {
        Num::Int(n) => n,
        other => panic!("{other:?}"),
    };
    for cell in &s.survey.cells {
        let Num::Dyadic(number) = feature(&s, &cell.key, "number") else { panic!("{:?}", cell.key) };
        let key = (int(feature(&s, &cell.key, "blue")), int(feature(&s, &cell.key, "red")), number);
        for e in &cell.entries {
            *got.entry(key).or_default() += e.count;
            let blue: Vec<bool> = e.example.chars().map(|c| c == 'B').collect();
            assert_eq!(partizan::berlekamp(&blue), number, "{}", e.example);
        }
    }
    assert_eq!(got, want);
    assert_eq!(got.values().sum::<u64>(), 2046);
    let numbers = "temperature < 0 && number != () && ups == 0 && nimber == 0";
    assert_eq!(holds("hackenbush", &["colours=BR", "edges=8", "family=forests"], numbers, None), 57_103);
    let params = ["colours=BRG", "edges=3"];
    let v = check("hackenbush", &params, "temperature < 0", None);
    assert_eq!(
        text(&v, &survey("hackenbush", &params)),
        ("G".into(), "*".into(), Claim::About("false".into()))
    );
}
