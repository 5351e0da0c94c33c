//! The lean solver (`nimber_engine::table::lean`: two bits per slot, no move counters, the
//! rounds spilled to disk) on the synthetic cyclic game of the retrograde benchmark: every slot
//! is a position, and each must get the outcome `solve_space` gives it, remoteness included,
//! with all four values present, also when terminal positions state a remoteness of 0 to 3 (the
//! pending lists: wins after lost terminal positions, losses examined after slowly won ones,
//! ties after tied ones).

use crate::synthetic;
use crate::synthetic_game;

use nimber_engine::solve::retrograde::solve_space;
use nimber_engine::table::lean;
use nimber_engine::Silent;

use synthetic::Synthetic;
use synthetic_game::SyntheticGame;

#[test]
fn lean_solver_agrees_with_solve_space() {
    let mut by_value = [0u64; 4];
    let mut compared = 0u64;
    for (log2n, seed, remote) in [
        (8, 1, false),
        (12, 2, false),
        (16, 3, false),
        (20, 8, false),
        (8, 4, true),
        (12, 5, true),
        (16, 6, true),
        (20, 9, true),
    ] {
        let space =
            if remote { Synthetic::with_remote_terminals(log2n, seed) } else { Synthetic::new(log2n, seed) };
        let game = SyntheticGame(&space);
        let want = solve_space(&space, &Silent).unwrap();
        let got = lean::solve(&game, None, None, &Silent).unwrap();
        assert_eq!(got.positions(), space.size());
        assert_eq!(got.counts(), want.counts().as_slice(), "2^{log2n} positions, seed {seed}");
        for g in 0..got.groups() {
            let group = got.group(g).unwrap();
            for i in group.range() {
                let o = group.get(i).expect("no holes");
                assert_eq!(o, want.get(i as usize), "2^{log2n} positions, seed {seed}: position {i}");
                by_value[o.value().index()] += 1;
                compared += 1;
            }
        }
    }
    eprintln!(
        "lean vs solve_space, {compared} positions: win {} lose {} tie {} draw {}",
        by_value[0], by_value[1], by_value[2], by_value[3]
    );
    assert_eq!(compared, 2 * (256 + 4096 + 65536 + (1 << 20)));
    assert!(by_value.iter().all(|&n| n > 0), "{by_value:?}");
}

/// A spill directory that a killed solve left (its file unlocked) is removed by the next lean
/// solve in the same place; one whose file is locked (a solve still running) is kept, and so is
/// one without its file yet (a solve starting).
#[cfg(unix)]
#[test]
fn stale_spill_directories_are_removed() {
    let parent = std::env::temp_dir().join(format!("nimber-test-stale-spill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&parent);
    std::fs::create_dir_all(&parent).unwrap();
    let stale = parent.join("nimber-lean-999999999-0");
    std::fs::create_dir_all(&stale).unwrap();
    std::fs::write(stale.join("lists"), [0u8; 1000]).unwrap();
    let running = parent.join("nimber-lean-999999999-1");
    std::fs::create_dir_all(&running).unwrap();
    std::fs::write(running.join("lists"), [0u8; 10]).unwrap();
    let held = std::fs::File::open(running.join("lists")).unwrap();
    // SAFETY: flock on a descriptor that `held` owns (the lock a running solve holds).
    let locked =
        unsafe { libc::flock(std::os::unix::io::AsRawFd::as_raw_fd(&held), libc::LOCK_EX | libc::LOCK_NB) };
    assert_eq!(locked, 0);
    let starting = parent.join("nimber-lean-999999999-2");
    std::fs::create_dir_all(&starting).unwrap();
    let other = parent.join("not-nimber");
    std::fs::create_dir_all(&other).unwrap();

    let space = Synthetic::new(8, 1);
    let game = SyntheticGame(&space);
    let notes = Notes::default();
    let solution = lean::solve(&game, None, Some(&parent), &notes).unwrap();
    assert!(!stale.exists());
    assert!(running.exists() && starting.exists() && other.exists());
    let notes = notes.0.into_inner().unwrap();
    assert!(
        notes.iter().any(|n| n.starts_with("removed 1 spill directory ") && n.contains("1 kB")),
        "{notes:?}"
    );
    // The solve's own directory is there while the solution lives, locked, and goes with it.
    let own: Vec<_> = std::fs::read_dir(&parent)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| ![&running, &starting, &other].contains(&p))
        .collect();
    assert_eq!(own.len(), 1, "{own:?}");
    assert_eq!(lean::remove_stale(&parent), (0, 0));
    drop(solution);
    assert!(!own[0].exists());
    drop(held);
    assert_eq!(lean::remove_stale(&parent).0, 1);
    assert!(!running.exists());
    std::fs::remove_dir_all(&parent).unwrap();
}

/// A progress sink that keeps the notes.
#[derive(Default)]
struct Notes(std::sync::Mutex<Vec<String>>);

impl nimber_engine::Progress for Notes {
    fn note(&self, text: &str) {
        self.0.lock().unwrap().push(text.to_string());
    }
}

/// Under a memory limit that the set of positions examined in a round would pass, the solve goes
/// without it, says so, and finds the same outcomes (2^20 positions); under a limit that the
/// table alone passes, it refuses before starting, with its estimate.
#[test]
fn memory_limit_leaves_out_the_examined_set() {
    let space = Synthetic::new(20, 8);
    let game = SyntheticGame(&space);
    let want = lean::solve(&game, None, None, &Silent).unwrap();
    let limit = lean::estimate_bytes(space.size()) - 1;
    let notes = Notes::default();
    let got = lean::solve(&game, Some(limit), None, &notes).unwrap();
    assert_eq!(got.counts(), want.counts());
    let notes = notes.0.into_inner().unwrap();
    assert!(notes.iter().any(|n| n.contains("without the set of positions examined")), "{notes:?}");
    for g in 0..want.groups() {
        let (a, b) = (want.group(g).unwrap(), got.group(g).unwrap());
        assert!(a.range().all(|s| a.get(s) == b.get(s)), "group {g}");
    }
    let refused = lean::solve(&game, Some(1 << 20), None, &Silent).err().unwrap();
    assert!(refused.to_string().contains("over the memory limit of 1 MiB"), "{refused}");
}
