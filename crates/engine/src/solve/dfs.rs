//! Depth-first evaluation with a transposition table, shared by the memo and Sprague-Grundy
//! solvers: a position's value is a function of the values of its dependencies (its moves, or
//! its components). Iterative, so deep games cannot overflow the stack; a dependency on a
//! position still being evaluated is a cycle.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::error::Error;
use crate::progress::Progress;

/// What a solver computes from a position's dependencies.
pub(crate) trait Evaluator<P> {
    /// The value computed for each position.
    type Value: Copy;
    /// What `expand` learns about a position that `combine` needs.
    type Tag;

    /// Appends the positions `pos`'s value depends on to `deps`.
    fn expand(&self, pos: &P, deps: &mut Vec<P>) -> Result<Self::Tag, Error>;

    /// The value of a position from its tag and its dependencies' values, in order.
    fn combine(&self, tag: Self::Tag, deps: &[Self::Value]) -> Self::Value;

    /// The error for a cycle through `pos`.
    fn cycle(&self, pos: &P) -> Error;
}

/// Every position evaluated, numbered in order of first discovery.
pub(crate) struct Evaluated<P, V> {
    pub positions: Vec<P>,
    pub index: FxHashMap<P, u32>,
    pub values: Vec<V>,
}

/// A position being evaluated. Its dependencies are `arena[deps_start..]` when it is on top of
/// the stack: each frame's run of dependencies is pushed above its parent's and removed when it
/// is popped.
struct Frame<T> {
    node: u32,
    tag: T,
    deps_start: usize,
    next: usize,
}

struct Search<'e, P, E: Evaluator<P>> {
    evaluator: &'e E,
    positions: Vec<P>,
    index: FxHashMap<P, u32>,
    values: Vec<Option<E::Value>>,
    active: Vec<bool>,
    arena: Vec<u32>,
    stack: Vec<Frame<E::Tag>>,
    scratch: Vec<P>,
}

impl<P: Clone + Eq + Hash, E: Evaluator<P>> Search<'_, P, E> {
    fn intern(&mut self, pos: P) -> u32 {
        let next = self.positions.len() as u32;
        *self.index.entry(pos).or_insert_with_key(|p| {
            self.positions.push(p.clone());
            self.values.push(None);
            self.active.push(false);
            next
        })
    }

    fn push(&mut self, node: u32) -> Result<(), Error> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let tag = self.evaluator.expand(&self.positions[node as usize], &mut scratch)?;
        let deps_start = self.arena.len();
        for dep in scratch.drain(..) {
            let id = self.intern(dep);
            self.arena.push(id);
        }
        self.scratch = scratch;
        self.active[node as usize] = true;
        self.stack.push(Frame { node, tag, deps_start, next: 0 });
        Ok(())
    }
}

/// Evaluates `roots` and everything they depend on.
pub(crate) fn evaluate<P, E>(
    evaluator: &E,
    roots: &[P],
    progress: &dyn Progress,
) -> Result<Evaluated<P, E::Value>, Error>
where
    P: Clone + Eq + Hash,
    E: Evaluator<P>,
{
    let mut s = Search {
        evaluator,
        positions: Vec::new(),
        index: FxHashMap::default(),
        values: Vec::new(),
        active: Vec::new(),
        arena: Vec::new(),
        stack: Vec::new(),
        scratch: Vec::new(),
    };
    let mut gathered: Vec<E::Value> = Vec::new();
    let mut done: u64 = 0;

    progress.phase("searching", None);
    for root in roots {
        let node = s.intern(root.clone());
        if s.values[node as usize].is_some() {
            continue;
        }
        s.push(node)?;
        while let Some(frame) = s.stack.last_mut() {
            if frame.deps_start + frame.next < s.arena.len() {
                let child = s.arena[frame.deps_start + frame.next];
                frame.next += 1;
                if s.values[child as usize].is_some() {
                    continue;
                }
                if s.active[child as usize] {
                    return Err(evaluator.cycle(&s.positions[child as usize]));
                }
                s.push(child)?;
            } else {
                let frame = s.stack.pop().expect("non-empty stack");
                gathered.clear();
                gathered.extend(
                    s.arena[frame.deps_start..]
                        .iter()
                        .map(|&d| s.values[d as usize].expect("dependency evaluated")),
                );
                s.arena.truncate(frame.deps_start);
                s.values[frame.node as usize] = Some(evaluator.combine(frame.tag, &gathered));
                s.active[frame.node as usize] = false;
                done += 1;
                if done.is_multiple_of(4096) {
                    progress.advance(4096);
                    if progress.cancelled() {
                        return Err(Error::Cancelled { checkpoint: None, proven: None });
                    }
                }
                if done.is_multiple_of(crate::memory::CHECK_EVERY as u64) {
                    crate::memory::check(s.positions.len())?;
                }
            }
        }
    }
    progress.advance(done % 4096);
    let values = s.values.into_iter().map(|v| v.expect("every interned position is evaluated")).collect();
    Ok(Evaluated { positions: s.positions, index: s.index, values })
}
