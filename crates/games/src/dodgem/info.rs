//! Dodgem's entry in the library ([`INFO`]): its help, its parameters (the board size, the
//! mirror) and how it is built (plainly or over the dense index).

use nimber_engine::{DynGame, Error, ParamSpec, Params};

use super::position::{MAX_SIZE, MIN_SIZE};
use super::rules::Dodgem;
use crate::common::info::{Facts, GameInfo};

pub(crate) const INFO: GameInfo = GameInfo {
    name: "dodgem",
    summary: "Dodgem: race your cars across the board; a player left without a move wins",
    help: "Dodgem, invented by Colin Vout (1972) and analysed in Berlekamp, Conway and Guy, \
           Winning Ways for Your Mathematical Plays (rules as in the Wikipedia article `Dodgem`). \
           An n x n board; Blue has n-1 cars on the left edge and Red n-1 cars on the bottom edge, \
           the bottom-left corner empty. Blue moves first. A move takes one of one's own cars one \
           cell: Blue's forward (right), up or down; Red's forward (up), left or right; never \
           backwards and never onto an occupied cell. Cars leave the board only by a forward move \
           across the far edge (Blue's the right edge, Red's the top edge) and do not come back. A \
           player must always leave the opponent a move: the player to move who has none, because \
           all their cars have left or are blocked, wins. Play can go on forever (cars shuffling \
           sideways): that is a draw. 3x3 Dodgem is a first-player win (Winning Ways); D. des \
           Jardins (1996) found 4x4 and 5x5 drawn. Reproduced here, counting the positions \
           reachable from the start: 3x3, 2,055 positions, none drawn, the start won in 20 moves; \
           4x4, 395,294 positions (35,281 drawn), the start drawn; 5x5, 164,338,619 positions \
           (52,703,322 drawn), the start drawn. Boards up to 4x4 are solved with hash maps, 5x5 \
           over a dense index of 240,060,402 slots (a large solve: `solve` prints its memory \
           estimate first; every size can be stored with `solve --save`). With `mirror=1` a \
           position and its mirror image (the board mirrored across the diagonal from the \
           bottom-left corner, colours and player to move swapped: same value) are solved as one \
           over an index of half the slots; `solve` then counts classes (5x5: 120,020,062). Notation: the rows from the top, separated by \
           `/`, each cell `b` (Blue), `r` (Red) or `.`, then a space and the player to move, `b` \
           or `r`: the 3x3 start is `b../b../.rr b`. Moves are written `a2-b2` or `c2-off`, cells \
           named by column letter from the left and row number from the bottom (`a1` is the \
           bottom-left corner).",
    params: &[
        ParamSpec { name: "n", default: "3", help: "board size (2 to 5; 5 is a large solve over a dense index)" },
        ParamSpec {
            name: "mirror",
            default: "",
            help: "1: solve a position and its mirror image (the board mirrored across its diagonal, the \
                   colours and the player to move swapped) as one, over the dense index (default 0)",
        },
    ],
    build,
    facts: Facts { dense: Some(build_dense), ..Facts::NONE },
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let game = build_game(params)?;
    let dense = game.n >= DENSE_FROM || game.mirror;
    Ok(if dense { Box::new(nimber_engine::view::dense::Dense(game)) } else { Box::new(game) })
}

/// Dodgem over its dense index at every size, for `solve --save` and checkpoints.
fn build_dense(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(nimber_engine::view::dense::Dense(build_game(params)?)))
}

/// The game of the parameters.
fn build_game(params: &Params) -> Result<Dodgem, Error> {
    let mirror = !params.text("mirror").is_empty() && params.int("mirror", 0, 1)? == 1;
    Ok(Dodgem::new(params.int("n", MIN_SIZE, MAX_SIZE)? as u32)?.with_mirror(mirror))
}

/// Boards of this size and more are solved through the dense index by default.
pub const DENSE_FROM: u32 = 5;
