//! Nine Men's Morris's entry in the library ([`INFO`]): its help, its parameters (the stones a
//! side, the variant) and how it is built.

use nimber_engine::{DynGame, Error, ParamSpec, Params};

use super::rules::{Morris, Variant};
use crate::common::info::{Facts, GameInfo};

pub(crate) const INFO: GameInfo = GameInfo {
    name: "morris",
    summary: "Nine Men's Morris (and Six and Five Men's Morris, Lasker Morris, Morabaraba): make mills, remove stones",
    help: "Nine Men's Morris, with the rules R. Gasser solved (\"Solving Nine Men's Morris\", 1996). A board of 24 \
           points on three concentric squares joined at the midpoints of their sides; each player has 9 stones, \
           White moves first. First the players place their stones in turn on empty points; once a player has none \
           in hand, he moves one of his stones to an adjacent empty point, and a player with exactly 3 stones, none \
           in hand, flies: moves a stone to any empty point. A placement or move that closes a mill (three of one's \
           stones on a line, the stone placed or moved among them) removes one stone of the opponent: one in no mill, \
           or any when all are in mills (closing two mills at once removes one). A player left with fewer than 3 \
           stones, or without a move, loses; endless play is a draw. Gasser (1993) showed the start a draw; his \
           count of the mid/endgame positions (both hands empty) after symmetries, unreachable ones removed, is \
           7,673,759,269. The mid/endgame is solved tier by tier (`9-8`: one side has 9 stones on the board, the \
           other 8). With `stones=6` or `stones=5`: Six or Five Men's Morris, on 16 points (two squares joined at \
           the midpoints, mills only along the sides), without flying. `variant=lasker`: 10 stones, and a player \
           with stones in hand may place one or move; `variant=morabaraba`: 12 stones, the diagonals through the \
           corners added (as lines of adjacency and mills). Points are named on the 7x7 grid (5x5 for 16 points): \
           the outer square a1 a4 a7 d7 g7 g4 g1 d1, the middle b2 b4 b6 d6 f6 f4 f2 d2, the inner c3 c4 c5 d5 e5 e4 \
           e3 d3. Notation: each side's stones, then the side to move, then in the placement phase the stones in \
           hand, White's then Black's: `W:a1,d1,g7 B:b2,b4 w`, `W:a1 B:b2 w 8 8`, the start `W:- B:- w 9 9`. Moves \
           are written `d2` (a placement) or `a1-a4` (a slide or fly), with `xb4` added when the move removes the \
           stone on b4: `a1-a4xb4`.",
    params: &[
        ParamSpec {
            name: "stones",
            default: "",
            help: "stones a side: 9 (Nine Men's Morris), 6 or 5 (Six or Five Men's Morris on 16 points); \
                   default: the variant's (9, Lasker 10, Morabaraba 12)",
        },
        ParamSpec { name: "variant", default: "standard", help: "standard, lasker or morabaraba" },
    ],
    build,
    facts: Facts::NONE,
};

/// The game, solved tier by tier (the mid/endgame; `solve --save DIR`).
fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(nimber_engine::view::tiers::Tiers(build_game(params)?)))
}

/// The game of the parameters.
fn build_game(params: &Params) -> Result<Morris, Error> {
    let variant = match params.text("variant") {
        "" | "standard" => Variant::Standard,
        "lasker" => Variant::Lasker,
        "morabaraba" => Variant::Morabaraba,
        other => {
            return Err(Error::Param(format!(
                "parameter variant={other}: must be standard, lasker or morabaraba"
            )))
        }
    };
    let stones = params.text("stones");
    match variant {
        Variant::Standard if !stones.is_empty() => Morris::new(params.int("stones", 5, 9)? as u32),
        _ if stones.is_empty() => Ok(Morris::variant(variant)),
        _ => {
            let game = Morris::variant(variant);
            if params.int("stones", 0, 12)? as u32 == game.stones() {
                Ok(game)
            } else {
                Err(Error::Param(format!(
                    "parameter stones={stones}: the variant {} has {} stones a side",
                    params.text("variant"),
                    game.stones()
                )))
            }
        }
    }
}
