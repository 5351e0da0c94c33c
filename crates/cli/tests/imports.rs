//! The source files of every crate in the workspace import one way: no circles of files.
//!
//! A file imports another when its code names an item of the other by a path: `crate::a::B`,
//! `super::B`, `self::a::B` or `a::B` for a module `a` declared in the file. A path is followed
//! through the modules' files to the file that defines the item, through `pub use` re-exports
//! on the way (so `crate::Error` leads to the file that defines `Error`, not to `lib.rs`).
//! A module's own submodules are its parts: a file naming its descendants (their `mod`
//! declarations, re-exports of their items, calls into them) is not an import, so a folder's
//! door (`mod.rs`, or `a.rs` beside `a/`) may gather its rooms; a room naming its door's
//! items, or a sibling's, is. Comments and the `#[cfg(test)]` unit tests at the end of a file
//! are left out.
//!
//! The engine's and partizan's top-level modules are also layers that import downward only
//! (`LAYERED`); a path through a re-export at the crate root is followed to its layer.
//!
//! The one intended circle: the engine's `rules/game.rs` (the `Game` trait, which announces its
//! `Capabilities`) and `rules/capability.rs` (the capabilities, each a trait over `Game`).
//!
//! The command line's own rules, on the same edges: `args.rs` (every clap definition, and only
//! there) imports nothing of the crate, and no command borrows from another (the files of one
//! command, such as `commands/solve/`, share among themselves).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Circles that are there by design: (crate, files of the circle, sorted).
const INTENDED: &[(&str, &[&str])] = &[("engine", &["src/rules/capability.rs", "src/rules/game.rs"])];

/// Crates whose top-level modules form layers, bottom first: a module imports only from the
/// layers below it, and from its own layer too where `same_layer` is true.
struct Layers {
    krate: &'static str,
    layers: &'static [&'static [&'static str]],
    same_layer: bool,
}

const LAYERED: &[Layers] = &[
    // The engine (see its lib.rs): the shared base; rules; solvers; dense tables; files; the
    // views front ends hold.
    Layers {
        krate: "engine",
        layers: &[
            &["error", "progress", "memory", "dyadic"],
            &["rules"],
            &["solve"],
            &["table"],
            &["store"],
            &["view"],
        ],
        same_layer: true,
    },
    // Partizan (see its lib.rs): numbers; thermographs; canonical forms; the notation out and
    // in (neither names the other); games with values; surveys; the games for front ends.
    Layers {
        krate: "partizan",
        layers: &[&["thermograph"], &["forms"], &["print", "parse"], &["game"], &["survey"], &["dynamic"]],
        same_layer: false,
    },
];

/// One crate's modules: each a file, with the names it defines and re-exports.
struct Crate {
    /// Module path (`["store", "codec"]`) to its file, relative to the crate.
    files: BTreeMap<Vec<String>, PathBuf>,
    /// Module path to its code (comments and unit tests left out).
    code: BTreeMap<Vec<String>, String>,
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The code of a source text: comments (line and block) and the unit tests at its end left
/// out, strings blanked, so that only paths in code remain.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    let chars: Vec<char> = out.chars().collect();
    let mut code = String::with_capacity(out.len());
    let mut i = 0;
    let mut depth = 0; // block comments nest
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if depth > 0 {
            if c == '*' && next == Some('/') {
                depth -= 1;
                i += 2;
            } else if c == '/' && next == Some('*') {
                depth += 1;
                i += 2;
            } else {
                if c == '\n' {
                    code.push('\n');
                }
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            depth = 1;
            i += 2;
            continue;
        }
        if c == '"' && !(i > 0 && chars[i - 1] == '\'') {
            // A string: skipped to its closing quote (raw strings have no escapes).
            let raw = i > 0 && (chars[i - 1] == 'r' || chars[i - 1] == '#');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && !raw {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            code.push_str("\"\"");
            continue;
        }
        if c == '\'' {
            // A char literal ('a', '\n', '"'), not a lifetime ('a).
            if next == Some('\\') {
                if let Some(end) = chars[i + 2..].iter().position(|&c| c == '\'') {
                    i += end + 3;
                    code.push_str("' '");
                    continue;
                }
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                code.push_str("' '");
                continue;
            }
        }
        code.push(c);
        i += 1;
    }
    code
}

/// The submodules a file declares with `mod NAME;` (each a file of its own).
fn declared_files(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for statement in code.split(';') {
        let words: Vec<&str> = statement.split_whitespace().collect();
        if let Some(at) = words.iter().rposition(|w| *w == "mod") {
            // `mod name` ending the statement: a module in a file of its own.
            if at + 2 == words.len() && words[at + 1].chars().all(is_ident) {
                let before = &words[..at];
                if before.iter().all(|w| w.starts_with("pub") || w.starts_with('#') || w.ends_with(']')) {
                    names.push(words[at + 1].to_string());
                }
            }
        }
    }
    names
}

/// The file of submodule `name` declared in `file` (relative to `src`).
fn child_file(src: &Path, file: &Path, name: &str) -> Option<PathBuf> {
    let stem = file.file_stem().unwrap().to_string_lossy();
    let dir = file.parent().unwrap().to_path_buf();
    let dir = if matches!(&*stem, "lib" | "main" | "mod") { dir } else { dir.join(&*stem) };
    [dir.join(format!("{name}.rs")), dir.join(name).join("mod.rs")]
        .into_iter()
        .find(|f| src.join(f).is_file())
}

fn load_crate(root: &Path) -> Crate {
    let src = root.join("src");
    let mut krate = Crate { files: BTreeMap::new(), code: BTreeMap::new() };
    let mut stack: Vec<(Vec<String>, PathBuf)> = Vec::new();
    for top in ["lib.rs", "main.rs"] {
        if src.join(top).is_file() {
            stack.push((Vec::new(), PathBuf::from(top)));
            break;
        }
    }
    while let Some((module, file)) = stack.pop() {
        let code = code_of(&fs::read_to_string(src.join(&file)).unwrap());
        for name in declared_files(&code) {
            if let Some(child) = child_file(&src, &file, &name) {
                let mut path = module.clone();
                path.push(name);
                stack.push((path, child));
            }
        }
        krate.files.insert(module.clone(), file);
        krate.code.insert(module, code);
    }
    krate
}

/// The paths a file's code names: every `a::b::c` run of identifiers, with `use` trees
/// (`use a::{b, c::{d, e}}`) expanded. Each path is a list of segments.
fn paths_of(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    // `use` statements first: their trees expanded, then blanked out.
    let mut rest = String::with_capacity(code.len());
    let mut remaining = code;
    while let Some(at) = find_word(remaining, "use") {
        rest.push_str(&remaining[..at]);
        let after = &remaining[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        expand_tree(&after[..end], &mut Vec::new(), &mut paths);
        remaining = &after[(end + 1).min(after.len())..];
    }
    rest.push_str(remaining);
    // Then every other path in code.
    let chars: Vec<char> = rest.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if is_ident(chars[i]) && (i == 0 || !(is_ident(chars[i - 1]) || chars[i - 1] == ':')) {
            let mut segments = Vec::new();
            let mut j = i;
            loop {
                let start = j;
                while j < chars.len() && is_ident(chars[j]) {
                    j += 1;
                }
                segments.push(chars[start..j].iter().collect::<String>());
                if j + 2 < chars.len() && chars[j] == ':' && chars[j + 1] == ':' && is_ident(chars[j + 2]) {
                    j += 2;
                } else {
                    break;
                }
            }
            if segments.len() > 1 {
                paths.push(segments);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    paths
}

/// The position of `word` standing alone in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let at = from + at;
        let before = at.checked_sub(1).map(|b| bytes[b] as char);
        let after = bytes.get(at + word.len()).map(|&b| b as char);
        if !before.is_some_and(|c| is_ident(c) || c == ':') && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// Expands a `use` tree into its paths (`a::{b, c as d}` gives `a::b` and `a::c`).
fn expand_tree(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim().trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let head = &tree[..open];
        let close = tree.rfind('}').unwrap_or(tree.len());
        let inner = &tree[open + 1..close.max(open + 1)];
        let base = prefix.len();
        prefix.extend(head.split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from));
        // Split the braces' contents at top-level commas.
        let mut depth = 0;
        let mut start = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_tree(&inner[start..k], prefix, out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        expand_tree(&inner[start..], prefix, out);
        prefix.truncate(base);
    } else {
        let path = tree.split(" as ").next().unwrap_or("").trim();
        if path.is_empty() {
            return;
        }
        let mut full = prefix.clone();
        full.extend(path.split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from));
        // `self` in a tree names the prefix itself.
        if full.last().is_some_and(|s| s == "self") && full.len() > 1 {
            full.pop();
        }
        out.push(full);
    }
}

/// Whether the code defines `name` (an item, not a re-export).
fn defines(code: &str, name: &str) -> bool {
    ["fn", "struct", "enum", "trait", "type", "const", "static", "union", "macro_rules!"].iter().any(|kw| {
        let mut from = 0;
        while let Some(at) = code[from..].find(kw) {
            let at = from + at;
            from = at + kw.len();
            let before = code[..at].chars().next_back();
            if before.is_some_and(is_ident) {
                continue;
            }
            let rest = code[from..].trim_start();
            if rest.starts_with(name) && !rest[name.len()..].starts_with(is_ident) && rest.len() > name.len()
            {
                return true;
            }
        }
        false
    })
}

impl Crate {
    /// Whether `module` declares a submodule `name` (in a file or inline: an inline module
    /// is part of its file).
    fn has_child(&self, module: &[String], name: &str) -> bool {
        let mut path = module.to_vec();
        path.push(name.to_string());
        self.files.contains_key(&path)
            || self.code.get(module).is_some_and(|code| {
                code.contains(&format!("mod {name} {{")) || code.contains(&format!("mod {name}{{"))
            })
    }

    /// The module (a file's) where a path written in `module` leads, following re-exports.
    fn resolve(&self, module: &[String], path: &[String], depth: usize) -> Option<Vec<String>> {
        if depth > 8 || path.is_empty() {
            return None;
        }
        let (mut at, rest): (Vec<String>, &[String]) = match path[0].as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (module.to_vec(), &path[1..]),
            "super" => {
                let mut base = module.to_vec();
                let mut k = 0;
                while path.get(k).is_some_and(|s| s == "super") {
                    base.pop()?;
                    k += 1;
                }
                (base, &path[k..])
            }
            first if self.has_child(module, first) => (module.to_vec(), path),
            _ => return None,
        };
        let mut k = 0;
        while k < rest.len() {
            let mut next = at.clone();
            next.push(rest[k].clone());
            if self.files.contains_key(&next) {
                at = next;
                k += 1;
            } else {
                break;
            }
        }
        // An item of `at`'s file: defined there, or re-exported from elsewhere.
        if let (Some(name), Some(code)) = (rest.get(k), self.code.get(&at)) {
            if name != "*" && !defines(code, name) {
                for export in paths_of(&pub_uses(code)) {
                    if export.last() == Some(name) || export.last().is_some_and(|s| s == "*") {
                        let mut target = export.clone();
                        if target.last().is_some_and(|s| s == "*") {
                            target.pop();
                            target.push(name.clone());
                        }
                        if let Some(found) = self.resolve(&at, &target, depth + 1) {
                            return Some(found);
                        }
                    }
                }
            }
        }
        Some(at)
    }
}

/// The `pub use` statements of a file's code, as `use` statements.
fn pub_uses(code: &str) -> String {
    let mut out = String::new();
    let mut remaining = code;
    while let Some(at) = find_word(remaining, "use") {
        let before = remaining[..at].trim_end();
        let after = &remaining[at..];
        let end = after.find(';').map_or(after.len(), |e| e + 1);
        if before.ends_with("pub") || before.ends_with(')') && before.contains("pub(") {
            out.push_str(&after[..end]);
            out.push('\n');
        }
        remaining = &after[end..];
    }
    out
}

/// The import edges between a crate's files: (importer, imported) module paths.
fn edges(krate: &Crate) -> BTreeSet<(Vec<String>, Vec<String>)> {
    let mut found = BTreeSet::new();
    for (module, code) in &krate.code {
        for path in paths_of(code) {
            if let Some(target) = krate.resolve(module, &path, 0) {
                // Not an import: the file itself, or one of its own parts.
                if target.starts_with(module) {
                    continue;
                }
                found.insert((module.clone(), target));
            }
        }
    }
    found
}

/// The circles of a graph: its strongly connected components of more than one node.
fn circles<N: Ord + Clone>(edges: &BTreeSet<(N, N)>) -> Vec<Vec<N>> {
    let mut next: BTreeMap<N, Vec<N>> = BTreeMap::new();
    for (a, b) in edges {
        next.entry(a.clone()).or_default().push(b.clone());
        next.entry(b.clone()).or_default();
    }
    let nodes: Vec<N> = next.keys().cloned().collect();
    let reach = |from: &N| {
        let mut seen = BTreeSet::from([from.clone()]);
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for m in &next[&n] {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<N, BTreeSet<N>> = nodes.iter().map(|n| (n.clone(), reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in &nodes {
        if done.contains(n) {
            continue;
        }
        let component: Vec<N> =
            nodes.iter().filter(|m| reached[n].contains(*m) && reached[*m].contains(n)).cloned().collect();
        done.extend(component.iter().cloned());
        if component.len() > 1 {
            out.push(component);
        }
    }
    out
}

fn workspace_crates() -> Vec<(String, PathBuf)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let mut found: Vec<(String, PathBuf)> = fs::read_dir(&crates)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    found.sort();
    found
}

#[test]
fn no_circles_of_files_in_any_crate() {
    let mut wrong = Vec::new();
    let mut files = 0;
    let mut imports = 0;
    for (name, root) in workspace_crates() {
        let krate = load_crate(&root);
        files += krate.files.len();
        let edges = edges(&krate);
        imports += edges.len();
        for circle in circles(&edges) {
            let mut names: Vec<String> =
                circle.iter().map(|m| format!("src/{}", krate.files[m].display())).collect();
            names.sort();
            if INTENDED.iter().any(|(c, f)| *c == name && names.iter().eq(f.iter())) {
                continue;
            }
            let inside: Vec<String> = edges
                .iter()
                .filter(|(a, b)| circle.contains(a) && circle.contains(b))
                .map(|(a, b)| format!("    {} -> {}", krate.files[a].display(), krate.files[b].display()))
                .collect();
            wrong.push(format!("crates/{name}: {}\n{}", names.join(", "), inside.join("\n")));
        }
    }
    assert!(wrong.is_empty(), "circles of files (each with its imports):\n{}", wrong.join("\n"));
    // The scan found the workspace's files and their imports.
    assert!(
        files > 150 && imports > 300,
        "only {files} files and {imports} imports found: the scan is broken"
    );
}

#[test]
fn layered_crates_import_downward_only() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    for layered in LAYERED {
        let krate = load_crate(&crates.join(layered.krate));
        let layer_of = |module: &Vec<String>| {
            let top = module.first()?;
            Some(layered.layers.iter().position(|names| names.contains(&top.as_str())).unwrap_or_else(|| {
                panic!("crates/{}: module `{top}` is in no layer: add it to LAYERED", layered.krate)
            }))
        };
        let mut wrong = Vec::new();
        let edges = edges(&krate);
        for (from, to) in &edges {
            let (Some(own), Some(target)) = (layer_of(from), layer_of(to)) else { continue };
            let allowed = target < own || from[0] == to[0] || (layered.same_layer && target == own);
            if !allowed {
                wrong.push(format!(
                    "crates/{}/src/{} (layer {own}) imports src/{} (layer {target})",
                    layered.krate,
                    krate.files[from].display(),
                    krate.files[to].display()
                ));
            }
        }
        assert!(wrong.is_empty(), "imports against the layers:\n{}", wrong.join("\n"));
        // The scan sees the layers' imports (every layer above the first imports from below).
        let across =
            edges.iter().filter(|(a, b)| layer_of(a).zip(layer_of(b)).is_some_and(|(x, y)| x > y)).count();
        assert!(
            across >= layered.layers.len(),
            "crates/{}: only {across} imports across layers",
            layered.krate
        );
    }
}

/// The import edges of this crate (the command line), as paths of files under `src/`.
fn cli_edges() -> Vec<(String, String)> {
    let krate = load_crate(Path::new(env!("CARGO_MANIFEST_DIR")));
    let file = |m: &Vec<String>| krate.files[m].display().to_string();
    edges(&krate).iter().map(|(a, b)| (file(a), file(b))).collect()
}

#[test]
fn the_cli_definitions_import_nothing_of_the_crate() {
    let edges = cli_edges();
    let from_args: Vec<&String> =
        edges.iter().filter(|(from, _)| from == "args.rs").map(|(_, to)| to).collect();
    assert!(from_args.is_empty(), "args.rs imports from the crate: {from_args:?}");
    // The scan sees the command line's imports (every command imports its arguments).
    assert!(edges.iter().any(|(from, to)| from == "commands/query.rs" && to == "args.rs"), "{edges:?}");
}

#[test]
fn no_cli_command_borrows_from_another() {
    // The command of a file under `commands/`: its first name there (`solve` for
    // `commands/solve/cluster.rs`), or none for `commands/mod.rs`, the list of commands.
    let command = |file: &str| {
        let rest = file.strip_prefix("commands/")?;
        let first = rest.split('/').next().unwrap_or(rest);
        Some(first.trim_end_matches(".rs").to_string())
    };
    let mut wrong = Vec::new();
    for (from, to) in cli_edges() {
        if let (Some(a), Some(b)) = (command(&from), command(&to)) {
            if a != b || a == "mod" {
                wrong.push(format!("{from} imports {to}"));
            }
        }
    }
    assert!(wrong.is_empty(), "commands borrowing from commands:\n{}", wrong.join("\n"));
}

#[test]
fn every_clap_definition_is_in_args() {
    let krate = load_crate(Path::new(env!("CARGO_MANIFEST_DIR")));
    let mut wrong = Vec::new();
    for (module, code) in &krate.code {
        let file = krate.files[module].display().to_string();
        if file == "args.rs" {
            continue;
        }
        for line in code.lines().map(str::trim_start).filter(|l| l.starts_with("#[derive(")) {
            let words: Vec<&str> = line.split(|c: char| !is_ident(c)).collect();
            if ["Parser", "Args", "Subcommand", "ValueEnum"].iter().any(|d| words.contains(d)) {
                wrong.push(format!("src/{file}: {line}"));
            }
        }
    }
    assert!(wrong.is_empty(), "clap definitions outside args.rs:\n{}", wrong.join("\n"));
}

#[test]
fn the_scan_follows_paths_and_re_exports() {
    let dir = std::env::temp_dir().join(format!("nimber-imports-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(src.join("a")).unwrap();
    let write = |file: &str, text: &str| fs::write(src.join(file), text).unwrap();
    write("lib.rs", "pub mod a;\nmod b;\npub use b::Thing;\n// crate::a::x\n");
    write("a.rs", "pub mod x;\npub(crate) mod y;\nuse crate::Thing;\npub fn f() { y::g(); }\n");
    write(
        "a/x.rs",
        "use super::{f, y::{self, g}};\npub struct X;\n#[cfg(test)]\nmod tests { use crate::b; }\n",
    );
    write("a/y.rs", "pub fn g() { let _ = \"crate::b::Thing\"; crate::a::x::X; }\n");
    write("b.rs", "/* crate::a */\npub struct Thing;\npub fn h() { crate::a::f(); }\n");
    let krate = load_crate(&dir);
    let name = |m: &Vec<String>| krate.files[m].display().to_string();
    let found: Vec<String> =
        edges(&krate).iter().map(|(a, b)| format!("{} -> {}", name(a), name(b))).collect();
    fs::remove_dir_all(&dir).unwrap();
    // lib.rs and a.rs only name their own parts but for `crate::Thing` (b.rs, through the
    // re-export); x.rs names its door and its sibling; y.rs its sibling; b.rs its caller.
    assert_eq!(
        found,
        ["a.rs -> b.rs", "a/x.rs -> a.rs", "a/x.rs -> a/y.rs", "a/y.rs -> a/x.rs", "b.rs -> a.rs"]
    );
    let circles: Vec<Vec<String>> = circles(&krate_of(&found));
    assert_eq!(
        circles,
        [vec!["a.rs".to_string(), "b.rs".to_string()], vec!["a/x.rs".to_string(), "a/y.rs".to_string()]]
    );
}

/// The edges of a list of `A -> B` lines, for the test of `circles`.
fn krate_of(lines: &[String]) -> BTreeSet<(String, String)> {
    lines
        .iter()
        .map(|l| {
            let (a, b) = l.split_once(" -> ").unwrap();
            (a.to_string(), b.to_string())
        })
        .collect()
}
