//! Positions that are multisets of heaps (Nim, subtraction games, octal games): kept sorted,
//! written `3,4,5` (`-` when empty), one component per heap.

use nimber_engine::ParseError;

/// Writes a multiset of heaps: `3,4,5`, or `-` when empty.
pub(crate) fn format_heaps(heaps: &[u32]) -> String {
    if heaps.is_empty() {
        return "-".to_string();
    }
    heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(",")
}

/// Reads a multiset of heaps separated by commas or spaces, sorted.
pub(crate) fn parse_heaps(text: &str, max: u64) -> Result<Vec<u32>, ParseError> {
    let text = text.trim();
    if text == "-" || text.is_empty() {
        return Ok(Vec::new());
    }
    let mut heaps = Vec::new();
    let mut column = 1;
    for item in text.split(',') {
        let trimmed = item.trim();
        let lead = item.len() - item.trim_start().len();
        let h: u64 = trimmed
            .parse()
            .map_err(|_| ParseError::at(column + lead, format!("`{trimmed}` is not a heap size")))?;
        if h > max {
            return Err(ParseError::at(column + lead, format!("heap {h} is larger than {max}")));
        }
        heaps.push(h as u32);
        column += item.len() + 1;
    }
    heaps.sort_unstable();
    Ok(heaps)
}

/// `heaps` with one heap of size `from` replaced by `to` (removed when `to` is 0), sorted.
pub(crate) fn replace_heap(heaps: &[u32], from: u32, to: u32) -> Vec<u32> {
    let mut next = heaps.to_vec();
    let i = next.iter().position(|&h| h == from).expect("heap present");
    next.remove(i);
    if to > 0 {
        let at = next.partition_point(|&h| h < to);
        next.insert(at, to);
    }
    next
}

/// Distinct heap sizes of a sorted multiset, zero excluded.
pub(crate) fn distinct(heaps: &[u32]) -> impl Iterator<Item = u32> + '_ {
    heaps.iter().enumerate().filter(|&(i, &h)| h > 0 && (i == 0 || heaps[i - 1] != h)).map(|(_, &h)| h)
}

/// Reads a position: heaps separated by commas, at most `max` each, empty heaps dropped.
pub(crate) fn parse_position(text: &str, max: u64) -> Result<Vec<u32>, ParseError> {
    Ok(parse_heaps(text, max)?.into_iter().filter(|&h| h > 0).collect())
}

/// The components of a position of two or more heaps: one position per heap.
pub(crate) fn single_heaps(heaps: &[u32]) -> Option<Vec<Vec<u32>>> {
    (heaps.len() >= 2).then(|| heaps.iter().map(|&h| vec![h]).collect())
}
