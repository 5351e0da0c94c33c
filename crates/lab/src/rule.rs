//! Conjectured rules: expressions over a game's features that say what a position is worth.
//!
//! Expressions are read and evaluated by [Rhai](https://rhai.rs) (MIT or Apache-2.0, actively
//! maintained), compiled in expression-only mode with 64-bit integers and floats, and no arrays,
//! objects, modules or function definitions. It was chosen over `evalexpr` (the usual
//! expression crate) because evalexpr's current versions are AGPL-3.0, which nimber's licence
//! cannot take, and because its errors carry no position, while Rhai reports the line and
//! column of every parse and evaluation error and rejects unknown variables at compile time.
//!
//! The language: integers, the features as variables, `+ - * / %` (integer division and
//! remainder, truncated toward zero as in Rust), `**` (power), comparisons `== != < <= > >=`,
//! `&& || !`, bitwise `& | ^` (`^` is XOR; as in C these bind more loosely than comparisons,
//! so Nim's rule is `(heap1 ^ heap2 ^ heap3) == 0`), `<< >>`, parentheses, `if c { a } else { b }`, functions such as `min(a, b)`, `max(a, b)`,
//! `abs(a)`, and strings `"win"`, `"lose"`, `"tie"`, `"draw"`. nimber adds `log2(n)`, the
//! floor of the base-2 logarithm of an integer `n >= 1` (`log2(7)` is 2: the position of the
//! highest bit), exact where a float's logarithm would round (Cutcake's value, for `cols >=
//! rows`, is `(cols >> log2(rows)) - 1`; `>>` binds more loosely than `-`, as in Rust).
//!
//! Features are integers ([`Num::Int`]) but for the parts of game values that are dyadic
//! rationals (`left_stop`, `temperature`: [`Num::Dyadic`]), which rules read as floats: a float
//! holds every dyadic rational with a numerator of at most 53 bits exactly, and a feature that
//! does not fit is refused with an error rather than rounded. Decimals such as `0.5` are floats
//! too (`1/2` is the integer 0). Integers and floats mix in comparisons and arithmetic
//! (`temperature <= 1`). A feature that a position does not have (the `number` of a switch:
//! [`Num::Absent`]) is `()`: it equals only `()`, every other comparison with it is false.
//!
//! What a rule's result claims ([`Claim`]):
//!
//! - `true` / `false`: the position has / has not the rule's value, [`Value::Lose`] unless
//!   given otherwise: `(pieces + on_dark) % 3 == 0` says "the player to move loses exactly
//!   here". For nim values, lose means nim value 0 and win a non-zero one.
//! - a value name (`"draw"`): the position has that value.
//! - an integer (with nim values only): the position has that nim value.
//!
//! Rules about game values (`--values`) read the same results differently: see
//! [`crate::values`]. [`Rule::said`] gives a result as it is ([`Said`]).
//!
//! A rule comes from the user, so the interpreter is bounded ([`Limits`]): the length of its
//! text, the depth of its nesting, the operations and the time of one evaluation, and the length
//! of strings (a rule defines no functions: calls are those of the built-in ones, and nest only
//! as deep as the expression). A rule over a bound is refused with an error that names it.

use std::cell::Cell;
use std::fmt;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rhai::{Dynamic, Engine, Position, Scope, AST};

use nimber_engine::solve::survey::{Num, Observed};
use nimber_engine::{Dyadic, Error, Value};

/// What a rule says about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The position has this value.
    Is(Observed),
    /// The position has any value but this one.
    IsNot(Observed),
    /// A claim about a game value, in words: `{2|-1/2}`, `not 0`, `outcome N`, `false`. It is
    /// checked against the forms of the values ([`crate::values`]), not by [`Claim::holds`].
    About(String),
}

impl Claim {
    /// Whether a position with value `actual` (an outcome or a nim value) agrees with the
    /// claim; never for [`Claim::About`], which is checked elsewhere.
    pub fn holds(&self, actual: Observed) -> bool {
        match self {
            Claim::Is(v) => actual == *v,
            Claim::IsNot(v) => actual != *v,
            Claim::About(_) => false,
        }
    }
}

impl fmt::Display for Claim {
    /// `lose`, `not lose`, `nim 2`, `not nim 0`, or a claim about a game value as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Is(v) => write!(f, "{v}"),
            Claim::IsNot(v) => write!(f, "not {v}"),
            Claim::About(text) => f.write_str(text),
        }
    }
}

/// A rule's result as it is, before it is read as a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float: a dyadic rational (every finite float is one).
    Number(Dyadic),
    /// A string.
    Text(String),
}

/// The most bits of a numerator that a float holds exactly.
const FLOAT_BITS: u32 = 53;

/// A dyadic rational as a float, when the float is exactly it: a numerator of at most
/// `FLOAT_BITS` bits, and not too small.
pub fn exact_float(d: Dyadic) -> Option<f64> {
    (d.numerator().unsigned_abs() < 1 << FLOAT_BITS && d.exponent() <= 1000).then(|| d.to_f64())
}

/// A finite float as the dyadic rational it is; `None` for infinities, NaN and floats of
/// 2^126 or more in size.
pub fn float_dyadic(x: f64) -> Option<Dyadic> {
    if !x.is_finite() {
        return None;
    }
    if x == 0.0 {
        return Some(Dyadic::ZERO);
    }
    let bits = x.to_bits();
    let negative = bits >> 63 == 1;
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = (bits & ((1 << 52) - 1)) as i128;
    // x = mantissa * 2^power.
    let (mantissa, power) = if biased == 0 { (fraction, -1074) } else { (fraction | 1 << 52, biased - 1075) };
    let mantissa = if negative { -mantissa } else { mantissa };
    if power >= 0 {
        if power > 126 - FLOAT_BITS as i32 {
            return None;
        }
        Some(Dyadic::int(mantissa << power))
    } else {
        Some(Dyadic::new(mantissa, (-power) as u32))
    }
}

/// A compiled rule over a fixed list of features.
pub struct Rule {
    text: String,
    features: Vec<String>,
    value: Value,
    engine: Engine,
    ast: AST,
    limits: Limits,
    /// When the evaluation under way started, for the time bound.
    started: Rc<Cell<Instant>>,
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rule").field("text", &self.text).field("value", &self.value).finish()
    }
}

/// An error about the rule `text` at `pos`: `rule `...`: column 7: message`.
fn rule_error(text: &str, pos: Position, message: impl fmt::Display) -> Error {
    let place = match (pos.line(), pos.position()) {
        (Some(1), Some(c)) => format!("column {c}: "),
        (Some(l), Some(c)) => format!("line {l}, column {c}: "),
        _ => String::new(),
    };
    Error::Param(format!("rule `{}`: {place}{message}", quoted(text)))
}

/// A rule's text as errors quote it: trimmed, its first [`QUOTED`] characters.
fn quoted(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

/// Errors quote at most this many characters of a rule.
const QUOTED: usize = 120;

/// The bounds of the rule interpreter: a rule cannot hang a check or take its memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest rule text, in bytes.
    pub text: usize,
    /// The deepest nesting of an expression (parentheses, operators, calls).
    pub depth: usize,
    /// The most operations of one evaluation.
    pub operations: u64,
    /// The longest string a rule may build, in characters.
    pub string: usize,
    /// The longest one evaluation may run.
    pub time: Duration,
}

impl Limits {
    /// The bounds of `nimber check` and `nimber explore`: far above any rule written by hand.
    pub const DEFAULT: Limits = Limits {
        text: 64 * 1024,
        depth: 64,
        operations: 100_000,
        string: 1_000,
        time: Duration::from_secs(1),
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// The interpreter checks the time of an evaluation every this many operations.
const TIME_CHECK: u64 = 256;

/// What `on_progress` returns when an evaluation runs out of time.
const OUT_OF_TIME: &str = "out of time";

/// The engine for rules: expressions only, bounded work, no output. `started` is set to the
/// start of each evaluation; the progress callback stops an evaluation over the time limit.
fn engine(limits: &Limits, started: Rc<Cell<Instant>>) -> Engine {
    let mut engine = Engine::new();
    engine.set_strict_variables(true);
    engine.set_max_operations(limits.operations);
    engine.set_max_expr_depths(limits.depth);
    engine.set_max_string_size(limits.string);
    engine.disable_symbol("eval");
    engine.register_fn("log2", log2);
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    let time = limits.time;
    engine.on_progress(move |ops| {
        (ops % TIME_CHECK == 0 && started.get().elapsed() > time).then(|| Dynamic::from(OUT_OF_TIME))
    });
    engine
}

/// `log2(n)`, the built-in of rules: the floor of the base-2 logarithm of `n >= 1` (the
/// position of its highest bit), an error for `n <= 0`.
fn log2(n: i64) -> Result<i64, Box<rhai::EvalAltResult>> {
    if n <= 0 {
        return Err(format!("log2({n}): the logarithm is of an integer of at least 1").into());
    }
    Ok(n.ilog2() as i64)
}

/// The message of an evaluation error, naming the bound when it hit one.
fn eval_message(e: &rhai::EvalAltResult, limits: &Limits) -> Option<String> {
    use rhai::EvalAltResult as E;
    Some(match e {
        E::ErrorTooManyOperations(_) => {
            format!("the rule takes more than {} operations (the interpreter's bound)", limits.operations)
        }
        E::ErrorDataTooLarge(what, _) => {
            format!("{what} too large: a rule's strings are at most {} characters", limits.string)
        }
        E::ErrorStackOverflow(_) => "calls nested too deeply (the interpreter's bound)".to_string(),
        E::ErrorTerminated(..) => {
            format!("one evaluation ran longer than {:?} (the interpreter's bound)", limits.time)
        }
        _ => return None,
    })
}

impl Rule {
    /// Compiles `text` over `features`. A boolean result claims `value` (see the module
    /// documentation). Fails with the column of the first problem: a syntax error, or a
    /// variable that is not a feature (the message lists the features).
    pub fn new(text: &str, features: &[String], value: Value) -> Result<Rule, Error> {
        Rule::with_limits(text, features, value, Limits::DEFAULT)
    }

    /// [`Rule::new`] with other bounds of the interpreter.
    pub fn with_limits(text: &str, features: &[String], value: Value, limits: Limits) -> Result<Rule, Error> {
        if text.trim().is_empty() {
            return Err(Error::Param("the rule is empty: give an expression such as `xor == 0`".into()));
        }
        if text.len() > limits.text {
            return Err(Error::Param(format!(
                "the rule is {} bytes long; a rule has at most {} (the interpreter's bound)",
                text.len(),
                limits.text
            )));
        }
        let started = Rc::new(Cell::new(Instant::now()));
        let engine = engine(&limits, started.clone());
        let mut scope = Scope::new();
        for name in features {
            scope.push(name.as_str(), 0i64);
        }
        let ast = engine.compile_expression_with_scope(&scope, text).map_err(|e| {
            let message = match &*e.0 {
                rhai::ParseErrorType::VariableUndefined(name) => {
                    format!("unknown feature `{name}` (features of this game: {})", features.join(", "))
                }
                rhai::ParseErrorType::UnexpectedEOF => "the expression ends too early".to_string(),
                rhai::ParseErrorType::ExprTooDeep => format!(
                    "the expression is nested too deeply (at most {} levels: the interpreter's bound)",
                    limits.depth
                ),
                rhai::ParseErrorType::LiteralTooLarge(what, max) => {
                    format!("{what} is over {max}: a rule's strings are at most {max} characters")
                }
                rhai::ParseErrorType::BadInput(rhai::LexError::UnexpectedInput(s)) if s == "=" => {
                    "unexpected `=`: compare with `==`".to_string()
                }
                other => other.to_string(),
            };
            rule_error(text, e.1, message)
        })?;
        Ok(Rule {
            text: text.trim().to_string(),
            features: features.to_vec(),
            value,
            engine,
            ast,
            limits,
            started,
        })
    }

    /// The rule as written (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The value a `true` result claims.
    pub fn value(&self) -> Value {
        self.value
    }

    /// What the rule says about a position with these feature values (in the order of the
    /// features it was compiled with). `nim`: positions have nim values.
    pub fn eval(&self, values: &[Num], nim: bool) -> Result<Claim, Error> {
        let none = Position::NONE;
        let said = self.said(values)?;
        match said {
            Said::Bool(b) => self.bool_claim(b, nim),
            Said::Int(n) if nim => {
                let n = u32::try_from(n).map_err(|_| {
                    let at = self.at(values);
                    rule_error(
                        &self.text,
                        none,
                        format!("it gives {n} (with {at}), which is not a nim value"),
                    )
                })?;
                Ok(Claim::Is(Observed::Nim(n)))
            }
            Said::Int(_) | Said::Number(_) => Err(self.error_at(
                values,
                format!("it gives the number {said}"),
                "a rule gives true or false, a value name, or with --nim a nim value",
            )),
            Said::Text(name) => {
                let value = Value::from_name(&name).ok_or_else(|| {
                    self.error_at(
                        values,
                        format!("it gives \"{name}\""),
                        "value names are win, lose, tie and draw",
                    )
                })?;
                value_claim(value, true, nim).map_err(|m| rule_error(&self.text, none, m))
            }
        }
    }

    /// The error "`what` (with the features): `why`", about the rule as a whole.
    pub fn error_at(&self, values: &[Num], what: impl fmt::Display, why: impl fmt::Display) -> Error {
        rule_error(&self.text, Position::NONE, format!("{what} (with {}): {why}", self.at(values)))
    }

    /// `pieces=4 on_dark=0`: the features at a position, for errors.
    fn at(&self, values: &[Num]) -> String {
        let pairs: Vec<String> = self.features.iter().zip(values).map(|(n, v)| format!("{n}={v}")).collect();
        pairs.join(" ")
    }

    /// The rule's result at a position with these feature values, as it is. Fails with the
    /// column of an evaluation error, or when a dyadic feature does not fit a float exactly.
    pub fn said(&self, values: &[Num]) -> Result<Said, Error> {
        let mut scope = Scope::new();
        for (name, &v) in self.features.iter().zip(values) {
            match v {
                Num::Int(n) => scope.push(name.as_str(), n),
                Num::Dyadic(d) => match exact_float(d) {
                    Some(x) => scope.push(name.as_str(), x),
                    None => {
                        return Err(self.error_at(
                            values,
                            format!("feature `{name}` is {d}"),
                            format!(
                                "a rule reads it as a float, which holds at most {FLOAT_BITS} bits exactly"
                            ),
                        ))
                    }
                },
                Num::Absent => scope.push(name.as_str(), ()),
            };
        }
        self.started.set(Instant::now());
        let result: Dynamic = self.engine.eval_ast_with_scope(&mut scope, &self.ast).map_err(|e| {
            let mut e = *e;
            let pos = e.take_position();
            if let Some(bound) = eval_message(&e, &self.limits) {
                return rule_error(&self.text, pos, format!("{bound} (with {})", self.at(values)));
            }
            let hint = match &e {
                rhai::EvalAltResult::ErrorFunctionNotFound(f, _)
                    if f.starts_with(['^', '&', '|']) && f.contains("bool") =>
                {
                    " (`^`, `&` and `|` bind more loosely than comparisons, as in C: write `(a ^ b) == 0`)"
                }
                rhai::EvalAltResult::ErrorFunctionNotFound(f, _) if f.contains("()") => {
                    " (a feature the value does not have is `()`: test it with `== ()` first)"
                }
                _ => "",
            };
            rule_error(&self.text, pos, format!("{e}{hint} (with {})", self.at(values)))
        })?;
        if let Ok(b) = result.as_bool() {
            return Ok(Said::Bool(b));
        }
        if let Ok(n) = result.as_int() {
            return Ok(Said::Int(n));
        }
        if let Ok(x) = result.as_float() {
            return float_dyadic(x).map(Said::Number).ok_or_else(|| {
                self.error_at(values, format!("it gives {x}"), "a rule's numbers are finite and below 2^126")
            });
        }
        if result.is_string() {
            return Ok(Said::Text(result.into_string().unwrap_or_default()));
        }
        Err(self.error_at(
            values,
            format!("it gives a {}", result.type_name()),
            "a rule gives true or false, a value name, or a number",
        ))
    }

    fn bool_claim(&self, b: bool, nim: bool) -> Result<Claim, Error> {
        value_claim(self.value, b, nim).map_err(|m| rule_error(&self.text, Position::NONE, m))
    }
}

impl fmt::Display for Said {
    /// As errors quote a result: `true`, `3`, `-1/2`, `"+-1"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Said::Bool(b) => write!(f, "{b}"),
            Said::Int(n) => write!(f, "{n}"),
            Said::Number(d) => write!(f, "{d}"),
            Said::Text(t) => write!(f, "\"{t}\""),
        }
    }
}

/// The claim "the value is (`yes`) or is not `value`", for outcomes or nim values.
fn value_claim(value: Value, yes: bool, nim: bool) -> Result<Claim, String> {
    let (observed, positive) = if nim {
        match value {
            Value::Lose => (Observed::Nim(0), yes),
            Value::Win => (Observed::Nim(0), !yes),
            other => return Err(format!("nim values are wins and losses; a rule cannot claim {other}")),
        }
    } else {
        (Observed::Outcome(value), yes)
    };
    Ok(if positive { Claim::Is(observed) } else { Claim::IsNot(observed) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features() -> Vec<String> {
        ["pieces", "on_dark", "moves"].iter().map(|s| s.to_string()).collect()
    }

    fn ints(values: &[i64]) -> Vec<Num> {
        values.iter().map(|&v| Num::Int(v)).collect()
    }

    fn rule(text: &str) -> Rule {
        Rule::new(text, &features(), Value::Lose).unwrap()
    }

    fn error(text: &str) -> String {
        Rule::new(text, &features(), Value::Lose).unwrap_err().to_string()
    }

    #[test]
    fn claims() {
        let r = rule("(pieces + on_dark) % 3 == 0");
        let lose = Observed::Outcome(Value::Lose);
        assert_eq!(r.eval(&ints(&[4, 2, 0]), false).unwrap(), Claim::Is(lose));
        assert_eq!(r.eval(&ints(&[4, 1, 0]), false).unwrap(), Claim::IsNot(lose));
        assert_eq!(r.eval(&ints(&[4, 2, 0]), true).unwrap(), Claim::Is(Observed::Nim(0)));
        let r = rule("(2*pieces + 2*on_dark) % 3");
        assert_eq!(r.eval(&ints(&[1, 0, 0]), true).unwrap(), Claim::Is(Observed::Nim(2)));
        assert!(r.eval(&ints(&[1, 0, 0]), false).unwrap_err().to_string().contains("--nim"));
        let r = rule(r#"if pieces > 3 { "draw" } else { "win" }"#);
        assert_eq!(r.eval(&ints(&[4, 0, 0]), false).unwrap(), Claim::Is(Observed::Outcome(Value::Draw)));
        assert!(r.eval(&ints(&[4, 0, 0]), true).unwrap_err().to_string().contains("cannot claim draw"));
        let r = Rule::new("(pieces ^ on_dark) == 0", &features(), Value::Draw).unwrap();
        assert_eq!(r.eval(&ints(&[3, 3, 0]), false).unwrap(), Claim::Is(Observed::Outcome(Value::Draw)));
        assert!(Claim::IsNot(lose).holds(Observed::Outcome(Value::Win)));
        assert!(!Claim::IsNot(lose).holds(lose));
        assert_eq!(Claim::IsNot(lose).to_string(), "not lose");
        assert_eq!(
            rule("min(pieces, on_dark) + abs(on_dark - 5) == 4").eval(&ints(&[1, 2, 0]), false).unwrap(),
            Claim::Is(lose)
        );
    }

    /// `log2(n)`: the floor of the base-2 logarithm, exact at every power of two and next to it
    /// (1 to 2^62 and their neighbours: 188 values), an error below 1.
    #[test]
    fn log2_is_the_highest_bit() {
        let r = rule("log2(pieces)");
        let at = |n: i64| r.said(&ints(&[n, 0, 0]));
        let mut checked = 0;
        for k in 0..63 {
            let p = 1i64 << k;
            assert_eq!(at(p).unwrap(), Said::Int(k), "2^{k}");
            assert_eq!(at(p + 1).unwrap(), Said::Int(k + (k == 0) as i64), "2^{k} + 1");
            if k > 0 {
                assert_eq!(at(p - 1).unwrap(), Said::Int(k - 1), "2^{k} - 1");
            }
            checked += 2 + (k > 0) as usize;
        }
        assert_eq!(checked, 188);
        assert_eq!(at(i64::MAX).unwrap(), Said::Int(62));
        // Cutcake's rule (Winning Ways): a cake of 3 rows and 12 columns is worth 12/2 - 1.
        let cake = rule("(on_dark >> log2(pieces)) - 1");
        assert_eq!(cake.said(&ints(&[3, 12, 0])).unwrap(), Said::Int(5));
        for n in [0, -1, i64::MIN] {
            let e = at(n).unwrap_err().to_string();
            assert!(e.contains(&format!("log2({n}): the logarithm is of an integer of at least 1")), "{e}");
            assert!(e.contains("column 1") && e.contains(&format!("pieces={n}")), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
        // Integers only: a float is refused, with the column.
        let e = rule("pieces + log2(2.5)").said(&ints(&[1, 0, 0])).unwrap_err().to_string();
        assert!(e.contains("column 10") && e.contains("log2 (f64)"), "{e}");
    }

    #[test]
    fn errors_name_the_column() {
        let e = error("(pieces + foo) % 3 == 0");
        assert!(e.contains("column 11") && e.contains("unknown feature `foo`"), "{e}");
        assert!(e.contains("pieces, on_dark, moves"), "{e}");
        let e = error("pieces = 3");
        assert!(e.contains("column 8") && e.contains("=="), "{e}");
        let e = error("(pieces + 1");
        assert!(e.contains("column 12"), "{e}");
        let e = error("pieces +");
        assert!(e.contains("ends too early"), "{e}");
        let e = error("pieces @ 2");
        assert!(e.contains("column 8"), "{e}");
        assert!(error("  ").contains("empty"));
        assert!(error("let x = 1").contains("column 1"));
        let e = rule("pieces / on_dark == 1").eval(&ints(&[4, 0, 0]), false).unwrap_err().to_string();
        assert!(e.contains("column 8") && e.contains("pieces=4 on_dark=0"), "{e}");
        assert!(!e.contains('\n'));
        let e = rule("pieces ^ on_dark == 0").eval(&ints(&[4, 0, 0]), false).unwrap_err().to_string();
        assert!(e.contains("column 8") && e.contains("(a ^ b) == 0"), "{e}");
        let e = rule("pieces + 1").eval(&ints(&[4, 0, 0]), true).unwrap();
        assert_eq!(e, Claim::Is(Observed::Nim(5)));
        assert!(rule("pieces - 9")
            .eval(&ints(&[4, 0, 0]), true)
            .unwrap_err()
            .to_string()
            .contains("not a nim value"));
        assert!(rule("\"loss2\"")
            .eval(&ints(&[4, 0, 0]), false)
            .unwrap_err()
            .to_string()
            .contains("value names"));
    }

    /// Dyadic features are exact floats: compared with integers and decimals, added, given back
    /// as results; absent ones are `()`.
    #[test]
    fn dyadic_and_absent_features() {
        let names: Vec<String> = ["rows", "temperature", "number"].iter().map(|s| s.to_string()).collect();
        let rule = |text: &str| Rule::new(text, &names, Value::Lose).unwrap();
        let d = |n: i128, k: u32| Num::Dyadic(Dyadic::new(n, k));
        // {2|-1/2}: temperature 5/4, no number.
        let hot = [Num::Int(2), d(5, 2), Num::Absent];
        // 3/2: temperature -1/2, number 3/2.
        let cold = [Num::Int(3), d(-1, 1), d(3, 1)];
        for (text, at_hot, at_cold) in [
            ("temperature <= 1", false, true),
            ("temperature == 1.25", true, false),
            ("temperature * 4 == 5", true, false),
            ("number == ()", true, false),
            ("number != ()", false, true),
            ("number >= 1", false, true),
            ("number < 1", false, false),
            ("number == 1.5 && rows == 3", false, true),
        ] {
            assert_eq!(rule(text).said(&hot).unwrap(), Said::Bool(at_hot), "{text}");
            assert_eq!(rule(text).said(&cold).unwrap(), Said::Bool(at_cold), "{text}");
        }
        // Results: exact dyadic rationals back from floats, integers, strings.
        assert_eq!(rule("temperature - 2").said(&hot).unwrap(), Said::Number(Dyadic::new(-3, 2)));
        assert_eq!(rule("number / 3").said(&cold).unwrap(), Said::Number(Dyadic::new(1, 1)));
        assert_eq!(rule("-(rows / 2)").said(&cold).unwrap(), Said::Int(-1));
        assert_eq!(
            rule(r#"if rows == 2 { "+-1" } else { "N" }"#).said(&hot).unwrap(),
            Said::Text("+-1".into())
        );
        // Arithmetic on an absent part names it; a dyadic beyond a float's 53 bits is refused.
        let e = rule("number + 1 == 2").said(&hot).unwrap_err().to_string();
        assert!(e.contains("column 8") && e.contains("`== ()` first") && e.contains("number=-"), "{e}");
        let e = rule("temperature < 1")
            .said(&[Num::Int(1), d((1 << 60) + 1, 3), Num::Absent])
            .unwrap_err()
            .to_string();
        assert!(e.contains("feature `temperature` is 1152921504606846977/8") && e.contains("53 bits"), "{e}");
        assert!(rule("temperature < 1").said(&[Num::Int(1), d((1 << 53) - 1, 3), Num::Absent]).is_ok());
        assert!(rule("temperature < 1").said(&[Num::Int(1), d(1, 60), Num::Absent]).is_ok());
        // Outside --values, a number is no claim.
        let e = rule("temperature").eval(&hot, false).unwrap_err().to_string();
        assert!(e.contains("it gives the number 5/4") && e.contains("--nim"), "{e}");
        let e = rule("1.0 / 0.0").said(&hot).unwrap_err().to_string();
        assert!(e.contains("it gives inf"), "{e}");
    }

    /// Floats and dyadic rationals convert exactly both ways, or not at all.
    #[test]
    fn floats_are_dyadic_rationals() {
        for (x, n, k) in [(0.5, 1, 1), (-1.25, -5, 2), (3.0, 3, 0), (-0.0, 0, 0), (1e-300, 0, 0)] {
            if x == 1e-300 {
                assert_eq!(exact_float(float_dyadic(x).unwrap()), None, "an exponent past 1000");
                continue;
            }
            let d = float_dyadic(x).unwrap();
            assert_eq!(d, Dyadic::new(n, k), "{x}");
            assert_eq!(exact_float(d), Some(x));
        }
        assert_eq!(float_dyadic(2f64.powi(100)), Some(Dyadic::int(1 << 100)));
        assert_eq!(float_dyadic(2f64.powi(126)), None);
        assert_eq!(float_dyadic(f64::NAN), None);
        assert_eq!(float_dyadic(f64::MIN_POSITIVE / 4.0), Some(Dyadic::new(1, 1024)));
        // Every numerator of up to 53 bits over every denominator up to 2^64, in a sample.
        for n in [1i128, -3, 5, (1 << 53) - 1, -((1 << 53) - 1)] {
            for k in [0u32, 1, 7, 64] {
                let d = Dyadic::new(n, k);
                assert_eq!(float_dyadic(exact_float(d).unwrap()), Some(d));
            }
        }
        assert_eq!(exact_float(Dyadic::int(1 << 53)), None);
    }

    /// `pieces` added up 2^levels times, as a balanced tree of sums.
    fn balanced_sum(levels: u32) -> String {
        if levels == 0 {
            return "pieces".to_string();
        }
        let half = balanced_sum(levels - 1);
        format!("({half} + {half})")
    }

    /// Hostile rules meet the interpreter's bounds, and the error names the bound.
    #[test]
    fn bounds_stop_hostile_rules() {
        // Too long a text.
        let long = "pieces + ".repeat(10_000) + "1 == 0";
        let e = error(&long);
        assert!(e.contains("at most 65536") && e.contains("bytes long"), "{e}");
        // Nested too deeply: refused when compiled.
        let deep = format!("{}pieces{} == 0", "(".repeat(200), ")".repeat(200));
        let e = error(&deep);
        assert!(e.contains("nested too deeply") && e.contains("at most 64 levels"), "{e}");
        assert!(e.contains(&format!("rule `{}...`", &deep[..QUOTED])), "{e}");
        let deep = "!".repeat(500) + "true";
        assert!(error(&deep).contains("nested too deeply"));
        // Loops are statements, which a rule cannot have.
        assert!(error("loop { }").contains("column 1"));
        assert!(error("while true { }").contains("column 1"));
        // Too many operations: a balanced sum of 4,096 terms (8,191 operations, nested 24 deep)
        // under a bound of 5,000. (A long flat sum is nested as deep as it is long: with the
        // default bounds, the text and the depth bound the operations before their own bound.)
        let limits = Limits { operations: 5_000, ..Limits::DEFAULT };
        let sum = format!("{} == 4096", balanced_sum(12));
        let r = Rule::with_limits(&sum, &features(), Value::Lose, limits).unwrap();
        let e = r.eval(&ints(&[1, 0, 0]), false).unwrap_err().to_string();
        assert!(e.contains("more than 5000 operations"), "{e}");
        // The same sum within the default bounds.
        let r = Rule::new(&sum, &features(), Value::Lose).unwrap();
        assert_eq!(r.eval(&ints(&[1, 0, 0]), false).unwrap(), Claim::Is(Observed::Outcome(Value::Lose)));
        let flat = "pieces + ".repeat(100) + "0 == 0";
        assert!(error(&flat).contains("nested too deeply"));
        // Strings: a literal over the bound is refused when compiled, a string built over it
        // when evaluated.
        let e = error(&format!("\"{}\" == \"win\"", "w".repeat(1_001)));
        assert!(e.contains("at most 1000 characters"), "{e}");
        let half = format!("\"{}\"", "w".repeat(600));
        let r = rule(&format!("{half} + {half} + {half} == \"win\""));
        let e = r.eval(&ints(&[0, 0, 0]), false).unwrap_err().to_string();
        assert!(e.contains("too large") && e.contains("at most 1000 characters"), "{e}");
        // Time: with no time at all, an evaluation is stopped at its first check of the clock.
        let limits = Limits { time: Duration::ZERO, ..Limits::DEFAULT };
        let sum = format!("{} == 0", balanced_sum(9));
        let r = Rule::with_limits(&sum, &features(), Value::Lose, limits).unwrap();
        let e = r.eval(&ints(&[1, 0, 0]), false).unwrap_err().to_string();
        assert!(e.contains("ran longer than 0ns"), "{e}");
        // A short rule never reaches the clock.
        let r = Rule::with_limits("pieces == 0", &features(), Value::Lose, limits).unwrap();
        assert_eq!(r.eval(&ints(&[0, 0, 0]), false).unwrap(), Claim::Is(Observed::Outcome(Value::Lose)));
    }
}
