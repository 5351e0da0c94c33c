//! The JSON API over real HTTP: a server on an ephemeral port, requests over TCP. Every route
//! of the server is documented in the OpenAPI description and every documented route is served;
//! malformed requests get a 4xx with `{"error": ...}`, never a 5xx or a dropped connection.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use nimber_engine::{Silent, SolveOptions};
use nimber_web::api::ROUTES;
use nimber_web::{Config, Running, Server};
use serde_json::{json, Value as Json};

/// A response: status, headers (lower-case names), body.
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn json(&self) -> Json {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The error message of a failure with this status.
    fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", String::from_utf8_lossy(&self.body));
        self.json()["error"].as_str().expect("an error message").to_string()
    }
}

/// Sends raw bytes and reads the response (the connection is closed after it).
fn raw(url: &str, request: &[u8]) -> Reply {
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream.write_all(request).expect("send");
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).expect("read the response");
    let split = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("a complete head");
    let head = String::from_utf8_lossy(&bytes[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Reply { status, headers, body: bytes[split + 4..].to_vec() }
}

fn host(url: &str) -> &str {
    url.trim_start_matches("http://").trim_end_matches('/')
}

fn send(url: &str, method: &str, path: &str, content_type: Option<&str>, body: &[u8]) -> Reply {
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", host(url));
    if let Some(t) = content_type {
        request.push_str(&format!("Content-Type: {t}\r\n"));
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    let mut bytes = request.into_bytes();
    bytes.extend_from_slice(body);
    raw(url, &bytes)
}

fn get(url: &str, path: &str) -> Reply {
    send(url, "GET", path, None, b"")
}

fn post(url: &str, path: &str, body: &Json) -> Reply {
    send(url, "POST", path, Some("application/json"), body.to_string().as_bytes())
}

fn post_ok(url: &str, path: &str, body: &Json) -> Json {
    let reply = post(url, path, body);
    assert_eq!(reply.status, 200, "{path} {body}: {}", String::from_utf8_lossy(&reply.body));
    reply.json()
}

/// Waits for the current job to end and returns it.
fn wait_job(url: &str) -> Json {
    let started = Instant::now();
    loop {
        let job = get(url, "/api/job").json()["job"].clone();
        if job["state"] != "running" {
            return job;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "the job did not end: {job}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Computes a nim sequence from the API and returns it.
fn sequence(url: &str, body: &Json) -> Json {
    let started = post_ok(url, "/api/sequence", body);
    assert_eq!(started["job"]["kind"], "sequence");
    let job = wait_job(url);
    assert_eq!(job["state"], "done", "{job}");
    job["result"].clone()
}

/// Solves a game from the API and waits for it.
fn solve(url: &str, body: &Json) {
    let reply = post_ok(url, "/api/solve", body);
    if reply["cached"] == true {
        return;
    }
    let job = wait_job(url);
    assert_eq!(job["state"], "done", "{job}");
}

/// A stored tic-tac-toe solve, written once per test process.
fn tictactoe_db() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("web-api-{}-tictactoe.db", std::process::id()));
    if !path.exists() {
        let recipe = nimber_games::Recipe::parse::<&str>("tictactoe", &[]).unwrap();
        let game = recipe.build_dense().unwrap().unwrap();
        game.dense().unwrap().solve_and_save(&path, recipe.id(), &SolveOptions::default(), &Silent).unwrap();
    }
    path
}

fn start(dbs: Vec<PathBuf>) -> Running {
    let config = Config { port: 0, dbs, ..Config::default() };
    let server = Server::bind(&config).expect("bind an ephemeral port");
    assert!(server.url().starts_with("http://127.0.0.1:"), "{}", server.url());
    assert!(!server.url().ends_with(":0/"));
    server.spawn()
}

#[test]
fn openapi_documents_exactly_the_routes() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let reply = get(&url, "/api/openapi.json");
    assert_eq!(reply.header("content-type"), Some("application/json"));
    let doc = reply.json();
    // What is served is what the API's types say (utoipa generates it from them).
    let generated = serde_json::to_value(nimber_web::openapi::generate()).unwrap();
    assert_eq!(doc, generated);
    assert_eq!(doc["openapi"], "3.1.0");
    let mut documented = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            documented.insert((method.to_ascii_uppercase(), path.clone()));
        }
    }
    let served: BTreeSet<(String, String)> =
        ROUTES.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
    assert_eq!(documented, served);
    // Every route answers (no 404 or 405), and every `$ref` resolves.
    for (method, path) in &served {
        let reply = send(&url, method, path, Some("application/json"), b"{}");
        assert!(![404, 405].contains(&reply.status), "{method} {path}: {}", reply.status);
        assert!(reply.status < 500, "{method} {path}");
    }
    let text = doc.to_string();
    for piece in text.split("\"$ref\":\"#/").skip(1) {
        let target = &piece[..piece.find('"').unwrap()];
        let mut node = &doc;
        for part in target.split('/') {
            node = &node[part];
        }
        assert!(!node.is_null(), "unresolved $ref #/{target}");
    }
    server.stop();
}

#[test]
fn page_and_assets_are_served() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let page = get(&url, "/");
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").unwrap().starts_with("text/html"));
    assert!(page.header("content-security-policy").unwrap().contains("default-src 'self'"));
    let html = String::from_utf8(page.body).unwrap();
    for (path, _) in nimber_web::assets::FILES {
        let reply = get(&url, path);
        assert_eq!(reply.status, 200, "{path}");
        if path.ends_with(".js") {
            assert!(reply.header("content-type").unwrap().starts_with("text/javascript"), "{path}");
        }
        let linked = html.contains(&format!("\"{path}\"")) || *path == "/";
        let imported = path.starts_with("/assets/js/") && path != &"/assets/js/main.js";
        assert!(linked || imported, "{path} is neither linked from the page nor a module");
    }
    assert_eq!(get(&url, "/nope").error(404), "no page at /nope");
    server.stop();
}

/// The list of games and the refusals come from the games' facts: every game of the library is
/// listed; exactly those that read files (`Facts::reads_files`) are unavailable and refused with
/// 403, every other one is built; exactly the heap games (`Facts::ruleset`) offer a sequence,
/// and exactly the partizan games with values (`Facts::partizan`) offer values.
#[test]
fn games_served_are_the_ones_that_read_no_files() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let games = get(&url, "/api/games").json();
    let listed = games["games"].as_array().unwrap();
    assert_eq!(listed.len(), nimber_games::all().len());
    let mut refused = Vec::new();
    for (info, entry) in nimber_games::all().iter().zip(listed) {
        assert_eq!(entry["name"], info.name);
        assert_eq!(entry["available"], !info.facts.reads_files, "{}", info.name);
        assert_eq!(entry["sequence"], info.facts.ruleset.is_some(), "{}", info.name);
        assert_eq!(entry["values"], info.facts.partizan.is_some(), "{}", info.name);
        let reply = post(&url, "/api/game", &json!({"game": info.name}));
        if info.facts.reads_files {
            assert_eq!(reply.status, 403, "{}", info.name);
            assert!(reply.error(403).contains("not offered on the web"));
            refused.push(info.name);
        } else {
            assert_eq!(reply.status, 200, "{}: {}", info.name, String::from_utf8_lossy(&reply.body));
            let game = reply.json();
            assert_eq!(game["ruleset"].is_string(), info.facts.ruleset.is_some(), "{}", info.name);
        }
    }
    // The library has one game that reads files.
    assert_eq!(refused, ["graph"]);
    server.stop();
}

#[test]
fn play_tictactoe_through_the_api() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let games = get(&url, "/api/games").json();
    let names: Vec<&str> =
        games["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"tictactoe") && names.contains(&"octal"), "{names:?}");
    let graph = games["games"].as_array().unwrap().iter().find(|g| g["name"] == "graph").unwrap();
    assert_eq!(graph["available"], false);

    let game = post_ok(&url, "/api/game", &json!({"game": "tictactoe"}));
    assert_eq!(
        (game["start"].as_str(), game["kind"].as_str(), game["solved"].as_bool()),
        (Some(".../.../..."), Some("partizan"), Some(false))
    );

    // Not solved yet: a query is refused.
    let err = post(&url, "/api/query", &json!({"game": "tictactoe"})).error(409);
    assert!(err.contains("not solved yet"), "{err}");
    let started = post_ok(&url, "/api/solve", &json!({"game": "tictactoe"}));
    assert_eq!(started["cached"], false);
    assert_eq!(started["job"]["kind"], "solve");
    let job = wait_job(&url);
    assert_eq!(job["state"], "done", "{job}");
    assert_eq!(job["result"]["positions"], 5478);
    assert_eq!(job["result"]["start"], json!({"position": ".../.../...", "value": "tie", "remoteness": 9}));
    // Solved once: kept.
    let again = post_ok(&url, "/api/solve", &json!({"game": "tictactoe", "params": {}}));
    assert_eq!((again["cached"].as_bool(), again["positions"].as_u64()), (Some(true), Some(5478)));

    let start = post_ok(&url, "/api/query", &json!({"game": "tictactoe"}));
    assert_eq!((start["value"].as_str(), start["remoteness"].as_u64()), (Some("tie"), Some(9)));
    assert_eq!(start["moves"].as_array().unwrap().len(), 9);
    // `nimber query tictactoe x.o/.../...`: the moves best first.
    let pos = post_ok(&url, "/api/query", &json!({"game": "tictactoe", "position": "x.o/.../..."}));
    let moves: Vec<(String, String, u64)> = pos["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["label"].as_str().unwrap().into(),
                m["value"].as_str().unwrap().into(),
                m["remoteness"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("a2", "win", 5),
        ("a3", "win", 5),
        ("c3", "win", 5),
        ("b2", "tie", 7),
        ("c2", "tie", 7),
        ("b3", "tie", 7),
        ("b1", "lose", 6),
    ];
    assert_eq!(moves, want.map(|(l, v, r)| (l.to_string(), v.to_string(), r)));
    // Perfect play for both sides from the start ends in a tie.
    let mut position = ".../.../...".to_string();
    for ply in 0..=9 {
        let report = post_ok(&url, "/api/query", &json!({"game": "tictactoe", "position": position}));
        assert_eq!(report["value"], "tie");
        assert_eq!(report["remoteness"], 9 - ply);
        if report["over"] == true {
            assert_eq!(ply, 9);
            break;
        }
        position = report["moves"][0]["position"].as_str().unwrap().to_string();
    }
    // A game finished by a win: the loser to move, no moves.
    let over = post_ok(&url, "/api/query", &json!({"game": "tictactoe", "position": "xxx/oo./..."}));
    assert_eq!(
        (over["value"].as_str(), over["over"].as_bool(), over["remoteness"].as_u64()),
        (Some("lose"), Some(true), Some(0))
    );
    server.stop();
}

#[test]
fn solves_from_a_position_and_games_with_parameters() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let nim = json!({"game": "nim", "params": {"heaps": "1,2,3"}});
    solve(&url, &nim);
    let report = post_ok(&url, "/api/query", &nim);
    assert_eq!((report["position"].as_str(), report["value"].as_str()), (Some("1,2,3"), Some("lose")));
    // A position the solve did not reach: refused, then solved from it.
    let far = json!({"game": "nim", "params": {"heaps": "1,2,3"}, "position": "5,5"});
    let err = post(&url, "/api/query", &far).error(400);
    assert!(err.contains("not reached"), "{err}");
    let from = json!({"game": "nim", "params": {"heaps": "1,2,3"}, "from": "5,6"});
    solve(&url, &from);
    let report = post_ok(&url, "/api/query", &from);
    assert_eq!(
        (report["position"].as_str(), report["value"].as_str(), report["remoteness"].as_u64()),
        (Some("5,6"), Some("win"), Some(11))
    );
    // Numbers are accepted as parameter values; empty values mean the default.
    let game = post_ok(&url, "/api/game", &json!({"game": "dodgem", "params": {"n": 3}}));
    assert_eq!(game["title"], "dodgem n=3");
    let game = post_ok(&url, "/api/game", &json!({"game": "octal", "params": {"code": "", "heaps": "4,6"}}));
    assert_eq!(
        (game["title"].as_str(), game["ruleset"].as_str()),
        (Some("octal code=0.77 heaps=4,6"), Some("0.77"))
    );
    server.stop();
}

#[test]
fn one_job_at_a_time_and_the_server_stays_responsive() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    // Nim with four heaps of 40: a second or more of memo search.
    let big = json!({"game": "nim", "params": {"heaps": "40,40,40,40"}});
    let started = post_ok(&url, "/api/solve", &big);
    assert_eq!(started["job"]["state"], "running");
    let err = post(&url, "/api/solve", &json!({"game": "tictactoe"})).error(409);
    assert!(err.contains("another job is running (nim heaps=40,40,40,40)"), "{err}");
    let err = post(&url, "/api/explore", &json!({"game": "enjapma", "by": ["pieces"]})).error(409);
    assert!(err.contains("another job is running"), "{err}");
    // Other requests are answered at once meanwhile.
    let t = Instant::now();
    let running = get(&url, "/api/job").json();
    assert_eq!(running["job"]["state"], "running");
    assert_eq!(get(&url, "/api/games").status, 200);
    assert_eq!(post(&url, "/api/game", &json!({"game": "dodgem"})).status, 200);
    assert!(post(&url, "/api/sequence", &json!({"ruleset": "0.77"})).error(409).contains("another job"));
    assert!(t.elapsed() < Duration::from_millis(800), "{:?}", t.elapsed());
    let job = wait_job(&url);
    assert_eq!(job["state"], "done", "{job}");
    assert_eq!(job["result"]["start"]["value"], "lose");
    let start = post_ok(&url, "/api/query", &big);
    assert_eq!((start["value"].as_str(), start["remoteness"].as_u64()), (Some("lose"), Some(160)));
    // A game with cycles: Dodgem on 4x4 is a draw.
    let dodgem = json!({"game": "dodgem", "params": {"n": "4"}});
    solve(&url, &dodgem);
    let start = post_ok(&url, "/api/query", &dodgem);
    assert_eq!((start["value"].as_str(), start["remoteness"].as_u64()), (Some("draw"), None));
    // Cancelling when nothing runs reports the last job.
    let cancelled = post_ok(&url, "/api/job/cancel", &json!({}));
    assert_eq!(cancelled["job"]["state"], "done");
    server.stop();
}

#[test]
fn stored_solves() {
    let db = tictactoe_db();
    let server = start(vec![db]);
    let url = server.url().to_string();
    let stores = get(&url, "/api/stores").json();
    let store = &stores["stores"][0];
    assert_eq!(
        (store["game"].as_str(), store["positions"].as_u64(), store["id"].as_u64()),
        (Some("tictactoe"), Some(5478), Some(0))
    );
    let start = post_ok(&url, "/api/query", &json!({"store": 0}));
    assert_eq!((start["value"].as_str(), start["remoteness"].as_u64()), (Some("tie"), Some(9)));
    let pos = post_ok(&url, "/api/query", &json!({"store": 0, "position": "x.o/.../..."}));
    assert_eq!(
        pos["moves"][6],
        json!({"label": "b1", "position": "xxo/.../...", "value": "lose", "remoteness": 6})
    );
    assert_eq!(
        post(&url, "/api/query", &json!({"store": 3})).error(404),
        "no stored solve 3 (see /api/stores)"
    );
    assert!(post(&url, "/api/query", &json!({"store": "x"})).error(400).contains("store id"));
    server.stop();
    // A file that is not a store is refused at start.
    let bad = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-api-not-a-store.db");
    std::fs::write(&bad, b"hello").unwrap();
    assert!(Server::bind(&Config { port: 0, dbs: vec![bad], ..Config::default() }).is_err());
}

/// Six Men's Morris solved tier by tier into a directory (ten tiers, 1,205,908 positions).
fn six_mens_morris_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("web-api-{}-six", std::process::id()));
    if !dir.join("manifest").exists() {
        let recipe = nimber_games::Recipe::parse("morris", &["stones=6"]).unwrap();
        let game = recipe.build().unwrap();
        let tiered = game.tiered().expect("morris is solved tier by tier");
        tiered.solve_into(&dir, recipe.id(), &SolveOptions::default(), None, &Silent).unwrap();
    }
    dir
}

#[test]
fn stored_tiers() {
    let dir = six_mens_morris_dir();
    let server = start(vec![dir.clone()]);
    let url = server.url().to_string();
    let stores = get(&url, "/api/stores").json();
    let store = &stores["stores"][0];
    assert_eq!((store["game"].as_str(), store["positions"].as_u64()), (Some("morris"), Some(1205908)));
    // The empty board lies in no tier: the first position shown is one of tier 6-6.
    let start = store["start"].as_str().unwrap().to_string();
    let shown = post_ok(&url, "/api/query", &json!({"store": 0}));
    assert_eq!(shown["position"].as_str(), Some(start.as_str()));
    // White closes the mill a1 c1 e1 and takes one of Black's three stones: win in 1.
    let pos = post_ok(&url, "/api/query", &json!({"store": 0, "position": "W:a1,c1,e3 B:b3,c4,d2 w"}));
    assert_eq!((pos["value"].as_str(), pos["remoteness"].as_u64()), (Some("win"), Some(1)));
    assert_eq!(pos["moves"].as_array().map(Vec::len), Some(8));
    let placement = post(&url, "/api/query", &json!({"store": 0, "position": "W: B: w 6 6"}));
    assert!(placement.error(400).contains("lies in no tier"), "placement positions are refused");
    // Searched over the tiers instead (a job that reads every position of the tiers from the
    // stores): the last placements, White to place its last stone, closing a mill on e1 or
    // a3 and taking a stone; the best moves close a1 c1 e1.
    let body = json!({"store": 0, "position": "W:a1,c1,a5,b3,d2 B:e5,c5,d4,b4,e3 w 1 1", "moves": true, "remoteness": true});
    post_ok(&url, "/api/search", &body);
    let job = wait_job(&url);
    assert_eq!(job["state"], "done", "{job}");
    let found = &job["result"];
    assert_eq!((found["game"].as_str(), found["value"].as_str()), (Some("morris"), Some("win")), "{job}");
    let moves = found["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 14, "{job}");
    assert!(moves[0]["move"].as_str().unwrap().starts_with("e1x"), "{job}");
    assert!(found["probed"].as_u64().unwrap() > 0, "{job}");
    server.stop();
    // A directory with a tier's store missing is refused at start, naming the file.
    let broken =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("web-api-{}-six-broken", std::process::id()));
    let _ = std::fs::remove_dir_all(&broken);
    std::fs::create_dir_all(&broken).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != "4-4.nimber" {
            std::fs::copy(entry.path(), broken.join(entry.file_name())).unwrap();
        }
    }
    let err = Server::bind(&Config { port: 0, dbs: vec![broken.clone()], ..Config::default() }).err();
    assert!(err.is_some_and(|e| e.to_string().contains("4-4.nimber")));
    let _ = std::fs::remove_dir_all(&broken);
}

#[test]
fn nim_sequences() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let kayles = sequence(&url, &json!({"ruleset": "0.77", "upto": 200}));
    assert_eq!(kayles["title"], "0.77 (Kayles)");
    assert_eq!(kayles["values"].as_array().unwrap().len(), 201);
    assert_eq!(
        kayles["values"].as_array().unwrap()[..12],
        json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]).as_array().unwrap()[..]
    );
    assert_eq!(
        (kayles["period"].as_u64(), kayles["preperiod"].as_u64(), kayles["proved"].as_bool()),
        (Some(12), Some(71), Some(true))
    );
    let short = sequence(&url, &json!({"ruleset": "0.77", "upto": 150}));
    assert_eq!((short["proved"].as_bool(), short["proof_needs_upto"].as_u64()), (Some(false), Some(167)));
    // From a heap game of the library.
    let sub = sequence(&url, &json!({"game": "subtraction", "params": {"set": "1,3,4"}, "upto": 20}));
    assert_eq!(sub["values"], json!([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]));
    assert_eq!(sub["period"], 7);
    let nim = sequence(&url, &json!({"game": "nim", "upto": 5}));
    assert_eq!(nim["values"], json!([0, 1, 2, 3, 4, 5]));
    let grundy = sequence(&url, &json!({"game": "grundy-game", "upto": 10}));
    assert_eq!(grundy["values"], json!([0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]));
    assert!(post(&url, "/api/sequence", &json!({"game": "tictactoe"}))
        .error(400)
        .contains("not a heap game"));
    server.stop();
}

#[test]
fn searches_run_as_jobs() {
    // Connect Four 5x4 from 4453 (moves as column digits), every move searched: the same values
    // as the strong solve's query gives; o wins at once after 1212123 on 7x6, score 22 - 4.
    let server = start(Vec::new());
    let url = server.url().to_string();
    let body = json!({"game": "connect4", "params": {"w": 5, "h": 4}, "position": "4453", "remoteness": true, "moves": true});
    let started = post_ok(&url, "/api/search", &body);
    assert_eq!(started["job"]["kind"], "search");
    let job = wait_job(&url);
    assert_eq!(job["state"], "done", "{job}");
    let found = job["result"].clone();
    assert_eq!(found["position"], "...../...../...o./..oxx");
    assert_eq!(found["moves"].as_array().unwrap().len(), 5, "{found}");
    solve(&url, &json!({"game": "connect4", "params": {"w": 5, "h": 4}}));
    let solved = post_ok(
        &url,
        "/api/query",
        &json!({"game": "connect4", "params": {"w": 5, "h": 4}, "position": "...../...../...o./..oxx"}),
    );
    assert_eq!(found["value"], solved["value"]);
    let mut by_search: Vec<(String, String)> = found["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap().to_string(), m["value"].as_str().unwrap().to_string()))
        .collect();
    let mut by_query: Vec<(String, String)> = solved["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["label"].as_str().unwrap().to_string(), m["value"].as_str().unwrap().to_string()))
        .collect();
    by_search.sort();
    by_query.sort();
    assert_eq!(by_search, by_query);
    post_ok(&url, "/api/search", &json!({"game": "connect4", "position": "1212123", "remoteness": true}));
    let job = wait_job(&url);
    assert_eq!(
        (job["result"]["value"].as_str(), job["result"]["score"].as_i64()),
        (Some("win"), Some(18)),
        "{job}"
    );
    // Refused at once: a position that cannot be read, a flag that is not one.
    let err = post(&url, "/api/search", &json!({"game": "connect4", "position": "128"})).error(400);
    assert!(err.contains("no column 8"), "{err}");
    let err = post(&url, "/api/search", &json!({"game": "connect4", "moves": "yes"})).error(400);
    assert!(err.contains("moves: expected true or false"), "{err}");
    server.stop();
}

#[test]
fn explorations_run_as_jobs() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let started = post_ok(
        &url,
        "/api/explore",
        &json!({"game": "enjapma", "params": {"h": "3", "w": "3"}, "by": ["pieces", "on_dark"]}),
    );
    assert_eq!(started["job"]["kind"], "explore");
    let job = wait_job(&url);
    assert_eq!(job["state"], "done", "{job}");
    let e = &job["result"];
    assert_eq!(e["features"], json!(["pieces", "on_dark"]));
    assert_eq!(e["function"], true);
    assert_eq!(e["rule"], "(pieces + on_dark) % 3 == 0");
    assert_eq!(
        e["cells"][0],
        json!({"key": [0, 0], "entries": [{"value": "lose", "count": 9, "example": e["cells"][0]["entries"][0]["example"]}]})
    );
    let nim = post_ok(
        &url,
        "/api/explore",
        &json!({"game": "nim", "params": {"heaps": "3,3,3"}, "by": "xor", "nim": true}),
    );
    assert_eq!(nim["job"]["kind"], "explore");
    let job = wait_job(&url);
    assert_eq!(job["result"]["nim"], true);
    assert_eq!(job["result"]["cells"][3]["entries"][0]["value"], 3);
    let err = post(&url, "/api/explore", &json!({"game": "enjapma", "by": ["pieces", "nope"]})).error(400);
    assert!(err.contains("nope"), "{err}");
    server.stop();
}

#[test]
fn malformed_requests_get_4xx_with_a_message() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let cases: Vec<(Reply, u16, &str)> = vec![
        (send(&url, "POST", "/api/game", Some("application/json"), b"{\"game\":"), 400, "not JSON"),
        (send(&url, "POST", "/api/game", Some("application/json"), b"[1,2]"), 400, "JSON object"),
        (send(&url, "POST", "/api/game", Some("text/plain"), b"{}"), 415, "application/json"),
        (send(&url, "POST", "/api/game", None, b"{}"), 415, "application/json"),
        (post(&url, "/api/game", &json!({})), 400, "missing field `game`"),
        (post(&url, "/api/game", &json!({"game": 7})), 400, "bad request"),
        (post(&url, "/api/game", &json!({"game": "chess"})), 400, "unknown game `chess`"),
        (
            post(&url, "/api/game", &json!({"game": "nim", "params": {"heapz": "1"}})),
            400,
            "unknown parameter `heapz`",
        ),
        (
            post(&url, "/api/game", &json!({"game": "nim", "params": {"heaps": [1]}})),
            400,
            "expected a string or a number",
        ),
        (
            post(&url, "/api/game", &json!({"game": "nim", "params": {"heaps": "99999999999999999999999"}})),
            400,
            "heaps",
        ),
        (post(&url, "/api/game", &json!({"game": "dodgem", "params": {"n": 1e300}})), 400, "n="),
        (
            post(&url, "/api/game", &json!({"game": "nim", "params": {"heaps": "1".repeat(3000)}})),
            400,
            "longer than 2000",
        ),
        (
            post(&url, "/api/game", &json!({"game": "graph", "params": {"file": "/etc/passwd"}})),
            403,
            "not offered on the web",
        ),
        (
            post(&url, "/api/solve", &json!({"game": "tictactoe", "from": "x..x"})),
            400,
            "cannot read position",
        ),
        (post(&url, "/api/query", &json!({"game": "tictactoe", "position": 5})), 400, "expected a string"),
        (
            post(&url, "/api/game", &json!({"game": "tictactoe", "from": "0".repeat(2001)})),
            400,
            "from: longer than 2000",
        ),
        (post(&url, "/api/sequence", &json!({"ruleset": "0.7z"})), 400, "column 4"),
        (
            post(&url, "/api/sequence", &json!({"ruleset": "0.77", "upto": 1_000_000_000_000u64})),
            400,
            "at most 100000",
        ),
        (post(&url, "/api/sequence", &json!({"ruleset": "0.77", "upto": -1})), 400, "whole number"),
        (
            post(&url, "/api/sequence", &json!({"ruleset": "0.F", "upto": 6000})),
            400,
            "at most 5000 for a game whose moves may leave three heaps",
        ),
        (
            post(&url, "/api/sequence", &json!({"ruleset": format!("0.{}", "7".repeat(70))})),
            400,
            "at most 64 digits",
        ),
        (
            post(&url, "/api/sequence", &json!({"ruleset": "0.77", "params": [null, null]})),
            400,
            "a ruleset code, or a game with its parameters, not both",
        ),
        (
            post(&url, "/api/explore", &json!({"game": "enjapma", "by": ["a", "b", "c"]})),
            400,
            "one or two features",
        ),
        (
            post(&url, "/api/explore", &json!({"game": "enjapma", "by": ["pieces"], "nim": "yes"})),
            400,
            "true or false",
        ),
        (get(&url, "/api/solve"), 405, "takes POST"),
        (post(&url, "/api/games", &json!({})), 405, "takes GET"),
        (send(&url, "DELETE", "/api/job", None, b""), 405, "DELETE is not used here"),
        (send(&url, "OPTIONS", "/api/solve", None, b""), 405, "OPTIONS is not used here"),
        (send(&url, "TRACE", "/", None, b""), 405, "TRACE is not used here"),
        // Without a JSON content type too: the method is wrong before the body is.
        (send(&url, "POST", "/api/stores", None, b""), 405, "takes GET"),
        (get(&url, "/api/nothing"), 404, "no API route"),
        (
            send(&url, "POST", "/api/game", Some("application/json"), &vec![b' '; 70_000]),
            413,
            "over 65536 bytes",
        ),
    ];
    for (reply, status, message) in cases {
        let err = reply.error(status);
        assert!(err.contains(message), "expected `{message}` in `{err}`");
        // A 405 says which methods are allowed (RFC 9110, 15.5.6).
        let allow = match message {
            "takes POST" => Some("POST"),
            "takes GET" => Some("GET"),
            "DELETE is not used here" => Some("GET"),
            "OPTIONS is not used here" => Some("POST"),
            "TRACE is not used here" => Some("GET, HEAD"),
            _ => None,
        };
        assert_eq!(reply.header("allow"), allow, "{message}");
    }
    // A position's error names the column.
    solve(&url, &json!({"game": "tictactoe"}));
    let err = post(&url, "/api/query", &json!({"game": "tictactoe", "position": "x../.o./.z."})).error(400);
    assert_eq!(err, "cannot read position `x../.o./.z.`: column 10: `z` is not a cell: use `x`, `o` or `.`");
    // Another host name (DNS rebinding) is refused.
    let reply = raw(&url, b"GET /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    assert!(reply.error(403).contains("127.0.0.1 or localhost"));
    let reply = raw(&url, b"GET /api/games HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert_eq!(reply.status, 403);
    server.stop();
}

/// Bodies cut short, with bytes changed or inserted, and random bytes: every answer is a 2xx or
/// a 4xx with JSON, and the server still answers afterwards.
#[test]
fn fuzzed_bodies_never_crash_the_server() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let seeds = [
        json!({"game": "tictactoe", "position": "x.o/.../..."}),
        json!({"game": "nim", "params": {"heaps": "3,4,5"}}),
        json!({"ruleset": "0.77", "upto": 50}),
        json!({"game": "enjapma", "params": {"h": "2", "w": "2"}, "by": ["pieces"]}),
        json!({"game": "domineering", "position": ".#./...", "player": "R"}),
    ];
    let paths = ["/api/game", "/api/query", "/api/sequence", "/api/solve", "/api/explore", "/api/value"];
    let jobs = ["/api/sequence", "/api/solve", "/api/explore"];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let junk = b"{}[]\",:0123456789-.eE\\u00ff \x00\xff\xc3truefalsenull";
    let mut statuses = BTreeSet::new();
    for round in 0..300 {
        let seed = seeds[round % seeds.len()].to_string().into_bytes();
        let mut body = seed.clone();
        match next() % 4 {
            0 => body.truncate((next() % seed.len() as u64) as usize),
            1 => {
                let i = (next() % body.len() as u64) as usize;
                body[i] = junk[(next() % junk.len() as u64) as usize];
            }
            2 => {
                let i = (next() % body.len() as u64) as usize;
                body.insert(i, junk[(next() % junk.len() as u64) as usize]);
            }
            _ => body = (0..next() % 64).map(|_| junk[(next() % junk.len() as u64) as usize]).collect(),
        }
        let path = paths[(next() % paths.len() as u64) as usize];
        let reply = send(&url, "POST", path, Some("application/json"), &body);
        assert!(
            (200..300).contains(&reply.status) || (400..500).contains(&reply.status),
            "{path} {}: {}",
            String::from_utf8_lossy(&body),
            reply.status
        );
        let doc = reply.json();
        if reply.status >= 400 {
            assert!(doc["error"].as_str().is_some_and(|e| !e.is_empty()));
        }
        statuses.insert(reply.status);
        // Let jobs started by valid bodies end, so that the next ones are not all 409.
        if jobs.contains(&path) {
            wait_job(&url);
        }
    }
    assert!(statuses.contains(&400) && statuses.contains(&200), "{statuses:?}");
    assert_eq!(get(&url, "/api/games").status, 200);
    server.stop();
}

/// The moves of a side of a `/api/value` answer: `(label, position, value, outcome)`.
fn valued_moves(doc: &Json, side: &str) -> Vec<(String, String, String, String)> {
    doc[side]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let s = |k: &str| m[k].as_str().unwrap_or_else(|| panic!("{k} in {m}")).to_string();
            (s("label"), s("position"), s("value"), s("outcome"))
        })
        .collect()
}

fn strings<const N: usize>(rows: [[&str; 4]; N]) -> Vec<(String, String, String, String)> {
    rows.iter().map(|[a, b, c, d]| (a.to_string(), b.to_string(), c.to_string(), d.to_string())).collect()
}

/// Values of positions of the partizan games (Domineering, Clobber, Hackenbush, Cutcake, Toads
/// and Frogs) in the algebra of canonical forms: the position's value, outcome class, stops,
/// mean, temperature and thermograph, and the value each move of either player leads to,
/// checked against values worked out from the rules (Winning Ways, ch. 1 and 2: 2x2 Domineering
/// is +-1, 2x3 is {2|-1/2}, BRR is 1/4).
#[test]
fn values_of_partizan_positions() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let game = post_ok(&url, "/api/game", &json!({"game": "domineering", "params": {"board": "../.."}}));
    assert_eq!(game["values"], true);
    assert_eq!(post_ok(&url, "/api/game", &json!({"game": "nim"}))["values"], false);

    let two = post_ok(&url, "/api/value", &json!({"game": "domineering", "params": {"board": "../.."}}));
    let facts = |d: &Json| {
        [
            "game",
            "title",
            "position",
            "value",
            "outcome",
            "meaning",
            "left_stop",
            "right_stop",
            "mean",
            "temperature",
        ]
        .map(|k| d[k].as_str().unwrap_or_else(|| panic!("{k} in {d}")).to_string())
    };
    assert_eq!(
        facts(&two),
        [
            "domineering",
            "domineering board=../..",
            "../..",
            "+-1",
            "N",
            "the player to move wins",
            "1",
            "-1",
            "0",
            "1"
        ]
    );
    // Left's vertical dominoes leave one column: 1; Right's horizontal ones one row: -1.
    assert_eq!(
        valued_moves(&two, "left"),
        strings([["a1-a2", "#./#.", "1", "L"], ["b1-b2", ".#/.#", "1", "L"]])
    );
    assert_eq!(
        valued_moves(&two, "right"),
        strings([["a1-b1", "##/..", "-1", "R"], ["a2-b2", "../##", "-1", "R"]])
    );
    let svg = two["thermograph"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
    assert!(svg.contains(r#"data-mean="0" data-temperature="1""#), "{svg}");
    // The board is drawn with the player to move of the request (Left by default).
    assert!(
        two["svg"].as_str().unwrap().contains(r#"data-position="../.. L"><title>../.. L</title>"#),
        "{}",
        two["svg"]
    );
    let right = post_ok(
        &url,
        "/api/value",
        &json!({"game": "domineering", "params": {"board": "../.."}, "position": "../..", "player": "R"}),
    );
    assert!(right["svg"].as_str().unwrap().contains(r#"data-position="../.. R""#));

    // 2x3 from a game whose start is another board: {2|-1/2}. Left's domino in the middle
    // column leaves two columns (1 + 1); at a side, a 2x2 board (+-1, which 2 dominates). Each of
    // Right's leaves three squares in an L and one apart: {-1 | 0, 1} = -1/2.
    let three = post_ok(&url, "/api/value", &json!({"game": "domineering", "position": ".../..."}));
    assert_eq!(
        facts(&three)[2..],
        [".../...", "{2|-1/2}", "N", "the player to move wins", "2", "-1/2", "3/4", "5/4"]
    );
    assert_eq!(
        valued_moves(&three, "left"),
        strings([
            ["a1-a2", "#../#..", "+-1", "N"],
            ["b1-b2", ".#./.#.", "2", "L"],
            ["c1-c2", "..#/..#", "+-1", "N"]
        ])
    );
    assert_eq!(
        valued_moves(&three, "right"),
        strings([
            ["a1-b1", "##./...", "-1/2", "R"],
            ["b1-c1", ".##/...", "-1/2", "R"],
            ["a2-b2", ".../##.", "-1/2", "R"],
            ["b2-c2", ".../.##", "-1/2", "R"]
        ])
    );
    assert!(three["thermograph"].as_str().unwrap().contains(r#"data-mean="3/4" data-temperature="5/4""#));
    // A position with no moves: 0, a P-position, an integer's temperature -1.
    let over = post_ok(&url, "/api/value", &json!({"game": "domineering", "position": "#./.#"}));
    assert_eq!(facts(&over)[3..], ["0", "P", "the player to move loses", "0", "0", "0", "-1"]);
    assert_eq!((over["left"].as_array().unwrap().len(), over["right"].as_array().unwrap().len()), (0, 0));

    // Clobber: xo is * (either player captures and leaves 0).
    let star = post_ok(&url, "/api/value", &json!({"game": "clobber", "position": "xo"}));
    assert_eq!(facts(&star)[3..], ["*", "N", "the player to move wins", "0", "0", "0", "0"]);
    assert_eq!(valued_moves(&star, "left"), strings([["a1-b1", ".x", "0", "P"]]));
    assert_eq!(valued_moves(&star, "right"), strings([["b1-a1", "o.", "0", "P"]]));

    // The other partizan games of the library answer the same way. Hackenbush: the string BRR
    // is 1/4 (Berlekamp's rule); Left's cut leaves nothing (0), Right's leave B (1) or BR (1/2).
    let brr = post_ok(&url, "/api/value", &json!({"game": "hackenbush", "position": "BRR"}));
    assert_eq!(facts(&brr)[3..], ["1/4", "L", "Left wins, whoever starts", "1/4", "1/4", "1/4", "-1/4"]);
    assert_eq!(valued_moves(&brr, "left"), strings([["B1", "-", "0", "P"]]));
    assert_eq!(valued_moves(&brr, "right"), strings([["R2", "B", "1", "L"], ["R3", "BR", "1/2", "L"]]));
    // Cutcake: a 2x3 cake is 0 = {2x1 + 2x2 | 1x3 + 1x3} = {-1 + 0 | 2 + 2} (Winning Ways' table).
    let cake = post_ok(&url, "/api/value", &json!({"game": "cutcake", "position": "2x3"}));
    assert_eq!(facts(&cake)[3..], ["0", "P", "the player to move loses", "0", "0", "0", "-1"]);
    assert_eq!(valued_moves(&cake, "left"), strings([["2x3=2x1+2x2", "2x2 2x1", "-1", "R"]]));
    assert_eq!(valued_moves(&cake, "right"), strings([["2x3=1x3+1x3", "1x3 1x3", "4", "L"]]));
    // Toads and Frogs: T.F is *, either side's step leaving a dead 0.
    let tf = post_ok(&url, "/api/value", &json!({"game": "toadsandfrogs", "position": "T.F"}));
    assert_eq!(facts(&tf)[3..], ["*", "N", "the player to move wins", "0", "0", "0", "0"]);
    assert_eq!(valued_moves(&tf, "left"), strings([["1-2", ".TF", "0", "P"]]));
    assert_eq!(valued_moves(&tf, "right"), strings([["3-2", "TF.", "0", "P"]]));
    server.stop();
}

/// `/api/value` refuses games without values, malformed positions (naming the column) and
/// positions whose values are past the server's budgets, with a 4xx and a message; the memory
/// of a game keeps working after a refusal.
#[test]
fn values_refused() {
    let server = start(Vec::new());
    let url = server.url().to_string();
    let err = post(&url, "/api/value", &json!({"game": "tictactoe"})).error(400);
    assert_eq!(err, "tictactoe is not a partizan game with values (/api/value takes: clobber, cutcake, domineering, hackenbush, toadsandfrogs)");
    let err = post(&url, "/api/value", &json!({"game": "domineering", "position": "../.x"})).error(400);
    assert_eq!(
        err,
        "cannot read position `../.x`: column 5: `x` is not a square: use `.` (empty) or `#` (filled)"
    );
    let err = post(&url, "/api/value", &json!({"game": "domineering", "position": 7})).error(400);
    assert_eq!(err, "position: expected a string");
    let err = post(&url, "/api/value", &json!({"game": "domineering", "player": "X"})).error(400);
    assert!(err.starts_with("player: L or R"), "{err}");
    let long = ".".repeat(3000);
    assert!(post(&url, "/api/value", &json!({"game": "domineering", "position": long}))
        .error(400)
        .contains("longer than 2000"));
    assert!(post(&url, "/api/value", &json!({"game": "graph"}))
        .error(403)
        .contains("not offered on the web"));
    // The memory of the game holds values already: the position is tried again from an empty
    // memory before it is refused.
    post_ok(&url, "/api/value", &json!({"game": "domineering", "position": "...../...../....."}));
    // An empty 8x8 board: far past the budgets (6x6 alone needs 2.4 million forms).
    let board = ["........"; 8].join("/");
    let err = post(&url, "/api/value", &json!({"game": "domineering", "position": board})).error(400);
    assert!(err.starts_with(&format!("cannot value `{board}` here: the value needs more ")), "{err}");
    assert!(err.ends_with("over the server's bound (`nimber cgt` has none)"), "{err}");
    // A full 8x8 Clobber board (64 stones, 112 moves on each side; the deepest recursion of
    // any board).
    let board = ["xoxoxoxo/oxoxoxox"; 4].join("/");
    let err = post(&url, "/api/value", &json!({"game": "clobber", "position": board})).error(400);
    assert!(err.starts_with(&format!("cannot value `{board}` here: the value needs more ")), "{err}");
    // The game's memory still answers.
    let ok = post_ok(&url, "/api/value", &json!({"game": "domineering", "position": ".../..."}));
    assert_eq!(ok["value"], "{2|-1/2}");
    server.stop();
}
