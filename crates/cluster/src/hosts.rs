//! Host files: the processes of a cluster, one `host:port` per line.

/// A line of a host file that is not `host:port`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// The line's number, from 1.
    pub line: usize,
    /// The line, trimmed (at most 200 characters of it).
    pub text: String,
}

/// The addresses of a host file's text, in order: one `host:port` per line (a host name or
/// address, a colon, a port from 1 to 65535), blank lines and lines starting with `#`
/// skipped. An IPv6 address goes in brackets (`[::1]:7000`).
pub fn parse(text: &str) -> Result<Vec<String>, BadLine> {
    let mut addresses = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let good = match line.rsplit_once(':') {
            Some((host, port)) => {
                !host.is_empty()
                    && !host.chars().any(char::is_whitespace)
                    && port.bytes().all(|b| b.is_ascii_digit())
                    && port.parse::<u16>().is_ok_and(|p| p > 0)
            }
            None => false,
        };
        if !good {
            return Err(BadLine { line: n + 1, text: line.chars().take(200).collect() });
        }
        addresses.push(line.to_string());
    }
    Ok(addresses)
}

#[cfg(test)]
mod tests {
    use super::{parse, BadLine};

    #[test]
    fn host_files() {
        let text = "# two nodes\n\nnode1:7000\n  10.0.0.2:7001  \n[::1]:7002\n";
        assert_eq!(parse(text).unwrap(), ["node1:7000", "10.0.0.2:7001", "[::1]:7002"]);
        assert_eq!(parse("").unwrap(), Vec::<String>::new());
        for (text, line, bad) in [
            ("a:1\nnode2 7002\n", 2, "node2 7002"),
            ("node:0", 1, "node:0"),
            ("node:65536", 1, "node:65536"),
            (":7000", 1, ":7000"),
            ("node:+7", 1, "node:+7"),
            ("no port", 1, "no port"),
            ("a b:7", 1, "a b:7"),
        ] {
            assert_eq!(parse(text), Err(BadLine { line, text: bad.into() }), "{text:?}");
        }
    }
}
