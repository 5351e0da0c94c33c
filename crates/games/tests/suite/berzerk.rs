//! Berzerk: examples, predecessors, notation, parameters.

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::{Backward, Game, Notation, Outcome, Silent, Value};
use nimber_games::berzerk::*;

fn game(n: u32, s1: &[u32], s2: &[u32]) -> Berzerk {
    Berzerk::new(n, s1.to_vec(), s2.to_vec()).unwrap()
}

/// The problem's two lines for a game: `Win`, `Lose` or `Loop` per start.
fn lines(game: &Berzerk, predecessors: Predecessors) -> [String; 2] {
    let roots = game.open_positions();
    let solved = retrograde::solve(game, &roots, predecessors, &Silent).unwrap();
    [1u8, 2].map(|player| {
        (2..=game.n())
            .map(|object| match solved.get(&BerzerkPos { player, object }).unwrap().value() {
                Value::Win => "Win",
                Value::Lose => "Lose",
                Value::Draw => "Loop",
                Value::Tie => unreachable!("no ties in Berzerk"),
            })
            .collect::<Vec<_>>()
            .join(" ")
    })
}

#[test]
fn official_examples() {
    // Codeforces 786A, examples 1 and 2, solved from the rules.
    for predecessors in [Predecessors::Auto, Predecessors::ReverseGraph] {
        let g = game(5, &[3, 2], &[1, 2, 3]);
        assert_eq!(lines(&g, predecessors), ["Lose Win Win Loop", "Loop Win Win Win"].map(String::from));
        let g = game(8, &[6, 2, 3, 4], &[3, 6]);
        assert_eq!(
            lines(&g, predecessors),
            ["Win Win Win Win Win Win Win", "Lose Win Lose Lose Win Lose Lose"].map(String::from)
        );
    }
}

#[test]
fn predecessors_are_the_reverse_of_successors() {
    let mut checked = 0;
    for (n, s1, s2) in
        [(5, &[2, 3][..], &[1, 2, 3][..]), (8, &[2, 3, 4, 6], &[3, 6]), (7, &[1], &[6]), (2, &[1], &[1])]
    {
        let g = game(n, s1, s2);
        let all: Vec<BerzerkPos> =
            (1..=2u8).flat_map(|player| (1..=n).map(move |object| BerzerkPos { player, object })).collect();
        for p in &all {
            let mut preds = Vec::new();
            g.predecessors(p, &mut preds);
            preds.sort();
            let mut expected: Vec<BerzerkPos> = Vec::new();
            for q in all.iter().filter(|q| g.terminal(q).is_none()) {
                let mut next = Vec::new();
                g.successors(q, &mut next);
                expected.extend(next.iter().filter(|c| *c == p).map(|_| *q));
            }
            expected.sort();
            assert_eq!(preds, expected, "{n} {s1:?} {s2:?} {p:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * (5 + 8 + 7 + 2));
}

#[test]
fn moves_and_end() {
    let g = game(5, &[2, 3], &[1, 2, 3]);
    let moves = g.moves(&BerzerkPos { player: 1, object: 4 });
    let shown: Vec<(String, String)> = moves.iter().map(|m| (m.label.clone(), g.format(&m.to))).collect();
    assert_eq!(shown, [("+2".to_string(), "2:1".to_string()), ("+3".to_string(), "2:2".to_string())]);
    assert_eq!(g.terminal(&BerzerkPos { player: 2, object: 1 }), Some(Outcome::new(Value::Lose, 0)));
    assert_eq!(g.terminal(&BerzerkPos { player: 1, object: 3 }), None);
}

#[test]
fn notation_round_trip() {
    let g = game(12, &[5], &[7, 1]);
    for player in 1..=2u8 {
        for object in 1..=12 {
            let pos = BerzerkPos { player, object };
            assert_eq!(g.parse(&g.format(&pos)).unwrap(), pos);
        }
    }
    assert_eq!(g.format(&g.start()), "1:2");
    assert_eq!(g.parse(" 2 : 7 ").unwrap(), BerzerkPos { player: 2, object: 7 });
    assert_eq!(g.parse("3:4").unwrap_err().column, Some(1));
    assert_eq!(g.parse("1:13").unwrap_err().column, Some(3));
    assert_eq!(g.parse("1:0").unwrap_err().column, Some(3));
    assert_eq!(g.parse("  1:x").unwrap_err().column, Some(5));
    assert_eq!(g.parse("1").unwrap_err().column, Some(1));
    assert!(g.parse("1:99999999999999999999999").is_err());
    assert!(g.parse("é:é").is_err());
}

#[test]
fn parameters() {
    let g = nimber_games::build("berzerk", &["n=8", "s1=6,2,3,4", "s2=3,6"]).unwrap();
    assert_eq!(g.start_text(), "1:2");
    assert!(nimber_games::build("berzerk", &["n=8", "s1=8"]).is_err());
    assert!(nimber_games::build("berzerk", &["n=8", "s1=0"]).is_err());
    assert!(nimber_games::build("berzerk", &["n=8", "s2="]).is_err());
    assert!(nimber_games::build("berzerk", &["n=1"]).is_err());
    assert!(nimber_games::build("berzerk", &["n=7001"]).is_err());
    assert!(nimber_games::build("berzerk", &[] as &[&str]).is_ok());
}

proptest::proptest! {
    #[test]
    fn parse_never_panics(text in "[0-9: \\-é]{0,10}|\\PC{0,10}") {
        let g = game(9, &[1, 2], &[4]);
        if let Ok(pos) = g.parse(&text) {
            proptest::prop_assert_eq!(g.parse(&g.format(&pos)).unwrap(), pos);
        }
    }
}
