//! A deliberately naive solver for explicit graphs, independent of the engine's algorithms, used
//! as the reference in the integration tests. Only the engine's `Outcome`/`Value` types are
//! borrowed, as plain data.
#![allow(dead_code)]

use nimber_engine::{Outcome, Value};

/// Solves every node of an explicit game graph.
///
/// `succ[v]` lists the targets of `v`'s moves (one entry per move, so parallel edges repeat a
/// target; self-loops are allowed). `terminal[v]` is the outcome declared for the player to move
/// at `v` (a value and a remoteness, often 0), whose moves are then ignored. A node with no moves
/// and no declared outcome is lost in 0.
///
/// The solver decides nodes level by level, `k = 0, 1, 2, ...`, always from a snapshot of the
/// nodes decided at levels `< k`:
///
/// - level 0: declared terminals get their outcome, nodes without moves are lost; a declared
///   terminal counts as decided at the level of its remoteness (it is seen from level
///   `remoteness + 1` on);
/// - level k (wins and losses): a node is `Win(k)` if some move leads to a node `Lose(k-1)`; it
///   is `Lose(k)` if every move leads to a node decided `Win` before level `k`, the largest of
///   their remoteness being `k-1`. Stop at the first level that decides nothing and is past every
///   declared remoteness: a `Win(k+1)` needs a `Lose(k)` and a `Lose(k+1)` needs a `Win(k)`, so
///   nothing later could be decided either;
/// - then ties, level by level in the same way: an undecided node with a move to a `Tie(k-1)` is
///   `Tie(k)`;
/// - everything left is a draw.
///
/// Why this is the definition: by induction on `k`, the nodes decided by the end of level `k`
/// of the first phase are exactly those where one of the players can force a win (or the game
/// has already ended) within `k` moves. A node is a win as soon as a move reaches a lost node,
/// so its remoteness is the smallest level at which a lost child exists, plus one: the winner's
/// fastest win. A node is a loss once all its moves reach won nodes, at the level after the last
/// of them: the loser's slowest loss. A node the first phase leaves undecided has no move to a
/// lost node and at least one move to a node that is not won, so neither player can force a
/// win from it, and neither will ever move into a position won for the opponent while such an
/// alternative exists. Among those nodes a player prefers a tie to endless play (Tie > Draw), so a
/// node with a move to a tie is a tie, reached as fast as possible (smallest level again); the
/// rest can only continue forever: draws.
pub fn naive_solve(succ: &[Vec<usize>], terminal: &[Option<Outcome>]) -> Vec<Outcome> {
    let n = succ.len();
    assert_eq!(terminal.len(), n);
    let mut out: Vec<Option<Outcome>> = vec![None; n];

    // Level 0.
    for v in 0..n {
        match terminal[v] {
            Some(t) => out[v] = Some(t),
            None if succ[v].is_empty() => out[v] = Some(Outcome::new(Value::Lose, 0)),
            None => {}
        }
    }
    let last_declared = terminal.iter().flatten().filter_map(|t| t.remoteness()).max().unwrap_or(0);
    let is = |o: Option<Outcome>, value: Value, rem: u32| o == Some(Outcome::new(value, rem));
    let won_before = |o: Option<Outcome>, k: u32| {
        o.is_some_and(|o| o.value() == Value::Win && o.remoteness().is_some_and(|r| r < k))
    };

    // Wins and losses.
    let mut k = 1u32;
    loop {
        let mut new = Vec::new();
        for v in 0..n {
            if out[v].is_some() {
                continue;
            }
            let kids = &succ[v];
            if kids.iter().any(|&c| is(out[c], Value::Lose, k - 1)) {
                new.push((v, Outcome::new(Value::Win, k)));
            } else if kids.iter().all(|&c| won_before(out[c], k))
                && kids.iter().any(|&c| is(out[c], Value::Win, k - 1))
            {
                new.push((v, Outcome::new(Value::Lose, k)));
            }
        }
        if new.is_empty() && k > last_declared {
            break;
        }
        for (v, o) in new {
            out[v] = Some(o);
        }
        k += 1;
    }

    // Ties.
    let mut k = 1u32;
    loop {
        let mut new = Vec::new();
        for v in 0..n {
            if out[v].is_none() && succ[v].iter().any(|&c| is(out[c], Value::Tie, k - 1)) {
                new.push(v);
            }
        }
        if new.is_empty() && k > last_declared {
            break;
        }
        for v in new {
            out[v] = Some(Outcome::new(Value::Tie, k));
        }
        k += 1;
    }

    out.into_iter().map(|o| o.unwrap_or(Outcome::DRAW)).collect()
}

/// The nodes reachable from `roots` (roots included), following only the moves of nodes that are
/// not declared terminal.
pub fn reachable(succ: &[Vec<usize>], terminal: &[Option<Outcome>], roots: &[usize]) -> Vec<bool> {
    let mut seen = vec![false; succ.len()];
    let mut stack: Vec<usize> = Vec::new();
    for &r in roots {
        if !seen[r] {
            seen[r] = true;
            stack.push(r);
        }
    }
    while let Some(v) = stack.pop() {
        if terminal[v].is_some() {
            continue;
        }
        for &c in &succ[v] {
            if !seen[c] {
                seen[c] = true;
                stack.push(c);
            }
        }
    }
    seen
}

/// Whether a cycle is reachable from `roots`, following only the moves of nodes that are not
/// declared terminal: repeatedly removes reachable nodes all of whose moves lead to removed
/// nodes; a cycle remains exactly when something reachable is never removed.
pub fn cycle_reachable(succ: &[Vec<usize>], terminal: &[Option<Outcome>], roots: &[usize]) -> bool {
    let live = reachable(succ, terminal, roots);
    let n = succ.len();
    let moves = |v: usize| if terminal[v].is_some() { &[][..] } else { &succ[v][..] };
    let mut removed = vec![false; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            if live[v] && !removed[v] && moves(v).iter().all(|&c| removed[c]) {
                removed[v] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..n).any(|v| live[v] && !removed[v])
}
