//! Pursuit with one-sided hidden movement: a blind pursuer against an evader who knows the
//! pursuer's whole plan in advance, on any finite undirected graph.
//!
//! # The model
//!
//! Two tokens stand on vertices of a graph: the pursuer's and the evader's. The players move in
//! turns, the pursuer first, and each turn the player to move *must* move their token along an
//! edge (no passing). The pursuer wins if the two tokens are ever on the same vertex, whether
//! the pursuer moved onto the evader or the evader (forced to move) moved onto the pursuer.
//! Moves are sequential, so the tokens can never swap along an edge unseen: a pursuer who moves
//! onto the evader's vertex catches him there. The pursuer sees nothing, so her strategy is a
//! fixed walk; the evader knows that walk in advance and sees everything.
//!
//! Against a fixed walk the evader's best reply is any escape route that avoids it, so the
//! pursuer wins exactly when her walk leaves the evader no escape route at all. This is a
//! one-player search over beliefs: the set `S` of vertices where the evader could be without
//! having been caught. Starting from the evader's possible start vertices (minus the pursuer's
//! own), each round is
//!
//! - the pursuer moves to a neighbour `a`: `S := S \ {a}` (she catches him if he is there);
//! - the evader moves: `S := N(S) \ {a}` (he must move, and never onto `a`).
//!
//! The pursuer wins iff some walk empties `S`. [`solve`] searches the pairs (pursuer's vertex,
//! `S`) breadth first, with `S` as a bitset, so it finds a shortest winning walk (fewest
//! pursuer moves) when there is one, and proves that there is none otherwise: every reachable
//! pair was explored and none empties `S`, so against every walk some escape route survives
//! forever.
//!
//! # Move limits
//!
//! A problem may let the evader win after some number of moves (TopCoder SRM 588,
//! `GameInDarkness`, after 100,000 of his; that limit is the problem's and lives with the game,
//! `nimber_games::gameindarkness::MOVE_LIMIT`). The search does not need a limit to terminate:
//! the state space is finite, so a shortest winning walk visits every pair at most once and has
//! at most as many moves as there are pairs explored. It can still tell whether a limit matters:
//! [`Pursuit::moves`] is the length of a *shortest* winning walk, so the pursuer wins within a
//! limit of `L` pursuer moves exactly when it is at most `L`; [`Pursuit::within`] says so. With
//! the default budget of 2*10^7 pairs a shortest walk longer than a given limit is possible in
//! principle.
//!
//! # Limits
//!
//! Graphs of up to [`MAX_VERTICES`] (128) vertices, every vertex with at least one neighbour
//! (both players must move). The number of pairs can grow exponentially with the graph, so the
//! caller gives a budget of pairs ([`DEFAULT_MAX_STATES`] by default); the search stops with
//! [`Error::TooLarge`] and the count when it is reached, instead of exhausting memory. A pair
//! costs 20 to 45 bytes (its set, vertex and parent, a slot of the hash table, growth slack):
//! the default budget stays under a gigabyte.

use nimber_engine::Error;

/// The largest graph [`solve`] accepts.
pub const MAX_VERTICES: usize = 128;

/// The default budget of explored (pursuer's vertex, evader's set) pairs.
pub const DEFAULT_MAX_STATES: u64 = 20_000_000;

/// A finite undirected graph on vertices `0..n`, `n <= 128`, with neighbourhoods as bitsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PursuitGraph {
    neighbours: Vec<Vec<usize>>,
    masks: Vec<u128>,
}

impl PursuitGraph {
    /// The graph on `n` vertices with the given edges (either order; repeated edges count once).
    /// Refuses more than [`MAX_VERTICES`] vertices, no vertex, an edge out of range, a loop, and
    /// a vertex without neighbours (a token there could not move).
    pub fn new(n: usize, edges: &[(usize, usize)]) -> Result<PursuitGraph, Error> {
        if n > MAX_VERTICES {
            return Err(Error::TooLarge(format!(
                "pursuit search supports graphs of at most {MAX_VERTICES} vertices; this one has {n}"
            )));
        }
        if n == 0 {
            return Err(Error::Param("a pursuit graph needs at least one vertex".into()));
        }
        let mut masks = vec![0u128; n];
        for &(u, v) in edges {
            if u >= n || v >= n {
                return Err(Error::Param(format!("edge {u}-{v}: vertices are numbered 0..{}", n - 1)));
            }
            if u == v {
                return Err(Error::Param(format!("edge {u}-{v} is a loop: a move must change vertex")));
            }
            masks[u] |= 1 << v;
            masks[v] |= 1 << u;
        }
        if let Some(v) = masks.iter().position(|&m| m == 0) {
            return Err(Error::Unsupported(format!(
                "vertex {v} has no neighbour, but both players must move every turn"
            )));
        }
        let neighbours = masks.iter().map(|&m| bits(m).collect()).collect();
        Ok(PursuitGraph { neighbours, masks })
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    /// Whether the graph has no vertex (never: [`PursuitGraph::new`] refuses that).
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// The neighbours of `v`, in increasing order.
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.neighbours[v]
    }

    /// The vertices adjacent to some vertex of `set` (bit `v` stands for vertex `v`).
    pub fn neighbourhood(&self, set: u128) -> u128 {
        bits(set).fold(0, |acc, v| acc | self.masks[v])
    }

    /// One round of the belief update: the pursuer moves to `to`, then the evader moves. Returns
    /// the evader's set after the pursuer's move and after his own: `(S \ {to}, N(S \ {to}) \ {to})`.
    pub fn round(&self, set: u128, to: usize) -> (u128, u128) {
        let caught = set & !(1 << to);
        (caught, self.neighbourhood(caught) & !(1 << to))
    }
}

/// The indices of the set bits of `set`, in increasing order.
fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

/// The result of a pursuit search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pursuit {
    /// Whether some walk of the pursuer catches the evader whatever he does.
    pub pursuer_wins: bool,
    /// A shortest winning walk: the pursuer's vertices from her start, one more per move. Empty
    /// when the evader survives; just the start when the evader is caught before any move.
    pub walk: Vec<usize>,
    /// Number of (pursuer's vertex, evader's set) pairs explored.
    pub states: u64,
}

impl Pursuit {
    /// Number of pursuer moves of the shortest winning walk; `None` when the evader survives.
    pub fn moves(&self) -> Option<usize> {
        self.pursuer_wins.then(|| self.walk.len() - 1)
    }

    /// Whether the pursuer wins within `limit` of her moves (a problem's move limit; see the
    /// module documentation).
    pub fn within(&self, limit: usize) -> bool {
        self.moves().is_some_and(|m| m <= limit)
    }
}

/// Searches for a walk of the pursuer from `pursuer` that catches an evader starting on any of
/// `evader_starts` (one vertex when his start is known), exploring at most `max_states` pairs.
///
/// Errors: a vertex out of range, or [`Error::TooLarge`] with the count when the budget is
/// reached before the search is decided.
pub fn solve(
    graph: &PursuitGraph,
    pursuer: usize,
    evader_starts: &[usize],
    max_states: u64,
) -> Result<Pursuit, Error> {
    let n = graph.len();
    if let Some(&v) = std::iter::once(&pursuer).chain(evader_starts).find(|&&v| v >= n) {
        return Err(Error::Param(format!("vertex {v} is not in the graph (vertices 0..{})", n - 1)));
    }
    let start = evader_starts.iter().fold(0u128, |acc, &v| acc | 1 << v) & !(1 << pursuer);
    if start == 0 {
        return Ok(Pursuit { pursuer_wins: true, walk: vec![pursuer], states: 1 });
    }
    if n <= 64 {
        let masks: Vec<u64> = graph.masks.iter().map(|&m| m as u64).collect();
        Search::<u64>::new(graph, &masks, max_states).run(pursuer, start as u64)
    } else {
        Search::<u128>::new(graph, &graph.masks, max_states).run(pursuer, start)
    }
}

/// Replays `walk` (the pursuer's vertices from her start) against an evader starting on any of
/// `evader_starts`: the number of pursuer moves after which he is certainly caught, or `None`
/// if some escape route survives the whole walk. Errors if a step of the walk is not an edge.
pub fn replay(graph: &PursuitGraph, walk: &[usize], evader_starts: &[usize]) -> Result<Option<usize>, Error> {
    let n = graph.len();
    if let Some(&v) = walk.iter().chain(evader_starts).find(|&&v| v >= n) {
        return Err(Error::Param(format!("vertex {v} is not in the graph (vertices 0..{})", n - 1)));
    }
    let Some(&first) = walk.first() else {
        return Err(Error::Param("an empty walk has no start".into()));
    };
    let mut set = evader_starts.iter().fold(0u128, |acc, &v| acc | 1 << v) & !(1 << first);
    if set == 0 {
        return Ok(Some(0));
    }
    for (k, step) in walk.windows(2).enumerate() {
        if graph.masks[step[0]] & 1 << step[1] == 0 {
            return Err(Error::Param(format!(
                "move {} of the walk, {}-{}, is not an edge",
                k + 1,
                step[0],
                step[1]
            )));
        }
        let (caught, moved) = graph.round(set, step[1]);
        if caught == 0 || moved == 0 {
            return Ok(Some(k + 1));
        }
        set = moved;
    }
    Ok(None)
}

/// A bitset of vertices: `u64` for graphs of up to 64 vertices, `u128` above.
trait Set: Copy + Eq {
    const EMPTY: Self;
    fn without(self, v: usize) -> Self;
    fn union(self, other: Self) -> Self;
    fn is_empty(self) -> bool;
    /// The lowest vertex, and the set without it.
    fn pop(self) -> (usize, Self);
    fn hash(self, at: u8) -> u64;
}

impl Set for u64 {
    const EMPTY: u64 = 0;
    fn without(self, v: usize) -> u64 {
        self & !(1 << v)
    }
    fn union(self, other: u64) -> u64 {
        self | other
    }
    fn is_empty(self) -> bool {
        self == 0
    }
    fn pop(self) -> (usize, u64) {
        (self.trailing_zeros() as usize, self & (self - 1))
    }
    fn hash(self, at: u8) -> u64 {
        (self ^ (at as u64).wrapping_mul(0x2545_f491_4f6c_dd1d)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

impl Set for u128 {
    const EMPTY: u128 = 0;
    fn without(self, v: usize) -> u128 {
        self & !(1 << v)
    }
    fn union(self, other: u128) -> u128 {
        self | other
    }
    fn is_empty(self) -> bool {
        self == 0
    }
    fn pop(self) -> (usize, u128) {
        (self.trailing_zeros() as usize, self & (self - 1))
    }
    fn hash(self, at: u8) -> u64 {
        let folded = (self as u64) ^ ((self >> 64) as u64).wrapping_mul(0xff51_afd7_ed55_8ccd);
        folded.hash(at)
    }
}

/// Sentinel of an empty slot in the hash table.
const EMPTY_SLOT: u32 = u32::MAX;

/// The vertices next to some vertex of `set` (`masks[v]`: the neighbours of `v`).
fn neighbourhood<S: Set>(masks: &[S], mut set: S) -> S {
    let mut out = S::EMPTY;
    while !set.is_empty() {
        let (v, rest) = set.pop();
        out = out.union(masks[v]);
        set = rest;
    }
    out
}

/// The (pursuer's vertex, evader's set) pairs met by a search, each numbered once in order of
/// discovery (open addressing over their hashes), within a budget.
struct Pairs<S> {
    max_states: u64,
    sets: Vec<S>,
    at: Vec<u8>,
    table: Vec<u32>,
}

impl<S: Set> Pairs<S> {
    /// An empty set of pairs with a table of `slots` (a power of two) to start with.
    fn new(max_states: u64, slots: usize) -> Pairs<S> {
        // Pair numbers are u32 and the table needs free slots.
        let max_states = max_states.clamp(1, u32::MAX as u64 / 4);
        Pairs { max_states, sets: Vec::new(), at: Vec::new(), table: vec![EMPTY_SLOT; slots] }
    }

    /// The number of the pair and whether it is new (added now); errors when the budget is
    /// reached.
    fn intern(&mut self, at: u8, set: S) -> Result<(u32, bool), Error> {
        let mask = self.table.len() - 1;
        let mut slot = (set.hash(at) >> 20) as usize & mask;
        loop {
            let id = self.table[slot];
            if id == EMPTY_SLOT {
                break;
            }
            if self.at[id as usize] == at && self.sets[id as usize] == set {
                return Ok((id, false));
            }
            slot = (slot + 1) & mask;
        }
        let id = self.sets.len();
        if id as u64 >= self.max_states {
            return Err(Error::TooLarge(format!(
                "pursuit search stopped undecided after exploring {id} (pursuer's vertex, evader's set) \
                 pairs, its budget of {}",
                self.max_states
            )));
        }
        self.table[slot] = id as u32;
        self.sets.push(set);
        self.at.push(at);
        if self.sets.len() * 2 > self.table.len() {
            self.grow();
        }
        Ok((id as u32, true))
    }

    fn grow(&mut self) {
        let size = self.table.len() * 2;
        let mask = size - 1;
        let mut table = vec![EMPTY_SLOT; size];
        for (id, (&set, &at)) in self.sets.iter().zip(&self.at).enumerate() {
            let mut slot = (set.hash(at) >> 20) as usize & mask;
            while table[slot] != EMPTY_SLOT {
                slot = (slot + 1) & mask;
            }
            table[slot] = id as u32;
        }
        self.table = table;
    }
}

/// The breadth-first search over (pursuer's vertex, evader's set): explored pairs in order of
/// discovery (which is also the queue), with their parents, and an open-addressing table of
/// pair numbers.
struct Search<'g, S> {
    graph: &'g PursuitGraph,
    masks: &'g [S],
    pairs: Pairs<S>,
    parent: Vec<u32>,
}

impl<'g, S: Set> Search<'g, S> {
    fn new(graph: &'g PursuitGraph, masks: &'g [S], max_states: u64) -> Search<'g, S> {
        Search { graph, masks, pairs: Pairs::new(max_states, 64), parent: Vec::new() }
    }

    /// Adds the pair unless already explored; errors when the budget is reached.
    fn insert(&mut self, at: u8, set: S, parent: u32) -> Result<(), Error> {
        if self.pairs.intern(at, set)?.1 {
            self.parent.push(parent);
        }
        Ok(())
    }

    fn run(mut self, pursuer: usize, start: S) -> Result<Pursuit, Error> {
        self.insert(pursuer as u8, start, u32::MAX)?;
        let mut head = 0;
        while head < self.pairs.sets.len() {
            let (at, set) = (self.pairs.at[head] as usize, self.pairs.sets[head]);
            for &to in &self.graph.neighbours[at] {
                let caught = set.without(to);
                let moved =
                    if caught.is_empty() { S::EMPTY } else { neighbourhood(self.masks, caught).without(to) };
                if moved.is_empty() {
                    let mut walk = vec![to];
                    let mut id = head as u32;
                    while id != u32::MAX {
                        walk.push(self.pairs.at[id as usize] as usize);
                        id = self.parent[id as usize];
                    }
                    walk.reverse();
                    return Ok(Pursuit { pursuer_wins: true, walk, states: self.pairs.sets.len() as u64 });
                }
                self.insert(to as u8, moved, head as u32)?;
            }
            head += 1;
        }
        Ok(Pursuit { pursuer_wins: false, walk: Vec::new(), states: self.pairs.sets.len() as u64 })
    }
}

/// The outcome of every pair of single starts at once (see [`solve_all`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllStarts {
    /// Per pursuer start `p`: the evader starts `e` (bit `e`) from which some walk of the
    /// pursuer catches him. Bit `p` is always set: an evader on her start is caught at once.
    pub wins: Vec<u128>,
    /// Number of distinct (pursuer's vertex, evader's set) pairs explored, all starts together.
    pub states: u64,
}

impl AllStarts {
    /// Whether the pursuer starting on `pursuer` catches an evader starting on `evader`.
    pub fn pursuer_wins(&self, pursuer: usize, evader: usize) -> bool {
        self.wins[pursuer] >> evader & 1 == 1
    }
}

/// Decides every pair of starts (pursuer on `p`, evader on `e`) at once, exploring at most
/// `max_states` pairs. The answer for each pair is the one [`solve`] gives, but the pairs
/// reachable from different starts are explored once: the search collects every (pursuer's
/// vertex, evader's set) pair reachable from any start, then marks as won, backwards, each pair
/// with a move that empties the set or leads to a pair already marked (a least fixed point, so
/// a pair is marked exactly when some walk from it empties the set).
pub fn solve_all(graph: &PursuitGraph, max_states: u64) -> Result<AllStarts, Error> {
    if graph.len() <= 64 {
        let masks: Vec<u64> = graph.masks.iter().map(|&m| m as u64).collect();
        let singles: Vec<u64> = (0..graph.len()).map(|v| 1 << v).collect();
        Closure::<u64>::new(graph, &masks, max_states).solve_all(&singles)
    } else {
        let singles: Vec<u128> = (0..graph.len()).map(|v| 1 << v).collect();
        Closure::<u128>::new(graph, &graph.masks, max_states).solve_all(&singles)
    }
}

/// Whether the evader survives from *every* one of `starts` (pursuer's vertex, set of the
/// evader's possible vertices as a bitset), exploring at most `max_states` pairs, with the number
/// of pairs explored. A pair from which the pursuer cannot win has only such pairs as successors
/// (else she would move there), so the evader survives from every start exactly when no move
/// from a pair reachable from the starts empties the set: the search stops at the first that
/// does. `Ok((false, _))` says that some start is won by the pursuer, not which.
pub fn evader_survives_all(
    graph: &PursuitGraph,
    starts: &[(usize, u128)],
    max_states: u64,
) -> Result<(bool, u64), Error> {
    let n = graph.len();
    if let Some(&(p, set)) = starts.iter().find(|&&(p, set)| p >= n || set >> n != 0) {
        return Err(Error::Param(format!(
            "start ({p}, {set:#x}) is not in the graph (vertices 0..{})",
            n - 1
        )));
    }
    if graph.len() <= 64 {
        let masks: Vec<u64> = graph.masks.iter().map(|&m| m as u64).collect();
        let starts: Vec<(usize, u64)> = starts.iter().map(|&(p, s)| (p, s as u64)).collect();
        Closure::<u64>::new(graph, &masks, max_states).survives(&starts)
    } else {
        Closure::<u128>::new(graph, &graph.masks, max_states).survives(starts)
    }
}

/// The set of pairs reachable from several starts, each numbered once (open addressing), for
/// [`solve_all`] and [`evader_survives_all`].
struct Closure<'g, S> {
    graph: &'g PursuitGraph,
    masks: &'g [S],
    pairs: Pairs<S>,
}

impl<'g, S: Set> Closure<'g, S> {
    fn new(graph: &'g PursuitGraph, masks: &'g [S], max_states: u64) -> Closure<'g, S> {
        Closure { graph, masks, pairs: Pairs::new(max_states, 256) }
    }

    /// The evader's set after the pursuer moves to `to` and he moves (empty when caught).
    fn step(&self, set: S, to: usize) -> S {
        neighbourhood(self.masks, set.without(to)).without(to)
    }

    /// The number of the pair, added if new; errors when the budget is reached.
    fn intern(&mut self, at: u8, set: S) -> Result<u32, Error> {
        Ok(self.pairs.intern(at, set)?.0)
    }

    /// `singles[v]` is the set `{v}`.
    fn solve_all(mut self, singles: &[S]) -> Result<AllStarts, Error> {
        let n = self.graph.len();
        let mut starts = Vec::with_capacity(n * n);
        for p in 0..n {
            for e in (0..n).filter(|&e| e != p) {
                let id = self.intern(p as u8, singles[e])?;
                starts.push((p, e, id));
            }
        }
        // Expand in order of numbering; a pair with a move that empties the set is won and its
        // successors are not needed.
        let mut won: Vec<bool> = Vec::new();
        let mut offsets: Vec<u32> = vec![0];
        let mut successors: Vec<u32> = Vec::new();
        let mut head = 0;
        while head < self.pairs.sets.len() {
            let (at, set) = (self.pairs.at[head] as usize, self.pairs.sets[head]);
            let first = successors.len();
            let mut now = false;
            for &to in &self.graph.neighbours[at] {
                let moved = self.step(set, to);
                if moved.is_empty() {
                    now = true;
                    break;
                }
                let id = self.intern(to as u8, moved)?;
                successors.push(id);
            }
            if now {
                successors.truncate(first);
            }
            won.push(now);
            offsets.push(successors.len() as u32);
            head += 1;
        }
        // Predecessor lists, then the backward marking from the pairs won at once.
        let count = self.pairs.sets.len();
        let mut pred_offsets = vec![0u32; count + 1];
        for &s in &successors {
            pred_offsets[s as usize + 1] += 1;
        }
        for i in 0..count {
            pred_offsets[i + 1] += pred_offsets[i];
        }
        let mut fill = pred_offsets.clone();
        let mut predecessors = vec![0u32; successors.len()];
        for from in 0..count {
            for &to in &successors[offsets[from] as usize..offsets[from + 1] as usize] {
                predecessors[fill[to as usize] as usize] = from as u32;
                fill[to as usize] += 1;
            }
        }
        let mut queue: Vec<u32> = (0..count as u32).filter(|&i| won[i as usize]).collect();
        let mut head = 0;
        while head < queue.len() {
            let to = queue[head] as usize;
            head += 1;
            for &from in &predecessors[pred_offsets[to] as usize..pred_offsets[to + 1] as usize] {
                if !won[from as usize] {
                    won[from as usize] = true;
                    queue.push(from);
                }
            }
        }
        let mut wins: Vec<u128> = (0..n).map(|p| 1u128 << p).collect();
        for (p, e, id) in starts {
            if won[id as usize] {
                wins[p] |= 1 << e;
            }
        }
        Ok(AllStarts { wins, states: count as u64 })
    }

    fn survives(mut self, starts: &[(usize, S)]) -> Result<(bool, u64), Error> {
        for &(p, set) in starts {
            let set = set.without(p);
            if set.is_empty() {
                return Ok((false, self.pairs.sets.len() as u64));
            }
            self.intern(p as u8, set)?;
        }
        let mut head = 0;
        while head < self.pairs.sets.len() {
            let (at, set) = (self.pairs.at[head] as usize, self.pairs.sets[head]);
            for &to in &self.graph.neighbours[at] {
                let moved = self.step(set, to);
                if moved.is_empty() {
                    return Ok((false, self.pairs.sets.len() as u64));
                }
                self.intern(to as u8, moved)?;
            }
            head += 1;
        }
        Ok((true, self.pairs.sets.len() as u64))
    }
}
