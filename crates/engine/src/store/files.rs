//! Files written whole or not at all, and what a killed writer leaves behind.
//!
//! Every file nimber writes (stores, checkpoints, dumps, pictures) is written through
//! [`TempFile`]: under the temporary name `FILE.tmp-PID` next to it, synced and renamed over
//! `FILE` when complete, so that `FILE` is always either the old file or the new one. While it
//! writes, the process holds an exclusive `flock` on its temporary file; the kernel drops it when
//! the process ends, however it ends (SIGKILL, a crash of the machine), so that a temporary file
//! whose lock can be taken belongs to no running process: [`remove_stale`] removes those, and
//! only those, and says how many bytes they held. No PID is looked up: a PID reused by another
//! process cannot make a dead writer's file look alive, nor a live writer's file look dead.
//!
//! A solve also holds [`TargetLock`] on each file it will write (`FILE.lock`, an exclusive
//! `flock` for the whole solve, the file removed at the end), so that a second solve of the same
//! file is refused with a clear message instead of disturbing the first.
//!
//! For tests, `NIMBER_TEST_PAUSE_WRITE=K:N` makes the writer of the `K`-th temporary file of the
//! process (counted from 1) stop after `N` bytes written to it, print `nimber: test: paused
//! writing TMP` on stderr and wait for ever, so that a test kills it at a known moment;
//! `NIMBER_TEST_PAUSE_TARGET=SUFFIX` counts only the files whose name ends with `SUFFIX`.

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::memory::describe_bytes;

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io { path: path.display().to_string(), source }
}

/// `path` with `suffix` added to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Takes an exclusive `flock` on `file` without waiting: `Ok(false)` when another holds it.
#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<bool> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock(2) on a descriptor we own, with constant flags; no memory is passed.
    let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if rc == 0 {
        return Ok(true);
    }
    let err = std::io::Error::last_os_error();
    if err.raw_os_error() == Some(libc::EWOULDBLOCK) {
        Ok(false)
    } else {
        Err(err)
    }
}

#[cfg(not(unix))]
fn try_lock(_file: &File) -> std::io::Result<bool> {
    Ok(true)
}

/// The test hook: where to pause (bytes), if this temporary file of `target` is to be paused.
fn pause_at(target: &Path) -> Option<u64> {
    static COUNTED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let hook = std::env::var("NIMBER_TEST_PAUSE_WRITE").ok()?;
    let (k, n) = hook.split_once(':')?;
    let (k, n): (u64, u64) = (k.parse().ok()?, n.parse().ok()?);
    if let Some(suffix) = std::env::var_os("NIMBER_TEST_PAUSE_TARGET") {
        if !target.as_os_str().to_string_lossy().ends_with(&*suffix.to_string_lossy()) {
            return None;
        }
    }
    let this = COUNTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
    (this == k).then_some(n)
}

/// A file being written under its temporary name `TARGET.tmp-PID`, locked; removed when dropped
/// unless [`TempFile::commit`] renamed it over its target.
pub struct TempFile {
    file: File,
    tmp: PathBuf,
    target: PathBuf,
    written: u64,
    pause_at: Option<u64>,
    committed: bool,
}

impl TempFile {
    /// Creates (truncating) `target.tmp-PID` and locks it.
    pub fn create(target: &Path) -> Result<TempFile, Error> {
        let tmp = with_suffix(target, &format!(".tmp-{}", std::process::id()));
        let file = File::create(&tmp).map_err(io(&tmp))?;
        if !try_lock(&file).map_err(io(&tmp))? {
            return Err(Error::Unsupported(format!("{}: another process is writing it", tmp.display())));
        }
        Ok(TempFile {
            file,
            tmp,
            target: target.to_path_buf(),
            written: 0,
            pause_at: pause_at(target),
            committed: false,
        })
    }

    /// The temporary name.
    pub(crate) fn tmp_path(&self) -> &Path {
        &self.tmp
    }

    /// Syncs the file to the disk and renames it over its target.
    pub fn commit(mut self) -> Result<(), Error> {
        self.file.sync_all().map_err(io(&self.tmp))?;
        std::fs::rename(&self.tmp, &self.target).map_err(io(&self.target))?;
        self.committed = true;
        Ok(())
    }
}

impl Write for TempFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let buf = match self.pause_at {
            Some(at) if self.written + buf.len() as u64 >= at => {
                let take = (at - self.written.min(at)) as usize;
                self.file.write_all(&buf[..take])?;
                self.file.flush()?;
                eprintln!("nimber: test: paused writing {}", self.tmp.display());
                loop {
                    std::thread::sleep(std::time::Duration::from_secs(3600));
                }
            }
            _ => buf,
        };
        let n = self.file.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Seek for TempFile {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.file.seek(pos)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Writes `target` whole through a [`TempFile`]: `write` fills it (buffered), then it is synced
/// and renamed; on an error the temporary file is removed and `target` is untouched.
pub fn write_whole(
    target: &Path,
    write: impl FnOnce(&mut std::io::BufWriter<TempFile>) -> std::io::Result<()>,
) -> Result<(), Error> {
    let tmp = TempFile::create(target)?;
    let tmp_path = tmp.tmp_path().to_path_buf();
    let mut out = std::io::BufWriter::new(tmp);
    write(&mut out).map_err(io(&tmp_path))?;
    out.into_inner().map_err(|e| io(&tmp_path)(e.into_error()))?.commit()
}

/// A temporary file left behind and removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removed {
    /// Its name.
    pub path: PathBuf,
    /// Its length.
    pub bytes: u64,
}

/// Removes the temporary files of `target` (`TARGET.tmp-DIGITS`) that no running process is
/// writing (their lock can be taken), and returns them.
pub fn remove_stale(target: &Path) -> Result<Vec<Removed>, Error> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Ok(Vec::new());
    };
    let prefix = format!("{name}.tmp-");
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io(&dir)(e)),
    };
    let mut removed = Vec::new();
    for entry in entries {
        let entry = entry.map_err(io(&dir))?;
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file_name.strip_prefix(&prefix) else { continue };
        if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let path = entry.path();
        // Open without creating or truncating; a file gone meanwhile was someone's rename.
        let file = match OpenOptions::new().read(true).open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(io(&path)(e)),
        };
        if !try_lock(&file).map_err(io(&path))? {
            continue; // a live writer
        }
        let bytes = file.metadata().map_err(io(&path))?.len();
        match std::fs::remove_file(&path) {
            Ok(()) => removed.push(Removed { path, bytes }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io(&path)(e)),
        }
    }
    removed.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(removed)
}

/// One line about the temporary files removed: `removed X (580 MB), left by a nimber process
/// that no longer runs; 580 MB freed`; `None` when none was.
pub fn describe_removed(removed: &[Removed]) -> Option<String> {
    if removed.is_empty() {
        return None;
    }
    let names: Vec<String> =
        removed.iter().map(|r| format!("{} ({})", r.path.display(), describe_bytes(r.bytes))).collect();
    let total: u64 = removed.iter().map(|r| r.bytes).sum();
    let what = if removed.len() == 1 { "a half-written file" } else { "half-written files" };
    Some(format!(
        "removed {what} left by a nimber process that no longer runs: {}; {} freed",
        names.join(", "),
        describe_bytes(total)
    ))
}

/// An exclusive lock on the file a process is about to write (`TARGET.lock`, holding the
/// process's PID for the message of another), released and its file removed when dropped.
pub struct TargetLock {
    file: File,
    path: PathBuf,
}

impl TargetLock {
    /// Locks `target` for this process, or refuses when another running process holds it.
    pub fn acquire(target: &Path) -> Result<TargetLock, Error> {
        let path = with_suffix(target, ".lock");
        loop {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io(&path))?;
            if !try_lock(&file).map_err(io(&path))? {
                // The holder's PID: a few bytes, whatever the file holds.
                let mut holder = String::new();
                let _ = std::io::Read::read_to_string(&mut std::io::Read::take(&mut file, 20), &mut holder);
                let holder = holder.trim();
                let holder = if holder.bytes().all(|b| b.is_ascii_digit()) { holder } else { "" };
                let by = if holder.is_empty() { String::new() } else { format!(" (process {holder})") };
                return Err(Error::Unsupported(format!(
                    "{}: another nimber process{by} is writing this file; wait for it to finish, or stop it",
                    target.display()
                )));
            }
            // The holder before us may have removed the file after we opened it: the lock is then
            // on a file nobody else will open; start again with the file now at the path.
            if !same_file(&file, &path) {
                continue;
            }
            file.set_len(0).map_err(io(&path))?;
            write!(file, "{}", std::process::id()).map_err(io(&path))?;
            return Ok(TargetLock { file, path });
        }
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, _path: &Path) -> bool {
    true
}

impl Drop for TargetLock {
    fn drop(&mut self) {
        // Removed while still locked: a process that opened it meanwhile finds it gone.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("nimber-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn stale_temporary_files_are_removed_live_ones_kept() {
        let d = dir("stale");
        let target = d.join("a.db");
        // Left by dead processes: nobody holds their lock.
        std::fs::write(d.join("a.db.tmp-999999"), vec![7u8; 1234]).unwrap();
        std::fs::write(d.join("a.db.tmp-1"), b"x").unwrap();
        // Not ours: another file's, and a name that is not a PID.
        std::fs::write(d.join("b.db.tmp-5"), b"keep").unwrap();
        std::fs::write(d.join("a.db.tmp-x1"), b"keep").unwrap();
        // A live writer (this process, through another descriptor: flock locks are per open file).
        let mut live = TempFile::create(&target).unwrap();
        live.write_all(b"being written").unwrap();
        let removed = remove_stale(&target).unwrap();
        assert_eq!(
            removed,
            vec![
                Removed { path: d.join("a.db.tmp-1"), bytes: 1 },
                Removed { path: d.join("a.db.tmp-999999"), bytes: 1234 }
            ]
        );
        assert!(live.tmp_path().exists() && d.join("b.db.tmp-5").exists() && d.join("a.db.tmp-x1").exists());
        let line = describe_removed(&removed).unwrap();
        assert!(line.contains("a.db.tmp-999999 (1 kB)") && line.ends_with("1 kB freed"), "{line}");
        live.commit().unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"being written");
        assert!(remove_stale(&target).unwrap().is_empty());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_dropped_temporary_file_is_removed_and_write_whole_replaces() {
        let d = dir("whole");
        let target = d.join("out.csv");
        std::fs::write(&target, b"old").unwrap();
        let tmp = TempFile::create(&target).unwrap();
        let tmp_path = tmp.tmp_path().to_path_buf();
        drop(tmp);
        assert!(!tmp_path.exists());
        let err = write_whole(&target, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read(&target).unwrap(), b"old");
        assert!(!tmp_path.exists());
        write_whole(&target, |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_locked_target_is_refused_then_free_again() {
        let d = dir("lock");
        let target = d.join("s.db");
        let lock = TargetLock::acquire(&target).unwrap();
        let err = TargetLock::acquire(&target).err().unwrap().to_string();
        assert!(
            err.contains(&format!(
                "another nimber process (process {}) is writing this file",
                std::process::id()
            )),
            "{err}"
        );
        drop(lock);
        assert!(!d.join("s.db.lock").exists());
        let again = TargetLock::acquire(&target).unwrap();
        drop(again);
        let _ = std::fs::remove_dir_all(&d);
    }
}
