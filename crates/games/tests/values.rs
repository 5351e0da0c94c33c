//! Surveys of game values (`nimber explore --values`, `nimber check --values`) of Domineering
//! and Clobber: the published values of Domineering's rectangles, every feature and part of
//! every position recomputed on its own and tabulated again, and rules about values checked,
//! true and false.

use std::collections::HashMap;

use nimber_engine::survey::{Num, Observed, Scope};
use nimber_engine::{Dyadic, Game, Notation, Params, Silent};
use nimber_games::clobber::Clobber;
use nimber_games::domineering::{lab::Spec, Board, Domineering};
use nimber_games::grid::Shape;
use nimber_lab::values::{self, Target};
use nimber_lab::{self as lab, Claim, Rule, Verdict};
use nimber_partizan::game::Explore;
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
    key[lab::feature_index(&s.survey.features, name).unwrap()]
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
    G: Partizan + Explore<G::Position> + Notation<G::Position> + Clone,
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

/// Every Domineering board up to 3 x 3 with every set of filled squares (682 boards), and
/// every Clobber board up to 2 x 3 with every placement of stones (858), recomputed position by
/// position.
#[test]
fn every_feature_and_part_recomputed() {
    let dom = Domineering::new(Board::new(3, 3))
        .with_family(Spec { bound: Shape { rows: 3, cols: 3 }, boards: true });
    assert_eq!(recompute(&dom), 2 + 4 + 8 + 4 + 16 + 64 + 8 + 64 + 512);
    let clobber = Clobber::new(nimber_games::clobber::parse_board("xox/oxo").unwrap());
    assert_eq!(recompute(&clobber), 858);
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

/// False rules: the first counterexample in the family's order, with its value and the claim.
#[test]
fn rules_that_fail_give_their_first_counterexample() {
    let text = |v: &Verdict, s: &ValueSurvey| {
        let c = v.counterexample.as_ref().unwrap();
        (c.position.clone(), c.value.text(s.survey.value_texts()), c.claimed.clone())
    };
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
