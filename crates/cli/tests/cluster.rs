//! `nimber solve GAME --local-processes N` and `--cluster HOSTS --process I`: the rounds of a
//! dense solve run on processes that talk over loopback TCP, process 0 printing the result and
//! writing the store. Tic-tac-toe (ties), Dodgem 4x4 (draws: 395,294 positions), a loopy graph
//! with all four values and nim (an impartial game) by 2, 3 and 4 processes: the store is byte
//! for byte the one-process store, and the report (and the list of every position) the
//! one-process one. Errors: a bad host
//! file (line and text), a process number past the file, options the cluster path does not
//! take, a process whose peers never come (a time-out, exit status 2).

mod common;
use common::*;

/// The store of `solve ARGS --save` by one process and by `processes` local processes.
fn stores(args: &[&str], name: &str, processes: usize) -> (Vec<u8>, Vec<u8>) {
    let alone = temp_file(&format!("{name}-alone.nimber"));
    let clustered = temp_file(&format!("{name}-{processes}.nimber"));
    let mut one: Vec<&str> = vec!["solve"];
    one.extend_from_slice(args);
    let mut many = one.clone();
    one.extend_from_slice(&["--save", alone.to_str().unwrap()]);
    let n = processes.to_string();
    many.extend_from_slice(&["--save", clustered.to_str().unwrap(), "--local-processes", &n]);
    ok(&one);
    let text = ok(&many);
    assert!(text.contains("solver: retrograde"), "{text}");
    // What the processes sent each other, in a note (nothing where every position falls in one
    // partition, process 0's, as in the small graph; Dodgem 4x4 has many partitions).
    let note = text.lines().find(|l| l.contains(&format!("cluster: {processes} workers exchanged ")));
    let number_after = |key: &str| -> u64 {
        note.and_then(|l| l.split(key).nth(1))
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no exchange note in:\n{text}"))
    };
    // The search for the positions (slots of other processes' regions, then the set's words),
    // then the rounds' messages.
    let (search, rounds) = (number_after("exchanged "), number_after("then "));
    assert!(search > 0 && rounds > 0 || name != "dodgem4", "{text}");
    (std::fs::read(&alone).unwrap(), std::fs::read(&clustered).unwrap())
}

#[test]
fn local_clusters_write_the_one_process_store() {
    let cycle = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/cycle.txt");
    let graph = format!("file={cycle}");
    let games: [(&[&str], &str); 4] = [
        (&["tictactoe"], "tictactoe"),
        (&["dodgem", "-p", "n=4"], "dodgem4"),
        (&["graph", "-p", &graph], "cycle"),
        (&["nim", "-p", "heaps=3,4,5"], "nim"),
    ];
    for (args, name) in games {
        for processes in [2, 3, 4] {
            let (alone, clustered) = stores(args, name, processes);
            assert!(
                alone == clustered,
                "{name}: the store of {processes} processes is not the one-process store"
            );
        }
    }
}

#[test]
fn the_report_of_a_local_cluster_is_the_one_process_report() {
    let drop_time = |mut j: serde_json::Value| {
        j.as_object_mut().unwrap().remove("seconds");
        j.as_object_mut().unwrap().remove("notes");
        j
    };
    let one = drop_time(json(&["solve", "dodgem", "-p", "n=4", "--json"]));
    let many = drop_time(json(&["solve", "dodgem", "-p", "n=4", "--json", "--local-processes", "3"]));
    assert_eq!(one["positions"], 395_294);
    assert_eq!(many, one);
    // Every position listed (--dump): process 0 hears each one from the process that solved it.
    let (alone, clustered) = (temp_file("ttt-alone.dump"), temp_file("ttt-3.dump"));
    ok(&["solve", "tictactoe", "--dump", alone.to_str().unwrap()]);
    ok(&["solve", "tictactoe", "--dump", clustered.to_str().unwrap(), "--local-processes", "3"]);
    // The same rows; in slot order from the cluster, in the order of the search alone.
    let rows = |path: &std::path::Path| {
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[1..].sort();
        lines
    };
    let listed = rows(&alone);
    assert_eq!(listed.len(), 5_478 + 1, "a header and the 5,478 positions");
    assert!(rows(&clustered) == listed, "the cluster's dump differs");
}

#[test]
fn cluster_errors_are_one_line_and_exit_2() {
    let hosts = temp_file("bad.hosts");
    std::fs::write(&hosts, "# the cluster\n127.0.0.1:7001\nnode2 7002\n").unwrap();
    let h = hosts.to_str().unwrap();
    let err = fails(&["solve", "tictactoe", "--cluster", h, "--process", "0"]);
    assert!(err.contains(&format!("{h}:3: `node2 7002` is not host:port")), "{err}");
    std::fs::write(&hosts, "127.0.0.1:7001\n127.0.0.1:7002\n").unwrap();
    let err = fails(&["solve", "tictactoe", "--cluster", h, "--process", "2"]);
    assert!(err.contains("--process 2: the host file lists 2 processes, numbered from 0"), "{err}");
    let err = fails(&["solve", "tictactoe", "--nim", "--local-processes", "2"]);
    assert!(err.contains("--nim: not available with --cluster or --local-processes"), "{err}");
    // Process 0 locks its --save file as any solve does: a file another solve writes is refused.
    let busy = temp_file("busy.nimber");
    let lock = nimber_engine::store::files::TargetLock::acquire(&busy).unwrap();
    let err = fails(&["solve", "tictactoe", "--local-processes", "2", "--save", busy.to_str().unwrap()]);
    assert!(err.contains("another nimber process") && err.contains("is writing this file"), "{err}");
    drop(lock);
    // Dobutsu's default index leaves out the positions its rules answer for: refused (once, not
    // once per process), where it used to panic in the search.
    let err = fails(&["solve", "dobutsu", "--local-processes", "2"]);
    assert!(err.contains("index scheme dobutsu-live-v1), which only the lean solver solves"), "{err}");
    assert!(!err.contains("process 1"), "{err}");
    // ... and the refusal names the parameter that chooses an index of every position.
    assert!(err.contains("a cluster solves an index of every position"), "{err}");
    assert!(err.contains("for dobutsu, `-p index=full`"), "{err}");
    let err = fails(&["solve", "subtraction", "--local-processes", "2"]);
    assert!(err.contains("subtraction is not solved through a dense index"), "{err}");
    // Alone in a cluster of two: its peer never comes.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    std::fs::write(&hosts, format!("127.0.0.1:{port}\n127.0.0.1:{}\n", port.wrapping_add(1).max(1024)))
        .unwrap();
    let out = nimber(&["solve", "tictactoe", "--cluster", h, "--process", "0", "--connect-timeout", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("nimber: error: process 0: cannot connect with the other processes of the cluster: processes [1] did not connect within 1 s"), "{err}");
    assert!(out.stdout.is_empty(), "nothing on standard output: {:?}", String::from_utf8_lossy(&out.stdout));
}
