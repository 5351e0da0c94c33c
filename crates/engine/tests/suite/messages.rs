//! The engine's messages speak of the engine, not of a front end: no text in its code names a
//! command-line flag (`--memory`, `--resume`, ...). Python and web users read these messages
//! too; the command line adds its flags to the errors it prints (`crates/cli/src/error.rs`).

use std::fs;
use std::path::{Path, PathBuf};

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

/// The string literals of a source text's code (comments and the unit tests at the end left
/// out), with the line each starts on.
fn literals(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut line = 1;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            // The unit tests at the end of a file may name anything.
            let rest: String = chars[i + 1..chars.len().min(i + 40)].iter().collect();
            if rest.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3; // a char literal such as '"'
            continue;
        } else if c == '"' {
            let start = line;
            let mut literal = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    literal.push(chars[i]);
                    i += 1;
                }
                if chars[i] == '\n' {
                    line += 1;
                }
                literal.push(chars[i]);
                i += 1;
            }
            found.push((start, literal));
        }
        i += 1;
    }
    found
}

/// The flags a text names: `--` followed by a lower-case word.
fn flags(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        let after = &rest[at + 2..];
        let word: String = after.chars().take_while(|c| c.is_ascii_lowercase() || *c == '-').collect();
        let preceded = rest[..at].chars().next_back();
        if word.len() > 1 && !preceded.is_some_and(|c| c.is_alphanumeric() || c == '-') {
            found.push(format!("--{word}"));
        }
        rest = &after[word.len()..];
    }
    found
}

#[test]
fn no_engine_message_names_a_command_line_flag() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut scanned = 0;
    for file in &files {
        for (line, literal) in literals(&fs::read_to_string(file).unwrap()) {
            scanned += 1;
            for flag in flags(&literal) {
                wrong.push(format!(
                    "src/{}:{line}: {flag} in \"{literal}\"",
                    file.strip_prefix(&src).unwrap().display()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "engine messages naming command-line flags:\n{}", wrong.join("\n"));
    assert!(scanned > 300, "only {scanned} string literals found: the scan is broken");
}

#[test]
fn the_scan_finds_flags_in_literals_only() {
    let text =
        "// --comment\nlet a = \"raise it with --memory\";\nlet b = '\"';\nlet c = \"a -- b, x--y\";\n\
                #[cfg(test)]\nmod tests { \"--solver\" }\n";
    let found: Vec<(usize, Vec<String>)> = literals(text).into_iter().map(|(l, s)| (l, flags(&s))).collect();
    assert_eq!(found, [(2, vec!["--memory".to_string()]), (4, vec![])]);
}
