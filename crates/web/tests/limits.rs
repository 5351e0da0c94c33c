//! The server's bounds over real TCP: stalled and slow clients are dropped after the read
//! time-out without holding a worker, and requests too large in any part are answered 4xx
//! without harm to the server.
//!
//! hyper reads the request heads: a malformed or oversized head is answered with its status and
//! an empty body (hyper writes those answers itself), and a head that does not arrive within the
//! read time-out ends the connection without an answer.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use nimber_web::{Config, Limits, Running, Server};

fn start(workers: usize, limits: Limits) -> Running {
    let config = Config { port: 0, workers, limits, ..Config::default() };
    Server::bind(&config).expect("bind an ephemeral port").spawn()
}

fn addr(server: &Running) -> String {
    server.url().trim_start_matches("http://").trim_end_matches('/').to_string()
}

fn connect(server: &Running) -> TcpStream {
    let stream = TcpStream::connect(addr(server)).expect("connect");
    // Far longer than the server's time-outs: a server that never answers fails the test.
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream
}

/// Reads one response (status and body, by its Content-Length) from a connection left open.
fn response(reader: &mut BufReader<TcpStream>) -> (u16, String) {
    let mut line = String::new();
    reader.read_line(&mut line).expect("a status line");
    let status = line.split(' ').nth(1).unwrap_or_else(|| panic!("status line `{line}`")).parse().unwrap();
    let mut length = 0;
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).expect("a header");
        if header == "\r\n" {
            break;
        }
        if let Some((k, v)) = header.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap();
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).expect("the body");
    (status, String::from_utf8(body).unwrap())
}

/// Sends `request` on a new connection and reads the response.
fn ask(server: &Running, request: &[u8]) -> (u16, String) {
    let mut stream = connect(server);
    stream.write_all(request).expect("send");
    response(&mut BufReader::new(stream))
}

fn games(server: &Running) -> (u16, String) {
    let request = format!("GET /api/games HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", addr(server));
    ask(server, request.as_bytes())
}

/// Whether the server has closed or answered on `stream` (else it is still waiting for bytes).
fn answered(stream: &TcpStream) -> bool {
    stream.set_nonblocking(true).unwrap();
    let mut byte = [0u8; 1];
    let result = !matches!(stream.peek(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
    stream.set_nonblocking(false).unwrap();
    result
}

/// Eight clients stop part-way (four in the head, four in a body) on a server with two workers:
/// valid requests are answered while the eight still wait, and each of the eight is closed after
/// the read time-out: those stopped in a body with 408, those stopped in the head without an
/// answer (hyper's header time-out closes the connection; it has no way to answer first).
#[test]
fn stalled_clients_hold_no_worker_and_time_out() {
    let limits = Limits { read_timeout: Duration::from_secs(3), ..Limits::default() };
    let server = start(2, limits);
    let host = addr(&server);
    let mut stalled = Vec::new();
    for i in 0..8 {
        let mut stream = connect(&server);
        let part = if i % 2 == 0 {
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nX-Slow: ")
        } else {
            format!(
                "POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 5000\r\n\r\n{{\"game\": "
            )
        };
        stream.write_all(part.as_bytes()).unwrap();
        stalled.push(stream);
    }
    for _ in 0..20 {
        let (status, body) = games(&server);
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"tictactoe\""), "{body}");
    }
    for stream in &stalled {
        assert!(!answered(stream), "a stalled client was dropped before the valid requests were answered");
    }
    for (i, stream) in stalled.into_iter().enumerate() {
        let mut reader = BufReader::new(stream);
        if i % 2 == 1 {
            let (status, body) = response(&mut reader);
            assert_eq!(status, 408, "{body}");
            assert!(body.contains("too long"), "{body}");
        }
        let mut rest = Vec::new();
        assert_eq!(reader.read_to_end(&mut rest).expect("closed"), 0);
    }
    assert_eq!(games(&server).0, 200);
    server.stop();
}

/// Heads, bodies and connections over the bounds get their 4xx or 503, and the server goes on.
#[test]
fn oversized_requests_are_refused() {
    let limits = Limits { read_timeout: Duration::from_secs(5), connections: 6, ..Limits::default() };
    let server = start(2, limits);
    let host = addr(&server);
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        // A body announced as 100 TB: answered without reading or allocating it.
        (
            format!(
                "POST /api/query HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 99999999999999\r\n\r\n{{}}"
            )
            .into_bytes(),
            413,
            "over 65536 bytes",
        ),
        // A length over u64 is not a length to hyper: 400 (it was 413, as a length over any
        // bound, before hyper read the heads), with hyper's empty body.
        (
            format!(
                "POST /api/query HTTP/1.1\r\nHost: {host}\r\nContent-Length: 99999999999999999999999\r\n\r\n"
            )
            .into_bytes(),
            400,
            "",
        ),
        // Heads over 16 KiB or 100 headers: hyper's 431, with an empty body.
        (
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nX-Big: {}\r\n\r\n", "a".repeat(100_000))
                .into_bytes(),
            431,
            "",
        ),
        (
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nX-Big: {}\r\n\r\n", "a".repeat(17_000))
                .into_bytes(),
            431,
            "",
        ),
        (
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\n{}\r\n", "X-Many: 1\r\n".repeat(101))
                .into_bytes(),
            431,
            "",
        ),
        (
            format!(
                "POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Transfer-Encoding: chunked\r\n\r\n2\r\n{{}}\r\n0\r\n\r\n"
            )
            .into_bytes(),
            411,
            "Content-Length",
        ),
        // Malformed heads: hyper's 400 with an empty body. An HTTP/2.0 request line is one of
        // them (it was 505 before hyper: hyper's parser reads HTTP/1.x request lines only).
        (format!("GET / HTTP/2.0\r\nHost: {host}\r\n\r\n").into_bytes(), 400, ""),
        (b"GET / HTTP/1.1 extra\r\n\r\n".to_vec(), 400, ""),
        (
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Length: x\r\n\r\n").into_bytes(),
            400,
            "",
        ),
        (format!("PUT /api/job HTTP/1.1\r\nHost: {host}\r\n\r\n").into_bytes(), 405, "not used here"),
    ];
    for (request, status, message) in cases {
        let (got, body) = ask(&server, &request);
        let line = String::from_utf8_lossy(&request[..request.len().min(60)]).to_string();
        assert_eq!(got, status, "{line}: {body}");
        assert!(body.contains(message), "{line}: expected `{message}` in {body}");
        assert_eq!(games(&server).0, 200, "after {line}");
    }
    // Two requests on one connection (keep-alive), the second sent before the first is answered.
    let mut stream = connect(&server);
    let body = r#"{"game": "dodgem"}"#;
    let two = format!(
        "GET /api/job HTTP/1.1\r\nHost: {host}\r\n\r\nPOST /api/game HTTP/1.1\r\nHost: {host}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(two.as_bytes()).unwrap();
    let mut reader = BufReader::new(stream);
    assert_eq!(response(&mut reader).0, 200);
    let (status, body) = response(&mut reader);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"game\":\"dodgem\""), "{body}");
    drop(reader);
    // Connections over the limit are answered 503 while the others wait.
    let held: Vec<TcpStream> = (0..6)
        .map(|_| {
            let mut s = connect(&server);
            s.write_all(b"GET /").unwrap();
            s
        })
        .collect();
    // The held connections may not all be counted in yet when the seventh comes (a connect
    // returns before the server accepts): until they are, it is answered (403: no Host header).
    // Wait for the 503, a bounded number of times.
    let mut tries = 0;
    let (status, body) = loop {
        let (status, body) = ask(&server, b"GET /api/games HTTP/1.1\r\n\r\n");
        tries += 1;
        if status == 503 || tries == 100 {
            break (status, body);
        }
        assert_eq!(status, 403, "{body}");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status, 503, "{body} (after {tries} tries)");
    drop(held);
    // Closed connections are counted out as their threads see the end.
    let mut status = 0;
    for _ in 0..100 {
        status = games(&server).0;
        if status == 200 {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(status, 200);
    server.stop();
}
