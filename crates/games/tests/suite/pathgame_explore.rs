//! The path game's features and families.

use nimber_engine::{Error, Explore};
use nimber_games::pathgame::{Board, PathGame};
use nimber_games::testing::pathgame::feature_values;

fn values(text: &str) -> Vec<i64> {
    let mut out = Vec::new();
    feature_values(&nimber_games::pathgame::parse_board(text).unwrap(), &mut out);
    out
}

#[test]
fn runs_by_kind() {
    // runs, free, open, same, cross, white, black, width
    assert_eq!(values("...../....."), [1, 1, 0, 0, 0, 5, 0, 5]);
    assert_eq!(values("#..../....."), [1, 0, 1, 0, 0, 4, 1, 5]);
    assert_eq!(values("..#../....."), [2, 0, 2, 0, 0, 4, 1, 5]);
    assert_eq!(values(".#.#./....."), [3, 0, 2, 1, 0, 3, 2, 5]);
    assert_eq!(values(".#.../...#."), [3, 0, 2, 0, 1, 3, 2, 5]);
    assert_eq!(values("##.../....."), [1, 0, 1, 0, 0, 3, 2, 5]);
}

#[test]
fn family_counts() {
    let game = PathGame::new(Board::white(5)).unwrap();
    let family = game.family().unwrap().unwrap();
    assert_eq!(family.parts[0].1.len(), 3 + 7 + 17 + 41 + 99);
    assert!(family.parts[0].1.iter().all(|b| b.has_path()));
    let widest = PathGame::new(Board::white(12)).unwrap().family().unwrap().unwrap();
    assert_eq!(widest.parts[0].1.len(), 80_780);
    let wide = PathGame::new(Board::white(13)).unwrap();
    assert!(matches!(wide.family(), Err(Error::TooLarge(_))));
}
