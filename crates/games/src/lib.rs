//! nimber's library of built-in games. Each game states its rules once by implementing
//! [`nimber_engine::Game`]; [`registry`] lists them, and a [`Recipe`] (a game with its
//! parameters) builds them for the front ends.
//!
//! The files, from the bottom up: `common/` holds what the games share and imports no game
//! (`info.rs`: [`GameInfo`] and [`Facts`], what a game states about itself; `svg.rs`: the
//! drawings; `grid.rs`: rectangular boards as bit sets; `multiset.rs`: heap positions); then one
//! module per game (a file, or a folder of one-job files such as `dobutsu/` and `dodgem/`);
//! on top, `registry.rs`, the list of the games, which imports every game and which no game's
//! code imports (only a test may, as `tests/suite/dodgem.rs` builds through it); above it,
//! `recipe.rs`: a game with checked parameters, its identity and title, and how to build it
//! (plainly, densely, as a partizan game), with the refusals the front ends share.

mod common;

pub mod berzerk;
pub mod clobber;
pub mod connect4;
pub mod cutcake;
pub mod dobutsu;
pub mod dodgem;
pub mod domineering;
pub mod enjapma;
pub mod fivehundredeleven;
pub mod gameindarkness;
pub mod graph;
pub mod hackenbush;
pub mod heap;
pub mod morris;
pub mod nim;
pub mod pathgame;
pub mod recipe;
pub mod registry;
pub mod subtraction;
pub mod tictactoe;
pub mod toadsandfrogs;

pub use common::grid;

/// Escapes text for SVG and XML (the escaper of the drawings of positions).
pub use common::svg::escape as xml_escape;

/// A hash of the sources of the engine, the heap games and the games (by `build.rs`): the
/// identity of the code that decides a solved game's values. Solutions kept in the cache are
/// keyed by it ([`nimber_engine::view::cache::Cache::file_for`]).
pub const SOLVER_SOURCE: &str = env!("NIMBER_SOLVER_SOURCE");

pub use recipe::{
    build, dense_games, open_solution, open_store, open_tiers, with_game, OpenedSolution, OpenedStore,
    OpenedTiers, Recipe, Saved,
};
pub use registry::{all, find, Facts, GameInfo};

/// Internals that the crate's tests (`tests/suite`, one binary: the library's own unit-test
/// binary is not built, see `Cargo.toml`) compare against or build with: the plain references
/// of fast paths and the encodings behind them, the tables of the indexes, the helpers of the
/// families, the drawing builder. For the crate's tests only, not a stable API.
#[doc(hidden)]
pub mod testing {
    /// Nine Men's Morris: the boards' tables and the classes of sets of points.
    pub mod morris {
        pub use crate::morris::board::{Board, Layout, SYMMETRIES};
        pub use crate::morris::index::{compressed_rank, expand};
        pub use crate::morris::orbits::{colex_rank, colex_sets, colex_unrank, Orbits, BINOMIAL};

        /// The board of `game`.
        pub fn board_of(game: &crate::morris::Morris) -> &'static Board {
            game.board
        }
    }

    /// Dōbutsu shōgi: the plain references of the fast paths (`dobutsu/reference.rs`), the
    /// encoding of a position, the material check, the live index's lion pairs.
    pub mod dobutsu {
        pub use crate::dobutsu::notation::check_material;
        pub use crate::dobutsu::numbering::live_lion_pairs;
        pub use crate::dobutsu::position::{CHICK, GOTE, GOTE_TO_MOVE, HAND_KINDS, HEN, LION};
        pub use crate::dobutsu::reference::{
            block_offsets, rank_sente, sente_attacks_lion, sente_terminal, unrank_sente, PosBits,
        };

        /// The fast paths on bitboards (`dobutsu/fast.rs`): the bit helpers, the versions this
        /// processor runs, and the portable ones.
        pub mod fast {
            #[cfg(target_arch = "x86_64")]
            pub use crate::dobutsu::fast::bmi2;
            pub use crate::dobutsu::fast::{
                canonical_sente, child_end_counts, child_ends, compress, insert_bit, live_canonical,
                live_child_keys, live_children, live_predecessor_slots, live_predecessors, mirror,
                move_classes, pdep12, pext12, pop12, portable, predecessor_slots, predecessors, rank,
                rank_live, remove_bit, sente_terminal, spread, successor_slots, unrank, unrank_live,
            };
        }
    }

    /// Dodgem: where the dense index's blocks start, sets of cells ranked colexicographically.
    pub mod dodgem {
        pub use crate::dodgem::index::first_pair;
        pub use crate::dodgem::numbering::{colex_rank, colex_unrank, CARS, CELLS, SETS, SET_FIRST};
    }

    /// Enjapma's family, part by part.
    pub mod enjapma {
        pub use crate::enjapma::explore::{parts, Parts};
    }

    /// The game in the dark's family, part by part, and its features.
    pub mod gameindarkness {
        pub use crate::gameindarkness::explore::{feature_values, parts, Parts, NO_JUNCTION};
    }

    /// Nim built from its parameters, the size of its families, its features.
    pub mod nim {
        pub use crate::nim::explore::{build, family_bounds, family_size, feature_names, feature_values};
    }

    /// The path game's boards with a path, and the features of a board.
    pub mod pathgame {
        pub use crate::pathgame::explore::{boards, feature_values};
    }

    /// The drawings' builder (`common/svg.rs`).
    pub mod svg {
        pub use crate::common::svg::{colour, escape, num, shorten, Anchor, Attrs, Svg};
    }
}
