//! Clobber's values against published ones and against the strong solver.

mod partizan;
use partizan::{check_against_solver, start_value, Plain};

use nimber_games::clobber::{parse_board, Board, Clobber};
use nimber_games::grid::Shape;

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
