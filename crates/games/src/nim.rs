//! Nim: heaps of counters; a move takes any positive number of counters from one heap.

use nimber_engine::{
    Capabilities, Decompose, Draw, DynGame, Error, Explore, Game, Kind, Move, Notation, ParamSpec, Params,
    ParseError,
};
use nimber_heaps::Ruleset;

use crate::common::info::{Facts, GameInfo};
use crate::common::multiset::{
    draw_heaps, format_heaps, parse_position, single_heaps, take_moves, take_successors,
};

pub(crate) mod explore;
mod index;

pub use index::IndexedNim;

/// Nim under normal play. A position is the multiset of heap sizes, kept sorted, so the order
/// in which heaps are written does not matter.
#[derive(Clone, Debug)]
pub struct Nim {
    start: Vec<u32>,
    /// Exploration family: positions of at most `count` heaps of at most `max` (see `nim/explore.rs`).
    count: usize,
    max: u32,
}

/// The largest heap accepted.
pub const MAX_HEAP: u64 = 1 << 20;

impl Nim {
    /// Nim starting from the given heaps.
    pub fn new(mut heaps: Vec<u32>) -> Nim {
        heaps.sort_unstable();
        let (count, max) = (heaps.len(), heaps.last().copied().unwrap_or(0));
        Nim { start: heaps, count, max }
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "nim",
    summary: "Nim: take any number of counters from one heap; the last to move wins",
    help: "Nim (C. L. Bouton, 1901). Heaps of counters; a move removes one or more counters from \
           one heap; a player with no move loses. The player to move loses exactly when the XOR \
           of the heap sizes is 0. Notation: heap sizes separated by commas, e.g. `3,4,5` (order \
           does not matter; an empty position is `-`). Exploration (`nimber explore`, `nimber \
           check`) covers every position of at most `count` heaps of at most `max`; with `max` \
           given, a single number for `heaps` is the count: `-p heaps=3 -p max=7` is three heaps \
           of at most 7, starting from 7,7,7. Features: heap1..heapK (sizes in increasing order, \
           empty heaps first), heaps (non-empty heaps), total, xor, moves.",
    params: &[
        ParamSpec { name: "heaps", default: "3,4,5", help: "heap sizes, comma-separated" },
        ParamSpec {
            name: "count",
            default: "",
            help: "exploration: at most this many heaps (default: as many as the start)",
        },
        ParamSpec {
            name: "max",
            default: "",
            help: "exploration: heaps of at most this size (default: the largest start heap)",
        },
    ],
    build,
    facts: Facts {
        ruleset: Some(|_| Ok(Ruleset::AllBut(Vec::new()))),
        dense: Some(build_dense),
        ..Facts::NONE
    },
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(explore::build(params)?))
}

/// Nim over its dense index (see [`IndexedNim`]), for `solve --save` and checkpoints.
pub(crate) fn build_indexed(params: &Params) -> Result<IndexedNim, Error> {
    IndexedNim::new(explore::build(params)?)
}

fn build_dense(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    Ok(Box::new(nimber_engine::view::dense::Dense(build_indexed(params)?)))
}

impl Game for Nim {
    type Position = Vec<u32>;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> Vec<u32> {
        self.start.iter().copied().filter(|&h| h > 0).collect()
    }

    fn moves(&self, heaps: &Vec<u32>) -> Vec<Move<Vec<u32>>> {
        take_moves(heaps, |h| (0..h).rev())
    }

    fn successors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        take_successors(heaps, |h| (0..h).rev(), out)
    }

    fn capabilities(&self) -> Capabilities<'_, Vec<u32>> {
        Capabilities::none().notation(self).drawing(self).decomposition(self).exploration(self)
    }
}

impl Notation<Vec<u32>> for Nim {
    fn format(&self, heaps: &Vec<u32>) -> String {
        format_heaps(heaps)
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, ParseError> {
        parse_position(text, MAX_HEAP)
    }
}

impl Draw<Vec<u32>> for Nim {
    fn svg(&self, heaps: &Vec<u32>) -> Option<String> {
        Some(draw_heaps(INFO.name, "Nim: take any number from one heap", heaps))
    }
}

impl Decompose<Vec<u32>> for Nim {
    fn components(&self, heaps: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
        single_heaps(heaps)
    }
}

impl Explore<Vec<u32>> for Nim {
    fn features(&self) -> Vec<String> {
        explore::feature_names(self)
    }

    fn feature_values(&self, heaps: &Vec<u32>, out: &mut Vec<i64>) {
        explore::feature_values(self, heaps, out)
    }

    fn family(&self) -> Result<Option<nimber_engine::Family<Vec<u32>>>, Error> {
        explore::family(self)
    }
}
