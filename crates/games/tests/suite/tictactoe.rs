//! Tic-tac-toe: the published facts, dense solves and checkpoints, notation.

use nimber_engine::solve::memo;
use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::table::Indexed;
use nimber_engine::{Error, Game, Notation, Outcome, Silent, Value};
use nimber_games::tictactoe::*;

fn pos(text: &str) -> Board {
    TicTacToe.parse(text).unwrap()
}

#[test]
fn published_counts_and_value() {
    let game = TicTacToe;
    let memo = memo::solve(&game, &[game.start()], &Silent).unwrap();
    let retro = retrograde::solve(&game, &[game.start()], Predecessors::Auto, &Silent).unwrap();
    assert_eq!(memo.len(), 5478);
    assert_eq!(retro.len(), 5478);
    assert_eq!(memo.get(&Board::EMPTY), Some(Outcome::new(Value::Tie, 9)));
    for (p, o) in retro.iter() {
        assert_eq!(memo.get(p), Some(o), "{}", game.format(p));
    }
    // The 958 end positions of the UCI Tic-Tac-Toe Endgame data set: 626 won by X, 316 won
    // by O, 16 full boards without a line.
    let ends: Vec<Board> = memo.iter().map(|(p, _)| *p).filter(|p| game.terminal(p).is_some()).collect();
    assert_eq!(ends.len(), 958);
    let x_won = ends
        .iter()
        .filter(|p| !p.x_to_move() && game.terminal(p) == Some(Outcome::new(Value::Lose, 0)))
        .count();
    let o_won = ends
        .iter()
        .filter(|p| p.x_to_move() && game.terminal(p) == Some(Outcome::new(Value::Lose, 0)))
        .count();
    let tied = ends.iter().filter(|p| game.terminal(p) == Some(Outcome::new(Value::Tie, 0))).count();
    assert_eq!((x_won, o_won, tied), (626, 316, 16));
    // No draws: the game always ends.
    assert!(memo.iter().all(|(_, o)| o.value() != Value::Draw));
}

/// What each move from `text` gives the player who makes it, by move label.
fn replies(text: &str) -> Vec<(String, Outcome)> {
    let game = TicTacToe;
    let p = pos(text);
    let solved = memo::solve(&game, &[p], &Silent).unwrap();
    game.moves(&p).into_iter().map(|m| (m.label, solved.get(&m.to).unwrap().for_mover())).collect()
}

#[test]
fn dense_solve_reproduces_the_published_facts() {
    use nimber_engine::table::check::{check_bijection, check_predecessors};
    use nimber_engine::table::dense;
    let game = TicTacToe;
    let holes = check_bijection(&game, std::iter::empty(), 0..game.size());
    // 3^9 boards, of which those with 0..=9 marks in alternating counts are slots in use.
    assert_eq!(game.size() - holes, 6046);
    let solved = dense::solve(&game, None, &Silent).unwrap();
    assert_eq!(solved.len(), 5478);
    assert_eq!(solved.get(&game, &Board::EMPTY), Some(Outcome::new(Value::Tie, 9)));
    let memo = memo::solve(&game, &[game.start()], &Silent).unwrap();
    for (p, o) in memo.iter() {
        assert_eq!(solved.get(&game, p), Some(o), "{}", game.format(p));
    }
    assert_eq!(solved.counts(), memo.counts());
    let checked = check_predecessors(&game, memo.iter().map(|(p, _)| *p));
    eprintln!("tictactoe dense: 5478 positions agree with memo search; {checked} moves checked both ways");
}

#[test]
fn checkpoints_of_one_byte_words_resume_at_every_level_and_round() {
    // Tic-tac-toe's remoteness fits in 8-bit state words (a regression: checkpoints of
    // 8-bit words were written but refused when read back). Stopped at every level of the
    // search and every round in turn, each time resumed to the end.
    use nimber_engine::store::checkpoint::{self, CheckpointOptions, Stage};
    use nimber_engine::table::dense;
    struct StopAt(std::sync::atomic::AtomicU64, u64);
    impl nimber_engine::Progress for StopAt {
        fn cancelled(&self) -> bool {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= self.1
        }
    }
    let game = TicTacToe;
    let want = dense::solve(&game, None, &Silent).unwrap();
    assert_eq!(want.word_bits(), 8);
    let path = std::env::temp_dir().join(format!("nimber-tictactoe-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut options = CheckpointOptions::new(&path, &nimber_engine::GameId::new("tictactoe", Vec::new()));
    options.every = std::time::Duration::ZERO;
    let mut stages = Vec::new();
    for stop_at in 0.. {
        options.resume = false;
        match checkpoint::solve_dense(&game, None, &options, &StopAt(Default::default(), stop_at)) {
            Ok(_) => break,
            Err(Error::Cancelled { checkpoint: Some(_), .. }) => {}
            Err(e) => panic!("{e}"),
        }
        let header = checkpoint::read_header(&path).unwrap();
        assert_eq!(header.word_bits, 8);
        stages.push(header.stage);
        options.resume = true;
        let got = checkpoint::solve_dense(&game, None, &options, &Silent).unwrap();
        assert!((0..want.len()).all(|k| got.get_nth(k) == want.get_nth(k)), "{:?}", stages.last());
        options.remove().unwrap();
    }
    // Levels 0 to 8 of the search (boards of 0 to 8 marks: the last level's boards have
    // no moves to follow), rounds 0 to 5 of wins and losses, then 0 to 9 of ties.
    let levels = stages.iter().filter(|s| matches!(s, Stage::Search { .. })).count();
    assert_eq!((levels, stages.len() - levels), (9, 16), "{stages:?}");
}

#[test]
fn corner_opening_needs_the_centre() {
    // After X takes a corner, O must take the centre: every other reply loses.
    for corner in ["x../.../...", "..x/.../...", ".../.../x..", ".../.../..x"] {
        for (label, outcome) in replies(corner) {
            let expected = if label == "b2" { Value::Tie } else { Value::Lose };
            assert_eq!(outcome.value(), expected, "{corner} {label}");
        }
    }
}

#[test]
fn centre_opening_needs_a_corner() {
    // After X takes the centre, O must take a corner: an edge loses.
    for (label, outcome) in replies(".../.x./...") {
        let corner = ["a1", "c1", "a3", "c3"].contains(&label.as_str());
        assert_eq!(outcome.value(), if corner { Value::Tie } else { Value::Lose }, "{label}");
    }
    // Every opening move of X ties.
    assert!(replies(".../.../...").iter().all(|(_, o)| o.value() == Value::Tie));
}

#[test]
fn end_positions() {
    let game = TicTacToe;
    // X completed the top row; O to move has lost.
    assert_eq!(game.terminal(&pos("xxx/oo./...")), Some(Outcome::new(Value::Lose, 0)));
    // O completed the diagonal; X to move has lost.
    assert_eq!(game.terminal(&pos("oxx/xo./..o")), Some(Outcome::new(Value::Lose, 0)));
    assert_eq!(game.terminal(&pos("xox/xoo/oxx")), Some(Outcome::new(Value::Tie, 0)));
    assert_eq!(game.terminal(&pos("xo./.../...")), None);
    // X to move wins at once by completing a line.
    let solved = memo::solve(&game, &[pos("xx./oo./...")], &Silent).unwrap();
    assert_eq!(solved.get(&pos("xx./oo./...")), Some(Outcome::new(Value::Win, 1)));
}

#[test]
fn notation_round_trip() {
    let game = TicTacToe;
    for text in [".../.../...", "x../.o./...", "xox/xoo/oxx", "xxx/oo./..."] {
        assert_eq!(game.format(&pos(text)), text);
    }
    assert_eq!(game.format(&pos("x...o....")), "x../.o./...");
    assert_eq!(game.format(&pos(" X../.O./... ")), "x../.o./...");
    let solved = memo::solve(&game, &[game.start()], &Silent).unwrap();
    for (p, _) in solved.iter() {
        assert_eq!(&game.parse(&game.format(p)).unwrap(), p);
        // Without separators too.
        assert_eq!(&game.parse(&game.format(p).replace('/', "")).unwrap(), p);
    }
}

#[test]
fn impossible_boards_are_rejected() {
    let game = TicTacToe;
    let err = |t: &str| game.parse(t).unwrap_err();
    // Two x and no o: the second x (column 2) is one too many.
    assert_eq!(err("xx./.../...").column, Some(2));
    assert_eq!(err("xx.......").column, Some(2));
    // An o before any x.
    assert_eq!(err(".o./.../...").column, Some(2));
    assert_eq!(err("x.o/o../...").column, Some(5));
    // X completed a line, but O moved afterwards.
    assert_eq!(err("xxx/oo./o..").column, Some(1));
    // O completed a line and X moved afterwards.
    assert_eq!(err("xx./ooo/xx.").column, Some(5));
    assert_eq!(err("x?./.../...").column, Some(2));
    assert_eq!(err("x../.../..").column, Some(11));
    assert_eq!(err("x../.../..../").column, Some(12));
    assert_eq!(err("x../.../.../").column, Some(12));
    assert_eq!(err("x./.../....").column, Some(3));
    assert_eq!(err("/x../.../...").column, Some(1));
    assert_eq!(err("x..//.../...").column, Some(5));
    assert_eq!(err("").column, Some(1));
    // Multi-byte characters are reported by character, not byte, and never panic.
    assert_eq!(err("x..é/.../...").column, Some(4));
    assert_eq!(err("é").column, Some(1));
}

proptest::proptest! {
    #[test]
    fn parse_never_panics(text in "[xXoO./ é\t?]{0,14}|\\PC{0,14}") {
        let game = TicTacToe;
        if let Ok(board) = game.parse(&text) {
            proptest::prop_assert_eq!(game.parse(&game.format(&board)).unwrap(), board);
        }
    }
}
