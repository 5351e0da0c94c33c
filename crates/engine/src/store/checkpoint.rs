//! Checkpoints of long dense solves: the state between two rounds of retrograde analysis in a
//! file, written now and then and when the solve is stopped ([`crate::Progress::cancelled`]),
//! so that a later solve resumes from it and ends exactly as an uninterrupted one.
//!
//! Between two rounds the whole state of a dense solve is the reachable set (its bitset words),
//! one state word per reachable position, the phase (wins and losses, or ties) and the round
//! `r`: the next frontier is exactly the positions decided in the phase with remoteness `r`, so
//! that it is rebuilt from the state words on resume (see
//! [`crate::solve::retrograde::solve_space_words_from`]) and never saved. Before the rounds, the
//! breadth-first search of the reachable set is checkpointed too, between two of its levels:
//! the slots found so far and the frontier (the slots found at the last level) with its level
//! ([`crate::table::dense::reachable_from`]).

//!
//! # Format (version 1, integers little-endian)
//!
//! ```text
//! magic        8 bytes  "NIMBERCK"
//! version      u32      1
//! text_len     u32      length of the header text
//! text         UTF-8    `key=value` lines (below)
//! header_crc   u32      CRC-32 of everything above
//! "SETW"       4 bytes  the reachable set: a tag,
//! len          u64      its length in bytes (8 per 64 slots of the index),
//! words        u64 each the bitset words, slot i in bit i % 64 of word i / 64,
//! crc          u32      CRC-32 of the words
//! then, in the rounds (phase `wins` or `ties`):
//! "STAT"       4 bytes  the state words: a tag,
//! len          u64      its length in bytes (positions * word_bits / 8),
//! words        word_bits / 8 bytes each, position k (the k-th reachable slot) at k,
//! crc          u32      CRC-32 of the words
//! or, in the search (phase `search`):
//! "FRNT"       4 bytes  the frontier: a tag,
//! len          u64      its length in bytes (8 per slot),
//! slots        u64 each the slots found at the last level,
//! crc          u32      CRC-32 of the slots
//! ```
//!
//! The header text: `game=NAME`, one `param=KEY=VALUE` per parameter, `scheme=` the index scheme
//! ([`crate::Indexed::index_scheme`]), `size=` the index size, `positions=` the slots in the
//! set, `word_bits=` (8, 16 or 32), `phase=` (`search`, `wins` or `ties`), `round=` the remoteness
//! of the positions decided last (in the search: the level of the frontier), `frontier=` the
//! slots of the frontier (0 in the rounds). A checkpoint is refused when its game, parameters,
//! index scheme, size or word width are not the solve's, and when anything fails its checksum or
//! length.
//!
//! Files are written under a temporary name (`FILE.tmp-PID`), synced and renamed, so that a
//! checkpoint is always whole: a solve killed while writing leaves the previous one in place.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::Error;
use crate::progress::Progress;
use crate::solve::exchange::Exchange;
use crate::solve::retrograde::{solve_space_words_from, Between, Phase, Resume, StateWord};
use crate::table::dense::{
    check_memory, estimate, reachable_from, word_bits, DenseSet, DenseSolution, DenseSpace, DenseWord, Level,
    SearchResume,
};
use crate::table::index::Indexed;

/// The first bytes of every checkpoint.
pub const MAGIC: &[u8; 8] = b"NIMBERCK";
/// The format version written and read. Version 2: the state words mark the won terminal
/// positions whose moves were applied before any round (see `solve::retrograde::StateWord`);
/// version 1 left them plain wins of remoteness 0.
pub const VERSION: u32 = 2;
/// How often checkpoints are written by default.
pub const DEFAULT_EVERY: Duration = Duration::from_secs(300);
/// Header text longer than this is refused (a corrupt length).
const MAX_TEXT: u32 = 1 << 20;
/// Bytes converted and written at a time.
const CHUNK: usize = 1 << 20;

/// Where and how often a solve keeps its checkpoint, and whether it resumes from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckpointOptions {
    /// The checkpoint file.
    pub path: PathBuf,
    /// The least time between two checkpoints ([`Duration::ZERO`]: after every round). A
    /// checkpoint is always written when the solve is stopped.
    pub every: Duration,
    /// Continue from the checkpoint in `path` (which must exist and be of this game); without
    /// it, an existing checkpoint is refused rather than overwritten.
    pub resume: bool,
    /// The game's registry name, recorded and checked.
    pub game: String,
    /// The game's parameters as `key=value`, recorded and checked.
    pub params: Vec<(String, String)>,
}

impl CheckpointOptions {
    /// Checkpoints in `path` every [`DEFAULT_EVERY`], starting afresh.
    pub fn new(path: impl Into<PathBuf>, game: &str, params: &[(String, String)]) -> CheckpointOptions {
        CheckpointOptions {
            path: path.into(),
            every: DEFAULT_EVERY,
            resume: false,
            game: game.to_string(),
            params: params.to_vec(),
        }
    }

    /// Removes the checkpoint (after the solve's result is safe); no checkpoint is fine.
    pub fn remove(&self) -> Result<(), Error> {
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(&self.path)(e)),
            _ => Ok(()),
        }
    }
}

/// What a checkpoint belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The game's registry name.
    pub game: String,
    /// Every parameter as `key=value`.
    pub params: Vec<(String, String)>,
    /// The index scheme, with its version.
    pub scheme: String,
    /// Slots of the index.
    pub size: u64,
}

impl Identity {
    /// The game with its non-empty parameters, as `nim (heaps=3,4,5)`.
    fn describe(&self) -> String {
        let params: Vec<String> =
            self.params.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}={v}")).collect();
        if params.is_empty() {
            self.game.clone()
        } else {
            format!("{} ({})", self.game, params.join(" "))
        }
    }
}

/// Where a solve was when its checkpoint was taken.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Searching for the reachable set: the frontier is at distance `level` from the roots.
    Search {
        /// The level of the frontier.
        level: u32,
    },
    /// In the rounds of retrograde analysis.
    Rounds {
        /// The phase under way.
        phase: Phase,
        /// The remoteness of the positions decided last.
        round: u32,
    },
}

impl Stage {
    /// `search`, `wins` or `ties`, and the level or round.
    fn fields(self) -> (&'static str, u32) {
        match self {
            Stage::Search { level } => ("search", level),
            Stage::Rounds { phase, round } => (phase.key(), round),
        }
    }

    /// For people: `the search for reachable positions, level 12`, `wins and losses, round 30`.
    pub fn describe(self) -> String {
        match self {
            Stage::Search { level } => format!("the search for reachable positions, level {level}"),
            Stage::Rounds { phase: Phase::WinsLosses, round } => format!("wins and losses, round {round}"),
            Stage::Rounds { phase: Phase::Ties, round } => format!("ties, round {round}"),
        }
    }
}

/// What a checkpoint says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The solve it belongs to.
    pub identity: Identity,
    /// Slots in the set: the reachable positions in the rounds (one state word each), those found
    /// so far in the search.
    pub positions: u64,
    /// Bits per state word (8, 16 or 32).
    pub word_bits: u32,
    /// Where the solve was.
    pub stage: Stage,
    /// Slots of the search's frontier (0 in the rounds).
    pub frontier: u64,
    /// The member whose words the checkpoint holds, in a solve split over members (`None`: the
    /// words of every position).
    pub member: Option<Part>,
}

/// One member's part of a solve split over members (the processes of a cluster): its number,
/// the number of members, and the positions (ranks in the reachable set) whose words it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The member's number, from 0.
    pub index: usize,
    /// The number of members of the solve.
    pub count: usize,
    /// The positions it owns.
    pub owned: std::ops::Range<u64>,
    /// The slots of its window of the reachable set ([`DenseSet::window`]): those of its
    /// positions' partitions.
    pub slots: std::ops::Range<u64>,
}

impl Header {
    fn text(&self) -> String {
        let id = &self.identity;
        let mut t = format!("game={}\n", id.game);
        for (k, v) in &id.params {
            t += &format!("param={k}={v}\n");
        }
        let (phase, round) = self.stage.fields();
        t += &format!(
            "scheme={}\nsize={}\npositions={}\nword_bits={}\nphase={phase}\nround={round}\nfrontier={}\n",
            id.scheme, id.size, self.positions, self.word_bits, self.frontier
        );
        if let Some(part) = &self.member {
            t += &format!(
                "member={}/{}\nowned={}..{}\nslots={}..{}\n",
                part.index, part.count, part.owned.start, part.owned.end, part.slots.start, part.slots.end
            );
        }
        t
    }

    fn parse(text: &str) -> Result<Header, String> {
        let mut id = Identity { game: String::new(), params: Vec::new(), scheme: String::new(), size: 0 };
        let (mut positions, mut word_bits, mut phase, mut round, mut frontier) =
            (None, None, None, None, None);
        let (mut member, mut owned, mut slots) = (None, None, None);
        let num = |key: &str, v: &str| v.parse::<u64>().map_err(|_| format!("bad header field `{key}={v}`"));
        for line in text.lines() {
            let (key, value) = line.split_once('=').ok_or_else(|| format!("bad header line `{line}`"))?;
            match key {
                "game" => id.game = value.to_string(),
                "param" => {
                    let (k, v) = value.split_once('=').ok_or_else(|| format!("bad header line `{line}`"))?;
                    id.params.push((k.to_string(), v.to_string()));
                }
                "scheme" => id.scheme = value.to_string(),
                "size" => id.size = num(key, value)?,
                "positions" => positions = Some(num(key, value)?),
                "word_bits" => word_bits = Some(num(key, value)?),
                "phase" => {
                    phase = match value {
                        "search" => Some(None),
                        _ => Some(Some(
                            Phase::from_key(value).ok_or_else(|| format!("bad header line `{line}`"))?,
                        )),
                    }
                }
                "round" => round = Some(num(key, value)?),
                "frontier" => frontier = Some(num(key, value)?),
                "member" => {
                    let bad = || format!("bad header line `{line}`");
                    let (i, n) = value.split_once('/').ok_or_else(bad)?;
                    let (i, n) =
                        (i.parse::<usize>().map_err(|_| bad())?, n.parse::<usize>().map_err(|_| bad())?);
                    if i >= n {
                        return Err(bad());
                    }
                    member = Some((i, n));
                }
                "owned" | "slots" => {
                    let bad = || format!("bad header line `{line}`");
                    let (a, b) = value.split_once("..").ok_or_else(bad)?;
                    let (a, b) = (a.parse::<u64>().map_err(|_| bad())?, b.parse::<u64>().map_err(|_| bad())?);
                    if a > b || key == "slots" && !a.is_multiple_of(64) {
                        return Err(bad());
                    }
                    if key == "owned" {
                        owned = Some(a..b);
                    } else {
                        slots = Some(a..b);
                    }
                }
                _ => return Err(format!("unknown header field `{key}`")),
            }
        }
        let missing = |what: &str| format!("the header has no {what}");
        if id.game.is_empty() || id.scheme.is_empty() {
            return Err(missing("game or no index scheme"));
        }
        let word_bits = word_bits.ok_or_else(|| missing("word_bits"))?;
        if !matches!(word_bits, 8 | 16 | 32) {
            return Err(format!("bad word width {word_bits} in the header"));
        }
        let round = round.ok_or_else(|| missing("round"))?;
        let round = u32::try_from(round).map_err(|_| format!("bad round {round} in the header"))?;
        let stage = match phase.ok_or_else(|| missing("phase"))? {
            None => Stage::Search { level: round },
            Some(phase) => Stage::Rounds { phase, round },
        };
        let frontier = frontier.ok_or_else(|| missing("frontier"))?;
        if frontier != 0 && matches!(stage, Stage::Rounds { .. }) {
            return Err(format!("a frontier of {frontier} slots in the rounds (frontier)"));
        }
        let positions = positions.ok_or_else(|| missing("positions"))?;
        let member = match (member, owned) {
            (None, None) => None,
            (Some(_), Some(_)) if slots.as_ref().is_none_or(|s| s.end > id.size) => {
                return Err("a member's checkpoint without its slots in the index (written by an older \
                            nimber: start the solve over)"
                    .into())
            }
            (Some((index, count)), Some(owned))
                if owned.end <= positions && matches!(stage, Stage::Rounds { .. }) =>
            {
                Some(Part { index, count, owned, slots: slots.unwrap_or(0..0) })
            }
            (Some(_), Some(owned)) if owned.end > positions => {
                return Err(format!("a member owning positions beyond the {positions} of the set"))
            }
            (Some(_), Some(_)) => return Err("a member's checkpoint of the search".into()),
            _ => return Err("a member without its positions, or positions without a member".into()),
        };
        Ok(Header { identity: id, positions, word_bits: word_bits as u32, stage, frontier, member })
    }
}

fn refused(path: &Path, what: impl Into<String>) -> Error {
    Error::Checkpoint { path: path.display().to_string(), what: what.into() }
}

fn damaged(path: &Path, what: impl std::fmt::Display) -> Error {
    refused(path, format!("damaged checkpoint: {what}"))
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io { path: path.display().to_string(), source }
}

/// What a checkpoint holds besides the set.
pub enum State<'a, W> {
    /// The search between two levels.
    Search(&'a Level<'a>),
    /// The rounds, between two of them.
    Rounds(&'a Between<'a, W>),
}

/// Writes the state of a solve to `path` (through `path.tmp-PID`, renamed when whole): the set
/// and the search's frontier, or the state words between two rounds.
pub fn write<W: StateWord>(
    path: &Path,
    identity: &Identity,
    set: &DenseSet,
    state: &State<'_, W>,
) -> Result<(), Error> {
    write_part(path, identity, set, state, None)
}

/// [`write`] of one member's words (`state` the rounds, [`Between::words`] the words of the
/// positions `part.owned`) when `part` is given.
fn write_part<W: StateWord>(
    path: &Path,
    identity: &Identity,
    set: &DenseSet,
    state: &State<'_, W>,
    part: Option<&Part>,
) -> Result<(), Error> {
    let bad_text = |s: &str| s.contains('\n') || s.contains('\r');
    if bad_text(&identity.game)
        || bad_text(&identity.scheme)
        || identity.params.iter().any(|(k, v)| bad_text(k) || bad_text(v) || k.contains('='))
    {
        return Err(Error::Unsupported(
            "a game name, parameter or index scheme with a line break cannot be checkpointed".into(),
        ));
    }
    let (stage, positions, frontier) = match state {
        State::Search(at) => (
            Stage::Search { level: at.level },
            set.word_range().map(|w| set.word(w).count_ones() as u64).sum(),
            at.frontier_len() as u64,
        ),
        State::Rounds(at) => {
            let positions = if part.is_some() { set.count() } else { at.words.len() as u64 };
            (Stage::Rounds { phase: at.phase, round: at.round }, positions, 0)
        }
    };
    if let Some(part) = part {
        if matches!(state, State::Search(_)) || part.owned.end - part.owned.start != words_of(state) {
            return Err(Error::Unsupported(format!(
                "a checkpoint of member {} of {} holds the words of its positions {:?}",
                part.index, part.count, part.owned
            )));
        }
    }
    let header = Header {
        identity: identity.clone(),
        positions,
        word_bits: W::BITS,
        stage,
        frontier,
        member: part.cloned(),
    };
    let text = header.text();
    let mut head = Vec::new();
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&VERSION.to_le_bytes());
    head.extend_from_slice(&(text.len() as u32).to_le_bytes());
    head.extend_from_slice(text.as_bytes());
    let crc = crc32fast::hash(&head);
    head.extend_from_slice(&crc.to_le_bytes());

    // Removed when dropped, on any error.
    let file = crate::store::files::TempFile::create(path)?;
    let tmp = file.tmp_path().to_path_buf();
    let result = (|| -> std::io::Result<crate::store::files::TempFile> {
        let mut f = BufWriter::with_capacity(CHUNK, file);
        f.write_all(&head)?;
        // A member's window of the set, or the whole set.
        let held = set.word_range();
        write_section(&mut f, b"SETW", (held.end - held.start) as usize, 8, |w, out| {
            out.extend_from_slice(&set.word(held.start + w as u64).to_le_bytes())
        })?;
        match state {
            State::Search(at) => {
                let mut slots = at.frontier_slots();
                write_section(&mut f, b"FRNT", at.frontier_len(), 8, |_, out| {
                    out.extend_from_slice(&slots.next().expect("frontier_len slots").to_le_bytes())
                })?
            }
            State::Rounds(at) => {
                let width = (W::BITS / 8) as usize;
                write_section(&mut f, b"STAT", at.words.len(), width, |k, out| {
                    out.extend_from_slice(&at.words[k].to_u32().to_le_bytes()[..width])
                })?
            }
        }
        f.into_inner().map_err(|e| e.into_error())
    })();
    result.map_err(io(&tmp))?.commit()
}

/// The state words in `state` (none in the search).
fn words_of<W>(state: &State<'_, W>) -> u64 {
    match state {
        State::Search(_) => 0,
        State::Rounds(at) => at.words.len() as u64,
    }
}

/// Writes a section: its tag, its length, `n` items of `width` bytes each (`item(k, out)`
/// appends item `k`), and the CRC-32 of the items.
fn write_section(
    f: &mut impl Write,
    tag: &[u8; 4],
    n: usize,
    width: usize,
    mut item: impl FnMut(usize, &mut Vec<u8>),
) -> std::io::Result<()> {
    f.write_all(tag)?;
    f.write_all(&((n * width) as u64).to_le_bytes())?;
    let mut crc = crc32fast::Hasher::new();
    let mut buf = Vec::with_capacity(CHUNK);
    let per_chunk = CHUNK / width;
    let mut k = 0;
    while k < n {
        buf.clear();
        let end = (k + per_chunk).min(n);
        for i in k..end {
            item(i, &mut buf);
        }
        crc.update(&buf);
        f.write_all(&buf)?;
        k = end;
    }
    f.write_all(&crc.finalize().to_le_bytes())
}

/// Reads a section written by [`write_section`]: checks the tag and that its length is `n`
/// items of `width` bytes, gives each item to `item(k, bytes)`, and checks the CRC.
fn read_section(
    f: &mut impl Read,
    path: &Path,
    tag: &[u8; 4],
    n: u64,
    width: usize,
    mut item: impl FnMut(usize, &[u8]),
) -> Result<(), Error> {
    let name = String::from_utf8_lossy(tag).into_owned();
    let truncated = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => damaged(path, format!("the file ends inside section {name}")),
        _ => io(path)(e),
    };
    let mut head = [0u8; 12];
    f.read_exact(&mut head).map_err(truncated)?;
    if &head[..4] != tag {
        return Err(damaged(path, format!("section {name} is missing")));
    }
    let len = u64::from_le_bytes(head[4..].try_into().expect("8 bytes"));
    if Some(len) != n.checked_mul(width as u64) {
        return Err(damaged(path, format!("section {name} has {len} bytes, expected {n} items of {width}")));
    }
    let mut crc = crc32fast::Hasher::new();
    let mut buf = vec![0u8; CHUNK - CHUNK % width];
    let mut left = len as usize;
    let mut k = 0;
    while left > 0 {
        let take = left.min(buf.len());
        f.read_exact(&mut buf[..take]).map_err(truncated)?;
        crc.update(&buf[..take]);
        for bytes in buf[..take].chunks_exact(width) {
            item(k, bytes);
            k += 1;
        }
        left -= take;
    }
    let mut stored = [0u8; 4];
    f.read_exact(&mut stored).map_err(truncated)?;
    if u32::from_le_bytes(stored) != crc.finalize() {
        return Err(damaged(path, format!("section {name} fails its checksum")));
    }
    Ok(())
}

/// Reads the header of the checkpoint in `path`, checking its magic, version and checksum.
pub fn read_header(path: &Path) -> Result<Header, Error> {
    let file = File::open(path).map_err(io(path))?;
    let len = file.metadata().map_err(io(path))?.len();
    read_header_from(&mut BufReader::new(file), len, path).map(|(header, _)| header)
}

/// [`read_header`] from any reader (bytes in memory: `std::io::Cursor::new(bytes)`); `path`
/// only names the checkpoint in error messages.
pub fn read_header_in<R: Read + Seek>(mut reader: R, path: &Path) -> Result<Header, Error> {
    let len = reader.seek(SeekFrom::End(0)).map_err(io(path))?;
    reader.seek(SeekFrom::Start(0)).map_err(io(path))?;
    read_header_from(&mut reader, len, path).map(|(header, _)| header)
}

/// Reads the header from `f` (`len` bytes in all), refusing a text length beyond them before
/// allocating it; returns the header and its length in bytes.
fn read_header_from(f: &mut impl Read, len: u64, path: &Path) -> Result<(Header, u64), Error> {
    let short = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => damaged(path, "the file ends inside the header"),
        _ => io(path)(e),
    };
    let mut fixed = [0u8; 16];
    f.read_exact(&mut fixed).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => refused(path, "not a nimber checkpoint (too short)"),
        _ => io(path)(e),
    })?;
    if &fixed[..8] != MAGIC {
        return Err(refused(path, "not a nimber checkpoint"));
    }
    let version = u32::from_le_bytes(fixed[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(refused(
            path,
            format!("checkpoint format version {version}; this nimber reads version {VERSION}"),
        ));
    }
    let text_len = u32::from_le_bytes(fixed[12..16].try_into().expect("4 bytes"));
    if text_len > MAX_TEXT {
        return Err(damaged(path, format!("the header's length is not plausible (text_len {text_len})")));
    }
    // At most 1 MiB + 20: no overflow.
    let header_len = 16 + text_len as u64 + 4;
    if header_len > len {
        return Err(damaged(path, "the file ends inside the header"));
    }
    let mut text = vec![0u8; text_len as usize];
    f.read_exact(&mut text).map_err(short)?;
    let mut stored = [0u8; 4];
    f.read_exact(&mut stored).map_err(short)?;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&fixed);
    crc.update(&text);
    if crc.finalize() != u32::from_le_bytes(stored) {
        return Err(damaged(path, "the header fails its checksum"));
    }
    let text = String::from_utf8(text).map_err(|_| damaged(path, "the header is not UTF-8"))?;
    let header = Header::parse(&text).map_err(|what| damaged(path, what))?;
    Ok((header, header_len))
}

/// Refuses a section of `n` items of `width` bytes that does not fit in the `left` bytes of the
/// file (before anything is allocated for it); the bytes left after it.
fn section_fits(path: &Path, tag: &[u8; 4], n: u64, width: usize, left: u64) -> Result<u64, Error> {
    let need = n.checked_mul(width as u64).and_then(|b| b.checked_add(16));
    match need {
        Some(need) if need <= left => Ok(left - need),
        _ => Err(damaged(path, format!("the file ends inside section {}", String::from_utf8_lossy(tag)))),
    }
}

/// A checkpoint read back: where to resume.
pub enum Loaded<W> {
    /// The search, between two levels (the set without its directory).
    Search(SearchResume),
    /// The rounds: the reachable set (with its directory built) and the state between two rounds.
    Rounds(DenseSet, Resume<W>),
}

/// Reads the checkpoint in `path`, refusing it unless it belongs to `identity` and holds words
/// of type `W`, and checking every section.
pub fn load<W: StateWord>(path: &Path, identity: &Identity) -> Result<(Header, Loaded<W>), Error> {
    load_from(File::open(path).map_err(io(path))?, path, identity)
}

/// [`load`] from any reader (bytes in memory: `std::io::Cursor::new(bytes)`), with every check
/// of [`load`]; `path` only names the checkpoint in error messages. This is the entry point of
/// the fuzz targets: whatever the bytes, the result is a checkpoint of `identity` or an error,
/// never a panic or an abort. What is allocated is sized by `identity` (the game's index: the
/// set) or by sections whose lengths were checked against the reader's length first.
pub fn load_from<W: StateWord, R: Read + Seek>(
    reader: R,
    path: &Path,
    identity: &Identity,
) -> Result<(Header, Loaded<W>), Error> {
    let (header, set, rest) = load_inner::<W, R>(reader, path, identity, Expect::Whole, None)?;
    let set = set.expect("the set is read when none is given to compare with");
    Ok(match rest {
        Rest::Search { level, frontier } => (header, Loaded::Search(SearchResume { level, set, frontier })),
        Rest::Rounds(resume) => (header, Loaded::Rounds(set, resume)),
    })
}

/// Reads and checks a whole checkpoint from any reader, as [`load_from`] does, but of the member
/// `part` (`None`: of a solve on one machine): the entry point of the fuzz target for members'
/// checkpoints. Returns its header.
pub fn check_from<W: StateWord, R: Read + Seek>(
    reader: R,
    path: &Path,
    identity: &Identity,
    part: Option<&Part>,
) -> Result<Header, Error> {
    let expect = match part {
        Some(part) => Expect::Part(part),
        None => Expect::Whole,
    };
    load_inner::<W, R>(reader, path, identity, expect, None).map(|(header, _, _)| header)
}

/// Which member a checkpoint must be of.
#[derive(Clone, Copy)]
enum Expect<'a> {
    /// None: the words of every position.
    Whole,
    /// Member `index` of `count`, whatever its positions.
    Member(usize, usize),
    /// Exactly this part.
    Part(&'a Part),
}

/// What a checkpoint holds besides its set.
enum Rest<W> {
    /// The search's level and frontier.
    Search { level: u32, frontier: Vec<u64> },
    /// The rounds' state.
    Rounds(Resume<W>),
}

/// [`load_from`] for a checkpoint of the member `expect` says; with `against`, the set is
/// compared with it (a difference is refused) rather than built, and `None` is returned for it.
fn load_inner<W: StateWord, R: Read + Seek>(
    mut reader: R,
    path: &Path,
    identity: &Identity,
    expect: Expect<'_>,
    against: Option<&DenseSet>,
) -> Result<(Header, Option<DenseSet>, Rest<W>), Error> {
    let len = reader.seek(SeekFrom::End(0)).map_err(io(path))?;
    reader.seek(SeekFrom::Start(0)).map_err(io(path))?;
    let mut f = BufReader::with_capacity(CHUNK, reader);
    let (header, header_len) = read_header_from(&mut f, len, path)?;
    check_header::<W>(&header, path, identity, expect)?;
    // A member's checkpoint holds its window of the set, a solve's the whole set.
    let slots = header.member.as_ref().map_or(0..identity.size, |part| part.slots.clone());
    if against.is_some_and(|set| set.slots() != slots) {
        return Err(refused(path, "this member's part of the index is not the one in this checkpoint"));
    }
    let first = slots.start / 64;
    let held = slots.end.div_ceil(64) - first;
    let left = section_fits(path, b"SETW", held, 8, len - header_len)?;
    let mut set = match against {
        Some(_) => None,
        None => Some(DenseSet::window(identity.size, slots.clone())),
    };
    let (mut count, mut differs) = (0u64, false);
    read_section(&mut f, path, b"SETW", held, 8, |w, bytes| {
        let word = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        count += word.count_ones() as u64;
        match (&set, against) {
            (Some(set), _) => set.set_word(first as usize + w, word),
            (None, Some(against)) => differs |= against.word(first + w as u64) != word,
            (None, None) => {}
        }
    })?;
    if differs {
        return Err(refused(
            path,
            "the reachable positions in this checkpoint are not this solve's (the game's rules have \
             changed since)",
        ));
    }
    let last = |w: u64| match (&set, against) {
        (Some(set), _) => set.word(w),
        (None, Some(against)) => against.word(w),
        (None, None) => 0,
    };
    // The last word of the window: no slots past its end (the index's, or the window's).
    if !slots.end.is_multiple_of(64) && held > 0 && last(slots.end / 64) >> (slots.end % 64) != 0 {
        return Err(damaged(path, "the set has slots beyond its part of the index"));
    }
    let expected = header.member.as_ref().map_or(header.positions, |part| part.owned.end - part.owned.start);
    if count != expected {
        return Err(damaged(path, format!("the set has {count} slots, the header says {expected}")));
    }
    let (phase, round) = match header.stage {
        Stage::Search { level } => {
            if header.frontier > count {
                return Err(damaged(path, "the frontier is larger than the set"));
            }
            section_fits(path, b"FRNT", header.frontier, 8, left)?;
            let mut frontier = vec![0u64; header.frontier as usize];
            read_section(&mut f, path, b"FRNT", header.frontier, 8, |k, bytes| {
                frontier[k] = u64::from_le_bytes(bytes.try_into().expect("8 bytes"))
            })?;
            let member = |slot: u64| match (&set, against) {
                (Some(set), _) => set.contains(slot),
                (None, Some(against)) => against.contains(slot),
                (None, None) => false,
            };
            if frontier.iter().any(|&slot| slot >= identity.size || !member(slot)) {
                return Err(damaged(path, "the frontier has slots outside the set"));
            }
            end_of_file(&mut f, path)?;
            return Ok((header, set, Rest::Search { level, frontier }));
        }
        Stage::Rounds { phase, round } => (phase, round),
    };
    if let Some(set) = set.as_mut() {
        set.build_directory();
    }
    let words_len = match &header.member {
        Some(part) => part.owned.end - part.owned.start,
        None => header.positions,
    };
    let positions = usize::try_from(words_len)
        .map_err(|_| Error::TooLarge(format!("{words_len} positions do not fit in memory")))?;
    let width = (W::BITS / 8) as usize;
    section_fits(path, b"STAT", words_len, width, left)?;
    let mut words = vec![W::from_u32(0); positions];
    read_section(&mut f, path, b"STAT", words_len, width, |k, bytes| {
        let mut le = [0u8; 4];
        le[..width].copy_from_slice(bytes);
        words[k] = W::from_u32(u32::from_le_bytes(le));
    })?;
    end_of_file(&mut f, path)?;
    Ok((header, set, Rest::Rounds(Resume { phase, round, words })))
}

/// Refuses a checkpoint whose header is not of `identity`, of words of type `W` and of the
/// member `expect` says.
fn check_header<W: StateWord>(
    header: &Header,
    path: &Path,
    identity: &Identity,
    expect: Expect<'_>,
) -> Result<(), Error> {
    let found = &header.identity;
    if found.game != identity.game || found.params != identity.params {
        return Err(refused(
            path,
            format!(
                "this checkpoint is of {}, not of {}: remove it or keep this solve's checkpoint elsewhere",
                found.describe(),
                identity.describe()
            ),
        ));
    }
    if found.scheme != identity.scheme || found.size != identity.size {
        return Err(refused(
            path,
            format!(
                "checkpoint written with index scheme {} of {} slots, but {} is now indexed with {} of {} slots (another version of nimber, or a game read from a file that has changed since)",
                found.scheme, found.size, identity.game, identity.scheme, identity.size
            ),
        ));
    }
    if header.word_bits != W::BITS {
        return Err(refused(
            path,
            format!(
                "checkpoint of {}-bit state words; this solve keeps {}-bit words",
                header.word_bits,
                W::BITS
            ),
        ));
    }
    let whose = |member: &Option<Part>| match member {
        None => "a solve on one machine".to_string(),
        Some(p) => {
            format!("member {} of {} (positions {}..{})", p.index, p.count, p.owned.start, p.owned.end)
        }
    };
    let fits = match (expect, &header.member) {
        (Expect::Whole, None) => true,
        (Expect::Member(i, n), Some(p)) => p.index == i && p.count == n,
        (Expect::Part(want), Some(p)) => want == p,
        _ => false,
    };
    if !fits {
        let wanted = match expect {
            Expect::Whole => whose(&None),
            Expect::Member(i, n) => format!("member {i} of {n}"),
            Expect::Part(p) => whose(&Some(p.clone())),
        };
        return Err(refused(
            path,
            format!("this checkpoint is of {}, not of {wanted}", whose(&header.member)),
        ));
    }
    Ok(())
}

fn end_of_file(f: &mut impl Read, path: &Path) -> Result<(), Error> {
    if f.read(&mut [0u8; 1]).map_err(io(path))? != 0 {
        return Err(damaged(path, "bytes after the last section"));
    }
    Ok(())
}

/// A checkpointer, and the checkpoint to resume from when there is one.
pub type Started<'a, W> = (Checkpointer<'a>, Option<(Header, Loaded<W>)>);

/// Writes checkpoints of one solve between its rounds: at most every `every`, and when the
/// solve is stopped.
pub struct Checkpointer<'a> {
    options: &'a CheckpointOptions,
    identity: Identity,
    last: Instant,
    /// Where the solve was at the checkpoint in the file, when it is this solve's.
    saved: Option<Stage>,
}

impl<'a> Checkpointer<'a> {
    /// Starts keeping checkpoints of a solve of `identity`, loading the one to resume from when
    /// `options.resume`. Refuses a missing checkpoint to resume from, and an existing one when
    /// not resuming.
    pub fn start<W: StateWord>(
        options: &'a CheckpointOptions,
        identity: Identity,
    ) -> Result<Started<'a, W>, Error> {
        let path = &options.path;
        let exists = path.try_exists().map_err(io(path))?;
        let loaded = match (options.resume, exists) {
            (true, false) => return Err(refused(path, "no checkpoint to resume from")),
            (false, true) => {
                return Err(refused(
                    path,
                    "a checkpoint is already there: resume from it, or remove it to start over",
                ))
            }
            (true, true) => Some(load::<W>(path, &identity)?),
            (false, false) => None,
        };
        let saved = loaded.as_ref().map(|(header, _)| header.stage);
        Ok((Checkpointer { options, identity, last: Instant::now(), saved }, loaded))
    }

    /// The hook between two rounds: writes a checkpoint when one is due or the solve is
    /// stopping, and returns [`Error::Cancelled`] naming it when the solve is stopping. A
    /// periodic checkpoint that cannot be written is reported as a note, and the solve goes on.
    pub fn between<W: StateWord>(
        &mut self,
        set: &DenseSet,
        at: &Between<'_, W>,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let stage = Stage::Rounds { phase: at.phase, round: at.round };
        self.maybe_write(set, stage, at.cancelled, &State::Rounds(at), progress)
    }

    /// The hook between two levels of the search, as [`Checkpointer::between`].
    pub fn between_levels<W: StateWord>(
        &mut self,
        at: &Level<'_>,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let stage = Stage::Search { level: at.level };
        self.maybe_write::<W>(at.set, stage, at.cancelled, &State::Search(at), progress)
    }

    fn maybe_write<W: StateWord>(
        &mut self,
        set: &DenseSet,
        stage: Stage,
        cancelled: bool,
        state: &State<'_, W>,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let due = cancelled || self.last.elapsed() >= self.options.every;
        if due && self.saved != Some(stage) {
            match write(&self.options.path, &self.identity, set, state) {
                Ok(()) => self.saved = Some(stage),
                Err(e) if cancelled => return Err(e),
                Err(e) => progress.note(&format!("cannot write a checkpoint ({e}); going on without it")),
            }
            self.last = Instant::now();
        }
        if cancelled {
            return Err(Error::Cancelled { checkpoint: Some(self.options.path.display().to_string()) });
        }
        Ok(())
    }
}

/// The checkpoint file of member `index` of a solve split over members, for `base` (the
/// solve's checkpoint option): `BASE.pINDEX`; the generation before it is kept in
/// `BASE.pINDEX.prev` (see [`MemberCheckpointer`]).
pub fn member_path(base: &Path, index: usize) -> PathBuf {
    let mut path = base.as_os_str().to_owned();
    path.push(format!(".p{index}"));
    PathBuf::from(path)
}

/// The files of member `index`'s checkpoints for `base`: [`member_path`] and the one that keeps
/// the generation before it.
pub fn member_files(base: &Path, index: usize) -> [PathBuf; 2] {
    let path = member_path(base, index);
    [previous_path(&path), path]
}

/// The file that keeps the generation before the one in `path`.
fn previous_path(path: &Path) -> PathBuf {
    let mut prev = path.as_os_str().to_owned();
    prev.push(".prev");
    PathBuf::from(prev)
}

/// A stage of the rounds as a number that orders them (0 for none).
fn stage_code(stage: Stage) -> u64 {
    match stage {
        Stage::Rounds { phase, round } => 1 + ((phase as u64) << 32 | round as u64),
        Stage::Search { .. } => 0,
    }
}

/// The reachable set kept in member `index`'s checkpoints, for a split solve that resumes (every
/// generation holds the same set): read from the first of the member's files that is a
/// checkpoint of `identity` and of member `index` of `count`.
pub fn member_set<W: StateWord>(
    options: &CheckpointOptions,
    identity: &Identity,
    index: usize,
    count: usize,
) -> Result<DenseSet, Error> {
    let path = member_path(&options.path, index);
    let mut first_error = None;
    for file in member_files(&options.path, index) {
        if !file.try_exists().map_err(io(&file))? {
            continue;
        }
        let read = File::open(&file)
            .map_err(io(&file))
            .and_then(|f| load_inner::<W, _>(f, &file, identity, Expect::Member(index, count), None));
        match read {
            Ok((_, Some(set), Rest::Rounds(_))) => return Ok(set),
            Ok(_) => {
                first_error.get_or_insert(damaged(&file, "a member's checkpoint of the search"));
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| refused(&path, "no checkpoint to resume from")))
}

/// `mine` on every member of a split solve, once every member has it: an error on every member
/// when any member has one (its own, or one saying how many others failed to do `what`).
pub(crate) fn together<T>(
    exchange: &mut dyn Exchange,
    path: &Path,
    mine: Result<T, Error>,
    what: &str,
) -> Result<T, Error> {
    let failed = exchange.sum(u64::from(mine.is_err()))?;
    match mine {
        Ok(_) if failed > 0 => Err(refused(
            path,
            format!("{failed} other member(s) of the solve could not {what} (their errors say why)"),
        )),
        other => other,
    }
}

/// Writes the checkpoints of one member of a solve split over members (a process of a cluster),
/// together with the other members: they decide together when a checkpoint is due (any member
/// stopped, or any member's `every` passed), so that every member's file holds the same round.
/// Each member keeps two generations, `BASE.pI` and the one before it in `BASE.pI.prev`, so
/// that a member that dies while the others write leaves a round that every member has; a
/// generation that some member could not write is taken back everywhere. On resume the members
/// agree on the latest round that every one of them holds.
pub struct MemberCheckpointer<'a> {
    options: &'a CheckpointOptions,
    identity: Identity,
    part: Part,
    path: PathBuf,
    last: Instant,
    /// The round in `path`, when it is this solve's.
    saved: Option<Stage>,
}

/// A member's checkpointer and its words to resume from, when the solve resumes.
pub type MemberStarted<'a, W> = (MemberCheckpointer<'a>, Option<Resume<W>>);

impl<'a> MemberCheckpointer<'a> {
    /// Starts keeping the checkpoints of the member of `exchange` (owning the positions `owned`
    /// of the reachable `set`), and with `options.resume`, loads its words at the latest round
    /// that every member holds. Every member calls it at the same point; an error on any member
    /// (no checkpoint to resume from, or one in the way of a new solve) is an error on all.
    pub fn start<W: StateWord>(
        options: &'a CheckpointOptions,
        identity: Identity,
        set: &DenseSet,
        owned: std::ops::Range<u64>,
        exchange: &mut dyn Exchange,
    ) -> Result<MemberStarted<'a, W>, Error> {
        let (index, count) = exchange.member();
        let part = Part { index, count, owned, slots: set.slots() };
        let path = member_path(&options.path, index);
        let prev = previous_path(&path);
        let mut checkpointer = MemberCheckpointer {
            options,
            identity,
            part,
            path: path.clone(),
            last: Instant::now(),
            saved: None,
        };
        // The rounds held here: (stage code, file).
        let found = (|| -> Result<Vec<(u64, PathBuf)>, Error> {
            let files = [path.clone(), prev.clone()];
            let mut exists = Vec::new();
            for file in &files {
                if file.try_exists().map_err(io(file))? {
                    exists.push(file.clone());
                }
            }
            if !options.resume {
                return match exists.first() {
                    Some(file) => Err(refused(
                        file,
                        "a checkpoint is already there: resume from it (--resume on every process), \
                         or remove it to start over",
                    )),
                    None => Ok(Vec::new()),
                };
            }
            let mut found = Vec::new();
            for file in exists {
                let header = read_header(&file)?;
                check_header::<W>(&header, &file, &checkpointer.identity, Expect::Part(&checkpointer.part))?;
                if header.positions != set.count() {
                    return Err(damaged(&file, "the set's count is not this solve's"));
                }
                found.push((stage_code(header.stage), file));
            }
            if found.is_empty() {
                return Err(refused(&path, "no checkpoint to resume from"));
            }
            Ok(found)
        })();
        let found = together(exchange, &path, found, "find their checkpoints")?;
        if !options.resume {
            return Ok((checkpointer, None));
        }
        // The latest round that every member holds: the least of the members' latest below
        // `bound`, until every member holds it.
        let mut bound = u64::MAX;
        let chosen = loop {
            let mine = found.iter().map(|f| f.0).filter(|&c| c < bound).max().unwrap_or(0);
            let least = exchange.min(mine)?;
            if least == 0 {
                break None;
            }
            let here = found.iter().find(|f| f.0 == least);
            if exchange.sum(u64::from(here.is_some()))? == count as u64 {
                break here.map(|f| f.1.clone());
            }
            bound = least;
        };
        let Some(file) = chosen else {
            return Err(refused(
                &path,
                "the members' checkpoints hold no round that every member has (they were written \
                 by other solves): remove them and start over",
            ));
        };
        let loaded = File::open(&file).map_err(io(&file)).and_then(|f| {
            load_inner::<W, _>(f, &file, &checkpointer.identity, Expect::Part(&checkpointer.part), Some(set))
        });
        let loaded = together(exchange, &file, loaded, "read their checkpoints")?;
        let (header, _, Rest::Rounds(resume)) = loaded else {
            return Err(damaged(&file, "a member's checkpoint of the search"));
        };
        // The agreed round becomes this member's latest generation.
        if file != path {
            std::fs::rename(&file, &path).map_err(io(&path))?;
        }
        checkpointer.saved = Some(header.stage);
        Ok((checkpointer, Some(resume)))
    }

    /// The hook between two rounds (every member calls it at the same point): writes this
    /// member's checkpoint when the members find one due, and returns [`Error::Cancelled`]
    /// naming it when the solve is stopping. A periodic checkpoint that some member cannot
    /// write is taken back on every member and reported as a note; the solve goes on.
    pub fn between<W: StateWord>(
        &mut self,
        set: &DenseSet,
        at: &Between<'_, W>,
        exchange: &mut dyn Exchange,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        let stage = Stage::Rounds { phase: at.phase, round: at.round };
        let due_here = at.cancelled || self.last.elapsed() >= self.options.every;
        let due = exchange.sum(u64::from(due_here))? > 0;
        if due && self.saved != Some(stage) {
            let prev = previous_path(&self.path);
            let rotated = self.path.try_exists().map_err(io(&self.path))?;
            let written =
                if rotated { std::fs::rename(&self.path, &prev).map_err(io(&prev)) } else { Ok(()) }
                    .and_then(|()| {
                        write_part(&self.path, &self.identity, set, &State::Rounds(at), Some(&self.part))
                    });
            match together(exchange, &self.path, written, "write their checkpoints") {
                Ok(()) => self.saved = Some(stage),
                Err(e) => {
                    // Back to the generation before, on every member.
                    let back = if rotated {
                        std::fs::rename(&prev, &self.path).map_err(io(&self.path))
                    } else {
                        std::fs::remove_file(&self.path).or_else(|e| match e.kind() {
                            std::io::ErrorKind::NotFound => Ok(()),
                            _ => Err(io(&self.path)(e)),
                        })
                    };
                    if at.cancelled {
                        return Err(e);
                    }
                    back?;
                    progress.note(&format!(
                        "cannot write the checkpoints of this round ({e}); going on without them"
                    ));
                }
            }
            self.last = Instant::now();
        }
        if at.cancelled {
            return Err(Error::Cancelled { checkpoint: Some(self.path.display().to_string()) });
        }
        Ok(())
    }

    /// Removes this member's checkpoints (once the solve's result is safe).
    pub fn remove(options: &CheckpointOptions, index: usize) -> Result<(), Error> {
        for file in member_files(&options.path, index) {
            match std::fs::remove_file(&file) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(&file)(e)),
                _ => {}
            }
        }
        Ok(())
    }
}

/// [`crate::table::dense::solve`] keeping checkpoints as `options` says, or resuming from one: the
/// reachable set then comes from the checkpoint instead of a search. The checkpoint is left in
/// place at the end, for the caller to remove once the result is safe
/// ([`CheckpointOptions::remove`]).
pub fn solve_dense<G: Indexed>(
    game: &G,
    memory_limit: Option<u64>,
    options: &CheckpointOptions,
    progress: &dyn Progress,
) -> Result<DenseSolution, Error> {
    crate::table::index::check_backward(game)?;
    let identity = Identity {
        game: options.game.clone(),
        params: options.params.clone(),
        scheme: game.index_scheme(),
        size: game.size(),
    };
    let before = estimate(game, None);
    progress.note(&format!("dense solve: {}", before.describe()));
    check_memory(&before, memory_limit)?;
    match word_bits(game) {
        8 => solve_dense_with::<G, u8>(game, memory_limit, options, identity, progress),
        _ => solve_dense_with::<G, u16>(game, memory_limit, options, identity, progress),
    }
}

/// [`solve_dense`] with state words of type `W`.
fn solve_dense_with<G: Indexed, W: DenseWord>(
    game: &G,
    memory_limit: Option<u64>,
    options: &CheckpointOptions,
    identity: Identity,
    progress: &dyn Progress,
) -> Result<DenseSolution, Error> {
    let (mut checkpointer, loaded) = Checkpointer::start::<W>(options, identity)?;
    if let Some((header, _)) = &loaded {
        progress.note(&format!("resuming from {}: {}", options.path.display(), header.stage.describe()));
    }
    let (search, rounds) = match loaded {
        None => (None, None),
        Some((_, Loaded::Search(search))) => (Some(search), None),
        Some((_, Loaded::Rounds(set, resume))) => (None, Some((set, resume))),
    };
    let (set, resume) = match rounds {
        Some((set, resume)) => (set, Some(resume)),
        None => {
            let set = reachable_from(game, search, progress, &mut |at| {
                checkpointer.between_levels::<W>(at, progress)
            })?;
            (set, None)
        }
    };
    check_memory(&estimate(game, Some(set.count())), memory_limit)?;
    let space = DenseSpace::new(game, &set);
    let words = solve_space_words_from::<_, W>(&space, resume, progress, &mut |at| {
        checkpointer.between(&set, at, progress)
    })?;
    Ok(DenseSolution::new(set, words))
}
