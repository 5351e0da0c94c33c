//! Solved games that stay solved: a directory of stored solutions, one per game and parameters,
//! that front ends answer queries from instead of solving again.
//!
//! A game's file is `GAME-HASH.nimber`, `HASH` a stable hash of the game's name, its parameters
//! and the build (the front end's identity of the code that decides the values: a hash of the
//! sources of the rules and the solvers), so that another build of nimber does not read the
//! solutions of this one. What the file holds is checked again before it is read
//! ([`Store::check_index`]: the index scheme, its size and the fingerprint of the rules), and
//! each answer is checked against the rules one ply deep ([`crate::QueryReport::consistent`]); a
//! file that fails is solved again and replaced, never read as wrong values. Solving a game
//! again for a new build removes the files of earlier builds for the same game and parameters. Files are written under a temporary name and renamed when
//! complete ([`crate::store::write`]), so a solve stopped halfway leaves no file behind.

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::params::GameId;
use crate::store::files;
use crate::store::read::Store;
use crate::table::Fnv;
use crate::view::dense::face::DenseStore;
use crate::view::report::SolveOptions;

/// The extension of a cached solution.
const EXTENSION: &str = "nimber";

/// A cache directory (it is created when a first solution is saved).
#[derive(Clone, Debug)]
pub struct Cache {
    dir: PathBuf,
}

/// A file of the cache, as `nimber cache list` shows it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// What it holds, or why it cannot be read.
    pub what: Result<Kept, String>,
}

/// What a cached file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The game with every parameter.
    pub id: GameId,
    /// The positions solved.
    pub positions: u64,
}

/// What [`Cache::clear`] removed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Cleared {
    /// Files removed.
    pub files: u64,
    /// Their bytes.
    pub bytes: u64,
}

/// How [`Cache::solved`] found the solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// In the cache.
    Cached,
    /// Not there: solved now and saved.
    Solved,
    /// There but written for other rules (or damaged): solved again and replaced.
    Replaced,
}

/// A stable 64-bit hash (FNV-1a) of the build, the game's name and its parameters, each part
/// ended by a zero byte, a parameter's part being `key=value`.
fn stable_hash(build: &str, id: &GameId) -> u64 {
    let mut hash = Fnv::default();
    for part in [build, id.name()] {
        hash.bytes(part.as_bytes());
        hash.bytes(&[0]);
    }
    for (key, value) in id.params() {
        hash.bytes(key.as_bytes());
        hash.bytes(b"=");
        hash.bytes(value.as_bytes());
        hash.bytes(&[0]);
    }
    hash.0
}

impl Cache {
    /// The cache in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache { dir: dir.into() }
    }

    /// The platform's cache location: `$XDG_CACHE_HOME/nimber`, else `~/.cache/nimber` (Linux
    /// and other Unix), `~/Library/Caches/nimber` (macOS), `%LOCALAPPDATA%\nimber\cache`
    /// (Windows); `None` when the environment names no home.
    pub fn default_dir() -> Option<PathBuf> {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
        if cfg!(windows) {
            return var("LOCALAPPDATA").map(|d| d.join("nimber").join("cache"));
        }
        if let Some(dir) = var("XDG_CACHE_HOME").filter(|d| d.is_absolute()) {
            return Some(dir.join("nimber"));
        }
        let home = var("HOME")?;
        Some(if cfg!(target_os = "macos") {
            home.join("Library").join("Caches").join("nimber")
        } else {
            home.join(".cache").join("nimber")
        })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file that holds the solution of the game `id` solved by `build`.
    pub fn file_for(&self, id: &GameId, build: &str) -> PathBuf {
        let safe: String =
            id.name().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        self.dir.join(format!("{safe}-{:016x}.{EXTENSION}", stable_hash(build, id)))
    }

    /// The solution of `game` (the game `id`, solved by `build`), from the cache when it holds
    /// one for these rules; else solved with `options` (reporting to `progress`), saved, and
    /// opened. `solving` is called before a solve starts, with the reason.
    pub fn solved(
        &self,
        id: &GameId,
        build: &str,
        game: &dyn DenseStore,
        options: &SolveOptions,
        progress: &dyn Progress,
        solving: &mut dyn FnMut(Found),
    ) -> Result<(Store, Found), Error> {
        let path = self.file_for(id, build);
        let found = match Store::open(&path) {
            Ok(store) => match self.matches(&store, id, game) {
                Ok(()) => return Ok((store, Found::Cached)),
                Err(_) => Found::Replaced,
            },
            Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Found::Solved,
            Err(_) => Found::Replaced,
        };
        std::fs::create_dir_all(&self.dir)
            .map_err(|source| Error::Io { path: self.dir.display().to_string(), source })?;
        // One solve of a file at a time; what a killed solve left is removed.
        let _lock = files::TargetLock::acquire(&path)?;
        files::remove_stale(&path)?;
        solving(found);
        game.solve_and_save(&path, id, options, progress)?;
        let store = Store::open(&path)?;
        self.matches(&store, id, game)?;
        // The same game solved by earlier builds: replaced by this file.
        for entry in self.entries()? {
            let same = matches!(&entry.what, Ok(kept) if kept.id == *id);
            if same && entry.path != path {
                let _ = std::fs::remove_file(&entry.path);
            }
        }
        Ok((store, found))
    }

    /// Whether `store` holds the solution of this game, parameters, index and rules.
    fn matches(&self, store: &Store, id: &GameId, game: &dyn DenseStore) -> Result<(), Error> {
        let header = store.header();
        if header.id != *id || header.rules.is_none() {
            return Err(Error::Unsupported(format!(
                "{}: not the cached solution of {}",
                store.path().display(),
                id.name()
            )));
        }
        store.check_index(game)
    }

    /// Removes a cached file that turned out wrong (an answer that disagrees with the rules).
    pub fn discard(&self, id: &GameId, build: &str) -> Result<(), Error> {
        let path = self.file_for(id, build);
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(source) => Err(Error::Io { path: path.display().to_string(), source }),
        }
    }

    /// The cached files (and temporary files of solves in progress or stopped), by name; none
    /// when the directory does not exist.
    pub fn entries(&self) -> Result<Vec<Entry>, Error> {
        let mut entries = Vec::new();
        let list = match std::fs::read_dir(&self.dir) {
            Ok(list) => list,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(entries),
            Err(source) => return Err(Error::Io { path: self.dir.display().to_string(), source }),
        };
        for item in list {
            let item = item.map_err(|source| Error::Io { path: self.dir.display().to_string(), source })?;
            let path = item.path();
            if !is_ours(&path) {
                continue;
            }
            let bytes = item.metadata().map(|m| m.len()).unwrap_or(0);
            let what = if path.extension().is_some_and(|e| e == EXTENSION) {
                Store::open(&path)
                    .map(|s| {
                        let h = s.header();
                        Kept { id: h.id.clone(), positions: h.positions }
                    })
                    .map_err(|e| e.to_string())
            } else {
                Err("a solve that was stopped or is still running (a temporary file)".to_string())
            };
            entries.push(Entry { path, bytes, what });
        }
        entries.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(entries)
    }

    /// Removes every cached solution of the directory, and the temporary files of solves that
    /// no running process is writing ([`files::remove_stale`]); nothing else in it.
    pub fn clear(&self) -> Result<Cleared, Error> {
        let mut cleared = Cleared::default();
        let mut targets = Vec::new();
        for entry in self.entries()? {
            let name = entry.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            match name.split_once(".tmp-") {
                Some((target, _)) => targets.push(self.dir.join(target)),
                None => match std::fs::remove_file(&entry.path) {
                    Ok(()) => {
                        cleared.files += 1;
                        cleared.bytes += entry.bytes;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(source) => return Err(Error::Io { path: entry.path.display().to_string(), source }),
                },
            }
        }
        targets.dedup();
        for target in targets {
            for removed in files::remove_stale(&target)? {
                cleared.files += 1;
                cleared.bytes += removed.bytes;
            }
        }
        Ok(cleared)
    }
}

/// Whether `path` is a file the cache wrote: `NAME.nimber`, or its temporary
/// `NAME.nimber.tmp-PID` ([`files::TempFile`]).
fn is_ours(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else { return false };
    let ext = format!(".{EXTENSION}");
    name.ends_with(&ext) || name.contains(&format!("{ext}.tmp-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file's name is a hash of the parts `BUILD`, `GAME`, `KEY=VALUE`... each ended by a zero
    /// byte, as it was when parameters travelled as text: caches written then are still found.
    #[test]
    fn the_file_of_a_game_is_named_as_before() {
        let fnv = |text: &[u8]| {
            text.iter()
                .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
        };
        let id = GameId::new("nim", vec![("heaps".into(), "1,2".into()), ("file".into(), String::new())]);
        let want = fnv(b"b1\0nim\0heaps=1,2\0file=\0");
        assert_eq!(stable_hash("b1", &id), want);
        let cache = Cache::new("/c");
        assert_eq!(cache.file_for(&id, "b1"), Path::new(&format!("/c/nim-{want:016x}.nimber")));
        let odd = GameId::new("a b", Vec::new());
        assert!(cache.file_for(&odd, "b1").ends_with(format!("a_b-{:016x}.nimber", fnv(b"b1\0a b\0"))));
    }
}
