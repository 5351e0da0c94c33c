//! Clobber's values against published ones and against the strong solver.

use crate::partizan;
use partizan::{check_against_solver, start_value, Plain};

use nimber_games::clobber::{parse_board, Board, Clobber};
use nimber_games::grid::Shape;
use nimber_partizan::{Dyadic, OutcomeClass, Partizan};

fn value(text: &str) -> String {
    start_value(&Clobber::new(parse_board(text).unwrap()))
}

/// `xo` and `xox` are * (cgt-tools and CGSuite); a lone stone or stones of one player alone are
/// 0; `xo` next to `ox` far away is * + * = 0.
#[test]
fn published_values() {
    for (text, v) in [("x", "0"), ("xx/xx", "0"), ("xo", "*"), ("xox", "*"), ("x/o", "*"), ("xo..ox", "0")] {
        assert_eq!(value(text), v, "{text}");
    }
}

/// Every board of `x`, `o` and `.` within 2x3, 3x2 and 1x7 (729 + 729 + 2,187 boards).
#[test]
fn regions_and_strong_solver_agree_on_every_small_board() {
    let mut checked = 0;
    for (rows, cols) in [(2u8, 3u8), (3, 2), (1, 7)] {
        let shape = Shape { rows, cols };
        let n = rows as u32 * cols as u32;
        let boards: Vec<Board> = (0..3u64.pow(n))
            .map(|mut code| {
                let (mut x, mut o) = (0, 0);
                for i in 0..n {
                    match code % 3 {
                        1 => x |= 1 << i,
                        2 => o |= 1 << i,
                        _ => {}
                    }
                    code /= 3;
                }
                Board { shape, x, o }
            })
            .collect();
        let game = Clobber::new(boards[0]);
        checked += check_against_solver(&game, &Plain(game.clone()), &boards);
    }
    assert_eq!(checked, 729 + 729 + 2187);
}

/// Linear Clobber from the alternating row `xoxo...` of even length `2n`: the first player wins
/// for every `n` except `n = 3` (`xoxoxo` is 0): conjectured by Albert, Grossman, Nowakowski and
/// Wolfe (*An introduction to Clobber*, 2005) and since proved. Checked for every `n` from 1 to
/// 11 (rows of 2 to 22 stones).
#[test]
fn alternating_rows_are_first_player_wins_but_one() {
    for n in 1..=11 {
        let text = "xo".repeat(n);
        let game = Clobber::new(parse_board(&text).unwrap());
        let mut ev = nimber_partizan::Evaluator::new(&game);
        let v = ev.value(&game.start());
        let class = ev.forms.outcome(v);
        let expected = if n == 3 { OutcomeClass::P } else { OutcomeClass::N };
        assert_eq!(class, expected, "{text}");
    }
}

/// Clobber is all-small (a player has a move exactly when the other has one), so every value
/// is infinitesimal: both stops 0, mean 0, temperature 0 (or -1 for 0 itself). On every board
/// within 2x3, 3x2 and 1x7 (3,645 boards) and the alternating 4x4 board's value.
#[test]
fn every_value_is_infinitesimal() {
    let mut checked = 0;
    let mut forms_checked = |texts: Vec<String>| {
        for text in texts {
            let game = Clobber::new(parse_board(&text).unwrap());
            let mut ev = nimber_partizan::Evaluator::new(&game);
            let v = ev.value(&game.start());
            let zero = Dyadic::ZERO;
            assert_eq!(ev.forms.stops(v), (zero, zero), "{text}");
            assert_eq!(ev.forms.mean(v), zero, "{text}");
            let t = ev.forms.temperature(v);
            assert!(t == zero || (t == Dyadic::int(-1) && v == nimber_partizan::Form::ZERO), "{text}: {t}");
            checked += 1;
        }
    };
    for (rows, cols) in [(2usize, 3usize), (3, 2), (1, 7)] {
        let n = (rows * cols) as u32;
        let texts = (0..3u32.pow(n)).map(|mut code| {
            let mut cells = String::new();
            for i in 0..n as usize {
                if i > 0 && i % cols == 0 {
                    cells.push('/');
                }
                cells.push(['.', 'x', 'o'][(code % 3) as usize]);
                code /= 3;
            }
            cells
        });
        forms_checked(texts.collect());
    }
    forms_checked(vec!["xoxo/oxox/xoxo/oxox".to_string()]);
    assert_eq!(checked, 3645 + 1);
}
