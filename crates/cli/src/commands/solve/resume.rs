//! Stopping a solve and resuming it: the checkpoint it keeps (`--checkpoint FILE`, or next to
//! `--save FILE`; a cluster process's own members), checked before the work (a checkpoint to
//! resume from is there, none is in the way of a new solve), what a stopped solve says, and the
//! command line that resumes it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use nimber_engine::store::checkpoint::CheckpointOptions;

use crate::args::SolveArgs;
use crate::error::Failure;
use crate::game::Built;

/// The checkpoints asked for: `--checkpoint FILE`, or next to `--save FILE`; checked before the
/// work (a checkpoint to resume from is there, none is in the way of a new solve).
pub(super) fn checkpoint_options(
    args: &SolveArgs,
    built: &Built,
) -> Result<Option<CheckpointOptions>, Failure> {
    checkpoint_options_of(args, built, |path| vec![path.to_path_buf()])
}

/// [`checkpoint_options`] where the files of the checkpoint named `PATH` are `files(PATH)` (a
/// cluster process's own files): to resume, one of them must be there; to start, none.
pub(super) fn checkpoint_options_of(
    args: &SolveArgs,
    built: &Built,
    files: impl Fn(&Path) -> Vec<PathBuf>,
) -> Result<Option<CheckpointOptions>, Failure> {
    let path = match (&args.checkpoint, &args.save) {
        (Some(path), _) => path.clone(),
        (None, Some(save)) => {
            let mut path = save.as_os_str().to_owned();
            path.push(".checkpoint");
            PathBuf::from(path)
        }
        (None, None) if args.resume => {
            return Err(Failure::msg(
                "--resume: no checkpoint named: give the solve's --checkpoint FILE (or its --save FILE, \
                 whose checkpoint is FILE.checkpoint)",
            ))
        }
        (None, None) => return Ok(None),
    };
    let mut there = None;
    for file in files(&path) {
        if file.try_exists().map_err(|e| Failure::io(&file, e))? {
            there.get_or_insert(file);
        }
    }
    let first = files(&path).into_iter().next().unwrap_or_else(|| path.clone());
    if args.resume && there.is_none() {
        return Err(Failure::msg(format!(
            "--resume: there is no checkpoint {} to resume from (the solve finished, or was never \
             stopped after its first checkpoint); run without --resume to start over",
            first.display()
        )));
    }
    if let (false, Some(file)) = (args.resume, &there) {
        return Err(Failure::msg(format!(
            "{}: the checkpoint of an earlier solve is there: add --resume to continue it, or remove \
             the file to start over",
            file.display()
        )));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(Failure::msg(format!(
            "--checkpoint {}: no such directory {}",
            path.display(),
            dir.display()
        )));
    }
    let mut options = CheckpointOptions::new(path, built.recipe.id());
    options.every = Duration::from_secs(args.checkpoint_every);
    options.resume = args.resume;
    Ok(Some(options))
}

/// What a solve stopped by Ctrl-C says: where its work is and how to go on.
pub(super) fn stopped_message(saved: Option<&str>, checkpoints: bool) -> String {
    match saved {
        Some(path) => {
            format!("stopped; the work so far is saved in {path}\nto continue: {}", resume_command())
        }
        None if checkpoints => "stopped before a checkpoint could be taken; nothing was saved".to_string(),
        None => "stopped before the end".to_string(),
    }
}

/// This command line with `--resume`, for the user to run next.
pub(super) fn resume_command() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut words = vec!["nimber".to_string()];
    words.extend(args.iter().map(|a| shell_word(a)));
    if !args.iter().any(|a| a == "--resume") {
        words.push("--resume".to_string());
    }
    words.join(" ")
}

/// `word` as the shell reads it: as is when plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain =
        !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_=.,/:+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
