//! Tanaka's strong solution of Dōbutsu shōgi (2009), reproduced by the full dense solve: the
//! reachable positions, their values, and the values of the start and of the position after
//! Sente's chick takes Gote's chick (see `published/mod.rs`). About 930 MiB of memory at the
//! peak: a test binary of its own, so that it never runs beside the 5x5 Dodgem solve.

use crate::published;

use nimber_engine::Silent;
use published::{solve_dobutsu, DobutsuFacts};

#[test]
fn full_solve_reproduces_tanaka() {
    DobutsuFacts::of(&solve_dobutsu(&Silent)).check();
}
