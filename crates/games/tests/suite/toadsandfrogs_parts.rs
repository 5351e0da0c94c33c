//! Toads and frogs: frozen pieces and parts.

use nimber_engine::Notation;
use nimber_games::toadsandfrogs::*;

fn strip(text: &str) -> Strip {
    parse_strip(text).unwrap()
}

fn show(parts: &[Strip]) -> Vec<String> {
    let game = ToadsAndFrogs::new(Strip::EMPTY);
    parts.iter().map(|p| game.format(p)).collect()
}

#[test]
fn frozen_pieces_and_parts() {
    assert_eq!(frozen(&strip("FFT.F")), 0b00011);
    assert_eq!(frozen(&strip("T.TTFF.F")), 0b00111100);
    assert_eq!(frozen(&strip("TFF")), 0b111);
    assert_eq!(frozen(&strip("T.F")), 0);
    assert_eq!(show(&parts(&strip("FFT.F"))), ["T.F"]);
    assert_eq!(show(&parts(&strip("T.F.TTFF.T.F"))), ["T.F.", ".T.F"]);
    // `..F` then `T..`: the square between can never be entered.
    assert_eq!(show(&parts(&strip("..F.T.."))), ["..F", "T.."]);
    // Toads alone: four pairs (toad, empty square on its right).
    assert_eq!(show(&parts(&strip("T.T."))), ["T..."]);
    let long = format!("T{}", ".".repeat(63));
    assert_eq!(show(&parts(&strip(&long))), [long.as_str()]);
    // 62 + 62 pairs: strips worth 63 and 61.
    let many = format!("TT{}", ".".repeat(62));
    assert_eq!(show(&parts(&strip(&many))), [long, format!("T{}", ".".repeat(61))]);
    assert_eq!(show(&parts(&strip("F.F"))), [".F"]);
    assert!(parts(&strip("FT")).is_empty());
}
