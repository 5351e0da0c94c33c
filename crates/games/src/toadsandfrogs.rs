//! Toads and Frogs (Richard Guy; *Winning Ways*, ch. 1): a strip of squares holding Left's
//! toads `T`, Right's frogs `F` and empty squares `.`. A toad moves one square to the right
//! into an empty square, or jumps to the right over exactly one frog into the empty square just
//! beyond it; a frog moves or jumps (over one toad) to the left likewise. A player who cannot
//! move loses.
//!
//! A partizan game ([`Partizan`]) like Domineering: `nimber cgt toadsandfrogs` gives values,
//! the strong solvers solve it with the player to move named (`T.F L`). A strip falls apart
//! into parts that never interact ([`parts`]), which are valued apart.
//!
//! # Why the parts of a strip are exact
//!
//! Call a square *static* when its content can never change, and a piece *frozen* when it can
//! never move. [`frozen`] finds the largest set `S` of pieces such that every piece of `S` is
//! blocked whatever happens off `S`, counting the squares of `S` and those off the strip as
//! walls: a toad at `i` is blocked when `i+1` is a wall and (`i+1` holds a toad or `i+2` is a
//! wall) (it can neither step into `i+1` nor jump over it into an empty `i+2`), and a frog
//! likewise to the left. No piece of `S` is ever the first of `S` to move, since its moves
//! depend only on squares of `S` and walls, so `S` stays frozen for ever. `S` is the greatest
//! fixed point of a monotone map (start from every piece, drop the pieces not blocked,
//! repeat), so it contains every such set.
//!
//! The squares not in `S` fall into runs between squares of `S` (or the ends of the strip).
//! An empty square of a run with no toad to its left and no frog to its right in its run can
//! never be entered either (toads only move right, frogs left, and no piece crosses `S`, see
//! below): it is static too, and splits its run. What is left are the *parts*: maximal runs of
//! squares that are not static.
//!
//! No piece off `S` ever jumps over a piece of `S`: a frog at `i+1` is blocked only when `i`
//! is a wall, so a toad at `i` next to a frozen frog at `i+1` is itself in `S`; a frog next to
//! a frozen toad likewise. So every move of a piece off `S` lands in its own part and
//! jumps over a piece of its own part, and a static square acts on it exactly as the end of the
//! strip would: stepping or jumping into it is impossible in both. Hence a move changes one
//! part only, the moves of each part are those of the part cut out as a strip of its own, and
//! the strip is the disjunctive sum of its parts, now and after any moves (static squares stay
//! static). A part cut out has no frozen piece and no static empty square of its own (the
//! fixed point of the part, joined with `S`, would be a larger blocked set), so cutting is
//! idempotent.
//!
//! A part with toads and no frogs is worth an integer: every play of it lasts the same number
//! of Left moves, the number of (toad, empty square to its right) pairs, and Right has none; it
//! is replaced by as many strips `T...` as that count needs (at most 63 empty squares each),
//! which are worth the same. Frogs alone likewise, negated. (Erickson, "New Toads and Frogs
//! results", 1996, gives these and more simplification rules.)

use nimber_engine::{Draw, Error, Move, Notation, ParamSpec, Params, ParseError};
use nimber_partizan::game::{ValueExplore, ValueFamily};
use nimber_partizan::{Partizan, PartizanCapabilities, Player};

use crate::common::grid::mask;
use crate::common::info::{bridged, valued, Facts, GameInfo, PartizanGame};

pub mod explore;

/// The most squares of a strip.
pub const MAX_SQUARES: usize = 64;

/// A strip: its length, its toads and its frogs (bit `i` is square `i + 1` from the left).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Strip {
    /// Squares.
    pub len: u8,
    /// Left's toads.
    pub toads: u64,
    /// Right's frogs.
    pub frogs: u64,
}

impl Strip {
    /// The strip without squares.
    pub const EMPTY: Strip = Strip { len: 0, toads: 0, frogs: 0 };

    /// The empty squares.
    pub fn empty(&self) -> u64 {
        mask(self.len as usize) & !(self.toads | self.frogs)
    }

    /// The squares `from..to` as a strip of their own.
    fn cut(&self, from: usize, to: usize) -> Strip {
        let m = mask(to - from);
        Strip { len: (to - from) as u8, toads: self.toads >> from & m, frogs: self.frogs >> from & m }
    }
}

/// The frozen pieces of a strip: the largest set of pieces each blocked whatever happens off
/// the set (see the module documentation).
pub fn frozen(s: &Strip) -> u64 {
    // Square i is bit i + 2 here, so that the two squares beyond each end are bits too.
    let off = !((mask(s.len as usize) as u128) << 2);
    let (t, f) = ((s.toads as u128) << 2, (s.frogs as u128) << 2);
    let mut set = t | f;
    loop {
        let wall = set | off;
        let toads = t & wall >> 1 & (t >> 1 | wall >> 2);
        let frogs = f & wall << 1 & (f << 1 | wall << 2);
        let next = set & (toads | frogs);
        if next == set {
            return (set >> 2) as u64;
        }
        set = next;
    }
}

/// The parts of a strip whose values add up to its value (see the module documentation):
/// the runs of squares that are not static, each cut out as a strip, with the parts of one
/// player's pieces alone replaced by strips of the same integer value; parts without pieces
/// are left out.
pub fn parts(s: &Strip) -> Vec<Strip> {
    let n = s.len as usize;
    let fixed = frozen(s);
    let mut static_squares = fixed;
    // Empty squares no piece can enter: no movable toad to the left, no movable frog to the
    // right, within the run between frozen pieces.
    let (t, f) = (s.toads & !fixed, s.frogs & !fixed);
    let mut start = 0;
    while start < n {
        if fixed >> start & 1 != 0 {
            start += 1;
            continue;
        }
        let mut end = start;
        while end < n && fixed >> end & 1 == 0 {
            end += 1;
        }
        let run = mask(end - start) << start;
        for j in start..end {
            let left = mask(j) & run;
            let right = run & !mask(j + 1);
            if s.empty() >> j & 1 != 0 && t & left == 0 && f & right == 0 {
                static_squares |= 1 << j;
            }
        }
        start = end;
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        if static_squares >> i & 1 != 0 {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < n && static_squares >> j & 1 == 0 {
            j += 1;
        }
        let part = s.cut(i, j);
        match (part.toads != 0, part.frogs != 0) {
            (true, true) => out.push(part),
            (true, false) => integer_strips(count_pairs(&part, false), false, &mut out),
            (false, true) => integer_strips(count_pairs(&part, true), true, &mut out),
            (false, false) => {}
        }
        i = j;
    }
    out
}

/// In a strip of one player's pieces: the pairs (toad, empty square to its right), or (frog,
/// empty square to its left) when `frogs`.
fn count_pairs(s: &Strip, frogs: bool) -> u32 {
    let empty = s.empty();
    let mut pairs = 0;
    let mut rest = if frogs { s.frogs } else { s.toads };
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        pairs += if frogs { empty & mask(i) } else { empty & !mask(i + 1) }.count_ones();
    }
    pairs
}

/// Strips `T..` (or `..F` when `frogs`) worth `count` in all (negated for frogs).
fn integer_strips(mut count: u32, frogs: bool, out: &mut Vec<Strip>) {
    while count > 0 {
        let k = count.min(MAX_SQUARES as u32 - 1);
        count -= k;
        let len = k as u8 + 1;
        out.push(if frogs {
            Strip { len, toads: 0, frogs: 1 << k }
        } else {
            Strip { len, toads: 1, frogs: 0 }
        });
    }
}

/// Toads and Frogs from a start strip.
#[derive(Clone, Debug)]
pub struct ToadsAndFrogs {
    start: Strip,
    /// The strips of its surveys of values.
    family: explore::Spec,
}

impl ToadsAndFrogs {
    /// Toads and Frogs starting from `start`; its surveys of values cover every strip up to
    /// its length.
    pub fn new(start: Strip) -> ToadsAndFrogs {
        ToadsAndFrogs { start, family: explore::Spec::strips(&start) }
    }

    /// The same game, its surveys of values covering the strips of `family`.
    pub fn with_family(self, family: explore::Spec) -> ToadsAndFrogs {
        ToadsAndFrogs { family, ..self }
    }
}

/// The moves of the pieces `from` (squares), each to `from + step` (a step or a jump: `step` is
/// `±1` or `±2`), with the pieces rebuilt by `rebuild(from, to)`.
fn moves_of(from: u64, step: i32, rebuild: impl Fn(u64, u64) -> Strip) -> Vec<Move<Strip>> {
    let mut out = Vec::new();
    let mut rest = from;
    while rest != 0 {
        let i = rest.trailing_zeros() as i32;
        rest &= rest - 1;
        let j = i + step;
        out.push(Move::new(format!("{}-{}", i + 1, j + 1), rebuild(1 << i, 1 << j)));
    }
    out
}

impl Partizan for ToadsAndFrogs {
    type Position = Strip;

    fn start(&self) -> Strip {
        self.start
    }

    /// A toad steps right into an empty square, or jumps right over one frog into an empty one.
    fn left_moves(&self, s: &Strip) -> Vec<Move<Strip>> {
        let empty = s.empty();
        let step = s.toads & empty >> 1;
        let jump = s.toads & s.frogs >> 1 & empty >> 2;
        let to = |from: u64, to: u64| Strip { toads: s.toads & !from | to, ..*s };
        let mut out = moves_of(step, 1, to);
        out.extend(moves_of(jump, 2, to));
        out
    }

    /// A frog steps left into an empty square, or jumps left over one toad into an empty one.
    fn right_moves(&self, s: &Strip) -> Vec<Move<Strip>> {
        let empty = s.empty();
        let step = s.frogs & empty << 1;
        let jump = s.frogs & s.toads << 1 & empty << 2;
        let to = |from: u64, to: u64| Strip { frogs: s.frogs & !from | to, ..*s };
        let mut out = moves_of(step, -1, to);
        out.extend(moves_of(jump, -2, to));
        out
    }

    /// The parts of [`parts`], when there are not exactly one.
    fn regions(&self, s: &Strip) -> Option<Vec<Strip>> {
        let parts = parts(s);
        (parts.len() != 1).then_some(parts)
    }

    /// The one part of [`parts`] (static squares cut off the ends, one player's pieces alone
    /// replaced by a strip of the same value). No symmetry keeps the value: turning the strip
    /// round and swapping toads and frogs negates it.
    fn normalize(&self, s: &Strip) -> Strip {
        let mut parts = parts(s);
        match parts.len() {
            0 => Strip::EMPTY,
            1 => parts.pop().expect("one part"),
            _ => *s,
        }
    }

    fn capabilities(&self) -> PartizanCapabilities<'_, Strip> {
        PartizanCapabilities::none().notation(self).drawing(self).exploration(self)
    }
}

/// Features and family of surveys of values: see [`explore`].
impl ValueExplore<Strip> for ToadsAndFrogs {
    fn features(&self) -> Vec<String> {
        explore::feature_names()
    }

    fn feature_values(&self, strip: &Strip, out: &mut Vec<i64>) {
        explore::feature_values(strip, out)
    }

    fn family(&self) -> Result<Option<ValueFamily<Strip>>, Error> {
        explore::family(self.family).map(Some)
    }
}

/// The squares from the left: `T` a toad, `F` a frog, `.` an empty square; `-` is the strip
/// without squares.
impl Notation<Strip> for ToadsAndFrogs {
    fn format(&self, s: &Strip) -> String {
        if s.len == 0 {
            return "-".to_string();
        }
        (0..s.len as usize)
            .map(|i| match (s.toads >> i & 1, s.frogs >> i & 1) {
                (1, _) => 'T',
                (_, 1) => 'F',
                _ => '.',
            })
            .collect()
    }

    fn parse(&self, text: &str) -> Result<Strip, ParseError> {
        parse_strip(text)
    }
}

/// Reads a strip: `T`, `F` and `.`, at most [`MAX_SQUARES`] squares; `-` is the strip without
/// squares.
pub fn parse_strip(text: &str) -> Result<Strip, ParseError> {
    if text == "-" {
        return Ok(Strip::EMPTY);
    }
    let mut s = Strip::EMPTY;
    for (i, ch) in text.chars().enumerate() {
        let piece = match ch {
            'T' | 'F' | '.' => ch,
            other => {
                return Err(ParseError::at(
                    i + 1,
                    format!("`{other}` is not a square: use `T` (toad), `F` (frog) or `.` (empty)"),
                ))
            }
        };
        if i >= MAX_SQUARES {
            return Err(ParseError::at(i + 1, format!("a strip has at most {MAX_SQUARES} squares")));
        }
        match piece {
            'T' => s.toads |= 1 << i,
            'F' => s.frogs |= 1 << i,
            _ => {}
        }
        s.len = i as u8 + 1;
    }
    if s.len == 0 {
        return Err(ParseError::at(1, "an empty strip (`-` is the strip without squares)"));
    }
    Ok(s)
}

/// The strip: a row of squares (`data-square` numbered from 1 at the left, as in the moves),
/// toads blue and frogs red (`data-piece` `T` or `F`, `data-at` the square; the pieces of the
/// player to move that can move carry `data-move`, the move's label), and who is to move.
impl Draw<(Strip, Player)> for ToadsAndFrogs {
    fn svg(&self, (s, player): &(Strip, Player)) -> Option<String> {
        use crate::common::svg::{colour, Anchor, Attrs, Board, Svg};
        let n = s.len as usize;
        // Long strips get smaller squares: at most about 900 units wide.
        let cell = (900.0 / n.max(1) as f64).clamp(14.0, 48.0);
        let board = Board { x: 20.0, y: 20.0, cols: n, rows: 1, cell };
        let (w, h) = board.size();
        let (text, c) = match player {
            Player::Left => ("Left (toads) to move", colour::FIRST),
            Player::Right => ("Right (frogs) to move", colour::SECOND),
        };
        let who = if *player == Player::Left { "L" } else { "R" };
        let mut svg =
            Svg::new(INFO.name, &format!("{} {who}", self.format(s)), (w + 40.0).max(260.0), h + 90.0);
        board.draw(&mut svg, |_, _| colour::SQUARE, |c, _| (c + 1).to_string(), |_, _, a| a);
        board.coordinates(&mut svg, false, |c| (c + 1).to_string(), |_| String::new());
        // A piece has one move at most (a step or a jump): its label, for the player to move.
        let moves = match player {
            Player::Left => self.left_moves(s),
            Player::Right => self.right_moves(s),
        };
        for i in 0..n {
            let (piece, fill) = match (s.toads >> i & 1, s.frogs >> i & 1) {
                (1, _) => ("T", colour::FIRST),
                (_, 1) => ("F", colour::SECOND),
                _ => continue,
            };
            let centre = board.centre(i, 0);
            let mut attrs = Attrs::new().data("piece", piece).data("at", i + 1);
            let from = format!("{}-", i + 1);
            if let Some(m) = moves.iter().find(|m| m.label.starts_with(&from)) {
                attrs = attrs.data("move", &m.label);
            }
            svg.token(centre, cell * 0.36, fill, colour::INK, attrs);
            svg.bold(centre, piece, cell * 0.36, Anchor::Middle, colour::BACKGROUND);
        }
        svg.status((20.0, 20.0 + h + 52.0), Some(c), text, 14.0);
        Some(svg.finish())
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "toadsandfrogs",
    summary: "Toads and Frogs: toads hop right, frogs left, over one enemy at most; the last to move wins",
    help: "Toads and Frogs (Richard Guy; Winning Ways, ch. 1; J. Erickson, \"New Toads and Frogs \
           results\", Games of No Chance, 1996), a partizan game on a strip of squares: Left's \
           toads `T` move one square to the right into an empty square, or jump to the right \
           over exactly one frog into the empty square just beyond; Right's frogs `F` move or \
           jump (over one toad) to the left likewise. A player who cannot move loses. `nimber \
           cgt toadsandfrogs` gives the value of a strip in CGSuite's notation (`T.F` is *, \
           `T.TF` is 1/2); the strong solvers solve it with the player to move named after the \
           strip (`T.F L`). Strips fall apart where no piece can ever cross (frozen pieces such \
           as frogs at the left end or `TTFF` blocks), and the parts are valued apart. \
           Notation: the squares from the left, `T`, `F` or `.`, at most 64 squares. Moves are \
           named by their squares, numbered from 1 at the left (`1-2`: the toad on square 1 \
           steps to square 2). Surveys of values (`nimber explore toadsandfrogs --values \
           --by toads,frogs`): every strip of 1 to `squares` squares (by default the start's \
           length, at most 12 for this family) with every placement of toads and frogs, or \
           with family=starts every strip T^a .^b F^c of those lengths; features squares, \
           toads, frogs and empty (empty squares), besides those of every value.",
    params: &[
        ParamSpec { name: "board", default: "TTT..FFF", help: "the start strip: T, F and . from the left" },
        explore::SQUARES,
        explore::FAMILY,
    ],
    build: bridged::<ToadsAndFrogs>,
    facts: Facts { partizan: Some(valued::<ToadsAndFrogs>), ..Facts::NONE },
};

/// The game of the parameters `-p ...`.
impl PartizanGame for ToadsAndFrogs {
    fn from_params(params: &Params) -> Result<ToadsAndFrogs, Error> {
        let text = params.text("board");
        let strip = parse_strip(text).map_err(|e| Error::Param(format!("parameter board={text}: {e}")))?;
        Ok(ToadsAndFrogs::new(strip).with_family(explore::Spec::from_params(params, &strip)?))
    }
}
