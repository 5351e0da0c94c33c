//! Retrograde analysis for finite games, cycles allowed.
//!
//! The solver works on a [`RetroSpace`]: positions numbered `0..len`, each either terminal with a
//! value or with a number of moves, and a way to list the predecessors of a position. It proceeds
//! in rounds. The positions decided in round `r` all have remoteness `r` (the frontier); a round
//! sends one message per predecessor of each frontier position, bucketed by the partition of the
//! position space it is addressed to, then each partition applies its messages on its own:
//!
//! - a predecessor of a lost position is won (remoteness `r + 1`, the fastest win, since rounds go
//!   by increasing remoteness);
//! - a predecessor of a won position has one undecided move fewer; when none is left, all its
//!   moves lead to won positions and it is lost (remoteness `r + 1`: the last of them to be
//!   decided is the slowest);
//! - once wins and losses are exhausted, the same rounds run from the tied terminal positions: an
//!   undecided predecessor of a tie is a tie (both players prefer a tie to endless play);
//! - whatever is never decided is a draw.
//!
//! The scatter and apply steps run in parallel with rayon, and apply needs no atomics because
//! each partition is owned by one task. The same rounds work over any storage: the explicit
//! graphs of small games here, and dense indexed tables, files or remote partitions elsewhere.

use rayon::prelude::*;

use crate::error::Error;
use crate::explore::{Csr, Explored};
use crate::game::Game;
use crate::progress::Progress;
use crate::solution::{OutcomeTable, Solution};
use crate::value::{Outcome, Value};

/// How a position starts out before any round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Init {
    /// The game has ended here with this value for the player to move.
    Terminal(Value),
    /// Play goes on with this many moves (0 means the player to move has lost).
    Moves(u32),
}

/// A position space that retrograde analysis can run over.
pub trait RetroSpace: Sync {
    /// Number of positions; they are numbered `0..len`.
    fn len(&self) -> u64;

    /// Whether the space is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The starting state of position `i`.
    fn init(&self, i: u64) -> Init;

    /// The starting states of positions `start..start + out.len()`, in order. Override it when
    /// consecutive positions are cheaper to set up together (a dense index scanned in order).
    fn init_range(&self, start: u64, out: &mut [Init]) {
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = self.init(start + k as u64);
        }
    }

    /// Calls `f` once for every move into position `i`, with the number of the position the move
    /// is made from. Positions with a declared terminal value have no moves; reporting them is
    /// harmless (they are decided from the start and ignore what they are sent), so a space may
    /// skip the cost of filtering them out.
    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, f: F);
}

/// The word that holds one position's state during a solve: its number of undecided moves, then
/// (top bit set) its value in the next 2 bits and its remoteness in the rest. `u32` holds any
/// game; `u16` halves the memory of large dense solves (remoteness up to 8191, at most 32767
/// moves per position); a solve that does not fit its word fails with [`Error::TooLarge`].
pub trait StateWord: Copy + Send + Sync + 'static {
    /// Width in bits.
    const BITS: u32;
    /// The low `BITS` bits of `x`.
    fn from_u32(x: u32) -> Self;
    /// The word as a `u32`.
    fn to_u32(self) -> u32;
}

impl StateWord for u32 {
    const BITS: u32 = 32;
    #[inline]
    fn from_u32(x: u32) -> u32 {
        x
    }
    #[inline]
    fn to_u32(self) -> u32 {
        self
    }
}

impl StateWord for u16 {
    const BITS: u32 = 16;
    #[inline]
    fn from_u32(x: u32) -> u16 {
        x as u16
    }
    #[inline]
    fn to_u32(self) -> u32 {
        self as u32
    }
}

/// The layout of a state word of `bits` bits.
#[derive(Copy, Clone)]
struct Layout {
    /// Bit set once the value is known; below it, the undecided move counter.
    decided: u32,
    /// Bits of remoteness (the value takes 2 bits above them).
    rem_bits: u32,
    rem_mask: u32,
}

impl Layout {
    const fn of(bits: u32) -> Layout {
        let rem_bits = bits - 3;
        Layout { decided: 1 << (bits - 1), rem_bits, rem_mask: (1 << rem_bits) - 1 }
    }

    #[inline]
    fn decided(self, value: Value, remoteness: u32) -> u32 {
        self.decided | (value.index() as u32) << self.rem_bits | remoteness
    }

    /// The value of a decided state.
    #[inline]
    fn value(self, s: u32) -> Value {
        Value::ALL[((s >> self.rem_bits) & 3) as usize]
    }

    /// The outcome of a final state (see [`solve_space_words`]).
    #[inline]
    fn outcome(self, s: u32) -> Outcome {
        Outcome::new(Value::ALL[((s >> self.rem_bits) & 3) as usize], s & self.rem_mask)
    }
}

/// The outcome held by a final state word of [`solve_space_words`].
#[inline]
pub fn word_outcome<W: StateWord>(word: W) -> Outcome {
    Layout::of(W::BITS).outcome(word.to_u32())
}

/// Frontier entries scattered at a time: the messages of one slab are bucketed and applied
/// before the next slab is read, so that a round never holds all its messages at once.
const SLAB: usize = 1 << 20;

/// Message kinds, carried in the low 2 bits of a message and of a frontier entry.
const CHILD_LOST: u64 = 0;
const CHILD_WON: u64 = 1;
const CHILD_TIED: u64 = 2;

fn message_kind(value: Value) -> Option<u64> {
    match value {
        Value::Lose => Some(CHILD_LOST),
        Value::Win => Some(CHILD_WON),
        Value::Tie => Some(CHILD_TIED),
        Value::Draw => None,
    }
}

/// Positions per partition as a power of two: partitions small enough for their states to stay
/// in cache while messages are applied, and few enough to keep the buckets manageable.
fn partition_bits(len: u64) -> u32 {
    let total_bits = 64 - len.max(1).leading_zeros();
    total_bits.saturating_sub(12).clamp(12, 20)
}

/// Solves every position of `space`.
pub fn solve_space<S: RetroSpace>(space: &S, progress: &dyn Progress) -> Result<OutcomeTable, Error> {
    let words = solve_space_words::<S, u32>(space, progress)?;
    let layout = Layout::of(32);
    Ok(OutcomeTable::from_packed(words.into_par_iter().map(|s| layout.outcome(s).pack()).collect()))
}

/// Solves every position of `space` with one word of type `W` per position, and returns those
/// words: read each with [`word_outcome`] (draws included). Stops with [`Error::Cancelled`]
/// between two rounds when `progress` asks.
pub fn solve_space_words<S: RetroSpace, W: StateWord>(
    space: &S,
    progress: &dyn Progress,
) -> Result<Vec<W>, Error> {
    solve_space_words_from(space, None, progress, &mut |_| Ok(()))
}

/// The two phases of the rounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Wins and losses, spread from the decided positions of remoteness 0.
    Decisive,
    /// Ties, spread from the tied ends once wins and losses are exhausted.
    Ties,
}

impl Phase {
    /// The phase's name in checkpoints and messages.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Decisive => "wins",
            Phase::Ties => "ties",
        }
    }

    /// The phase called `name` ([`Phase::name`]).
    pub fn from_name(name: &str) -> Option<Phase> {
        [Phase::Decisive, Phase::Ties].into_iter().find(|p| p.name() == name)
    }
}

/// The whole state of a solve between two rounds, given to the hook of
/// [`solve_space_words_from`]: the state words, the phase and the round `round`. The positions
/// decided in round `round` (the next round's frontier) are exactly those decided in `phase`
/// with remoteness `round` (wins and losses in [`Phase::Decisive`], ties in [`Phase::Ties`]),
/// so that the solve goes on from `words` alone ([`Resume`]).
pub struct Between<'a, W> {
    /// The phase under way.
    pub phase: Phase,
    /// The remoteness of the positions decided last.
    pub round: u32,
    /// One word per position: undecided move counters and decided outcomes.
    pub words: &'a [W],
    /// Whether `progress` asked to stop: the solve returns [`Error::Cancelled`] after the hook.
    pub cancelled: bool,
}

/// A solve to continue from the state between two rounds (the fields of [`Between`]).
pub struct Resume<W> {
    /// The phase under way.
    pub phase: Phase,
    /// The remoteness of the positions decided last.
    pub round: u32,
    /// One word per position.
    pub words: Vec<W>,
}

/// What [`solve_space_words_from`] calls between two rounds (a checkpoint writer); an error
/// stops the solve with it.
pub type RoundHook<'h, W> = dyn FnMut(&Between<'_, W>) -> Result<(), Error> + 'h;

/// [`solve_space_words`] from the state between two rounds when `resume` is given, calling
/// `between` between every two rounds (after initialization, at each round's end while there
/// is work left, and at the start of the ties phase). When `progress` asks to stop, the solve
/// calls `between` with [`Between::cancelled`] set and returns [`Error::Cancelled`] (the hook
/// returns its own error, naming its checkpoint). Resumed or not, the words are the same.
pub fn solve_space_words_from<S: RetroSpace, W: StateWord>(
    space: &S,
    resume: Option<Resume<W>>,
    progress: &dyn Progress,
    between: &mut RoundHook<'_, W>,
) -> Result<Vec<W>, Error> {
    let layout = Layout::of(W::BITS);
    let len = space.len();
    let len_usize =
        usize::try_from(len).map_err(|_| Error::TooLarge(format!("{len} positions do not fit in memory")))?;
    let bits = partition_bits(len);

    let (mut state, phase, round, frontier, tied) = match resume {
        None => {
            let (state, decisive, tied) = initialize::<S, W>(space, len_usize, bits, layout, progress)?;
            (state, Phase::Decisive, 0, decisive, Some(tied))
        }
        Some(resume) => {
            if resume.words.len() != len_usize {
                return Err(Error::Unsupported(format!(
                    "cannot resume a solve of {} positions over a space of {len}",
                    resume.words.len()
                )));
            }
            let frontier = frontier_of(&resume.words, bits, layout, resume.phase, resume.round);
            (resume.words, resume.phase, resume.round, frontier, None)
        }
    };

    let mut rounds = Rounds { space, bits, layout, progress, between };
    if phase == Phase::Decisive {
        progress.phase("wins and losses", Some(len));
        rounds.run(&mut state, Phase::Decisive, round, frontier)?;
        let tied = tied.unwrap_or_else(|| frontier_of(&state, bits, layout, Phase::Ties, 0));
        progress.phase("ties", Some(len));
        rounds.run(&mut state, Phase::Ties, 0, tied)?;
    } else {
        progress.phase("ties", Some(len));
        rounds.run(&mut state, Phase::Ties, round, frontier)?;
    }

    // Undecided positions are draws.
    let draw = W::from_u32(layout.decided(Value::Draw, 0));
    state.par_iter_mut().for_each(|s| {
        if s.to_u32() & layout.decided == 0 {
            *s = draw;
        }
    });
    Ok(state)
}

/// The starting state words, and the frontiers of the two phases (per partition: the decided
/// positions of remoteness 0).
type Initial<W> = (Vec<W>, Vec<Vec<u64>>, Vec<Vec<u64>>);

fn initialize<S: RetroSpace, W: StateWord>(
    space: &S,
    len: usize,
    bits: u32,
    layout: Layout,
    progress: &dyn Progress,
) -> Result<Initial<W>, Error> {
    let psize = 1usize << bits;
    progress.phase("initializing", Some(len as u64));
    let mut state: Vec<W> = vec![W::from_u32(0); len];
    crate::memory::advise_huge_pages(&mut state);
    type Frontiers = Result<(Vec<u64>, Vec<u64>), Error>;
    let initial: Vec<Frontiers> = state
        .par_chunks_mut(psize)
        .enumerate()
        .map(|(d, slice)| {
            let base = (d as u64) << bits;
            let mut decisive = Vec::new();
            let mut tied = Vec::new();
            let mut inits = vec![Init::Moves(0); slice.len().min(4096)];
            for (c, chunk) in slice.chunks_mut(4096).enumerate() {
                let first = base + (c * 4096) as u64;
                let inits = &mut inits[..chunk.len()];
                space.init_range(first, inits);
                for (k, (s, init)) in chunk.iter_mut().zip(inits.iter()).enumerate() {
                    let i = first + k as u64;
                    let (value, moves) = match *init {
                        Init::Terminal(v) => (Some(v), 0),
                        Init::Moves(0) => (Some(Value::Lose), 0),
                        Init::Moves(m) => (None, m),
                    };
                    match value {
                        None if moves >= layout.decided => {
                            return Err(Error::TooLarge(format!(
                                "position {i} has {moves} moves; a {}-bit solve counts at most {}",
                                W::BITS,
                                layout.decided - 1
                            )))
                        }
                        None => *s = W::from_u32(moves),
                        Some(v) => {
                            *s = W::from_u32(layout.decided(v, 0));
                            match message_kind(v) {
                                Some(CHILD_TIED) => tied.push(i << 2 | CHILD_TIED),
                                Some(kind) => decisive.push(i << 2 | kind),
                                None => {}
                            }
                        }
                    }
                }
            }
            progress.advance(slice.len() as u64);
            Ok((decisive, tied))
        })
        .collect();
    let mut decisive = Vec::with_capacity(initial.len());
    let mut tied = Vec::with_capacity(initial.len());
    for part in initial {
        let (d, t) = part?;
        decisive.push(d);
        tied.push(t);
    }
    Ok((state, decisive, tied))
}

/// The frontier after round `round` of `phase`, rebuilt from the state words alone (per
/// partition, as frontier entries): the positions decided in `phase` with remoteness `round`.
fn frontier_of<W: StateWord>(
    state: &[W],
    bits: u32,
    layout: Layout,
    phase: Phase,
    round: u32,
) -> Vec<Vec<u64>> {
    state
        .par_chunks(1 << bits)
        .enumerate()
        .map(|(d, slice)| {
            let base = (d as u64) << bits;
            let mut out = Vec::new();
            for (k, w) in slice.iter().enumerate() {
                let s = w.to_u32();
                if s & layout.decided == 0 || s & layout.rem_mask != round {
                    continue;
                }
                let kind = match (phase, layout.value(s)) {
                    (Phase::Decisive, Value::Win) => CHILD_WON,
                    (Phase::Decisive, Value::Lose) => CHILD_LOST,
                    (Phase::Ties, Value::Tie) => CHILD_TIED,
                    _ => continue,
                };
                out.push((base + k as u64) << 2 | kind);
            }
            out
        })
        .collect()
}

/// What every round needs.
struct Rounds<'a, 'h, S, W> {
    space: &'a S,
    bits: u32,
    layout: Layout,
    progress: &'a dyn Progress,
    between: &'a mut RoundHook<'h, W>,
}

impl<S: RetroSpace, W: StateWord> Rounds<'_, '_, S, W> {
    /// Runs the rounds of `phase` from `frontier` (per partition: positions of remoteness
    /// `remoteness`) until no position is decided, calling the hook before each round.
    fn run(
        &mut self,
        state: &mut [W],
        phase: Phase,
        mut remoteness: u32,
        mut frontier: Vec<Vec<u64>>,
    ) -> Result<(), Error> {
        while frontier.iter().any(|f| !f.is_empty()) {
            // Between two rounds: the state is `state`, `phase` and `remoteness` alone.
            let cancelled = self.progress.cancelled();
            (self.between)(&Between { phase, round: remoteness, words: state, cancelled })?;
            if cancelled {
                return Err(Error::Cancelled { checkpoint: None });
            }
            self.progress.advance(frontier.iter().map(|f| f.len() as u64).sum());
            if remoteness >= self.layout.rem_mask {
                return Err(Error::TooLarge(format!("remoteness exceeds {}", self.layout.rem_mask)));
            }
            frontier = round(self.space, state, &frontier, remoteness + 1, self.bits, self.layout);
            remoteness += 1;
        }
        Ok(())
    }
}

/// One round: the frontier's messages to their predecessors, then each partition applies its
/// own; a slab of at most [`SLAB`] frontier entries at a time. Returns the next frontier, per
/// partition.
fn round<S: RetroSpace, W: StateWord>(
    space: &S,
    state: &mut [W],
    frontier: &[Vec<u64>],
    next_remoteness: u32,
    bits: u32,
    layout: Layout,
) -> Vec<Vec<u64>> {
    let parts = frontier.len();
    let mut next: Vec<Vec<u64>> = vec![Vec::new(); parts];
    // Pieces of the frontier of at most a few thousand entries, then slabs of pieces.
    const PIECE: usize = 1 << 12;
    let pieces: Vec<&[u64]> = frontier.iter().flat_map(|f| f.chunks(PIECE)).collect();
    let mut first = 0;
    while first < pieces.len() {
        let mut last = first;
        let mut entries = 0;
        while last < pieces.len() && (last == first || entries + pieces[last].len() <= SLAB) {
            entries += pieces[last].len();
            last += 1;
        }
        slab(space, state, &pieces[first..last], &mut next, next_remoteness, bits, layout);
        first = last;
    }
    next
}

/// Scatters the messages of `pieces` of the frontier bucketed by destination partition, then
/// applies them, appending the positions decided to `next`.
fn slab<S: RetroSpace, W: StateWord>(
    space: &S,
    state: &mut [W],
    pieces: &[&[u64]],
    next: &mut [Vec<u64>],
    next_remoteness: u32,
    bits: u32,
    layout: Layout,
) {
    let parts = next.len();
    let tasks = (rayon::current_num_threads() * 4).clamp(1, pieces.len().max(1));
    let per_task = pieces.len().div_ceil(tasks).max(1);

    // Scatter: each task takes a run of pieces and buckets messages by destination.
    let buckets: Vec<Vec<Vec<u64>>> = pieces
        .par_chunks(per_task)
        .map(|group| {
            let mut out: Vec<Vec<u64>> = vec![Vec::new(); parts];
            for entry in group.iter().copied().flatten() {
                let kind = entry & 3;
                space.for_each_predecessor(entry >> 2, |q| out[(q >> bits) as usize].push(q << 2 | kind));
            }
            out
        })
        .collect();

    // Apply: each partition reads the messages addressed to it from every task.
    state.par_chunks_mut(1 << bits).zip(next.par_iter_mut()).enumerate().for_each(|(d, (slice, next))| {
        let base = (d as u64) << bits;
        for message in buckets.iter().flat_map(|b| &b[d]) {
            let q = message >> 2;
            let w = &mut slice[(q - base) as usize];
            let s = w.to_u32();
            if s & layout.decided != 0 {
                continue;
            }
            match message & 3 {
                CHILD_LOST => {
                    *w = W::from_u32(layout.decided(Value::Win, next_remoteness));
                    next.push(q << 2 | CHILD_WON);
                }
                CHILD_WON => {
                    if s == 1 {
                        *w = W::from_u32(layout.decided(Value::Lose, next_remoteness));
                        next.push(q << 2 | CHILD_LOST);
                    } else {
                        *w = W::from_u32(s - 1);
                    }
                }
                _ => {
                    *w = W::from_u32(layout.decided(Value::Tie, next_remoteness));
                    next.push(q << 2 | CHILD_TIED);
                }
            }
        }
    });
}

/// An explored game with its reverse graph held in memory.
struct ReverseGraph<'a, P> {
    explored: &'a Explored<P>,
    predecessors: Csr,
}

impl<P: Sync> RetroSpace for ReverseGraph<'_, P> {
    fn len(&self) -> u64 {
        self.explored.len() as u64
    }

    fn init(&self, i: u64) -> Init {
        init_of(self.explored, i)
    }

    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) {
        for &q in self.predecessors.get(i as usize) {
            f(q as u64);
        }
    }
}

/// An explored game whose predecessors come from the game's own generator.
struct GamePredecessors<'a, G: Game> {
    game: &'a G,
    explored: &'a Explored<G::Position>,
}

impl<G: Game> RetroSpace for GamePredecessors<'_, G> {
    fn len(&self) -> u64 {
        self.explored.len() as u64
    }

    fn init(&self, i: u64) -> Init {
        init_of(self.explored, i)
    }

    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) {
        let mut preds = Vec::new();
        self.game.predecessors(&self.explored.positions[i as usize], &mut preds);
        for p in &preds {
            if let Some(&q) = self.explored.index.get(p) {
                if self.explored.terminal(q as usize).is_none() {
                    f(q as u64);
                }
            }
        }
    }
}

fn init_of<P>(explored: &Explored<P>, i: u64) -> Init {
    let i = i as usize;
    match explored.terminal(i) {
        Some(v) => Init::Terminal(v),
        None => Init::Moves(explored.children(i).len() as u32),
    }
}

/// How retrograde analysis finds the moves into a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Predecessors {
    /// The game's own generator when it has one, else a reverse graph.
    Auto,
    /// Always build the reverse graph from the explored moves.
    ReverseGraph,
}

/// Solves every position reachable from `roots` by retrograde analysis.
pub fn solve<G: Game>(
    game: &G,
    roots: &[G::Position],
    predecessors: Predecessors,
    progress: &dyn Progress,
) -> Result<Solution<G::Position>, Error> {
    let explored = Explored::new(game, roots, progress)?;
    let table = if game.has_predecessors() && predecessors == Predecessors::Auto {
        solve_space(&GamePredecessors { game, explored: &explored }, progress)?
    } else {
        progress.phase("building the reverse graph", None);
        let reverse = ReverseGraph { predecessors: explored.predecessors(), explored: &explored };
        solve_space(&reverse, progress)?
    };
    Ok(Solution::new(explored.positions, explored.index, table))
}
