//! The solved-game store (`nimber_engine::store`, format version 3): a round trip of the
//! synthetic cyclic game of the retrograde benchmark (all four values, sixteen blocks) and of a
//! long ladder (more outcomes than one code byte holds, holes, unreachable slots, more blocks
//! than the cache holds, two groups in the block index);
//! the header's fields; damaged files (header, end fields, block index and its group table,
//! blocks, blocks swapped) and files
//! truncated at every length reported as corrupt, never read as wrong values; files of another
//! version refused as such; a cancelled write leaves no file behind.

use crate::crafted;
use crate::synthetic;
use crate::synthetic_game;
use crafted::crafted_values;

use std::path::{Path, PathBuf};

use nimber_engine::store::{
    self, probe, Derived, Entry, Store, Subject, BLOCK_SLOTS, CACHE_BLOCKS, GROUP_BLOCKS, VERSION,
};
use nimber_engine::table::dense::DenseSolution;
use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::{dense, Indexed};
use nimber_engine::view::dense::{Dense, DenseStore};
use nimber_engine::{
    Backward, Capabilities, Error, Game, GameId, Kind, Move, Notation, Outcome, ParseError, Progress, Silent,
    Value,
};

use synthetic::Synthetic;
use synthetic_game::SyntheticGame;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimber-store-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// 2^18 positions: sixteen blocks, every value present.
fn solved() -> (Synthetic, DenseSolution) {
    solved_n(18)
}

/// 2^log2n positions.
fn solved_n(log2n: u32) -> (Synthetic, DenseSolution) {
    let space = Synthetic::new(log2n, 5);
    let solution = dense::solve(&SyntheticGame(&space), None, &Silent).unwrap();
    (space, solution)
}

fn save(space: &Synthetic, solution: &DenseSolution, path: &Path) {
    let params = vec![("n".to_string(), "18".to_string()), ("seed".to_string(), "5".to_string())];
    let id = GameId::new("synthetic", params);
    let identity =
        Subject { id: &id, scheme: "synthetic-v1", size: space.size(), rules: 7, derived: Derived::Exact };
    store::write(path, &identity, solution, &Silent).unwrap();
}

fn corrupt_message(err: Error) -> String {
    match err {
        Error::Corrupt { .. } => err.to_string(),
        other => panic!("expected a corrupt-file error, got {other}"),
    }
}

/// Where the parts of a version 2 file are: (end of the header, start of the index).
fn layout(bytes: &[u8]) -> (usize, usize) {
    let text_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let index = u64::from_le_bytes(bytes[24..32].try_into().unwrap()) as usize;
    (36 + text_len + 4, index)
}

#[test]
fn round_trip_with_all_four_values() {
    let (space, solution) = solved();
    let path = temp("round-trip.db");
    save(&space, &solution, &path);
    let store = Store::open(&path).unwrap();
    let h = store.header();
    assert_eq!(h.id.name(), "synthetic");
    assert_eq!(
        h.id.params(),
        vec![("n".to_string(), "18".to_string()), ("seed".to_string(), "5".to_string())]
    );
    assert_eq!(h.scheme, "synthetic-v1");
    assert_eq!((h.size, h.positions, h.blocks()), (1 << 18, 1 << 18, (1 << 18) / BLOCK_SLOTS));
    assert_eq!(h.block_slots, BLOCK_SLOTS);
    assert_eq!(h.counts, solution.counts());
    // The symbol table: every counted outcome once, most frequent first.
    assert_eq!(h.symbols.len(), h.counts.len());
    let count_of = |e: &Entry| {
        let Entry::Outcome(o) = e else { panic!("every outcome stored: {e:?}") };
        h.counts.iter().find(|r| r.value == o.value() && r.remoteness == o.remoteness()).unwrap().count
    };
    assert!(h.symbols.windows(2).all(|w| count_of(&w[0]) >= count_of(&w[1])), "{:?}", h.symbols);
    assert_eq!(store.file_len(), std::fs::metadata(&path).unwrap().len());

    let mut by_value = [0u64; 4];
    for i in 0..space.size() {
        let o = store.get(i).unwrap().unwrap();
        assert_eq!(Some(o), solution.get_slot(i), "slot {i}");
        by_value[o.value().index()] += 1;
    }
    assert!(by_value.iter().all(|&n| n > 0), "{by_value:?}");
    // Every block read once in order; random access, out of order and across blocks.
    assert_eq!(store.blocks_read(), h.blocks());
    for i in [262_143u64, 0, 131_072, 65_535, 65_536, 7, BLOCK_SLOTS - 1, BLOCK_SLOTS] {
        assert_eq!(store.get(i).unwrap(), solution.get_slot(i));
    }
    assert_eq!(store.get(1 << 18).unwrap(), None);
    // The scan sees every slot once, in order.
    let mut next = 0;
    store
        .scan(|slot, o| {
            assert_eq!((slot, Some(o)), (next, solution.get_slot(slot).map(Entry::Outcome)));
            next += 1;
            true
        })
        .unwrap();
    assert_eq!(next, space.size());
    // Written through a temporary file that is gone.
    let dir: Vec<_> =
        std::fs::read_dir(path.parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(dir.iter().all(|n| !n.to_string_lossy().starts_with("round-trip.db.tmp")), "{dir:?}");
    eprintln!(
        "store: {} positions, win {} lose {} tie {} draw {}, {} bytes",
        space.size(),
        by_value[0],
        by_value[1],
        by_value[2],
        by_value[3],
        std::fs::metadata(&path).unwrap().len()
    );
    let _ = std::fs::remove_file(&path);
}

/// A ladder of `RUNGS` positions, one every `STEP` slots: rung k moves to rung k - 1, rung 0 is
/// lost, so rung k is won or lost in k and there are `RUNGS` outcomes. Odd slots between rungs
/// are holes, even ones positions that are not reachable (tied at once).
struct Ladder;

const RUNGS: u64 = 700;
const STEP: u64 = 6007;

impl Game for Ladder {
    type Position = u64;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u64 {
        (RUNGS - 1) * STEP
    }

    fn moves(&self, &i: &u64) -> Vec<Move<u64>> {
        let mut out = Vec::new();
        self.successors(&i, &mut out);
        out.into_iter().map(|j| Move::new(format!("to{j}"), j)).collect()
    }

    fn successors(&self, &i: &u64, out: &mut Vec<u64>) {
        if i % STEP == 0 && i > 0 {
            out.push(i - STEP);
        }
    }

    fn terminal(&self, &i: &u64) -> Option<Outcome> {
        match (i % STEP, i) {
            (0, 0) => Some(Outcome::new(Value::Lose, 0)),
            (0, _) => None,
            _ => Some(Outcome::new(Value::Tie, 0)),
        }
    }

    fn capabilities(&self) -> Capabilities<'_, u64> {
        Capabilities::none().notation(self).backward(self)
    }
}

impl Notation<u64> for Ladder {
    fn format(&self, i: &u64) -> String {
        i.to_string()
    }

    fn parse(&self, text: &str) -> Result<u64, ParseError> {
        text.trim().parse().map_err(|_| ParseError::new("not a number"))
    }
}

impl Backward<u64> for Ladder {
    fn predecessors(&self, &j: &u64, out: &mut Vec<u64>) {
        if j % STEP == 0 && j + STEP < RUNGS * STEP {
            out.push(j + STEP);
        }
    }
}

impl Indexed for Ladder {
    fn size(&self) -> u64 {
        RUNGS * STEP
    }

    fn rank(&self, &i: &u64) -> u64 {
        i
    }

    fn unrank(&self, i: u64) -> Option<u64> {
        (i < self.size() && (i.is_multiple_of(STEP) || i.is_multiple_of(2))).then_some(i)
    }

    fn index_scheme(&self) -> String {
        "ladder-v1".into()
    }
}

impl SlotMoves for Ladder {}

#[test]
fn more_outcomes_than_a_code_byte_holes_and_unreachable_slots() {
    let game = Ladder;
    let solution = dense::solve(&game, None, &Silent).unwrap();
    assert_eq!(solution.len(), RUNGS);
    let path = temp("ladder.db");
    let scheme = game.index_scheme();
    let rules = nimber_engine::table::rules_fingerprint(&game);
    let id = GameId::new("ladder", Vec::new());
    let identity = Subject { id: &id, scheme: &scheme, size: game.size(), rules, derived: Derived::Exact };
    let header = store::write(&path, &identity, &solution, &Silent).unwrap();
    assert_eq!(header.rules, Some(rules));
    let store = Store::open(&path).unwrap();
    assert_eq!(store.header(), &header);
    assert_eq!(header.symbols.len(), RUNGS as usize);
    assert_eq!(header.blocks(), (RUNGS * STEP).div_ceil(BLOCK_SLOTS));
    assert!(header.blocks() > CACHE_BLOCKS as u64, "{} blocks", header.blocks());
    assert!(header.blocks() > GROUP_BLOCKS, "{} blocks: two groups in the block index", header.blocks());
    for slot in 0..game.size() {
        let want = solution.get_slot(slot);
        if slot % STEP == 0 {
            let k = (slot / STEP) as u32;
            let value = if k.is_multiple_of(2) { Value::Lose } else { Value::Win };
            assert_eq!(want, Some(Outcome::new(value, k)));
        } else {
            assert_eq!(want, None);
        }
        assert_eq!(store.get(slot).unwrap(), want, "slot {slot}");
    }
    // Out of order: more blocks than the cache holds, back and forth; a block evicted is read
    // again, one still cached is not.
    let read = store.blocks_read();
    for round in 0..3u64 {
        for k in (0..RUNGS).rev().step_by(7 + round as usize) {
            assert_eq!(store.get(k * STEP).unwrap(), solution.get_slot(k * STEP));
        }
    }
    assert!(store.blocks_read() - read > 2 * CACHE_BLOCKS as u64);
    store.get(0).unwrap();
    let read = store.blocks_read();
    store.get(1).unwrap();
    store.get(BLOCK_SLOTS - 1).unwrap();
    assert_eq!(store.blocks_read(), read);

    // Every byte of an escaped entry damaged: a block error, never a wrong value.
    let good = std::fs::read(&path).unwrap();
    let (data, index) = layout(&good);
    let copy = temp("ladder-damaged.db");
    for at in (data..index).step_by(97) {
        let mut bytes = good.clone();
        bytes[at] ^= 0x5a;
        std::fs::write(&copy, &bytes).unwrap();
        let store = Store::open(&copy).unwrap();
        for k in 0..RUNGS {
            match store.get(k * STEP) {
                Ok(o) => assert_eq!(o, solution.get_slot(k * STEP), "byte {at}"),
                Err(e) => assert!(corrupt_message(e).contains("block"), "byte {at}"),
            }
        }
    }
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&copy);
}

/// The ladder stored with its wins' remoteness left to the rules ([`Derived::Wins`]): one
/// symbol for every win, each rung read back through its moves ([`probe::outcome`]) as solved,
/// and the header's examples of the longest outcomes are the first slots holding them.
#[test]
fn wins_found_from_the_moves_read_back_exactly() {
    let game = Ladder;
    let solution = dense::solve(&game, None, &Silent).unwrap();
    let path = temp("ladder-wins.db");
    let scheme = game.index_scheme();
    let rules = nimber_engine::table::rules_fingerprint(&game);
    let id = GameId::new("ladder", Vec::new());
    let identity = Subject { id: &id, scheme: &scheme, size: game.size(), rules, derived: Derived::Wins };
    let header = store::write(&path, &identity, &solution, &Silent).unwrap();
    let store = Store::open(&path).unwrap();
    assert_eq!(store.header(), &header);
    assert!(header.wins_from_moves());
    // The even rungs are lost, each its own symbol; the odd ones won, one symbol.
    assert_eq!(header.symbols.len(), RUNGS.div_ceil(2) as usize + 1);
    assert_eq!(header.symbols.iter().filter(|&&e| e == Entry::Win).count(), 1);
    assert_eq!(header.counts, solution.counts());
    let mut wins = 0;
    for k in 0..RUNGS {
        let slot = k * STEP;
        let want = solution.get_slot(slot);
        assert_eq!(probe::outcome(&game, &store, &slot).unwrap(), want, "rung {k}");
        let won = want.unwrap().value() == Value::Win;
        assert_eq!(store.entry(slot).unwrap() == Some(Entry::Win), won, "rung {k}");
        wins += u64::from(won);
        if won {
            assert!(store.get(slot).is_err(), "a win's remoteness is not in the file");
        }
    }
    assert_eq!(wins, RUNGS / 2);
    // The longest win and loss, one example each: the top two rungs.
    let top = RUNGS - 1;
    let mut longest = header.longest.clone();
    longest.sort_by_key(|(o, _)| o.remoteness());
    assert_eq!(
        longest,
        vec![
            (Outcome::new(Value::Lose, (top - 1) as u32), vec![(top - 1) * STEP]),
            (Outcome::new(Value::Win, top as u32), vec![top * STEP]),
        ]
    );
    drop(store);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn damaged_files_are_reported_never_misread() {
    // Four blocks (the file is rewritten for every damage).
    let (space, solution) = solved_n(16);
    let path = temp("damaged.db");
    save(&space, &solution, &path);
    let good = std::fs::read(&path).unwrap();
    let (data_start, index_start) = layout(&good);
    let blocks = (space.size() / BLOCK_SLOTS) as usize;
    let groups_start = index_start + 8 * blocks;
    assert_eq!(groups_start + 12, good.len(), "one group");
    let damaged = temp("damaged-copy.db");
    let with = |bytes: &[u8]| {
        std::fs::write(&damaged, bytes).unwrap();
        Store::open(&damaged)
    };

    // Every byte of the header (magic, version, lengths, end fields, text, checksum) and of the
    // group table: refused at open, as corrupt.
    for at in (0..data_start).chain(groups_start..good.len()) {
        let mut bytes = good.clone();
        bytes[at] ^= 0x20;
        let err = corrupt_message(with(&bytes).err().unwrap_or_else(|| panic!("byte {at} accepted")));
        assert!(err.contains("damaged-copy.db"), "{err}");
        let what = match at {
            0..8 => "magic",
            8..12 => "version",
            _ if at >= groups_start => "block index checksum",
            _ => "",
        };
        assert!(err.contains(what), "byte {at}: {err}");
    }

    // Every byte of the block index: the file opens, and reading any block is an error.
    for at in index_start..groups_start {
        let mut bytes = good.clone();
        bytes[at] ^= 0x20;
        let store = with(&bytes).unwrap();
        for b in 0..blocks as u64 {
            let err = corrupt_message(store.get(b * BLOCK_SLOTS + 77).unwrap_err());
            assert!(err.contains("block index group 0: checksum mismatch"), "byte {at}: {err}");
        }
    }

    // A byte inside block 2: the file opens, the other blocks read right, block 2 is an error.
    let offset = |k: usize| {
        data_start
            + (0..k)
                .map(|j| {
                    u32::from_le_bytes(good[index_start + 8 * j..index_start + 8 * j + 4].try_into().unwrap())
                })
                .sum::<u32>() as usize
    };
    for at in [offset(2), (offset(2) + offset(3)) / 2, offset(3) - 1] {
        let mut bytes = good.clone();
        bytes[at] ^= 0x55;
        let store = with(&bytes).unwrap();
        for b in [0u64, 1, 3, 2] {
            for i in [b * BLOCK_SLOTS, b * BLOCK_SLOTS + 12_345, (b + 1) * BLOCK_SLOTS - 1] {
                match store.get(i) {
                    Ok(o) => {
                        assert_ne!(b, 2, "a damaged block was read");
                        assert_eq!(o, solution.get_slot(i));
                    }
                    Err(e) => {
                        assert_eq!(b, 2);
                        assert!(corrupt_message(e).contains("block 2"));
                    }
                }
            }
        }
    }
    // Two blocks swapped, their lengths swapped in the index and the index checksum redone: the
    // blocks' checksums cover their numbers, so both are errors.
    let (a, b, c) = (offset(0), offset(1), offset(2));
    let mut bytes = good[..a].to_vec();
    bytes.extend_from_slice(&good[b..c]);
    bytes.extend_from_slice(&good[a..b]);
    bytes.extend_from_slice(&good[c..]);
    let entry = |k: usize| index_start + 8 * k;
    let (e0, e1) = (good[entry(0)..entry(0) + 8].to_vec(), good[entry(1)..entry(1) + 8].to_vec());
    bytes[entry(0)..entry(0) + 8].copy_from_slice(&e1);
    bytes[entry(1)..entry(1) + 8].copy_from_slice(&e0);
    let group_crc = crc32fast::hash(&bytes[index_start..groups_start]);
    bytes[groups_start + 8..groups_start + 12].copy_from_slice(&group_crc.to_le_bytes());
    let groups_crc = crc32fast::hash(&bytes[groups_start..]);
    bytes[32..36].copy_from_slice(&groups_crc.to_le_bytes());
    let header_crc = crc32fast::hash(&bytes[..data_start - 4]);
    bytes[data_start - 4..data_start].copy_from_slice(&header_crc.to_le_bytes());
    let store = with(&bytes).unwrap();
    for k in [0u64, 1] {
        assert!(corrupt_message(store.get(k * BLOCK_SLOTS).unwrap_err()).contains(&format!("block {k}")));
    }
    assert_eq!(store.get(2 * BLOCK_SLOTS).unwrap(), solution.get_slot(2 * BLOCK_SLOTS));

    // Truncated at every length in the magic, the version, the lengths, the end fields, the
    // text, the checksum, the first bytes of the blocks, the index and the group table; around
    // every block's ends and at a stride through them.
    let block_lens = (0..=blocks).flat_map(|k| [offset(k) - 1, offset(k), offset(k) + 1]);
    let lens: std::collections::BTreeSet<usize> = (0..data_start + 64)
        .chain(index_start - 1..good.len())
        .chain(block_lens)
        .chain((data_start..index_start).step_by(331))
        .collect();
    for len in lens {
        let err = corrupt_message(with(&good[..len]).err().unwrap_or_else(|| panic!("{len} bytes accepted")));
        assert!(err.contains("truncated") || err.contains("too short"), "{len}: {err}");
        if len >= data_start {
            assert!(err.contains(&format!("{len} bytes, the header says {}", good.len())), "{len}: {err}");
        }
    }
    // Bytes after the end.
    let mut bytes = good.clone();
    bytes.push(0);
    assert!(corrupt_message(with(&bytes).err().unwrap()).contains("1 bytes after the end"));
    // Not a store.
    assert!(corrupt_message(with(b"hello, this is not a store at all").err().unwrap()).contains("magic"));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&damaged);
}

#[test]
fn other_versions_are_refused_as_such() {
    let path = temp("versions.db");
    // A version 1 file: magic, version, text length, text, checksum.
    let text = b"game=tictactoe\nscheme=tictactoe-v1\n";
    let mut v1 = b"NIMBERDB".to_vec();
    v1.extend_from_slice(&1u32.to_le_bytes());
    v1.extend_from_slice(&(text.len() as u32).to_le_bytes());
    v1.extend_from_slice(text);
    let crc = crc32fast::hash(&v1);
    v1.extend_from_slice(&crc.to_le_bytes());
    v1.extend_from_slice(&[0; 40]);
    let mut v3 = v1.clone();
    v3[8..12].copy_from_slice(&(VERSION + 1).to_le_bytes());
    for (version, bytes) in [(1u32, v1), (VERSION + 1, v3)] {
        std::fs::write(&path, &bytes).unwrap();
        match Store::open(&path) {
            // Refused as a store of another version, mended by saving it again.
            Err(e) if matches!(e.root(), Error::Unsupported(_)) => {
                assert_eq!(e.choice(), Some(nimber_engine::Choice::Save), "{e}");
                let msg = e.to_string();
                assert!(
                    msg.contains(&format!("unsupported version {version}"))
                        && msg.contains(&format!("this nimber reads versions 2 to {VERSION}"))
                        && msg.contains("versions.db"),
                    "{msg}"
                );
            }
            Err(e) => panic!("version {version}: {e}"),
            Ok(_) => panic!("version {version} accepted"),
        }
    }
    let _ = std::fs::remove_file(&path);
}

/// Asks to stop after `after` calls.
struct StopAfter(std::sync::atomic::AtomicU32, u32);

impl Progress for StopAfter {
    fn cancelled(&self) -> bool {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= self.1
    }
}

#[test]
fn a_cancelled_write_leaves_no_file() {
    let (space, solution) = solved();
    let path = temp("cancelled.db");
    let stop = StopAfter(Default::default(), 0);
    let id = GameId::new("synthetic", Vec::new());
    let identity =
        Subject { id: &id, scheme: "synthetic-v1", size: space.size(), rules: 7, derived: Derived::Exact };
    let err = store::write(&path, &identity, &solution, &stop).unwrap_err();
    assert!(matches!(err, Error::Cancelled { checkpoint: None, proven: None }), "{err}");
    let dir: Vec<_> =
        std::fs::read_dir(path.parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(dir.iter().all(|n| !n.to_string_lossy().starts_with("cancelled.db")), "{dir:?}");
}

/// A store taken apart: the fixed fields, the header text and the body (blocks, block index,
/// group table), put back together with the checksums recomputed.
struct Parts {
    version: u32,
    text_len: Option<u32>,
    file_len: Option<u64>,
    index_offset: Option<u64>,
    groups_crc: Option<u32>,
    text: String,
}

/// Rebuilds `good` from `parts`: fields left `None` keep their true values (shifted when the text
/// changes length, with the group table's offsets and its checksum redone), and the header
/// checksum is always recomputed, so that only the field set is wrong.
fn rebuild(good: &[u8], parts: &Parts) -> Vec<u8> {
    let (data_start, index_start) = layout(good);
    let old_text_len = data_start - 40;
    let shift = parts.text.len() as i64 - old_text_len as i64;
    let moved = |x: u64| (x as i64 + shift) as u64;
    let mut body = good[data_start..].to_vec();
    // The group table: the last 12 * groups bytes; blocks from the index length.
    let index_and_table = good.len() - index_start;
    // 8 * blocks + 12 * ceil(blocks / 256) = index_and_table.
    let blocks =
        (1..).find(|b: &usize| 8 * b + 12 * b.div_ceil(GROUP_BLOCKS as usize) == index_and_table).unwrap();
    let table_at = index_start - data_start + 8 * blocks;
    for e in body[table_at..].chunks_exact_mut(12) {
        let at = u64::from_le_bytes(e[..8].try_into().unwrap());
        e[..8].copy_from_slice(&moved(at).to_le_bytes());
    }
    let true_groups_crc = crc32fast::hash(&body[table_at..]);
    let mut out = b"NIMBERDB".to_vec();
    out.extend_from_slice(&parts.version.to_le_bytes());
    out.extend_from_slice(&parts.text_len.unwrap_or(parts.text.len() as u32).to_le_bytes());
    out.extend_from_slice(&parts.file_len.unwrap_or(moved(good.len() as u64)).to_le_bytes());
    out.extend_from_slice(&parts.index_offset.unwrap_or(moved(index_start as u64)).to_le_bytes());
    out.extend_from_slice(&parts.groups_crc.unwrap_or(true_groups_crc).to_le_bytes());
    out.extend_from_slice(parts.text.as_bytes());
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out.extend_from_slice(&body);
    out
}

fn parts_of(good: &[u8]) -> Parts {
    let (data_start, _) = layout(good);
    Parts {
        version: VERSION,
        text_len: None,
        file_len: None,
        index_offset: None,
        groups_crc: None,
        text: String::from_utf8(good[36..data_start - 4].to_vec()).unwrap(),
    }
}

/// Every field of the header, the fixed ones and every number of the text, set in turn to 0, 1,
/// its maximum and values whose sums wrap, with the header checksum recomputed (and the group
/// table's offsets and checksum redone when the text changes length): each crafted store is
/// refused at open with a corrupt-file error naming the store, or refused as another version,
/// never a panic, an abort or a huge allocation.
#[test]
fn crafted_headers_with_valid_checksums_are_refused() {
    let (space, solution) = solved_n(16);
    let path = temp("crafted.db");
    save(&space, &solution, &path);
    let good = std::fs::read(&path).unwrap();
    let len = good.len() as u64;
    let base = parts_of(&good);
    assert_eq!(rebuild(&good, &base), good, "the rebuilt file is the file");
    assert!(Store::from_bytes(good.clone(), &path).is_ok());
    let (_, index_start) = layout(&good);
    let mut covered = 0;
    let mut opened = 0;
    let mut check = |bytes: Vec<u8>, what: &str| {
        covered += 1;
        match Store::from_bytes(bytes, Path::new("crafted.db")) {
            // Consistent enough to open (block_slots=16385 still makes 4 blocks): then the
            // first block read is refused.
            Ok(store) => match store.scan(|_, _| true) {
                Err(e @ Error::Corrupt { .. }) => {
                    opened += 1;
                    assert!(
                        e.to_string().starts_with("crafted.db: ") && e.to_string().contains("block"),
                        "{what}: {e}"
                    )
                }
                Err(e) => panic!("{what}: {e}"),
                Ok(()) => panic!("{what}: accepted and read"),
            },
            Err(e @ Error::Corrupt { .. }) => assert!(e.to_string().starts_with("crafted.db"), "{what}: {e}"),
            Err(e) if matches!(e.root(), Error::Unsupported(_)) => {
                assert!(what.starts_with("version"), "{what}: {e}")
            }
            Err(e) => panic!("{what}: {e}"),
        }
    };
    // The fixed fields.
    for v in crafted_values(VERSION as u64, len, u32::MAX as u64, &[2, 8, 12], &[8, 12]) {
        check(rebuild(&good, &Parts { version: v as u32, ..parts_of(&good) }), &format!("version {v}"));
    }
    for v in crafted_values(base.text.len() as u64, len, u32::MAX as u64, &[2, 8, 12], &[8, 12]) {
        check(
            rebuild(&good, &Parts { text_len: Some(v as u32), ..parts_of(&good) }),
            &format!("text_len {v}"),
        );
    }
    for v in crafted_values(len, len, u64::MAX, &[2, 8, 12], &[8, 12]) {
        check(rebuild(&good, &Parts { file_len: Some(v), ..parts_of(&good) }), &format!("file_len {v}"));
    }
    for v in crafted_values(index_start as u64, len, u64::MAX, &[2, 8, 12], &[8, 12]) {
        check(
            rebuild(&good, &Parts { index_offset: Some(v), ..parts_of(&good) }),
            &format!("index_offset {v}"),
        );
    }
    let groups_crc = u32::from_le_bytes(good[32..36].try_into().unwrap()) as u64;
    for v in crafted_values(groups_crc, len, u32::MAX as u64, &[2, 8, 12], &[8, 12]) {
        check(
            rebuild(&good, &Parts { groups_crc: Some(v as u32), ..parts_of(&good) }),
            &format!("groups_crc {v}"),
        );
    }
    // Every number of the text (size, positions, block_slots, blocks, every symbol's remoteness,
    // every count's remoteness and number), one at a time.
    let lines: Vec<&str> = base.text.lines().collect();
    let mut text_fields = 0;
    for (l, line) in lines.iter().enumerate() {
        let (key, value) = line.split_once('=').unwrap();
        if key == "param" {
            continue;
        }
        let tokens: Vec<&str> = value.split(' ').collect();
        for (t, token) in tokens.iter().enumerate() {
            // The example slots of the longest outcomes are checked when they are used (by the
            // rules, `nimber analyze`); here only their remoteness.
            if key == "longest" && t >= 2 {
                continue;
            }
            let Ok(v) = token.parse::<u64>() else { continue };
            text_fields += 1;
            let max = if key == "symbol" || (key == "count" && t == 1) { u32::MAX as u64 } else { u64::MAX };
            let mut values = crafted_values(v, len, max, &[2, 8, 12], &[8, 12]);
            values.push(u64::MAX); // past a remoteness's u32
            for x in values {
                if x == v {
                    continue;
                }
                let mut tokens = tokens.clone();
                let x_text = x.to_string();
                tokens[t] = &x_text;
                let mut lines = lines.clone();
                let new_line = format!("{key}={}", tokens.join(" "));
                lines[l] = &new_line;
                let text = lines.join("\n") + "\n";
                check(rebuild(&good, &Parts { text, ..parts_of(&good) }), &format!("{line} set to {x}"));
            }
        }
    }
    assert!(text_fields >= 8, "size, positions, block_slots, blocks, symbols and counts: {text_fields}");
    // The sums of the block index's position wrapping around to the file's length: 2^58 blocks
    // of one slot, the index placed so that index_offset + 8 * blocks + 12 * groups = len
    // modulo 2^64 (the group table alone would be 3 * 2^52 bytes).
    let blocks = 1u64 << 58;
    let text = base
        .text
        .lines()
        .map(|l| match l.split_once('=').unwrap().0 {
            "size" => format!("size={blocks}"),
            "block_slots" => "block_slots=1".into(),
            "blocks" => format!("blocks={blocks}"),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let table = 12 * blocks.div_ceil(GROUP_BLOCKS);
    let index_offset = len.wrapping_sub(8 * blocks).wrapping_sub(table);
    let bytes =
        rebuild(&good, &Parts { text: text.clone(), index_offset: Some(index_offset), ..parts_of(&good) });
    assert_eq!(
        index_offset.wrapping_add(8 * blocks).wrapping_add(table),
        bytes.len() as u64 - (text.len() as u64 - base.text.len() as u64)
    );
    let bytes = rebuild(
        &good,
        &Parts {
            index_offset: Some(bytes.len() as u64).map(|n| n.wrapping_sub(8 * blocks).wrapping_sub(table)),
            text,
            ..parts_of(&good)
        },
    );
    covered += 1;
    let err =
        Store::from_bytes(bytes, Path::new("crafted.db")).err().expect("a wrapping block index is refused");
    assert!(err.to_string().contains("index_offset"), "{err}");
    println!(
        "{covered} crafted stores refused ({text_fields} numbers of the header text; {opened} opened, refused at the first block)"
    );
    assert!(covered > 300, "{covered}");
    let _ = std::fs::remove_file(&path);
}

/// A line of `n` positions: from `i` a move to `i - 1` (and to `i - 2` from 3 and up); position
/// 0 ends the game with `end` for the player to move. Variants differ in their rules far from
/// the start (`n - 1`).
struct Line {
    n: u64,
    end: Outcome,
}

impl Game for Line {
    type Position = u64;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> u64 {
        self.n - 1
    }

    fn moves(&self, &i: &u64) -> Vec<Move<u64>> {
        let mut out = Vec::new();
        self.successors(&i, &mut out);
        out.into_iter().map(|j| Move::new(format!("to{j}"), j)).collect()
    }

    fn successors(&self, &i: &u64, out: &mut Vec<u64>) {
        if i > 0 {
            out.push(i - 1);
        }
        if i >= 3 {
            out.push(i - 2);
        }
    }

    fn terminal(&self, &i: &u64) -> Option<Outcome> {
        (i == 0).then_some(self.end)
    }

    fn capabilities(&self) -> Capabilities<'_, u64> {
        Capabilities::none().notation(self).backward(self)
    }
}

impl Notation<u64> for Line {
    fn format(&self, i: &u64) -> String {
        i.to_string()
    }

    fn parse(&self, text: &str) -> Result<u64, ParseError> {
        text.trim().parse().map_err(|_| ParseError::new("not a number"))
    }
}

impl Backward<u64> for Line {
    fn predecessors(&self, &j: &u64, out: &mut Vec<u64>) {
        if j + 1 < self.n && j + 1 > 0 {
            out.push(j + 1);
        }
        if j + 2 < self.n && j + 2 >= 3 {
            out.push(j + 2);
        }
    }
}

impl Indexed for Line {
    fn size(&self) -> u64 {
        self.n
    }

    fn rank(&self, &i: &u64) -> u64 {
        i
    }

    fn unrank(&self, i: u64) -> Option<u64> {
        (i < self.n).then_some(i)
    }

    fn index_scheme(&self) -> String {
        "line-v1".into()
    }
}

impl SlotMoves for Line {}

/// A store of `written`'s solution, read with the rules of `read`.
fn line_store(written: &Line, name: &str) -> (std::path::PathBuf, Store) {
    let solution = dense::solve(written, None, &Silent).unwrap();
    let path = temp(name);
    let scheme = written.index_scheme();
    let rules = nimber_engine::table::rules_fingerprint(written);
    let id = GameId::new("line", Vec::new());
    let identity = Subject { id: &id, scheme: &scheme, size: written.size(), rules, derived: Derived::Wins };
    store::write(&path, &identity, &solution, &Silent).unwrap();
    let store = Store::open(&path).unwrap();
    (path, store)
}

#[test]
fn a_store_of_other_rules_is_refused_by_its_fingerprint_or_by_the_answer() {
    let lose = Outcome::new(Value::Lose, 0);
    let win = Outcome::new(Value::Win, 0);
    // Short lines: the fingerprint reads every position, so the end's value changes it.
    let (short, short_won) = (Line { n: 200, end: lose }, Line { n: 200, end: win });
    let fingerprint = nimber_engine::table::rules_fingerprint;
    assert_ne!(fingerprint(&short), fingerprint(&short_won));
    let (path, store) = line_store(&short, "line-short.db");
    assert_eq!(store.header().rules, Some(fingerprint(&short)));
    let err = Dense(short_won).query_store(&store, None).unwrap_err().to_string();
    assert!(err.contains("stored for other rules of line"), "{err}");
    // The same rules read it, every position agreeing with its moves.
    let same = Dense(Line { n: 200, end: lose });
    for i in 0..200 {
        let report = same.query_store(&store, Some(&i.to_string())).unwrap();
        assert!(report.consistent(), "position {i}");
    }
    drop(store);
    std::fs::remove_file(&path).unwrap();

    // Long lines: the fingerprint reads the first 256 positions from the start only, and
    // misses a change at the far end...
    let (long, long_won) = (Line { n: 3000, end: lose }, Line { n: 3000, end: win });
    assert_eq!(fingerprint(&long), fingerprint(&long_won));
    let (path, store) = line_store(&long, "line-long.db");
    let changed = Dense(long_won);
    // ...which the answers about the positions where the rules changed refuse: the end's
    // declared value, and the declared ends a position's moves reach (the file says 1 wins in 1
    // by moving to 0, which now ends the game won for the player to move there).
    for at in ["0", "1"] {
        let err = changed.query_store(&store, Some(at)).unwrap_err();
        assert!(matches!(err, Error::Corrupt { .. }), "{at}: {err}");
        assert!(err.to_string().contains("written for other rules"), "{err}");
    }
    // (Further up, each answer agrees with its moves as stored: one ply is what a query checks.)
    assert!(changed.query_store(&store, Some("2999")).is_ok());
    drop(store);
    std::fs::remove_file(&path).unwrap();
}
