//! The solved-game store: a dense solution ([`DenseSolution`]) written to a file, read back one
//! block at a time.
//!
//! # Format (version 4, integers little-endian)
//!
//! ```text
//! offset  size
//! 0       8     magic "NIMBERDB"
//! 8       4     version: 4 (2 and 3 are read too: see below)
//! 12      4     text_len: length of the header text
//! 16      8     file_len: length of the whole file
//! 24      8     index_offset: where the block index starts
//! 32      4     groups_crc: CRC-32 of the group table
//! 36      L     header text: UTF-8 `key=value` lines (below)
//! 36 + L  4     header_crc: CRC-32 of bytes 0 .. 36 + L
//! 40 + L        blocks: zstd frames back to back, block 0 first
//! index_offset  block index: per block, u32 length of its frame and u32 CRC-32 of the block
//!               number (u64) and the version (u32) followed by the block's raw bytes
//! index_offset + 8 * blocks
//!               group table: per group of [`GROUP_BLOCKS`] blocks (the last one fewer), u64
//!               offset of its first block and u32 CRC-32 of its entries in the block index
//! file_len      (the end: file_len = index_offset + 8 * blocks + 12 * groups)
//! ```
//!
//! Opening reads the header and the group table (4.5 KiB for Dōbutsu shōgi's 95,699 blocks);
//! the block index is read a group (2 KiB) at a time, when a block of the group is first read.
//!
//! The header text: `game=NAME`, one `param=KEY=VALUE` per parameter, `scheme=` the index scheme
//! ([`Indexed::index_scheme`]), `size=` the index size, `positions=` the reachable positions,
//! `block_slots=`, `blocks=`, `rules=` the fingerprint of the rules, one `symbol=VALUE
//! REMOTENESS` per outcome that occurs (remoteness `-` for draws), most frequent first: the
//! symbol table; one `count=VALUE REMOTENESS N` per value and remoteness; and one
//! `longest=VALUE REMOTENESS SLOT...` per value: its longest outcome and the first slots
//! (up to [`EXAMPLES`], zero-padded to the width of the largest slot) holding it.
//!
//! **Wins found from the moves** ([`Wins::FromMoves`], what `nimber solve --save` writes): every
//! won position has the one symbol `win ?`, and a reader finds its remoteness from the rules,
//! one more than the least remoteness of its moves into lost positions (stored), a ply of
//! lookups ([`probe`]); the counts stay exact. Wins are half of Dōbutsu shōgi's positions and
//! much of the remoteness's entropy: the file is a third smaller (below).
//!
//! A block holds the slots `k * block_slots ..` (the last one fewer), `n` of them: a bitmap of
//! `ceil(n / 8)` bytes (slot `i` in bit `i % 8` of byte `i / 8`) set for the slots that hold a
//! stored position (clear for a slot that is not reachable, or a hole of the index), then one
//! code byte per set bit, in slot order: `c` in 1..=254 for the outcome `symbol[c - 1]`, and 255
//! for an outcome further down the table (254 and on), given after the codes: one entry `(u32
//! slot in the block, u32 symbol number)` per code 255, in slot order. Codes of neighbouring
//! positions are alike, which zstd finds; the bitmap, regular where the index's holes are,
//! costs little. Dōbutsu shōgi's live index, solved lean: 249,442,767 slots, half of them holes,
//! 121,134,668 positions (246,803,167 reachable from the start under Tanaka's conventions); at
//! zstd level 12 in blocks of 16 Ki slots version 2 took 74,131,367 bytes, version 3 65,313,258;
//! version 4 with wins found from the moves takes 43,436,363 at level 5 (0.18 byte per
//! reachable position; `nimber solve dobutsu --save`, 2026-11-26).
//!
//! Version 3 has no `longest` lines and no `win ?` symbol. Version 2 differs from 3 in its
//! blocks: a code byte for every slot (0 for a slot without a position), then the exceptions,
//! and their CRC-32 leaves the version out. A block of a version 2 file is read as is, one of a
//! later version is expanded to that layout once decompressed and checked: the queries read one
//! layout.
//!
//! The file is written block by block as the blocks are compressed (in parallel, a batch at a
//! time), then the index, then the header's end fields are filled in; it is written under a
//! temporary name and renamed when complete. Opening checks the header checksum, the file
//! length (a truncated file is reported as such) and the group table; a group of the block
//! index is checked when it is read (its checksum, and its lengths against the group table's
//! offsets); a block's checksum
//! (which covers its number, so that a block read from the wrong place is caught too) is
//! checked after decompression, before any value is returned: a damaged block is an error,
//! never wrong values. A query reads the blocks of its slots only, a few kilobytes each, and
//! keeps the last [`CACHE_BLOCKS`] decompressed.

pub mod checkpoint;
pub mod files;
pub mod probe;
pub mod split;

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::value::{Outcome, Value};
use crate::solve::solution::CountRow;
use crate::table::dense::DenseSolution;
use crate::table::lean::{GroupOutcomes, LeanSolution};

/// The first bytes of every store.
pub const MAGIC: &[u8; 8] = b"NIMBERDB";
/// The format version written. Version 2 (a code byte for every slot of a block) is read too.
pub const VERSION: u32 = 4;
/// The oldest format version read.
pub const OLDEST_VERSION: u32 = 2;
/// Slots per block: small enough that a query decompresses a few kilobytes per block it
/// touches (about 8 µs a block), large enough that zstd finds the repetitions (measured on
/// Dōbutsu shōgi at level 9: 0.35 byte per position with 16 Ki slots, 0.37 with 8 Ki, 0.40 with
/// 4 Ki, 0.35 with 64 Ki, which take 3 times longer to decompress).
pub const BLOCK_SLOTS: u64 = 1 << 14;
/// The code of an outcome given in the block's list of exceptions.
const ESCAPE: u8 = 255;
/// Header text longer than this is refused (a corrupt length).
const MAX_TEXT: u32 = 1 << 24;
/// Blocks of more slots are refused: a block's raw bytes (at most 9 per slot) are allocated
/// when it is read, and up to [`CACHE_BLOCKS`] of them are kept (18 MiB at most).
const MAX_BLOCK_SLOTS: u64 = 1 << 16;
/// zstd level of the blocks. Dōbutsu shōgi's live index, solved lean and saved with wins found
/// from the moves (version 4; `/usr/bin/time nimber solve dobutsu --save`, 2-core AMD EPYC Zen 5
/// VM, 2026-11-26): level 3 45,360,490 bytes in a 1.5 s save, 5 43,436,363 bytes in 1.9 s, 12
/// 40,548,880 bytes in 5.8 s (of a 25-30 s solve).
const LEVEL: i32 = 5;
/// Bytes before the header text.
const FIXED: usize = 36;
/// Blocks compressed in parallel and written together: the writer's memory beyond the solution
/// is this many blocks (raw and compressed) and the block index (8 bytes per block).
const BATCH: u64 = 256;
// A batch lies within one group of a lean solution (LeanSlots reads a group at a time).
const _: () = assert!(BATCH * BLOCK_SLOTS <= 1 << crate::table::lean::MIN_GROUP_BITS);
/// Decompressed blocks kept by an open store.
pub const CACHE_BLOCKS: usize = 32;
/// Blocks per group of the block index.
pub const GROUP_BLOCKS: u64 = 256;

/// What a store says about itself: the game, its parameters, the index, the counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's registry name.
    pub game: String,
    /// Every parameter as `key=value`.
    pub params: Vec<(String, String)>,
    /// The index scheme, with its version.
    pub scheme: String,
    /// Slots of the index.
    pub size: u64,
    /// The fingerprint of the rules the solution was written for
    /// ([`crate::index::rules_fingerprint`]); `None` in files written before it was recorded.
    pub rules: Option<u64>,
    /// Reachable positions stored.
    pub positions: u64,
    /// Slots per block.
    pub block_slots: u64,
    /// The symbol table: code `c` in 1..=254 stands for `symbols[c - 1]`; later symbols are
    /// given by number in a block's exceptions.
    pub symbols: Vec<Entry>,
    /// Counts by value and remoteness.
    pub counts: Vec<CountRow>,
    /// For the longest outcome of each value (a row of `counts`), the first slots holding it,
    /// [`EXAMPLES`] at most (from version 4; empty in older files).
    pub longest: Vec<(Outcome, Vec<u64>)>,
}

/// What a store holds for a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// Its outcome, remoteness included.
    Outcome(Outcome),
    /// A win whose remoteness is not stored ([`Wins::FromMoves`]): one more than the least
    /// remoteness of its moves into lost positions, found by [`probe`].
    Win,
}

impl Entry {
    /// The value of the position.
    pub fn value(self) -> Value {
        match self {
            Entry::Outcome(o) => o.value(),
            Entry::Win => Value::Win,
        }
    }

    /// Whether `outcome` is what this entry stands for (any win, for [`Entry::Win`]).
    pub fn holds(self, outcome: Outcome) -> bool {
        match self {
            Entry::Outcome(o) => o == outcome,
            Entry::Win => outcome.value() == Value::Win,
        }
    }
}

/// How a store keeps the remoteness of won positions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wins {
    /// With its remoteness, like every other outcome: the store alone answers a slot.
    Exact,
    /// As "win" alone, the remoteness found from the rules when a position is read: one more
    /// than the least remoteness of its moves into lost positions, a ply of lookups
    /// ([`probe`]). For a game whose wins are most positions the file is much smaller
    /// (Dōbutsu shōgi: a third), and a query reads the blocks of its moves too.
    FromMoves,
}

fn outcome_text(value: Value, remoteness: Option<u32>) -> String {
    format!("{} {}", value.name(), remoteness.map_or("-".to_string(), |r| r.to_string()))
}

fn entry_text(entry: Entry) -> String {
    match entry {
        Entry::Outcome(o) => outcome_text(o.value(), o.remoteness()),
        Entry::Win => "win ?".to_string(),
    }
}

/// Example slots kept in the header per longest outcome.
pub const EXAMPLES: usize = 3;

impl Header {
    /// Number of blocks.
    pub fn blocks(&self) -> u64 {
        self.size.div_ceil(self.block_slots)
    }

    /// Slots in block `b`.
    pub fn slots_in(&self, b: u64) -> usize {
        (self.size - b * self.block_slots).min(self.block_slots) as usize
    }

    fn text(&self) -> String {
        let mut t = format!("game={}\n", self.game);
        for (k, v) in &self.params {
            t += &format!("param={k}={v}\n");
        }
        t += &format!(
            "scheme={}\nsize={}\npositions={}\nblock_slots={}\nblocks={}\n",
            self.scheme,
            self.size,
            self.positions,
            self.block_slots,
            self.blocks()
        );
        if let Some(rules) = self.rules {
            t += &format!("rules={rules:016x}\n");
        }
        for &e in &self.symbols {
            t += &format!("symbol={}\n", entry_text(e));
        }
        for row in &self.counts {
            t += &format!("count={} {}\n", outcome_text(row.value, row.remoteness), row.count);
        }
        // Zero-padded to the width of the largest slot: the header's length is known before
        // the blocks that give the slots are written.
        let width = self.size.saturating_sub(1).to_string().len();
        for (o, slots) in &self.longest {
            t += &format!("longest={}", outcome_text(o.value(), o.remoteness()));
            for s in slots {
                t += &format!(" {s:0width$}");
            }
            t += "\n";
        }
        t
    }

    /// The header of a file of format `version` from its text.
    fn parse(text: &str, version: u32) -> Result<Header, String> {
        let mut h = Header {
            game: String::new(),
            params: Vec::new(),
            scheme: String::new(),
            size: 0,
            rules: None,
            positions: 0,
            block_slots: 0,
            symbols: Vec::new(),
            counts: Vec::new(),
            longest: Vec::new(),
        };
        let mut blocks = None;
        let num = |key: &str, v: &str| v.parse::<u64>().map_err(|_| format!("bad header field `{key}={v}`"));
        for line in text.lines() {
            let (key, value) = line.split_once('=').ok_or_else(|| format!("bad header line `{line}`"))?;
            let bad = || format!("bad header line `{line}`");
            // `VALUE REMOTENESS` and what follows.
            let outcome = |parts: &mut std::str::Split<'_, char>| -> Result<(Value, Option<u32>), String> {
                let v = parts.next().and_then(Value::from_name).ok_or_else(bad)?;
                let r = match parts.next().ok_or_else(bad)? {
                    "-" if v == Value::Draw => None,
                    r if v != Value::Draw => Some(r.parse::<u32>().map_err(|_| bad())?),
                    _ => return Err(bad()),
                };
                Ok((v, r))
            };
            match key {
                "game" => h.game = value.to_string(),
                "param" => {
                    let (k, v) = value.split_once('=').ok_or_else(bad)?;
                    h.params.push((k.to_string(), v.to_string()));
                }
                "scheme" => h.scheme = value.to_string(),
                "size" => h.size = num(key, value)?,
                "positions" => h.positions = num(key, value)?,
                "block_slots" => h.block_slots = num(key, value)?,
                "blocks" => blocks = Some(num(key, value)?),
                "rules" => {
                    let hex = value.len() == 16 && value.bytes().all(|b| b.is_ascii_hexdigit());
                    let rules = u64::from_str_radix(value, 16).ok().filter(|_| hex);
                    h.rules = Some(rules.ok_or_else(|| format!("bad header field `rules={value}`"))?);
                }
                "symbol" if version >= 4 && value == "win ?" => h.symbols.push(Entry::Win),
                "symbol" => {
                    let mut parts = value.split(' ');
                    let (v, r) = outcome(&mut parts)?;
                    if parts.next().is_some() {
                        return Err(bad());
                    }
                    h.symbols.push(Entry::Outcome(Outcome::new(v, r.unwrap_or(0))));
                }
                "longest" if version >= 4 => {
                    let mut parts = value.split(' ');
                    let (v, r) = outcome(&mut parts)?;
                    let slots =
                        parts.map(|s| s.parse::<u64>().map_err(|_| bad())).collect::<Result<Vec<_>, _>>()?;
                    if slots.len() > EXAMPLES {
                        return Err(bad());
                    }
                    h.longest.push((Outcome::new(v, r.unwrap_or(0)), slots));
                }
                "count" => {
                    let mut parts = value.split(' ');
                    let (value, remoteness) = outcome(&mut parts)?;
                    let count = parts.next().and_then(|c| c.parse::<u64>().ok()).ok_or_else(bad)?;
                    if parts.next().is_some() {
                        return Err(bad());
                    }
                    h.counts.push(CountRow { value, remoteness, count });
                }
                _ => return Err(format!("unknown header field `{key}`")),
            }
        }
        if h.game.is_empty() || h.scheme.is_empty() {
            return Err("the header names no game or no index scheme".into());
        }
        if h.block_slots == 0 || h.block_slots > MAX_BLOCK_SLOTS {
            return Err(format!("bad block size in the header (block_slots={})", h.block_slots));
        }
        if blocks != Some(h.blocks()) {
            return Err("the header's block count does not match its size (blocks, size)".into());
        }
        if h.positions > h.size {
            return Err(format!(
                "the header has more positions ({}) than slots (size={})",
                h.positions, h.size
            ));
        }
        let total = h.counts.iter().try_fold(0u64, |sum, r| sum.checked_add(r.count));
        if total != Some(h.positions) {
            return Err("the header's counts do not add up to its positions (count, positions)".into());
        }
        let counted: std::collections::HashSet<(Value, Option<u32>)> =
            h.counts.iter().map(|r| (r.value, r.remoteness)).collect();
        let wins_derived = h.symbols.contains(&Entry::Win);
        let entry_of = |value, remoteness: Option<u32>| match value {
            Value::Win if wins_derived => Entry::Win,
            _ => Entry::Outcome(Outcome::new(value, remoteness.unwrap_or(0))),
        };
        let symbols: std::collections::HashSet<Entry> = h.symbols.iter().copied().collect();
        let wanted: std::collections::HashSet<Entry> =
            h.counts.iter().map(|r| entry_of(r.value, r.remoteness)).collect();
        // Each counted outcome once, each symbol once, the entries of the counted outcomes.
        if counted.len() != h.counts.len() || symbols.len() != h.symbols.len() || symbols != wanted {
            return Err("the header's symbol table does not match its counts (symbol, count)".into());
        }
        for (o, slots) in &h.longest {
            let count = h.counts.iter().find(|r| r.value == o.value() && r.remoteness == o.remoteness());
            let longest = h.counts.iter().filter(|r| r.value == o.value()).map(|r| r.remoteness).max();
            let fits =
                count.is_some_and(|c| slots.len() as u64 <= c.count && longest == Some(o.remoteness()));
            if !fits || slots.iter().any(|&s| s >= h.size) || slots.windows(2).any(|w| w[0] >= w[1]) {
                return Err(format!(
                    "bad header field `longest={}`",
                    outcome_text(o.value(), o.remoteness())
                ));
            }
        }
        Ok(h)
    }

    /// Symbol number `k` of the table.
    fn symbol(&self, k: usize) -> Option<Entry> {
        self.symbols.get(k).copied()
    }

    /// Whether the remoteness of wins is found from the rules ([`Wins::FromMoves`]).
    pub fn wins_from_moves(&self) -> bool {
        self.symbols.contains(&Entry::Win)
    }
}

fn corrupt(path: &Path, what: impl Into<String>) -> Error {
    Error::Corrupt { path: path.display().to_string(), what: what.into() }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io { path: path.display().to_string(), source }
}

/// The CRC-32 of a block of a file of format `version`: its number, from version 3 the version,
/// then its raw bytes (so that a block is never read with the layout of another version).
fn block_crc(version: u32, b: u64, raw: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&b.to_le_bytes());
    if version >= 3 {
        h.update(&version.to_le_bytes());
    }
    h.update(raw);
    h.finalize()
}

/// The raw bytes of a version 3 block from those of a version 2 block of `n` slots (a code per
/// slot, then the exceptions): a bit per slot (slot `i` in bit `i % 8` of byte `i / 8`), set
/// for the slots that hold a position, then the codes of those slots only, then the exceptions.
fn compact(raw: &[u8], n: usize) -> Vec<u8> {
    let (codes, exceptions) = raw.split_at(n);
    let mut out = vec![0u8; n.div_ceil(8)];
    for (i, &c) in codes.iter().enumerate() {
        if c != 0 {
            out[i / 8] |= 1 << (i % 8);
        }
    }
    out.extend(codes.iter().copied().filter(|&c| c != 0));
    out.extend_from_slice(exceptions);
    out
}

/// The raw bytes of a version 2 block from those of a version 3 block of `n` slots
/// ([`compact`]), into `out`; `Err` says what is wrong with them.
fn expand(raw: &[u8], n: usize, out: &mut Vec<u8>) -> Result<(), &'static str> {
    let bits = n.div_ceil(8);
    if raw.len() < bits {
        return Err("shorter than its bitmap");
    }
    let (bitmap, rest) = raw.split_at(bits);
    if !n.is_multiple_of(8) && bitmap[bits - 1] >> (n % 8) != 0 {
        return Err("bits past the end of the block");
    }
    let present = bitmap.iter().map(|b| b.count_ones() as usize).sum::<usize>();
    if rest.len() < present || !(rest.len() - present).is_multiple_of(8) {
        return Err("codes and exceptions do not match its bitmap");
    }
    let (codes, exceptions) = rest.split_at(present);
    if codes.contains(&0) {
        return Err("a position without a code");
    }
    out.clear();
    out.resize(n, 0);
    let mut next = codes.iter();
    for (i, slot) in out.iter_mut().enumerate() {
        if bitmap[i / 8] >> (i % 8) & 1 != 0 {
            *slot = *next.next().expect("as many codes as bits, counted above");
        }
    }
    out.extend_from_slice(exceptions);
    Ok(())
}

/// A solution the store is written from: the outcome of every slot of the index (`None` for a
/// slot that is not a stored position), read a range of slots at a time.
pub trait Slots {
    /// Positions stored: the slots with an outcome.
    fn positions(&self) -> u64;

    /// Counts of the positions by value and remoteness.
    fn counts(&self) -> Vec<CountRow>;

    /// Calls `f` with the outcomes of the slots in `range` (the writer asks for ranges in
    /// increasing order, each within one aligned range of 2^22 slots).
    fn read_range(&self, range: std::ops::Range<u64>, f: &mut dyn FnMut(&SlotFn<'_>)) -> Result<(), Error>;
}

/// The outcome of a slot, as [`Slots::read_range`] gives it.
pub type SlotFn<'a> = dyn Fn(u64) -> Option<Outcome> + Sync + 'a;

impl Slots for DenseSolution {
    fn positions(&self) -> u64 {
        self.len()
    }

    fn counts(&self) -> Vec<CountRow> {
        DenseSolution::counts(self)
    }

    fn read_range(&self, _: std::ops::Range<u64>, f: &mut dyn FnMut(&SlotFn<'_>)) -> Result<(), Error> {
        f(&|slot| self.get_slot(slot));
        Ok(())
    }
}

/// A [`LeanSolution`] with its game, read a group of slots at a time (the group last read is
/// kept: a group holds one or more of the writer's ranges).
pub struct LeanSlots<'a> {
    solution: &'a LeanSolution,
    last: Mutex<Option<GroupOutcomes<'a>>>,
}

impl<'a> LeanSlots<'a> {
    /// A lean solution, to be written.
    pub fn new(solution: &'a LeanSolution) -> Self {
        LeanSlots { solution, last: Mutex::new(None) }
    }
}

impl Slots for LeanSlots<'_> {
    fn positions(&self) -> u64 {
        self.solution.positions()
    }

    fn counts(&self) -> Vec<CountRow> {
        self.solution.counts().to_vec()
    }

    fn read_range(&self, range: std::ops::Range<u64>, f: &mut dyn FnMut(&SlotFn<'_>)) -> Result<(), Error> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let g = range.start >> self.solution.group_bits();
        if last.as_ref().is_none_or(|o| !o.range().contains(&range.start)) {
            *last = None; // the group before is let go before the next is read
            *last = Some(self.solution.group(g)?);
        }
        let group = last.as_ref().expect("read above");
        debug_assert!(range.end <= group.range().end);
        f(&|slot| group.get(slot));
        Ok(())
    }
}

/// The symbol of every outcome counted, and which of the longest outcomes it is (if one), by
/// value and remoteness: a lookup per slot while blocks are encoded.
struct CodeTable {
    by_value: [Vec<(u32, u8)>; 4],
}

/// In a [`CodeTable`]: an outcome that is not one of the longest.
const NOT_LONGEST: u8 = u8::MAX;

impl CodeTable {
    fn new(codes: &[(Outcome, u32)], longest: &[Outcome]) -> CodeTable {
        let mut by_value: [Vec<(u32, u8)>; 4] = Default::default();
        for &(o, code) in codes {
            let table = &mut by_value[o.value().index()];
            let r = o.remoteness().unwrap_or(0) as usize;
            if table.len() <= r {
                table.resize(r + 1, (u32::MAX, NOT_LONGEST));
            }
            let j = longest.iter().position(|&l| l == o).map_or(NOT_LONGEST, |j| j as u8);
            table[r] = (code, j);
        }
        CodeTable { by_value }
    }

    /// The symbol of `o`, and its place among the longest outcomes ([`NOT_LONGEST`] for none).
    #[inline]
    fn get(&self, o: Outcome) -> (u32, u8) {
        let entry = self.by_value[o.value().index()].get(o.remoteness().unwrap_or(0) as usize);
        *entry.filter(|e| e.0 != u32::MAX).expect("every outcome of a solution is counted")
    }
}

/// The raw bytes of block `b`: a code per slot, then the exceptions; and the block's first
/// slots (up to [`EXAMPLES`]) of each of the `longest` outcomes, as (outcome number, slot).
fn encode_block(
    solution: &SlotFn<'_>,
    header: &Header,
    codes: &CodeTable,
    longest: usize,
    b: u64,
) -> (Vec<u8>, Vec<(usize, u64)>) {
    let first = b * header.block_slots;
    let n = header.slots_in(b);
    let mut raw = vec![0u8; n];
    let mut exceptions = Vec::new();
    let mut examples = Vec::new();
    let mut found = vec![0; longest];
    for (i, code) in raw.iter_mut().enumerate() {
        if let Some(o) = solution(first + i as u64) {
            let (k, j) = codes.get(o);
            if k < ESCAPE as u32 - 1 {
                *code = k as u8 + 1;
            } else {
                *code = ESCAPE;
                exceptions.extend_from_slice(&(i as u32).to_le_bytes());
                exceptions.extend_from_slice(&k.to_le_bytes());
            }
            if j != NOT_LONGEST && found[j as usize] < EXAMPLES {
                found[j as usize] += 1;
                examples.push((j as usize, first + i as u64));
            }
        }
    }
    raw.extend_from_slice(&exceptions);
    (raw, examples)
}

/// A block compressed, as the writer puts it in the file ([`Plan::encode`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packed {
    /// The block's number.
    pub block: u64,
    /// Its zstd frame.
    pub frame: Vec<u8>,
    /// The CRC-32 of its raw bytes (with its number and the version).
    pub crc: u32,
    /// Its first slots of each of the header's longest outcomes, as (outcome number, slot).
    pub examples: Vec<(usize, u64)>,
}

/// What a stored solution is a solution of: the game's registry name, its parameters, its index
/// (scheme and size) and its rules' fingerprint ([`crate::index::rules_fingerprint`]).
#[derive(Copy, Clone, Debug)]
pub struct Identity<'a> {
    pub game: &'a str,
    pub params: &'a [(String, String)],
    pub scheme: &'a str,
    pub size: u64,
    pub rules: u64,
    /// How the remoteness of wins is kept: [`Wins::FromMoves`] only for a solution of the game
    /// whose rules will read the store.
    pub wins: Wins,
}

/// What a store's blocks hold, decided before any block is written: the header (but for the
/// examples of the longest outcomes, found in the blocks) and the symbol of every outcome, from
/// the counts of the solution. Whoever encodes blocks of one store uses one plan (or equal
/// ones: a plan is a function of its identity, positions and counts).
pub struct Plan {
    header: Header,
    codes: CodeTable,
    /// The longest outcome of each value, and how many examples of it the header gives.
    longest: Vec<(Outcome, usize)>,
}

impl Plan {
    /// The plan of a store of `positions` positions counted by `counts`, for `identity`.
    pub fn new(identity: &Identity<'_>, positions: u64, counts: Vec<CountRow>) -> Result<Plan, Error> {
        let Identity { game, params, scheme, size, rules, wins } = *identity;
        let bad_text = |s: &str| s.contains('\n') || s.contains('\r');
        if bad_text(game)
            || bad_text(scheme)
            || params.iter().any(|(k, v)| bad_text(k) || bad_text(v) || k.contains('='))
        {
            return Err(Error::Unsupported(
                "a game name, parameter or index scheme with a line break cannot be stored".into(),
            ));
        }
        // Symbols by their positions, most first; a win's outcome coded as its entry's symbol.
        let entry_of = |o: Outcome| match o.value() {
            Value::Win if wins == Wins::FromMoves => Entry::Win,
            _ => Entry::Outcome(o),
        };
        let mut per_entry: FxHashMap<Entry, u64> = FxHashMap::default();
        for r in &counts {
            *per_entry.entry(entry_of(Outcome::new(r.value, r.remoteness.unwrap_or(0)))).or_default() +=
                r.count;
        }
        let mut symbols: Vec<(Entry, u64)> = per_entry.into_iter().collect();
        symbols.sort_by_key(|&(e, n)| {
            let (v, r) = match e {
                Entry::Outcome(o) => (o.value(), o.remoteness()),
                Entry::Win => (Value::Win, None),
            };
            (std::cmp::Reverse(n), v.index(), r)
        });
        let symbols: Vec<Entry> = symbols.into_iter().map(|(e, _)| e).collect();
        let codes: Vec<(Outcome, u32)> = counts
            .iter()
            .map(|r| {
                let o = Outcome::new(r.value, r.remoteness.unwrap_or(0));
                (o, symbols.iter().position(|&e| e == entry_of(o)).expect("every entry has a symbol") as u32)
            })
            .collect();
        let longest: Vec<(Outcome, usize)> = Value::ALL
            .iter()
            .filter_map(|&v| counts.iter().filter(|r| r.value == v).max_by_key(|r| r.remoteness))
            .map(|r| (Outcome::new(r.value, r.remoteness.unwrap_or(0)), (r.count as usize).min(EXAMPLES)))
            .collect();
        let longest_outcomes: Vec<Outcome> = longest.iter().map(|&(o, _)| o).collect();
        let codes = CodeTable::new(&codes, &longest_outcomes);
        let header = Header {
            game: game.to_string(),
            params: params.to_vec(),
            scheme: scheme.to_string(),
            size,
            rules: Some(rules),
            positions,
            block_slots: BLOCK_SLOTS,
            symbols,
            counts,
            // Placeholders of the examples' length, filled in as the blocks are written.
            longest: longest.iter().map(|&(o, n)| (o, vec![0; n])).collect(),
        };
        Ok(Plan { header, codes, longest })
    }

    /// Blocks of the store.
    pub fn blocks(&self) -> u64 {
        self.header.blocks()
    }

    /// The blocks the writer asks for at a time, in order: ranges of up to 256 blocks (`BATCH`).
    pub fn batches(&self) -> impl Iterator<Item = std::ops::Range<u64>> {
        let blocks = self.blocks();
        (0..blocks).step_by(BATCH as usize).map(move |b| b..(b + BATCH).min(blocks))
    }

    /// The slots of the blocks `blocks`.
    pub fn slots_of(&self, blocks: std::ops::Range<u64>) -> std::ops::Range<u64> {
        let size = self.header.size;
        (blocks.start * self.header.block_slots).min(size)..(blocks.end * self.header.block_slots).min(size)
    }

    /// The blocks `blocks` encoded and compressed (in parallel), from the outcomes of their
    /// slots.
    pub fn encode(&self, outcomes: &SlotFn<'_>, blocks: std::ops::Range<u64>) -> Vec<Packed> {
        blocks
            .into_par_iter()
            .map_init(
                || zstd::bulk::Compressor::new(LEVEL).expect("a zstd context"),
                |zstd, b| {
                    let (raw, examples) =
                        encode_block(outcomes, &self.header, &self.codes, self.longest.len(), b);
                    let raw = compact(&raw, self.header.slots_in(b));
                    let mut frame = zstd.compress(&raw).expect("zstd compresses in memory");
                    // Held until written (by a member of a split solve, all its blocks): not
                    // the compressor's bound.
                    frame.shrink_to_fit();
                    Packed { block: b, frame, crc: block_crc(VERSION, b, &raw), examples }
                },
            )
            .collect()
    }
}

/// Writes a solution (dense, or lean through [`LeanSlots`]) to `path` (through `path.tmp-PID`, renamed when complete):
/// `identity` says what was solved; the slots are `0..size`. The blocks
/// written are reported to `progress` ([`Silent`](crate::Silent) for none), and the write stops with
/// [`Error::Cancelled`] (the temporary file removed) when it asks to.
pub fn write(
    path: &Path,
    identity: &Identity<'_>,
    solution: &dyn Slots,
    progress: &dyn Progress,
) -> Result<Header, Error> {
    let plan = Plan::new(identity, solution.positions(), solution.counts())?;
    write_planned(path, &plan, progress, &mut |blocks| {
        if progress.cancelled() {
            return Err(Error::Cancelled { checkpoint: None });
        }
        let mut packed = Vec::new();
        solution.read_range(plan.slots_of(blocks.clone()), &mut |outcomes| {
            packed = plan.encode(outcomes, blocks.clone());
        })?;
        Ok(packed)
    })
}

/// Writes the store of `plan` to `path` (through `path.tmp-PID`, renamed when complete), its
/// blocks as `next` gives them: called with each of [`Plan::batches`] in order, it returns
/// that batch's blocks, compressed, in order (its error, [`Error::Cancelled`] included, stops
/// the write and removes the temporary file). The batches written are reported to `progress`.
pub fn write_planned(
    path: &Path,
    plan: &Plan,
    progress: &dyn Progress,
    next: &mut dyn FnMut(std::ops::Range<u64>) -> Result<Vec<Packed>, Error>,
) -> Result<Header, Error> {
    let mut header = plan.header.clone();
    let longest = &plan.longest;
    let text = header.text();
    let mut found: Vec<Vec<u64>> = vec![Vec::new(); longest.len()];
    let mut head = Vec::with_capacity(FIXED + text.len() + 4);
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&VERSION.to_le_bytes());
    head.extend_from_slice(&(text.len() as u32).to_le_bytes());
    head.resize(FIXED, 0); // file_len, index_offset, groups_crc: filled in at the end
    head.extend_from_slice(text.as_bytes());
    head.extend_from_slice(&[0; 4]); // header_crc

    // Removed when dropped, on any error.
    let file = crate::store::files::TempFile::create(path)?;
    let tmp = file.tmp_path().to_path_buf();
    let result = (|| -> Result<(), Error> {
        let mut f = std::io::BufWriter::new(file);
        f.write_all(&head).map_err(io(&tmp))?;
        let blocks = header.blocks();
        let mut index = Vec::with_capacity(blocks as usize * 8);
        let mut offset = head.len() as u64;
        progress.phase("saving", Some(blocks));
        for batch in plan.batches() {
            let packed = next(batch.clone())?;
            if packed.len() as u64 != batch.end - batch.start
                || packed.iter().zip(batch.clone()).any(|(p, b)| p.block != b)
            {
                return Err(Error::Unsupported(format!(
                    "the blocks {batch:?} of the store came out of order or incomplete ({} given)",
                    packed.len()
                )));
            }
            for p in &packed {
                for &(k, slot) in &p.examples {
                    if k < found.len() && found[k].len() < longest[k].1 {
                        found[k].push(slot);
                    }
                }
                f.write_all(&p.frame).map_err(io(&tmp))?;
                index.extend_from_slice(&(p.frame.len() as u32).to_le_bytes());
                index.extend_from_slice(&p.crc.to_le_bytes());
                offset += p.frame.len() as u64;
            }
            progress.advance(packed.len() as u64);
        }
        f.write_all(&index).map_err(io(&tmp))?;
        // The examples found, in the text of the same length as the placeholders'.
        for ((_, slots), found) in header.longest.iter_mut().zip(&mut found) {
            if found.len() != slots.len() {
                return Err(Error::Unsupported(format!(
                    "the solution's counts and its slots disagree ({} slots found of an outcome counted {} times)",
                    found.len(),
                    slots.len()
                )));
            }
            *slots = std::mem::take(found);
        }
        let text = header.text();
        debug_assert_eq!(text.len(), head.len() - FIXED - 4);
        head[FIXED..FIXED + text.len()].copy_from_slice(text.as_bytes());
        let groups = group_table(&index, head.len() as u64);
        f.write_all(&groups).map_err(io(&tmp))?;
        let file_len = offset + index.len() as u64 + groups.len() as u64;
        head[16..24].copy_from_slice(&file_len.to_le_bytes());
        head[24..32].copy_from_slice(&offset.to_le_bytes());
        head[32..36].copy_from_slice(&crc32fast::hash(&groups).to_le_bytes());
        let crc_at = head.len() - 4;
        let crc = crc32fast::hash(&head[..crc_at]);
        head[crc_at..].copy_from_slice(&crc.to_le_bytes());
        let mut f = f.into_inner().map_err(|e| io(&tmp)(e.into_error()))?;
        f.seek(SeekFrom::Start(0)).map_err(io(&tmp))?;
        f.write_all(&head).map_err(io(&tmp))?;
        f.commit()
    })();
    result.map(|()| header)
}

/// The group table of a block index (whose blocks start at `first`): per group, the offset of
/// its first block and the CRC-32 of its entries.
fn group_table(index: &[u8], first: u64) -> Vec<u8> {
    let mut table = Vec::new();
    let mut offset = first;
    for entries in index.chunks(GROUP_BLOCKS as usize * 8) {
        table.extend_from_slice(&offset.to_le_bytes());
        table.extend_from_slice(&crc32fast::hash(entries).to_le_bytes());
        offset += entries
            .chunks_exact(8)
            .map(|e| u32::from_le_bytes(e[..4].try_into().unwrap()) as u64)
            .sum::<u64>();
    }
    table
}

/// An open store: the header and the group table in memory, groups of the block index and
/// blocks read on demand (the last [`CACHE_BLOCKS`] blocks read are kept).
pub struct Store {
    path: PathBuf,
    /// The file's format version: [`OLDEST_VERSION`] to [`VERSION`].
    version: u32,
    header: Header,
    /// Where the block index starts (and the blocks end).
    index_offset: u64,
    /// Per group of blocks: where its first block starts, and the CRC-32 of its index entries;
    /// then the end of the blocks.
    groups: Vec<(u64, u32)>,
    file_len: u64,
    reader: Mutex<Reader>,
    /// Set once the rules of a game reading the store matched the recorded fingerprint
    /// ([`Store::check_index`]): the fingerprint is computed once per opened store (a store is
    /// read with the one game built for it).
    rules_matched: std::sync::OnceLock<()>,
}

/// The open file, the groups of the block index read so far, the blocks read last (most recent
/// first) and the decompression context.
struct Reader {
    src: Source,
    /// Per group, once read: where each block starts (one more for the end) and its CRC-32.
    index: Vec<Option<(Vec<u64>, Vec<u32>)>>,
    cache: Vec<(u64, Vec<u8>)>,
    /// The last frame read.
    packed: Vec<u8>,
    /// The last version 3 block decompressed, before it is expanded.
    compact: Vec<u8>,
    zstd: zstd::bulk::Decompressor<'static>,
    /// Blocks read from the file and decompressed so far.
    blocks_read: u64,
}

/// The version of a file, the little-endian `u32` after the magic bytes.
fn version_of(fixed: &[u8]) -> u32 {
    u32::from_le_bytes(fixed[8..12].try_into().unwrap())
}

/// Anything a store can be read from besides a file: bytes in memory (`std::io::Cursor`), for
/// tests and fuzz targets.
pub trait ReadSeek: Read + Seek + Send {}

impl<T: Read + Seek + Send> ReadSeek for T {}

/// Where a store's bytes come from.
enum Source {
    /// A file, read with positioned reads (one system call per read on Unix).
    File(File),
    /// Any reader, read with a seek then a read.
    Other(Box<dyn ReadSeek>),
}

impl Source {
    /// Fills `buf` from `offset`.
    fn read_at(&mut self, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
        match self {
            Source::File(file) => read_at(file, buf, offset),
            Source::Other(r) => {
                r.seek(SeekFrom::Start(offset))?;
                r.read_exact(buf)
            }
        }
    }
}

impl Store {
    /// Opens a store, checking the header, the file's length and the block index. A file of
    /// another format version is refused with [`Error::Unsupported`].
    pub fn open(path: &Path) -> Result<Store, Error> {
        let file = File::open(path).map_err(io(path))?;
        let len = file.metadata().map_err(io(path))?.len();
        Self::open_source(Source::File(file), len, path)
    }

    /// Opens a store from any reader (bytes in memory: `std::io::Cursor::new(bytes)`), with
    /// every check of [`Store::open`]; `path` only names the store in error messages. This is
    /// the entry point of the fuzz targets: whatever the bytes, the result is a store or an
    /// error (never a panic, an abort or an allocation larger than the bytes justify), and so
    /// are the queries of a store it opens ([`Store::get`], [`Store::scan`]).
    pub fn from_reader(mut reader: impl ReadSeek + 'static, path: &Path) -> Result<Store, Error> {
        let len = reader.seek(SeekFrom::End(0)).map_err(io(path))?;
        Self::open_source(Source::Other(Box::new(reader)), len, path)
    }

    /// [`Store::from_reader`] over bytes in memory.
    pub fn from_bytes(bytes: Vec<u8>, path: &Path) -> Result<Store, Error> {
        Self::from_reader(std::io::Cursor::new(bytes), path)
    }

    /// Opens a store from `src`, `len` bytes long. Every size, count and offset of the header is
    /// checked with checked arithmetic against `len` before anything sized by it is allocated.
    fn open_source(mut src: Source, len: u64, path: &Path) -> Result<Store, Error> {
        let truncated = |what: &str| corrupt(path, format!("truncated file ({what})"));
        let mut fixed = [0u8; FIXED];
        let got = len.min(FIXED as u64) as usize;
        src.read_at(&mut fixed[..got], 0).map_err(io(path))?;
        if got < 8 {
            return Err(corrupt(path, "not a nimber store (too short)"));
        }
        if &fixed[..8] != MAGIC {
            return Err(corrupt(path, "not a nimber store (bad magic bytes)"));
        }
        if got < 12 {
            return Err(truncated("header"));
        }
        let version = version_of(&fixed);
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            // A header whose version bytes were damaged still checks with the version written.
            if got == FIXED
                && (OLDEST_VERSION..=VERSION).any(|v| Self::header_checks_as(&mut src, &fixed, len, v))
            {
                return Err(corrupt(path, "damaged format version"));
            }
            return Err(Error::Unsupported(format!(
                "{}: unsupported version {version} of the solved-game file format (this nimber reads \
                 versions {OLDEST_VERSION} to {VERSION}); solve the game again with --save",
                path.display()
            )));
        }
        if got < FIXED {
            return Err(truncated("header"));
        }
        let text_len = u32::from_le_bytes(fixed[12..16].try_into().unwrap());
        let file_len = u64::from_le_bytes(fixed[16..24].try_into().unwrap());
        let index_offset = u64::from_le_bytes(fixed[24..32].try_into().unwrap());
        let groups_crc = u32::from_le_bytes(fixed[32..36].try_into().unwrap());
        if text_len > MAX_TEXT {
            return Err(corrupt(path, format!("bad header length (text_len {text_len})")));
        }
        // At most 16 MiB + 40: no overflow.
        let header_end = FIXED as u64 + text_len as u64 + 4;
        if header_end > len {
            return Err(truncated("header"));
        }
        let mut rest = vec![0u8; text_len as usize + 4];
        src.read_at(&mut rest, FIXED as u64).map_err(|_| truncated("header"))?;
        let (text, crc) = rest.split_at(text_len as usize);
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&fixed);
        hasher.update(text);
        if hasher.finalize() != u32::from_le_bytes(crc.try_into().unwrap()) {
            return Err(corrupt(path, "header checksum mismatch"));
        }
        if len < file_len {
            return Err(truncated(&format!("{len} bytes, the header says {file_len}")));
        }
        if len > file_len {
            return Err(corrupt(path, format!("{} bytes after the end", len - file_len)));
        }
        let text = std::str::from_utf8(text).map_err(|_| corrupt(path, "header is not UTF-8"))?;
        let header = Header::parse(text, version).map_err(|what| corrupt(path, what))?;

        // file_len = index_offset + 8 * blocks + 12 * groups, every step checked: a header whose
        // sums wrap around is refused here, before the group table is allocated.
        let blocks = header.blocks();
        let groups = blocks.div_ceil(GROUP_BLOCKS);
        let index_len = blocks.checked_mul(8);
        let table_len = groups.checked_mul(12);
        let table_at = index_len.and_then(|n| n.checked_add(index_offset));
        let ends = table_at.zip(table_len).and_then(|(at, n)| at.checked_add(n));
        if index_offset < header_end || ends != Some(file_len) {
            return Err(corrupt(
                path,
                format!(
                    "bad block index position (index_offset {index_offset}, {blocks} blocks, file_len {file_len})"
                ),
            ));
        }
        // Both within the file now.
        let (table_at, table_len) = (table_at.unwrap(), table_len.unwrap() as usize);
        let mut raw = vec![0u8; table_len];
        src.read_at(&mut raw, table_at).map_err(|_| truncated("block index"))?;
        if crc32fast::hash(&raw) != groups_crc {
            return Err(corrupt(path, "block index checksum mismatch (group table, groups_crc)"));
        }
        let mut table: Vec<(u64, u32)> = raw
            .chunks_exact(12)
            .map(|e| {
                (
                    u64::from_le_bytes(e[..8].try_into().unwrap()),
                    u32::from_le_bytes(e[8..].try_into().unwrap()),
                )
            })
            .collect();
        table.push((index_offset, 0));
        if table[0].0 != header_end || table.windows(2).any(|w| w[1].0 < w[0].0) {
            return Err(corrupt(path, "bad block offsets in the group table"));
        }
        let zstd = zstd::bulk::Decompressor::new().map_err(io(path))?;
        Ok(Store {
            path: path.to_path_buf(),
            version,
            header,
            index_offset,
            groups: table,
            file_len,
            reader: Mutex::new(Reader {
                src,
                index: vec![None; groups as usize],
                cache: Vec::new(),
                packed: Vec::new(),
                compact: Vec::new(),
                zstd,
                blocks_read: 0,
            }),
            rules_matched: std::sync::OnceLock::new(),
        })
    }

    /// Whether the header checks out once the version bytes are put back to `version`.
    fn header_checks_as(src: &mut Source, fixed: &[u8; FIXED], len: u64, version: u32) -> bool {
        let text_len = u32::from_le_bytes(fixed[12..16].try_into().unwrap());
        if text_len > MAX_TEXT || FIXED as u64 + text_len as u64 + 4 > len {
            return false;
        }
        let mut rest = vec![0u8; text_len as usize + 4];
        if src.read_at(&mut rest, FIXED as u64).is_err() {
            return false;
        }
        let (text, crc) = rest.split_at(text_len as usize);
        let mut fixed = *fixed;
        fixed[8..12].copy_from_slice(&version.to_le_bytes());
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&fixed);
        hasher.update(text);
        hasher.finalize() == u32::from_le_bytes(crc.try_into().unwrap())
    }

    /// Whether the rules match the recorded fingerprint (yes when none is recorded; else the
    /// rules' fingerprint and the recorded one): `fingerprint()` of the rules is asked until they
    /// have matched once.
    pub(crate) fn rules_match(&self, fingerprint: impl FnOnce() -> u64) -> Result<(), (u64, u64)> {
        let Some(stored) = self.header.rules else { return Ok(()) };
        if self.rules_matched.get().is_some() {
            return Ok(());
        }
        let rules = fingerprint();
        if rules != stored {
            return Err((rules, stored));
        }
        let _ = self.rules_matched.set(());
        Ok(())
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes of the file.
    pub fn file_len(&self) -> u64 {
        self.file_len
    }

    /// Blocks read from the file and decompressed since the store was opened (cache misses).
    pub fn blocks_read(&self) -> u64 {
        self.reader.lock().unwrap_or_else(|e| e.into_inner()).blocks_read
    }

    /// The raw bytes of block `b`, checked, handed to `f`.
    fn with_block<T>(&self, b: u64, f: impl FnOnce(&[u8]) -> T) -> Result<T, Error> {
        let mut guard = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        let reader = &mut *guard;
        match reader.cache.iter().position(|(k, _)| *k == b) {
            Some(0) => {}
            Some(at) => {
                let entry = reader.cache.remove(at);
                reader.cache.insert(0, entry);
            }
            None => {
                let mut buf = if reader.cache.len() >= CACHE_BLOCKS {
                    reader.cache.pop().unwrap().1
                } else {
                    Vec::new()
                };
                self.read_block(reader, b, &mut buf)?;
                reader.cache.insert(0, (b, buf));
            }
        }
        Ok(f(&reader.cache[0].1))
    }

    /// Where block `b` starts and ends, and its CRC-32, from its group of the block index (read
    /// and checked the first time).
    fn locate(&self, reader: &mut Reader, b: u64) -> Result<(u64, u64, u32), Error> {
        let g = (b / GROUP_BLOCKS) as usize;
        if reader.index[g].is_none() {
            let path = &self.path;
            let bad = |what: &str| corrupt(path, format!("block index group {g}: {what}"));
            let first = g as u64 * GROUP_BLOCKS;
            let n = (self.header.blocks() - first).min(GROUP_BLOCKS) as usize;
            let mut raw = vec![0u8; n * 8];
            reader.src.read_at(&mut raw, self.index_offset + first * 8).map_err(|_| bad("truncated"))?;
            if crc32fast::hash(&raw) != self.groups[g].1 {
                return Err(bad("checksum mismatch"));
            }
            let mut offsets = Vec::with_capacity(n + 1);
            let mut crcs = Vec::with_capacity(n);
            let mut at = self.groups[g].0;
            for e in raw.chunks_exact(8) {
                offsets.push(at);
                at = at.saturating_add(u32::from_le_bytes(e[..4].try_into().unwrap()) as u64);
                crcs.push(u32::from_le_bytes(e[4..].try_into().unwrap()));
            }
            offsets.push(at);
            if at != self.groups[g + 1].0 {
                return Err(bad("block lengths do not match the group offsets"));
            }
            reader.index[g] = Some((offsets, crcs));
        }
        let (offsets, crcs) = reader.index[g].as_ref().unwrap();
        let k = (b % GROUP_BLOCKS) as usize;
        Ok((offsets[k], offsets[k + 1], crcs[k]))
    }

    fn read_block(&self, reader: &mut Reader, b: u64, buf: &mut Vec<u8>) -> Result<(), Error> {
        let (start, end, crc) = self.locate(reader, b)?;
        let mut packed = std::mem::take(&mut reader.packed);
        packed.resize((end - start) as usize, 0);
        let result = self.unpack(reader, b, &mut packed, start, crc, buf);
        reader.packed = packed;
        result
    }

    /// Reads block `b`'s frame (at `start`, `packed.len()` bytes) into `packed` and its raw
    /// bytes, checked against `crc`, into `buf`.
    fn unpack(
        &self,
        reader: &mut Reader,
        b: u64,
        packed: &mut [u8],
        start: u64,
        crc: u32,
        buf: &mut Vec<u8>,
    ) -> Result<(), Error> {
        let path = &self.path;
        reader.src.read_at(packed, start).map_err(|_| corrupt(path, format!("block {b}: truncated")))?;
        reader.blocks_read += 1;
        let n = self.header.slots_in(b);
        // Version 2: the codes, then at most one 8-byte exception per slot. Version 3: the
        // bitmap, at most a code per slot, then the exceptions.
        let size = zstd::zstd_safe::get_frame_content_size(packed).ok().flatten();
        let (least, most) = match self.version {
            2 => (n as u64, 9 * n as u64),
            _ => (n.div_ceil(8) as u64, (n.div_ceil(8) + 9 * n) as u64),
        };
        let size = match size {
            Some(s)
                if (least..=most).contains(&s) && (self.version != 2 || (s - least).is_multiple_of(8)) =>
            {
                s as usize
            }
            _ => return Err(corrupt(path, format!("block {b}: bad frame header"))),
        };
        let raw = if self.version == 2 { &mut *buf } else { &mut reader.compact };
        raw.clear();
        raw.reserve(size);
        let got = reader
            .zstd
            .decompress_to_buffer(&*packed, raw)
            .map_err(|_| corrupt(path, format!("block {b}: does not decompress")))?;
        if got != size {
            return Err(corrupt(path, format!("block {b}: {got} bytes, expected {size}")));
        }
        if block_crc(self.version, b, raw) != crc {
            return Err(corrupt(path, format!("block {b}: checksum mismatch")));
        }
        if self.version != 2 {
            expand(&reader.compact, n, buf).map_err(|what| corrupt(path, format!("block {b}: {what}")))?;
        }
        Ok(())
    }

    /// The entry in slot `i` of a block's raw bytes (`n` slots).
    fn decode(&self, b: u64, raw: &[u8], n: usize, i: usize) -> Result<Option<Entry>, Error> {
        let bad = |what: &str| corrupt(&self.path, format!("block {b}: {what}"));
        let k = match raw[i] {
            0 => return Ok(None),
            ESCAPE => {
                let exceptions = &raw[n..];
                let count = exceptions.len() / 8;
                let slot_of = |e: usize| u32::from_le_bytes(exceptions[8 * e..8 * e + 4].try_into().unwrap());
                let (mut lo, mut hi) = (0, count);
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if (slot_of(mid) as usize) < i {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                if lo == count || slot_of(lo) as usize != i {
                    return Err(bad("an escaped code without its entry"));
                }
                u32::from_le_bytes(exceptions[8 * lo + 4..8 * lo + 8].try_into().unwrap()) as usize
            }
            c => c as usize - 1,
        };
        self.header.symbol(k).map(Some).ok_or_else(|| bad("a code past the symbol table"))
    }

    /// The entry in slot `slot`: `None` when it is not reachable (or out of the index). A
    /// position of a game is read with [`probe::outcome`], which finds the remoteness of a
    /// [`Entry::Win`].
    pub fn entry(&self, slot: u64) -> Result<Option<Entry>, Error> {
        if slot >= self.header.size {
            return Ok(None);
        }
        let bs = self.header.block_slots;
        let b = slot / bs;
        let n = self.header.slots_in(b);
        self.with_block(b, |raw| self.decode(b, raw, n, (slot % bs) as usize))?
    }

    /// The outcome in slot `slot` of a store whose every outcome is stored ([`Wins::Exact`]):
    /// `None` when it is not reachable (or out of the index); a win without its remoteness is
    /// an error ([`probe::outcome`] reads those).
    pub fn get(&self, slot: u64) -> Result<Option<Outcome>, Error> {
        match self.entry(slot)? {
            Some(Entry::Win) => Err(Error::Unsupported(format!(
                "{}: slot {slot} holds a win whose remoteness is found from the game's rules",
                self.path.display()
            ))),
            Some(Entry::Outcome(o)) => Ok(Some(o)),
            None => Ok(None),
        }
    }

    /// Calls `f(slot, entry)` for every reachable slot in order, block by block, while it
    /// returns true.
    pub fn scan(&self, mut f: impl FnMut(u64, Entry) -> bool) -> Result<(), Error> {
        let bs = self.header.block_slots;
        for b in 0..self.header.blocks() {
            let n = self.header.slots_in(b);
            let go = self.with_block(b, |raw| -> Result<bool, Error> {
                for i in 0..n {
                    if raw[i] != 0 {
                        if let Some(o) = self.decode(b, raw, n, i)? {
                            if !f(b * bs + i as u64, o) {
                                return Ok(false);
                            }
                        }
                    }
                }
                Ok(true)
            })??;
            if !go {
                break;
            }
        }
        Ok(())
    }
}

/// Fills `buf` from the file at `offset` (one system call on Unix).
fn read_at(file: &mut File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
    }
    #[cfg(not(unix))]
    {
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::{compact, expand};

    /// Every block of up to 19 slots whose codes are 0 (no position), 1, 2 or 255 (escaped,
    /// with an exception entry after the codes): compacted and expanded back to the same bytes
    /// (4^0 + ... + 4^19 blocks would be too many: every pattern up to 9 slots, 4^9 = 262,144 of
    /// them, and for 10 to 19 slots a fixed pseudo-random sample of 2,000 each).
    #[test]
    fn compact_blocks_expand_back() {
        let mut checked = 0;
        let mut out = Vec::new();
        let mut check = |codes: Vec<u8>| {
            let n = codes.len();
            let mut raw = codes.clone();
            for (i, &c) in codes.iter().enumerate() {
                if c == 255 {
                    raw.extend_from_slice(&(i as u32).to_le_bytes());
                    raw.extend_from_slice(&300u32.to_le_bytes());
                }
            }
            let small = compact(&raw, n);
            assert_eq!(
                small.len(),
                n.div_ceil(8) + codes.iter().filter(|&&c| c != 0).count() + (raw.len() - n)
            );
            expand(&small, n, &mut out).unwrap();
            assert_eq!(out, raw);
            checked += 1;
        };
        const CODES: [u8; 4] = [0, 1, 2, 255];
        for n in 0..=9u32 {
            for k in 0..4u32.pow(n) {
                check((0..n).map(|i| CODES[(k >> (2 * i) & 3) as usize]).collect());
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for n in 10..=19 {
            for _ in 0..2000 {
                check(
                    (0..n)
                        .map(|_| {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            CODES[(x & 3) as usize]
                        })
                        .collect(),
                );
            }
        }
        assert_eq!(checked, (0..=9).map(|n| 4u64.pow(n)).sum::<u64>() + 20_000);
    }

    /// Blocks whose bitmap and codes disagree are refused, never expanded into wrong codes.
    #[test]
    fn inconsistent_blocks_are_refused() {
        let mut out = Vec::new();
        // 10 slots: 2 bytes of bitmap.
        assert_eq!(expand(&[0b1], 10, &mut out), Err("shorter than its bitmap"));
        assert_eq!(expand(&[0, 0b100], 10, &mut out), Err("bits past the end of the block"));
        assert_eq!(expand(&[0b11, 0, 5], 10, &mut out), Err("codes and exceptions do not match its bitmap"));
        assert_eq!(
            expand(&[0b1, 0, 5, 6], 10, &mut out),
            Err("codes and exceptions do not match its bitmap")
        );
        assert_eq!(expand(&[0b11, 0, 5, 0], 10, &mut out), Err("a position without a code"));
        assert_eq!(expand(&[0b11, 0, 5, 6], 10, &mut out), Ok(()));
        assert_eq!(out, [5, 6, 0, 0, 0, 0, 0, 0, 0, 0]);
    }
}
