//! `nimber help GAME` (and `nimber list GAME`): a game's rules and parameters; `nimber help
//! COMMAND`: a command's options.

use std::io::Write;

use clap::CommandFactory;
use nimber_engine::ParamSpec;
use nimber_games::GameInfo;

use crate::args::{Cli, HelpArgs};
use crate::error::Failure;
use crate::output::{self, Align, Table};

/// Width to which long help lines are wrapped.
const WIDTH: usize = 88;

/// Shows the help of a game or a command, or the general help.
pub fn run(args: &HelpArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut cli = Cli::command();
    cli.build();
    let Some(topic) = &args.topic else {
        write!(out, "{}", cli.render_long_help())?;
        return Ok(());
    };
    // Games first: a game may share a name with a command only by accident.
    if let Ok(info) = nimber_games::find(topic) {
        return Ok(write_game(info, out)?);
    }
    if let Some(command) = cli.find_subcommand_mut(topic) {
        write!(out, "{}", command.render_long_help())?;
        return Ok(());
    }
    let games: Vec<&str> = nimber_games::all().iter().map(|g| g.name).collect();
    let commands: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
    Err(Failure::msg(format!(
        "no game or command called `{topic}` (games: {}; commands: {})",
        games.join(", "),
        commands.join(", ")
    )))
}

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

/// A game's name, summary, rules, parameters and an example.
pub fn write_game(info: &GameInfo, out: &mut dyn Write) -> std::io::Result<()> {
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
