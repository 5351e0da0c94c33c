//! Canonical forms in CGSuite's notation: numbers (`3`, `-1/2`), nimbers (`*`, `*2`), ups and
//! downs (`^`, `v`, `^2`, `v3*`), their sums with a number (`1/2^*`), switches `+-x`, and braces
//! for everything else, with CGSuite's bars: an option that is written with braces of its own,
//! is alone on its side and has at most one option on each of its own sides loses its braces,
//! and the separator gets one bar more than it has (`{2||1|0}` is `{2 | {1 | 0}}`; but
//! `{0|{0,*|-1}}` keeps them).

use rustc_hash::FxHashMap;

use crate::forms::{Form, Forms};
use nimber_engine::Dyadic;

/// A number plus a multiple of up plus a nimber: `x + n.^ + *m`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Nus {
    /// The number.
    pub number: Dyadic,
    /// The multiple of up (negative: down).
    pub ups: i64,
    /// The nimber.
    pub nim: u32,
}

/// The order of a side's options in print: group, number, length of text, text.
type OptionKey = (u8, Option<Dyadic>, usize, String);

impl std::fmt::Display for Nus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.number != Dyadic::ZERO || (self.ups == 0 && self.nim == 0) {
            write!(f, "{}", self.number)?;
        }
        match self.ups {
            0 => {}
            1 => f.write_str("^")?,
            -1 => f.write_str("v")?,
            n if n > 0 => write!(f, "^{n}")?,
            n => write!(f, "v{}", -n)?,
        }
        match self.nim {
            0 => Ok(()),
            1 => f.write_str("*"),
            m => write!(f, "*{m}"),
        }
    }
}

/// Recognises and prints forms; remembers what it recognised.
pub struct Printer<'a> {
    forms: &'a mut Forms,
    nus: FxHashMap<Form, Option<Nus>>,
}

impl<'a> Printer<'a> {
    /// A printer of the forms of `forms` (which it may add to: the forms of candidate values
    /// it compares with).
    pub fn new(forms: &'a mut Forms) -> Printer<'a> {
        Printer { forms, nus: FxHashMap::default() }
    }

    /// `g` in CGSuite's notation. Recognising values builds forms: with a store that has a
    /// budget, check [`Forms::exhausted`] afterwards (past the budget the text is meaningless).
    pub fn text(&mut self, g: Form) -> String {
        self.write(g).0
    }

    /// `g` in CGSuite's notation if it is written with at most `max` values, else `None` (the
    /// text of a large form can be exponentially longer than the forms it is made of: a form
    /// that is an option of several is written out at each place). A number, nimber or
    /// multiple of up and every pair of braces counts one. As [`Printer::text`], with a budget,
    /// check [`Forms::exhausted`] afterwards.
    pub fn text_within(&mut self, g: Form, max: usize) -> Option<String> {
        let mut sizes = FxHashMap::default();
        (self.size(g, max, &mut sizes) <= max).then(|| self.text(g))
    }

    /// The values written in the text of `g`, or some number over `max`.
    fn size(&mut self, g: Form, max: usize, sizes: &mut FxHashMap<Form, usize>) -> usize {
        if self.nus(g).is_some() {
            return 1;
        }
        if let Some(&n) = sizes.get(&g) {
            return n;
        }
        let options: Vec<Form> = self.forms.left(g).iter().chain(self.forms.right(g)).copied().collect();
        let mut n = 1usize;
        for o in options {
            n = n.saturating_add(self.size(o, max, sizes));
            if n > max {
                break;
            }
        }
        sizes.insert(g, n);
        n
    }

    /// The value `x + n.^ + *m`.
    pub fn nus_form(&mut self, v: Nus) -> Form {
        let x = self.forms.number(v.number);
        let ups = self.forms.ups(v.ups);
        let star = self.forms.nimber(v.nim);
        let s = self.forms.sum(ups, star);
        self.forms.sum(x, s)
    }

    /// `g` as a number plus ups plus a nimber, if it is one. Every option of such a form is one
    /// with the same number (the number translation theorem), and its multiple of up and
    /// nimber are within one of its options' (the canonical forms `^n*m = {0 | ^(n-1)*m'}` and
    /// their kin): the candidates built from the options are compared with `g`.
    pub fn nus(&mut self, g: Form) -> Option<Nus> {
        if let Some(x) = self.forms.as_number(g) {
            return Some(Nus { number: x, ups: 0, nim: 0 });
        }
        if let Some(&known) = self.nus.get(&g) {
            return known;
        }
        let found = self.find_nus(g);
        self.nus.insert(g, found);
        found
    }

    fn find_nus(&mut self, g: Form) -> Option<Nus> {
        if let Some(m) = self.forms.as_nimber(g) {
            return Some(Nus { number: Dyadic::ZERO, ups: 0, nim: m });
        }
        let (left, right) = (self.forms.left(g).to_vec(), self.forms.right(g).to_vec());
        // x*m = {x, x*1, ..., x*(m-1) | the same} for a number x: checked without building it.
        if left == right {
            let mut nims = Vec::with_capacity(left.len());
            for &o in &left {
                nims.push(self.nus(o)?);
            }
            let number = nims.first()?.number;
            let mut seen: Vec<u32> =
                nims.iter().filter(|v| v.number == number && v.ups == 0).map(|v| v.nim).collect();
            seen.sort_unstable();
            if seen.len() == nims.len() && seen.iter().enumerate().all(|(i, &m)| m == i as u32) {
                return Some(Nus { number, ups: 0, nim: nims.len() as u32 });
            }
        }
        let mut options = Vec::new();
        for &o in left.iter().chain(&right) {
            options.push(self.nus(o)?);
        }
        let number = options.first()?.number;
        if options.iter().any(|o| o.number != number) {
            return None;
        }
        let mut ups = vec![0i64];
        ups.extend(options[left.len()..].iter().map(|o| o.ups + 1));
        ups.extend(options[..left.len()].iter().map(|o| o.ups - 1));
        ups.sort_unstable();
        ups.dedup();
        let mut nims = vec![0u32, 1, left.len() as u32];
        for o in &options {
            nims.push(o.nim);
            nims.push(o.nim ^ 1);
        }
        nims.sort_unstable();
        nims.dedup();
        for &n in &ups {
            for &m in &nims {
                if n == 0 && m == 0 {
                    continue;
                }
                let candidate = Nus { number, ups: n, nim: m };
                if self.nus_form(candidate) == g {
                    return Some(candidate);
                }
            }
        }
        None
    }

    /// The text of `g`, the bars of its outermost separator (0 when it has no braces), and
    /// whether its braces may be left out when it is a lone option: only when each of its sides
    /// is a single option or none (otherwise the commas of its options would be read as
    /// separating the options of the game around it).
    fn write(&mut self, g: Form) -> (String, usize, bool) {
        if let Some(v) = self.nus(g) {
            return (v.to_string(), 0, false);
        }
        let (left, right) = (self.forms.left(g).to_vec(), self.forms.right(g).to_vec());
        // A switch {x | -x} with x > 0 a number: +-x.
        if let ([l], [r]) = (&left[..], &right[..]) {
            if let (Some(x), Some(y)) = (self.forms.as_number(*l), self.forms.as_number(*r)) {
                if x == -y && x > Dyadic::ZERO {
                    return (format!("+-{x}"), 0, false);
                }
            }
        }
        let (l, lbars) = self.side(&left);
        let (r, rbars) = self.side(&right);
        let bars = lbars.max(rbars) + 1;
        (format!("{{{l}{}{r}}}", "|".repeat(bars)), bars, left.len() <= 1 && right.len() <= 1)
    }

    /// The options of one side, comma-separated; a lone option in braces loses them when it may
    /// (see [`Printer::write`]), and then its bars are returned.
    ///
    /// Options are written in an order of their own, not the store's (which depends on the order
    /// forms were made in, so that a value read back from its text would print otherwise):
    /// numbers by size, then the other values that are numbers, ups and nimbers, then the rest,
    /// each group shortest text first, then by text.
    fn side(&mut self, options: &[Form]) -> (String, usize) {
        let mut keyed: Vec<(OptionKey, (String, usize, bool))> = options
            .iter()
            .map(|&o| {
                let number = self.forms.as_number(o);
                let rank = if number.is_some() {
                    0
                } else if self.nus(o).is_some() {
                    1
                } else {
                    2
                };
                let written = self.write(o);
                ((rank, number, written.0.len(), written.0.clone()), written)
            })
            .collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        let texts: Vec<(String, usize, bool)> = keyed.into_iter().map(|(_, w)| w).collect();
        if let [(text, bars, true)] = &texts[..] {
            if *bars > 0 {
                return (text[1..text.len() - 1].to_string(), *bars);
            }
        }
        (texts.into_iter().map(|(t, _, _)| t).collect::<Vec<_>>().join(","), 0)
    }
}
