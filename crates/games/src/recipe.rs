//! A game of the library with its parameters, checked ([`Recipe`]): what every front end builds
//! its games from (the command line, the web server, the Python package), whatever the
//! parameters came as, and what it names them by.

use std::path::Path;

use nimber_engine::solve::search::SearchOptions;
use nimber_engine::store::Store;
use nimber_engine::{CountRow, DynGame, DynSearcher, Error, GameId, Params, QueryReport};
use nimber_heaps::Ruleset;
use nimber_partizan::DynPartizan;

use crate::common::info::{Facts, GameInfo};
use crate::registry::{all, find};

/// A game of the library with checked parameters: its [`GameInfo`], its [`GameId`] (the name
/// and every parameter, defaults included) and the ways to build it. Made once from what the
/// user gave ([`Recipe::parse`], [`Recipe::from_pairs`]) or from a file's header
/// ([`Recipe::from_id`]).
#[derive(Clone)]
pub struct Recipe {
    info: &'static GameInfo,
    params: Params,
    id: GameId,
}

impl Recipe {
    /// The game `name` with `key=value` parameters (as `-p` gives them).
    pub fn parse<S: AsRef<str>>(name: &str, args: &[S]) -> Result<Recipe, Error> {
        let info = find(name)?;
        Ok(Recipe::of(info, Params::parse(info.name, info.params, args)?))
    }

    /// The game `name` with `(key, value)` parameters (a JSON object, keyword arguments).
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        name: &str,
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Recipe, Error> {
        let info = find(name)?;
        Ok(Recipe::of(info, Params::from_pairs(info.name, info.params, pairs)?))
    }

    /// The game a file names (a store's or a checkpoint's header), refused unless this nimber
    /// knows the game with exactly these parameters; `what` (the file) starts the refusal.
    pub fn from_id(id: &GameId, what: &str) -> Result<Recipe, Error> {
        let info = find(id.name())?;
        Ok(Recipe::of(info, Params::of_id(info.params, id, what)?))
    }

    fn of(info: &'static GameInfo, params: Params) -> Recipe {
        let id = params.id();
        Recipe { info, params, id }
    }

    /// What the game states about itself.
    pub fn info(&self) -> &'static GameInfo {
        self.info
    }

    /// The game with every parameter: what stores, checkpoints and the cache record.
    pub fn id(&self) -> &GameId {
        &self.id
    }

    /// `nim heaps=3,4,5`: the game and its parameters (those left empty are not shown).
    pub fn title(&self) -> String {
        self.id.to_string()
    }

    /// The game, for every solver.
    pub fn build(&self) -> Result<Box<dyn DynGame>, Error> {
        (self.info.build)(&self.params)
    }

    /// The game over its dense index, for stored solutions (`solve --save`, `query --db`,
    /// checkpoints, clusters); `None` for a game without one ([`crate::Facts::dense`]). Some games
    /// with one are otherwise built for memo search (tic-tac-toe, Nim, graph games and small
    /// Dodgem boards: their surveys and nim values need the hash-map solvers, and Nim's queries
    /// may go beyond the bounds of its index).
    pub fn build_dense(&self) -> Result<Option<Box<dyn DynGame>>, Error> {
        self.info.facts.dense.map(|dense| dense(&self.params)).transpose()
    }

    /// [`Recipe::build_dense`], refused for a game without a dense index: the refusal says
    /// `why` a dense index is needed and names the games that have one.
    pub fn dense(&self, why: &str) -> Result<Box<dyn DynGame>, Error> {
        self.build_dense()?.ok_or_else(|| {
            Error::Unsupported(format!(
                "{} is not solved through a dense index; {why} ({})",
                self.info.name,
                dense_games().join(", ")
            ))
        })
    }

    /// The partizan game with values ([`crate::Facts::partizan`]), refused for other games:
    /// the refusal names the games that have values, as what `asked` (the front end's name
    /// for the request) takes.
    pub fn partizan(&self, asked: &str) -> Result<Box<dyn DynPartizan>, Error> {
        let build = self.info.facts.partizan.ok_or_else(|| {
            Error::Unsupported(format!(
                "{} is not a partizan game with values ({asked} takes: {})",
                self.info.name,
                names_with(|f| f.partizan.is_some()).join(", ")
            ))
        })?;
        build(&self.params)
    }

    /// The heap ruleset of a heap game ([`crate::Facts::ruleset`]); `None` for other games.
    pub fn ruleset(&self) -> Result<Option<Ruleset>, Error> {
        self.info.facts.ruleset.map(|ruleset| ruleset(&self.params)).transpose()
    }

    /// [`Recipe::ruleset`], refused for a game that is not a heap game: the refusal names the
    /// heap games.
    pub fn heap_ruleset(&self) -> Result<Ruleset, Error> {
        self.ruleset()?.ok_or_else(|| {
            Error::Unsupported(format!(
                "{} is not a heap game ({})",
                self.info.name,
                names_with(|f| f.ruleset.is_some()).join(", ")
            ))
        })
    }
}

impl std::fmt::Debug for Recipe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Recipe").field(&self.id).finish()
    }
}

/// Builds the game called `name` from `key=value` parameters: [`Recipe::parse`] then
/// [`Recipe::build`], for a game wanted without its name and parameters.
pub fn build<S: AsRef<str>>(name: &str, params: &[S]) -> Result<Box<dyn DynGame>, Error> {
    Recipe::parse(name, params)?.build()
}

/// The names of the games that can be solved through a dense index ([`Recipe::build_dense`]
/// builds them), for `solve --save` and `--checkpoint`, in the order of [`all`].
pub fn dense_games() -> Vec<&'static str> {
    names_with(|f| f.dense.is_some())
}

/// The names of the games whose [`Facts`] say `has`, in the order of [`all`]: what a refusal
/// offers instead.
fn names_with(has: impl Fn(&Facts) -> bool) -> Vec<&'static str> {
    all().iter().filter(|g| has(&g.facts)).map(|g| g.name).collect()
}

/// A solved game stored by `solve --save`, opened with its game.
pub struct OpenedStore {
    /// The stored game with its parameters.
    pub recipe: Recipe,
    /// The game, built through its dense index ([`DynGame::dense`] is `Some`).
    pub game: Box<dyn DynGame>,
    /// The open file.
    pub store: Store,
}

/// Opens a store and builds its game from the stored name and parameters, checking that this
/// nimber indexes the game the same way.
pub fn open_store(path: &Path) -> Result<OpenedStore, Error> {
    with_game(Store::open(path)?)
}

/// A directory of tiers solved by `solve --save DIR` (a game solved tier by tier), opened with
/// its game.
pub struct OpenedTiers {
    /// The solved game with its parameters.
    pub recipe: Recipe,
    /// The game ([`DynGame::tiered`] is `Some`).
    pub game: Box<dyn DynGame>,
}

/// Opens a directory of tiers: reads its manifest and builds its game from the name and
/// parameters recorded there, refusing a game this nimber does not solve tier by tier.
pub fn open_tiers(dir: &Path) -> Result<OpenedTiers, Error> {
    let manifest = nimber_engine::store::tiers::Manifest::read(dir)?;
    let recipe = Recipe::from_id(&manifest.id, &dir.display().to_string())?;
    let game = recipe.build()?;
    if game.tiered().is_none() {
        return Err(Error::Unsupported(format!(
            "{}: {} is not solved tier by tier by this nimber",
            dir.display(),
            recipe.info.name
        )));
    }
    Ok(OpenedTiers { recipe, game })
}

/// A solution saved by `solve --save`: a store file, or a directory of tiers (a game solved
/// tier by tier), opened with its game, as `query --db`, the web explorer and Python read it.
pub struct OpenedSolution {
    /// The solved game with its parameters.
    pub recipe: Recipe,
    /// The game.
    pub game: Box<dyn DynGame>,
    /// Where the outcomes are read from.
    pub saved: Saved,
    /// The position to show first.
    start: String,
}

/// Where a saved solution's outcomes are read from.
pub enum Saved {
    /// A store file (the game is built through its dense index).
    File(Box<Store>),
    /// A directory of tiers (the game is solved tier by tier), its stores open.
    Tiers(Box<nimber_engine::view::tiers::TierFiles>),
}

impl OpenedSolution {
    /// The positions solved, by value and remoteness.
    pub fn counts(&self) -> &[CountRow] {
        match &self.saved {
            Saved::File(store) => &store.header().counts,
            Saved::Tiers(files) => files.counts(),
        }
    }

    /// The number of positions solved.
    pub fn positions(&self) -> u64 {
        self.counts().iter().map(|r| r.count).sum()
    }

    /// The position to show first: the game's start, or for a directory of tiers that does not
    /// hold it, the first position of the last tier solved.
    pub fn start(&self) -> &str {
        &self.start
    }

    /// A position (when `None`, the position to show first: [`OpenedSolution::start`]) and what
    /// each of its moves gives the mover, read from the saved solution.
    pub fn query(&self, position: Option<&str>) -> Result<QueryReport, Error> {
        match &self.saved {
            Saved::File(store) => self
                .game
                .dense()
                .expect("open_solution builds dense games for files")
                .query_store(store, position),
            Saved::Tiers(files) => self
                .game
                .tiered()
                .expect("open_solution builds tiered games for directories")
                .query_files(files, Some(position.unwrap_or(&self.start))),
        }
    }

    /// The engine's exact search over the game's rules, answering every position the saved
    /// solution holds from it (`nimber search --db`): for a directory of Nine Men's Morris's
    /// tiers, the placement is searched and the mid- and endgame read.
    pub fn searcher(&self, options: &SearchOptions) -> Result<Box<dyn DynSearcher + '_>, Error> {
        match &self.saved {
            Saved::File(store) => self
                .game
                .dense()
                .expect("open_solution builds dense games for files")
                .searcher_over(store, options),
            Saved::Tiers(files) => self
                .game
                .tiered()
                .expect("open_solution builds tiered games for directories")
                .searcher_over(files, options),
        }
    }
}

/// Opens a solution saved by `solve --save`: a directory of tiers ([`open_tiers`], every tier's
/// store opened and checked) or a store file ([`open_store`]).
pub fn open_solution(path: &Path) -> Result<OpenedSolution, Error> {
    if path.is_dir() {
        let opened = open_tiers(path)?;
        let tiered = opened.game.tiered().expect("open_tiers opens tiered games");
        let files = tiered.open_files(path)?;
        let start = tiered.files_start(&files)?;
        Ok(OpenedSolution {
            recipe: opened.recipe,
            game: opened.game,
            saved: Saved::Tiers(Box::new(files)),
            start,
        })
    } else {
        let opened = open_store(path)?;
        let start = opened.game.start_text();
        Ok(OpenedSolution {
            recipe: opened.recipe,
            game: opened.game,
            saved: Saved::File(Box::new(opened.store)),
            start,
        })
    }
}

/// Builds the game of an open store ([`Store::open`], or [`Store::from_bytes`] for bytes in
/// memory) from the stored name and parameters, checking that this nimber indexes the game the
/// same way. A graph game reads the file its parameters name.
pub fn with_game(store: Store) -> Result<OpenedStore, Error> {
    let path = store.path().display().to_string();
    let recipe = Recipe::from_id(&store.header().id, &path)?;
    let game = recipe
        .build_dense()
        .map_err(|e| match e {
            // A game read from a file (a graph) that is no longer where the solve found it.
            Error::Io { .. } => Error::Unsupported(format!(
                "{path}: the stored game `{}` cannot be built: {e}",
                recipe.title()
            )),
            e => e,
        })?
        .ok_or_else(|| {
            Error::Unsupported(format!(
                "{path}: {} is not solved through a dense index by this nimber",
                recipe.info.name
            ))
        })?;
    store.check_index(game.dense().expect("build_dense builds dense games"))?;
    Ok(OpenedStore { recipe, game, store })
}
