//! The notation of positions: the rows from the top (`b`, `r` or `.` a cell), then the player
//! to move (`b../b../.rr b`).

use nimber_engine::{Notation, ParseError};

use super::position::DodgemPos;
use super::rules::Dodgem;

impl Notation<DodgemPos> for Dodgem {
    fn format(&self, pos: &DodgemPos) -> String {
        let n = self.n;
        let mut s = String::new();
        for row in (0..n).rev() {
            for col in 0..n {
                let bit = 1 << self.cell(col, row);
                s.push(if pos.blue & bit != 0 {
                    'b'
                } else if pos.red & bit != 0 {
                    'r'
                } else {
                    '.'
                });
            }
            if row > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if pos.blue_to_move { 'b' } else { 'r' });
        s
    }

    fn parse(&self, text: &str) -> Result<DodgemPos, ParseError> {
        let n = self.n;
        let chars: Vec<char> = text.chars().collect();
        let mut at = 0;
        while at < chars.len() && chars[at].is_whitespace() {
            at += 1;
        }
        let mut pos = DodgemPos { blue: 0, red: 0, blue_to_move: true };
        for row in (0..n).rev() {
            for col in 0..n {
                let bit = 1 << self.cell(col, row);
                match chars.get(at) {
                    Some('b' | 'B') => pos.blue |= bit,
                    Some('r' | 'R') => pos.red |= bit,
                    Some('.') => {}
                    Some(c) => {
                        return Err(ParseError::at(
                            at + 1,
                            format!("`{c}` is not a cell: use `b`, `r` or `.`, {n} cells a row"),
                        ))
                    }
                    None => {
                        return Err(ParseError::at(at + 1, format!("the board needs {n} rows of {n} cells")))
                    }
                }
                at += 1;
            }
            if row > 0 {
                if chars.get(at) != Some(&'/') {
                    return Err(ParseError::at(at + 1, format!("expected `/` after {n} cells")));
                }
                at += 1;
            }
        }
        if !chars.get(at).is_some_and(|c| c.is_whitespace()) {
            return Err(ParseError::at(at + 1, "expected a space, then the player to move (`b` or `r`)"));
        }
        while at < chars.len() && chars[at].is_whitespace() {
            at += 1;
        }
        match chars.get(at) {
            Some('b' | 'B') => pos.blue_to_move = true,
            Some('r' | 'R') => pos.blue_to_move = false,
            _ => return Err(ParseError::at(at + 1, "expected the player to move: `b` or `r`")),
        }
        at += 1;
        if let Some(extra) = chars[at..].iter().position(|c| !c.is_whitespace()) {
            return Err(ParseError::at(at + extra + 1, "unexpected text after the player to move"));
        }
        for (cars, name) in [(pos.blue, "Blue"), (pos.red, "Red")] {
            if cars.count_ones() > n - 1 {
                return Err(ParseError::new(format!(
                    "{name} has {} cars on the board but only {} in the game",
                    cars.count_ones(),
                    n - 1
                )));
            }
        }
        Ok(pos)
    }
}
