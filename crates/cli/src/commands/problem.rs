//! `nimber problem NAME`: a contest problem's input on stdin, the judge's output on stdout.

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, OwnedFd};

use memmap2::Mmap;

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
    let input = Input::read().map_err(|e| Failure::msg(format!("problem {name}: {e}")))?;
    let text = std::str::from_utf8(input.bytes()).map_err(|e| {
        Failure::msg(format!("problem {name}: input is not UTF-8 text (byte {})", e.valid_up_to()))
    })?;
    let output = (problem.solve)(text, &Options { exact: args.exact })
        .map_err(|e| Failure::msg(format!("problem {name}: {e}")))?;
    writeln!(out, "{output}")?;
    Ok(())
}

/// Regular files at least this large are mapped; smaller ones are cheaper to read.
const MAP_AT_LEAST: u64 = 1 << 16;

/// Standard input, whole: mapped into memory when it is a regular file (a judge's `< input`),
/// which saves copying megabytes of input, else read.
enum Input {
    Mapped(Mmap),
    Read(Vec<u8>),
}

impl Input {
    fn read() -> Result<Input, String> {
        let stdin = io::stdin();
        let fd: Option<OwnedFd> = stdin.as_fd().try_clone_to_owned().ok();
        if let Some(file) = fd.map(File::from) {
            if let Ok(meta) = file.metadata() {
                if meta.is_file() && meta.len() > MAX_INPUT {
                    return Err(format!("input larger than {MAX_INPUT} bytes"));
                }
                if meta.is_file() && meta.len() >= MAP_AT_LEAST {
                    // SAFETY: the map is only read, and only while this process runs; a file
                    // changed under a running judge would be the caller's own race, as with read.
                    if let Ok(map) = unsafe { Mmap::map(&file) } {
                        return Ok(Input::Mapped(map));
                    }
                }
            }
        }
        let mut bytes = Vec::new();
        stdin
            .lock()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if bytes.len() as u64 > MAX_INPUT {
            return Err(format!("input larger than {MAX_INPUT} bytes"));
        }
        Ok(Input::Read(bytes))
    }

    fn bytes(&self) -> &[u8] {
        match self {
            Input::Mapped(map) => map,
            Input::Read(bytes) => bytes,
        }
    }
}
