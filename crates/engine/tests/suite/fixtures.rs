//! Stored files written by an earlier nimber (`tests/fixtures/`, written by `write_fixtures`
//! below before the store and checkpoint code was reorganised): each still reads, holds the
//! solution of a fresh solve, and the same solve written again gives the same bytes. Stores of
//! the synthetic cyclic game (2^15 slots, two blocks; wins with their remoteness and wins found
//! from the moves), the checkpoints of a dense solve of it (in the search and in the rounds) and
//! one member's checkpoint of a solve split over members.
//!
//! To write the fixtures again (only with a reason: they stand for the files already out there):
//! `NIMBER_WRITE_FIXTURES=1 cargo test -p nimber-engine --test suite fixtures:: -- --ignored`.

use crate::stop_at;
use crate::synthetic;
use crate::synthetic_game;

use std::path::{Path, PathBuf};
use std::time::Duration;

use nimber_engine::solve::exchange::InProcess;
use nimber_engine::solve::retrograde::Phase;
use nimber_engine::store::checkpoint::{
    self, CheckpointOptions, Identity as CheckpointIdentity, Loaded, Stage,
};
use nimber_engine::store::{self, Derived, Entry, LeanSlots, Store, Subject};
use nimber_engine::table::dense;
use nimber_engine::table::dense::DenseSolution;
use nimber_engine::view::dense::{Dense, DenseStore, MemberFn, Members};
use nimber_engine::{Error, GameId, Silent, SolveOptions, SolveReport};

use stop_at::StopAt;
use synthetic::Synthetic;
use synthetic_game::SyntheticGame;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn temp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fixtures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The stores' game: 2^15 slots, two blocks.
const STORE_GAME: (u32, u64) = (15, 5);
/// The checkpoints' game.
const CHECKPOINT_GAME: (u32, u64) = (10, 7);

fn game_id((log2n, seed): (u32, u64)) -> GameId {
    GameId::new(
        "synthetic",
        vec![("log2n".to_string(), log2n.to_string()), ("seed".to_string(), seed.to_string())],
    )
}

/// The stores: file name and how wins are kept.
const STORES: [(&str, Derived); 2] =
    [("synthetic-exact.nimberdb", Derived::Exact), ("synthetic-wins.nimberdb", Derived::Wins)];

fn write_store(solution: &dyn store::Slots, wins: Derived, path: &Path) {
    let id = game_id(STORE_GAME);
    let identity = Subject {
        id: &id,
        scheme: "synthetic-v1",
        size: 1 << STORE_GAME.0,
        rules: 0x0123_4567_89ab_cdef,
        derived: wins,
    };
    store::write(path, &identity, solution, &Silent).unwrap();
}

fn checkpoint_options(path: &Path) -> CheckpointOptions {
    let mut options = CheckpointOptions::new(path, &game_id(CHECKPOINT_GAME));
    options.every = Duration::ZERO;
    options
}

/// The checkpoints of a solve on one machine: file name and the poll the solve is stopped at.
const CHECKPOINTS: [(&str, u64); 2] = [("synthetic-search.nimberck", 0), ("synthetic-rounds.nimberck", 4)];

/// A dense solve of the checkpoints' game stopped at poll `stop_at`, its checkpoint in `path`.
fn write_checkpoint(path: &Path, stop_at: u64) {
    let space = Synthetic::new(CHECKPOINT_GAME.0, CHECKPOINT_GAME.1);
    let err = checkpoint::solve_dense(
        &SyntheticGame(&space),
        None,
        &checkpoint_options(path),
        &StopAt::new(stop_at),
    )
    .err()
    .unwrap();
    assert!(matches!(err, Error::Cancelled { checkpoint: Some(_), .. }), "{err}");
}

/// One member runs the whole split solve, in this process.
struct OneMember;

impl Members for OneMember {
    fn run(&self, _identity: &str, member: &MemberFn<'_>) -> Result<Option<SolveReport>, Error> {
        member(&mut InProcess, true)
    }

    fn members_here(&self) -> (std::ops::Range<usize>, usize) {
        (0..1, 1)
    }
}

/// The member's checkpoint: file name (of member 0 of the base `synthetic-member.nimberck`)
/// and the poll the solve is stopped at.
const MEMBER: (&str, u64) = ("synthetic-member.nimberck.p0", 6);

/// A split solve of the checkpoints' game over one member, stopped at poll `stop_at` (a
/// checkpoint in `BASE.p0`), or run to its end (`None`), resuming with `resume`.
fn split_solve(base: &Path, stop_at: Option<u64>, resume: bool) -> Result<Option<SolveReport>, Error> {
    let space = Synthetic::new(CHECKPOINT_GAME.0, CHECKPOINT_GAME.1);
    let game = Dense(SyntheticGame(&space));
    let mut checkpoint = checkpoint_options(base);
    checkpoint.resume = resume;
    let options = SolveOptions { checkpoint: Some(checkpoint), ..SolveOptions::default() };
    let id = game_id(CHECKPOINT_GAME);
    match stop_at {
        Some(k) => game.solve_on(&OneMember, None, &id, &options, &StopAt::new(k)),
        None => game.solve_on(&OneMember, None, &id, &options, &Silent),
    }
}

#[test]
#[ignore = "writes the fixtures: only with NIMBER_WRITE_FIXTURES=1, and a reason"]
fn write_fixtures() {
    if std::env::var_os("NIMBER_WRITE_FIXTURES").is_none() {
        return;
    }
    let dir = fixtures();
    std::fs::create_dir_all(&dir).unwrap();
    let space = Synthetic::new(STORE_GAME.0, STORE_GAME.1);
    let solution = dense::solve(&SyntheticGame(&space), None, &Silent).unwrap();
    for (name, wins) in STORES {
        write_store(&solution, wins, &dir.join(name));
    }
    for (name, stop_at) in CHECKPOINTS {
        write_checkpoint(&dir.join(name), stop_at);
    }
    let base = temp("synthetic-member.nimberck");
    let err = split_solve(&base, Some(MEMBER.1), false).unwrap_err();
    assert!(matches!(err, Error::Cancelled { checkpoint: Some(_), .. }), "{err}");
    std::fs::copy(checkpoint::member_path(&base, 0), dir.join(MEMBER.0)).unwrap();
}

fn read(name: &str) -> Vec<u8> {
    std::fs::read(fixtures().join(name)).unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

fn store_solution() -> DenseSolution {
    let space = Synthetic::new(STORE_GAME.0, STORE_GAME.1);
    dense::solve(&SyntheticGame(&space), None, &Silent).unwrap()
}

#[test]
fn stores_written_before_read_as_the_solution() {
    let solution = store_solution();
    for (name, wins) in STORES {
        let store = Store::open(&fixtures().join(name)).unwrap();
        let header = store.header();
        assert_eq!(header.id, game_id(STORE_GAME));
        assert_eq!((header.scheme.as_str(), header.size, header.blocks()), ("synthetic-v1", 1 << 15, 2));
        assert_eq!((header.positions, header.rules), (solution.len(), Some(0x0123_4567_89ab_cdef)));
        assert_eq!(header.counts, solution.counts());
        assert_eq!(header.wins_from_moves(), wins == Derived::Wins);
        assert_eq!(header.longest.len(), 4, "{:?}", header.longest);
        let mut seen = 0;
        store
            .scan(|slot, entry| {
                let want = solution.get_slot(slot).expect("a stored slot is solved");
                assert!(entry.holds(want), "{name}: slot {slot} holds {entry:?}, the solve {want:?}");
                assert_eq!(
                    entry == Entry::Win,
                    wins == Derived::Wins && want.value() == nimber_engine::Value::Win
                );
                seen += 1;
                true
            })
            .unwrap();
        assert_eq!(seen, solution.len());
        for (o, slots) in &header.longest {
            assert!(slots.iter().all(|&s| solution.get_slot(s) == Some(*o)), "{o:?} {slots:?}");
        }
    }
}

#[test]
fn stores_written_again_are_the_same_bytes() {
    let solution = store_solution();
    let space = Synthetic::new(STORE_GAME.0, STORE_GAME.1);
    let lean = nimber_engine::table::lean::solve(&SyntheticGame(&space), None, None, &Silent).unwrap();
    for (name, wins) in STORES {
        let path = temp(name);
        write_store(&solution, wins, &path);
        assert!(
            std::fs::read(&path).unwrap() == read(name),
            "{name}: written from a dense solve, other bytes"
        );
        // Every slot is a position of the synthetic game: the lean solve stores the same.
        write_store(&LeanSlots::new(&lean), wins, &path);
        assert!(
            std::fs::read(&path).unwrap() == read(name),
            "{name}: written from a lean solve, other bytes"
        );
        std::fs::remove_file(&path).unwrap();
    }
}

fn checkpoint_identity() -> CheckpointIdentity {
    CheckpointIdentity {
        id: game_id(CHECKPOINT_GAME),
        scheme: "synthetic-v1".into(),
        size: 1 << CHECKPOINT_GAME.0,
    }
}

#[test]
fn checkpoints_written_before_resume_to_the_uninterrupted_solution() {
    let space = Synthetic::new(CHECKPOINT_GAME.0, CHECKPOINT_GAME.1);
    let game = SyntheticGame(&space);
    let want = dense::solve(&game, None, &Silent).unwrap();
    let mut stages = Vec::new();
    for (name, _) in CHECKPOINTS {
        let header = checkpoint::read_header(&fixtures().join(name)).unwrap();
        assert_eq!(header.identity, checkpoint_identity());
        assert_eq!(
            (header.word_bits, header.member.clone()),
            (nimber_engine::table::dense::word_bits(&game), None)
        );
        stages.push(header.stage);
        match header.word_bits {
            8 => assert!(checkpoint::load::<u8>(&fixtures().join(name), &checkpoint_identity()).is_ok()),
            _ => match checkpoint::load::<u16>(&fixtures().join(name), &checkpoint_identity()).unwrap().1 {
                Loaded::Search(_) => assert!(matches!(header.stage, Stage::Search { .. })),
                Loaded::Rounds(set, resume) => {
                    assert_eq!(set.count(), want.len());
                    assert_eq!(resume.words.len() as u64, want.len());
                }
            },
        }
        let path = temp(name);
        std::fs::copy(fixtures().join(name), &path).unwrap();
        let mut options = checkpoint_options(&path);
        options.resume = true;
        let resumed = checkpoint::solve_dense(&game, None, &options, &Silent).unwrap();
        assert!(
            resumed.len() == want.len() && (0..want.len()).all(|k| resumed.get_nth(k) == want.get_nth(k))
        );
        options.remove().unwrap();
    }
    assert_eq!(stages[0], Stage::Search { level: 0 });
    assert!(matches!(stages[1], Stage::Rounds { phase: Phase::WinsLosses, round: 1.. }), "{:?}", stages[1]);
}

#[test]
fn checkpoints_written_again_are_the_same_bytes() {
    for (name, stop_at) in CHECKPOINTS {
        let path = temp(name);
        write_checkpoint(&path, stop_at);
        assert!(std::fs::read(&path).unwrap() == read(name), "{name}: other bytes");
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn a_members_checkpoint_written_before_resumes_and_is_written_again_the_same() {
    let (name, stop_at) = MEMBER;
    let header = checkpoint::read_header(&fixtures().join(name)).unwrap();
    assert_eq!(header.identity, checkpoint_identity());
    let part = header.member.clone().expect("a member's checkpoint");
    assert_eq!((part.index, part.count, part.slots.clone()), (0, 1, 0..1 << CHECKPOINT_GAME.0));
    assert!(matches!(header.stage, Stage::Rounds { .. }), "{:?}", header.stage);
    let bytes = read(name);
    let checked = match header.word_bits {
        8 => checkpoint::check_from::<u8, _>(
            std::io::Cursor::new(&bytes),
            Path::new(name),
            &checkpoint_identity(),
            Some(&part),
        ),
        _ => checkpoint::check_from::<u16, _>(
            std::io::Cursor::new(&bytes),
            Path::new(name),
            &checkpoint_identity(),
            Some(&part),
        ),
    };
    assert_eq!(checked.unwrap(), header);

    // Written again by the same solve stopped at the same point: the same bytes.
    let base = temp("again-member.nimberck");
    let err = split_solve(&base, Some(stop_at), false).unwrap_err();
    assert!(matches!(err, Error::Cancelled { checkpoint: Some(_), .. }), "{err}");
    let written = checkpoint::member_path(&base, 0);
    assert!(std::fs::read(&written).unwrap() == bytes, "{name}: other bytes");
    for file in checkpoint::member_files(&base, 0) {
        let _ = std::fs::remove_file(file);
    }

    // Resumed from the fixture: the uninterrupted solve's report.
    let want = split_solve(&temp("plain-member.nimberck"), None, false).unwrap().unwrap();
    let base = temp("resumed-member.nimberck");
    std::fs::copy(fixtures().join(name), checkpoint::member_path(&base, 0)).unwrap();
    let resumed = split_solve(&base, None, true).unwrap().unwrap();
    assert_eq!(
        (resumed.positions, &resumed.counts, &resumed.start),
        (want.positions, &want.counts, &want.start)
    );
    assert!(checkpoint::member_files(&base, 0).iter().all(|f| !f.exists()));
}
