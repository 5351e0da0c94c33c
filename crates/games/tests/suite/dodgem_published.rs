//! The strong solution of 5x5 Dodgem, reproduced by the full dense solve: the start is a draw
//! (D. des Jardins, 1996), and the reachable positions by value (see `published/mod.rs`). About
//! 530 MiB of memory at the peak: a test binary of its own, so that it never runs beside the
//! Dōbutsu shōgi solve.

use crate::published;

use nimber_engine::Silent;
use published::{solve_dodgem5, DodgemFacts};

#[test]
fn full_solve_of_5x5_is_a_draw() {
    DodgemFacts::of(&solve_dodgem5(&Silent)).check();
}
