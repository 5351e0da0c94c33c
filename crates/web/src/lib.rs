//! nimber's web explorer: a small HTTP server with a JSON API ([`api`]) and one page whose
//! assets are embedded in the binary ([`assets`]). `nimber serve` starts it.
//!
//! The server binds to the loopback address unless asked otherwise, answers requests on a few
//! worker threads, and runs long work (solves, explorations) one job at a time in a background
//! thread ([`jobs`]), so that it stays responsive while a solve runs. Solved games are kept to
//! answer many positions without solving again ([`solved`]).
//!
//! ```no_run
//! let config = nimber_web::Config::default();
//! let server = nimber_web::Server::bind(&config).unwrap();
//! println!("{}", server.url());
//! server.run();
//! ```

pub mod api;
pub mod assets;
pub mod jobs;
pub mod solved;

use std::io::Read;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;

use nimber_engine::Error;
use tiny_http::{Header, Method};

use crate::api::{App, Request, Response, MAX_BODY};

/// How to serve.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on: loopback unless asked.
    pub host: IpAddr,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// Stored solves (`solve --save` files) to offer.
    pub dbs: Vec<PathBuf>,
    /// The memory budget of solves from the page, in bytes (`None`: no limit).
    pub memory: Option<u64>,
    /// Threads answering requests.
    pub workers: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            dbs: Vec::new(),
            memory: nimber_engine::memory::default_memory_limit(),
            workers: 4,
        }
    }
}

/// A bound server, not yet answering.
pub struct Server {
    http: Arc<tiny_http::Server>,
    app: Arc<App>,
    addr: SocketAddr,
    workers: usize,
}

/// A server answering in background threads (for tests and embedding).
pub struct Running {
    http: Arc<tiny_http::Server>,
    threads: Vec<JoinHandle<()>>,
    url: String,
}

impl Server {
    /// Opens the stored solves and binds the address.
    pub fn bind(config: &Config) -> Result<Server, Error> {
        let app = App::new(&config.dbs, config.memory)?;
        let addr = SocketAddr::new(config.host, config.port);
        let http = tiny_http::Server::http(addr).map_err(|e| Error::Io {
            path: addr.to_string(),
            source: std::io::Error::other(e.to_string()),
        })?;
        let addr =
            http.server_addr().to_ip().ok_or_else(|| Error::Unsupported("not an IP address".into()))?;
        Ok(Server { http: Arc::new(http), app: Arc::new(app), addr, workers: config.workers.max(1) })
    }

    /// The page's address, as `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        url(self.addr)
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let running = self.spawn();
        for t in running.threads {
            let _ = t.join();
        }
    }

    /// Answers requests in background threads.
    pub fn spawn(self) -> Running {
        let loopback = self.addr.ip().is_loopback();
        let port = self.addr.port();
        let threads = (0..self.workers)
            .map(|i| {
                let http = Arc::clone(&self.http);
                let app = Arc::clone(&self.app);
                std::thread::Builder::new()
                    .name(format!("nimber-http-{i}"))
                    .spawn(move || {
                        while let Ok(request) = http.recv() {
                            answer(&app, request, loopback, port);
                        }
                    })
                    .expect("cannot start the server's threads")
            })
            .collect();
        Running { http: self.http, threads, url: url(self.addr) }
    }
}

impl Running {
    /// The page's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops answering and waits for the worker threads.
    pub fn stop(self) {
        for _ in &self.threads {
            self.http.unblock();
        }
        for t in self.threads {
            let _ = t.join();
        }
    }
}

fn url(addr: SocketAddr) -> String {
    format!("http://{addr}/")
}

/// Whether a `Host` header names this loopback server (a page from another site that a DNS
/// name resolves to 127.0.0.1 sends its own name, and is refused).
fn host_allowed(host: &str, port: u16) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, p)) if !name.is_empty() && !p.contains(']') => {
            if p != port.to_string() {
                return false;
            }
            name
        }
        _ => host,
    };
    matches!(name.to_ascii_lowercase().as_str(), "127.0.0.1" | "localhost" | "[::1]")
}

fn header<'a>(request: &'a tiny_http::Request, name: &'static str) -> Option<&'a str> {
    request.headers().iter().find(|h| h.field.equiv(name)).map(|h| h.value.as_str())
}

/// Reads one request and answers it; a failure to answer (the client went away) is ignored.
fn answer(app: &App, mut request: tiny_http::Request, loopback: bool, port: u16) {
    let response = respond(app, &mut request, loopback, port);
    let mut out = tiny_http::Response::from_data(response.body).with_status_code(response.status);
    let headers = [
        ("Content-Type", response.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        (
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    ];
    for (k, v) in headers {
        if let Ok(h) = Header::from_bytes(k.as_bytes(), v.as_bytes()) {
            out.add_header(h);
        }
    }
    let _ = request.respond(out);
}

fn respond(app: &App, request: &mut tiny_http::Request, loopback: bool, port: u16) -> Response {
    if loopback && !header(request, "Host").is_some_and(|h| host_allowed(h.trim(), port)) {
        return Response::error(403, "this server answers requests for 127.0.0.1 or localhost only");
    }
    let method = match request.method() {
        Method::Get => "GET",
        Method::Head => "HEAD",
        Method::Post => "POST",
        other => return Response::error(405, format!("method {other} is not used here")),
    };
    let path = request.url().split(['?', '#']).next().unwrap_or("").to_string();
    let mut body = Vec::new();
    if method == "POST" {
        let json = header(request, "Content-Type")
            .is_some_and(|t| t.trim().to_ascii_lowercase().starts_with("application/json"));
        if !json {
            return Response::error(415, "POST bodies are JSON: send Content-Type: application/json");
        }
        if request.body_length().is_some_and(|n| n > MAX_BODY) {
            return Response::error(413, format!("request body over {MAX_BODY} bytes"));
        }
        if request.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut body).is_err() {
            return Response::error(400, "cannot read the request body");
        }
        if body.len() > MAX_BODY {
            return Response::error(413, format!("request body over {MAX_BODY} bytes"));
        }
    }
    let req = Request { method: method.to_string(), path, body };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| app.handle(&req)))
        .unwrap_or_else(|_| Response::error(500, "internal error while answering the request"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts() {
        assert!(host_allowed("127.0.0.1:8080", 8080));
        assert!(host_allowed("localhost:8080", 8080));
        assert!(host_allowed("[::1]:8080", 8080));
        assert!(host_allowed("localhost", 8080));
        assert!(!host_allowed("127.0.0.1:8081", 8080));
        assert!(!host_allowed("evil.example:8080", 8080));
        assert!(!host_allowed("", 8080));
    }
}
