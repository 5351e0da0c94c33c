//! Connect Four's own exact search ([`Search`]): the rules of `mod.rs` on bare bitboards, with
//! the classic prunings of the Connect Four solvers (Allis, Tromp, Pons), so that a position
//! of the 7x6 board is proven in minutes rather than never.
//!
//! - **Scores.** A position scores, for the player to move, `K - s` where `s` is the number of
//!   stones the winner has when the game ends and `K` one more than the most stones a player
//!   can have (`ceil(w h / 2) + 1`: 22 on the 7x6 board), negative when the player to move
//!   loses, 0 for a tie. Within one position's search this is the remoteness in other words
//!   (the winner hurries, the loser delays); negamax needs no shift from ply to ply.
//! - **Invariant.** The player to move in the recursive search cannot win with the next stone
//!   (the root checks it; every move searched leaves the opponent no immediate win). So the
//!   score lies between the opponent winning with their second stone from now and the mover
//!   winning with theirs, bounds that prune before any move is made.
//! - **Moves that lose at once are not searched**: a move under a cell where the opponent
//!   would complete four, or any move but the block when the opponent threatens to win (two
//!   such threats lose outright). The remaining moves are tried by how many cells they make
//!   where the mover would complete four (the most first), then from the centre out; the
//!   move that was best in an earlier visit (kept in the table) goes first.
//! - **The table** keeps, in buckets of four 8-byte entries, a lower and an upper bound on the
//!   score of a position, its best move and its number of stones (the replacement keeps the
//!   positions with fewer stones, whose searches cost more). A board and its mirror image share
//!   an entry (their scores are equal). A position's key is Tromp's (`mine + all + bottom`,
//!   unique on the board), mixed by a bijection (a multiplication modulo a power of two); the
//!   mixed key's top bits number the bucket and the entry keeps the others, so that no two
//!   positions ever share an entry's identity.
//! - **The value** comes from null-window searches that halve the interval of possible scores
//!   (first asking whether the score is positive, then narrowing), each leaving its bounds in
//!   the table for the next.
//! - **Threads** (shared table, simplified ABDADA): a search that outlasts a first budget of
//!   positions is run again by every thread at once, all sharing the table (entries are single
//!   atomic words, each naming its position, so a race loses an entry at worst, never mixes
//!   two). A thread marks the large positions it is searching, and the others search the moves
//!   into marked positions last, so that the threads spread over the tree instead of following
//!   one another. The first thread's answer is the answer, every thread's entries are proven
//!   bounds: the value does not depend on the number of threads.
//!
//! Every answer is checked against the engine's search over the rules and against the strong
//! solution on small boards (`tests/suite/search.rs`).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use nimber_engine::solve::search::{SearchOptions, Searched};
use nimber_engine::{Error, Progress, Search, Searcher, Value};

use super::{Board, ConnectFour};

/// Entries in a bucket of the table (32 bytes).
const BUCKET: usize = 4;

/// The bits of an entry that identify its position (the mixed key below the bucket's number).
const CHECK_BITS: u32 = 37;

/// The smallest table the searcher makes.
const MIN_TABLE_BYTES: u64 = 64 << 10;

/// Stand-ins for no bound in an entry (the scores lie well within them).
const NO_LOWER: i32 = -64;
const NO_UPPER: i32 = 63;

/// How often (in positions searched) the search asks whether it should stop.
const POLL: u64 = 1 << 20;

impl Search<Board> for ConnectFour {
    fn searcher(&self, options: &SearchOptions) -> Result<Box<dyn Searcher<Board> + '_>, Error> {
        Ok(Box::new(Solver::new(self, options)?))
    }
}

/// The transposition table (see the module's documentation). An entry, from the low bits: the
/// position's stones plus one (7 bits, 0 for an empty entry), the lower bound and the upper
/// bound plus 64 (7 bits each), the best move's column plus one (6 bits, 0 for none), the
/// check (37 bits).
struct Table {
    /// The entries, from `base` on (the first bucket starts on a multiple of 32 bytes, so that
    /// no bucket straddles two cache lines).
    entries: Vec<AtomicU64>,
    base: usize,
    /// The bits of a key (`w (h + 1)`) and of a bucket's number (a power of two buckets).
    key_bits: u32,
    bucket_bits: u32,
    used: AtomicUsize,
}

/// What an entry says of a position.
struct Known {
    lower: i32,
    upper: i32,
    best: Option<u32>,
}

impl Known {
    /// Whether the entry `e` is the position whose check is `check`.
    #[inline]
    fn holds(e: u64, check: u64) -> bool {
        e & 0x7f != 0 && e >> 27 == check
    }

    /// The bounds and best move of the entry `e`.
    #[inline]
    fn of(e: u64) -> Known {
        Known {
            lower: ((e >> 7) & 0x7f) as i32 - 64,
            upper: ((e >> 14) & 0x7f) as i32 - 64,
            best: (((e >> 21) & 0x3f) as u32).checked_sub(1),
        }
    }
}

/// An odd multiplier: multiplying by it modulo `2^key_bits` is a bijection of the keys whose
/// top bits depend on every bit of the key.
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

impl Table {
    /// A table in at most `bytes` (a power of two buckets) for keys below `2^key_bits`.
    fn new(bytes: u64, key_bits: u32, what: &str) -> Result<Table, Error> {
        let bucket_bytes = (BUCKET * 8) as u64;
        // A key's bits beyond its bucket's number must fit the check.
        let least = ((1u64 << key_bits.saturating_sub(CHECK_BITS)) * bucket_bytes).max(MIN_TABLE_BYTES);
        if bytes < least {
            return Err(Error::Param(format!(
                "a transposition table of {} is too small for {what}: give it at least {}",
                nimber_engine::memory::describe_bytes(bytes),
                nimber_engine::memory::describe_bytes(least)
            )));
        }
        let bucket_bits = (bytes / bucket_bytes).ilog2().min(key_bits);
        let too_large = || {
            Error::TooLarge(format!(
                "cannot allocate a transposition table of {}",
                nimber_engine::memory::describe_bytes(bytes)
            ))
        };
        let len = usize::try_from((1u64 << bucket_bits) * BUCKET as u64).map_err(|_| too_large())?;
        let entries = nimber_engine::memory::try_zeroed_atomics(len + BUCKET).ok_or_else(too_large)?;
        let base = entries.as_ptr().align_offset(BUCKET * 8).min(BUCKET);
        Ok(Table { entries, base, key_bits, bucket_bits, used: AtomicUsize::new(0) })
    }

    /// A key's bucket (its first entry) and check: the mixed key's top bits and the others.
    #[inline]
    fn locate(&self, key: u64) -> (&[AtomicU64], u64) {
        let spare = self.key_bits - self.bucket_bits;
        let mixed = key.wrapping_mul(MIX) & ((1u64 << self.key_bits) - 1);
        let at = self.base + (mixed >> spare) as usize * BUCKET;
        (&self.entries[at..at + BUCKET], mixed & ((1u64 << spare) - 1))
    }

    /// Brings the bucket of `key` into the cache, ahead of its use.
    #[inline]
    fn prefetch(&self, key: u64) {
        nimber_engine::memory::prefetch(&self.locate(key).0[0]);
    }

    #[inline]
    fn get(&self, key: u64) -> Option<Known> {
        let (bucket, check) = self.locate(key);
        bucket.iter().map(|e| e.load(Relaxed)).find(|&e| Known::holds(e, check)).map(Known::of)
    }

    /// Records bounds on the score of the position `key` with `stones` stones, merged with
    /// those known.
    #[inline]
    fn put(&self, key: u64, stones: u32, lower: i32, upper: i32, best: Option<u32>) {
        let (bucket, check) = self.locate(key);
        let (mut lower, mut upper) = (lower, upper);
        let mut slot = None;
        let mut seen = [0u64; BUCKET];
        for (i, e) in bucket.iter().enumerate() {
            let e = e.load(Relaxed);
            seen[i] = e;
            if Known::holds(e, check) {
                let known = Known::of(e);
                lower = lower.max(known.lower);
                upper = upper.min(known.upper);
                slot = Some(i);
                break;
            }
        }
        // The entry of the position, else an empty one, else the one with the most stones (the
        // cheapest to search again).
        let empty = slot.is_none().then(|| seen.iter().position(|&e| e & 0x7f == 0)).flatten();
        let i = slot
            .or(empty)
            .unwrap_or_else(|| (0..BUCKET).max_by_key(|&i| (seen[i] & 0x7f, usize::MAX - i)).unwrap_or(0));
        let best = best.map_or(0, |c| c as u64 + 1);
        let entry = (stones as u64 + 1)
            | ((lower + 64) as u64) << 7
            | ((upper + 64) as u64) << 14
            | best << 21
            | check << 27;
        match empty {
            // Counted once when threads race to fill the same empty entry.
            Some(i) if bucket[i].compare_exchange(seen[i], entry, Relaxed, Relaxed).is_ok() => {
                self.used.fetch_add(1, Relaxed);
            }
            _ => bucket[i].store(entry, Relaxed),
        }
    }
}

/// The board's geometry, shared by the threads.
struct Shape {
    w: u32,
    h1: u32,
    bottom: u64,
    cells: u64,
    /// The cells of every column.
    column: Vec<u64>,
    /// The columns from the centre out.
    order: Vec<u32>,
    /// `K`: one more than the most stones a player can have.
    top: i32,
    /// The number of cells.
    size: u32,
}

impl Shape {
    /// The empty cells where the stones `p` would complete four.
    #[inline]
    fn winning(&self, p: u64, mask: u64) -> u64 {
        let mut r = (p << 1) & (p << 2) & (p << 3);
        if self.w >= 4 {
            // Here h + 1 <= 15 (w (h + 1) <= 63), so no shift reaches 64.
            for s in [self.h1, self.h1 - 1, self.h1 + 1] {
                let t = (p << s) & (p << (2 * s));
                r |= t & (p << (3 * s));
                r |= t & (p >> s);
                let t = (p >> s) & (p >> (2 * s));
                r |= t & (p << s);
                r |= t & (p >> (3 * s));
            }
        }
        r & (self.cells ^ mask)
    }

    /// The mirror image of a key or a set of stones (each column's bits moved, whole).
    #[inline]
    fn mirror(&self, key: u64) -> u64 {
        let col = (1u64 << self.h1) - 1;
        let mut out = 0;
        for c in 0..self.w {
            out |= ((key >> (c * self.h1)) & col) << ((self.w - 1 - c) * self.h1);
        }
        out
    }

    /// The key of the position `(pos, mask)` whose mirror image is `mirror`: the smaller of
    /// their Tromp keys, and whether it is the mirror's.
    #[inline]
    fn key(&self, pos: u64, mask: u64, mirror: (u64, u64)) -> (u64, bool) {
        let key = pos + mask + self.bottom;
        let mirrored = mirror.0 + mirror.1 + self.bottom;
        if mirrored < key {
            (mirrored, true)
        } else {
            (key, false)
        }
    }

    /// The position after the stone `mv` in column `c`, from the side of the opponent (whose
    /// stones are `opp`): their stones, all stones, and the mirror image of both (where the
    /// position before has the mirror image `mirror`).
    #[inline]
    fn play(&self, opp: u64, mask: u64, mirror: (u64, u64), c: u32, mv: u64) -> (u64, u64, (u64, u64)) {
        // Column c's bits move, whole, to column w - 1 - c (a mirror moves no bit between rows).
        let seen = (mv >> (c * self.h1)) << ((self.w - 1 - c) * self.h1);
        (opp, mask | mv, (mirror.0 ^ mirror.1, mirror.1 | seen))
    }

    /// The score when the opponent (who has `n - n / 2` of the `n` stones) wins with the next.
    #[inline]
    fn lose_next(&self, n: u32) -> i32 {
        -(self.top - (n - n / 2) as i32 - 1)
    }
}

/// One thread's search: its counters, and the flag that stops it.
struct Worker<'s> {
    shape: &'s Shape,
    table: &'s Table,
    /// The positions that threads are searching now (empty on one thread): see [`Busy`].
    busy: &'s [AtomicU64],
    /// Whether this thread searches the moves into busy positions last (the helpers do; the
    /// first thread keeps its order, which is the best guess of the cheapest proof).
    defers: bool,
    nodes: u64,
    /// Positions still to search before the thread looks at `stop` and at the user.
    budget: u64,
    /// For the first thread: a limit of positions, after which it gives up (`out_of_budget`).
    limit: Option<u64>,
    out_of_budget: bool,
    stop: &'s AtomicBool,
    progress: Option<&'s dyn Progress>,
}

impl Worker<'_> {
    /// Whether the search must end now (the user stopped it, the first thread is done, or the
    /// limit of positions is reached); checked every [`POLL`] positions.
    #[cold]
    fn must_stop(&mut self) -> bool {
        self.budget = POLL;
        if let Some(limit) = self.limit {
            if self.nodes >= limit {
                self.out_of_budget = true;
                self.stop.store(true, Relaxed);
            }
        }
        if let Some(progress) = self.progress {
            // The first thread's positions (the helpers report none).
            progress.advance(POLL);
            if progress.cancelled() {
                self.stop.store(true, Relaxed);
            }
        }
        self.stop.load(Relaxed)
    }

    /// Fail-soft alpha-beta on the score of the position where the player to move has the
    /// stones `pos` of the `n` stones `mask`, and cannot win with the next stone; `mirror` is
    /// the same position seen in a mirror (kept along, rather than computed at every node).
    /// Returns 0, meaning nothing, once the search is stopped; stores nothing then.
    fn negamax(
        &mut self,
        pos: u64,
        mask: u64,
        mirror: (u64, u64),
        n: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let g = self.shape;
        self.nodes += 1;
        self.budget -= 1;
        if self.budget == 0 && self.must_stop() {
            return 0;
        }
        let opp = pos ^ mask;
        let possible = (mask + g.bottom) & g.cells;
        let threats = g.winning(opp, mask);
        let mut moves = possible;
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return g.lose_next(n);
            }
            moves = forced;
        }
        moves &= !(threats >> 1);
        if moves == 0 {
            return g.lose_next(n);
        }
        if n + 2 >= g.size {
            // The mover plays, then the opponent, who cannot win with it: a tie.
            return 0;
        }
        let (mine, theirs) = ((n / 2) as i32, (n - n / 2) as i32);
        let mut lower = -(g.top - theirs - 2);
        let mut upper = g.top - mine - 2;
        let (key, flip) = g.key(pos, mask, mirror);
        let mut hint = None;
        if let Some(known) = self.table.get(key) {
            lower = lower.max(known.lower);
            upper = upper.min(known.upper);
            hint = known.best.map(|c| if flip { g.w - 1 - c } else { c });
        }
        if lower >= beta || lower == upper {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        let window = (alpha, beta);

        // The moves, the most threats made first, ties from the centre out; the table's best
        // move first. Each move as its rank (threats made, plus 64 for the table's move) above
        // its column.
        let mut list = [0u32; 32];
        let mut len = 0;
        for &c in &g.order {
            let mv = moves & g.column[c as usize];
            if mv == 0 {
                continue;
            }
            // The child's entry is wanted soon: its bucket is fetched while the others are sorted.
            let child = g.play(opp, mask, mirror, c, mv);
            self.table.prefetch(g.key(child.0, child.1, child.2).0);
            let made = g.winning(pos | mv, mask | mv).count_ones() + if hint == Some(c) { 64 } else { 0 };
            let ranked = made << 8 | c;
            let mut i = len;
            while i > 0 && list[i - 1] >> 8 < made {
                list[i] = list[i - 1];
                i -= 1;
            }
            list[i] = ranked;
            len += 1;
        }
        let column = |r: u32| (r & 0xff, moves & g.column[(r & 0xff) as usize]);
        if n + ETC_LEFT < g.size {
            // Enhanced transposition cutoff: a move known to reach a position whose score is
            // at most -beta (for the opponent) ends the search before any move is searched.
            for (c, mv) in list[..len].iter().map(|&r| column(r)) {
                let (pos, mask, mirror) = g.play(opp, mask, mirror, c, mv);
                if let Some(known) = self.table.get(g.key(pos, mask, mirror).0) {
                    if -known.upper >= beta {
                        return -known.upper;
                    }
                }
            }
        }
        // With several threads, a helper searches the moves into positions another thread is
        // searching last (the first move always first): the threads spread over the tree.
        let shared = !self.busy.is_empty() && n + BUSY_LEFT < g.size;
        let busy = Busy::mark(self.busy, key, shared);
        let mut best = i32::MIN;
        let mut best_move = None;
        let mut deferred = 0u32;
        'passes: for pass in 0..2 {
            for (j, (c, mv)) in list[..len].iter().map(|&r| column(r)).enumerate() {
                if pass == 1 && deferred & 1 << j == 0 {
                    continue;
                }
                let (pos, mask, mirror) = g.play(opp, mask, mirror, c, mv);
                if pass == 0
                    && shared
                    && self.defers
                    && j > 0
                    && Busy::is_busy(self.busy, g.key(pos, mask, mirror).0)
                {
                    deferred |= 1 << j;
                    continue;
                }
                let s = -self.negamax(pos, mask, mirror, n + 1, -beta, -alpha);
                if self.stop.load(Relaxed) {
                    return 0;
                }
                if s > best {
                    best = s;
                    best_move = Some(c);
                    if s > alpha {
                        alpha = s;
                        if alpha >= beta {
                            break 'passes;
                        }
                    }
                }
            }
            if deferred == 0 {
                break;
            }
        }
        drop(busy);
        let (lo, hi) = if best <= window.0 {
            (NO_LOWER, best)
        } else if best >= window.1 {
            (best, NO_UPPER)
        } else {
            (best, best)
        };
        // A move that failed low is no better than the others: no hint then.
        let stored = best_move.filter(|_| best > window.0).map(|c| if flip { g.w - 1 - c } else { c });
        self.table.put(key, n, lo, hi, stored);
        best
    }
}

/// The searcher: the game (its rules end the positions searched from), the board's geometry,
/// the table, the threads.
struct Solver<'g> {
    game: &'g ConnectFour,
    shape: Shape,
    table: Table,
    /// The positions the threads are searching, by a hash of their key ([`BUSY_BITS`]).
    busy: Vec<AtomicU64>,
    remoteness: bool,
    threads: usize,
    nodes: u64,
}

/// The positions being searched are kept in `2^BUSY_BITS` words (512 KiB), by a hash.
const BUSY_BITS: u32 = 16;

/// Only positions with more than this many cells empty are marked as being searched (below,
/// their searches are too short to be worth sharing).
const BUSY_LEFT: u32 = 12;

/// A position marked as being searched by one thread, until dropped (a simplified ABDADA,
/// Weill 1996): other threads put the moves into it last. A hint only: two positions may share
/// a word, and a word may be overwritten; no value depends on it.
struct Busy<'s> {
    word: Option<(&'s AtomicU64, u64)>,
}

impl<'s> Busy<'s> {
    #[inline]
    fn slot(busy: &[AtomicU64], key: u64) -> &AtomicU64 {
        &busy[(key.wrapping_mul(MIX) >> (64 - BUSY_BITS)) as usize]
    }

    /// Marks the position `key` (when `shared`) until the mark is dropped.
    #[inline]
    fn mark(busy: &'s [AtomicU64], key: u64, shared: bool) -> Busy<'s> {
        let word = shared.then(|| {
            let word = Busy::slot(busy, key);
            word.store(key, Relaxed);
            (word, key)
        });
        Busy { word }
    }

    /// Whether some thread is searching the position `key`.
    #[inline]
    fn is_busy(busy: &[AtomicU64], key: u64) -> bool {
        Busy::slot(busy, key).load(Relaxed) == key
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        if let Some((word, key)) = self.word {
            // Unless another position took the word meanwhile.
            let _ = word.compare_exchange(key, 0, Relaxed, Relaxed);
        }
    }
}

/// Enhanced transposition cutoffs are looked for at positions with more than this many cells
/// empty (nearer the end, the probes cost more than the searches they save).
const ETC_LEFT: u32 = 14;

/// Positions a window's search runs on one thread before the other threads join it.
const ALONE: u64 = 1 << 16;

impl<'g> Solver<'g> {
    fn new(game: &'g ConnectFour, options: &SearchOptions) -> Result<Solver<'g>, Error> {
        let (w, h) = game.dims();
        let h1 = h + 1;
        let what = format!("Connect Four {w} wide and {h} high");
        let table = Table::new(options.table_bytes, w * h1, &what)?;
        let column = (0..w).map(|c| ((1u64 << h) - 1) << (c * h1)).collect();
        // The centre first, then outwards, the left before the right.
        let mut order: Vec<u32> = (0..w).collect();
        order.sort_by_key(|&c| ((2 * c as i64 - (w as i64 - 1)).abs(), c));
        let size = w * h;
        let shape = Shape {
            w,
            h1,
            bottom: game.bottom,
            cells: game.cells,
            column,
            order,
            top: size.div_ceil(2) as i32 + 1,
            size,
        };
        let threads = match options.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        Ok(Solver {
            game,
            shape,
            table,
            busy: (0..1 << BUSY_BITS).map(|_| AtomicU64::new(0)).collect(),
            remoteness: options.remoteness,
            threads: threads.max(1),
            nodes: 0,
        })
    }

    /// A thread's search over the solver's table.
    fn worker<'s>(
        &'s self,
        limit: Option<u64>,
        stop: &'s AtomicBool,
        progress: Option<&'s dyn Progress>,
    ) -> Worker<'s> {
        Worker {
            shape: &self.shape,
            table: &self.table,
            busy: if self.threads > 1 { &self.busy } else { &[] },
            defers: progress.is_none(),
            nodes: 0,
            budget: limit.map_or(POLL, |l| l.clamp(1, POLL)),
            limit,
            out_of_budget: false,
            stop,
            progress,
        }
    }

    /// One window's search, `None` when the user stopped it: on one thread for [`ALONE`]
    /// positions, then (when unfinished) on every thread, over the table the first left.
    fn window(&mut self, pos: u64, mask: u64, n: u32, alpha: i32, progress: &dyn Progress) -> Option<i32> {
        if progress.cancelled() {
            return None;
        }
        let stop = AtomicBool::new(false);
        let mirror = (self.shape.mirror(pos), self.shape.mirror(mask));
        let limit = (self.threads > 1).then_some(ALONE);
        let mut first = self.worker(limit, &stop, Some(progress));
        let r = first.negamax(pos, mask, mirror, n, alpha, alpha + 1);
        let mut nodes = first.nodes;
        let result = if !stop.load(Relaxed) {
            Some(r)
        } else if !first.out_of_budget {
            None
        } else {
            stop.store(false, Relaxed);
            let (r, helped) = std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..self.threads)
                    .map(|_| {
                        let mut helper = self.worker(None, &stop, None);
                        let stop = &stop;
                        scope.spawn(move || {
                            // Helpers search until the first thread is done.
                            while !stop.load(Relaxed) {
                                helper.negamax(pos, mask, mirror, n, alpha, alpha + 1);
                            }
                            helper.nodes
                        })
                    })
                    .collect();
                let mut first = self.worker(None, &stop, Some(progress));
                let r = first.negamax(pos, mask, mirror, n, alpha, alpha + 1);
                let stopped = stop.swap(true, Relaxed);
                let helped: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
                ((!stopped).then_some(r), first.nodes + helped)
            });
            nodes += helped;
            r
        };
        self.nodes += nodes;
        result
    }

    /// The score of a position whose player to move cannot win at once: the value only
    /// (`exact` false: 1, 0 or -1), or the exact score; when stopped, the least and the most
    /// it was proven to be by then.
    fn score(
        &mut self,
        pos: u64,
        mask: u64,
        n: u32,
        exact: bool,
        progress: &dyn Progress,
    ) -> Result<i32, (i32, i32)> {
        // The bounds known before any search: no win with the next stone, for either side.
        let (mut lo, mut hi) = (self.shape.lose_next(n), self.shape.top - (n / 2) as i32 - 2);
        let win = self.window(pos, mask, n, 0, progress).ok_or((lo, hi))?;
        if win >= 1 {
            if !exact {
                return Ok(1);
            }
            lo = win;
        } else {
            hi = win.min(hi);
            progress.phase("searching: is it a loss?", None);
            let lose = self.window(pos, mask, n, -1, progress).ok_or((lo, hi))?;
            if lose >= 0 {
                return Ok(0);
            }
            if !exact {
                return Ok(-1);
            }
            hi = lose;
        }
        while lo < hi {
            // The middle, tried nearer zero (where short wins and losses are cheap to refute).
            let mut med = lo + (hi - lo).div_euclid(2);
            if med <= 0 && lo.div_euclid(2) < med {
                med = lo.div_euclid(2);
            } else if med >= 0 && hi / 2 > med {
                med = hi / 2;
            }
            progress.phase(&format!("searching: the score, between {lo} and {hi}"), None);
            let r = self.window(pos, mask, n, med, progress).ok_or((lo, hi))?;
            if r <= med {
                hi = r;
            } else {
                lo = r;
            }
        }
        Ok(lo)
    }
}

/// What a search stopped with the score between `lo` and `hi` had proven, labelled as a bound;
/// `None` when it had proven neither a win, a loss nor a tie's side of the value.
fn proven(lo: i32, hi: i32) -> Option<String> {
    let side = if lo >= 1 {
        "a win"
    } else if hi <= -1 {
        "a loss"
    } else if lo >= 0 {
        "a win or a tie"
    } else if hi <= 0 {
        "a loss or a tie"
    } else {
        return None;
    };
    Some(format!("{side}, its score between {lo} and {hi} (a bound, not the value)"))
}

impl Searcher<Board> for Solver<'_> {
    fn search(&mut self, board: &Board, progress: &dyn Progress) -> Result<Searched, Error> {
        let before = self.nodes;
        let g = &self.shape;
        let (pos, mask) = (board.mine, board.all);
        let n = mask.count_ones();
        let (mine, theirs) = ((n / 2) as i32, (n - n / 2) as i32);
        let possible = (mask + g.bottom) & g.cells;
        let (score, exact) = if self.game.four(mask ^ pos) {
            // The last stone made four: lost, the winner's stones on the board.
            (-(g.top - theirs), true)
        } else if mask == g.cells {
            (0, true)
        } else if g.winning(pos, mask) & possible != 0 {
            (g.top - mine - 1, true)
        } else {
            progress.phase("searching: is it a win?", None);
            let s = match self.score(pos, mask, n, self.remoteness, progress) {
                Ok(s) => s,
                Err((lo, hi)) => return Err(Error::Cancelled { checkpoint: None, proven: proven(lo, hi) }),
            };
            // Without remoteness the score is only its sign (a tie's 0 is exact).
            (s, self.remoteness || s == 0)
        };
        let top = self.shape.top;
        let (value, plies) = match score.signum() {
            1 => (Value::Win, 2 * ((top - score) - mine) - 1),
            -1 => (Value::Lose, 2 * ((top + score) - theirs)),
            _ => (Value::Tie, 0),
        };
        let remoteness = (self.remoteness && score != 0).then_some(plies as u32);
        Ok(Searched {
            value,
            remoteness,
            score: exact.then_some(score),
            nodes: self.nodes - before,
            probed: 0,
            table_used: self.table.used.load(Relaxed),
            table_entries: self.table.entries.len() - BUCKET,
        })
    }
}
