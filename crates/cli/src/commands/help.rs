//! `nimber help GAME`: a game's rules and parameters (the page that `nimber list GAME` shows
//! too, written by [`write_help`]); `nimber help COMMAND`: a command's options.

use std::io::Write;

use clap::CommandFactory;

use crate::args::{Cli, HelpArgs};
use crate::error::Failure;
use crate::game::write_help;

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
        return Ok(write_help(info, out)?);
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
