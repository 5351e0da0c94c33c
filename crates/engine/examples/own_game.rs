//! A game of your own, in Rust: state its rules once, then solve it three ways.
//!
//! `cargo run -p nimber-engine --example own_game` (CI runs it). Two small games:
//!
//! - the subtraction game S = {1, 3, 4}: take 1, 3 or 4 counters from a heap, and whoever
//!   cannot move loses. Solved by negamax (memo), by retrograde analysis and by Sprague-Grundy;
//!   the first player loses exactly when the heap is 0 or 2 modulo 7;
//! - a loopy relative: the same heap, but a player may also put one counter back on a heap of
//!   2 modulo 4 (below a cap), so play can go on for ever. Retrograde analysis finds the draws,
//!   and every outcome is checked against the moves of the rules.

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::solve::{grundy, memo};
use nimber_engine::{Game, Kind, Move, Outcome, Silent, Value};

/// Take 1, 3 or 4 counters from a heap of `self.0`.
struct Subtraction(u32);

impl Game for Subtraction {
    type Position = u32;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u32 {
        self.0
    }

    fn moves(&self, &n: &u32) -> Vec<Move<u32>> {
        [1, 3, 4].into_iter().filter(|&k| k <= n).map(|k| Move::new(format!("-{k}"), n - k)).collect()
    }
}

/// The subtraction game with one more move: put a counter back on a heap of 2 modulo 4 that is
/// below `cap`.
struct PutBack {
    heap: u32,
    cap: u32,
}

impl Game for PutBack {
    type Position = u32;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u32 {
        self.heap
    }

    fn moves(&self, &n: &u32) -> Vec<Move<u32>> {
        let mut moves = Subtraction(n).moves(&n);
        if n % 4 == 2 && n < self.cap {
            moves.push(Move::new("+1", n + 1));
        }
        moves
    }
}

fn show(outcome: Outcome) -> String {
    match outcome.remoteness() {
        Some(moves) => format!("{} in {moves}", outcome.value().name()),
        None => "draw".to_string(),
    }
}

fn main() {
    let game = Subtraction(30);
    let roots = [game.start()];
    let by_memo = memo::solve(&game, &roots, &Silent).expect("an acyclic game");
    let by_retrograde = retrograde::solve(&game, &roots, Predecessors::Auto, &Silent).expect("a finite game");
    let nim = grundy::solve(&game, &roots, &Silent).expect("an impartial game");

    println!("subtraction game {{1, 3, 4}}: heap, outcome for the player to move, nim value");
    for n in 0..=game.0 {
        let outcome = by_memo.get(&n).expect("every heap up to the start is reachable");
        // Every solver agrees, and the rule of thumb holds.
        assert_eq!(by_retrograde.get(&n), Some(outcome), "heap {n}");
        let value = nim.get(&n).expect("valued");
        assert_eq!(value == 0, outcome.value() == Value::Lose, "heap {n}");
        assert_eq!(outcome.value() == Value::Lose, n % 7 == 0 || n % 7 == 2, "heap {n}");
        if n <= 14 {
            println!("  {n:2}  {:12}  *{value}", show(outcome));
        }
    }
    println!("  ... checked up to {}: the mover loses exactly when n mod 7 is 0 or 2", game.0);

    let game = PutBack { heap: 20, cap: 20 };
    let solved =
        retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).expect("a finite game");
    println!("\nwith a counter put back on heaps of 2 modulo 4 below {}: heap, outcome", game.cap);
    let mut draws = 0;
    for n in 0..=game.cap {
        let outcome = solved.get(&n).expect("every heap up to the cap is reachable");
        // The outcome agrees with the moves: a win has a move to a loss, a loss only moves to
        // wins, a draw no move to a loss and one to a draw.
        let after: Vec<Value> =
            game.moves(&n).iter().map(|m| solved.get(&m.to).expect("reachable").value()).collect();
        let ok = match outcome.value() {
            Value::Win => after.contains(&Value::Lose),
            Value::Lose => after.iter().all(|&v| v == Value::Win),
            Value::Draw => !after.contains(&Value::Lose) && after.contains(&Value::Draw),
            Value::Tie => false,
        };
        assert!(ok, "heap {n}: {outcome:?} against its moves' {after:?}");
        draws += usize::from(outcome.value() == Value::Draw);
        println!("  {n:2}  {}", show(outcome));
    }
    assert!(draws > 0, "putting counters back makes endless play possible");
    println!("  {} positions, {draws} drawn, each outcome checked against its moves", solved.len());
}
