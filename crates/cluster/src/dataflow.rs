//! Every call into timely: the [`Exchange`] of a timely worker, and solves run by timely workers.
//!
//! A worker builds one dataflow: an input of `Record`s, routed by an exchange contract to the
//! worker each one names, into a sink that moves what arrives into a list (without copying it)
//! and keeps its input's frontier. Each call of the exchange (a slab's buckets, a sum, a
//! minimum) sends its records at the current epoch, advances the input and steps the worker
//! until the sink's frontier has passed the epoch: then every record of the epoch, from every
//! worker, has arrived. Records carry their epoch, since a worker that finishes an epoch first
//! may send the next one's before a slower worker has taken the last.

use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::rc::Rc;
use std::time::Duration;

use nimber_engine::solve::exchange::{Buckets, Exchange};
use nimber_engine::solve::retrograde::{RetroSpace, Rounds, StateWord};
use nimber_engine::view::dense::{MemberFn, Members};
use nimber_engine::{Error, Progress, Silent, SolveReport};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange as Pact;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::Input;
use timely::dataflow::InputHandle;
use timely::worker::Worker;

/// One record of the dataflow: (destination worker, epoch, source worker, tag, payload). For a
/// slab's buckets the tag is the source's task and the payload its buckets of the destination's
/// partitions; for a sum or a minimum the tag is the number and the payload empty; for the words
/// sent to worker 0 at the end the tag is the first position and the payload the words.
type Record = (u64, u64, u64, u64, Vec<Vec<u32>>);

/// State words a worker sends to worker 0 per epoch once the rounds are over (4 MiB as `u32`).
const COLLECT_WORDS: usize = 1 << 20;

/// The partitions of worker `index` of `peers`: the `parts` cut in nearly equal ranges.
pub fn owned_range(index: usize, peers: usize, parts: usize) -> Range<usize> {
    index * parts / peers..(index + 1) * parts / peers
}

/// The exchange of one timely worker: its dataflow's input and probe, and what has arrived.
pub struct TimelyExchange<'w> {
    worker: &'w mut Worker,
    input: InputHandle<u64, CapacityContainerBuilder<Vec<Record>>>,
    /// The least epoch that records may still arrive at, as the sink last saw it.
    frontier: Rc<Cell<u64>>,
    arrived: Rc<RefCell<Vec<Record>>>,
    epoch: u64,
    /// Message bytes this worker sent to other workers in the round under way.
    round_bytes: u64,
    /// Per round ended, its number and the message bytes this worker sent to other workers.
    rounds: Vec<(u32, u64)>,
    /// The bytes this worker sent to other workers in the search for the positions.
    search_bytes: u64,
}

impl<'w> TimelyExchange<'w> {
    /// Builds the worker's dataflow (every worker of the computation must, in the same order
    /// relative to its other dataflows).
    pub fn new(worker: &'w mut Worker) -> TimelyExchange<'w> {
        let mut input = InputHandle::new();
        let arrived: Rc<RefCell<Vec<Record>>> = Rc::new(RefCell::new(Vec::new()));
        let frontier = Rc::new(Cell::new(0u64));
        let (sink, seen) = (Rc::clone(&arrived), Rc::clone(&frontier));
        worker.dataflow::<u64, _, _>(|scope| {
            // The records are moved out of the containers that arrive (not cloned), and the
            // frontier kept: an epoch is complete here once it has passed it.
            scope.input_from(&mut input).sink(
                Pact::new(|r: &Record| r.0),
                "Arrive",
                move |(records, frontier)| {
                    records.for_each(|_, data| sink.borrow_mut().append(data));
                    seen.set(frontier.frontier().iter().copied().min().unwrap_or(u64::MAX));
                },
            );
        });
        TimelyExchange {
            worker,
            input,
            frontier,
            arrived,
            epoch: 0,
            round_bytes: 0,
            rounds: Vec::new(),
            search_bytes: 0,
        }
    }

    fn index(&self) -> usize {
        self.worker.index()
    }

    fn peers(&self) -> usize {
        self.worker.peers()
    }

    /// Sends `records` at the current epoch and returns the records of the epoch addressed to
    /// this worker, once the epoch is complete everywhere, in the order of (source, tag).
    fn epoch(&mut self, records: Vec<Record>) -> Vec<Record> {
        let epoch = self.epoch;
        for r in records {
            self.input.send(r);
        }
        self.epoch += 1;
        self.input.advance_to(self.epoch);
        // Parked while nothing happens, so that a worker waiting for others leaves the cores to
        // the solve's threads.
        while self.frontier.get() <= epoch {
            self.worker.step_or_park(None);
        }
        let mut arrived = self.arrived.borrow_mut();
        let (mut now, later): (Vec<Record>, Vec<Record>) = arrived.drain(..).partition(|r| r.1 == epoch);
        *arrived = later;
        now.sort_by_key(|r| (r.2, r.3));
        now
    }

    /// Sends this worker's `words` (of the positions `range`) to worker 0, at most
    /// [`COLLECT_WORDS`] per epoch, and returns there the words of all `positions`; `None` in the
    /// other workers.
    fn collect<W: StateWord>(&mut self, range: Range<u64>, words: Vec<W>, positions: u64) -> Option<Vec<W>> {
        let mut all = (self.index() == 0).then(|| vec![W::from_u32(0); positions as usize]);
        let mut sent = 0;
        while self.gather(u64::from(sent < words.len())).iter().any(|&more| more > 0) {
            let end = (sent + COLLECT_WORDS).min(words.len());
            let chunk: Vec<u32> = words[sent..end].iter().map(|w| w.to_u32()).collect();
            let records = if chunk.is_empty() {
                Vec::new()
            } else {
                vec![(0, self.epoch, self.index() as u64, range.start + sent as u64, vec![chunk])]
            };
            sent = end;
            let arrived = self.epoch(records);
            if let Some(all) = all.as_mut() {
                for (_, _, _, at, payload) in arrived {
                    for (k, &w) in payload[0].iter().enumerate() {
                        all[at as usize + k] = W::from_u32(w);
                    }
                }
            }
        }
        all
    }

    /// Every worker's `x`, in worker order, once every worker has given its own from the same
    /// place of the source (`site`, compared as a fingerprint): workers out of step are an error.
    fn gather_at(&mut self, x: u64, site: &std::panic::Location<'_>) -> Result<Vec<u64>, Error> {
        let here = fnv(&format!("{}:{}:{}", site.file(), site.line(), site.column()));
        let (me, epoch) = (self.index() as u64, self.epoch);
        let tag = vec![vec![here as u32, (here >> 32) as u32]];
        let records = (0..self.peers() as u64).map(|to| (to, epoch, me, x, tag.clone())).collect();
        let arrived = self.epoch(records);
        if let Some(other) = arrived.iter().find(|r| r.4 != tag) {
            return Err(Error::Unsupported(format!(
                "worker {me}: the workers of the solve went out of step: worker {} exchanged from another \
                 place than this one's ({}:{}) (a bug of nimber, or processes built from other sources)",
                other.2,
                site.file(),
                site.line()
            )));
        }
        Ok(arrived.into_iter().map(|r| r.3).collect())
    }

    /// Every worker's `x`, in worker order.
    fn gather(&mut self, x: u64) -> Vec<u64> {
        let (me, epoch) = (self.index() as u64, self.epoch);
        let records = (0..self.peers() as u64).map(|to| (to, epoch, me, x, Vec::new())).collect();
        self.epoch(records).into_iter().map(|r| r.3).collect()
    }
}

impl Exchange for TimelyExchange<'_> {
    fn member(&self) -> (usize, usize) {
        (self.index(), self.peers())
    }

    fn owned(&self, parts: usize) -> Range<usize> {
        owned_range(self.index(), self.peers(), parts)
    }

    fn deliver(&mut self, buckets: Buckets, parts: usize) -> Result<Buckets, Error> {
        let (me, epoch, peers) = (self.index() as u64, self.epoch, self.peers());
        let mut records = Vec::with_capacity(buckets.len() * peers);
        for (task, mut by_partition) in buckets.into_iter().enumerate() {
            for to in 0..peers {
                let theirs: Vec<Vec<u32>> =
                    by_partition[owned_range(to, peers, parts)].iter_mut().map(std::mem::take).collect();
                if to as u64 != me {
                    self.round_bytes += 4 * theirs.iter().map(|b| b.len() as u64).sum::<u64>();
                }
                records.push((to as u64, epoch, me, task as u64, theirs));
            }
        }
        Ok(self.epoch(records).into_iter().map(|r| r.4).collect())
    }

    fn sum(&mut self, x: u64) -> Result<u64, Error> {
        Ok(self.gather_at(x, std::panic::Location::caller())?.iter().sum())
    }

    fn min(&mut self, x: u64) -> Result<u64, Error> {
        Ok(self.gather_at(x, std::panic::Location::caller())?.into_iter().min().unwrap_or(x))
    }

    fn end_round(&mut self, round: u32) {
        self.rounds.push((round, std::mem::take(&mut self.round_bytes)));
    }

    fn end_search(&mut self) {
        self.search_bytes += std::mem::take(&mut self.round_bytes);
    }
}

impl TimelyExchange<'_> {
    /// What the workers sent each other, summed over them all (every worker calls it at the
    /// same point: one epoch per round): a note for the report, with `positions` solved, and
    /// the search and the rounds as (phase, round, bytes): phase 0 the search (round 0), then
    /// the phases of the rounds counted from 1 (a round number lower than the one before starts
    /// a phase).
    fn exchanged(&mut self, positions: u64) -> (String, Vec<(u32, u32, u64)>) {
        let mine = std::mem::take(&mut self.search_bytes);
        let search = self.gather(mine).iter().sum::<u64>();
        let rounds = std::mem::take(&mut self.rounds);
        let mut per_round = Vec::with_capacity(rounds.len() + 1);
        per_round.push((0, 0, search));
        let mut phase = 1;
        for (k, &(round, bytes)) in rounds.iter().enumerate() {
            if k > 0 && round <= rounds[k - 1].0 {
                phase += 1;
            }
            per_round.push((phase, round, self.gather(bytes).iter().sum::<u64>()));
        }
        let rounds = &per_round[1..];
        let total: u64 = rounds.iter().map(|r| r.2).sum();
        let largest = rounds.iter().map(|r| r.2).max().unwrap_or(0);
        let note = format!(
            "cluster: {} workers exchanged {search} bytes in the search for the positions, then \
             {total} bytes of messages in {} rounds ({:.2} byte per position; {largest} bytes in \
             the largest round)",
            self.peers(),
            rounds.len(),
            total as f64 / positions.max(1) as f64,
        );
        (note, per_round)
    }
}

/// How the workers of a solve reach each other: `threads` workers in this process, or in each
/// process of a cluster.
enum Network<'a> {
    /// Threads of this process only.
    Process(usize),
    /// Process `process` of the cluster at `addresses`, connections made within `connect_within`.
    Cluster { process: usize, addresses: &'a [String], threads: usize, connect_within: Duration },
}

/// Runs `work` on every timely worker of this process, on threads that may borrow from the
/// caller; returns their results in worker order. A worker thread that panics (timely's, when a
/// connection is lost) is an error saying why.
fn run_workers<T: Send>(
    network: Network<'_>,
    describe: &str,
    work: &(dyn Fn(&mut Worker) -> Result<T, Error> + Sync),
) -> Result<Vec<T>, Error> {
    use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
    use timely::communication::allocator::{thread::Thread, Allocator, AllocatorBuilder, ProcessBuilder};
    report_timely_panics();
    // A reason kept from an earlier solve of this process is not this one's.
    *FAILURE.lock().unwrap_or_else(|e| e.into_inner()) = None;
    let hooks = timely::communication::Hooks::default();
    let (builders, others): (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>) = match network {
        Network::Process(threads) => {
            let builders = ProcessBuilder::new_typed_vector(threads.max(1), hooks.refill, hooks.spill);
            (builders.into_iter().map(AllocatorBuilder::Process).collect(), Box::new(()))
        }
        Network::Cluster { process, addresses, threads, connect_within } => {
            let sockets = connect(addresses, process, connect_within).map_err(|e| {
                Error::Unsupported(format!(
                    "{describe}: cannot connect with the other processes of the cluster: {e}"
                ))
            })?;
            let local = ProcessBuilder::new_typed_vector(threads, hooks.refill.clone(), hooks.spill.clone());
            let (builders, guard) =
                initialize_networking_from_sockets(local, sockets, process, threads, hooks).map_err(|e| {
                    Error::Unsupported(format!("{describe}: cannot start the cluster's network: {e}"))
                })?;
            (builders.into_iter().map(AllocatorBuilder::Tcp).collect(), Box::new(guard))
        }
    };
    let results = std::thread::scope(|scope| {
        let handles: Vec<_> = builders
            .into_iter()
            .enumerate()
            .map(|(k, builder)| {
                std::thread::Builder::new().name(format!("timely:work-{k}")).spawn_scoped(scope, move || {
                    let allocator = match builder {
                        AllocatorBuilder::Thread(_) => Allocator::Thread(Thread::default()),
                        AllocatorBuilder::Process(p) => Allocator::Process(p.build()),
                        AllocatorBuilder::Tcp(t) => Allocator::Tcp(t.build()),
                    };
                    let mut worker = Worker::new(
                        timely::WorkerConfig::default(),
                        allocator,
                        Some(std::time::Instant::now()),
                    );
                    let result = work(&mut worker);
                    while worker.has_dataflows() {
                        worker.step_or_park(None);
                    }
                    result
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => h.join().map_err(|_| ()),
                Err(_) => Err(()),
            })
            .collect::<Vec<_>>()
    });
    // The network threads' guard: dropping it joins them, and panics when one of them did (a
    // lost connection); in a thread of ours, so that the panic is kept as the reason.
    let _ = std::thread::Builder::new()
        .name("nimber-cluster".into())
        .spawn(move || drop(others))
        .map(|h| h.join());
    let failure = || {
        let why = FAILURE.lock().unwrap_or_else(|e| e.into_inner()).clone();
        Error::Unsupported(format!(
            "{describe}: the cluster failed ({}): a process stopped, or the network between them",
            why.unwrap_or_else(|| "a timely thread stopped".into())
        ))
    };
    let failed = FAILURE.lock().unwrap_or_else(|e| e.into_inner()).is_some();
    let mut out = Vec::with_capacity(results.len());
    for result in results {
        match result {
            Ok(Ok(t)) => out.push(t),
            // An error of a worker whose peer was lost says less than the loss.
            Ok(Err(_)) if failed => return Err(failure()),
            Ok(Err(e)) => return Err(e),
            Err(()) => return Err(failure()),
        }
    }
    Ok(out)
}

/// Solves `space` with `workers` timely workers in this process, each one a member of the solve
/// owning a range of the partitions ([`Rounds::member`]), and returns the words of every position
/// (those of [`Rounds::words`]). `progress` hears from
/// worker 0.
pub fn solve_in_process<S: RetroSpace, W: StateWord>(
    space: &S,
    workers: usize,
    progress: &dyn Progress,
) -> Result<Vec<W>, Error> {
    let network = Network::Process(workers.max(1));
    let work = |worker: &mut Worker| {
        let heard: &dyn Progress = if worker.index() == 0 { progress } else { &Silent };
        let mut exchange = TimelyExchange::new(worker);
        let (range, words) = Rounds::<S, W>::new(space).member(&mut exchange, heard)?;
        Ok(exchange.collect(range, words, space.len()))
    };
    let results = run_workers(network, "in-process workers", &work)?;
    results
        .into_iter()
        .flatten()
        .next()
        .ok_or_else(|| Error::Unsupported("no timely worker collected the words".into()))
}

/// One process's part in a cluster solve.
#[derive(Clone, Debug)]
pub struct Cluster {
    /// This process's number, from 0.
    pub process: usize,
    /// One `host:port` per process, in process order: the same list on every process.
    pub addresses: Vec<String>,
    /// Timely workers in this process (the same on every process).
    pub threads: usize,
    /// How long to wait for the connections with the other processes.
    pub connect_within: Duration,
    /// What is solved, as text (the game, its parameters, its index scheme and rules): the
    /// processes compare it before the first round.
    pub identity: String,
    /// Where process 0 writes the bytes the workers sent each other in each round, as CSV
    /// (`phase,round,bytes`: phase `wins` or `ties`), when given.
    pub exchange_log: Option<std::path::PathBuf>,
}

/// Solves `space` as one process of a cluster (see [`Cluster`]) and returns, in process 0, the
/// words of every position (those of
/// [`Rounds::words`]), sent by the other workers a chunk
/// at a time once the rounds are over; `None` in the other processes. Every process calls it
/// with the same space. The connections between the processes are plain TCP (no
/// authentication, no encryption). When they are not all made within `connect_within` (a peer
/// that is not running, an address that cannot be reached), the solve is refused with an error
/// rather than waiting for ever (timely retries its connections without end; the thread left
/// waiting ends with the process). Before the first round the processes compare what they
/// solve (the identity, the host list, the threads, the number of positions and the word
/// size): if any differs, every process refuses the solve.
pub fn solve_cluster<S: RetroSpace, W: StateWord>(
    space: &S,
    cluster: &Cluster,
    progress: &dyn Progress,
) -> Result<Option<Vec<W>>, Error> {
    let identity = format!("{}\nword={}\npositions={}", cluster.identity, W::BITS, space.len());
    run_cluster(cluster, &identity, &|exchange, reports| {
        let heard: &dyn Progress = if reports { progress } else { &Silent };
        let (range, words) = Rounds::<S, W>::new(space).member(exchange, heard)?;
        Ok(exchange.collect(range, words, space.len()))
    })
}

/// What each worker of a cluster process does once the processes agree (see
/// [`solve_cluster`]): given its exchange and whether it reports progress, its share of the
/// result, `Some` in one worker of process 0 only.
type Work<'a, T> = dyn Fn(&mut TimelyExchange<'_>, bool) -> Result<Option<T>, Error> + Sync + 'a;

/// Runs `work` on the workers of this process of `cluster`, once the processes have found that
/// they all solve `identity` with `positions` positions (and the same host list and threads);
/// the result of the worker that has one.
fn run_cluster<T: Send>(cluster: &Cluster, identity: &str, work: &Work<'_, T>) -> Result<Option<T>, Error> {
    let Cluster { process, addresses, threads, connect_within, identity: _, exchange_log: _ } = cluster;
    let (process, threads, processes) = (*process, (*threads).max(1), addresses.len());
    if process >= processes {
        return Err(Error::Unsupported(format!(
            "process {process} of a cluster of {processes} (the host list has one line per process)"
        )));
    }
    let fingerprint = fnv(&format!("{identity}\n{}\nthreads={threads}", addresses.join(",")));
    let network = Network::Cluster { process, addresses, threads, connect_within: *connect_within };
    let each = |worker: &mut Worker| {
        let reports = worker.index() == 0;
        let mut exchange = TimelyExchange::new(worker);
        let all = exchange.gather(fingerprint);
        let differ: Vec<usize> =
            (0..all.len()).step_by(threads).filter(|&w| all[w] != fingerprint).map(|w| w / threads).collect();
        if !differ.is_empty() {
            return Err(Error::Unsupported(format!(
                "process {process}: processes {differ:?} of the cluster were started for another solve \
                 (another game, parameters, index, host list or number of threads)"
            )));
        }
        work(&mut exchange, reports)
    };
    let describe = format!("process {process}");
    let results = run_workers(network, &describe, &each)?;
    Ok(results.into_iter().flatten().next())
}

/// A process of a cluster as the place where a game's dense solve runs its rounds
/// ([`nimber_engine::view::dense::DenseStore::solve_on`]); its identity is added to the solve's.
impl Members for Cluster {
    fn run(&self, identity: &str, member: &MemberFn<'_>) -> Result<Option<SolveReport>, Error> {
        let identity = format!("{}\n{identity}", self.identity);
        run_cluster(self, &identity, &|exchange, reports| {
            let mut report = member(exchange, reports)?;
            let positions = report.as_ref().map_or(0, |r| r.positions);
            let (note, rounds) = exchange.exchanged(positions);
            if let Some(report) = report.as_mut() {
                report.notes.push(note);
                if let Some(path) = &self.exchange_log {
                    let mut csv = String::from("phase,round,bytes\n");
                    for (phase, round, bytes) in rounds {
                        let phase = ["search", "wins", "ties"][(phase as usize).min(2)];
                        csv += &format!("{phase},{round},{bytes}\n");
                    }
                    if let Err(e) = std::fs::write(path, csv) {
                        report.notes.push(format!("cannot write the exchange log {}: {e}", path.display()));
                    }
                }
            }
            Ok(report)
        })
    }

    fn members_here(&self) -> (Range<usize>, usize) {
        let threads = self.threads.max(1);
        (self.process * threads..(self.process + 1) * threads, threads * self.addresses.len())
    }
}

/// The first panic of a timely thread (its threads are named `timely:...`) or of the thread that
/// runs them, kept as the reason of a failed cluster solve (cleared when a solve starts: one
/// solve at a time per process).
static FAILURE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Makes the panics of timely's threads (a connection lost when a process stops: "timely
/// communication error: reading data: socket closed", then the other threads' panics that
/// follow from it) reasons kept in [`FAILURE`] rather than messages and backtraces on the
/// terminal; other panics are reported as before.
fn report_timely_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let current = std::thread::current();
            let ours = current.name().is_some_and(|n| n.starts_with("timely:") || n == "nimber-cluster");
            if !ours {
                return before(info);
            }
            let payload = info.payload();
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a timely thread panicked".into());
            FAILURE.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(message);
        }));
    });
}

/// FNV-1a of `text`: a fingerprint that is the same in every build of nimber (unlike std's
/// hasher), for processes to compare.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// The connections of process `me` with every other process of the cluster at `addresses`, as
/// timely expects them (`None` at `me`): it connects to the processes before it, retrying, and
/// accepts the ones after it, each connection starting with the connecting process's number
/// (a big-endian u64). Quiet (timely's own connection code prints to standard output and
/// retries for ever), and given up at `within` with an error that says which are missing.
fn connect(
    addresses: &[String],
    me: usize,
    within: Duration,
) -> Result<Vec<Option<std::net::TcpStream>>, String> {
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};
    let deadline = std::time::Instant::now() + within;
    let n = addresses.len();
    let left = |what: &str| format!("{what} within {} s", within.as_secs_f64());
    // Listen first, so that the processes after this one find it as soon as they try.
    let listener = if me + 1 < n {
        let l = TcpListener::bind(addresses[me].as_str())
            .map_err(|e| format!("cannot listen at {}: {e}", addresses[me]))?;
        l.set_nonblocking(true).map_err(|e| e.to_string())?;
        Some(l)
    } else {
        None
    };
    let mut sockets: Vec<Option<TcpStream>> = (0..n).map(|_| None).collect();
    let before = std::thread::scope(|scope| {
        let dialing = scope.spawn(|| -> Result<Vec<TcpStream>, String> {
            let mut out = Vec::with_capacity(me);
            for (k, address) in addresses.iter().enumerate().take(me) {
                let stream = loop {
                    match dial(address, deadline) {
                        Ok(stream) => break stream,
                        Err(_) if std::time::Instant::now() < deadline => {
                            std::thread::sleep(Duration::from_millis(100))
                        }
                        Err(e) => return Err(left(&format!("process {k} at {address} not reached ({e})"))),
                    }
                };
                stream.set_nodelay(true).map_err(|e| e.to_string())?;
                watch_link(&stream).map_err(|e| format!("process {k}: {e}"))?;
                (&stream).write_all(&(me as u64).to_be_bytes()).map_err(|e| format!("process {k}: {e}"))?;
                out.push(stream);
            }
            Ok(out)
        });
        let mut accepted = 0;
        if let Some(listener) = &listener {
            while accepted < n - me - 1 {
                match listener.accept() {
                    Ok((stream, _)) => {
                        stream.set_nonblocking(false).map_err(|e| e.to_string())?;
                        stream.set_read_timeout(Some(Duration::from_secs(10))).map_err(|e| e.to_string())?;
                        let mut id = [0u8; 8];
                        (&stream)
                            .read_exact(&mut id)
                            .map_err(|e| format!("a connection that did not say who it is: {e}"))?;
                        let id = u64::from_be_bytes(id) as usize;
                        if id <= me || id >= n || sockets[id].is_some() {
                            return Err(format!(
                                "a connection from a process numbered {id}, not one of {} to {}",
                                me + 1,
                                n - 1
                            ));
                        }
                        stream.set_read_timeout(None).map_err(|e| e.to_string())?;
                        stream.set_nodelay(true).map_err(|e| e.to_string())?;
                        watch_link(&stream).map_err(|e| format!("process {id}: {e}"))?;
                        sockets[id] = Some(stream);
                        accepted += 1;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        if std::time::Instant::now() >= deadline {
                            let missing: Vec<usize> = (me + 1..n).filter(|&k| sockets[k].is_none()).collect();
                            return Err(left(&format!("processes {missing:?} did not connect")));
                        }
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    Err(e) => return Err(format!("cannot accept connections at {}: {e}", addresses[me])),
                }
            }
        }
        dialing.join().map_err(|_| "the connecting thread stopped".to_string())?
    })?;
    for (k, stream) in before.into_iter().enumerate() {
        sockets[k] = Some(stream);
    }
    Ok(sockets)
}

/// How long a connection between two processes may stay without an answer from the other end
/// (data not acknowledged, or keep-alive probes unanswered) before it fails: a cable pulled or a
/// machine gone silent ends the solve with an error instead of a wait without end.
pub const LINK_TIMEOUT: Duration = Duration::from_secs(30);

/// One try at a TCP connection to `address` (a name is resolved, each of its addresses tried),
/// each given the time left to `deadline` at most.
fn dial(address: &str, deadline: std::time::Instant) -> std::io::Result<std::net::TcpStream> {
    use std::net::ToSocketAddrs;
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address");
    for addr in address.to_socket_addrs()? {
        let left =
            deadline.saturating_duration_since(std::time::Instant::now()).max(Duration::from_millis(10));
        match std::net::TcpStream::connect_timeout(&addr, left) {
            Ok(stream) => return Ok(stream),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// Makes the kernel watch a connection: keep-alive probes while it is idle, and
/// `TCP_USER_TIMEOUT` on data sent, so that it fails within about [`LINK_TIMEOUT`] when the other
/// end stops answering (timely's reads and writes then fail, and the solve stops with an error).
/// (On Linux; elsewhere the operating system's defaults apply.)
#[cfg(target_os = "linux")]
fn watch_link(stream: &std::net::TcpStream) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    let fd = stream.as_raw_fd();
    let secs = LINK_TIMEOUT.as_secs() as libc::c_int;
    let set = |level: libc::c_int, name: libc::c_int, value: libc::c_int| -> std::io::Result<()> {
        // SAFETY: setsockopt on a socket this stream owns, with a pointer to an int that lives
        // for the call and its size.
        let r = unsafe {
            libc::setsockopt(
                fd,
                level,
                name,
                (&value as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            )
        };
        if r == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    };
    set(libc::SOL_SOCKET, libc::SO_KEEPALIVE, 1)?;
    // Probes after a third of the time idle, then every sixth, four unanswered ones: gone.
    set(libc::IPPROTO_TCP, libc::TCP_KEEPIDLE, (secs / 3).max(1))?;
    set(libc::IPPROTO_TCP, libc::TCP_KEEPINTVL, (secs / 6).max(1))?;
    set(libc::IPPROTO_TCP, libc::TCP_KEEPCNT, 4)?;
    set(libc::IPPROTO_TCP, libc::TCP_USER_TIMEOUT, secs * 1000)
}

/// Other systems: the operating system's defaults (see the Linux version).
#[cfg(not(target_os = "linux"))]
fn watch_link(_stream: &std::net::TcpStream) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two workers whose sums come from different places of the source: both refuse, naming
    /// the place, where they would have added up unrelated numbers. The same place: the sum.
    #[test]
    fn workers_out_of_step_are_an_error() {
        let out_of_step = |worker: &mut Worker| {
            let mut exchange = TimelyExchange::new(worker);
            let e: &mut dyn Exchange = &mut exchange;
            let mut same = 0;
            for _ in 0..2 {
                same = e.sum(1)?;
            }
            assert_eq!(same, 2);
            if e.member().0 == 0 {
                e.sum(3)
            } else {
                e.sum(4)
            }
        };
        let err = run_workers(Network::Process(2), "test", &out_of_step).unwrap_err().to_string();
        assert!(err.contains("went out of step"), "{err}");
        assert!(err.contains("dataflow.rs:"), "{err}");
    }
}
