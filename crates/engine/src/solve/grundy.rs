//! Sprague-Grundy theory: nim values of impartial games under normal play.
//!
//! The nim value of a position is the least non-negative integer that is not the value of one
//! of its moves (the mex); a position is lost for the player to move exactly when its value is 0.
//! When the game splits a position into independent components ([`crate::rules::capability::Decompose`]), the value
//! is the XOR of the components' values, and only the components are searched.

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::game::{Game, Kind};
use crate::rules::value::Value;
use crate::solve::dfs::{evaluate, Evaluator};
use crate::solve::solution::NimSolution;

/// How a position's nim value is formed from its dependencies.
enum Rule {
    /// Mex over the moves.
    Mex,
    /// XOR over the components.
    Sum,
}

struct Grundy<'g, G>(&'g G);

impl<G: Game> Evaluator<G::Position> for Grundy<'_, G> {
    type Value = u32;
    type Tag = Rule;

    fn expand(&self, pos: &G::Position, deps: &mut Vec<G::Position>) -> Result<Rule, Error> {
        match self.0.terminal(pos).map(|o| o.value()) {
            None => {}
            Some(Value::Lose) => return Ok(Rule::Mex),
            Some(other) => {
                return Err(Error::Unsupported(format!(
                    "nim values are defined under normal play, but position `{}` is declared a {other}",
                    capability::format(self.0, pos)
                )))
            }
        }
        if let Some(parts) = self
            .0
            .capabilities()
            .decomposition
            .and_then(|d| d.components(pos))
            .filter(|parts| parts.len() >= 2)
        {
            deps.extend(parts);
            return Ok(Rule::Sum);
        }
        self.0.successors(pos, deps);
        Ok(Rule::Mex)
    }

    fn combine(&self, rule: Rule, values: &[u32]) -> u32 {
        match rule {
            Rule::Sum => values.iter().fold(0, |acc, v| acc ^ v),
            Rule::Mex => mex(values),
        }
    }

    fn cycle(&self, pos: &G::Position) -> Error {
        Error::Cycle(capability::format(self.0, pos))
    }
}

/// The least non-negative integer not in `values`.
pub fn mex(values: &[u32]) -> u32 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if (v as usize) < seen.len() {
            seen[v as usize] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u32
}

/// Nim values of `roots` and of every position (or component) they depend on.
pub fn solve<G: Game>(
    game: &G,
    roots: &[G::Position],
    progress: &dyn Progress,
) -> Result<NimSolution<G::Position>, Error> {
    if game.kind() != Kind::Impartial {
        return Err(Error::Unsupported("nim values need an impartial game; this game is partizan".into()));
    }
    let evaluated = evaluate(&Grundy(game), roots, progress)?;
    Ok(NimSolution::new(evaluated.positions, evaluated.index, evaluated.values))
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_examples() {
        assert_eq!(mex(&[]), 0);
        assert_eq!(mex(&[1, 2]), 0);
        assert_eq!(mex(&[0, 1, 3]), 2);
        assert_eq!(mex(&[2, 0, 1, 1]), 3);
        assert_eq!(mex(&[100]), 0);
    }
}
