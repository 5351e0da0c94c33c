//! What a game of the library states about itself ([`GameInfo`]: name, help, parameters, how to
//! build it, [`Facts`] for the front ends), and the builders shared by the partizan games
//! ([`PartizanGame`], [`bridged`], [`valued`]). Every game defines its `INFO` with these; the
//! list of games (`registry.rs`) imports the games, and this module imports none.

use nimber_engine::{DynGame, Error, ParamSpec, Params};
use nimber_heaps::Ruleset;
use nimber_partizan::{Bridge, DynPartizan};

/// A game of the library.
pub struct GameInfo {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line of description.
    pub summary: &'static str,
    /// Rules, notation and where the game comes from.
    pub help: &'static str,
    /// Parameters with their defaults.
    pub params: &'static [ParamSpec],
    /// Builds the game from checked parameters.
    pub build: BuildGame,
    /// What front ends need to know about the game, so that none knows a game by name.
    pub facts: Facts,
}

/// The heap ruleset a game plays, from its parameters ([`Facts::ruleset`]).
pub type RulesetOf = fn(&Params) -> Result<Ruleset, Error>;

/// A game built from its parameters ([`GameInfo::build`], [`Facts::dense`]).
pub type BuildGame = fn(&Params) -> Result<Box<dyn DynGame>, Error>;

/// Facts a game states about itself for the front ends (the CLI, the web server).
#[derive(Clone, Copy)]
pub struct Facts {
    /// Its parameters name files on the machine it runs on (a graph file): a server must not
    /// offer it to its clients.
    pub reads_files: bool,
    /// A heap game: the heap ruleset of its parameters, whose nim sequence front ends can show
    /// (`nimber_heaps::nim_sequence`).
    pub ruleset: Option<RulesetOf>,
    /// It has a dense index: builds it for the dense solver (stored solutions, checkpoints).
    pub dense: Option<BuildGame>,
    /// A partizan game with values in the algebra of canonical forms (`nimber cgt`): builds it.
    pub partizan: Option<BuildPartizan>,
}

/// A partizan game built from its parameters ([`Facts::partizan`]).
pub type BuildPartizan = fn(&Params) -> Result<Box<dyn DynPartizan>, Error>;

/// A partizan game of the library, built from its parameters: [`bridged`] makes it a game of
/// the strong solvers ([`GameInfo::build`]), [`valued`] a game with values ([`Facts::partizan`]).
pub(crate) trait PartizanGame: Sized {
    /// The game of these (checked) parameters.
    fn from_params(params: &Params) -> Result<Self, Error>;
}

/// [`GameInfo::build`] of a partizan game: through [`Bridge`], with the player to move.
pub(crate) fn bridged<G: PartizanGame>(params: &Params) -> Result<Box<dyn DynGame>, Error>
where
    Bridge<G>: DynGame + 'static,
{
    Ok(Box::new(Bridge(G::from_params(params)?)))
}

/// [`Facts::partizan`] of a partizan game.
pub(crate) fn valued<G: PartizanGame + DynPartizan + 'static>(
    params: &Params,
) -> Result<Box<dyn DynPartizan>, Error> {
    Ok(Box::new(G::from_params(params)?))
}

impl Facts {
    /// None of the facts.
    pub const NONE: Facts = Facts { reads_files: false, ruleset: None, dense: None, partizan: None };
}
