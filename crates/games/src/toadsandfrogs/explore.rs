//! Toads and Frogs' features and family for surveys of values (`nimber explore toadsandfrogs
//! --values`; see `nimber_partizan::survey`).
//!
//! Features: `squares` (the strip's length), `toads`, `frogs` and `empty` (its empty squares).
//! The family, for `-p squares=N` (by default the start strip's length): every strip of 1 to N
//! squares with every placement of toads and frogs (`family=strips`, the default: 3^n strips of
//! each length n, by length, then by their placements read as numbers in base 3 with the first
//! square lowest, empty 0, toad 1 and frog 2; at most [`family::MAX_FAMILY`] strips in all, so
//! N is at most 12), or every strip `T^a .^b F^c` of 1 to N squares, toads then empty squares
//! then frogs, the starts of the literature (`family=starts`: a, b, c >= 0, by length, then
//! toads, then empty squares; (N+1)(N+2)(N+3)/6 - 1 strips).

use nimber_engine::{Error, ParamSpec, Params};
use nimber_partizan::game::ValueFamily;

use super::{Strip, MAX_SQUARES};
use crate::common::grid::{family, mask};

/// The parameter `squares`.
pub const SQUARES: ParamSpec = ParamSpec {
    name: "squares",
    default: "",
    help: "surveys of values (--values): strips of 1 to this many squares (default: the start's)",
};

/// The parameter `family`.
pub const FAMILY: ParamSpec = ParamSpec {
    name: "family",
    default: "",
    help: "surveys of values (--values): `strips` (every strip of 1 to `squares` squares with every \
           placement of toads and frogs; the default) or `starts` (every strip T^a .^b F^c of those \
           lengths)",
};

/// Which strips a survey values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The longest strip.
    pub squares: u8,
    /// Only the strips `T^a .^b F^c` (else every placement).
    pub starts: bool,
}

impl Spec {
    /// Every strip up to the length of `start`.
    pub fn strips(start: &Strip) -> Spec {
        Spec { squares: start.len.max(1), starts: false }
    }

    /// The family of the parameters `squares` and `family`, for the start strip `start` (its
    /// size is checked when it is made).
    pub fn from_params(params: &Params, start: &Strip) -> Result<Spec, Error> {
        let squares = family::side(params, "squares", start.len, MAX_SQUARES as u8)?;
        let starts = match params.text("family") {
            "" | "strips" => false,
            "starts" => true,
            other => {
                return Err(Error::Param(format!(
                    "parameter family={other}: the families are `strips` and `starts`"
                )))
            }
        };
        Ok(Spec { squares, starts })
    }
}

/// `squares`, `toads`, `frogs`, `empty`.
pub fn feature_names() -> Vec<String> {
    ["squares", "toads", "frogs", "empty"].map(String::from).to_vec()
}

/// The values of [`feature_names`].
pub fn feature_values(s: &Strip, out: &mut Vec<i64>) {
    let (toads, frogs) = (s.toads.count_ones() as i64, s.frogs.count_ones() as i64);
    out.extend([s.len as i64, toads, frogs, s.len as i64 - toads - frogs]);
}

/// The strips of `spec` (see the module documentation), refused when too many.
pub fn family(spec: Spec) -> Result<ValueFamily<Strip>, Error> {
    let n = spec.squares;
    if spec.starts {
        let mut positions = Vec::new();
        for len in 1..=n as usize {
            for a in 0..=len {
                for b in 0..=len - a {
                    let toads = mask(a);
                    let frogs = mask(len - a - b).checked_shl((a + b) as u32).unwrap_or(0);
                    positions.push(Strip { len: len as u8, toads, frogs });
                }
            }
        }
        let description = format!("every strip T^a .^b F^c of 1 to {n} squares");
        return Ok(ValueFamily { description, positions });
    }
    let total =
        (1..=n as u32).map(|k| 3u64.checked_pow(k).unwrap_or(u64::MAX)).fold(0u64, u64::saturating_add);
    let description = format!("every strip of 1 to {n} squares, every placement of toads and frogs");
    family::check_total(total, &description, "a smaller squares")?;
    let positions = (1..=n)
        .flat_map(|len| family::placements(len as u32).map(move |(toads, frogs)| Strip { len, toads, frogs }))
        .collect();
    Ok(ValueFamily { description, positions })
}
