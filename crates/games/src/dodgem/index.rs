//! The dense index of Dodgem ([`Indexed`]), plain or with the mirror symmetry
//! ([`Dodgem::mirrored`]: a position and its image across the diagonal share a slot), and the
//! counts of positions reachable from the start.

use nimber_engine::table::plumbing::{Child, MoveClasses, SlotMoves};
use nimber_engine::table::Indexed;
use nimber_engine::{Outcome, Value};

use super::numbering::{binomial, colex_rank, colex_unrank, pack, unpack};
use super::position::DodgemPos;
use super::rules::Dodgem;

/// The first slot pair of the positions with `blue` Blue and `red` Red cars on the board (slots
/// `2 * first_pair` and the next): where a block of the dense index starts. For the crate's
/// tests only (through `crate::testing`), not a stable API.
pub fn first_pair(game: &Dodgem, blue: usize, red: usize) -> u64 {
    game.offsets[blue][red]
}

/// Positions reachable from the start on boards of 2 to 5 cells a side (the tests check 2 to 4;
/// 5 by the benchmark `cargo bench -p nimber-games --bench dodgem`, which asserts it).
pub const REACHABLE: [u64; 4] = [23, 2055, 395_294, 164_338_619];

/// With the mirror index ([`Dodgem::mirrored`]): the classes of positions reachable from the
/// start (a position and its image count once; many images are not reachable: Blue moves
/// first). The tests check 2 to 4; 5 by `NIMBER_BENCH_MIRROR=1 cargo bench -p nimber-games
/// --bench dodgem`.
pub const REACHABLE_CLASSES: [Option<u64>; 4] = [Some(19), Some(1395), Some(277_529), Some(120_020_062)];

impl Dodgem {
    /// Cells mirrored across the diagonal from the bottom-left corner.
    #[inline]
    pub(super) fn flip(&self, cells: u32) -> u32 {
        let mut out = 0;
        let mut rest = cells;
        while rest != 0 {
            out |= 1 << self.across[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        out
    }

    /// The mirror image of a position: the board mirrored across its diagonal from the
    /// bottom-left corner, the colours swapped, and the other player to move. Blue's moves
    /// (right, up, down, off the right edge) become Red's (up, right, left, off the top), so a
    /// position and its image have the same value and their moves lead to images of each other.
    pub fn mirrored(&self, pos: &DodgemPos) -> DodgemPos {
        DodgemPos { blue: self.flip(pos.red), red: self.flip(pos.blue), blue_to_move: !pos.blue_to_move }
    }

    /// The slot of a position with Blue to move in the mirror index.
    #[inline]
    pub(super) fn mirror_slot(&self, blue: u32, red: u32) -> u64 {
        self.pair(blue, pack(blue, red))
    }
}

/// The dense index: the positions with `b` Blue and `r` Red cars on the board (`b`, `r` in
/// `0..n`) form a block of `C(n², b) * C(n² - b, r)` slot pairs, blocks in order of `b` then `r`;
/// within a block, Blue's cells are a `b`-subset of the `n²` cells and Red's an `r`-subset of the
/// `n² - b` cells Blue leaves free, both ranked in the combinatorial number system (colex order);
/// the low bit of a slot is 0 when Blue is to move. Every slot is a position (no holes), reachable
/// or not.
impl Indexed for Dodgem {
    fn size(&self) -> u64 {
        let pairs = self.offsets[self.n as usize - 1][self.n as usize];
        if self.mirror {
            pairs
        } else {
            2 * pairs
        }
    }

    fn rank(&self, pos: &DodgemPos) -> u64 {
        if self.mirror {
            let q = self.canonical(pos);
            return self.mirror_slot(q.blue, q.red);
        }
        2 * self.pair(pos.blue, pack(pos.blue, pos.red)) + !pos.blue_to_move as u64
    }

    fn canonical(&self, pos: &DodgemPos) -> DodgemPos {
        if self.mirror && !pos.blue_to_move {
            self.mirrored(pos)
        } else {
            *pos
        }
    }

    fn unrank(&self, index: u64) -> Option<DodgemPos> {
        if index >= Indexed::size(self) {
            return None;
        }
        let (n, cells) = (self.n as usize, (self.n * self.n) as usize);
        let pair = if self.mirror { index } else { index / 2 };
        let b = (0..n).rev().find(|&b| self.offsets[b][0] <= pair)?;
        let r = (0..n).rev().find(|&r| self.offsets[b][r] <= pair)?;
        let within = pair - self.offsets[b][r];
        let per_blue = binomial(cells - b, r);
        let blue = colex_unrank(within / per_blue, b);
        let red = unpack(blue, colex_unrank(within % per_blue, r));
        Some(DodgemPos { blue, red, blue_to_move: self.mirror || index.is_multiple_of(2) })
    }

    fn index_scheme(&self) -> String {
        let mirror = if self.mirror { "-mirror" } else { "" };
        format!("dodgem-n{}-combinations{mirror}-v1", self.n)
    }

    fn reachable_hint(&self) -> Option<u64> {
        if self.mirror {
            return REACHABLE_CLASSES.get(self.n as usize - 2).copied().flatten();
        }
        REACHABLE.get(self.n as usize - 2).copied()
    }
}

impl SlotMoves for Dodgem {
    /// Distinct moves lead to distinct positions, so no slot needs removing: a move takes one of
    /// the mover's cars from a cell `f` of their set `S` to a free cell `t` (leaving `S - f + t`)
    /// or off the board (leaving `S - f`). Moves off leave one car fewer than moves on the board,
    /// so only moves of the same sort can meet; two moves off from `f != f'` leave sets without
    /// `f` and with `f` apart; two moves on the board from the same `f` to `t != t'` leave sets
    /// that differ in `t`; and from `f != f'`, `S - f' + t'` holds `f` (a car of `S` other than
    /// `f'`) while `S - f + t` does not (`t` is free, so not `f`). The same holds for the
    /// predecessors (moves backwards: a car of `S` from `t` to a free `f`, or a car back on).
    ///
    /// With the mirror, a position and its image have moves into images of each other, and two
    /// positions with the same player to move are never images of each other (an image has the
    /// other player to move): distinct moves still lead to distinct classes.
    fn successor_slots(&self, pos: &DodgemPos, out: &mut Vec<(u64, bool)>) {
        if self.mirror {
            // From the class's position with Blue to move: each move leaves Red to move, whose
            // image has Blue's cars where Red's were, mirrored, and Red's where Blue's went.
            let q = self.canonical(pos);
            let blue = self.flip(q.red);
            self.for_each_blue_move(&q, |moved| {
                let s = DodgemPos { blue: moved, red: q.red, blue_to_move: false };
                out.push((self.mirror_slot(blue, self.flip(moved)), !self.has_move(&s)));
            });
            return;
        }
        self.for_each_successor(pos, true, |slot, terminal| out.push((slot, terminal)));
    }

    /// Terminal positions are wins for the player to move, and distinct moves lead to distinct
    /// positions (see [`SlotMoves::successor_slots`] above): the open classes are the moves into
    /// positions that are not terminal, counted without ranking any.
    fn move_classes(&self, pos: &DodgemPos) -> MoveClasses {
        let mut classes = MoveClasses::default();
        self.for_each_successor(&self.canonical(pos), false, |_, terminal| {
            if terminal {
                classes.into_won = Some(0);
            } else {
                classes.open += 1;
            }
        });
        classes
    }

    /// The predecessors of [`Backward::predecessors`](nimber_engine::Backward::predecessors), generated on the bitboards and ranked
    /// directly; distinct ones (see [`SlotMoves::successor_slots`] above), none terminal.
    fn predecessor_slots(&self, pos: &DodgemPos, out: &mut Vec<u64>) {
        if self.mirror {
            // Of the class's position with Blue to move: Red moved last, from a position with
            // Red to move whose image has Blue's cars where Red's were, mirrored.
            let q = self.canonical(pos);
            let red = self.flip(q.blue);
            self.each_predecessor(&q, |p| out.push(self.mirror_slot(self.flip(p.red), red)));
            return;
        }
        let n = self.n;
        let free = self.full & !(pos.blue | pos.red);
        if pos.blue_to_move {
            // Red moved last: from below, from the right, from the left, or back on at the top.
            let (blue, red) = (pos.blue, pos.red);
            let b = blue.count_ones() as usize;
            let cells = (n * n) as usize;
            let (offsets, per_blue) = (&self.offsets[b], colex_rank(blue));
            let packed = pack(blue, red);
            let at = |cell: u32| 1u32 << (cell - (blue & ((1 << cell) - 1)).count_ones());
            let slot = |packed: u32| {
                let r = packed.count_ones() as usize;
                2 * (offsets[r] + per_blue * binomial(cells - b, r) + colex_rank(packed)) + 1
            };
            let mut steps = |mut froms: u32, delta: u32| {
                while froms != 0 {
                    let from = froms.trailing_zeros();
                    froms &= froms - 1;
                    out.push(slot(packed ^ at(from.wrapping_add(delta)) | at(from)));
                }
            };
            steps(red >> n & free, n);
            steps((red & !self.right) << 1 & free, 1u32.wrapping_neg());
            steps((red & !self.left) >> 1 & free, 1);
            if red.count_ones() < n - 1 {
                let mut exits = free & self.top;
                while exits != 0 {
                    let cell = exits.trailing_zeros();
                    exits &= exits - 1;
                    out.push(slot(packed | at(cell)));
                }
            }
        } else {
            // Blue moved last: from the left, from below, from above, or back on at the right.
            let (blue, red) = (pos.blue, pos.red);
            let slot = |blue: u32| 2 * self.pair(blue, pack(blue, red));
            let mut steps = |mut froms: u32, delta: u32| {
                while froms != 0 {
                    let from = froms.trailing_zeros();
                    froms &= froms - 1;
                    out.push(slot(blue ^ 1 << from.wrapping_add(delta) | 1 << from));
                }
            };
            steps((blue & !self.left) >> 1 & free, 1);
            steps(blue >> n & free, n);
            steps(blue << n & free, n.wrapping_neg());
            if blue.count_ones() < n - 1 {
                let mut exits = free & self.right;
                while exits != 0 {
                    let cell = exits.trailing_zeros();
                    exits &= exits - 1;
                    out.push(slot(blue | 1 << cell));
                }
            }
        }
    }

    /// The predecessors generated on the bitboards, each ranked and made canonical (with the
    /// mirror, the image with Blue to move).
    fn for_each_predecessor<F: FnMut(u64, &DodgemPos)>(&self, pos: &DodgemPos, mut f: F) {
        if self.mirror {
            let q = self.canonical(pos);
            let red = self.flip(q.blue);
            self.each_predecessor(&q, |p| {
                let blue = self.flip(p.red);
                f(self.mirror_slot(blue, red), &DodgemPos { blue, red, blue_to_move: true })
            });
        } else {
            self.each_predecessor(pos, |p| f(self.rank(&p), &p));
        }
    }

    /// The moves generated on the bitboards: a move into a position where the opponent has no
    /// move ends the game, won for that opponent in 0; the others are ranked (with the mirror,
    /// from the class's position with Blue to move, as in [`SlotMoves::successor_slots`]), and
    /// only until `f` says stop.
    fn all_children<F: FnMut(Child) -> bool>(&self, pos: &DodgemPos, mut f: F) -> bool {
        let mut all = true;
        if self.mirror {
            // Each move of Blue's car from `from` to `to` (or off) moves, in the image, Red's car
            // from `across[from]` to `across[to]`: the image's Blue cars stay, so only Red's
            // packed cells change, one car each ([`Dodgem::for_each_successor`] does the same).
            let q = self.canonical(pos);
            let blue = self.flip(q.red);
            let b = blue.count_ones() as usize;
            let (offsets, per_blue, cells) = (&self.offsets[b], colex_rank(blue), (self.n * self.n) as usize);
            let packed = pack(blue, self.flip(q.blue));
            let at = |cell: u8| 1u32 << (cell as u32 - (blue & ((1 << cell) - 1)).count_ones());
            self.for_each_blue_move(&q, |moved| {
                if !all {
                    return;
                }
                all = f(if self.has_move(&DodgemPos { blue: moved, red: q.red, blue_to_move: false }) {
                    let (gone, came) = (q.blue & !moved, moved & !q.blue);
                    let mut p = packed ^ at(self.across[gone.trailing_zeros() as usize]);
                    if came != 0 {
                        p |= at(self.across[came.trailing_zeros() as usize]);
                    }
                    let r = p.count_ones() as usize;
                    Child::Slot(offsets[r] + per_blue * binomial(cells - b, r) + colex_rank(p))
                } else {
                    Child::Terminal(Outcome::new(Value::Win, 0))
                });
            });
        } else {
            self.for_each_successor(pos, true, |slot, terminal| {
                if all {
                    all = f(if terminal {
                        Child::Terminal(Outcome::new(Value::Win, 0))
                    } else {
                        Child::Slot(slot)
                    });
                }
            });
        }
        all
    }

    /// The moves generated on the bitboards, none ranked.
    fn for_each_child_end<F: FnMut(Option<Outcome>)>(&self, pos: &DodgemPos, mut f: F) {
        let end = |terminal: bool| terminal.then_some(Outcome::new(Value::Win, 0));
        if self.mirror {
            let q = self.canonical(pos);
            self.for_each_blue_move(&q, |moved| {
                f(end(!self.has_move(&DodgemPos { blue: moved, red: q.red, blue_to_move: false })))
            });
        } else {
            self.for_each_successor(pos, false, |_, terminal| f(end(terminal)));
        }
    }
}
