//! FiveHundredEleven (TopCoder SRM 511, Division 2, Level 3): the card game
//! [`nimber_games::fivehundredeleven`].
//!
//! The write-up's technique: a position is the memory and the set of cards played, but every
//! card played is a subset of the memory (its bits are in it), and the cards that are subsets of
//! the memory and not yet played are interchangeable "pass" moves that leave the memory as it
//! is. So the value depends only on (memory, number of cards played): 512 x 51 states. From
//! (m, c) a player may pass, if fewer than `sub(m)` cards (those that are subsets of m) have been
//! played, to (m, c + 1); or play a card v that is not a subset of m, to (m | v, c + 1), unless
//! m | v = 511, which loses. A player with no such move loses.
//!
//! Made fast: the states of one count c are decided together, from c = N down, with the lost
//! memories of count c + 1 as a 512-bit set: (m, c) is won when it can pass into a lost state or
//! when the set of memories its cards reach (precomputed per memory, 511 left out) meets the
//! lost set. About 51 x 512 x 8 word operations.

use nimber_engine::Value;
use nimber_games::fivehundredeleven::{FiveHundredEleven, FULL, MAX_CARDS};

use crate::input::{InputError, Tokens};
use crate::Options;

/// The number of memory values.
const MEMORIES: usize = FULL as usize + 1;
/// Words of a set of memories.
const WORDS: usize = MEMORIES / 64;

/// A set of memory values.
type MemorySet = [u64; WORDS];

/// The most cards the exact method (every set of played cards) accepts.
pub const MAX_EXACT_CARDS: usize = 18;

/// The values of all abstract states (memory, cards played) for one list of cards.
pub struct StateTable {
    cards: usize,
    /// How many cards are subsets of each memory.
    subsets: Vec<u8>,
    /// `won[c]`: the memories m such that (m, c) is won for the player to move.
    won: Vec<MemorySet>,
}

impl StateTable {
    /// Decides every state for `cards` (values above 511 are masked to 9 bits; at most
    /// [`MAX_CARDS`] are used).
    pub fn new(cards: &[u16]) -> StateTable {
        let cards = &cards[..cards.len().min(MAX_CARDS)];
        let n = cards.len();
        // Distinct card values, and how many cards are subsets of each memory.
        let mut present = [false; MEMORIES];
        for &v in cards {
            present[(v & FULL) as usize] = true;
        }
        let values: Vec<u16> = (0..MEMORIES as u16).filter(|&v| present[v as usize]).collect();
        let mut count = [0u8; MEMORIES];
        for &v in cards {
            count[(v & FULL) as usize] += 1;
        }
        let mut subsets = vec![0u8; MEMORIES];
        // Memories reachable in one card from each memory (511 excluded: that move loses).
        let mut reach = vec![[0u64; WORDS]; MEMORIES];
        for m in 0..MEMORIES {
            let mut sub = 0u8;
            for &v in &values {
                if v as usize & !m == 0 {
                    sub += count[v as usize];
                } else {
                    let to = m | v as usize;
                    if to != FULL as usize {
                        reach[m][to / 64] |= 1 << (to % 64);
                    }
                }
            }
            subsets[m] = sub;
        }
        // From c = n down: `lost_next` holds the memories m with (m, c + 1) lost. States with
        // c > subsets[m] do not occur; their entries are computed but never consulted (a pass
        // needs c < subsets[m], and a card v not in m gives subsets[m | v] > subsets[m]).
        let mut won = vec![[0u64; WORDS]; n + 1];
        let mut lost_next: MemorySet = [0; WORDS];
        for c in (0..=n).rev() {
            let mut won_here: MemorySet = [0; WORDS];
            let mut lost_here: MemorySet = [0; WORDS];
            for m in 0..MEMORIES {
                // Only states with at least `c` cards inside the memory occur (the cards played
                // are all inside it); the others are left out of both sets.
                if (subsets[m] as usize) < c {
                    continue;
                }
                let pass = (subsets[m] as usize) > c && lost_next[m / 64] >> (m % 64) & 1 != 0;
                let play = reach[m].iter().zip(&lost_next).any(|(r, l)| r & l != 0);
                if pass || play {
                    won_here[m / 64] |= 1 << (m % 64);
                } else {
                    lost_here[m / 64] |= 1 << (m % 64);
                }
            }
            won[c] = won_here;
            lost_next = lost_here;
        }
        StateTable { cards: n, subsets, won }
    }

    /// The value of the state with this memory after `played` cards, for the player to move;
    /// `None` when no such state occurs (more cards played than are subsets of the memory, or
    /// the memory is 511, where the game is over).
    pub fn value(&self, memory: u16, played: usize) -> Option<Value> {
        let m = memory as usize;
        if m >= FULL as usize || played > self.cards || played > self.subsets[m] as usize {
            return None;
        }
        let won = self.won[played][m / 64] >> (m % 64) & 1 != 0;
        Some(if won { Value::Win } else { Value::Lose })
    }

    /// Whether the first player wins from the start (memory 0, no card played).
    pub fn first_player_wins(&self) -> bool {
        self.value(0, 0) == Some(Value::Win)
    }
}

/// Reads the card values: separated by spaces, commas or newlines, optionally wrapped in one
/// pair of braces, `{3, 5, 7}`.
pub fn read(input: &str) -> Result<Vec<u16>, InputError> {
    check_braces(input)?;
    // One token more than the most cards is enough to report too many.
    let tokens = Tokens::at_most(input, &[',', '{', '}'], MAX_CARDS + 1);
    if tokens.is_empty() {
        if input.contains('{') {
            return Err(InputError::whole("no cards between the braces: give 1 to 50 values 0..511"));
        }
        return Err(InputError::whole("empty input: give 1 to 50 card values 0..511"));
    }
    let mut tokens = tokens;
    let mut cards = Vec::new();
    while !tokens.is_done() {
        let token = tokens.next("a card")?;
        if cards.len() == MAX_CARDS {
            return Err(token.error(format!("more than {MAX_CARDS} cards")));
        }
        cards.push(token.int("a card value", 0, FULL as i64)? as u16);
    }
    Ok(cards)
}

/// Braces are optional, but if present there is one `{` before everything and one `}` after.
fn check_braces(input: &str) -> Result<(), InputError> {
    let mut open: Option<(usize, usize)> = None;
    let mut close: Option<(usize, usize)> = None;
    let mut seen_other = false;
    for (l, line) in input.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let at = (l + 1, c + 1);
            match ch {
                '{' => {
                    if open.is_some() || seen_other || close.is_some() {
                        return Err(InputError::at(at.0, at.1, "`{` may only open the list of cards"));
                    }
                    open = Some(at);
                }
                '}' => {
                    if open.is_none() || close.is_some() {
                        return Err(InputError::at(at.0, at.1, "`}` without a matching `{`"));
                    }
                    close = Some(at);
                }
                ch if ch.is_whitespace() => {}
                ch => {
                    if close.is_some() {
                        return Err(InputError::at(at.0, at.1, format!("`{ch}` after the closing `}}`")));
                    }
                    seen_other = true;
                }
            }
        }
    }
    if let (Some((l, c)), None) = (open, close) {
        return Err(InputError::at(l, c, "`{` is never closed by `}`"));
    }
    Ok(())
}

/// Solves the problem: `Fox Ciel` if the first player wins, else `Toastman`.
pub fn solve(input: &str, options: &Options) -> Result<String, InputError> {
    let cards = read(input)?;
    let wins = if options.exact { exact(&cards)? } else { StateTable::new(&cards).first_player_wins() };
    Ok(if wins { "Fox Ciel" } else { "Toastman" }.to_string())
}

/// The exact method: the engine's search over every set of played cards of the library game.
fn exact(cards: &[u16]) -> Result<bool, InputError> {
    use nimber_engine::solve::memo;
    use nimber_engine::{Game, Silent};
    if cards.len() > MAX_EXACT_CARDS {
        return Err(InputError::whole(format!(
            "--exact searches every set of played cards and accepts at most {MAX_EXACT_CARDS} cards; this input has {}",
            cards.len()
        )));
    }
    let game = FiveHundredEleven::new(cards.to_vec()).map_err(|e| InputError::whole(e.to_string()))?;
    let start = game.start();
    let solved = memo::solve(&game, &[start], &Silent).map_err(|e| InputError::whole(e.to_string()))?;
    Ok(solved.get(&start).map(|o| o.value()) == Some(Value::Win))
}
