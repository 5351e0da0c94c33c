//! `DynPartizan::analyse` against the theory, on Blue-Red Hackenbush strings: the value of every
//! string and of every move from it (Berlekamp's rule), one memory shared by every call, and the
//! budgets of a memory (refused with a clear error, then the memory is as good as new).

use nimber_engine::{Error, Move, Notation, ParseError};
use nimber_partizan::{Dyadic, DynPartizan, Form, Forms, Memory, Partizan, PartizanCapabilities, Player};

/// Blue-Red Hackenbush on one string of edges standing on the ground: `L` edges are Left's
/// (blue), `R` edges Right's (red), from the ground up; a player cuts one of their edges, and
/// every edge above it falls. `-` is the empty string.
struct Strings;

impl Partizan for Strings {
    type Position = Vec<bool>;

    fn start(&self) -> Vec<bool> {
        Vec::new()
    }

    fn left_moves(&self, pos: &Vec<bool>) -> Vec<Move<Vec<bool>>> {
        cuts(pos, true)
    }

    fn right_moves(&self, pos: &Vec<bool>) -> Vec<Move<Vec<bool>>> {
        cuts(pos, false)
    }

    fn capabilities(&self) -> PartizanCapabilities<'_, Vec<bool>> {
        PartizanCapabilities::none().notation(self)
    }
}

/// The cuts of `player`'s edges (`true`: Left), named by the edge's height from 1.
fn cuts(pos: &[bool], left: bool) -> Vec<Move<Vec<bool>>> {
    (0..pos.len())
        .filter(|&i| pos[i] == left)
        .map(|i| Move::new(format!("{}", i + 1), pos[..i].to_vec()))
        .collect()
}

impl Notation<Vec<bool>> for Strings {
    fn format(&self, pos: &Vec<bool>) -> String {
        if pos.is_empty() {
            return "-".into();
        }
        pos.iter().map(|&l| if l { 'L' } else { 'R' }).collect()
    }

    fn parse(&self, text: &str) -> Result<Vec<bool>, ParseError> {
        if text == "-" {
            return Ok(Vec::new());
        }
        text.chars()
            .enumerate()
            .map(|(i, c)| match c {
                'L' => Ok(true),
                'R' => Ok(false),
                _ => Err(ParseError::at(i + 1, format!("`{c}` is not an edge: use L or R"))),
            })
            .collect()
    }
}

/// Berlekamp's rule: the edges up to the first change of colour count 1 each for their owner,
/// and each edge after it half the one below it (Winning Ways, ch. 2).
fn berlekamp(pos: &[bool]) -> Dyadic {
    let sign = |l: bool| if l { 1 } else { -1 };
    let run = pos.iter().take_while(|&&l| l == pos[0]).count();
    let mut value = Dyadic::int(sign(pos.first().copied().unwrap_or(true)) * run as i128);
    for (k, &l) in pos[run..].iter().enumerate() {
        value = value + Dyadic::new(sign(l), k as u32 + 1);
    }
    value
}

fn all_strings(max: usize) -> Vec<Vec<bool>> {
    let mut out = vec![Vec::new()];
    for len in 1..=max {
        for bits in 0..1u32 << len {
            out.push((0..len).map(|i| bits >> i & 1 == 1).collect());
        }
    }
    out
}

fn number(forms: &Forms, g: Form) -> Dyadic {
    forms.as_number(g).expect("a Hackenbush string is a number")
}

/// Every string of up to 10 edges (2,047 positions) and each of its moves (18,434 moves) has the
/// value of Berlekamp's rule, found through one memory shared by every call, which ends up
/// holding exactly the positions met.
#[test]
fn values_of_positions_and_moves_follow_berlekamps_rule() {
    let mut memory = Memory::new();
    let strings = all_strings(10);
    let mut moves = 0;
    for pos in &strings {
        let text = Strings.format(pos);
        let a = Strings.analyse(Some(&text), &mut memory).unwrap();
        assert_eq!(a.position, text);
        assert_eq!(number(&memory.forms, a.value), berlekamp(pos), "{text}");
        assert_eq!(a.left.len(), pos.iter().filter(|&&l| l).count());
        assert_eq!(a.right.len(), pos.len() - a.left.len());
        for m in a.left.iter().chain(&a.right) {
            let to = Strings.parse(&m.position).unwrap();
            assert_eq!(to.len() + 1, m.label.parse::<usize>().unwrap(), "{text} {}", m.label);
            assert_eq!(number(&memory.forms, m.value), berlekamp(&to), "{text} -> {}", m.position);
            moves += 1;
        }
        // Left's moves lower the value (a number's Left options are below it), Right's raise it.
        for m in &a.left {
            assert!(number(&memory.forms, m.value) < berlekamp(pos));
        }
        for m in &a.right {
            assert!(number(&memory.forms, m.value) > berlekamp(pos));
        }
    }
    assert_eq!(moves, (1..=10).map(|len| len << len).sum::<usize>());
    assert_eq!(memory.positions(), strings.len());
    assert!(!memory.exhausted());
    // The start, and the drawing of a game without one.
    let start = Strings.analyse(None, &mut memory).unwrap();
    assert_eq!((start.position.as_str(), start.left.len(), start.right.len()), ("-", 0, 0));
    assert_eq!(Strings.draw("LR", Player::Left).unwrap(), None);
}

/// A position that cannot be read names the column; the memory is untouched.
#[test]
fn a_malformed_position_names_the_column() {
    let mut memory = Memory::with_budget(1000, 1000);
    Strings.analyse(Some("LR"), &mut memory).unwrap();
    let held = memory.positions();
    let err = Strings.analyse(Some("LRX"), &mut memory).unwrap_err();
    assert_eq!(err.to_string(), "cannot read position `LRX`: column 3: `X` is not an edge: use L or R");
    assert!(matches!(Strings.draw("x", Player::Right), Err(Error::Position { .. })));
    assert_eq!(memory.positions(), held);
}

/// Past a budget of positions or of forms, `analyse` fails with `TooLarge` and clears the memory,
/// which then values smaller positions as before.
#[test]
fn budgets_run_out_cleanly() {
    // `LLLL...` of 40 edges has 41 positions below it (itself included).
    let long = "L".repeat(40);
    let mut memory = Memory::with_budget(1_000_000, 20);
    let err = Strings.analyse(Some(&long), &mut memory).unwrap_err();
    assert!(matches!(&err, Error::TooLarge(m) if m.contains("more than 20 positions")), "{err}");
    assert_eq!(memory.positions(), 0);
    assert!(!memory.exhausted());
    let a = Strings.analyse(Some("LLR"), &mut memory).unwrap();
    assert_eq!(memory.forms.as_number(a.value), Some(Dyadic::new(3, 1)));
    // 20 positions: exactly within the bound (strings of 19 edges have 20 positions).
    let mut memory = Memory::with_budget(1_000_000, 20);
    Strings.analyse(Some(&"L".repeat(19)), &mut memory).unwrap();
    assert_eq!(memory.positions(), 20);
    // Forms: 40 integers need 41 forms.
    let mut memory = Memory::with_budget(30, 1_000_000);
    let err = Strings.analyse(Some(&long), &mut memory).unwrap_err();
    assert!(matches!(&err, Error::TooLarge(m) if m.contains("a budget of 30 canonical forms")), "{err}");
    assert_eq!((memory.positions(), memory.forms.len()), (0, 1));
    let a = Strings.analyse(Some("RRL"), &mut memory).unwrap();
    assert_eq!(memory.forms.as_number(a.value), Some(Dyadic::new(-3, 1)));
}
