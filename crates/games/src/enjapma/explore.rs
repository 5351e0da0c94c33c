//! Enjapma's exploration features and family (see [`nimber_engine::Explore`]).
//!
//! Features: `pieces` (x), `on_dark` (y, the pieces on the colour of the bottom-left cell),
//! `on_light` (x - y), and the board's `h` and `w`. The family: every board of 1 to `h` rows and
//! 1 to `w` columns, with every placement of pieces (all 2^(rows x columns) of each), boards in
//! order of rows then columns and placements by their bit masks. It contains every position
//! reachable from the start (which, like every position of the h x w board, is one of them)
//! and the smaller boards besides, so that the table over (x, y) is filled for every size. This
//! is how the write-up found the rule `x + y ≡ 0 (mod 3)`, and `nimber explore enjapma -p h=4
//! -p w=4 --by pieces,on_dark` finds it again.

use nimber_engine::Error;
use nimber_engine::Family;

use super::Enjapma;

/// The most cells the largest board of a family may have (2^20 placements).
pub const MAX_FAMILY_CELLS: u32 = 20;

/// `pieces`, `on_dark`, `on_light`, `h`, `w`.
pub(super) fn feature_names() -> Vec<String> {
    ["pieces", "on_dark", "on_light", "h", "w"].map(String::from).to_vec()
}

/// The values of [`feature_names`].
pub(super) fn feature_values(game: &Enjapma, pos: u64, out: &mut Vec<i64>) {
    let (x, y) = game.counts(pos);
    out.extend([x as i64, y as i64, (x - y) as i64, game.h as i64, game.w as i64]);
}

/// Every board up to `h` x `w` with every placement of pieces.
pub(super) fn family(game: &Enjapma) -> Result<Option<Family<u64>>, Error> {
    let (description, parts) = parts(game)?;
    Ok(Some(Family::new(description, parts)))
}

/// A family's label and its groups: a board and the positions of it.
pub type Parts = (String, Vec<(Enjapma, Vec<u64>)>);

/// The family's description and its parts, each board with its positions.
pub fn parts(game: &Enjapma) -> Result<Parts, Error> {
    let (h, w) = (game.h, game.w);
    if h * w > MAX_FAMILY_CELLS {
        return Err(Error::TooLarge(format!(
            "the family of every board up to {h} x {w} with every placement of pieces is too large: \
             its largest board has {} cells, and at most {MAX_FAMILY_CELLS} are explored (2^{MAX_FAMILY_CELLS} placements)",
            h * w
        )));
    }
    let mut parts = Vec::new();
    for rows in 1..=h {
        for cols in 1..=w {
            let board = Enjapma::new(rows, cols)?;
            let positions: Vec<u64> = (0..=board.full()).collect();
            parts.push((board, positions));
        }
    }
    let description = format!("every board of 1 to {h} rows and 1 to {w} columns, every placement of pieces");
    Ok((description, parts))
}
