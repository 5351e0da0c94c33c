//! A store written from a solution split over the members of a solve (the processes of a
//! cluster), without any member holding the whole solution.
//!
//! Each member holds the outcomes of a range of slots (the partitions it solved); the ranges,
//! in member order, cover the index. The members first add up their counts, from which each
//! makes the same [`Plan`] (symbols and header). A block is encoded and compressed by the member
//! holding its first slot, which first receives from the members after it the outcomes of the
//! slots of its last block that it does not hold (a block spans members where partitions are
//! smaller than blocks). The members compress all their blocks at once, each its own (a
//! member holds its compressed blocks until sent: a fraction of its state words, 0.2 byte per
//! position for Dōbutsu shōgi); then, batch after batch in the order of the file, every member
//! sends its blocks of the batch to member 0, which writes them ([`write_planned`]) and holds
//! one batch of other members' blocks at a time.
//!
//! Every step is a collective call of the [`Exchange`], made by every member in the same order:
//! each batch starts with a sum in which a member asks to stop (its progress was cancelled) or
//! member 0 says it could not write, so that all stop at the same batch, never leaving one
//! waiting.

use std::ops::Range;
use std::path::Path;

use crate::error::Error;
use crate::progress::Progress;
use crate::rules::value::{Outcome, Value};
use crate::solve::exchange::{all_gather, send_each, Exchange};
use crate::solve::solution::CountRow;
use crate::store::codec::SlotFn;
use crate::store::format::{Header, Subject, BLOCK_SLOTS};
use crate::store::write::{write_planned, Packed, Plan};

/// The part of a split solution one member holds.
pub(crate) struct MemberPart<'a> {
    /// The slots whose outcomes it holds: the members' ranges, in member order, cover the index.
    pub slots: Range<u64>,
    /// The outcome of a slot of `slots` (`None` for a slot that is not a stored position).
    pub outcome: &'a SlotFn<'a>,
    /// The counts of its positions by value and remoteness.
    pub counts: Vec<CountRow>,
}

/// What the stop sum of a batch adds for member 0 that could not write.
const WRITER_FAILED: u64 = 1 << 40;

/// The counts of every member added up (a collective call).
pub(crate) fn total_counts(exchange: &mut dyn Exchange, counts: &[CountRow]) -> Result<Vec<CountRow>, Error> {
    let mut mine = Vec::with_capacity(counts.len() * 4);
    for r in counts {
        let remoteness = r.remoteness.map_or(u32::MAX, |r| r);
        mine.extend([r.value.index() as u32, remoteness, r.count as u32, (r.count >> 32) as u32]);
    }
    let mut total: std::collections::BTreeMap<(usize, Option<u32>), u64> = Default::default();
    for (m, theirs) in all_gather(exchange, mine)?.into_iter().enumerate() {
        if theirs.len() % 4 != 0 {
            return Err(Error::Unsupported(format!("member {m} sent counts of {} words", theirs.len())));
        }
        for r in theirs.chunks_exact(4) {
            let value = *Value::ALL
                .get(r[0] as usize)
                .ok_or_else(|| Error::Unsupported(format!("member {m} sent a count of value {}", r[0])))?;
            let remoteness = (r[1] != u32::MAX).then_some(r[1]);
            *total.entry((value.index(), remoteness)).or_default() += r[2] as u64 | (r[3] as u64) << 32;
        }
    }
    Ok(total
        .into_iter()
        .map(|((v, remoteness), count)| CountRow { value: Value::ALL[v], remoteness, count })
        .collect())
}

/// An outcome as one word ([`decode_outcome`] reads it back): 0 for none.
pub(crate) fn encode_outcome(outcome: Option<Outcome>) -> u32 {
    outcome.map_or(0, |o| 1 + o.value().index() as u32 + 4 * o.remoteness().unwrap_or(0))
}

/// The outcome of [`encode_outcome`].
pub(crate) fn decode_outcome(code: u32) -> Option<Outcome> {
    let c = code.checked_sub(1)?;
    Some(Outcome::new(Value::ALL[(c & 3) as usize], c >> 2))
}

/// Writes the store of a solution split over the members of `exchange` to `path`, given in
/// member 0 (`None` there: nothing is written, and nothing is asked of the members but their
/// counts). Every member calls it at the same point with its part; member 0 returns the header
/// written and the counts of the whole solution, the others the counts. `positions` is the
/// number of positions of the whole solution. A member whose `progress` asks to stop stops
/// every member at the next batch ([`Error::Cancelled`]).
pub(crate) fn write_members(
    path: Option<&Path>,
    identity: &Subject<'_>,
    positions: u64,
    part: &MemberPart<'_>,
    exchange: &mut dyn Exchange,
    progress: &dyn Progress,
) -> Result<(Option<Header>, Vec<CountRow>), Error> {
    let (me, _) = exchange.member();
    let counts = total_counts(exchange, &part.counts)?;
    // Only member 0's path counts: the members agree on whether to write.
    let writing = exchange.sum(u64::from(me == 0 && path.is_some()))? > 0;
    if !writing {
        return Ok((None, counts));
    }
    let plan = Plan::new(identity, positions, counts.clone())?;
    let size = identity.size;
    let blocks = own_blocks(&part.slots);
    let halo = receive_halo(exchange, part, size)?;
    let outcome = |slot: u64| -> Option<Outcome> {
        if slot < part.slots.end {
            (part.outcome)(slot)
        } else {
            decode_outcome(halo.get((slot - part.slots.end) as usize).copied().unwrap_or(0))
        }
    };
    // Every member compresses all its blocks first, all members at once (the batches, in the
    // order of the file, mostly hold one member's blocks: compressed batch by batch, the
    // members would take turns). They are held compressed until sent.
    let mut encoded = plan.encode(&outcome, blocks).into_iter().peekable();
    let mut batch_of = |exchange: &mut dyn Exchange, batch: Range<u64>, stop: u64| {
        let mut mine = Vec::new();
        while let Some(p) = encoded.next_if(|p| p.block < batch.end) {
            mine.push(p);
        }
        batch_step(exchange, &mine, stop)
    };
    match path {
        Some(path) if me == 0 => {
            // Whether the others know the write stopped (they stopped at the same sum).
            let mut stopped_together = false;
            let written = write_planned(path, &plan, progress, &mut |batch| {
                let result = batch_of(&mut *exchange, batch, u64::from(progress.cancelled()));
                if result.is_err() {
                    stopped_together = true;
                }
                result.map(|packed| packed.unwrap_or_default())
            });
            if !stopped_together {
                // The others wait at the sum of the next batch, or at the last one.
                let failed = if written.is_err() { WRITER_FAILED } else { 0 };
                agree_end(exchange, failed)?;
            }
            written.map(|header| (Some(header), counts))
        }
        _ => {
            for batch in plan.batches() {
                batch_of(&mut *exchange, batch, u64::from(progress.cancelled()))?;
            }
            agree_end(exchange, 0)?;
            Ok((None, counts))
        }
    }
}

/// The blocks a member holding `slots` encodes: those whose first slot it holds.
fn own_blocks(slots: &Range<u64>) -> Range<u64> {
    if slots.is_empty() {
        return 0..0;
    }
    slots.start.div_ceil(BLOCK_SLOTS)..slots.end.div_ceil(BLOCK_SLOTS)
}

/// The slots past a member's own that its last block holds (none when it encodes no block).
fn halo_of(slots: &Range<u64>, size: u64) -> Range<u64> {
    let blocks = own_blocks(slots);
    if blocks.is_empty() {
        return slots.end..slots.end;
    }
    slots.end..(blocks.end * BLOCK_SLOTS).min(size).max(slots.end)
}

/// The outcomes of the slots of this member's last block held by the members after it, as
/// [`encode_outcome`] words from the end of its slots (a collective call: every member sends
/// the others what they need of its slots).
fn receive_halo(exchange: &mut dyn Exchange, part: &MemberPart<'_>, size: u64) -> Result<Vec<u32>, Error> {
    let (me, members) = exchange.member();
    let ranges = all_gather(
        exchange,
        vec![
            part.slots.start as u32,
            (part.slots.start >> 32) as u32,
            part.slots.end as u32,
            (part.slots.end >> 32) as u32,
        ],
    )?;
    let ranges: Vec<Range<u64>> = ranges
        .iter()
        .map(|r| match r[..] {
            [a, b, c, d] => Ok((a as u64 | (b as u64) << 32)..(c as u64 | (d as u64) << 32)),
            _ => Err(Error::Unsupported("a member sent its slots in other than 4 words".into())),
        })
        .collect::<Result<_, _>>()?;
    let mut to = vec![Vec::new(); members];
    for (m, theirs) in ranges.iter().enumerate() {
        let need = halo_of(theirs, size);
        let (lo, hi) = (need.start.max(part.slots.start), need.end.min(part.slots.end));
        if m != me && lo < hi {
            to[m] = (lo..hi).map(|slot| encode_outcome((part.outcome)(slot))).collect();
            to[m].splice(0..0, [(lo - need.start) as u32, ((lo - need.start) >> 32) as u32]);
        }
    }
    let need = halo_of(&part.slots, size);
    let mut halo = vec![0u32; (need.end - need.start) as usize];
    for (m, got) in send_each(exchange, to)?.into_iter().enumerate() {
        if got.len() < 2 {
            continue;
        }
        let at = got[0] as usize | (got[1] as usize) << 32;
        let words = &got[2..];
        if at + words.len() > halo.len() {
            return Err(Error::Unsupported(format!(
                "member {m} sent outcomes past the end of member {me}'s last block"
            )));
        }
        halo[at..at + words.len()].copy_from_slice(words);
    }
    Ok(halo)
}

/// One batch: the members' stop sum (any member's `stop`, or member 0's [`WRITER_FAILED`]),
/// then this member's `packed` blocks of the batch sent to member 0, which returns every
/// member's blocks of the batch in order (`None` in the others).
fn batch_step(
    exchange: &mut dyn Exchange,
    packed: &[Packed],
    stop: u64,
) -> Result<Option<Vec<Packed>>, Error> {
    let stops = exchange.sum(stop)?;
    if stops >= WRITER_FAILED {
        return Err(Error::Unsupported("process 0 could not write the store: see its error".into()));
    }
    if stops > 0 {
        return Err(Error::Cancelled { checkpoint: None, proven: None });
    }
    let (me, members) = exchange.member();
    let mut to = vec![Vec::new(); members];
    to[0] = pack(packed);
    let got = send_each(exchange, to)?;
    if me != 0 {
        return Ok(None);
    }
    let mut all = Vec::new();
    for (m, words) in got.iter().enumerate() {
        unpack(words, &mut all)
            .map_err(|what| Error::Unsupported(format!("member {m} sent blocks {what}")))?;
    }
    all.sort_by_key(|p| p.block);
    Ok(Some(all))
}

/// The last sum of a write: whether member 0 could not write (its `failed`).
fn agree_end(exchange: &mut dyn Exchange, failed: u64) -> Result<(), Error> {
    if exchange.sum(failed)? >= WRITER_FAILED && failed == 0 {
        return Err(Error::Unsupported("process 0 could not write the store: see its error".into()));
    }
    Ok(())
}

/// Blocks as words: per block, its number (2 words), CRC, frame length in bytes, number of
/// examples, the examples (outcome number and slot: 3 words each), then the frame's bytes, 4 to
/// a word (little-endian, the last word padded with zeros).
fn pack(blocks: &[Packed]) -> Vec<u32> {
    let mut words = Vec::new();
    for p in blocks {
        words.extend([p.block as u32, (p.block >> 32) as u32, p.crc, p.frame.len() as u32]);
        words.push(p.examples.len() as u32);
        for &(k, slot) in &p.examples {
            words.extend([k as u32, slot as u32, (slot >> 32) as u32]);
        }
        words.extend(p.frame.chunks(4).map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        }));
    }
    words
}

/// The blocks of [`pack`], added to `out`; what is wrong with the words otherwise.
fn unpack(mut words: &[u32], out: &mut Vec<Packed>) -> Result<(), String> {
    let short = || "cut short".to_string();
    while !words.is_empty() {
        let [lo, hi, crc, len, examples] =
            words.get(..5).ok_or_else(short)?.try_into().map_err(|_| short())?;
        words = &words[5..];
        let mut list = Vec::new();
        for _ in 0..examples {
            let e = words.get(..3).ok_or_else(short)?;
            list.push((e[0] as usize, e[1] as u64 | (e[2] as u64) << 32));
            words = &words[3..];
        }
        let n = (len as usize).div_ceil(4);
        let frame_words = words.get(..n).ok_or_else(short)?;
        let mut frame: Vec<u8> = frame_words.iter().flat_map(|w| w.to_le_bytes()).collect();
        frame.truncate(len as usize);
        words = &words[n..];
        out.push(Packed { block: lo as u64 | (hi as u64) << 32, frame, crc, examples: list });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::params::GameId;

    #[test]
    fn blocks_pack_and_unpack() {
        let blocks = vec![
            Packed { block: 7, frame: vec![1, 2, 3, 4, 5], crc: 99, examples: vec![(1, 1 << 33), (0, 5)] },
            Packed { block: 8, frame: vec![], crc: 0, examples: vec![] },
            Packed { block: 1 << 35, frame: vec![9; 8], crc: u32::MAX, examples: vec![(3, 2)] },
        ];
        let words = pack(&blocks);
        let mut back = Vec::new();
        unpack(&words, &mut back).unwrap();
        assert_eq!(back, blocks);
        // Cut anywhere, the words are refused (never a panic) but at the ends of blocks: 13
        // words for the first block (5 + 2 examples of 3 + 2 of frame), 5 for the second.
        assert_eq!(words.len(), 28);
        for cut in 0..words.len() {
            let mut out = Vec::new();
            let complete = unpack(&words[..cut], &mut out).is_ok();
            assert_eq!(complete, [0, 13, 18].contains(&cut), "cut at {cut}");
        }
    }

    #[test]
    fn outcomes_as_words() {
        assert_eq!(decode_outcome(encode_outcome(None)), None);
        for v in Value::ALL {
            for r in [0, 1, 5, 1000] {
                let o = Outcome::new(v, r);
                assert_eq!(decode_outcome(encode_outcome(Some(o))), Some(o));
            }
        }
    }

    /// A synthetic solution of `SIZE` slots: a hole at every third slot, wins and losses of
    /// remoteness up to 300 elsewhere (more outcomes than a code byte holds).
    const SIZE: u64 = 3 * BLOCK_SLOTS + 100;

    fn outcome_of(slot: u64) -> Option<Outcome> {
        let kind = if slot % 5 < 2 { Value::Win } else { Value::Lose };
        (!slot.is_multiple_of(3)).then(|| Outcome::new(kind, (slot % 301) as u32))
    }

    fn counts_in(slots: Range<u64>) -> Vec<CountRow> {
        crate::solve::solution::count_outcomes(slots.filter_map(outcome_of))
    }

    struct Whole;

    impl crate::store::Slots for Whole {
        fn positions(&self) -> u64 {
            (0..SIZE).filter(|&s| outcome_of(s).is_some()).count() as u64
        }

        fn counts(&self) -> Vec<CountRow> {
            counts_in(0..SIZE)
        }

        fn read_range(&self, _: Range<u64>, f: &mut dyn FnMut(&SlotFn<'_>)) -> Result<(), Error> {
            f(&outcome_of);
            Ok(())
        }
    }

    fn identity() -> Subject<'static> {
        static ID: std::sync::LazyLock<GameId> =
            std::sync::LazyLock::new(|| GameId::new("synthetic", Vec::new()));
        Subject { id: &ID, scheme: "test-v1", size: SIZE, rules: 7, derived: crate::store::Derived::Exact }
    }

    type Written = (Option<Header>, Vec<CountRow>);

    /// Writes the synthetic solution split at `cuts` (the members' ranges between them) over
    /// threads, member 0 writing to `path`; every member's result.
    fn write_split(cuts: &[u64], path: &Path) -> Vec<Result<Written, Error>> {
        let members = crate::solve::exchange::Threads::members(cuts.len() + 1);
        let bounds: Vec<u64> = std::iter::once(0).chain(cuts.iter().copied()).chain([SIZE]).collect();
        std::thread::scope(|scope| {
            let handles: Vec<_> = members
                .into_iter()
                .enumerate()
                .map(|(m, mut exchange)| {
                    let slots = bounds[m]..bounds[m + 1];
                    scope.spawn(move || {
                        let part = MemberPart {
                            slots: slots.clone(),
                            outcome: &outcome_of,
                            counts: counts_in(slots),
                        };
                        let positions = crate::store::Slots::positions(&Whole);
                        let path = (m == 0).then_some(path);
                        write_members(path, &identity(), positions, &part, &mut exchange, &crate::Silent)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    #[test]
    fn members_write_the_store_of_the_whole() {
        let dir = std::env::temp_dir().join(format!("nimber-split-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let whole = dir.join("whole.nimber");
        crate::store::write(&whole, &identity(), &Whole, &crate::Silent).unwrap();
        let expected = std::fs::read(&whole).unwrap();
        let b = BLOCK_SLOTS;
        // Cuts inside blocks and on their edges; a member with no slots; a member with slots but
        // no block of its own (all of its slots lie in the block the member before it starts).
        for cuts in [vec![b], vec![5_000, 5_000, 2 * b + 17], vec![10, 20, 30, b + 1, 3 * b]] {
            let split = dir.join("split.nimber");
            let results = write_split(&cuts, &split);
            for (m, r) in results.iter().enumerate() {
                let (header, counts) = r.as_ref().unwrap();
                assert_eq!(header.is_some(), m == 0, "cuts {cuts:?}, member {m}");
                assert_eq!(counts, &counts_in(0..SIZE), "cuts {cuts:?}, member {m}");
            }
            assert!(std::fs::read(&split).unwrap() == expected, "cuts {cuts:?}: another store");
        }
        // Member 0 cannot write: it says why, and the others stop too (rather than wait).
        let results = write_split(&[b, 2 * b], &dir.join("missing").join("split.nimber"));
        assert!(matches!(results[0], Err(Error::Io { .. })), "{:?}", results[0].as_ref().err());
        for r in &results[1..] {
            let err = r.as_ref().unwrap_err().to_string();
            assert!(err.contains("process 0 could not write the store"), "{err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn blocks_and_halos_of_ranges() {
        let b = BLOCK_SLOTS;
        // A range within one block that it does not start: no blocks, no halo.
        assert_eq!(own_blocks(&(5..100)), 1..1);
        assert!(halo_of(&(5..100), 10 * b).is_empty());
        // From the start of a block to the middle of the third: three blocks, the rest of the
        // third as halo (cut at the index's end).
        assert_eq!(own_blocks(&(0..2 * b + 7)), 0..3);
        assert_eq!(halo_of(&(0..2 * b + 7), 10 * b), 2 * b + 7..3 * b);
        assert_eq!(halo_of(&(0..2 * b + 7), 2 * b + 20), 2 * b + 7..2 * b + 20);
        assert_eq!(own_blocks(&(3..3)), 0..0);
    }
}
