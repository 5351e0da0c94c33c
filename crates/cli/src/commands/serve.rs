//! `nimber serve`: the web explorer on a local port (see the `nimber-web` crate).

use std::io::Write;

use crate::args::{parse_size, ServeArgs};
use crate::error::Failure;

/// Binds, prints the URL and answers requests until the process is stopped.
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let memory = match &args.memory {
        Some(text) => Some(parse_size(text).map_err(Failure::msg)?),
        None => nimber_engine::memory::default_memory_limit(),
    };
    if let Some(bytes) = memory {
        // The hash-map searches check the process's memory against it as they grow.
        nimber_engine::memory::set_limit(bytes);
    }
    let config = nimber_web::Config {
        host: args.host,
        port: args.port,
        dbs: args.db.clone(),
        memory,
        ..nimber_web::Config::default()
    };
    let server = nimber_web::Server::bind(&config)?;
    writeln!(out, "nimber: serving the web explorer at {}", server.url())?;
    if !args.host.is_loopback() {
        writeln!(out, "nimber: note: listening on {}, reachable from other machines", args.host)?;
    }
    writeln!(out, "nimber: press Ctrl-C to stop")?;
    out.flush()?;
    server.run();
    Ok(())
}
