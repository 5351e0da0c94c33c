//! Retrograde analysis split over several members that share their round messages through an
//! [`Exchange`] (`nimber_engine::solve::exchange`), here threads of one process standing in for
//! the processes of a cluster: each member owns a range of the partitions, scatters its part of
//! each frontier and applies the messages addressed to it. The synthetic cyclic space of the
//! retrograde benchmark (2^18 positions in 64 partitions, all four values) solved by 1, 2, 3, 4
//! and 7 members gives every position the words of the one-process solve; an exchange that
//! fails stops the solve with its error.

use crate::synthetic;

use std::ops::Range;

use nimber_engine::solve::exchange::{Buckets, Exchange, InProcess, Threads};
use nimber_engine::solve::retrograde::{word_outcome, Rounds};
use nimber_engine::{Error, Silent, Value};

use synthetic::Synthetic;

/// The words of `space` solved by `members` threads, put together.
fn solve_by_members(space: &Synthetic, members: usize) -> Vec<u32> {
    let parts: Vec<(Range<u64>, Vec<u32>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = Threads::members(members)
            .into_iter()
            .map(|mut member| {
                scope.spawn(move || Rounds::<_, u32>::new(space).member(&mut member, &Silent).unwrap())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut words = Vec::new();
    for (range, part) in parts {
        assert_eq!(range.start, words.len() as u64, "the members' positions follow each other");
        assert_eq!(part.len() as u64, range.end - range.start);
        words.extend(part);
    }
    words
}

#[test]
fn members_of_a_solve_give_the_one_process_words() {
    let space = Synthetic::new(18, 5);
    let want = Rounds::<_, u32>::new(&space).words(&Silent).unwrap();
    let mut by_value = [0u64; 4];
    for &w in &want {
        by_value[word_outcome(w).value().index()] += 1;
    }
    assert!(by_value.iter().all(|&n| n > 0), "every value present: {by_value:?}");
    let (range, alone) = Rounds::<_, u32>::new(&space).member(&mut InProcess, &Silent).unwrap();
    assert_eq!((range, &alone), (0..1 << 18, &want));
    for members in [1, 2, 3, 4, 7] {
        let got = solve_by_members(&space, members);
        assert_eq!(got.len(), want.len());
        let differ = got.iter().zip(&want).filter(|(a, b)| a != b).count();
        assert_eq!(differ, 0, "{members} members: {differ} of {} positions differ", want.len());
    }
    eprintln!(
        "{} positions (win {}, lose {}, tie {}, draw {}) by 1, 2, 3, 4 and 7 members",
        want.len(),
        by_value[Value::Win.index()],
        by_value[Value::Lose.index()],
        by_value[Value::Tie.index()],
        by_value[Value::Draw.index()]
    );
}

/// A lone member whose exchange fails at its `fail_at`-th delivery.
struct Failing {
    deliveries: u32,
    fail_at: u32,
}

impl Exchange for Failing {
    fn member(&self) -> (usize, usize) {
        (0, 1)
    }

    fn owned(&self, parts: usize) -> Range<usize> {
        0..parts
    }

    fn deliver(&mut self, buckets: Buckets, _parts: usize) -> Result<Buckets, Error> {
        self.deliveries += 1;
        if self.deliveries == self.fail_at {
            return Err(Error::Unsupported("member 1 cannot be reached".into()));
        }
        Ok(buckets)
    }

    fn sum(&mut self, x: u64) -> Result<u64, Error> {
        Ok(x)
    }

    fn min(&mut self, x: u64) -> Result<u64, Error> {
        Ok(x)
    }
}

#[test]
fn a_failed_exchange_stops_the_solve_with_its_error() {
    let space = Synthetic::new(14, 3);
    let mut failing = Failing { deliveries: 0, fail_at: 3 };
    let err = Rounds::<_, u32>::new(&space).member(&mut failing, &Silent).unwrap_err();
    assert_eq!(err.to_string(), Error::Unsupported("member 1 cannot be reached".into()).to_string());
    assert_eq!(failing.deliveries, 3, "no delivery after the failure");
}
