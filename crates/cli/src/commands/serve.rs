//! `nimber serve`: the web explorer on a local port (see the `nimber-web` crate).

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;

use clap::Args;

use crate::commands::solve::parse_size;
use crate::error::Failure;

/// `nimber serve [--port N] [--db FILE]...`.
#[derive(Debug, Args)]
#[command(after_help = "The server listens on 127.0.0.1 (this machine only) unless --host names another \
                        address, and prints its URL; open it in a browser. The page talks to a JSON API \
                        described at /api/openapi.json. Solves from the page run one at a time, within \
                        --memory, and can be cancelled.\n\nExamples:\n  \
                        nimber serve\n  \
                        nimber serve --port 0                 # any free port\n  \
                        nimber serve --db tictactoe.db        # also offer a stored solve")]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// The address to listen on (default: 127.0.0.1, this machine only)
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub host: IpAddr,

    /// A stored solve (written by `solve --save`) to offer on the page (repeatable)
    #[arg(long, value_name = "FILE")]
    pub db: Vec<PathBuf>,

    /// The most memory a solve from the page may take, as bytes or with a suffix K, M, G
    /// (default: three quarters of the machine's memory)
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
}

/// Binds, prints the URL and answers requests until the process is stopped.
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let memory = match &args.memory {
        Some(text) => Some(parse_size(text)?),
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
