//! The framing that both file formats share, the store (`NIMBERDB`, [`crate::store`]) and
//! checkpoints (`NIMBERCK`, [`crate::store::checkpoint`]):
//!
//! ```text
//! magic        8 bytes  the format's (a [`Frame`])
//! version      u32      little-endian, as every integer
//! text_len     u32      length of the header text
//! ...                   the format's own fixed fields (the store's: 20 bytes), up to `fixed`
//! text         UTF-8    the header: ordered `key=value` lines ([`Text`] writes them, [`fields`]
//!                       reads them back, each a [`Field`] with typed getters)
//! header_crc   u32      CRC-32 of every byte above
//! ```
//!
//! then the format's body: checksummed sections ([`Frame::write_section`], a tag, a length,
//! items and their CRC-32) in checkpoints, blocks and their index in stores. The error helpers
//! name the file ([`io`], [`Frame::damaged`]) and the field ([`Field::bad`] and the getters).

use std::io::{Read, Write};
use std::path::Path;

use crate::error::Error;
use crate::rules::params::GameId;

/// Bytes of the magic, version and text length that start every file.
pub(crate) const PREFIX: usize = 16;
/// Bytes converted and written, or read and checked, at a time in a section.
pub(crate) const CHUNK: usize = 1 << 20;

/// The framing of one format: its magic bytes, where its header text starts, the longest text
/// it reads, and how it says a file is damaged.
pub(crate) struct Frame {
    /// The first bytes of every file.
    pub magic: &'static [u8; 8],
    /// Bytes before the header text: [`PREFIX`] and the format's own fixed fields.
    pub fixed: usize,
    /// Header text longer than this is refused (a corrupt length).
    pub max_text: u32,
    /// The error of a damaged file, naming it.
    pub damaged: fn(&Path, String) -> Error,
}

impl Frame {
    /// The head of a file: magic, `version`, text length, the format's fixed fields (zero, for
    /// the caller to fill in), `text` and a zero checksum ([`Frame::seal`] computes it).
    pub(crate) fn head(&self, version: u32, text: &str) -> Vec<u8> {
        let mut head = Vec::with_capacity(self.fixed + text.len() + 4);
        head.extend_from_slice(self.magic);
        head.extend_from_slice(&version.to_le_bytes());
        head.extend_from_slice(&(text.len() as u32).to_le_bytes());
        head.resize(self.fixed, 0);
        head.extend_from_slice(text.as_bytes());
        head.extend_from_slice(&[0; 4]);
        head
    }

    /// Puts the CRC-32 of every byte of a head before its last four into them.
    pub(crate) fn seal(head: &mut [u8]) {
        let at = head.len() - 4;
        let crc = crc32fast::hash(&head[..at]);
        head[at..].copy_from_slice(&crc.to_le_bytes());
    }

    /// A damaged file, naming it.
    pub(crate) fn damaged(&self, path: &Path, what: impl Into<String>) -> Error {
        (self.damaged)(path, what.into())
    }

    /// Writes a section: its tag, its length, `n` items of `width` bytes each (`item(k, out)`
    /// appends item `k`), and the CRC-32 of the items.
    pub(crate) fn write_section(
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

    /// Reads a section written by [`Frame::write_section`]: checks the tag and that its length
    /// is `n` items of `width` bytes, gives each item to `item(k, bytes)`, and checks the CRC.
    pub(crate) fn read_section(
        &self,
        f: &mut impl Read,
        path: &Path,
        tag: &[u8; 4],
        n: u64,
        width: usize,
        mut item: impl FnMut(usize, &[u8]),
    ) -> Result<(), Error> {
        let name = String::from_utf8_lossy(tag).into_owned();
        let truncated = |e: std::io::Error| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => {
                self.damaged(path, format!("the file ends inside section {name}"))
            }
            _ => io(path)(e),
        };
        let mut head = [0u8; 12];
        f.read_exact(&mut head).map_err(truncated)?;
        if &head[..4] != tag {
            return Err(self.damaged(path, format!("section {name} is missing")));
        }
        let len = u64_at(&head, 4);
        if Some(len) != n.checked_mul(width as u64) {
            return Err(
                self.damaged(path, format!("section {name} has {len} bytes, expected {n} items of {width}"))
            );
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
            return Err(self.damaged(path, format!("section {name} fails its checksum")));
        }
        Ok(())
    }

    /// Refuses a section of `n` items of `width` bytes that does not fit in the `left` bytes of
    /// the file (before anything is allocated for it); the bytes left after it.
    pub(crate) fn section_fits(
        &self,
        path: &Path,
        tag: &[u8; 4],
        n: u64,
        width: usize,
        left: u64,
    ) -> Result<u64, Error> {
        let need = n.checked_mul(width as u64).and_then(|b| b.checked_add(16));
        match need {
            Some(need) if need <= left => Ok(left - need),
            _ => {
                Err(self
                    .damaged(path, format!("the file ends inside section {}", String::from_utf8_lossy(tag))))
            }
        }
    }
}

/// The little-endian `u32` at `at` of `bytes`.
pub(crate) fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

/// The little-endian `u64` at `at` of `bytes`.
pub(crate) fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// The version of a file: the `u32` after the magic bytes of its fixed fields.
pub(crate) fn version(fixed: &[u8]) -> u32 {
    u32_at(fixed, 8)
}

/// The length of a file's header text, from its fixed fields.
pub(crate) fn text_len(fixed: &[u8]) -> u32 {
    u32_at(fixed, 12)
}

/// The CRC-32 of a header: its fixed fields and its text.
pub(crate) fn header_crc(fixed: &[u8], text: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(fixed);
    hasher.update(text);
    hasher.finalize()
}

/// An I/O error naming the file.
pub(crate) fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io { path: path.display().to_string(), source }
}

/// Refuses a game name, parameter or index scheme that would break the header's lines (a line
/// break, or an `=` in a parameter's name): what the file is, `stored` or `checkpointed`.
pub(crate) fn check_names(id: &GameId, scheme: &str, what: &str) -> Result<(), Error> {
    let bad_text = |s: &str| s.contains('\n') || s.contains('\r');
    if bad_text(id.name())
        || bad_text(scheme)
        || id.params().iter().any(|(k, v)| bad_text(k) || bad_text(v) || k.contains('='))
    {
        return Err(Error::Unsupported(format!(
            "a game name, parameter or index scheme with a line break cannot be {what}"
        )));
    }
    Ok(())
}

/// What a file is of: the game with its parameters, its index scheme and size (the first lines
/// of both formats' header text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The game with every parameter.
    pub id: GameId,
    /// The index scheme, with its version.
    pub scheme: String,
    /// Slots of the index.
    pub size: u64,
}

/// An identity being read: its fields as they come.
#[derive(Default)]
pub(crate) struct IdentityFields {
    game: String,
    params: Vec<(String, String)>,
    scheme: String,
    size: u64,
}

impl IdentityFields {
    /// Reads `field` when it is one of the identity's (`game`, `param`, `scheme`, `size`):
    /// whether it was.
    pub(crate) fn read(&mut self, field: &Field<'_>) -> Result<bool, String> {
        match field.key {
            "game" => self.game = field.value.to_string(),
            "param" => {
                let (k, v) = field.split('=')?;
                self.params.push((k.to_string(), v.to_string()));
            }
            "scheme" => self.scheme = field.value.to_string(),
            "size" => self.size = field.u64()?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The identity read.
    pub(crate) fn finish(self) -> Identity {
        Identity { id: GameId::new(self.game, self.params), scheme: self.scheme, size: self.size }
    }
}

/// The game with its non-empty parameters, as `nim (heaps=3,4,5)`: how errors name it.
pub(crate) fn describe(id: &GameId) -> String {
    let params: Vec<String> = id.given().map(|(k, v)| format!("{k}={v}")).collect();
    if params.is_empty() {
        id.name().to_string()
    } else {
        format!("{} ({})", id.name(), params.join(" "))
    }
}

/// A header text being written: `key=value` lines, in order.
#[derive(Default)]
pub(crate) struct Text(String);

impl Text {
    /// Adds the line `key=value`.
    pub(crate) fn line(&mut self, key: &str, value: impl std::fmt::Display) -> &mut Text {
        use std::fmt::Write as _;
        writeln!(self.0, "{key}={value}").expect("writing to a string");
        self
    }

    /// Adds the lines of an identity: `game=`, one `param=KEY=VALUE` per parameter, `scheme=`
    /// and `size=`.
    pub(crate) fn identity(&mut self, id: &GameId, scheme: &str, size: u64) -> &mut Text {
        self.line("game", id.name());
        for (k, v) in id.params() {
            self.line("param", format_args!("{k}={v}"));
        }
        self.line("scheme", scheme).line("size", size)
    }

    /// The text.
    pub(crate) fn into_string(self) -> String {
        self.0
    }
}

/// One `key=value` line of a header text.
pub(crate) struct Field<'a> {
    /// Before the first `=`.
    pub key: &'a str,
    /// After it.
    pub value: &'a str,
    line: &'a str,
}

impl<'a> Field<'a> {
    /// The error of a line that does not say what its key wants: `bad header line `LINE``.
    pub(crate) fn bad(&self) -> String {
        format!("bad header line `{}`", self.line)
    }

    /// The error of a key the format does not know.
    pub(crate) fn unknown(&self) -> String {
        format!("unknown header field `{}`", self.key)
    }

    /// The value as a number (`bad header field `KEY=VALUE`` when it is not one).
    pub(crate) fn u64(&self) -> Result<u64, String> {
        self.value.parse::<u64>().map_err(|_| format!("bad header field `{}={}`", self.key, self.value))
    }

    /// The value as exactly 16 hexadecimal digits.
    pub(crate) fn hex64(&self) -> Result<u64, String> {
        let hex = self.value.len() == 16 && self.value.bytes().all(|b| b.is_ascii_hexdigit());
        let n = u64::from_str_radix(self.value, 16).ok().filter(|_| hex);
        n.ok_or_else(|| format!("bad header field `{}={}`", self.key, self.value))
    }

    /// The value split at the first `sep` ([`Field::bad`] without one).
    pub(crate) fn split(&self, sep: char) -> Result<(&'a str, &'a str), String> {
        self.value.split_once(sep).ok_or_else(|| self.bad())
    }

    /// The value `A..B` as the range of numbers from `A` to `B` (`A` at most `B`).
    pub(crate) fn range(&self) -> Result<std::ops::Range<u64>, String> {
        let (a, b) = self.value.split_once("..").ok_or_else(|| self.bad())?;
        let (a, b) = (a.parse::<u64>().map_err(|_| self.bad())?, b.parse::<u64>().map_err(|_| self.bad())?);
        if a > b {
            return Err(self.bad());
        }
        Ok(a..b)
    }
}

/// The lines of a header text, each split at its first `=` (a line without one is refused).
pub(crate) fn fields(text: &str) -> impl Iterator<Item = Result<Field<'_>, String>> {
    text.lines().map(|line| match line.split_once('=') {
        Some((key, value)) => Ok(Field { key, value, line }),
        None => Err(format!("bad header line `{line}`")),
    })
}
