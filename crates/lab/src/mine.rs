//! Patterns in a table of values by features: functionality, periodicity, and rules.
//!
//! **Functionality.** The value is a function of the chosen features when every feature vector
//! has one value; otherwise the witness is the pair of positions that appear first (in the
//! survey's order) in the first cell with two values.
//!
//! **Periodicity** along a feature `f`: the smallest period `p` and, for it, the smallest offset
//! `o` such that any two cells whose keys differ only in `f`, by `p`, with `f >= o`, hold the same
//! values; at least two periods must be seen from `o` on (`max f - o + 1 >= 2p`), and at least
//! one pair compared, so that a period is never read off too little data.
//!
//! **Rules.** The rule says when the player to move loses (the *target* value; for a game
//! without losses, its least preferred value present, such as draw in a pursuit game where the
//! evader survives). Every cell must be all target or all not target, else there is none. The
//! candidates, simplest first:
//!
//! 1. a constant: `true` or `false`;
//! 2. one comparison of one feature with a constant: `f == c`, `f != c`, `f <= c`, `f >= c`
//!    (features in the order given);
//! 3. one comparison of two features: `f1 == f2`, `f1 != f2`, `f1 <= f2`, ...;
//! 4. a linear form modulo `m`: `(a*f1 + b*f2 + ...) % m == r` (or `!= r`, or several residues
//!    joined by `||`), for `m` in 2..=12, coefficients in 0..m with one to three of them
//!    non-zero, preferring the smallest `m`, then the fewest residues written, then the fewest
//!    features, then the smallest coefficients. The form must span at least `2m` values and
//!    each feature in it at least `m`, so that a residue class is not just a list of values. Remainders are
//!    Rust's (truncated toward zero), as in the rule language.
//!
//! The first that reproduces the table exactly is the rule; it is printed in the language of
//! [`crate::rule`], so `nimber check` accepts it as it is. With nim values, a formula for
//! the nim value itself is also sought: a feature, the XOR of features, or a linear form
//! modulo `m` (`(2*pieces + 2*on_dark) % 3` for Enjapma).

use nimber_engine::solve::survey::{Cell, Num, Observed, Survey};
use nimber_engine::Value;

/// The largest modulus tried.
pub const MAX_MODULUS: i64 = 12;

/// A position with its value, as a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The position in the game's notation.
    pub position: String,
    /// Its value.
    pub value: Observed,
}

/// A period along a feature: the values repeat every `period` from `offset` on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// The period.
    pub period: i64,
    /// The first feature value from which it holds.
    pub offset: i64,
}

/// What exploring a survey by some features found.
#[derive(Clone, Debug)]
pub struct Exploration {
    /// The features of the table.
    pub features: Vec<String>,
    /// Nim values rather than outcomes.
    pub nim: bool,
    /// For game values: their texts (see [`Survey::values`]).
    pub values: Option<Vec<String>>,
    /// Which positions, in words.
    pub scope: String,
    /// How many positions.
    pub positions: u64,
    /// The table, by increasing key.
    pub cells: Vec<Cell>,
    /// Whether the value is a function of the features.
    pub function: bool,
    /// When it is not: two positions with equal features and different values.
    pub counterexample: Option<[Witness; 2]>,
    /// The period along each feature, if any.
    pub periods: Vec<Option<Period>>,
    /// The value the rule is about (lose, unless no position loses).
    pub rule_value: Value,
    /// An expression that is true exactly on the positions of value `rule_value`.
    pub rule: Option<String>,
    /// With nim values: an expression for the nim value.
    pub nim_rule: Option<String>,
    /// With game values that are all integers: an expression for the value.
    pub value_rule: Option<String>,
}

impl Exploration {
    /// The texts of the game values (empty for outcomes and nim values), for
    /// [`Observed::text`] and its kin.
    pub fn value_texts(&self) -> &[String] {
        self.values.as_deref().unwrap_or(&[])
    }
}

/// Analyses the table `cells` of `survey` projected onto `features`.
pub fn analyse(survey: &Survey, features: Vec<String>, cells: Vec<Cell>) -> Exploration {
    let function = cells.iter().all(|c| c.entries.len() == 1);
    let counterexample = cells.iter().filter(|c| c.entries.len() > 1).min_by_key(|c| c.first()).map(|c| {
        let mut entries: Vec<_> = c.entries.iter().collect();
        entries.sort_by_key(|e| e.first);
        let w = |i: usize| Witness { position: entries[i].example.clone(), value: entries[i].value };
        [w(0), w(1)]
    });
    let periods = (0..features.len()).map(|i| period(&cells, i)).collect();
    let rule_value = target(survey, &cells);
    let is_target = |v: Observed| {
        if survey.nim || survey.values.is_some() {
            survey.loses(v)
        } else {
            v == Observed::Outcome(rule_value)
        }
    };
    let classes: Option<Vec<bool>> = cells
        .iter()
        .map(|c| {
            let hits = c.entries.iter().filter(|e| is_target(e.value)).count();
            match hits {
                0 => Some(false),
                n if n == c.entries.len() => Some(true),
                _ => None,
            }
        })
        .collect();
    // Rules are mined over the integer features; the others only group the cells.
    let integer: Vec<usize> =
        (0..features.len()).filter(|&i| cells.iter().all(|c| c.key[i].int().is_some())).collect();
    let names: Vec<String> = integer.iter().map(|&i| features[i].clone()).collect();
    let rows: Vec<Vec<i64>> =
        cells.iter().map(|c| integer.iter().filter_map(|&i| c.key[i].int()).collect()).collect();
    let keys: Vec<&[i64]> = rows.iter().map(Vec::as_slice).collect();
    let rule = classes.and_then(|classes| binary_rule(&names, &keys, &classes));
    let nim_rule = if survey.nim && function {
        let nims: Vec<u32> = cells
            .iter()
            .map(|c| match c.entries[0].value {
                Observed::Nim(n) => n,
                _ => unreachable!("a nim survey holds nim values"),
            })
            .collect();
        nim_formula(&names, &keys, &nims)
    } else {
        None
    };
    let value_rule = if function {
        survey.values.as_ref().and_then(|texts| {
            let numbers: Option<Vec<i64>> =
                cells.iter().map(|c| c.entries[0].value.text(texts).parse().ok()).collect();
            number_formula(&names, &keys, &numbers?)
        })
    } else {
        None
    };
    Exploration {
        features,
        nim: survey.nim,
        values: survey.values.clone(),
        scope: survey.scope.clone(),
        positions: survey.positions,
        cells,
        function,
        counterexample,
        periods,
        rule_value,
        rule,
        nim_rule,
        value_rule,
    }
}

/// The value a rule is about: lose if any position loses (always, for nim values and game
/// values, where losing is nim value 0 and game value 0), else draw or tie if present (in that
/// order), else lose (and the rule is `false`).
fn target(survey: &Survey, cells: &[Cell]) -> Value {
    if survey.nim || survey.values.is_some() {
        return Value::Lose;
    }
    let present = |v: Value| cells.iter().any(|c| c.entries.iter().any(|e| e.value == Observed::Outcome(v)));
    [Value::Lose, Value::Draw, Value::Tie].into_iter().find(|&v| present(v)).unwrap_or(Value::Lose)
}

/// The period along feature `i` (see the module documentation), an integer feature; none along
/// others.
fn period(cells: &[Cell], i: usize) -> Option<Period> {
    let along: Vec<i64> = cells.iter().map(|c| c.key[i].int()).collect::<Option<_>>()?;
    let values = |c: &Cell| c.entries.iter().map(|e| e.value).collect::<Vec<_>>();
    let index: std::collections::HashMap<&[Num], Vec<Observed>> =
        cells.iter().map(|c| (c.key.as_slice(), values(c))).collect();
    let min = *along.iter().min()?;
    let max = *along.iter().max()?;
    let span = max - min + 1;
    let mut shifted = Vec::new();
    for p in 1..=span / 2 {
        // The offset is one past the largest feature value where the pair differs.
        let mut offset = min;
        let mut pairs = Vec::new();
        for (c, &f) in cells.iter().zip(&along) {
            shifted.clear();
            shifted.extend_from_slice(&c.key);
            shifted[i] = Num::Int(f + p);
            if let Some(other) = index.get(shifted.as_slice()) {
                let same = *other == values(c);
                if !same {
                    offset = offset.max(f + 1);
                }
                pairs.push(f);
            }
        }
        let compared = pairs.iter().any(|&k| k >= offset);
        if compared && max - offset + 1 >= 2 * p {
            return Some(Period { period: p, offset });
        }
    }
    None
}

/// The simplest rule true exactly on the cells marked `true` (see the module documentation).
fn binary_rule(names: &[String], keys: &[&[i64]], classes: &[bool]) -> Option<String> {
    if classes.iter().all(|&c| c) {
        return Some("true".to_string());
    }
    if classes.iter().all(|&c| !c) {
        return Some("false".to_string());
    }
    for (i, name) in names.iter().enumerate() {
        if let Some(rule) = comparison(name, keys.iter().map(|k| k[i]), classes) {
            return Some(rule);
        }
    }
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            let relations: [(&str, Relation); 6] = [
                ("==", |a, b| a == b),
                ("!=", |a, b| a != b),
                ("<=", |a, b| a <= b),
                (">=", |a, b| a >= b),
                ("<", |a, b| a < b),
                (">", |a, b| a > b),
            ];
            for (op, holds) in relations {
                if keys.iter().zip(classes).all(|(k, &c)| holds(k[i], k[j]) == c) {
                    return Some(format!("{} {op} {}", names[i], names[j]));
                }
            }
        }
    }
    modular_rule(names, keys, classes)
}

/// A comparison between two feature values.
type Relation = fn(i64, i64) -> bool;

/// `f == c`, `f != c`, `f <= c` or `f >= c` when one of them splits the cells as `classes`.
fn comparison(name: &str, values: impl Iterator<Item = i64>, classes: &[bool]) -> Option<String> {
    let mut yes = std::collections::BTreeSet::new();
    let mut no = std::collections::BTreeSet::new();
    for (v, &c) in values.zip(classes) {
        if c {
            yes.insert(v);
        } else {
            no.insert(v);
        }
    }
    if yes.intersection(&no).next().is_some() {
        return None;
    }
    let (ymin, ymax) = (*yes.first()?, *yes.last()?);
    let (nmin, nmax) = (*no.first()?, *no.last()?);
    if yes.len() == 1 {
        Some(format!("{name} == {ymin}"))
    } else if no.len() == 1 {
        Some(format!("{name} != {nmin}"))
    } else if ymax < nmin {
        Some(format!("{name} <= {ymax}"))
    } else if ymin > nmax {
        Some(format!("{name} >= {ymin}"))
    } else {
        None
    }
}

/// Coefficient vectors over `k` features with 1 to 3 non-zero entries in `1..m`.
fn coefficient_vectors(k: usize, m: i64) -> Vec<Vec<i64>> {
    let mut out = vec![vec![0i64; k]];
    for i in 0..k {
        let mut next = Vec::new();
        for v in &out {
            let nonzero = v.iter().filter(|&&c| c != 0).count();
            for c in 0..m {
                if c != 0 && nonzero >= 3 {
                    break;
                }
                let mut w = v.clone();
                w[i] = c;
                next.push(w);
            }
        }
        out = next;
    }
    out.retain(|v| v.iter().any(|&c| c != 0));
    out
}

/// `a*f1 + b*f2 + ...` as text, and whether it is a bare feature.
fn linear_text(names: &[String], coefs: &[i64]) -> (String, bool) {
    let terms: Vec<String> = names
        .iter()
        .zip(coefs)
        .filter(|(_, &c)| c != 0)
        .map(|(n, &c)| if c == 1 { n.clone() } else { format!("{c}*{n}") })
        .collect();
    let bare = terms.len() == 1 && !terms[0].contains('*');
    (terms.join(" + "), bare)
}

/// The value of the linear form at a key.
fn linear(coefs: &[i64], key: &[i64]) -> i64 {
    coefs.iter().zip(key).map(|(&c, &v)| c * v).sum()
}

/// Whether a linear form modulo `m` is worth considering: it spans at least `2m` values, and each
/// feature in it at least `m`, so that residues are not just lists of values.
fn spans_enough(keys: &[&[i64]], coefs: &[i64], m: i64) -> bool {
    let span = |f: &dyn Fn(&[i64]) -> i64| {
        let lo = keys.iter().map(|k| f(k)).min().unwrap_or(0);
        let hi = keys.iter().map(|k| f(k)).max().unwrap_or(0);
        hi - lo + 1
    };
    span(&|k| linear(coefs, k)) >= 2 * m
        && coefs.iter().enumerate().filter(|(_, &c)| c != 0).all(|(i, _)| span(&|k| k[i]) >= m)
}

/// How simple a candidate is: smaller is simpler.
type Simplicity = (usize, usize, i64, Vec<i64>);

fn simplicity(written: usize, coefs: &[i64]) -> Simplicity {
    let nonzero = coefs.iter().filter(|&&c| c != 0).count();
    (written, nonzero, coefs.iter().sum(), coefs.to_vec())
}

/// The simplest `(linear form) % m` rule (see the module documentation).
fn modular_rule(names: &[String], keys: &[&[i64]], classes: &[bool]) -> Option<String> {
    let k = names.len();
    for m in 2..=MAX_MODULUS {
        let mut best: Option<(Simplicity, String)> = None;
        'vectors: for coefs in coefficient_vectors(k, m) {
            if !spans_enough(keys, &coefs, m) {
                continue;
            }
            let sums: Vec<i64> = keys.iter().map(|key| linear(&coefs, key)).collect();
            // Residue r is stored at r + m (remainders lie in -m+1..m).
            let mut class = vec![None::<bool>; 2 * m as usize];
            for (&s, &c) in sums.iter().zip(classes) {
                let slot = &mut class[(s % m + m) as usize];
                match slot {
                    None => *slot = Some(c),
                    Some(prev) if *prev != c => continue 'vectors,
                    Some(_) => {}
                }
            }
            let yes: Vec<i64> =
                (0..2 * m).filter(|&r| class[r as usize] == Some(true)).map(|r| r - m).collect();
            let no: Vec<i64> =
                (0..2 * m).filter(|&r| class[r as usize] == Some(false)).map(|r| r - m).collect();
            let written = yes.len().min(no.len());
            let key = simplicity(written, &coefs);
            if best.as_ref().is_some_and(|(b, _)| *b <= key) {
                continue;
            }
            let (terms, bare) = linear_text(names, &coefs);
            let lhs = if bare { format!("{terms} % {m}") } else { format!("({terms}) % {m}") };
            let text = if yes.len() <= no.len() {
                yes.iter().map(|r| format!("{lhs} == {r}")).collect::<Vec<_>>().join(" || ")
            } else {
                no.iter().map(|r| format!("{lhs} != {r}")).collect::<Vec<_>>().join(" && ")
            };
            best = Some((key, text));
        }
        if let Some((_, text)) = best {
            return Some(text);
        }
    }
    None
}

/// An expression for the nim value of every cell: a feature, an XOR of features, or a linear
/// form modulo `m`.
fn nim_formula(names: &[String], keys: &[&[i64]], nims: &[u32]) -> Option<String> {
    let k = names.len();
    for i in 0..k {
        if keys.iter().zip(nims).all(|(key, &n)| key[i] == n as i64) {
            return Some(names[i].clone());
        }
    }
    for subset in 1u32..1 << k {
        if subset.count_ones() < 2 {
            continue;
        }
        let fits = keys.iter().zip(nims).all(|(key, &n)| {
            let x = (0..k).filter(|&i| subset >> i & 1 == 1).fold(0i64, |acc, i| acc ^ key[i]);
            x == n as i64
        });
        if fits {
            let used: Vec<&str> =
                (0..k).filter(|&i| subset >> i & 1 == 1).map(|i| names[i].as_str()).collect();
            return Some(used.join(" ^ "));
        }
    }
    for m in 2..=MAX_MODULUS {
        let mut best: Option<(Simplicity, String)> = None;
        for coefs in coefficient_vectors(k, m) {
            if !spans_enough(keys, &coefs, m) {
                continue;
            }
            let sums: Vec<i64> = keys.iter().map(|key| linear(&coefs, key)).collect();
            if sums.iter().any(|&s| s < 0) {
                continue;
            }
            if !sums.iter().zip(nims).all(|(&s, &n)| s % m == n as i64) {
                continue;
            }
            let key = simplicity(0, &coefs);
            if best.as_ref().is_some_and(|(b, _)| *b <= key) {
                continue;
            }
            let (terms, bare) = linear_text(names, &coefs);
            best = Some((key, if bare { format!("{terms} % {m}") } else { format!("({terms}) % {m}") }));
        }
        if let Some((_, text)) = best {
            return Some(text);
        }
    }
    None
}

/// `term + c` as text: `cols`, `-(cols / 2) + 1`, `rows - cols - 2`.
fn plus_constant(term: &str, c: i128) -> String {
    match c.signum() {
        0 => term.to_string(),
        1 => format!("{term} + {c}"),
        _ => format!("{term} - {}", -c),
    }
}

/// `term(key) + c` for the constant `c` that fits the first cell, if it fits every cell.
fn fit(keys: &[&[i64]], numbers: &[i64], term: impl Fn(&[i64]) -> i128) -> Option<i128> {
    let c = *numbers.first()? as i128 - term(keys.first()?);
    keys.iter().zip(numbers).all(|(k, &n)| term(k) + c == n as i128).then_some(c)
}

/// An expression for the value of every cell, when every value is an integer: a constant, then
/// (simplest first) `±f + c`, `±(f / d) + c` for `d` in 2..=4 (division truncated, as in the
/// rule language), `a*f + b*g + c` with `a` and `b` in -2..=2; for Domineering's 1 x n strips
/// `-(cols / 2)`.
fn number_formula(names: &[String], keys: &[&[i64]], numbers: &[i64]) -> Option<String> {
    if let Some(c) = fit(keys, numbers, |_| 0) {
        return Some(c.to_string());
    }
    let k = names.len();
    for (i, name) in names.iter().enumerate() {
        for s in [1i128, -1] {
            if let Some(c) = fit(keys, numbers, |key| s * key[i] as i128) {
                let term = if s == 1 { name.clone() } else { format!("-{name}") };
                return Some(plus_constant(&term, c));
            }
        }
    }
    for (i, name) in names.iter().enumerate() {
        for d in 2..=4i128 {
            for s in [1i128, -1] {
                if let Some(c) = fit(keys, numbers, |key| s * (key[i] as i128 / d)) {
                    let term = if s == 1 { format!("{name} / {d}") } else { format!("-({name} / {d})") };
                    return Some(plus_constant(&term, c));
                }
            }
        }
    }
    for i in 0..k {
        for j in i + 1..k {
            for a in [1i128, -1, 2, -2] {
                for b in [1i128, -1, 2, -2] {
                    let Some(c) = fit(keys, numbers, |key| a * key[i] as i128 + b * key[j] as i128) else {
                        continue;
                    };
                    let first = match a {
                        1 => names[i].clone(),
                        -1 => format!("-{}", names[i]),
                        a => format!("{a}*{}", names[i]),
                    };
                    let second = match b {
                        1 => format!(" + {}", names[j]),
                        -1 => format!(" - {}", names[j]),
                        b if b > 0 => format!(" + {b}*{}", names[j]),
                        b => format!(" - {}*{}", -b, names[j]),
                    };
                    return Some(plus_constant(&format!("{first}{second}"), c));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::solve::survey::Entry;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// A survey whose cells are the given keys with one value each.
    fn table(nim: bool, cells: Vec<(Vec<i64>, Observed)>) -> (Survey, Vec<Cell>) {
        let cells: Vec<Cell> = cells
            .into_iter()
            .enumerate()
            .map(|(i, (key, value))| Cell {
                key: key.into_iter().map(Num::Int).collect(),
                entries: vec![Entry { value, count: 1, first: i as u64, example: format!("p{i}") }],
            })
            .collect();
        let survey = Survey {
            features: Vec::new(),
            nim,
            values: None,
            scope: String::new(),
            positions: cells.len() as u64,
            cells: cells.clone(),
        };
        (survey, cells)
    }

    fn outcome(lose: bool) -> Observed {
        Observed::Outcome(if lose { Value::Lose } else { Value::Win })
    }

    #[test]
    fn enjapma_shaped_table() {
        // Every (x, y) with y <= x <= 20: lost iff x + y = 0 mod 3.
        let mut cells = Vec::new();
        for x in 0..=20 {
            for y in 0..=x {
                cells.push((vec![x, y], outcome((x + y) % 3 == 0)));
            }
        }
        let (survey, cells) = table(false, cells);
        let e = analyse(&survey, names(&["pieces", "on_dark"]), cells);
        assert!(e.function && e.counterexample.is_none());
        assert_eq!(e.rule.as_deref(), Some("(pieces + on_dark) % 3 == 0"));
        assert_eq!(e.periods, vec![Some(Period { period: 3, offset: 0 }); 2]);
        assert_eq!(e.rule_value, Value::Lose);
        // The other order of features, and 2*y + z with z = x - y.
        let mut cells = Vec::new();
        for z in 0..=10 {
            for y in 0..=10 {
                cells.push((vec![z, y], outcome((z + 2 * y) % 3 == 0)));
            }
        }
        let (survey, cells) = table(false, cells);
        let e = analyse(&survey, names(&["on_light", "on_dark"]), cells);
        assert_eq!(e.rule.as_deref(), Some("(on_light + 2*on_dark) % 3 == 0"));
    }

    #[test]
    fn comparisons_constants_and_none() {
        let (survey, cells) = table(false, (0..8).map(|x| (vec![x], outcome(x == 0))).collect());
        assert_eq!(analyse(&survey, names(&["xor"]), cells).rule.as_deref(), Some("xor == 0"));
        let (survey, cells) = table(false, (0..8).map(|x| (vec![x], outcome(x >= 3))).collect());
        assert_eq!(analyse(&survey, names(&["n"]), cells).rule.as_deref(), Some("n >= 3"));
        let (survey, cells) = table(false, (0..8).map(|x| (vec![x], outcome(false))).collect());
        assert_eq!(analyse(&survey, names(&["n"]), cells).rule.as_deref(), Some("false"));
        // A set that is no comparison and no residue class with period at most 12.
        let lost = [0, 1, 5, 6, 7, 13];
        let (survey, cells) = table(false, (0..30).map(|x| (vec![x], outcome(lost.contains(&x)))).collect());
        assert_eq!(analyse(&survey, names(&["n"]), cells).rule, None);
        let (survey, cells) =
            table(false, (0..30).map(|x| (vec![x], outcome(x % 4 == 1 || x % 4 == 2))).collect());
        let e = analyse(&survey, names(&["n"]), cells);
        assert_eq!(e.rule.as_deref(), Some("n % 4 == 1 || n % 4 == 2"));
        assert_eq!(e.periods, vec![Some(Period { period: 4, offset: 0 })]);
        let (survey, cells) = table(false, (0..30).map(|x| (vec![x], outcome(x % 5 != 2))).collect());
        assert_eq!(analyse(&survey, names(&["n"]), cells).rule.as_deref(), Some("n % 5 != 2"));
    }

    #[test]
    fn periods_with_offsets() {
        // Lost at 0, 1, 2, then every third from 5 on: period 3 from 3.
        let lost = |x: i64| x < 3 || x % 3 == 2;
        let (survey, cells) = table(false, (0..40).map(|x| (vec![x], outcome(lost(x)))).collect());
        let e = analyse(&survey, names(&["n"]), cells);
        assert_eq!(e.periods, vec![Some(Period { period: 3, offset: 2 })]);
        // Too little data for any period.
        let (survey, cells) = table(false, (0..3).map(|x| (vec![x], outcome(x == 1))).collect());
        assert_eq!(analyse(&survey, names(&["n"]), cells).periods, vec![None]);
    }

    #[test]
    fn mixed_cells_give_a_witness_pair() {
        let (survey, mut cells) =
            table(false, vec![(vec![0], outcome(true)), (vec![1], outcome(false)), (vec![2], outcome(true))]);
        cells[1].entries.push(Entry { value: outcome(true), count: 2, first: 7, example: "q".into() });
        let e = analyse(&survey, names(&["n"]), cells);
        assert!(!e.function);
        let pair = e.counterexample.unwrap();
        assert_eq!((pair[0].position.as_str(), pair[1].position.as_str()), ("p1", "q"));
        assert_ne!(pair[0].value, pair[1].value);
        assert_eq!(e.rule, None);
    }

    #[test]
    fn nim_formulas() {
        let mut cells = Vec::new();
        for a in 0..8 {
            for b in 0..8 {
                cells.push((vec![a, b], Observed::Nim((a ^ b) as u32)));
            }
        }
        let (survey, cells) = table(true, cells);
        let e = analyse(&survey, names(&["heap1", "heap2"]), cells);
        assert_eq!(e.nim_rule.as_deref(), Some("heap1 ^ heap2"));
        assert_eq!(e.rule.as_deref(), Some("heap1 == heap2"));
        let mut cells = Vec::new();
        for x in 0..=12 {
            for y in 0..=x {
                cells.push((vec![x, y], Observed::Nim(((2 * x + 2 * y) % 3) as u32)));
            }
        }
        let (survey, cells) = table(true, cells);
        let e = analyse(&survey, names(&["pieces", "on_dark"]), cells);
        assert_eq!(e.nim_rule.as_deref(), Some("(2*pieces + 2*on_dark) % 3"));
        assert_eq!(e.rule.as_deref(), Some("(pieces + on_dark) % 3 == 0"));
    }

    #[test]
    fn formulas_for_integer_values() {
        let names = names(&["rows", "cols"]);
        let check = |cells: &[(i64, i64, i64)]| {
            let rows: Vec<Vec<i64>> = cells.iter().map(|&(r, c, _)| vec![r, c]).collect();
            let keys: Vec<&[i64]> = rows.iter().map(Vec::as_slice).collect();
            let numbers: Vec<i64> = cells.iter().map(|&(_, _, v)| v).collect();
            number_formula(&names, &keys, &numbers)
        };
        // Domineering's 1 x n strips, -floor(n/2), and its n x 1 ones, floor(n/2).
        let strips: Vec<(i64, i64, i64)> = (1..=8).map(|n| (1, n, -(n / 2))).collect();
        assert_eq!(check(&strips).as_deref(), Some("-(cols / 2)"));
        let columns: Vec<(i64, i64, i64)> = (1..=8).map(|n| (n, 1, n / 2)).collect();
        assert_eq!(check(&columns).as_deref(), Some("rows / 2"));
        assert_eq!(check(&[(1, 1, 4), (2, 3, 4)]).as_deref(), Some("4"));
        assert_eq!(check(&[(1, 1, -1), (2, 3, 0), (5, 1, 3)]).as_deref(), Some("rows - 2"));
        let diagonal: Vec<(i64, i64, i64)> =
            (0..5).flat_map(|r| (0..5).map(move |c| (r, c, r - 2 * c + 1))).collect();
        assert_eq!(check(&diagonal).as_deref(), Some("rows - 2*cols + 1"));
        let none: Vec<(i64, i64, i64)> = (0..6).map(|n| (1, n, n * n)).collect();
        assert_eq!(check(&none), None);
    }

    /// Game values: the rule is about the value 0, mined over the integer features only; a
    /// dyadic feature groups cells but has no period; integer values get a formula.
    #[test]
    fn game_values() {
        // Values -2, -1, 0 ("0" is the loss) at n = 0..6, by n and a dyadic feature n/2.
        let texts: Vec<String> = ["-2", "-1", "0"].map(String::from).to_vec();
        let cells: Vec<Cell> = (0..6)
            .map(|n: i64| Cell {
                key: vec![Num::Int(n), Num::Dyadic(nimber_engine::Dyadic::new(n as i128, 1))],
                entries: vec![Entry {
                    value: Observed::Value(2 - (n / 2) as u32),
                    count: 1,
                    first: n as u64,
                    example: format!("p{n}"),
                }],
            })
            .collect();
        let survey = Survey {
            features: names(&["n", "half"]),
            nim: false,
            values: Some(texts),
            scope: String::new(),
            positions: 6,
            cells: cells.clone(),
        };
        let e = analyse(&survey, names(&["n", "half"]), cells);
        assert!(e.function);
        assert_eq!(e.rule.as_deref(), Some("n <= 1"));
        assert_eq!(e.value_rule.as_deref(), Some("-(n / 2)"));
        assert_eq!(e.periods[1], None);
        assert!(survey.loses(Observed::Value(2)) && !survey.loses(Observed::Value(0)));
    }

    #[test]
    fn targets_without_losses() {
        let cells: Vec<(Vec<i64>, Observed)> = (-3..10)
            .map(|d| (vec![d], Observed::Outcome(if d >= 2 { Value::Draw } else { Value::Win })))
            .collect();
        let (survey, cells) = table(false, cells);
        let e = analyse(&survey, names(&["dist_diff"]), cells);
        assert_eq!(e.rule_value, Value::Draw);
        assert_eq!(e.rule.as_deref(), Some("dist_diff >= 2"));
    }
}
