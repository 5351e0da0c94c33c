//! The store's reader: [`Store::open`] checks the header (through the shared framing), the
//! file's length and the group table; groups of the block index and blocks are read on demand,
//! checked, and a version 3 or 4 block expanded to the layout the queries read ([`Store::entry`],
//! [`Store::get`], [`Store::scan`]); the last [`CACHE_BLOCKS`] blocks are kept decompressed.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{Choice, Error};
use crate::rules::value::Outcome;
use crate::store::codec::{block_crc, expand, symbol_at};
use crate::store::format::{
    corrupt, Entry, Header, FIXED, FRAME, GROUP_BLOCKS, MAGIC, OLDEST_VERSION, VERSION,
};
use crate::store::frame::{header_crc, io, text_len, u32_at, u64_at, version};

/// Decompressed blocks kept by an open store.
pub const CACHE_BLOCKS: usize = 32;

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

/// Anything a store can be read from besides a file: bytes in memory (`std::io::Cursor`), for
/// tests and fuzz targets.
pub(crate) trait ReadSeek: Read + Seek + Send {}

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
    pub(crate) fn from_reader(mut reader: impl ReadSeek + 'static, path: &Path) -> Result<Store, Error> {
        let len = reader.seek(SeekFrom::End(0)).map_err(io(path))?;
        Self::open_source(Source::Other(Box::new(reader)), len, path)
    }

    /// `Store::from_reader` over bytes in memory.
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
        let version = version(&fixed);
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            // A header whose version bytes were damaged still checks with the version written.
            if got == FIXED
                && (OLDEST_VERSION..=VERSION).any(|v| Self::header_checks_as(&mut src, &fixed, len, v))
            {
                return Err(corrupt(path, "damaged format version"));
            }
            return Err(Error::Unsupported(format!(
                "{}: unsupported version {version} of the solved-game file format (this nimber reads \
                 versions {OLDEST_VERSION} to {VERSION}); solve the game again and save it",
                path.display()
            ))
            .mended_by(Choice::Save));
        }
        if got < FIXED {
            return Err(truncated("header"));
        }
        let text_len = text_len(&fixed);
        let file_len = u64_at(&fixed, 16);
        let index_offset = u64_at(&fixed, 24);
        let groups_crc = u32_at(&fixed, 32);
        if text_len > FRAME.max_text {
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
        if header_crc(&fixed, text) != u32_at(crc, 0) {
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
        let text_len = text_len(fixed);
        if text_len > FRAME.max_text || FIXED as u64 + text_len as u64 + 4 > len {
            return false;
        }
        let mut rest = vec![0u8; text_len as usize + 4];
        if src.read_at(&mut rest, FIXED as u64).is_err() {
            return false;
        }
        let (text, crc) = rest.split_at(text_len as usize);
        let mut fixed = *fixed;
        fixed[8..12].copy_from_slice(&version.to_le_bytes());
        header_crc(&fixed, text) == u32_at(crc, 0)
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
        let Some(k) = symbol_at(raw, n, i).map_err(bad)? else { return Ok(None) };
        self.header.symbol(k).map(Some).ok_or_else(|| bad("a code past the symbol table"))
    }

    /// The entry in slot `slot`: `None` when it is not reachable (or out of the index). A
    /// position of a game is read with [`probe::outcome`](crate::store::probe::outcome), which finds the remoteness of a
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

    /// The outcome in slot `slot` of a store whose every outcome is stored ([`Derived::Exact`](crate::store::Derived::Exact)):
    /// `None` when it is not reachable (or out of the index); a win without its remoteness is
    /// an error ([`probe::outcome`](crate::store::probe::outcome) reads those).
    pub fn get(&self, slot: u64) -> Result<Option<Outcome>, Error> {
        match self.entry(slot)? {
            Some(e @ (Entry::Win | Entry::Lose)) => Err(Error::Unsupported(format!(
                "{}: slot {slot} holds a {} whose remoteness is found from the game's rules",
                self.path.display(),
                if e == Entry::Win { "win" } else { "loss" }
            ))),
            Some(Entry::Outcome(o)) => Ok(Some(o)),
            None => Ok(None),
        }
    }

    /// Calls `f(slot, entry)` for every reachable slot in order, block by block, while it
    /// returns true.
    pub fn scan(&self, f: impl FnMut(u64, Entry) -> bool) -> Result<(), Error> {
        self.scan_range(0..self.header.size, f)
    }

    /// [`Store::scan`] of the slots in `range` only.
    pub fn scan_range(
        &self,
        range: std::ops::Range<u64>,
        mut f: impl FnMut(u64, Entry) -> bool,
    ) -> Result<(), Error> {
        let bs = self.header.block_slots;
        let end = range.end.min(self.header.size);
        if range.start >= end {
            return Ok(());
        }
        for b in range.start / bs..end.div_ceil(bs) {
            let n = self.header.slots_in(b);
            let slots =
                (range.start.max(b * bs) - b * bs) as usize..(end.min(b * bs + n as u64) - b * bs) as usize;
            let go = self.with_block(b, |raw| -> Result<bool, Error> {
                for i in slots {
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
