//! The genus of single heaps (misère play), against published values.
//!
//! Source: the test suite of CGSuite, A. N. Siegel's Combinatorial Game Suite, which computes
//! genera from misère canonical forms (file `lib/core/src/test/scala/org/cgsuite/lang/
//! GameHeapTest.scala` of github.com/aaron-siegel/cgsuite): the genus of heaps 0 to 20 of
//! Nim, Grundy's game, Kayles, Dawson's Kayles, the subtraction game 2,3,7, the all-but
//! subtraction game 2,3,7 and the hexadecimal game 0.3F, with their misère nim values. The
//! first Kayles heaps have the genera quoted from Winning Ways, ch. 13: 0^{120}, 1^{031},
//! 2^{20}, 3^{31}.
//!
//! CGSuite writes a genus compactly (its class `Genus`, by Dan Hoey): a bare `g` is the genus of
//! the nim heap `*g` (`0^{1202...}`, `1^{0313...}`, then `g^{g, g^2, g, g^2, ...}`); `g^s` with
//! one digit (here always `s = g`) is a tame game, `g^{s, g^2, g, g^2, ...}`; a longer
//! superscript is written until its last two digits alternate forever, in parentheses with
//! commas when a value has two digits. [`expand`] turns that back into the full sequence.

use nimber_engine::Silent;
use nimber_heaps::{genus_sequence, nim_sequence, Ruleset};

/// The first `k` misère values `γ0 γ1 ...` of a genus in CGSuite's notation, and `γ`.
fn expand(text: &str, k: usize) -> (u32, Vec<u32>) {
    let (base, sup) = match text.split_once('^') {
        Some((b, s)) => (b, Some(s)),
        None => (text, None),
    };
    let g: u32 = base.parse().unwrap();
    let digits: Vec<u32> = match sup {
        None => Vec::new(),
        Some(s) if s.starts_with('(') => {
            s.trim_matches(|c| c == '(' || c == ')').split(',').map(|d| d.parse().unwrap()).collect()
        }
        Some(s) => s.chars().map(|c| c.to_digit(10).unwrap()).collect(),
    };
    let values = (0..k)
        .map(|i| match digits.len() {
            // A nim heap.
            0 if i == 0 && g < 2 => 1 - g,
            0 => g ^ ((i as u32 & 1) << 1),
            // A tame game with γ0 = γ.
            1 => {
                assert_eq!(digits[0], g, "{text}: a one-digit superscript other than γ is not used here");
                g ^ ((i as u32 & 1) << 1)
            }
            // The digits, then the last two alternating.
            n if i < n => digits[i],
            n => digits[n - 2 + ((n ^ i) & 1)],
        })
        .collect();
    (g, values)
}

/// Checks a ruleset's heaps 0..=20: normal and misère nim values, and the genus with `k`
/// misère values. Returns the number of values compared.
fn check(code: &str, misere: &str, genus: &str, k: usize) -> usize {
    let rules = Ruleset::parse(code).unwrap();
    let misere: Vec<u32> = misere.trim_matches(['[', ']']).split(',').map(|v| v.parse().unwrap()).collect();
    let published: Vec<&str> = genus.trim_matches(['[', ']']).split(',').collect();
    // Split at the commas outside parentheses.
    let mut genera: Vec<String> = Vec::new();
    let mut depth = 0;
    for piece in published {
        if depth > 0 {
            genera.last_mut().unwrap().push(',');
            genera.last_mut().unwrap().push_str(piece);
        } else {
            genera.push(piece.to_string());
        }
        depth += piece.matches('(').count();
        depth -= piece.matches(')').count();
    }
    assert_eq!(genera.len(), 21, "{code}");
    let computed = genus_sequence(&rules, 20, k, &Silent).unwrap();
    let normal = nim_sequence(&rules, 20, &Silent);
    let mut compared = 0;
    for n in 0..=20 {
        let (g, values) = expand(&genera[n], k);
        assert_eq!(computed[n].normal, g, "{code}: heap {n}: γ");
        assert_eq!(normal[n], g, "{code}: heap {n}: γ");
        assert_eq!(computed[n].misere, values, "{code}: heap {n}: {} is not {}", computed[n], genera[n]);
        assert_eq!(computed[n].misere_value(), misere[n], "{code}: heap {n}: misère value");
        compared += k + 1;
    }
    compared
}

#[test]
fn cgsuite_genus_tables() {
    let k = 8;
    let mut compared = 0;
    compared += check(
        "allbut:",
        "[1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
        "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
        k,
    );
    compared += check(
        "grundy",
        "[1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2]",
        "[0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20]",
        k,
    );
    compared += check(
        "0.77",
        "[1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0]",
        "[0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031]",
        k,
    );
    compared += check(
        "0.07",
        "[1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3]",
        "[0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3]",
        k,
    );
    compared += check(
        "sub:2,3,7",
        "[1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1]",
        "[0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0]",
        k,
    );
    compared += check(
        "allbut:2,3,7",
        "[1,0,1,0,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
        "[0,1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
        k,
    );
    compared += check(
        "0.3F",
        "[1,0,2,1,0,2,1,0,4,1,0,4,1,0,6,1,0,6,1,0,6]",
        "[0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,\
          6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)]",
        k,
    );
    eprintln!("7 rulesets, heaps 0 to 20: {compared} values (γ and γ0..γ7) equal CGSuite's");
    assert_eq!(compared, 7 * 21 * 9);
}

#[test]
fn abbreviated_superscripts() {
    // Kayles heaps 0 to 5 with superscripts abbreviated the way Winning Ways writes them (the
    // tail that only alternates is left out).
    let kayles = genus_sequence(&Ruleset::parse("0.77").unwrap(), 5, 4, &Silent).unwrap();
    let short: Vec<String> = kayles
        .iter()
        .map(|g| format!("{}^{}", g.normal, nimber_heaps::genus::superscript(&g.abbreviated())))
        .collect();
    assert_eq!(short, ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]);
}
