//! The identity of the code that decides what a solved game's values are: a hash of the sources
//! of the engine, the heap games and the games (`NIMBER_SOLVER_SOURCE`, in
//! [`crate::SOLVER_SOURCE`]). Solutions kept in the cache (`nimber query`) are keyed by it, so
//! that a build whose rules or solvers changed solves again instead of reading old values.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dirs = [root.join("src"), root.join("../engine/src"), root.join("../heaps/src")];
    let mut all = Vec::new();
    for dir in &dirs {
        println!("cargo:rerun-if-changed={}", dir.display());
        files(dir, &mut all);
    }
    all.sort();
    // 64-bit FNV-1a over each file's path (relative to this crate) and contents.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes.iter().chain(&[0]) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for path in &all {
        let relative = path.strip_prefix(&root).unwrap_or(path);
        feed(relative.to_string_lossy().as_bytes());
        feed(&std::fs::read(path).unwrap_or_default());
    }
    println!("cargo:rustc-env=NIMBER_SOLVER_SOURCE={hash:016x}");
}
