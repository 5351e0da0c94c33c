//! `nimber analyze --db FILE`: the counts, the longest wins and example positions of a solution
//! stored by `solve --save`.

use std::io::Write;

use nimber_engine::store::Entry;
use nimber_engine::{Error, Value};

use crate::args::AnalyzeArgs;
use crate::error::Failure;
use crate::game::open_db;
use crate::output::{self, Align, AnalyzeJson, CountJson, LongestJson, StartJson, Table};

/// Example positions shown per value.
const EXAMPLES: usize = nimber_engine::store::EXAMPLES;

/// Shows the counts by value and remoteness from the header, the longest outcome of each value
/// with example positions (the first slots holding it), and the start position.
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (built, store) = open_db(&args.db)?;
    let dense = built.game.dense().expect("open_db builds dense games");
    let header = store.header().clone();
    let start = dense.query_store(&store, None)?;

    // The longest of each value, and where to find examples of it.
    let mut longest: Vec<(Value, Option<u32>, u64)> = Vec::new();
    for v in Value::ALL {
        if let Some(row) = header.counts.iter().filter(|r| r.value == v).max_by_key(|r| r.remoteness) {
            longest.push((v, row.remoteness, row.count));
        }
    }
    let mut examples: Vec<Vec<u64>> = vec![Vec::new(); longest.len()];
    if !header.longest.is_empty() {
        // Version 4 and on: the header gives them (a store whose wins are found from the rules
        // could not be scanned for the longest win).
        for (k, &(v, r, _)) in longest.iter().enumerate() {
            if let Some((o, slots)) =
                header.longest.iter().find(|(o, _)| o.value() == v && o.remoteness() == r)
            {
                for &slot in slots.iter().take(EXAMPLES) {
                    if dense.slot_outcome(&store, slot)? != Some(*o) {
                        return Err(Error::Corrupt {
                            path: args.db.display().to_string(),
                            what: format!(
                                "the header gives slot {slot} as an example of {o}, which it does not hold"
                            ),
                        }
                        .into());
                    }
                    examples[k].push(slot);
                }
            }
        }
    } else {
        store.scan(|slot, e| {
            for (k, &(v, r, _)) in longest.iter().enumerate() {
                if let Entry::Outcome(o) = e {
                    if o.value() == v && o.remoteness() == r && examples[k].len() < EXAMPLES {
                        examples[k].push(slot);
                    }
                }
            }
            examples.iter().zip(&longest).any(|(e, &(_, _, n))| (e.len() as u64) < n.min(EXAMPLES as u64))
        })?;
    }

    let texts: Vec<Vec<String>> = examples
        .iter()
        .map(|slots| {
            slots.iter().map(|&s| dense.slot_text(s).unwrap_or_else(|| format!("slot {s}"))).collect()
        })
        .collect();
    if args.json {
        let doc = AnalyzeJson {
            game: built.info().name,
            params: header.id.params().iter().cloned().collect(),
            file: args.db.display().to_string(),
            bytes: store.file_len(),
            scheme: header.scheme.clone(),
            slots: header.size,
            positions: header.positions,
            blocks: header.blocks(),
            start: StartJson {
                position: start.position.clone(),
                value: Some(start.outcome.value()),
                remoteness: start.outcome.remoteness(),
            },
            longest: longest
                .iter()
                .zip(texts)
                .map(|(&(value, remoteness, count), examples)| LongestJson {
                    value,
                    remoteness,
                    count,
                    examples,
                })
                .collect(),
            counts: header
                .counts
                .iter()
                .map(|c| CountJson { value: c.value, remoteness: c.remoteness, count: c.count })
                .collect(),
        };
        output::write_json(out, &doc)?;
        return Ok(());
    }
    writeln!(out, "game: {}", built.title())?;
    writeln!(
        out,
        "file: {} ({} bytes; index {}, {} slots, {} positions in {} blocks)",
        args.db.display(),
        store.file_len(),
        header.scheme,
        header.size,
        header.positions,
        header.blocks()
    )?;
    writeln!(out, "start: {} {}", start.position, start.outcome)?;
    writeln!(out)?;
    writeln!(out, "longest of each value, with example positions:")?;
    let mut table =
        Table::new([("value", Align::Left), ("positions", Align::Right), ("examples", Align::Left)])
            .indent(2);
    for ((v, r, n), texts) in longest.iter().zip(&texts) {
        let what = match r {
            Some(r) => format!("{v} in {r}"),
            None => v.to_string(),
        };
        table.row(vec![what, n.to_string(), texts.join("  ")]);
    }
    table.write(out)?;
    writeln!(out)?;
    writeln!(out, "positions by value and remoteness:")?;
    let mut table =
        Table::new([("value", Align::Left), ("remoteness", Align::Right), ("positions", Align::Right)])
            .indent(2);
    for row in &header.counts {
        table.row(vec![
            row.value.to_string(),
            row.remoteness.map_or("-".to_string(), |r| r.to_string()),
            row.count.to_string(),
        ]);
    }
    table.write(out)?;
    Ok(())
}
