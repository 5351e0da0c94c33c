//! Retrograde analysis by a cluster of processes over loopback TCP
//! (`nimber_cluster::dataflow::solve_cluster`): this test binary starts copies of itself, one
//! per process of the cluster, each running the ignored test `cluster_process` with its part in
//! the environment. The synthetic cyclic space of the engine's retrograde benchmark (2^16
//! positions in 16 partitions, all four values) solved by 2, 3 and 4 processes of one worker
//! each, and by 2 processes of 2 workers, gives every position the words of the one-process
//! solve; a process whose peers never come gives up within its connection time-out with an
//! error, and exits with status 2; so does every process of a cluster whose processes were
//! started for different solves, and the process left when another is killed mid-solve.

#[path = "../../engine/tests/common/synthetic.rs"]
mod synthetic;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nimber_cluster::dataflow::{solve_cluster, Cluster};
use nimber_engine::solve::retrograde::Rounds;
use nimber_engine::{Progress, Silent};

use synthetic::Synthetic;

/// The environment variable that makes `cluster_process` a process of a cluster:
/// `PROCESS;THREADS;CONNECT_SECONDS;OUT_FILE;ADDRESS,ADDRESS,...[;LOG2_POSITIONS[;IDENTITY]]`
/// (2^16 positions and identity `synthetic` by default).
const PART: &str = "NIMBER_CLUSTER_TEST_PART";

fn space() -> Synthetic {
    Synthetic::new(16, 5)
}

/// Creates a file when the solve reports its first phase (process 0's worker 0 reports: the
/// cluster is connected by then).
struct Started(PathBuf);

impl Progress for Started {
    fn phase(&self, _name: &str, _total: Option<u64>) {
        if !self.0.exists() {
            std::fs::write(&self.0, b"").unwrap();
        }
    }
}

/// One process of a cluster (run by the tests below as a child process): solves its part and
/// writes to the out file, in process 0, the words of every position (little-endian u32; the
/// other processes write nothing), or the error's message after `error: ` and exits with
/// status 2.
#[test]
#[ignore = "a process of the clusters the other tests start"]
fn cluster_process() {
    let part = std::env::var(PART).expect("run by the loopback tests");
    let fields: Vec<&str> = part.split(';').collect();
    let process: usize = fields[0].parse().unwrap();
    let threads: usize = fields[1].parse().unwrap();
    let connect = Duration::from_secs(fields[2].parse().unwrap());
    let out = PathBuf::from(fields[3]);
    let addresses: Vec<String> = fields[4].split(',').map(String::from).collect();
    let log2n = fields.get(5).map_or(16, |n| n.parse().unwrap());
    let identity = fields.get(6).unwrap_or(&"synthetic").to_string();
    let started = Started(out.with_extension("started"));
    let cluster =
        Cluster { process, addresses, threads, connect_within: connect, identity, exchange_log: None };
    match solve_cluster::<_, u32>(&Synthetic::new(log2n, 5), &cluster, &started) {
        Ok(words) => {
            let bytes: Vec<u8> = words.iter().flatten().flat_map(|w| w.to_le_bytes()).collect();
            std::fs::write(&out, bytes).unwrap();
        }
        Err(e) => {
            std::fs::write(&out, format!("error: {e}")).unwrap();
            std::io::stdout().flush().unwrap();
            std::process::exit(2);
        }
    }
}

/// Ports free on loopback now (bound, then let go).
fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<_> = (0..n).map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap()).collect();
    listeners.iter().map(|l| l.local_addr().unwrap().port()).collect()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimber-cluster-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Starts process `process` of the cluster at `addresses`, writing to `out`.
fn start(process: usize, threads: usize, connect_seconds: u64, out: &Path, addresses: &[String]) -> Child {
    start_part(&format!("{process};{threads};{connect_seconds};{};{}", out.display(), addresses.join(",")))
}

/// Starts a process of a cluster with its part.
fn start_part(part: &str) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "cluster_process", "--ignored", "--nocapture", "--test-threads=1"])
        .env(PART, part)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `child` at most `limit` (then kills it and fails); its exit code.
fn wait(child: &mut Child, limit: Duration) -> i32 {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("a cluster process still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The words in an out file.
fn read_words(out: &Path) -> Vec<u32> {
    let bytes = std::fs::read(out).unwrap();
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn processes_over_loopback_give_the_one_process_words() {
    let want = Rounds::<_, u32>::new(&space()).words(&Silent).unwrap();
    for (processes, threads) in [(2, 1), (3, 1), (4, 1), (2, 2)] {
        let addresses: Vec<String> = free_ports(processes).iter().map(|p| format!("127.0.0.1:{p}")).collect();
        let outs: Vec<PathBuf> =
            (0..processes).map(|i| temp(&format!("{processes}x{threads}-{i}.out"))).collect();
        let mut children: Vec<Child> =
            (0..processes).map(|i| start(i, threads, 30, &outs[i], &addresses)).collect();
        for (i, child) in children.iter_mut().enumerate() {
            let code = wait(child, Duration::from_secs(120));
            assert_eq!(
                code,
                0,
                "process {i} of {processes}: {}",
                std::fs::read_to_string(&outs[i]).unwrap_or_default()
            );
        }
        let got = read_words(&outs[0]);
        assert!(outs[1..].iter().all(|o| read_words(o).is_empty()), "only process 0 has the words");
        let differ = got.iter().zip(&want).filter(|(a, b)| a != b).count();
        assert_eq!((got.len(), differ), (want.len(), 0), "{processes} processes of {threads} workers");
    }
}

#[test]
fn a_process_whose_peers_never_come_gives_up() {
    // Process 0 waits for the others to connect; process 1 connects to process 0: alone, each
    // waits for a peer that never comes.
    for lonely in [0, 1] {
        let addresses: Vec<String> = free_ports(2).iter().map(|p| format!("127.0.0.1:{p}")).collect();
        let out = temp(&format!("lonely-{lonely}.out"));
        let started = Instant::now();
        let mut child = start(lonely, 1, 2, &out, &addresses);
        let code = wait(&mut child, Duration::from_secs(60));
        let message = std::fs::read_to_string(&out).unwrap();
        assert_eq!(code, 2, "{message}");
        let why = if lonely == 0 {
            "processes [1] did not connect within 2 s".to_string()
        } else {
            format!("process 0 at {} not reached", addresses[0])
        };
        assert!(
            message.starts_with(&format!(
                "error: process {lonely}: cannot connect with the other processes of the cluster: {why}"
            )) && message.ends_with("within 2 s"),
            "{message}"
        );
        assert!(started.elapsed() >= Duration::from_secs(2), "gave up before its time-out");
    }
}

#[test]
fn a_killed_process_makes_the_others_stop_with_an_error() {
    // 2^23 positions: the solve lasts long enough to be cut.
    let addresses: Vec<String> = free_ports(2).iter().map(|p| format!("127.0.0.1:{p}")).collect();
    let outs: Vec<PathBuf> = (0..2).map(|i| temp(&format!("killed-{i}.out"))).collect();
    let mut children: Vec<Child> = (0..2)
        .map(|i| start_part(&format!("{i};1;30;{};{};23", outs[i].display(), addresses.join(","))))
        .collect();
    let started = outs[0].with_extension("started");
    let waiting = Instant::now();
    while !started.exists() {
        assert!(waiting.elapsed() < Duration::from_secs(60), "the cluster never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    children[1].kill().unwrap();
    let _ = children[1].wait();
    let killed = Instant::now();
    let code = wait(&mut children[0], Duration::from_secs(60));
    let message = std::fs::read_to_string(&outs[0]).unwrap();
    assert_eq!(code, 2, "{message}");
    assert!(killed.elapsed() < Duration::from_secs(10), "{:?} after the kill", killed.elapsed());
    assert!(
        message.starts_with("error: process 0: the cluster failed (timely communication error:")
            && message.ends_with("a process stopped, or the network between them"),
        "{message}"
    );
    // No panic message or backtrace on the terminal.
    let mut stderr = String::new();
    std::io::Read::read_to_string(children[0].stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"), "{stderr}");
}

#[test]
fn processes_started_for_different_solves_refuse_it() {
    let addresses: Vec<String> = free_ports(3).iter().map(|p| format!("127.0.0.1:{p}")).collect();
    let outs: Vec<PathBuf> = (0..3).map(|i| temp(&format!("differ-{i}.out"))).collect();
    // Process 2 was started for another game.
    let identities = ["game=a", "game=a", "game=b"];
    let mut children: Vec<Child> = (0..3)
        .map(|i| {
            start_part(&format!(
                "{i};1;30;{};{};16;{}",
                outs[i].display(),
                addresses.join(","),
                identities[i]
            ))
        })
        .collect();
    let expected = ["[2]", "[2]", "[0, 1]"];
    for (i, child) in children.iter_mut().enumerate() {
        let code = wait(child, Duration::from_secs(60));
        let message = std::fs::read_to_string(&outs[i]).unwrap();
        assert_eq!(code, 2, "process {i}: {message}");
        assert_eq!(
            message,
            format!(
                "error: process {i}: processes {} of the cluster were started for another solve (another \
                 game, parameters, index, host list or number of threads)",
                expected[i]
            )
        );
    }
}
