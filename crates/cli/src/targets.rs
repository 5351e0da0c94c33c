//! The files a command writes (its targets): each locked for the command's time, the
//! half-written files that killed processes left of them removed, and the directory of
//! `--save` checked before the work.

use std::path::Path;

use nimber_engine::store::files;

use crate::error::Failure;

/// Locks each of `targets` for this process and removes the half-written files (`FILE.tmp-PID`)
/// that processes no longer running left of them, saying so on standard error.
pub fn lock_and_clean(targets: &[&Path]) -> Result<Vec<files::TargetLock>, Failure> {
    let mut locks = Vec::new();
    let mut removed = Vec::new();
    for target in targets {
        locks.push(files::TargetLock::acquire(target)?);
        removed.extend(files::remove_stale(target)?);
    }
    if let Some(line) = files::describe_removed(&removed) {
        eprintln!("nimber: note: {line}");
    }
    Ok(locks)
}

/// Fails before the work when `--save`'s file cannot be written where asked.
pub fn check_save_dir(path: &Path) -> Result<(), Failure> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(Failure::msg(format!("--save {}: no such directory {}", path.display(), dir.display())));
    }
    Ok(())
}
