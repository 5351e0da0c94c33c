//! A Dodgem position (the cells of each player's cars, whose turn it is) and the board sizes
//! accepted.

/// The smallest and largest board sizes accepted.
pub const MIN_SIZE: u64 = 2;
/// See [`MIN_SIZE`]. From the 5x5 start, 164,338,619 positions are reachable: solved over the
/// dense index ([`Indexed`](nimber_engine::table::Indexed)); its time and memory are measured by
/// `cargo bench -p nimber-games --bench dodgem` (figures in `docs/measurements.md`).
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
