//! A game's parameters: the ones it accepts ([`ParamSpec`]), the values given for them
//! ([`Params`], checked against the specs), and a game with all its parameters as one value
//! ([`GameId`]), which stores, checkpoints, the cache and the cluster carry.

use std::fmt;

use crate::error::Error;

/// A game with its parameters: the game's name and every parameter it declares, defaults
/// included, in its declared order, as text. Made once (by [`Params::id`], from whatever the
/// user gave: command-line pairs, a JSON request, keyword arguments, a file's header) and then
/// carried whole; it displays as `nim heaps=3,4,5` (parameters left empty are not shown).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameId {
    name: String,
    params: Vec<(String, String)>,
}

impl GameId {
    /// The game `name` with these parameters, as they are: every one the game declares, in its
    /// order, for a value that [`Params::id`] would also give.
    pub fn new(name: impl Into<String>, params: Vec<(String, String)>) -> GameId {
        GameId { name: name.into(), params }
    }

    /// The game's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Every parameter as `(key, value)`, defaults included, in the game's order.
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }

    /// The value of the parameter `key`, if the game has one.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The parameters with a value, in order: what a title shows (a parameter left empty is
    /// the game's to work out).
    pub fn given(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.params.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (key, value) in self.given() {
            write!(f, " {key}={value}")?;
        }
        Ok(())
    }
}

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
        let mut pairs = Vec::with_capacity(args.len());
        for arg in args {
            let arg = arg.as_ref();
            let Some((key, value)) = arg.split_once('=') else {
                return Err(Error::Param(format!("parameter `{arg}` is not of the form key=value")));
            };
            pairs.push((key, value));
        }
        Params::from_pairs(game, specs, pairs)
    }

    /// The parameters `(key, value)` for `game` (from a JSON object, keyword arguments or a
    /// [`GameId`]), checked as [`Params::parse`] checks them; keys and values are trimmed.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        game: &str,
        specs: &[ParamSpec],
        given: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Params, Error> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (key, value) in given {
            let (key, value) = (key.as_ref().trim(), value.as_ref());
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

    /// The game with these parameters, every one given (defaults included), in declaration
    /// order.
    pub fn id(&self) -> GameId {
        let params = self.specs.iter().map(|s| (s.name.to_string(), self.text(s.name).to_string())).collect();
        GameId { name: self.game.clone(), params }
    }

    /// The parameters of the game `id` names, checked against `specs` as [`Params::parse`]
    /// checks them; refused when `id` does not say every parameter as [`Params::id`] would (a
    /// file written by a nimber whose game had other parameters or other defaults): `what` names
    /// where `id` comes from in that refusal.
    pub fn of_id(specs: &[ParamSpec], id: &GameId, what: &str) -> Result<Params, Error> {
        let params = Params::from_pairs(&id.name, specs, id.params().iter().map(|(k, v)| (k, v)))?;
        if params.id() != *id {
            return Err(Error::Unsupported(format!(
                "{what}: the stored parameters of {} are not this nimber's (stored with other defaults?)",
                id.name
            )));
        }
        Ok(params)
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

    #[test]
    fn a_game_id_holds_every_parameter_and_shows_the_given_ones() {
        const SPECS: &[ParamSpec] = &[
            ParamSpec { name: "heaps", default: "3,4,5", help: "heap sizes" },
            ParamSpec { name: "file", default: "", help: "optional" },
            ParamSpec { name: "n", default: "3", help: "size" },
        ];
        let id = Params::parse("nim", SPECS, &["n = 7"]).unwrap().id();
        let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
            list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
        };
        assert_eq!(id.name(), "nim");
        assert_eq!(id.params(), pairs(&[("heaps", "3,4,5"), ("file", ""), ("n", "7")]));
        assert_eq!(id.param("n"), Some("7"));
        assert_eq!(id.param("x"), None);
        assert_eq!(id.to_string(), "nim heaps=3,4,5 n=7");
        // The same game, whatever the parameters came as.
        assert_eq!(Params::from_pairs("nim", SPECS, [("n", "7")]).unwrap().id(), id);
        assert_eq!(Params::from_pairs("nim", SPECS, [("heaps", "3,4,5"), ("n", "7")]).unwrap().id(), id);
        assert_eq!(Params::of_id(SPECS, &id, "f").unwrap().id(), id);
        // A parameter given empty is not its default, and comes back as given.
        let empty = Params::parse("nim", SPECS, &["heaps="]).unwrap().id();
        assert_eq!((empty.param("heaps"), empty.to_string().as_str()), (Some(""), "nim n=3"));
        assert_eq!(Params::of_id(SPECS, &empty, "f").unwrap().id(), empty);
        // A pair whose key holds `=` is a key the game does not have, not a split pair.
        let e = Params::from_pairs("nim", SPECS, [("n=7", "1")]).unwrap_err().to_string();
        assert!(e.contains("unknown parameter `n=7`"), "{e}");
        // A file naming parameters this nimber's game does not have, or leaving one out.
        let old = GameId::new("nim", pairs(&[("heaps", "3,4,5"), ("n", "7")]));
        let e = Params::of_id(SPECS, &old, "old.nimber").unwrap_err().to_string();
        assert!(e.starts_with("old.nimber: the stored parameters of nim are not this nimber's"), "{e}");
        let odd = GameId::new("nim", pairs(&[("heaps", "3,4,5"), ("file", ""), ("n", "7"), ("x", "1")]));
        assert!(Params::of_id(SPECS, &odd, "f").unwrap_err().to_string().contains("unknown parameter `x`"));
    }
}
