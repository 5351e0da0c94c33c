//! The block codec: the raw bytes of a block from the outcomes of its slots ([`encode_block`],
//! a code byte per slot and the exceptions after them, through a [`CodeTable`]), the compact
//! layout written from version 3 on ([`compact`]: a bitmap and the codes of the slots that hold
//! a position) and back ([`expand`]), a block's checksum ([`block_crc`]), and the symbol in a
//! slot of raw bytes ([`symbol_at`]). The layouts are described in [`crate::store`].

use crate::rules::value::Outcome;
use crate::store::format::{Header, EXAMPLES};

/// The code of an outcome given in the block's list of exceptions.
pub(crate) const ESCAPE: u8 = 255;

/// The outcome of a slot, as [`crate::store::Slots::read_range`] gives it.
pub(crate) type SlotFn<'a> = dyn Fn(u64) -> Option<Outcome> + Sync + 'a;

/// The CRC-32 of a block of a file of format `version`: its number, from version 3 the version,
/// then its raw bytes (so that a block is never read with the layout of another version).
pub(crate) fn block_crc(version: u32, b: u64, raw: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&b.to_le_bytes());
    if version >= 3 {
        h.update(&version.to_le_bytes());
    }
    h.update(raw);
    h.finalize()
}

/// The raw bytes of a version 3 block from those of a version 2 block of `n` slots (a code per
/// slot, then the exceptions): a bit per slot (slot `i` in bit `i % 8` of byte `i / 8`), set
/// for the slots that hold a position, then the codes of those slots only, then the exceptions.
pub(crate) fn compact(raw: &[u8], n: usize) -> Vec<u8> {
    let (codes, exceptions) = raw.split_at(n);
    let mut out = vec![0u8; n.div_ceil(8)];
    for (i, &c) in codes.iter().enumerate() {
        if c != 0 {
            out[i / 8] |= 1 << (i % 8);
        }
    }
    out.extend(codes.iter().copied().filter(|&c| c != 0));
    out.extend_from_slice(exceptions);
    out
}

/// The raw bytes of a version 2 block from those of a version 3 block of `n` slots
/// ([`compact`]), into `out`; `Err` says what is wrong with them.
pub(crate) fn expand(raw: &[u8], n: usize, out: &mut Vec<u8>) -> Result<(), &'static str> {
    let bits = n.div_ceil(8);
    if raw.len() < bits {
        return Err("shorter than its bitmap");
    }
    let (bitmap, rest) = raw.split_at(bits);
    if !n.is_multiple_of(8) && bitmap[bits - 1] >> (n % 8) != 0 {
        return Err("bits past the end of the block");
    }
    let present = bitmap.iter().map(|b| b.count_ones() as usize).sum::<usize>();
    if rest.len() < present || !(rest.len() - present).is_multiple_of(8) {
        return Err("codes and exceptions do not match its bitmap");
    }
    let (codes, exceptions) = rest.split_at(present);
    if codes.contains(&0) {
        return Err("a position without a code");
    }
    out.clear();
    out.resize(n, 0);
    let mut next = codes.iter();
    for (i, slot) in out.iter_mut().enumerate() {
        if bitmap[i / 8] >> (i % 8) & 1 != 0 {
            *slot = *next.next().expect("as many codes as bits, counted above");
        }
    }
    out.extend_from_slice(exceptions);
    Ok(())
}

/// The symbol of every outcome counted, and which of the longest outcomes it is (if one), by
/// value and remoteness: a lookup per slot while blocks are encoded.
pub(crate) struct CodeTable {
    by_value: [Vec<(u32, u8)>; 4],
}

/// In a [`CodeTable`]: an outcome that is not one of the longest.
const NOT_LONGEST: u8 = u8::MAX;

impl CodeTable {
    pub(crate) fn new(codes: &[(Outcome, u32)], longest: &[Outcome]) -> CodeTable {
        let mut by_value: [Vec<(u32, u8)>; 4] = Default::default();
        for &(o, code) in codes {
            let table = &mut by_value[o.value().index()];
            let r = o.remoteness().unwrap_or(0) as usize;
            if table.len() <= r {
                table.resize(r + 1, (u32::MAX, NOT_LONGEST));
            }
            let j = longest.iter().position(|&l| l == o).map_or(NOT_LONGEST, |j| j as u8);
            table[r] = (code, j);
        }
        CodeTable { by_value }
    }

    /// The symbol of `o`, and its place among the longest outcomes ([`NOT_LONGEST`] for none).
    #[inline]
    fn get(&self, o: Outcome) -> (u32, u8) {
        let entry = self.by_value[o.value().index()].get(o.remoteness().unwrap_or(0) as usize);
        *entry.filter(|e| e.0 != u32::MAX).expect("every outcome of a solution is counted")
    }
}

/// The raw bytes of block `b`: a code per slot, then the exceptions; and the block's first
/// slots (up to [`EXAMPLES`]) of each of the `longest` outcomes, as (outcome number, slot).
pub(crate) fn encode_block(
    solution: &SlotFn<'_>,
    header: &Header,
    codes: &CodeTable,
    longest: usize,
    b: u64,
) -> (Vec<u8>, Vec<(usize, u64)>) {
    let first = b * header.block_slots;
    let n = header.slots_in(b);
    let mut raw = vec![0u8; n];
    let mut exceptions = Vec::new();
    let mut examples = Vec::new();
    let mut found = vec![0; longest];
    for (i, code) in raw.iter_mut().enumerate() {
        if let Some(o) = solution(first + i as u64) {
            let (k, j) = codes.get(o);
            if k < ESCAPE as u32 - 1 {
                *code = k as u8 + 1;
            } else {
                *code = ESCAPE;
                exceptions.extend_from_slice(&(i as u32).to_le_bytes());
                exceptions.extend_from_slice(&k.to_le_bytes());
            }
            if j != NOT_LONGEST && found[j as usize] < EXAMPLES {
                found[j as usize] += 1;
                examples.push((j as usize, first + i as u64));
            }
        }
    }
    raw.extend_from_slice(&exceptions);
    (raw, examples)
}

/// The symbol number in slot `i` of a block's raw bytes (`n` slots, in the layout of version 2:
/// a code per slot, then the exceptions): `None` for a slot without a position; `Err` says what
/// is wrong with the bytes.
pub(crate) fn symbol_at(raw: &[u8], n: usize, i: usize) -> Result<Option<usize>, &'static str> {
    Ok(Some(match raw[i] {
        0 => return Ok(None),
        ESCAPE => {
            let exceptions = &raw[n..];
            let count = exceptions.len() / 8;
            let slot_of = |e: usize| u32::from_le_bytes(exceptions[8 * e..8 * e + 4].try_into().unwrap());
            let (mut lo, mut hi) = (0, count);
            while lo < hi {
                let mid = (lo + hi) / 2;
                if (slot_of(mid) as usize) < i {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if lo == count || slot_of(lo) as usize != i {
                return Err("an escaped code without its entry");
            }
            u32::from_le_bytes(exceptions[8 * lo + 4..8 * lo + 8].try_into().unwrap()) as usize
        }
        c => c as usize - 1,
    }))
}

#[cfg(test)]
mod tests {
    use super::{compact, expand};

    /// Every block of up to 19 slots whose codes are 0 (no position), 1, 2 or 255 (escaped,
    /// with an exception entry after the codes): compacted and expanded back to the same bytes
    /// (4^0 + ... + 4^19 blocks would be too many: every pattern up to 9 slots, 4^9 = 262,144 of
    /// them, and for 10 to 19 slots a fixed pseudo-random sample of 2,000 each).
    #[test]
    fn compact_blocks_expand_back() {
        let mut checked = 0;
        let mut out = Vec::new();
        let mut check = |codes: Vec<u8>| {
            let n = codes.len();
            let mut raw = codes.clone();
            for (i, &c) in codes.iter().enumerate() {
                if c == 255 {
                    raw.extend_from_slice(&(i as u32).to_le_bytes());
                    raw.extend_from_slice(&300u32.to_le_bytes());
                }
            }
            let small = compact(&raw, n);
            assert_eq!(
                small.len(),
                n.div_ceil(8) + codes.iter().filter(|&&c| c != 0).count() + (raw.len() - n)
            );
            expand(&small, n, &mut out).unwrap();
            assert_eq!(out, raw);
            checked += 1;
        };
        const CODES: [u8; 4] = [0, 1, 2, 255];
        for n in 0..=9u32 {
            for k in 0..4u32.pow(n) {
                check((0..n).map(|i| CODES[(k >> (2 * i) & 3) as usize]).collect());
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for n in 10..=19 {
            for _ in 0..2000 {
                check(
                    (0..n)
                        .map(|_| {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            CODES[(x & 3) as usize]
                        })
                        .collect(),
                );
            }
        }
        assert_eq!(checked, (0..=9).map(|n| 4u64.pow(n)).sum::<u64>() + 20_000);
    }

    /// Blocks whose bitmap and codes disagree are refused, never expanded into wrong codes.
    #[test]
    fn inconsistent_blocks_are_refused() {
        let mut out = Vec::new();
        // 10 slots: 2 bytes of bitmap.
        assert_eq!(expand(&[0b1], 10, &mut out), Err("shorter than its bitmap"));
        assert_eq!(expand(&[0, 0b100], 10, &mut out), Err("bits past the end of the block"));
        assert_eq!(expand(&[0b11, 0, 5], 10, &mut out), Err("codes and exceptions do not match its bitmap"));
        assert_eq!(
            expand(&[0b1, 0, 5, 6], 10, &mut out),
            Err("codes and exceptions do not match its bitmap")
        );
        assert_eq!(expand(&[0b11, 0, 5, 0], 10, &mut out), Err("a position without a code"));
        assert_eq!(expand(&[0b11, 0, 5, 6], 10, &mut out), Ok(()));
        assert_eq!(out, [5, 6, 0, 0, 0, 0, 0, 0, 0, 0]);
    }
}
