//! The drawing of a position ([`Draw`]): the board's lines and points (`data-point` named as
//! the moves), the stones (`data-piece="w"` or `"b"`, `data-at` the point), the stones in hand,
//! and whose turn it is (or who lost).

use nimber_engine::{Draw, Game, Notation};

use super::info::INFO;
use super::position::MorrisPos;
use super::rules::Morris;

impl Draw<MorrisPos> for Morris {
    fn svg(&self, pos: &MorrisPos) -> Option<String> {
        Some(draw(self, pos))
    }
}

/// The drawing of `pos`.
fn draw(game: &Morris, pos: &MorrisPos) -> String {
    use crate::common::svg::{colour, Anchor, Attrs, Svg};
    const CELL: f64 = 56.0;
    const MARGIN: f64 = 40.0;
    let b = game.board;
    let grid = if b.rings == 3 { 7 } else { 5 };
    let side = (grid - 1) as f64 * CELL;
    let (width, height) = (side + 2.0 * MARGIN, side + 2.0 * MARGIN + 90.0);
    let mut svg = Svg::new(INFO.name, &game.format(pos), width, height);
    // The centre of a point, from its name (`a1` bottom left).
    let at = |p: u32| {
        let name = b.name(p).as_bytes();
        let (col, row) = (f64::from(name[0] - b'a'), f64::from(name[1] - b'1'));
        (MARGIN + col * CELL, MARGIN + (grid as f64 - 1.0 - row) * CELL)
    };
    for p in 0..b.points {
        let mut links = b.adjacent[p as usize] & !((1u32 << (p + 1)) - 1);
        while links != 0 {
            let q = links.trailing_zeros();
            links &= links - 1;
            svg.line(at(p), at(q), colour::LINE, 3.0);
        }
    }
    for p in 0..b.points {
        let (x, y) = at(p);
        svg.circle(x, y, 6.0, Attrs::new().paint(colour::LINE, None).data("point", b.name(p)));
    }
    for col in 0..grid {
        let letter = ((b'a' + col as u8) as char).to_string();
        let x = MARGIN + col as f64 * CELL;
        svg.text((x, MARGIN + side + 22.0), &letter, 12.0, Anchor::Middle, colour::MUTED);
        svg.text(
            (MARGIN - 24.0, MARGIN + (grid - 1 - col) as f64 * CELL),
            &(col + 1).to_string(),
            12.0,
            Anchor::Middle,
            colour::MUTED,
        );
    }
    for p in 0..b.points {
        let white = pos.white & 1 << p != 0;
        if !white && pos.black & 1 << p == 0 {
            continue;
        }
        let (piece, fill, edge, tooltip) = if white {
            ("w", "#f7f4ee", colour::INK, "White's stone")
        } else {
            ("b", colour::SOLID, colour::INK, "Black's stone")
        };
        svg.group(Attrs::new().data("piece", piece).data("at", b.name(p)), Some(tooltip));
        svg.token(at(p), CELL * 0.3, fill, edge, Attrs::new());
        svg.close();
    }
    let y = MARGIN + side + 48.0;
    let hands = format!("In hand: White {}, Black {}", pos.white_hand, pos.black_hand);
    svg.text((MARGIN - 20.0, y), &hands, 13.0, Anchor::Start, colour::INK);
    let who = if pos.white_to_move { "White" } else { "Black" };
    let other = if pos.white_to_move { "Black" } else { "White" };
    let text = if game.terminal(pos).is_some() {
        format!("{who} has fewer than 3 stones: {other} wins")
    } else if game.moves(pos).is_empty() {
        format!("{who} cannot move: {other} wins")
    } else {
        format!("{who} to move")
    };
    let mover = if pos.white_to_move { "#f7f4ee" } else { colour::SOLID };
    svg.status((MARGIN - 20.0, y + 30.0), Some(mover), &text, 16.0);
    svg.finish()
}
