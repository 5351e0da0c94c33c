//! Values for crafted numeric fields of a file, shared by the store and checkpoint tests.

/// Values for a numeric field of true value `v` in a file of `len` bytes: 0, 1, the maximum,
/// `small` (sizes of the file's entries), values near the maximum, and values whose sums with the
/// true value, the length or `v` times each of `scales` (entry sizes) wrap around; never `v`.
pub fn crafted_values(v: u64, len: u64, max: u64, small: &[u64], scales: &[u64]) -> Vec<u64> {
    let mut out = vec![0, 1, max, max - 1, max / 2 + 1, max / 8 + 1];
    for &s in small {
        out.push(s);
        out.push(max - (s - 1));
    }
    for x in [v, len].into_iter().chain(scales.iter().map(|&s| s.wrapping_mul(v))) {
        out.push(max.wrapping_sub(x) & max);
        out.push(max.wrapping_sub(x).wrapping_add(1) & max);
        out.push(v.wrapping_add(1 << 32) & max);
    }
    out.push(v.wrapping_add(1) & max);
    out.push(v.wrapping_sub(1) & max);
    out.sort_unstable();
    out.dedup();
    out.retain(|&x| x != v);
    out
}
