//! Writes the seed inputs of the fuzz corpus: valid inputs of every target, so that the fuzzer
//! starts deep in the parsers. Run by hand after a format changes, then minimize the corpus
//! (see fuzz/README.md):
//!
//! ```text
//! cargo test --release -p nimber-fuzz --test seeds -- --ignored
//! ```
//!
//! Seeds are files `seed-*` in `fuzz/corpus/TARGET` (old seeds are replaced; what campaigns
//! added stays).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use nimber_engine::store::checkpoint::CheckpointOptions;
use nimber_engine::{DynGame, Error, Game, Notation, Progress, Silent, SolveOptions};
use nimber_fuzz::NOTATION_GAMES;
use nimber_games::Recipe;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Replaces the seeds of `target` with `seeds`.
fn write(target: &str, seeds: &[Vec<u8>]) {
    let dir = root().join("fuzz/corpus").join(target);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().unwrap().to_string_lossy().starts_with("seed-") {
            std::fs::remove_file(path).unwrap();
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut n = 0;
    for seed in seeds {
        if seen.insert(seed.clone()) {
            std::fs::write(dir.join(format!("seed-{n:03}")), seed).unwrap();
            n += 1;
        }
    }
    eprintln!("{target}: {n} seeds");
}

fn problem_seeds(dir: &str) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("crates/problems/tests/data").join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).filter(|d| d.len() <= 64 * 1024).collect()
}

/// A deterministic walk of up to `steps` moves from the start, through the rules.
fn walk<G: Game + Notation<<G as Game>::Position>>(game: &G, steps: usize, seed: u64) -> Vec<String> {
    let mut pos = game.start();
    let mut out = vec![game.format(&pos)];
    let mut x = seed;
    for _ in 0..steps {
        if game.terminal(&pos).is_some() {
            break;
        }
        let moves = game.moves(&pos);
        if moves.is_empty() {
            break;
        }
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        pos = moves[(x >> 33) as usize % moves.len()].to.clone();
        out.push(game.format(&pos));
    }
    out
}

/// Positions of a small game reached by queries (each solves from the position).
fn query_walk(game: &dyn DynGame, steps: usize) -> Vec<String> {
    let mut out = vec![game.start_text()];
    let mut at: Option<String> = None;
    for step in 0..steps {
        let Ok(report) = game.query(at.as_deref(), &Silent) else { break };
        if report.moves.is_empty() {
            break;
        }
        let next = report.moves[(step * 7 + 3) % report.moves.len()].position.clone();
        out.push(next.clone());
        at = Some(next);
    }
    out
}

/// Requests as a client sends them on one connection (the first byte of a seed sets the bytes
/// per read): the routes of the API, kept-alive pairs, bodies announced by `Content-Length`, and
/// the malformed kinds the server must refuse.
fn http_seeds() -> Vec<Vec<u8>> {
    let post = |path: &str, body: &str| {
        format!("POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len())
    };
    let requests = [
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".to_string(),
        "GET /api/games HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /api/stores HTTP/1.0\r\n\r\n"
            .to_string(),
        "\r\n\r\nGET /api/job HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".to_string(),
        post("/api/solve", r#"{"game":"nim","params":{"heaps":"1,2,3"}}"#),
        post("/api/query", r#"{"game":"tictactoe","position":"x........"}"#)
            + post("/api/game", r#"{"game":"dodgem","params":{"n":"3"}}"#).as_str(),
        post("/api/sequence", r#"{"code":"0.07","upto":100}"#)
            .replace("Content-Type", "Expect: 100-continue\r\nContent-Type"),
        "POST /api/explore HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!".to_string(),
        "POST /api/solve HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".to_string(),
        "POST /api/solve HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n".to_string(),
        "GET /api/games HTTP/2.0\r\n\r\n".to_string(),
        "GET  /api/games HTTP/1.1\r\nBad Header\r\n\r\n".to_string(),
        format!("GET / HTTP/1.1\r\n{}\r\n", "X-A: b\r\n".repeat(101)),
        "DELETE /api/job HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc".to_string(),
        "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\nabc".to_string(),
    ];
    let mut seeds = Vec::new();
    for (i, r) in requests.iter().enumerate() {
        for chunk in [255u8, [0, 6, 99][i % 3]] {
            let mut seed = vec![chunk];
            seed.extend_from_slice(r.as_bytes());
            seeds.push(seed);
        }
    }
    seeds
}

/// Values and comparisons from the documentation and the tests of `nimber value`.
fn value_seeds() -> Vec<Vec<u8>> {
    [
        "0",
        "3/4",
        "-1/2",
        "*",
        "*3",
        "^",
        "v2",
        "^^",
        "1/2^*",
        "-1v*",
        "+-1",
        "{2|-1/2}",
        "{2||1|0}",
        "{1,*|0}",
        "{0|^*}",
        "{2|-1/2} + ^* - 1/4",
        "{1|-1} > 0",
        "^ || *",
        "^ <| *",
        "1/2 <= 3/4",
        "(^ + *) - (1 - {0|1})",
        "{{2|1}|0} == {2|1||0}",
        "- -{|}",
        "cool({2|-1/2}, 1)",
        "cool(+-1, 1) == *",
        "mean({3|1||0}) + temperature(+-1/2)",
        "cool(^, -1/2)",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect()
}

#[test]
#[ignore = "writes the seeds of fuzz/corpus; run by hand"]
fn write_seeds() {
    write("http", &http_seeds());
    write("value", &value_seeds());
    write("hosts", &hosts_seeds());
    for (target, dir) in [
        ("problem_berzerk", "berzerk"),
        ("problem_enjapma", "enjapma"),
        ("problem_fivehundredeleven", "fivehundredeleven"),
        ("problem_gameindarkness", "gameindarkness"),
        ("problem_more_reclamation", "more-reclamation"),
        ("problem_pathgame", "pathgame"),
    ] {
        write(target, &problem_seeds(dir));
    }

    // Positions: the start of every game of the notation target and positions reached from it.
    let mut seeds = Vec::new();
    for (i, &(name, params)) in NOTATION_GAMES.iter().enumerate() {
        let positions = match (name, params) {
            ("dobutsu", _) => {
                (0..4).flat_map(|s| walk(&nimber_games::dobutsu::Dobutsu, 12, s)).collect::<Vec<_>>()
            }
            ("dodgem", [p]) => {
                let n = p.trim_start_matches("n=").parse().unwrap();
                let game = nimber_games::dodgem::Dodgem::new(n).unwrap();
                (0..4).flat_map(|s| walk(&game, 12, s)).collect()
            }
            ("graph", _) => {
                let text = std::fs::read_to_string(root().join("examples/graphs/loopy.txt")).unwrap();
                let graph = nimber_games::graph::Graph::from_text(&text, "loopy.txt", None).unwrap();
                (0..graph.len() as u32).map(|id| graph.name(id).to_string()).take(8).collect()
            }
            ("berzerk", [_, ..]) => vec![nimber_games::build(name, params).unwrap().start_text()],
            ("connect4", _) => {
                let game = nimber_games::connect4::ConnectFour::new(7, 6).unwrap();
                (0..4).flat_map(|s| walk(&game, 20, s)).collect()
            }
            _ => query_walk(&*nimber_games::build(name, params).unwrap(), 6),
        };
        for text in positions {
            let mut seed = vec![i as u8];
            seed.extend_from_slice(text.as_bytes());
            seeds.push(seed);
        }
    }
    write("notation", &seeds);

    // Parameters: every game of the notation target but the graph, by its parameters.
    let mut seeds: Vec<Vec<u8>> = NOTATION_GAMES
        .iter()
        .filter(|(name, _)| *name != "graph")
        .map(|(name, params)| {
            std::iter::once(*name).chain(params.iter().copied()).collect::<Vec<_>>().join("\n").into_bytes()
        })
        .collect();
    for text in [
        "nim\nheaps=1,2,3\nmax=5\ncount=4",
        "octal\ncode=0.137\nheaps=3,4",
        "octal\ncode=grundy",
        "octal\ncode=0.F",
        "dodgem\nn=2",
        "tictactoe",
        "domineering\nrows=1\ncols=8\nfamily=boards",
        "clobber\nboard=xo\nrows=2\ncols=3",
        "cutcake\ncakes=2x3 1x1\nrows=16\ncols=16",
        "toadsandfrogs\nboard=T.F\nsquares=8\nfamily=starts",
        "hackenbush\nforest=BR G\nedges=8\ncolours=BR\nfamily=forests",
    ] {
        seeds.push(text.as_bytes().to_vec());
    }
    write("params", &seeds);

    // Graph files.
    let mut seeds: Vec<Vec<u8>> = ["cycle.txt", "loopy.txt"]
        .iter()
        .map(|f| std::fs::read(root().join("examples/graphs").join(f)).unwrap())
        .collect();
    for text in [
        "a b\nb c\nc a\n",
        "# a comment\nstart end\nend lose\n",
        "x y\ny x\nx z\nz win\n",
        "p p\n",
        "a b\na c\nb d\nc d\nd tie\n",
        "1 2\n2 3\n3 4\n4 5\n5 1\n3 6\n6 lose\n",
    ] {
        seeds.push(text.as_bytes().to_vec());
    }
    write("graph", &seeds);

    // Rules over the features a, b, c, moves.
    let seeds: Vec<Vec<u8>> = [
        "(a ^ b ^ c) == 0",
        "(a + b) % 3 == 0",
        "a / b == 1",
        "if a > 3 { \"draw\" } else { \"win\" }",
        "min(a, b) + abs(b - 5) == 4",
        "(2*a + 2*b) % 3",
        "a << 2 | b >> 1",
        "moves == 0 && !(a != b) || c >= 7",
        "a ** 2 - b * c",
        "\"lose\"",
        "max(a, max(b, c)) <= moves",
        "a + b + c + moves == 10 && a - b < c",
        // Rules about game values (over the features of a survey of values).
        "if rows == 1 { -(cols / 2) } else { \"+-1\" }",
        "temperature <= 1.5 && number == ()",
        "if left_stop > right_stop { \"N\" } else { \"{2|-1/2}\" }",
        "mean * 4 - 3",
        "if cols >= rows { (cols >> log2(rows)) - 1 } else { 1 - (rows >> log2(cols)) }",
        "log2(a) + log2(b - c)",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    write("rule", &seeds);

    let dir = std::env::temp_dir().join(format!("nimber-fuzz-seeds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cycle = root().join("examples/graphs/cycle.txt").display().to_string();
    let games: Vec<(&str, Vec<String>)> = vec![
        ("tictactoe", vec![]),
        ("nim", vec!["heaps=1,2".into()]),
        ("nim", vec!["heaps=2,3,1".into()]),
        ("dodgem", vec!["n=2".into()]),
        ("graph", vec![format!("file={cycle}")]),
    ];

    // Stores: small solved games.
    let mut seeds = Vec::new();
    for (i, (name, params)) in games.iter().enumerate() {
        let recipe = Recipe::parse(name, params).unwrap();
        let game = recipe.build_dense().unwrap().unwrap();
        let path = dir.join(format!("{i}.nimberdb"));
        game.dense().unwrap().solve_and_save(&path, recipe.id(), &SolveOptions::default(), &Silent).unwrap();
        seeds.push(std::fs::read(&path).unwrap());
    }
    write("store", &seeds);

    // Checkpoints: solves stopped after every poll, in the search and in the rounds.
    let mut seeds = Vec::new();
    for (i, (name, params)) in games.iter().enumerate().take(4) {
        let recipe = Recipe::parse(name, params).unwrap();
        let game = recipe.build_dense().unwrap().unwrap();
        for stop in [1, 2, 3, 5, 8, 13] {
            let path = dir.join(format!("{i}-{stop}.checkpoint"));
            let mut options = CheckpointOptions::new(&path, recipe.id());
            options.every = std::time::Duration::ZERO;
            let solve = SolveOptions { checkpoint: Some(options), ..SolveOptions::default() };
            let stopper = StopAfter(AtomicU64::new(stop));
            match game.solve(&solve, &stopper) {
                Err(Error::Cancelled { .. }) => seeds.push(std::fs::read(&path).unwrap()),
                Ok(_) => {}
                Err(e) => panic!("{name}: {e}"),
            }
            let _ = std::fs::remove_file(&path);
        }
    }
    write("checkpoint", &seeds);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Asks to stop at the given poll.
struct StopAfter(AtomicU64);

impl Progress for StopAfter {
    fn cancelled(&self) -> bool {
        self.0.fetch_sub(1, Ordering::Relaxed) <= 1
    }
}

/// Host files: good ones (comments, blank lines, IPv6 in brackets) and bad lines.
fn hosts_seeds() -> Vec<Vec<u8>> {
    [
        "127.0.0.1:7000\n127.0.0.1:7001\n",
        "# the cluster\n\nnode1:7000\n  node2:7000  \n[::1]:7002\n",
        "node1:7000\nnode2 7000\n",
        "node:0\n",
        "node:65536\n",
        ":7000\n",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect()
}
