//! Game in Darkness: exploration features and family (see [`nimber_engine::Explore`]).
//!
//! The published criterion (TopCoder SRM 588; its author could not prove it) says that Bob
//! survives exactly when some cell `v` has at least three neighbouring *long branches* (a
//! path of three cells `u, w, x` starting at a neighbour `u` of `v` and going away from it) and
//! `dist(A, v) - dist(B, v) >= 2`. The features give that structure:
//!
//! - `junction`: 1 if some cell has at least three long branches (a *junction*), else 0;
//! - `dist_diff`: the largest `dist(A, v) - dist(B, v)` over the junctions `v`, where
//!   `dist(B, v)` is the distance from the nearest cell where Bob may be; [`NO_JUNCTION`]
//!   (-128, below every real difference: fields have at most 128 cells) when there is none;
//! - `dist`: the distance from Alice to the nearest cell where Bob may be (-1 if none);
//! - `cells`: the number of empty cells; `bob_cells`: the cells where Bob may be;
//!   `alice_to_move`: 1 or 0.
//!
//! So the criterion reads `junction == 1 && dist_diff >= 2`, and because of the sentinel also
//! `dist_diff >= 2`; Bob surviving is a draw of the belief game (Alice cannot force a catch),
//! so `nimber check gameindarkness --rule 'dist_diff >= 2' --value draw` checks it. On fields
//! with cycles (which the game allows and the problem does not) a long branch is still a
//! simple path `v, u, w, x`; the criterion is only claimed for trees.
//!
//! The family: every set of at least two of the field's empty cells whose cells form a tree
//! (connected, without cycles, as in the problem), with every placement of A and B on two
//! different cells, Alice to move. The field's own `A` and `B` only mark its start. At most
//! [`MAX_FAMILY_CELLS`] empty cells (every subset is tried).

use nimber_engine::Error;
use nimber_engine::Family;

use super::{DarkPos, GameInDarkness};

/// `dist_diff` when the field has no junction.
pub const NO_JUNCTION: i64 = -128;

/// The most empty cells of a field whose family is explored.
pub const MAX_FAMILY_CELLS: usize = 20;

/// `junction`, `dist_diff`, `dist`, `cells`, `bob_cells`, `alice_to_move`.
pub(super) fn feature_names() -> Vec<String> {
    ["junction", "dist_diff", "dist", "cells", "bob_cells", "alice_to_move"].map(String::from).to_vec()
}

/// The cells with at least three long branches.
fn junctions(game: &GameInDarkness) -> Vec<usize> {
    let g = &game.graph;
    let long = |v: usize, u: usize| {
        g.neighbours(u)
            .iter()
            .filter(|&&w| w != v)
            .any(|&w| g.neighbours(w).iter().any(|&x| x != u && x != v))
    };
    (0..g.len()).filter(|&v| g.neighbours(v).iter().filter(|&&u| long(v, u)).count() >= 3).collect()
}

/// Breadth-first distances from the cells of `from` (`i64::MAX` where unreachable).
fn distances(game: &GameInDarkness, from: u128) -> Vec<i64> {
    let g = &game.graph;
    let mut dist = vec![i64::MAX; g.len()];
    let mut queue: Vec<usize> = (0..g.len()).filter(|&v| from >> v & 1 == 1).collect();
    for &v in &queue {
        dist[v] = 0;
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &u in g.neighbours(v) {
            if dist[u] == i64::MAX {
                dist[u] = dist[v] + 1;
                queue.push(u);
            }
        }
    }
    dist
}

/// The values of `feature_names`.
pub fn feature_values(game: &GameInDarkness, pos: &DarkPos, out: &mut Vec<i64>) {
    let junctions = junctions(game);
    let from_alice = distances(game, 1 << pos.alice);
    let from_bob = distances(game, pos.bob);
    let diff = junctions
        .iter()
        .filter(|&&v| from_bob[v] != i64::MAX)
        .map(|&v| from_alice[v] - from_bob[v])
        .max()
        .unwrap_or(NO_JUNCTION);
    let dist = from_bob[pos.alice as usize];
    out.extend([
        i64::from(!junctions.is_empty()),
        diff,
        if dist == i64::MAX { -1 } else { dist },
        game.graph.len() as i64,
        pos.bob.count_ones() as i64,
        i64::from(pos.alice_to_move),
    ]);
}

/// Every tree-shaped subset of the field's empty cells, every placement of A and B.
pub(super) fn family(game: &GameInDarkness) -> Result<Option<Family<DarkPos>>, Error> {
    let (description, parts) = parts(game)?;
    Ok(Some(Family::new(description, parts)))
}

/// A family's label and its groups: a board and the positions of it.
pub type Parts = (String, Vec<(GameInDarkness, Vec<DarkPos>)>);

/// The family's description and its parts, each field with its positions.
pub fn parts(game: &GameInDarkness) -> Result<Parts, Error> {
    let n = game.graph.len();
    if n > MAX_FAMILY_CELLS {
        return Err(Error::TooLarge(format!(
            "the family of every tree-shaped part of a field tries every subset of its empty cells: \
             this field has {n}, at most {MAX_FAMILY_CELLS} are explored"
        )));
    }
    let neighbours: Vec<u32> =
        (0..n).map(|v| game.graph.neighbours(v).iter().fold(0u32, |m, &u| m | 1 << u)).collect();
    let mut parts = Vec::new();
    for set in 1u32..1 << n {
        let size = set.count_ones() as usize;
        if size < 2 || !is_tree(set, &neighbours) {
            continue;
        }
        let part = GameInDarkness::new(&field_text(game, set))?;
        let mut positions = Vec::with_capacity(size * (size - 1));
        for a in 0..size {
            for b in (0..size).filter(|&b| b != a) {
                positions.push(DarkPos { alice_to_move: true, alice: a as u8, bob: 1 << b });
            }
        }
        parts.push((part, positions));
    }
    let description = format!(
        "every tree-shaped set of at least 2 of the field's {n} empty cells, every placement of A and B, Alice to move"
    );
    Ok((description, parts))
}

/// Whether the cells of `set` form a tree: connected, with one edge fewer than cells.
fn is_tree(set: u32, neighbours: &[u32]) -> bool {
    let edges: u32 = (0..neighbours.len())
        .filter(|&v| set >> v & 1 == 1)
        .map(|v| (neighbours[v] & set).count_ones())
        .sum::<u32>()
        / 2;
    if edges + 1 != set.count_ones() {
        return false;
    }
    let mut seen = set & set.wrapping_neg();
    loop {
        let grown =
            (0..neighbours.len()).filter(|&v| seen >> v & 1 == 1).fold(seen, |m, v| m | neighbours[v] & set);
        if grown == seen {
            return seen == set;
        }
        seen = grown;
    }
}

/// The field with only the cells of `set` empty, `A` on the first and `B` on the second.
fn field_text(game: &GameInDarkness, set: u32) -> String {
    let mut text = String::new();
    let mut rank = 0;
    for r in 0..game.rows {
        if r > 0 {
            text.push('/');
        }
        for c in 0..game.cols {
            text.push(match game.cell_at(r, c) {
                Some(i) if set >> i & 1 == 1 => {
                    rank += 1;
                    match rank {
                        1 => 'A',
                        2 => 'B',
                        _ => '.',
                    }
                }
                _ => '#',
            });
        }
    }
    text
}
