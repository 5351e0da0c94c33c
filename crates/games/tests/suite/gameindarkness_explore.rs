//! Game in the dark's features and family.

use nimber_engine::{Error, Explore, Game, Notation};
use nimber_games::gameindarkness::GameInDarkness;
use nimber_games::testing::gameindarkness::{feature_values, parts, NO_JUNCTION};

fn values(field: &str) -> Vec<i64> {
    let game = GameInDarkness::new(field).unwrap();
    let mut out = Vec::new();
    feature_values(&game, &game.start(), &mut out);
    out
}

#[test]
fn features_of_the_official_examples() {
    // Example 2 (Bob wins): the junction is (0, 2), where Bob stands; Alice is 2 away.
    assert_eq!(values("A.B../.#.#./#..##"), [1, 2, 2, 10, 1, 1]);
    // Example 1 (Alice wins): a T with arms of 2: no junction.
    assert_eq!(values("A.B../##.##/##.##"), [0, NO_JUNCTION, 2, 7, 1, 1]);
    // The same tree as example 2 with Bob one step further from the junction.
    assert_eq!(values("AB.../.#.#./#..##"), [1, 1, 1, 10, 1, 1]);
}

#[test]
fn family_of_a_small_field() {
    // The trees of the 2 x 3 grid by size: its 7 edges; 10 paths of 3 cells (2 rows and 8
    // L shapes); 8 of 4 cells (15 sets, less 5 disconnected and the 2 squares); 2 of 5
    // cells (without a middle cell; without a corner a square is left); the whole grid
    // has a cycle.
    let game = GameInDarkness::new("A.B/...").unwrap();
    let (_, parts) = parts(&game).unwrap();
    let family = game.family().unwrap().unwrap();
    let sizes: Vec<usize> = parts.iter().map(|(g, _)| g.graph().len()).collect();
    let count = |k: usize| sizes.iter().filter(|&&s| s == k).count();
    assert_eq!([2, 3, 4, 5, 6].map(count), [7, 10, 8, 2, 0]);
    assert!(parts.iter().all(|(g, p)| p.len() == g.graph().len() * (g.graph().len() - 1)));
    assert_eq!(parts[0].0.format(&parts[0].1[0]), "AB#/### a");
    // The boxed games of the family are the same boards, with their notation.
    let first = &family.parts[0];
    assert_eq!(first.0.capabilities().notation.unwrap().format(&first.1[0]), "AB#/### a");
    let big = GameInDarkness::new(&format!("A{}B/{}", ".".repeat(9), ".".repeat(11))).unwrap();
    assert!(matches!(big.family(), Err(Error::TooLarge(_))));
}
