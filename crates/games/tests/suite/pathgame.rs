//! The path game: components, values, notation, parameters.

use nimber_engine::solve::{grundy, memo};
use nimber_engine::{Decompose, Error, Game, Notation, Silent, Unsplit, Value};
use nimber_games::pathgame::*;
use nimber_games::testing::pathgame::boards;

/// Every board of `width` columns with a path (the exploration family's enumeration).
fn all_boards(width: usize) -> Vec<Board> {
    boards(width)
}

#[test]
fn components_keep_the_nim_value() {
    // Every board with a path of width 1..=9: grundy with the split into runs equals grundy
    // on the plain rules, and memo agrees on who wins.
    let counts = [3, 7, 17, 41, 99, 239, 577, 1393, 3363];
    let mut boards = Vec::new();
    for width in 1..=9 {
        let these = all_boards(width);
        assert_eq!(these.len(), counts[width - 1], "width {width}");
        boards.extend(these);
    }
    assert!(boards.iter().all(|b| b.has_path()));
    let game = PathGame::new(Board::white(1)).unwrap();
    let split = grundy::solve(&game, &boards, &Silent).unwrap();
    let plain = Unsplit(&game);
    let whole = grundy::solve(&plain, &boards, &Silent).unwrap();
    let outcomes = memo::solve(&plain, &boards, &Silent).unwrap();
    let mut split_boards = 0;
    for b in &boards {
        let nim = whole.get(b).unwrap();
        assert_eq!(split.get(b), Some(nim), "{}", b.notation());
        assert_eq!(outcomes.get(b).unwrap().value() == Value::Lose, nim == 0, "{}", b.notation());
        if let Some(parts) = game.components(b) {
            // Every part is itself a board of at most this width, solved above.
            let xor = parts.iter().fold(0, |acc, p| acc ^ whole.get(p).unwrap());
            assert_eq!(xor, nim, "{}", b.notation());
            assert!(parts.len() >= 2 && parts.iter().all(|p| p.has_path() && p.width <= b.width));
            split_boards += 1;
        }
    }
    let total = boards.len();
    eprintln!("pathgame: components checked on {total} boards of width 1..=9 ({split_boards} split)");
    assert_eq!((total, split_boards), (5739, 5652));
}

#[test]
fn hand_checked_values() {
    let game = PathGame::new(Board::white(1)).unwrap();
    let nim = |text: &str| {
        let b = game.parse(text).unwrap();
        grundy::solve(&game, &[b], &Silent).unwrap().get(&b).unwrap()
    };
    // One column: colour either cell, then the other is forbidden.
    assert_eq!(nim("./."), 1);
    assert_eq!(nim("#/."), 0);
    // The TopCoder examples: `#../...` is won by the first player, `...../..#..` lost.
    assert_ne!(nim("#../..."), 0);
    assert_eq!(nim("...../..#.."), 0);
    assert_ne!(nim(".#.../....."), 0);
    // A run bounded by one black cell has nim value equal to its length.
    assert_eq!(nim("#....../......."), 6);
    // The widest board, with the split into runs.
    let wide = format!("{}/{}", ".".repeat(64), ".".repeat(64));
    assert_eq!(nim(&wide), 0);
}

#[test]
fn notation_round_trip() {
    let game = PathGame::new(Board::white(3)).unwrap();
    for text in ["#../...", "./.", "#/.", "..#.#/.....", "...#/#..."] {
        assert_eq!(game.format(&game.parse(text).unwrap()), text);
    }
    for b in all_boards(6) {
        assert_eq!(game.parse(&game.format(&b)).unwrap(), b);
    }
    assert_eq!(game.format(&game.parse(" #..\n...\n").unwrap()), "#../...");
    assert_eq!(game.format(&game.parse("#..\r\n...\r\n").unwrap()), "#../...");
    assert_eq!(game.parse("#.x/...").unwrap_err().column, Some(3));
    assert_eq!(game.parse("#../..").unwrap_err().column, Some(5));
    assert_eq!(game.parse("#../#..").unwrap_err().column, Some(5));
    assert_eq!(game.parse("#../.#.").unwrap_err().column, Some(6));
    assert!(game.parse("#..").is_err());
    assert!(game.parse("/...").is_err());
    assert!(game.parse("../../..").is_err());
    assert!(game.parse("").is_err());
    assert!(game.parse(&format!("{}/{}", ".".repeat(65), ".".repeat(65))).is_err());
    let b = game.parse("..#/...").unwrap();
    let labels: Vec<String> = game.moves(&b).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["t1", "t2", "b1"]);
}

#[test]
fn reachable_counts_what_memo_visits() {
    let game = PathGame::new(Board::white(1)).unwrap();
    let mut checked = 0;
    for width in 1..=6 {
        for b in all_boards(width) {
            assert_eq!(memo::solve(&game, &[b], &Silent).unwrap().len() as u128, b.reachable());
            checked += 1;
        }
    }
    assert_eq!(checked, 406);
    assert_eq!(Board::white(18).reachable(), 9_369_319);
    assert_eq!(Board::white(19).reachable(), 22_619_537);
    assert!(Board::white(64).reachable() > 1u128 << 80);
}

#[test]
fn built_from_parameters() {
    let game = nimber_games::build("pathgame", &["board=#../..."]).unwrap();
    assert_eq!(game.start_text(), "#../...");
    assert!(nimber_games::build("pathgame", &["board=#../.#."]).is_err());
    assert!(nimber_games::build("pathgame", &[] as &[&str]).is_ok());
    let white = |w: usize| format!("board={}/{}", ".".repeat(w), ".".repeat(w));
    let game = nimber_games::build("pathgame", &[white(18)]).unwrap();
    assert!(game.normalize(&white(18)[6..]).is_ok());
    assert!(game.normalize(&white(19)[6..]).is_err());
    let limited = PathGame::new(Board::white(1)).unwrap().with_max_reachable(100);
    assert!(limited.parse("...../.....").is_ok());
    assert!(limited.parse("....../......").is_err());
    assert!(matches!(nimber_games::build("pathgame", &[white(19)]), Err(Error::TooLarge(_))));
    // Wide boards with enough black cells are fine.
    let wide = format!("board={}{}/{}", "#".repeat(50), ".".repeat(14), ".".repeat(64));
    assert!(nimber_games::build("pathgame", &[wide]).is_ok());
}
