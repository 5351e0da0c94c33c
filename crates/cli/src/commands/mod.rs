//! The subcommands. Each writes its results to `out` (standard output) and reports failures
//! as [`Failure`](crate::error::Failure)s.

pub mod analyze;
pub mod cache;
pub mod cgt;
pub mod check;
pub mod cluster;
pub mod explore;
pub mod genus;
pub mod grundy;
pub mod help;
pub mod list;
pub mod problem;
pub mod query;
pub mod serve;
pub mod solve;

use nimber_engine::{DynGame, Params};
use nimber_games::GameInfo;
use nimber_partizan::{DynPartizan, ValueSurvey};

use crate::args::GameArgs;
use crate::error::Failure;

/// A game built from the command line, with what is needed to describe it.
pub struct Built {
    pub info: &'static GameInfo,
    /// Every parameter as `key=value`, defaults included.
    pub params: Vec<(String, String)>,
    pub game: Box<dyn DynGame>,
}

impl Built {
    /// `nim heaps=3,4,5`: the game and its parameters (those left empty are not shown).
    pub fn title(&self) -> String {
        let mut title = self.info.name.to_string();
        for (key, value) in self.params.iter().filter(|(_, v)| !v.is_empty()) {
            title.push(' ');
            title.push_str(key);
            title.push('=');
            title.push_str(value);
        }
        title
    }

    /// The game over its dense index, built anew from its parameters; `None` for a game without
    /// one.
    pub fn dense_game(&self) -> Result<Option<Box<dyn DynGame>>, Failure> {
        let given: Vec<String> =
            self.params.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}={v}")).collect();
        Ok(nimber_games::build_dense(self.info.name, &given)?)
    }
}

/// Builds the game named on the command line from its `-p` parameters.
pub fn build(args: &GameArgs) -> Result<Built, Failure> {
    let info = nimber_games::find(&args.game)?;
    let params = Params::parse(info.name, info.params, &args.params)?.resolved();
    let game = nimber_games::build(&args.game, &args.params)?;
    Ok(Built { info, params, game })
}

/// Solves the positions that `explore` and `check` are about: the game's family, or the
/// positions reachable from `from`; with a progress bar. Returns the survey and the time taken.
pub fn survey(
    built: &Built,
    from: Option<&str>,
    nim: bool,
) -> Result<(nimber_lab::Survey, std::time::Duration), Failure> {
    use nimber_lab::{Scope, SurveyOptions};
    let scope = match from {
        Some(text) => Scope::From(text),
        None => Scope::Family,
    };
    let progress = crate::progress::TerminalProgress::start();
    let started = std::time::Instant::now();
    let survey = built.game.survey(&SurveyOptions { scope, nim }, &progress);
    progress.finish();
    Ok((survey?, started.elapsed()))
}

/// The partizan game with values named on the command line (`nimber cgt`, `--values`), or a
/// one-line refusal naming the games that have them; `what` names the command or option.
pub fn partizan(info: &GameInfo, params: &[String], what: &str) -> Result<Box<dyn DynPartizan>, Failure> {
    let build = info.facts.partizan.ok_or_else(|| {
        let names: Vec<&str> =
            nimber_games::all().iter().filter(|g| g.facts.partizan.is_some()).map(|g| g.name).collect();
        Failure::msg(format!(
            "{} is not a partizan game with values (`{what}` takes: {})",
            info.name,
            names.join(", ")
        ))
    })?;
    Ok(build(&Params::parse(info.name, info.params, params)?)?)
}

/// Values the positions that `explore --values` and `check --values` are about: the game's
/// family, or the positions reachable from `from`; with a progress bar. Returns the survey and
/// the time taken.
pub fn value_survey(
    game: &dyn DynPartizan,
    from: Option<&str>,
) -> Result<(ValueSurvey, std::time::Duration), Failure> {
    use nimber_lab::Scope;
    let scope = match from {
        Some(text) => Scope::From(text),
        None => Scope::Family,
    };
    let progress = crate::progress::TerminalProgress::start();
    let started = std::time::Instant::now();
    let survey = game.survey(scope, &progress);
    progress.finish();
    Ok((survey?, started.elapsed()))
}
