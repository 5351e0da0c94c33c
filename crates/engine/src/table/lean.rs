//! Lean retrograde analysis over a dense index: two bits per slot in memory, the rest on disk.
//!
//! The dense solver ([`crate::table::dense`]) keeps a state word per reachable position (a move
//! counter, then value and remoteness) and a bitset of the reachable slots. This solver keeps
//! only the value of every slot of the index, in two bits (undecided, won, lost, tied), and
//! solves every position of the index, reachable or not, as special-purpose tablebase
//! generators do. What it does not keep in memory:
//!
//! - **No move counters.** A position is found lost by examining its moves again when one of
//!   them has just been found won: it is lost when every move leads to a won position. Rounds go
//!   by increasing remoteness, so the won positions in the table when round `r + 1` looks at them
//!   were all decided by round `r` (losses are looked for before the wins of round `r + 1` are
//!   marked), and the loss found is at remoteness `r + 1`, as slow as it can be.
//! - **No remoteness.** The positions decided in each round are appended to lists in a spill
//!   file (`Spill`): the list of round `r` is the next round's frontier and, once the solve is
//!   over, the record of which slots have remoteness `r`. A solution's outcomes are read back a
//!   group of slots at a time ([`LeanSolution::group`]).
//! - **No reachable set.** Every slot is a position or a hole ([`Indexed::unrank`](crate::table::Indexed::unrank) gives `None`);
//!   the holes are found once, while the table is set up, and given a code of their own in the
//!   table (`HOLE`: a decided code that no list holds), so that they are never unranked again.
//!
//! Terminal positions are set to their value when the table is set up and listed by their
//! remoteness (the list `List::Terminal`, read back with the solution only); their
//! predecessors learn of them from their own moves. A solution is read back without the rules:
//! a listed slot has the value of the table and the remoteness of its list, an undecided one is
//! a draw, and a decided one in no list is a hole. While the table is set up, each
//! position that is not terminal looks at its moves into terminal positions and is entered in a
//! *pending* list: won at `k + 1` when a move leads to a terminal position lost in `k` (the
//! fastest such), lost at `m + 1` when every move leads to a terminal position won in at most
//! `m`, examined for a loss at round `m + 1` when a move leads to a terminal position won in `m >=
//! 2` (the slowest such: before it, the loss would be too fast), tied at `k + 1` when a move
//! leads to a terminal position tied in `k`. The rounds apply the pending lists of their
//! remoteness as they go.
//!
//! Ties come after wins and losses, as in [`crate::solve::retrograde`]: an undecided position
//! with a move into a tied one is tied, one round further. Whatever is undecided at the end is a
//! draw.
//!
//! Memory: `size / 4` bytes of table and `size / 8` of `Examined` set, plus a batch of list
//! entries ([`estimate_bytes`]); the spill file holds 4 bytes per position decided by the rounds
//! or terminal (holes and draws take none).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::error::Error;
use crate::memory::describe_bytes;
use crate::progress::Progress;
use crate::rules::value::{Outcome, Value};
use crate::solve::solution::CountRow;
use crate::table::plumbing::{Child, ChildEnds, KeyBatch, SlotMoves};

/// Asks the processor to bring `words[w]` into its caches (nothing when there is no such word).
#[inline]
fn prefetch_word(words: &[AtomicU64], w: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(word) = words.get(w) {
        // SAFETY: a prefetch is only a hint; the address is that of a word of the slice.
        unsafe { std::arch::x86_64::_mm_prefetch(word.as_ptr() as *const i8, std::arch::x86_64::_MM_HINT_T0) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (words, w);
}

/// The state of a slot: not decided (yet: a draw at the end, or a hole).
const UNDECIDED: u64 = 0;
/// Won for the player to move.
const WON: u64 = 1;
/// Lost for the player to move.
const LOST: u64 = 2;
/// Tied.
const TIED: u64 = 3;
/// A hole of the index: decided (so that no round marks it), in no list.
const HOLE: u64 = TIED;

/// The largest remoteness a lean solve records (groups hold it in 16 bits, with two codes
/// reserved).
pub(crate) const MAX_REMOTENESS: u32 = u16::MAX as u32 - 2;

/// Slots set up or list entries examined by one task at a time.
const CHUNK: usize = 1 << 12;
/// List entries read from the spill file and examined in parallel at a time.
const BATCH: usize = 1 << 17;

/// The lists of slots kept in the spill file, each by round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum List {
    /// Decided won in this round.
    Won,
    /// Decided lost in this round.
    Lost,
    /// Decided tied in this round.
    Tied,
    /// To be marked won in this round, if still undecided (a move into a lost terminal position).
    PendingWin,
    /// To be marked lost in this round (every move leads into a won terminal position).
    PendingLoss,
    /// To be examined for a loss in this round (a move into a terminal position won slowly).
    PendingCheck,
    /// To be marked tied in this round, if still undecided (a move into a tied terminal
    /// position).
    PendingTie,
    /// Terminal, with this remoteness (its value is in the table).
    Terminal,
}

/// The value table: 2 bits per slot, 32 slots per word, marked from many threads at once.
struct States {
    words: Vec<AtomicU64>,
}

impl States {
    fn new(size: u64) -> States {
        States { words: crate::memory::zeroed_atomics(size.div_ceil(32) as usize) }
    }

    /// Asks the processor to bring the word of `slot` into its caches.
    #[inline]
    fn prefetch(&self, slot: u64) {
        prefetch_word(&self.words, (slot >> 5) as usize);
    }

    #[inline]
    fn get(&self, slot: u64) -> u64 {
        self.words[(slot >> 5) as usize].load(Ordering::Relaxed) >> ((slot & 31) * 2) & 3
    }

    /// Sets an undecided slot to `code`; true when this call decided it. Every mark of one
    /// phase uses one code, so that two threads marking one slot at once cannot mix codes.
    #[inline]
    fn mark(&self, slot: u64, code: u64) -> bool {
        let shift = (slot & 31) * 2;
        let word = &self.words[(slot >> 5) as usize];
        word.load(Ordering::Relaxed) >> shift & 3 == UNDECIDED
            && word.fetch_or(code << shift, Ordering::Relaxed) >> shift & 3 == UNDECIDED
    }
}

/// The positions examined for a loss in the current round, a bit per slot. Within a round's
/// search for losses no position is marked won, so an examination gives the same verdict every
/// time: a position with several moves into the round's frontier is examined once.
struct Examined {
    words: Vec<AtomicU64>,
}

impl Examined {
    fn new(size: u64) -> Examined {
        Examined { words: crate::memory::zeroed_atomics(size.div_ceil(64) as usize) }
    }

    /// Forgets every slot (at the start of a round).
    fn clear(&self) {
        self.words
            .par_chunks(CHUNK)
            .for_each(|chunk| chunk.iter().for_each(|w| w.store(0, Ordering::Relaxed)));
    }

    /// Asks the processor to bring the word of `slot` into its caches.
    #[inline]
    fn prefetch(&self, slot: u64) {
        prefetch_word(&self.words, (slot >> 6) as usize);
    }

    /// Enters `slot`; true when this call entered it (no other did before in this round).
    #[inline]
    fn first(&self, slot: u64) -> bool {
        let bit = 1u64 << (slot & 63);
        let word = &self.words[(slot >> 6) as usize];
        word.load(Ordering::Relaxed) & bit == 0 && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
    }
}

/// Where a list's entries for one group of slots lie in the spill file.
#[derive(Copy, Clone, Debug)]
struct Record {
    group: u32,
    offset: u64,
    count: u32,
}

/// The spill file: lists of slots by list and round, each entry 4 bytes (the slot's offset in
/// its group of `2^group_bits` slots), appended in records of one group each. The directory of
/// records stays in memory; the file (in a directory of its own under the system's temporary
/// directory, or the caller's) is removed with the solution. The file is locked
/// ([`try_lock`], an advisory lock the system releases when its process ends) for as long
/// as it is open, so that a solve killed before it could remove its directory is told from one
/// that runs: the next solve removes the directories of the first kind ([`remove_stale`]).
struct Spill {
    dir: PathBuf,
    file: Mutex<(File, u64)>,
    records: Mutex<BTreeMap<(List, u32), Vec<Record>>>,
    group_bits: u32,
}

/// The name of every spill directory starts so.
const SPILL_PREFIX: &str = "nimber-lean-";

/// Removes the spill directories in `parent` that no running solve holds: those whose file is
/// not locked (`Spill`). A directory without its file yet (a solve starting) is left alone.
/// Returns the directories removed and the bytes they held.
pub fn remove_stale(parent: &Path) -> (u64, u64) {
    let (mut removed, mut bytes) = (0, 0);
    let Ok(entries) = std::fs::read_dir(parent) else {
        return (0, 0);
    };
    for entry in entries.flatten() {
        if !entry.file_name().to_string_lossy().starts_with(SPILL_PREFIX) {
            continue;
        }
        let dir = entry.path();
        let lists = dir.join("lists");
        let Ok(file) = File::open(&lists) else {
            continue;
        };
        if try_lock(&file) {
            let len = file.metadata().map_or(0, |m| m.len());
            if std::fs::remove_dir_all(&dir).is_ok() {
                removed += 1;
                bytes += len;
            }
        }
    }
    (removed, bytes)
}

/// Takes an exclusive advisory lock on `file` (`flock`, held by the open file until it is closed,
/// and by no other open file of the same path), if no other open file holds one; true when taken.
/// Never taken where the platform has no such locks.
fn try_lock(file: &File) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::io::AsRawFd;
        // SAFETY: flock takes a descriptor, which `file` owns and keeps open for the call.
        unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        false
    }
}

impl Spill {
    fn create(parent: Option<&Path>, group_bits: u32) -> Result<Spill, Error> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let parent = parent.map(Path::to_path_buf).unwrap_or_else(std::env::temp_dir);
        let dir = parent.join(format!(
            "{SPILL_PREFIX}{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
        // Created under another name and locked before it is named `lists`: a solve that finds
        // `lists` unlocked knows that this one is over. Where the platform has no locks, stale
        // directories are simply never removed.
        let new = dir.join("lists.new");
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&new)
            .map_err(io(&new))?;
        try_lock(&file);
        let path = dir.join("lists");
        std::fs::rename(&new, &path).map_err(io(&path))?;
        Ok(Spill { dir, file: Mutex::new((file, 0)), records: Mutex::new(BTreeMap::new()), group_bits })
    }

    fn path(&self) -> PathBuf {
        self.dir.join("lists")
    }

    /// Appends the slots of `parts` (each sorted) to list `list` of round `round`, in one piece:
    /// group by group, a record for each.
    fn append(&self, list: List, round: u32, parts: &[&[u64]]) -> Result<(), Error> {
        let total: usize = parts.iter().map(|p| p.len()).sum();
        if total == 0 {
            return Ok(());
        }
        let mask = (1u64 << self.group_bits) - 1;
        let mut bytes = Vec::with_capacity(total * 4);
        let mut groups: Vec<(u32, u64, u32)> = Vec::new(); // group, start in bytes, count
        let mut next = vec![0usize; parts.len()];
        while let Some(g) =
            parts.iter().zip(&next).filter_map(|(p, &i)| p.get(i)).map(|s| s >> self.group_bits).min()
        {
            let start = bytes.len();
            for (part, i) in parts.iter().zip(next.iter_mut()) {
                debug_assert!(part.is_sorted());
                while let Some(&s) = part.get(*i).filter(|&&s| s >> self.group_bits == g) {
                    bytes.extend_from_slice(&((s & mask) as u32).to_le_bytes());
                    *i += 1;
                }
            }
            groups.push((g as u32, start as u64, ((bytes.len() - start) / 4) as u32));
        }
        let at = {
            let mut file = self.file.lock().expect("the spill file's lock");
            let (f, len) = &mut *file;
            let at = *len;
            f.seek(SeekFrom::Start(at)).map_err(io(&self.path()))?;
            f.write_all(&bytes).map_err(io(&self.path()))?;
            *len += bytes.len() as u64;
            at
        };
        let mut records = self.records.lock().expect("the spill directory's lock");
        let entry = records.entry((list, round)).or_default();
        entry.extend(groups.into_iter().map(|(group, start, count)| Record {
            group,
            offset: at + start,
            count,
        }));
        Ok(())
    }

    /// The records of list `list` of round `round`.
    fn records(&self, list: List, round: u32) -> Vec<Record> {
        self.records
            .lock()
            .expect("the spill directory's lock")
            .get(&(list, round))
            .cloned()
            .unwrap_or_default()
    }

    /// Whether list `list` has entries for a round after `round`.
    fn any_after(&self, list: List, round: u32) -> bool {
        let records = self.records.lock().expect("the spill directory's lock");
        records.range((list, round + 1)..=(list, u32::MAX)).next().is_some()
    }

    /// The number of entries of list `list` in round `round`.
    fn count(&self, list: List, round: u32) -> u64 {
        let records = self.records.lock().expect("the spill directory's lock");
        records.get(&(list, round)).map_or(0, |recs| recs.iter().map(|r| r.count as u64).sum())
    }

    /// The slots of a record, appended to `out`.
    fn read(&self, record: &Record, out: &mut Vec<u64>) -> Result<(), Error> {
        let mut bytes = vec![0u8; record.count as usize * 4];
        {
            let mut file = self.file.lock().expect("the spill file's lock");
            let (f, _) = &mut *file;
            f.seek(SeekFrom::Start(record.offset)).map_err(io(&self.path()))?;
            f.read_exact(&mut bytes).map_err(io(&self.path()))?;
        }
        let base = (record.group as u64) << self.group_bits;
        out.extend(bytes.chunks_exact(4).map(|b| base | u32::from_le_bytes(b.try_into().unwrap()) as u64));
        Ok(())
    }

    /// Calls `f` on the slots of list `list` of round `round`, in parallel chunks, each with a
    /// fresh [`Emit`]; the entries emitted for a batch of [`BATCH`] slots are appended to the
    /// spill file together, after the batch.
    fn for_each_chunk(
        &self,
        list: List,
        round: u32,
        f: impl Fn(&[u64], &mut Emit) + Sync,
    ) -> Result<(), Error> {
        let records = self.records(list, round);
        let mut batch = Vec::new();
        let flush = |batch: &mut Vec<u64>| -> Result<(), Error> {
            let emits: Vec<Emit> = batch
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut emit = Emit::default();
                    f(chunk, &mut emit);
                    emit
                })
                .collect();
            Emit::write_all(emits, self)?;
            batch.clear();
            Ok(())
        };
        for record in &records {
            self.read(record, &mut batch)?;
            if batch.len() >= BATCH {
                flush(&mut batch)?;
            }
        }
        flush(&mut batch)
    }

    /// The slots of every list of a decided value (terminal ones included) in the group `g`,
    /// with their round (remoteness).
    fn decided_in_group(&self, g: u32, mut f: impl FnMut(u64, u32)) -> Result<(), Error> {
        let selected: Vec<((List, u32), Record)> = {
            let records = self.records.lock().expect("the spill directory's lock");
            records
                .iter()
                .filter(|((list, _), _)| matches!(list, List::Won | List::Lost | List::Tied | List::Terminal))
                .flat_map(|(&key, recs)| recs.iter().filter(|r| r.group == g).map(move |&r| (key, r)))
                .collect()
        };
        let mut slots = Vec::new();
        for ((_, round), record) in selected {
            slots.clear();
            self.read(&record, &mut slots)?;
            for &s in &slots {
                f(s, round);
            }
        }
        Ok(())
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io { path: path.display().to_string(), source }
}

/// Terminal positions counted by value ([`Value::index`]) and remoteness.
type TerminalCounts = BTreeMap<(usize, u32), u64>;

/// The list entries one task produces, appended to the spill file with those of the other
/// tasks of its batch ([`Emit::merge`]).
#[derive(Default)]
struct Emit {
    lists: Vec<((List, u32), Vec<u64>)>,
    terminal: TerminalCounts,
    holes: u64,
}

impl Emit {
    #[inline]
    fn push(&mut self, list: List, round: u32, slot: u64) {
        match self.lists.iter_mut().find(|(key, _)| *key == (list, round)) {
            Some((_, v)) => v.push(slot),
            None => self.lists.push(((list, round), vec![slot])),
        }
    }

    /// Appends the entries of the tasks of a batch to the spill file, each list in one piece
    /// ([`Spill::append`]: a record per group, fewer records than a piece per task), and adds up
    /// their counts.
    fn write_all(mut emits: Vec<Emit>, spill: &Spill) -> Result<(TerminalCounts, u64), Error> {
        emits.par_iter_mut().for_each(|e| e.lists.iter_mut().for_each(|(_, slots)| slots.sort_unstable()));
        let mut keys: Vec<(List, u32)> = emits.iter().flat_map(|e| e.lists.iter().map(|(k, _)| *k)).collect();
        keys.sort_unstable();
        keys.dedup();
        for key in keys {
            let parts: Vec<&[u64]> = emits
                .iter()
                .filter_map(|e| e.lists.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_slice()))
                .collect();
            spill.append(key.0, key.1, &parts)?;
        }
        let (mut terminal, mut holes) = (BTreeMap::new(), 0);
        for emit in emits {
            for (key, n) in emit.terminal {
                *terminal.entry(key).or_default() += n;
            }
            holes += emit.holes;
        }
        Ok((terminal, holes))
    }
}

/// The result of a lean solve: the value of every slot, and the rounds in the spill file.
pub struct LeanSolution {
    states: States,
    size: u64,
    holes: u64,
    counts: Vec<CountRow>,
    spill: Spill,
}

impl LeanSolution {
    /// Number of slots of the index.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Number of positions solved: the slots that are not holes.
    pub fn positions(&self) -> u64 {
        self.size - self.holes
    }

    /// Counts of positions by value and remoteness.
    pub fn counts(&self) -> &[CountRow] {
        &self.counts
    }

    /// Slots per group ([`LeanSolution::group`]), as a power of two.
    pub fn group_bits(&self) -> u32 {
        self.spill.group_bits
    }

    /// Number of groups.
    pub fn groups(&self) -> u64 {
        self.size.div_ceil(1 << self.spill.group_bits)
    }

    /// Bytes of memory held (the table).
    pub fn bytes(&self) -> u64 {
        self.states.words.len() as u64 * 8
    }

    /// The outcomes of the slots of group `g`: their values from the table, their remoteness
    /// from the lists in the spill file (read without the rules: see the module's documentation).
    pub fn group(&self, g: u64) -> Result<GroupOutcomes<'_>, Error> {
        let first = g << self.spill.group_bits;
        let end = (first + (1 << self.spill.group_bits)).min(self.size);
        let mut remoteness = vec![UNLISTED; (end - first) as usize];
        self.spill
            .decided_in_group(g as u32, |slot, round| remoteness[(slot - first) as usize] = round as u16)?;
        remoteness.par_chunks_mut(CHUNK).enumerate().for_each(|(k, chunk)| {
            for (i, r) in chunk.iter_mut().enumerate() {
                if *r == UNLISTED && self.states.get(first + (k * CHUNK + i) as u64) != UNDECIDED {
                    *r = HOLE_REMOTENESS;
                }
            }
        });
        Ok(GroupOutcomes { solution: self, first, remoteness })
    }
}

/// Remoteness code of a slot in no list (yet).
const UNLISTED: u16 = u16::MAX - 1;
/// Remoteness code of a hole.
const HOLE_REMOTENESS: u16 = u16::MAX;

/// The outcomes of one group of slots of a [`LeanSolution`].
pub struct GroupOutcomes<'a> {
    solution: &'a LeanSolution,
    first: u64,
    remoteness: Vec<u16>,
}

impl GroupOutcomes<'_> {
    /// The slots held: `range().start..range().end`.
    pub fn range(&self) -> std::ops::Range<u64> {
        self.first..self.first + self.remoteness.len() as u64
    }

    /// The outcome of the position in slot `slot` (in [`GroupOutcomes::range`]), `None` for a
    /// hole.
    #[inline]
    pub fn get(&self, slot: u64) -> Option<Outcome> {
        let r = self.remoteness[(slot - self.first) as usize];
        if r == HOLE_REMOTENESS {
            return None;
        }
        Some(match self.solution.states.get(slot) {
            UNDECIDED => Outcome::DRAW,
            WON => Outcome::new(Value::Win, r as u32),
            LOST => Outcome::new(Value::Lose, r as u32),
            _ => Outcome::new(Value::Tie, r as u32),
        })
    }
}

/// What a process holds besides the solve's own tables: code, the game's own tables, thread
/// stacks, allocator slack (the peaks it is set from are in `docs/measurements.md`).
const RUNTIME: u64 = 8 << 20;

/// Predecessors listed per frontier entry, on average over a batch, that the estimate allows for
/// (the entries a batch emits: calibrated on Dōbutsu shōgi and Dodgem, see [`estimate_bytes`]).
const FANOUT: u64 = 12;

/// The bytes a lean solve of `size` slots holds in memory at its peak, in the rounds: the table,
/// the `Examined` set, a batch of frontier entries read and the entries it emits (each kept
/// once as a slot and once as the 4 bytes written), the spill file's directory (a record per
/// group and batch), and the process's own `RUNTIME`. A save reads one group of remoteness
/// back instead of the examined set, which is no larger for the sizes where it counts. The
/// estimate is meant to lie at or a little above the measured peak (the estimates and peaks of
/// Dōbutsu shōgi and Dodgem 5x5 are in `docs/measurements.md`).
pub fn estimate_bytes(size: u64) -> u64 {
    estimate(size, true)
}

/// [`estimate_bytes`], with or without the [`Examined`] set (a solve leaves it out when the
/// memory limit would refuse it).
fn estimate(size: u64, examined: bool) -> u64 {
    let examined = if examined { examined_bytes(size) } else { 0 };
    let groups = size.div_ceil(1 << group_bits(size));
    let batches = size / BATCH as u64 + 1;
    let records = batches * (groups + 8) * std::mem::size_of::<Record>() as u64;
    let rounds = examined + BATCH as u64 * 8 * (1 + FANOUT * 3 / 2);
    let save = (1u64 << group_bits(size)).min(size) * 2;
    size.div_ceil(32) * 8 + records + rounds.max(save) + RUNTIME
}

/// The bytes of the set of positions examined in a round ([`Examined`]), when the solve keeps
/// one.
fn examined_bytes(size: u64) -> u64 {
    if keeps_examined(size) {
        size.div_ceil(64) * 8
    } else {
        0
    }
}

/// Whether a solve of `size` slots may keep an [`Examined`] set: no round of a smaller one has
/// a frontier large enough ([`EXAMINED_FRONTIER`]).
fn keeps_examined(size: u64) -> bool {
    size >= EXAMINED_FRONTIER
}

/// The fewest slots of a group (as a power of two) of a lean solution: the store's writer reads
/// ranges of 2^22 slots, each within a group.
pub(crate) const MIN_GROUP_BITS: u32 = 22;

/// Slots per group of the spill file as a power of two: at most 64 groups, of 2^22 slots at
/// least.
fn group_bits(size: u64) -> u32 {
    (64 - size.max(1).leading_zeros()).saturating_sub(6).clamp(MIN_GROUP_BITS, 32)
}

/// A round's search for losses keeps the positions it examined ([`Examined`]) when its frontier
/// holds at least one entry per this many slots: below, clearing the set costs more than the
/// repeated examinations it saves.
const EXAMINED_FRONTIER: u64 = 1 << 10;

/// Frontier entries whose predecessors are listed (and their state words prefetched) before any
/// is looked at: the table is read at random, and a batch keeps many reads in flight.
const PREFETCH: usize = 32;

/// [`PREFETCH`] for the search for losses ([`mark_lost_predecessors`]), whose steps are short.
const LOSS_PREFETCH: usize = 128;

/// Marks `code` on every undecided predecessor of the slots of list `from`, and enters it in
/// list `to`.
fn mark_predecessors<G: SlotMoves>(
    game: &G,
    spill: &Spill,
    states: &States,
    from: (List, u32),
    to: (List, u32),
    code: u64,
) -> Result<(), Error> {
    spill.for_each_chunk(from.0, from.1, |chunk, emit| {
        let (mut preds, mut frontier) = (Vec::new(), Vec::new());
        for batch in chunk.chunks(PREFETCH) {
            preds.clear();
            frontier.clear();
            frontier.extend(batch.iter().filter_map(|&s| game.unrank_position(s)));
            game.predecessor_slots_each(&frontier, &mut preds);
            preds.iter().for_each(|&q| states.prefetch(q));
            for &q in &preds {
                if states.get(q) == UNDECIDED && states.mark(q, code) {
                    emit.push(to.0, to.1, q);
                }
            }
        }
    })
}

/// Whether a terminal position is won (for the player to move there) in at most `r`: a move
/// into it is one that a position lost in `r + 1` may have.
#[inline]
fn won_within(o: Outcome, r: u32) -> bool {
    o.value() == Value::Win && o.remoteness().unwrap_or(0) <= r
}

/// Marks lost, in round `to.1`, every undecided predecessor of the slots of list `from` whose
/// every move leads into a position won in at most `r` ([`SlotMoves::for_each_predecessor`], then
/// [`SlotMoves::child_keys`]), and enters it in list `to`. With `examined` (a large frontier), a
/// predecessor is examined once in the round however many of its moves lead into the frontier;
/// `examined` is cleared first.
///
/// Most examinations fail, at the third move on average (Dōbutsu), so the moves are ranked
/// ([`SlotMoves::slot_of_key`]) one at a time, up to the first that is not won, and for many
/// predecessors in step: each step ranks the next move of every predecessor still open and
/// prefetches its state word, then reads them all. The predecessors' state words are prefetched
/// likewise, a batch of frontier entries at a time.
fn mark_lost_predecessors<G: SlotMoves>(
    game: &G,
    spill: &Spill,
    states: &States,
    examined: Option<&Examined>,
    from: (List, u32),
    to: (List, u32),
    r: u32,
) -> Result<(), Error> {
    if let Some(examined) = examined {
        examined.clear();
    }
    spill.for_each_chunk(from.0, from.1, |chunk, emit| {
        let mut preds: Vec<(u64, G::Position)> = Vec::new();
        // Per undecided predecessor: its slot, and the keys of its moves still to look at (a
        // range of `keys`).
        let (mut open, mut slots) = (Vec::<(u64, usize, usize)>::new(), Vec::new());
        let (mut moves, mut candidates) = (KeyBatch::default(), Vec::new());
        let mut frontier = Vec::new();
        for batch in chunk.chunks(LOSS_PREFETCH) {
            preds.clear();
            frontier.clear();
            frontier.extend(batch.iter().filter_map(|&s| game.unrank_position(s)));
            game.predecessors_each(&frontier, &mut preds);
            for &(q, _) in &preds {
                states.prefetch(q);
                if let Some(examined) = examined {
                    examined.prefetch(q);
                }
            }
            open.clear();
            moves.clear();
            candidates.clear();
            // The predecessors still undecided (and not examined before in this round).
            candidates.extend((0..preds.len()).filter(|&i| {
                let q = preds[i].0;
                states.get(q) == UNDECIDED && examined.is_none_or(|e| e.first(q))
            }));
            game.child_keys_each(candidates.iter().map(|&i| &preds[i].1), &mut moves);
            let (mut key, mut end) = (0, 0);
            for (&i, &(keys_end, ends_end)) in candidates.iter().zip(&moves.bounds) {
                let q = preds[i].0;
                // A move into a terminal position not won within `r` keeps it from being lost
                // now; one into a terminal position won within `r` is no obstacle.
                if moves.ends[end..ends_end].iter().all(|&o| won_within(o, r)) {
                    if key == keys_end {
                        if states.mark(q, LOST) {
                            emit.push(to.0, to.1, q);
                        }
                    } else {
                        open.push((q, key, keys_end));
                    }
                }
                (key, end) = (keys_end, ends_end);
            }
            while !open.is_empty() {
                slots.clear();
                for &(_, next, _) in &open {
                    game.prefetch_key(moves.keys[next]);
                }
                for &(_, next, _) in &open {
                    let slot = game.slot_of_key(moves.keys[next]);
                    states.prefetch(slot);
                    slots.push(slot);
                }
                let mut kept = 0;
                for i in 0..open.len() {
                    let (q, next, end) = open[i];
                    if states.get(slots[i]) != WON {
                        continue;
                    }
                    if next + 1 < end {
                        open[kept] = (q, next + 1, end);
                        kept += 1;
                    } else if states.mark(q, LOST) {
                        emit.push(to.0, to.1, q);
                    }
                }
                open.truncate(kept);
            }
        }
    })
}

/// Marks `code` on every undecided slot of list `from` (a pending list) that `keep` accepts, and
/// enters it in list `to`.
fn mark_listed(
    spill: &Spill,
    states: &States,
    from: (List, u32),
    to: (List, u32),
    code: u64,
    keep: impl Fn(u64) -> bool + Sync,
) -> Result<(), Error> {
    spill.for_each_chunk(from.0, from.1, |chunk, emit| {
        for &q in chunk {
            if states.get(q) == UNDECIDED && keep(q) && states.mark(q, code) {
                emit.push(to.0, to.1, q);
            }
        }
    })
}

/// Runs the rounds `t = 1, 2, ...` of a phase: `round(r, t)` decides the positions of remoteness
/// `t` from those of `r = t - 1` and says whether another round is due. Stops when cancelled, or
/// past [`MAX_REMOTENESS`].
fn rounds(
    phase: &str,
    progress: &dyn Progress,
    mut round: impl FnMut(u32, u32) -> Result<bool, Error>,
) -> Result<(), Error> {
    for t in 1.. {
        if progress.cancelled() {
            return Err(Error::Cancelled { checkpoint: None, proven: None });
        }
        if t > MAX_REMOTENESS {
            return Err(Error::TooLarge(format!("a lean solve records remoteness up to {MAX_REMOTENESS}")));
        }
        progress.phase(&format!("{phase}: round {t}"), None);
        if !round(t - 1, t)? {
            break;
        }
    }
    Ok(())
}

/// Positions whose moves are summed up together as the table is set up
/// ([`SlotMoves::child_ends_each`]).
const SET_UP_BATCH: usize = 32;

/// The positions of a task's set-up waiting for the ends of their moves, a batch at a time.
struct SetUp<P> {
    slots: Vec<u64>,
    positions: Vec<P>,
    ends: Vec<ChildEnds>,
}

impl<P> SetUp<P> {
    fn new() -> SetUp<P> {
        SetUp { slots: Vec::new(), positions: Vec::new(), ends: Vec::new() }
    }

    /// Sets up slot `slot`, holding `pos` (`None` for a hole): marks a hole, a terminal position
    /// or (at the next [`SetUp::flush`]) one without moves, else enters the slot in the pending
    /// lists its moves into terminal positions call for.
    fn slot<G: SlotMoves<Position = P>>(
        &mut self,
        game: &G,
        may_be_terminal: bool,
        states: &States,
        emit: &mut Emit,
        slot: u64,
        pos: Option<P>,
    ) -> Result<(), Error> {
        let Some(pos) = pos else {
            states.mark(slot, HOLE);
            emit.holes += 1;
            return Ok(());
        };
        let end = if may_be_terminal { game.terminal(&pos) } else { None };
        let Some(o) = end else {
            self.slots.push(slot);
            self.positions.push(pos);
            if self.slots.len() == SET_UP_BATCH {
                self.flush(game, states, emit);
            }
            return Ok(());
        };
        let code = match o.value() {
            Value::Win => WON,
            Value::Lose => LOST,
            Value::Tie => TIED,
            Value::Draw => {
                return Err(Error::Unsupported(
                    "a terminal position of value draw cannot be solved lean".into(),
                ))
            }
        };
        states.mark(slot, code);
        let r = o.remoteness().unwrap_or(0);
        if r > MAX_REMOTENESS {
            return Err(Error::TooLarge(format!(
                "a lean solve records remoteness up to {MAX_REMOTENESS}; slot {slot} is terminal with \
                 remoteness {r}"
            )));
        }
        *emit.terminal.entry((o.value().index(), r)).or_default() += 1;
        emit.push(List::Terminal, r, slot);
        Ok(())
    }

    /// Sums up the moves of the positions waiting ([`SlotMoves::child_ends_each`]) and enters
    /// each in the lists they call for.
    fn flush<G: SlotMoves<Position = P>>(&mut self, game: &G, states: &States, emit: &mut Emit) {
        game.child_ends_each(&self.positions, &mut self.ends);
        for (&slot, ends) in self.slots.iter().zip(&self.ends) {
            if ends.moves == 0 {
                states.mark(slot, LOST);
                emit.push(List::Lost, 0, slot);
            } else if let Some(k) = ends.lost_min {
                emit.push(List::PendingWin, k + 1, slot);
            } else if ends.all_won() {
                emit.push(List::PendingLoss, ends.won_max.unwrap_or(0) + 1, slot);
            } else {
                if let Some(m) = ends.won_max.filter(|&m| m >= 2) {
                    emit.push(List::PendingCheck, m + 1, slot);
                }
                if let Some(k) = ends.tie_min {
                    emit.push(List::PendingTie, k + 1, slot);
                }
            }
        }
        self.slots.clear();
        self.positions.clear();
    }
}

/// Solves every position of `game`'s index (see the module's documentation). `spill_dir` is
/// where the spill file's directory goes (by default the system's temporary directory).
pub fn solve<G: SlotMoves>(
    game: &G,
    memory_limit: Option<u64>,
    spill_dir: Option<&Path>,
    progress: &dyn Progress,
) -> Result<LeanSolution, Error> {
    crate::table::plumbing::check_backward(game)?;
    let size = game.size();
    let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
    // The examined set saves time, not memory: left out when the limit would refuse it.
    let keep_examined = memory_limit.is_none_or(|limit| estimate(size, true) <= limit);
    let memory = estimate(size, keep_examined);
    let dir = spill_dir.map_or_else(std::env::temp_dir, Path::to_path_buf);
    let plan = format!(
        "{size} index slots; memory about {:.0} MiB (the table {}{}); on disk in {}, the rounds' \
         lists: 4 bytes per position decided by a round ({} if every slot is one)",
        mib(memory),
        describe_bytes(size.div_ceil(32) * 8),
        if keep_examined && keeps_examined(size) {
            format!(", the set of positions examined in a round {}", describe_bytes(examined_bytes(size)))
        } else {
            String::new()
        },
        dir.display(),
        describe_bytes(size * 4)
    );
    progress.note(&format!("lean solve: {plan}"));
    if !keep_examined && memory_limit.is_some_and(|limit| memory <= limit) {
        progress.note(&format!(
            "lean solve: without the set of positions examined in a round ({} more would pass the \
             memory limit): positions are examined again for each of their moves into a round's \
             frontier, which is slower",
            describe_bytes(examined_bytes(size))
        ));
    }
    if let Some(limit) = memory_limit.filter(|&l| memory > l) {
        return Err(Error::TooLarge(format!(
            "the lean solve needs about {:.0} MiB, over the memory limit of {:.0} MiB ({plan})",
            mib(memory),
            mib(limit)
        )));
    }
    let (stale, stale_bytes) = remove_stale(&dir);
    if stale > 0 {
        progress.note(&format!(
            "removed {stale} spill {} of lean solves that ended without removing them ({}) from {}",
            if stale == 1 { "directory" } else { "directories" },
            describe_bytes(stale_bytes),
            dir.display()
        ));
    }
    let spill = Spill::create(spill_dir, group_bits(size))?;
    let states = States::new(size);

    // Set up: terminal positions, holes, positions without moves, pending lists.
    progress.phase("setting up the table", Some(size));
    let chunks = size.div_ceil(CHUNK as u64);
    let may_be_terminal = game.slots_may_be_terminal();
    let set_up = |k: u64| -> Result<Emit, Error> {
        if progress.cancelled() {
            return Err(Error::Cancelled { checkpoint: None, proven: None });
        }
        let mut emit = Emit::default();
        let start = k * CHUNK as u64;
        let end = (start + CHUNK as u64).min(size);
        let mut failure = None;
        let mut batch = SetUp::new();
        game.unrank_each(start..end, |slot, pos| {
            if failure.is_none() {
                if let Err(e) = batch.slot(game, may_be_terminal, &states, &mut emit, slot, pos) {
                    failure = Some(e);
                }
            }
        });
        batch.flush(game, &states, &mut emit);
        if let Some(e) = failure {
            return Err(e);
        }
        progress.advance(end - start);
        Ok(emit)
    };
    let (mut terminal, mut holes) = (TerminalCounts::new(), 0u64);
    let per_batch = (BATCH / CHUNK) as u64;
    for first in (0..chunks).step_by(per_batch as usize) {
        let emits =
            (first..(first + per_batch).min(chunks)).into_par_iter().map(set_up).collect::<Result<_, _>>()?;
        let (counts, h) = Emit::write_all(emits, &spill)?;
        for (key, n) in counts {
            *terminal.entry(key).or_default() += n;
        }
        holes += h;
    }

    // Wins and losses, round by round.
    let examined = (keep_examined && keeps_examined(size)).then(|| Examined::new(size));
    let examine = |pos: &G::Position, r: u32| -> bool {
        game.all_children(pos, |c| match c {
            Child::Terminal(o) => won_within(o, r),
            Child::Slot(s) => states.get(s) == WON,
        })
    };
    rounds("wins and losses", progress, |r, t| {
        // Losses first, while every won position in the table has remoteness r at most.
        let frontier = spill.count(List::Won, r);
        let examined = examined.as_ref().filter(|_| frontier >= size / EXAMINED_FRONTIER);
        mark_lost_predecessors(game, &spill, &states, examined, (List::Won, r), (List::Lost, t), r)?;
        let listed_lost = |q| game.unrank_position(q).is_some_and(|p| examine(&p, r));
        mark_listed(&spill, &states, (List::PendingCheck, t), (List::Lost, t), LOST, listed_lost)?;
        mark_listed(&spill, &states, (List::PendingLoss, t), (List::Lost, t), LOST, |_| true)?;
        // Then wins.
        mark_predecessors(game, &spill, &states, (List::Lost, r), (List::Won, t), WON)?;
        mark_listed(&spill, &states, (List::PendingWin, t), (List::Won, t), WON, |_| true)?;
        let decided = spill.count(List::Won, t) + spill.count(List::Lost, t);
        progress.advance(decided);
        let pending =
            [List::PendingWin, List::PendingLoss, List::PendingCheck].iter().any(|&l| spill.any_after(l, t));
        Ok(decided > 0 || pending)
    })?;

    // Ties.
    rounds("ties", progress, |r, t| {
        mark_predecessors(game, &spill, &states, (List::Tied, r), (List::Tied, t), TIED)?;
        mark_listed(&spill, &states, (List::PendingTie, t), (List::Tied, t), TIED, |_| true)?;
        let decided = spill.count(List::Tied, t);
        progress.advance(decided);
        Ok(decided > 0 || spill.any_after(List::PendingTie, t))
    })?;

    // Counts: terminal positions, the rounds' lists, and the draws left.
    let mut table = terminal;
    let mut decided = table.values().sum::<u64>();
    for (list, value) in [(List::Won, Value::Win), (List::Lost, Value::Lose), (List::Tied, Value::Tie)] {
        let keys: Vec<u32> = {
            let records = spill.records.lock().expect("the spill directory's lock");
            records.keys().filter(|(l, _)| *l == list).map(|&(_, round)| round).collect()
        };
        for round in keys {
            let n = spill.count(list, round);
            decided += n;
            *table.entry((value.index(), round)).or_default() += n;
        }
    }
    let mut counts: Vec<CountRow> = table
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .map(|((v, r), count)| CountRow { value: Value::ALL[v], remoteness: Some(r), count })
        .collect();
    let draws = size - holes - decided;
    if draws > 0 {
        counts.push(CountRow { value: Value::Draw, remoteness: None, count: draws });
    }
    counts.sort_by_key(|r| (r.value.index(), r.remoteness.unwrap_or(0)));
    Ok(LeanSolution { states, size, holes, counts, spill })
}
