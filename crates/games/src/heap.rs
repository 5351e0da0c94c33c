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

#[cfg(test)]
mod tests {
    use super::*;
    use nimber_engine::solve::{grundy, memo};
    use nimber_engine::{Silent, Value};
    use nimber_heaps::nim_sequence;

    fn game(code: &str, heaps: &[u32]) -> HeapGame {
        HeapGame::new(Ruleset::parse(code).unwrap(), heaps.to_vec())
    }

    /// The rulesets of the cross-checks, with the largest heap checked.
    const RULESETS: &[(&str, u32)] = &[
        ("0.07", 100),
        ("0.77", 100),
        ("0.137", 100),
        ("0.16", 100),
        ("4.07", 100),
        ("0.54", 100),
        ("0.8", 40),
        ("0.F", 40),
        ("sub:1,3,4", 100),
        ("allbut:1,3", 100),
        ("grundy", 100),
    ];

    #[test]
    fn fast_sequences_equal_the_engine_on_every_heap() {
        // The engine's Sprague-Grundy solver on the rules of the library game against the
        // fast method of nimber-heaps, every single heap up to the bound.
        let mut heaps = 0;
        let mut positions = 0;
        for &(code, upto) in RULESETS {
            let game = game(code, &[upto]);
            let roots: Vec<Vec<u32>> = (0..=upto).map(|n| game.parse(&n.to_string()).unwrap()).collect();
            let nims = grundy::solve(&game, &roots, &Silent).unwrap();
            let fast = nim_sequence(game.rules(), upto as usize, &Silent);
            for (n, root) in roots.iter().enumerate() {
                assert_eq!(nims.get(root), Some(fast[n]), "{code}: heap {n}");
            }
            heaps += roots.len();
            positions += nims.len();
        }
        eprintln!(
            "{heaps} heaps of {} rulesets equal the engine's values ({positions} positions solved)",
            RULESETS.len()
        );
        assert_eq!(heaps, 9 * 101 + 2 * 41);
    }

    #[test]
    fn sums_of_heaps_are_the_xor_of_their_values() {
        // Every position of two or three heaps up to a bound: the engine's nim value is the XOR
        // of the single heaps' values, and (by memo search on the whole position, without
        // splitting into components) the player to move loses exactly when the XOR is 0.
        let mut checked = 0;
        let mut searched = 0;
        for &(code, _) in RULESETS {
            let (pairs_upto, triples_upto) =
                if code.contains('F') || code == "0.8" { (10, 6) } else { (14, 8) };
            let g = nim_sequence(game(code, &[1]).rules(), pairs_upto as usize, &Silent);
            let game = game(code, &[pairs_upto]);
            let mut roots = Vec::new();
            for a in 1..=pairs_upto {
                for b in a..=pairs_upto {
                    roots.push(vec![a, b]);
                }
            }
            for a in 1..=triples_upto {
                for b in a..=triples_upto {
                    for c in b..=triples_upto {
                        roots.push(vec![a, b, c]);
                    }
                }
            }
            let nims = grundy::solve(&game, &roots, &Silent).unwrap();
            for pos in &roots {
                let xor = pos.iter().fold(0, |x, &h| x ^ g[h as usize]);
                assert_eq!(nims.get(pos), Some(xor), "{code}: {pos:?}");
            }
            checked += roots.len();
            // Outcomes by plain search on a sample: pairs of heaps up to 9.
            let sample: Vec<Vec<u32>> = roots.iter().filter(|p| p.len() == 2 && p[1] <= 9).cloned().collect();
            let outcomes = memo::solve(&game, &sample, &Silent).unwrap();
            for pos in &sample {
                let xor = pos.iter().fold(0, |x, &h| x ^ g[h as usize]);
                assert_eq!(outcomes.get(pos).unwrap().value() == Value::Lose, xor == 0, "{code}: {pos:?}");
            }
            searched += sample.len();
        }
        eprintln!(
            "{checked} multi-heap positions: nim value is the XOR; {searched} outcomes by search agree"
        );
        assert_eq!(searched, RULESETS.len() * 45);
        assert_eq!(checked, 9 * (105 + 120) + 2 * (55 + 56));
    }

    #[test]
    fn moves_are_labelled_with_the_heaps_left() {
        let kayles = game("0.77", &[7]);
        let labels: Vec<String> = kayles.moves(&vec![7]).into_iter().map(|m| m.label).collect();
        assert_eq!(labels, ["7 -> 6", "7 -> 1+5", "7 -> 2+4", "7 -> 3+3", "7 -> 5", "7 -> 1+4", "7 -> 2+3"]);
        let moves = kayles.moves(&vec![1, 3]);
        let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(labels, ["1 -> 0", "3 -> 2", "3 -> 1+1", "3 -> 1"]);
        assert_eq!(moves[2].to, vec![1, 1, 1]);
        let grundy = HeapGame::new(Ruleset::Grundy, vec![7]);
        let labels: Vec<String> = grundy.moves(&vec![7]).into_iter().map(|m| m.label).collect();
        assert_eq!(labels, ["7 -> 1+6", "7 -> 2+5", "7 -> 3+4"]);
    }

    #[test]
    fn a_query_names_a_winning_move() {
        // Kayles 4,6: values 1 and 3, XOR 2: a win; a winning move leaves XOR 0.
        let g = crate::build(INFO.name, &["code=0.77", "heaps=4,6"]).unwrap();
        let report = g.query(None, &Silent).unwrap();
        assert_eq!(report.outcome.value(), Value::Win);
        let best = &report.moves[0];
        assert_eq!(best.outcome.value(), Value::Win);
        let values = nim_sequence(&Ruleset::parse("0.77").unwrap(), 10, &Silent);
        let left: Vec<u32> = best.position.split(',').map(|h| h.parse().unwrap()).collect();
        assert_eq!(left.iter().fold(0, |x, &h| x ^ values[h as usize]), 0, "{}", best.label);
    }

    #[test]
    fn notation_and_parameters() {
        let kayles = game("0.77", &[10]);
        for text in ["10", "3,4,5", "-", "2,2,9"] {
            assert_eq!(kayles.format(&kayles.parse(text).unwrap()), text);
        }
        assert_eq!(kayles.format(&kayles.parse(" 5, 0,3").unwrap()), "3,5");
        assert_eq!(kayles.parse("3,x").unwrap_err().column, Some(3));
        let g = crate::build(INFO.name, &[] as &[&str]).unwrap();
        assert_eq!(g.start_text(), "10");
        let e = crate::build(INFO.name, &["code=0.7x"]).err().unwrap().to_string();
        assert!(e.contains("code=0.7x") && e.contains("column 4"), "{e}");
        let g = crate::build(GRUNDY_INFO.name, &["heaps=7,0,3"]).unwrap();
        assert_eq!(g.start_text(), "3,7");
        assert!(crate::build(GRUNDY_INFO.name, &["code=0.77"]).is_err());
    }
}
