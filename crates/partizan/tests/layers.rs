//! The crate's modules form layers that import downward only (see the crate documentation):
//!
//! 0. `dyadic`: the numbers (the engine's, re-exported);
//! 1. `thermograph`: walls and thermographs;
//! 2. `forms`: canonical forms;
//! 3. `print` and `parse`: CGSuite's notation, out and in (neither names the other);
//! 4. `game`: games that state Left's and Right's moves, their values, the bridge to the engine;
//! 5. `survey`: surveys of values;
//! 6. `dynamic`: the games for front ends, positions as text.
//!
//! This test reads every source file of the crate and fails when a module names a module of its
//! own layer or of a higher one (`crate::...` paths outside comments and test modules), or names
//! one through a re-export at the crate root (which would hide the layer): so no two files of
//! the crate import each other, directly or through others.

use std::fs;
use std::path::{Path, PathBuf};

/// The layers, bottom first: the modules under `src/` (a folder or a file) that make each one.
const LAYERS: &[&[&str]] =
    &[&["dyadic"], &["thermograph"], &["forms"], &["print", "parse"], &["game"], &["survey"], &["dynamic"]];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|names| names.contains(&module))
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `crate::NAME` paths of a source text's code: comments and the unit tests at its end
/// (`#[cfg(test)] mod tests`) left out. Returns (line number, NAME).
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            break;
        }
        if code.starts_with("//") {
            continue;
        }
        let code = code.split(" //").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let preceded = rest[..at].chars().next_back();
            rest = &rest[at + "crate::".len()..];
            if preceded.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // `nimber_crate::`, not this crate
            }
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if name.is_empty() {
                // `crate::{a, b}`: every name in the braces.
                let inner = rest.trim_start_matches('{');
                let inner = &inner[..inner.find('}').unwrap_or(inner.len())];
                for part in inner.split(',') {
                    let name: String =
                        part.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    if !name.is_empty() {
                        found.push((n + 1, name));
                    }
                }
            } else {
                found.push((n + 1, name));
            }
        }
    }
    found
}

#[test]
fn modules_import_only_from_lower_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let top = relative.components().next().unwrap().as_os_str().to_string_lossy();
        let module = top.trim_end_matches(".rs");
        if module == "lib" {
            continue;
        }
        let own = layer_of(module)
            .unwrap_or_else(|| panic!("src/{} is in no layer: add its module to LAYERS", relative.display()));
        for (line, name) in crate_paths(&fs::read_to_string(file).unwrap()) {
            checked += 1;
            match layer_of(&name) {
                _ if name == module => {}
                Some(target) if target < own => {}
                Some(target) => wrong.push(format!(
                    "src/{}:{line}: layer {own} ({module}) imports crate::{name} of layer {target}",
                    relative.display()
                )),
                None => wrong.push(format!(
                    "src/{}:{line}: crate::{name} is a re-export at the crate root; name its layer's module",
                    relative.display()
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers:\n{}", wrong.join("\n"));
    // The scan found the imports (every layer above the numbers imports from below).
    assert!(checked > 10, "only {checked} crate paths found: the scan is broken");
}

#[test]
fn the_scan_sees_upward_imports() {
    let text = "use crate::game::Partizan;\nuse crate::{forms::Form, dynamic::Memory};\n// crate::survey\n\
                fn f() { crate::survey::survey(); }\n#[cfg(test)]\nmod tests { use crate::dynamic; }\n";
    let names: Vec<String> = crate_paths(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["game", "forms", "dynamic", "survey"]);
}

#[test]
fn every_module_of_the_crate_is_in_a_layer() {
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    for line in lib.lines() {
        if let Some(name) = line.strip_prefix("pub mod ").or_else(|| line.strip_prefix("mod ")) {
            let name = name.trim_end_matches(';');
            assert!(layer_of(name).is_some(), "src/lib.rs declares `{name}`, in no layer of LAYERS");
        }
    }
}
