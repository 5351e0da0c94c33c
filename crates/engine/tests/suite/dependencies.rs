//! The engine's dependencies stay lean: the rule interpreter (rhai) belongs to `nimber-lab`, not
//! to the engine. (The engine's layers and its files' imports are checked with every crate's by
//! `crates/cli/tests/imports.rs`.)

use std::fs;
use std::path::Path;

#[test]
fn the_engine_does_not_depend_on_the_rule_interpreter() {
    let manifest = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let dependencies = manifest.split("[dependencies]").nth(1).unwrap();
    let dependencies = dependencies.split("\n[").next().unwrap();
    assert!(
        !dependencies.lines().any(|l| l.trim_start().starts_with("rhai")),
        "rhai belongs to nimber-lab (rule evaluation), not to the engine"
    );
}
