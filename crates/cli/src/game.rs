//! The game named on the command line, as the commands build and describe it: [`Built`] (the
//! game with its parameters, its title and its dense index), its misère version, the partizan
//! game of `--values` and `nimber cgt`, the game of a stored solution, the surveys of `explore`
//! and `check`, and a game's help page (`nimber help GAME`, `nimber list GAME`).

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use nimber_engine::solve::survey::{Scope, Survey, SurveyOptions};
use nimber_engine::store::Store;
use nimber_engine::{DynGame, ParamSpec};
use nimber_games::{GameInfo, Recipe};

use nimber_partizan::{DynPartizan, ValueSurvey};

use crate::args::GameArgs;
use crate::error::Failure;
use crate::output::{self, Align, Table};
use crate::progress::TerminalProgress;

/// A game built from the command line: the game with its parameters, and the game.
pub struct Built {
    pub recipe: Recipe,
    pub game: Box<dyn DynGame>,
}

impl Built {
    /// What the game states about itself.
    pub fn info(&self) -> &'static GameInfo {
        self.recipe.info()
    }

    /// `nim heaps=3,4,5`: the game and its parameters (those left empty are not shown).
    pub fn title(&self) -> String {
        self.recipe.title()
    }

    /// The game over its dense index, for what `flag` asks, refused for a game without one
    /// (`why`: why the dense index is needed) and under misère play.
    pub fn dense_for(&self, misere: bool, flag: &str, why: &str) -> Result<Box<dyn DynGame>, Failure> {
        if misere {
            return Err(Failure::msg(format!("{flag}: {why}, which has no misère play")));
        }
        self.recipe.dense(why).map_err(|e| Failure::msg(format!("{flag}: {e}")))
    }
}

/// Builds the game named on the command line from its `-p` parameters.
pub fn build(args: &GameArgs) -> Result<Built, Failure> {
    let recipe = Recipe::parse(&args.game, &args.params)?;
    let game = recipe.build()?;
    Ok(Built { recipe, game })
}

/// Why `--misere` has no nim values.
pub const MISERE_NIM: &str =
    "--misere: nim values are for normal play (misère sums do not add up by XOR); for heap \
                              games, `nimber genus RULESET --upto N` gives the misère values of single heaps";

/// The misère version of the game built from the command line.
pub fn misere_game(built: &Built) -> Result<Box<dyn DynGame + '_>, Failure> {
    built
        .game
        .misere()
        .ok_or_else(|| Failure::msg(format!("--misere: {} has no misère version", built.info().name)))
}

/// Opens a store and builds its game from the stored name and parameters, checking that this
/// nimber indexes the game the same way.
pub fn open_db(path: &Path) -> Result<(Built, Store), Failure> {
    let opened = nimber_games::open_store(path)?;
    Ok((Built { recipe: opened.recipe, game: opened.game }, opened.store))
}

/// Solves the positions that `explore` and `check` are about: the game's family, or the
/// positions reachable from `from`; with a progress bar. Returns the survey and the time taken.
pub fn survey(built: &Built, from: Option<&str>, nim: bool) -> Result<(Survey, Duration), Failure> {
    let scope = match from {
        Some(text) => Scope::From(text),
        None => Scope::Family,
    };
    let progress = TerminalProgress::start();
    let started = Instant::now();
    let survey = built.game.survey(&SurveyOptions { scope, nim }, &progress);
    progress.finish();
    Ok((survey?, started.elapsed()))
}

/// The partizan game with values named on the command line (`nimber cgt`, `--values`), or a
/// one-line refusal naming the games that have them; `what` names the command or option.
pub fn partizan(recipe: &Recipe, what: &str) -> Result<Box<dyn DynPartizan>, Failure> {
    Ok(recipe.partizan(&format!("`{what}`"))?)
}

/// Values the positions that `explore --values` and `check --values` are about: the game's
/// family, or the positions reachable from `from`; with a progress bar. Returns the survey and
/// the time taken.
pub fn value_survey(game: &dyn DynPartizan, from: Option<&str>) -> Result<(ValueSurvey, Duration), Failure> {
    let scope = match from {
        Some(text) => Scope::From(text),
        None => Scope::Family,
    };
    let progress = TerminalProgress::start();
    let started = Instant::now();
    let survey = game.survey(scope, &progress);
    progress.finish();
    Ok((survey?, started.elapsed()))
}

/// Width to which the long lines of a game's help are wrapped.
const WIDTH: usize = 88;

/// `heaps=3,4,5`, or `file=` when there is no default.
pub fn param_with_default(p: &ParamSpec) -> String {
    format!("{}={}", p.name, p.default)
}

/// Whether a parameter must be given. An empty default marks a required parameter, but some
/// games also leave optional parameters empty (the game then works the value out), so the
/// help line must say "required" too.
fn required(p: &ParamSpec) -> bool {
    p.default.is_empty() && p.help.contains("required")
}

/// A game's help page: its name, summary, rules, parameters and an example.
pub fn write_help(info: &GameInfo, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "{}: {}", info.name, info.summary)?;
    writeln!(out)?;
    write!(out, "{}", output::wrap(info.help.trim_end(), WIDTH))?;
    writeln!(out)?;
    if info.params.is_empty() {
        writeln!(out, "Parameters: none")?;
    } else {
        writeln!(out, "Parameters (-p KEY=VALUE; defaults shown):")?;
        let mut table = Table::headless([Align::Left, Align::Left]).indent(2);
        for p in info.params {
            table.row(vec![param_with_default(p), p.help.to_string()]);
        }
        table.write(out)?;
    }
    // Required parameters must appear in the examples for them to work.
    let required: String =
        info.params.iter().filter(|p| required(p)).map(|p| format!(" -p {}=...", p.name)).collect();
    writeln!(out)?;
    writeln!(out, "Examples:")?;
    writeln!(out, "  nimber solve {}{required}", info.name)?;
    writeln!(out, "  nimber query {}{required}", info.name)?;
    Ok(())
}
