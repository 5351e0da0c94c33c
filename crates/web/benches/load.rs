//! A bounded load test of the web server over loopback: `cargo bench -p nimber-web --bench load`
//! (options after `--`: `--requests N` (100000), `--clients N` (16), `--stalled N` (32),
//! `--max-rss MIB` (64), `--seed S`).
//!
//! The server runs in a child process (this program started again with `--serve`) on an
//! ephemeral port of 127.0.0.1; every connection goes to that address and nowhere else. The
//! clients send a fixed mix of requests: valid GETs and POSTs of the API, whose answers must
//! equal the ones taken before the load (0 errors allowed), and malformed ones (wrong methods,
//! broken JSON, a head over 16 KiB, bodies over the limit, a body announced as 100 TB, a
//! garbage request line, senders that stop mid-request and hang up), each of which must get
//! its 4xx. Meanwhile `--stalled` connections stop mid-request and hold on until the server
//! drops them (408 after its read time-out), then come back. At the end the server must still
//! answer, and its peak resident memory (`VmHWM`) must stay under `--max-rss`. Prints the
//! requests per second.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Options {
    requests: u64,
    clients: u64,
    stalled: usize,
    max_rss_mib: u64,
    seed: u64,
}

fn options() -> Options {
    let mut o =
        Options { requests: 100_000, clients: 16, stalled: 32, max_rss_mib: 64, seed: 0x6e69_6d62_6572 };
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let mut i = 0;
    while i < args.len() {
        let value = |i: usize| -> u64 {
            args.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or_else(|| {
                eprintln!("load: {} needs a whole number", args[i]);
                std::process::exit(2)
            })
        };
        match args[i].as_str() {
            "--requests" => o.requests = value(i),
            "--clients" => o.clients = value(i).max(1),
            "--stalled" => o.stalled = value(i) as usize,
            "--max-rss" => o.max_rss_mib = value(i),
            "--seed" => o.seed = value(i),
            other => {
                eprintln!("load: unknown option {other}");
                std::process::exit(2)
            }
        }
        i += 2;
    }
    o
}

/// The child: the library's server on an ephemeral loopback port, its URL on stdout.
fn serve() {
    let config = nimber_web::Config { port: 0, memory: Some(1 << 30), ..nimber_web::Config::default() };
    let server = nimber_web::Server::bind(&config).expect("bind");
    println!("{}", server.url());
    std::io::stdout().flush().unwrap();
    server.run();
}

/// A small xorshift generator (each client its own).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A request: bytes to send, and what must come back.
struct Case {
    name: &'static str,
    bytes: Vec<u8>,
    expect: Expect,
}

enum Expect {
    /// A valid request: status 200 and exactly this body (taken before the load).
    Answer(String),
    /// A malformed one: this status, then the connection closed.
    Refused(u16),
    /// A sender that hangs up part-way: nothing to read.
    HangUp,
}

fn valid_requests(host: &str) -> Vec<(&'static str, Vec<u8>)> {
    let get = |path: &str| format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").into_bytes();
    let post = |path: &str, body: &str| {
        format!(
            "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    };
    vec![
        ("GET /api/games", get("/api/games")),
        ("GET /api/openapi.json", get("/api/openapi.json")),
        ("GET /", get("/")),
        ("HEAD /", format!("HEAD / HTTP/1.1\r\nHost: {host}\r\n\r\n").into_bytes()),
        ("POST /api/game", post("/api/game", r#"{"game": "tictactoe"}"#)),
        ("POST /api/game dodgem", post("/api/game", r#"{"game": "dodgem", "params": {"n": "4"}}"#)),
        ("POST /api/query start", post("/api/query", r#"{"game": "tictactoe"}"#)),
        ("POST /api/query x", post("/api/query", r#"{"game": "tictactoe", "position": "x../.../..."}"#)),
        ("POST /api/query xo", post("/api/query", r#"{"game": "tictactoe", "position": "x../.o./..."}"#)),
        ("POST /api/query xox", post("/api/query", r#"{"game": "tictactoe", "position": "xo./..x/..."}"#)),
    ]
}

fn malformed_requests(host: &str) -> Vec<Case> {
    let broken = r#"{"game": "tictactoe","#;
    let refused = |name, bytes: String, status| Case {
        name,
        bytes: bytes.into_bytes(),
        expect: Expect::Refused(status),
    };
    vec![
        refused("DELETE /api/job", format!("DELETE /api/job HTTP/1.1\r\nHost: {host}\r\n\r\n"), 405),
        refused(
            "GET /api/solve",
            format!("GET /api/solve HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
            405,
        ),
        refused(
            "broken JSON",
            format!(
                "POST /api/query HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{broken}",
                broken.len()
            ),
            400,
        ),
        refused(
            "huge header",
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nX-Huge: {}\r\n\r\n", "h".repeat(40_000)),
            431,
        ),
        refused(
            "body over the limit",
            format!(
                "POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100000\r\n\r\n{}",
                " ".repeat(100_000)
            ),
            413,
        ),
        refused(
            "100 TB announced",
            format!(
                "POST /api/query HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 99999999999999\r\n\r\n{{}}"
            ),
            413,
        ),
        refused("garbage", "\x16\x03\x01 hello there\r\n\r\n".to_string(), 400),
        refused("no host", "GET /api/games HTTP/1.1\r\n\r\n".to_string(), 403),
        Case {
            name: "hang-up mid-body",
            bytes: format!(
                "POST /api/query HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 500\r\n\r\n{{\"game\": \"tic"
            )
            .into_bytes(),
            expect: Expect::HangUp,
        },
        Case {
            name: "hang-up mid-head",
            bytes: format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nX-Par").into_bytes(),
            expect: Expect::HangUp,
        },
    ]
}

/// Reads one response: status, whether the server will close, and the body (by its length;
/// none for HEAD).
fn read_response(
    reader: &mut BufReader<TcpStream>,
    head_only: bool,
) -> std::io::Result<(u16, bool, Vec<u8>)> {
    let bad = |what: &str| std::io::Error::other(what.to_string());
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return Err(bad("closed before the status line"));
    }
    let status =
        line.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| bad("a bad status line"))?;
    let (mut length, mut close) = (0usize, false);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 {
            return Err(bad("closed in the head"));
        }
        if header == "\r\n" {
            break;
        }
        if let Some((k, v)) = header.split_once(':') {
            let v = v.trim();
            if k.eq_ignore_ascii_case("content-length") {
                length = v.parse().map_err(|_| bad("a bad length"))?;
            } else if k.eq_ignore_ascii_case("connection") {
                close = v.eq_ignore_ascii_case("close");
            }
        }
    }
    let mut body = vec![0; if head_only { 0 } else { length }];
    reader.read_exact(&mut body)?;
    Ok((status, close, body))
}

fn connect(addr: SocketAddr) -> std::io::Result<(TcpStream, BufReader<TcpStream>)> {
    let stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    stream.set_nodelay(true)?;
    let reader = BufReader::new(stream.try_clone()?);
    Ok((stream, reader))
}

#[derive(Default)]
struct Counts {
    valid: AtomicU64,
    valid_errors: AtomicU64,
    malformed: AtomicU64,
    malformed_errors: AtomicU64,
    hang_ups: AtomicU64,
    stalls: AtomicU64,
}

/// Keeps `n` connections stopped mid-request, reopening each when the server drops it.
fn stall(addr: SocketAddr, host: &str, n: usize, stop: &AtomicBool, counts: &Counts) {
    let partial = format!(
        "POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{{\"ga"
    );
    let mut held: Vec<Option<TcpStream>> = (0..n).map(|_| None).collect();
    while !stop.load(Ordering::Relaxed) {
        for slot in held.iter_mut() {
            let dropped = match slot {
                None => true,
                Some(s) => {
                    s.set_nonblocking(true).ok();
                    let mut byte = [0u8; 1];
                    !matches!(s.peek(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
                }
            };
            if dropped {
                *slot = TcpStream::connect(addr).ok().and_then(|mut s| {
                    s.write_all(partial.as_bytes()).ok()?;
                    counts.stalls.fetch_add(1, Ordering::Relaxed);
                    Some(s)
                });
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn client(
    addr: SocketAddr,
    cases: &[Case],
    quota: u64,
    seed: u64,
    counts: &Counts,
    first_error: &std::sync::Mutex<Option<String>>,
) {
    let mut rng = Rng(seed | 1);
    let valid: Vec<usize> =
        (0..cases.len()).filter(|&i| matches!(cases[i].expect, Expect::Answer(_))).collect();
    let others: Vec<usize> =
        (0..cases.len()).filter(|&i| !matches!(cases[i].expect, Expect::Answer(_))).collect();
    let mut conn: Option<(TcpStream, BufReader<TcpStream>)> = None;
    let mut done = 0;
    let error = |message: String| {
        let mut first = first_error.lock().unwrap();
        if first.is_none() {
            *first = Some(message);
        }
    };
    while done < quota {
        // Four valid requests in five; a valid request goes on the kept connection.
        let case = if rng.below(5) < 4 {
            &cases[valid[rng.below(valid.len() as u64) as usize]]
        } else {
            &cases[others[rng.below(others.len() as u64) as usize]]
        };
        done += 1;
        match &case.expect {
            Expect::Answer(want) => {
                counts.valid.fetch_add(1, Ordering::Relaxed);
                let mut result = Err(std::io::Error::other("not sent"));
                // A kept connection may have been closed by the server while idle: one retry on
                // a fresh connection.
                for attempt in 0..2 {
                    if conn.is_none() {
                        conn = connect(addr).ok();
                    }
                    let Some((stream, reader)) = conn.as_mut() else { break };
                    result = stream
                        .write_all(&case.bytes)
                        .and_then(|()| read_response(reader, case.name.starts_with("HEAD")));
                    if result.is_ok() || attempt == 1 {
                        break;
                    }
                    conn = None;
                }
                match result {
                    Ok((200, close, body)) if case.name.starts_with("HEAD") || body == want.as_bytes() => {
                        if close {
                            conn = None;
                        }
                    }
                    Ok((status, _, body)) => {
                        counts.valid_errors.fetch_add(1, Ordering::Relaxed);
                        error(format!(
                            "{}: status {status}, {}",
                            case.name,
                            String::from_utf8_lossy(&body[..body.len().min(200)])
                        ));
                        conn = None;
                    }
                    Err(e) => {
                        counts.valid_errors.fetch_add(1, Ordering::Relaxed);
                        error(format!("{}: {e}", case.name));
                        conn = None;
                    }
                }
            }
            Expect::Refused(status) => {
                counts.malformed.fetch_add(1, Ordering::Relaxed);
                let result = connect(addr).and_then(|(mut stream, mut reader)| {
                    stream.write_all(&case.bytes)?;
                    read_response(&mut reader, false)
                });
                match result {
                    Ok((s, _, _)) if s == *status => {}
                    Ok((s, _, body)) => {
                        counts.malformed_errors.fetch_add(1, Ordering::Relaxed);
                        error(format!(
                            "{}: status {s} (expected {status}), {}",
                            case.name,
                            String::from_utf8_lossy(&body)
                        ));
                    }
                    Err(e) => {
                        counts.malformed_errors.fetch_add(1, Ordering::Relaxed);
                        error(format!("{}: {e}", case.name));
                    }
                }
            }
            Expect::HangUp => {
                counts.hang_ups.fetch_add(1, Ordering::Relaxed);
                if let Ok(mut stream) = TcpStream::connect(addr) {
                    let cut = 1 + rng.below(case.bytes.len() as u64 - 1) as usize;
                    let _ = stream.write_all(&case.bytes[..cut]);
                }
            }
        }
    }
}

fn status_kib(pid: u32, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn fail(child: &mut Child, message: String) -> ! {
    let _ = child.kill();
    eprintln!("load: FAIL: {message}");
    std::process::exit(1)
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--serve") {
        return serve();
    }
    let o = options();
    let exe = std::env::current_exe().expect("this program's path");
    let mut child =
        Command::new(exe).arg("--serve").stdout(Stdio::piped()).spawn().expect("start the server process");
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut url).expect("the server's URL");
    let port: u16 = url
        .trim()
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches('/')
        .parse()
        .unwrap_or_else(|_| fail(&mut child, format!("not a loopback URL: {url}")));
    // Loopback, and nothing else.
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let host = format!("127.0.0.1:{port}");
    let pid = child.id();

    // Solve tic-tac-toe for the queries, then take the reference answers one by one.
    let once = |bytes: &[u8], head_only: bool| -> std::io::Result<(u16, bool, Vec<u8>)> {
        let (mut stream, mut reader) = connect(addr)?;
        stream.write_all(bytes)?;
        read_response(&mut reader, head_only)
    };
    let solve = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 21\r\n\r\n{{\"game\": \"tictactoe\"}}"
    );
    match once(solve.as_bytes(), false) {
        Ok((200, _, _)) => {}
        other => fail(&mut child, format!("cannot start the solve: {other:?}")),
    }
    let started = Instant::now();
    loop {
        let job = once(format!("GET /api/job HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes(), false);
        let body = job.map(|r| String::from_utf8_lossy(&r.2).to_string()).unwrap_or_default();
        if body.contains("\"state\":\"done\"") {
            break;
        }
        if !body.contains("\"state\":\"running\"") || started.elapsed() > Duration::from_secs(60) {
            fail(&mut child, format!("the solve did not end: {body}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut cases = Vec::new();
    for (name, bytes) in valid_requests(&host) {
        let reply = once(&bytes, name.starts_with("HEAD"));
        let body = match reply {
            Ok((200, _, body)) => String::from_utf8(body).unwrap_or_default(),
            other => fail(&mut child, format!("{name}: {other:?}")),
        };
        cases.push(Case { name, bytes, expect: Expect::Answer(body) });
    }
    // The reference answers are right: tic-tac-toe is a tie in 9 from the start.
    let start = cases.iter().find(|c| c.name == "POST /api/query start").unwrap();
    if let Expect::Answer(body) = &start.expect {
        let doc: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
        if doc["value"] != "tie" || doc["remoteness"] != 9 {
            fail(&mut child, format!("the start of tic-tac-toe is not a tie in 9: {body}"));
        }
    }
    cases.extend(malformed_requests(&host));
    let rss_before = status_kib(pid, "VmRSS:").unwrap_or(0);

    let counts = Arc::new(Counts::default());
    let stop = Arc::new(AtomicBool::new(false));
    let first_error = Arc::new(std::sync::Mutex::new(None));
    let staller = {
        let (stop, counts, host) = (Arc::clone(&stop), Arc::clone(&counts), host.clone());
        let n = o.stalled;
        std::thread::spawn(move || stall(addr, &host, n, &stop, &counts))
    };
    let cases = Arc::new(cases);
    let clock = Instant::now();
    let threads: Vec<_> = (0..o.clients)
        .map(|c| {
            let (cases, counts, first_error) =
                (Arc::clone(&cases), Arc::clone(&counts), Arc::clone(&first_error));
            let quota = o.requests / o.clients + u64::from(c < o.requests % o.clients);
            let seed = o.seed ^ (c + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            std::thread::spawn(move || client(addr, &cases, quota, seed, &counts, &first_error))
        })
        .collect();
    for t in threads {
        t.join().expect("a client thread panicked");
    }
    let elapsed = clock.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    staller.join().expect("the stalling thread panicked");

    let alive = child.try_wait().ok().flatten().is_none();
    let last = once(format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes(), false);
    let hwm = status_kib(pid, "VmHWM:").unwrap_or(0);
    let threads_now = status_kib(pid, "Threads:").unwrap_or(0);
    let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
    let total = n(&counts.valid) + n(&counts.malformed) + n(&counts.hang_ups);
    println!(
        "load: {total} requests from {} clients in {elapsed:.2} s: {:.0} requests per second",
        o.clients,
        total as f64 / elapsed
    );
    println!(
        "load: valid {} ({} errors), malformed {} ({} unexpected answers), hang-ups {}, stalled connections opened {}",
        n(&counts.valid),
        n(&counts.valid_errors),
        n(&counts.malformed),
        n(&counts.malformed_errors),
        n(&counts.hang_ups),
        n(&counts.stalls)
    );
    println!(
        "load: server peak resident memory {:.1} MiB (VmHWM; {:.1} MiB before the load), {threads_now} threads at the end",
        hwm as f64 / 1024.0,
        rss_before as f64 / 1024.0
    );
    if let Some(e) = first_error.lock().unwrap().take() {
        println!("load: first error: {e}");
    }
    let mut failures = Vec::new();
    if n(&counts.valid_errors) > 0 {
        failures.push(format!("{} valid requests failed", n(&counts.valid_errors)));
    }
    if n(&counts.malformed_errors) > 0 {
        failures.push(format!("{} malformed requests got an unexpected answer", n(&counts.malformed_errors)));
    }
    if !alive || !matches!(last, Ok((200, _, _))) {
        failures.push("the server does not answer after the load".to_string());
    }
    if hwm > o.max_rss_mib * 1024 {
        failures.push(format!("peak memory {} MiB over {} MiB", hwm / 1024, o.max_rss_mib));
    }
    if !failures.is_empty() {
        fail(&mut child, failures.join("; "));
    }
    let _ = child.kill();
    let _ = child.wait();
    println!("load: PASS");
}
