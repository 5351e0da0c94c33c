//! Checkpoints of cluster solves: every process keeps its own (`CHECKPOINT.pI`, and the
//! generation before it in `CHECKPOINT.pI.prev`), the processes write them at the same round,
//! and `--resume` on every process continues to the store of an uninterrupted one-process solve,
//! byte for byte. The game is Nim with four heaps of at most 30 (46,376 positions, 121 rounds of
//! wins and losses), split over three processes; checkpoints are taken after every round.
//! Covered: Ctrl-C on process 0 only (every process stops at the same round, exit 130), a
//! process that lost its newest checkpoint (the processes agree on the round before), a process
//! killed mid-solve (the others stop with an error; all three resume), a process without its
//! checkpoint (refused, named), processes started with and without checkpoints (refused by
//! both: their exchanges would not match), and `--save` on process 0 alone (no checkpoints: the
//! default next to `--save` is not taken on a cluster).

mod common;
use common::*;

use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

const GAME: [&str; 5] = ["nim", "-p", "heaps=4", "-p", "max=30"];

fn path(name: &str) -> String {
    let p = temp_file(name);
    let _ = std::fs::remove_file(&p);
    p.to_str().unwrap().to_string()
}

/// `solve nim ...` with more arguments.
fn solve_args<'a>(more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["solve"];
    args.extend(GAME);
    args.extend(more);
    args
}

/// The store of an uninterrupted one-process solve.
fn uninterrupted(name: &str) -> Vec<u8> {
    let save = path(name);
    ok(&solve_args(&["--save", &save]));
    std::fs::read(&save).unwrap()
}

/// The phase and round in a checkpoint's header, and its member line.
fn header(path: &Path) -> Option<(String, u32, String)> {
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned();
    let field = |key: &str| text.lines().find_map(|l| l.strip_prefix(key).map(str::to_string));
    Some((field("phase=")?, field("round=")?.parse().ok()?, field("member=")?))
}

/// Waits until the checkpoint `file` holds round `round` of wins and losses or a later one.
fn wait_for(file: &str, round: u32, children: &mut [Child]) {
    let started = Instant::now();
    loop {
        if let Some((phase, r, _)) = header(Path::new(file)) {
            if phase == "wins" && r >= round {
                return;
            }
        }
        for child in children.iter_mut() {
            if let Some(status) = child.try_wait().unwrap() {
                panic!("a process ended ({status}) before it could be stopped part-way");
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no checkpoint of round {round} after two minutes"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn spawn(args: &[&str]) -> Child {
    common::command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the nimber binary runs")
}

/// No checkpoint file of `base` is left.
fn none_left(base: &str) {
    for i in 0..3 {
        for suffix in ["", ".prev"] {
            let file = format!("{base}.p{i}{suffix}");
            assert!(!Path::new(&file).exists(), "{file} is left behind");
        }
    }
}

/// A local cluster of `processes` keeping checkpoints after every round, sent Ctrl-C once
/// process 0's checkpoint holds round `round` of wins and losses: its arguments and its
/// process (process 0, to wait for). Ctrl-C reaches process 0 alone (not its process group):
/// the processes agree to stop.
fn stopped_local_cluster<'a>(
    save: &'a str,
    base: &'a str,
    processes: &'a str,
    round: u32,
) -> (Vec<&'a str>, Child) {
    let args = solve_args(&[
        "--save",
        save,
        "--checkpoint",
        base,
        "--checkpoint-every",
        "0",
        "--local-processes",
        processes,
    ]);
    let mut child = spawn(&args);
    wait_for(&format!("{base}.p0"), round, std::slice::from_mut(&mut child));
    // SAFETY: kill(2) with the pid of our own child and a signal number; no memory is touched.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    (args, child)
}

#[test]
fn ctrl_c_stops_every_process_at_one_round_and_resume_agrees_on_it() {
    let want = uninterrupted("ccluster-want.db");
    let (save, base) = (path("ccluster.db"), path("ccluster.ckpt"));
    let (args, child) = stopped_local_cluster(&save, &base, "3", 5);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains(&format!(
            "nimber: stopped; every process saved the work so far in its checkpoint (this one's: {base}.p0)\n"
        )),
        "{err}"
    );
    assert!(err.contains("--local-processes 3 --resume\n"), "{err}");
    assert!(!Path::new(&save).exists());
    // Every process's checkpoint holds the same round, and the one before it.
    let headers: Vec<_> = (0..3).map(|i| header(Path::new(&format!("{base}.p{i}"))).unwrap()).collect();
    let previous: Vec<_> = (0..3).map(|i| header(Path::new(&format!("{base}.p{i}.prev"))).unwrap()).collect();
    let (phase, round) = (headers[0].0.clone(), headers[0].1);
    for (i, (h, p)) in headers.iter().zip(&previous).enumerate() {
        assert_eq!((&h.0, h.1, h.2.as_str()), (&phase, round, format!("{i}/3").as_str()));
        assert_eq!((&p.0, p.1), (&phase, round - 1), "process {i}'s generation before");
    }
    // Process 1 lost its newest checkpoint (as if it had died while writing it): the processes
    // resume at the round before, which every one of them holds.
    std::fs::remove_file(format!("{base}.p1")).unwrap();
    let mut resume = args.clone();
    resume.push("--resume");
    let out = nimber(&resume);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(&format!("every member resumes at wins and losses, round {}\n", round - 1)),
        "{err}"
    );
    assert!(std::fs::read(&save).unwrap() == want, "the resumed cluster stored another file");
    none_left(&base);
}

#[test]
fn a_process_killed_mid_solve_stops_the_others_and_all_resume() {
    let want = uninterrupted("kcluster-want.db");
    let (save, base, hosts) = (path("kcluster.db"), path("kcluster.ckpt"), path("kcluster.hosts"));
    let ports: Vec<u16> = (0..3)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect::<Vec<_>>()
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect();
    std::fs::write(&hosts, ports.iter().map(|p| format!("127.0.0.1:{p}\n")).collect::<String>()).unwrap();
    let process = |i: usize, resume: bool| {
        let n = i.to_string();
        let mut args = solve_args(&[
            "--save",
            &save,
            "--checkpoint",
            &base,
            "--checkpoint-every",
            "0",
            "--cluster",
            &hosts,
        ]);
        args.extend(["--process", &n, "--connect-timeout", "20"]);
        if resume {
            args.push("--resume");
        }
        spawn(&args)
    };
    let mut children: Vec<Child> = (0..3).map(|i| process(i, false)).collect();
    wait_for(&format!("{base}.p2"), 5, &mut children);
    children[2].kill().unwrap();
    children[2].wait().unwrap();
    let killed = Instant::now();
    for (i, child) in children.drain(..2).enumerate() {
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "process {i}: {err}");
        assert!(err.contains(&format!("nimber: error: process {i}: the cluster failed")), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert!(
        killed.elapsed() < Duration::from_secs(10),
        "the others stopped {:?} after the kill",
        killed.elapsed()
    );
    assert!(!Path::new(&save).exists());
    // All three again, with --resume.
    let children: Vec<Child> = (0..3).map(|i| process(i, true)).collect();
    for (i, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        let (text, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "process {i}: {err}");
        if i == 0 {
            assert!(text.contains("start: 30,30,30,30 lose in 120"), "{text}");
        } else {
            assert_eq!(text, format!("process {i}: done; process 0 has the result\n"));
        }
    }
    assert!(std::fs::read(&save).unwrap() == want, "the resumed cluster stored another file");
    none_left(&base);
}

#[test]
fn a_process_without_its_checkpoint_is_named() {
    let (save, base) = (path("mcluster.db"), path("mcluster.ckpt"));
    let (args, mut child) = stopped_local_cluster(&save, &base, "2", 3);
    assert_eq!(child.wait().unwrap().code(), Some(130));
    // A new solve over the checkpoints is refused on the spot.
    let err = fails(&args);
    assert!(err.contains(&format!("{base}.p0: the checkpoint of an earlier solve is there")), "{err}");
    // A process's checkpoint is not one of a solve on one machine.
    let err = fails_after_notes(&solve_args(&["--checkpoint", &format!("{base}.p0"), "--resume"]));
    assert!(err.contains("this checkpoint is of member 0 of 2 (positions 0.."), "{err}");
    assert!(err.contains("), not of a solve on one machine"), "{err}");
    for suffix in ["", ".prev"] {
        std::fs::remove_file(format!("{base}.p1{suffix}")).unwrap();
    }
    let mut resume = args.clone();
    resume.extend(["--resume", "--connect-timeout", "2"]);
    let out = nimber(&resume);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nimber: error: process 0: cannot connect"), "{err}");
    assert!(
        err.contains(&format!(
            "process 1 of the local cluster failed (exit status: 2): --resume: there is no checkpoint {base}.p1 to resume from"
        )),
        "{err}"
    );
}

/// Two loopback addresses on free ports, in a host file.
fn hosts_file(name: &str) -> String {
    let hosts = path(name);
    let listeners: Vec<_> = (0..2).map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap()).collect();
    let text: String =
        listeners.iter().map(|l| format!("127.0.0.1:{}\n", l.local_addr().unwrap().port())).collect();
    std::fs::write(&hosts, text).unwrap();
    hosts
}

#[test]
fn processes_with_and_without_checkpoints_refuse_and_save_alone_keeps_none() {
    let want = uninterrupted("scluster-want.db");
    let (save, base) = (path("scluster.db"), path("scluster.ckpt"));
    // Process 0 keeps checkpoints, process 1 does not: both refuse before the first round.
    let hosts = hosts_file("scluster-a.hosts");
    let p0 =
        spawn(&solve_args(&["--cluster", &hosts, "--process", "0", "--save", &save, "--checkpoint", &base]));
    let p1 = spawn(&solve_args(&["--cluster", &hosts, "--process", "1"]));
    for (i, child) in [p0, p1].into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "process {i}: {err}");
        assert!(err.contains("of the cluster were started for another solve"), "process {i}: {err}");
    }
    assert!(!Path::new(&save).exists());
    // --save on process 0 alone, as the README shows: no checkpoint on either, the store is the
    // one-process store.
    let hosts = hosts_file("scluster-b.hosts");
    let p0 = spawn(&solve_args(&["--cluster", &hosts, "--process", "0", "--save", &save]));
    let p1 = spawn(&solve_args(&["--cluster", &hosts, "--process", "1"]));
    for (i, child) in [p0, p1].into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "process {i}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert!(std::fs::read(&save).unwrap() == want, "the cluster stored another file");
    assert!(!Path::new(&format!("{save}.checkpoint.p0")).exists());
    // --resume needs --checkpoint on a cluster.
    let err = fails(&solve_args(&["--local-processes", "2", "--save", &save, "--resume"]));
    assert!(err.contains("give the same --checkpoint FILE to every process"), "{err}");
}
