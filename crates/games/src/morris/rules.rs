//! The rules: the game [`Morris`] (Nine Men's Morris, Six and Five Men's Morris, Lasker Morris,
//! Morabaraba: one rule set with its tables), its moves, the end of the game, and the
//! predecessors of a position (moves backward, every phase).

use nimber_engine::{Backward, Capabilities, Error, Game, Kind, Move, Outcome, Value};

use super::board::{Board, Layout};
use super::position::MorrisPos;

/// The variants of the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Nine Men's Morris (9 stones), or Six and Five Men's Morris (6 or 5 stones, the 16-point
    /// board, no flying).
    Standard,
    /// Lasker Morris: 10 stones; a player with stones in hand may place one or move.
    Lasker,
    /// Morabaraba: 12 stones, the diagonals through the corners added.
    Morabaraba,
}

/// Nine Men's Morris or one of its variants (see [`Variant`]).
#[derive(Clone, Debug)]
pub struct Morris {
    pub(crate) board: &'static Board,
    pub(crate) stones: u8,
    pub(crate) variant: Variant,
    /// Whether a player with three stones, none in hand, flies.
    pub(crate) flying: bool,
}

impl Morris {
    /// The standard rules with `stones` stones a side: 9 (Nine Men's Morris, 24 points, flying
    /// with three stones), 6 or 5 (Six and Five Men's Morris, 16 points, no flying).
    pub fn new(stones: u32) -> Result<Morris, Error> {
        let layout = match stones {
            9 => Layout::Nine,
            5 | 6 => Layout::Six,
            _ => return Err(Error::Param(format!("parameter stones={stones}: must be 9, 6 or 5"))),
        };
        Ok(Morris {
            board: Board::of(layout),
            stones: stones as u8,
            variant: Variant::Standard,
            flying: stones == 9,
        })
    }

    /// The rules of a variant: [`Variant::Standard`] is [`Morris::new`]`(9)`.
    pub fn variant(variant: Variant) -> Morris {
        let (layout, stones) = match variant {
            Variant::Standard => (Layout::Nine, 9),
            Variant::Lasker => (Layout::Nine, 10),
            Variant::Morabaraba => (Layout::Morabaraba, 12),
        };
        Morris { board: Board::of(layout), stones, variant, flying: true }
    }

    /// Stones a side.
    pub fn stones(&self) -> u32 {
        u32::from(self.stones)
    }

    /// The variant of the rules.
    pub fn rules(&self) -> Variant {
        self.variant
    }

    /// The number of points of the board (24 or 16).
    pub fn points(&self) -> u32 {
        self.board.points
    }

    /// The name of point `p` (`0..points`, Malom's numbering; see the module `board`).
    pub fn point_name(&self, p: u32) -> &'static str {
        self.board.name(p)
    }

    /// The image of `pos` under symmetry `s` (`0..16`: the square's 8, times the exchange of
    /// the inner and outer rings).
    pub fn image(&self, s: usize, pos: &MorrisPos) -> MorrisPos {
        MorrisPos { white: self.board.apply(s, pos.white), black: self.board.apply(s, pos.black), ..*pos }
    }

    /// Whether the hands can be those of a game: stones on the board and in hand at most the
    /// stones a side, and (unless in Lasker Morris, where placing is optional) the hand of the
    /// side to move equal to the other's or one more (placements alternate; with `white_first`,
    /// White placed first, so the hands are equal exactly when White is to move).
    pub fn hands_possible(&self, pos: &MorrisPos, white_first: bool) -> bool {
        let n = u32::from(self.stones);
        if pos.white.count_ones() + u32::from(pos.white_hand) > n
            || pos.black.count_ones() + u32::from(pos.black_hand) > n
        {
            return false;
        }
        if self.variant == Variant::Lasker {
            return true;
        }
        let (own, opp) = pos.hands();
        if white_first && own != 0 {
            let equal = own == opp;
            return equal == pos.white_to_move && (equal || own == opp + 1);
        }
        own == opp || own == opp + 1
    }

    /// Calls `f(from, to, capture, next)` for every move of `pos`: a placement on `to` (`from`
    /// is `None`) or a move of a stone from `from` to `to`, removing the opponent's stone on
    /// `capture` when it closes a mill.
    #[inline]
    pub(crate) fn for_each_move(
        &self,
        pos: &MorrisPos,
        mut f: impl FnMut(Option<u32>, u32, Option<u32>, MorrisPos),
    ) {
        let b = self.board;
        let (own, opp) = pos.sides();
        let (own_hand, opp_hand) = pos.hands();
        let empty = b.full & !(own | opp);
        let next_white = !pos.white_to_move;
        let mut emit = |from: Option<u32>, to: u32, own2: u32, hand2: u8| {
            if opp != 0 && b.closes_mill(to, own2) {
                let mut rest = b.removable(opp);
                while rest != 0 {
                    let x = rest.trailing_zeros();
                    rest &= rest - 1;
                    f(
                        from,
                        to,
                        Some(x),
                        MorrisPos::from_sides(opp & !(1 << x), own2, opp_hand, hand2, next_white),
                    );
                }
            } else {
                f(from, to, None, MorrisPos::from_sides(opp, own2, opp_hand, hand2, next_white));
            }
        };
        if own_hand > 0 {
            let mut rest = empty;
            while rest != 0 {
                let to = rest.trailing_zeros();
                rest &= rest - 1;
                emit(None, to, own | 1 << to, own_hand - 1);
            }
        }
        if own_hand == 0 || self.variant == Variant::Lasker {
            let flies = self.flying && own_hand == 0 && own.count_ones() == 3;
            let mut stones = own;
            while stones != 0 {
                let from = stones.trailing_zeros();
                stones &= stones - 1;
                let mut targets = if flies { empty } else { b.adjacent[from as usize] & empty };
                let rest = own & !(1 << from);
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    emit(Some(from), to, rest | 1 << to, own_hand);
                }
            }
        }
    }

    /// The label of a move: `d2` (a placement), `a1-a4` (a slide or a fly), with `xb4` appended
    /// when it removes the stone on `b4`.
    pub(crate) fn label(&self, from: Option<u32>, to: u32, capture: Option<u32>) -> String {
        let mut s = String::new();
        if let Some(f) = from {
            s.push_str(self.board.name(f));
            s.push('-');
        }
        s.push_str(self.board.name(to));
        if let Some(x) = capture {
            s.push('x');
            s.push_str(self.board.name(x));
        }
        s
    }

    /// A name of the rules for index schemes and file names: `nine`, `six`, `five`, `lasker`,
    /// `morabaraba`.
    pub fn id_name(&self) -> &'static str {
        match (self.variant, self.stones) {
            (Variant::Lasker, _) => "lasker",
            (Variant::Morabaraba, _) => "morabaraba",
            (Variant::Standard, 9) => "nine",
            (Variant::Standard, 6) => "six",
            _ => "five",
        }
    }

    /// Calls `f` with the predecessors of the mid/endgame position `pos` (both hands empty) in
    /// its own tier: the slides and flies of the side not to move whose stone's destination is in
    /// no mill of that side's (a move that closed a mill removed a stone, and came from a tier
    /// with one stone more).
    #[inline]
    pub fn quiet_predecessors(&self, pos: &MorrisPos, mut f: impl FnMut(MorrisPos)) {
        let b = self.board;
        let (x, y) = pos.sides();
        debug_assert!(pos.white_hand == 0 && pos.black_hand == 0);
        if y.count_ones() < 3 || x.count_ones() < 3 {
            return;
        }
        let empty = b.full & !(x | y);
        let flies = self.flying && y.count_ones() == 3;
        let mut stones = y & !b.in_mills(y);
        while stones != 0 {
            let to = stones.trailing_zeros();
            stones &= stones - 1;
            let rest = y & !(1 << to);
            let mut sources = if flies { empty } else { b.adjacent[to as usize] & empty };
            while sources != 0 {
                let from = sources.trailing_zeros();
                sources &= sources - 1;
                f(MorrisPos::from_sides(rest | 1 << from, x, 0, 0, !pos.white_to_move));
            }
        }
    }

    /// Calls `f` with every predecessor of `pos` (see [`Backward::predecessors`]).
    pub(crate) fn each_predecessor(&self, pos: &MorrisPos, mut f: impl FnMut(MorrisPos)) {
        let b = self.board;
        let n = u32::from(self.stones);
        // X is to move; Y moved last.
        let (x, y) = pos.sides();
        let (x_hand, y_hand) = pos.hands();
        let empty = b.full & !(x | y);
        let y_total = y.count_ones() + u32::from(y_hand);
        let x_total = x.count_ones() + u32::from(x_hand);
        if y_total < 3 || y_total > n || x_total > n {
            return;
        }
        let before_white = !pos.white_to_move;
        let lasker = self.variant == Variant::Lasker;
        // One predecessor: Y's stones `y0` and hand `y0_hand` before its move, X's stones `x0`.
        let mut out = |y0: u32, y0_hand: u8, x0: u32| {
            let p = MorrisPos::from_sides(y0, x0, y0_hand, x_hand, before_white);
            if x0.count_ones() + u32::from(x_hand) >= 3
                && (lasker || y0_hand == x_hand || y0_hand == x_hand + 1)
            {
                f(p);
            }
        };
        // The stone X lost to the mill closed on `to`, back on an empty point other than `vacated`.
        let mut uncaptures = |y0: u32, y0_hand: u8, closed: bool, vacated: u32| {
            if !closed {
                out(y0, y0_hand, x);
                return;
            }
            if x == 0 {
                out(y0, y0_hand, x);
            }
            if x_total >= n {
                return;
            }
            let mut points = empty & !vacated;
            while points != 0 {
                let c = points.trailing_zeros();
                points &= points - 1;
                let x0 = x | 1 << c;
                if b.removable(x0) & 1 << c != 0 {
                    out(y0, y0_hand, x0);
                }
            }
        };
        let flies = self.flying && y.count_ones() == 3;
        let mut stones = y;
        while stones != 0 {
            let to = stones.trailing_zeros();
            stones &= stones - 1;
            let closed = b.closes_mill(to, y);
            let rest = y & !(1 << to);
            if y_total <= n && u32::from(y_hand) < n {
                uncaptures(rest, y_hand + 1, closed, 0);
            }
            if y_hand == 0 || lasker {
                let mut sources = if flies && y_hand == 0 { empty } else { b.adjacent[to as usize] & empty };
                while sources != 0 {
                    let from = sources.trailing_zeros();
                    sources &= sources - 1;
                    uncaptures(rest | 1 << from, y_hand, closed, 1 << from);
                }
            }
        }
    }
}

impl Game for Morris {
    type Position = MorrisPos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> MorrisPos {
        MorrisPos {
            white: 0,
            black: 0,
            white_hand: self.stones,
            black_hand: self.stones,
            white_to_move: true,
        }
    }

    fn moves(&self, pos: &MorrisPos) -> Vec<Move<MorrisPos>> {
        let mut moves = Vec::new();
        self.for_each_move(pos, |from, to, capture, next| {
            moves.push(Move::new(self.label(from, to, capture), next))
        });
        moves
    }

    fn successors(&self, pos: &MorrisPos, out: &mut Vec<MorrisPos>) {
        self.for_each_move(pos, |_, _, _, next| out.push(next));
    }

    /// The side to move loses when it has fewer than three stones (on the board and in hand);
    /// a side to move without a move loses too, by the engine's rule for positions without moves.
    fn terminal(&self, pos: &MorrisPos) -> Option<Outcome> {
        let (own, _) = pos.sides();
        let (hand, _) = pos.hands();
        (own.count_ones() + u32::from(hand) < 3).then_some(Outcome::new(Value::Lose, 0))
    }

    fn capabilities(&self) -> Capabilities<'_, MorrisPos> {
        Capabilities::none().notation(self).drawing(self).backward(self)
    }
}

impl Backward<MorrisPos> for Morris {
    /// The positions before the last move, made by the side not to move in `pos` (call it Y;
    /// X is to move): a placement undone (Y's stone back in hand), a slide or a fly undone (Y's
    /// stone back on an adjacent empty point, or any empty point when Y has three stones and none
    /// in hand), and, when the stone moved or placed stands in a mill of Y's, the stone of X that
    /// the mill removed put back on an empty point (one X could lose: in no mill of X's then, or
    /// all of X's stones in mills). Only positions whose hands can arise are listed (see
    /// `hands_possible`, either side having placed first), with three stones or more for each
    /// side: the others end the game before.
    fn predecessors(&self, pos: &MorrisPos, out: &mut Vec<MorrisPos>) {
        self.each_predecessor(pos, |p| out.push(p));
    }
}
