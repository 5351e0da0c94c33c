//! Depth-first negamax search with a transposition table, for games without cycles.

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::capability;
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
/// cycle reachable from them.
pub fn solve<G: Game>(
    game: &G,
    roots: &[G::Position],
    progress: &dyn Progress,
) -> Result<Solution<G::Position>, Error> {
    let evaluated = evaluate(&Negamax(game), roots, progress)?;
    let table = OutcomeTable::from_packed(evaluated.values.iter().map(|o| o.pack()).collect());
    Ok(Solution::new(evaluated.positions, evaluated.index, table))
}
