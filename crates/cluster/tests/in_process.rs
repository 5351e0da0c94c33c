//! Retrograde analysis by timely workers of one process (`nimber_cluster::dataflow`), each a
//! member of the solve owning a range of the partitions, its buckets routed by timely: the
//! synthetic cyclic space of the engine's retrograde benchmark (2^18 positions in 64
//! partitions, all four values) solved by 1, 2 and 3 workers gives every position the words of
//! the one-process solve.

#[path = "../../engine/tests/common/synthetic.rs"]
mod synthetic;

use nimber_cluster::dataflow::{owned_range, solve_in_process};
use nimber_engine::solve::retrograde::{word_outcome, Rounds};
use nimber_engine::{Silent, Value};

use synthetic::Synthetic;

#[test]
fn timely_workers_give_the_one_process_words() {
    let space = Synthetic::new(18, 5);
    let want = Rounds::<_, u32>::new(&space).words(&Silent).unwrap();
    let mut by_value = [0u64; 4];
    for &w in &want {
        by_value[word_outcome(w).value().index()] += 1;
    }
    assert!(by_value.iter().all(|&n| n > 0), "every value present: {by_value:?}");
    for workers in [1, 2, 3] {
        let got = solve_in_process::<_, u32>(&space, workers, &Silent).unwrap();
        assert_eq!(got.len(), want.len(), "{workers} workers");
        let differ = got.iter().zip(&want).filter(|(a, b)| a != b).count();
        assert_eq!(differ, 0, "{workers} workers: {differ} of {} positions differ", want.len());
    }
    eprintln!(
        "{} positions (win {}, lose {}, tie {}, draw {}) by 1, 2 and 3 timely workers",
        want.len(),
        by_value[Value::Win.index()],
        by_value[Value::Lose.index()],
        by_value[Value::Tie.index()],
        by_value[Value::Draw.index()]
    );
}

#[test]
fn partitions_are_shared_out_whole_and_in_order() {
    for parts in [1, 5, 64, 1000] {
        for peers in 1..=9 {
            let ranges: Vec<_> = (0..peers).map(|i| owned_range(i, peers, parts)).collect();
            assert_eq!(ranges[0].start, 0);
            assert_eq!(ranges[peers - 1].end, parts);
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start), "{parts} parts, {peers} peers");
            let sizes: Vec<usize> = ranges.iter().map(|r| r.len()).collect();
            let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
            assert!(hi - lo <= 1, "{parts} parts over {peers} peers: {sizes:?}");
        }
    }
}
