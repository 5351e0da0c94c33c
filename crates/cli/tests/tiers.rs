//! Games solved tier by tier from the command line, on Six Men's Morris (`morris -p stones=6`:
//! ten tiers, 1,205,908 positions, a second or two): a solve killed with SIGKILL inside a tier
//! and run again resumes at that tier and ends with the same files, byte for byte, as an
//! uninterrupted solve; `query --db DIR` answers a position and its moves from the directory;
//! a directory with a missing or damaged tier's store is refused, naming the file.

mod common;
use common::*;

use std::collections::BTreeMap;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

const GAME: [&str; 3] = ["morris", "-p", "stones=6"];

/// The tiers of Six Men's Morris in the order the solve takes them.
const TIERS: [&str; 10] = ["3-3", "4-3", "4-4", "5-3", "5-4", "5-5", "6-3", "6-4", "6-5", "6-6"];

/// An empty directory of its own (removed first if a run before left it).
fn fresh_dir(name: &str) -> PathBuf {
    let dir = temp_file(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `solve morris -p stones=6 --save DIR`.
fn solve(dir: &Path) -> Output {
    let mut args = vec!["solve"];
    args.extend(GAME);
    args.extend(["--save", dir.to_str().unwrap()]);
    nimber(&args)
}

/// The files of a directory by name, with their bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// The tiers a manifest lists as finished.
fn finished(dir: &Path) -> Vec<String> {
    let Ok(bytes) = std::fs::read(dir.join("manifest")) else { return Vec::new() };
    String::from_utf8_lossy(&bytes)
        .lines()
        .filter_map(|l| l.strip_prefix("tier=").and_then(|t| t.split(' ').next()).map(str::to_string))
        .collect()
}

#[test]
fn killed_inside_a_tier_and_run_again_resumes_there_with_the_same_bytes() {
    let want_dir = fresh_dir("tiers-want");
    let want = solve(&want_dir);
    assert!(want.status.success(), "{}", String::from_utf8_lossy(&want.stderr));
    let text = result_lines(&want);
    assert!(text.contains("positions: 1205908"), "{text}");
    let want_files = files(&want_dir);
    assert_eq!(want_files.len(), TIERS.len() + 1, "{:?}", want_files.keys());

    // Killed once the manifest lists 6-4: inside 6-5, the largest tier, or 6-6.
    let dir = fresh_dir("tiers-killed");
    let mut args = vec!["solve"];
    args.extend(GAME);
    args.extend(["--save", dir.to_str().unwrap()]);
    let mut child =
        command().args(&args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("nimber runs");
    let started = Instant::now();
    while !finished(&dir).iter().any(|t| t == "6-4") {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the solve ended ({status}) before it could be killed inside a tier");
        }
        assert!(started.elapsed() < Duration::from_secs(120), "tier 6-4 not finished after two minutes");
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(libc::SIGKILL), "{status}");
    let before = finished(&dir);
    assert!(before.len() >= 8 && before.len() < TIERS.len(), "the kill came after {before:?}");
    assert_eq!(before, TIERS[..before.len()], "tiers are finished in order");

    // Run again: the tiers finished are found, the rest solved; the same files come out.
    let again = solve(&dir);
    let out = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    for (i, tier) in TIERS.iter().enumerate() {
        let line = out.lines().find(|l| l.contains(&format!("tier {tier}: "))).unwrap_or_else(|| {
            panic!("no note of tier {tier}:\n{out}");
        });
        assert_eq!(line.ends_with(", found solved"), i < before.len(), "{line}");
    }
    assert_eq!(result_lines(&again), text);
    assert!(files(&dir) == want_files, "the resumed solve wrote other files");
    let _ = std::fs::remove_dir_all(&want_dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn query_db_reads_a_directory_of_tiers_and_refuses_a_damaged_one() {
    let dir = fresh_dir("tiers-query");
    let out = solve(&dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let db = dir.to_str().unwrap();

    // White closes the mill a1 c1 e1 by e3-e1 and takes one of Black's three stones: Black
    // is left with two and loses, so White wins in 1; its other moves win in 5.
    let position = "W:a1,c1,e3 B:b3,c4,d2 w";
    let report = json(&["query", "--json", "--db", db, "--", position]);
    assert_eq!(report["position"], position);
    assert_eq!((report["value"].as_str(), report["remoteness"].as_u64()), (Some("win"), Some(1)));
    let moves = report["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8);
    let wins_in: Vec<(String, u64)> = moves
        .iter()
        .map(|m| (m["move"].as_str().unwrap().to_string(), m["remoteness"].as_u64().unwrap()))
        .collect();
    assert_eq!(&wins_in[..3], [("e3-e1xb3".into(), 1), ("e3-e1xc4".into(), 1), ("e3-e1xd2".into(), 1)]);
    assert!(moves.iter().all(|m| m["value"] == "win") && wins_in[3..].iter().all(|(_, r)| *r == 5));

    // Without a position: the first position of the last tier (the start, with both hands
    // full, lies in no tier).
    let first = json(&["query", "--json", "--db", db]);
    let parts: Vec<&str> = first["position"].as_str().unwrap().split(' ').collect();
    let stones = |part: &str| part[2..].split(',').count();
    assert_eq!((stones(parts[0]), stones(parts[1]), parts[2]), (6, 6, "w"), "{first}");

    // A placement position lies in no tier; a damaged or missing tier store is named.
    let err = fails(&["query", "--db", db, "--", "W: B: w 6 6"]);
    assert!(err.contains("lies in no tier solved"), "{err}");
    let store = dir.join("5-4.nimber");
    let mut bytes = std::fs::read(&store).unwrap();
    bytes[40] ^= 0x55; // in the header
    std::fs::write(&store, &bytes).unwrap();
    let err = fails(&["query", "--db", db, "--", "W:a1,b2,c1,d2,e3 B:a3,b4,c4,e5 b"]);
    assert!(err.contains("5-4.nimber"), "{err}");
    std::fs::remove_file(&store).unwrap();
    let err = fails(&["query", "--db", db, "--", position]);
    assert!(err.contains("5-4.nimber"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
