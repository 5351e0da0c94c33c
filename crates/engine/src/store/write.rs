//! The store's writer: a solution (any [`Slots`]: dense, or lean through [`LeanSlots`]) planned
//! ([`Plan`]: the header and the symbol of every outcome, from the counts), its blocks encoded
//! and compressed a batch at a time, in parallel ([`Plan::encode`]), and written in order with
//! the block index and its group table ([`write`], [`write_planned`]) under a temporary name,
//! renamed when complete.

use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::value::{Outcome, Value};
use crate::solve::solution::CountRow;
use crate::store::codec::{block_crc, compact, encode_block, CodeTable, SlotFn};
use crate::store::files::TempFile;
use crate::store::format::{
    Derived, Entry, Header, Subject, BLOCK_SLOTS, EXAMPLES, FIXED, FRAME, GROUP_BLOCKS, VERSION,
};
use crate::store::frame::{check_names, io, Frame};
use crate::store::read::Store;
use crate::table::dense::DenseSolution;
use crate::table::lean::{GroupOutcomes, LeanSolution};

/// zstd level of the blocks: the store's size against the time of the save (the levels compared
/// on Dōbutsu shōgi are in `docs/measurements.md`).
const LEVEL: i32 = 5;
/// Blocks compressed in parallel and written together: the writer's memory beyond the solution
/// is this many blocks (raw and compressed) and the block index (8 bytes per block).
const BATCH: u64 = 256;
// A batch lies within one group of a lean solution (LeanSlots reads a group at a time).
const _: () = assert!(BATCH * BLOCK_SLOTS <= 1 << crate::table::lean::MIN_GROUP_BITS);

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

/// A store whose every outcome is stored ([`Derived::Exact`]), to be written again in another
/// form (a tier's store once the tiers that read it are solved: [`crate::store::tiers`]): the
/// writer's ranges are decoded one at a time.
pub struct StoreSlots<'a> {
    store: &'a Store,
}

impl<'a> StoreSlots<'a> {
    /// The outcomes of `store`, to be written again.
    pub fn new(store: &'a Store) -> Self {
        StoreSlots { store }
    }
}

impl Slots for StoreSlots<'_> {
    fn positions(&self) -> u64 {
        self.store.header().positions
    }

    fn counts(&self) -> Vec<CountRow> {
        self.store.header().counts.clone()
    }

    fn read_range(&self, range: std::ops::Range<u64>, f: &mut dyn FnMut(&SlotFn<'_>)) -> Result<(), Error> {
        let mut outcomes = vec![None; (range.end - range.start) as usize];
        let mut derived = None;
        self.store.scan_range(range.clone(), |slot, entry| match entry {
            Entry::Outcome(o) => {
                outcomes[(slot - range.start) as usize] = Some(o);
                true
            }
            Entry::Win | Entry::Lose => {
                derived = Some(slot);
                false
            }
        })?;
        if let Some(slot) = derived {
            return Err(Error::Unsupported(format!(
                "{}: slot {slot} is stored without its remoteness; only a store of every outcome \
                 is written again",
                self.store.path().display()
            )));
        }
        f(&|slot| outcomes[(slot - range.start) as usize]);
        Ok(())
    }
}

/// A block compressed, as the writer puts it in the file ([`Plan::encode`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Packed {
    /// The block's number.
    pub block: u64,
    /// Its zstd frame.
    pub frame: Vec<u8>,
    /// The CRC-32 of its raw bytes (with its number and the version).
    pub crc: u32,
    /// Its first slots of each of the header's longest outcomes, as (outcome number, slot).
    pub examples: Vec<(usize, u64)>,
}

/// What a store's blocks hold, decided before any block is written: the header (but for the
/// examples of the longest outcomes, found in the blocks) and the symbol of every outcome, from
/// the counts of the solution. Whoever encodes blocks of one store uses one plan (or equal
/// ones: a plan is a function of its identity, positions and counts).
pub(crate) struct Plan {
    header: Header,
    codes: CodeTable,
    /// The longest outcome of each value, and how many examples of it the header gives.
    longest: Vec<(Outcome, usize)>,
}

impl Plan {
    /// The plan of a store of `positions` positions counted by `counts`, for `identity`.
    pub(crate) fn new(identity: &Subject<'_>, positions: u64, counts: Vec<CountRow>) -> Result<Plan, Error> {
        let Subject { id, scheme, size, rules, derived } = *identity;
        check_names(id, scheme, "stored")?;
        // Symbols by their positions, most first; a win's outcome coded as its entry's symbol.
        let entry_of = |o: Outcome| match o.value() {
            Value::Win if derived == Derived::Wins => Entry::Win,
            Value::Lose if derived == Derived::Losses => Entry::Lose,
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
                Entry::Lose => (Value::Lose, None),
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
            id: id.clone(),
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
    pub(crate) fn blocks(&self) -> u64 {
        self.header.blocks()
    }

    /// The blocks the writer asks for at a time, in order: ranges of up to 256 blocks (`BATCH`).
    pub(crate) fn batches(&self) -> impl Iterator<Item = std::ops::Range<u64>> {
        let blocks = self.blocks();
        (0..blocks).step_by(BATCH as usize).map(move |b| b..(b + BATCH).min(blocks))
    }

    /// The slots of the blocks `blocks`.
    pub(crate) fn slots_of(&self, blocks: std::ops::Range<u64>) -> std::ops::Range<u64> {
        let size = self.header.size;
        (blocks.start * self.header.block_slots).min(size)..(blocks.end * self.header.block_slots).min(size)
    }

    /// The blocks `blocks` encoded and compressed (in parallel), from the outcomes of their
    /// slots.
    pub(crate) fn encode(&self, outcomes: &SlotFn<'_>, blocks: std::ops::Range<u64>) -> Vec<Packed> {
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
    identity: &Subject<'_>,
    solution: &dyn Slots,
    progress: &dyn Progress,
) -> Result<Header, Error> {
    let plan = Plan::new(identity, solution.positions(), solution.counts())?;
    write_planned(path, &plan, progress, &mut |blocks| {
        if progress.cancelled() {
            return Err(Error::Cancelled { checkpoint: None, proven: None });
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
pub(crate) fn write_planned(
    path: &Path,
    plan: &Plan,
    progress: &dyn Progress,
    next: &mut dyn FnMut(std::ops::Range<u64>) -> Result<Vec<Packed>, Error>,
) -> Result<Header, Error> {
    let mut header = plan.header.clone();
    let longest = &plan.longest;
    let text = header.text();
    let mut found: Vec<Vec<u64>> = vec![Vec::new(); longest.len()];
    // file_len, index_offset, groups_crc and the checksum: filled in at the end.
    let mut head = FRAME.head(VERSION, &text);

    // Removed when dropped, on any error.
    let file = TempFile::create(path)?;
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
        Frame::seal(&mut head);
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
