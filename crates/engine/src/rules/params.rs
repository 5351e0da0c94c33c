//! Game parameters given as `key=value` pairs (`-p key=value` on the command line).

use crate::error::Error;

/// A parameter a game accepts, with its default and a line of help.
#[derive(Copy, Clone, Debug)]
pub struct ParamSpec {
    /// The key, as typed after `-p`.
    pub name: &'static str,
    /// The default value, as text; empty when the parameter is required.
    pub default: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// Parameter values given by the user, checked against the game's [`ParamSpec`]s.
#[derive(Clone, Debug, Default)]
pub struct Params {
    game: String,
    pairs: Vec<(String, String)>,
    specs: Vec<ParamSpec>,
}

impl Params {
    /// Parses `key=value` strings for `game`, rejecting keys the game does not declare and keys
    /// given twice.
    pub fn parse<S: AsRef<str>>(game: &str, specs: &[ParamSpec], args: &[S]) -> Result<Params, Error> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for arg in args {
            let arg = arg.as_ref();
            let Some((key, value)) = arg.split_once('=') else {
                return Err(Error::Param(format!("parameter `{arg}` is not of the form key=value")));
            };
            let key = key.trim();
            if !specs.iter().any(|s| s.name == key) {
                let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
                return Err(Error::Param(format!(
                    "unknown parameter `{key}` for game {game} (its parameters: {known})"
                )));
            }
            if pairs.iter().any(|(k, _)| k == key) {
                return Err(Error::Param(format!("parameter `{key}` given twice")));
            }
            pairs.push((key.to_string(), value.trim().to_string()));
        }
        Ok(Params { game: game.to_string(), pairs, specs: specs.to_vec() })
    }

    /// The text of a parameter: the user's value, else the declared default.
    pub fn text(&self, key: &str) -> &str {
        if let Some((_, v)) = self.pairs.iter().find(|(k, _)| k == key) {
            return v;
        }
        self.specs.iter().find(|s| s.name == key).map(|s| s.default).unwrap_or("")
    }

    /// Whether the user gave this parameter explicitly.
    pub fn given(&self, key: &str) -> bool {
        self.pairs.iter().any(|(k, _)| k == key)
    }

    /// A required non-empty text parameter.
    pub fn required(&self, key: &str) -> Result<&str, Error> {
        let text = self.text(key);
        if text.is_empty() {
            return Err(Error::Param(format!("game {} needs -p {key}=...", self.game)));
        }
        Ok(text)
    }

    /// An integer parameter within `lo..=hi`.
    pub fn int(&self, key: &str, lo: u64, hi: u64) -> Result<u64, Error> {
        let text = self.required(key)?;
        let value: u64 = text
            .parse()
            .map_err(|_| Error::Param(format!("parameter {key}={text}: not a non-negative integer")))?;
        if value < lo || value > hi {
            return Err(Error::Param(format!("parameter {key}={value}: must be between {lo} and {hi}")));
        }
        Ok(value)
    }

    /// A comma-separated list of integers, each within `lo..=hi`.
    pub fn int_list(&self, key: &str, lo: u64, hi: u64) -> Result<Vec<u64>, Error> {
        let text = self.text(key);
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        text.split(',')
            .map(|item| {
                let item = item.trim();
                let value: u64 = item.parse().map_err(|_| {
                    Error::Param(format!("parameter {key}={text}: `{item}` is not a non-negative integer"))
                })?;
                if value < lo || value > hi {
                    return Err(Error::Param(format!(
                        "parameter {key}={text}: {value} must be between {lo} and {hi}"
                    )));
                }
                Ok(value)
            })
            .collect()
    }

    /// The parameters as `key=value` pairs, defaults included, in declaration order.
    pub fn resolved(&self) -> Vec<(String, String)> {
        self.specs.iter().map(|s| (s.name.to_string(), self.text(s.name).to_string())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[ParamSpec] = &[
        ParamSpec { name: "heaps", default: "3,4,5", help: "heap sizes" },
        ParamSpec { name: "n", default: "3", help: "size" },
    ];

    #[test]
    fn defaults_and_values() {
        let p = Params::parse("nim", SPECS, &["n=7"]).unwrap();
        assert_eq!(p.int("n", 1, 10).unwrap(), 7);
        assert_eq!(p.int_list("heaps", 0, 100).unwrap(), vec![3, 4, 5]);
        assert!(p.given("n") && !p.given("heaps"));
    }

    #[test]
    fn errors_name_the_problem() {
        let e = Params::parse("nim", SPECS, &["x=1"]).unwrap_err().to_string();
        assert!(e.contains("unknown parameter `x`") && e.contains("heaps, n"), "{e}");
        let e = Params::parse("nim", SPECS, &["n"]).unwrap_err().to_string();
        assert!(e.contains("key=value"), "{e}");
        let p = Params::parse("nim", SPECS, &["n=abc"]).unwrap();
        assert!(p.int("n", 1, 10).unwrap_err().to_string().contains("n=abc"));
        let p = Params::parse("nim", SPECS, &["n=11"]).unwrap();
        assert!(p.int("n", 1, 10).unwrap_err().to_string().contains("between 1 and 10"));
        let p = Params::parse("nim", SPECS, &["heaps=1,x"]).unwrap();
        assert!(p.int_list("heaps", 0, 9).unwrap_err().to_string().contains("`x`"));
    }
}
