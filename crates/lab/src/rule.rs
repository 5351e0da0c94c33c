//! Conjectured rules: expressions over a game's features that say what a position is worth.
//!
//! Expressions are read and evaluated by [Rhai](https://rhai.rs) (MIT or Apache-2.0, actively
//! maintained), compiled in expression-only mode with 64-bit integers and no floats, arrays,
//! objects, modules or function definitions. It was chosen over `evalexpr` (the usual
//! expression crate) because evalexpr's current versions are AGPL-3.0, which nimber's licence
//! cannot take, and because its errors carry no position, while Rhai reports the line and
//! column of every parse and evaluation error and rejects unknown variables at compile time.
//!
//! The language: integers, the features as variables, `+ - * / %` (integer division and
//! remainder, truncated toward zero as in Rust), `**` (power), comparisons `== != < <= > >=`,
//! `&& || !`, bitwise `& | ^` (`^` is XOR; as in C these bind more loosely than comparisons,
//! so Nim's rule is `(heap1 ^ heap2 ^ heap3) == 0`), `<< >>`, parentheses, `if c { a } else { b }`, functions such as `min(a, b)`, `max(a, b)`,
//! `abs(a)`, and strings `"win"`, `"lose"`, `"tie"`, `"draw"`.
//!
//! What a rule's result claims ([`Claim`]):
//!
//! - `true` / `false`: the position has / has not the rule's value, [`Value::Lose`] unless
//!   given otherwise: `(pieces + on_dark) % 3 == 0` says "the player to move loses exactly
//!   here". For nim values, lose means nim value 0 and win a non-zero one.
//! - a value name (`"draw"`): the position has that value.
//! - an integer (with nim values only): the position has that nim value.
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

use nimber_engine::survey::Observed;
use nimber_engine::Error;
use nimber_engine::Value;

/// What a rule says about a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The position has this value.
    Is(Observed),
    /// The position has any value but this one.
    IsNot(Observed),
}

impl Claim {
    /// Whether a position with value `actual` agrees with the claim.
    pub fn holds(self, actual: Observed) -> bool {
        match self {
            Claim::Is(v) => actual == v,
            Claim::IsNot(v) => actual != v,
        }
    }
}

impl fmt::Display for Claim {
    /// `lose`, `not lose`, `nim 2`, `not nim 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Is(v) => write!(f, "{v}"),
            Claim::IsNot(v) => write!(f, "not {v}"),
        }
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
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    let time = limits.time;
    engine.on_progress(move |ops| {
        (ops % TIME_CHECK == 0 && started.get().elapsed() > time).then(|| Dynamic::from(OUT_OF_TIME))
    });
    engine
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
    pub fn eval(&self, values: &[i64], nim: bool) -> Result<Claim, Error> {
        let mut scope = Scope::new();
        for (name, &v) in self.features.iter().zip(values) {
            scope.push(name.as_str(), v);
        }
        let at = || {
            let pairs: Vec<String> =
                self.features.iter().zip(values).map(|(n, v)| format!("{n}={v}")).collect();
            pairs.join(" ")
        };
        self.started.set(Instant::now());
        let result: Dynamic = self.engine.eval_ast_with_scope(&mut scope, &self.ast).map_err(|e| {
            let mut e = *e;
            let pos = e.take_position();
            if let Some(bound) = eval_message(&e, &self.limits) {
                return rule_error(&self.text, pos, format!("{bound} (with {})", at()));
            }
            let hint = match &e {
                rhai::EvalAltResult::ErrorFunctionNotFound(f, _)
                    if f.starts_with(['^', '&', '|']) && f.contains("bool") =>
                {
                    " (`^`, `&` and `|` bind more loosely than comparisons, as in C: write `(a ^ b) == 0`)"
                }
                _ => "",
            };
            rule_error(&self.text, pos, format!("{e}{hint} (with {})", at()))
        })?;
        let none = Position::NONE;
        if let Ok(b) = result.as_bool() {
            return self.bool_claim(b, nim);
        }
        if let Ok(n) = result.as_int() {
            if !nim {
                return Err(rule_error(
                    &self.text,
                    none,
                    format!("it gives the number {n} (with {}): a rule gives true or false, a value name, or with --nim a nim value", at()),
                ));
            }
            let n = u32::try_from(n).map_err(|_| {
                rule_error(
                    &self.text,
                    none,
                    format!("it gives {n} (with {}), which is not a nim value", at()),
                )
            })?;
            return Ok(Claim::Is(Observed::Nim(n)));
        }
        if result.is_string() {
            let name = result.into_string().unwrap_or_default();
            let value = Value::from_name(&name).ok_or_else(|| {
                rule_error(
                    &self.text,
                    none,
                    format!("it gives \"{name}\" (with {}): value names are win, lose, tie and draw", at()),
                )
            })?;
            return value_claim(value, true, nim).map_err(|m| rule_error(&self.text, none, m));
        }
        Err(rule_error(
            &self.text,
            none,
            format!(
                "it gives a {} (with {}): a rule gives true or false, a value name, or with --nim a nim value",
                result.type_name(),
                at()
            ),
        ))
    }

    fn bool_claim(&self, b: bool, nim: bool) -> Result<Claim, Error> {
        value_claim(self.value, b, nim).map_err(|m| rule_error(&self.text, Position::NONE, m))
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
        assert_eq!(r.eval(&[4, 2, 0], false).unwrap(), Claim::Is(lose));
        assert_eq!(r.eval(&[4, 1, 0], false).unwrap(), Claim::IsNot(lose));
        assert_eq!(r.eval(&[4, 2, 0], true).unwrap(), Claim::Is(Observed::Nim(0)));
        let r = rule("(2*pieces + 2*on_dark) % 3");
        assert_eq!(r.eval(&[1, 0, 0], true).unwrap(), Claim::Is(Observed::Nim(2)));
        assert!(r.eval(&[1, 0, 0], false).unwrap_err().to_string().contains("--nim"));
        let r = rule(r#"if pieces > 3 { "draw" } else { "win" }"#);
        assert_eq!(r.eval(&[4, 0, 0], false).unwrap(), Claim::Is(Observed::Outcome(Value::Draw)));
        assert!(r.eval(&[4, 0, 0], true).unwrap_err().to_string().contains("cannot claim draw"));
        let r = Rule::new("(pieces ^ on_dark) == 0", &features(), Value::Draw).unwrap();
        assert_eq!(r.eval(&[3, 3, 0], false).unwrap(), Claim::Is(Observed::Outcome(Value::Draw)));
        assert!(Claim::IsNot(lose).holds(Observed::Outcome(Value::Win)));
        assert!(!Claim::IsNot(lose).holds(lose));
        assert_eq!(Claim::IsNot(lose).to_string(), "not lose");
        assert_eq!(
            rule("min(pieces, on_dark) + abs(on_dark - 5) == 4").eval(&[1, 2, 0], false).unwrap(),
            Claim::Is(lose)
        );
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
        let e = rule("pieces / on_dark == 1").eval(&[4, 0, 0], false).unwrap_err().to_string();
        assert!(e.contains("column 8") && e.contains("pieces=4 on_dark=0"), "{e}");
        assert!(!e.contains('\n'));
        let e = rule("pieces ^ on_dark == 0").eval(&[4, 0, 0], false).unwrap_err().to_string();
        assert!(e.contains("column 8") && e.contains("(a ^ b) == 0"), "{e}");
        let e = rule("pieces + 1").eval(&[4, 0, 0], true).unwrap();
        assert_eq!(e, Claim::Is(Observed::Nim(5)));
        assert!(rule("pieces - 9")
            .eval(&[4, 0, 0], true)
            .unwrap_err()
            .to_string()
            .contains("not a nim value"));
        assert!(rule("\"loss2\"").eval(&[4, 0, 0], false).unwrap_err().to_string().contains("value names"));
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
        let e = r.eval(&[1, 0, 0], false).unwrap_err().to_string();
        assert!(e.contains("more than 5000 operations"), "{e}");
        // The same sum within the default bounds.
        let r = Rule::new(&sum, &features(), Value::Lose).unwrap();
        assert_eq!(r.eval(&[1, 0, 0], false).unwrap(), Claim::Is(Observed::Outcome(Value::Lose)));
        let flat = "pieces + ".repeat(100) + "0 == 0";
        assert!(error(&flat).contains("nested too deeply"));
        // Strings: a literal over the bound is refused when compiled, a string built over it
        // when evaluated.
        let e = error(&format!("\"{}\" == \"win\"", "w".repeat(1_001)));
        assert!(e.contains("at most 1000 characters"), "{e}");
        let half = format!("\"{}\"", "w".repeat(600));
        let r = rule(&format!("{half} + {half} + {half} == \"win\""));
        let e = r.eval(&[0, 0, 0], false).unwrap_err().to_string();
        assert!(e.contains("too large") && e.contains("at most 1000 characters"), "{e}");
        // Time: with no time at all, an evaluation is stopped at its first check of the clock.
        let limits = Limits { time: Duration::ZERO, ..Limits::DEFAULT };
        let sum = format!("{} == 0", balanced_sum(9));
        let r = Rule::with_limits(&sum, &features(), Value::Lose, limits).unwrap();
        let e = r.eval(&[1, 0, 0], false).unwrap_err().to_string();
        assert!(e.contains("ran longer than 0ns"), "{e}");
        // A short rule never reaches the clock.
        let r = Rule::with_limits("pieces == 0", &features(), Value::Lose, limits).unwrap();
        assert_eq!(r.eval(&[0, 0, 0], false).unwrap(), Claim::Is(Observed::Outcome(Value::Lose)));
    }
}
