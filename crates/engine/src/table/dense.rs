//! Solving over a dense index ([`Indexed`]): no hash map anywhere.
//!
//! 1. **Reachable set.** A breadth-first search over the index from the roots marks every
//!    reachable slot in a bitset (one bit per slot; terminal positions are marked but not
//!    expanded), level by level. The index is cut into regions of 2^`REGION_BITS` slots: a
//!    level's positions are expanded (pure computation, [`SlotMoves::successor_slots`]), the slots
//!    they reach are bucketed by region, and each region then marks its slots on its own (its
//!    part of the bitset stays in cache, and no atomic operation is needed), listing the new ones
//!    that are not terminal as the next level, as 32-bit offsets in their region.
//! 2. **Compact numbering.** The bitset with a rank directory (per 512 bits, a cumulative count
//!    and the counts before each of its 8 words) and select samples numbers the reachable
//!    positions `0..count`.
//! 3. **Retrograde analysis.** `DenseSpace` is the [`RetroSpace`] of the reachable positions:
//!    move counts from [`SlotMoves::move_classes`] (moves into terminal positions won in 0 or 1
//!    are decided there, so that those terminal positions, about half of them in Dōbutsu shōgi,
//!    send no messages), predecessors from [`SlotMoves::predecessor_slots`], routed by their slot's region
//!    and looked up in the bitset only when their region applies its messages, so that no
//!    reverse graph is ever stored and every random access stays within a region. The rounds are
//!    those of [`crate::solve::retrograde`], with one state word per reachable position: a byte when the game bounds its remoteness
//!    within what a byte holds ([`word_bits`]), else 16 bits.
//!
//! Memory: `size / 8` bytes of bitset, `size / 32` of directory, 1 or 2 bytes per reachable position,
//! 2 bits per reachable position of frontier bitsets, plus one slab of messages at a time (and
//! during the search, its levels as 4-byte offsets). [`estimate`] computes it before any work, and
//! [`solve`] refuses when it exceeds the caller's limit.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::value::{Outcome, Value};
use crate::solve::exchange::{Exchange, InProcess};
use crate::solve::retrograde::{
    frontier_bytes, max_remoteness, word_outcome, Init, RetroSpace, Rounds, StateWord, MESSAGE_BYTES,
};
use crate::solve::solution::CountRow;
use crate::table::plumbing::SlotMoves;
use crate::table::Indexed;

/// Ones between two select samples.
const SELECT_STEP: u64 = 1 << 12;

/// Slots per region (as a power of two) at most: the unit in which the search marks slots and the
/// rounds route their messages. A region's bitset (512 KiB), directory and state words fit in a
/// core's L2 cache.
pub(crate) const REGION_BITS: u32 = 22;

/// A set of slots `0..size` as a bitset, with rank and select once built; or a window of such a
/// set (a member's part of a set split over the members of a solve: its own regions of the
/// index), which holds the bits of a range of slots only and numbers them as the whole set does,
/// from the number of slots before the window (see [`DenseSet::window`]).
pub struct DenseSet {
    words: Vec<AtomicU64>,
    /// Per block of 8 words (512 bits): the number of ones before the block, and the numbers of
    /// ones in the block before its words 1 to 7 (9 bits each); one more block for the end.
    directory: Vec<[u64; 2]>,
    /// `samples[k]`: the block holding the one numbered `k * SELECT_STEP`.
    samples: Vec<u32>,
    size: u64,
    /// The first bitset word held (0 for a whole set): the set holds the slots from
    /// `64 * first_word`.
    first_word: u64,
    /// The slots of the whole set before the window (0 for a whole set).
    before: u64,
    /// The slots of the whole set, when it is a window (its own count otherwise).
    total: Option<u64>,
    /// The number of the first slot of every partition of `2^bits` slots of the index (one more
    /// for the end), for a window: the counts of the parts that others hold.
    starts: Option<(u32, Vec<u64>)>,
}

impl DenseSet {
    /// The empty set over `0..size`.
    pub fn new(size: u64) -> DenseSet {
        DenseSet::window(size, 0..size)
    }

    /// The empty window of a set over `0..size` that holds the slots `slots` (which start at a
    /// multiple of 64): it numbers them once [`DenseSet::place`] says where the window stands
    /// in the whole set.
    pub fn window(size: u64, slots: std::ops::Range<u64>) -> DenseSet {
        debug_assert!(slots.start.is_multiple_of(64) && slots.end <= size);
        let first_word = slots.start >> 6;
        let words = slots.end.div_ceil(64).saturating_sub(first_word);
        DenseSet {
            words: crate::memory::zeroed_atomics(words as usize),
            directory: Vec::new(),
            samples: Vec::new(),
            size,
            first_word,
            before: 0,
            total: None,
            starts: None,
        }
    }

    /// Number of slots of the index.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The slots this set holds the bits of: `0..size` for a whole set.
    pub fn slots(&self) -> std::ops::Range<u64> {
        (self.first_word << 6).min(self.size)
            ..((self.first_word + self.words.len() as u64) << 6).min(self.size)
    }

    /// Adds `i` (a slot of the window); true when it was not there before. Safe to call from
    /// many threads.
    #[inline]
    pub fn insert(&self, i: u64) -> bool {
        let bit = 1u64 << (i & 63);
        let word = &self.words[((i >> 6) - self.first_word) as usize];
        // A plain load first: most slots met again are already in.
        word.load(Ordering::Relaxed) & bit == 0 && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
    }

    /// Whether `i` (a slot of the window) is in the set.
    #[inline]
    pub fn contains(&self, i: u64) -> bool {
        self.word(i >> 6) >> (i & 63) & 1 != 0
    }

    /// Bitset word `w` of the index (one the window holds).
    #[inline]
    pub(crate) fn word(&self, w: u64) -> u64 {
        self.local(w - self.first_word)
    }

    /// Bitset word `w` of the window.
    #[inline]
    fn local(&self, w: u64) -> u64 {
        self.words[w as usize].load(Ordering::Relaxed)
    }

    /// The bitset words of the index that the set holds (`0..size / 64`, rounded up, for a
    /// whole set).
    pub(crate) fn word_range(&self) -> std::ops::Range<u64> {
        self.first_word..self.first_word + self.words.len() as u64
    }

    /// Number of bitset words (`size / 64`, rounded up) of a whole set.
    pub(crate) fn word_count(&self) -> usize {
        debug_assert!(self.first_word == 0);
        self.words.len()
    }

    /// Sets bitset word `w` of the index (a checkpoint read back), before the directory is built.
    pub(crate) fn set_word(&self, w: usize, value: u64) {
        self.words[w - self.first_word as usize].store(value, Ordering::Relaxed);
    }

    /// Builds the rank directory and the select samples; call once no more slots are added.
    pub(crate) fn build_directory(&mut self) {
        let nblocks = self.words.len().div_ceil(8);
        let mut directory: Vec<[u64; 2]> = (0..nblocks)
            .into_par_iter()
            .map(|b| {
                let end = ((b + 1) * 8).min(self.words.len());
                // Words past the end (in the last block) count as full, so that select stops
                // before them.
                let (mut within, mut packed) = (0u64, 0u64);
                for k in 0..8 {
                    if k > 0 {
                        packed |= if b * 8 + k < end { within } else { 511 } << (9 * (k - 1));
                    }
                    if b * 8 + k < end {
                        within += self.local((b * 8 + k) as u64).count_ones() as u64;
                    }
                }
                [within, packed]
            })
            .collect();
        let mut samples = Vec::new();
        let mut total = 0u64;
        for (b, entry) in directory.iter_mut().enumerate() {
            let c = entry[0];
            entry[0] = total;
            // Samples for every multiple of SELECT_STEP in [total, total + c).
            while (samples.len() as u64) * SELECT_STEP < total + c {
                samples.push(b as u32);
            }
            total += c;
        }
        directory.push([total, 0]);
        self.directory = directory;
        self.samples = samples;
    }

    /// Says where a window stands in the whole set (after `DenseSet::build_directory`): the
    /// slots before it, those of the whole set, and the number of the first slot of every
    /// partition of `2^bits` slots of the index (one more for the end).
    pub fn place(&mut self, before: u64, total: u64, bits: u32, starts: Vec<u64>) {
        self.before = before;
        self.total = Some(total);
        self.starts = Some((bits, starts));
    }

    /// The slots of the window in the set (after [`DenseSet::build_directory`]).
    pub(crate) fn own_count(&self) -> u64 {
        self.directory.last().map_or(0, |e| e[0])
    }

    /// Number of slots in the whole set (after `DenseSet::build_directory`, and for a window
    /// [`DenseSet::place`]).
    pub fn count(&self) -> u64 {
        self.total.unwrap_or_else(|| self.own_count())
    }

    /// The number of the first slot of partition `p` of `2^bits` slots (`p` up to the number of
    /// partitions): from the window's table where it has one for these partitions.
    pub(crate) fn partition_start(&self, p: u64, bits: u32) -> u64 {
        match &self.starts {
            Some((b, starts)) if *b == bits => starts[p as usize],
            _ => self.count_below((p << bits).min(self.size)),
        }
    }

    /// The number of ones before word `w` of the window (`w` up to its number of words), in
    /// the window.
    #[inline]
    fn ones_before_word(&self, w: u64) -> u64 {
        let [before, packed] = self.directory[(w >> 3) as usize];
        let k = (w & 7) as u32;
        // Field k - 1 of `packed`; none for the first word of a block.
        let within = packed >> ((9 * k).wrapping_sub(9) & 63) & 511 & 0u64.wrapping_sub((k != 0) as u64);
        before + within
    }

    /// The number of `i` (a slot of the window) among the slots of the set (its rank), or `None`
    /// when `i` is not in it.
    #[inline]
    pub fn rank(&self, i: u64) -> Option<u64> {
        let w = (i >> 6) - self.first_word;
        let word = self.local(w);
        if word >> (i & 63) & 1 == 0 {
            return None;
        }
        Some(self.before + self.ones_before_word(w) + (word & ((1u64 << (i & 63)) - 1)).count_ones() as u64)
    }

    /// Brings the memory that [`DenseSet::rank`] of `i` reads into cache (a hint).
    #[inline]
    pub fn prefetch(&self, i: u64) {
        let w = (i >> 6) - self.first_word;
        crate::memory::prefetch(&self.words[w as usize]);
        if let Some(entry) = self.directory.get((w >> 3) as usize) {
            crate::memory::prefetch(entry);
        }
    }

    /// The number of slots of the set below `i` (`i <= size()`; within the window or at its
    /// ends for a window).
    pub fn count_below(&self, i: u64) -> u64 {
        let start = self.first_word << 6;
        if i <= start {
            return self.before;
        }
        let w = (i >> 6) - self.first_word;
        if w as usize >= self.words.len() {
            return self.before + self.own_count();
        }
        self.before
            + self.ones_before_word(w)
            + (self.local(w) & ((1u64 << (i & 63)) - 1)).count_ones() as u64
    }

    /// The word of the window holding its one numbered `k` (`k < own_count()`), and the number
    /// of ones before it in the window.
    #[inline]
    fn locate(&self, k: u64) -> (u64, u64) {
        debug_assert!(k < self.own_count());
        let s = (k / SELECT_STEP) as usize;
        let lo = self.samples[s] as usize;
        let hi = self.samples.get(s + 1).map_or(self.directory.len() - 1, |&b| b as usize + 1);
        // The last block in lo..hi whose count before it is at most k.
        let block = lo + self.directory[lo..hi].partition_point(|e| e[0] <= k) - 1;
        let [before, packed] = self.directory[block];
        let rest = k - before;
        // The last word of the block with at most `rest` ones before it.
        let mut w = 0;
        while w < 7 && packed >> (9 * w) & 511 <= rest {
            w += 1;
        }
        let word = (block * 8 + w) as u64;
        (word, self.ones_before_word(word))
    }

    /// The slot numbered `k` (one of the window's: `before <= k < before + own_count()`).
    #[inline]
    pub fn select(&self, k: u64) -> u64 {
        let (w, before) = self.locate(k - self.before);
        (self.first_word + w) << 6 | select_in_word(self.local(w), (k - self.before - before) as u32) as u64
    }

    /// Calls `f(j, slot)` with the slot numbered `numbers[j]` (the window's), for numbers in
    /// increasing order: a walk along the bitset where they are close, [`DenseSet::select`]
    /// where they are not.
    pub(crate) fn for_each_slot_of(&self, numbers: &[u64], mut f: impl FnMut(usize, u64)) {
        // The current word, the ones before it, and the ones before the end of its block.
        let (mut w, mut before, mut ones, mut block_end) = (0u64, 0u64, 0u64, 0u64);
        let base = self.first_word << 6;
        for (j, &k) in numbers.iter().enumerate() {
            let k = k - self.before;
            if k >= before + ones {
                if k < block_end {
                    while k >= before + ones {
                        before += ones;
                        w += 1;
                        ones = self.local(w).count_ones() as u64;
                    }
                } else {
                    (w, before) = self.locate(k);
                    ones = self.local(w).count_ones() as u64;
                    block_end = self.directory[(w >> 3) as usize + 1][0];
                }
            }
            f(j, base + (w << 6 | select_in_word(self.local(w), (k - before) as u32) as u64));
        }
    }

    /// Calls `f(k, slot)` for the slots numbered `first..first + n` (the window's), in order.
    pub fn for_each_from(&self, first: u64, n: usize, mut f: impl FnMut(usize, u64)) {
        if n == 0 {
            return;
        }
        let slot = self.select(first);
        let mut w = (slot >> 6) - self.first_word;
        let mut word = self.local(w) & (!0u64 << (slot & 63));
        let base = self.first_word << 6;
        for k in 0..n {
            while word == 0 {
                w += 1;
                word = self.local(w);
            }
            let slot = base + (w << 6 | word.trailing_zeros() as u64);
            word &= word - 1;
            f(k, slot);
        }
    }

    /// Bytes of memory held.
    pub fn bytes(&self) -> u64 {
        let starts = self.starts.as_ref().map_or(0, |(_, s)| s.len() * 8);
        (self.words.len() * 8 + self.directory.len() * 16 + self.samples.len() * 4 + starts) as u64
    }
}

/// The position of the `k`-th (0-based) set bit of `word`.
#[inline]
fn select_in_word(word: u64, mut k: u32) -> u32 {
    let mut base = 0;
    let mut w = word;
    for half in [32u32, 16, 8] {
        let ones = (w & ((1u64 << half) - 1)).count_ones();
        if k >= ones {
            k -= ones;
            w >>= half;
            base += half;
        }
    }
    for _ in 0..k {
        w &= w - 1;
    }
    base + w.trailing_zeros()
}

/// Region bits of an index of `size` slots: [`REGION_BITS`] at most, and at least 2^9 slots.
fn region_bits(size: u64) -> u32 {
    region_bits_at_most(size, REGION_BITS)
}

fn region_bits_at_most(size: u64, most: u32) -> u32 {
    (64 - size.max(1).leading_zeros()).saturating_sub(6).clamp(9, most)
}

/// Slots per region of the search, at most: its regions hold only a bitset (2 MiB here).
const SEARCH_REGION_BITS: u32 = 24;

/// Successors held at a time by the search (4 bytes each).
const SEARCH_SLAB: u64 = 1 << 24;

/// Marks every slot reachable from the game's roots; terminal positions are marked, not expanded.
/// Stops with [`Error::Cancelled`] between two levels when `progress` asks.
pub fn reachable<G: SlotMoves>(game: &G, progress: &dyn Progress) -> Result<DenseSet, Error> {
    reachable_from(game, None, progress, &mut |_| Ok(()))
}

/// The state of the search for the reachable set between two levels, given to the hook of
/// `reachable_from`: the slots found so far (`set`, without its directory) and those found at
/// the last level (`frontier`, at distance `level` from the roots), which the next level
/// expands.
pub struct Level<'a> {
    /// The distance of the frontier from the roots.
    pub level: u32,
    /// Every slot found so far.
    pub set: &'a DenseSet,
    /// The positions found at the last level that are not terminal (those the next level
    /// expands), per region of `2^region_bits` slots, as offsets in their region.
    frontier: &'a [Vec<u32>],
    region_bits: u32,
    /// Whether `progress` asked to stop: the search returns [`Error::Cancelled`] after the hook.
    pub cancelled: bool,
}

impl Level<'_> {
    /// Number of slots in the frontier.
    pub(crate) fn frontier_len(&self) -> usize {
        self.frontier.iter().map(Vec::len).sum()
    }

    /// The slots of the frontier, in increasing order.
    pub(crate) fn frontier_slots(&self) -> impl Iterator<Item = u64> + '_ {
        let bits = self.region_bits;
        self.frontier
            .iter()
            .enumerate()
            .flat_map(move |(r, offsets)| offsets.iter().map(move |&o| (r as u64) << bits | o as u64))
    }
}

/// A search to continue from the state between two levels (the fields of [`Level`]).
pub struct SearchResume {
    /// The distance of the frontier from the roots.
    pub level: u32,
    /// Every slot found so far.
    pub set: DenseSet,
    /// The slots found at the last level.
    pub frontier: Vec<u64>,
}

/// [`reachable`] from the state between two levels when `resume` is given, calling `between`
/// before every level (a checkpoint writer); stops with [`Error::Cancelled`] after it when
/// `progress` asks, and with the hook's error.
pub(crate) fn reachable_from<G: SlotMoves>(
    game: &G,
    resume: Option<SearchResume>,
    progress: &dyn Progress,
    between: &mut dyn FnMut(&Level<'_>) -> Result<(), Error>,
) -> Result<DenseSet, Error> {
    reachable_with(game, resume, progress, between, &mut InProcess)
}

/// [`reachable`] as one member of a search split over members (the processes of a cluster):
/// each member expands the positions of its own regions of the index ([`Exchange::owned`] of
/// the regions, which are the partitions of the rounds) and sends the successors in other
/// members' regions to them through `exchange` (each time it meets one: it holds no bits of
/// other members' regions, and the receiver marks a slot once). Each member returns its window
/// of the set [`reachable`] finds ([`DenseSet::window`]: its regions' slots, numbered as in the
/// whole set, with every region's count). Every member calls it at the same point.
pub fn reachable_member<G: SlotMoves>(
    game: &G,
    exchange: &mut dyn Exchange,
    progress: &dyn Progress,
) -> Result<DenseSet, Error> {
    reachable_with(game, None, progress, &mut |_| Ok(()), exchange)
}

/// [`reachable_from`] as one member of `exchange` (see [`reachable_member`]).
fn reachable_with<G: SlotMoves>(
    game: &G,
    resume: Option<SearchResume>,
    progress: &dyn Progress,
    between: &mut dyn FnMut(&Level<'_>) -> Result<(), Error>,
    exchange: &mut dyn Exchange,
) -> Result<DenseSet, Error> {
    // A bar against the reachable count when the game knows it (positions found so far).
    progress.phase("exploring (dense)", game.reachable_hint());
    // Split over members, the regions are the rounds' partitions: each member's window of the
    // set is then the positions whose words it holds in the rounds.
    let split = exchange.member().1 > 1;
    let bits =
        if split { region_bits(game.size()) } else { region_bits_at_most(game.size(), SEARCH_REGION_BITS) };
    let mask = (1u64 << bits) - 1;
    let regions = game.size().div_ceil(1 << bits) as usize;
    let mine = exchange.owned(regions);
    let window = ((mine.start as u64) << bits).min(game.size())..((mine.end as u64) << bits).min(game.size());
    // The level being expanded: per region, the offsets of its positions that are not terminal.
    let mut level: Vec<Vec<u32>> = vec![Vec::new(); regions];
    let mut found = 0;
    let push = |level: &mut Vec<Vec<u32>>, r: u64, p: &G::Position| {
        if game.terminal(p).is_none() && mine.contains(&((r >> bits) as usize)) {
            level[(r >> bits) as usize].push((r & mask) as u32);
        }
    };
    let (mut set, mut depth) = match resume {
        Some(resume) => {
            for &r in &resume.frontier {
                let p = game.unrank(r).ok_or_else(|| {
                    Error::Unsupported(format!("slot {r} of the search's frontier is not a position"))
                })?;
                push(&mut level, r, &p);
            }
            found = (0..resume.set.word_count()).map(|w| resume.set.word(w as u64).count_ones() as u64).sum();
            (resume.set, resume.level)
        }
        None => {
            let set = DenseSet::window(game.size(), window.clone());
            for root in game.roots() {
                let r = game.rank(&root);
                if mine.contains(&((r >> bits) as usize)) && set.insert(r) {
                    found += 1;
                    push(&mut level, r, &root);
                }
            }
            (set, 0)
        }
    };
    progress.advance(found);
    let mut per_position = 16.0f64;
    // The members go on while any of them has a level to expand, and stop together.
    while exchange.sum(level.iter().map(|l| l.len() as u64).sum())? > 0 {
        let cancelled = exchange.sum(u64::from(progress.cancelled()))? > 0;
        between(&Level { level: depth, set: &set, frontier: &level, region_bits: bits, cancelled })?;
        if cancelled {
            return Err(Error::Cancelled { checkpoint: None, proven: None });
        }
        let mut next: Vec<Vec<u32>> = vec![Vec::new(); regions];
        const PIECE: usize = 1 << 11;
        let pieces: Vec<(u64, &[u32])> = level
            .iter()
            .enumerate()
            .flat_map(|(r, l)| l.chunks(PIECE).map(move |piece| (r as u64, piece)))
            .collect();
        let mut first = 0;
        // Every member takes part in every slab's exchange, with no positions left or not.
        while exchange.sum(u64::from(first < pieces.len()))? > 0 {
            let mut last = first;
            let mut positions = 0usize;
            while last < pieces.len()
                && (last == first
                    || ((positions + pieces[last].1.len()) as f64) * per_position <= SEARCH_SLAB as f64)
            {
                positions += pieces[last].1.len();
                last += 1;
            }
            let slab = &pieces[first..last];
            let tasks = (rayon::current_num_threads() * 4).clamp(1, slab.len().max(1));
            // Expand: successors' region offsets, with bit 0 set for those not terminal.
            let buckets: Vec<Vec<Vec<u32>>> = slab
                .par_chunks(slab.len().div_ceil(tasks).max(1))
                .map(|group| {
                    let expected =
                        group.iter().map(|(_, piece)| piece.len()).sum::<usize>() as f64 * per_position;
                    let room = (expected / regions as f64) as usize + 16;
                    let mut out: Vec<Vec<u32>> = (0..regions).map(|_| Vec::with_capacity(room)).collect();
                    let mut succ = Vec::new();
                    for &(r, piece) in group {
                        for &offset in piece {
                            let p = game
                                .unrank(r << bits | offset as u64)
                                .expect("a reachable slot is not a hole");
                            succ.clear();
                            game.successor_slots(&p, &mut succ);
                            for &(slot, terminal) in &succ {
                                let region = (slot >> bits) as usize;
                                // Another member's slot: sent every time this member meets it
                                // (the member holds no bits of other members' regions).
                                if mine.contains(&region) || split || set.insert(slot) {
                                    out[region].push(((slot & mask) << 1 | !terminal as u64) as u32);
                                }
                            }
                        }
                    }
                    out
                })
                .collect();
            let messages: u64 = buckets.iter().flatten().map(|b| b.len() as u64).sum();
            if positions > 0 {
                per_position = (messages as f64 / positions as f64).max(1.0);
            }
            // The slots of this member's regions, from every member: delivered[source][r - mine.start].
            let delivered = exchange.deliver(buckets, regions)?;
            // Mark: each region its own slots, without atomic read-modify-writes.
            let words = &set.words;
            let first_word = set.first_word;
            let added: u64 = next[mine.clone()]
                .par_iter_mut()
                .enumerate()
                .map(|(i, next)| {
                    let base = ((((mine.start + i) as u64) << bits) >> 6) - first_word;
                    let mut added = 0;
                    for bucket in delivered.iter().map(|b| &b[i]) {
                        for (k, &m) in bucket.iter().enumerate() {
                            const AHEAD: usize = 16;
                            if let Some(&ahead) = bucket.get(k + AHEAD) {
                                crate::memory::prefetch(&words[(base + (ahead >> 7) as u64) as usize]);
                            }
                            let offset = m >> 1;
                            let word = &words[(base + (offset >> 6) as u64) as usize];
                            let w = word.load(Ordering::Relaxed);
                            let bit = 1u64 << (offset & 63);
                            if w & bit == 0 {
                                word.store(w | bit, Ordering::Relaxed);
                                added += 1;
                                if m & 1 != 0 {
                                    next.push(offset);
                                }
                            }
                        }
                    }
                    added
                })
                .sum();
            progress.advance(added);
            first = last;
        }
        level = next;
        depth += 1;
    }
    set.build_directory();
    if split {
        place_window(&mut set, exchange)?;
    }
    exchange.end_search();
    crate::memory::release_free_memory();
    Ok(set)
}

/// Tells a member's window of a split set ([`reachable_member`]'s, or one read back from its
/// checkpoint: directory built) where it stands in the whole set: the members send each other
/// the counts of their regions (a collective call).
pub(crate) fn place_window(set: &mut DenseSet, exchange: &mut dyn Exchange) -> Result<(), Error> {
    let bits = region_bits(set.size());
    let regions = set.size().div_ceil(1 << bits) as usize;
    let mine = exchange.owned(regions);
    let window = ((mine.start as u64) << bits).min(set.size())..((mine.end as u64) << bits).min(set.size());
    if set.slots() != window {
        return Err(Error::Unsupported(format!(
            "member {} holds the slots {:?} of the set, not those of its regions {window:?}",
            exchange.member().0,
            set.slots()
        )));
    }
    let mut counts = Vec::with_capacity(2 * mine.len());
    let mut below = set.count_below((mine.start as u64) << bits);
    for r in mine {
        let end = set.count_below(((r as u64 + 1) << bits).min(set.size()));
        counts.extend([(end - below) as u32, ((end - below) >> 32) as u32]);
        below = end;
    }
    let mut starts = Vec::with_capacity(regions + 1);
    starts.push(0u64);
    let me = exchange.member().0;
    let mut before = 0;
    for (m, theirs) in crate::solve::exchange::all_gather(exchange, counts)?.into_iter().enumerate() {
        if m == me {
            before = *starts.last().expect("starts at 0");
        }
        for pair in theirs.chunks_exact(2) {
            let last = *starts.last().expect("starts at 0");
            starts.push(last + (pair[0] as u64 | (pair[1] as u64) << 32));
        }
    }
    if starts.len() != regions + 1 {
        return Err(Error::Unsupported(format!(
            "the members sent the counts of {} regions of {regions}",
            starts.len() - 1
        )));
    }
    let total = starts[regions];
    set.place(before, total, bits, starts);
    Ok(())
}

/// The reachable positions of an indexed game as a retrograde space, numbered by their rank in
/// the reachable set; predecessors are addressed by their slots, in regions of the index.
pub(crate) struct DenseSpace<'a, G: SlotMoves> {
    game: &'a G,
    set: &'a DenseSet,
    bits: u32,
}

impl<'a, G: SlotMoves> DenseSpace<'a, G> {
    /// The space of the slots in `set`.
    pub(crate) fn new(game: &'a G, set: &'a DenseSet) -> DenseSpace<'a, G> {
        DenseSpace { game, set, bits: region_bits(set.size()) }
    }

    /// The starting state of a slot: its moves counted class by class, those into terminal
    /// positions decided at once.
    fn init_of(&self, slot: u64) -> Init {
        let p = self.game.unrank(slot).expect("a reachable slot is not a hole");
        match self.game.terminal(&p) {
            Some(o) => Init::Terminal(o),
            None => {
                let classes = self.game.move_classes(&p);
                match classes.into_won {
                    _ if classes.into_lost => Init::Decided(Outcome::new(Value::Win, 1)),
                    Some(w) if classes.open == 0 => Init::Decided(Outcome::new(Value::Lose, w + 1)),
                    _ => Init::Moves(classes.open),
                }
            }
        }
    }

    fn predecessors_of_slot(&self, slot: u64, out: &mut Vec<u64>) {
        let p = self.game.unrank(slot).expect("a reachable slot is not a hole");
        self.game.predecessor_slots(&p, out);
    }
}

impl<G: SlotMoves> RetroSpace for DenseSpace<'_, G> {
    fn len(&self) -> u64 {
        self.set.count()
    }

    fn init(&self, i: u64) -> Init {
        self.init_of(self.set.select(i))
    }

    fn init_range(&self, start: u64, out: &mut [Init]) {
        self.set.for_each_from(start, out.len(), |k, slot| out[k] = self.init_of(slot));
    }

    /// The predecessors class by class, by slot: each reachable class once, terminal ones
    /// possibly included, and unreachable ones too (they resolve to no position).
    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) {
        let mut preds = Vec::with_capacity(64);
        self.predecessors_of_slot(self.set.select(i), &mut preds);
        preds.into_iter().for_each(&mut f);
    }

    fn for_each_predecessor_of<F: FnMut(usize, u64)>(&self, positions: &[u64], mut f: F) {
        let mut preds = Vec::with_capacity(64);
        self.set.for_each_slot_of(positions, |j, slot| {
            preds.clear();
            self.predecessors_of_slot(slot, &mut preds);
            for &q in &preds {
                f(j, q);
            }
        });
    }

    fn won_terminals_applied(&self) -> bool {
        true
    }

    fn addresses(&self) -> u64 {
        self.set.size()
    }

    fn partition_bits(&self) -> u32 {
        self.bits
    }

    fn partition_start(&self, p: u64) -> u64 {
        self.set.partition_start(p, self.bits)
    }

    #[inline]
    fn resolve(&self, slot: u64) -> Option<u64> {
        self.set.rank(slot)
    }

    #[inline]
    fn prefetch(&self, slot: u64) {
        self.set.prefetch(slot);
    }
}

/// The memory a dense solve needs, in bytes, and how it divides up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Slots of the index.
    pub slots: u64,
    /// Reachable positions assumed (known, hinted, or every slot).
    pub positions: u64,
    /// Whether `positions` is exact (measured) rather than a hint or a bound.
    pub exact: bool,
    /// Bitset and directory.
    pub set_bytes: u64,
    /// One state word per position.
    pub state_bytes: u64,
    /// Frontier lists and one slab of messages.
    pub work_bytes: u64,
}

impl Estimate {
    /// Total bytes.
    pub fn total(&self) -> u64 {
        self.set_bytes + self.state_bytes + self.work_bytes
    }

    /// One line for the user.
    pub fn describe(&self) -> String {
        let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
        format!(
            "{} index slots, {} reachable positions{}; memory {:.0} MiB (bitset and directory {:.0} MiB, \
             states {:.0} MiB, frontier and messages {:.0} MiB)",
            self.slots,
            self.positions,
            if self.exact { "" } else { " (expected)" },
            mib(self.total()),
            mib(self.set_bytes),
            mib(self.state_bytes),
            mib(self.work_bytes)
        )
    }
}

/// Memory of the solve's runtime beyond its tables (threads, per-task buffers, allocator), at
/// most, as measured on the Dōbutsu shōgi solve.
const RUNTIME_BYTES: u64 = 48 << 20;

/// The memory a dense solve of `game` needs, with `positions` reachable positions when known.
pub fn estimate<G: Indexed>(game: &G, positions: Option<u64>) -> Estimate {
    let slots = game.size();
    let (positions, exact) = match positions {
        Some(n) => (n, true),
        None => (game.reachable_hint().unwrap_or(slots), false),
    };
    let set_bytes = slots.div_ceil(64) * 8 + slots.div_ceil(512) * 16;
    let state_bytes = positions * word_bits(game) as u64 / 8;
    // The search holds two levels of positions that are not terminal as 4-byte offsets, and
    // one slab of successors; a quarter of the positions in the two levels is assumed. The
    // rounds hold two frontier bitsets and the messages of a slab, with the buckets' spare
    // capacity and the per-task buckets, and the runtime: one and a half times the messages and
    // 48 MiB, calibrated on the peaks measured (2026-11-25, 2 threads): Dōbutsu shōgi 890-924 MiB
    // (estimate 907), Dodgem 5x5 541 MiB (532) and 399 MiB with its mirror (419), Connect Four
    // 6x5 3,191 MiB (3,302). Slabs hold fewer messages in small games (some 64 moves a position
    // assumed), whose peak the fixed buffers dominate: there the estimate is a bound, not a
    // forecast (Connect Four 5x5: 211 MiB for a peak of 158).
    let search = positions / 4 * 4 + SEARCH_SLAB.min(positions * 64) * 4 * 2;
    let rounds = frontier_bytes(positions)
        + MESSAGE_BYTES.min(positions * 64 * 4 * 2) * 3 / 2
        + RUNTIME_BYTES.min(positions * 64);
    let work_bytes = search.saturating_sub(state_bytes).max(rounds);
    Estimate { slots, positions, exact, set_bytes, state_bytes, work_bytes }
}

pub(crate) fn check_memory(estimate: &Estimate, limit: Option<u64>) -> Result<(), Error> {
    match limit {
        Some(limit) if estimate.total() > limit => Err(Error::TooLarge(format!(
            "the dense solve needs about {:.0} MiB, over the memory limit of {:.0} MiB ({})",
            estimate.total() as f64 / (1u64 << 20) as f64,
            limit as f64 / (1u64 << 20) as f64,
            estimate.describe()
        ))),
        _ => Ok(()),
    }
}

/// The state words of a finished dense solve: one byte per position when the game's remoteness
/// fits ([`word_bits`]), else two.
#[doc(hidden)]
pub enum Words {
    Byte(Vec<u8>),
    Half(Vec<u16>),
}

/// State words that a [`DenseSolution`] keeps: `u8` and `u16` ([`word_bits`]).
pub(crate) trait DenseWord: StateWord {
    #[doc(hidden)]
    fn into_words(words: Vec<Self>) -> Words;
}

impl DenseWord for u8 {
    fn into_words(words: Vec<u8>) -> Words {
        Words::Byte(words)
    }
}

impl DenseWord for u16 {
    fn into_words(words: Vec<u16>) -> Words {
        Words::Half(words)
    }
}

/// Bits of the state words of a dense solve of `game`: 8 when it bounds its remoteness within
/// what a byte holds ([`Indexed::remoteness_bound`]), else 16.
pub fn word_bits<G: Indexed>(game: &G) -> u32 {
    match game.remoteness_bound() {
        Some(r) if r <= max_remoteness(8) => 8,
        _ => 16,
    }
}

/// Every reachable position of a dense game with its outcome.
pub struct DenseSolution {
    set: DenseSet,
    words: Words,
}

impl DenseSolution {
    pub(crate) fn new<W: DenseWord>(set: DenseSet, words: Vec<W>) -> DenseSolution {
        DenseSolution { set, words: W::into_words(words) }
    }

    /// Number of positions solved (the reachable ones).
    pub fn len(&self) -> u64 {
        self.set.count()
    }

    /// Whether nothing was solved.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The reachable set.
    pub fn set(&self) -> &DenseSet {
        &self.set
    }

    /// Bits of the state word kept per position: 8 or 16.
    pub fn word_bits(&self) -> u32 {
        match self.words {
            Words::Byte(_) => 8,
            Words::Half(_) => 16,
        }
    }

    /// The outcome of the position in slot `slot`, if it is reachable.
    pub fn get_slot(&self, slot: u64) -> Option<Outcome> {
        self.set.rank(slot).map(|k| self.get_nth(k))
    }

    /// The outcome of the position numbered `k` among the reachable ones.
    pub fn get_nth(&self, k: u64) -> Outcome {
        match &self.words {
            Words::Byte(w) => word_outcome(w[k as usize]),
            Words::Half(w) => word_outcome(w[k as usize]),
        }
    }

    /// The outcome of a position, if it is reachable.
    pub fn get<G: Indexed>(&self, game: &G, pos: &G::Position) -> Option<Outcome> {
        let slot = game.rank(pos);
        (slot < self.set.size()).then(|| self.get_slot(slot)).flatten()
    }

    /// Counts of positions by value and remoteness.
    pub fn counts(&self) -> Vec<CountRow> {
        match &self.words {
            Words::Byte(w) => counts_of(w),
            Words::Half(w) => counts_of(w),
        }
    }

    /// Bytes of memory held.
    pub fn bytes(&self) -> u64 {
        self.set.bytes() + self.len() * self.word_bits() as u64 / 8
    }
}

/// Counts of the outcomes held by `words`, by value and remoteness.
/// The counts of state words by value and remoteness.
pub(crate) fn counts_of<W: StateWord>(words: &[W]) -> Vec<CountRow> {
    // Count state words first (at most 2^16 kinds): a sorted map for a small table (a histogram
    // of 2^16 counters would cost more than the table), else in parallel.
    let kinds = 1usize << W::BITS;
    if words.len() < SMALL_COUNT {
        let mut hist = std::collections::BTreeMap::<u32, u64>::new();
        for &w in words {
            *hist.entry(w.to_u32()).or_default() += 1;
        }
        return count_rows::<W>(hist.into_iter());
    }
    let hist = words
        .par_chunks(1 << 16)
        .map(|chunk| {
            let mut h = vec![0u64; kinds];
            for &w in chunk {
                h[w.to_u32() as usize] += 1;
            }
            h
        })
        .reduce(
            || vec![0u64; kinds],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    count_rows::<W>(hist.into_iter().enumerate().map(|(w, n)| (w as u32, n)))
}

/// Below this many positions, [`DenseSolution::counts`] counts in a sorted map.
const SMALL_COUNT: usize = 1 << 12;

/// The count rows of a histogram of state words (words counted 0 times are left out), by value
/// and remoteness.
fn count_rows<W: StateWord>(hist: impl Iterator<Item = (u32, u64)>) -> Vec<CountRow> {
    let mut rows: Vec<CountRow> = hist
        .filter(|&(_, n)| n > 0)
        .map(|(w, n)| {
            let o = word_outcome(W::from_u32(w));
            CountRow { value: o.value(), remoteness: o.remoteness(), count: n }
        })
        .collect();
    rows.sort_by_key(|r| (r.value.index(), r.remoteness.unwrap_or(0)));
    rows
}

/// Solves every position reachable from the game's roots over its index, refusing before any
/// work when the estimated memory exceeds `memory_limit`.
pub fn solve<G: SlotMoves>(
    game: &G,
    memory_limit: Option<u64>,
    progress: &dyn Progress,
) -> Result<DenseSolution, Error> {
    crate::table::plumbing::check_backward(game)?;
    let before = estimate(game, None);
    progress.note(&format!("dense solve: {}", before.describe()));
    check_memory(&before, memory_limit)?;
    let set = reachable(game, progress)?;
    let exact = estimate(game, Some(set.count()));
    check_memory(&exact, memory_limit)?;
    match word_bits(game) {
        8 => solve_words::<G, u8>(game, set, progress),
        _ => solve_words::<G, u16>(game, set, progress),
    }
}

/// The rounds of [`solve`] over the reachable `set`, with state words of type `W`.
fn solve_words<G: SlotMoves, W: DenseWord>(
    game: &G,
    set: DenseSet,
    progress: &dyn Progress,
) -> Result<DenseSolution, Error> {
    let words = Rounds::<_, W>::new(&DenseSpace::new(game, &set)).words(progress)?;
    Ok(DenseSolution::new(set, words))
}

/// The error for a position outside a dense solution (only positions reachable from the start
/// are solved and stored).
pub(crate) fn not_reachable<G: Indexed>(game: &G, pos: &G::Position) -> Error {
    Error::NotReachable(crate::rules::capability::format(game, pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_select_are_inverse() {
        // Sets of every density, sizes not a multiple of the word or block.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for (size, density) in [(1u64, 1u64), (700, 2), (5000, 64), (100_003, 7), (70_001, 200)] {
            let mut set = DenseSet::new(size);
            let mut members = Vec::new();
            for i in 0..size {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state.is_multiple_of(density) {
                    assert!(set.insert(i));
                    assert!(!set.insert(i));
                    members.push(i);
                }
            }
            set.build_directory();
            assert_eq!(set.count(), members.len() as u64);
            for (k, &i) in members.iter().enumerate() {
                assert_eq!(set.rank(i), Some(k as u64));
                assert_eq!(set.select(k as u64), i);
            }
            for i in 0..size {
                assert_eq!(set.contains(i), set.rank(i).is_some());
            }
            let mut seen = Vec::new();
            set.for_each_from(0, members.len(), |k, slot| seen.push((k, slot)));
            assert!(seen.iter().enumerate().all(|(n, &(k, slot))| k == n && slot == members[n]));
            for i in (0..=size).step_by(37).chain([size]) {
                assert_eq!(set.count_below(i), members.partition_point(|&m| m < i) as u64);
            }
            // Walks over numbers close together and far apart.
            for step in [1usize, 3, 50, 700, 5000] {
                let numbers: Vec<u64> = (0..members.len()).step_by(step).map(|k| k as u64).collect();
                let mut walked = Vec::new();
                set.for_each_slot_of(&numbers, |j, slot| walked.push((j, slot)));
                assert_eq!(walked.len(), numbers.len());
                for (j, slot) in walked {
                    assert_eq!(slot, members[numbers[j] as usize]);
                }
            }
        }
    }
}
