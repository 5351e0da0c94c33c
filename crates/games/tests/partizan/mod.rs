//! Checks shared by the tests of the partizan games.
#![allow(dead_code)]

use nimber_engine::{Dyadic, Move, Notation, Outcome, Silent, Value};
use nimber_partizan::parse::{parse, Statement};
use nimber_partizan::{Bridge, Evaluator, Partizan, Player, Printer};

/// A game without its shortcuts: no regions, no normalizing.
pub struct Plain<G>(pub G);

impl<G: Partizan> Partizan for Plain<G> {
    type Position = G::Position;
    fn start(&self) -> G::Position {
        self.0.start()
    }
    fn left_moves(&self, p: &G::Position) -> Vec<Move<G::Position>> {
        self.0.left_moves(p)
    }
    fn right_moves(&self, p: &G::Position) -> Vec<Move<G::Position>> {
        self.0.right_moves(p)
    }
}

/// The value of the start of `game`, printed.
pub fn start_value<G: Partizan>(game: &G) -> String {
    let mut ev = Evaluator::new(game);
    let v = ev.value(&game.start());
    Printer::new(&mut ev.forms).text(v)
}

/// For every position of `positions`: the value found with the game's regions and normalizing
/// equals the value found move by move without them, it prints as text that reads back as
/// itself, and its outcome class is what the memo solver finds with Left and with Right moving
/// first (through [`Bridge`]). Returns how many positions were checked.
pub fn check_against_solver<G, F>(game: &G, plain: &Plain<F>, positions: &[G::Position]) -> usize
where
    G: Partizan + Clone + Notation<G::Position>,
    F: Partizan<Position = G::Position>,
{
    let mut fast = Evaluator::new(game);
    let mut slow = Evaluator::new(plain);
    let bridge = Bridge(game.clone());
    let roots: Vec<(G::Position, Player)> =
        positions.iter().flat_map(|b| [(b.clone(), Player::Left), (b.clone(), Player::Right)]).collect();
    let solved = nimber_engine::solve::memo::solve(&bridge, &roots, &Silent).unwrap();
    for b in positions {
        let name = game.format(b);
        let v = fast.value(b);
        let w = slow.value(b);
        let (tv, tw) = (Printer::new(&mut fast.forms).text(v), Printer::new(&mut slow.forms).text(w));
        assert_eq!(tv, tw, "{name}");
        assert_eq!(parse(&tv, &mut fast.forms).ok(), Some(Statement::Value(v)), "{name}: {tv}");
        let class = fast.forms.outcome(v);
        let wins = |p| solved.get(&(b.clone(), p)).map(|o: Outcome| o.value()) == Some(Value::Win);
        assert_eq!(class.left_first_wins(), wins(Player::Left), "{name} ({tv})");
        assert_eq!(class.right_first_wins(), wins(Player::Right), "{name} ({tv})");
    }
    positions.len()
}

/// Berlekamp's rule for a string of blue-red Hackenbush (*Winning Ways*, ch. 2), written on its
/// own (not from the sign expansions of the game's code): `blue` holds the edges from the
/// ground up, `true` for blue. The edges of the first run count 1 each (plus for blue, minus
/// for red), and each edge after the first change of colour counts half the one before it,
/// with its sign. At most 64 edges.
pub fn berlekamp(blue: &[bool]) -> Dyadic {
    let k = blue.len() as u32;
    assert!(k <= 64, "a string of {k} edges");
    // The value in units of 2^-k.
    let run = blue.iter().take_while(|&&b| b == blue[0]).count();
    let mut units: i128 = 0;
    for (i, &b) in blue.iter().enumerate() {
        let size: i128 = if i < run { 1 << k } else { 1 << (k - (i - run + 1) as u32) };
        units += if b { size } else { -size };
    }
    Dyadic::new(units, k)
}
