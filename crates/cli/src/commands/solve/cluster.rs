//! `nimber solve GAME --cluster HOSTS --process I` and `nimber solve GAME --local-processes N`:
//! a dense solve whose rounds run on the processes of a cluster (`nimber-cluster`). Process 0
//! prints the result and writes `--save`; the others print a line saying they are done.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nimber_cluster::dataflow::Cluster;
use nimber_engine::solve::SolverChoice;
use nimber_engine::store::checkpoint;
use nimber_engine::{DynGame, Error, SolveOptions, SolveReport};

use super::resume::{checkpoint_options_of, resume_command};
use crate::args::SolveArgs;
use crate::error::{self, Failure};
use crate::game::{build, Built};
use crate::progress::TerminalProgress;
use crate::targets::{check_save_dir, lock_and_clean};

/// What process 0 of a cluster solve has: the game, the report, the time and the notes the
/// progress display showed.
pub(super) type Solved = (Built, SolveReport, Duration, Vec<String>);

/// The longest host file read (a line per process).
const MAX_HOSTS_BYTES: u64 = 1 << 20;

/// Runs this process's part of a cluster solve; the report and the game in process 0.
pub(super) fn solve(args: &SolveArgs) -> Result<Option<Solved>, Failure> {
    refuse_options(args)?;
    match (args.local_processes, &args.cluster, args.process) {
        (Some(n), _, _) => local(args, n),
        (None, Some(hosts), Some(process)) => {
            let addresses = read_hosts(hosts)?;
            part(args, process, addresses)
        }
        _ => Err(Failure::msg("--cluster HOSTS goes with --process I")),
    }
}

/// What the cluster path does not do (yet).
fn refuse_options(args: &SolveArgs) -> Result<(), Failure> {
    let refused = [
        (args.nim, "--nim"),
        (args.misere, "--misere"),
        (
            !matches!(args.solver, SolverChoice::Auto | SolverChoice::Retrograde),
            "--solver other than retrograde",
        ),
    ];
    match refused.iter().find(|(given, _)| *given) {
        Some((_, what)) => Err(Failure::msg(format!(
            "{what}: not available with --cluster or --local-processes, which solve a game's dense \
             index by retrograde analysis"
        ))),
        None => Ok(()),
    }
}

/// The addresses of a host file: one `host:port` per line (blank lines and lines starting with
/// `#` skipped).
fn read_hosts(path: &Path) -> Result<Vec<String>, Failure> {
    let at = path.display();
    let meta = std::fs::metadata(path).map_err(|e| Failure::msg(format!("--cluster {at}: {e}")))?;
    if meta.len() > MAX_HOSTS_BYTES {
        return Err(Failure::msg(format!("--cluster {at}: {} bytes, too long for a host file", meta.len())));
    }
    let text = std::fs::read_to_string(path).map_err(|e| Failure::msg(format!("--cluster {at}: {e}")))?;
    let addresses = nimber_cluster::hosts::parse(&text).map_err(|bad| {
        Failure::msg(format!(
            "{at}:{}: `{}` is not host:port (a host name or address, a colon, a port from 1 to 65535)",
            bad.line, bad.text
        ))
    })?;
    if addresses.is_empty() {
        return Err(Failure::msg(format!("{at}: no host:port line: one line per process of the cluster")));
    }
    Ok(addresses)
}

/// The game of a cluster solve: its dense index.
fn dense_for_cluster(built: &Built) -> Result<Box<dyn DynGame>, Failure> {
    built.dense_for(false, "--cluster", "a cluster solves dense games")
}

/// This process's part of the cluster at `addresses`.
fn part(args: &SolveArgs, process: usize, addresses: Vec<String>) -> Result<Option<Solved>, Failure> {
    if process >= addresses.len() {
        return Err(Failure::msg(format!(
            "--process {process}: the host file lists {} processes, numbered from 0",
            addresses.len()
        )));
    }
    let built = build(&args.game)?;
    let game = dense_for_cluster(&built)?;
    let dense = game.dense().expect("dense_for_cluster returns dense games");
    // Process 0 writes --save: checked, locked against a second solve of the file, and the
    // half-written files of dead processes removed, as any solve does.
    let save = args.save.as_deref().filter(|_| process == 0);
    if let Some(path) = save {
        check_save_dir(path)?;
    }
    // Each process keeps its own checkpoints (one member per process): `FILE.pI` and the
    // generation before it, `FILE.pI.prev`.
    let mine = |base: &Path| {
        let [prev, path] = checkpoint::member_files(base, process);
        vec![path, prev]
    };
    // Only where --checkpoint names them (not next to --save, which process 0 alone may be
    // given): every process must keep checkpoints or none, which they check before the first
    // round.
    if args.checkpoint.is_none() && args.resume {
        return Err(Failure::msg(
            "--resume: a cluster resumes from the checkpoints its processes kept with --checkpoint FILE: \
             give the same --checkpoint FILE to every process",
        ));
    }
    let checkpoint = match args.checkpoint {
        Some(_) => checkpoint_options_of(args, &built, mine)?,
        None => None,
    };
    let kept = checkpoint.as_ref().map(|c| checkpoint::member_path(&c.path, process));
    let targets: Vec<&Path> = save.into_iter().chain(kept.as_deref()).collect();
    let _lock = lock_and_clean(&targets)?;

    let cluster = Cluster {
        process,
        addresses,
        threads: 1,
        connect_within: Duration::from_secs(args.connect_timeout),
        identity: format!("nimber {}", env!("CARGO_PKG_VERSION")),
        exchange_log: args.exchange_log.clone().filter(|_| process == 0),
    };
    let options = SolveOptions {
        solver: args.solver,
        checkpoint: checkpoint.clone(),
        // Process 0 lists every position for --dump (the processes agree on it).
        rows: args.dump.is_some() && process == 0,
        ..SolveOptions::default()
    };
    crate::interrupt::install();
    let progress = TerminalProgress::start();
    let started = Instant::now();
    let result = dense.solve_on(&cluster, save, built.recipe.id(), &options, &progress);
    let elapsed = started.elapsed();
    let shown = progress.finish();
    match result {
        Ok(report) => Ok(report.map(|report| (built, report, elapsed, shown))),
        Err(Error::Cancelled { checkpoint: saved, .. }) => Err(Failure::Stopped(match saved {
            Some(path) => format!(
                "stopped; every process saved the work so far in its checkpoint (this one's: {path})\n\
                 to continue: {}{}",
                resume_command(),
                if args.local_processes.is_some() { "" } else { " (on every process)" }
            ),
            None => "stopped before the end; nothing was saved (no --checkpoint or --save)".into(),
        })),
        Err(e) => Err(name_the_full_index(e, &built)),
    }
}

/// A refusal of the engine, with the parameter that chooses an index of every position for a
/// game whose index leaves some out (Dōbutsu's default live index, which only the lean solver
/// solves, on one machine): the cluster solves only indexes of every position.
fn name_the_full_index(e: Error, built: &Built) -> Failure {
    let partial = built.recipe.id().param("index").is_some_and(|value| value != "full");
    match e {
        Error::Unsupported(why) if partial => {
            Failure::msg(format!("{why}: for {}, `-p index=full`", built.info().name))
        }
        e => e.into(),
    }
}

/// A cluster of `n` processes on this machine over loopback: this process is process 0, the
/// others are copies of this command with `--cluster FILE --process I`.
fn local(args: &SolveArgs, n: usize) -> Result<Option<Solved>, Failure> {
    if n == 0 || n > 64 {
        return Err(Failure::msg(format!("--local-processes {n}: from 1 to 64 processes")));
    }
    // Ports free now on loopback (a race with other programs is possible, and reported as a
    // failure to connect).
    let listeners = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0"))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::msg(format!("--local-processes: no free port on 127.0.0.1: {e}")))?;
    let addresses: Vec<String> = listeners
        .iter()
        .map(|l| l.local_addr().map(|a| format!("127.0.0.1:{}", a.port())))
        .collect::<Result<_, _>>()
        .map_err(|e| Failure::msg(format!("--local-processes: {e}")))?;
    drop(listeners);
    let hosts = std::env::temp_dir().join(format!("nimber-cluster-{}.hosts", std::process::id()));
    std::fs::write(&hosts, addresses.join("\n") + "\n")
        .map_err(|e| Failure::msg(format!("--local-processes: cannot write {}: {e}", hosts.display())))?;
    let _remove = RemoveOnDrop(hosts.clone());
    let mut children = Vec::new();
    for i in 1..n {
        children.push((i, spawn_part(&hosts, i)?));
    }
    let mine = part(args, 0, addresses);
    match mine {
        // Every process stopped at the same round (Ctrl-C reaches them all; the members agree).
        Err(Failure::Stopped(_)) => {
            for (i, child) in &mut children {
                let _ = finish(child, *i, Duration::from_secs(10));
            }
            return mine;
        }
        Err(e) => {
            // What the others said, when they failed too (often the reason: a process without
            // its checkpoint); the ones still waiting for process 0 are stopped.
            let grace = Instant::now();
            while grace.elapsed() < Duration::from_secs(1)
                && children.iter_mut().any(|(_, c)| matches!(c.try_wait(), Ok(None)))
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            let mine = error::one_line(&e);
            let mine = if mine.starts_with("process 0") { mine } else { format!("process 0: {mine}") };
            let mut reasons = vec![mine];
            for (i, child) in &mut children {
                if let Ok(None) = child.try_wait() {
                    let _ = child.kill();
                    let _ = child.wait();
                } else if let Some(why) = finish(child, *i, Duration::ZERO) {
                    // The same refusal as process 0's is said once.
                    let said = reasons[0].strip_prefix("process 0: ").unwrap_or(&reasons[0]);
                    if !why.ends_with(&format!("): {said}")) {
                        reasons.push(why);
                    }
                }
            }
            return Err(match (e, reasons.len()) {
                (e, 1) => e,
                _ => Failure::msg(reasons.join("\n")),
            });
        }
        Ok(_) => {}
    }
    let mut failed = None;
    for (i, child) in &mut children {
        if let Some(why) = finish(child, *i, Duration::from_secs(args.connect_timeout + 30)) {
            failed.get_or_insert(why);
        }
    }
    match failed {
        Some(why) => Err(Failure::msg(why)),
        None => mine,
    }
}

/// Starts process `i` of a local cluster: this command again, without `--local-processes` and
/// with `--cluster HOSTS --process I`.
fn spawn_part(hosts: &Path, i: usize) -> Result<Child, Failure> {
    let mut argv: Vec<String> = Vec::new();
    let mut skip = false;
    for arg in std::env::args().skip(1) {
        if skip {
            skip = false;
        } else if arg == "--local-processes" {
            skip = true;
        } else if !arg.starts_with("--local-processes=") {
            argv.push(arg);
        }
    }
    argv.extend(["--cluster".into(), hosts.display().to_string(), "--process".into(), i.to_string()]);
    let exe = std::env::current_exe().map_err(|e| Failure::msg(format!("--local-processes: {e}")))?;
    Command::new(exe)
        .args(&argv)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Failure::msg(format!("--local-processes: cannot start process {i}: {e}")))
}

/// Waits for process `i` of a local cluster (killed after `limit`); what went wrong, if it did.
fn finish(child: &mut Child, i: usize, limit: Duration) -> Option<String> {
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > limit => {
                let _ = child.kill();
                return Some(format!("process {i} of the local cluster did not end; stopped"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Some(format!("process {i} of the local cluster: {e}")),
        }
    };
    if status.success() {
        return None;
    }
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
    }
    let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
    let last = last.strip_prefix("nimber: error: ").unwrap_or(last);
    Some(format!("process {i} of the local cluster failed ({status}): {last}"))
}

/// A file removed when dropped.
struct RemoveOnDrop(PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The line a process other than 0 prints when its part is done.
pub(super) fn done_line(args: &SolveArgs, out: &mut dyn Write) -> Result<(), Failure> {
    writeln!(out, "process {}: done; process 0 has the result", args.process.unwrap_or(0))?;
    Ok(())
}
