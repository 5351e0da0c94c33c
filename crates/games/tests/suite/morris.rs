//! Nine Men's Morris through the library's public face: the registry's parameters (stones,
//! variants) and their refusals, positions as text, and the tier indexes of the public API.

use nimber_engine::table::tiers::Tiered;
use nimber_engine::table::Indexed;
use nimber_engine::{Game, Notation};
use nimber_games::morris::{Morris, MorrisTier, Variant};

#[test]
fn built_through_the_registry() {
    let game = nimber_games::build("morris", &[] as &[&str]).unwrap();
    assert_eq!(game.start_text(), "W:- B:- w 9 9");
    assert_eq!(game.normalize("W:g7,A1,d1 B:b2,b4,b6 w").unwrap(), "W:a1,d1,g7 B:b2,b4,b6 w");
    for (params, start) in [
        (&["stones=6"][..], "W:- B:- w 6 6"),
        (&["stones=5"], "W:- B:- w 5 5"),
        (&["variant=lasker"], "W:- B:- w 10 10"),
        (&["variant=morabaraba"], "W:- B:- w 12 12"),
        (&["variant=morabaraba", "stones=12"], "W:- B:- w 12 12"),
    ] {
        assert_eq!(nimber_games::build("morris", params).unwrap().start_text(), start, "{params:?}");
    }
    for (params, said) in [
        (&["stones=7"][..], "must be 9, 6 or 5"),
        (&["stones=4"], "stones"),
        (&["variant=chess"], "standard, lasker or morabaraba"),
        (&["variant=lasker", "stones=9"], "has 10 stones"),
    ] {
        let error = nimber_games::build("morris", params).err().expect("refused").to_string();
        assert!(error.contains(said), "{params:?}: {error}");
    }
    // A position of the 24-point board is not one of the 16-point board.
    let six = nimber_games::build("morris", &["stones=6"]).unwrap();
    assert!(six.normalize("W:a4,b2,c3 B:a1,a3,a5 w").is_err());
}

#[test]
fn moves_of_the_variants() {
    // Lasker Morris: with stones in hand, place (24) or move (none on an empty board; after a
    // placement each, White has 22 placements and the 4 slides of its stone).
    let lasker = Morris::variant(Variant::Lasker);
    assert_eq!(lasker.moves(&lasker.start()).len(), 24);
    let pos = lasker.parse("W:d2 B:f4 w 9 9").unwrap();
    let labels: Vec<String> = lasker.moves(&pos).into_iter().map(|m| m.label).collect();
    assert_eq!(labels.len(), 22 + 4);
    assert!(labels.contains(&"d2-d1".to_string()) && labels.contains(&"d2-d3".to_string()));
    // Morabaraba: the corner b2 has four neighbours (b4, d2 and the diagonal a1, c3), and the
    // diagonal a1-b2-c3 is a mill: b4-b2 closes it and removes any of Black's four stones.
    let mora = Morris::variant(Variant::Morabaraba);
    let pos = mora.parse("W:a1,b4,c3,g4 B:d7,e5,g1,g7 w").unwrap();
    let labels: Vec<String> = mora.moves(&pos).into_iter().map(|m| m.label).collect();
    assert!(labels.contains(&"a1-b2".to_string()) && labels.contains(&"c3-b2".to_string()), "{labels:?}");
    assert_eq!(labels.iter().filter(|m| m.starts_with("b4-b2x")).count(), 4, "{labels:?}");
    assert!(!labels.contains(&"b4-b2".to_string()));
    let nine = Morris::new(9).unwrap();
    assert!(!nine
        .moves(&nine.parse("W:a1,b4,c3,g4 B:d7,e5,g1,g7 w").unwrap())
        .iter()
        .any(|m| m.label == "a1-b2"));
}

#[test]
fn tier_index_of_the_public_api() {
    let game = Morris::new(9).unwrap();
    let tier = game.parse_tier("4-3").unwrap();
    assert_eq!(tier, MorrisTier::new(4, 3));
    assert_eq!(game.tier_name(tier), "4-3");
    let index = game.tier_index(tier);
    assert_eq!(index.size(), 1_808_610);
    assert_eq!(index.half(), 862_980);
    assert_eq!(index.index_scheme(), "morris-tier-v1-nine");
    // The representative of a position with Black to move has White to move, colours swapped.
    let pos = game.parse("W:a1,a4,a7,d7 B:b2,b4,b6 b").unwrap();
    let c = game.canonical(&pos);
    assert!(c.white_to_move && c.white.count_ones() == 3 && c.black.count_ones() == 4);
    let slot = index.rank(&pos);
    assert!(slot >= index.half());
    assert_eq!(index.unrank(slot), Some(c));
    assert_eq!(game.tier(&pos), tier);
}
