//! Checkpoints and resumed solves (`nimber_engine::store::checkpoint`, `Rounds::resume`) on the
//! synthetic cyclic game, which has wins, losses, ties and draws: a solve resumed from the state
//! after any round, in memory or through a file, ends with exactly the words of an uninterrupted
//! one; solves stopped at every point and resumed give the same; checkpoints of another game,
//! damaged or truncated ones, a missing one and one in the way are refused. The resumed solves
//! run on the game with terminal positions of remoteness 0 to 3 too (positions that join the
//! rounds late, and in dense solves won terminal positions marked in their words).

use crate::crafted;
use crate::stop_at;
use crate::synthetic;
use crate::synthetic_game;
use crafted::crafted_values;

use std::path::PathBuf;
use std::time::Duration;

use nimber_engine::solve::retrograde::{Phase, Resume, Rounds, StateWord};
use nimber_engine::store::checkpoint::{self, CheckpointOptions, Identity, Stage};
use nimber_engine::table::dense;
use nimber_engine::table::dense::DenseSolution;
use nimber_engine::{Error, GameId, Silent};

use stop_at::StopAt;
use synthetic::Synthetic;
use synthetic_game::SyntheticGame;

/// Every state between two rounds of a solve of `space`, and the final words.
fn snapshots<W: StateWord + PartialEq + std::fmt::Debug>(space: &Synthetic) -> Vec<(Phase, u32, Vec<W>)> {
    let mut seen = Vec::new();
    let words = Rounds::<_, W>::new(space)
        .between(|at| {
            assert!(!at.cancelled);
            seen.push((at.phase, at.round, at.words.to_vec()));
            Ok(())
        })
        .words(&Silent)
        .unwrap();
    let plain = Rounds::<_, W>::new(space).words(&Silent).unwrap();
    assert!(words.iter().zip(&plain).all(|(a, b)| a.to_u32() == b.to_u32()));
    seen.push((Phase::Ties, u32::MAX, words));
    seen
}

fn resumes_after_every_round<W: StateWord + PartialEq + std::fmt::Debug>(space: &Synthetic) -> usize {
    let mut seen = snapshots::<W>(space);
    let (_, _, want) = seen.pop().unwrap();
    let want: Vec<u32> = want.iter().map(|w| w.to_u32()).collect();
    assert!(seen.iter().any(|s| s.0 == Phase::WinsLosses) && seen.iter().any(|s| s.0 == Phase::Ties));
    for (phase, round, words) in &seen {
        let mut calls = 0;
        let resume = Resume { phase: *phase, round: *round, words: words.clone() };
        let got = Rounds::<_, W>::new(space)
            .resume(Some(resume))
            .between(|at| {
                // The first state met is the one resumed from; the solve goes on from there.
                if calls == 0 {
                    assert_eq!((at.phase, at.round), (*phase, *round));
                    assert!(at.words.iter().zip(words).all(|(a, b)| a.to_u32() == b.to_u32()));
                }
                calls += 1;
                Ok(())
            })
            .words(&Silent)
            .unwrap();
        let got: Vec<u32> = got.iter().map(|w| w.to_u32()).collect();
        assert!(got == want, "resumed from {phase:?} round {round}: the words differ");
    }
    seen.len()
}

#[test]
fn resuming_after_any_round_gives_the_uninterrupted_words() {
    let mut states = 0;
    let mut bytes = 0;
    for (log2n, seed, remote) in [(8, 1, false), (10, 2, false), (12, 3, false), (8, 4, true), (12, 5, true)]
    {
        let space =
            if remote { Synthetic::with_remote_terminals(log2n, seed) } else { Synthetic::new(log2n, seed) };
        states += resumes_after_every_round::<u32>(&space);
        states += resumes_after_every_round::<u16>(&space);
        // One byte per position where the remoteness fits in one.
        if Rounds::<_, u8>::new(&space).words(&Silent).is_ok() {
            bytes += resumes_after_every_round::<u8>(&space);
        }
    }
    eprintln!("resumed from {states} states between rounds, and {bytes} of 8-bit words");
    assert!(states > 60, "{states}");
    assert!(bytes > 10, "{bytes}");
}

fn temp(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn options(path: &PathBuf, log2n: u32, seed: u64) -> CheckpointOptions {
    let params = vec![("log2n".to_string(), log2n.to_string()), ("seed".to_string(), seed.to_string())];
    let mut options = CheckpointOptions::new(path, &GameId::new("synthetic", params));
    options.every = Duration::ZERO;
    options
}

fn same(a: &DenseSolution, b: &DenseSolution) -> bool {
    a.len() == b.len() && (0..a.len()).all(|k| a.get_nth(k) == b.get_nth(k))
}

#[test]
fn stopped_anywhere_and_resumed_through_the_file_ends_as_uninterrupted() {
    stopped_anywhere(&Synthetic::new(12, 5), 12, 5, "stopped.ckpt");
}

#[test]
fn stopped_anywhere_with_remote_terminals_ends_as_uninterrupted() {
    stopped_anywhere(&Synthetic::with_remote_terminals(12, 6), 12, 6, "stopped-remote.ckpt");
}

fn stopped_anywhere(space: &Synthetic, log2n: u32, seed: u64, file: &str) {
    let game = SyntheticGame(space);
    let want = dense::solve(&game, None, &Silent).unwrap();
    let path = temp(file);
    let mut opts = options(&path, log2n, seed);
    let mut saved = 0;
    let mut stages = Vec::new();
    for stop_at in 0.. {
        opts.resume = false;
        let _ = std::fs::remove_file(&path);
        match checkpoint::solve_dense(&game, None, &opts, &StopAt::new(stop_at)) {
            Ok(solution) => {
                // Not stopped: the solve is over.
                assert!(same(&solution, &want));
                break;
            }

            Err(Error::Cancelled { checkpoint: Some(c), .. }) => assert_eq!(PathBuf::from(c), path),
            Err(e) => panic!("stop at poll {stop_at}: {e}"),
        }
        let header = checkpoint::read_header(&path).unwrap();
        stages.push(header.stage);
        opts.resume = true;
        let resumed = checkpoint::solve_dense(&game, None, &opts, &Silent).unwrap();
        assert!(same(&resumed, &want), "stopped at poll {stop_at}, {:?}", header.stage);
        opts.remove().unwrap();
        saved += 1;
    }
    eprintln!("{saved} stops, each with a checkpoint: {stages:?}");
    // One stop per level of the search (one here: every position is a root) and per round.
    assert_eq!(stages[0], Stage::Search { level: 0 });
    assert_eq!(stages[1], Stage::Rounds { phase: Phase::WinsLosses, round: 0 });
    assert!(stages.windows(2).all(|w| w[0] != w[1]));
    assert!(stages.contains(&Stage::Rounds { phase: Phase::Ties, round: 1 }));
    assert!(saved >= 10, "{saved}");
}

#[test]
fn stopped_again_and_again_ends_as_uninterrupted() {
    // Every resumed solve is stopped after one more round, until the work is done.
    let (log2n, seed) = (12, 6);
    let space = Synthetic::new(log2n, seed);
    let game = SyntheticGame(&space);
    let want = dense::solve(&game, None, &Silent).unwrap();
    let path = temp("again.ckpt");
    let mut opts = options(&path, log2n, seed);
    let mut stops = 0;
    let solution = loop {
        match checkpoint::solve_dense(&game, None, &opts, &StopAt::new(1)) {
            Ok(solution) => break solution,
            Err(Error::Cancelled { checkpoint: Some(_), .. }) => stops += 1,
            Err(e) => panic!("{e}"),
        }
        opts.resume = true;
        assert!(stops < 10_000);
    };
    assert!(same(&solution, &want));
    assert!(stops >= 10, "{stops}");
    opts.remove().unwrap();
    assert!(!path.exists());
}

/// A checkpoint of the synthetic game, taken after a few rounds.
fn a_checkpoint(name: &str, log2n: u32, seed: u64) -> (PathBuf, CheckpointOptions) {
    let space = Synthetic::new(log2n, seed);
    let game = SyntheticGame(&space);
    let path = temp(name);
    let opts = options(&path, log2n, seed);
    let err = checkpoint::solve_dense(&game, None, &opts, &StopAt::new(4)).err().unwrap();
    assert!(matches!(err, Error::Cancelled { checkpoint: Some(_), .. }), "{err}");
    (path, opts)
}

fn refusal(game: &SyntheticGame<'_>, opts: &CheckpointOptions) -> String {
    match checkpoint::solve_dense(game, None, opts, &Silent) {
        Err(e @ Error::Checkpoint { .. }) => e.to_string(),
        Err(e) => panic!("not a checkpoint error: {e}"),
        Ok(_) => panic!("the checkpoint was accepted"),
    }
}

#[test]
fn checkpoints_of_other_solves_and_damaged_ones_are_refused() {
    let (log2n, seed) = (10, 7);
    let (path, mut opts) = a_checkpoint("refused.ckpt", log2n, seed);
    let space = Synthetic::new(log2n, seed);
    let game = SyntheticGame(&space);

    // In the way of a new solve, and missing when resuming.
    assert!(refusal(&game, &opts).contains("a checkpoint is already there"));
    opts.resume = true;
    let missing = options(&temp("missing.ckpt"), log2n, seed);
    let missing = CheckpointOptions { resume: true, ..missing };
    assert!(refusal(&game, &missing).contains("no checkpoint to resume from"));

    // Another game's parameters, another game, another index.
    let mut other = opts.clone();
    other.id = GameId::new("synthetic", vec![("log2n".into(), "10".into()), ("seed".into(), "8".into())]);
    let text = refusal(&game, &other);
    assert!(
        text.contains(
            "this checkpoint is of synthetic (log2n=10 seed=7), not of synthetic (log2n=10 seed=8)"
        ),
        "{text}"
    );
    other = CheckpointOptions { id: GameId::new("nim", opts.id.params().to_vec()), ..opts.clone() };
    assert!(refusal(&game, &other).contains("not of nim"));
    let bigger = Synthetic::new(11, seed);
    let text = refusal(&SyntheticGame(&bigger), &opts);
    assert!(
        text.contains("index scheme synthetic-v1 of 1024 slots") && text.contains("2048 slots"),
        "{text}"
    );

    // Damage anywhere: the header, the set, the states, a cut, bytes added.
    let good = std::fs::read(&path).unwrap();
    let header = checkpoint::read_header(&path).unwrap();
    assert_eq!(header.identity, Identity { id: opts.id.clone(), scheme: "synthetic-v1".into(), size: 1024 });
    let text_len = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    let set_start = 16 + text_len + 4;
    let states_start = set_start + 12 + 128 + 4;
    let flip = |at: usize| {
        let mut bytes = good.clone();
        bytes[at] ^= 0x10;
        bytes
    };
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (flip(20), "the header fails its checksum"),
        (flip(set_start + 12 + 5), "section SETW fails its checksum"),
        (flip(states_start + 12 + 300), "section STAT fails its checksum"),
        (flip(states_start + 4), "section STAT has"),
        (good[..good.len() - 10].to_vec(), "the file ends inside section STAT"),
        (good[..30].to_vec(), "the file ends inside the header"),
        ([good.as_slice(), b"x"].concat(), "bytes after the last section"),
        (b"NIMBERDB and more bytes".to_vec(), "not a nimber checkpoint"),
    ];
    for (bytes, want) in cases {
        std::fs::write(&path, bytes).unwrap();
        let text = refusal(&game, &opts);
        assert!(text.contains(want), "{want}: {text}");
        assert!(text.starts_with(&path.display().to_string()), "{text}");
    }
    std::fs::write(&path, &good).unwrap();
    assert!(checkpoint::solve_dense(&game, None, &opts, &Silent).is_ok());
    opts.remove().unwrap();
}

/// A checkpoint taken apart: version, text length, header text, then per section its tag, its
/// length field and its items with their checksum.
struct Sections {
    text: String,
    sections: Vec<([u8; 4], u64, Vec<u8>)>,
}

fn take_apart(good: &[u8]) -> Sections {
    let text_len = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    let text = String::from_utf8(good[16..16 + text_len].to_vec()).unwrap();
    let mut at = 16 + text_len + 4;
    let mut sections = Vec::new();
    while at < good.len() {
        let tag: [u8; 4] = good[at..at + 4].try_into().unwrap();
        let len = u64::from_le_bytes(good[at + 4..at + 12].try_into().unwrap());
        let rest = good[at + 12..at + 12 + len as usize + 4].to_vec();
        at += 12 + len as usize + 4;
        sections.push((tag, len, rest));
    }
    Sections { text, sections }
}

/// Puts a checkpoint back together with `version` and `text_len` (the true one when `None`),
/// recomputing the header checksum (the sections' checksums cover their items, kept).
fn put_together(parts: &Sections, version: u32, text_len: Option<u32>) -> Vec<u8> {
    let mut out = b"NIMBERCK".to_vec();
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&text_len.unwrap_or(parts.text.len() as u32).to_le_bytes());
    out.extend_from_slice(parts.text.as_bytes());
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    for (tag, len, rest) in &parts.sections {
        out.extend_from_slice(tag);
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(rest);
    }
    out
}

/// Checkpoints of the search (set and frontier) and of the rounds (set and states) with each
/// field set in turn to 0, 1, its maximum and values whose sums wrap, the header checksum
/// recomputed: the version, the text length, every number of the header text and every
/// section's length. Each is refused by `load_from` from bytes in memory with an error naming
/// the file (never a panic or a huge allocation), but for the round (or level), which is any
/// number to the file: a changed one in range loads, as it should.
#[test]
fn crafted_checkpoints_with_valid_checksums_are_refused() {
    let (log2n, seed) = (10, 7);
    let identity =
        Identity { id: options(&temp("x"), log2n, seed).id, scheme: "synthetic-v1".into(), size: 1 << log2n };
    let name = std::path::Path::new("crafted.ckpt");
    let load = |bytes: Vec<u8>| checkpoint::load_from::<u16, _>(std::io::Cursor::new(bytes), name, &identity);
    let (mut refused, mut rounds_loaded) = (0, 0);
    let mut stages = Vec::new();
    for (stop, file) in [(0, "crafted-search.ckpt"), (4, "crafted-rounds.ckpt")] {
        let space = Synthetic::new(log2n, seed);
        let path = temp(file);
        let opts = options(&path, log2n, seed);
        let err =
            checkpoint::solve_dense(&SyntheticGame(&space), None, &opts, &StopAt::new(stop)).err().unwrap();
        assert!(matches!(err, Error::Cancelled { checkpoint: Some(_), .. }), "{err}");
        let good = std::fs::read(&path).unwrap();
        opts.remove().unwrap();
        let len = good.len() as u64;
        let parts = take_apart(&good);
        assert_eq!(put_together(&parts, checkpoint::VERSION, None), good);
        stages.push(load(good.clone()).unwrap().0.stage);
        let mut check = |bytes: Vec<u8>, what: &str, may_load: bool| match load(bytes) {
            Ok(_) if may_load => rounds_loaded += 1,
            Ok(_) => panic!("{what}: accepted"),
            Err(e @ (Error::Checkpoint { .. } | Error::TooLarge(_))) => {
                refused += 1;
                assert!(matches!(e, Error::TooLarge(_)) || e.to_string().starts_with("crafted.ckpt: "), "{e}")
            }
            Err(e) => panic!("{what}: {e}"),
        };
        for v in crafted_values(checkpoint::VERSION as u64, len, u32::MAX as u64, &[2, 8, 16], &[8, 2]) {
            check(put_together(&parts, v as u32, None), &format!("version {v}"), false);
        }
        for v in crafted_values(parts.text.len() as u64, len, u32::MAX as u64, &[2, 8, 16], &[8, 2]) {
            check(put_together(&parts, checkpoint::VERSION, Some(v as u32)), &format!("text_len {v}"), false);
        }
        for (k, (tag, n, _)) in parts.sections.iter().enumerate() {
            for v in crafted_values(*n, len, u64::MAX, &[2, 8, 16], &[8, 2]) {
                let mut crafted = Sections { text: parts.text.clone(), sections: parts.sections.clone() };
                crafted.sections[k].1 = v;
                check(
                    put_together(&crafted, checkpoint::VERSION, None),
                    &format!("{} length {v}", String::from_utf8_lossy(tag)),
                    false,
                );
            }
        }
        for (l, line) in parts.text.lines().enumerate() {
            let (key, value) = line.split_once('=').unwrap();
            let Ok(v) = value.parse::<u64>() else { continue };
            for x in crafted_values(v, len, u64::MAX, &[2, 8, 16], &[8, 2]) {
                let mut lines: Vec<String> = parts.text.lines().map(str::to_string).collect();
                lines[l] = format!("{key}={x}");
                let crafted = Sections { text: lines.join("\n") + "\n", sections: parts.sections.clone() };
                check(
                    put_together(&crafted, checkpoint::VERSION, None),
                    &format!("{line} set to {x}"),
                    key == "round" && x <= u32::MAX as u64,
                );
            }
        }
    }
    assert!(matches!(stages[0], Stage::Search { .. }), "{:?}", stages[0]);
    assert!(matches!(stages[1], Stage::Rounds { .. }), "{:?}", stages[1]);
    println!("{refused} crafted checkpoints refused, {rounds_loaded} with another round in range loaded");
    assert!(refused > 300, "{refused}");
}
