//! Berzerk (Codeforces 786A / 787C): the monster on a circle, the game
//! [`nimber_games::berzerk`].
//!
//! The write-up's technique: retrograde analysis on the 2n states (whose turn, object). The two
//! states with the monster in the black hole are lost for the player to move (the other player
//! moved it in). A predecessor of a lost state is won; a predecessor of a won state has one
//! undecided move fewer, and when none is left it is lost; what is never decided is a loop.
//! Each state is decided once and then visits its predecessors, O(n (k1 + k2)).
//!
//! Made fast (the values are the same; the order of decisions may differ a little):
//!
//! - A lost state's predecessors are the rotation of the other player's step set; they are found
//!   a 64-bit word at a time as a shifted window of a doubled bitset, ANDed with the undecided
//!   states, over only the words the steps can reach (for a small step set the steps are walked
//!   directly instead). Each is decided won.
//! - Instead of a counter of undecided moves, each undecided state *watches* one of its moves
//!   whose target is not known to be won (the "watched literal" of SAT solvers). Only the
//!   watchers of a newly won state look again, for another such move (a bitset scan of the steps
//!   against the not-won targets, from a pointer below which every target is won); a state that
//!   finds none is lost. The write-up's loop visits every predecessor of every won state, up to
//!   10^8 steps at n = 7000, even when the predecessor is long decided or will be a loop; a
//!   watch moves only when its target is won. The new watch is the first remaining move after a
//!   step drawn at random, so that targets won in a sweep around the circle (in step order) do
//!   not make a state look again at every move.
//!
//! No modulo is taken in the inner loops (the time of the largest inputs is in
//! `docs/measurements.md`).

use nimber_engine::Value;
use nimber_games::berzerk::{Berzerk, BerzerkPos};

use crate::input::{InputError, Tokens};
use crate::Options;

/// The largest circle (the problem's limit).
pub const MAX_N: usize = 7000;

/// The most step-set edges the exact method (the engine on the library game) accepts.
pub const MAX_EXACT_EDGES: u64 = 20_000_000;

const UNDECIDED: u8 = 0;
const WIN: u8 = 1;
const LOSE: u8 = 2;

/// How far (in words of steps) a state looks for a move to watch after a random step before it
/// settles for the first one: a bound on the work when the remaining moves are few and far.
const RANDOM_SCAN_WORDS: usize = 4;

/// No state: the end of a watch list.
const NIL: u32 = u32::MAX;

/// One player's side of the analysis: the states where that player is to move.
struct Side {
    /// The steps, distinct and increasing.
    steps: Vec<u32>,
    /// Bit `s` is set when `s` is a step (up to the word of the largest step).
    step_bits: Vec<u64>,
    /// Bit `j` (for `j < 2n`) is set when `n - (j mod n)` is a step: the state at object index
    /// `x` has a move to object index `y` of the other side exactly when bit `x - y + n` is set.
    pred_window: Vec<u64>,
    /// Bit `x` is set while the state at object index `x` is undecided.
    undecided: Vec<u64>,
    /// How many undecided states are left.
    left: usize,
    /// `UNDECIDED`, `WIN` or `LOSE` per object index (index 0 is the black hole, lost).
    result: Vec<u8>,
    /// Bit `j` (for `j < 2n`) is set while the state at object index `j mod n` is not won: the
    /// moves of the other side that may still keep their mover from losing.
    not_won: Vec<u64>,
    /// Per state, a step such that every move with a smaller step leads to a won state. Each
    /// undecided state is in the watch list of one of its moves' targets (the list of `head`
    /// and `next`) that is not known to be won; it is lost when no such move is left.
    low: Vec<u16>,
    /// First state of the other side watching a move into each state of this side.
    head: Vec<u32>,
    /// Next state in the same watch list, per state of this side.
    next: Vec<u32>,
}

impl Side {
    fn new(n: usize, steps: &[u32]) -> Side {
        let words = n.div_ceil(64);
        let mut step_bits = vec![0u64; words];
        for &s in steps {
            if s >= 1 && (s as usize) < n {
                step_bits[s as usize / 64] |= 1 << (s % 64);
            }
        }
        let steps: Vec<u32> =
            (1..n as u32).filter(|&s| step_bits[s as usize / 64] >> (s % 64) & 1 != 0).collect();
        // Words past the largest step are empty: scans stop there.
        step_bits.truncate(steps.last().map_or(0, |&s| s as usize / 64 + 1));
        let mut pred_window = vec![0u64; 2 * words + 2];
        for &s in &steps {
            for j in [n - s as usize, 2 * n - s as usize] {
                pred_window[j / 64] |= 1 << (j % 64);
            }
        }
        let mut undecided = vec![u64::MAX; words];
        undecided[0] &= !1;
        if !n.is_multiple_of(64) {
            undecided[words - 1] &= (1 << (n % 64)) - 1;
        }
        let mut not_won = vec![0u64; 2 * words + 4];
        for j in 0..2 * n {
            not_won[j / 64] |= 1 << (j % 64);
        }
        let mut result = vec![UNDECIDED; n];
        result[0] = LOSE;
        Side {
            steps,
            step_bits,
            pred_window,
            undecided,
            left: n - 1,
            result,
            not_won,
            low: vec![0; n],
            head: vec![NIL; n],
            next: vec![NIL; n],
        }
    }

    /// Records that the state at object index `x` is decided with `value`.
    #[inline(always)]
    fn decide(&mut self, x: usize, value: u8, n: usize) {
        self.result[x] = value;
        self.undecided[x / 64] &= !(1 << (x % 64));
        self.left -= 1;
        if value == WIN {
            for j in [x, x + n] {
                self.not_won[j / 64] &= !(1 << (j % 64));
            }
        }
    }
}

/// The smallest step `s >= from` of the mover's side `side` at object index `x` whose move leads
/// to a state of `children` that is not won, if any.
#[inline(always)]
fn next_watch(side: &Side, children: &Side, x: usize, from: usize) -> Option<usize> {
    next_watch_within(side, children, x, from, usize::MAX)
}

/// [`next_watch`] looking at most at `limit` words of steps.
#[inline(always)]
fn next_watch_within(side: &Side, children: &Side, x: usize, from: usize, limit: usize) -> Option<usize> {
    let words = side.step_bits.len().min((from / 64).saturating_add(limit));
    let (base, shift) = (x / 64, (x % 64) as u32);
    let mut i = from / 64;
    let mut mask = u64::MAX << (from % 64);
    while i < words {
        let lo = children.not_won[base + i];
        let open = if shift == 0 { lo } else { lo >> shift | children.not_won[base + i + 1] << (64 - shift) };
        let m = side.step_bits[i] & open & mask;
        if m != 0 {
            return Some(i * 64 + m.trailing_zeros() as usize);
        }
        mask = u64::MAX;
        i += 1;
    }
    None
}

/// A small fast pseudo-random generator (Marsaglia's xorshift64).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The value of every state of Berzerk on `n` objects (2 to [`MAX_N`]) with steps `s1` and
/// `s2`: entry `(player - 1) * n + (object - 1)` is [`Value::Win`], [`Value::Lose`] or
/// [`Value::Draw`] (the problem's `Loop`) for `player` to move with the monster on `object`
/// (object 1, the black hole, is lost). Steps outside `1..n` are ignored and duplicates count
/// once.
pub fn values(n: usize, s1: &[u32], s2: &[u32]) -> Vec<Value> {
    let codes = analyse(n, s1, s2);
    codes
        .iter()
        .map(|&c| match c {
            WIN => Value::Win,
            LOSE => Value::Lose,
            _ => Value::Draw,
        })
        .collect()
}

/// The analysis: `WIN`, `LOSE` or `UNDECIDED` (a loop) per state, player 1's states first.
fn analyse(n: usize, s1: &[u32], s2: &[u32]) -> Vec<u8> {
    let n = n.clamp(2, MAX_N);
    let words = n.div_ceil(64);
    let mut sides = [Side::new(n, s1), Side::new(n, s2)];
    // Every state watches its smallest step's move at first: nothing is won yet.
    for q in 0..2 {
        let p = 1 - q;
        let Some(&first) = sides[q].steps.first() else { continue };
        for x in 1..n {
            let mut c = x + first as usize;
            if c >= n {
                c -= n;
            }
            sides[q].low[x] = first as u16;
            sides[q].next[x] = sides[p].head[c];
            sides[p].head[c] = x as u32;
        }
    }
    let mut random = XorShift(0x9E37_79B9_7F4A_7C15);
    // Queue entries: player index in bit 16, object index below.
    const PLAYER: u32 = 1 << 16;
    let mut queue: Vec<u32> = Vec::with_capacity(2 * n);
    queue.push(0);
    queue.push(PLAYER);
    let mut head = 0;
    while head < queue.len() {
        let entry = queue[head];
        head += 1;
        let p = (entry >> 16) as usize;
        let y = (entry & (PLAYER - 1)) as usize;
        // The predecessors: the other player to move, `s` objects back for each of their steps.
        let q = 1 - p;
        let tag = (q as u32) << 16;
        let [first, second] = &mut sides;
        let (children, side) = if p == 0 { (first, second) } else { (second, first) };
        let top = side.steps.last().map_or(0, |&s| s as u64);
        if side.left == 0 {
            if children.left == 0 {
                break;
            }
            continue;
        }
        if children.result[y] == LOSE {
            // Every undecided predecessor has a winning move.
            if side.steps.len() <= 2 * words {
                for i in 0..side.steps.len() {
                    let mut x = y + n - side.steps[i] as usize;
                    if x >= n {
                        x -= n;
                    }
                    if side.result[x] == UNDECIDED {
                        side.decide(x, WIN, n);
                        queue.push(tag | x as u32);
                    }
                }
            } else {
                // The predecessors lie between `smallest` and `largest` objects back.
                let (smallest, largest) = (side.steps[0] as usize, top as usize);
                let from = if y >= largest { y - largest } else { y + n - largest };
                let span = largest - smallest + 1;
                let ranges = if from + span <= n {
                    [(from, from + span), (0, 0)]
                } else {
                    [(from, n), (0, from + span - n)]
                };
                let shift = n - y;
                let (a0, b) = (shift / 64, (shift % 64) as u32);
                for (start, end) in ranges {
                    if start == end {
                        continue;
                    }
                    for w in start / 64..=(end - 1) / 64 {
                        let open = side.undecided[w];
                        let lo = side.pred_window[a0 + w];
                        let window =
                            if b == 0 { lo } else { lo >> b | side.pred_window[a0 + w + 1] << (64 - b) };
                        let mut hits = window & open;
                        while hits != 0 {
                            let x = w * 64 + hits.trailing_zeros() as usize;
                            hits &= hits - 1;
                            side.decide(x, WIN, n);
                            queue.push(tag | x as u32);
                        }
                    }
                }
            }
        } else {
            // A won state: the predecessors watching it look for another move that is not
            // known to lose; those without one are lost.
            let mut x = std::mem::replace(&mut children.head[y], NIL);
            while x != NIL {
                let xi = x as usize;
                let following = side.next[xi];
                if side.result[xi] == UNDECIDED {
                    match next_watch(side, children, xi, side.low[xi] as usize) {
                        Some(f) => {
                            // Watch the first such move after a step drawn at random (if one
                            // is near), so that targets won in step order do not make this state
                            // look again at every move.
                            side.low[xi] = f as u16;
                            let span = top - f as u64 + 1;
                            let r = f + (((random.next() >> 32) * span) >> 32) as usize;
                            let s = if r == f {
                                f
                            } else {
                                next_watch_within(side, children, xi, r, RANDOM_SCAN_WORDS).unwrap_or(f)
                            };
                            let mut c = xi + s;
                            if c >= n {
                                c -= n;
                            }
                            side.next[xi] = children.head[c];
                            children.head[c] = x;
                        }
                        None => {
                            side.decide(xi, LOSE, n);
                            queue.push(tag | x);
                        }
                    }
                }
                x = following;
            }
        }
    }
    let mut codes = Vec::with_capacity(2 * n);
    codes.extend_from_slice(&sides[0].result);
    codes.extend_from_slice(&sides[1].result);
    codes
}

/// The problem's input: `n`, then `k1` and player 1's steps, then `k2` and player 2's steps.
struct Instance {
    n: usize,
    steps: [Vec<u32>; 2],
}

fn read(input: &str) -> Result<Instance, InputError> {
    // At most 2 n + 3 tokens are read: the rest of a huge input is left untokenized (its first
    // excess token, kept, is reported).
    let mut tokens = Tokens::at_most(input, &[], 2 * MAX_N + 4);
    if tokens.is_empty() {
        return Err(InputError::whole(
            "empty input: expected n, then k1 and player 1's steps, then k2 and player 2's steps",
        ));
    }
    let n = tokens.int("n (the number of objects)", 2, MAX_N as i64)? as usize;
    let mut steps: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut seen = vec![0u8; n];
    for (p, set) in steps.iter_mut().enumerate() {
        let player = p + 1;
        let k =
            tokens.int(&format!("k{player} (player {player}'s number of steps)"), 1, n as i64 - 1)? as usize;
        set.reserve(k);
        let what = format!("a step of player {player}");
        for _ in 0..k {
            let token = tokens.next(&what)?;
            let s = token.int(&what, 1, n as i64 - 1)? as usize;
            if seen[s] & (1 << p) != 0 {
                return Err(
                    token.error(format!("step {s} of player {player} is given twice (steps are distinct)"))
                );
            }
            seen[s] |= 1 << p;
            set.push(s as u32);
        }
    }
    tokens.finish()?;
    Ok(Instance { n, steps })
}

/// The two output lines from the values of all states (player 1's first).
fn render(n: usize, codes: &[u8]) -> String {
    let mut out = String::with_capacity(2 * n * 5);
    for p in 0..2 {
        if p == 1 {
            out.push('\n');
        }
        for x in 1..n {
            if x > 1 {
                out.push(' ');
            }
            out.push_str(match codes[p * n + x] {
                WIN => "Win",
                LOSE => "Lose",
                _ => "Loop",
            });
        }
    }
    out
}

/// Solves the problem: two lines of `Win`, `Lose` or `Loop`.
pub fn solve(input: &str, options: &Options) -> Result<String, InputError> {
    let Instance { n, steps } = read(input)?;
    let codes = if options.exact { exact(n, &steps)? } else { analyse(n, &steps[0], &steps[1]) };
    Ok(render(n, &codes))
}

/// The exact method: the engine's retrograde analysis of the library game, from every start.
fn exact(n: usize, steps: &[Vec<u32>; 2]) -> Result<Vec<u8>, InputError> {
    use nimber_engine::solve::retrograde::{self, Predecessors};
    use nimber_engine::Silent;
    let edges = n as u64 * (steps[0].len() + steps[1].len()) as u64;
    if edges > MAX_EXACT_EDGES {
        return Err(InputError::whole(format!(
            "--exact builds the whole game graph and accepts n (k1 + k2) up to {MAX_EXACT_EDGES}; this input has {edges}"
        )));
    }
    let game = Berzerk::new(n as u32, steps[0].clone(), steps[1].clone())
        .map_err(|e| InputError::whole(e.to_string()))?;
    let roots = game.open_positions();
    let solved = retrograde::solve(&game, &roots, Predecessors::Auto, &Silent)
        .map_err(|e| InputError::whole(e.to_string()))?;
    let mut codes = vec![LOSE; 2 * n];
    for player in 1..=2u8 {
        for object in 2..=n as u32 {
            let value = solved.get(&BerzerkPos { player, object }).map(|o| o.value());
            codes[(player as usize - 1) * n + object as usize - 1] = match value {
                Some(Value::Win) => WIN,
                Some(Value::Lose) => LOSE,
                _ => UNDECIDED,
            };
        }
    }
    Ok(codes)
}
