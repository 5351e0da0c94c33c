//! Nim's parameters, family and features.

use nimber_engine::{Error, Explore, Game, Params};
use nimber_games::nim::Nim;
use nimber_games::testing::nim::{build, family_bounds, family_size, feature_names, feature_values};

fn built(params: &[&str]) -> Result<Nim, Error> {
    let specs = nimber_games::find("nim").unwrap().params;
    build(&Params::parse("nim", specs, params)?)
}

#[test]
fn parameters() {
    let game = built(&["heaps=3", "max=7"]).unwrap();
    assert_eq!((game.start(), family_bounds(&game)), (vec![7, 7, 7], (3, 7)));
    let game = built(&["count=3", "max=7"]).unwrap();
    assert_eq!((game.start(), family_bounds(&game)), (vec![7, 7, 7], (3, 7)));
    let game = built(&["heaps=3"]).unwrap();
    assert_eq!((game.start(), family_bounds(&game)), (vec![3], (1, 3)));
    let game = built(&[]).unwrap();
    assert_eq!((game.start(), family_bounds(&game)), (vec![3, 4, 5], (3, 5)));
    let game = built(&["heaps=1,2", "max=4", "count=3"]).unwrap();
    assert_eq!((game.start(), family_bounds(&game)), (vec![1, 2], (3, 4)));
    assert!(built(&["heaps=3,9", "max=7"]).unwrap_err().to_string().contains("larger than max=7"));
    assert!(built(&["heaps=1,2,3", "count=2"]).unwrap_err().to_string().contains("count=2"));
    assert!(built(&["heaps=100", "max=2"]).unwrap_err().to_string().contains("at most 64 heaps"));
}

#[test]
fn family_and_features() {
    let game = built(&["heaps=3", "max=7"]).unwrap();
    let family = game.family().unwrap().unwrap();
    let (part, positions) = &family.parts[0];
    // C(10, 3) multisets, exactly the positions reachable from 7,7,7.
    assert_eq!(positions.len(), 120);
    assert_eq!(family_size(7, 3), 120);
    let solved = nimber_engine::solve::memo::solve(part, &[part.start()], &nimber_engine::Silent).unwrap();
    assert_eq!(solved.len(), 120);
    assert!(positions.iter().all(|p| solved.get(p).is_some()));
    assert_eq!(positions[..4], [vec![], vec![1], vec![1, 1], vec![1, 1, 1]]);
    assert_eq!(feature_names(&game), ["heap1", "heap2", "heap3", "heaps", "total", "xor"]);
    let mut out = Vec::new();
    feature_values(&game, &[2, 5], &mut out);
    assert_eq!(out, [0, 2, 5, 2, 7, 7]);
    out.clear();
    feature_values(&game, &[1, 2, 5, 6], &mut out);
    assert_eq!(out, [2, 5, 6, 4, 14, 0]);
    let big = built(&["heaps=10", "max=30"]).unwrap();
    assert!(matches!(big.family(), Err(Error::TooLarge(_))));
}
