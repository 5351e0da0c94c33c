//! Replays the fuzz corpus (`fuzz/corpus/TARGET`, valid seeds and what campaigns kept) and every
//! input that ever failed (`fuzz/regressions/TARGET`) through the harnesses, on stable Rust, so
//! that `cargo test` catches a reader that breaks again without libFuzzer.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use nimber_fuzz::{Target, TARGETS};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir`, sorted (none when it does not exist).
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => {
            entries.map(|e| e.expect("a directory entry").path()).filter(|p| p.is_file()).collect()
        }
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// Runs every file of `dir` through `target`; returns how many there were and the failures.
fn replay(target: &Target, dir: &Path) -> (usize, Vec<String>) {
    let files = inputs(dir);
    let mut failures = Vec::new();
    for file in &files {
        let data = std::fs::read(file).expect("an input file");
        if let Err(e) = catch_unwind(AssertUnwindSafe(|| (target.run)(&data))) {
            let message = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(format!("{}: {message}", file.display()));
        }
    }
    (files.len(), failures)
}

fn run(name: &str) {
    let target = nimber_fuzz::find(name).expect("a target");
    let dir = fuzz_dir();
    let (seeds, mut failures) = replay(target, &dir.join("corpus").join(name));
    let (regressions, more) = replay(target, &dir.join("regressions").join(name));
    failures.extend(more);
    eprintln!("{name}: {seeds} corpus inputs, {regressions} regression inputs, {} failures", failures.len());
    assert!(seeds >= 2, "{name}: the corpus fuzz/corpus/{name} has {seeds} inputs; seed it");
    assert!(failures.is_empty(), "{name}: {} inputs fail:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn problem_berzerk() {
    run("problem_berzerk");
}

#[test]
fn problem_enjapma() {
    run("problem_enjapma");
}

#[test]
fn problem_fivehundredeleven() {
    run("problem_fivehundredeleven");
}

#[test]
fn problem_gameindarkness() {
    run("problem_gameindarkness");
}

#[test]
fn problem_more_reclamation() {
    run("problem_more_reclamation");
}

#[test]
fn problem_pathgame() {
    run("problem_pathgame");
}

#[test]
fn notation() {
    run("notation");
}

#[test]
fn params() {
    run("params");
}

#[test]
fn graph() {
    run("graph");
}

#[test]
fn rule() {
    run("rule");
}

#[test]
fn store() {
    run("store");
}

#[test]
fn checkpoint() {
    run("checkpoint");
}

#[test]
fn manifest() {
    run("manifest");
}

#[test]
fn http() {
    run("http");
}

#[test]
fn value() {
    run("value");
}

#[test]
fn hosts() {
    run("hosts");
}

/// Every target has its test above, its cargo-fuzz target and its corpus, and nothing else is
/// there: a target added to one place and forgotten in another fails here.
#[test]
fn every_target_is_everywhere() {
    let source = include_str!("replay.rs");
    let dir = fuzz_dir();
    let mut fuzz_targets: Vec<String> = inputs(&dir.join("fuzz_targets"))
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    fuzz_targets.sort();
    let mut names: Vec<String> = TARGETS.iter().map(|t| t.name.to_string()).collect();
    names.sort();
    assert_eq!(fuzz_targets, names, "fuzz/fuzz_targets/*.rs and nimber_fuzz::TARGETS");
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for name in &names {
        assert!(
            source.contains(&format!("fn {name}() {{\n    run(\"{name}\");")),
            "no replay test for {name}"
        );
        assert!(manifest.contains(&format!("name = \"{name}\"")), "fuzz/Cargo.toml has no [[bin]] {name}");
        assert!(dir.join("corpus").join(name).is_dir(), "no fuzz/corpus/{name}");
    }
    for entry in std::fs::read_dir(dir.join("regressions")).into_iter().flatten() {
        let name = entry.expect("an entry").file_name().to_string_lossy().into_owned();
        assert!(names.contains(&name), "fuzz/regressions/{name} is no target's");
    }
}

/// The `name version` pairs of the packages a `Cargo.lock` pins.
fn locked(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut pairs = Vec::new();
    let mut name = None;
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_string());
        } else if let (Some(v), Some(n)) = (line.strip_prefix("version = "), name.take()) {
            pairs.push((n, v.trim_matches('"').to_string()));
        }
    }
    pairs
}

/// The cargo-fuzz project (`fuzz/`, a workspace of its own) pins every package it shares with the
/// main workspace at the main workspace's version, so that CI checks the fuzz targets on the
/// crates it has already checked instead of checking others (to mend: copy `Cargo.lock` to
/// `fuzz/Cargo.lock` and run `cargo metadata` in `fuzz/`, which adds the fuzzer's own packages).
#[test]
fn fuzz_lockfile_follows_the_workspace() {
    let main = locked(&fuzz_dir().join("../Cargo.lock"));
    let fuzz = locked(&fuzz_dir().join("Cargo.lock"));
    assert!(main.len() > 100 && fuzz.len() > 100, "{} and {} packages read", main.len(), fuzz.len());
    let differ: Vec<String> = fuzz
        .iter()
        .filter(|(n, v)| main.iter().any(|(m, _)| m == n) && !main.contains(&(n.clone(), v.clone())))
        .map(|(n, v)| format!("{n} {v}"))
        .collect();
    assert!(differ.is_empty(), "fuzz/Cargo.lock pins versions Cargo.lock does not: {}", differ.join(", "));
}
