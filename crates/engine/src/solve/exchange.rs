//! How the members of a retrograde solve share one round's messages ([`Exchange`]).
//!
//! A round of [`crate::solve::retrograde`] scatters the messages of a slab of its frontier into
//! buckets, one per partition of the space, then applies each partition's messages. When the
//! partitions are spread over several members (processes of a cluster), each member scatters
//! its own part of the frontier, and the buckets must reach the members that own their
//! partitions before they are applied; and the members must agree on when a round, a slab and
//! a phase end. That is all an [`Exchange`] does: deliver buckets, and add up (or take the least of)
//! a number over the members (which is also their barrier). [`InProcess`] is the one member of a solve on one
//! machine: it hands the buckets over as they are. [`Threads`] are members on threads of one
//! process sharing mailboxes: the reference a distributed exchange is tested against.

use std::ops::Range;
use std::sync::{Arc, Barrier, Mutex};

use crate::error::Error;

/// The messages of a slab, as the scatter step made them: `buckets[task][p]` are the messages a
/// task addressed to partition `p` (every partition of the space, this member's or not).
pub type Buckets = Vec<Vec<Vec<u32>>>;

/// One member's side of the exchange of a round's messages.
pub trait Exchange {
    /// This member's number and the number of members (`(0, 1)` for a solve on its own): the
    /// same on every call, and the numbers of the members are `0..members`.
    fn member(&self) -> (usize, usize);

    /// The partitions this member applies, out of the `parts` of the space: a range, the same on
    /// every call.
    fn owned(&self, parts: usize) -> Range<usize>;

    /// Sends this member's buckets of one slab and receives the messages addressed to its
    /// partitions: `delivered[source][p - owned.start]`, sources in an order that is the same
    /// on every call (the messages of one partition may be applied in any order; a fixed one
    /// keeps solves reproducible). Every member calls it once per slab, with empty buckets when
    /// it has nothing to send.
    fn deliver(&mut self, buckets: Buckets, parts: usize) -> Result<Buckets, Error>;

    /// The sum of `x` over every member, returned to each (every member calls it at the same
    /// point of the solve: a barrier). The caller's location is tracked, so that an exchange
    /// may check that every member called it from the same place (members out of step are a
    /// bug, or members of other builds, and would otherwise add up unrelated numbers).
    #[track_caller]
    fn sum(&mut self, x: u64) -> Result<u64, Error>;

    /// The least `x` over every member, returned to each (a barrier like [`Exchange::sum`]).
    #[track_caller]
    fn min(&mut self, x: u64) -> Result<u64, Error>;

    /// Told when round `round` of a phase is over (every member at the same point), for an
    /// exchange that accounts by round (nothing by default).
    fn end_round(&mut self, _round: u32) {}

    /// Told when the search for the positions to solve is over (every member at the same
    /// point, before the rounds), for an exchange that accounts for what it carried there.
    fn end_search(&mut self) {}
}

/// Sends `to[m]` to member `m`, for every member `m` (this one included), and returns what each
/// member sent to this one, in member order: a collective call, made by every member at the same
/// point (one [`Exchange::deliver`] of one task, whose partitions are the members).
pub(crate) fn send_each(exchange: &mut dyn Exchange, to: Vec<Vec<u32>>) -> Result<Vec<Vec<u32>>, Error> {
    let members = exchange.member().1;
    if to.len() != members {
        return Err(Error::Unsupported(format!("{} parts for {members} members", to.len())));
    }
    let me = exchange.member().0;
    let delivered = exchange.deliver(vec![to], members)?;
    if delivered.len() != members || delivered.iter().any(|d| d.len() != 1) {
        return Err(Error::Unsupported(format!(
            "member {me} heard from {} members of {members} in one exchange",
            delivered.len()
        )));
    }
    Ok(delivered.into_iter().map(|mut d| d.pop().unwrap_or_default()).collect())
}

/// Every member's `words`, in member order ([`send_each`] of the same words to all).
pub(crate) fn all_gather(exchange: &mut dyn Exchange, words: Vec<u32>) -> Result<Vec<Vec<u32>>, Error> {
    let members = exchange.member().1;
    send_each(exchange, vec![words; members])
}

/// The only member of a solve: every partition is its own, the buckets are delivered as they
/// are and a sum is its one term.
#[derive(Copy, Clone, Debug, Default)]
pub struct InProcess;

impl Exchange for InProcess {
    fn member(&self) -> (usize, usize) {
        (0, 1)
    }

    fn owned(&self, parts: usize) -> Range<usize> {
        0..parts
    }

    fn deliver(&mut self, buckets: Buckets, _parts: usize) -> Result<Buckets, Error> {
        Ok(buckets)
    }

    fn sum(&mut self, x: u64) -> Result<u64, Error> {
        Ok(x)
    }

    fn min(&mut self, x: u64) -> Result<u64, Error> {
        Ok(x)
    }
}

/// What the [`Threads`] members of one solve share: a mailbox and a number per member.
struct Shared {
    members: usize,
    barrier: Barrier,
    mail: Mutex<Vec<Buckets>>,
    numbers: Mutex<Vec<u64>>,
}

/// A member of a solve split over threads of this process, which hand each other their
/// buckets through shared mailboxes (a barrier per call). Each member goes to its own thread.
pub struct Threads {
    id: usize,
    shared: Arc<Shared>,
}

impl Threads {
    /// The `members` members of one solve, numbered from 0.
    pub fn members(members: usize) -> Vec<Threads> {
        let members = members.max(1);
        let shared = Arc::new(Shared {
            members,
            barrier: Barrier::new(members),
            mail: Mutex::new(vec![Vec::new(); members]),
            numbers: Mutex::new(vec![0; members]),
        });
        (0..members).map(|id| Threads { id, shared: Arc::clone(&shared) }).collect()
    }

    /// Every member's `x`, once all have given theirs.
    fn all(&mut self, x: u64) -> Vec<u64> {
        self.shared.numbers.lock().unwrap_or_else(|e| e.into_inner())[self.id] = x;
        self.shared.barrier.wait();
        let all = self.shared.numbers.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.shared.barrier.wait();
        all
    }
}

impl Exchange for Threads {
    fn member(&self) -> (usize, usize) {
        (self.id, self.shared.members)
    }

    fn owned(&self, parts: usize) -> Range<usize> {
        self.id * parts / self.shared.members..(self.id + 1) * parts / self.shared.members
    }

    fn deliver(&mut self, buckets: Buckets, parts: usize) -> Result<Buckets, Error> {
        self.shared.mail.lock().unwrap_or_else(|e| e.into_inner())[self.id] = buckets;
        self.shared.barrier.wait();
        let mine = self.owned(parts);
        // Sources in member order, each member's tasks in order.
        let delivered: Buckets = self
            .shared
            .mail
            .lock()
            .unwrap_or_else(|e| e.into_inner())
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
        Ok(self.all(x).into_iter().min().unwrap_or(x))
    }
}
