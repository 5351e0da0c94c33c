//! The notation of positions (`gle/.c./.C./ELG b -`) and the names of squares and kinds, with
//! the checks of the material a position read must have.

use nimber_engine::ParseError;

use super::position::{DobutsuPos, CHICK, ELEPHANT, GIRAFFE, GOTE, GOTE_TO_MOVE, HAND_KINDS, HEN, LION};

impl std::fmt::Debug for DobutsuPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format_position(*self))
    }
}

/// The name of square `sq`: file `a`-`c` from Sente's left, rank `1`-`4` from the top.
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 3) as u8) as char, sq / 3 + 1)
}

pub(super) fn kind_letter(kind: u64) -> char {
    match kind {
        LION => 'L',
        GIRAFFE => 'G',
        ELEPHANT => 'E',
        CHICK => 'C',
        HEN => 'H',
        _ => '?',
    }
}

pub(super) fn format_position(pos: DobutsuPos) -> String {
    let mut s = String::with_capacity(24);
    for sq in 0..12 {
        if sq > 0 && sq % 3 == 0 {
            s.push('/');
        }
        let cell = pos.cell(sq);
        s.push(match cell {
            0 => '.',
            c if c & GOTE != 0 => kind_letter(c & 7).to_ascii_lowercase(),
            c => kind_letter(c),
        });
    }
    s.push(' ');
    s.push(if pos.gote_to_move() { 'w' } else { 'b' });
    s.push(' ');
    let mut hands = String::new();
    for gote in [false, true] {
        for (h, &kind) in HAND_KINDS.iter().enumerate() {
            for _ in 0..pos.hand(gote, h) {
                let letter = kind_letter(kind);
                hands.push(if gote { letter.to_ascii_lowercase() } else { letter });
            }
        }
    }
    if hands.is_empty() {
        hands.push('-');
    }
    s.push_str(&hands);
    s
}

pub(super) fn parse_position(text: &str) -> Result<DobutsuPos, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    let skip_blanks = |at: &mut usize| {
        while *at < chars.len() && chars[*at].is_whitespace() {
            *at += 1;
        }
    };
    skip_blanks(&mut at);
    let mut x = 0u64;
    let mut sq = 0usize;
    let mut row_start = true;
    loop {
        let column = at + 1;
        match chars.get(at) {
            Some('/') if sq.is_multiple_of(3) && sq > 0 && sq < 12 && !row_start => row_start = true,
            Some('/') => return Err(ParseError::at(column, "`/` may only separate ranks of 3 cells")),
            Some(&c) if c.is_whitespace() => break,
            None => break,
            Some(&c) => {
                let cells: Vec<u64> = match c {
                    '.' => vec![0],
                    '1'..='3' => vec![0; c as usize - '0' as usize],
                    _ => {
                        let kind = match c.to_ascii_uppercase() {
                            'L' => LION,
                            'G' => GIRAFFE,
                            'E' => ELEPHANT,
                            'C' => CHICK,
                            'H' => HEN,
                            _ => {
                                return Err(ParseError::at(
                                    column,
                                    format!(
                                        "`{c}` is not a cell: use L G E C H (Sente), l g e c h (Gote) or ."
                                    ),
                                ))
                            }
                        };
                        vec![if c.is_ascii_lowercase() { GOTE | kind } else { kind }]
                    }
                };
                for cell in cells {
                    if sq == 12 || (sq.is_multiple_of(3) && sq > 0 && !row_start) {
                        return Err(ParseError::at(column, "a rank has 3 cells and the board 4 ranks"));
                    }
                    x |= cell << (4 * sq);
                    sq += 1;
                    row_start = false;
                }
            }
        }
        at += 1;
    }
    if sq != 12 {
        return Err(ParseError::at(at + 1, format!("{sq} cells: the board has 12 (4 ranks of 3)")));
    }
    skip_blanks(&mut at);
    match chars.get(at) {
        Some('b' | 'B') => {}
        Some('w' | 'W') => x |= GOTE_TO_MOVE,
        _ => return Err(ParseError::at(at + 1, "expected the player to move: `b` (Sente) or `w` (Gote)")),
    }
    at += 1;
    if at < chars.len() && !chars[at].is_whitespace() {
        return Err(ParseError::at(at + 1, "expected a space after the player to move"));
    }
    skip_blanks(&mut at);
    let mut pos = DobutsuPos(x);
    match chars.get(at) {
        None => return Err(ParseError::at(at + 1, "expected the pieces in hand, or `-` for none")),
        Some('-') => at += 1,
        Some(_) => {
            while at < chars.len() && !chars[at].is_whitespace() {
                let c = chars[at];
                let h = match c.to_ascii_uppercase() {
                    'G' => 0,
                    'E' => 1,
                    'C' => 2,
                    _ => {
                        return Err(ParseError::at(
                            at + 1,
                            format!("`{c}` cannot be in hand: use G E C (Sente) or g e c (Gote)"),
                        ))
                    }
                };
                let gote = c.is_ascii_lowercase();
                if pos.hand(gote, h) == 2 {
                    return Err(ParseError::at(at + 1, "more than two pieces of a kind"));
                }
                pos = pos.add_hand(gote, h, 1);
                at += 1;
            }
        }
    }
    skip_blanks(&mut at);
    if at < chars.len() {
        return Err(ParseError::at(at + 1, "unexpected text after the pieces in hand"));
    }
    check_material(pos)?;
    Ok(pos)
}

/// Each player has one lion on the board; there are two giraffes, two elephants and two chicks
/// (hens included) on the board and in the hands.
pub fn check_material(pos: DobutsuPos) -> Result<(), ParseError> {
    let count = |pred: &dyn Fn(u64) -> bool| (0..12).filter(|&sq| pred(pos.cell(sq))).count() as u64;
    for (cell, name) in [(LION, "Sente"), (GOTE | LION, "Gote")] {
        let n = count(&|c| c == cell);
        if n != 1 {
            return Err(ParseError::new(format!("{name} has {n} lions on the board: there must be one")));
        }
    }
    for (h, &kind) in HAND_KINDS.iter().enumerate() {
        let on_board = count(&|c| c & 7 == kind || (kind == CHICK && c & 7 == HEN));
        let total = on_board + pos.hand(false, h) + pos.hand(true, h);
        if total != 2 {
            let name = ["giraffes", "elephants", "chicks (hens included)"][h];
            return Err(ParseError::new(format!("{total} {name} on the board and in hand: the game has 2")));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
