//! `nimber`: solve two-player combinatorial games exactly from the command line.
//!
//! `main` parses the arguments, sets up the thread pool, runs the command and turns failures
//! into one line on standard error and exit status 2.

mod args;
mod commands;
mod error;
mod game;
mod interrupt;
mod output;
mod progress;
mod targets;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};
use crate::error::Failure;

/// Exit status of every failure, as for clap's usage errors.
const FAILURE: u8 = 2;

fn main() -> ExitCode {
    // `nimber problem NAME [--exact]` is started once per judge input, where process start-up is
    // most of the time: it skips building the full command-line parser.
    let result = match args::quick_problem() {
        Some(args) => run_problem(&args),
        None => {
            let cli = match Cli::try_parse() {
                Ok(cli) => cli,
                // Usage errors exit with 2, `--help` and `--version` with 0 (clap's choice).
                Err(e) => e.exit(),
            };
            run(&cli)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of our output went away (`nimber list | head -1`): nothing to say.
        Err(failure) if failure.is_broken_pipe() => ExitCode::SUCCESS,
        // Stopped by Ctrl-C: what was saved and how to go on, and the shell's status for it.
        Err(Failure::Stopped(message)) => {
            for line in message.lines() {
                let _ = writeln!(io::stderr(), "nimber: {line}");
            }
            ExitCode::from(interrupt::EXIT_STOPPED)
        }
        Err(failure) => {
            let _ = writeln!(io::stderr(), "nimber: error: {}", error::one_line(&failure));
            ExitCode::from(FAILURE)
        }
    }
}

fn run_problem(args: &args::ProblemArgs) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    commands::problem::run(args, &mut out)?;
    out.flush()?;
    Ok(())
}

fn run(cli: &Cli) -> Result<(), Failure> {
    if let Some(threads) = cli.threads {
        let threads = usize::try_from(threads).map_err(|_| Failure::msg("--threads: too many threads"))?;
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .map_err(|e| Failure::msg(format!("cannot start {threads} threads: {e}")))?;
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match &cli.command {
        Command::List(args) => commands::list::run(args, &mut out)?,
        Command::Solve(args) => commands::solve::run(args, &mut out)?,
        Command::Query(args) => {
            let cache = commands::cache::cache_of(cli.cache_dir.as_deref());
            commands::query::run(args, cache.as_ref(), &mut out)?
        }
        Command::Cache(args) => {
            let cache = commands::cache::cache_of(cli.cache_dir.as_deref());
            commands::cache::run(args, cache.as_ref(), &mut out)?
        }
        Command::Search(args) => commands::search::run(args, &mut out)?,
        Command::Explore(args) => commands::explore::run(args, &mut out)?,
        Command::Check(args) => commands::check::run(args, &mut out)?,
        Command::Help(args) => commands::help::run(args, &mut out)?,
        Command::Problem(args) => commands::problem::run(args, &mut out)?,
        Command::Grundy(args) => commands::grundy::run(args, &mut out)?,
        Command::Genus(args) => commands::genus::run(args, &mut out)?,
        Command::Analyze(args) => commands::analyze::run(args, &mut out)?,
        Command::Serve(args) => commands::serve::run(args, &mut out)?,
        Command::Cgt(args) => commands::cgt::run(args, &mut out)?,
        Command::Value(args) => commands::cgt::value(args, &mut out)?,
    }
    out.flush()?;
    Ok(())
}
