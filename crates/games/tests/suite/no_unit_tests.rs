//! The library's own unit-test binary is not built (`[lib] test = false` in `Cargo.toml`: the
//! library is compiled once, and its tests live here, in `tests/suite`), so a test written in
//! `src/` would silently never run: none may be there.

use std::fs;
use std::path::{Path, PathBuf};

/// The Rust files under `dir`, at any depth.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_library_sources_hold_no_tests() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 20, "only {} files under {}", files.len(), src.display());
    let marks = ["#[cfg(test)]", "#[test]", "cfg(any(test", "cfg(all(test"];
    let mut found = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = file.strip_prefix(&src).unwrap().display();
        for mark in marks.iter().filter(|m| text.contains(*m)) {
            found.push(format!("crates/games/src/{name} has `{mark}`"));
        }
    }
    assert!(
        found.is_empty(),
        "tests in the library's sources never run (its unit-test binary is not built); move them \
         to crates/games/tests/suite:\n{}",
        found.join("\n")
    );
}
