//! Games of the library solved densely by a cluster of processes over loopback TCP
//! (`DenseStore::solve_on` with a `nimber_cluster::dataflow::Cluster`, as `nimber solve GAME
//! --cluster` runs them): this test binary starts copies of itself,
//! one per process, each running the ignored test `game_process`. Tic-tac-toe (5,478
//! positions, ties) and Dodgem 3x3 and 4x4 (the latter with draws: 395,294 positions) by 2, 3
//! and 4 processes: process 0 writes the store, byte for byte the store of the one-process
//! dense solve (`DenseStore::solve_and_save`).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nimber_cluster::dataflow::Cluster;
use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::view::dense::{Dense, DenseStore};
use nimber_engine::{GameId, Silent, SolveOptions};
use nimber_games::dodgem::Dodgem;
use nimber_games::tictactoe::TicTacToe;

/// `PROCESS;OUT_FILE;ADDRESS,ADDRESS,...;GAME`.
const PART: &str = "NIMBER_CLUSTER_GAME_PART";

/// Solves `game` (named `name`) as a process of the cluster, the way `nimber solve GAME
/// --cluster` does ([`DenseStore::solve_on`]): process 0 writes the store at `out`.
fn run<G: SlotMoves>(game: G, name: &str, cluster: Cluster, out: &Path) {
    let dense = Dense(game);
    if let Err(e) =
        dense.solve_on(&cluster, Some(out), &GameId::new(name, Vec::new()), &SolveOptions::default(), &Silent)
    {
        std::fs::write(out, format!("error: {e}")).unwrap();
        std::process::exit(2);
    }
}

/// One process of a cluster (run by the test below as a child process).
#[test]
#[ignore = "a process of the clusters the other test starts"]
fn game_process() {
    let part = std::env::var(PART).expect("run by the cluster test");
    let fields: Vec<&str> = part.split(';').collect();
    let process: usize = fields[0].parse().unwrap();
    let out = PathBuf::from(fields[1]);
    let addresses: Vec<String> = fields[2].split(',').map(String::from).collect();
    let name = fields[3];
    let cluster = Cluster {
        process,
        addresses,
        threads: 1,
        connect_within: Duration::from_secs(30),
        identity: name.into(),
        exchange_log: None,
    };
    match name {
        "tictactoe" => run(TicTacToe, name, cluster, &out),
        "dodgem3" => run(Dodgem::new(3).unwrap(), name, cluster, &out),
        "dodgem4" => run(Dodgem::new(4).unwrap(), name, cluster, &out),
        _ => panic!("unknown game {name}"),
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimber-cluster-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Solves `name` with `processes` processes over loopback; the store process 0 wrote.
fn by_cluster(name: &str, processes: usize) -> Vec<u8> {
    let listeners: Vec<_> =
        (0..processes).map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap()).collect();
    let addresses: Vec<String> =
        listeners.iter().map(|l| format!("127.0.0.1:{}", l.local_addr().unwrap().port())).collect();
    drop(listeners);
    let out = temp(&format!("{name}-{processes}.nimber"));
    let mut children: Vec<Child> = (0..processes)
        .map(|i| {
            Command::new(std::env::current_exe().unwrap())
                .args(["--exact", "game_process", "--ignored", "--nocapture", "--test-threads=1"])
                .env(PART, format!("{i};{};{};{name}", out.display(), addresses.join(",")))
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let started = Instant::now();
    for (i, child) in children.iter_mut().enumerate() {
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(started.elapsed() < Duration::from_secs(300), "{name}: process {i} still running");
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(
            status.success(),
            "{name}: process {i}: {}",
            std::fs::read_to_string(&out).unwrap_or_default()
        );
    }
    std::fs::read(&out).unwrap()
}

fn check<G: SlotMoves>(game: G, name: &str, positions: u64) {
    let path = temp(&format!("{name}-alone.nimber"));
    let report = Dense(game)
        .solve_and_save(&path, &GameId::new(name, Vec::new()), &SolveOptions::default(), &Silent)
        .unwrap();
    assert_eq!(report.positions, positions, "{name}");
    let alone = std::fs::read(&path).unwrap();
    for processes in [2, 3, 4] {
        let clustered = by_cluster(name, processes);
        assert!(
            clustered == alone,
            "{name}: the store of {processes} processes differs from the one-process store"
        );
    }
}

#[test]
fn stores_of_cluster_solves_are_the_one_process_stores() {
    check(TicTacToe, "tictactoe", 5478);
    check(Dodgem::new(3).unwrap(), "dodgem3", 2055);
    check(Dodgem::new(4).unwrap(), "dodgem4", 395_294);
}
