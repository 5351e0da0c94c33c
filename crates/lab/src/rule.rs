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

use std::fmt;

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
    Error::Param(format!("rule `{}`: {place}{message}", text.trim()))
}

/// The engine for rules: expressions only, bounded work, no output.
fn engine() -> Engine {
    let mut engine = Engine::new();
    engine.set_strict_variables(true);
    engine.set_max_operations(100_000);
    engine.set_max_expr_depths(64);
    engine.set_max_string_size(1_000);
    engine.disable_symbol("eval");
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine
}

impl Rule {
    /// Compiles `text` over `features`. A boolean result claims `value` (see the module
    /// documentation). Fails with the column of the first problem: a syntax error, or a
    /// variable that is not a feature (the message lists the features).
    pub fn new(text: &str, features: &[String], value: Value) -> Result<Rule, Error> {
        if text.trim().is_empty() {
            return Err(Error::Param("the rule is empty: give an expression such as `xor == 0`".into()));
        }
        let engine = engine();
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
                rhai::ParseErrorType::BadInput(rhai::LexError::UnexpectedInput(s)) if s == "=" => {
                    "unexpected `=`: compare with `==`".to_string()
                }
                other => other.to_string(),
            };
            rule_error(text, e.1, message)
        })?;
        Ok(Rule { text: text.trim().to_string(), features: features.to_vec(), value, engine, ast })
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
        let result: Dynamic = self.engine.eval_ast_with_scope(&mut scope, &self.ast).map_err(|e| {
            let mut e = *e;
            let pos = e.take_position();
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
}
