//! Searches over positions given as text: [`DynSearcher`], what front ends hold from
//! [`DynGame::searcher`](crate::DynGame::searcher) (or from a stored solution's face, to search over it), and the one
//! implementation, over a game's rules and a [`Searcher`] of its positions.

use crate::error::{Error, ParseError};
use crate::progress::Progress;
use crate::rules::capability;
use crate::rules::game::Game;
use crate::rules::search::Searcher;
use crate::rules::value::{Outcome, Value};
use crate::view::report::{parse_or, SearchReport, SearchedMove};

/// A search under way over positions given as text ([`DynGame::searcher`](crate::DynGame::searcher)).
pub trait DynSearcher {
    /// The value of `position` (the start when `None`), its remoteness and score where the
    /// options ask for them; with `moves`, every move's too, best first.
    fn search(
        &mut self,
        position: Option<&str>,
        moves: bool,
        progress: &dyn Progress,
    ) -> Result<SearchReport, Error>;
}

/// A [`DynSearcher`] over `game`'s positions as text, searched by `searcher`.
pub(crate) fn text_searcher<'g, G: Game>(
    game: &'g G,
    searcher: Box<dyn Searcher<G::Position> + 'g>,
) -> Box<dyn DynSearcher + 'g> {
    Box::new(TextSearcher { game, searcher })
}

/// [`DynSearcher`] for a game's rules: its own search or the engine's.
struct TextSearcher<'g, G: Game> {
    game: &'g G,
    searcher: Box<dyn Searcher<G::Position> + 'g>,
}

impl<G: Game> DynSearcher for TextSearcher<'_, G> {
    fn search(
        &mut self,
        position: Option<&str>,
        moves: bool,
        progress: &dyn Progress,
    ) -> Result<SearchReport, Error> {
        let game = self.game;
        let pos = parse_or(game, position, || game.start())?;
        if let Some(end) = game.terminal(&pos) {
            let text = capability::format(game, &pos);
            let how = match end.value() {
                Value::Win => "the player to move has won",
                Value::Lose => "the player to move has lost",
                Value::Tie => "a tie",
                Value::Draw => "a draw",
            };
            return Err(Error::Position {
                text,
                error: ParseError::new(format!("the game is over ({how}): nothing to search")),
            });
        }
        let found = self.searcher.search(&pos, progress)?;
        let (mut nodes, mut probed) = (found.nodes, found.probed);
        let mut searched = Vec::new();
        if moves {
            let all = game.moves(&pos);
            let count = all.len();
            for (done, m) in all.into_iter().enumerate() {
                // Stopped among the moves: what is proven is the position's value, found
                // already, not the bound on the move under way (a position of the opponent).
                let child = match self.searcher.search(&m.to, progress) {
                    Err(Error::Cancelled { checkpoint, .. }) => {
                        let remoteness = found.remoteness.map(|r| format!(" in {r}")).unwrap_or_default();
                        let score = found.score.map(|s| format!(" (score {s})")).unwrap_or_default();
                        let proven = format!(
                            "the position's value is {}{remoteness}{score}, by exact search; {done} of its \
                             {count} moves were searched",
                            found.value
                        );
                        return Err(Error::Cancelled { checkpoint, proven: Some(proven) });
                    }
                    other => other?,
                };
                nodes += child.nodes;
                probed += child.probed;
                let mover = child.outcome().for_mover();
                let remoteness = match child.value {
                    Value::Win | Value::Lose => child.remoteness.map(|r| r + 1),
                    _ => None,
                };
                searched.push(SearchedMove {
                    label: m.label,
                    position: capability::format(game, &m.to),
                    value: mover.value(),
                    remoteness,
                    score: child.score.map(|s| -s),
                });
            }
            searched.sort_by(|a, b| {
                let key = |m: &SearchedMove| Outcome::new(m.value, m.remoteness.unwrap_or(0));
                key(b).preference_cmp(key(a))
            });
        }
        Ok(SearchReport {
            position: capability::format(game, &pos),
            value: found.value,
            remoteness: found.remoteness,
            score: found.score,
            moves: searched,
            nodes,
            probed,
            table_used: found.table_used,
            table_entries: found.table_entries,
        })
    }
}
