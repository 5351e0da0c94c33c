//! Exact alpha-beta search (`nimber_engine::solve::search`) against the strong solutions of the
//! dense solver: on every reachable position of tic-tac-toe (ties, no cycles) and of Dodgem 3x3
//! (cycles, no draws), on every position of 400 random loopy graphs with declared wins and
//! losses (draws by endless play), and on 10,000 reachable positions of Connect Four 4x4 drawn
//! with a fixed seed, the value searched for alone, and the value with the remoteness of wins
//! and losses, are the table's; with a table of a few thousand entries, so that its
//! replacement rule is exercised too.

use nimber_engine::solve::search::{search, searcher, SearchOptions};
use nimber_engine::table::{dense, plumbing::SlotMoves};
use nimber_engine::{Silent, Value};
use nimber_games::connect4::ConnectFour;
use nimber_games::dodgem::Dodgem;
use nimber_games::tictactoe::TicTacToe;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Which search [`agree`] runs.
#[derive(Copy, Clone)]
enum Which {
    /// The engine's search over the rules, a fresh table for every position.
    Engine,
    /// The game's own search ([`nimber_engine::Search`]) on this many threads, one table kept
    /// over all positions.
    Own(usize),
}

/// Searches `sample` reachable positions of `game` (all of them when there are fewer), drawn
/// with a fixed seed, and compares with the dense solution; returns the positions checked and
/// how many of them are won, lost, tied and drawn.
fn agree<G: SlotMoves>(name: &str, game: &G, sample: usize, which: Which) -> (usize, [usize; 4]) {
    let table = dense::solve(game, None, &Silent).unwrap();
    let mut slots: Vec<u64> = (0..game.size()).filter(|&s| table.get_slot(s).is_some()).collect();
    assert_eq!(slots.len() as u64, table.len(), "{name}");
    if slots.len() > sample {
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        for i in 0..sample {
            let j = rng.gen_range(i..slots.len());
            slots.swap(i, j);
        }
        slots.truncate(sample);
    }
    let threads = match which {
        Which::Own(threads) => threads,
        Which::Engine => 1,
    };
    let value = SearchOptions { remoteness: false, table_bytes: 1 << 16, threads };
    let exact = SearchOptions { remoteness: true, table_bytes: 1 << 16, threads };
    let mut own = match which {
        Which::Own(_) => Some((searcher(game, &value).unwrap(), searcher(game, &exact).unwrap())),
        Which::Engine => None,
    };
    let mut by_value = [0; 4];
    for &slot in &slots {
        let pos = game.unrank(slot).unwrap();
        let want = table.get_slot(slot).unwrap();
        let (got, got_exact) = match &mut own {
            Some((v, e)) => (v.search(&pos, &Silent).unwrap(), e.search(&pos, &Silent).unwrap()),
            None => {
                (search(game, &pos, &value, &Silent).unwrap(), search(game, &pos, &exact, &Silent).unwrap())
            }
        };
        assert_eq!(got.value, want.value(), "{name}: value of {pos:?}");
        assert_eq!(got.remoteness, None);
        assert_eq!(got_exact.value, want.value(), "{name}: value of {pos:?} with remoteness");
        if matches!(want.value(), Value::Win | Value::Lose) {
            assert_eq!(got_exact.remoteness, want.remoteness(), "{name}: remoteness of {pos:?}");
        }
        by_value[want.value().index()] += 1;
    }
    eprintln!("{name}: {} positions searched, by value {by_value:?}", slots.len());
    (slots.len(), by_value)
}

#[test]
fn search_agrees_with_tables() {
    // Every reachable position of tic-tac-toe (5,478), won, lost and tied.
    let (n, by_value) = agree("tic-tac-toe", &TicTacToe, usize::MAX, Which::Engine);
    assert_eq!(n, 5_478);
    assert!(by_value[0] > 0 && by_value[1] > 0 && by_value[2] > 0 && by_value[3] == 0);
    // Dodgem 3x3 (cycles, but no position drawn): every reachable position.
    let (n, by_value) =
        agree("dodgem 3x3", &Dodgem::new(3).unwrap().with_mirror(false), usize::MAX, Which::Engine);
    assert_eq!((n, by_value[3]), (2_055, 0));

    // Connect Four 4x4: 10,000 of its reachable positions.
    let (n, by_value) =
        agree("connect4 4x4", &ConnectFour::new(4, 4).unwrap().with_mirror(false), 10_000, Which::Engine);
    assert_eq!(n, 10_000);
    assert!(by_value[0] > 0 && by_value[1] > 0 && by_value[2] > 0);
}

#[test]
fn connect_four_own_search_agrees_with_tables() {
    // Connect Four's own search (bitboards, prunings, a table kept from one position to the
    // next and folded by the mirror): 10,000 reachable positions of each board, or all of
    // them, against the strong solution, by value and by remoteness. Boards even and odd in
    // size, with and without room for lines across (3 wide has none); 5x4 on two threads too,
    // whose longer searches (past the first thread's budget alone) run on both.
    let boards = [
        (4, 4, 10_000, 1),
        (5, 4, 10_000, 1),
        (5, 4, 10_000, 2),
        (4, 5, 10_000, 1),
        (6, 3, 10_000, 1),
        (5, 3, 10_000, 1),
        (3, 4, 6_000, 1),
    ];
    for (w, h, want, threads) in boards {
        let game = ConnectFour::new(w, h).unwrap().with_mirror(false);
        let name = format!("connect4 {w}x{h}, own search, {threads} threads");
        let (n, by_value) = agree(&name, &game, 10_000, Which::Own(threads));
        assert_eq!(n, want, "{w}x{h}");
        assert!(by_value[0] > 0 && by_value[1] > 0, "{w}x{h}: {by_value:?}");
    }
}

/// Tromp's results: the empty boards up to 5x5 (and 6 wide, 5 high) are ties (draws, in his
/// words); searched on one thread and on two (whose helpers share the table), with the score.
#[test]
fn connect_four_small_empty_boards_are_ties() {
    use nimber_engine::Game;
    for (w, h) in [(4, 4), (5, 4), (4, 5), (5, 5)] {
        let game = ConnectFour::new(w, h).unwrap();
        for threads in [1, 2] {
            let exact = SearchOptions { remoteness: true, table_bytes: 1 << 22, threads };
            let got = searcher(&game, &exact).unwrap().search(&game.start(), &Silent).unwrap();
            assert_eq!((got.value, got.remoteness, got.score), (Value::Tie, None, Some(0)), "{w}x{h}");
            eprintln!(
                "connect4 {w}x{h} empty board, {threads} threads: tie, {} positions searched",
                got.nodes
            );
        }
    }
}

/// The score of Connect Four's own search: 22 minus the winner's stones on 7x6 (in general one
/// more than the most stones a player can have, minus the winner's), from the remoteness.
#[test]
fn connect_four_scores_count_the_winners_stones() {
    use nimber_engine::{Game, Notation};
    let game = ConnectFour::new(7, 6).unwrap();
    let exact = SearchOptions { remoteness: true, table_bytes: 1 << 20, threads: 1 };
    let mut own = searcher(&game, &exact).unwrap();
    // x (to move, 3 stones) wins at once with a fourth: 22 - 4; o, after it, has lost to x's 4.
    let pos = game.parse("......./......./......./......./ooo..../xxx....").unwrap();
    let got = own.search(&pos, &Silent).unwrap();
    assert_eq!((got.value, got.remoteness, got.score), (Value::Win, Some(1), Some(18)));
    let after = game.moves(&pos).into_iter().find(|m| m.label == "4").unwrap().to;
    let got = own.search(&after, &Silent).unwrap();
    assert_eq!((got.value, got.remoteness, got.score), (Value::Lose, Some(0), Some(-18)));
    // o to move must block at 4, then x wins at 5 or 1 (an open three below): o loses in 2
    // plies, x having 4 stones at the end: -(22 - 4).
    let pos = game.parse("......./......./......./......./.o.o.../.xxx...").unwrap();
    let got = own.search(&pos, &Silent).unwrap();
    assert_eq!((got.value, got.remoteness, got.score), (Value::Lose, Some(2), Some(-18)));
}

#[test]
fn connect_four_stopped_search_says_what_it_proved() {
    // Stopped once the value is known and the exact score is being narrowed, the search says
    // what it had proven, as a bound; stopped before anything, it claims nothing.
    use nimber_engine::{Error, Notation, Progress};
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    struct StopAt(&'static str, AtomicBool);
    impl Progress for StopAt {
        fn phase(&self, name: &str, _total: Option<u64>) {
            if name.starts_with(self.0) {
                self.1.store(true, Relaxed);
            }
        }
        fn cancelled(&self) -> bool {
            self.1.load(Relaxed)
        }
    }
    let game = ConnectFour::new(7, 6).unwrap();
    let exact = SearchOptions { remoteness: true, table_bytes: 1 << 20, threads: 1 };
    // A line of Pons' set Test_L3_R1, score -1: a loss known after two windows, its score
    // narrowed by two more.
    let pos = game.parse("3146762114467714356347741621375222").unwrap();
    let stopped = searcher(&game, &exact)
        .unwrap()
        .search(&pos, &StopAt("searching: the score", AtomicBool::new(false)));
    match stopped {
        Err(Error::Cancelled { checkpoint: None, proven: Some(p) }) => {
            assert!(p.starts_with("a loss, its score between -"), "{p}");
            assert!(p.ends_with("(a bound, not the value)"), "{p}");
        }
        other => panic!("{other:?}"),
    }
    let stopped = searcher(&game, &exact)
        .unwrap()
        .search(&pos, &StopAt("searching: is it a win", AtomicBool::new(false)));
    assert!(matches!(stopped, Err(Error::Cancelled { checkpoint: None, proven: None })), "{stopped:?}");
}

#[test]
fn search_agrees_with_retrograde_on_random_loopy_graphs() {
    // Every position of 400 random graphs of 1 to 45 positions, with cycles and declared wins
    // and losses: draws come from endless play only, and the search's rule (a repetition is a
    // draw, and a value that depended on one is not kept) gives every position its value and
    // the remoteness of its win or loss.
    use nimber_engine::solve::retrograde::{self, Predecessors};
    use nimber_engine::Game;
    use nimber_games::graph::Graph;
    let (mut positions, mut counts) = (0u64, [0u64; 4]);
    for seed in 0..400u64 {
        let n = 1 + (seed % 45) as usize;
        let text = crate::graph::random_graph_with(seed, n, &["win", "lose"]);
        let Ok(game) = Graph::from_text(&text, "random.txt", None) else { continue };
        let reference = retrograde::solve(&game, &game.roots(), Predecessors::ReverseGraph, &Silent).unwrap();
        for pos in game.roots() {
            let want = reference.get(&pos).unwrap();
            for remoteness in [false, true] {
                let options = SearchOptions { remoteness, table_bytes: 1 << 12, threads: 1 };
                let got = search(&game, &pos, &options, &Silent).unwrap();
                assert_eq!(got.value, want.value(), "seed {seed}, {}", game.name(pos));
                if remoteness && matches!(want.value(), Value::Win | Value::Lose) {
                    assert_eq!(got.remoteness, want.remoteness(), "seed {seed}, {}", game.name(pos));
                }
            }
            counts[want.value().index()] += 1;
            positions += 1;
        }
    }
    eprintln!("search vs retrograde on random graphs: {positions} positions, win/lose/tie/draw {counts:?}");
    assert!(positions > 8000, "{positions} positions");
    assert!(counts[0] > 100 && counts[1] > 100 && counts[3] > 100, "{counts:?}");
}

/// Samples up to `want` positions of the library game `name` (with `-p` parameters) by random
/// walks from its start through its strong solution, and searches each (its value, then its
/// remoteness) with one searcher kept over all of them, as `nimber search --batch` does; returns
/// the positions checked and how many of them are won, lost, tied and drawn.
fn agree_by_name(name: &str, params: &[&str], want: usize) -> (usize, [usize; 4]) {
    use nimber_engine::{SolveOptions, Value};
    let game = nimber_games::recipe::build(name, params).unwrap();
    let solved = game.solved(None, &SolveOptions::default(), &Silent).unwrap();
    let total = solved.positions() as usize;
    let value = SearchOptions { remoteness: false, table_bytes: 16 << 20, threads: 1 };
    let exact = SearchOptions { remoteness: true, table_bytes: 16 << 20, threads: 1 };
    let (mut by_value, mut exact_searcher) = (game.searcher(&value).unwrap(), game.searcher(&exact).unwrap());
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let mut seen = std::collections::HashSet::new();
    let mut counts = [0usize; 4];
    let start = game.start_text();
    let mut at = start.clone();
    // Walks restart at the start after a finished position, or at random (1 in 30 steps), so
    // that positions near the start are visited as well as deep ones.
    for _ in 0..100 * want {
        if seen.len() >= want.min(total) {
            break;
        }
        let known = solved.query(Some(&at)).unwrap();
        if known.moves.is_empty() {
            at = start.clone();
            continue;
        }
        if seen.insert(known.position.clone()) {
            let got = by_value.search(Some(&at), false, &Silent).unwrap();
            let want_value = known.outcome.value();
            assert_eq!(got.value, want_value, "{name}: value of {at}");
            let got = exact_searcher.search(Some(&at), false, &Silent).unwrap();
            assert_eq!(got.value, want_value, "{name}: value of {at} with remoteness");
            if matches!(want_value, Value::Win | Value::Lose) {
                assert_eq!(got.remoteness, known.outcome.remoteness(), "{name}: remoteness of {at}");
            }
            counts[want_value.index()] += 1;
        }
        at = if rng.gen_range(0..30) == 0 {
            start.clone()
        } else {
            known.moves[rng.gen_range(0..known.moves.len())].position.clone()
        };
    }
    eprintln!("{name} {params:?}: {} of {total} positions searched, by value {counts:?}", seen.len());
    (seen.len(), counts)
}

#[test]
fn search_agrees_with_every_library_games_solution() {
    // Every game of the library that has a strong solution from its start, on small boards:
    // 10,000 positions each where it has so many, else those of its positions with a move that
    // the walks reach. Values, and remoteness with --remoteness. Not here: the graph files
    // (their own tests, above), Dōbutsu shōgi (far too large for a test) and Morris, whose
    // solution covers the mid- and endgame, not the placement that starts it
    // (`morris_tiers.rs`).
    let games: &[(&str, &[&str], usize)] = &[
        // The search over a loopy game keeps no value that met a repetition: on Berzerk's circle
        // it grows exponentially with the circle (n = 40: 134 million positions), so a small one.
        ("berzerk", &["n=20"], 30),
        ("clobber", &["board=xoxo/oxox/xoxo"], 10_000),
        ("connect4", &["w=5", "h=4"], 10_000),
        ("cutcake", &["cakes=5x6"], 10_000),
        // Loopy too: 4x4 (395,294 positions) is beyond the search in a test's time.
        ("dodgem", &["n=3"], 1_900),
        ("domineering", &["board=...../...../...../....."], 10_000),
        // 4x4 (65,536 positions) takes minutes: the default 3x4, every position with a move.
        ("enjapma", &[], 4_000),
        ("fivehundredeleven", &["cards=1,2,4,8,16,32,64,128,256,3,5,6,9,10"], 10_000),
        // A belief game whose fields stay small: every position the walks reach.
        ("gameindarkness", &[], 60),
        ("grundy-game", &["heaps=40"], 10_000),
        ("hackenbush", &[], 25),
        ("nim", &["heaps=20,21,22,23"], 10_000),
        ("octal", &["code=0.77", "heaps=20,20"], 10_000),
        ("pathgame", &["board=............/............"], 10_000),
        ("subtraction", &["set=1,2,3", "heaps=40,40,40"], 10_000),
        // Every position with a move (5,478 in all).
        ("tictactoe", &[], 4_500),
        ("toadsandfrogs", &["board=TTTT....FFFF"], 10_000),
    ];
    for &(name, params, least) in games {
        let (n, counts) = agree_by_name(name, params, 10_000);
        assert!(n >= least, "{name}: {n} positions");
        assert!(counts[0] + counts[1] + counts[2] + counts[3] == n);
    }
}

#[test]
fn engine_search_stopped_says_what_it_proved() {
    // The engine's search, stopped after each of its phases, claims what the phases before
    // proved and no more; stopped among the moves of `--moves`, the position's own value.
    use nimber_engine::{Error, Notation, Progress};
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    /// Cancels from the `n`th phase named `name` on.
    struct StopAt(&'static str, usize, AtomicUsize);
    impl Progress for StopAt {
        fn phase(&self, name: &str, _total: Option<u64>) {
            if name.starts_with(self.0) {
                self.2.fetch_add(1, Relaxed);
            }
        }
        fn cancelled(&self) -> bool {
            self.2.load(Relaxed) >= self.1
        }
    }
    let proven = |game: &TicTacToe, pos: &str, remoteness: bool, at: &'static str| {
        let options = SearchOptions { remoteness, table_bytes: 1 << 20, threads: 1 };
        match search(game, &game.parse(pos).unwrap(), &options, &StopAt(at, 1, AtomicUsize::new(0))) {
            Err(Error::Cancelled { checkpoint: None, proven }) => proven,
            other => panic!("{pos} stopped at {at}: {other:?}"),
        }
    };
    let game = TicTacToe;
    // The empty board, a tie: not a win once the first window is closed.
    assert_eq!(proven(&game, ".........", false, "searching: is it a win"), None);
    assert_eq!(
        proven(&game, ".........", false, "searching: is it a loss").as_deref(),
        Some("not a win: a draw, a tie or a loss (a bound, not the value)")
    );
    // X to play after X's corner and O's edge beside it wins in 5; O to play then, X in the
    // centre, loses in 4.
    assert_eq!(
        proven(&game, "XO.......", true, "searching: the shortest win").as_deref(),
        Some("a win, its remoteness not found yet")
    );
    assert_eq!(
        proven(&game, "XO..X....", true, "searching: the longest loss").as_deref(),
        Some("a loss, its remoteness not found yet")
    );
    // Every move from the empty board: stopped in the first move's search (the third phase
    // named so), the report is the empty board's value, exact.
    let game = nimber_games::recipe::build("tictactoe", &[] as &[&str]).unwrap();
    let options = SearchOptions { remoteness: true, table_bytes: 1 << 20, threads: 1 };
    let stop = StopAt("searching: is it a win", 2, AtomicUsize::new(0));
    match game.search(None, &options, true, &stop) {
        Err(Error::Cancelled { checkpoint: None, proven: Some(p) }) => {
            assert_eq!(p, "the position's value is tie, by exact search; 0 of its 9 moves were searched")
        }
        other => panic!("{other:?}"),
    }
}
