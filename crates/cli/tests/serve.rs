//! `nimber serve --port 0`: picks a free port, prints its URL, and answers the API there.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_url_and_answers() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimber"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("nimber serve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let result = std::panic::catch_unwind(|| {
        let url = first.split_whitespace().find(|w| w.starts_with("http://")).expect("a URL");
        assert!(url.starts_with("http://127.0.0.1:") && !url.ends_with(":0/"), "{first}");
        let addr = url.trim_start_matches("http://").trim_end_matches('/');
        let mut stream = TcpStream::connect(addr).unwrap();
        write!(stream, "GET /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
        assert!(reply.contains("\"tictactoe\""), "{reply}");
    });
    child.kill().unwrap();
    child.wait().unwrap();
    result.unwrap();
}

#[test]
fn serve_refuses_a_bad_store() {
    let out = Command::new(env!("CARGO_BIN_EXE_nimber"))
        .args(["serve", "--port", "0", "--db", "no-such-file.db"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("nimber: error: no-such-file.db"), "{err}");
}
