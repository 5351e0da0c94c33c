//! Heap games from their codes: octal and hexadecimal games, subtraction and all-but
//! subtraction games, Grundy's game (the rulesets of `nimber_heaps`).

use nimber_engine::{Backward, Capabilities, Decompose, Draw, Notation};
use nimber_engine::{DynGame, Error, Game, Kind, Move, ParamSpec, Params, ParseError};
use nimber_heaps::Ruleset;

use crate::common::info::{Facts, GameInfo};
use crate::common::multiset::{
    distinct, draw_heaps, format_heaps, parse_position, replace_heap, single_heaps,
};

/// The largest heap accepted.
pub const MAX_HEAP: u64 = crate::nim::MAX_HEAP;

/// The name in the library of the subtraction games (the preset `subtraction`, whose module
/// builds on this one): a [`HeapGame`] with a subtraction ruleset is drawn under it.
pub(crate) const SUBTRACTION_NAME: &str = "subtraction";

/// A heap game under normal play. A position is the multiset of heap sizes, kept sorted and
/// without empty heaps; a move changes one heap as [`Ruleset::options`] allows.
#[derive(Clone, Debug)]
pub struct HeapGame {
    rules: Ruleset,
    start: Vec<u32>,
}

impl HeapGame {
    /// The game with these rules, starting from `heaps` (empty heaps are dropped).
    pub fn new(rules: Ruleset, mut heaps: Vec<u32>) -> HeapGame {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        HeapGame { rules, start: heaps }
    }

    /// The rules.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// `heaps` with one heap of size `from` replaced by the heaps `to`, sorted.
    fn replace(heaps: &[u32], from: u32, to: &[u32]) -> Vec<u32> {
        let mut next = heaps.to_vec();
        let i = next.iter().position(|&h| h == from).expect("heap present");
        next.remove(i);
        next.extend_from_slice(to);
        next.sort_unstable();
        next
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "octal",
    summary:
        "Octal games and other heap games from their codes: 0.77 Kayles, 0.07, sub:1,3,4, allbut:1,3, grundy",
    help: HELP,
    params: &[
        ParamSpec {
            name: "code",
            default: "0.77",
            help: "the rules: an octal code (0.77, 4.07, 0.F), sub:1,3,4, allbut:1,3 or grundy",
        },
        ParamSpec { name: "heaps", default: "10", help: "heap sizes, comma-separated" },
    ],
    build,
    facts: Facts { ruleset: Some(ruleset), ..Facts::NONE },
};

/// The help of `octal`: the codes, then the notation.
const HELP: &str =
    "Heap games given by their codes. Heaps of tokens; a move takes tokens from one heap and may \
     split what is left of it, as the code says.\n\n\
     Codes: `d0.d1d2d3...` is an octal game (Guy and Smith 1956; Winning Ways, ch. 4): digit dk \
     says what may happen when k tokens are removed from one heap, as a sum of 1 (the heap had \
     exactly k tokens and is gone), 2 (one heap is left), 4 (what is left is split into two \
     non-empty heaps) and, in hexadecimal games (digits 8-F), 8 (split into three non-empty \
     heaps). The digit before the point is for removing nothing: 0, 4 (split a heap in two), 8 \
     or C. Examples: 0.77 Kayles (knock down one pin or two adjacent pins from a row), 0.07 \
     Dawson's Kayles, 0.137 Dawson's chess, 0.007 Treblecross, 4.07, 0.F. `sub:1,3,4` is a \
     subtraction game (remove 1, 3 or 4 tokens), `allbut:1,3` an all-but subtraction game \
     (remove any number of tokens but 1 or 3), `grundy` Grundy's game (split a heap into two \
     heaps of different sizes). A player with no move loses.\n\n\
     Notation: heap sizes separated by commas, e.g. `3,4,5` (order does not matter; empty heaps \
     are dropped; no heaps is `-`). Moves are written `7 -> 2+4`: a heap of 7 becomes heaps of 2 \
     and 4 (`3 -> 0`: a heap taken whole). The value of a sum of heaps is the XOR of their nim \
     values; `nimber grundy CODE --upto N` prints the values of single heaps and their period.";

pub(crate) const GRUNDY_INFO: GameInfo = GameInfo {
    name: "grundy-game",
    summary: "Grundy's game: split a heap into two heaps of different sizes; the last to move wins",
    help: "Grundy's game (Winning Ways, ch. 4; the same as `octal -p code=grundy`). Heaps of \
           tokens; a move splits one heap into two non-empty heaps of different sizes, so heaps of \
           1 and 2 can no longer move; a player with no move loses. The nim values of single heaps \
           begin 0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0 (OEIS A002188); no period is known. \
           Notation: heap sizes separated by commas, e.g. `3,4,5` (order does not matter; no heaps \
           is `-`). Moves are written `7 -> 2+5`.",
    params: &[ParamSpec { name: "heaps", default: "10", help: "heap sizes, comma-separated" }],
    build: build_grundy,
    facts: Facts { ruleset: Some(|_| Ok(Ruleset::Grundy)), ..Facts::NONE },
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(HeapGame::new(ruleset(params)?, heaps(params)?)))
}

/// The ruleset of `octal`: its code.
fn ruleset(params: &Params) -> Result<Ruleset, Error> {
    let code = params.text("code");
    Ruleset::parse(code).map_err(|e| Error::Param(format!("parameter code={code}: {e}")))
}

fn build_grundy(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(HeapGame::new(Ruleset::Grundy, heaps(params)?)))
}

pub(crate) fn heaps(params: &Params) -> Result<Vec<u32>, Error> {
    Ok(params.int_list("heaps", 0, MAX_HEAP)?.into_iter().map(|h| h as u32).collect())
}

/// `2+4`, or `0` when no heap is left.
fn label_heaps(heaps: &[u32]) -> String {
    if heaps.is_empty() {
        return "0".to_string();
    }
    heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join("+")
}

impl Game for HeapGame {
    type Position = Vec<u32>;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> Vec<u32> {
        self.start.clone()
    }

    fn moves(&self, heaps: &Vec<u32>) -> Vec<Move<Vec<u32>>> {
        let mut moves = Vec::new();
        for h in distinct(heaps) {
            for left in self.rules.options(h) {
                moves.push(Move::new(
                    format!("{h} -> {}", label_heaps(&left)),
                    Self::replace(heaps, h, &left),
                ));
            }
        }
        moves
    }

    fn successors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        // One move per distinct heap size and result: equal heaps are interchangeable.
        for h in distinct(heaps) {
            out.extend(self.rules.options(h).iter().map(|left| Self::replace(heaps, h, left)));
        }
    }

    /// A notation, drawings, components; subtraction games also list their predecessors (for
    /// retrograde analysis without a reverse graph), other rulesets do not.
    fn capabilities(&self) -> Capabilities<'_, Vec<u32>> {
        Capabilities {
            backward: matches!(self.rules, Ruleset::Subtraction(_)).then_some(self),
            ..Capabilities::none().notation(self).drawing(self).decomposition(self)
        }
    }
}

impl Notation<Vec<u32>> for HeapGame {
    fn format(&self, heaps: &Vec<u32>) -> String {
        format_heaps(heaps)
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, ParseError> {
        parse_position(text, MAX_HEAP)
    }
}

impl Draw<Vec<u32>> for HeapGame {
    /// Drawn as heaps under the code and name of the rules, and under the name of the game of the
    /// library that plays them (`grundy-game`, `subtraction`) when there is one.
    fn svg(&self, heaps: &Vec<u32>) -> Option<String> {
        let (game, heading) = match &self.rules {
            Ruleset::Grundy => {
                (GRUNDY_INFO.name, "Grundy's game: split a heap into two unequal heaps".to_string())
            }
            Ruleset::Subtraction(set) => {
                let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
                (SUBTRACTION_NAME, format!("Subtraction game: take {} from one heap", set.join(", ")))
            }
            _ => (INFO.name, format!("Heap game {}", self.rules.title())),
        };
        Some(draw_heaps(game, &heading, heaps))
    }
}

impl Backward<Vec<u32>> for HeapGame {
    /// For a subtraction game, the positions with a move to `heaps`: one heap of size `h` grown
    /// to `h + s` for each distinct size `h` present and each `s` in the set, plus a new heap of
    /// size `s` (the heap that a move emptied). Each such position has exactly one move to
    /// `heaps` (the multiset difference fixes the heap and the amount, and [`Game::successors`]
    /// lists one move per distinct heap size and result), so each is listed once; growing one of
    /// two equal heaps is the same position as growing the other, and is listed once too.
    ///
    /// Heaps are bounded by [`MAX_HEAP`] only, not by the start's largest heap: a solve may be
    /// rooted at any parsed position (a query), whose heaps can be larger than the start's, and
    /// a bound below them would lose moves. Positions the solve did not reach are ignored by
    /// the solver.
    fn predecessors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let Ruleset::Subtraction(set) = &self.rules else { return };
        for &s in set {
            if s as u64 <= MAX_HEAP {
                let mut grown = heaps.clone();
                let at = grown.partition_point(|&h| h < s);
                grown.insert(at, s);
                out.push(grown);
            }
        }
        for h in distinct(heaps) {
            for &s in set {
                let to = h as u64 + s as u64;
                if to > MAX_HEAP {
                    break;
                }
                out.push(replace_heap(heaps, h, to as u32));
            }
        }
    }
}

impl Decompose<Vec<u32>> for HeapGame {
    fn components(&self, heaps: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
        single_heaps(heaps)
    }
}
