//! `nimber grundy RULESET --upto N`: the nim values G(0..=N) of single heaps of a heap game, and
//! their period.

use std::io::Write;
use std::time::Instant;

use nimber_heaps::sequence::MAX_UPTO;
use nimber_heaps::{find_period, nim_sequence, Periodicity, Ruleset};
use serde::Serialize;

use crate::args::GrundyArgs;
use crate::error::Failure;
use crate::output;
use crate::progress::TerminalProgress;

/// The most values printed as text; `--json` prints them all.
const SHOWN: usize = 1000;

/// `nimber grundy --json`: exactly these keys.
#[derive(Serialize)]
struct GrundyJson<'a> {
    values: &'a [u32],
    period: Option<usize>,
    preperiod: Option<usize>,
    saltus: i64,
    proved: bool,
}

/// Computes the sequence and its period, and writes them.
pub fn run(args: &GrundyArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let rules = Ruleset::parse(&args.ruleset)
        .map_err(|e| Failure::msg(format!("cannot read ruleset `{}`: {e}", args.ruleset)))?;
    let upto = parse_upto(&args.upto)?;
    let progress = TerminalProgress::start();
    let started = Instant::now();
    let values = nim_sequence(&rules, upto, &progress);
    let period = find_period(&values, Some(&rules), &progress);
    let elapsed = started.elapsed();
    progress.finish();
    if args.json {
        let doc = GrundyJson {
            values: &values,
            period: period.map(|p| p.period),
            preperiod: period.map(|p| p.preperiod),
            saltus: period.map_or(0, |p| p.saltus),
            proved: period.is_some_and(|p| p.proved),
        };
        serde_json::to_writer(&mut *out, &doc).map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{}: nim values G(0..={upto})", rules.title())?;
    write_rows(&values, period, out)?;
    writeln!(out)?;
    writeln!(out, "{}", describe(&rules, period, upto))?;
    writeln!(out, "time: {}", output::duration(elapsed))?;
    Ok(())
}

/// Reads N: a whole number up to [`MAX_UPTO`].
fn parse_upto(text: &str) -> Result<usize, Failure> {
    let n: u64 = text.trim().replace('_', "").parse().map_err(|_| {
        Failure::msg(format!("--upto {text}: not a whole number (the largest heap, as in --upto 1000)"))
    })?;
    if n > MAX_UPTO as u64 {
        return Err(Failure::msg(format!("--upto {n}: at most {MAX_UPTO}")));
    }
    Ok(n as usize)
}

/// The values in rows, each led by the index of its first value; a row holds a multiple of a
/// short period, so that each column repeats once the sequence is periodic.
fn write_rows(values: &[u32], period: Option<Periodicity>, out: &mut dyn Write) -> std::io::Result<()> {
    let width = match period {
        Some(p) if p.period <= 24 => p.period * 10usize.div_ceil(p.period),
        _ => 10,
    };
    let shown = &values[..values.len().min(SHOWN)];
    let cell = shown.iter().max().map_or(1, |v| v.to_string().len());
    let index = (shown.len().saturating_sub(1)).to_string().len();
    for (row, chunk) in shown.chunks(width).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>cell$}")).collect();
        writeln!(out, "{:>index$}: {}", row * width, cells.join(" "))?;
    }
    if values.len() > shown.len() {
        writeln!(out, "... G({}..={}) not shown (--json prints every value)", shown.len(), values.len() - 1)?;
    }
    Ok(())
}

/// `period 12 from n = 71 (proved)`, or why not.
fn describe(rules: &Ruleset, period: Option<Periodicity>, upto: usize) -> String {
    let Some(p) = period else {
        return format!("no period found up to {upto}");
    };
    let saltus = if p.saltus != 0 { format!(", saltus {}", p.saltus) } else { String::new() };
    let status = if p.proved {
        "proved".to_string()
    } else {
        match rules.proof_needs_upto(p.period, p.preperiod) {
            Some(needed) if p.saltus == 0 => format!("observed; --upto {needed} would prove it"),
            _ => "observed".to_string(),
        }
    };
    format!("period {} from n = {}{saltus} ({status})", p.period, p.preperiod)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::Silent;

    fn text(code: &str, upto: usize) -> String {
        let rules = Ruleset::parse(code).unwrap();
        let values = nim_sequence(&rules, upto, &Silent);
        let period = find_period(&values, Some(&rules), &Silent);
        let mut out = Vec::new();
        write_rows(&values, period, &mut out).unwrap();
        writeln!(out, "{}", describe(&rules, period, upto)).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn rows_follow_a_short_period() {
        let out = text("sub:1,2,3", 13);
        assert_eq!(out, " 0: 0 1 2 3 0 1 2 3 0 1 2 3\n12: 0 1\nperiod 4 from n = 0 (proved)\n");
        let out = text("0.77", 150);
        assert!(out.ends_with("period 12 from n = 71 (observed; --upto 167 would prove it)\n"), "{out}");
        assert!(text("0.77", 167).ends_with("period 12 from n = 71 (proved)\n"));
        assert!(text("grundy", 300).ends_with("no period found up to 300\n"));
        assert!(text("allbut:1", 100).contains(", saltus"));
    }

    #[test]
    fn long_sequences_are_cut() {
        let out = text("0.07", 5000);
        assert!(out.contains("... G(1000..=5000) not shown (--json prints every value)"), "{out}");
        assert!(out.ends_with("period 34 from n = 53 (proved)\n"), "{out}");
    }

    #[test]
    fn upto_is_checked() {
        assert_eq!(parse_upto("1_000").unwrap(), 1000);
        assert!(parse_upto("x").is_err());
        assert!(parse_upto("-1").is_err());
        assert!(parse_upto("1000000000").unwrap_err().to_string().contains("at most"));
    }
}
