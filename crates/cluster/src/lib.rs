//! The cluster runner: retrograde analysis split over the workers of a timely dataflow
//! computation (crate `timely`, pinned at 0.32.0).
//!
//! The engine's rounds ([`nimber_engine::solve::retrograde`]) scatter each round's messages
//! into buckets by partition of the space and apply each partition's on its own; a solve split
//! over several members hands the buckets from member to member through an
//! [`Exchange`](nimber_engine::solve::exchange::Exchange). This crate is the exchange over
//! timely: each worker is a member that owns a range of the partitions, and each call of the
//! exchange is one epoch of a small dataflow (records routed to the worker they are addressed
//! to, then collected), whose completion, tracked by timely's progress tracking, is the barrier.
//! Every call into timely is in [`dataflow`].
//!
//! The workers are threads of this process ([`dataflow::solve_in_process`]) or of the processes
//! of a cluster that reach each other over TCP ([`dataflow::solve_cluster`], with a time-out on
//! the connections); each member holds its own positions' words only during the rounds (these
//! two functions, for any retrograde space, then hand every word to worker 0: for tests and
//! small spaces). A game's dense solve runs on a cluster through [`dataflow::Cluster`], the
//! engine's [`Members`](nimber_engine::view::dense::Members) (`nimber solve --cluster`), where nothing
//! is gathered: each member holds its window of the reachable set and its positions' words,
//! keeps its own checkpoints (`nimber_engine::store::checkpoint::MemberCheckpointer`), and sends its
//! compressed blocks of the store to process 0 (`nimber_engine::store::split`).

pub mod dataflow;
pub mod hosts;
