//! nimber's web explorer: a small HTTP server with a JSON API ([`api`]) and one page whose
//! assets are embedded in the binary ([`assets`]). `nimber serve` starts it.
//!
//! The server binds to the loopback address unless asked otherwise and serves HTTP/1.1 with
//! hyper on a tokio runtime, within bounds on every part of a request ([`server`]: slow clients
//! hold a task, never a thread that runs the API). The API answers on the runtime's blocking
//! threads, and long work (solves, explorations) runs one job at a time in a background thread
//! ([`jobs`]), so that the server stays responsive while a solve runs. Solved games are kept to
//! answer many positions without solving again ([`solved`]). The OpenAPI document is generated
//! from the API's types ([`openapi`]).
//!
//! ```no_run
//! let config = nimber_web::Config::default();
//! let server = nimber_web::Server::bind(&config).unwrap();
//! println!("{}", server.url());
//! server.run();
//! ```

pub mod api;
pub mod assets;
pub mod bodies;
pub mod jobs;
pub mod openapi;
pub mod server;
pub mod solved;
pub mod values;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use nimber_engine::Error;
use tokio::sync::{watch, Semaphore};

use crate::api::App;
pub use crate::server::Limits;
use crate::server::Shared;

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
    /// Threads answering requests: the runtime's threads, and as many that run the API.
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

/// A server answering in a background thread (for tests and embedding).
pub struct Running {
    stop: watch::Sender<bool>,
    thread: JoinHandle<()>,
    url: String,
}

impl Server {
    /// Opens the stored solves and binds the address.
    pub fn bind(config: &Config) -> Result<Server, Error> {
        let app = App::new(&config.dbs, config.memory)?;
        let addr = SocketAddr::new(config.host, config.port);
        let io = |source| Error::Io { path: addr.to_string(), source };
        let listener = TcpListener::bind(addr).map_err(io)?;
        listener.set_nonblocking(true).map_err(io)?;
        let addr = listener.local_addr().map_err(io)?;
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
        server::url(self.addr)
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let running = self.spawn();
        let _ = running.thread.join();
    }

    /// Answers requests in a background thread, on a runtime of [`Config::workers`] threads
    /// (and as many that run the API): a task per connection, at most
    /// [`Limits::connections`] of them.
    pub fn spawn(self) -> Running {
        let (stop, stopped) = watch::channel(false);
        let url = self.url();
        let thread = std::thread::Builder::new()
            .name("nimber-http".into())
            .spawn(move || self.serve(stopped))
            .expect("cannot start the server's thread");
        Running { stop, thread, url }
    }

    /// Accepts connections until `stop` turns true.
    fn serve(self, mut stop: watch::Receiver<bool>) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(self.workers)
            .max_blocking_threads(self.workers)
            .thread_name("nimber-http-worker")
            .enable_all()
            .build()
            .expect("cannot start the server's runtime");
        let limits = self.limits;
        let shared = Arc::new(Shared {
            app: self.app,
            loopback: self.addr.ip().is_loopback(),
            port: self.addr.port(),
        });
        let router = server::router(shared, &limits);
        let listener = self.listener;
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("a listener for the runtime");
            let open = Arc::new(Semaphore::new(limits.connections));
            // Connections over the limit are answered 503, at most as many again at a time.
            let refusing = Arc::new(Semaphore::new(limits.connections));
            loop {
                let stream = tokio::select! {
                    _ = stop.changed() => return,
                    accepted = listener.accept() => match accepted {
                        Ok((stream, _)) => stream,
                        Err(_) => {
                            // Out of file descriptors, or a connection reset before it was accepted.
                            tokio::time::sleep(Duration::from_millis(10)).await;
                            continue;
                        }
                    },
                };
                let _ = stream.set_nodelay(true);
                if let Ok(permit) = Arc::clone(&open).try_acquire_owned() {
                    let router = router.clone();
                    tokio::spawn(async move {
                        server::connection(stream, router, limits).await;
                        drop(permit);
                    });
                } else if let Ok(permit) = Arc::clone(&refusing).try_acquire_owned() {
                    tokio::spawn(async move {
                        server::refuse(stream, limits).await;
                        drop(permit);
                    });
                }
            }
        });
        // Connections part-way are dropped; a request the API is answering ends first.
        runtime.shutdown_timeout(Duration::from_secs(5));
    }
}

impl Running {
    /// The page's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops answering: closes the connections and waits for the server's threads.
    pub fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.thread.join();
    }
}
