//! The engine's public face: every public item has one import path, and `ARCHITECTURE.md`
//! lists every public module with every name it holds (and no other).
//!
//! Read from the sources: a module is public when it and every module above it are declared
//! `pub mod`; its public names are the items declared `pub` at its top level and the names it
//! re-exports with `pub use`. A `pub use` must take its item from a module that is not public
//! (a private room behind the face), else the item would have two paths; glob re-exports are
//! refused, as they hide what they export.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The code of a file, comments and the item after each `#[cfg(test)]` (its unit tests) out.
fn top_level(text: &str) -> String {
    let mut out = String::new();
    let mut test_item = false;
    for line in text.lines() {
        if line.starts_with("#[cfg(test)]") {
            test_item = true;
            continue;
        }
        if test_item && !line.starts_with("#[") {
            test_item = false;
            continue;
        }
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// The leaves of a `use` tree (`a::{b, c::{d, e}}`), as paths.
fn leaves(prefix: &str, tree: &str) -> Vec<String> {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim_end_matches("::");
        let inner = &tree[open + 1..tree.rfind('}').expect("a closing brace")];
        let prefix = if head.is_empty() { prefix.to_string() } else { join(prefix, head) };
        let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..]);
        parts.into_iter().filter(|p| !p.trim().is_empty()).flat_map(|p| leaves(&prefix, p)).collect()
    } else {
        vec![join(prefix, tree)]
    }
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_string()
    } else {
        format!("{a}::{b}")
    }
}

struct Face {
    /// Every module (`""` for the crate root, `"solve::memo"`) and whether it is public.
    modules: BTreeMap<String, bool>,
    /// Public names of each public module.
    names: BTreeMap<String, BTreeSet<String>>,
    /// What is wrong.
    faults: Vec<String>,
}

fn walk(face: &mut Face, module: &str, file: &Path, public: bool) {
    let text = top_level(&fs::read_to_string(file).unwrap());
    face.modules.insert(module.to_string(), public);
    // Where the files of this module's submodules are.
    let dir = match file.file_name().unwrap().to_str().unwrap() {
        "lib.rs" | "mod.rs" => file.parent().unwrap().to_path_buf(),
        name => file.parent().unwrap().join(name.trim_end_matches(".rs")),
    };
    let mut statements = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if current.is_empty()
            && !line.starts_with("pub ")
            && !line.starts_with("mod ")
            && !line.starts_with("pub(")
        {
            continue;
        }
        current.push_str(line);
        current.push(' ');
        if line.contains(';') || line.contains('{') && !current.starts_with("pub use") {
            statements.push(std::mem::take(&mut current));
        }
    }
    for statement in statements {
        let words: Vec<&str> = statement.split_whitespace().collect();
        let is_pub = words[0] == "pub";
        let rest = if words[0].starts_with("pub") { &words[1..] } else { &words[..] };
        match rest.first().copied() {
            Some("mod") => {
                let name = rest[1].trim_end_matches(';');
                let child = join(module, name);
                let path = [dir.join(format!("{name}.rs")), dir.join(name).join("mod.rs")]
                    .into_iter()
                    .find(|p| p.exists())
                    .unwrap_or_else(|| panic!("no file for module {child}"));
                walk(face, &child, &path, public && is_pub);
                if public && is_pub {
                    face.names.entry(module.to_string()).or_default().insert(name.to_string());
                }
            }
            Some("use") if is_pub && public => {
                let tree = statement.trim().trim_start_matches("pub use").trim().trim_end_matches(';');
                for leaf in leaves("", tree) {
                    let (path, name) = match leaf.split_once(" as ") {
                        Some((path, alias)) => (path.trim().to_string(), alias.trim().to_string()),
                        None => (leaf.clone(), leaf.rsplit("::").next().unwrap().to_string()),
                    };
                    if name == "*" {
                        face.faults.push(format!("{module}: glob re-export `pub use {path}`"));
                        continue;
                    }
                    face.names.entry(module.to_string()).or_default().insert(name);
                    let from = path.rsplit_once("::").map_or("", |(m, _)| m);
                    let from = match from.strip_prefix("crate") {
                        Some(rest) => rest.trim_start_matches("::").to_string(),
                        None => join(module, from.trim_start_matches("self::").trim_start_matches("self")),
                    };
                    face.faults.push(format!("\u{0}{module}\u{0}{from}\u{0}{path}"));
                }
            }
            Some(kind) if is_pub && public => {
                let prefixed =
                    kind == "unsafe" || kind == "async" || kind == "const" && rest.get(1) == Some(&"fn");
                let kind_at = if prefixed { 2 } else { 1 };
                let kind = rest.get(kind_at - 1).copied().unwrap_or("");
                if ["fn", "struct", "enum", "trait", "type", "const", "static"].contains(&kind) {
                    let name: String =
                        rest[kind_at].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    face.names.entry(module.to_string()).or_default().insert(name);
                }
            }
            _ => {}
        }
    }
}

fn face() -> Face {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut face = Face { modules: BTreeMap::new(), names: BTreeMap::new(), faults: Vec::new() };
    walk(&mut face, "", &src.join("lib.rs"), true);
    // Re-exports are checked once every module is known: the source must not be public.
    let pending = std::mem::take(&mut face.faults);
    for fault in pending {
        let Some(reexport) = fault.strip_prefix('\u{0}') else {
            face.faults.push(fault);
            continue;
        };
        let mut parts = reexport.split('\u{0}');
        let (module, from, path) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        match face.modules.get(from) {
            Some(true) => face.faults.push(format!(
                "`{}` re-exports `{path}`, which already has a public path",
                if module.is_empty() { "nimber_engine" } else { module }
            )),
            Some(false) => {}
            None => face.faults.push(format!("`{module}` re-exports `{path}` from an unknown module")),
        }
    }
    face
}

#[test]
fn every_public_item_has_one_path() {
    let face = face();
    assert!(face.faults.is_empty(), "{}", face.faults.join("\n"));
    let public = face.modules.values().filter(|p| **p).count();
    let names: usize = face.names.values().map(BTreeSet::len).sum();
    // The face is small: about a dozen public modules below the root.
    assert!(public > 10 && names > 100, "{public} public modules, {names} names: the scan missed them");
}

/// `ARCHITECTURE.md` has, for every public module, an entry `` - `nimber_engine::path`: ``
/// naming each of its public names in backticks, and naming no other.
#[test]
fn architecture_lists_the_public_face() {
    let face = face();
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ARCHITECTURE.md")).unwrap();
    let mut entries: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("- `nimber_engine") {
            let (path, text) = rest.split_once('`').unwrap();
            let path = path.trim_start_matches("::").to_string();
            entries.insert(path.clone(), text.to_string());
            current = Some(path);
        } else if let (Some(path), true) = (&current, line.starts_with("  ")) {
            let entry = entries.get_mut(path).unwrap();
            entry.push(' ');
            entry.push_str(line.trim());
        } else {
            current = None;
        }
    }
    let mut faults = Vec::new();
    let mut listed = 0;
    for (module, public) in &face.modules {
        if !public {
            continue;
        }
        let shown =
            if module.is_empty() { "nimber_engine".to_string() } else { format!("nimber_engine::{module}") };
        let Some(entry) = entries.get(module) else {
            faults.push(format!("no entry for `{shown}`"));
            continue;
        };
        let named: BTreeSet<String> = entry.split('`').skip(1).step_by(2).map(str::to_string).collect();
        let names = face.names.get(module).cloned().unwrap_or_default();
        for name in names.difference(&named) {
            faults.push(format!("`{shown}` has `{name}`, not in its entry"));
        }
        for name in named.difference(&names) {
            faults.push(format!("the entry of `{shown}` names `{name}`, which it does not have"));
        }
        listed += names.len();
    }
    for path in entries.keys() {
        if face.modules.get(path) != Some(&true) {
            faults.push(format!("an entry for `nimber_engine::{path}`, which is not a public module"));
        }
    }
    assert!(faults.is_empty(), "ARCHITECTURE.md and the engine's face differ:\n{}", faults.join("\n"));
    assert!(listed > 100, "only {listed} names listed");
}

#[test]
fn use_trees_are_read() {
    assert_eq!(leaves("", "a::{b, c::{d, e as f}}"), ["a::b", "a::c::d", "a::c::e as f"]);
}
