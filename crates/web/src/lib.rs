//! nimber's web explorer: a small HTTP server with a JSON API ([`api`]) and one page whose
//! assets are embedded in the binary ([`assets`]). `nimber serve` starts it.
//!
//! The server binds to the loopback address unless asked otherwise, reads requests with time-outs
//! and bounds on every part ([`http`]: a thread per connection, so that slow clients hold no
//! worker), answers them on a few worker threads, and runs long work (solves, explorations) one job at a time in a background
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
pub mod http;
pub mod jobs;
pub mod solved;
pub mod values;

use std::io::BufReader;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use nimber_engine::Error;

use crate::api::{App, Request, Response};
pub use crate::http::Limits;

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
    /// Time-outs and bounds on connections.
    pub limits: Limits,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            dbs: Vec::new(),
            memory: nimber_engine::memory::default_memory_limit(),
            workers: 4,
            limits: Limits::default(),
        }
    }
}

/// A bound server, not yet answering.
pub struct Server {
    listener: TcpListener,
    app: Arc<App>,
    addr: SocketAddr,
    workers: usize,
    limits: Limits,
}

/// A server answering in background threads (for tests and embedding).
pub struct Running {
    shared: Arc<Shared>,
    accept: JoinHandle<()>,
    threads: Vec<JoinHandle<()>>,
    addr: SocketAddr,
    url: String,
}

/// A request read whole, for a worker, and where its answer goes.
type Job = (Request, Sender<Response>);

/// What the connection threads share.
struct Shared {
    jobs: Mutex<Option<Sender<Job>>>,
    stop: AtomicBool,
    open: AtomicUsize,
    loopback: bool,
    port: u16,
    limits: Limits,
}

/// Stack of a connection's thread: it parses and copies bytes; the workers run the API.
const CONNECTION_STACK: usize = 256 * 1024;

impl Server {
    /// Opens the stored solves and binds the address.
    pub fn bind(config: &Config) -> Result<Server, Error> {
        let app = App::new(&config.dbs, config.memory)?;
        let addr = SocketAddr::new(config.host, config.port);
        let listener =
            TcpListener::bind(addr).map_err(|source| Error::Io { path: addr.to_string(), source })?;
        let addr = listener.local_addr().map_err(|source| Error::Io { path: addr.to_string(), source })?;
        Ok(Server {
            listener,
            app: Arc::new(app),
            addr,
            workers: config.workers.max(1),
            limits: config.limits,
        })
    }

    /// The page's address, as `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        url(self.addr)
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let running = self.spawn();
        let _ = running.accept.join();
    }

    /// Answers requests in background threads: one accepts connections and starts a thread for
    /// each (at most [`Limits::connections`]), which reads its requests and hands them whole
    /// to the workers.
    pub fn spawn(self) -> Running {
        let (send, receive) = mpsc::channel::<Job>();
        let shared = Arc::new(Shared {
            jobs: Mutex::new(Some(send)),
            stop: AtomicBool::new(false),
            open: AtomicUsize::new(0),
            loopback: self.addr.ip().is_loopback(),
            port: self.addr.port(),
            limits: self.limits,
        });
        let receive = Arc::new(Mutex::new(receive));
        let threads = (0..self.workers)
            .map(|i| {
                let app = Arc::clone(&self.app);
                let receive = Arc::clone(&receive);
                let shared = Arc::clone(&shared);
                std::thread::Builder::new()
                    .name(format!("nimber-http-{i}"))
                    .spawn(move || work(&app, &receive, &shared))
                    .expect("cannot start the server's threads")
            })
            .collect();
        let accept = {
            let shared = Arc::clone(&shared);
            let listener = self.listener;
            std::thread::Builder::new()
                .name("nimber-http-accept".into())
                .spawn(move || accept(&listener, &shared))
                .expect("cannot start the server's threads")
        };
        Running { shared, accept, threads, addr: self.addr, url: url(self.addr) }
    }
}

impl Running {
    /// The page's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops answering and waits for the accepting and worker threads (connections part-way
    /// end at their next read, answered 503 if they wait for a worker).
    pub fn stop(self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        // Wake the accepting thread with a connection of our own.
        let ip = match self.addr.ip() {
            IpAddr::V4(a) if a.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(a) if a.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        let _ = TcpStream::connect_timeout(&SocketAddr::new(ip, self.addr.port()), Duration::from_secs(1));
        let _ = self.accept.join();
        self.shared.jobs.lock().unwrap_or_else(|e| e.into_inner()).take();
        for t in self.threads {
            let _ = t.join();
        }
    }
}

fn url(addr: SocketAddr) -> String {
    format!("http://{addr}/")
}

/// The accepting thread: a thread per connection, up to the limit.
fn accept(listener: &TcpListener, shared: &Arc<Shared>) {
    for stream in listener.incoming() {
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else {
            // Out of file descriptors, or a connection reset before it was accepted.
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        if shared.open.fetch_add(1, Ordering::SeqCst) >= shared.limits.connections {
            shared.open.fetch_sub(1, Ordering::SeqCst);
            refuse(stream, &shared.limits);
            continue;
        }
        let mine = Arc::clone(shared);
        let started = std::thread::Builder::new()
            .name("nimber-http-connection".into())
            .stack_size(CONNECTION_STACK)
            .spawn(move || {
                let shared = mine;
                // Counted out even if the thread panics.
                struct Open<'a>(&'a AtomicUsize);
                impl Drop for Open<'_> {
                    fn drop(&mut self) {
                        self.0.fetch_sub(1, Ordering::SeqCst);
                    }
                }
                let _open = Open(&shared.open);
                connection(stream, &shared);
            });
        if started.is_err() {
            shared.open.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Answers 503 to a connection over the limit.
fn refuse(mut stream: TcpStream, limits: &Limits) {
    if stream.set_write_timeout(Some(limits.write_timeout)).is_ok() {
        let busy = Response::error(503, "too many connections; try again");
        let _ = http::write_response(&mut stream, &busy, false, false);
    }
}

/// A worker: runs the API on requests read whole.
fn work(app: &App, jobs: &Mutex<Receiver<Job>>, shared: &Shared) {
    loop {
        let job = jobs.lock().unwrap_or_else(|e| e.into_inner()).recv_timeout(Duration::from_millis(100));
        match job {
            Ok((request, reply)) => {
                let response =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| app.handle(&request)))
                        .unwrap_or_else(|_| {
                            Response::error(500, "internal error while answering the request")
                        });
                let _ = reply.send(response);
            }
            Err(RecvTimeoutError::Timeout) if !shared.stop.load(Ordering::SeqCst) => {}
            Err(_) => return,
        }
    }
}

/// A connection's thread: reads its requests one by one, has the workers answer them, and
/// writes the answers, until the client closes, stalls or sends a request that ends it.
fn connection(stream: TcpStream, shared: &Shared) {
    let limits = &shared.limits;
    if stream.set_read_timeout(Some(limits.read_timeout)).is_err()
        || stream.set_write_timeout(Some(limits.write_timeout)).is_err()
    {
        return;
    }
    let _ = stream.set_nodelay(true);
    let Ok(mut out) = stream.try_clone() else { return };
    let mut reader = BufReader::with_capacity(8 * 1024, stream);
    while !shared.stop.load(Ordering::SeqCst) {
        let read = http::read_request(&mut reader, limits, |head, _| {
            if shared.loopback && !head.header("Host").is_some_and(|h| host_allowed(h, shared.port)) {
                return Err(Response::error(
                    403,
                    "this server answers requests for 127.0.0.1 or localhost only",
                ));
            }
            Ok(())
        });
        let (head, body) = match read {
            http::Read1::Request(head, body) => (head, body),
            http::Read1::Gone => return,
            http::Read1::Refuse(response, pending) => {
                let _ = http::write_response(&mut out, &response, false, false);
                http::close(&mut reader, pending);
                return;
            }
        };
        let keep_alive = head.keep_alive();
        let response = answer(&head, body, shared);
        if http::write_response(&mut out, &response, head.method == "HEAD", keep_alive).is_err() {
            return;
        }
        if !keep_alive {
            http::close(&mut reader, 0);
            return;
        }
    }
}

/// The answer to a request read whole: refused here (method, content type) or by a worker.
fn answer(head: &http::Head, body: Vec<u8>, shared: &Shared) -> Response {
    let method = match head.method.as_str() {
        m @ ("GET" | "HEAD" | "POST") => m,
        other => return Response::not_allowed("GET, HEAD, POST", format!("method {other} is not used here")),
    };
    if method == "POST"
        && !head
            .header("Content-Type")
            .is_some_and(|t| t.trim().to_ascii_lowercase().starts_with("application/json"))
    {
        return Response::error(415, "POST bodies are JSON: send Content-Type: application/json");
    }
    let path = head.target.split(['?', '#']).next().unwrap_or("").to_string();
    let body = if method == "POST" { body } else { Vec::new() };
    let request = Request { method: method.to_string(), path, body };
    let (reply, answer) = mpsc::channel();
    let sent = match shared.jobs.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        Some(jobs) => jobs.send((request, reply)).is_ok(),
        None => false,
    };
    let stopping = || Response::error(503, "the server is stopping");
    if !sent {
        return stopping();
    }
    answer.recv().unwrap_or_else(|_| stopping())
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
