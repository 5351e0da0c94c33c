//! The notation of positions: `W:a1,d1,g7 B:b2,b4 w` (each side's stones on the board by the
//! names of their points, then the side to move, `w` or `b`), followed in the placement phase
//! by the stones in hand, White's then Black's: `W:a1 B:b2 w 8 8`; `-` for a side without
//! stones on the board (the start: `W:- B:- w 9 9`).

use nimber_engine::{Notation, ParseError};

use super::position::MorrisPos;
use super::rules::Morris;

impl Notation<MorrisPos> for Morris {
    fn format(&self, pos: &MorrisPos) -> String {
        let side = |set: u32| {
            let mut names: Vec<&str> =
                (0..self.board.points).filter(|p| set & 1 << p != 0).map(|p| self.board.name(p)).collect();
            names.sort_unstable();
            if names.is_empty() {
                "-".to_string()
            } else {
                names.join(",")
            }
        };
        let mut s = format!(
            "W:{} B:{} {}",
            side(pos.white),
            side(pos.black),
            if pos.white_to_move { 'w' } else { 'b' }
        );
        if pos.white_hand != 0 || pos.black_hand != 0 {
            s.push_str(&format!(" {} {}", pos.white_hand, pos.black_hand));
        }
        s
    }

    fn parse(&self, text: &str) -> Result<MorrisPos, ParseError> {
        let tokens = tokens(text);
        let end = text.chars().count() + 1;
        let n = self.stones;
        let token = |i: usize| tokens.get(i).copied().unwrap_or((end, ""));
        let mut stones = [0u32; 2];
        for (side, (tag, name)) in [("W:", "White"), ("B:", "Black")].into_iter().enumerate() {
            let (column, word) = token(side);
            let Some(list) = word.get(..2).filter(|t| t.eq_ignore_ascii_case(tag)).map(|_| &word[2..]) else {
                return Err(ParseError::at(
                    column,
                    format!("expected {name}'s stones: `{tag}` then their points separated by commas (`{tag}a1,d1`) or `{tag}-`"),
                ));
            };
            if list.is_empty() || list == "-" {
                continue;
            }
            let mut at = column + 2;
            for point in list.split(',') {
                let Some(p) = self.board.point(point) else {
                    return Err(ParseError::at(
                        at,
                        format!(
                            "`{point}` is not a point of the board (points `{}` to `{}`)",
                            self.board.names[7], self.board.names[3]
                        ),
                    ));
                };
                if stones[0] & 1 << p != 0 || stones[1] & 1 << p != 0 {
                    return Err(ParseError::at(at, format!("point `{point}` is taken twice")));
                }
                stones[side] |= 1 << p;
                at += point.chars().count() + 1;
            }
            if stones[side].count_ones() > u32::from(n) {
                return Err(ParseError::at(
                    column,
                    format!(
                        "too many stones: {name} has {} on the board, more than the {n} of each side",
                        stones[side].count_ones()
                    ),
                ));
            }
        }
        let (column, word) = token(2);
        let white_to_move = match word {
            "w" | "W" => true,
            "b" | "B" => false,
            _ => return Err(ParseError::at(column, "expected the side to move: `w` or `b`")),
        };
        let mut hands = [0u8; 2];
        for (i, name) in ["White", "Black"].into_iter().enumerate() {
            let (column, word) = token(3 + i);
            if i == 0 && word.is_empty() {
                break;
            }
            match word.parse::<u8>() {
                Ok(h) if h <= n => hands[i] = h,
                _ => {
                    return Err(ParseError::at(
                        column,
                        format!("expected the stones in {name}'s hand: a number from 0 to {n} (White's, then Black's)"),
                    ))
                }
            }
        }
        if let Some(&(column, _)) = tokens.get(5) {
            return Err(ParseError::at(column, "unexpected text after the stones in hand"));
        }
        let pos = MorrisPos {
            white: stones[0],
            black: stones[1],
            white_hand: hands[0],
            black_hand: hands[1],
            white_to_move,
        };
        for (i, name) in ["White", "Black"].into_iter().enumerate() {
            let total = stones[i].count_ones() + u32::from(hands[i]);
            if total > u32::from(n) {
                return Err(ParseError::at(
                    if hands[i] > 0 { token(3 + i).0 } else { token(i).0 },
                    format!(
                        "a stone count that cannot arise: {name} has {} on the board and {} in hand, more than {n}",
                        stones[i].count_ones(),
                        hands[i]
                    ),
                ));
            }
        }
        if !self.hands_possible(&pos, true) {
            return Err(ParseError::at(
                token(3).0,
                format!(
                    "hands that cannot arise: White has {} in hand and Black {}, with {} to move (players place in turn, \
                     White first: equal hands when White is to move, Black one more when Black is)",
                    hands[0],
                    hands[1],
                    if white_to_move { "White" } else { "Black" }
                ),
            ));
        }
        let (other, other_hand, name) = if white_to_move {
            (pos.black, pos.black_hand, "Black")
        } else {
            (pos.white, pos.white_hand, "White")
        };
        if other.count_ones() + u32::from(other_hand) < 3 {
            return Err(ParseError::at(
                column,
                format!(
                    "bad side to move: {name} has fewer than 3 stones, so the game ended on {name}'s turn"
                ),
            ));
        }
        Ok(pos)
    }
}

/// The words of `text` separated by whitespace, each with its 1-based column (in characters).
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (column, (byte, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((column + 1, byte)),
            (true, Some((col, from))) => {
                out.push((col, &text[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        out.push((col, &text[from..]));
    }
    out
}
