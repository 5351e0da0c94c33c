//! Nim's exploration features and family (see [`nimber_engine::Explore`]), and the parameters that
//! set them.
//!
//! Parameters: `heaps` is the start position (`3,4,5`). `max` bounds the exploration family:
//! every position of at most `count` heaps of at most `max` counters each. `count` defaults to
//! the number of start heaps; and when `max` is given and `heaps` is a single number, that
//! number is read as the count, with the start `count` heaps of `max` (so `-p heaps=3 -p max=7`
//! is three heaps of at most 7, starting from `7,7,7`: the family is then exactly the positions
//! reachable from the start). Without `max`, the family's bound is the largest start heap.
//!
//! Features: `heap1`, ..., `heapK` (K = count) the heap sizes in increasing order, padded with
//! empty heaps in front (`2,5` with K = 3 is `heap1=0 heap2=2 heap3=5`; a position with more
//! than K heaps shows its K largest), `heaps` the number of non-empty heaps, `total` the
//! number of counters, and `xor` the XOR of the heap sizes.

use nimber_engine::Family;
use nimber_engine::{Error, Params};

use super::{Nim, MAX_HEAP};

/// The most positions an exploration family may have.
pub const MAX_FAMILY: u64 = 5_000_000;

/// The most heaps a family may have.
const MAX_COUNT: u64 = 64;

/// The bounds of `game`'s exploration family: at most `count` heaps of at most `max`, as
/// `(count, max)`. For the crate's tests only (through `crate::testing`).
pub fn family_bounds(game: &Nim) -> (usize, u32) {
    (game.count, game.max)
}

/// Builds Nim from its parameters (see the module documentation).
pub fn build(params: &Params) -> Result<Nim, Error> {
    let optional = |key: &str, hi: u64| -> Result<Option<u64>, Error> {
        if params.text(key).is_empty() {
            Ok(None)
        } else {
            params.int(key, 0, hi).map(Some)
        }
    };
    let max = optional("max", MAX_HEAP)?;
    let count = optional("count", MAX_COUNT)?;
    let heaps = params.int_list("heaps", 0, MAX_HEAP)?;
    let single = params.given("heaps") && heaps.len() == 1;
    let (start, count) = match (max, count) {
        (Some(max), None) if single => {
            let n = heaps[0];
            if n > MAX_COUNT {
                return Err(Error::Param(format!(
                    "heaps={n} with max={max} means {n} heaps of at most {max}: at most {MAX_COUNT} heaps"
                )));
            }
            (vec![max; n as usize], n as usize)
        }
        (Some(max), Some(count)) if !params.given("heaps") => (vec![max; count as usize], count as usize),
        (_, count) => {
            let n = heaps.len();
            let count = count.map_or(n, |c| c as usize);
            if n > count {
                return Err(Error::Param(format!("{n} start heaps but count={count}")));
            }
            (heaps, count)
        }
    };
    if let Some(max) = max {
        if let Some(&big) = start.iter().find(|&&h| h > max) {
            return Err(Error::Param(format!("start heap {big} is larger than max={max}")));
        }
    }
    let bound = max.unwrap_or_else(|| start.iter().copied().max().unwrap_or(0));
    let mut game = Nim::new(start.into_iter().map(|h| h as u32).collect());
    game.count = count;
    game.max = bound as u32;
    Ok(game)
}

/// `heap1..heapK`, `heaps`, `total`, `xor`.
pub fn feature_names(game: &Nim) -> Vec<String> {
    let mut names: Vec<String> = (1..=game.count).map(|i| format!("heap{i}")).collect();
    names.extend(["heaps", "total", "xor"].map(String::from));
    names
}

/// The values of [`feature_names`] for a sorted multiset of non-empty heaps.
pub fn feature_values(game: &Nim, heaps: &[u32], out: &mut Vec<i64>) {
    let k = game.count;
    let shown = &heaps[heaps.len().saturating_sub(k)..];
    out.extend(std::iter::repeat_n(0, k - shown.len()));
    out.extend(shown.iter().map(|&h| h as i64));
    out.push(heaps.len() as i64);
    out.push(heaps.iter().map(|&h| h as i64).sum());
    out.push(heaps.iter().fold(0, |acc, &h| acc ^ h) as i64);
}

/// The number of multisets of at most `k` heaps of 1..=`m`: C(m + k, k), saturating.
pub fn family_size(m: u64, k: u64) -> u64 {
    let mut c: u128 = 1;
    for i in 1..=k as u128 {
        c = c * (m as u128 + i) / i;
        if c > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    c as u64
}

/// Every position of at most `count` heaps of at most `max`, in lexicographic order of the
/// sorted heaps (a position before its extensions: `-`, `1`, `1,1`, `1,1,1`, `1,1,2`, ...).
pub(super) fn family(game: &Nim) -> Result<Option<Family<Vec<u32>>>, Error> {
    let (k, m) = (game.count, game.max);
    let size = family_size(m as u64, k as u64);
    if size > MAX_FAMILY {
        return Err(Error::TooLarge(format!(
            "the family of every position of at most {k} heaps of at most {m} has {size} positions; \
             at most {MAX_FAMILY} are explored (lower count or max)"
        )));
    }
    let mut positions = Vec::with_capacity(size as usize);
    let mut current = Vec::with_capacity(k);
    extend(&mut current, 1, k, m, &mut positions);
    let description = format!("every position of at most {k} heaps of at most {m}");
    let mut part = Nim::new(vec![m; k]);
    part.count = k;
    part.max = m;
    Ok(Some(Family::new(description, [(part, positions)])))
}

fn extend(current: &mut Vec<u32>, from: u32, k: usize, m: u32, out: &mut Vec<Vec<u32>>) {
    out.push(current.clone());
    if current.len() == k {
        return;
    }
    for h in from..=m {
        current.push(h);
        extend(current, h, k, m, out);
        current.pop();
    }
}
