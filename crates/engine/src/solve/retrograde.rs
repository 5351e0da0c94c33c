//! Retrograde analysis for finite games, cycles allowed.
//!
//! The solver works on a [`RetroSpace`]: positions numbered `0..len`, each either terminal with a
//! value or with a number of moves, and a way to list the predecessors of a position. It proceeds
//! in rounds. The positions decided in round `r` all have remoteness `r` (the frontier); a round
//! sends one message per predecessor of each frontier position, bucketed by the partition of the
//! space it is addressed to, then each partition applies its messages on its own:
//!
//! - a predecessor of a lost position is won (remoteness `r + 1`, the fastest win, since rounds go
//!   by increasing remoteness);
//! - a predecessor of a won position has one undecided move fewer; when none is left, all its
//!   moves lead to won positions and it is lost (remoteness `r + 1`: the last of them to be
//!   decided is the slowest);
//! - a terminal position enters the rounds at the remoteness its game states ([`Game::terminal`]:
//!   usually 0), and so does a position decided before any round ([`Init::Decided`]);
//! - once wins and losses are exhausted, the same rounds run from the tied terminal positions: an
//!   undecided predecessor of a tie is a tie (both players prefer a tie to endless play);
//! - whatever is never decided is a draw.
//!
//! **State.** One word per position ([`StateWord`]) holds its undecided move count, or its value
//! and remoteness once decided. Between two rounds the whole state of a solve is the words, the
//! phase ([`Phase`]) and the round number: the frontier of round `r` is the set of positions
//! decided in the current phase with remoteness `r` (`Frontier::derive`; won terminal positions
//! whose moves a space applied before any round are kept out by their word, see
//! [`RetroSpace::won_terminals_applied`]), so that a solve can
//! stop between rounds ([`crate::Progress::cancelled`]) and go on later from the words alone
//! ([`Rounds::resume`]). The solver keeps the frontier as a bitset over the positions (1 bit each),
//! filled by the apply step as positions are decided.
//!
//! **Routing.** A space reports each predecessor by an *address*: by default its number, but a
//! space may use addresses of its own (a dense index reports slots of its index, and resolves a
//! slot to a position number only when the message is applied, where the slot's part of the index
//! is in cache). Messages are bucketed by `address >> partition_bits`; the positions of one
//! partition are a contiguous range, owned by one task while it applies its messages, so the
//! apply step needs no atomics on the state. The scatter step holds the messages of a slab of
//! the frontier at a time, so a round never holds all its messages at once.
//!
//! The same rounds work over any storage: the explicit graphs of small games here, and dense
//! indexed tables ([`crate::table::dense`]), files or remote partitions elsewhere.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use std::ops::Range;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::game::Game;
use crate::rules::value::{Outcome, Value};
use crate::solve::exchange::{Exchange, InProcess};
use crate::solve::reach::{Csr, Reached};
use crate::solve::solution::{OutcomeTable, Solution};

/// How a position starts out before any round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Init {
    /// The game has ended here with this outcome for the player to move (see [`Game::terminal`]).
    Terminal(Outcome),
    /// Play goes on with this many moves (0 means the player to move has lost, at remoteness 0).
    /// When the space says [`RetroSpace::won_terminals_applied`], the moves into the won
    /// terminal positions it applies (`applied_at_init`) are not counted.
    Moves(u32),
    /// Play goes on, and the position is decided by its moves into terminal positions alone: won
    /// in 1 when one of them leads to a lost terminal position of remoteness 0, lost in one more
    /// than the largest remoteness among them when every move leads to a won terminal position
    /// of remoteness 0 or 1. Valid from any space (the rounds would find the same); it lets a
    /// space skip the messages from won terminal positions (see
    /// [`RetroSpace::won_terminals_applied`]).
    Decided(Outcome),
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

    /// Calls `f` once for every move into position `i`, with the address (see
    /// [`RetroSpace::resolve`]; by default the number) of the position the move is made from.
    /// Positions with a declared terminal value have no moves; reporting them is harmless (they
    /// are decided from the start and ignore what they are sent), so a space may skip the cost
    /// of filtering them out, and an address that resolves to no position is ignored too.
    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, f: F);

    /// Calls `f(j, address)` for every move into each of the positions `positions[j]`, given in
    /// increasing order, as [`RetroSpace::for_each_predecessor`] does. Override it when
    /// consecutive positions are cheaper to visit together.
    fn for_each_predecessor_of<F: FnMut(usize, u64)>(&self, positions: &[u64], mut f: F) {
        for (j, &i) in positions.iter().enumerate() {
            self.for_each_predecessor(i, |a| f(j, a));
        }
    }

    /// Whether [`RetroSpace::init`] has applied the messages from the won terminal positions of
    /// remoteness 0 and 1 already (`applied_at_init`): move counts leave out the moves into
    /// them, and a position all of whose moves lead into them is [`Init::Decided`] (lost, in one
    /// more than the largest of their remoteness). The rounds then send nothing from those
    /// positions (in many games most of the messages of the first rounds). Won terminal
    /// positions of a larger remoteness are counted and send their messages as any other: a
    /// move into them may be the slowest loss.
    fn won_terminals_applied(&self) -> bool {
        false
    }

    /// Addresses are `0..addresses()` (by default the position numbers).
    fn addresses(&self) -> u64 {
        self.len()
    }

    /// Messages are bucketed by `address >> partition_bits()` (at most 30): partitions small
    /// enough for their states to stay in cache while messages are applied, and few enough to
    /// keep the buckets manageable.
    fn partition_bits(&self) -> u32 {
        default_partition_bits(self.len())
    }

    /// The first position of partition `p` (for `p` up to the number of partitions, where it is
    /// `len()`): the positions of partition `p` are `partition_start(p)..partition_start(p + 1)`,
    /// and every address of partition `p` resolves to one of them or to none.
    fn partition_start(&self, p: u64) -> u64 {
        (p << self.partition_bits()).min(self.len())
    }

    /// The position at `address`, or `None` when there is none there (the message is dropped).
    /// Called while the address's partition applies its messages.
    #[inline]
    fn resolve(&self, address: u64) -> Option<u64> {
        Some(address)
    }

    /// A hint that [`RetroSpace::resolve`] will soon be called with `address`: a space whose
    /// resolve reads memory asks for it to be brought into cache.
    #[inline]
    fn prefetch(&self, _address: u64) {}
}

/// Whether a space that says [`RetroSpace::won_terminals_applied`] applies the moves into a
/// terminal position with this outcome (for the player to move there) before any round: won
/// positions of remoteness 0 or 1. The rule is exact: a position whose last undecided move is
/// decided in round `r` leads to a non-terminal won position of remoteness `r >= 1` there, so that
/// the moves into terminal positions won in 0 or 1 never make its loss slower.
pub(crate) fn applied_at_init(terminal: Outcome) -> bool {
    terminal.value() == Value::Win && terminal.remoteness().is_some_and(|r| r <= 1)
}

/// The word that holds one position's state during a solve: its number of undecided moves, then
/// (top bit set) its value in the next 2 bits and its remoteness in the rest. During the rounds,
/// the code of a draw with a remoteness `r + 1` above 0 marks a won terminal position of
/// remoteness `r` whose moves were applied before any round (it never enters a frontier); the
/// words of a finished solve hold none. `u32` holds any
/// game; `u16` halves the memory of large dense solves (remoteness up to 8191, at most 32767
/// moves per position), and `u8` halves it again for games of short play (remoteness up to 30,
/// at most 127 moves per position: Connect Four on 30 cells); a solve that does not fit its word
/// fails with [`Error::TooLarge`].
pub trait StateWord: Copy + Send + Sync + 'static {
    /// Width in bits.
    const BITS: u32;
    /// The low `BITS` bits of `x`.
    fn from_u32(x: u32) -> Self;
    /// The word as a `u32`.
    fn to_u32(self) -> u32;
}

/// `StateWord` for an unsigned integer type: its own width, truncating from `u32`.
macro_rules! state_word {
    ($($t:ty),*) => {$(
        impl StateWord for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn from_u32(x: u32) -> $t {
                x as $t
            }
            #[inline]
            fn to_u32(self) -> u32 {
                self as u32
            }
        }
    )*};
}

state_word!(u8, u16, u32);

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

    /// A won terminal position of remoteness `remoteness` whose moves were applied before any
    /// round: the code of a draw (which no phase holds) with `remoteness + 1`, so never a draw's
    /// word. [`finish_words`] turns it into the win.
    #[inline]
    fn quiet(self, remoteness: u32) -> u32 {
        self.decided(Value::Draw, remoteness + 1)
    }

    /// The decided word of an outcome given before any round, or [`Error::TooLarge`] when its
    /// remoteness does not fit (with room for [`Layout::quiet`]).
    fn given(self, outcome: Outcome, quiet: bool, bits: u32) -> Result<u32, Error> {
        let r = outcome.remoteness().unwrap_or(0);
        if r >= self.rem_mask {
            return Err(Error::TooLarge(format!(
                "a position given remoteness {r}; a {bits}-bit solve holds at most {}",
                self.rem_mask - 1
            )));
        }
        Ok(if quiet { self.quiet(r) } else { self.decided(outcome.value(), r) })
    }

    /// The outcome of a final state (see [`Rounds::words`]).
    #[inline]
    fn outcome(self, s: u32) -> Outcome {
        Outcome::new(Value::ALL[((s >> self.rem_bits) & 3) as usize], s & self.rem_mask)
    }

    /// The value of a decided state.
    #[inline]
    fn value(self, s: u32) -> Value {
        Value::ALL[((s >> self.rem_bits) & 3) as usize]
    }
}

/// The largest remoteness a solve with words of `bits` bits holds (its rounds stop with
/// [`Error::TooLarge`] beyond).
pub const fn max_remoteness(bits: u32) -> u32 {
    Layout::of(bits).rem_mask - 1
}

/// The outcome held by a final state word of [`Rounds::words`].
#[inline]
pub fn word_outcome<W: StateWord>(word: W) -> Outcome {
    Layout::of(W::BITS).outcome(word.to_u32())
}

/// Messages held at a time (4 bytes each): the frontier is scattered slab by slab, each slab's
/// messages applied before the next is read.
const SLAB_MESSAGES: u64 = 1 << 23;

/// Frontier positions visited together by one scatter task at most (one word of the frontier
/// bitset is 64 positions).
const CHUNK_WORDS: usize = 1 << 10;

/// Message kinds, carried in the low 2 bits of a message.
const CHILD_LOST: u32 = 0;
const CHILD_WON: u32 = 1;
const CHILD_TIED: u32 = 2;

/// Positions per partition as a power of two, by default.
fn default_partition_bits(len: u64) -> u32 {
    let total_bits = 64 - len.max(1).leading_zeros();
    total_bits.saturating_sub(12).clamp(12, 20)
}

/// The two phases of a solve: wins and losses first, then ties.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Rounds from the won and lost positions.
    WinsLosses,
    /// Rounds from the tied positions, once no more wins and losses are found.
    Ties,
}

impl Phase {
    /// The phase's name in checkpoints: `wins` or `ties`.
    pub fn key(self) -> &'static str {
        match self {
            Phase::WinsLosses => "wins",
            Phase::Ties => "ties",
        }
    }

    /// The phase whose [`Phase::key`] is `key`.
    pub(crate) fn from_key(key: &str) -> Option<Phase> {
        [Phase::WinsLosses, Phase::Ties].into_iter().find(|p| p.key() == key)
    }

    fn name(self) -> &'static str {
        match self {
            Phase::WinsLosses => "wins and losses",
            Phase::Ties => "ties",
        }
    }

    fn holds(self, value: Value) -> bool {
        match self {
            Phase::WinsLosses => matches!(value, Value::Win | Value::Lose),
            Phase::Ties => value == Value::Tie,
        }
    }
}

/// The positions of one round as a bitset over the positions.
pub(crate) struct Frontier {
    words: Vec<AtomicU64>,
}

impl Frontier {
    /// The empty frontier over `len` positions.
    pub(crate) fn new(len: u64) -> Frontier {
        Frontier { words: crate::memory::zeroed_atomics(len.div_ceil(64) as usize) }
    }

    /// The frontier of round `round` of `phase` from the state words of [`Rounds::words`]:
    /// the positions decided in that phase with remoteness `round` (won terminal positions whose
    /// moves were applied before any round are not: their words say so).
    /// (The words may be a member's slice of the space: the frontier is then over the slice's
    /// positions, numbered from its first.)
    pub(crate) fn derive<W: StateWord>(state: &[W], phase: Phase, round: u32) -> Frontier {
        let frontier = Frontier::new(state.len() as u64);
        frontier.fill(state, phase, round);
        frontier
    }

    fn fill<W: StateWord>(&self, state: &[W], phase: Phase, round: u32) {
        let layout = Layout::of(W::BITS);
        state.par_chunks(64 * 1024).enumerate().for_each(|(c, chunk)| {
            for (k, part) in chunk.chunks(64).enumerate() {
                let mut word = 0u64;
                for (b, s) in part.iter().enumerate() {
                    let s = s.to_u32();
                    if s & layout.decided != 0 && s & layout.rem_mask == round && phase.holds(layout.value(s))
                    {
                        word |= 1 << b;
                    }
                }
                self.words[c * 1024 + k].store(word, Ordering::Relaxed);
            }
        });
    }

    /// Number of positions in the frontier.
    pub(crate) fn count(&self) -> u64 {
        self.words.par_iter().map(|w| w.load(Ordering::Relaxed).count_ones() as u64).sum()
    }

    #[inline]
    fn insert(&self, i: u64) {
        self.words[(i >> 6) as usize].fetch_or(1 << (i & 63), Ordering::Relaxed);
    }

    /// Clears the chunks of [`CHUNK_WORDS`] words numbered in `chunks`.
    fn clear_chunks(&mut self, chunks: &[usize]) {
        let words = &self.words;
        chunks.par_iter().for_each(|&c| {
            for w in &words[c * CHUNK_WORDS..((c + 1) * CHUNK_WORDS).min(words.len())] {
                w.store(0, Ordering::Relaxed);
            }
        });
    }
}

/// Bytes of the two frontier bitsets of a solve over `len` positions.
pub(crate) fn frontier_bytes(len: u64) -> u64 {
    2 * len.div_ceil(64) * 8
}

/// Bytes of messages a solve holds at a time, at most (with room for its buckets to grow).
pub(crate) const MESSAGE_BYTES: u64 = SLAB_MESSAGES * 4 * 2;

/// Solves every position of `space`: `Rounds::<S, u32>::new(space).table(progress)`.
pub fn solve_space<S: RetroSpace>(space: &S, progress: &dyn Progress) -> Result<OutcomeTable, Error> {
    Rounds::<S, u32>::new(space).table(progress)
}

/// The whole state of a solve between two rounds, given to the hook of [`Rounds::between`]:
/// the state words, the phase and the round `round`. The next round's frontier is derived from
/// the words alone (`Frontier::derive`), so that the solve goes on from them ([`Resume`]).
pub struct Between<'a, W> {
    /// The phase under way.
    pub phase: Phase,
    /// The round about to run: its frontier holds the positions of remoteness `round`.
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
    /// The round about to run.
    pub round: u32,
    /// One word per position.
    pub words: Vec<W>,
}

/// What a solve calls between two rounds, with the member's side of the exchange (see
/// [`Rounds::between_members`]); an error stops the solve with it.
type HookFn<'h, W> = dyn FnMut(&Between<'_, W>, &mut dyn Exchange) -> Result<(), Error> + 'h;

/// A retrograde solve of a space, set up before it runs: the one value in front of the
/// solver's rounds. It solves from the start unless [`Rounds::resume`] gives the state between
/// two rounds, calls the hook of [`Rounds::between`] before every round (a checkpoint writer),
/// and runs in one process ([`Rounds::words`], [`Rounds::table`]) or as one member of a split
/// solve ([`Rounds::member`]). `W` is the word kept per position ([`StateWord`]): the fewer its
/// bits, the lower the remoteness and move counts it holds.
///
/// ```
/// # use nimber_engine::solve::retrograde::{word_outcome, Init, RetroSpace, Rounds};
/// # use nimber_engine::{Outcome, Silent, Value};
/// /// A line of positions, each with one move to the next; the last has none.
/// struct Line(u64);
/// impl RetroSpace for Line {
///     fn len(&self) -> u64 { self.0 }
///     fn init(&self, i: u64) -> Init { Init::Moves(u32::from(i + 1 < self.0)) }
///     fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) { if i > 0 { f(i - 1) } }
/// }
/// let words = Rounds::<_, u16>::new(&Line(4)).words(&Silent).unwrap();
/// assert_eq!(word_outcome(words[0]), Outcome::new(Value::Win, 3));
/// ```
pub struct Rounds<'a, S, W> {
    space: &'a S,
    resume: Option<Resume<W>>,
    between: Option<Box<HookFn<'a, W>>>,
}

impl<'a, S: RetroSpace, W: StateWord> Rounds<'a, S, W> {
    /// A solve of every position of `space` from the start, with no hook.
    pub fn new(space: &'a S) -> Self {
        Rounds { space, resume: None, between: None }
    }

    /// Goes on from the state between two rounds when `resume` is given (for a member of a
    /// split solve, its own words, as [`Between::words`] showed them; every member resumes from
    /// the same phase and round). Resumed or not, the words come out the same.
    pub fn resume(mut self, resume: Option<Resume<W>>) -> Self {
        self.resume = resume;
        self
    }

    /// Calls `hook` before every round of both phases. When `progress` asks to stop, the solve
    /// calls it with [`Between::cancelled`] set and returns [`Error::Cancelled`] (or the hook's
    /// own error, naming its checkpoint).
    pub fn between(self, mut hook: impl FnMut(&Between<'_, W>) -> Result<(), Error> + 'a) -> Self {
        self.between_members(move |at, _| hook(at))
    }

    /// [`Rounds::between`] with the member's side of the exchange, for what the members of a
    /// split solve must decide together (whether to write a checkpoint): every member calls the
    /// hook at the same point of the solve, so the hook may use the exchange's barriers, as long
    /// as every member's hook makes the same calls.
    pub(crate) fn between_members(
        mut self,
        hook: impl FnMut(&Between<'_, W>, &mut dyn Exchange) -> Result<(), Error> + 'a,
    ) -> Self {
        self.between = Some(Box::new(hook));
        self
    }

    /// The positions the member of `exchange` owns in a split solve (those whose words
    /// [`Rounds::member`] returns).
    pub fn owned(&self, exchange: &dyn Exchange) -> Range<u64> {
        let routing = Routing::of(self.space);
        routing.positions(exchange.owned(routing.parts()))
    }

    /// Solves in this process and returns one word per position: read each with
    /// [`word_outcome`] (draws included).
    pub fn words(self, progress: &dyn Progress) -> Result<Vec<W>, Error> {
        Ok(self.run(&mut InProcess, progress)?.1)
    }

    /// Solves in this process and returns the outcome of every position.
    pub fn table(self, progress: &dyn Progress) -> Result<OutcomeTable, Error> {
        let words = self.words(progress)?;
        Ok(OutcomeTable::from_packed(words.into_par_iter().map(|w| word_outcome(w).pack()).collect()))
    }

    /// Solves as one member of a solve whose round messages go through `exchange` (every
    /// member calls this with its own side of the exchange): returns the positions this member
    /// owns ([`Exchange::owned`]'s partitions) and their words, which are those of
    /// [`Rounds::words`] for the same positions. A member holds the words of its own positions
    /// only. When any member's `progress` asks to stop, every member calls its hook with
    /// [`Between::cancelled`] set and returns [`Error::Cancelled`] (or its hook's error).
    pub fn member(
        self,
        exchange: &mut dyn Exchange,
        progress: &dyn Progress,
    ) -> Result<(Range<u64>, Vec<W>), Error> {
        self.run(exchange, progress)
    }

    fn run(
        mut self,
        exchange: &mut dyn Exchange,
        progress: &dyn Progress,
    ) -> Result<(Range<u64>, Vec<W>), Error> {
        let space = self.space;
        let owned = self.owned(exchange);
        let (mut words, first_phase, first_round) = match self.resume.take() {
            None => (init_words_of::<S, W>(space, owned.clone(), progress)?, Phase::WinsLosses, 0),
            Some(resume) => {
                if resume.words.len() as u64 != owned.end - owned.start {
                    return Err(Error::Unsupported(format!(
                        "cannot resume a solve owning positions {owned:?} from {} words",
                        resume.words.len()
                    )));
                }
                (resume.words, resume.phase, resume.round)
            }
        };
        let mut none = |_: &Between<'_, W>, _: &mut dyn Exchange| Ok(());
        let between: &mut HookFn<'_, W> = match self.between.as_mut() {
            Some(hook) => hook,
            None => &mut none,
        };
        for phase in [Phase::WinsLosses, Phase::Ties] {
            if phase == Phase::WinsLosses && first_phase == Phase::Ties {
                continue;
            }
            let round = if phase == first_phase { first_round } else { 0 };
            run_phase_with(space, &mut words, phase, round, progress, between, exchange)?;
        }
        finish_words(&mut words);
        Ok((owned, words))
    }
}

/// The state words of the positions `range` before any round.
fn init_words_of<S: RetroSpace, W: StateWord>(
    space: &S,
    range: Range<u64>,
    progress: &dyn Progress,
) -> Result<Vec<W>, Error> {
    let layout = Layout::of(W::BITS);
    let len = range.end - range.start;
    let len_usize =
        usize::try_from(len).map_err(|_| Error::TooLarge(format!("{len} positions do not fit in memory")))?;
    progress.phase("initializing", Some(len));
    let quiet_won = space.won_terminals_applied();
    let mut state: Vec<W> = vec![W::from_u32(0); len_usize];
    crate::memory::advise_huge_pages(&mut state);
    const CHUNK: usize = 1 << 16;
    const PIECE: usize = 1 << 12;
    state.par_chunks_mut(CHUNK).enumerate().try_for_each(|(d, slice)| {
        let base = range.start + (d * CHUNK) as u64;
        let mut inits = vec![Init::Moves(0); slice.len().min(PIECE)];
        for (c, piece) in slice.chunks_mut(PIECE).enumerate() {
            let first = base + (c * PIECE) as u64;
            let inits = &mut inits[..piece.len()];
            space.init_range(first, inits);
            for (k, (s, init)) in piece.iter_mut().zip(inits.iter()).enumerate() {
                *s = W::from_u32(match *init {
                    Init::Terminal(o) => layout.given(o, quiet_won && applied_at_init(o), W::BITS)?,
                    Init::Moves(0) => layout.decided(Value::Lose, 0),
                    Init::Decided(o) => layout.given(o, false, W::BITS)?,
                    Init::Moves(m) if m >= layout.decided => {
                        return Err(Error::TooLarge(format!(
                            "position {} has {m} moves; a {}-bit solve counts at most {}",
                            first + k as u64,
                            W::BITS,
                            layout.decided - 1
                        )))
                    }
                    Init::Moves(m) => m,
                });
            }
        }
        progress.advance(slice.len() as u64);
        Ok(())
    })?;
    Ok(state)
}

/// Marks every position left undecided after both phases a draw, and gives the won terminal
/// positions whose moves were applied before any round their outcome (`Layout::quiet`).
fn finish_words<W: StateWord>(state: &mut [W]) {
    let layout = Layout::of(W::BITS);
    let draw = layout.decided(Value::Draw, 0);
    state.par_iter_mut().for_each(|s| {
        let w = s.to_u32();
        if w & layout.decided == 0 {
            *s = W::from_u32(draw);
        } else if layout.value(w) == Value::Draw && w != draw {
            *s = W::from_u32(layout.decided(Value::Win, (w & layout.rem_mask) - 1));
        }
    });
}

/// The remoteness values above `round + 1` of the positions decided in `phase` before its rounds
/// reached them (terminal positions, [`Init::Decided`]), in increasing order: the rounds where
/// such positions join the frontier.
fn decided_ahead<W: StateWord>(state: &[W], phase: Phase, round: u32) -> Vec<u32> {
    let layout = Layout::of(W::BITS);
    let set = state
        .par_chunks(1 << 16)
        .map(|chunk| {
            let mut set = std::collections::BTreeSet::new();
            for s in chunk {
                let s = s.to_u32();
                if s & layout.decided != 0 && phase.holds(layout.value(s)) && s & layout.rem_mask > round + 1
                {
                    set.insert(s & layout.rem_mask);
                }
            }
            set
        })
        .reduce(std::collections::BTreeSet::new, |mut a, mut b| {
            a.append(&mut b);
            a
        });
    set.into_iter().collect()
}

/// How messages reach their partitions: the partitions' first positions.
struct Routing {
    bits: u32,
    starts: Vec<u64>,
}

impl Routing {
    fn of<S: RetroSpace>(space: &S) -> Routing {
        let bits = space.partition_bits();
        assert!(bits <= 30, "partitions of 2^{bits} addresses are too large for 32-bit messages");
        let parts = space.addresses().div_ceil(1 << bits).max(1);
        let starts = (0..=parts).map(|p| space.partition_start(p)).collect();
        Routing { bits, starts }
    }

    fn parts(&self) -> usize {
        self.starts.len() - 1
    }

    /// The positions of the partitions `parts`.
    fn positions(&self, parts: Range<usize>) -> Range<u64> {
        self.starts[parts.start]..self.starts[parts.end]
    }
}

/// Runs the rounds of `phase` from round `first_round` over `state` (the words before any round,
/// after the rounds before it), until a round decides nothing, calling `between` before every
/// round (see [`Rounds::between`]), as one member of a solve whose messages go through
/// `exchange`: the member scatters the frontier of
/// the partitions it owns and applies the messages to them; `state` holds the words of those
/// partitions' positions only (all of them for [`InProcess`]). Counts that decide when rounds
/// and phases end are summed over the members.
#[allow(clippy::too_many_arguments)]
fn run_phase_with<S: RetroSpace, W: StateWord>(
    space: &S,
    state: &mut [W],
    phase: Phase,
    first_round: u32,
    progress: &dyn Progress,
    between: &mut HookFn<'_, W>,
    exchange: &mut dyn Exchange,
) -> Result<(), Error> {
    let layout = Layout::of(W::BITS);
    progress.phase(phase.name(), Some(space.len()));
    let routing = Routing::of(space);
    let owned = routing.positions(exchange.owned(routing.parts()));
    if state.len() as u64 != owned.end - owned.start {
        return Err(Error::Unsupported(format!(
            "a member owning positions {owned:?} was given {} words",
            state.len()
        )));
    }
    let mut frontier = Frontier::derive(state, phase, first_round);
    let mut count = exchange.sum(frontier.count())?;
    // Positions decided before any round (terminal positions with the remoteness their game
    // states, Init::Decided) join the frontier of their remoteness: the next round's here, later
    // ones when the rounds reach them.
    let mut next = Frontier::derive(state, phase, first_round + 1);
    let mut next_count = exchange.sum(next.count())?;
    let ahead = decided_ahead(state, phase, first_round);
    let mut round_number = first_round;
    let mut per_position = 16.0f64;
    loop {
        if count == 0 && next_count == 0 {
            // Nothing until the next remoteness given before any round: rounds without
            // positions are skipped, to the first such remoteness of any member.
            let mine = ahead.iter().find(|&&r| r > round_number + 1).map_or(u64::MAX, |&r| r as u64);
            let r = exchange.min(mine)?;
            if r != u64::MAX {
                round_number = r as u32 - 1;
                next.fill(state, phase, r as u32);
                next_count = exchange.sum(next.count())?;
                continue;
            }
            return Ok(());
        }
        // Every member stops when one is asked to.
        let cancelled = exchange.sum(u64::from(progress.cancelled()))? > 0;
        between(&Between { phase, round: round_number, words: state, cancelled }, exchange)?;
        if cancelled {
            return Err(Error::Cancelled { checkpoint: None, proven: None });
        }
        progress.advance(count);
        if round_number >= layout.rem_mask {
            return Err(Error::TooLarge(format!("remoteness exceeds {}", layout.rem_mask)));
        }
        let (seen, decided, chunks) = round(
            space,
            state,
            &frontier,
            &next,
            round_number + 1,
            &routing,
            layout,
            per_position,
            exchange,
        )?;
        per_position = seen;
        exchange.end_round(round_number + 1);
        // The next frontier becomes the frontier; the old one, cleared where it had positions,
        // the next.
        std::mem::swap(&mut frontier, &mut next);
        count = next_count + exchange.sum(decided)?;
        next_count = 0;
        next.clear_chunks(&chunks);
        round_number += 1;
        let mine = u64::from(ahead.binary_search(&(round_number + 1)).is_ok());
        if exchange.sum(mine)? > 0 {
            next.fill(state, phase, round_number + 1);
            next_count = exchange.sum(next.count())?;
        }
    }
}

/// One round: the frontier's messages to their predecessors, slab by slab; each partition applies
/// its own, adding the positions it decides to `next`. Returns the messages per frontier position
/// seen (to size the next round's slabs), the number of positions decided, and the chunks of the
/// frontier that hold positions.
#[allow(clippy::too_many_arguments)]
fn round<S: RetroSpace, W: StateWord>(
    space: &S,
    state: &mut [W],
    frontier: &Frontier,
    next: &Frontier,
    next_remoteness: u32,
    routing: &Routing,
    layout: Layout,
    mut per_position: f64,
    exchange: &mut dyn Exchange,
) -> Result<(f64, u64, Vec<usize>), Error> {
    // Chunks of the frontier bitset with their number of positions.
    let chunks: Vec<(usize, u64)> = frontier
        .words
        .par_chunks(CHUNK_WORDS)
        .enumerate()
        .map(|(c, words)| {
            let ones = words
                .iter()
                .map(|w| match w.load(Ordering::Relaxed) {
                    0 => 0,
                    w => w.count_ones() as u64,
                })
                .sum();
            (c, ones)
        })
        .filter(|&(_, n)| n > 0)
        .collect();
    let mut decided = 0;
    let mut first = 0;
    // Slab after slab while any member has chunks left (a member with none takes part with an
    // empty slab: it still receives messages).
    while exchange.sum(u64::from(first < chunks.len()))? > 0 {
        // A slab: chunks up to the message budget.
        let mut last = first;
        let mut positions = 0u64;
        while last < chunks.len()
            && (last == first || ((positions + chunks[last].1) as f64) * per_position <= SLAB_MESSAGES as f64)
        {
            positions += chunks[last].1;
            last += 1;
        }
        let [messages, d] = slab(
            space,
            state,
            frontier,
            &chunks[first..last],
            positions,
            next,
            next_remoteness,
            routing,
            layout,
            per_position,
            exchange,
        )?;
        decided += d;
        if positions > 0 {
            per_position = (messages as f64 / positions as f64).max(1.0);
        }
        first = last;
    }
    Ok((per_position, decided, chunks.into_iter().map(|(c, _)| c).collect()))
}

/// Scatters the messages of the frontier's `chunks` bucketed by partition, then applies them.
/// Returns the numbers of messages and of positions decided.
#[allow(clippy::too_many_arguments)]
fn slab<S: RetroSpace, W: StateWord>(
    space: &S,
    state: &mut [W],
    frontier: &Frontier,
    chunks: &[(usize, u64)],
    positions: u64,
    next: &Frontier,
    next_remoteness: u32,
    routing: &Routing,
    layout: Layout,
    per_position: f64,
    exchange: &mut dyn Exchange,
) -> Result<[u64; 2], Error> {
    let parts = routing.parts();
    let bits = routing.bits;
    // This member's partitions, and its first position: `state` and the frontiers start there.
    let owned = exchange.owned(parts);
    let first_position = routing.starts[owned.start];
    // Tasks: runs of chunks with about the same number of positions.
    let tasks = (rayon::current_num_threads() * 4).clamp(1, chunks.len().max(1));
    let mut groups: Vec<&[(usize, u64)]> = Vec::with_capacity(tasks);
    let mut start = 0;
    let mut seen = 0u64;
    for (n, &(_, count)) in chunks.iter().enumerate() {
        seen += count;
        if seen * tasks as u64 >= positions * (groups.len() as u64 + 1) || n + 1 == chunks.len() {
            groups.push(&chunks[start..n + 1]);
            start = n + 1;
        }
    }

    // Scatter: each task visits its chunks' positions and buckets messages by partition.
    let state_ref: &[W] = state;
    let buckets: Vec<Vec<Vec<u32>>> = groups
        .par_iter()
        .map(|group| {
            // Room for the messages expected, by each partition's share of the positions, so
            // that the buckets rarely grow (growing doubles them).
            let expected = group.iter().map(|&(_, n)| n).sum::<u64>() as f64 * per_position * 1.2;
            let len = routing.starts[parts].max(1) as f64;
            let mut out: Vec<Vec<u32>> = (0..parts)
                .map(|p| {
                    let share = (routing.starts[p + 1] - routing.starts[p]) as f64 / len;
                    Vec::with_capacity((expected * share) as usize + 16)
                })
                .collect();
            let mut list: Vec<u64> = Vec::new();
            let mut kinds: Vec<u32> = Vec::new();
            for &(c, _) in group.iter() {
                list.clear();
                kinds.clear();
                let words =
                    &frontier.words[c * CHUNK_WORDS..((c + 1) * CHUNK_WORDS).min(frontier.words.len())];
                for (k, w) in words.iter().enumerate() {
                    let mut w = w.load(Ordering::Relaxed);
                    while w != 0 {
                        let i = ((c * CHUNK_WORDS + k) as u64) << 6 | w.trailing_zeros() as u64;
                        w &= w - 1;
                        list.push(first_position + i);
                        kinds.push(match layout.value(state_ref[i as usize].to_u32()) {
                            Value::Lose => CHILD_LOST,
                            Value::Win => CHILD_WON,
                            _ => CHILD_TIED,
                        });
                    }
                }
                space.for_each_predecessor_of(&list, |j, address| {
                    let p = (address >> bits) as usize;
                    out[p].push(((address - ((p as u64) << bits)) as u32) << 2 | kinds[j]);
                });
            }
            out
        })
        .collect();
    let messages = buckets.iter().flatten().map(|b| b.len() as u64).sum();
    let buckets = exchange.deliver(buckets, parts)?;

    // Apply: each partition of this member reads the messages addressed to it from every
    // source.
    let mut slices: Vec<(usize, &mut [W])> = Vec::with_capacity(owned.len());
    let mut rest: &mut [W] = state;
    for p in owned.clone() {
        let (head, tail) = rest.split_at_mut((routing.starts[p + 1] - routing.starts[p]) as usize);
        slices.push((p, head));
        rest = tail;
    }
    let decided = slices
        .into_par_iter()
        .map(|(p, slice)| {
            let base = (p as u64) << bits;
            let start = routing.starts[p];
            let mut decided = 0u64;
            // A pipeline over the messages, for the memory accesses of many to overlap: the
            // space prefetches what resolving message k + AHEAD needs; message k + BEHIND is
            // resolved and its state word prefetched; message k is applied.
            const AHEAD: usize = 16;
            const BEHIND: usize = 8;
            let mut ring = [u64::MAX; BEHIND];
            for bucket in buckets.iter().map(|b| &b[p - owned.start]) {
                let n = bucket.len();
                for k in 0..n + BEHIND {
                    // Resolve message k and prefetch for k + AHEAD after taking message
                    // k - BEHIND out of the ring (it shares its place with message k).
                    let applied = k.checked_sub(BEHIND).map(|j| (j, ring[j % BEHIND]));
                    if k < n {
                        if k + AHEAD < n {
                            space.prefetch(base + (bucket[k + AHEAD] >> 2) as u64);
                        }
                        ring[k % BEHIND] = match space.resolve(base + (bucket[k] >> 2) as u64) {
                            Some(i) => {
                                crate::memory::prefetch(&slice[(i - start) as usize]);
                                i
                            }
                            None => u64::MAX,
                        };
                    }
                    let Some((j, i)) = applied else { continue };
                    if i == u64::MAX {
                        continue;
                    }
                    let w = &mut slice[(i - start) as usize];
                    let s = w.to_u32();
                    if s & layout.decided != 0 {
                        continue;
                    }
                    let value = match bucket[j] & 3 {
                        CHILD_LOST => Value::Win,
                        CHILD_WON if s > 1 => {
                            *w = W::from_u32(s - 1);
                            continue;
                        }
                        CHILD_WON => Value::Lose,
                        _ => Value::Tie,
                    };
                    *w = W::from_u32(layout.decided(value, next_remoteness));
                    next.insert(i - first_position);
                    decided += 1;
                }
            }
            decided
        })
        .sum();
    Ok([messages, decided])
}

/// An reached game with its reverse graph held in memory.
struct ReverseGraph<'a, P> {
    reached: &'a Reached<P>,
    predecessors: Csr,
}

impl<P: Sync> RetroSpace for ReverseGraph<'_, P> {
    fn len(&self) -> u64 {
        self.reached.len() as u64
    }

    fn init(&self, i: u64) -> Init {
        init_of(self.reached, i)
    }

    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) {
        for &q in self.predecessors.get(i as usize) {
            f(q as u64);
        }
    }
}

/// An reached game whose predecessors come from the game's own generator.
struct GamePredecessors<'a, G: Game> {
    game: &'a G,
    reached: &'a Reached<G::Position>,
}

impl<G: Game> RetroSpace for GamePredecessors<'_, G> {
    fn len(&self) -> u64 {
        self.reached.len() as u64
    }

    fn init(&self, i: u64) -> Init {
        init_of(self.reached, i)
    }

    fn for_each_predecessor<F: FnMut(u64)>(&self, i: u64, mut f: F) {
        let mut preds = Vec::new();
        if let Some(backward) = self.game.capabilities().backward {
            backward.predecessors(&self.reached.positions[i as usize], &mut preds);
        }
        for p in &preds {
            if let Some(&q) = self.reached.index.get(p) {
                if self.reached.terminal(q as usize).is_none() {
                    f(q as u64);
                }
            }
        }
    }
}

fn init_of<P>(reached: &Reached<P>, i: u64) -> Init {
    let i = i as usize;
    match reached.terminal(i) {
        Some(o) => Init::Terminal(o),
        None => Init::Moves(reached.children(i).len() as u32),
    }
}

/// How retrograde analysis finds the moves into a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Predecessors {
    /// The game's own generator when it has one, else a reverse graph.
    Auto,
    /// Always build the reverse graph from the reached moves.
    ReverseGraph,
}

/// Solves every position reachable from `roots` by retrograde analysis.
pub fn solve<G: Game>(
    game: &G,
    roots: &[G::Position],
    predecessors: Predecessors,
    progress: &dyn Progress,
) -> Result<Solution<G::Position>, Error> {
    let reached = Reached::new(game, roots, progress)?;
    let table = if game.capabilities().backward.is_some() && predecessors == Predecessors::Auto {
        solve_space(&GamePredecessors { game, reached: &reached }, progress)?
    } else {
        progress.phase("building the reverse graph", None);
        let reverse = ReverseGraph { predecessors: reached.predecessors(), reached: &reached };
        solve_space(&reverse, progress)?
    };
    Ok(Solution::new(reached.positions, reached.index, table))
}
