//! Nim sequences: the nim value G(n) of a single heap of n tokens, for n = 0..=N.
//!
//! G(n) is the mex (least excluded value) of the values of the moves from a heap of n, and the
//! value of several heaps is the XOR of theirs; a move that leaves heaps a and b has value
//! G(a) XOR G(b). Three methods:
//!
//! - [`nim_sequence`], the fast one. Octal games whose moves leave at most two heaps, and
//!   Grundy's game, use the *sparse space* method (Winning Ways, ch. 4, "Sparse space spells
//!   speed"; Gangolli and Plambeck; Flammenkamp), described below. Subtraction games take
//!   O(|S|) per heap, all-but subtraction games about O(max S) per heap. Hexadecimal games whose
//!   moves may leave three heaps use the quadratic method.
//! - [`quadratic_sequence`]: for each n, every move's value is computed and marked, then the
//!   mex is read off: about n/2 XORs per heap and per two-heap digit, so O(N^2) in all (three
//!   heaps: two-heap value sets are kept per total, O(N^2 V / 64) for values below V).
//! - [`definition_sequence`]: the mex over [`Ruleset::options`] straight from the rules, for
//!   tests on small heaps.
//!
//! # The sparse space method
//!
//! Split the values into *common* and *rare* ones with a mask `m`: value `v` is common when
//! `v & m` has an odd number of 1 bits. The XOR of two common values is then rare (odd + odd
//! = even), so a move that leaves two heaps has a common value only if one of the two heaps has
//! a rare value. In most octal games few heaps have rare values (for Kayles with `m = 15`, none
//! after heap 70), so:
//!
//! 1. for every heap `a` with a rare value (a short list), the move leaving `a` and `n - k - a`
//!    is marked: this finds every common value among the moves, in O(rare heaps);
//! 2. values are tried in increasing order: the first common value not marked is not a move's
//!    value; a rare value not marked is looked for among all pairs (a scan that usually stops
//!    within a few pairs, as rare values are what most pairs give); the first value found to be
//!    missing is G(n).
//!
//! Only a heap whose value is rare costs a full scan of all pairs. Some games (Dawson's Kayles among them)
//! need the position too: with every two-heap move removing a number of tokens of the same
//! parity `f`, heap `p` counts as common when `parity(G(p) & m) ^ (p & 1) ^ f` is 1, and the
//! same argument holds (Flammenkamp's "sparse space in the domain"). The split is chosen by
//! counting, over the heaps computed so far, which mask (and whether to use the parity of the
//! position) makes the most heaps common, with a Walsh-Hadamard transform of the value counts;
//! it is chosen again as the sequence grows. The choice only affects speed: every value is the
//! exact mex whatever the split.
//!
//! Some games have no sparse space: in Dawson's Kayles a third of the heaps stay rare under the
//! best split. Marking costs a scattered write per rare heap while a scan reads many pairs per
//! instruction, so when more than one heap in 64 is rare the marks are skipped and every value
//! is looked for, in increasing order, among all pairs: G(n) is then the first value not found,
//! at the cost of one full scan per heap. The scans read 8-bit (or 16-bit) copies of the values,
//! one of them stored backwards so that the pairs `(a, s - a)` are two forward runs, in blocks
//! without early exit that compile to vector instructions: about 30 pairs per nanosecond here.

use nimber_engine::Progress;

use crate::ruleset::{Ruleset, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};

/// The largest N accepted by the sequence functions.
pub const MAX_UPTO: usize = 100_000_000;

/// The sparse method marks the pairs with a rare heap when there are fewer than one rare heap
/// in this many; otherwise it looks for each value among all pairs.
const MARK_RATIO: usize = 64;

/// Heaps between two progress reports.
const BATCH: usize = 1 << 14;

/// How [`nim_sequence`] computed a sequence, for reports and benchmarks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The method: `sparse`, `subtraction`, `all-but` or `quadratic`.
    pub method: &'static str,
    /// Sparse method: the final mask.
    pub mask: u32,
    /// Sparse method: whether the parity of the position takes part in the split.
    pub by_position: bool,
    /// Sparse method: heaps with a rare value at the end.
    pub rare_heaps: usize,
    /// Sparse method: rare values looked for among all pairs, and how many of those searches
    /// scanned every pair without finding the value (each gives a rare G(n)).
    pub searches: u64,
    /// See `searches`.
    pub full_scans: u64,
    /// Sparse method: heaps whose common values were found by marking the pairs with a rare
    /// heap (the others: by looking for every value among all pairs).
    pub marked_heaps: u64,
    /// Sparse method: how many times the split was chosen.
    pub rebuilds: u32,
}

/// The nim values G(0..=upto) of single heaps, by the fastest method for the ruleset. When
/// `progress` is cancelled the work stops early and the values found so far are returned: a
/// sequence shorter than asked.
pub fn nim_sequence(rules: &Ruleset, upto: usize, progress: &dyn Progress) -> Vec<u32> {
    nim_sequence_with_stats(rules, upto, progress).0
}

/// [`nim_sequence`], with how it was computed.
pub fn nim_sequence_with_stats(rules: &Ruleset, upto: usize, progress: &dyn Progress) -> (Vec<u32>, Stats) {
    assert!(upto <= MAX_UPTO, "upto {upto} is larger than {MAX_UPTO}");
    match rules {
        Ruleset::AllBut(excluded) => {
            (allbut_sequence(excluded, upto, progress), Stats { method: "all-but", ..Stats::default() })
        }
        Ruleset::Octal(digits) if digits.iter().any(|d| d & LEAVE_THREE != 0) => {
            (quadratic_sequence(rules, upto, progress), Stats { method: "quadratic", ..Stats::default() })
        }
        _ => {
            let moves = Moves::of(rules).expect("rules with at most two heaps left");
            let mut engine = Sparse::new(moves, upto);
            let values = engine.run(upto, progress);
            let method = if matches!(rules, Ruleset::Subtraction(_)) { "subtraction" } else { "sparse" };
            (values, Stats { method, ..engine.stats })
        }
    }
}

/// The moves of a ruleset whose moves leave at most two heaps, by amount removed.
#[derive(Clone, Debug)]
struct Moves {
    /// `(k, may take a heap of exactly k whole, may leave one heap)`, by increasing `k`.
    singles: Vec<(usize, bool, bool)>,
    /// The amounts `k` whose moves may leave two heaps, increasing.
    splits: Vec<usize>,
    /// Grundy's game: the two heaps must differ.
    unequal: bool,
}

impl Moves {
    fn of(rules: &Ruleset) -> Option<Moves> {
        match rules {
            Ruleset::Octal(digits) => {
                if digits.iter().any(|d| d & LEAVE_THREE != 0) {
                    return None;
                }
                let singles = digits
                    .iter()
                    .enumerate()
                    .filter(|&(k, &d)| k >= 1 && d & (LEAVE_NONE | LEAVE_ONE) != 0)
                    .map(|(k, &d)| (k, d & LEAVE_NONE != 0, d & LEAVE_ONE != 0))
                    .collect();
                let splits =
                    digits.iter().enumerate().filter(|(_, &d)| d & LEAVE_TWO != 0).map(|(k, _)| k).collect();
                Some(Moves { singles, splits, unequal: false })
            }
            Ruleset::Subtraction(set) => Some(Moves {
                singles: set.iter().map(|&s| (s as usize, true, true)).collect(),
                splits: Vec::new(),
                unequal: false,
            }),
            Ruleset::Grundy => Some(Moves { singles: Vec::new(), splits: vec![0], unequal: true }),
            Ruleset::AllBut(_) => None,
        }
    }

    /// The parity shared by every amount of a two-heap move, if they share one.
    fn split_parity(&self) -> Option<u32> {
        let first = *self.splits.first()? as u32 & 1;
        self.splits.iter().all(|&k| k as u32 & 1 == first).then_some(first)
    }
}

/// How values and heaps split into common and rare: heap `p` with value `v` is common when
/// `parity(v & mask) ^ (by_position & p & 1) ^ flip` is 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Split {
    mask: u32,
    by_position: bool,
    flip: u32,
}

impl Split {
    /// Every heap rare: the method is then the quadratic one.
    const NONE: Split = Split { mask: 0, by_position: false, flip: 0 };

    /// 1 when a heap `p` with value `v` is common.
    #[inline]
    fn label(self, p: usize, v: u32) -> u32 {
        ((v & self.mask).count_ones() & 1) ^ (self.by_position as u32 & p as u32 & 1) ^ self.flip
    }

    /// Whether any value is common at some heap.
    fn has_common(self) -> bool {
        self.mask != 0 || self.by_position || self.flip != 0
    }
}

/// The sparse space method (see the module documentation).
struct Sparse {
    moves: Moves,
    g: Vec<u32>,
    split: Split,
    /// Heaps `p >= 1` whose value is rare under `split`, increasing.
    rare: Vec<u32>,
    /// `stamp[v] == n` when value `v` is known to be a move's value from heap `n`.
    stamp: Vec<u32>,
    /// The values again, narrow and also backwards, for the scans of all pairs.
    pairs: Pairs,
    max_value: u32,
    /// Marks are used when fewer than one heap in `mark_ratio` is rare (never when 0).
    mark_ratio: usize,
    next_rebuild: usize,
    rare_after_rebuild: usize,
    stats: Stats,
}

impl Sparse {
    fn new(moves: Moves, upto: usize) -> Sparse {
        let mut g = Vec::with_capacity(upto + 1);
        g.push(0);
        Sparse {
            moves,
            g,
            split: Split::NONE,
            rare: Vec::new(),
            stamp: vec![u32::MAX; 64],
            pairs: Pairs::new(upto),
            max_value: 0,
            mark_ratio: MARK_RATIO,
            next_rebuild: 64,
            rare_after_rebuild: 0,
            stats: Stats::default(),
        }
    }

    fn run(&mut self, upto: usize, progress: &dyn Progress) -> Vec<u32> {
        progress.phase("nim values", Some(upto as u64 + 1));
        progress.advance(1);
        for n in 1..=upto {
            let v = self.value(n);
            self.push(n, v);
            if n % BATCH == 0 {
                progress.advance(BATCH as u64);
                if progress.cancelled() {
                    break;
                }
            }
        }
        progress.advance((upto % BATCH) as u64);
        self.stats.mask = self.split.mask;
        self.stats.by_position = self.split.by_position;
        self.stats.rare_heaps = self.rare.len();
        std::mem::take(&mut self.g)
    }

    /// G(n), from G(0..n).
    fn value(&mut self, n: usize) -> u32 {
        let Sparse { moves, g, split, rare, stamp, pairs, stats, mark_ratio, .. } = self;
        let id = n as u32;
        for &(k, none, one) in &moves.singles {
            if k > n {
                break;
            }
            if none && k == n {
                stamp[0] = id;
            }
            if one && k < n {
                stamp[g[n - k] as usize] = id;
            }
        }
        // Marking the pairs with a rare heap costs a scattered write each; scanning all pairs
        // costs a small fraction of that per pair. Mark when the rare heaps are few enough.
        let marks = !moves.splits.is_empty()
            && split.has_common()
            && *mark_ratio != 0
            && rare.len().saturating_mul(*mark_ratio) < n;
        if marks {
            stats.marked_heaps += 1;
            for &k in &moves.splits {
                if n < k + 2 {
                    break;
                }
                let s = n - k;
                for &a in rare.iter() {
                    let a = a as usize;
                    if a >= s {
                        break;
                    }
                    let b = s - a;
                    if moves.unequal && a == b {
                        continue;
                    }
                    stamp[(g[a] ^ g[b]) as usize] = id;
                }
            }
        }
        for v in 0..stamp.len() as u32 {
            if stamp[v as usize] == id {
                continue;
            }
            // With the marks, a common value not marked is no move's value; a rare one may
            // still come from two common heaps. Without them, every value is looked for.
            if moves.splits.is_empty() || (marks && split.label(n, v) == 1) {
                return v;
            }
            stats.searches += 1;
            if !pairs.some_pair_gives(moves, g, n, v) {
                stats.full_scans += 1;
                return v;
            }
        }
        unreachable!("the stamp table is larger than twice the largest value")
    }

    fn push(&mut self, n: usize, v: u32) {
        self.g.push(v);
        self.pairs.push(n, v);
        if v > self.max_value {
            self.max_value = v;
            // XORs of values below 2^b are below 2^b, and the mex of a set of such values is at
            // most 2^b: a table of 2^(b+1) entries covers every value looked at.
            let size = ((v as usize + 1).next_power_of_two() * 2).max(64);
            if size > self.stamp.len() {
                self.stamp.resize(size, u32::MAX);
            }
        }
        if self.moves.splits.is_empty() {
            return;
        }
        if self.split.label(n, v) == 0 {
            self.rare.push(n as u32);
        }
        if n + 1 == self.next_rebuild || self.rare.len() > 2 * self.rare_after_rebuild + 1024 {
            self.rebuild();
            self.next_rebuild = 2 * (n + 1);
        }
    }

    /// Chooses the split that makes the most heaps so far common, and lists the rare heaps.
    fn rebuild(&mut self) {
        self.split = best_split(&self.g, self.moves.split_parity(), self.split);
        let split = self.split;
        self.rare = (1..self.g.len()).filter(|&p| split.label(p, self.g[p]) == 0).map(|p| p as u32).collect();
        self.rare_after_rebuild = self.rare.len();
        self.stats.rebuilds += 1;
    }
}

/// The values again, twice, as the narrowest of 8 or 16-bit numbers that holds them all:
/// forwards (`forward[a] = G(a)`) and backwards (`backward[i] = G(top - i)`), so that the pairs
/// `(a, s - a)` are read as two forward runs and the scans compare many pairs per instruction.
struct Pairs {
    store: Store,
    top: usize,
}

enum Store {
    Bytes(Vec<u8>, Vec<u8>),
    Halves(Vec<u16>, Vec<u16>),
    /// A value does not fit in 16 bits: the scans read the 32-bit values.
    Wide,
}

impl Pairs {
    fn new(upto: usize) -> Pairs {
        let mut forward = Vec::with_capacity(upto + 1);
        forward.push(0);
        Pairs { store: Store::Bytes(forward, vec![0; upto + 1]), top: upto }
    }

    fn push(&mut self, n: usize, v: u32) {
        if v > u8::MAX as u32 {
            if let Store::Bytes(forward, backward) = &self.store {
                let widen = |x: &Vec<u8>| x.iter().map(|&b| b as u16).collect::<Vec<u16>>();
                let mut wide_forward = widen(forward);
                wide_forward.reserve(self.top + 1 - wide_forward.len());
                self.store = Store::Halves(wide_forward, widen(backward));
            }
        }
        if v > u16::MAX as u32 {
            self.store = Store::Wide;
        }
        let at = self.top - n;
        match &mut self.store {
            Store::Bytes(forward, backward) => {
                forward.push(v as u8);
                backward[at] = v as u8;
            }
            Store::Halves(forward, backward) => {
                forward.push(v as u16);
                backward[at] = v as u16;
            }
            Store::Wide => {}
        }
    }

    /// Whether some move from heap `n` that leaves two heaps has value `v`.
    fn some_pair_gives(&self, moves: &Moves, g: &[u32], n: usize, v: u32) -> bool {
        match &self.store {
            Store::Bytes(forward, backward) => {
                u8::try_from(v).is_ok_and(|v| scan(forward, backward, self.top, moves, n, v))
            }
            Store::Halves(forward, backward) => {
                u16::try_from(v).is_ok_and(|v| scan(forward, backward, self.top, moves, n, v))
            }
            Store::Wide => moves
                .splits
                .iter()
                .take_while(|&&k| n >= k + 2)
                .any(|&k| pair_with_xor(g, n - k, v, moves.unequal)),
        }
    }
}

/// Whether `forward[a] ^ backward[top - s + a] == v` (that is, G(a) ^ G(s - a) == v) for some
/// two-heap move from heap `n`, removing `k` and leaving `a` and `s - a = n - k - a`. The pairs
/// of all the removals are scanned together, in blocks of growing length, so that a value that
/// many pairs give is found after a few of them.
fn scan<T>(forward: &[T], backward: &[T], top: usize, moves: &Moves, n: usize, v: T) -> bool
where
    T: Copy + PartialEq + std::ops::BitXor<Output = T>,
{
    let last = |k: usize| {
        let s = n - k;
        if moves.unequal {
            (s - 1) / 2
        } else {
            s / 2
        }
    };
    let splits = || moves.splits.iter().copied().take_while(|&k| n >= k + 2);
    let Some(longest) = splits().map(last).max() else { return false };
    let mut a = 1;
    let mut block = 16;
    while a <= longest {
        let end = (a + block).min(longest + 1);
        for k in splits() {
            let stop = end.min(last(k) + 1);
            if a < stop {
                let offset = top - (n - k);
                if block_has_xor(&forward[a..stop], &backward[offset + a..offset + stop], v) {
                    return true;
                }
            }
        }
        a = end;
        block = (block * 2).min(1 << 14);
    }
    false
}

/// Whether `forward[i] ^ backward[i] == v` for some `i`; written without an early exit so that
/// it compiles to vector instructions.
#[inline]
fn block_has_xor<T>(forward: &[T], backward: &[T], v: T) -> bool
where
    T: Copy + PartialEq + std::ops::BitXor<Output = T>,
{
    forward.iter().zip(backward).fold(false, |hit, (&x, &y)| hit | (x ^ y == v))
}

/// Whether `g[a] ^ g[s - a] == v` for some `1 <= a <= s - a` (`a < s - a` when `unequal`).
#[inline]
fn pair_with_xor(g: &[u32], s: usize, v: u32, unequal: bool) -> bool {
    let last = if unequal { (s - 1) / 2 } else { s / 2 };
    const LANES: usize = 16;
    let mut a = 1;
    while a + LANES <= last + 1 {
        let low = &g[a..a + LANES];
        let high = &g[s - a + 1 - LANES..=s - a];
        let mut hit = false;
        for i in 0..LANES {
            hit |= low[i] ^ high[LANES - 1 - i] == v;
        }
        if hit {
            return true;
        }
        a += LANES;
    }
    (a..=last).any(|a| g[a] ^ g[s - a] == v)
}

/// The split that makes the most heaps `1..g.len()` common; `current` wins ties.
fn best_split(g: &[u32], split_parity: Option<u32>, current: Split) -> Split {
    let max = g.iter().copied().max().unwrap_or(0);
    let bits = (32 - max.leading_zeros()).clamp(1, 16);
    let size = 1usize << bits;
    let low = (size - 1) as u32;
    // Counts of values at even and odd heaps, then their Walsh-Hadamard transforms: w[m] is
    // the number of heaps whose masked value has even parity minus those with odd parity.
    let mut even = vec![0i64; size];
    let mut odd = vec![0i64; size];
    for (p, &v) in g.iter().enumerate().skip(1) {
        if p & 1 == 0 {
            even[(v & low) as usize] += 1;
        } else {
            odd[(v & low) as usize] += 1;
        }
    }
    let total_even: i64 = even.iter().sum();
    let total_odd: i64 = odd.iter().sum();
    walsh_hadamard(&mut even);
    walsh_hadamard(&mut odd);
    let common = |s: Split| -> i64 {
        let m = s.mask as usize;
        match (s.by_position, s.flip) {
            // Common: odd parity.
            (false, _) => (total_even + total_odd - even[m] - odd[m]) / 2,
            // Common: odd parity at even heaps and even parity at odd heaps.
            (true, 0) => (total_even - even[m]) / 2 + (total_odd + odd[m]) / 2,
            // Common: even parity at even heaps and odd parity at odd heaps.
            (true, _) => (total_even + even[m]) / 2 + (total_odd - odd[m]) / 2,
        }
    };
    let mut best = if (current.mask as usize) < size { current } else { Split::NONE };
    let mut best_count = if best == Split::NONE { 0 } else { common(best) };
    for mask in 0..size as u32 {
        let mut candidates = vec![Split { mask, by_position: false, flip: 0 }];
        if let Some(flip) = split_parity {
            candidates.push(Split { mask, by_position: true, flip });
        }
        for s in candidates {
            if s.has_common() {
                let count = common(s);
                if count > best_count {
                    best = s;
                    best_count = count;
                }
            }
        }
    }
    best
}

/// In-place Walsh-Hadamard transform: `w[m] = sum over v of x[v] * (-1)^parity(v & m)`.
fn walsh_hadamard(x: &mut [i64]) {
    let mut h = 1;
    while h < x.len() {
        for block in x.chunks_mut(2 * h) {
            let (a, b) = block.split_at_mut(h);
            for (u, w) in a.iter_mut().zip(b.iter_mut()) {
                let (s, d) = (*u + *w, *u - *w);
                *u = s;
                *w = d;
            }
        }
        h *= 2;
    }
}

/// All-but subtraction games: the moves from n reach every heap below n except `n - e` for
/// the excluded amounts `e`. The values of heaps below `n - max(e)` all count; they are kept as
/// a table of values seen with its mex, so each heap costs about `max(e)` steps.
fn allbut_sequence(excluded: &[u32], upto: usize, progress: &dyn Progress) -> Vec<u32> {
    progress.phase("nim values", Some(upto as u64 + 1));
    let reach = excluded.last().map_or(0, |&e| e as usize);
    let mut g: Vec<u32> = Vec::with_capacity(upto + 1);
    g.push(0);
    // Values of heaps 0..seen_upto; `floor` is the least value not among them.
    let mut seen = vec![false; upto + 2];
    let mut seen_upto = 0;
    let mut floor = 0usize;
    let mut near = vec![usize::MAX; upto + 2];
    for n in 1..=upto {
        while seen_upto + reach < n {
            seen[g[seen_upto] as usize] = true;
            seen_upto += 1;
            while seen[floor] {
                floor += 1;
            }
        }
        // Heaps seen_upto..n: allowed unless the amount removed is excluded.
        for j in seen_upto..n {
            if excluded.binary_search(&((n - j) as u32)).is_err() {
                near[g[j] as usize] = n;
            }
        }
        let mut v = floor;
        while seen[v] || near[v] == n {
            v += 1;
        }
        g.push(v as u32);
        if n % BATCH == 0 {
            progress.advance(BATCH as u64);
            if progress.cancelled() {
                break;
            }
        }
    }
    progress.advance((upto % BATCH) as u64 + 1);
    g
}

/// The nim values G(0..=upto) by the quadratic method: every move's value is marked in a bit
/// set and the mex read off. For moves leaving three heaps, the set of values of two heaps
/// with total `m` is kept for every `m`.
pub fn quadratic_sequence(rules: &Ruleset, upto: usize, progress: &dyn Progress) -> Vec<u32> {
    assert!(upto <= MAX_UPTO, "upto {upto} is larger than {MAX_UPTO}");
    progress.phase("nim values", Some(upto as u64 + 1));
    let (digits, unequal): (Vec<u8>, bool) = match rules {
        Ruleset::Octal(digits) => (digits.clone(), false),
        Ruleset::Subtraction(set) => {
            let mut digits = vec![0u8; *set.last().expect("a non-empty set") as usize + 1];
            for &s in set {
                digits[s as usize] = LEAVE_NONE | LEAVE_ONE;
            }
            (digits, false)
        }
        Ruleset::Grundy => (vec![LEAVE_TWO], true),
        Ruleset::AllBut(_) => (Vec::new(), false),
    };
    let triples = digits.iter().any(|d| d & LEAVE_THREE != 0);
    let mut g: Vec<u32> = Vec::with_capacity(upto + 1);
    g.push(0);
    let mut seen: Vec<u64> = vec![0; 1];
    // pairs[m]: the values of two non-empty heaps with m tokens in all (three-heap games only).
    let mut pairs: Vec<Vec<u64>> = if triples { vec![Vec::new()] } else { Vec::new() };
    let mut max_value = 0u32;
    for n in 1..=upto {
        seen.iter_mut().for_each(|w| *w = 0);
        let mut mark = |v: u32| seen[(v >> 6) as usize] |= 1 << (v & 63);
        if let Ruleset::AllBut(excluded) = rules {
            for (j, &value) in g.iter().enumerate() {
                if excluded.binary_search(&((n - j) as u32)).is_err() {
                    mark(value);
                }
            }
        }
        if triples {
            pairs.push(pair_values(&g, n));
        }
        for (k, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if d & LEAVE_NONE != 0 && k >= 1 && rest == 0 {
                mark(0);
            }
            if d & LEAVE_ONE != 0 && k >= 1 && rest >= 1 {
                mark(g[rest]);
            }
            if d & LEAVE_TWO != 0 {
                let last = if unequal { rest.saturating_sub(1) / 2 } else { rest / 2 };
                for a in 1..=last {
                    mark(g[a] ^ g[rest - a]);
                }
            }
            if d & LEAVE_THREE != 0 && rest >= 3 {
                // Heaps a + (two heaps with rest - a tokens), grouped by the value of a.
                let mut by_value: Vec<Vec<u64>> = vec![Vec::new(); max_value as usize + 1];
                for a in 1..=rest - 2 {
                    let union = &mut by_value[g[a] as usize];
                    let set = &pairs[rest - a];
                    if union.len() < set.len() {
                        union.resize(set.len(), 0);
                    }
                    union.iter_mut().zip(set).for_each(|(u, s)| *u |= s);
                }
                for (x, union) in by_value.iter().enumerate() {
                    for (w, &word) in union.iter().enumerate() {
                        let mut word = word;
                        while word != 0 {
                            let v = (w as u32) << 6 | word.trailing_zeros();
                            mark(v ^ x as u32);
                            word &= word - 1;
                        }
                    }
                }
            }
        }
        let v = mex_of_bits(&seen);
        g.push(v);
        if v > max_value {
            max_value = v;
            let words = ((v as usize + 1).next_power_of_two() * 2).div_ceil(64);
            if words > seen.len() {
                seen.resize(words, 0);
            }
        }
        if n % BATCH == 0 {
            progress.advance(BATCH as u64);
            if progress.cancelled() {
                break;
            }
        }
    }
    progress.advance((upto % BATCH) as u64 + 1);
    g
}

/// The set of `g[a] ^ g[m - a]` for `1 <= a <= m - a`, as bits.
fn pair_values(g: &[u32], m: usize) -> Vec<u64> {
    let mut set: Vec<u64> = Vec::new();
    for a in 1..=m / 2 {
        let v = g[a] ^ g[m - a];
        let w = (v >> 6) as usize;
        if w >= set.len() {
            set.resize(w + 1, 0);
        }
        set[w] |= 1 << (v & 63);
    }
    set
}

/// The least value whose bit is clear.
fn mex_of_bits(bits: &[u64]) -> u32 {
    for (w, &word) in bits.iter().enumerate() {
        if word != u64::MAX {
            return (w as u32) << 6 | (!word).trailing_zeros();
        }
    }
    (bits.len() as u32) << 6
}

/// The nim values G(0..=upto) straight from [`Ruleset::options`]: the mex of the XORs of the
/// values of the heaps each move leaves. Slow (it lists every move); for tests.
pub fn definition_sequence(rules: &Ruleset, upto: u32) -> Vec<u32> {
    let mut g: Vec<u32> = vec![0];
    for n in 1..=upto {
        let values: Vec<u32> =
            rules.options(n).iter().map(|heaps| heaps.iter().fold(0, |x, &h| x ^ g[h as usize])).collect();
        g.push(nimber_engine::solve::grundy::mex(&values));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::Silent;

    fn rules(code: &str) -> Ruleset {
        Ruleset::parse(code).unwrap()
    }

    #[test]
    fn kayles_start() {
        // Winning Ways, ch. 4: Kayles 0.77.
        let g = nim_sequence(&rules("0.77"), 23, &Silent);
        assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]);
    }

    #[test]
    fn marks_and_scans_give_the_same_values() {
        // Marking the pairs with a rare heap whenever some heap is common, and never: both
        // equal the quadratic method, for games split by value (Kayles, 0.16, Grundy's game)
        // and by value and position (Dawson's Kayles, 0.137).
        let mut heaps = 0;
        for code in ["0.77", "0.16", "grundy", "0.07", "0.137", "4.07"] {
            let r = rules(code);
            let want = quadratic_sequence(&r, 3000, &Silent);
            for ratio in [1, 0] {
                let mut engine = Sparse::new(Moves::of(&r).unwrap(), 3000);
                engine.mark_ratio = ratio;
                let got = engine.run(3000, &Silent);
                assert_eq!(got, want, "{code} ratio {ratio}");
                if ratio == 1 {
                    assert!(engine.stats.marked_heaps > 2000, "{code}: {:?}", engine.stats);
                } else {
                    assert_eq!(engine.stats.marked_heaps, 0);
                }
                heaps += got.len();
            }
        }
        assert_eq!(heaps, 6 * 2 * 3001);
    }

    #[test]
    fn narrow_copies_widen_with_the_values() {
        // Values crossing 8 and 16 bits: the scans agree with a plain loop throughout.
        let moves = Moves { singles: Vec::new(), splits: vec![0, 3], unequal: false };
        let values: Vec<u32> = (0..400u32).map(|i| (i * 37 + i * i) % 70_000 * (i / 150) + i % 5).collect();
        let mut pairs = Pairs::new(values.len() - 1);
        let mut kinds = Vec::new();
        for n in 1..values.len() {
            pairs.push(n, values[n]);
            kinds.push(match pairs.store {
                Store::Bytes(..) => 8,
                Store::Halves(..) => 16,
                Store::Wide => 32,
            });
            let g = &values[..=n];
            for v in [values[n] ^ values[1], values[n / 2] ^ values[n - n / 2], 3, 70_001] {
                let plain = [0usize, 3].iter().filter(|&&k| n + 1 >= k + 2).any(|&k| {
                    (1..=(n + 1 - k) / 2).any(|a| g.get(n + 1 - k - a).is_some_and(|&b| values[a] ^ b == v))
                });
                assert_eq!(pairs.some_pair_gives(&moves, g, n + 1, v), plain, "n={n} v={v}");
            }
        }
        assert!(kinds.contains(&8) && kinds.contains(&16) && kinds.contains(&32), "{kinds:?}");
    }

    #[test]
    fn walsh_hadamard_counts_parities() {
        let mut x = vec![3i64, 1, 4, 1, 5, 9, 2, 6];
        let original = x.clone();
        walsh_hadamard(&mut x);
        for (m, &transformed) in x.iter().enumerate() {
            let direct: i64 = (0..8)
                .map(
                    |v: usize| {
                        if (v & m).count_ones().is_multiple_of(2) {
                            original[v]
                        } else {
                            -original[v]
                        }
                    },
                )
                .sum();
            assert_eq!(transformed, direct);
        }
    }

    #[test]
    fn pair_scan_matches_a_plain_loop() {
        let g: Vec<u32> = (0..200u32).map(|i| (i * 7 + i / 3) % 11).collect();
        let mut checked = 0;
        for s in 2..200 {
            for v in 0..16 {
                for unequal in [false, true] {
                    let last = if unequal { (s - 1) / 2 } else { s / 2 };
                    let plain = (1..=last).any(|a| g[a] ^ g[s - a] == v);
                    assert_eq!(pair_with_xor(&g, s, v, unequal), plain, "s={s} v={v}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 198 * 32);
    }
}
