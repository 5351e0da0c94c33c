//! The engine's source files import each other without circles, but for the intended pair
//! `rules/game.rs` ↔ `rules/capability.rs` (the `Game` trait names its capabilities, and each
//! capability is of a game).
//!
//! A file imports another when its code names, by a `crate::`, `super::` or `self::` path, an
//! item of the other's module (comments, and the unit tests at a file's end, left out). A
//! module's own submodules are its parts: a parent naming its descendants is not counted; a
//! child naming its parent's items is. A circle is a group of files each reaching every other
//! through such imports (a strongly connected component of more than one file).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The one circle intended.
const INTENDED: &[&str] = &["rules/capability.rs", "rules/game.rs"];

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

/// The module path of a source file: `store/checkpoint/mod.rs` is `[store, checkpoint]`.
fn module_of(relative: &str) -> Vec<String> {
    let mut parts: Vec<String> = relative.trim_end_matches(".rs").split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The code of a source text: comment lines and trailing comments left out, up to its unit
/// tests (`#[cfg(test)]`).
fn code_of(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        code += line.split(" //").next().unwrap_or("");
        code.push('\n');
    }
    code
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths of a use tree or a path expression starting at `at` (just after `ROOT::`), each
/// appended to `prefix`; returns where it ends.
fn tree(code: &[char], mut at: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let skip = |at: &mut usize| {
        while *at < code.len() && code[*at].is_whitespace() {
            *at += 1;
        }
    };
    let mut path = prefix;
    loop {
        skip(&mut at);
        if at < code.len() && code[at] == '{' {
            at += 1;
            loop {
                skip(&mut at);
                if at >= code.len() || code[at] == '}' {
                    return at + 1;
                }
                at = tree(code, at, path.clone(), out);
                skip(&mut at);
                if at < code.len() && code[at] == ',' {
                    at += 1;
                }
            }
        }
        let start = at;
        while at < code.len() && (is_ident(code[at]) || code[at] == '*') {
            at += 1;
        }
        if at > start {
            path.push(code[start..at].iter().collect());
        }
        if code[at..].starts_with(&[':', ':']) {
            at += 2;
        } else {
            break;
        }
    }
    out.push(path);
    at
}

/// The paths a file's code names from the crate's root: `crate::a::b`, `super::b` and `self::b`
/// resolved against the file's module `me`.
fn paths(code: &str, me: &[String]) -> Vec<Vec<String>> {
    let code: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < code.len() {
        let preceded = at > 0 && (is_ident(code[at - 1]) || code[at - 1] == ':');
        let rest = &code[at..];
        let root = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|r| !preceded && rest.starts_with(&r.chars().collect::<Vec<_>>()));
        let Some(root) = root else {
            at += 1;
            continue;
        };
        let mut base: Vec<String> = match root {
            "crate::" => Vec::new(),
            _ => me.to_vec(),
        };
        at += root.len();
        if root == "super::" {
            base.pop();
            while code[at..].starts_with(&"super::".chars().collect::<Vec<_>>()) {
                base.pop();
                at += "super::".len();
            }
        }
        at = tree(&code, at, base, &mut found);
    }
    found
}

/// The file-level import edges of the sources under `src`: file to the files it imports.
fn edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let relative: Vec<String> =
        files.iter().map(|f| f.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/")).collect();
    let modules: BTreeMap<Vec<String>, String> = relative.iter().map(|r| (module_of(r), r.clone())).collect();
    let mut edges = BTreeMap::new();
    for (file, rel) in files.iter().zip(&relative) {
        let me = module_of(rel);
        let out: &mut BTreeSet<String> = edges.entry(rel.clone()).or_default();
        for path in paths(&code_of(&fs::read_to_string(file).unwrap()), &me) {
            let Some(k) = (0..=path.len()).rev().find(|&k| modules.contains_key(&path[..k])) else {
                continue;
            };
            let target = &path[..k];
            // A module naming its own parts (or itself) is not an import.
            if target.len() >= me.len() && target[..me.len()] == me[..] {
                continue;
            }
            out.insert(modules[target].clone());
        }
    }
    edges
}

/// The groups of more than one file that reach each other (Tarjan's strongly connected
/// components).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        w.on.insert(v);
        let edges = w.edges;
        for t in edges.get(v).into_iter().flatten() {
            if !w.index.contains_key(t.as_str()) {
                visit(w, t);
                let low = w.low[v].min(w.low[t.as_str()]);
                w.low.insert(v, low);
            } else if w.on.contains(t.as_str()) {
                let low = w.low[v].min(w.index[t.as_str()]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut group = Vec::new();
            loop {
                let t = w.stack.pop().unwrap();
                w.on.remove(t);
                group.push(t.to_string());
                if t == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                w.found.push(group);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            visit(&mut walk, v);
        }
    }
    walk.found
}

#[test]
fn the_engine_has_no_circles_of_files_but_the_capability_pair() {
    let edges = edges(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let count: usize = edges.values().map(BTreeSet::len).sum();
    assert!(count > 150, "only {count} imports found: the scan is broken");
    let found = circles(&edges);
    let intended: Vec<String> = INTENDED.iter().map(|s| s.to_string()).collect();
    let other: Vec<&Vec<String>> = found.iter().filter(|c| **c != intended).collect();
    let describe = |c: &Vec<String>| {
        let inside: Vec<String> = c
            .iter()
            .flat_map(|a| edges[a].iter().filter(|b| c.contains(b)).map(move |b| format!("  {a} -> {b}")))
            .collect();
        format!("{}:\n{}", c.join(" <-> "), inside.join("\n"))
    };
    assert!(
        other.is_empty(),
        "circles of files in the engine:\n{}",
        other.iter().map(|c| describe(c)).collect::<Vec<_>>().join("\n")
    );
    assert!(found.contains(&intended), "the capability pair is no longer a circle: update INTENDED");
}

#[test]
fn the_scan_resolves_paths_to_files() {
    let me = vec!["view".to_string(), "dense".to_string()];
    let code = code_of(
        "use crate::store::{read::Store, format::{Entry, Wins}};\nuse super::report::Row;\n\
         // crate::solve\nfn f() { crate::table::index::rules_fingerprint(g); self::face::X; }\n\
         #[cfg(test)]\nmod tests { use crate::rules; }\n",
    );
    let found: Vec<String> = paths(&code, &me).into_iter().map(|p| p.join("::")).collect();
    assert_eq!(
        found,
        [
            "store::read::Store",
            "store::format::Entry",
            "store::format::Wins",
            "view::report::Row",
            "table::index::rules_fingerprint",
            "view::dense::face::X"
        ]
    );
    // A circle is found, and the files of a module's parts are not edges of the module.
    let mut edges = BTreeMap::new();
    edges.insert("a.rs".to_string(), BTreeSet::from(["b.rs".to_string()]));
    edges.insert("b.rs".to_string(), BTreeSet::from(["c.rs".to_string()]));
    edges.insert("c.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    edges.insert("d.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    assert_eq!(circles(&edges), [vec!["a.rs".to_string(), "b.rs".to_string(), "c.rs".to_string()]]);
}
