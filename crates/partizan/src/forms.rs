//! Canonical forms of short partizan games, each stored once ([`Forms`], hash-consing), so that
//! a game value is a small number ([`Form`]), two values are equal exactly when their numbers
//! are, and comparisons, sums and negations are computed once per pair and remembered.
//!
//! A game `{ L | R }` is given by Left's and Right's options. Its canonical form is the simplest
//! game equal to it: dominated options removed (a Left option no better for Left than another,
//! a Right option no better for Right), and reversible options bypassed (a Left option `GL` with
//! a Right reply `GLR <= G` is replaced by the Left options of `GLR`; likewise for Right). Two
//! games are equal if and only if their canonical forms are identical (Conway, *On Numbers and
//! Games*, ch. 10; Siegel, *Combinatorial Game Theory*, II.2).
//!
//! Numbers are recognised as they are stored, and the algebra takes the short ways that the
//! theory allows: numbers add and compare as dyadic rationals, and a number is never played in a
//! sum with a game that is not a number (the number avoidance theorem).

use rustc_hash::FxHashMap;

use crate::thermograph::Thermograph;
use nimber_engine::Dyadic;

/// A game value: the number of a canonical form in its [`Forms`]. Forms from different
/// [`Forms`] must not be mixed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Form(u32);

impl Form {
    /// The game `0 = { | }`, the first form of every [`Forms`].
    pub const ZERO: Form = Form(0);

    /// The form's number in its store.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Who wins a game: the outcome class.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum OutcomeClass {
    /// Left wins, whoever starts (`G > 0`).
    L,
    /// Right wins, whoever starts (`G < 0`).
    R,
    /// The player to move (the next player) wins (`G || 0`).
    N,
    /// The player who just moved (the previous player) wins (`G = 0`).
    P,
}

impl OutcomeClass {
    /// `L`, `R`, `N` or `P`.
    pub fn letter(self) -> &'static str {
        match self {
            OutcomeClass::L => "L",
            OutcomeClass::R => "R",
            OutcomeClass::N => "N",
            OutcomeClass::P => "P",
        }
    }

    /// What the class means, in words (`the player to move wins`).
    pub fn meaning(self) -> &'static str {
        match self {
            OutcomeClass::L => "Left wins, whoever starts",
            OutcomeClass::R => "Right wins, whoever starts",
            OutcomeClass::N => "the player to move wins",
            OutcomeClass::P => "the player to move loses",
        }
    }

    /// Whether Left wins when Left moves first.
    pub fn left_first_wins(self) -> bool {
        matches!(self, OutcomeClass::L | OutcomeClass::N)
    }

    /// Whether Right wins when Right moves first.
    pub fn right_first_wins(self) -> bool {
        matches!(self, OutcomeClass::R | OutcomeClass::N)
    }
}

/// How two games compare: games form a partial order, in which two games may be confused
/// (incomparable).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Relation {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G || H`: neither `G <= H` nor `H <= G`.
    Confused,
}

impl Relation {
    /// `<`, `=`, `>` or `||`.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Less => "<",
            Relation::Equal => "=",
            Relation::Greater => ">",
            Relation::Confused => "||",
        }
    }
}

/// Left's and Right's options of a form, the key of the store.
type Options = (Box<[Form]>, Box<[Form]>);

/// A stored canonical form: its options, sorted, and its value if it is a number.
struct Node {
    left: Box<[Form]>,
    right: Box<[Form]>,
    number: Option<Dyadic>,
}

/// The canonical forms met so far, each stored once, with the results of comparisons, sums and
/// negations remembered. Memory grows with the number of distinct forms (and pairs compared or
/// added), not with the positions of a game that have them as values.
pub struct Forms {
    nodes: Vec<Node>,
    index: FxHashMap<Options, Form>,
    numbers: FxHashMap<Dyadic, Form>,
    le: FxHashMap<(Form, Form), bool>,
    sums: FxHashMap<(Form, Form), Form>,
    negs: FxHashMap<Form, Form>,
    stops: FxHashMap<Form, (Dyadic, Dyadic)>,
    thermographs: FxHashMap<Form, Thermograph>,
    cooled: FxHashMap<(Form, Dyadic), Form>,
    /// `*0, *1, ...` as far as built.
    nimbers: Vec<Form>,
    /// The most forms and remembered comparisons, if bounded (for values read from users).
    budget: Option<usize>,
    exhausted: bool,
    /// Comparisons and constructions done, counted against the budget.
    work: u64,
}

impl Default for Forms {
    fn default() -> Forms {
        Forms::new()
    }
}

/// Which player's options.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Side {
    Left,
    Right,
}

impl Forms {
    /// A store holding only `0`.
    pub fn new() -> Forms {
        let mut forms = Forms {
            nodes: Vec::new(),
            index: FxHashMap::default(),
            numbers: FxHashMap::default(),
            le: FxHashMap::default(),
            sums: FxHashMap::default(),
            negs: FxHashMap::default(),
            stops: FxHashMap::default(),
            thermographs: FxHashMap::default(),
            cooled: FxHashMap::default(),
            nimbers: vec![Form::ZERO],
            budget: None,
            exhausted: false,
            work: 0,
        };
        let zero = forms.intern(Vec::new(), Vec::new());
        debug_assert_eq!(zero, Form::ZERO);
        forms
    }

    /// A store that stops working once it holds `budget` forms, remembers `4 * budget`
    /// comparisons or has done `100 * budget` comparisons and constructions: from then on every
    /// operation returns at once with a meaningless result, and [`Forms::exhausted`] says so. For values read from users, whose sums can need
    /// exponentially many forms (a sum of `n` switches has about `3^n` positions).
    pub fn with_budget(budget: usize) -> Forms {
        Forms { budget: Some(budget), ..Forms::new() }
    }

    /// Whether the budget of [`Forms::with_budget`] ran out: results since are meaningless.
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// Checks the budget; true when it has run out.
    fn over(&mut self) -> bool {
        self.work += 1;
        if let Some(b) = self.budget {
            if self.nodes.len() >= b || self.le.len() >= 4 * b || self.work >= 100 * b as u64 {
                self.exhausted = true;
            }
        }
        self.exhausted
    }

    /// How many distinct canonical forms are stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only `0` is stored (never: a store always holds it).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Every stored form, in the order they were stored.
    pub fn all(&self) -> impl Iterator<Item = Form> {
        (0..self.nodes.len() as u32).map(Form)
    }

    /// Left's options of the canonical form `g`, in the order of their numbers.
    pub fn left(&self, g: Form) -> &[Form] {
        &self.nodes[g.index()].left
    }

    /// Right's options of the canonical form `g`.
    pub fn right(&self, g: Form) -> &[Form] {
        &self.nodes[g.index()].right
    }

    /// The number `g` is equal to, if it is one.
    pub fn as_number(&self, g: Form) -> Option<Dyadic> {
        self.nodes[g.index()].number
    }

    // -----------------------------------------------------------------------------------------
    // Building forms.

    /// Stores the form with the canonical options `left` and `right` (sorted, no duplicates,
    /// none dominated or reversible), or finds it stored.
    fn intern(&mut self, left: Vec<Form>, right: Vec<Form>) -> Form {
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&g) = self.index.get(&key) {
            return g;
        }
        let number = self.recognize_number(&key.0, &key.1);
        let g = Form(u32::try_from(self.nodes.len()).expect("fewer than 2^32 canonical forms"));
        self.nodes.push(Node { left: key.0.clone(), right: key.1.clone(), number });
        self.index.insert(key, g);
        if let Some(x) = number {
            self.numbers.insert(x, g);
        }
        g
    }

    /// The number a canonical form with these options is, if it is one: the canonical form of a
    /// number `x` has the options [`canonical_number_options`] of `x`.
    fn recognize_number(&self, left: &[Form], right: &[Form]) -> Option<Dyadic> {
        if left.len() > 1 || right.len() > 1 {
            return None;
        }
        let lo = match left.first() {
            Some(&l) => Some(self.as_number(l)?),
            None => None,
        };
        let hi = match right.first() {
            Some(&r) => Some(self.as_number(r)?),
            None => None,
        };
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        let x = Dyadic::simplest_between(lo, hi);
        (canonical_number_options(x) == (lo, hi)).then_some(x)
    }

    /// The canonical form of the number `x`.
    pub fn number(&mut self, x: Dyadic) -> Form {
        if let Some(&g) = self.numbers.get(&x) {
            return g;
        }
        if x.is_integer() {
            // From the stored integer nearest to n on the way from 0 (0 is always stored), one
            // after another, without recursion.
            let n = x.floor();
            let step = n.signum();
            let mut k = n;
            while !self.numbers.contains_key(&Dyadic::int(k)) {
                k -= step;
            }
            let mut g = self.numbers[&Dyadic::int(k)];
            while k != n {
                g = if step > 0 {
                    self.intern(vec![g], Vec::new())
                } else {
                    self.intern(Vec::new(), vec![g])
                };
                k += step;
            }
            return g;
        }
        let (lo, hi) = canonical_number_options(x);
        let l = self.number(lo.expect("a fraction has a left option"));
        let r = self.number(hi.expect("a fraction has a right option"));
        self.intern(vec![l], vec![r])
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Form {
        self.number(Dyadic::int(n as i128))
    }

    /// The nimber `*n`: `{0, *1, ..., *(n-1) | 0, *1, ..., *(n-1)}`.
    pub fn nimber(&mut self, n: u32) -> Form {
        // The nimbers built so far are remembered, each from the ones below it.
        while self.nimbers.len() <= n as usize {
            let mut options = self.nimbers.clone();
            options.sort_unstable();
            let g = self.intern(options.clone(), options);
            self.nimbers.push(g);
        }
        self.nimbers[n as usize]
    }

    /// `n` if `g` is the nimber `*n`.
    pub fn as_nimber(&self, g: Form) -> Option<u32> {
        let n = self.left(g).len();
        (self.nimbers.get(n) == Some(&g)).then_some(n as u32)
    }

    /// `^ = {0 | *}`.
    pub fn up(&mut self) -> Form {
        let star = self.nimber(1);
        self.intern(vec![Form::ZERO], vec![star])
    }

    /// `n` ups (`n < 0`: downs), `n.^`.
    pub fn ups(&mut self, n: i64) -> Form {
        let up = if n >= 0 { self.up() } else { self.up_neg() };
        let mut g = Form::ZERO;
        for _ in 0..n.unsigned_abs() {
            g = self.sum(g, up);
        }
        g
    }

    fn up_neg(&mut self) -> Form {
        let up = self.up();
        self.neg(up)
    }

    /// The canonical form of `{ left | right }`, for options in canonical form (any order,
    /// duplicates allowed).
    pub fn make(&mut self, mut left: Vec<Form>, mut right: Vec<Form>) -> Form {
        loop {
            if self.over() {
                return Form::ZERO;
            }
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            self.remove_dominated(&mut left, Side::Left);
            self.remove_dominated(&mut right, Side::Right);
            if !self.bypass_reversible(&mut left, &mut right) {
                break;
            }
        }
        self.intern(left, right)
    }

    /// Removes the options no better for their player than another: a Left option `a <= b`, a
    /// Right option `a >= b`. Options are distinct canonical forms, so no two are equal.
    fn remove_dominated(&mut self, options: &mut Vec<Form>, side: Side) {
        if options.len() < 2 {
            return;
        }
        let mut keep = vec![true; options.len()];
        for i in 0..options.len() {
            for j in 0..options.len() {
                if i == j || !keep[j] {
                    continue;
                }
                let (a, b) = (options[i], options[j]);
                let dominated = match side {
                    Side::Left => self.le(a, b),
                    Side::Right => self.le(b, a),
                };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        options.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }

    /// Bypasses one reversible option of `G = {left | right}`, if there is one: a Left option
    /// `GL` with a Right option `GLR <= G` is replaced by the Left options of `GLR`; a Right
    /// option `GR` with a Left option `GRL >= G` by the Right options of `GRL`. Returns whether
    /// anything changed.
    fn bypass_reversible(&mut self, left: &mut Vec<Form>, right: &mut Vec<Form>) -> bool {
        let mut memo = FxHashMap::default();
        for i in 0..left.len() {
            let gl = left[i];
            for k in 0..self.right(gl).len() {
                let glr = self.right(gl)[k];
                if self.le_temp(glr, left, right, &mut memo) {
                    left.swap_remove(i);
                    left.extend_from_slice(&self.nodes[glr.index()].left);
                    return true;
                }
            }
        }
        for i in 0..right.len() {
            let gr = right[i];
            for k in 0..self.left(gr).len() {
                let grl = self.left(gr)[k];
                if self.temp_le(left, right, grl, &mut memo) {
                    right.swap_remove(i);
                    right.extend_from_slice(&self.nodes[grl.index()].right);
                    return true;
                }
            }
        }
        false
    }

    /// `x <= G` for a stored `x` and `G = {left | right}` (not stored): no `x^L >= G` and no
    /// `G^R <= x`. `memo` remembers the answers for this `G`.
    fn le_temp(
        &mut self,
        x: Form,
        left: &[Form],
        right: &[Form],
        memo: &mut FxHashMap<(Form, bool), bool>,
    ) -> bool {
        if let Some(&answer) = memo.get(&(x, true)) {
            return answer;
        }
        let mut answer = !right.iter().any(|&gr| self.le(gr, x));
        if answer {
            for k in 0..self.left(x).len() {
                let xl = self.left(x)[k];
                if self.temp_le(left, right, xl, memo) {
                    answer = false;
                    break;
                }
            }
        }
        memo.insert((x, true), answer);
        answer
    }

    /// `G <= y` for `G = {left | right}` (not stored) and a stored `y`: no `G^L >= y` and no
    /// `y^R <= G`.
    fn temp_le(
        &mut self,
        left: &[Form],
        right: &[Form],
        y: Form,
        memo: &mut FxHashMap<(Form, bool), bool>,
    ) -> bool {
        if let Some(&answer) = memo.get(&(y, false)) {
            return answer;
        }
        let mut answer = !left.iter().any(|&gl| self.le(y, gl));
        if answer {
            for k in 0..self.right(y).len() {
                let yr = self.right(y)[k];
                if self.le_temp(yr, left, right, memo) {
                    answer = false;
                    break;
                }
            }
        }
        memo.insert((y, false), answer);
        answer
    }

    // -----------------------------------------------------------------------------------------
    // Comparing.

    /// `g <= h`: Left wins `h - g` when Right starts; by the recursion, no `g^L >= h` and no
    /// `h^R <= g`.
    pub fn le(&mut self, g: Form, h: Form) -> bool {
        if g == h {
            return true;
        }
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            return x <= y;
        }
        if self.over() {
            return true;
        }
        if let Some(&answer) = self.le.get(&(g, h)) {
            return answer;
        }
        let mut answer = true;
        for k in 0..self.right(h).len() {
            let hr = self.right(h)[k];
            if self.le(hr, g) {
                answer = false;
                break;
            }
        }
        if answer {
            for k in 0..self.left(g).len() {
                let gl = self.left(g)[k];
                if self.le(h, gl) {
                    answer = false;
                    break;
                }
            }
        }
        self.le.insert((g, h), answer);
        answer
    }

    /// How `g` compares with `h`.
    pub fn compare(&mut self, g: Form, h: Form) -> Relation {
        if g == h {
            return Relation::Equal;
        }
        match (self.le(g, h), self.le(h, g)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }

    /// Who wins `g`.
    pub fn outcome(&mut self, g: Form) -> OutcomeClass {
        match self.compare(g, Form::ZERO) {
            Relation::Greater => OutcomeClass::L,
            Relation::Less => OutcomeClass::R,
            Relation::Equal => OutcomeClass::P,
            Relation::Confused => OutcomeClass::N,
        }
    }

    // -----------------------------------------------------------------------------------------
    // Arithmetic.

    /// `-g`: the players' options swapped and negated (the negative of a canonical form is
    /// canonical).
    pub fn neg(&mut self, g: Form) -> Form {
        if g == Form::ZERO {
            return g;
        }
        if let Some(x) = self.as_number(g) {
            return self.number(-x);
        }
        if let Some(&n) = self.negs.get(&g) {
            return n;
        }
        if self.over() {
            return Form::ZERO;
        }
        let mut left = Vec::with_capacity(self.right(g).len());
        for k in 0..self.right(g).len() {
            let gr = self.right(g)[k];
            left.push(self.neg(gr));
        }
        let mut right = Vec::with_capacity(self.left(g).len());
        for k in 0..self.left(g).len() {
            let gl = self.left(g)[k];
            right.push(self.neg(gl));
        }
        left.sort_unstable();
        right.sort_unstable();
        let n = self.intern(left, right);
        self.negs.insert(g, n);
        self.negs.insert(n, g);
        n
    }

    /// The disjunctive sum `g + h`: a move is a move in one of the two.
    pub fn sum(&mut self, g: Form, h: Form) -> Form {
        if g == Form::ZERO {
            return h;
        }
        if h == Form::ZERO {
            return g;
        }
        let (x, y) = (self.as_number(g), self.as_number(h));
        if let (Some(x), Some(y)) = (x, y) {
            return self.number(x + y);
        }
        if let (Some(a), Some(b)) = (self.as_nimber(g), self.as_nimber(h)) {
            return self.nimber(a ^ b);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sums.get(&key) {
            return s;
        }
        if self.over() {
            return Form::ZERO;
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        // Number avoidance: in a sum with a game that is not a number, moving in a number is
        // never better than the best other move, so only the other game's moves are listed.
        if x.is_none() {
            for k in 0..self.left(g).len() {
                let gl = self.left(g)[k];
                left.push(self.sum(gl, h));
            }
            for k in 0..self.right(g).len() {
                let gr = self.right(g)[k];
                right.push(self.sum(gr, h));
            }
        }
        if y.is_none() {
            for k in 0..self.left(h).len() {
                let hl = self.left(h)[k];
                left.push(self.sum(g, hl));
            }
            for k in 0..self.right(h).len() {
                let hr = self.right(h)[k];
                right.push(self.sum(g, hr));
            }
        }
        let s = self.make(left, right);
        self.sums.insert(key, s);
        s
    }

    /// `g - h`.
    pub fn sub(&mut self, g: Form, h: Form) -> Form {
        let n = self.neg(h);
        self.sum(g, n)
    }

    /// The left and right stops of `g`: the number play ends on when Left, or Right, moves first
    /// and both stop as soon as the game is a number. A number is its own stops; otherwise the
    /// left stop is the largest right stop of a Left option, the right stop the smallest left
    /// stop of a Right option (a canonical game that is not a number has options on both sides).
    pub fn stops(&mut self, g: Form) -> (Dyadic, Dyadic) {
        if let Some(x) = self.as_number(g) {
            return (x, x);
        }
        if let Some(&s) = self.stops.get(&g) {
            return s;
        }
        if self.exhausted {
            // Past the budget forms may be wrong (even lack options on a side): meaningless.
            return (Dyadic::ZERO, Dyadic::ZERO);
        }
        let mut left: Option<Dyadic> = None;
        for k in 0..self.left(g).len() {
            let r = self.stops(self.left(g)[k]).1;
            left = Some(left.map_or(r, |l| l.max(r)));
        }
        let mut right: Option<Dyadic> = None;
        for k in 0..self.right(g).len() {
            let l = self.stops(self.right(g)[k]).0;
            right = Some(right.map_or(l, |r| r.min(l)));
        }
        let s = (left.expect("a Left option"), right.expect("a Right option"));
        self.stops.insert(g, s);
        s
    }

    /// The thermograph of `g` (see [`crate::thermograph`]), from its options' thermographs.
    pub fn thermograph(&mut self, g: Form) -> Thermograph {
        if let Some(t) = self.thermographs.get(&g) {
            return t.clone();
        }
        if self.exhausted {
            // Past the budget forms may be wrong (even lack options on a side): meaningless.
            return Thermograph::integer(Dyadic::ZERO);
        }
        let number = self.as_number(g);
        let t = match number {
            Some(x) if x.is_integer() => Thermograph::integer(x),
            _ => {
                let (left, right) = (self.left(g).to_vec(), self.right(g).to_vec());
                let left: Vec<Thermograph> = left.iter().map(|&o| self.thermograph(o)).collect();
                let right: Vec<Thermograph> = right.iter().map(|&o| self.thermograph(o)).collect();
                Thermograph::from_options(
                    &left.iter().collect::<Vec<_>>(),
                    &right.iter().collect::<Vec<_>>(),
                    number.is_some(),
                )
            }
        };
        self.thermographs.insert(g, t.clone());
        t
    }

    /// The mean value of `g`: the number `g + g + ...` is close to per copy, where the mast of
    /// its thermograph stands.
    pub fn mean(&mut self, g: Form) -> Dyadic {
        if let Some(x) = self.as_number(g) {
            return x;
        }
        self.thermograph(g).mean()
    }

    /// The temperature of `g`: how much a move in it is worth, where the walls of its
    /// thermograph meet. CGSuite's convention for numbers: `m/2^k` (odd `m`, `k >= 1`) has
    /// temperature `-1/2^k`, an integer `-1`; a game that is not a number has temperature at
    /// least 0 (0 for infinitesimals such as `*` and `^`).
    pub fn temperature(&mut self, g: Form) -> Dyadic {
        if let Some(x) = self.as_number(g) {
            return if x.is_integer() { Dyadic::int(-1) } else { -Dyadic::new(1, x.exponent()) };
        }
        self.thermograph(g).temperature()
    }

    /// `g` cooled by `t >= -1`: every move taxed by `t`. An integer stays itself; past the
    /// temperature of `g` the result is its mean, a number; otherwise it is
    /// `{ G^L_t - t | G^R_t + t }` (Siegel, *Combinatorial Game Theory*, II.5: `g` is frozen at
    /// the first temperature where that game is infinitesimally close to a number, which is
    /// the temperature where its thermograph's walls meet).
    pub fn cool(&mut self, g: Form, t: Dyadic) -> Form {
        assert!(t >= Dyadic::int(-1), "games are cooled by t >= -1");
        if self.as_number(g).is_some_and(|x| x.is_integer()) || t == Dyadic::ZERO {
            return g;
        }
        if let Some(&c) = self.cooled.get(&(g, t)) {
            return c;
        }
        if self.over() {
            return Form::ZERO;
        }
        let th = self.thermograph(g);
        let c = if t > th.temperature() {
            self.number(th.mean())
        } else {
            let tax = self.number(t);
            let untax = self.number(-t);
            let mut left = Vec::new();
            for k in 0..self.left(g).len() {
                let gl = self.left(g)[k];
                let c = self.cool(gl, t);
                left.push(self.sum(c, untax));
            }
            let mut right = Vec::new();
            for k in 0..self.right(g).len() {
                let gr = self.right(g)[k];
                let c = self.cool(gr, t);
                right.push(self.sum(c, tax));
            }
            self.make(left, right)
        };
        self.cooled.insert((g, t), c);
        c
    }

    // -----------------------------------------------------------------------------------------
    // Checks.

    /// Whether the stored form `g` is canonical: its options are sorted and distinct, none is
    /// dominated and none is reversible (every stored form must be; the tests check it).
    pub fn is_canonical(&mut self, g: Form) -> bool {
        let (left, right) = (self.left(g).to_vec(), self.right(g).to_vec());
        let sorted = |v: &[Form]| v.windows(2).all(|w| w[0] < w[1]);
        if !sorted(&left) || !sorted(&right) {
            return false;
        }
        for &a in &left {
            for &b in &left {
                if a != b && self.le(a, b) {
                    return false;
                }
            }
            for k in 0..self.right(a).len() {
                let alr = self.right(a)[k];
                if self.le(alr, g) {
                    return false;
                }
            }
        }
        for &a in &right {
            for &b in &right {
                if a != b && self.le(b, a) {
                    return false;
                }
            }
            for k in 0..self.left(a).len() {
                let arl = self.left(a)[k];
                if self.le(g, arl) {
                    return false;
                }
            }
        }
        true
    }
}

/// The options of the canonical form of the number `x`: none for 0, `{n-1 | }` for an integer
/// `n > 0`, `{ | n+1}` for `n < 0`, and `{(m-1)/2^k | (m+1)/2^k}` for `m/2^k` with `m` odd.
pub fn canonical_number_options(x: Dyadic) -> (Option<Dyadic>, Option<Dyadic>) {
    if x.is_integer() {
        let n = x.floor();
        return match n.signum() {
            0 => (None, None),
            1 => (Some(Dyadic::int(n - 1)), None),
            _ => (None, Some(Dyadic::int(n + 1))),
        };
    }
    let (m, k) = (x.numerator(), x.exponent());
    (Some(Dyadic::new(m - 1, k)), Some(Dyadic::new(m + 1, k)))
}
