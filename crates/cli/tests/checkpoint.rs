//! Checkpoints from the command line: a dense solve (Nim, four heaps of at most 30: 46,376
//! positions, 121 rounds, about a second) is killed part-way, or stopped with Ctrl-C (SIGINT),
//! and `--resume` ends with a stored solution byte for byte the same as an uninterrupted
//! solve's; checkpoints of other parameters or games, damaged ones, missing ones and ones in
//! the way are refused with one line.

mod common;
use common::*;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

const GAME: [&str; 5] = ["nim", "-p", "heaps=4", "-p", "max=30"];

fn path(name: &str) -> String {
    let p = temp_file(name);
    let _ = std::fs::remove_file(&p);
    p.to_str().unwrap().to_string()
}

/// `solve nim ... --save SAVE` and more arguments.
fn solve_args<'a>(save: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["solve"];
    args.extend(GAME);
    args.extend(["--save", save]);
    args.extend(more);
    args
}

/// The solve without interruption: its stored file and its output.
fn uninterrupted(name: &str) -> (Vec<u8>, String) {
    let save = path(name);
    let out = nimber(&solve_args(&save, &[]));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!Path::new(&format!("{save}.checkpoint")).exists(), "no checkpoint is left behind");
    let text = result_lines(&out);
    assert!(text.contains("start: 30,30,30,30 lose in 120"), "{text}");
    assert!(text.contains("positions: 46376"), "{text}");
    (std::fs::read(&save).unwrap(), text)
}

/// The phase and round of a checkpoint, read from its header text.
fn checkpoint_round(path: &Path) -> Option<(String, u32)> {
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned();
    let field = |key: &str| text.lines().find_map(|l| l.strip_prefix(key).map(str::to_string));
    Some((field("phase=")?, field("round=")?.parse().ok()?))
}

/// Starts the solve keeping a checkpoint after every level of the search and every round, and
/// waits until the checkpoint is of `phase` and `round` or later (wins and losses: 121 rounds).
fn start_and_wait(save: &str, checkpoint: &str, phase: &str, round: u32) -> Child {
    let mut child = common::command()
        .args(solve_args(save, &["--checkpoint", checkpoint, "--checkpoint-every", "0"]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the nimber binary runs");
    let started = Instant::now();
    loop {
        if let Some((p, r)) = checkpoint_round(Path::new(checkpoint)) {
            if p == phase && r >= round {
                return child;
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the solve ended ({status}) before it could be stopped part-way");
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no checkpoint after two minutes");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Resumes the solve from `checkpoint`; the stored file and output must be the uninterrupted
/// solve's, and the checkpoint is removed.
fn resume_and_compare(save: &str, checkpoint: &str, want: &(Vec<u8>, String)) {
    let (phase, round) = checkpoint_round(Path::new(checkpoint)).expect("a whole checkpoint is there");
    let stage = match phase.as_str() {
        "search" => format!("the search for reachable positions, level {round}"),
        "wins" => format!("wins and losses, round {round}"),
        _ => panic!("phase {phase}"),
    };
    let out = nimber(&solve_args(save, &["--checkpoint", checkpoint, "--resume"]));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains(&format!("resuming from {checkpoint}: {stage}\n")), "{err}");
    assert_eq!(result_lines(&out), want.1);
    assert!(std::fs::read(save).unwrap() == want.0, "the resumed solve stored another file");
    assert!(!Path::new(checkpoint).exists(), "the checkpoint is removed at the end");
}

#[test]
fn killed_part_way_and_resumed_stores_the_same_file() {
    let want = uninterrupted("kill-want.db");
    let (save, checkpoint) = (path("kill.db"), path("kill.ckpt"));
    let mut child = start_and_wait(&save, &checkpoint, "wins", 5);
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(libc::SIGKILL), "{status}");
    assert!(!Path::new(&save).exists());
    resume_and_compare(&save, &checkpoint, &want);
}

#[test]
fn ctrl_c_saves_a_checkpoint_exits_130_and_resume_continues() {
    let want = uninterrupted("int-want.db");
    let (save, checkpoint) = (path("int.db"), path("int.ckpt"));
    let child = start_and_wait(&save, &checkpoint, "wins", 5);
    // SAFETY: kill(2) with the pid of our own child and a signal number; no memory is touched.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(err.contains(&format!("nimber: stopped; the work so far is saved in {checkpoint}\n")), "{err}");
    let resume = format!(
        "nimber: to continue: nimber solve nim -p heaps=4 -p max=30 --save {save} --checkpoint {checkpoint} \
         --checkpoint-every 0 --resume\n"
    );
    assert!(err.contains(&resume), "{err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{err}");
    assert!(!Path::new(&save).exists());
    resume_and_compare(&save, &checkpoint, &want);
}

/// A checkpoint of `nim heaps=4 max=30` after a few rounds, stopped by SIGKILL.
fn a_checkpoint(name: &str) -> PathBuf {
    let (save, checkpoint) = (path(&format!("{name}.db")), path(&format!("{name}.ckpt")));
    let mut child = start_and_wait(&save, &checkpoint, "wins", 5);
    child.kill().unwrap();
    child.wait().unwrap();
    PathBuf::from(checkpoint)
}

#[test]
fn other_games_damage_and_missing_checkpoints_are_refused() {
    let checkpoint = a_checkpoint("refused");
    let ckpt = checkpoint.to_str().unwrap();
    let save = path("refused-other.db");

    // Another parameter, another game.
    let err = fails_after_notes(&[
        "solve",
        "nim",
        "-p",
        "heaps=4",
        "-p",
        "max=29",
        "--checkpoint",
        ckpt,
        "--resume",
    ]);
    assert!(
        err.contains(&format!(
            "{ckpt}: this checkpoint is of nim (heaps=4 max=30), not of nim (heaps=4 max=29)"
        )),
        "{err}"
    );
    let err = fails_after_notes(&["solve", "tictactoe", "--checkpoint", ckpt, "--resume"]);
    assert!(err.contains("this checkpoint is of nim (heaps=4 max=30), not of tictactoe"), "{err}");

    // In the way of a new solve.
    let err = fails(&solve_args(&save, &["--checkpoint", ckpt]));
    assert!(
        err.contains(&format!("{ckpt}: the checkpoint of an earlier solve is there: add --resume")),
        "{err}"
    );

    // Damaged: a flipped byte in the states, a cut.
    let good = std::fs::read(&checkpoint).unwrap();
    let mut flipped = good.clone();
    let n = flipped.len();
    flipped[n - 1000] ^= 4;
    for (bytes, want) in [
        (flipped, "damaged checkpoint: section STAT fails its checksum"),
        (good[..n / 2].to_vec(), "damaged checkpoint: the file ends inside section"),
        (b"plain text".to_vec(), "not a nimber checkpoint"),
    ] {
        std::fs::write(&checkpoint, bytes).unwrap();
        let err = fails_after_notes(&solve_args(&save, &["--checkpoint", ckpt, "--resume"]));
        assert!(err.contains(&format!("{ckpt}: {want}")), "{want}: {err}");
    }
    assert!(!Path::new(&save).exists());
    std::fs::remove_file(&checkpoint).unwrap();

    // Nothing to resume from; nothing named; a game without a dense index.
    let err = fails(&solve_args(&save, &["--checkpoint", ckpt, "--resume"]));
    assert!(err.contains(&format!("--resume: there is no checkpoint {ckpt} to resume from")), "{err}");
    let err = fails(&solve_args(&save, &["--resume"]));
    assert!(err.contains(&format!("there is no checkpoint {save}.checkpoint")), "{err}");
    assert!(fails(&["solve", "nim", "--resume"]).contains("--resume: no checkpoint named"));
    let err = fails(&["solve", "subtraction", "--checkpoint", ckpt]);
    assert!(err.contains("--checkpoint: subtraction is not solved through a dense index"), "{err}");
    assert!(fails(&["solve", "tictactoe", "--misere", "--checkpoint", ckpt]).contains("no misère play"));
}

#[test]
fn a_checkpointed_solve_that_ends_leaves_no_checkpoint() {
    // Tic-tac-toe has ties: both phases run; the memo game is solved through its dense index.
    let ckpt = path("ttt.ckpt");
    let out = nimber(&["solve", "tictactoe", "--checkpoint", &ckpt, "--checkpoint-every", "0", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["solver"], "retrograde");
    assert_eq!(json["positions"], 5478);
    assert_eq!(json["start"]["value"], "tie");
    assert!(!Path::new(&ckpt).exists());
}

/// The files in the directory of `file` whose names start with its name and `.tmp-` or `.lock`.
fn leftovers(file: &str) -> Vec<String> {
    let file = Path::new(file);
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&format!("{name}.tmp-")) || n == &format!("{name}.lock"))
        .collect()
}

/// Starts the solve with the test hook that pauses the `k`-th temporary file whose name ends with
/// `suffix` after `bytes` bytes, and waits until it is paused there: the temporary file
/// `target.tmp-PID` then holds exactly `bytes` bytes.
fn start_paused(
    save: &str,
    checkpoint: &str,
    suffix: &str,
    k: u32,
    bytes: u64,
    target: &str,
) -> (Child, PathBuf) {
    let mut child = common::command()
        .args(solve_args(save, &["--checkpoint", checkpoint, "--checkpoint-every", "0"]))
        .env("NIMBER_TEST_PAUSE_WRITE", format!("{k}:{bytes}"))
        .env("NIMBER_TEST_PAUSE_TARGET", suffix)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the nimber binary runs");
    let tmp = PathBuf::from(format!("{target}.tmp-{}", child.id()));
    let started = Instant::now();
    loop {
        if std::fs::metadata(&tmp).is_ok_and(|m| m.len() == bytes) {
            // Paused: the writer stops at exactly `bytes`; give it the time to print its marker.
            std::thread::sleep(Duration::from_millis(50));
            assert_eq!(std::fs::metadata(&tmp).unwrap().len(), bytes);
            return (child, tmp);
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the solve ended ({status}) before it paused writing {}", tmp.display());
        }
        assert!(started.elapsed() < Duration::from_secs(120), "not paused after two minutes");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Resumes after a kill: the half-written file is removed and reported, the stored file and the
/// output are the uninterrupted solve's, and nothing is left behind.
fn resume_cleans_up(save: &str, checkpoint: &str, tmp: &Path, bytes: u64, want: &(Vec<u8>, String)) {
    let out = nimber(&solve_args(save, &["--checkpoint", checkpoint, "--resume"]));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let line = format!(
        "nimber: note: removed a half-written file left by a nimber process that no longer runs: {} ({bytes} bytes); {bytes} bytes freed\n",
        tmp.display()
    );
    assert!(err.contains(&line), "{err}");
    assert_eq!(result_lines(&out), want.1);
    assert!(std::fs::read(save).unwrap() == want.0, "the resumed solve stored another file");
    assert!(!Path::new(checkpoint).exists());
    assert_eq!(leftovers(save), Vec::<String>::new());
    assert_eq!(leftovers(checkpoint), Vec::<String>::new());
}

#[test]
fn killed_while_writing_a_checkpoint_resumes_and_removes_the_half_written_one() {
    let want = uninterrupted("tmp-ckpt-want.db");
    let (save, checkpoint) = (path("tmp-ckpt.db"), path("tmp-ckpt.ckpt"));
    // The sixth checkpoint (the search's level 0, then rounds), stopped after 600 bytes.
    let (mut child, tmp) = start_paused(&save, &checkpoint, ".ckpt", 6, 600, &checkpoint);
    assert!(checkpoint_round(Path::new(&checkpoint)).is_some(), "the fifth checkpoint is whole");

    // A second solve of the same files while the first runs is refused, and disturbs nothing.
    let err = fails(&solve_args(&save, &["--checkpoint", &checkpoint, "--resume"]));
    assert!(
        err.contains(&format!(
            "{save}: another nimber process (process {}) is writing this file",
            child.id()
        )),
        "{err}"
    );
    assert_eq!(std::fs::metadata(&tmp).unwrap().len(), 600);

    child.kill().unwrap();
    assert_eq!(child.wait().unwrap().signal(), Some(libc::SIGKILL));
    assert!(tmp.exists(), "the killed solve left its half-written checkpoint");
    resume_cleans_up(&save, &checkpoint, &tmp, 600, &want);
}

#[test]
fn killed_while_writing_the_store_resumes_and_removes_the_half_written_one() {
    let want = uninterrupted("tmp-store-want.db");
    let (save, checkpoint) = (path("tmp-store.db"), path("tmp-store.ckpt"));
    // The store, stopped after 100 bytes: the solve is over, its last checkpoint is there.
    let (mut child, tmp) = start_paused(&save, &checkpoint, "tmp-store.db", 1, 100, &save);
    child.kill().unwrap();
    assert_eq!(child.wait().unwrap().signal(), Some(libc::SIGKILL));
    assert!(tmp.exists() && !Path::new(&save).exists());
    assert!(Path::new(&checkpoint).exists());
    resume_cleans_up(&save, &checkpoint, &tmp, 100, &want);
}
