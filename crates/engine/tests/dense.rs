//! The dense solver (`nimber_engine::dense`) on the synthetic cyclic game of the retrograde
//! benchmark, given as an indexed game: every position is a slot, the predecessors come from the
//! move formula. It must agree with `solve_space` over the same space, position by position,
//! with all four values present (wins, losses, ties and draws).

#[path = "common/synthetic.rs"]
mod synthetic;

use nimber_engine::dense;
use nimber_engine::index::{check_bijection, check_predecessors};
use nimber_engine::solve::retrograde::{solve_space, RetroSpace};
use nimber_engine::{Game, Indexed, Kind, Move, ParseError, Silent, Value};

use synthetic::Synthetic;

struct Indexed2<'a>(&'a Synthetic);

impl Game for Indexed2<'_> {
    type Position = u64;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u64 {
        0
    }

    fn moves(&self, &i: &u64) -> Vec<Move<u64>> {
        (0..self.0.degree(i)).map(|k| Move::new(format!("m{k}"), self.0.successor(i, k))).collect()
    }

    fn terminal(&self, &i: &u64) -> Option<Value> {
        self.0.terminal(i)
    }

    fn format(&self, i: &u64) -> String {
        i.to_string()
    }

    fn parse(&self, text: &str) -> Result<u64, ParseError> {
        text.trim().parse().map_err(|_| ParseError::new("not a number"))
    }

    fn roots(&self) -> Vec<u64> {
        (0..self.0.size()).collect()
    }

    fn has_predecessors(&self) -> bool {
        true
    }

    fn predecessors(&self, &j: &u64, out: &mut Vec<u64>) {
        self.0.for_each_predecessor(j, |p| out.push(p));
    }
}

impl Indexed for Indexed2<'_> {
    fn size(&self) -> u64 {
        self.0.size()
    }

    fn rank(&self, &i: &u64) -> u64 {
        i
    }

    fn unrank(&self, i: u64) -> Option<u64> {
        (i < self.0.size()).then_some(i)
    }

    fn index_scheme(&self) -> String {
        "synthetic-v1".into()
    }
}

#[test]
fn dense_solver_agrees_with_solve_space() {
    let mut by_value = [0u64; 4];
    for (log2n, seed) in [(8, 1), (12, 2), (16, 3)] {
        let space = Synthetic::new(log2n, seed);
        let game = Indexed2(&space);
        assert_eq!(check_bijection(&game, 0..64, 0..space.size()), 0);
        check_predecessors(&game, 0..space.size().min(4096));
        let want = solve_space(&space, &Silent).unwrap();
        let got = dense::solve(&game, None, &Silent).unwrap();
        assert_eq!(got.len(), space.size());
        for i in 0..space.size() {
            let o = got.get(&game, &i).unwrap();
            assert_eq!(o, want.get(i as usize), "2^{log2n} positions, seed {seed}: position {i}");
            by_value[o.value().index()] += 1;
        }
        assert_eq!(got.counts(), want.counts());
    }
    eprintln!(
        "dense vs solve_space: win {} lose {} tie {} draw {}",
        by_value[0], by_value[1], by_value[2], by_value[3]
    );
    assert!(by_value.iter().all(|&n| n > 0), "{by_value:?}");
}

#[test]
fn memory_estimate_refuses_before_starting() {
    let space = Synthetic::new(12, 7);
    let game = Indexed2(&space);
    let estimate = dense::estimate(&game, None);
    assert_eq!(estimate.positions, 4096);
    let err = dense::solve(&game, Some(estimate.total() - 1), &Silent).err().expect("refused");
    let text = err.to_string();
    assert!(text.contains("over the memory limit"), "{text}");
    assert!(dense::solve(&game, Some(estimate.total()), &Silent).is_ok());
}
