//! The lean solver (`nimber_engine::table::lean`) on the library's indexed games, with their
//! holes and symmetries: every slot that is not a hole gets the outcome that retrograde analysis
//! over the explicit graph (`solve::retrograde` with a reverse graph, from every such position at
//! once) gives it, remoteness included; the reachable slots agree with the dense solver, and the
//! holes are those of the index.

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::table::lean;
use nimber_engine::{dense, Indexed, Silent, Value};
use nimber_games::connect4::ConnectFour;
use nimber_games::dodgem::Dodgem;
use nimber_games::tictactoe::TicTacToe;

/// Checks the lean solve of `game` slot by slot; returns (positions, reachable, by value).
fn check<G: Indexed>(name: &str, game: &G) -> (u64, u64, [u64; 4]) {
    let got = lean::solve(game, None, &Silent).unwrap();
    let positions: Vec<(u64, G::Position)> =
        (0..game.size()).filter_map(|s| game.unrank(s).map(|p| (s, p))).collect();
    assert_eq!(got.positions(), positions.len() as u64, "{name}: positions");
    let roots: Vec<G::Position> = positions.iter().map(|(_, p)| p.clone()).collect();
    let want = retrograde::solve(game, &roots, Predecessors::ReverseGraph, &Silent).unwrap();
    let dense = dense::solve(game, None, &Silent).unwrap();
    let (mut by_value, mut reachable) = ([0u64; 4], 0u64);
    let mut k = 0;
    for g in 0..got.groups() {
        let group = got.group(game, g).unwrap();
        for slot in group.range() {
            let o = group.get(slot);
            if k < positions.len() && positions[k].0 == slot {
                let o = o.unwrap_or_else(|| panic!("{name}: slot {slot} read as a hole"));
                assert_eq!(Some(o), want.get(&positions[k].1), "{name}: slot {slot} {:?}", positions[k].1);
                by_value[o.value().index()] += 1;
                k += 1;
            } else {
                assert_eq!(o, None, "{name}: hole {slot}");
            }
            if let Some(d) = dense.get_slot(slot) {
                assert_eq!(o, Some(d), "{name}: reachable slot {slot}");
                reachable += 1;
            }
        }
    }
    assert_eq!(k, positions.len());
    assert_eq!(reachable, dense.len(), "{name}");
    let counted: [u64; 4] =
        Value::ALL.map(|v| got.counts().iter().filter(|r| r.value == v).map(|r| r.count).sum());
    assert_eq!(counted, by_value, "{name}: counts");
    eprintln!(
        "{name}: {} slots, {} positions ({reachable} reachable): {by_value:?}",
        game.size(),
        positions.len()
    );
    (positions.len() as u64, reachable, by_value)
}

#[test]
fn tictactoe() {
    let (positions, reachable, by_value) = check("tic-tac-toe", &TicTacToe);
    assert_eq!(reachable, 5478);
    assert!(positions > reachable);
    assert!(by_value[Value::Tie.index()] > 0);
}

#[test]
fn connect_four_small_boards() {
    // (width, height, boards reachable: John Tromp's counts).
    for (w, h, reachable) in [(4, 3, 12_031), (3, 4, 6_000), (4, 4, 161_029)] {
        let game = ConnectFour::new(w, h).unwrap().with_mirror(false);
        let (_, got, by_value) = check(&format!("connect4 {w}x{h}"), &game);
        assert_eq!(got, reachable);
        assert!(by_value[Value::Tie.index()] > 0);
        let (_, classes, _) = check(&format!("connect4 {w}x{h} mirror"), &game.with_mirror(true));
        assert!(classes < reachable && 2 * classes > reachable);
    }
}

#[test]
fn dodgem_with_draws() {
    for n in [3, 4] {
        let game = Dodgem::new(n).unwrap().with_mirror(false);
        let (_, _, by_value) = check(&format!("dodgem {n}x{n}"), &game);
        // 3x3 has no draws; 4x4 has.
        assert_eq!(by_value[Value::Draw.index()] > 0, n == 4);
        check(&format!("dodgem {n}x{n} mirror"), &game.with_mirror(true));
    }
}
