//! The drawing of a position ([`Draw`]): the board as Sente sees it, the pieces as tiles with
//! the steps they can take, both hands, and whose turn it is or how the game ended.

use nimber_engine::{Draw, Value};

use super::fast;
use super::info::INFO;
use super::notation::{format_position, kind_letter, square_name};
use super::position::{DobutsuPos, CHICK, ELEPHANT, GIRAFFE, GOTE, HAND_KINDS, LION};
use super::rules::{steps, Dobutsu};

impl Draw<DobutsuPos> for Dobutsu {
    fn svg(&self, pos: &DobutsuPos) -> Option<String> {
        Some(draw(*pos))
    }
}

/// The name of a kind, for tooltips.
fn kind_name(kind: u64) -> &'static str {
    match kind {
        LION => "lion",
        GIRAFFE => "giraffe",
        ELEPHANT => "elephant",
        CHICK => "chick",
        _ => "hen",
    }
}

/// A piece as a rounded tile of `size` units centred on `(cx, cy)`: its letter, and a dot
/// towards every square it can step to; Gote's turned by 180 degrees (its letter upside down,
/// its dots pointing down the board). `attrs` go on the tile's group.
fn draw_piece(
    svg: &mut crate::common::svg::Svg,
    (cx, cy): (f64, f64),
    size: f64,
    cell: u64,
    attrs: crate::common::svg::Attrs,
) {
    use crate::common::svg::{colour, Anchor, Attrs};
    let gote = cell & GOTE != 0;
    let kind = cell & 7;
    let (ink, soft, owner) = if gote {
        (colour::SECOND, colour::SECOND_SOFT, "Gote")
    } else {
        (colour::FIRST, colour::FIRST_SOFT, "Sente")
    };
    let mut attrs = attrs;
    if gote {
        attrs = attrs.set(
            "transform",
            format!("rotate(180 {} {})", (cx * 100.0).round() / 100.0, (cy * 100.0).round() / 100.0),
        );
    }
    svg.group(attrs, Some(&format!("{owner}'s {}", kind_name(kind))));
    let half = size / 2.0;
    svg.rect(
        cx - half,
        cy - half,
        size,
        size,
        size * 0.16,
        Attrs::new().paint("#fffaf0", Some((ink, size * 0.045))),
    );
    svg.rect(
        cx - half * 0.62,
        cy - half * 0.62,
        size * 0.62,
        size * 0.62,
        size * 0.1,
        Attrs::new().set("fill", soft),
    );
    let letter = kind_letter(kind).to_string();
    svg.bold((cx, cy), &letter, size * 0.42, Anchor::Middle, ink);
    for &(dr, dc) in steps(kind) {
        svg.circle(
            cx + dc as f64 * half * 0.74,
            cy + dr as f64 * half * 0.74,
            size * 0.055,
            Attrs::new().set("fill", ink),
        );
    }
    svg.close();
}

/// The drawing: the 3x4 board as Sente sees it, `data-square` named as the moves (`a1` top
/// left), each piece a tile (`data-piece` its letter in the notation, upper case Sente's and
/// lower case Gote's, `data-at` the square) with dots towards the squares it steps to, Gote's
/// turned around; both hands beside the board (`data-hand` the letter, `data-count`), Gote's
/// above and Sente's below, the mover's highlighted; and whose turn it is, or how it ended.
fn draw(pos: DobutsuPos) -> String {
    use crate::common::svg::{colour, file_letter, Anchor, Attrs, Board, Svg};
    const CELL: f64 = 80.0;
    const HAND_X: f64 = 300.0;
    const HAND_W: f64 = 128.0;
    let board = Board { x: 40.0, y: 40.0, cols: 3, rows: 4, cell: CELL };
    let bh = board.size().1;
    let mut svg = Svg::new(INFO.name, &format_position(pos), HAND_X + HAND_W + 16.0, board.y + bh + 60.0);
    board.draw(&mut svg, |_, _| colour::SQUARE, |col, row| square_name(row * 3 + col), |_, _, a| a);
    board.coordinates(&mut svg, true, file_letter, |row| (row + 1).to_string());
    for sq in 0..12 {
        let cell = pos.cell(sq);
        if cell != 0 {
            let letter = kind_letter(cell & 7);
            let letter = if cell & GOTE != 0 { letter.to_ascii_lowercase() } else { letter };
            let attrs = Attrs::new().data("piece", letter).data("at", square_name(sq));
            draw_piece(&mut svg, board.centre(sq % 3, sq / 3), CELL * 0.84, cell, attrs);
        }
    }
    // The hands: Gote's level with the top of the board, Sente's with its bottom.
    let panel_h = bh / 2.0 - 8.0;
    for gote in [true, false] {
        let y = if gote { board.y } else { board.y + bh - panel_h };
        let to_move = pos.gote_to_move() == gote;
        let (ink, soft, who) = if gote {
            (colour::SECOND, colour::SECOND_SOFT, "Gote")
        } else {
            (colour::FIRST, colour::FIRST_SOFT, "Sente")
        };
        let fill = if to_move { soft } else { colour::BACKGROUND };
        let stroke = if to_move { (ink, 2.5) } else { (colour::LINE, 1.0) };
        svg.rect(HAND_X, y, HAND_W, panel_h, 8.0, Attrs::new().paint(fill, Some(stroke)));
        svg.bold((HAND_X + 12.0, y + 16.0), &format!("{who}'s hand"), 13.0, Anchor::Start, ink);
        let mut row = 0;
        for (h, &kind) in HAND_KINDS.iter().enumerate() {
            let n = pos.hand(gote, h);
            if n == 0 {
                continue;
            }
            let letter = kind_letter(kind);
            let letter = if gote { letter.to_ascii_lowercase() } else { letter };
            let cy = y + 50.0 + row as f64 * 40.0;
            let cell = kind | if gote { GOTE } else { 0 };
            svg.group(Attrs::new().data("hand", letter).data("count", n), None);
            draw_piece(&mut svg, (HAND_X + 34.0, cy), 36.0, cell, Attrs::new());
            svg.bold((HAND_X + 62.0, cy), &format!("× {n}"), 16.0, Anchor::Start, colour::INK);
            svg.close();
            row += 1;
        }
        if row == 0 {
            svg.text((HAND_X + 12.0, y + 44.0), "empty", 13.0, Anchor::Start, colour::MUTED);
        }
    }
    let (mover, other) = if pos.gote_to_move() { ("Gote", "Sente") } else { ("Sente", "Gote") };
    let ink = if pos.gote_to_move() { colour::SECOND } else { colour::FIRST };
    let text = match fast::sente_terminal(pos.sente_view().0) {
        Some(Value::Win) => format!("{mover} to move can take the lion: {mover} wins"),
        Some(_) => format!("{other}'s lion has reached the far rank: {other} wins"),
        None => format!("{mover} to move"),
    };
    svg.status((board.x, board.y + bh + 32.0), Some(ink), &text, 16.0);
    svg.finish()
}
