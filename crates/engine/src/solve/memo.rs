//! Depth-first negamax search with a transposition table, for games without cycles.

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::capability::Numbered;
use crate::rules::game::Game;
use crate::rules::value::{best_of, Outcome, Value};
use crate::solve::dfs::{evaluate, Evaluator};
use crate::solve::solution::{OutcomeTable, Solution};

struct Negamax<'g, G>(&'g G);

impl<G: Game> Evaluator<G::Position> for Negamax<'_, G> {
    type Value = Outcome;
    type Tag = Option<Outcome>;

    fn expand(&self, pos: &G::Position, deps: &mut Vec<G::Position>) -> Result<Option<Outcome>, Error> {
        let terminal = self.0.terminal(pos);
        if terminal.is_none() {
            self.0.successors(pos, deps);
        }
        Ok(terminal)
    }

    fn combine(&self, terminal: Option<Outcome>, children: &[Outcome]) -> Outcome {
        match terminal {
            Some(outcome) => outcome,
            None => best_of(children.iter().copied()).unwrap_or(Outcome::new(Value::Lose, 0)),
        }
    }

    fn cycle(&self, pos: &G::Position) -> Error {
        Error::Cycle(capability::format(self.0, pos))
    }
}

/// Solves `roots` and every position they reach. Fails with [`Error::Cycle`] if the game has a
/// cycle reachable from them. A game given as an explicit graph ([`Numbered`]) is searched
/// over its numbers (`solve_numbered`).
pub fn solve<G: Game>(
    game: &G,
    roots: &[G::Position],
    progress: &dyn Progress,
) -> Result<Solution<G::Position>, Error> {
    if let Some(numbered) = game.capabilities().numbered {
        if let Some(roots) = roots.iter().map(|r| numbered.number(r)).collect::<Option<Vec<u32>>>() {
            return solve_numbered(game, numbered, &roots, progress);
        }
    }
    let evaluated = evaluate(&Negamax(game), roots, progress)?;
    let table = OutcomeTable::from_packed(evaluated.values.iter().map(|o| o.pack()).collect());
    Ok(Solution::new(evaluated.positions, evaluated.index, table))
}

/// Where a numbered position stands in [`solve_numbered`]'s search.
const UNSEEN: u8 = 0;
const ON_STACK: u8 = 1;
const DONE: u8 = 2;

/// [`solve`] of a game given as an explicit graph: the same depth-first negamax (the same
/// values: the best of the moves, terminal outcomes as declared, a position without moves lost
/// in 0), with the position numbers indexing flat tables instead of a hash table.
pub(crate) fn solve_numbered<G: Game + ?Sized>(
    game: &G,
    numbered: &dyn Numbered<G::Position>,
    roots: &[u32],
    progress: &dyn Progress,
) -> Result<Solution<G::Position>, Error> {
    progress.phase("searching", None);
    let n = numbered.count();
    let mut state = vec![UNSEEN; n];
    let mut packed = vec![0u32; n];
    // Positions in the order they were first reached (the solution's numbering).
    let mut order: Vec<u32> = Vec::new();
    // The positions being searched, each with the place of its next move to look at.
    let mut stack: Vec<(u32, usize)> = Vec::new();
    let mut done: u64 = 0;
    for &root in roots {
        if state[root as usize] != UNSEEN {
            continue;
        }
        state[root as usize] = ON_STACK;
        order.push(root);
        stack.push((root, 0));
        while let Some(&mut (p, ref mut next)) = stack.last_mut() {
            let ended = if *next == 0 { game.terminal(&numbered.position(p)) } else { None };
            let moves = numbered.moves_of(p);
            match (ended, moves.get(*next)) {
                (None, Some(&child)) => {
                    *next += 1;
                    match state[child as usize] {
                        UNSEEN => {
                            state[child as usize] = ON_STACK;
                            order.push(child);
                            stack.push((child, 0));
                        }
                        ON_STACK => {
                            return Err(Error::Cycle(capability::format(game, &numbered.position(child))))
                        }
                        _ => {}
                    }
                    continue;
                }
                (Some(outcome), _) => packed[p as usize] = outcome.pack(),
                (None, None) => {
                    let children = moves.iter().map(|&c| Outcome::unpack(packed[c as usize]));
                    packed[p as usize] = best_of(children).unwrap_or(Outcome::new(Value::Lose, 0)).pack();
                }
            }
            state[p as usize] = DONE;
            stack.pop();
            done += 1;
            if done.is_multiple_of(4096) {
                progress.advance(4096);
                if progress.cancelled() {
                    return Err(Error::Cancelled { checkpoint: None, proven: None });
                }
            }
        }
    }
    progress.advance(done % 4096);
    let positions: Vec<G::Position> = order.iter().map(|&p| numbered.position(p)).collect();
    let index = positions.iter().enumerate().map(|(k, p)| (p.clone(), k as u32)).collect();
    let table = OutcomeTable::from_packed(order.iter().map(|&p| packed[p as usize]).collect());
    Ok(Solution::new(positions, index, table))
}
