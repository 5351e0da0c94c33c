//! `nimber list`: the games, their parameters and a line about each.

use std::io::Write;

use nimber_games::GameInfo;

use crate::args::ListArgs;
use crate::error::Failure;
use crate::game::{param_with_default, write_help};
use crate::output::{self, Align, GameJson, ParamJson, Table};

/// Lists every game, or shows one game's help when a game is named.
pub fn run(args: &ListArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if let Some(name) = &args.game {
        let info = nimber_games::find(name)?;
        if args.json {
            output::write_json(out, &game_json(info))?;
        } else {
            write_help(info, out)?;
        }
        return Ok(());
    }
    let games = nimber_games::all();
    if args.json {
        let docs: Vec<GameJson<'_>> = games.iter().map(game_json).collect();
        output::write_json(out, &docs)?;
        return Ok(());
    }
    let mut table =
        Table::new([("GAME", Align::Left), ("PARAMETERS", Align::Left), ("DESCRIPTION", Align::Left)]);
    for info in games {
        table.row(vec![info.name.to_string(), params_line(info), info.summary.to_string()]);
    }
    table.write(out)?;
    writeln!(out)?;
    writeln!(out, "`nimber help GAME` shows a game's rules, notation and parameters.")?;
    Ok(())
}

/// `heaps=3,4,5 misere=false`: each parameter with its default.
fn params_line(info: &GameInfo) -> String {
    if info.params.is_empty() {
        return "-".to_string();
    }
    info.params.iter().map(param_with_default).collect::<Vec<_>>().join(" ")
}

fn game_json(info: &GameInfo) -> GameJson<'_> {
    GameJson {
        name: info.name,
        summary: info.summary,
        help: info.help,
        params: info
            .params
            .iter()
            .map(|p| ParamJson { name: p.name, default: p.default, help: p.help })
            .collect(),
    }
}
