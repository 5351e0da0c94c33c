//! `nimber cache list|clear`: the solved games that `query` keeps (see
//! [`nimber_engine::view::cache`]), and the cache `query` uses.

use std::io::Write;
use std::path::Path;

use nimber_engine::memory::describe_bytes;
use nimber_engine::view::cache::Cache;
use serde::Serialize;

use crate::args::{CacheAction, CacheArgs};
use crate::error::Failure;
use crate::output::{self, Align, Table};

/// The cache in `--cache-dir DIR`, else in the platform's place; `None` when there is none (no
/// home directory in the environment).
pub fn cache_of(dir: Option<&Path>) -> Option<Cache> {
    match dir {
        Some(dir) => Some(Cache::new(dir)),
        None => Cache::default_dir().map(Cache::new),
    }
}

#[derive(Serialize)]
struct ListJson {
    dir: String,
    bytes: u64,
    files: Vec<FileJson>,
}

#[derive(Serialize)]
struct FileJson {
    path: String,
    bytes: u64,
    game: Option<String>,
    params: Vec<String>,
    positions: Option<u64>,
    error: Option<String>,
}

/// Lists or clears the cache.
pub fn run(args: &CacheArgs, cache: Option<&Cache>, out: &mut dyn Write) -> Result<(), Failure> {
    let cache = cache
        .ok_or_else(|| Failure::msg("no cache directory: HOME is not set; name one with --cache-dir DIR"))?;
    match args.action {
        CacheAction::List { json } => list(cache, json, out),
        CacheAction::Clear => {
            let cleared = cache.clear()?;
            writeln!(
                out,
                "removed {} file{} from {} ({} freed)",
                cleared.files,
                if cleared.files == 1 { "" } else { "s" },
                cache.dir().display(),
                describe_bytes(cleared.bytes)
            )?;
            Ok(())
        }
    }
}

fn list(cache: &Cache, json: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let entries = cache.entries()?;
    let total: u64 = entries.iter().map(|e| e.bytes).sum();
    if json {
        let files = entries
            .iter()
            .map(|e| {
                let (game, params, positions, error) = match &e.what {
                    Ok(kept) => (
                        Some(kept.id.name().to_string()),
                        kept.id.params().iter().map(|(k, v)| format!("{k}={v}")).collect(),
                        Some(kept.positions),
                        None,
                    ),
                    Err(why) => (None, Vec::new(), None, Some(why.clone())),
                };
                FileJson {
                    path: e.path.display().to_string(),
                    bytes: e.bytes,
                    game,
                    params,
                    positions,
                    error,
                }
            })
            .collect();
        output::write_json(out, &ListJson { dir: cache.dir().display().to_string(), bytes: total, files })?;
        return Ok(());
    }
    writeln!(out, "cache: {}", cache.dir().display())?;
    if entries.is_empty() {
        writeln!(out, "no solved games kept (`nimber query` of a game with a dense index keeps one)")?;
        return Ok(());
    }
    let mut table = Table::new([
        ("game", Align::Left),
        ("positions", Align::Right),
        ("size", Align::Right),
        ("file", Align::Left),
    ])
    .indent(2);
    for e in &entries {
        let name = e.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let (game, positions) = match &e.what {
            Ok(kept) => (kept.id.to_string(), kept.positions.to_string()),
            Err(why) => (format!("({why})"), "-".to_string()),
        };
        table.row(vec![game, positions, describe_bytes(e.bytes), name]);
    }
    table.write(out)?;
    writeln!(
        out,
        "{} file{}, {} in all; `nimber cache clear` removes them",
        entries.len(),
        if entries.len() == 1 { "" } else { "s" },
        describe_bytes(total)
    )?;
    Ok(())
}
