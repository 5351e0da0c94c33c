//! The checkpoint's format ([`crate::store::checkpoint`] describes it): the header and its
//! `key=value` text (through the shared framing), a checkpoint written ([`write`]) and read back
//! and checked ([`read_header`], [`load`], [`check_from`]), whole or a member's part.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom};
use std::path::Path;

use crate::error::Error;
use crate::solve::retrograde::{Between, Phase, Resume, StateWord};
use crate::store::files::TempFile;
use crate::store::frame::{
    check_names, describe, fields, header_crc, io, text_len, u32_at, version, Frame, Identity,
    IdentityFields, Text, CHUNK, PREFIX,
};
use crate::table::dense::{DenseSet, Level, SearchResume};

/// The first bytes of every checkpoint.
pub(crate) const MAGIC: &[u8; 8] = b"NIMBERCK";
/// The format version written and read. Version 2: the state words mark the won terminal
/// positions whose moves were applied before any round (see `solve::retrograde::StateWord`);
/// version 1 left them plain wins of remoteness 0.
pub const VERSION: u32 = 2;

/// The checkpoint's framing: no fixed fields of its own.
const FRAME: Frame = Frame {
    magic: MAGIC,
    fixed: PREFIX,
    // Header text longer than this is refused (a corrupt length).
    max_text: 1 << 20,
    damaged: damaged_path,
};

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
        let mut t = Text::default();
        t.identity(&id.id, &id.scheme, id.size);
        let (phase, round) = self.stage.fields();
        t.line("positions", self.positions)
            .line("word_bits", self.word_bits)
            .line("phase", phase)
            .line("round", round)
            .line("frontier", self.frontier);
        if let Some(part) = &self.member {
            t.line("member", format_args!("{}/{}", part.index, part.count))
                .line("owned", format_args!("{}..{}", part.owned.start, part.owned.end))
                .line("slots", format_args!("{}..{}", part.slots.start, part.slots.end));
        }
        t.into_string()
    }

    fn parse(text: &str) -> Result<Header, String> {
        let mut id = IdentityFields::default();
        let (mut positions, mut word_bits, mut phase, mut round, mut frontier) =
            (None, None, None, None, None);
        let (mut member, mut owned, mut slots) = (None, None, None);
        for field in fields(text) {
            let field = field?;
            if id.read(&field)? {
                continue;
            }
            match field.key {
                "positions" => positions = Some(field.u64()?),
                "word_bits" => word_bits = Some(field.u64()?),
                "phase" => {
                    phase = match field.value {
                        "search" => Some(None),
                        value => Some(Some(Phase::from_key(value).ok_or_else(|| field.bad())?)),
                    }
                }
                "round" => round = Some(field.u64()?),
                "frontier" => frontier = Some(field.u64()?),
                "member" => {
                    let bad = || field.bad();
                    let (i, n) = field.split('/')?;
                    let (i, n) =
                        (i.parse::<usize>().map_err(|_| bad())?, n.parse::<usize>().map_err(|_| bad())?);
                    if i >= n {
                        return Err(bad());
                    }
                    member = Some((i, n));
                }
                "owned" => owned = Some(field.range()?),
                "slots" => {
                    let range = field.range()?;
                    if !range.start.is_multiple_of(64) {
                        return Err(field.bad());
                    }
                    slots = Some(range);
                }
                _ => return Err(field.unknown()),
            }
        }
        let id = id.finish();
        let missing = |what: &str| format!("the header has no {what}");
        if id.id.name().is_empty() || id.scheme.is_empty() {
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

/// A checkpoint refused, naming the file.
pub(crate) fn refused(path: &Path, what: impl Into<String>) -> Error {
    Error::Checkpoint { path: path.display().to_string(), what: what.into() }
}

/// A damaged checkpoint, naming the file.
pub(crate) fn damaged(path: &Path, what: impl std::fmt::Display) -> Error {
    refused(path, format!("damaged checkpoint: {what}"))
}

fn damaged_path(path: &Path, what: String) -> Error {
    damaged(path, what)
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
pub(crate) fn write_part<W: StateWord>(
    path: &Path,
    identity: &Identity,
    set: &DenseSet,
    state: &State<'_, W>,
    part: Option<&Part>,
) -> Result<(), Error> {
    check_names(&identity.id, &identity.scheme, "checkpointed")?;
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
    let mut head = FRAME.head(VERSION, &text);
    Frame::seal(&mut head);

    // Removed when dropped, on any error.
    let file = TempFile::create(path)?;
    let tmp = file.tmp_path().to_path_buf();
    let result = (|| -> std::io::Result<TempFile> {
        let mut f = BufWriter::with_capacity(CHUNK, file);
        std::io::Write::write_all(&mut f, &head)?;
        // A member's window of the set, or the whole set.
        let held = set.word_range();
        Frame::write_section(&mut f, b"SETW", (held.end - held.start) as usize, 8, |w, out| {
            out.extend_from_slice(&set.word(held.start + w as u64).to_le_bytes())
        })?;
        match state {
            State::Search(at) => {
                let mut slots = at.frontier_slots();
                Frame::write_section(&mut f, b"FRNT", at.frontier_len(), 8, |_, out| {
                    out.extend_from_slice(&slots.next().expect("frontier_len slots").to_le_bytes())
                })?
            }
            State::Rounds(at) => {
                let width = (W::BITS / 8) as usize;
                Frame::write_section(&mut f, b"STAT", at.words.len(), width, |k, out| {
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
    let mut fixed = [0u8; PREFIX];
    f.read_exact(&mut fixed).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => refused(path, "not a nimber checkpoint (too short)"),
        _ => io(path)(e),
    })?;
    if &fixed[..8] != MAGIC {
        return Err(refused(path, "not a nimber checkpoint"));
    }
    let version = version(&fixed);
    if version != VERSION {
        return Err(refused(
            path,
            format!("checkpoint format version {version}; this nimber reads version {VERSION}"),
        ));
    }
    let text_len = text_len(&fixed);
    if text_len > FRAME.max_text {
        return Err(damaged(path, format!("the header's length is not plausible (text_len {text_len})")));
    }
    // At most 1 MiB + 20: no overflow.
    let header_len = PREFIX as u64 + text_len as u64 + 4;
    if header_len > len {
        return Err(damaged(path, "the file ends inside the header"));
    }
    let mut text = vec![0u8; text_len as usize];
    f.read_exact(&mut text).map_err(short)?;
    let mut stored = [0u8; 4];
    f.read_exact(&mut stored).map_err(short)?;
    if header_crc(&fixed, &text) != u32_at(&stored, 0) {
        return Err(damaged(path, "the header fails its checksum"));
    }
    let text = String::from_utf8(text).map_err(|_| damaged(path, "the header is not UTF-8"))?;
    let header = Header::parse(&text).map_err(|what| damaged(path, what))?;
    Ok((header, header_len))
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
pub(crate) enum Expect<'a> {
    /// None: the words of every position.
    Whole,
    /// Member `index` of `count`, whatever its positions.
    Member(usize, usize),
    /// Exactly this part.
    Part(&'a Part),
}

/// What a checkpoint holds besides its set.
pub(crate) enum Rest<W> {
    /// The search's level and frontier.
    Search { level: u32, frontier: Vec<u64> },
    /// The rounds' state.
    Rounds(Resume<W>),
}

/// [`load_from`] for a checkpoint of the member `expect` says; with `against`, the set is
/// compared with it (a difference is refused) rather than built, and `None` is returned for it.
pub(crate) fn load_inner<W: StateWord, R: Read + Seek>(
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
    let left = FRAME.section_fits(path, b"SETW", held, 8, len - header_len)?;
    let mut set = match against {
        Some(_) => None,
        None => Some(DenseSet::window(identity.size, slots.clone())),
    };
    let (mut count, mut differs) = (0u64, false);
    FRAME.read_section(&mut f, path, b"SETW", held, 8, |w, bytes| {
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
            FRAME.section_fits(path, b"FRNT", header.frontier, 8, left)?;
            let mut frontier = vec![0u64; header.frontier as usize];
            FRAME.read_section(&mut f, path, b"FRNT", header.frontier, 8, |k, bytes| {
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
    FRAME.section_fits(path, b"STAT", words_len, width, left)?;
    let mut words = vec![W::from_u32(0); positions];
    FRAME.read_section(&mut f, path, b"STAT", words_len, width, |k, bytes| {
        let mut le = [0u8; 4];
        le[..width].copy_from_slice(bytes);
        words[k] = W::from_u32(u32::from_le_bytes(le));
    })?;
    end_of_file(&mut f, path)?;
    Ok((header, set, Rest::Rounds(Resume { phase, round, words })))
}

/// Refuses a checkpoint whose header is not of `identity`, of words of type `W` and of the
/// member `expect` says.
pub(crate) fn check_header<W: StateWord>(
    header: &Header,
    path: &Path,
    identity: &Identity,
    expect: Expect<'_>,
) -> Result<(), Error> {
    let found = &header.identity;
    if found.id != identity.id {
        return Err(refused(
            path,
            format!(
                "this checkpoint is of {}, not of {}: remove it or keep this solve's checkpoint elsewhere",
                describe(&found.id),
                describe(&identity.id)
            ),
        ));
    }
    if found.scheme != identity.scheme || found.size != identity.size {
        return Err(refused(
            path,
            format!(
                "checkpoint written with index scheme {} of {} slots, but {} is now indexed with {} of {} slots (another version of nimber, or a game read from a file that has changed since)",
                found.scheme, found.size, identity.id.name(), identity.scheme, identity.size
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
