//! `nimber genus RULESET --upto N`: misère play of a heap game: the normal and misère nim values
//! and the genus `γ^{γ0γ1γ2γ3}` of single heaps.

use std::io::Write;
use std::time::Instant;

use nimber_heaps::genus::{superscript, MAX_GENUS_UPTO, SUPERSCRIPTS};
use nimber_heaps::{genus_sequence, Ruleset};
use serde::Serialize;

use crate::args::GenusArgs;
use crate::error::Failure;
use crate::output::{self, Align, Table};
use crate::progress::TerminalProgress;

/// `nimber genus --json`.
#[derive(Serialize)]
struct GenusJson {
    normal: Vec<u32>,
    misere: Vec<u32>,
    genus: Vec<Vec<u32>>,
}

/// Computes the genus of heaps `0..=N` and writes it.
pub fn run(args: &GenusArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let rules = Ruleset::parse(&args.ruleset)
        .map_err(|e| Failure::msg(format!("cannot read ruleset `{}`: {e}", args.ruleset)))?;
    let upto = parse_upto(&args.upto)?;
    let progress = TerminalProgress::start();
    let started = Instant::now();
    let genus = genus_sequence(&rules, upto, SUPERSCRIPTS, &progress);
    let elapsed = started.elapsed();
    progress.finish();
    let genus = genus?;
    if args.json {
        let doc = GenusJson {
            normal: genus.iter().map(|g| g.normal).collect(),
            misere: genus.iter().map(|g| g.misere_value()).collect(),
            genus: genus.iter().map(|g| g.misere.clone()).collect(),
        };
        serde_json::to_writer(&mut *out, &doc).map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{}: genus of heaps 0..={upto} under misère play", rules.title())?;
    writeln!(out)?;
    let mut table = Table::new([
        ("heap", Align::Right),
        ("normal", Align::Right),
        ("misère", Align::Right),
        ("genus", Align::Left),
    ]);
    for (n, g) in genus.iter().enumerate() {
        table.row(vec![
            n.to_string(),
            g.normal.to_string(),
            g.misere_value().to_string(),
            format!("{}^{{{}}}", g.normal, superscript(&g.misere)),
        ]);
    }
    table.write(out)?;
    writeln!(out)?;
    writeln!(out, "normal: the nim value (the last player to move wins)")?;
    writeln!(
        out,
        "misère: the misère nim value (the last player to move loses; 0: lost for the player to move)"
    )?;
    writeln!(out, "genus γ^{{γ0γ1γ2γ3}}: γk is the misère nim value with k nim heaps of size 2 added")?;
    writeln!(out, "time: {}", output::duration(elapsed))?;
    Ok(())
}

/// Reads N: a whole number up to [`MAX_GENUS_UPTO`].
fn parse_upto(text: &str) -> Result<usize, Failure> {
    let n: u64 = text.trim().replace('_', "").parse().map_err(|_| {
        Failure::msg(format!("--upto {text}: not a whole number (the largest heap, as in --upto 20)"))
    })?;
    if n > MAX_GENUS_UPTO as u64 {
        return Err(Failure::msg(format!(
            "--upto {n}: at most {MAX_GENUS_UPTO} (misère values need every sum of heaps a heap can break into)"
        )));
    }
    Ok(n as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upto_is_checked() {
        assert_eq!(parse_upto("1_0").unwrap(), 10);
        assert!(parse_upto("x").is_err());
        assert!(parse_upto("100000").unwrap_err().to_string().contains("at most"));
    }
}
