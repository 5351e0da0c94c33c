//! The HTTP/1.1 layer of `nimber serve`, bounded in every direction: a request head of at most
//! [`MAX_HEAD`] bytes and [`MAX_HEADERS`] lines, a body of at most [`MAX_BODY`] bytes announced
//! by `Content-Length` (no chunked bodies), time-outs on every read and write and a time limit on
//! the whole request ([`Limits`]), and at most [`Limits::connections`] connections at a time.
//!
//! Each connection has a thread of its own that reads requests, so that slow or stalled clients
//! hold only their own thread (until their time-out) and never the workers: the workers run
//! [`App::handle`](crate::api::App::handle) on requests read whole. A connection is kept alive
//! between requests (HTTP/1.1) until the client closes it or stays idle for the read time-out.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use crate::api::{Response, MAX_BODY};

/// The longest request head (request line and headers), in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most header lines in a request.
pub const MAX_HEADERS: usize = 100;
/// The most bytes of an unread body read and dropped before closing a connection, so that the
/// client gets the answer instead of a reset.
const MAX_DRAIN: u64 = 1 << 20;

/// Time-outs and bounds on connections.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest wait for bytes from a client: a stalled client is answered 408 and dropped
    /// after it, and an idle kept-alive connection is closed after it.
    pub read_timeout: Duration,
    /// The longest wait for a client to take the bytes of a response.
    pub write_timeout: Duration,
    /// The most time a request may take to arrive, head and body, from its first byte: a slow
    /// sender is answered 408 and dropped after it (or up to a read time-out later).
    pub request_time: Duration,
    /// The most connections open at a time; more are answered 503 and closed.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            read_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            request_time: Duration::from_secs(30),
            connections: 256,
        }
    }
}

/// A request head: the request line and the headers.
pub struct Head {
    pub method: String,
    /// The request target (path and query) as sent.
    pub target: String,
    /// HTTP/1.1 (else HTTP/1.0).
    pub http11: bool,
    /// Header names (as sent) and values (trimmed).
    pub headers: Vec<(String, String)>,
}

impl Head {
    /// The value of the first header called `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Whether the client keeps the connection after this request.
    pub fn keep_alive(&self) -> bool {
        let connection = self.header("Connection").unwrap_or("").to_ascii_lowercase();
        let has = |token: &str| connection.split(',').any(|t| t.trim() == token);
        if self.http11 {
            !has("close")
        } else {
            has("keep-alive")
        }
    }

    /// The body's length from `Content-Length` (0 without one): `Err` with the answer for
    /// `Transfer-Encoding` or an unreadable or ambiguous length. A length too large for `u64`
    /// reads as `u64::MAX` (over any limit).
    fn body_length(&self) -> Result<u64, Response> {
        if self.header("Transfer-Encoding").is_some() {
            return Err(Response::error(
                411,
                "send the body with Content-Length (Transfer-Encoding is not accepted)",
            ));
        }
        let mut length = None;
        for (_, v) in self.headers.iter().filter(|(k, _)| k.eq_ignore_ascii_case("Content-Length")) {
            if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Response::error(400, "Content-Length is not a number"));
            }
            let n = v.parse::<u64>().unwrap_or(u64::MAX);
            if length.is_some_and(|l| l != n) {
                return Err(Response::error(400, "two different Content-Length headers"));
            }
            length = Some(n);
        }
        Ok(length.unwrap_or(0))
    }
}

/// What reading a request gave.
pub enum Read1 {
    /// A request, head and body.
    Request(Head, Vec<u8>),
    /// The client closed the connection, or stayed idle for the read time-out, before a request:
    /// close without an answer.
    Gone,
    /// Answer this and close the connection (a malformed, too large or too slow request), after
    /// dropping at most this many bytes of the client's body.
    Refuse(Response, u64),
}

/// An error of a read: how the connection ends.
enum Failure {
    /// Nothing came before the time-out, or the client closed.
    Gone,
    /// The time-out or the request's time limit passed part-way.
    Slow,
    /// Any other error: close without an answer.
    Broken,
}

fn failure(e: &io::Error) -> Failure {
    match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => Failure::Slow,
        _ => Failure::Broken,
    }
}

fn slow() -> Response {
    Response::error(408, "the request took too long to arrive")
}

/// Reads the next request from `reader` (a connection: `S` is a `TcpStream` but for the fuzz
/// target, which reads bytes in memory): its head (within [`MAX_HEAD`]), then its body when
/// `accept(&head, length)` returns `Ok` (an `Err` is answered instead, and the body dropped).
pub fn read_request<S: Read + Write>(
    reader: &mut BufReader<S>,
    limits: &Limits,
    accept: impl FnOnce(&Head, u64) -> Result<(), Response>,
) -> Read1 {
    let mut start = None;
    let head = match read_head(reader, limits, &mut start) {
        Ok(bytes) => bytes,
        Err(Failure::Gone) => return Read1::Gone,
        Err(Failure::Slow) => return Read1::Refuse(slow(), 0),
        Err(Failure::Broken) => return Read1::Gone,
    };
    let head = match head {
        Some(bytes) => match parse_head(&bytes) {
            Ok(head) => head,
            Err(response) => return Read1::Refuse(response, 0),
        },
        None => {
            return Read1::Refuse(
                Response::error(431, format!("request head over {MAX_HEAD} bytes or {MAX_HEADERS} headers")),
                0,
            )
        }
    };
    let length = match head.body_length() {
        Ok(n) => n,
        Err(response) => return Read1::Refuse(response, 0),
    };
    if let Err(response) = accept(&head, length) {
        return Read1::Refuse(response, length);
    }
    if length > MAX_BODY as u64 {
        return Read1::Refuse(Response::error(413, format!("request body over {MAX_BODY} bytes")), length);
    }
    if length > 0 && head.header("Expect").is_some_and(|e| e.trim().eq_ignore_ascii_case("100-continue")) {
        let _ = reader.get_mut().write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    let started = start.unwrap_or_else(Instant::now);
    let mut body = vec![0; length as usize];
    let mut filled = 0;
    while filled < body.len() {
        if started.elapsed() > limits.request_time {
            return Read1::Refuse(slow(), 0);
        }
        match reader.read(&mut body[filled..]) {
            Ok(0) => return Read1::Gone,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                return match failure(&e) {
                    Failure::Slow => Read1::Refuse(slow(), 0),
                    _ => Read1::Gone,
                }
            }
        }
    }
    Read1::Request(head, body)
}

/// The bytes of a head up to its blank line (excluded), `None` when over [`MAX_HEAD`]. Empty
/// lines before the request line are skipped. `start` is set at the first byte.
fn read_head<S: Read>(
    reader: &mut BufReader<S>,
    limits: &Limits,
    start: &mut Option<Instant>,
) -> Result<Option<Vec<u8>>, Failure> {
    let mut head: Vec<u8> = Vec::new();
    loop {
        if start.is_some_and(|s| s.elapsed() > limits.request_time) {
            return Err(Failure::Slow);
        }
        let available = match reader.fill_buf() {
            Ok([]) => return Err(if head.is_empty() { Failure::Gone } else { Failure::Broken }),
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(match failure(&e) {
                    Failure::Slow if head.is_empty() && start.is_none() => Failure::Gone,
                    f => f,
                })
            }
        };
        start.get_or_insert_with(Instant::now);
        if head.is_empty() {
            let blank = available.iter().take_while(|&&b| b == b'\r' || b == b'\n').count();
            if blank > 0 {
                reader.consume(blank);
                continue;
            }
        }
        let old = head.len();
        let take = available.len().min(MAX_HEAD + 4 - old.min(MAX_HEAD + 4));
        head.extend_from_slice(&available[..take]);
        let from = old.saturating_sub(3);
        if let Some(at) = head[from..].windows(4).position(|w| w == b"\r\n\r\n") {
            let end = from + at;
            reader.consume(end + 4 - old);
            head.truncate(end);
            return Ok(if end > MAX_HEAD { None } else { Some(head) });
        }
        reader.consume(take);
        if head.len() > MAX_HEAD {
            return Ok(None);
        }
    }
}

fn is_token(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

fn parse_head(bytes: &[u8]) -> Result<Head, Response> {
    let bad = |what: &str| Response::error(400, format!("malformed request: {what}"));
    let text = std::str::from_utf8(bytes).map_err(|_| bad("the head is not UTF-8"))?;
    let mut lines = text.split("\r\n");
    let line = lines.next().unwrap_or("");
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad("the request line is not METHOD TARGET VERSION"));
    };
    if !is_token(method) {
        return Err(bad("the method is not a token"));
    }
    if target.is_empty() || target.bytes().any(|b| b <= b' ' || b == 0x7f) {
        return Err(bad("the target is empty or has spaces or control characters"));
    }
    let http11 = match version {
        "HTTP/1.1" => true,
        "HTTP/1.0" => false,
        v if v.starts_with("HTTP/") => {
            return Err(Response::error(505, "this server speaks HTTP/1.0 and HTTP/1.1 only"))
        }
        _ => return Err(bad("the version is not HTTP/1.x")),
    };
    let mut headers = Vec::new();
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad("a header line without a colon"));
        };
        if !is_token(name) {
            return Err(bad("a header name is not a token"));
        }
        if headers.len() == MAX_HEADERS {
            return Err(Response::error(431, format!("over {MAX_HEADERS} headers")));
        }
        headers.push((name.to_string(), value.trim_matches([' ', '\t']).to_string()));
    }
    Ok(Head { method: method.to_string(), target: target.to_string(), http11, headers })
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Status",
    }
}

/// Writes a response (without its body for `HEAD`), saying whether the connection stays open.
pub fn write_response(
    out: &mut TcpStream,
    response: &Response,
    head_only: bool,
    keep_alive: bool,
) -> io::Result<()> {
    let mut bytes = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\
         Content-Security-Policy: default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
         frame-ancestors 'none'\r\n\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len(),
        if keep_alive { "keep-alive" } else { "close" },
    )
    .into_bytes();
    if let Some(allow) = response.allow {
        // Before the blank line that ends the head.
        bytes.truncate(bytes.len() - 2);
        bytes.extend_from_slice(format!("Allow: {allow}\r\n\r\n").as_bytes());
    }
    if !head_only {
        bytes.extend_from_slice(&response.body);
    }
    out.write_all(&bytes)?;
    out.flush()
}

/// Closes a connection after its last answer: no more writes, then up to `pending` bytes of the
/// client's (at most [`MAX_DRAIN`], within a second) read and dropped, so that the answer is not
/// lost to a reset.
pub fn close(reader: &mut BufReader<TcpStream>, pending: u64) {
    let stream = reader.get_ref();
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let until = Instant::now() + Duration::from_secs(1);
    let mut left = pending.clamp(64 * 1024, MAX_DRAIN);
    let mut sink = [0u8; 8192];
    while left > 0 && Instant::now() < until {
        match reader.read(&mut sink[..left.min(8192) as usize]) {
            Ok(0) | Err(_) => break,
            Ok(n) => left -= n as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(bytes: &[u8]) -> Head {
        parse_head(bytes).unwrap_or_else(|r| panic!("{}: {}", r.status, String::from_utf8_lossy(&r.body)))
    }

    #[test]
    fn heads() {
        let head =
            parsed(b"GET /api/games?x=1 HTTP/1.1\r\nHost: localhost:80\r\nconnection:  Close \r\nX-A:");
        assert_eq!(head.method, "GET");
        assert_eq!(head.target, "/api/games?x=1");
        assert!(head.http11);
        assert_eq!(head.header("HOST"), Some("localhost:80"));
        assert_eq!(head.header("x-a"), Some(""));
        assert!(!head.keep_alive());
        let head = parsed(b"POST / HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 12");
        assert!(!head.http11 && head.keep_alive());
        assert_eq!(head.body_length().ok(), Some(12));
        let huge = parsed(b"POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999");
        assert_eq!(huge.body_length().ok(), Some(u64::MAX));
        for (bytes, status) in [
            (&b"GET / HTTP/2.0"[..], 505),
            (b"GET  / HTTP/1.1", 400),
            (b"GET / HTTP/1.1 x", 400),
            (b"GET /\x01 HTTP/1.1", 400),
            (b"G(T / HTTP/1.1", 400),
            (b"GET / FTP/1.1", 400),
            (b"GET / HTTP/1.1\r\nno colon", 400),
            (b"GET / HTTP/1.1\r\nbad name: x", 400),
            (b"GET / HTTP/1.1\r\nX: \xff", 400),
        ] {
            assert_eq!(
                parse_head(bytes).err().map(|r| r.status),
                Some(status),
                "{}",
                String::from_utf8_lossy(bytes)
            );
        }
        let many = format!("GET / HTTP/1.1{}", "\r\nX: y".repeat(MAX_HEADERS + 1));
        assert_eq!(parse_head(many.as_bytes()).err().map(|r| r.status), Some(431));
        for lengths in [
            "Content-Length: -1",
            "Content-Length: 1\r\nContent-Length: 2",
            "Content-Length: ",
            "Transfer-Encoding: chunked",
        ] {
            let head = parsed(format!("POST / HTTP/1.1\r\n{lengths}").as_bytes());
            assert!(head.body_length().is_err(), "{lengths}");
        }
    }
}
