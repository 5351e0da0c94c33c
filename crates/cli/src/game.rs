//! The game named on the command line, as the commands build and describe it: [`Built`] (the
//! game with its parameters, its title and its dense index), its misère version, the partizan
//! game of `--values` and `nimber cgt`, the game of a stored solution, the surveys of `explore`
//! and `check`, and a game's help page (`nimber help GAME`, `nimber list GAME`).

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use nimber_engine::store::Store;
use nimber_engine::{DynGame, ParamSpec, Params};
use nimber_games::GameInfo;
use nimber_lab::{Scope, Survey, SurveyOptions};
use nimber_partizan::{DynPartizan, ValueSurvey};

use crate::args::GameArgs;
use crate::error::Failure;
use crate::output::{self, Align, Table};
use crate::progress::TerminalProgress;

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

/// Why `--misere` has no nim values.
pub const MISERE_NIM: &str =
    "--misere: nim values are for normal play (misère sums do not add up by XOR); for heap \
                              games, `nimber genus RULESET --upto N` gives the misère values of single heaps";

/// The misère version of the game built from the command line.
pub fn misere_game(built: &Built) -> Result<Box<dyn DynGame + '_>, Failure> {
    built
        .game
        .misere()
        .ok_or_else(|| Failure::msg(format!("--misere: {} has no misère version", built.info.name)))
}

/// Opens a store and builds its game from the stored name and parameters, checking that this
/// nimber indexes the game the same way.
pub fn open_db(path: &Path) -> Result<(Built, Store), Failure> {
    let opened = nimber_games::open_store(path)?;
    Ok((Built { info: opened.info, params: opened.params, game: opened.game }, opened.store))
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
