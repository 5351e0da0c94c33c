//! Dodgem: Colin Vout's game of cars crossing a small board, as analysed in Winning Ways.

use nimber_engine::{DynGame, Error, Game, Kind, Move, ParamSpec, Params, ParseError, Value};

use crate::registry::GameInfo;

/// The smallest and largest board sizes accepted.
pub const MIN_SIZE: u64 = 2;
/// See [`MIN_SIZE`]. Boards of 5x5 have about 10^8 positions and need a lot of memory to solve.
pub const MAX_SIZE: u64 = 5;

/// A Dodgem position: the cells of each player's cars and whose turn it is. Cell `row * n + col`
/// is column `col` (0 = left) of row `row` (0 = bottom). Cars that left the board are not in
/// either set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DodgemPos {
    /// Cells of Blue's cars (Blue moves right, up or down and leaves across the right edge).
    pub blue: u32,
    /// Cells of Red's cars (Red moves up, left or right and leaves across the top edge).
    pub red: u32,
    /// Whether Blue is to move.
    pub blue_to_move: bool,
}

/// Dodgem on an `n` by `n` board with `n - 1` cars each.
#[derive(Clone, Debug)]
pub struct Dodgem {
    n: u32,
}

impl Dodgem {
    /// Dodgem on an `n` by `n` board; `n` must be within [`MIN_SIZE`]`..=`[`MAX_SIZE`].
    pub fn new(n: u32) -> Result<Dodgem, Error> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&(n as u64)) {
            return Err(Error::Param(format!("parameter n={n}: must be between {MIN_SIZE} and {MAX_SIZE}")));
        }
        Ok(Dodgem { n })
    }

    /// The board size.
    pub fn size(&self) -> u32 {
        self.n
    }

    fn cell(&self, col: u32, row: u32) -> u32 {
        row * self.n + col
    }

    /// The name of a cell: column letter from the left, row number from the bottom (`a1` is the
    /// bottom-left corner).
    fn cell_name(&self, cell: u32) -> String {
        format!("{}{}", (b'a' + (cell % self.n) as u8) as char, cell / self.n + 1)
    }

    /// Calls `f(from, to)` for each move of the player to move, `to` being `None` when the car
    /// leaves the board.
    fn for_each_move(&self, pos: &DodgemPos, mut f: impl FnMut(u32, Option<u32>)) {
        let n = self.n;
        let occupied = pos.blue | pos.red;
        let free = |cell: u32| occupied & 1 << cell == 0;
        let cars = if pos.blue_to_move { pos.blue } else { pos.red };
        for from in (0..n * n).filter(|&c| cars & 1 << c != 0) {
            let (col, row) = (from % n, from / n);
            if pos.blue_to_move {
                // Forward is right; off the board across the right edge.
                if col + 1 == n {
                    f(from, None);
                } else if free(self.cell(col + 1, row)) {
                    f(from, Some(self.cell(col + 1, row)));
                }
                if row + 1 < n && free(self.cell(col, row + 1)) {
                    f(from, Some(self.cell(col, row + 1)));
                }
                if row > 0 && free(self.cell(col, row - 1)) {
                    f(from, Some(self.cell(col, row - 1)));
                }
            } else {
                // Forward is up; off the board across the top edge.
                if row + 1 == n {
                    f(from, None);
                } else if free(self.cell(col, row + 1)) {
                    f(from, Some(self.cell(col, row + 1)));
                }
                if col > 0 && free(self.cell(col - 1, row)) {
                    f(from, Some(self.cell(col - 1, row)));
                }
                if col + 1 < n && free(self.cell(col + 1, row)) {
                    f(from, Some(self.cell(col + 1, row)));
                }
            }
        }
    }

    fn apply(&self, pos: &DodgemPos, from: u32, to: Option<u32>) -> DodgemPos {
        let to_bit = to.map_or(0, |t| 1 << t);
        let mut next = DodgemPos { blue: pos.blue, red: pos.red, blue_to_move: !pos.blue_to_move };
        if pos.blue_to_move {
            next.blue = next.blue & !(1 << from) | to_bit;
        } else {
            next.red = next.red & !(1 << from) | to_bit;
        }
        next
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "dodgem",
    summary: "Dodgem: race your cars across the board; a player left without a move wins",
    help: "Dodgem, invented by Colin Vout (1972) and analysed in Berlekamp, Conway and Guy, \
           Winning Ways for Your Mathematical Plays (rules as in the Wikipedia article `Dodgem`). \
           An n x n board; Blue has n-1 cars on the left edge and Red n-1 cars on the bottom edge, \
           the bottom-left corner empty. Blue moves first. A move takes one of one's own cars one \
           cell: Blue's forward (right), up or down; Red's forward (up), left or right; never \
           backwards and never onto an occupied cell. Cars leave the board only by a forward move \
           across the far edge (Blue's the right edge, Red's the top edge) and do not come back. A \
           player must always leave the opponent a move: the player to move who has none, because \
           all their cars have left or are blocked, wins. Play can go on forever (cars shuffling \
           sideways): that is a draw. 3x3 Dodgem is a first-player win (Winning Ways); D. des \
           Jardins (1996) found 4x4 and 5x5 drawn. Notation: the rows from the top, separated by \
           `/`, each cell `b` (Blue), `r` (Red) or `.`, then a space and the player to move, `b` \
           or `r`: the 3x3 start is `b../b../.rr b`. Moves are written `a2-b2` or `c2-off`, cells \
           named by column letter from the left and row number from the bottom (`a1` is the \
           bottom-left corner).",
    params: &[ParamSpec { name: "n", default: "3", help: "board size (2 to 5; 5 is very large)" }],
    build,
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let n = params.int("n", MIN_SIZE, MAX_SIZE)?;
    Ok(Box::new(Dodgem::new(n as u32)?))
}

impl Game for Dodgem {
    type Position = DodgemPos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> DodgemPos {
        let mut pos = DodgemPos { blue: 0, red: 0, blue_to_move: true };
        for k in 1..self.n {
            pos.blue |= 1 << self.cell(0, k);
            pos.red |= 1 << self.cell(k, 0);
        }
        pos
    }

    fn moves(&self, pos: &DodgemPos) -> Vec<Move<DodgemPos>> {
        let mut moves = Vec::new();
        self.for_each_move(pos, |from, to| {
            let target = to.map_or_else(|| "off".to_string(), |t| self.cell_name(t));
            moves.push(Move::new(format!("{}-{target}", self.cell_name(from)), self.apply(pos, from, to)));
        });
        moves
    }

    fn successors(&self, pos: &DodgemPos, out: &mut Vec<DodgemPos>) {
        self.for_each_move(pos, |from, to| out.push(self.apply(pos, from, to)));
    }

    fn terminal(&self, pos: &DodgemPos) -> Option<Value> {
        let mut any = false;
        self.for_each_move(pos, |_, _| any = true);
        (!any).then_some(Value::Win)
    }

    fn svg(&self, pos: &DodgemPos) -> Option<String> {
        Some(draw(self, pos))
    }

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

/// The drawing: the board with `data-square` named as the moves (`a1` bottom left), Blue's
/// cars pointing right and Red's pointing up (`data-piece="b"` or `"r"`, `data-at` the
/// square), the edges they leave by (`data-exit="b"` on the right, `"r"` on top), the cars
/// that have left, and whose turn it is (or who won).
fn draw(game: &Dodgem, pos: &DodgemPos) -> String {
    use crate::svg::{colour, file_letter, Anchor, Attrs, Board, Svg};
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

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::solve::memo;
    use nimber_engine::solve::retrograde::{self, Predecessors};
    use nimber_engine::{Outcome, Silent, Solution};

    fn solve(n: u32) -> (Dodgem, Solution<DodgemPos>) {
        let game = Dodgem::new(n).unwrap();
        let solved = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
        (game, solved)
    }

    /// Counts of positions by value: win, lose, tie, draw.
    fn by_value(solved: &Solution<DodgemPos>) -> [usize; 4] {
        let mut counts = [0; 4];
        for (_, o) in solved.iter() {
            counts[o.value().index()] += 1;
        }
        counts
    }

    #[test]
    fn three_by_three_is_a_first_player_win() {
        let (game, solved) = solve(3);
        let start = game.start();
        assert_eq!(game.format(&start), "b../b../.rr b");
        let outcome = solved.get(&start).unwrap();
        assert_eq!(outcome.value(), Value::Win, "Winning Ways: the first player wins 3x3 Dodgem");
        // Measured here (and by an independent script): 2,055 positions are reachable, the start
        // is won in 20 moves, and every reachable position is decided: the game has cycles, but
        // no position is drawn.
        assert_eq!(outcome, Outcome::new(Value::Win, 20));
        assert_eq!(solved.len(), 2055);
        assert_eq!(by_value(&solved), [1215, 840, 0, 0]);
    }

    #[test]
    fn four_by_four_is_drawn() {
        // D. des Jardins (1996): 4x4 Dodgem goes on forever under best play. Counts measured here
        // and by an independent script.
        let (game, solved) = solve(4);
        assert_eq!(solved.get(&game.start()), Some(Outcome::DRAW));
        let counts = by_value(&solved);
        assert!(counts[Value::Draw.index()] > 0);
        assert_eq!(solved.len(), 395_294);
        assert_eq!(counts, [210_883, 149_130, 0, 35_281]);
    }

    #[test]
    fn memo_search_meets_a_cycle() {
        let game = Dodgem::new(3).unwrap();
        match memo::solve(&game, &[game.start()], &Silent) {
            Err(Error::Cycle(_)) => {}
            Err(e) => panic!("expected a cycle, got {e}"),
            Ok(_) => panic!("expected a cycle"),
        }
    }

    #[test]
    fn retrograde_with_and_without_reverse_graph_agree() {
        let game = Dodgem::new(3).unwrap();
        let auto = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
        let graph = retrograde::solve(&game, &[game.start()], Predecessors::ReverseGraph, &Silent).unwrap();
        for (p, o) in auto.iter() {
            assert_eq!(graph.get(p), Some(o));
        }
    }

    /// The position seen by the other player: transposed board, colours swapped.
    fn mirror(game: &Dodgem, pos: &DodgemPos) -> DodgemPos {
        let n = game.n;
        let transpose = |cars: u32| {
            (0..n * n).filter(|&c| cars & 1 << c != 0).fold(0, |acc, c| acc | 1 << game.cell(c / n, c % n))
        };
        DodgemPos { blue: transpose(pos.red), red: transpose(pos.blue), blue_to_move: !pos.blue_to_move }
    }

    #[test]
    fn the_colours_are_symmetric() {
        // Reflecting the board in the diagonal through the empty corner swaps the colours' roles:
        // the reflected position has the same value for the player to move.
        for n in [2, 3, 4] {
            let game = Dodgem::new(n).unwrap();
            let roots = [game.start(), mirror(&game, &game.start())];
            let solved = retrograde::solve(&game, &roots, Predecessors::Auto, &Silent).unwrap();
            for (p, o) in solved.iter() {
                assert_eq!(solved.get(&mirror(&game, p)), Some(o), "{}", game.format(p));
            }
        }
    }

    #[test]
    fn a_player_without_moves_wins() {
        let game = Dodgem::new(3).unwrap();
        let pos = |t: &str| game.parse(t).unwrap();
        // Blue's cars have all left: Blue, to move, has won.
        assert_eq!(game.terminal(&pos(".../.../.rr b")), Some(Value::Win));
        // Red's only car is blocked: up by Blue, sideways by the edge and by Blue.
        assert_eq!(game.terminal(&pos(".../b../rb. r")), Some(Value::Win));
        assert_eq!(game.terminal(&pos(".../b../rb. b")), None);
        // Blue's last car leaves; Red still has a car, so must move, and then Blue, to move
        // without cars, wins: Blue wins in 2.
        let solved = retrograde::solve(&game, &[pos("r../..b/... b")], Predecessors::Auto, &Silent).unwrap();
        assert_eq!(solved.get(&pos("r../..b/... b")), Some(Outcome::new(Value::Win, 2)));
        assert_eq!(solved.get(&pos("r../.../... r")), Some(Outcome::new(Value::Lose, 1)));
        // With no Red car left either, moving off (or anywhere) hands Red a position without
        // moves: Red wins.
        let solved = retrograde::solve(&game, &[pos(".../..b/... b")], Predecessors::Auto, &Silent).unwrap();
        assert_eq!(solved.get(&pos(".../..b/... b")), Some(Outcome::new(Value::Lose, 1)));
    }

    #[test]
    fn moves_and_labels() {
        let game = Dodgem::new(3).unwrap();
        let labels: Vec<String> = game.moves(&game.start()).into_iter().map(|m| m.label).collect();
        assert_eq!(labels, ["a2-b2", "a2-a1", "a3-b3"]);
        let red = game.parse("b../b../.rr r").unwrap();
        let labels: Vec<String> = game.moves(&red).into_iter().map(|m| m.label).collect();
        assert_eq!(labels, ["b1-b2", "b1-a1", "c1-c2"]);
        let edge = game.parse("..b/.../... b").unwrap();
        assert_eq!(game.moves(&edge)[0].label, "c3-off");
    }

    #[test]
    fn notation_round_trip() {
        let game = Dodgem::new(3).unwrap();
        for text in ["b../b../.rr b", "b../b../.rr r", ".../.../... b", "r.b/.b./r.. r"] {
            assert_eq!(game.format(&game.parse(text).unwrap()), text);
        }
        assert_eq!(game.format(&game.parse("  B../b../.RR   r ").unwrap()), "b../b../.rr r");
        let (game, solved) = solve(3);
        for (p, _) in solved.iter() {
            assert_eq!(&game.parse(&game.format(p)).unwrap(), p);
        }
        let big = Dodgem::new(4).unwrap();
        assert_eq!(big.format(&big.start()), "b.../b.../b.../.rrr b");
        assert_eq!(big.parse("b.../b.../b.../.rrr b").unwrap(), big.start());
    }

    #[test]
    fn bad_positions_are_rejected() {
        let game = Dodgem::new(3).unwrap();
        let err = |t: &str| game.parse(t).unwrap_err();
        assert_eq!(err("b../b../.rx b").column, Some(11));
        assert_eq!(err("b../b.../.rr b").column, Some(8));
        assert_eq!(err("b../b../.r").column, Some(11));
        assert_eq!(err("b../b../.rr").column, Some(12));
        assert_eq!(err("b../b../.rrb").column, Some(12));
        assert_eq!(err("b../b../.rr x").column, Some(13));
        assert_eq!(err("b../b../.rr b b").column, Some(15));
        assert_eq!(err("").column, Some(1));
        assert_eq!(err("é").column, Some(1));
        assert!(err("bbb/.../.rr b").message.contains("Blue has 3 cars"));
        assert!(err("b../r../rrr r").message.contains("Red has 4 cars"));
        assert!(Dodgem::new(1).is_err() && Dodgem::new(6).is_err());
        assert!(crate::build("dodgem", &["n=9"]).is_err());
        assert_eq!(crate::build("dodgem", &["n=4"]).unwrap().start_text(), "b.../b.../b.../.rrr b");
    }

    proptest::proptest! {
        #[test]
        fn parse_never_panics(text in "[bBrR./ é\t?]{0,16}|\\PC{0,16}", n in 2u32..=5) {
            let game = Dodgem::new(n).unwrap();
            if let Ok(pos) = game.parse(&text) {
                proptest::prop_assert_eq!(game.parse(&game.format(&pos)).unwrap(), pos);
            }
        }
    }
}
