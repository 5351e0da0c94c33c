//! The published results of the two full dense solves, shared by the tests that assert them
//! (`tests/dobutsu_published.rs`, `tests/dodgem_published.rs`: one test binary each, so that the
//! two solves never run at the same time) and the benchmarks that time them (`benches/`).

#![allow(dead_code)]

use nimber_engine::table::dense;
use nimber_engine::table::dense::DenseSolution;
use nimber_engine::{CountRow, Game, Outcome, Progress, Value};
use nimber_games::dobutsu::{self, Dobutsu};
use nimber_games::dodgem::{self, Dodgem};

/// Positions of each value, in the order of [`Value::ALL`] (win, lose, tie, draw).
pub fn totals(counts: &[CountRow]) -> [u64; 4] {
    let mut totals = [0u64; 4];
    for row in counts {
        totals[row.value.index()] += row.count;
    }
    totals
}

/// What the full solve of Dōbutsu shōgi says about the published facts.
pub struct DobutsuFacts {
    /// Positions reachable from the start.
    pub reachable: u64,
    /// The start (Sente to move).
    pub start: Outcome,
    /// The position after Sente's chick takes Gote's chick (`Cb3xb2`), for Gote to move.
    pub after_takes: Outcome,
    /// Positions by value.
    pub totals: [u64; 4],
}

impl DobutsuFacts {
    /// Reads the facts from a full solve.
    pub fn of(solution: &DenseSolution) -> DobutsuFacts {
        let game = Dobutsu;
        let start = solution.get(&game, &game.start()).expect("the start is reachable");
        let takes = game.moves(&game.start()).into_iter().find(|m| m.label == "Cb3xb2").expect("Cb3xb2");
        let after_takes = solution.get(&game, &takes.to).expect("reachable");
        DobutsuFacts { reachable: solution.len(), start, after_takes, totals: totals(&solution.counts()) }
    }

    /// Asserts Tanaka's results (2009): 246,803,167 positions reachable from the start
    /// (196,773,087 won, 47,347,380 lost and 2,682,700 drawn for the player to move), the start
    /// lost for Sente in 78 plies, and in 76 after Sente's chick takes Gote's chick (Cb3xb2
    /// leaves Gote a win in 75). Finished positions are won or lost in 1, as Tanaka counts them
    /// ([`dobutsu::TERMINAL_REMOTENESS`]: the capture of the lion, or the reply that cannot stop
    /// a try), so nimber's remoteness is his number of plies.
    pub fn check(&self) {
        assert_eq!(self.reachable, dobutsu::REACHABLE);
        assert_eq!(self.start, Outcome::new(Value::Lose, 78));
        assert_eq!(self.after_takes, Outcome::new(Value::Win, 75));
        assert_eq!(self.after_takes.for_mover(), Outcome::new(Value::Lose, 76));
        assert_eq!(self.totals, [196_773_087, 47_347_380, 0, 2_682_700]);
    }
}

/// Solves Dōbutsu shōgi from the start over its dense index.
pub fn solve_dobutsu(progress: &dyn Progress) -> DenseSolution {
    dense::solve(&Dobutsu, None, progress).expect("the solve fits")
}

/// What the full solve of 5x5 Dodgem says about the published facts.
pub struct DodgemFacts {
    /// Positions reachable from the start.
    pub reachable: u64,
    /// The start.
    pub start: Outcome,
    /// Positions by value.
    pub totals: [u64; 4],
}

impl DodgemFacts {
    /// Reads the facts from a full solve of the 5x5 board.
    pub fn of(solution: &DenseSolution) -> DodgemFacts {
        let game = dodgem5();
        let start = solution.get(&game, &game.start()).expect("the start is reachable");
        DodgemFacts { reachable: solution.len(), start, totals: totals(&solution.counts()) }
    }

    /// Asserts the results recorded in the game's help: the start is a draw (D. des Jardins,
    /// 1996), and 164,338,619 positions are reachable (66,615,688 won, 45,019,609 lost and
    /// 52,703,322 drawn for the player to move).
    pub fn check(&self) {
        assert_eq!(self.reachable, dodgem::REACHABLE[3]);
        assert_eq!(self.reachable, 164_338_619);
        assert_eq!(self.start, Outcome::DRAW);
        assert_eq!(self.totals, [66_615_688, 45_019_609, 0, 52_703_322]);
    }
}

/// Dodgem on the 5x5 board.
pub fn dodgem5() -> Dodgem {
    Dodgem::new(5).expect("5x5 is a valid size")
}

/// Solves 5x5 Dodgem from the start over its dense index.
pub fn solve_dodgem5(progress: &dyn Progress) -> DenseSolution {
    dense::solve(&dodgem5(), None, progress).expect("the solve fits")
}
