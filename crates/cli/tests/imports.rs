//! The files of the `nimber` binary import one way (see `DEVELOPERS.md`, Layout): no circle of
//! files, every command-line definition in `args.rs`, which imports nothing of the crate, and
//! no command borrowing from another (what several share lies in `game.rs` and `targets.rs`;
//! `solve/` holds its cluster mode, which the solve command calls, not the other way).
//!
//! A file imports another when its code names an item of the other's module by a `crate::` or
//! `super::` path. A module naming its own submodules (its parts) is not counted; a submodule
//! naming its parent's items is. Comments and the unit tests at a file's end
//! (`#[cfg(test)] mod tests`) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path (`["commands", "solve"]`); the crate root is empty.
type Module = Vec<String>;

/// The import edges: (importing module, imported module) and the place that makes the edge.
type Edges = BTreeMap<(Module, Module), String>;

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

/// The module path of a source file under `src/`: `main.rs` is the crate root (empty),
/// `commands/mod.rs` is `commands`, `commands/solve/cluster.rs` is `commands::solve::cluster`.
fn module_of(relative: &Path) -> Module {
    let mut parts: Vec<String> =
        relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

/// The paths of a source text's code that start with `crate::` or `super::`, written out in
/// full (`crate::{a::b, c}` gives `crate::a::b` and `crate::c`), with their line numbers.
fn paths(text: &str) -> Vec<(usize, String)> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let is_path = |c: char| is_ident(c) || c == ':';
    // The code alone: comment lines blanked, trailing comments cut, the unit tests left out.
    let mut code = String::new();
    for line in text.lines() {
        let line = line.trim_start();
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        if !line.starts_with("//") {
            code.push_str(line.split(" //").next().unwrap_or(""));
        }
        code.push('\n');
    }
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(start) = ["crate::", "super::"].iter().filter_map(|p| code[at..].find(p)).min() {
        at += start;
        let line = line_of(at);
        if code[..at].chars().next_back().is_some_and(is_ident) {
            // `nimber_crate::`: another crate's path.
            at += "crate::".len();
            continue;
        }
        let path: String = code[at..].chars().take_while(|&c| is_path(c)).collect();
        at += path.len();
        let Some(prefix) = path.strip_suffix("::").filter(|_| code[at..].starts_with('{')) else {
            found.push((line, path));
            continue;
        };
        // `PREFIX::{a, b::c, d::{e, f}}`: each item of the braces, up to their first brace.
        let mut depth = 0;
        let mut item = String::new();
        for c in code[at..].chars() {
            at += c.len_utf8();
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 1 => item.push(c),
                _ => {}
            }
            if (c == ',' && depth == 1) || depth == 0 {
                let name: String = item.trim().chars().take_while(|&c| is_path(c)).collect();
                match name.trim_end_matches(':') {
                    "" => {}
                    "self" => found.push((line, prefix.to_string())),
                    name => found.push((line, format!("{prefix}::{name}"))),
                }
                item.clear();
            }
            if depth == 0 {
                break;
            }
        }
    }
    found
}

/// The module that `path`, written in module `from`, names: the longest prefix of its
/// resolved segments that is a module with a file of its own.
fn target(from: &[String], path: &str, modules: &BTreeSet<Module>) -> Module {
    let mut segments: Module = Vec::new();
    let mut words = path.split("::").filter(|w| !w.is_empty()).peekable();
    match words.next() {
        Some("crate") => {}
        Some("super") => {
            segments = from.to_vec();
            segments.pop();
            while words.peek() == Some(&"super") {
                words.next();
                segments.pop();
            }
        }
        _ => unreachable!("paths start with crate:: or super::"),
    }
    segments.extend(words.map(str::to_string));
    while !modules.contains(&segments) {
        segments.pop();
    }
    segments
}

/// The modules of the files of `src/` and the import edges between them.
fn edges() -> (BTreeSet<Module>, Edges) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(f.strip_prefix(&src).unwrap())).collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let from = module_of(relative);
        for (line, path) in paths(&fs::read_to_string(file).unwrap()) {
            let to = target(&from, &path, &modules);
            // A module naming itself or its own parts.
            if to.starts_with(&from) {
                continue;
            }
            edges.entry((from.clone(), to)).or_insert_with(|| format!("src/{}:{line}", relative.display()));
        }
    }
    (modules, edges)
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "main".to_string()
    } else {
        module.join("::")
    }
}

/// A circle of modules in `edges`, if there is one: its modules, the first one again at the end.
fn circle(modules: &BTreeSet<Module>, edges: &BTreeSet<(Module, Module)>) -> Option<Vec<Module>> {
    fn visit(
        m: &Module,
        edges: &BTreeSet<(Module, Module)>,
        state: &mut BTreeMap<Module, bool>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        match state.get(m) {
            Some(true) => return None,
            Some(false) => {
                let from = stack.iter().position(|s| s == m).unwrap();
                return Some(stack[from..].iter().chain([m]).cloned().collect());
            }
            None => {}
        }
        state.insert(m.clone(), false);
        stack.push(m.clone());
        for (_, to) in edges.iter().filter(|(from, _)| from == m) {
            if let Some(found) = visit(to, edges, state, stack) {
                return Some(found);
            }
        }
        stack.pop();
        state.insert(m.clone(), true);
        None
    }
    let mut state = BTreeMap::new();
    modules.iter().find_map(|m| visit(m, edges, &mut state, &mut Vec::new()))
}

fn module(path: &str) -> Module {
    path.split("::").filter(|w| !w.is_empty()).map(str::to_string).collect()
}

#[test]
fn the_files_import_one_way() {
    let (modules, edges) = edges();
    let pairs: BTreeSet<_> = edges.keys().cloned().collect();
    if let Some(found) = circle(&modules, &pairs) {
        let steps: Vec<String> = found
            .windows(2)
            .map(|w| format!("{} -> {} ({})", name(&w[0]), name(&w[1]), edges[&(w[0].clone(), w[1].clone())]))
            .collect();
        panic!("a circle of files:\n{}", steps.join("\n"));
    }
    // The scan sees the imports: every command imports the error type, main the commands.
    assert!(edges.len() > 40, "only {} import edges found: the scan is broken", edges.len());
    for (from, to) in [("commands::solve::cluster", "commands::solve::resume"), ("commands::query", "game")] {
        assert!(edges.contains_key(&(module(from), module(to))), "{from} -> {to} not seen");
    }
}

#[test]
fn the_definitions_import_nothing_of_the_crate() {
    let (_, edges) = edges();
    let from_args: Vec<&String> =
        edges.iter().filter(|((from, _), _)| *from == module("args")).map(|(_, at)| at).collect();
    assert!(from_args.is_empty(), "args.rs imports from the crate: {from_args:?}");
}

#[test]
fn no_command_borrows_from_another() {
    let (_, edges) = edges();
    let command = |m: &[String]| m.len() >= 2 && m[0] == "commands";
    let mut wrong = Vec::new();
    for ((from, to), at) in &edges {
        // The parts of one command (`solve/`) may share among themselves.
        if command(from) && to.first().map(String::as_str) == Some("commands") && from.get(1) != to.get(1) {
            wrong.push(format!("{at}: {} imports {}", name(from), name(to)));
        }
    }
    assert!(wrong.is_empty(), "commands borrowing from commands:\n{}", wrong.join("\n"));
}

#[test]
fn every_clap_definition_is_in_args() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        if relative == Path::new("args.rs") {
            continue;
        }
        for (n, line) in fs::read_to_string(file).unwrap().lines().enumerate() {
            let line = line.trim_start();
            if line.starts_with("#[derive(")
                && ["Parser", "Args", "Subcommand", "ValueEnum"]
                    .iter()
                    .any(|d| line.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w == *d))
            {
                wrong.push(format!("src/{}:{}: {line}", relative.display(), n + 1));
            }
        }
    }
    assert!(wrong.is_empty(), "clap definitions outside args.rs:\n{}", wrong.join("\n"));
}

#[test]
fn the_scan_reads_paths_and_finds_circles() {
    let text = "use crate::args::{GameArgs, QueryArgs};\nuse crate::{error::Failure, game};\n\
                use super::resume::checkpoint_options_of;\n// crate::output\n\
                fn f() { crate::interrupt::install(); nimber_crate::x(); }\n\
                use crate::output::{\n    self, Table, // the table\n};\nuse crate::{game::{build, Built}, targets};\n\
                #[cfg(test)]\nmod tests { use crate::progress; }\n";
    let found: Vec<String> = paths(text).into_iter().map(|(_, p)| p).collect();
    assert_eq!(
        found,
        [
            "crate::args::GameArgs",
            "crate::args::QueryArgs",
            "crate::error::Failure",
            "crate::game",
            "super::resume::checkpoint_options_of",
            "crate::interrupt::install",
            "crate::output",
            "crate::output::Table",
            "crate::game",
            "crate::targets",
        ]
    );
    let modules: BTreeSet<Module> =
        ["", "args", "commands", "commands::solve", "commands::solve::cluster", "commands::solve::resume"]
            .into_iter()
            .map(module)
            .collect();
    let cluster = module("commands::solve::cluster");
    assert_eq!(target(&cluster, "super::resume::command", &modules), module("commands::solve::resume"));
    assert_eq!(target(&cluster, "super::run", &modules), module("commands::solve"));
    assert_eq!(target(&cluster, "super::super::x", &modules), module("commands"));
    assert_eq!(target(&cluster, "crate::args::SolveArgs", &modules), module("args"));
    let edge = |a: &str, b: &str| (module(a), module(b));
    let one_way: BTreeSet<_> =
        [edge("commands::solve", "args"), edge("commands::solve::cluster", "args")].into();
    assert_eq!(circle(&modules, &one_way), None);
    let round: BTreeSet<_> = [
        edge("commands::solve::cluster", "commands::solve::resume"),
        edge("commands::solve::resume", "args"),
        edge("commands::solve::resume", "commands::solve::cluster"),
    ]
    .into();
    let found = circle(&modules, &round).expect("a circle");
    let names: Vec<String> = found.iter().map(|m| name(m)).collect();
    assert_eq!(names, ["commands::solve::cluster", "commands::solve::resume", "commands::solve::cluster"]);
}
