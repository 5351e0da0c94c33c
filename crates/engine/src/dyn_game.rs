//! An object-safe view of any [`Game`], so that front ends can hold games of different position
//! types behind one `Box<dyn DynGame>` and work with positions as text.

use crate::error::Error;
use crate::game::{Game, Kind};
use crate::progress::Progress;
use crate::solution::{CountRow, Solution};
use crate::solve::{grundy, memo, retrograde, SolverChoice};
use crate::value::Outcome;

/// What to solve and how.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Which solver; [`SolverChoice::Auto`] picks one.
    pub solver: SolverChoice,
    /// Ask for nim values (Sprague-Grundy) rather than outcomes.
    pub nim: bool,
    /// Keep every position's row in the report (for dumps).
    pub rows: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { solver: SolverChoice::Auto, nim: false, rows: false }
    }
}

/// One solved position, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The position in the game's notation.
    pub position: String,
    /// Value and remoteness, for the outcome solvers.
    pub outcome: Option<Outcome>,
    /// Nim value, for the Sprague-Grundy solver.
    pub nim: Option<u32>,
}

/// The result of a full solve.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// The solver that produced the result.
    pub solver: SolverChoice,
    /// The start position, its outcome and/or nim value.
    pub start: Row,
    /// Number of positions solved.
    pub positions: u64,
    /// Positions by value and remoteness (outcome solvers).
    pub counts: Vec<CountRow>,
    /// Positions by nim value (Sprague-Grundy solver).
    pub nim_counts: Vec<(u32, u64)>,
    /// Every position, when asked for.
    pub rows: Vec<Row>,
    /// Remarks for the user, such as a change of solver.
    pub notes: Vec<String>,
}

/// One move of a queried position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The move's label.
    pub label: String,
    /// The resulting position in the game's notation.
    pub position: String,
    /// What the move gives the player who makes it; remoteness counts the move itself.
    pub outcome: Outcome,
}

/// The answer to a query about one position.
#[derive(Clone, Debug)]
pub struct QueryReport {
    /// The position in the game's notation.
    pub position: String,
    /// Its value and remoteness for the player to move.
    pub outcome: Outcome,
    /// Every move, best first.
    pub moves: Vec<MoveReport>,
    /// Remarks for the user.
    pub notes: Vec<String>,
}

/// Any game, with positions as text.
pub trait DynGame: Send + Sync {
    /// Impartial or partizan.
    fn kind(&self) -> Kind;

    /// The start position in the game's notation.
    fn start_text(&self) -> String;

    /// Parses a position and prints it back in canonical notation.
    fn normalize(&self, text: &str) -> Result<String, Error>;

    /// Solves the game from its roots.
    fn solve(&self, options: &SolveOptions, progress: &dyn Progress) -> Result<SolveReport, Error>;

    /// Solves one position (the start when `None`) and reports every move's value.
    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error>;
}

fn parse<G: Game>(game: &G, text: &str) -> Result<G::Position, Error> {
    game.parse(text).map_err(|error| Error::Position { text: text.to_string(), error })
}

/// Solves for outcomes with the requested solver; `Auto` tries memo search and falls back to
/// retrograde analysis when it meets a cycle.
fn solve_outcomes<G: Game>(
    game: &G,
    roots: &[G::Position],
    solver: SolverChoice,
    notes: &mut Vec<String>,
    progress: &dyn Progress,
) -> Result<(SolverChoice, Solution<G::Position>), Error> {
    match solver {
        SolverChoice::Memo => Ok((solver, memo::solve(game, roots, progress)?)),
        SolverChoice::Retrograde => {
            Ok((solver, retrograde::solve(game, roots, retrograde::Predecessors::Auto, progress)?))
        }
        SolverChoice::Auto | SolverChoice::Grundy => match memo::solve(game, roots, progress) {
            Ok(solution) => Ok((SolverChoice::Memo, solution)),
            Err(Error::Cycle(at)) => {
                let note = format!("the game has cycles (through `{at}`): solved by retrograde analysis");
                progress.note(&note);
                notes.push(note);
                let solution = retrograde::solve(game, roots, retrograde::Predecessors::Auto, progress)?;
                Ok((SolverChoice::Retrograde, solution))
            }
            Err(e) => Err(e),
        },
    }
}

impl<G: Game> DynGame for G {
    fn kind(&self) -> Kind {
        Game::kind(self)
    }

    fn start_text(&self) -> String {
        self.format(&self.start())
    }

    fn normalize(&self, text: &str) -> Result<String, Error> {
        Ok(self.format(&parse(self, text)?))
    }

    fn solve(&self, options: &SolveOptions, progress: &dyn Progress) -> Result<SolveReport, Error> {
        let roots = self.roots();
        let start = self.start();
        let mut notes = Vec::new();
        if options.nim || options.solver == SolverChoice::Grundy {
            let solution = grundy::solve(self, &roots, progress)?;
            let nim = solution.get(&start);
            let rows = if options.rows {
                solution
                    .iter()
                    .map(|(p, g)| Row { position: self.format(p), outcome: None, nim: Some(g) })
                    .collect()
            } else {
                Vec::new()
            };
            return Ok(SolveReport {
                solver: SolverChoice::Grundy,
                start: Row { position: self.format(&start), outcome: None, nim },
                positions: solution.len() as u64,
                counts: Vec::new(),
                nim_counts: solution.counts(),
                rows,
                notes,
            });
        }
        let (solver, solution) = solve_outcomes(self, &roots, options.solver, &mut notes, progress)?;
        let rows = if options.rows {
            solution
                .iter()
                .map(|(p, o)| Row { position: self.format(p), outcome: Some(o), nim: None })
                .collect()
        } else {
            Vec::new()
        };
        Ok(SolveReport {
            solver,
            start: Row { position: self.format(&start), outcome: solution.get(&start), nim: None },
            positions: solution.len() as u64,
            counts: solution.counts(),
            nim_counts: Vec::new(),
            rows,
            notes,
        })
    }

    fn query(&self, position: Option<&str>, progress: &dyn Progress) -> Result<QueryReport, Error> {
        let pos = match position {
            Some(text) => parse(self, text)?,
            None => self.start(),
        };
        let mut notes = Vec::new();
        let (_, solution) =
            solve_outcomes(self, std::slice::from_ref(&pos), SolverChoice::Auto, &mut notes, progress)?;
        let outcome = solution.get(&pos).expect("the queried position is solved");
        let mut moves: Vec<MoveReport> = if self.terminal(&pos).is_some() {
            Vec::new()
        } else {
            self.moves(&pos)
                .into_iter()
                .map(|m| MoveReport {
                    outcome: solution.get(&m.to).expect("every move is solved").for_mover(),
                    position: self.format(&m.to),
                    label: m.label,
                })
                .collect()
        };
        moves.sort_by(|a, b| b.outcome.preference_cmp(a.outcome));
        Ok(QueryReport { position: self.format(&pos), outcome, moves, notes })
    }
}
