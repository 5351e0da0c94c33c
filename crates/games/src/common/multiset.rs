//! Positions that are multisets of heaps (Nim, subtraction games, octal games): kept sorted,
//! written `3,4,5` (`-` when empty), one component per heap.

use nimber_engine::{Move, ParseError};

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

/// The moves that take from one heap: for each distinct size `h` in `heaps`, one move to each
/// size of `sizes(h)` in its order, labelled `h->to` (Nim, subtraction games).
pub(crate) fn take_moves<I: IntoIterator<Item = u32>>(
    heaps: &[u32],
    sizes: impl Fn(u32) -> I,
) -> Vec<Move<Vec<u32>>> {
    let mut moves = Vec::new();
    for h in distinct(heaps) {
        for to in sizes(h) {
            moves.push(Move::new(format!("{h}->{to}"), replace_heap(heaps, h, to)));
        }
    }
    moves
}

/// The positions of [`take_moves`], in the same order, appended to `out`.
pub(crate) fn take_successors<I: IntoIterator<Item = u32>>(
    heaps: &[u32],
    sizes: impl Fn(u32) -> I,
    out: &mut Vec<Vec<u32>>,
) {
    for h in distinct(heaps) {
        out.extend(sizes(h).into_iter().map(|to| replace_heap(heaps, h, to)));
    }
}

/// Reads a position: heaps separated by commas, at most `max` each, empty heaps dropped.
pub(crate) fn parse_position(text: &str, max: u64) -> Result<Vec<u32>, ParseError> {
    Ok(parse_heaps(text, max)?.into_iter().filter(|&h| h > 0).collect())
}

/// The components of a position of two or more heaps: one position per heap.
pub(crate) fn single_heaps(heaps: &[u32]) -> Option<Vec<Vec<u32>>> {
    (heaps.len() >= 2).then(|| heaps.iter().map(|&h| vec![h]).collect())
}

/// The most heaps drawn; a position with more is drawn with its first heaps and a count of the
/// rest.
pub(crate) const DRAWN_HEAPS: usize = 24;

/// Heaps up to this size are drawn as rows of counters; larger ones as bars.
pub(crate) const DRAWN_COUNTERS: u32 = 30;

/// A drawing of a multiset of heaps (see [`crate::common::svg`]): one row per heap in the order of the
/// notation, `<g data-heap="I" data-size="N">` with I counted from 1, made of `N` counters
/// (`data-token="K"`, K from 1 on the left) when every heap has at most [`DRAWN_COUNTERS`],
/// else of a bar of length proportional to its size; the size is written on the left.
/// `heading` names the game and its rules.
pub(crate) fn draw_heaps(game: &str, heading: &str, heaps: &[u32]) -> String {
    use crate::common::svg::{colour, shorten, Anchor, Attrs, Svg};
    const ROW: f64 = 36.0;
    const TOP: f64 = 44.0;
    const PITCH: f64 = 22.0;
    let shown = &heaps[..heaps.len().min(DRAWN_HEAPS)];
    let more = heaps.len() - shown.len();
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let counters = largest <= DRAWN_COUNTERS;
    // Room on the left for the sizes, written in bold.
    let left = 30.0 + 10.0 * largest.to_string().len().max(2) as f64;
    // As wide as the largest heap needs (bars take the width of the most counters).
    let span = if counters { largest.max(12) } else { DRAWN_COUNTERS };
    let width = left + PITCH * span as f64 + 20.0;
    let rows = shown.len().max(1) + usize::from(more > 0);
    let height = TOP + rows as f64 * ROW + 40.0;
    let mut svg = Svg::new(game, &format_heaps(heaps), width, height);
    svg.bold((16.0, 22.0), &shorten(heading, (width / 9.0) as usize), 15.0, Anchor::Start, colour::INK);
    for (i, &h) in shown.iter().enumerate() {
        let y = TOP + (i as f64 + 0.5) * ROW;
        let tooltip = format!("heap {}: {h}", i + 1);
        svg.group(Attrs::new().data("heap", i + 1).data("size", h), Some(&tooltip));
        svg.bold((left - 14.0, y), &h.to_string(), 16.0, Anchor::End, colour::INK);
        if counters {
            for k in 0..h {
                let x = left + (k as f64 + 0.5) * PITCH;
                let attrs = Attrs::new().data("token", k + 1);
                svg.token((x, y), PITCH * 0.4, colour::TOKEN, colour::TOKEN_EDGE, attrs);
            }
        } else {
            let full = PITCH * DRAWN_COUNTERS as f64;
            let length = (full * h as f64 / largest as f64).max(4.0);
            let attrs = Attrs::new().paint(colour::TOKEN, Some((colour::TOKEN_EDGE, 1.5)));
            svg.rect(left, y - ROW * 0.3, length, ROW * 0.6, 5.0, attrs);
        }
        svg.close();
    }
    let total: u64 = heaps.iter().map(|&h| h as u64).sum();
    if heaps.is_empty() {
        svg.text((left, TOP + 0.5 * ROW), "No heaps left", 14.0, Anchor::Start, colour::MUTED);
    } else if more > 0 {
        let y = TOP + (shown.len() as f64 + 0.5) * ROW;
        let text = format!("… and {more} more heaps (see the title)");
        svg.text((left, y), &text, 13.0, Anchor::Start, colour::MUTED);
    }
    let summary = match heaps.len() {
        0 => String::new(),
        1 => format!("1 heap of {total}"),
        n => format!("{n} heaps, {total} in all"),
    };
    svg.text((16.0, height - 18.0), &summary, 13.0, Anchor::Start, colour::MUTED);
    svg.finish()
}
