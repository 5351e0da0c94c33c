//! Cutcake (*Winning Ways*, ch. 2): a position is a collection of rectangular cakes scored
//! into unit squares; Left cuts a cake along a vertical line (between two columns) into two
//! cakes, Right along a horizontal line (between two rows). A player who cannot cut loses.
//!
//! A partizan game ([`Partizan`]): `nimber cgt cutcake` gives values (all integers), the
//! strong solvers solve it with the player to move named (`2x3 L`). Each cake is a region of
//! its own, valued once: the cakes of a position are kept in one order (largest first) and a
//! `1x1` cake, where nobody can cut, is left out of values.

use nimber_engine::{Draw, Error, Move, Notation, ParamSpec, Params, ParseError};
use nimber_partizan::game::{ValueExplore, ValueFamily};
use nimber_partizan::{Partizan, PartizanCapabilities, Player};

use crate::common::info::{bridged, valued, Facts, GameInfo, PartizanGame};

pub mod explore;

/// The most rows, and the most columns, of a cake.
pub const MAX_SIDE: u8 = 64;

/// The most unit squares of all the cakes together (cutting keeps the total, so that every
/// position of a game has at most this many cakes).
pub const MAX_AREA: usize = 4096;

/// A cake: rows by columns.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cake {
    /// Rows (Right cuts between them).
    pub rows: u8,
    /// Columns (Left cuts between them).
    pub cols: u8,
}

/// Cakes, largest first (by rows, then columns).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cakes(pub Vec<Cake>);

impl Cakes {
    /// The cakes in the order of every position: largest first.
    pub fn new(mut cakes: Vec<Cake>) -> Cakes {
        cakes.sort_unstable_by(|a, b| b.cmp(a));
        Cakes(cakes)
    }

    /// The cakes with `i` replaced by `a` and `b`.
    fn cut(&self, i: usize, a: Cake, b: Cake) -> Cakes {
        let mut cakes = self.0.clone();
        cakes[i] = a;
        cakes.push(b);
        Cakes::new(cakes)
    }
}

/// Cutcake from a start position.
#[derive(Clone, Debug)]
pub struct Cutcake {
    start: Cakes,
    /// The largest cake of its surveys of values.
    family: Cake,
}

impl Cutcake {
    /// Cutcake starting from `start`; its surveys of values cover the cakes up to the most rows
    /// and the most columns of its cakes.
    pub fn new(start: Cakes) -> Cutcake {
        let family = explore::largest(&start);
        Cutcake { start, family }
    }

    /// The same game, its surveys of values covering every cake up to `bound` (each side 1 to
    /// [`MAX_SIDE`]).
    pub fn with_family(self, bound: Cake) -> Cutcake {
        Cutcake { family: bound, ..self }
    }

    /// The cuts of every cake (one of equal cakes) along its columns (`vertical`) or rows; a cut
    /// and its mirror image give the same cakes, so only the cuts of the left or top half.
    fn cuts(&self, cakes: &Cakes, vertical: bool) -> Vec<Move<Cakes>> {
        let mut out = Vec::new();
        for (i, &cake) in cakes.0.iter().enumerate() {
            if i > 0 && cakes.0[i - 1] == cake {
                continue;
            }
            let side = if vertical { cake.cols } else { cake.rows };
            for a in 1..=side / 2 {
                let (x, y) = if vertical {
                    (Cake { cols: a, ..cake }, Cake { cols: side - a, ..cake })
                } else {
                    (Cake { rows: a, ..cake }, Cake { rows: side - a, ..cake })
                };
                out.push(Move::new(cut_label(cake, x, y), cakes.cut(i, x, y)));
            }
        }
        out
    }
}

/// `2x5=2x2+2x3`: the cake cut, then the two cakes it is cut into.
fn cut_label(cake: Cake, a: Cake, b: Cake) -> String {
    format!("{}={}+{}", cake_text(cake), cake_text(a), cake_text(b))
}

fn cake_text(c: Cake) -> String {
    format!("{}x{}", c.rows, c.cols)
}

const UNIT: Cake = Cake { rows: 1, cols: 1 };

impl Partizan for Cutcake {
    type Position = Cakes;

    fn start(&self) -> Cakes {
        self.start.clone()
    }

    /// Vertical cuts, between two columns.
    fn left_moves(&self, cakes: &Cakes) -> Vec<Move<Cakes>> {
        self.cuts(cakes, true)
    }

    /// Horizontal cuts, between two rows.
    fn right_moves(&self, cakes: &Cakes) -> Vec<Move<Cakes>> {
        self.cuts(cakes, false)
    }

    /// Each cake but the `1x1` ones, when there are several cakes.
    fn regions(&self, cakes: &Cakes) -> Option<Vec<Cakes>> {
        (cakes.0.len() > 1).then(|| cakes.0.iter().filter(|&&c| c != UNIT).map(|&c| Cakes(vec![c])).collect())
    }

    /// The cakes without the `1x1` ones (worth 0). Turning a cake a quarter round swaps the
    /// players (and negates its value), so no symmetry is left to use.
    fn normalize(&self, cakes: &Cakes) -> Cakes {
        Cakes(cakes.0.iter().copied().filter(|&c| c != UNIT).collect())
    }

    fn capabilities(&self) -> PartizanCapabilities<'_, Cakes> {
        PartizanCapabilities::none().notation(self).drawing(self).exploration(self)
    }
}

/// Features and family of surveys of values: see [`explore`].
impl ValueExplore<Cakes> for Cutcake {
    fn features(&self) -> Vec<String> {
        explore::feature_names()
    }

    fn feature_values(&self, cakes: &Cakes, out: &mut Vec<i64>) {
        explore::feature_values(cakes, out)
    }

    fn family(&self) -> Result<Option<ValueFamily<Cakes>>, Error> {
        Ok(Some(explore::family(self.family)))
    }
}

/// Cakes separated by spaces, each `ROWSxCOLUMNS` (`2x3 1x4`), largest first; `-` is no cake.
impl Notation<Cakes> for Cutcake {
    fn format(&self, cakes: &Cakes) -> String {
        if cakes.0.is_empty() {
            return "-".to_string();
        }
        cakes.0.iter().map(|&c| cake_text(c)).collect::<Vec<_>>().join(" ")
    }

    fn parse(&self, text: &str) -> Result<Cakes, ParseError> {
        parse_cakes(text)
    }
}

/// Reads cakes: `ROWSxCOLUMNS` separated by spaces (`2x3 1x4`), each side 1 to [`MAX_SIDE`],
/// at most [`MAX_AREA`] squares in all; `-` is no cake. The cakes are put in order, largest
/// first.
pub fn parse_cakes(text: &str) -> Result<Cakes, ParseError> {
    if text == "-" {
        return Ok(Cakes(Vec::new()));
    }
    let mut cakes = Vec::new();
    let mut area = 0usize;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' {
            i += 1;
            continue;
        }
        let start = i;
        let rows = side(&chars, &mut i, "rows")?;
        if chars.get(i) != Some(&'x') {
            let what = chars.get(i).map_or("the end".to_string(), |c| format!("`{c}`"));
            return Err(ParseError::at(
                i + 1,
                format!("{what} where `x` should separate a cake's rows and columns (`2x3`)"),
            ));
        }
        i += 1;
        let cols = side(&chars, &mut i, "columns")?;
        if let Some(&c) = chars.get(i).filter(|&&c| c != ' ') {
            return Err(ParseError::at(i + 1, format!("`{c}` after a cake: cakes are separated by spaces")));
        }
        area += rows as usize * cols as usize;
        if area > MAX_AREA {
            return Err(ParseError::at(start + 1, format!("the cakes have over {MAX_AREA} squares in all")));
        }
        cakes.push(Cake { rows, cols });
    }
    if cakes.is_empty() {
        return Err(ParseError::at(1, "no cake (`-` is the position without cakes)"));
    }
    Ok(Cakes::new(cakes))
}

/// A side of a cake at `chars[*i..]`: digits making 1 to [`MAX_SIDE`].
fn side(chars: &[char], i: &mut usize, what: &str) -> Result<u8, ParseError> {
    let start = *i;
    let mut value = 0u32;
    while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
        value = (value * 10 + d).min(1000);
        *i += 1;
    }
    if *i == start {
        let found = chars.get(start).map_or("the end".to_string(), |c| format!("`{c}`"));
        return Err(ParseError::at(start + 1, format!("{found} where the number of {what} should be")));
    }
    if value == 0 || value > MAX_SIDE as u32 {
        return Err(ParseError::at(start + 1, format!("a cake has 1 to {MAX_SIDE} {what}")));
    }
    Ok(value as u8)
}

/// The cakes side by side, scored into squares (`data-cake` numbered from 1 in the notation's
/// order, `data-size` `ROWSxCOLUMNS`), with the cuts of the player to move as dashed lines
/// (`data-move`, named as the moves), and who is to move.
impl Draw<(Cakes, Player)> for Cutcake {
    fn svg(&self, (cakes, player): &(Cakes, Player)) -> Option<String> {
        use crate::common::svg::{colour, Attrs, Svg};
        const GAP: f64 = 16.0;
        let width: usize = cakes.0.iter().map(|c| c.cols as usize).sum();
        let height = cakes.0.iter().map(|c| c.rows as usize).max().unwrap_or(0);
        // At most about 900 units wide and 300 high.
        let cell = (900.0 / width.max(1) as f64).min(300.0 / height.max(1) as f64).clamp(2.0, 32.0);
        let gaps = GAP * cakes.0.len().saturating_sub(1) as f64;
        let (w, h) = (width as f64 * cell + gaps, height as f64 * cell);
        let (text, who, c) = match player {
            Player::Left => ("Left to move (vertical cuts)", "L", colour::FIRST),
            Player::Right => ("Right to move (horizontal cuts)", "R", colour::SECOND),
        };
        let mut svg =
            Svg::new(INFO.name, &format!("{} {who}", self.format(cakes)), (w + 40.0).max(280.0), h + 80.0);
        let mut x = 20.0;
        let y = 20.0;
        for (k, cake) in cakes.0.iter().enumerate() {
            let (cw, ch) = (cake.cols as f64 * cell, cake.rows as f64 * cell);
            let attrs = Attrs::new().data("cake", k + 1).data("size", cake_text(*cake));
            svg.group(attrs, Some(&cake_text(*cake)));
            svg.rect(x, y, cw, ch, 2.0, Attrs::new().paint(colour::SQUARE_DARK, Some((colour::INK, 1.5))));
            for col in 1..cake.cols {
                let lx = x + col as f64 * cell;
                score(&mut svg, (lx, y), (lx, y + ch), *player == Player::Left, (*cake, true, col));
            }
            for row in 1..cake.rows {
                let ly = y + row as f64 * cell;
                score(&mut svg, (x, ly), (x + cw, ly), *player == Player::Right, (*cake, false, row));
            }
            svg.close();
            x += cw + GAP;
        }
        svg.status((20.0, y + h + 40.0), Some(c), text, 14.0);
        Some(svg.finish())
    }
}

/// A scored line of a cake from `a` to `b`: a cut of the player to move (`mine`: dashed, in
/// their colour, with `data-move`) or a faint line.
fn score(
    svg: &mut crate::common::svg::Svg,
    a: (f64, f64),
    b: (f64, f64),
    mine: bool,
    (cake, vertical, at): (Cake, bool, u8),
) {
    use crate::common::svg::{colour, Attrs};
    let attrs = Attrs::new().at("x1", a.0).at("y1", a.1).at("x2", b.0).at("y2", b.1);
    let attrs = if mine {
        let (x, y) = if vertical {
            (Cake { cols: at, ..cake }, Cake { cols: cake.cols - at, ..cake })
        } else {
            (Cake { rows: at, ..cake }, Cake { rows: cake.rows - at, ..cake })
        };
        // The cut and its mirror image are one move: named with the smaller cake first.
        let (x, y) =
            if (vertical && x.cols > y.cols) || (!vertical && x.rows > y.rows) { (y, x) } else { (x, y) };
        let colour = if vertical { colour::FIRST } else { colour::SECOND };
        attrs
            .set("stroke", colour)
            .at("stroke-width", 1.5)
            .set("stroke-dasharray", "4 3")
            .data("move", cut_label(cake, x, y))
    } else {
        attrs.set("stroke", colour::LINE).at("stroke-width", 0.75)
    };
    svg.empty("line", attrs);
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "cutcake",
    summary: "Cutcake: Left cuts cakes between columns, Right between rows; the last to cut wins",
    help: "Cutcake (Winning Ways, ch. 2), a partizan game: a position is a collection of \
           rectangular cakes scored into unit squares; Left cuts one cake along a vertical line \
           (between two columns) into two cakes, Right along a horizontal line (between two \
           rows). A player who cannot cut loses. Every value is an integer: `nimber cgt \
           cutcake` gives it (Winning Ways' table: a cake of R rows and C >= R columns is \
           worth floor(C / 2^floor(log2 R)) - 1, so 1xN is N-1 and 2x2 is 0, and the cake \
           turned a quarter round the negative), and the strong solvers solve it with the player to move named after the cakes (`2x3 L`). \
           Each cake is valued on its own and the values are added. Notation: cakes separated \
           by spaces, each ROWSxCOLUMNS (`2x3 1x4`: a cake of 2 rows and 3 columns and one of \
           1 row and 4 columns), written largest first; each side 1 to 64, at most 4096 \
           squares in all. Moves are named by the cake cut and the two cakes made \
           (`2x5=2x2+2x3`). Surveys of values (`nimber explore cutcake --values --by \
           rows,cols`): every single cake up to rows x cols (by default the start's largest \
           sides); features rows and cols (of a position that is one cake; 0 otherwise), \
           squares and cakes, besides those of every value.",
    params: &[
        ParamSpec { name: "cakes", default: "3x5", help: "the start cakes, ROWSxCOLUMNS separated by spaces" },
        explore::ROWS,
        explore::COLS,
    ],
    build: bridged::<Cutcake>,
    facts: Facts { partizan: Some(valued::<Cutcake>), ..Facts::NONE },
};

/// The game of the parameters `-p ...`.
impl PartizanGame for Cutcake {
    fn from_params(params: &Params) -> Result<Cutcake, Error> {
        let text = params.text("cakes");
        let cakes = parse_cakes(text).map_err(|e| Error::Param(format!("parameter cakes={text}: {e}")))?;
        let bound = explore::bound(params, &cakes)?;
        Ok(Cutcake::new(cakes).with_family(bound))
    }
}
