//! The drawing of a position ([`Draw`]): the board, the cars pointing the way they go, the
//! edges they leave by, the cars gone, and whose turn it is (or who won).

use nimber_engine::{Draw, Game, Notation};

use super::info::INFO;
use super::position::DodgemPos;
use super::rules::Dodgem;

impl Draw<DodgemPos> for Dodgem {
    fn svg(&self, pos: &DodgemPos) -> Option<String> {
        Some(draw(self, pos))
    }
}

/// The drawing: the board with `data-square` named as the moves (`a1` bottom left), Blue's
/// cars pointing right and Red's pointing up (`data-piece="b"` or `"r"`, `data-at` the
/// square), the edges they leave by (`data-exit="b"` on the right, `"r"` on top), the cars
/// that have left, and whose turn it is (or who won).
fn draw(game: &Dodgem, pos: &DodgemPos) -> String {
    use crate::common::svg::{colour, file_letter, Anchor, Attrs, Board, Svg};
    const CELL: f64 = 70.0;
    const STRIP: f64 = 22.0;
    let n = game.n as usize;
    let side = n as f64 * CELL;
    let board = Board { x: 44.0, y: 20.0 + STRIP + 12.0, cols: n, rows: n, cell: CELL };
    let (width, height) = ((board.x + side + 8.0 + STRIP + 20.0).max(300.0), board.y + side + 110.0);
    let mut svg = Svg::new(INFO.name, &game.format(pos), width, height);
    // The exits: Red's above the board, Blue's on its right.
    let exit = |svg: &mut Svg, who: &str, x: f64, y: f64, w: f64, h: f64| {
        let (fill, stroke) = if who == "b" {
            (colour::FIRST_SOFT, colour::FIRST)
        } else {
            (colour::SECOND_SOFT, colour::SECOND)
        };
        let attrs =
            Attrs::new().paint(fill, Some((stroke, 1.5))).set("stroke-dasharray", "5 4").data("exit", who);
        svg.rect(x, y, w, h, 4.0, attrs);
    };
    exit(&mut svg, "r", board.x, board.y - STRIP - 8.0, side, STRIP);
    exit(&mut svg, "b", board.x + side + 8.0, board.y, STRIP, side);
    for k in 0..n {
        let (cx, cy) = board.centre(k, k);
        let ty = board.y - 8.0 - STRIP / 2.0;
        svg.arrow((cx, ty + 6.0), (cx, ty - 6.0), colour::SECOND, 2.0);
        let tx = board.x + side + 8.0 + STRIP / 2.0;
        svg.arrow((tx - 6.0, cy), (tx + 6.0, cy), colour::FIRST, 2.0);
    }
    let name = |col: usize, row: usize| game.cell_name(game.cell(col as u32, (n - 1 - row) as u32));
    board.draw(&mut svg, |_, _| colour::SQUARE, name, |_, _, a| a);
    board.coordinates(&mut svg, false, file_letter, |row| (n - row).to_string());
    for row in 0..n {
        for col in 0..n {
            let bit = 1 << game.cell(col as u32, (n - 1 - row) as u32);
            let blue = pos.blue & bit != 0;
            if !blue && pos.red & bit == 0 {
                continue;
            }
            let (cx, cy) = board.centre(col, row);
            let (piece, fill, tooltip) =
                if blue { ("b", colour::FIRST, "Blue's car") } else { ("r", colour::SECOND, "Red's car") };
            svg.group(Attrs::new().data("piece", piece).data("at", name(col, row)), Some(tooltip));
            let (long, short) = (CELL * 0.72, CELL * 0.46);
            let (w, h) = if blue { (long, short) } else { (short, long) };
            svg.rect(
                cx - w / 2.0,
                cy - h / 2.0,
                w,
                h,
                9.0,
                Attrs::new().paint(fill, Some((colour::INK, 1.5))),
            );
            // A chevron pointing forward: right for Blue, up for Red.
            let d = CELL * 0.14;
            let points = if blue {
                [(cx - d, cy - d * 1.2), (cx + d * 1.2, cy), (cx - d, cy + d * 1.2)]
            } else {
                [(cx - d * 1.2, cy + d), (cx, cy - d * 1.2), (cx + d * 1.2, cy + d)]
            };
            svg.polygon(&points, Attrs::new().set("fill", "#ffffff").set("fill-opacity", "0.85"));
            svg.close();
        }
    }
    let cars = game.n - 1;
    let off = |set: u32| cars - set.count_ones();
    let y = board.y + side + 38.0;
    let blue = format!("Blue: {} of {cars} cars off the board", off(pos.blue));
    svg.text((board.x, y), &blue, 13.0, Anchor::Start, colour::FIRST);
    let red = format!("Red: {} of {cars} cars off the board", off(pos.red));
    svg.text((board.x, y + 18.0), &red, 13.0, Anchor::Start, colour::SECOND);
    let (who, c) = if pos.blue_to_move { ("Blue", colour::FIRST) } else { ("Red", colour::SECOND) };
    let text = if game.terminal(pos).is_some() {
        format!("{who} has no move: {who} wins")
    } else {
        format!("{who} to move")
    };
    svg.status((board.x, y + 48.0), Some(c), &text, 16.0);
    svg.finish()
}
