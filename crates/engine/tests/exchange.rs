//! Retrograde analysis split over several members that share their round messages through an
//! [`Exchange`] (`nimber_engine::solve::exchange`), here threads of one process standing in for
//! the processes of a cluster: each member owns a range of the partitions, scatters its part of
//! each frontier and applies the messages addressed to it. The synthetic cyclic space of the
//! retrograde benchmark (2^18 positions in 64 partitions, all four values) solved by 1, 2, 3, 4
//! and 7 members gives every position the words of the one-process solve; an exchange that
//! fails stops the solve with its error.

#[path = "common/synthetic.rs"]
mod synthetic;

use std::ops::Range;
use std::sync::{Arc, Barrier, Mutex};

use nimber_engine::solve::exchange::{Buckets, Exchange, InProcess};
use nimber_engine::solve::retrograde::{solve_member, solve_space_words, word_outcome};
use nimber_engine::{Error, Silent, Value};

use synthetic::Synthetic;

/// What the members of one solve share: a mailbox per member and a number per member.
struct Shared {
    members: usize,
    barrier: Barrier,
    mail: Mutex<Vec<Buckets>>,
    numbers: Mutex<Vec<u64>>,
}

/// One member: its number and the shared mailboxes.
struct Member {
    id: usize,
    shared: Arc<Shared>,
}

impl Member {
    /// The partitions of member `id`: the parts cut in `members` nearly equal ranges.
    fn range(id: usize, members: usize, parts: usize) -> Range<usize> {
        id * parts / members..(id + 1) * parts / members
    }

    /// Every member's `x`, once all have given theirs.
    fn all(&mut self, x: u64) -> Vec<u64> {
        self.shared.numbers.lock().unwrap()[self.id] = x;
        self.shared.barrier.wait();
        let all = self.shared.numbers.lock().unwrap().clone();
        self.shared.barrier.wait();
        all
    }
}

impl Exchange for Member {
    fn member(&self) -> (usize, usize) {
        (self.id, self.shared.members)
    }

    fn owned(&self, parts: usize) -> Range<usize> {
        Member::range(self.id, self.shared.members, parts)
    }

    fn deliver(&mut self, buckets: Buckets, parts: usize) -> Result<Buckets, Error> {
        self.shared.mail.lock().unwrap()[self.id] = buckets;
        self.shared.barrier.wait();
        let mine = self.owned(parts);
        // Sources in member order, each member's tasks in order.
        let delivered: Buckets = self
            .shared
            .mail
            .lock()
            .unwrap()
            .iter()
            .flatten()
            .map(|task| task[mine.clone()].to_vec())
            .collect();
        self.shared.barrier.wait();
        Ok(delivered)
    }

    fn sum(&mut self, x: u64) -> Result<u64, Error> {
        Ok(self.all(x).iter().sum())
    }

    fn min(&mut self, x: u64) -> Result<u64, Error> {
        Ok(*self.all(x).iter().min().unwrap())
    }
}

/// The words of `space` solved by `members` threads, put together.
fn solve_by_members(space: &Synthetic, members: usize) -> Vec<u32> {
    let shared = Arc::new(Shared {
        members,
        barrier: Barrier::new(members),
        mail: Mutex::new(vec![Vec::new(); members]),
        numbers: Mutex::new(vec![0; members]),
    });
    let parts: Vec<(Range<u64>, Vec<u32>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..members)
            .map(|id| {
                let mut member = Member { id, shared: Arc::clone(&shared) };
                scope.spawn(move || solve_member::<_, u32>(space, &mut member, &Silent).unwrap())
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
    let want = solve_space_words::<_, u32>(&space, &Silent).unwrap();
    let mut by_value = [0u64; 4];
    for &w in &want {
        by_value[word_outcome(w).value().index()] += 1;
    }
    assert!(by_value.iter().all(|&n| n > 0), "every value present: {by_value:?}");
    let (range, alone) = solve_member::<_, u32>(&space, &mut InProcess, &Silent).unwrap();
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
    let err = solve_member::<_, u32>(&space, &mut failing, &Silent).unwrap_err();
    assert_eq!(err.to_string(), Error::Unsupported("member 1 cannot be reached".into()).to_string());
    assert_eq!(failing.deliveries, 3, "no delivery after the failure");
}
