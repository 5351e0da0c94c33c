//! `nimber problem NAME`: a contest problem's input on stdin, the judge's output on stdout.

use std::io::{self, Read, Write};

use nimber_problems::Options;

use crate::args::ProblemArgs;
use crate::error::Failure;

/// Inputs larger than this are refused rather than read (the largest judge input is a few MB).
const MAX_INPUT: u64 = 256 << 20;

pub fn run(args: &ProblemArgs, out: &mut impl Write) -> Result<(), Failure> {
    let Some(name) = &args.name else {
        for p in nimber_problems::all() {
            writeln!(out, "{:<20} {}", p.name, p.summary)?;
        }
        return Ok(());
    };
    let problem = nimber_problems::find(name).ok_or_else(|| {
        let names: Vec<&str> = nimber_problems::all().iter().map(|p| p.name).collect();
        Failure::msg(format!("unknown problem `{name}` (problems: {})", names.join(", ")))
    })?;
    let mut bytes = Vec::new();
    io::stdin()
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::msg(format!("problem {name}: cannot read standard input: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Failure::msg(format!("problem {name}: input larger than {MAX_INPUT} bytes")));
    }
    let input = String::from_utf8(bytes).map_err(|e| {
        Failure::msg(format!(
            "problem {name}: input is not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let output = (problem.solve)(&input, &Options { exact: args.exact })
        .map_err(|e| Failure::msg(format!("problem {name}: {e}")))?;
    writeln!(out, "{output}")?;
    Ok(())
}
