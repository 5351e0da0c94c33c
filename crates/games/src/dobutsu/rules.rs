//! The rules: the moves of a position (steps of each kind, captures, promotions, drops) and
//! their inverse (the predecessors), on the form with Sente to move, as the game [`Dobutsu`]
//! plays them. The end of the game ([`Game::terminal`]) is decided on the bitboards of
//! `fast.rs`; `reference.rs` keeps its plain version for the tests.

use nimber_engine::{Backward, Capabilities, Game, Kind, Move, Notation, Outcome, ParseError};

use super::fast;
use super::notation::{format_position, kind_letter, parse_position, square_name};
use super::position::{
    hand_index, DobutsuPos, CHICK, ELEPHANT, GIRAFFE, GOTE, GOTE_TO_MOVE, HAND_KINDS, HEN, LION,
    TERMINAL_REMOTENESS,
};

/// Dōbutsu shōgi from the start position.
#[derive(Clone, Debug, Default)]
pub struct Dobutsu;

/// Steps of each kind for Sente, as (row, column) offsets; Sente moves up (towards row 0).
pub(super) fn steps(kind: u64) -> &'static [(i32, i32)] {
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
pub(super) struct Tables {
    pub(super) targets: [[u16; 12]; 6],
    pub(super) gote_sources: [[u16; 12]; 6],
}

const fn square(row: i32, col: i32) -> Option<usize> {
    if row >= 0 && row < 4 && col >= 0 && col < 3 {
        Some((row * 3 + col) as usize)
    } else {
        None
    }
}

pub(super) fn tables() -> &'static Tables {
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

    fn capabilities(&self) -> Capabilities<'_, DobutsuPos> {
        Capabilities::none().notation(self).drawing(self).backward(self)
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
