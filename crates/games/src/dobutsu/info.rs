//! Dōbutsu shōgi's entry in the library ([`INFO`]): its help, its parameter (which index) and
//! how it is built.

use nimber_engine::{DynGame, Error, ParamSpec, Params};

use super::live::DobutsuLive;
use super::rules::Dobutsu;
use crate::common::info::{Facts, GameInfo};

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
        "live" => Ok(Box::new(nimber_engine::view::dense::Dense(DobutsuLive))),
        "full" => Ok(Box::new(nimber_engine::view::dense::Dense(Dobutsu))),
        other => Err(Error::Param(format!("parameter index={other}: expected live or full"))),
    }
}
