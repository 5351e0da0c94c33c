//! Heap rulesets and their codes.
//!
//! A heap game is played on heaps of tokens; a move changes one heap (removing tokens from it and
//! maybe splitting what is left) and a player with no move loses. The rules are written as codes:
//!
//! - **Octal and hexadecimal games** `d0.d1d2d3...` (Guy and Smith 1956; Winning Ways, ch. 4).
//!   Digit `dk` says what may happen when `k` tokens are removed from one heap, as a sum of bits:
//!   1: the heap may be removed whole (it had exactly `k` tokens, no heap is left);
//!   2: one non-empty heap may be left;
//!   4: two non-empty heaps may be left (what remains is split in two);
//!   8: three non-empty heaps may be left (hexadecimal digits `8`-`F`).
//!   Digits are `0`-`9` and `A`-`F` (either case). The digit `d0`, before the point, is about
//!   removing no token: only bits 4 and 8 make sense there (split a heap into two or three
//!   without taking anything), so `d0` is one of `0`, `4`, `8`, `C`. A leading `.` means `d0 =
//!   0`: `.07` is `0.07`. Examples: `0.77` Kayles, `0.07` Dawson's Kayles, `0.137` Dawson's chess,
//!   `0.007` Treblecross, `4.0` split a heap in two, `0.F` take one token and leave up to three
//!   heaps.
//! - **Subtraction games** `sub:1,3,4`: remove 1, 3 or 4 tokens from a heap (the octal game with
//!   digit 3 at each listed amount).
//! - **All-but subtraction games** `allbut:1,3`: remove any positive number of tokens except the
//!   listed amounts (`allbut:` with no amount is Nim).
//! - **Grundy's game** `grundy`: split one heap into two non-empty heaps of different sizes.
//!
//! [`Ruleset::options`] states the rules once: the heaps each move can leave. Every method of
//! this crate is checked against it.

use std::fmt;
use std::str::FromStr;

use nimber_engine::ParseError;

/// Bit of an octal digit: the heap may be removed whole.
pub const LEAVE_NONE: u8 = 1;
/// Bit of an octal digit: one non-empty heap may be left.
pub const LEAVE_ONE: u8 = 2;
/// Bit of an octal digit: two non-empty heaps may be left.
pub const LEAVE_TWO: u8 = 4;
/// Bit of a hexadecimal digit: three non-empty heaps may be left.
pub const LEAVE_THREE: u8 = 8;

/// The largest amount in a subtraction set and the longest octal code.
pub const MAX_AMOUNT: u32 = 1 << 20;

/// The rules of a heap game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// An octal or hexadecimal game: `digits[k]` is the digit for removing `k` tokens. Trailing
    /// zero digits are dropped; `digits[0]` is always there.
    Octal(Vec<u8>),
    /// A subtraction game: the amounts that may be removed, increasing, distinct, positive.
    Subtraction(Vec<u32>),
    /// An all-but subtraction game: the amounts that may not be removed, increasing, distinct,
    /// positive; any other positive amount may.
    AllBut(Vec<u32>),
    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    Grundy,
}

impl Ruleset {
    /// Reads a ruleset code (see the module documentation). Errors give the 1-based column.
    pub fn parse(text: &str) -> Result<Ruleset, ParseError> {
        let lead = text.len() - text.trim_start().len();
        let code = text.trim();
        // Columns count characters, from 1, in the text as given.
        let col = |byte: usize| text[..lead + byte].chars().count() + 1;
        if code.is_empty() {
            return Err(ParseError::new(
                "empty ruleset: give an octal code such as 0.77, sub:1,3,4, allbut:1,3 or grundy",
            ));
        }
        let lower = code.to_ascii_lowercase();
        if lower == "grundy" {
            return Ok(Ruleset::Grundy);
        }
        if let Some((word, list)) = code.split_once(':') {
            let start = word.len() + 1;
            return match word.to_ascii_lowercase().as_str() {
                "sub" => {
                    let set = parse_amounts(list, |b| col(start + b))?;
                    if set.is_empty() {
                        return Err(ParseError::at(
                            col(start),
                            "a subtraction game needs at least one amount, as in sub:1,3,4",
                        ));
                    }
                    Ok(Ruleset::Subtraction(set))
                }
                "allbut" => Ok(Ruleset::AllBut(parse_amounts(list, |b| col(start + b))?)),
                _ => Err(ParseError::at(
                    col(0),
                    format!("unknown kind `{word}:`: the kinds with a list are sub: and allbut:"),
                )),
            };
        }
        parse_octal(code, col).map(Ruleset::Octal)
    }

    /// The code in canonical form: upper-case hexadecimal digits without trailing zeros, sorted
    /// amounts.
    pub fn code(&self) -> String {
        match self {
            Ruleset::Octal(digits) => {
                let mut code = String::new();
                code.push(hex_digit(digits[0]));
                code.push('.');
                if digits.len() == 1 {
                    code.push('0');
                }
                code.extend(digits[1..].iter().map(|&d| hex_digit(d)));
                code
            }
            Ruleset::Subtraction(set) => format!("sub:{}", join(set)),
            Ruleset::AllBut(set) => format!("allbut:{}", join(set)),
            Ruleset::Grundy => "grundy".to_string(),
        }
    }

    /// The usual name of the game, when it has one.
    pub fn name(&self) -> Option<&'static str> {
        match self {
            Ruleset::Octal(_) => match self.code().as_str() {
                "0.77" => Some("Kayles"),
                "0.07" => Some("Dawson's Kayles"),
                "0.137" => Some("Dawson's chess"),
                "0.007" => Some("Treblecross"),
                _ => None,
            },
            Ruleset::AllBut(set) if set.is_empty() => Some("Nim"),
            Ruleset::Grundy => Some("Grundy's game"),
            _ => None,
        }
    }

    /// The code followed by the usual name: `0.77 (Kayles)`.
    pub fn title(&self) -> String {
        match self.name() {
            Some(name) => format!("{} ({name})", self.code()),
            None => self.code(),
        }
    }

    /// Every move from a single heap of `n` tokens, as the heaps it leaves (each non-empty,
    /// increasing; none when the heap is taken whole). Each resulting multiset appears once.
    ///
    /// This is the statement of the rules; the fast methods of [`crate::sequence`] are tested
    /// against it.
    pub fn options(&self, n: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        match self {
            Ruleset::Octal(digits) => {
                for (k, &d) in digits.iter().enumerate() {
                    let k = k as u32;
                    if k > n {
                        break;
                    }
                    let rest = n - k;
                    if d & LEAVE_NONE != 0 && rest == 0 && k >= 1 {
                        out.push(vec![]);
                    }
                    if d & LEAVE_ONE != 0 && rest >= 1 && k >= 1 {
                        out.push(vec![rest]);
                    }
                    if d & LEAVE_TWO != 0 {
                        for a in 1..=rest / 2 {
                            out.push(vec![a, rest - a]);
                        }
                    }
                    if d & LEAVE_THREE != 0 {
                        for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                out.push(vec![a, b, rest - a - b]);
                            }
                        }
                    }
                }
            }
            Ruleset::Subtraction(set) => {
                for &s in set.iter().take_while(|&&s| s <= n) {
                    out.push(if s == n { vec![] } else { vec![n - s] });
                }
            }
            Ruleset::AllBut(excluded) => {
                for k in 1..=n {
                    if excluded.binary_search(&k).is_err() {
                        out.push(if k == n { vec![] } else { vec![n - k] });
                    }
                }
            }
            Ruleset::Grundy => {
                for a in 1..=n.saturating_sub(1) / 2 {
                    out.push(vec![a, n - a]);
                }
            }
        }
        out
    }

    /// The most heaps a single move can leave: 0 (no move at all), 1, 2 or 3.
    pub fn max_heaps_left(&self) -> u32 {
        match self {
            Ruleset::Octal(digits) => {
                let bits = digits.iter().fold(0, |acc, d| acc | d);
                if bits & LEAVE_THREE != 0 {
                    3
                } else if bits & LEAVE_TWO != 0 {
                    2
                } else if bits != 0 {
                    1
                } else {
                    0
                }
            }
            Ruleset::Subtraction(_) | Ruleset::AllBut(_) => 1,
            Ruleset::Grundy => 2,
        }
    }

    /// The largest number of tokens a move removes, when there is one: the index of the last
    /// non-zero octal digit (0 when there is none), the largest amount of a subtraction game;
    /// `None` for all-but games (any amount) and Grundy's game (whose moves are not those of
    /// an octal game: the two heaps must differ).
    pub fn finite_removal(&self) -> Option<u32> {
        match self {
            Ruleset::Octal(digits) => Some(digits.iter().rposition(|&d| d != 0).unwrap_or(0) as u32),
            Ruleset::Subtraction(set) => set.last().copied(),
            Ruleset::AllBut(_) | Ruleset::Grundy => None,
        }
    }

    /// The number of values G(0..=n_last) needed to prove, by the periodicity theorem for games
    /// with a finite largest removal, that G(n + p) = G(n) for every n >= `preperiod`: the
    /// sequence must be known up to `J*m + J*p + t - 1` where `m = max(preperiod, 1)`, `t` is the
    /// largest removal and `J` (1, 2 or 3) the most heaps a move leaves. `None` when the theorem
    /// does not apply. See [`crate::period`] for the statement and the proof.
    pub fn proof_needs_upto(&self, period: usize, preperiod: usize) -> Option<usize> {
        let t = self.finite_removal()? as usize;
        let j = self.max_heaps_left().max(1) as usize;
        let m = preperiod.max(1);
        Some(j * m + j * period + t - 1)
    }
}

impl FromStr for Ruleset {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Ruleset, ParseError> {
        Ruleset::parse(text)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

fn hex_digit(d: u8) -> char {
    char::from_digit(d as u32, 16).expect("a digit below 16").to_ascii_uppercase()
}

fn join(set: &[u32]) -> String {
    set.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
}

/// Reads `d0.d1d2...`; `col(i)` is the column of byte `i` of `code`.
fn parse_octal(code: &str, col: impl Fn(usize) -> usize) -> Result<Vec<u8>, ParseError> {
    let Some(point) = code.find('.') else {
        let what = if code.chars().all(|c| c.is_ascii_hexdigit()) {
            "an octal code needs a point, as in 0.77 or 4.07"
        } else {
            "not a ruleset: give an octal code such as 0.77, sub:1,3,4, allbut:1,3 or grundy"
        };
        return Err(ParseError::at(col(0), what));
    };
    let (head, tail) = (&code[..point], &code[point + 1..]);
    let d0 = match head.chars().count() {
        0 => 0,
        1 => {
            let c = head.chars().next().expect("one character");
            let d = c.to_digit(16).ok_or_else(|| {
                ParseError::at(col(0), format!("`{c}` is not a digit (digits are 0-9 and A-F)"))
            })? as u8;
            if d & (LEAVE_NONE | LEAVE_ONE) != 0 {
                return Err(ParseError::at(
                    col(0),
                    format!(
                        "the digit before the point is for removing no token: it may only be 0, 4, 8 or \
                         C (split without removing), not {c} (bits 1 and 2 would leave the heap as it is)"
                    ),
                ));
            }
            d
        }
        _ => {
            return Err(ParseError::at(
                col(0),
                format!("`{head}` before the point: an octal code has one digit there, as in 0.77 or 4.07"),
            ))
        }
    };
    if tail.is_empty() {
        return Err(ParseError::at(col(point + 1), "no digit after the point"));
    }
    let mut digits = vec![d0];
    for (i, c) in tail.char_indices() {
        let at = col(point + 1 + i);
        let d = c
            .to_digit(16)
            .ok_or_else(|| ParseError::at(at, format!("`{c}` is not a digit (digits are 0-9 and A-F)")))?;
        if digits.len() > MAX_AMOUNT as usize {
            return Err(ParseError::at(at, format!("code longer than {MAX_AMOUNT} digits")));
        }
        digits.push(d as u8);
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    Ok(digits)
}

/// Reads a comma-separated list of positive amounts, sorted and without repeats; `col(i)` is
/// the column of byte `i` of `list`.
fn parse_amounts(list: &str, col: impl Fn(usize) -> usize) -> Result<Vec<u32>, ParseError> {
    let mut set = Vec::new();
    if list.trim().is_empty() {
        return Ok(set);
    }
    let mut at = 0;
    for item in list.split(',') {
        let lead = item.len() - item.trim_start().len();
        let trimmed = item.trim();
        let column = col(at + lead);
        if trimmed.is_empty() {
            return Err(ParseError::at(column, "missing amount between commas"));
        }
        let value: u64 = trimmed.parse().map_err(|_| {
            ParseError::at(column, format!("`{trimmed}` is not an amount (a positive whole number)"))
        })?;
        if value == 0 {
            return Err(ParseError::at(column, "amounts must be positive (removing 0 tokens is no move)"));
        }
        if value > MAX_AMOUNT as u64 {
            return Err(ParseError::at(column, format!("amount {value} is larger than {MAX_AMOUNT}")));
        }
        set.push(value as u32);
        at += item.len() + 1;
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        Ruleset::parse(text).unwrap_err()
    }

    #[test]
    fn codes_round_trip() {
        for (text, code) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("0.1370", "0.137"),
            ("4.0", "4.0"),
            ("4.07", "4.07"),
            ("0.f", "0.F"),
            ("0.0", "0.0"),
            ("C.00", "C.0"),
            (" sub:4,1,3,1 ", "sub:1,3,4"),
            ("SUB: 2, 5,7", "sub:2,5,7"),
            ("allbut:3,1", "allbut:1,3"),
            ("allbut:", "allbut:"),
            ("Grundy", "grundy"),
        ] {
            let rules = Ruleset::parse(text).unwrap();
            assert_eq!(rules.code(), code, "{text}");
            assert_eq!(Ruleset::parse(&rules.code()).unwrap(), rules, "{text}");
        }
        assert_eq!(Ruleset::parse("0.77").unwrap().title(), "0.77 (Kayles)");
        assert_eq!(Ruleset::parse("allbut:").unwrap().title(), "allbut: (Nim)");
    }

    #[test]
    fn errors_name_the_column() {
        let e = err("0.7x7");
        assert_eq!(e.column, Some(4));
        assert!(e.message.contains("`x` is not a digit"), "{e}");
        let e = err("  1.07");
        assert_eq!(e.column, Some(3));
        assert!(e.message.contains("0, 4, 8 or C"), "{e}");
        assert_eq!(err("0.").column, Some(3));
        assert_eq!(err("077").column, Some(1));
        assert!(err("077").message.contains("needs a point"));
        assert_eq!(err("10.7").column, Some(1));
        let e = err("sub:1,x,3");
        assert_eq!(e.column, Some(7));
        assert!(e.message.contains("`x`"), "{e}");
        assert_eq!(err("sub:1,,3").column, Some(7));
        assert_eq!(err("sub:").column, Some(5));
        assert!(err("allbut:0").message.contains("positive"));
        assert_eq!(err("add:1").column, Some(1));
        assert!(err("").message.contains("empty"));
        assert!(err("kayles").message.contains("not a ruleset"));
        assert!(err("sub:99999999999").message.contains("larger than"));
        // Columns count characters, not bytes.
        assert_eq!(err("0.é").column, Some(3));
    }

    #[test]
    fn options_follow_the_digits() {
        let kayles = Ruleset::parse("0.77").unwrap();
        assert_eq!(kayles.options(1), vec![vec![]]);
        assert_eq!(kayles.options(2), vec![vec![1], vec![]]);
        assert_eq!(kayles.options(4), vec![vec![3], vec![1, 2], vec![2], vec![1, 1]]);
        let dawson = Ruleset::parse("0.07").unwrap();
        assert_eq!(dawson.options(1), Vec::<Vec<u32>>::new());
        assert_eq!(dawson.options(5), vec![vec![3], vec![1, 2]]);
        let split = Ruleset::parse("4.0").unwrap();
        assert_eq!(split.options(4), vec![vec![1, 3], vec![2, 2]]);
        let hex = Ruleset::parse("0.8").unwrap();
        assert_eq!(hex.options(7), vec![vec![1, 1, 4], vec![1, 2, 3], vec![2, 2, 2]]);
        let grundy = Ruleset::Grundy;
        assert_eq!(grundy.options(6), vec![vec![1, 5], vec![2, 4]]);
        assert_eq!(grundy.options(2), Vec::<Vec<u32>>::new());
        let sub = Ruleset::parse("sub:1,3,4").unwrap();
        assert_eq!(sub.options(3), vec![vec![2], vec![]]);
        let allbut = Ruleset::parse("allbut:1,3").unwrap();
        assert_eq!(allbut.options(4), vec![vec![2], vec![]]);
    }

    #[test]
    fn theorem_parameters() {
        let kayles = Ruleset::parse("0.77").unwrap();
        assert_eq!((kayles.finite_removal(), kayles.max_heaps_left()), (Some(2), 2));
        assert_eq!(kayles.proof_needs_upto(12, 71), Some(2 * 71 + 2 * 12 + 2 - 1));
        let sub = Ruleset::parse("sub:1,2,3").unwrap();
        assert_eq!(sub.proof_needs_upto(4, 0), Some(1 + 4 + 3 - 1));
        assert_eq!(Ruleset::parse("0.F").unwrap().max_heaps_left(), 3);
        assert_eq!(Ruleset::parse("4.0").unwrap().finite_removal(), Some(0));
        assert_eq!(Ruleset::Grundy.proof_needs_upto(1, 1), None);
        assert_eq!(Ruleset::parse("allbut:2").unwrap().proof_needs_upto(1, 1), None);
    }
}
