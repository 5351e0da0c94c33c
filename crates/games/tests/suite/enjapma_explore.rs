//! Enjapma's family and features.

use nimber_engine::{Error, Explore, Notation};
use nimber_games::enjapma::Enjapma;
use nimber_games::testing::enjapma::parts;

#[test]
fn family_and_features() {
    let game = Enjapma::new(2, 3).unwrap();
    let (_, parts) = parts(&game).unwrap();
    let sizes: Vec<(u32, u32, usize)> = parts.iter().map(|(g, p)| (g.height(), g.width(), p.len())).collect();
    assert_eq!(game.family().unwrap().unwrap().parts.len(), parts.len());
    assert_eq!(sizes, [(1, 1, 2), (1, 2, 4), (1, 3, 8), (2, 1, 4), (2, 2, 16), (2, 3, 64)]);
    // `o.o/.oo`: the bottom-left cell and every second cell from it are dark: r2c1, r2c3,
    // r1c2. Pieces on r1c1, r1c3 (light), r2c2 (light), r2c3 (dark).
    let pos = game.parse("o.o/.oo").unwrap();
    let mut out = Vec::new();
    game.feature_values(&pos, &mut out);
    assert_eq!(out, [4, 1, 3, 2, 3]);
    assert_eq!(game.features(), ["pieces", "on_dark", "on_light", "h", "w"]);
    assert!(matches!(Enjapma::new(5, 5).unwrap().family(), Err(Error::TooLarge(_))));
}
