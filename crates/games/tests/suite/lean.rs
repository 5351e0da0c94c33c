//! The lean solver (`nimber_engine::table::lean`) on the library's indexed games, with their
//! holes and symmetries: every slot that is not a hole gets the outcome that retrograde analysis
//! over the explicit graph (`solve::retrograde` with a reverse graph, from every such position at
//! once) gives it, remoteness included; the reachable slots agree with the dense solver, and the
//! holes are those of the index. Written to a store, the solution reads back slot by slot; solved
//! through the front ends' view (`Dense` with `--solver lean`), every reachable position and its
//! moves are answered as the dense solver answers them.

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::solve::SolverChoice;
use nimber_engine::store::{self, probe, Derived, LeanSlots, Store};
use nimber_engine::table::dense;
use nimber_engine::table::lean::{self, LeanSolution};
use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::{DynGame, Notation, Silent, SolveOptions, Value};
use nimber_games::connect4::ConnectFour;
use nimber_games::dodgem::Dodgem;
use nimber_games::tictactoe::TicTacToe;

/// Checks the lean solve of `game` slot by slot; returns (positions, reachable, by value).
fn check<G: SlotMoves>(name: &str, game: &G) -> (u64, u64, [u64; 4]) {
    let got = lean::solve(game, None, None, &Silent).unwrap();
    let positions: Vec<(u64, G::Position)> =
        (0..game.size()).filter_map(|s| game.unrank(s).map(|p| (s, p))).collect();
    assert_eq!(got.positions(), positions.len() as u64, "{name}: positions");
    let roots: Vec<G::Position> = positions.iter().map(|(_, p)| p.clone()).collect();
    let want = retrograde::solve(game, &roots, Predecessors::ReverseGraph, &Silent).unwrap();
    let dense = dense::solve(game, None, &Silent).unwrap();
    let (mut by_value, mut reachable) = ([0u64; 4], 0u64);
    let mut k = 0;
    for g in 0..got.groups() {
        let group = got.group(g).unwrap();
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
    check_store(name, game, &got);
    eprintln!(
        "{name}: {} slots, {} positions ({reachable} reachable): {by_value:?}",
        game.size(),
        positions.len()
    );
    (positions.len() as u64, reachable, by_value)
}

/// The lean solution stored and read back: every slot as the solution gives it, with every
/// outcome stored ([`Derived::Exact`]), and every position's outcome when the wins' or the
/// losses' remoteness is found from the rules ([`Derived::Wins`], [`Derived::Losses`], read
/// with [`probe::outcome`]).
fn check_store<G: SlotMoves>(name: &str, game: &G, solution: &LeanSolution) {
    let dir = std::env::temp_dir().join(format!("nimber-games-lean-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}.db", name.replace(' ', "-")));
    let scheme = game.index_scheme();
    let rules = nimber_engine::table::rules_fingerprint(game);
    for wins in [Derived::Exact, Derived::Wins, Derived::Losses] {
        let id = nimber_engine::GameId::new(name, Vec::new());
        let identity = store::Subject { id: &id, scheme: &scheme, size: game.size(), rules, derived: wins };
        store::write(&path, &identity, &LeanSlots::new(solution), &Silent).unwrap();
        let db = Store::open(&path).unwrap();
        assert_eq!(db.header().positions, solution.positions(), "{name}: stored positions");
        assert_eq!(db.header().counts, solution.counts(), "{name}: stored counts");
        assert_eq!(db.header().wins_from_moves(), wins == Derived::Wins);
        assert_eq!(db.header().derived(), wins);
        let derived_value = match wins {
            Derived::Wins => Value::Win,
            _ => Value::Lose,
        };
        let mut wins_found = 0;
        for g in 0..solution.groups() {
            let group = solution.group(g).unwrap();
            for slot in group.range() {
                let want = group.get(slot);
                match wins {
                    Derived::Exact => assert_eq!(db.get(slot).unwrap(), want, "{name}: stored slot {slot}"),
                    Derived::Wins | Derived::Losses => {
                        let got = match want {
                            Some(_) => probe::outcome(game, &db, &game.unrank(slot).unwrap()).unwrap(),
                            None => db.entry(slot).unwrap().map(|_| panic!("{name}: slot {slot} not a hole")),
                        };
                        assert_eq!(got, want, "{name}: slot {slot} read from its moves");
                        wins_found += u64::from(want.is_some_and(|o| o.value() == derived_value));
                    }
                }
            }
        }
        if wins != Derived::Exact {
            let counted: u64 =
                solution.counts().iter().filter(|r| r.value == derived_value).map(|r| r.count).sum();
            assert_eq!(wins_found, counted, "{name}: {derived_value:?} read from their moves");
        }
        drop(db);
    }
    std::fs::remove_file(&path).unwrap();
}

/// The front ends' view solved lean answers every reachable position (and its moves) as the
/// dense solver does; returns the positions queried.
fn check_view<G: SlotMoves + Notation<G::Position>>(name: &str, game: G) -> u64 {
    let dense_solution = dense::solve(&game, None, &Silent).unwrap();
    let view = nimber_engine::view::dense::Dense(game);
    let lean = SolveOptions { solver: SolverChoice::Lean, ..SolveOptions::default() };
    let by_lean = view.solved(None, &lean, &Silent).unwrap();
    let by_dense = view.solved(None, &SolveOptions::default(), &Silent).unwrap();
    let report = view.solve(&lean, &Silent).unwrap();
    assert_eq!(report.solver, SolverChoice::Lean);
    assert_eq!(report.positions, by_lean.positions(), "{name}");
    assert_eq!(report.counts, by_lean.counts(), "{name}");
    let mut queried = 0;
    for slot in 0..view.0.size() {
        if dense_solution.get_slot(slot).is_none() {
            continue;
        }
        let text = view.0.format(&view.0.unrank(slot).unwrap());
        assert_eq!(
            by_lean.query(Some(&text)).unwrap(),
            by_dense.query(Some(&text)).unwrap(),
            "{name}: {text}"
        );
        queried += 1;
    }
    assert_eq!(queried, dense_solution.len());
    queried
}

#[test]
fn through_the_view() {
    assert_eq!(check_view("tic-tac-toe", TicTacToe), 5478);
    assert_eq!(check_view("connect4 4x3", ConnectFour::new(4, 3).unwrap().with_mirror(false)), 12_031);
    // Dodgem 3x3 has draws; with its mirror, queries of one member of a class answer for both.
    let n = check_view("dodgem 3x3 mirror", Dodgem::new(3).unwrap().with_mirror(true));
    assert!(n > 0);
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
