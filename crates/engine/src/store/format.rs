//! The store's format: its constants, the header ([`Header`], its `key=value` text through the
//! shared framing of [`super::frame`]), what a slot holds ([`Entry`]) and what a store is of
//! ([`Subject`]). The layout of the file is described in [`crate::store`].

use std::path::Path;

use crate::error::Error;
use crate::rules::params::GameId;
use crate::rules::value::{Outcome, Value};
use crate::solve::solution::CountRow;
use crate::store::frame::{fields, Frame, IdentityFields, Text};

/// The first bytes of every store.
pub(crate) const MAGIC: &[u8; 8] = b"NIMBERDB";
/// The format version written. Version 2 (a code byte for every slot of a block) is read too.
pub const VERSION: u32 = 4;
/// The oldest format version read.
pub(crate) const OLDEST_VERSION: u32 = 2;
/// Slots per block: small enough that a query decompresses a few kilobytes per block it
/// touches, large enough that zstd finds the repetitions (the block sizes compared on Dōbutsu
/// shōgi are in `docs/measurements.md`).
pub const BLOCK_SLOTS: u64 = 1 << 14;
/// Blocks of more slots are refused: a block's raw bytes (at most 9 per slot) are allocated
/// when it is read, and up to [`crate::store::CACHE_BLOCKS`] of them are kept (18 MiB at most).
pub(crate) const MAX_BLOCK_SLOTS: u64 = 1 << 16;
/// Bytes before the header text: the framing's prefix, `file_len`, `index_offset` and
/// `groups_crc`.
pub(crate) const FIXED: usize = 36;
/// Blocks per group of the block index.
pub const GROUP_BLOCKS: u64 = 256;

/// The store's framing.
pub(crate) const FRAME: Frame = Frame {
    magic: MAGIC,
    fixed: FIXED,
    // Header text longer than this is refused (a corrupt length).
    max_text: 1 << 24,
    damaged: corrupt_path,
};

/// A damaged store (or not a store), naming the file.
pub(crate) fn corrupt(path: &Path, what: impl Into<String>) -> Error {
    Error::Corrupt { path: path.display().to_string(), what: what.into() }
}

fn corrupt_path(path: &Path, what: String) -> Error {
    corrupt(path, what)
}

/// What a store says about itself: the game, its parameters, the index, the counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game with every parameter.
    pub id: GameId,
    /// The index scheme, with its version.
    pub scheme: String,
    /// Slots of the index.
    pub size: u64,
    /// The fingerprint of the rules the solution was written for
    /// ([`crate::table::rules_fingerprint`]); `None` in files written before it was recorded.
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
    /// A win whose remoteness is not stored ([`Derived::Wins`]): one more than the least
    /// remoteness of its moves into lost positions, found by [`probe`](crate::store::probe).
    Win,
    /// A loss whose remoteness is not stored ([`Derived::Losses`]): one more than the greatest
    /// remoteness of its moves (all into won positions), found by [`probe`](crate::store::probe).
    Lose,
}

impl Entry {
    /// The value of the position.
    pub fn value(self) -> Value {
        match self {
            Entry::Outcome(o) => o.value(),
            Entry::Win => Value::Win,
            Entry::Lose => Value::Lose,
        }
    }

    /// Whether `outcome` is what this entry stands for (any win, for [`Entry::Win`]; any loss,
    /// for [`Entry::Lose`]).
    pub fn holds(self, outcome: Outcome) -> bool {
        match self {
            Entry::Outcome(o) => o == outcome,
            Entry::Win => outcome.value() == Value::Win,
            Entry::Lose => outcome.value() == Value::Lose,
        }
    }
}

/// Which outcomes a store keeps without their remoteness, to be found from the rules when a
/// position is read (a ply of lookups, [`probe`](crate::store::probe)): the values whose
/// remoteness is the costliest part of the file. At most one of the two can be left out, as
/// each is found from the other's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Derived {
    /// None: every outcome with its remoteness; the store alone answers a slot.
    Exact,
    /// Wins, stored as "win" alone: one more than the least remoteness of their moves into lost
    /// positions. For a game whose wins are most positions the file is much smaller (Dōbutsu
    /// shōgi: a third), and a query reads the blocks of its moves too.
    Wins,
    /// Losses, stored as "lose" alone: one more than the greatest remoteness of their moves
    /// (all into won positions; none: a loss in 0). Nine Men's Morris's tiers, whose wins'
    /// remoteness is the cheaper to keep (`docs/measurements.md`).
    Losses,
}

fn outcome_text(value: Value, remoteness: Option<u32>) -> String {
    format!("{} {}", value.name(), remoteness.map_or("-".to_string(), |r| r.to_string()))
}

fn entry_text(entry: Entry) -> String {
    match entry {
        Entry::Outcome(o) => outcome_text(o.value(), o.remoteness()),
        Entry::Win => "win ?".to_string(),
        Entry::Lose => "lose ?".to_string(),
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
    pub(crate) fn slots_in(&self, b: u64) -> usize {
        (self.size - b * self.block_slots).min(self.block_slots) as usize
    }

    pub(crate) fn text(&self) -> String {
        let mut t = Text::default();
        t.identity(&self.id, &self.scheme, self.size);
        t.line("positions", self.positions)
            .line("block_slots", self.block_slots)
            .line("blocks", self.blocks());
        if let Some(rules) = self.rules {
            t.line("rules", format_args!("{rules:016x}"));
        }
        for &e in &self.symbols {
            t.line("symbol", entry_text(e));
        }
        for row in &self.counts {
            t.line("count", format_args!("{} {}", outcome_text(row.value, row.remoteness), row.count));
        }
        // Zero-padded to the width of the largest slot: the header's length is known before
        // the blocks that give the slots are written.
        let width = self.size.saturating_sub(1).to_string().len();
        for (o, slots) in &self.longest {
            let mut line = outcome_text(o.value(), o.remoteness());
            for s in slots {
                line += &format!(" {s:0width$}");
            }
            t.line("longest", line);
        }
        t.into_string()
    }

    /// The header of a file of format `version` from its text.
    pub(crate) fn parse(text: &str, version: u32) -> Result<Header, String> {
        let mut id = IdentityFields::default();
        let mut h = Header {
            id: GameId::default(),
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
        for field in fields(text) {
            let field = field?;
            if id.read(&field)? {
                continue;
            }
            let bad = || field.bad();
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
            let value = field.value;
            match field.key {
                "positions" => h.positions = field.u64()?,
                "block_slots" => h.block_slots = field.u64()?,
                "blocks" => blocks = Some(field.u64()?),
                "rules" => h.rules = Some(field.hex64()?),
                "symbol" if version >= 4 && value == "win ?" => h.symbols.push(Entry::Win),
                "symbol" if version >= 4 && value == "lose ?" => h.symbols.push(Entry::Lose),
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
                _ => return Err(field.unknown()),
            }
        }
        let id = id.finish();
        (h.id, h.scheme, h.size) = (id.id, id.scheme, id.size);
        if h.id.name().is_empty() || h.scheme.is_empty() {
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
        let derived = h.derived();
        if h.symbols.contains(&Entry::Win) && h.symbols.contains(&Entry::Lose) {
            return Err("the header leaves out the remoteness of both wins and losses (symbol)".into());
        }
        let entry_of = |value, remoteness: Option<u32>| match value {
            Value::Win if derived == Derived::Wins => Entry::Win,
            Value::Lose if derived == Derived::Losses => Entry::Lose,
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
    pub(crate) fn symbol(&self, k: usize) -> Option<Entry> {
        self.symbols.get(k).copied()
    }

    /// Whether the remoteness of wins is found from the rules ([`Derived::Wins`]).
    pub fn wins_from_moves(&self) -> bool {
        self.symbols.contains(&Entry::Win)
    }

    /// Which outcomes' remoteness is found from the rules.
    pub fn derived(&self) -> Derived {
        if self.symbols.contains(&Entry::Win) {
            Derived::Wins
        } else if self.symbols.contains(&Entry::Lose) {
            Derived::Losses
        } else {
            Derived::Exact
        }
    }
}

/// What a stored solution is a solution of: the game with its parameters, its index (scheme and
/// size) and its rules' fingerprint ([`crate::table::rules_fingerprint`]); and how it is kept.
#[derive(Copy, Clone, Debug)]
pub struct Subject<'a> {
    /// The game with every parameter.
    pub id: &'a GameId,
    /// The index scheme ([`crate::table::Indexed::index_scheme`]).
    pub scheme: &'a str,
    /// The index size, in slots.
    pub size: u64,
    /// The rules' fingerprint.
    pub rules: u64,
    /// Which outcomes are kept without their remoteness: other than [`Derived::Exact`] only for a solution of the game
    /// whose rules will read the store.
    pub derived: Derived,
}
