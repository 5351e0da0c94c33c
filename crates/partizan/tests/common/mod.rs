//! Helpers shared by the algebra tests.
#![allow(dead_code)]

use nimber_partizan::parse::{parse, Statement};
use nimber_partizan::{Form, Forms, Printer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;

/// The value written `text`.
pub fn value(forms: &mut Forms, text: &str) -> Form {
    match parse(text, forms) {
        Ok(Statement::Value(g)) => g,
        other => panic!("{text}: {other:?}"),
    }
}

/// `g` in CGSuite's notation.
pub fn text(forms: &mut Forms, g: Form) -> String {
    Printer::new(forms).text(g)
}

/// Distinct random canonical forms born by day 3 at most, from `tries` random pairs of sets of
/// at most three options among the forms born by day 2 met so far (a bound on their birthdays
/// keeps their sums small), with the random generator that made them.
pub fn random_pool(forms: &mut Forms, seed: u64, tries: usize) -> (Vec<Form>, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pool = vec![Form::ZERO];
    let mut young = vec![Form::ZERO];
    let mut day = FxHashMap::default();
    day.insert(Form::ZERO, 0u32);
    for _ in 0..tries {
        let pick = |rng: &mut ChaCha8Rng, from: &Vec<Form>| -> Vec<Form> {
            let n = rng.gen_range(0..=3);
            (0..n).map(|_| from[rng.gen_range(0..from.len())]).collect()
        };
        let (l, r) = (pick(&mut rng, &young), pick(&mut rng, &young));
        let born = 1 + l.iter().chain(&r).map(|o| day[o]).max().unwrap_or(0);
        let g = forms.make(l, r);
        if let std::collections::hash_map::Entry::Vacant(e) = day.entry(g) {
            e.insert(born);
            pool.push(g);
            if born <= 2 {
                young.push(g);
            }
        }
    }
    (pool, rng)
}
