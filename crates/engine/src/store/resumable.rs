//! The dense solve that keeps checkpoints and resumes from them ([`solve_dense`]): the driver
//! of [`crate::table::dense::solve`]'s steps (the search for the reachable set, then the
//! rounds) with a [`Checkpointer`] between them. It drives a solve, so it would sit with the
//! dense solver, but it writes and reads checkpoints, which the layer of dense tables may not
//! import: it is the files layer's.

use crate::error::Error;
use crate::progress::Progress;
use crate::solve::retrograde::Rounds;
use crate::store::checkpoint::format::Loaded;
use crate::store::checkpoint::hook::{CheckpointOptions, Checkpointer};
use crate::store::frame::Identity;
use crate::table::dense::{
    check_memory, estimate, reachable_from, word_bits, DenseSolution, DenseSpace, DenseWord,
};
use crate::table::plumbing::SlotMoves;

/// [`crate::table::dense::solve`] keeping checkpoints as `options` says, or resuming from one: the
/// reachable set then comes from the checkpoint instead of a search. The checkpoint is left in
/// place at the end, for the caller to remove once the result is safe
/// ([`CheckpointOptions::remove`]).
pub fn solve_dense<G: SlotMoves>(
    game: &G,
    memory_limit: Option<u64>,
    options: &CheckpointOptions,
    progress: &dyn Progress,
) -> Result<DenseSolution, Error> {
    crate::table::plumbing::check_backward(game)?;
    let identity = Identity { id: options.id.clone(), scheme: game.index_scheme(), size: game.size() };
    let before = estimate(game, None);
    progress.note(&format!("dense solve: {}", before.describe()));
    check_memory(&before, memory_limit)?;
    match word_bits(game) {
        8 => solve_dense_with::<G, u8>(game, memory_limit, options, identity, progress),
        _ => solve_dense_with::<G, u16>(game, memory_limit, options, identity, progress),
    }
}

/// [`solve_dense`] with state words of type `W`.
fn solve_dense_with<G: SlotMoves, W: DenseWord>(
    game: &G,
    memory_limit: Option<u64>,
    options: &CheckpointOptions,
    identity: Identity,
    progress: &dyn Progress,
) -> Result<DenseSolution, Error> {
    let (mut checkpointer, loaded) = Checkpointer::start::<W>(options, identity)?;
    if let Some((header, _)) = &loaded {
        progress.note(&format!("resuming from {}: {}", options.path.display(), header.stage.describe()));
    }
    let (search, rounds) = match loaded {
        None => (None, None),
        Some((_, Loaded::Search(search))) => (Some(search), None),
        Some((_, Loaded::Rounds(set, resume))) => (None, Some((set, resume))),
    };
    let (set, resume) = match rounds {
        Some((set, resume)) => (set, Some(resume)),
        None => {
            let set = reachable_from(game, search, progress, &mut |at| {
                checkpointer.between_levels::<W>(at, progress)
            })?;
            (set, None)
        }
    };
    check_memory(&estimate(game, Some(set.count())), memory_limit)?;
    let space = DenseSpace::new(game, &set);
    let words = Rounds::<_, W>::new(&space)
        .resume(resume)
        .between(|at| checkpointer.between(&set, at, progress))
        .words(progress)?;
    Ok(DenseSolution::new(set, words))
}
