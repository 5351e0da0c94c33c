//! How requests reach the API: hyper speaks HTTP/1.1 on each connection, an axum router with
//! tower-http's body limits and time-outs hands each request, read whole, to
//! [`App::handle`](crate::api::App::handle) on the runtime's blocking threads, and the answer goes
//! back with the page's security headers.
//!
//! The bounds: a request head of at most [`MAX_HEAD`] bytes and [`MAX_HEADERS`] headers (hyper
//! answers 431), a body of at most [`MAX_BODY`] bytes announced by `Content-Length` (413 before a
//! byte of it is read; `Transfer-Encoding` is refused with 411), a head that must arrive within
//! the read time-out (hyper closes the connection), a body whose every read and whole arrival are
//! timed (408), a write time-out on every connection, and at most [`Limits::connections`]
//! connections at a time (503). Slow or stalled clients hold only a task of the runtime, never a
//! thread that runs the API.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request as HttpRequest, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::Response as HttpResponse;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{sleep, Sleep};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::{RequestBodyDeadlineLayer, RequestBodyTimeoutLayer, TimeoutError};

use crate::api::{allowed, App, Request, Response, MAX_BODY};

/// The longest request head (request line and headers), in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most header lines in a request.
pub const MAX_HEADERS: usize = 100;

/// Time-outs and bounds on connections.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest wait for a request head, from the end of the previous answer (or the
    /// connection's start): a client that sends none, or part of one, is disconnected after it,
    /// and an idle kept-alive connection is closed. Also the longest wait for each piece of a
    /// body (408 after it).
    pub read_timeout: Duration,
    /// The longest wait for a client to take the bytes of a response.
    pub write_timeout: Duration,
    /// The most time a request's body may take to arrive: a slow sender is answered 408 and
    /// dropped after it.
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

/// What every connection's router shares.
pub(crate) struct Shared {
    pub(crate) app: Arc<App>,
    /// Listening on a loopback address: the `Host` header must name it.
    pub(crate) loopback: bool,
    pub(crate) port: u16,
}

/// The router: every request goes to [`answer`], within the body's bounds.
pub(crate) fn router(shared: Arc<Shared>, limits: &Limits) -> Router {
    Router::new()
        .fallback(answer)
        .with_state(shared)
        // The innermost layers see the body first: its pieces and its whole arrival are timed,
        // and its length is bounded (a `Content-Length` over the bound is answered at once).
        .layer(RequestBodyDeadlineLayer::new(limits.request_time))
        .layer(RequestBodyTimeoutLayer::new(limits.read_timeout))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(axum::middleware::map_response(json_errors))
}

/// The HTTP/1.1 settings of a connection.
fn http(limits: &Limits) -> http1::Builder {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.read_timeout)
        .max_header_size(MAX_HEAD)
        .max_headers(MAX_HEADERS)
        .keep_alive(true);
    builder
}

/// Serves one connection until the client closes it, stalls, or a request ends it.
pub(crate) async fn connection<S>(stream: S, router: Router, limits: Limits)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let io = TokioIo::new(WriteTimeout::new(stream, limits.write_timeout));
    let _ = http(&limits).serve_connection(io, TowerToHyperService::new(router)).await;
}

/// Answers every request of a connection over the limit with 503, and closes it.
pub(crate) async fn refuse<S>(stream: S, limits: Limits)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let io = TokioIo::new(WriteTimeout::new(stream, limits.write_timeout));
    let busy = hyper::service::service_fn(|_: hyper::Request<hyper::body::Incoming>| async {
        Ok::<_, Infallible>(http_response(Response::error(503, "too many connections; try again"), true))
    });
    let _ = http(&limits).keep_alive(false).serve_connection(io, busy).await;
}

/// A request, checked and read whole, answered by the API on a blocking thread.
async fn answer(State(shared): State<Arc<Shared>>, request: HttpRequest) -> HttpResponse {
    let (head, body) = request.into_parts();
    let method = match head.method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        ref other => {
            let allow = allowed(head.uri.path());
            let refusal = Response::not_allowed(allow, format!("method {other} is not used here"));
            return http_response(refusal, false);
        }
    };
    if shared.loopback && !host(&head.headers).is_some_and(|h| host_allowed(h, shared.port)) {
        let refusal = Response::error(403, "this server answers requests for 127.0.0.1 or localhost only");
        return http_response(refusal, true);
    }
    if head.headers.contains_key(header::TRANSFER_ENCODING) {
        let refusal =
            Response::error(411, "send the body with Content-Length (Transfer-Encoding is not accepted)");
        return http_response(refusal, true);
    }
    // A POST to a route that takes another method is answered 405 by the API, whatever its body.
    if method == "POST"
        && allowed(head.uri.path()) == "POST"
        && !head
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|t| t.to_str().ok())
            .is_some_and(|t| t.trim().to_ascii_lowercase().starts_with("application/json"))
    {
        let refusal = Response::error(415, "POST bodies are JSON: send Content-Type: application/json");
        return http_response(refusal, false);
    }
    // The body is read even when the method takes none, so that the connection can be kept.
    let bytes = match axum::body::to_bytes(body, MAX_BODY).await {
        Ok(bytes) => bytes,
        Err(e) => return http_response(body_failure(&e), true),
    };
    let request = Request {
        method: method.to_string(),
        path: head.uri.path().to_string(),
        body: if method == "POST" { bytes.to_vec() } else { Vec::new() },
    };
    let app = Arc::clone(&shared.app);
    let response = tokio::task::spawn_blocking(move || app.handle(&request))
        .await
        .unwrap_or_else(|_| Response::error(500, "internal error while answering the request"));
    http_response(response, false)
}

/// Why a body could not be read: too slow, too long, or cut.
fn body_failure(e: &axum::Error) -> Response {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(error) = source {
        if error.is::<TimeoutError>() {
            return slow();
        }
        if error.is::<http_body_util::LengthLimitError>() {
            return too_large();
        }
        source = error.source();
    }
    Response::error(400, "the request body was cut short")
}

fn slow() -> Response {
    Response::error(408, "the request took too long to arrive")
}

fn too_large() -> Response {
    Response::error(413, format!("request body over {MAX_BODY} bytes"))
}

/// The errors answered by tower-http's layers (413 for a `Content-Length` over the bound), as
/// the API's JSON errors.
async fn json_errors(response: HttpResponse) -> HttpResponse {
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    match response.status() {
        StatusCode::PAYLOAD_TOO_LARGE if !json => http_response(too_large(), true),
        StatusCode::REQUEST_TIMEOUT if !json => http_response(slow(), true),
        _ => response,
    }
}

fn host(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::HOST).and_then(|h| h.to_str().ok())
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

/// An API answer as an HTTP response with the page's security headers; `close` ends the
/// connection after it (a request refused before its body was read).
pub(crate) fn http_response(response: Response, close: bool) -> HttpResponse {
    let mut http = HttpResponse::new(Body::from(Bytes::from(response.body)));
    *http.status_mut() = StatusCode::from_u16(response.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = http.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(response.content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    );
    if let Some(allow) = response.allow {
        headers.insert(header::ALLOW, HeaderValue::from_static(allow));
    }
    if close {
        headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    http
}

/// A connection whose writes time out: a client that does not take the bytes of an answer
/// within the time-out is disconnected (hyper has no write time-out of its own).
struct WriteTimeout<S> {
    stream: S,
    timeout: Duration,
    /// Armed while a write waits.
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteTimeout<S> {
    fn new(stream: S, timeout: Duration) -> WriteTimeout<S> {
        WriteTimeout { stream, timeout, waiting: None }
    }

    /// After a write that could not go on: `Ready(Err)` once the time-out has passed.
    fn check(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        let timeout = self.timeout;
        let waiting = self.waiting.get_or_insert_with(|| Box::pin(sleep(timeout)));
        match waiting.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(io::Error::new(io::ErrorKind::TimedOut, "write time-out")),
            Poll::Pending => Poll::Pending,
        }
    }

    fn timed<T>(&mut self, cx: &mut Context<'_>, result: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match result {
            Poll::Pending => self.check(cx).map(Err),
            done => {
                self.waiting = None;
                done
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteTimeout<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.timed(cx, result)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.timed(cx, result)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.stream).poll_flush(cx);
        this.timed(cx, result)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.stream).poll_shutdown(cx);
        this.timed(cx, result)
    }
}

/// Serves one connection in memory and returns what the server wrote: the client sends `input`,
/// `chunk` bytes per read, then closes. The same HTTP settings, bounds and router as a real
/// connection (of a server that does not check `Host`), for the fuzz target of `crates/fuzz`.
pub fn serve_bytes(app: &Arc<App>, input: &[u8], chunk: usize) -> Vec<u8> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime for one connection");
    let shared = Arc::new(Shared { app: Arc::clone(app), loopback: false, port: 0 });
    let limits = Limits::default();
    let output = Arc::new(std::sync::Mutex::new(Vec::new()));
    let wire = Wire { input: input.to_vec(), at: 0, chunk: chunk.max(1), output: Arc::clone(&output) };
    runtime.block_on(connection(wire, router(shared, &limits), limits));
    let written = std::mem::take(&mut *output.lock().unwrap_or_else(|e| e.into_inner()));
    written
}

/// A connection in memory: reads give the client's bytes, writes are kept.
struct Wire {
    input: Vec<u8>,
    at: usize,
    chunk: usize,
    output: Arc<std::sync::Mutex<Vec<u8>>>,
}

impl AsyncRead for Wire {
    fn poll_read(self: Pin<&mut Self>, _: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let n = buf.remaining().min(this.chunk).min(this.input.len() - this.at);
        buf.put_slice(&this.input[this.at..this.at + n]);
        this.at += n;
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for Wire {
    fn poll_write(self: Pin<&mut Self>, _: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.output.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

/// The page's address, as `http://127.0.0.1:PORT/`.
pub(crate) fn url(addr: SocketAddr) -> String {
    format!("http://{addr}/")
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
