//! Ranking of `k`-element sets in the combinatorial number system: the one numbering of subsets
//! that the dense indexes use (Dodgem's cars, Nim's heaps as a multiset, Dōbutsu's occupied
//! squares).
//!
//! A set of naturals `c_1 < c_2 < ... < c_k` has the rank `C(c_1, 1) + C(c_2, 2) + ... +
//! C(c_k, k)`: the `k`-subsets of `0..m` get the ranks `0..C(m, k)` with no hole, in
//! colexicographic order (by largest member first), which for bit sets of the same size is the
//! order of their values. The rank does not depend on `m`, so sets grow into larger universes
//! without renumbering.
//!
//! [`rank_set`] and [`unrank_set`] work on bit sets of at most 64 members with a table of
//! binomial coefficients; [`rank_sorted`] and [`unrank_sorted`] on sorted members of any size
//! (a multiset of heaps maps to such a set: heap `a_i`, smallest first, to `a_i + i`).

/// `BINOMIAL[n][k]` = `C(n, k)` for `n` up to 64 (`C(64, 32)` fits in a `u64`).
static BINOMIAL: [[u64; 65]; 65] = {
    let mut table = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)`, or `u64::MAX` when it does not fit in a `u64`.
#[inline]
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    if n <= 64 {
        return BINOMIAL[n as usize][k as usize];
    }
    let k = k.min(n - k);
    // Every partial product r * (n - k + j) / j is C(n - k + j, j): exact, in u128.
    let mut r = 1u128;
    for j in 1..=k as u128 {
        r = r * (n as u128 - k as u128 + j) / j;
        if r > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    r as u64
}

/// The rank of the bit set `set` among the sets of its size: the sum over its members
/// `c_1 < c_2 < ...` of `C(c_i, i)`.
#[inline]
pub fn rank_set(mut set: u64) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while set != 0 {
        rank += BINOMIAL[set.trailing_zeros() as usize][i];
        set &= set - 1;
        i += 1;
    }
    rank
}

/// The `k`-subset of `0..m` (`m` at most 64) of rank `rank`, which must be below `C(m, k)`.
#[inline]
pub fn unrank_set(mut rank: u64, k: u32, m: u32) -> u64 {
    debug_assert!(m <= 64 && rank < BINOMIAL[m as usize][k as usize]);
    let mut set = 0;
    let mut c = m as usize;
    for i in (1..=k as usize).rev() {
        if i == 1 {
            // C(c, 1) = c: the smallest member is what is left of the rank.
            return set | 1 << rank;
        }
        // The largest c with C(c, i) <= rank: members decrease, so search down from the last.
        c -= 1;
        while BINOMIAL[c][i] > rank {
            c -= 1;
        }
        rank -= BINOMIAL[c][i];
        set |= 1 << c;
    }
    set
}

/// The rank of the set of the strictly increasing `members`: the sum of `C(members[i], i + 1)`.
/// The caller keeps the sum within a `u64` (its sets are those of an index of known size).
pub fn rank_sorted(members: impl IntoIterator<Item = u64>) -> u64 {
    members.into_iter().enumerate().map(|(i, c)| binomial(c, i as u64 + 1)).sum()
}

/// The `k`-subset of `0..m` of rank `rank` (below `C(m, k)`), its members in increasing order
/// appended to `out`.
pub fn unrank_sorted(mut rank: u64, k: u64, m: u64, out: &mut Vec<u64>) {
    let first = out.len();
    let mut below = m;
    // From the largest member down: c_i is the largest c below the last with C(c, i) <= rank.
    for i in (1..=k).rev() {
        let (mut lo, mut hi) = (i - 1, below - 1);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if binomial(mid, i) <= rank {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        rank -= binomial(lo, i);
        out.push(lo);
        below = lo;
    }
    out[first..].reverse();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The multiplicative formula agrees with Pascal's triangle wherever both apply, and large
    /// values saturate instead of wrapping.
    #[test]
    fn binomials() {
        for n in 0..=64u64 {
            for k in 0..=n {
                let mut r = 1u128;
                for j in 1..=k as u128 {
                    r = r * (n as u128 - k as u128 + j) / j;
                }
                assert_eq!(binomial(n, k), r as u64, "C({n}, {k})");
            }
            assert_eq!(binomial(n, n + 1), 0);
        }
        assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(binomial(100, 3), 161_700);
        assert_eq!(binomial(1 << 40, 1), 1 << 40);
        assert_eq!(binomial(1 << 20, 2), (1u64 << 19) * ((1 << 20) - 1));
        assert_eq!(binomial(1 << 40, 2), u64::MAX);
        assert_eq!(binomial(200, 100), u64::MAX);
    }

    /// Every subset of `0..m`, for `m` up to 16 (2^17 - 1 = 131,071 sets in all): the sets of
    /// each size rank to `0..C(m, k)` in the order of their values (colexicographic), unrank
    /// back by both methods, and the two rankings agree.
    #[test]
    fn every_small_subset() {
        let mut sets = 0u64;
        for m in 0..=16u32 {
            let mut next = vec![0u64; m as usize + 1];
            for set in 0u64..1 << m {
                let k = set.count_ones();
                let rank = rank_set(set);
                assert_eq!(rank, next[k as usize], "{set:b} in 0..{m}");
                next[k as usize] += 1;
                let members: Vec<u64> = (0..m as u64).filter(|&c| set >> c & 1 == 1).collect();
                assert_eq!(rank_sorted(members.iter().copied()), rank);
                assert_eq!(unrank_set(rank, k, m), set);
                let mut back = Vec::new();
                unrank_sorted(rank, k as u64, m as u64, &mut back);
                assert_eq!(back, members);
                sets += 1;
            }
            for (k, &n) in next.iter().enumerate() {
                assert_eq!(n, binomial(m as u64, k as u64));
            }
        }
        assert_eq!(sets, (1 << 17) - 1);
    }

    /// Large members (beyond the table) and the largest bit sets.
    #[test]
    fn large_sets() {
        let members = [3u64, 1_000, 65_536, 100_000];
        let rank = rank_sorted(members);
        assert_eq!(rank, 3 + 499_500 + 46_910_348_656_640 + 4_166_416_671_249_975_000);
        let mut back = Vec::new();
        unrank_sorted(rank, 4, 100_001, &mut back);
        assert_eq!(back, members);
        let full = u64::MAX;
        assert_eq!(rank_set(full), 0);
        assert_eq!(unrank_set(0, 64, 64), full);
        let top = 1u64 << 63;
        assert_eq!(rank_set(top), 63);
        assert_eq!(unrank_set(63, 1, 64), top);
    }
}
