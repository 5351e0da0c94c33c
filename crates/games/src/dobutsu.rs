//! Dōbutsu shōgi ("animal shogi"), Madoka Kitao's 3x4 shogi for children, strongly solved by
//! Tetsuro Tanaka (2009).
//!
//! Positions are kept in one `u64`: twelve 4-bit cells, then the pieces in each hand, then the
//! player to move. A position, its mirror image (files a and c swapped), and both turned by 180
//! degrees with the colours swapped are the same game: the dense index ([`Indexed`]) numbers
//! such a class once, by its canonical form ([`DobutsuPos::canonical`]: Sente, the first player,
//! to move, and the smaller encoding of the two mirror images), and the solver works on those
//! only. The index has 1,567,925,964 slots, one per arrangement of the material with Sente to
//! move (two lions on distinct squares; each other piece on a square with an owner, or in a
//! hand; chicks on the board promoted or not); the slots of the arrangements that are not
//! canonical (the larger of two mirror images) are holes, a little under half of them.

use nimber_engine::table::subset;
use nimber_engine::{
    index::Child, ChildEnds, DynGame, Error, Game, Indexed, Kind, Move, Outcome, ParamSpec, Params,
    ParseError, Value,
};
use nimber_engine::{Backward, Draw, Notation};

use crate::common::info::{Facts, GameInfo};

mod fast;

/// Kinds of piece, as stored in the low 3 bits of a cell (0 is an empty cell).
const LION: u64 = 1;
const GIRAFFE: u64 = 2;
const ELEPHANT: u64 = 3;
const CHICK: u64 = 4;
const HEN: u64 = 5;
/// Bit 3 of a cell: the piece is Gote's (the second player's).
const GOTE: u64 = 8;

/// Bits of the hands: Sente's counts of giraffes, elephants and chicks (2 bits each) from bit
/// 48, Gote's from bit 54.
const SENTE_HAND: u32 = 48;
const GOTE_HAND: u32 = 54;
/// Bit set when Gote is to move.
const GOTE_TO_MOVE: u64 = 1 << 60;
const CELLS: u64 = (1 << 48) - 1;
/// Bit 0 of every cell.
const LOW_BITS: u64 = 0x1111_1111_1111;

/// Pieces that can be in hand, in the order of the hand fields.
const HAND_KINDS: [u64; 3] = [GIRAFFE, ELEPHANT, CHICK];

/// A position: the board, both hands, and who is to move. Square `sq` is row `sq / 3` (0 = the
/// top, Gote's home rank) and column `sq % 3` (0 = left, as Sente sees the board).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DobutsuPos(u64);

impl std::fmt::Debug for DobutsuPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format_position(*self))
    }
}

impl DobutsuPos {
    /// The start: Gote's giraffe, lion and elephant on the top row, chicks face to face in the
    /// middle, Sente's elephant, lion and giraffe on the bottom row; Sente to move.
    pub const START: DobutsuPos = DobutsuPos::start();

    const fn start() -> DobutsuPos {
        let cells = [
            GOTE | GIRAFFE,
            GOTE | LION,
            GOTE | ELEPHANT,
            0,
            GOTE | CHICK,
            0,
            0,
            CHICK,
            0,
            ELEPHANT,
            LION,
            GIRAFFE,
        ];
        let mut x = 0;
        let mut sq = 0;
        while sq < 12 {
            x |= cells[sq] << (4 * sq);
            sq += 1;
        }
        DobutsuPos(x)
    }

    /// The cell at `sq`: 0, or a kind with the [`GOTE`] bit for Gote's pieces.
    #[inline]
    fn cell(self, sq: usize) -> u64 {
        self.0 >> (4 * sq) & 15
    }

    #[inline]
    fn with_cell(self, sq: usize, cell: u64) -> DobutsuPos {
        DobutsuPos(self.0 & !(15 << (4 * sq)) | cell << (4 * sq))
    }

    /// Whether Gote is to move.
    pub fn gote_to_move(self) -> bool {
        self.0 & GOTE_TO_MOVE != 0
    }

    /// Number of pieces of hand kind `h` (0 giraffe, 1 elephant, 2 chick) in a hand.
    #[inline]
    fn hand(self, gote: bool, h: usize) -> u64 {
        let base = if gote { GOTE_HAND } else { SENTE_HAND };
        self.0 >> (base + 2 * h as u32) & 3
    }

    #[inline]
    fn add_hand(self, gote: bool, h: usize, delta: i64) -> DobutsuPos {
        let base = if gote { GOTE_HAND } else { SENTE_HAND };
        DobutsuPos((self.0 as i64 + (delta << (base + 2 * h as u32))) as u64)
    }

    /// The same position turned by 180 degrees, colours and hands swapped, the other player to
    /// move.
    #[inline]
    pub fn flipped(self) -> DobutsuPos {
        // Reverse the order of the 12 cells (nibbles): all 16 nibbles, then drop the 4 empty ones.
        let y = (self.0 & CELLS).swap_bytes();
        let y = ((y & 0x0f0f_0f0f_0f0f_0f0f) << 4 | (y >> 4) & 0x0f0f_0f0f_0f0f_0f0f) >> 16;
        // Swap the owners of the occupied cells.
        let occupied = (y | y >> 1 | y >> 2) & LOW_BITS;
        let cells = y ^ occupied << 3;
        let sente = self.0 >> SENTE_HAND & 63;
        let gote = self.0 >> GOTE_HAND & 63;
        DobutsuPos(cells | gote << SENTE_HAND | sente << GOTE_HAND | (self.0 ^ GOTE_TO_MOVE) & GOTE_TO_MOVE)
    }

    /// The form with Sente to move.
    #[inline]
    pub fn sente_view(self) -> DobutsuPos {
        if self.gote_to_move() {
            self.flipped()
        } else {
            self
        }
    }

    /// The mirror image: files a and c swapped.
    #[inline]
    pub fn mirrored(self) -> DobutsuPos {
        const COL0: u64 = 0x00f_00f_00f_00f;
        const COL1: u64 = COL0 << 4;
        const COL2: u64 = COL0 << 8;
        DobutsuPos(self.0 & !CELLS | self.0 & COL1 | (self.0 & COL0) << 8 | (self.0 & COL2) >> 8)
    }

    /// The representative of the position's class (itself, its mirror image, and both turned
    /// around with the colours swapped): of the two forms with Sente to move, the one whose
    /// 64-bit encoding is smaller.
    #[inline]
    pub fn canonical(self) -> DobutsuPos {
        let c = self.sente_view();
        let m = c.mirrored();
        if m.0 < c.0 {
            m
        } else {
            c
        }
    }
}

/// Steps of each kind for Sente, as (row, column) offsets; Sente moves up (towards row 0).
fn steps(kind: u64) -> &'static [(i32, i32)] {
    const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    const DIAGONAL: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
    const ALL: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
    const FORWARD: [(i32, i32); 1] = [(-1, 0)];
    const HEN_STEPS: [(i32, i32); 6] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)];
    match kind {
        LION => &ALL,
        GIRAFFE => &ORTHOGONAL,
        ELEPHANT => &DIAGONAL,
        CHICK => &FORWARD,
        HEN => &HEN_STEPS,
        _ => &[],
    }
}

/// Move tables: `targets[kind][sq]` the squares a Sente piece of that kind on `sq` reaches;
/// `sources[kind][sq]` the squares from which a Gote piece of that kind reaches `sq` (for
/// unmoves).
struct Tables {
    targets: [[u16; 12]; 6],
    gote_sources: [[u16; 12]; 6],
}

const fn square(row: i32, col: i32) -> Option<usize> {
    if row >= 0 && row < 4 && col >= 0 && col < 3 {
        Some((row * 3 + col) as usize)
    } else {
        None
    }
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Tables { targets: [[0; 12]; 6], gote_sources: [[0; 12]; 6] };
        for kind in LION..=HEN {
            for sq in 0..12 {
                let (row, col) = ((sq / 3) as i32, (sq % 3) as i32);
                for &(dr, dc) in steps(kind) {
                    if let Some(to) = square(row + dr, col + dc) {
                        t.targets[kind as usize][sq] |= 1 << to;
                    }
                    // Gote's steps are Sente's turned around: a Gote piece on `from` reaches
                    // `sq` when `from = sq - (-dr, -dc)`.
                    if let Some(from) = square(row + dr, col + dc) {
                        t.gote_sources[kind as usize][sq] |= 1 << from;
                    }
                }
            }
        }
        t
    })
}

/// The name of square `sq`: file `a`-`c` from Sente's left, rank `1`-`4` from the top.
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 3) as u8) as char, sq / 3 + 1)
}

fn kind_letter(kind: u64) -> char {
    match kind {
        LION => 'L',
        GIRAFFE => 'G',
        ELEPHANT => 'E',
        CHICK => 'C',
        HEN => 'H',
        _ => '?',
    }
}

/// The kind a captured piece becomes in hand (a hen reverts to a chick), as a hand index.
#[inline]
const fn hand_index(kind: u64) -> usize {
    match kind {
        GIRAFFE => 0,
        ELEPHANT => 1,
        _ => 2,
    }
}

/// Dōbutsu shōgi from the start position.
#[derive(Clone, Debug, Default)]
pub struct Dobutsu;

/// The remoteness of a finished position ([`Game::terminal`]), as Tanaka counts it: a player who
/// can take the opponent's lion wins in 1 (the capture), and a player whose opponent's lion
/// stands out of reach on their home rank loses in 1 (the reply that cannot stop the try; the
/// rules end the game once the lion has survived it). So every remoteness is the number of
/// plies to the end of the game under the rules, and the start is lost in 78 as published.
pub const TERMINAL_REMOTENESS: u32 = 1;

pub(crate) const INFO: GameInfo = GameInfo {
    name: "dobutsu",
    summary: "Dōbutsu shōgi: 3x4 shogi for children, a second-player win in 78 plies (Tanaka 2009)",
    help: "Dōbutsu shōgi (animal shogi), designed by Madoka Kitao (2008); strongly solved by \
           Tetsuro Tanaka, \"An Analysis of a Board Game Doubutsu Shogi\", IPSJ SIG Technical \
           Report 2009-GI-22. A 3x4 board; each player has a lion (moves one square any way), a \
           giraffe (one square orthogonally), an elephant (one square diagonally) and a chick \
           (one square forward). Sente (the first player, uppercase) starts on the bottom rows: \
           elephant, lion, giraffe on rank 4, chick on b3; Gote (lowercase) mirrors that on top. \
           A chick that reaches the far rank by a move becomes a hen (moves one square \
           orthogonally or diagonally forward). A captured piece changes side and goes to the \
           captor's hand (a hen as a chick); instead of moving, a player may drop a piece from \
           hand on any empty square (a chick may be dropped on the far rank, where it cannot \
           move, and does not promote). Capturing the lion wins; a lion that reaches the far \
           rank and cannot be captured there wins. Endless play is a draw. \
           Conventions of the solve, as Tanaka's: a position is counted once from the point of \
           view of the player to move and once with its mirror image (a position, its mirror \
           image with files a and c swapped, and both turned around with the colours swapped \
           are one); a position in which the player to move can capture the opponent's \
           lion is finished (not expanded further), a win in 1 (the capture), and one in which \
           the opponent's lion stands on the mover's home rank and cannot be captured is a \
           finished loss in 1 (the reply that cannot stop the try), so that remoteness counts \
           the plies to the end under the rules. With these conventions 246,803,167 positions \
           are reachable from the start (196,773,087 won, 47,347,380 lost and 2,682,700 drawn \
           for the player to move), and the start is lost for Sente in 78 plies; after Sente's \
           chick takes the chick (Cb3xb2) Gote wins in 75, so Sente loses 76 plies from the \
           start. \
           Notation: the four ranks from the top separated by `/`, each cell `L` `G` `E` `C` `H` \
           (Sente's lion, giraffe, elephant, chick, hen), the same in lower case for Gote, or `.` \
           (a digit 1-3 stands for as many empty cells); then the player to move, `b` for Sente \
           or `w` for Gote; then the pieces in hand, upper case Sente's and lower case Gote's, or \
           `-`: the start is `gle/.c./.C./ELG b -`. Squares are named by file a-c from Sente's \
           left and rank 1-4 from the top; moves are written `Cb3xb2` (chick from b3 captures on \
           b2), `Cb2-b1+` (and promotes), `E*a2` (elephant dropped on a2). The full solve is a large \
           one: `nimber solve dobutsu` prints its memory estimate first. By default it solves the \
           live index by the lean solver: every position in which the game goes on, reachable \
           from the start or not (121,134,668 positions: 64,279,992 won, 53,793,170 lost, \
           3,061,506 drawn), finished positions answered by the rules; `-p index=full` solves \
           the positions reachable from the start by the dense solver, with the counts above, in \
           about ten times the memory.",
    params: &[ParamSpec {
        name: "index",
        default: "live",
        help: "live: the positions in which the game goes on (249,442,767 slots), solved by the lean \
               solver; full: every position (1,567,925,964 slots), the reachable ones solved by the \
               dense solver",
    }],
    build,
    facts: Facts { dense: Some(build), ..Facts::NONE },
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    match params.text("index") {
        "live" => Ok(Box::new(nimber_engine::dense::Dense(DobutsuLive))),
        "full" => Ok(Box::new(nimber_engine::dense::Dense(Dobutsu))),
        other => Err(Error::Param(format!("parameter index={other}: expected live or full"))),
    }
}

/// Calls `f(from, to, after)` for every move of Sente in `c` (Sente to move), `from` being
/// `None` for a drop (then `to`'s kind is the dropped piece's).
#[inline]
fn for_each_sente_move(c: DobutsuPos, mut f: impl FnMut(Option<usize>, usize, DobutsuPos)) {
    let t = tables();
    let mut own = 0u16;
    let mut empty = 0u16;
    for sq in 0..12 {
        let cell = c.cell(sq);
        if cell == 0 {
            empty |= 1 << sq;
        } else if cell & GOTE == 0 {
            own |= 1 << sq;
        }
    }
    let after_base = DobutsuPos(c.0 | GOTE_TO_MOVE);
    for from in 0..12 {
        if own & 1 << from == 0 {
            continue;
        }
        let kind = c.cell(from);
        let mut targets = t.targets[kind as usize][from] & !own;
        let moved = after_base.with_cell(from, 0);
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let captured = c.cell(to);
            let new_kind = if kind == CHICK && to < 3 { HEN } else { kind };
            let mut after = moved.with_cell(to, new_kind);
            if captured != 0 {
                debug_assert!(captured & 7 != LION, "lion captures end the game before");
                after = after.add_hand(false, hand_index(captured & 7), 1);
            }
            f(Some(from), to, after);
        }
    }
    for (h, &kind) in HAND_KINDS.iter().enumerate() {
        if c.hand(false, h) == 0 {
            continue;
        }
        let dropped = after_base.add_hand(false, h, -1);
        let mut targets = empty;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            f(None, to, dropped.with_cell(to, kind));
        }
    }
}

/// Whether Sente, to move in `c`, can capture Gote's lion.
#[cfg(test)]
fn sente_attacks_lion(c: DobutsuPos) -> bool {
    let t = tables();
    let Some(lion) = (0..12).find(|&sq| c.cell(sq) == GOTE | LION) else { return false };
    (0..12).any(|sq| {
        let cell = c.cell(sq);
        cell != 0 && cell & GOTE == 0 && t.targets[cell as usize][sq] & 1 << lion != 0
    })
}

/// The end of the game for Sente to move in `c`, under Tanaka's conventions (the reference for
/// `fast::sente_terminal`).
#[cfg(test)]
fn sente_terminal(c: DobutsuPos) -> Option<Value> {
    if sente_attacks_lion(c) {
        return Some(Value::Win);
    }
    // Gote's lion on Sente's home rank (the bottom row), not capturable: Gote's try succeeded.
    if (9..12).any(|sq| c.cell(sq) == GOTE | LION) {
        return Some(Value::Lose);
    }
    None
}

/// Every position (Gote to move) with a move of Gote to `c` (Sente to move), appended to `out`.
fn sente_predecessors(c: DobutsuPos, out: &mut Vec<DobutsuPos>) {
    let t = tables();
    // In a predecessor Gote is to move.
    let base = DobutsuPos(c.0 | GOTE_TO_MOVE);
    let mut empty = 0u16;
    for sq in 0..12 {
        if c.cell(sq) == 0 {
            empty |= 1 << sq;
        }
    }
    for to in 0..12 {
        let cell = c.cell(to);
        if cell & GOTE == 0 || cell == 0 {
            continue;
        }
        let kind = cell & 7;
        let vacated = base.with_cell(to, 0);
        // Unmoves: the piece came from an empty square; a hen on the bottom row may have been a
        // chick just promoted. A chick never moves onto the bottom row (it would promote).
        let mut origins: [(u16, u64); 2] = [(0, 0), (0, 0)];
        match kind {
            CHICK if to >= 9 => {}
            _ => origins[0] = (t.gote_sources[kind as usize][to] & empty, kind),
        }
        if kind == HEN && to >= 9 {
            origins[1] = (t.gote_sources[CHICK as usize][to] & empty, CHICK);
        }
        for (mut from_set, from_kind) in origins {
            while from_set != 0 {
                let from = from_set.trailing_zeros() as usize;
                from_set &= from_set - 1;
                let before = vacated.with_cell(from, GOTE | from_kind);
                out.push(before);
                // Un-captures: a Sente piece stood on `to` and went to Gote's hand.
                for (h, &captured) in HAND_KINDS.iter().enumerate() {
                    if before.hand(true, h) == 0 {
                        continue;
                    }
                    let taken = before.add_hand(true, h, -1);
                    out.push(taken.with_cell(to, captured));
                    if captured == CHICK {
                        out.push(taken.with_cell(to, HEN));
                    }
                }
            }
        }
        // Un-drops: an unpromoted piece other than the lion may have come from Gote's hand.
        if kind != LION && kind != HEN {
            out.push(vacated.add_hand(true, hand_index(kind), 1));
        }
    }
}

impl Game for Dobutsu {
    type Position = DobutsuPos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> DobutsuPos {
        DobutsuPos::START
    }

    fn moves(&self, pos: &DobutsuPos) -> Vec<Move<DobutsuPos>> {
        let flip = pos.gote_to_move();
        let c = pos.sente_view();
        let mut moves = Vec::new();
        for_each_sente_move(c, |from, to, after| {
            // Labels are written on the real board.
            let real = |sq: usize| if flip { 11 - sq } else { sq };
            let kind = after.cell(to) & 7;
            let label = match from {
                None => format!("{}*{}", kind_letter(kind), square_name(real(to))),
                Some(from) => {
                    let moved = c.cell(from) & 7;
                    format!(
                        "{}{}{}{}{}",
                        kind_letter(moved),
                        square_name(real(from)),
                        if c.cell(to) != 0 { 'x' } else { '-' },
                        square_name(real(to)),
                        if moved != kind { "+" } else { "" }
                    )
                }
            };
            moves.push(Move::new(label, if flip { after.flipped() } else { after }));
        });
        moves
    }

    #[inline]
    fn successors(&self, pos: &DobutsuPos, out: &mut Vec<DobutsuPos>) {
        if pos.gote_to_move() {
            for_each_sente_move(pos.flipped(), |_, _, after| out.push(after.flipped()));
        } else {
            for_each_sente_move(*pos, |_, _, after| out.push(after));
        }
    }

    #[inline]
    fn terminal(&self, pos: &DobutsuPos) -> Option<Outcome> {
        fast::sente_terminal(pos.sente_view().0).map(|v| Outcome::new(v, TERMINAL_REMOTENESS))
    }

    fn notation(&self) -> Option<&dyn Notation<DobutsuPos>> {
        Some(self)
    }

    fn drawing(&self) -> Option<&dyn Draw<DobutsuPos>> {
        Some(self)
    }

    fn backward(&self) -> Option<&dyn Backward<DobutsuPos>> {
        Some(self)
    }
}

impl Notation<DobutsuPos> for Dobutsu {
    fn format(&self, pos: &DobutsuPos) -> String {
        format_position(*pos)
    }

    fn parse(&self, text: &str) -> Result<DobutsuPos, ParseError> {
        parse_position(text)
    }
}

impl Draw<DobutsuPos> for Dobutsu {
    fn svg(&self, pos: &DobutsuPos) -> Option<String> {
        Some(draw(*pos))
    }
}

impl Backward<DobutsuPos> for Dobutsu {
    fn predecessors(&self, pos: &DobutsuPos, out: &mut Vec<DobutsuPos>) {
        if pos.gote_to_move() {
            let first = out.len();
            sente_predecessors(pos.flipped(), out);
            for p in &mut out[first..] {
                *p = p.flipped();
            }
        } else {
            sente_predecessors(*pos, out);
        }
    }
}

fn format_position(pos: DobutsuPos) -> String {
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

fn parse_position(text: &str) -> Result<DobutsuPos, ParseError> {
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
fn check_material(pos: DobutsuPos) -> Result<(), ParseError> {
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
// The index.
//
// A canonical position (Sente to move) is numbered by mixed radix, most significant first:
//   block: how many giraffes, elephants and chicks are on the board (kG, kE, kC, each 0..=2)
//          and how many of the rest are in Sente's hand (the others are in Gote's): one of 216
//          blocks, each with its offset;
//   lions: Sente's lion square a and Gote's b != a: a * 11 + (b - (b > a)), 132 values;
//   squares: which of the other 10 squares hold a piece: rank among the C(10, k) sets (k =
//          kG + kE + kC);
//   kinds: the kinds (giraffe, elephant, chick) of those pieces in square order: rank among the
//          k! / (kG! kE! kC!) arrangements;
//   owners: one bit per piece (Gote = 1), k bits;
//   promotions: one bit per chick (hen = 1), kC bits.
// Every slot is a position: the index is perfect.
// ---------------------------------------------------------------------------------------------

/// Slots of the index.
pub const INDEX_SIZE: u64 = 1_567_925_964;
/// Positions reachable from the start under Tanaka's conventions (Tanaka 2009).
pub const REACHABLE: u64 = 246_803_167;

struct IndexTables {
    /// Rank of a 10-bit set among the sets of the same size (colexicographic).
    set_rank: [u16; 1024],
    /// Sets of each size, by rank.
    set_unrank: Vec<Vec<u16>>,
    /// Rank of a kind sequence of length k (at `k * 729 + code`, the code in base 3, digit i
    /// the kind of the i-th piece: 0 giraffe, 1 elephant, 2 chick) among the sequences with the
    /// same counts.
    kinds_rank: Vec<u16>,
    /// Kind sequences by counts (kG, kE, kC) and rank.
    kinds_unrank: Vec<Vec<u16>>,
    /// Blocks by (kG, kE, kC, sG, sE, sC): offset and the size of one lion pair's part.
    blocks: Vec<Block>,
    /// Block number of (kG, kE, kC, sG, sE, sC), each digit base 3.
    #[cfg(test)]
    block_of: [u16; 729],
}

#[derive(Copy, Clone, Debug)]
struct Block {
    offset: u64,
    counts: [u8; 3],
    sente: [u8; 3],
    /// Radix of the kinds digit.
    kinds: u64,
    /// Positions per lion pair: sets * kinds * 2^(k + kC).
    per_lions: u64,
}

fn counts_code(c: [u8; 3]) -> usize {
    (c[0] as usize * 3 + c[1] as usize) * 3 + c[2] as usize
}

fn index_tables() -> &'static IndexTables {
    static TABLES: std::sync::OnceLock<IndexTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        // The sets of the 10 squares in the combinatorial number system, tabulated.
        let set_rank = std::array::from_fn(|m| subset::rank_set(m as u64) as u16);
        let set_unrank: Vec<Vec<u16>> = (0..=10u32)
            .map(|k| {
                (0..subset::binomial(10, k as u64)).map(|r| subset::unrank_set(r, k, 10) as u16).collect()
            })
            .collect();
        let mut kinds_rank = vec![0u16; 7 * 729];
        let mut kinds_unrank = vec![Vec::new(); 27];
        // Sequences of every length up to 6, in increasing code order within each length.
        for len in 0..=6u32 {
            for code in 0..3u16.pow(len) {
                let mut counts = [0u8; 3];
                let mut c = code;
                for _ in 0..len {
                    counts[(c % 3) as usize] += 1;
                    c /= 3;
                }
                if counts.iter().any(|&n| n > 2) {
                    continue;
                }
                let class = &mut kinds_unrank[counts_code(counts)];
                kinds_rank[len as usize * 729 + code as usize] = class.len() as u16;
                class.push(code);
            }
        }
        let mut blocks = Vec::new();
        let mut block_of = [u16::MAX; 729];
        let mut offset = 0u64;
        for code in 0..27 {
            let counts = [(code / 9) as u8, (code / 3 % 3) as u8, (code % 3) as u8];
            let k = counts.iter().map(|&n| n as u32).sum::<u32>();
            let sets = set_unrank[k as usize].len() as u64;
            let kinds = kinds_unrank[code].len() as u64;
            let per_lions = (sets * kinds) << (k + counts[2] as u32);
            for s_code in 0..27 {
                let sente = [(s_code / 9) as u8, (s_code / 3 % 3) as u8, (s_code % 3) as u8];
                if (0..3).any(|i| counts[i] + sente[i] > 2) {
                    continue;
                }
                block_of[code * 27 + s_code] = blocks.len() as u16;
                blocks.push(Block { offset, counts, sente, kinds, per_lions });
                offset += 132 * per_lions;
            }
        }
        assert_eq!(offset, INDEX_SIZE);
        #[cfg(not(test))]
        let _ = block_of;
        IndexTables {
            set_rank,
            set_unrank,
            kinds_rank,
            kinds_unrank,
            blocks,
            #[cfg(test)]
            block_of,
        }
    })
}

/// The slot of a position with Sente to move (the reference for `fast::rank`).
#[cfg(test)]
fn rank_sente(c: DobutsuPos) -> u64 {
    let t = index_tables();
    let mut sente_lion = 0;
    let mut gote_lion = 0;
    let mut set = 0u32;
    let mut kinds = 0u32;
    let mut kinds_mul = 1u32;
    let mut owners = 0u64;
    let mut promotions = 0u64;
    let mut counts = [0u8; 3];
    let mut k = 0u32;
    let mut chicks = 0u32;
    let mut free = 0u32;
    for sq in 0..12 {
        let cell = c.cell(sq);
        match cell & 7 {
            0 => free += 1,
            LION => {
                if cell & GOTE == 0 {
                    sente_lion = sq;
                } else {
                    gote_lion = sq;
                }
            }
            kind => {
                let h = hand_index(kind);
                counts[h] += 1;
                set |= 1 << free;
                free += 1;
                kinds += h as u32 * kinds_mul;
                kinds_mul *= 3;
                owners |= (cell >> 3) << k;
                k += 1;
                if h == 2 {
                    promotions |= ((kind == HEN) as u64) << chicks;
                    chicks += 1;
                }
            }
        }
    }
    let sente = [c.hand(false, 0) as u8, c.hand(false, 1) as u8, c.hand(false, 2) as u8];
    let block = &t.blocks[t.block_of[counts_code(counts) * 27 + counts_code(sente)] as usize];
    let lions = sente_lion * 11 + gote_lion - (gote_lion > sente_lion) as usize;
    let kinds_rank = t.kinds_rank[k as usize * 729 + kinds as usize] as u64;
    let inner = (t.set_rank[set as usize] as u64 * block.kinds + kinds_rank) << (k + chicks)
        | owners << chicks
        | promotions;
    block.offset + lions as u64 * block.per_lions + inner
}

/// The position with Sente to move in slot `index` (`index < INDEX_SIZE`; the reference for
/// `fast::unrank`).
#[cfg(test)]
fn unrank_sente(index: u64) -> DobutsuPos {
    let t = index_tables();
    let b = t.blocks.partition_point(|b| b.offset <= index) - 1;
    let block = &t.blocks[b];
    let rest = index - block.offset;
    let lions = (rest / block.per_lions) as usize;
    let mut inner = rest % block.per_lions;
    let counts = block.counts;
    let chicks = counts[2] as u32;
    let k = counts.iter().map(|&n| n as u32).sum::<u32>();
    let promotions = inner & ((1 << chicks) - 1);
    inner >>= chicks;
    let owners = inner & ((1 << k) - 1);
    inner >>= k;
    let set = t.set_unrank[k as usize][(inner / block.kinds) as usize];
    let mut kinds = t.kinds_unrank[counts_code(counts)][(inner % block.kinds) as usize] as u32;
    let sente_lion = lions / 11;
    let mut gote_lion = lions % 11;
    if gote_lion >= sente_lion {
        gote_lion += 1;
    }
    let mut x = LION << (4 * sente_lion) | (GOTE | LION) << (4 * gote_lion);
    let mut free = 0u32;
    let mut piece = 0u32;
    let mut chick = 0u32;
    for sq in 0..12 {
        if sq == sente_lion || sq == gote_lion {
            continue;
        }
        if set >> free & 1 != 0 {
            let h = kinds % 3;
            kinds /= 3;
            let mut kind = HAND_KINDS[h as usize];
            if h == 2 {
                if promotions >> chick & 1 != 0 {
                    kind = HEN;
                }
                chick += 1;
            }
            let owner = (owners >> piece & 1) << 3;
            x |= (owner | kind) << (4 * sq);
            piece += 1;
        }
        free += 1;
    }
    for (h, (&on_board, &sente)) in counts.iter().zip(&block.sente).enumerate() {
        x |= (sente as u64) << (SENTE_HAND + 2 * h as u32);
        x |= ((2 - on_board - sente) as u64) << (GOTE_HAND + 2 * h as u32);
    }
    DobutsuPos(x)
}

/// `Indexed::for_each_predecessor` from a fast lister of the predecessors of the canonical
/// position `c` with their slots and canonical positions (into a buffer kept per thread).
fn each_predecessor(list: fn(u64, &mut Vec<(u64, u64)>), c: u64, mut f: impl FnMut(u64, &DobutsuPos)) {
    thread_local! {
        static BUFFER: std::cell::Cell<Vec<(u64, u64)>> = const { std::cell::Cell::new(Vec::new()) };
    }
    let mut out = BUFFER.take();
    out.clear();
    list(c, &mut out);
    for &(slot, x) in &out {
        f(slot, &DobutsuPos(x));
    }
    BUFFER.set(out);
}

impl Indexed for Dobutsu {
    fn size(&self) -> u64 {
        INDEX_SIZE
    }

    #[inline]
    fn rank(&self, pos: &DobutsuPos) -> u64 {
        fast::rank(pos.canonical().0)
    }

    /// Slots of positions that are not the representative of their mirror pair are holes.
    #[inline]
    fn unrank(&self, index: u64) -> Option<DobutsuPos> {
        if index >= INDEX_SIZE {
            return None;
        }
        let p = DobutsuPos(fast::unrank(index));
        (p.mirrored().0 >= p.0).then_some(p)
    }

    fn successor_slots(&self, pos: &DobutsuPos, out: &mut Vec<(u64, bool)>) {
        fast::successor_slots(pos.sente_view().0, out);
    }

    fn move_classes(&self, pos: &DobutsuPos) -> nimber_engine::MoveClasses {
        fast::move_classes(pos.canonical().0)
    }

    fn predecessor_slots(&self, pos: &DobutsuPos, out: &mut Vec<u64>) {
        fast::predecessor_slots(pos.canonical().0, out);
    }

    fn for_each_predecessor<F: FnMut(u64, &DobutsuPos)>(&self, pos: &DobutsuPos, f: F) {
        each_predecessor(fast::predecessors, pos.canonical().0, f);
    }

    fn canonical(&self, pos: &DobutsuPos) -> DobutsuPos {
        pos.canonical()
    }

    fn index_scheme(&self) -> String {
        // v2: finished positions are won or lost in 1 (TERMINAL_REMOTENESS); the solutions and
        // checkpoints of v1 counted them in 0, every remoteness one less.
        "dobutsu-sente-to-move-mirror-v2".to_string()
    }

    fn reachable_hint(&self) -> Option<u64> {
        Some(REACHABLE)
    }
}

// ---------------------------------------------------------------------------------------------
// The live index: the positions with Sente to move in which the game goes on, numbered as in the
// index above but with only the lion pairs that such a position can have, for the lean solver
// (`nimber_engine::table::lean`), which keeps two bits per slot and needs no reachable set.
//
// A live position has Sente's lion off the far rank (there, with Sente to move, Sente has won
// already), Gote's lion off Sente's home rank (there the game is over: Sente captures it or has
// lost) and not next to Sente's lion (Sente would capture it). Of the mirror images, the one
// with Sente's lion on file a or b is kept, and when Sente's lion is on file b, the one with
// Gote's lion on file a or b: 21 lion pairs instead of 132, so 249,442,767 slots (the size of
// clausecker's tablebase, whose index admits the same positions). The holes: the larger mirror
// image when both lions are on file b, and the positions in which another piece of Sente's
// attacks Gote's lion (over: Sente captures it).
// ---------------------------------------------------------------------------------------------

/// Slots of the live index.
pub const LIVE_SIZE: u64 = 249_442_767;

/// The lion pairs `(sente, gote)` of the live index, in digit order.
pub(crate) fn live_lion_pairs() -> Vec<(u8, u8)> {
    let mut pairs = Vec::new();
    for sente in 3..12u8 {
        for gote in 0..9u8 {
            let (sr, sf, gr, gf) = (sente / 3, sente % 3, gote / 3, gote % 3);
            let adjacent = sr.abs_diff(gr) <= 1 && sf.abs_diff(gf) <= 1;
            if !adjacent && sf <= 1 && (sf == 0 || gf <= 1) {
                pairs.push((sente, gote));
            }
        }
    }
    pairs
}

/// Dōbutsu shōgi with the live index ([`LIVE_SIZE`] slots), for the lean solver: the same
/// rules as [`Dobutsu`]; only the positions in which the game goes on have slots (terminal
/// positions are left to the rules, and the positions in which the player to move has won
/// already, out of play, have none).
#[derive(Clone, Debug, Default)]
pub struct DobutsuLive;

impl DobutsuLive {
    /// Whether `pos` has a slot: the game goes on, and the player to move has not won already
    /// (their lion is not on the far rank).
    pub fn is_live(pos: &DobutsuPos) -> bool {
        let c = pos.sente_view();
        Dobutsu.terminal(&c).is_none() && (0..3).all(|sq| c.cell(sq) != LION)
    }
}

impl Game for DobutsuLive {
    type Position = DobutsuPos;

    fn kind(&self) -> Kind {
        Game::kind(&Dobutsu)
    }

    fn start(&self) -> DobutsuPos {
        Dobutsu.start()
    }

    fn moves(&self, pos: &DobutsuPos) -> Vec<Move<DobutsuPos>> {
        Dobutsu.moves(pos)
    }

    #[inline]
    fn successors(&self, pos: &DobutsuPos, out: &mut Vec<DobutsuPos>) {
        Dobutsu.successors(pos, out)
    }

    #[inline]
    fn terminal(&self, pos: &DobutsuPos) -> Option<Outcome> {
        Dobutsu.terminal(pos)
    }

    fn notation(&self) -> Option<&dyn Notation<DobutsuPos>> {
        Some(&Dobutsu)
    }

    fn drawing(&self) -> Option<&dyn Draw<DobutsuPos>> {
        Some(&Dobutsu)
    }

    fn backward(&self) -> Option<&dyn Backward<DobutsuPos>> {
        Some(&Dobutsu)
    }
}

impl Indexed for DobutsuLive {
    fn size(&self) -> u64 {
        LIVE_SIZE
    }

    /// The slot of a live position ([`DobutsuLive::is_live`]); other positions have none, and
    /// their rank is not a slot of theirs.
    #[inline]
    fn rank(&self, pos: &DobutsuPos) -> u64 {
        fast::rank_live(pos.sente_view().0)
    }

    /// The mirror image that is not the representative, and the positions in which Sente can
    /// capture Gote's lion, are holes.
    #[inline]
    fn unrank(&self, index: u64) -> Option<DobutsuPos> {
        if index >= LIVE_SIZE {
            return None;
        }
        let x = fast::unrank_live(index);
        (fast::live_canonical(x) == x && fast::sente_terminal(x).is_none()).then_some(DobutsuPos(x))
    }

    /// Terminal positions have no slot ([`DobutsuLive::is_live`]).
    fn slots_may_be_terminal(&self) -> bool {
        false
    }

    /// Without the checks of `unrank` (canonical, not over).
    #[inline]
    fn unrank_position(&self, index: u64) -> Option<DobutsuPos> {
        (index < LIVE_SIZE).then(|| DobutsuPos(fast::unrank_live(index)))
    }

    fn all_children<F: FnMut(Child) -> bool>(&self, pos: &DobutsuPos, mut f: F) -> bool {
        fast::live_children(pos.sente_view().0, &mut f)
    }

    /// The key of a move is the position moved to, turned around (Sente to move).
    fn child_keys(&self, pos: &DobutsuPos, keys: &mut Vec<u64>, ends: &mut Vec<Outcome>) {
        fast::live_child_keys(pos.sente_view().0, keys, ends)
    }

    #[inline]
    fn slot_of_key(&self, key: u64) -> u64 {
        fast::rank_live(key)
    }

    /// Counted on the bitboards, no move listed.
    #[inline]
    fn child_ends(&self, pos: &DobutsuPos) -> ChildEnds {
        fast::child_end_counts(pos.sente_view().0)
    }

    fn for_each_child_end<F: FnMut(Option<Outcome>)>(&self, pos: &DobutsuPos, mut f: F) {
        fast::child_ends(pos.sente_view().0, &mut f)
    }

    fn predecessor_slots(&self, pos: &DobutsuPos, out: &mut Vec<u64>) {
        fast::live_predecessor_slots(fast::live_canonical(pos.sente_view().0), out);
    }

    fn for_each_predecessor<F: FnMut(u64, &DobutsuPos)>(&self, pos: &DobutsuPos, f: F) {
        each_predecessor(fast::live_predecessors, fast::live_canonical(pos.sente_view().0), f);
    }

    fn canonical(&self, pos: &DobutsuPos) -> DobutsuPos {
        DobutsuPos(fast::live_canonical(pos.sente_view().0))
    }

    fn index_scheme(&self) -> String {
        "dobutsu-live-v1".to_string()
    }

    fn partial(&self) -> bool {
        true
    }

    fn has_slot(&self, pos: &DobutsuPos) -> bool {
        DobutsuLive::is_live(pos)
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

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::index::{check_bijection, check_predecessors, children_by_rank};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn pos(text: &str) -> DobutsuPos {
        Dobutsu.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Positions met on random games from the start (each game stops at a finished position).
    fn random_positions(seed: u64, games: usize) -> Vec<DobutsuPos> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut out = Vec::new();
        let mut succ = Vec::new();
        for _ in 0..games {
            let mut p = DobutsuPos::START;
            for _ in 0..rng.gen_range(1..200) {
                out.push(p);
                if Dobutsu.terminal(&p).is_some() {
                    break;
                }
                succ.clear();
                Dobutsu.successors(&p, &mut succ);
                p = succ[rng.gen_range(0..succ.len())];
            }
        }
        out
    }

    #[test]
    fn start_and_notation() {
        let game = Dobutsu;
        assert_eq!(game.format(&game.start()), "gle/.c./.C./ELG b -");
        assert_eq!(pos("gle/1c1/1C1/ELG b -"), game.start());
        assert_eq!(pos("  gle/.c./.C./ELG   b   - "), game.start());
        let labels: Vec<String> = game.moves(&game.start()).into_iter().map(|m| m.label).collect();
        // Sente's chick takes Gote's chick, the lion steps to a3 or c3, the giraffe to c3; the
        // elephant's only diagonal holds the chick.
        assert_eq!(labels, ["Cb3xb2", "Lb4-a3", "Lb4-c3", "Gc4-c3"]);
        let after = game.moves(&game.start()).remove(0).to;
        assert_eq!(game.format(&after), "gle/.C./.../ELG w C");
        // Gote's replies are labelled on the real board.
        let replies: Vec<String> = game.moves(&after).into_iter().map(|m| m.label).collect();
        assert!(replies.contains(&"Lb1xb2".to_string()), "{replies:?}");
        assert!(replies.contains(&"Ec1xb2".to_string()), "{replies:?}");
        for p in random_positions(1, 300) {
            let text = game.format(&p);
            assert_eq!(pos(&text), p, "{text}");
        }
    }

    #[test]
    fn bad_notation() {
        let err = |t: &str| Dobutsu.parse(t).unwrap_err();
        assert_eq!(err("gle/.c./.C./ELX b -").column, Some(15));
        assert_eq!(err("gle/.c./.C./EL b -").column, Some(15));
        assert_eq!(err("gle/.c./.C./ELG x -").column, Some(17));
        assert_eq!(err("gle/.c./.C./ELG b").column, Some(18));
        assert_eq!(err("gle/.c./.C./ELG b L").column, Some(19));
        assert!(err("gle/.c./.../ELG b -").message.contains("chicks"));
        assert!(err("gl./.c./.C./ELG b -").message.contains("elephants"));
        assert!(err("gle/.c./.C./E.G b -").message.contains("Sente has 0 lions"));
        assert!(Dobutsu.parse("gle/.c./.../ELG w C").is_ok());
        assert_eq!(err("gle/.c.//.C./ELG b -").column, Some(9));
        assert_eq!(err("gle/.c./.C./ELGL b -").column, Some(16));
    }

    #[test]
    fn flip_is_an_involution() {
        for p in random_positions(2, 200) {
            assert_eq!(p.flipped().flipped(), p);
            assert_eq!(p.mirrored().mirrored(), p);
            assert_eq!(Dobutsu.terminal(&p), Dobutsu.terminal(&p.mirrored()));
            assert_ne!(p.flipped().gote_to_move(), p.gote_to_move());
            assert_eq!(Dobutsu.terminal(&p), Dobutsu.terminal(&p.flipped()));
        }
        // The start turned around is the start with Gote to move.
        assert_eq!(Dobutsu.format(&DobutsuPos::START.flipped()), "gle/.c./.C./ELG w -");
        assert_eq!(Dobutsu.format(&DobutsuPos::START.mirrored()), "elg/.c./.C./GLE b -");
        assert_eq!(Dobutsu.format(&pos("gle/.c./C../ELG w -").mirrored()), "elg/.c./..C/GLE w -");
    }

    #[test]
    fn finished_positions() {
        let game = Dobutsu;
        // Sente's giraffe next to Gote's lion: Sente captures it.
        // (Won and lost in 1: the capture, or the reply that cannot stop the try.)
        let (win, lose) = (Some(Outcome::new(Value::Win, 1)), Some(Outcome::new(Value::Lose, 1)));
        assert_eq!(game.terminal(&pos("g.e/lG./.c./EL. b C")), win);
        // Gote's lion on Sente's home rank, out of reach: Gote's try has succeeded.
        assert_eq!(game.terminal(&pos("g.e/.c./L../..l b GCe")), lose);
        // Gote to move, Sente's lion on Gote's home rank out of reach: Gote has lost.
        assert_eq!(game.terminal(&pos("..L/.C./l../EGE w cg")), lose);
        // Unless Gote can capture it.
        assert_eq!(game.terminal(&pos(".lL/.C./.../EGE w cg")), win);
        assert_eq!(game.terminal(&game.start()), None);
    }

    #[test]
    fn index_is_a_bijection() {
        let game = Dobutsu;
        let positions = random_positions(3, 400);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut slots: Vec<u64> = (0..20_000).map(|_| rng.gen_range(0..INDEX_SIZE)).collect();
        slots.extend([0, 1, INDEX_SIZE - 1]);
        slots.extend(index_tables().blocks.iter().flat_map(|b| [b.offset, b.offset.max(1) - 1]));
        let holes = check_bijection(&game, positions.iter().copied(), slots.iter().copied());
        // A little under half the slots are the larger of two mirror images.
        assert!(holes > slots.len() as u64 * 45 / 100 && holes < slots.len() as u64 / 2, "{holes} holes");
        assert_eq!(game.rank(&game.start()), game.rank(&DobutsuPos::START.flipped()));
        eprintln!("dobutsu index: {} positions and {} slots checked", positions.len(), slots.len());
    }

    /// Positions of every kind: met in random games, arbitrary arrangements with either player
    /// to move, and symmetric ones (equal to their mirror image).
    #[test]
    fn live_index_is_a_bijection_on_live_positions() {
        assert_eq!(live_lion_pairs().len(), 21);
        let game = DobutsuLive;
        // Live positions: of random games, and arbitrary arrangements, either player to move.
        let mut positions: Vec<DobutsuPos> =
            mixed_positions(11).into_iter().filter(DobutsuLive::is_live).collect();
        positions.extend(random_positions(12, 100).into_iter().filter(DobutsuLive::is_live));
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut slots: Vec<u64> = (0..40_000).map(|_| rng.gen_range(0..LIVE_SIZE)).collect();
        slots.extend([0, 1, LIVE_SIZE - 1]);
        let holes = check_bijection(&game, positions.iter().copied(), slots.iter().copied());
        // Every slot that is not a hole holds a live position; the holes are the positions in
        // which Sente captures Gote's lion, and the other mirror image when both lions are on
        // file b.
        let mut captures = 0;
        for &slot in &slots {
            let x = fast::unrank_live(slot);
            match game.unrank(slot) {
                Some(p) => assert!(DobutsuLive::is_live(&p), "slot {slot}: {p:?}"),
                None => {
                    let p = DobutsuPos(x);
                    let over = Dobutsu.terminal(&p) == Some(Outcome::new(Value::Win, TERMINAL_REMOTENESS));
                    captures += over as u64;
                    assert!(over || fast::live_canonical(x) != x, "slot {slot}: {p:?}");
                }
            }
        }
        // About half the slots: the material often lets one of Sente's pieces reach the lion.
        let n = slots.len() as u64;
        assert!(holes > n * 45 / 100 && holes < n * 55 / 100, "{holes} holes in {n} slots");
        assert!(captures > holes * 9 / 10, "{captures} captures of {holes} holes");
        eprintln!(
            "dobutsu live index: {} live positions and {} slots checked, {holes} holes ({captures} captures)",
            positions.len(),
            slots.len()
        );
        assert!(positions.len() > 4_000);
    }

    #[test]
    fn live_predecessors_are_the_live_ones() {
        let game = DobutsuLive;
        let mut positions: Vec<DobutsuPos> =
            random_positions(14, 150).into_iter().filter(DobutsuLive::is_live).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(15);
        while positions.len() < 3_000 {
            let p = unrank_sente(rng.gen_range(0..INDEX_SIZE));
            if DobutsuLive::is_live(&p) {
                positions.push(if rng.gen() { p.flipped() } else { p });
            }
        }
        let (mut preds, mut checked) = (Vec::new(), 0);
        for p in &positions {
            // The reference: every predecessor, the live ones ranked, each class once.
            preds.clear();
            Dobutsu.predecessors(p, &mut preds);
            let mut want: Vec<u64> =
                preds.iter().filter(|q| DobutsuLive::is_live(q)).map(|q| game.rank(q)).collect();
            want.sort_unstable();
            want.dedup();
            let mut got = Vec::new();
            game.predecessor_slots(p, &mut got);
            got.sort_unstable();
            assert_eq!(got, want, "{p:?}");
            // With their positions, as the lean solver's search for losses takes them.
            let mut with = Vec::new();
            game.for_each_predecessor(p, |slot, q| {
                assert_eq!(game.unrank(slot).as_ref(), Some(q), "{p:?}: slot {slot}");
                with.push(slot);
            });
            with.sort_unstable();
            assert_eq!(with, want, "{p:?}");
            // Every live predecessor has a move into the class of `p`.
            for q in preds.iter().filter(|q| DobutsuLive::is_live(q)) {
                let mut succ = Vec::new();
                Dobutsu.successors(q, &mut succ);
                assert!(succ.iter().any(|c| game.canonical(c) == game.canonical(p)));
            }
            checked += want.len();
            // The moves as the lean solver examines them, against the reference.
            let collect = |fast: bool| {
                let mut v = Vec::new();
                let push = |c: Child| {
                    v.push(c);
                    true
                };
                if fast {
                    game.all_children(p, push);
                } else {
                    children_by_rank(&game, p, push);
                }
                v.sort_by_key(|c| format!("{c:?}"));
                v
            };
            let reference = collect(false);
            assert_eq!(collect(true), reference, "{p:?}");
            // Listed with keys, ranked one by one.
            let (mut keys, mut terminal) = (Vec::new(), Vec::new());
            game.child_keys(p, &mut keys, &mut terminal);
            let mut keyed: Vec<Child> = terminal.into_iter().map(Child::Terminal).collect();
            keyed.extend(keys.iter().map(|&k| Child::Slot(game.slot_of_key(k))));
            keyed.sort_by_key(|c| format!("{c:?}"));
            assert_eq!(keyed, reference, "{p:?}");
            assert_eq!(game.child_ends(p), ChildEnds::of_successors(&Dobutsu, p), "{p:?}");
            let mut ends = Vec::new();
            game.for_each_child_end(p, |e| ends.push(e));
            let mut succ = Vec::new();
            Dobutsu.successors(p, &mut succ);
            let want: Vec<_> = succ.iter().map(|c| Dobutsu.terminal(c)).collect();
            assert_eq!(ends, want, "{p:?}");
        }
        eprintln!("dobutsu live predecessors: {} positions, {checked} predecessor classes", positions.len());
        assert!(checked > 10_000);
    }

    /// The counted ends of the moves ([`Indexed::child_ends`]) and the moves listed for the search
    /// for losses ([`Indexed::child_keys`]) against the moves themselves, on live positions of
    /// every kind, each kind of end met many times.
    #[test]
    fn live_child_ends_count_the_moves() {
        let game = DobutsuLive;
        let mut rng = ChaCha8Rng::seed_from_u64(16);
        let (mut checked, mut tries, mut all_won, mut some_won, mut none) = (0, 0, 0, 0, 0);
        while checked < 100_000 {
            let p = unrank_sente(rng.gen_range(0..INDEX_SIZE));
            let p = if rng.gen() { p.flipped() } else { p };
            if !DobutsuLive::is_live(&p) {
                continue;
            }
            let ends = game.child_ends(&p);
            assert_eq!(ends, ChildEnds::of_successors(&Dobutsu, &p), "{p:?}");
            // The moves listed for the search for losses, their ends apart.
            let (mut keys, mut terminal) = (Vec::new(), Vec::new());
            game.child_keys(&p, &mut keys, &mut terminal);
            let mut listed: Vec<Child> = terminal.into_iter().map(Child::Terminal).collect();
            listed.extend(keys.iter().map(|&k| Child::Slot(game.slot_of_key(k))));
            let mut reference = Vec::new();
            children_by_rank(&game, &p, |c| {
                reference.push(c);
                true
            });
            let key = |c: &Child| format!("{c:?}");
            listed.sort_by_key(key);
            reference.sort_by_key(key);
            assert_eq!(listed, reference, "{p:?}");
            checked += 1;
            tries += ends.lost_min.is_some() as u32;
            all_won += ends.all_won() as u32;
            some_won += (ends.into_won > 0 && !ends.all_won()) as u32;
            none += (ends.into_won == 0 && ends.lost_min.is_none()) as u32;
        }
        eprintln!(
            "dobutsu live child ends: {checked} positions: {tries} with a try, {all_won} with every move \
             lost at once, {some_won} with some, {none} with no move ending the game"
        );
        assert!(tries > 1000 && all_won > 1000 && some_won > 1000 && none > 1000);
    }

    fn mixed_positions(seed: u64) -> Vec<DobutsuPos> {
        let mut positions = random_positions(seed, 300);
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 1);
        while positions.len() < 20_000 {
            let p = unrank_sente(rng.gen_range(0..INDEX_SIZE));
            positions.push(if rng.gen() { p.flipped() } else { p });
            positions.push(random_symmetric(&mut rng));
        }
        positions
    }

    /// A random position equal to its mirror image: lions on file b, the other pieces in pairs
    /// on mirror squares of files a and c, or on file b, or in hand.
    fn random_symmetric(rng: &mut ChaCha8Rng) -> DobutsuPos {
        let mut x = 0u64;
        let mut free: Vec<usize> = (0..12).collect();
        let mut take = |x: &mut u64, sq: usize, cell: u64| {
            *x |= cell << (4 * sq);
            free.retain(|&s| s != sq);
        };
        let mut file_b = vec![1usize, 4, 7, 10];
        let sl = file_b.remove(rng.gen_range(0..4));
        let gl = file_b.remove(rng.gen_range(0..3));
        take(&mut x, sl, LION);
        take(&mut x, gl, GOTE | LION);
        let mut pos = DobutsuPos(x);
        for (h, &kind) in HAND_KINDS.iter().enumerate() {
            let owner = if rng.gen() { GOTE } else { 0 };
            let k = if kind == CHICK && rng.gen() { HEN } else { kind };
            let pairs: Vec<usize> =
                [0usize, 3, 6, 9].into_iter().filter(|&a| pos.cell(a) == 0 && pos.cell(a + 2) == 0).collect();
            if rng.gen_range(0..3) == 0 && !pairs.is_empty() {
                let a = pairs[rng.gen_range(0..pairs.len())];
                pos = pos.with_cell(a, owner | k).with_cell(a + 2, owner | k);
                continue;
            }
            for _ in 0..2 {
                let empty_b: Vec<usize> =
                    [1usize, 4, 7, 10].into_iter().filter(|&b| pos.cell(b) == 0).collect();
                if rng.gen() && !empty_b.is_empty() {
                    let owner = if rng.gen() { GOTE } else { 0 };
                    let k = if kind == CHICK && rng.gen() { HEN } else { kind };
                    pos = pos.with_cell(empty_b[rng.gen_range(0..empty_b.len())], owner | k);
                } else {
                    pos = pos.add_hand(rng.gen(), h, 1);
                }
            }
        }
        if rng.gen() {
            pos = DobutsuPos(pos.0 | GOTE_TO_MOVE);
        }
        assert_eq!(pos.mirrored(), pos);
        assert!(Dobutsu.parse(&Dobutsu.format(&pos)).is_ok(), "{pos:?}");
        pos
    }

    #[test]
    fn fast_index_agrees_with_reference() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut slots: Vec<u64> = (0..200_000).map(|_| rng.gen_range(0..INDEX_SIZE)).collect();
        slots.extend(index_tables().blocks.iter().flat_map(|b| [b.offset, b.offset.max(1) - 1]));
        slots.push(INDEX_SIZE - 1);
        for slot in slots {
            let p = unrank_sente(slot);
            assert_eq!(fast::unrank(slot), p.0, "unrank {slot}");
            assert_eq!(fast::rank(p.0), slot, "rank {p:?}");
        }
        for p in mixed_positions(12) {
            let c = p.canonical();
            assert_eq!(fast::rank(c.0), rank_sente(c), "{p:?}");
            assert_eq!(Dobutsu.terminal(&p).map(|o| o.value()), sente_terminal(p.sente_view()), "{p:?}");
        }
    }

    #[test]
    fn fast_moves_agree_with_reference() {
        let positions = mixed_positions(13);
        let symmetric = positions.iter().filter(|p| p.canonical().mirrored() == p.canonical()).count();
        let checked = nimber_engine::index::check_slot_methods(&Dobutsu, positions.iter().copied());
        let symmetric_open = nimber_engine::index::check_slot_methods(
            &Dobutsu,
            positions.iter().copied().filter(|p| p.canonical().mirrored() == p.canonical()),
        );
        eprintln!(
            "dobutsu slot methods: {} positions ({symmetric} symmetric), {checked} not terminal \
             ({symmetric_open} symmetric)",
            positions.len()
        );
        assert!(checked > 3000 && symmetric_open > 1000, "{checked} {symmetric_open}");
    }

    #[test]
    fn predecessors_invert_moves() {
        let game = Dobutsu;
        let mut positions = random_positions(5, 150);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        // Arbitrary arrangements too, with either player to move.
        for _ in 0..1500 {
            let p = unrank_sente(rng.gen_range(0..INDEX_SIZE));
            positions.push(if rng.gen() { p.flipped() } else { p });
        }
        let checked = check_predecessors(&game, positions.iter().copied());
        eprintln!("dobutsu predecessors: {} positions, {checked} moves checked both ways", positions.len());
        assert!(checked > 10_000);
    }
}
