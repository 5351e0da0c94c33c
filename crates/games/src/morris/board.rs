//! The boards as bit masks: the points (Malom's numbering, and their names on the 7x7 or 5x5
//! grid), the adjacency, the mills, and the 16 symmetries with their fast application to a set
//! of points.
//!
//! Point `8 * r + i` is point `i` of ring `r` (ring 0 the outer square); around each ring the
//! odd points are the corners and the even ones the midpoints of the sides. The 24-point board
//! of Nine Men's Morris has three rings, the 16-point board of Six and Five Men's Morris two.
//! Around a ring, `i` is adjacent to `i + 1` (mod 8); the midpoint `i` of one ring is adjacent
//! to the midpoint `i` of the next ring (`j` and `j + 8`). The mills are the sides of the
//! squares (`(7, 0, 1)`, `(1, 2, 3)`, `(3, 4, 5)`, `(5, 6, 7)` of each ring) and, on the
//! 24-point board, the four lines across the rings through the midpoints (`(0, 8, 16)`, ...);
//! Morabaraba adds the diagonals through the corners (`(1, 9, 17)`, ...), as adjacency and mills.
//!
//! The names, one table ([`NAMES_24`], [`NAMES_16`]): ring 0 of the 24-point board runs `a4 a7
//! d7 g7 g4 g1 d1 a1` (point 0 is the midpoint `a4`, point 1 the corner `a7`), ring 1 `b4 b6 d6
//! f6 f4 f2 d2 b2`, ring 2 `c4 c5 d5 e5 e4 e3 d3 c3`; on the 5x5 grid of the 16-point board,
//! ring 0 runs `a3 a5 c5 e5 e3 e1 c1 a1` and ring 1 `b3 b4 c4 d4 d3 d2 c2 b2`.
//!
//! The symmetries: the 8 of the square (rotations by a quarter turn, `i -> i + 2`, and the
//! reflection `i -> -i`, within every ring) times the exchange of the outer and inner rings
//! (ring `r -> rings - 1 - r`). Each ring is one byte of a mask, so a symmetry is a table of
//! 256 bytes (the square's part, the same for every ring) and an order of the bytes.

use std::sync::OnceLock;

/// The names of the points of the 24-point board (see the module's documentation).
pub const NAMES_24: [&str; 24] = [
    "a4", "a7", "d7", "g7", "g4", "g1", "d1", "a1", // outer ring
    "b4", "b6", "d6", "f6", "f4", "f2", "d2", "b2", // middle ring
    "c4", "c5", "d5", "e5", "e4", "e3", "d3", "c3", // inner ring
];

/// The names of the points of the 16-point board (on a 5x5 grid).
pub const NAMES_16: [&str; 16] = [
    "a3", "a5", "c5", "e5", "e3", "e1", "c1", "a1", // outer ring
    "b3", "b4", "c4", "d4", "d3", "d2", "c2", "b2", // inner ring
];

/// The number of symmetries of every board.
pub const SYMMETRIES: usize = 16;

/// A mask that no set of points contains (the unused entries of [`Board::mills_at`]).
const NEVER: u32 = 1 << 31;

/// The boards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Nine Men's Morris (and Lasker Morris): 24 points, 16 mills.
    Nine,
    /// Six and Five Men's Morris: 16 points, 8 mills.
    Six,
    /// Morabaraba: the 24 points with the diagonals through the corners, 20 mills.
    Morabaraba,
}

/// A board: its points, adjacency, mills and symmetries as tables.
#[derive(Debug)]
pub struct Board {
    /// Rings of 8 points (3 or 2).
    pub rings: u32,
    /// The number of points (`8 * rings`).
    pub points: u32,
    /// Every point.
    pub full: u32,
    /// The points adjacent to each point.
    pub adjacent: [u32; 24],
    /// Every mill (three points on a line).
    pub mills: Vec<u32>,
    /// The mills through each point (unused entries never contained in a set).
    pub mills_at: [[u32; 3]; 24],
    /// The names of the points.
    pub names: &'static [&'static str],
    /// `ring_map[s & 7][byte]`: the square's part of symmetry `s` on the points of one ring.
    ring_map: [[u8; 256]; 8],
    /// `permutation[s][p]`: the image of point `p` under symmetry `s`.
    pub permutation: [[u8; 24]; SYMMETRIES],
}

impl Board {
    /// The board of a layout (built once).
    pub fn of(layout: Layout) -> &'static Board {
        static BOARDS: [OnceLock<Board>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let slot = match layout {
            Layout::Nine => 0,
            Layout::Six => 1,
            Layout::Morabaraba => 2,
        };
        BOARDS[slot].get_or_init(|| Board::build(layout))
    }

    fn build(layout: Layout) -> Board {
        let rings = if layout == Layout::Six { 2 } else { 3 };
        let points = 8 * rings;
        let mut adjacent = [0u32; 24];
        let mut mills: Vec<u32> = Vec::new();
        let link = |adjacent: &mut [u32; 24], a: u32, b: u32| {
            adjacent[a as usize] |= 1 << b;
            adjacent[b as usize] |= 1 << a;
        };
        for r in 0..rings {
            for i in 0..8 {
                link(&mut adjacent, 8 * r + i, 8 * r + (i + 1) % 8);
            }
            for corner in [1, 3, 5, 7] {
                let (a, b, c) = (8 * r + corner, 8 * r + (corner + 1) % 8, 8 * r + (corner + 2) % 8);
                mills.push(1 << a | 1 << b | 1 << c);
            }
        }
        let mut across = vec![0, 2, 4, 6];
        if layout == Layout::Morabaraba {
            across.extend([1, 3, 5, 7]);
        }
        for &i in &across {
            for r in 0..rings - 1 {
                link(&mut adjacent, 8 * r + i, 8 * (r + 1) + i);
            }
            if rings == 3 {
                mills.push(1 << i | 1 << (i + 8) | 1 << (i + 16));
            }
        }
        let mut mills_at = [[NEVER; 3]; 24];
        for &m in &mills {
            let mut rest = m;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let free = mills_at[p].iter().position(|&x| x == NEVER).expect("at most 3 mills a point");
                mills_at[p][free] = m;
            }
        }
        let mut ring_map = [[0u8; 256]; 8];
        let mut permutation = [[0u8; 24]; SYMMETRIES];
        for s in 0..SYMMETRIES {
            let square = |i: u32| {
                let reflected = if s & 4 != 0 { (8 - i) % 8 } else { i };
                (reflected + 2 * (s as u32 & 3)) % 8
            };
            for p in 0..points {
                let (r, i) = (p / 8, p % 8);
                let r2 = if s & 8 != 0 { rings - 1 - r } else { r };
                permutation[s][p as usize] = (8 * r2 + square(i)) as u8;
            }
            if s < 8 {
                for (byte, image) in ring_map[s].iter_mut().enumerate() {
                    *image = (0..8).filter(|&i| byte & 1 << i != 0).fold(0u8, |acc, i| acc | 1 << square(i));
                }
            }
        }
        let names: &'static [&'static str] = if rings == 3 { &NAMES_24 } else { &NAMES_16 };
        Board {
            rings,
            points,
            full: (1 << points) - 1,
            adjacent,
            mills,
            mills_at,
            names,
            ring_map,
            permutation,
        }
    }

    /// The image of the set of points `set` under symmetry `s` (`0..16`; 0 is the identity).
    #[inline]
    pub fn apply(&self, s: usize, set: u32) -> u32 {
        let f = &self.ring_map[s & 7];
        let (a, b, c) = (
            f[set as u8 as usize] as u32,
            f[(set >> 8) as u8 as usize] as u32,
            f[(set >> 16) as u8 as usize] as u32,
        );
        match (s & 8 != 0, self.rings) {
            (false, _) => a | b << 8 | c << 16,
            (true, 3) => c | b << 8 | a << 16,
            (true, _) => b | a << 8,
        }
    }

    /// Whether a stone on `point` makes a mill with the stones of `own` (which contains it).
    #[inline]
    pub fn closes_mill(&self, point: u32, own: u32) -> bool {
        let m = &self.mills_at[point as usize];
        own & m[0] == m[0] || own & m[1] == m[1] || own & m[2] == m[2]
    }

    /// The stones of `set` that are in a mill of `set`.
    #[inline]
    pub fn in_mills(&self, set: u32) -> u32 {
        self.mills.iter().filter(|&&m| set & m == m).fold(0, |acc, &m| acc | m)
    }

    /// The stones of `opp` that a mill closed against it may remove: those in no mill, or all of
    /// them when every one is in a mill.
    #[inline]
    pub fn removable(&self, opp: u32) -> u32 {
        let loose = opp & !self.in_mills(opp);
        if loose == 0 {
            opp
        } else {
            loose
        }
    }

    /// The point called `name`, if any.
    pub fn point(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|&n| n.eq_ignore_ascii_case(name)).map(|p| p as u32)
    }

    /// The name of `point`.
    pub fn name(&self, point: u32) -> &'static str {
        self.names[point as usize]
    }
}
