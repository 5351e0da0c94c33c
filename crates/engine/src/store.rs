//! The solved-game store: a dense solution ([`DenseSolution`]) written to a file, read back one
//! block at a time.
//!
//! # Format (version 1, integers little-endian)
//!
//! ```text
//! magic        8 bytes  "NIMBERDB"
//! version      u32      1
//! text_len     u32      length of the header text
//! text         UTF-8    `key=value` lines (below)
//! header_crc   u32      CRC-32 of everything above
//! block index  (blocks + 1) entries of u64 offset, u32 CRC-32 of the block's raw bytes
//!              (the last entry: the end of the file, CRC 0)
//! index_crc    u32      CRC-32 of the block index
//! blocks       zstd frames, block k from offset[k] to offset[k + 1]
//! ```
//!
//! The header text: `game=NAME`, one `param=KEY=VALUE` per parameter, `scheme=` the index scheme
//! ([`Indexed::index_scheme`]), `size=` the index size, `positions=` the reachable positions,
//! `block_slots=`, `remoteness_bytes=` (2 or 4), `blocks=`, and one `count=VALUE REMOTENESS N`
//! per value and remoteness (remoteness `-` for draws).
//!
//! A block holds the slots `k * block_slots ..` (the last one fewer): first one byte per slot,
//! 0 for a slot that is not reachable (or a hole) and 1 + [`Value::index`] otherwise, then the
//! remoteness of every slot, `remoteness_bytes` each. Its CRC is checked after decompression,
//! before any value is returned: a damaged block is an error, never wrong values.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::dense::{parse_in, Dense, DenseSolution};
use crate::dyn_game::{query_report, QueryReport, SolveOptions, SolveReport};
use crate::error::Error;
use crate::index::Indexed;
use crate::progress::Progress;
use crate::solution::CountRow;
use crate::value::{Outcome, Value};

/// The first bytes of every store.
pub const MAGIC: &[u8; 8] = b"NIMBERDB";
/// The format version written and read.
pub const VERSION: u32 = 1;
/// Slots per block.
pub const BLOCK_SLOTS: u64 = 1 << 16;
/// Header text longer than this is refused (a corrupt length).
const MAX_TEXT: u32 = 1 << 20;
/// zstd level of the blocks.
const LEVEL: i32 = 9;

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
    /// Reachable positions stored.
    pub positions: u64,
    /// Slots per block.
    pub block_slots: u64,
    /// Bytes of remoteness per slot (2 or 4).
    pub remoteness_bytes: u32,
    /// Counts by value and remoteness.
    pub counts: Vec<CountRow>,
}

impl Header {
    /// Number of blocks.
    pub fn blocks(&self) -> u64 {
        self.size.div_ceil(self.block_slots)
    }

    fn text(&self) -> String {
        let mut t = format!("game={}\n", self.game);
        for (k, v) in &self.params {
            t += &format!("param={k}={v}\n");
        }
        t += &format!(
            "scheme={}\nsize={}\npositions={}\nblock_slots={}\nremoteness_bytes={}\nblocks={}\n",
            self.scheme,
            self.size,
            self.positions,
            self.block_slots,
            self.remoteness_bytes,
            self.blocks()
        );
        for row in &self.counts {
            let r = row.remoteness.map_or("-".to_string(), |r| r.to_string());
            t += &format!("count={} {r} {}\n", row.value.name(), row.count);
        }
        t
    }

    fn parse(text: &str) -> Result<Header, String> {
        let mut h = Header {
            game: String::new(),
            params: Vec::new(),
            scheme: String::new(),
            size: 0,
            positions: 0,
            block_slots: 0,
            remoteness_bytes: 0,
            counts: Vec::new(),
        };
        let mut blocks = None;
        let num = |key: &str, v: &str| v.parse::<u64>().map_err(|_| format!("bad header field `{key}={v}`"));
        for line in text.lines() {
            let (key, value) = line.split_once('=').ok_or_else(|| format!("bad header line `{line}`"))?;
            match key {
                "game" => h.game = value.to_string(),
                "param" => {
                    let (k, v) = value.split_once('=').ok_or_else(|| format!("bad header line `{line}`"))?;
                    h.params.push((k.to_string(), v.to_string()));
                }
                "scheme" => h.scheme = value.to_string(),
                "size" => h.size = num(key, value)?,
                "positions" => h.positions = num(key, value)?,
                "block_slots" => h.block_slots = num(key, value)?,
                "remoteness_bytes" => h.remoteness_bytes = num(key, value)? as u32,
                "blocks" => blocks = Some(num(key, value)?),
                "count" => {
                    let bad = || format!("bad header line `{line}`");
                    let mut parts = value.split(' ');
                    let v = parts.next().and_then(Value::from_name).ok_or_else(bad)?;
                    let r = match parts.next().ok_or_else(bad)? {
                        "-" => None,
                        r => Some(r.parse::<u32>().map_err(|_| bad())?),
                    };
                    let count = parts.next().and_then(|c| c.parse::<u64>().ok()).ok_or_else(bad)?;
                    h.counts.push(CountRow { value: v, remoteness: r, count });
                }
                _ => return Err(format!("unknown header field `{key}`")),
            }
        }
        if h.game.is_empty() || h.scheme.is_empty() {
            return Err("the header names no game or no index scheme".into());
        }
        if h.block_slots == 0 || !matches!(h.remoteness_bytes, 2 | 4) {
            return Err("bad block layout in the header".into());
        }
        if blocks != Some(h.blocks()) {
            return Err("the header's block count does not match its size".into());
        }
        if h.counts.iter().map(|r| r.count).sum::<u64>() != h.positions {
            return Err("the header's counts do not add up to its positions".into());
        }
        Ok(h)
    }
}

fn corrupt(path: &Path, what: impl Into<String>) -> Error {
    Error::Corrupt { path: path.display().to_string(), what: what.into() }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io { path: path.display().to_string(), source }
}

/// The raw bytes of block `b`: value codes, then remoteness.
fn encode_block(solution: &DenseSolution, header: &Header, b: u64) -> Vec<u8> {
    let first = b * header.block_slots;
    let n = (header.size - first).min(header.block_slots) as usize;
    let rb = header.remoteness_bytes as usize;
    let mut raw = vec![0u8; n * (1 + rb)];
    let (codes, rem) = raw.split_at_mut(n);
    for i in 0..n {
        if let Some(o) = solution.get_slot(first + i as u64) {
            codes[i] = 1 + o.value().index() as u8;
            let r = o.remoteness().unwrap_or(0);
            if rb == 2 {
                rem[2 * i..2 * i + 2].copy_from_slice(&(r as u16).to_le_bytes());
            } else {
                rem[4 * i..4 * i + 4].copy_from_slice(&r.to_le_bytes());
            }
        }
    }
    raw
}

/// Writes a dense solution to `path` (through `path.tmp-PID`, renamed when complete).
/// `game`, `params` and `scheme` identify what was solved; the slots are `0..size`.
pub fn write(
    path: &Path,
    game: &str,
    params: &[(String, String)],
    scheme: &str,
    size: u64,
    solution: &DenseSolution,
) -> Result<Header, Error> {
    let bad_text = |s: &str| s.contains('\n') || s.contains('\r');
    if bad_text(game)
        || bad_text(scheme)
        || params.iter().any(|(k, v)| bad_text(k) || bad_text(v) || k.contains('='))
    {
        return Err(Error::Unsupported(
            "a game name, parameter or index scheme with a line break cannot be stored".into(),
        ));
    }
    let counts = solution.counts();
    let max_r = counts.iter().filter_map(|r| r.remoteness).max().unwrap_or(0);
    let header = Header {
        game: game.to_string(),
        params: params.to_vec(),
        scheme: scheme.to_string(),
        size,
        positions: solution.len(),
        block_slots: BLOCK_SLOTS,
        remoteness_bytes: if max_r <= u16::MAX as u32 { 2 } else { 4 },
        counts,
    };
    let text = header.text();
    let mut head = Vec::new();
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&VERSION.to_le_bytes());
    head.extend_from_slice(&(text.len() as u32).to_le_bytes());
    head.extend_from_slice(text.as_bytes());
    let crc = crc32fast::hash(&head);
    head.extend_from_slice(&crc.to_le_bytes());

    let blocks: Vec<(Vec<u8>, u32)> = (0..header.blocks())
        .into_par_iter()
        .map(|b| {
            let raw = encode_block(solution, &header, b);
            let crc = crc32fast::hash(&raw);
            let packed = zstd::bulk::compress(&raw, LEVEL).expect("zstd compresses in memory");
            (packed, crc)
        })
        .collect();

    let index_len = (blocks.len() as u64 + 1) * 12 + 4;
    let mut offset = head.len() as u64 + index_len;
    let mut index = Vec::with_capacity(index_len as usize);
    for (packed, crc) in &blocks {
        index.extend_from_slice(&offset.to_le_bytes());
        index.extend_from_slice(&crc.to_le_bytes());
        offset += packed.len() as u64;
    }
    index.extend_from_slice(&offset.to_le_bytes());
    index.extend_from_slice(&0u32.to_le_bytes());
    let crc = crc32fast::hash(&index);
    index.extend_from_slice(&crc.to_le_bytes());

    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp-{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let result = (|| -> std::io::Result<()> {
        let mut f = std::io::BufWriter::new(File::create(&tmp)?);
        f.write_all(&head)?;
        f.write_all(&index)?;
        for (packed, _) in &blocks {
            f.write_all(packed)?;
        }
        f.into_inner().map_err(|e| e.into_error())?.sync_all()
    })();
    if let Err(e) = result.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(path)(e));
    }
    Ok(header)
}

/// An open store: the header and block index in memory, blocks read on demand (the last one
/// read is kept).
pub struct Store {
    path: PathBuf,
    header: Header,
    /// `(offset, crc)` per block, and the end of the file.
    index: Vec<(u64, u32)>,
    reader: Mutex<Reader>,
}

/// The open file and the last block read (its number and raw bytes).
struct Reader {
    file: File,
    cached: Option<(u64, Vec<u8>)>,
}

impl Store {
    /// Opens a store, checking the header, the block index and the file's length.
    pub fn open(path: &Path) -> Result<Store, Error> {
        let mut file = File::open(path).map_err(io(path))?;
        let len = file.metadata().map_err(io(path))?.len();
        let truncated = |what: &str| corrupt(path, format!("truncated file ({what})"));
        let mut fixed = [0u8; 16];
        file.read_exact(&mut fixed).map_err(|_| {
            if len >= 8 {
                truncated("header")
            } else {
                corrupt(path, "not a nimber store (too short)")
            }
        })?;
        if &fixed[..8] != MAGIC {
            return Err(corrupt(path, "not a nimber store (bad magic bytes)"));
        }
        let version = u32::from_le_bytes(fixed[8..12].try_into().unwrap());
        let text_len = u32::from_le_bytes(fixed[12..16].try_into().unwrap());
        if version != VERSION {
            // A header whose version was damaged would say so in its checksum, but the layout
            // after it is unknown: report the version.
            return Err(corrupt(
                path,
                format!("format version {version}, this nimber reads version {VERSION}"),
            ));
        }
        if text_len > MAX_TEXT || 16 + text_len as u64 + 4 > len {
            return Err(if text_len > MAX_TEXT {
                corrupt(path, "bad header length")
            } else {
                truncated("header")
            });
        }
        let mut rest = vec![0u8; text_len as usize + 4];
        file.read_exact(&mut rest).map_err(|_| truncated("header"))?;
        let (text, crc) = rest.split_at(text_len as usize);
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&fixed);
        hasher.update(text);
        if hasher.finalize() != u32::from_le_bytes(crc.try_into().unwrap()) {
            return Err(corrupt(path, "header checksum mismatch"));
        }
        let text = std::str::from_utf8(text).map_err(|_| corrupt(path, "header is not UTF-8"))?;
        let header = Header::parse(text).map_err(|what| corrupt(path, what))?;

        let blocks = header.blocks();
        let index_len = (blocks + 1).checked_mul(12).and_then(|n| n.checked_add(4));
        let index_start = 16 + text_len as u64 + 4;
        match index_len {
            Some(n) if index_start + n <= len => {}
            _ => return Err(truncated("block index")),
        }
        let mut raw = vec![0u8; index_len.unwrap() as usize];
        file.read_exact(&mut raw).map_err(|_| truncated("block index"))?;
        let (body, crc) = raw.split_at(raw.len() - 4);
        if crc32fast::hash(body) != u32::from_le_bytes(crc.try_into().unwrap()) {
            return Err(corrupt(path, "block index checksum mismatch"));
        }
        let index: Vec<(u64, u32)> = body
            .chunks_exact(12)
            .map(|e| {
                (
                    u64::from_le_bytes(e[..8].try_into().unwrap()),
                    u32::from_le_bytes(e[8..].try_into().unwrap()),
                )
            })
            .collect();
        let data_start = index_start + index_len.unwrap();
        if index[0].0 != data_start || index.windows(2).any(|w| w[1].0 < w[0].0) {
            return Err(corrupt(path, "bad block offsets"));
        }
        let end = index.last().unwrap().0;
        if end > len {
            return Err(truncated(&format!("{len} bytes, the block index says {end}")));
        }
        if end < len {
            return Err(corrupt(path, format!("{} bytes after the last block", len - end)));
        }
        Ok(Store {
            path: path.to_path_buf(),
            header,
            index,
            reader: Mutex::new(Reader { file, cached: None }),
        })
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The raw bytes of block `b`, checked, handed to `f`.
    fn with_block<T>(&self, b: u64, f: impl FnOnce(&[u8]) -> T) -> Result<T, Error> {
        let mut guard = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        let Reader { file, cached: cache } = &mut *guard;
        if !matches!(cache, Some((cached, _)) if *cached == b) {
            *cache = None;
            let (start, crc) = self.index[b as usize];
            let end = self.index[b as usize + 1].0;
            let path = &self.path;
            let mut packed = vec![0u8; (end - start) as usize];
            file.seek(SeekFrom::Start(start)).map_err(io(path))?;
            file.read_exact(&mut packed).map_err(|_| corrupt(path, format!("block {b}: truncated")))?;
            let first = b * self.header.block_slots;
            let n = (self.header.size - first).min(self.header.block_slots) as usize;
            let expected = n * (1 + self.header.remoteness_bytes as usize);
            let raw = zstd::bulk::decompress(&packed, expected)
                .map_err(|_| corrupt(path, format!("block {b}: does not decompress")))?;
            if raw.len() != expected {
                return Err(corrupt(path, format!("block {b}: {} bytes, expected {expected}", raw.len())));
            }
            if crc32fast::hash(&raw) != crc {
                return Err(corrupt(path, format!("block {b}: checksum mismatch")));
            }
            if raw[..n].iter().any(|&c| c > 4) {
                return Err(corrupt(path, format!("block {b}: bad value code")));
            }
            *cache = Some((b, raw));
        }
        Ok(f(&cache.as_ref().unwrap().1))
    }

    fn decode(&self, raw: &[u8], i: usize) -> Option<Outcome> {
        let n = raw.len() / (1 + self.header.remoteness_bytes as usize);
        let code = raw[i];
        if code == 0 {
            return None;
        }
        let r = if self.header.remoteness_bytes == 2 {
            u16::from_le_bytes([raw[n + 2 * i], raw[n + 2 * i + 1]]) as u32
        } else {
            u32::from_le_bytes(raw[n + 4 * i..n + 4 * i + 4].try_into().unwrap())
        };
        Some(Outcome::new(Value::ALL[code as usize - 1], r))
    }

    /// The outcome in slot `slot`: `None` when it is not a reachable position.
    pub fn get(&self, slot: u64) -> Result<Option<Outcome>, Error> {
        if slot >= self.header.size {
            return Ok(None);
        }
        let bs = self.header.block_slots;
        self.with_block(slot / bs, |raw| self.decode(raw, (slot % bs) as usize))
    }

    /// Calls `f(slot, outcome)` for every reachable slot in order, block by block, while it
    /// returns true.
    pub fn scan(&self, mut f: impl FnMut(u64, Outcome) -> bool) -> Result<(), Error> {
        let bs = self.header.block_slots;
        for b in 0..self.header.blocks() {
            let go = self.with_block(b, |raw| {
                let n = raw.len() / (1 + self.header.remoteness_bytes as usize);
                (0..n).all(|i| self.decode(raw, i).is_none_or(|o| f(b * bs + i as u64, o)))
            })?;
            if !go {
                break;
            }
        }
        Ok(())
    }
}

/// What front ends need of a game solved through the dense path to store its solution and read
/// it back: the object-safe view of a [`Dense`] game, from [`crate::DynGame::dense`].
pub trait DenseStore: Send + Sync {
    /// The index scheme ([`Indexed::index_scheme`]).
    fn index_scheme(&self) -> String;

    /// Slots of the index.
    fn size(&self) -> u64;

    /// Solves the game, writes the solution to `path` under `game` and `params`, and reports
    /// the solve as [`crate::DynGame::solve`] does.
    fn solve_and_save(
        &self,
        path: &Path,
        game: &str,
        params: &[(String, String)],
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error>;

    /// A position (the start when `None`) and each of its moves, read from a store.
    fn query_store(&self, store: &Store, position: Option<&str>) -> Result<QueryReport, Error>;

    /// The position in a slot, as text (`None` for a hole).
    fn slot_text(&self, slot: u64) -> Option<String>;
}

impl Store {
    /// Checks that the store was written with `game`'s index.
    pub fn check_index(&self, game: &dyn DenseStore) -> Result<(), Error> {
        if self.header.scheme != game.index_scheme() || self.header.size != game.size() {
            return Err(Error::Unsupported(format!(
                "{}: stored with index scheme {} of {} slots, but this nimber indexes {} with {} of {} slots",
                self.path.display(),
                self.header.scheme,
                self.header.size,
                self.header.game,
                game.index_scheme(),
                game.size()
            )));
        }
        Ok(())
    }
}

impl<G: Indexed> DenseStore for Dense<G> {
    fn index_scheme(&self) -> String {
        self.0.index_scheme()
    }

    fn size(&self) -> u64 {
        self.0.size()
    }

    fn solve_and_save(
        &self,
        path: &Path,
        game: &str,
        params: &[(String, String)],
        options: &SolveOptions,
        progress: &dyn Progress,
    ) -> Result<SolveReport, Error> {
        let solution = self.solve_all(options, progress)?;
        progress.phase("saving", None);
        write(path, game, params, &self.0.index_scheme(), self.0.size(), &solution)?;
        self.remove_checkpoint(options)?;
        let mut report = self.report(&solution, options)?;
        report.notes.push(format!("saved {} positions to {}", solution.len(), path.display()));
        Ok(report)
    }

    fn query_store(&self, store: &Store, position: Option<&str>) -> Result<QueryReport, Error> {
        store.check_index(self)?;
        let game = &self.0;
        let pos = match position {
            Some(text) => parse_in(game, text)?,
            None => game.start(),
        };
        let get = |p: &G::Position| -> Result<Outcome, Error> {
            store.get(game.rank(p))?.ok_or_else(|| {
                Error::Unsupported(format!("position `{}` is not reachable from the start", game.format(p)))
            })
        };
        query_report(game, &pos, get, |_| None, Vec::new())
    }

    fn slot_text(&self, slot: u64) -> Option<String> {
        self.0.unrank(slot).map(|p| self.0.format(&p))
    }
}
