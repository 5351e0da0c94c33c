//! A tiered game ([`Tiered`]) solved tier by tier into a directory: one store per tier
//! (`TIER.nimber`, the usual format, its slots the tier's index), and a manifest (`manifest`)
//! naming the game and, for each finished tier, its store's length and CRC-32.
//!
//! The tiers are solved children first ([`order`]); each by the lean solver
//! ([`crate::table::lean`]) over the tier's index, its moves into finished tiers answered from
//! their stores, read into memory for the solve of the tier (the slots its moves reach only:
//! [`Tiered::tier_child_slots`]), two bytes a slot ([`Outcomes`]). A tier is written whole
//! (a temporary file renamed) and then entered in the manifest (written whole too), so a solve
//! stopped at any point (Ctrl-C, a crash, SIGKILL) loses at most the tier under way: the same
//! command finds the tiers of the manifest whose store has the length and CRC-32 it records, and
//! starts at the first other one. A store in the directory that the manifest does not name, or
//! names with another checksum, is solved again.
//!
//! **Compacted stores.** A tier is written with every outcome's remoteness, as the tiers above
//! it read it. Once every tier whose moves reach it is finished, it is written again with its
//! losses' remoteness left to the rules ([`Derived::Losses`]: one more than the greatest
//! remoteness of their moves, found one ply deep when a position is read), which takes a third
//! to a half off Nine Men's Morris's stores (`docs/measurements.md`). The compacted store is
//! written as `TIER.compacted`, recorded in the manifest, then renamed over the tier's store; a
//! solve that finds a `TIER.compacted` completes the rename if the manifest records it, and
//! removes it otherwise. Compacting is a function of the store, so a resumed solve ends with the
//! same bytes as an uninterrupted one. A tier solved again after its children were compacted
//! (its store lost) reads their losses through the rules, correctly but slowly.
//!
//! The manifest uses the framing of the other formats ([`crate::store`]'s `frame.rs`): magic
//! `NIMBERTI`, version 1, then the header text: the game (`game=`, `param=`), `scheme=` (the
//! tiers' index scheme) and `size=` (the slots of every tier), then one line
//! `tier=NAME SLOTS BYTES CRC` per finished tier (CRC in 8 hexadecimal digits), in the order
//! solved; then its checksum.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use crate::error::Error;
use crate::memory::describe_bytes;
use crate::progress::Progress;
use crate::rules::params::GameId;
use crate::solve::solution::CountRow;
use crate::store::format::{Derived, Entry, Subject};
use crate::store::frame::{fields, header_crc, io, text_len, version, Frame, IdentityFields, Text, PREFIX};
use crate::store::read::Store;
use crate::store::write::{write, LeanSlots, StoreSlots};
use crate::table::tiers::{Below, Outcomes, TierGame, Tiered};
use crate::table::{lean, Indexed};

/// The manifest's magic bytes.
const MAGIC: &[u8; 8] = b"NIMBERTI";
/// The manifest's format version.
pub const VERSION: u32 = 1;
/// The manifest's file name in a tier directory.
pub const MANIFEST: &str = "manifest";

const FRAME: Frame = Frame { magic: MAGIC, fixed: PREFIX, max_text: 1 << 20, damaged: damaged_path };

fn damaged_path(path: &Path, what: String) -> Error {
    Error::Corrupt { path: path.display().to_string(), what }
}

/// A finished tier as the manifest records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The tier's name ([`Tiered::tier_name`]).
    pub name: String,
    /// The slots of its index.
    pub slots: u64,
    /// Its store's length in bytes.
    pub bytes: u64,
    /// The CRC-32 of its store's bytes.
    pub crc: u32,
}

/// The manifest of a tier directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The game with every parameter.
    pub id: GameId,
    /// The index scheme of the tiers.
    pub scheme: String,
    /// The finished tiers, in the order solved.
    pub finished: Vec<Finished>,
}

impl Manifest {
    /// The manifest's bytes, as written to its file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = Text::default();
        let slots: u64 = self.finished.iter().map(|f| f.slots).sum();
        text.identity(&self.id, &self.scheme, slots);
        for f in &self.finished {
            text.line("tier", format_args!("{} {} {} {:08x}", f.name, f.slots, f.bytes, f.crc));
        }
        let mut head = FRAME.head(VERSION, &text.into_string());
        Frame::seal(&mut head);
        head
    }

    /// Reads a manifest from its bytes; `path` names it in errors. Whatever the bytes, the
    /// result is a manifest or an error naming what is wrong (a fuzz target calls this).
    pub fn parse(bytes: &[u8], path: &Path) -> Result<Manifest, Error> {
        let damaged = |what: String| FRAME.damaged(path, what);
        if bytes.len() < PREFIX || &bytes[..8] != MAGIC {
            return Err(Error::Unsupported(format!("{}: not a nimber tier manifest", path.display())));
        }
        let v = version(bytes);
        if v != VERSION {
            return Err(Error::Unsupported(format!(
                "{}: tier manifest version {v}; this nimber reads version {VERSION}",
                path.display()
            )));
        }
        let len = text_len(bytes);
        if len > FRAME.max_text || PREFIX + len as usize + 4 != bytes.len() {
            return Err(damaged(format!("the header's length ({len}) does not match the file's")));
        }
        let (text, crc) = bytes[PREFIX..].split_at(len as usize);
        if header_crc(&bytes[..PREFIX], text) != u32::from_le_bytes(crc.try_into().expect("4 bytes")) {
            return Err(damaged("the manifest fails its checksum".into()));
        }
        let text = std::str::from_utf8(text).map_err(|_| damaged("the manifest is not UTF-8".into()))?;
        let (mut identity, mut finished, mut size) = (IdentityFields::default(), Vec::new(), None);
        for field in fields(text) {
            let field = field.map_err(damaged)?;
            if field.key == "size" {
                size = Some(field.u64().map_err(damaged)?);
            }
            if identity.read(&field).map_err(damaged)? {
                continue;
            }
            if field.key != "tier" {
                return Err(damaged(field.unknown()));
            }
            let parts: Vec<&str> = field.value.split(' ').collect();
            let [name, slots, bytes, crc] = parts[..] else { return Err(damaged(field.bad())) };
            let crc = (crc.len() == 8).then(|| u32::from_str_radix(crc, 16).ok()).flatten();
            let (Ok(slots), Ok(bytes), Some(crc)) = (slots.parse(), bytes.parse(), crc) else {
                return Err(damaged(field.bad()));
            };
            if !valid_name(name) || finished.iter().any(|f: &Finished| f.name == name) {
                return Err(damaged(field.bad()));
            }
            finished.push(Finished { name: name.to_string(), slots, bytes, crc });
        }
        let identity = identity.finish();
        let total = finished.iter().try_fold(0u64, |a, f| a.checked_add(f.slots));
        if size.is_none() || total != size {
            return Err(damaged("the tiers' slots do not add up to the size".into()));
        }
        Ok(Manifest { id: identity.id, scheme: identity.scheme, finished })
    }

    /// Reads the manifest of the tier directory `dir`.
    pub fn read(dir: &Path) -> Result<Manifest, Error> {
        let path = dir.join(MANIFEST);
        let len = std::fs::metadata(&path).map_err(io(&path))?.len();
        if len > u64::from(FRAME.max_text) + 64 {
            return Err(FRAME.damaged(&path, format!("{len} bytes, too long for a manifest")));
        }
        let bytes = std::fs::read(&path).map_err(io(&path))?;
        Manifest::parse(&bytes, &path)
    }

    fn write(&self, dir: &Path) -> Result<(), Error> {
        let bytes = self.to_bytes();
        crate::store::files::write_whole(&dir.join(MANIFEST), |f| f.write_all(&bytes))
    }
}

/// Whether `name` may name a tier: ASCII letters, digits and `-`, 1 to 64 of them.
fn valid_name(name: &str) -> bool {
    (1..=64).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The store of tier `name` in `dir`.
pub fn tier_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.nimber"))
}

/// The tiers of `game` to solve, children first: every tier of [`Tiered::tiers`], or with
/// `only`, the tiers named and those they need. Refuses a tier name that is not valid or not
/// unique, a child that is not a tier, a name of `only` that is no tier, and a cycle between
/// tiers (naming it).
pub fn order<G: Tiered>(game: &G, only: Option<&[String]>) -> Result<Vec<G::Tier>, Error> {
    let tiers = game.tiers();
    let mut names = BTreeMap::new();
    for &t in &tiers {
        let name = game.tier_name(t);
        if !valid_name(&name) {
            return Err(Error::Unsupported(format!(
                "tier {t:?} has the name `{name}`, not letters, digits and `-`"
            )));
        }
        if names.insert(name.clone(), t).is_some() {
            return Err(Error::Unsupported(format!("two tiers are named `{name}`")));
        }
    }
    let known: BTreeSet<G::Tier> = tiers.iter().copied().collect();
    let children = |t: G::Tier| -> Result<Vec<G::Tier>, Error> {
        let c = game.tier_children(t);
        match c.iter().find(|c| !known.contains(c) && **c != t) {
            Some(bad) => Err(Error::Unsupported(format!(
                "tier {} names a child {bad:?} that is not one of the game's tiers",
                game.tier_name(t)
            ))),
            None => Ok(c.into_iter().filter(|&c| c != t).collect()),
        }
    };
    let roots: Vec<G::Tier> = match only {
        None => tiers.clone(),
        Some(only) => only
            .iter()
            .map(|n| {
                names.get(n.as_str()).copied().ok_or_else(|| {
                    let all: Vec<&str> = names.keys().map(String::as_str).collect();
                    Error::Param(format!("no tier is named `{n}` (tiers: {})", all.join(", ")))
                })
            })
            .collect::<Result<_, _>>()?,
    };
    // Depth first, children before parents; `path` is the chain being explored.
    let (mut done, mut out) = (BTreeSet::new(), Vec::new());
    let mut roots = roots;
    roots.sort();
    for root in roots {
        let mut path: Vec<(G::Tier, Vec<G::Tier>)> = Vec::new();
        if done.contains(&root) {
            continue;
        }
        path.push((root, children(root)?));
        while let Some((t, pending)) = path.last_mut() {
            let t = *t;
            match pending.pop() {
                Some(c) if done.contains(&c) => {}
                Some(c) => {
                    if let Some(at) = path.iter().position(|(p, _)| *p == c) {
                        let cycle: Vec<String> = path[at..]
                            .iter()
                            .map(|(p, _)| game.tier_name(*p))
                            .chain([game.tier_name(c)])
                            .collect();
                        return Err(Error::Unsupported(format!(
                            "the tiers form a cycle: {}",
                            cycle.join(" -> ")
                        )));
                    }
                    path.push((c, children(c)?));
                }
                None => {
                    done.insert(t);
                    out.push(t);
                    path.pop();
                }
            }
        }
    }
    Ok(out)
}

/// How to solve a tiered game.
#[derive(Clone, Debug, Default)]
pub struct TierOptions {
    /// The most memory a tier's solve may take, in bytes: a solve whose largest tier would take
    /// more is refused before it starts.
    pub memory: Option<u64>,
    /// Solve only these tiers (by name) and the tiers they need.
    pub only: Option<Vec<String>>,
    /// Keep every outcome's remoteness in the stores: no tier is compacted (see the module's
    /// documentation), at the cost of larger files.
    pub exact: bool,
}

/// A tier of a solve: found finished in the directory, or solved now.
#[derive(Clone, Debug)]
pub struct TierDone {
    /// The tier's name.
    pub name: String,
    /// The slots of its index.
    pub slots: u64,
    /// The positions solved: the slots that are not holes.
    pub positions: u64,
    /// Its positions by value and remoteness.
    pub counts: Vec<CountRow>,
    /// Whether it was found finished (a resumed solve) rather than solved now.
    pub found: bool,
    /// Its store's length in bytes.
    pub bytes: u64,
}

/// What a tiered solve did.
#[derive(Clone, Debug)]
pub struct TierReport {
    /// The tiers, in the order solved.
    pub tiers: Vec<TierDone>,
    /// The largest memory estimate of a tier's solve, in bytes, and the tier's name.
    pub largest: (u64, String),
}

impl TierReport {
    /// The positions of every tier.
    pub fn positions(&self) -> u64 {
        self.tiers.iter().map(|t| t.positions).sum()
    }

    /// The positions of every tier by value and remoteness.
    pub fn counts(&self) -> Vec<CountRow> {
        let mut sum: BTreeMap<(usize, Option<u32>), u64> = BTreeMap::new();
        for row in self.tiers.iter().flat_map(|t| &t.counts) {
            *sum.entry((row.value.index(), row.remoteness)).or_default() += row.count;
        }
        sum.into_iter()
            .map(|((v, remoteness), count)| CountRow { value: crate::Value::ALL[v], remoteness, count })
            .collect()
    }
}

/// The memory a tier's solve takes: the lean solve of its index and the outcomes of the slots of
/// its children that its moves reach.
fn tier_memory<G: Tiered>(game: &G, tier: G::Tier) -> (u64, u64) {
    let size = game.tier_index(tier).size();
    let below: u64 = game
        .tier_children(tier)
        .into_iter()
        .filter(|&c| c != tier)
        .map(|c| {
            let r = game.tier_child_slots(tier, c);
            Outcomes::bytes(r.end - r.start)
        })
        .sum();
    (size, lean::estimate_bytes(size) + below)
}

/// The CRC-32 and length of a file's bytes.
fn file_crc(path: &Path) -> Result<(u32, u64), Error> {
    use std::io::Read as _;
    let mut file = std::fs::File::open(path).map_err(io(path))?;
    let (mut hasher, mut buf, mut len) = (crc32fast::Hasher::new(), vec![0u8; 1 << 20], 0u64);
    loop {
        let n = file.read(&mut buf).map_err(io(path))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        len += n as u64;
    }
    Ok((hasher.finalize(), len))
}

/// The scheme a tier's store records: the tiers' scheme and the tier's name.
fn tier_scheme(scheme: &str, name: &str) -> String {
    format!("{scheme} tier {name}")
}

/// Whether the store of `f` in `dir` is whole: its length and CRC-32 are the manifest's.
fn intact(dir: &Path, f: &Finished) -> bool {
    let path = tier_path(dir, &f.name);
    std::fs::metadata(&path).is_ok_and(|m| m.len() == f.bytes)
        && file_crc(&path).is_ok_and(|c| c == (f.crc, f.bytes))
}

/// Opens the store of tier `name` of the game `id` in `dir`, checking that it is that tier's.
pub fn open_tier(dir: &Path, id: &GameId, scheme: &str, name: &str, slots: u64) -> Result<Store, Error> {
    let path = tier_path(dir, name);
    let store = Store::open(&path)?;
    let h = store.header();
    let want = tier_scheme(scheme, name);
    if h.id != *id || h.scheme != want || h.size != slots {
        return Err(Error::Corrupt {
            path: path.display().to_string(),
            what: format!(
                "a store of {} ({}, {} slots), not of tier {name} of {} ({want}, {slots} slots)",
                h.id, h.scheme, h.size, id
            ),
        });
    }
    Ok(store)
}

/// The outcomes of the slots `range` of the finished tier `tier` (its store opened as `store`),
/// read in parallel, a block at a time (each thread with the store opened again: a store reads
/// one block at a time). A loss stored without its remoteness (a compacted tier read by a tier
/// solved again) is derived from its moves ([`derive_loss`]).
fn read_outcomes<G: Tiered>(
    game: &G,
    dir: &Path,
    manifest: &Manifest,
    tier: G::Tier,
    store: &Store,
    range: Range<u64>,
) -> Result<Outcomes, Error> {
    let path = tier_path(dir, &game.tier_name(tier));
    let index = game.tier_index(tier);
    let mut outcomes = Outcomes::new(range.clone())?;
    let bs = store.header().block_slots;
    // The codes of each block's slots, to be filled by one thread.
    let mut pieces = Vec::new();
    let mut rest = outcomes.codes_mut();
    let mut at = range.start;
    while at < range.end {
        let end = ((at / bs + 1) * bs).min(range.end);
        let (piece, tail) = rest.split_at_mut((end - at) as usize);
        pieces.push((at, piece));
        rest = tail;
        at = end;
    }
    pieces.into_par_iter().try_for_each_init(
        || (Store::open(&path), BTreeMap::new()),
        |(opened, open), (first, piece)| -> Result<(), Error> {
            let store =
                opened.as_ref().map_err(|e| Error::Unsupported(format!("{}: {e}", path.display())))?;
            let mut result = Ok(());
            store.scan_range(first..first + piece.len() as u64, |slot, entry| {
                let outcome = match entry {
                    Entry::Outcome(o) => Ok(o),
                    Entry::Lose => match index.unrank(slot) {
                        Some(pos) => derive_loss(game, dir, manifest, open, &pos),
                        None => Err(Error::Corrupt {
                            path: path.display().to_string(),
                            what: format!("slot {slot} holds a loss but is not a position"),
                        }),
                    },
                    Entry::Win => Err(Error::Unsupported(format!(
                        "{}: a win without its remoteness in a tier's store",
                        path.display()
                    ))),
                };
                result = outcome.and_then(Outcomes::code).map(|c| piece[(slot - first) as usize] = c);
                result.is_ok()
            })?;
            result
        },
    )?;
    Ok(outcomes)
}

/// The name a tier's compacted store is written under, until the manifest records it.
fn compacted_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.compacted"))
}

/// Completes or undoes the compaction of each finished tier that a solve stopped during (see
/// the module's documentation): a `TIER.compacted` that the manifest records replaces the
/// tier's store; one it does not is removed.
fn settle_compactions(dir: &Path, manifest: &Manifest) -> Result<(), Error> {
    for f in &manifest.finished {
        let pending = compacted_path(dir, &f.name);
        if !pending.exists() {
            continue;
        }
        if file_crc(&pending)? == (f.crc, f.bytes) {
            std::fs::rename(&pending, tier_path(dir, &f.name)).map_err(io(&pending))?;
        } else {
            std::fs::remove_file(&pending).map_err(io(&pending))?;
        }
    }
    Ok(())
}

/// Compacts every finished tier whose store keeps its losses' remoteness and whose readers
/// (the tiers whose moves reach it) are all finished (see the module's documentation).
fn compact_ready<G: Tiered>(
    game: &G,
    dir: &Path,
    manifest: &mut Manifest,
    progress: &dyn Progress,
) -> Result<(), Error> {
    let tiers = game.tiers();
    let readers: Vec<(String, Vec<String>)> = tiers
        .iter()
        .map(|&t| {
            (game.tier_name(t), game.tier_children(t).into_iter().filter(|&c| c != t).collect::<Vec<_>>())
        })
        .map(|(name, children)| (name, children.into_iter().map(|c| game.tier_name(c)).collect()))
        .collect();
    for k in 0..manifest.finished.len() {
        let name = manifest.finished[k].name.clone();
        let all_read = readers
            .iter()
            .filter(|(_, children)| children.contains(&name))
            .all(|(reader, _)| manifest.finished.iter().any(|f| f.name == *reader));
        if !all_read {
            continue;
        }
        let path = tier_path(dir, &name);
        let store = Store::open(&path)?;
        let h = store.header();
        if h.derived() != Derived::Exact {
            continue;
        }
        let rules = h.rules.ok_or_else(|| Error::Corrupt {
            path: path.display().to_string(),
            what: "a tier's store without the rules' fingerprint".into(),
        })?;
        let subject = Subject { id: &h.id, scheme: &h.scheme, size: h.size, rules, derived: Derived::Losses };
        let pending = compacted_path(dir, &name);
        write(&pending, &subject, &StoreSlots::new(&store), progress)?;
        let (crc, bytes) = file_crc(&pending)?;
        let before = manifest.finished[k].bytes;
        manifest.finished[k].crc = crc;
        manifest.finished[k].bytes = bytes;
        manifest.write(dir)?;
        std::fs::rename(&pending, &path).map_err(io(&pending))?;
        progress.note(&format!(
            "tier {name} compacted (its losses' remoteness left to the rules): {before} -> {bytes} bytes"
        ));
    }
    Ok(())
}

/// Solves the tiers of `game` (all, or [`TierOptions::only`] and what they need) into the
/// directory `dir` as the game `id` (see the module's documentation): the tiers already
/// finished there are kept, the others solved, children first. The memory estimate of the
/// largest tier is checked against [`TierOptions::memory`] before anything is solved.
pub fn solve<G: Tiered>(
    game: &G,
    id: &GameId,
    dir: &Path,
    options: &TierOptions,
    progress: &dyn Progress,
) -> Result<TierReport, Error> {
    let order = order(game, options.only.as_deref())?;
    let Some(&first) = order.first() else {
        return Err(Error::Unsupported("the game has no tiers to solve".into()));
    };
    let scheme = game.tier_index(first).index_scheme();
    crate::store::frame::check_names(id, &scheme, "stored")?;
    let plans: Vec<(G::Tier, String, u64, u64)> = order
        .iter()
        .map(|&t| {
            let (size, memory) = tier_memory(game, t);
            (t, game.tier_name(t), size, memory)
        })
        .collect();
    let total: u64 = plans.iter().map(|p| p.2).sum();
    let largest = plans.iter().max_by_key(|p| p.3).expect("a tier");
    progress.note(&format!(
        "{} tiers, {total} slots in all; the largest solve is tier {} ({} slots): memory about {}",
        plans.len(),
        largest.1,
        largest.2,
        describe_bytes(largest.3)
    ));
    if let Some(limit) = options.memory.filter(|&l| largest.3 > l) {
        let over: Vec<String> = plans.iter().filter(|p| p.3 > limit).map(|p| p.1.clone()).collect();
        return Err(Error::TooLarge(format!(
            "tier {} needs about {} to solve, over the memory limit of {} (tiers over it: {})",
            largest.1,
            describe_bytes(largest.3),
            describe_bytes(limit),
            over.join(", ")
        )));
    }
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let _lock = crate::store::files::TargetLock::acquire(&dir.join(MANIFEST))?;
    // The temporary files of a solve that was killed while writing a tier or the manifest.
    let mut removed = crate::store::files::remove_stale(&dir.join(MANIFEST))?;
    for (_, name, _, _) in &plans {
        removed.extend(crate::store::files::remove_stale(&tier_path(dir, name))?);
        removed.extend(crate::store::files::remove_stale(&compacted_path(dir, name))?);
    }
    if let Some(line) = crate::store::files::describe_removed(&removed) {
        progress.note(&line);
    }
    let mut manifest = match Manifest::read(dir) {
        Ok(m) if m.id == *id && m.scheme == scheme => m,
        Ok(m) => {
            return Err(Error::Unsupported(format!(
                "{}: a solve of {} ({}), not of {id} ({scheme}); choose another directory",
                dir.display(),
                m.id,
                m.scheme
            )))
        }
        Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            Manifest { id: id.clone(), scheme: scheme.clone(), finished: Vec::new() }
        }
        Err(e) => return Err(e),
    };
    settle_compactions(dir, &manifest)?;
    // Tiers whose store is not whole are solved again.
    let kept: Vec<Finished> = manifest.finished.iter().filter(|f| intact(dir, f)).cloned().collect();
    if kept.len() != manifest.finished.len() {
        let lost: Vec<&str> =
            manifest.finished.iter().filter(|f| !kept.contains(f)).map(|f| f.name.as_str()).collect();
        progress
            .note(&format!("tiers to solve again (their store is missing or damaged): {}", lost.join(", ")));
        manifest.finished = kept;
        manifest.write(dir)?;
    }
    if !options.exact {
        compact_ready(game, dir, &mut manifest, progress)?;
    }
    let started = Instant::now();
    let (mut report, mut solved_slots) = (Vec::new(), 0u64);
    let left: u64 =
        plans.iter().filter(|p| !manifest.finished.iter().any(|f| f.name == p.1)).map(|p| p.2).sum();
    for (k, (tier, name, size, _)) in plans.iter().enumerate() {
        if let Some(f) = manifest.finished.iter().find(|f| f.name == *name) {
            let store = open_tier(dir, id, &scheme, name, *size)?;
            let h = store.header();
            report.push(TierDone {
                name: name.clone(),
                slots: *size,
                positions: h.positions,
                counts: h.counts.clone(),
                found: true,
                bytes: f.bytes,
            });
            continue;
        }
        if progress.cancelled() {
            return Err(Error::Cancelled { checkpoint: None, proven: None });
        }
        let eta = if solved_slots > 0 {
            let per_slot = started.elapsed().as_secs_f64() / solved_slots as f64;
            format!("; about {:.0} s left", per_slot * (left - solved_slots) as f64)
        } else {
            String::new()
        };
        progress.note(&format!("tier {} of {}: {name} ({size} slots){eta}", k + 1, plans.len()));
        let mut parts = Vec::new();
        for child in game.tier_children(*tier).into_iter().filter(|c| c != tier) {
            let child_name = game.tier_name(child);
            let index = game.tier_index(child);
            let store = open_tier(dir, id, &scheme, &child_name, index.size())?;
            let range = game.tier_child_slots(*tier, child);
            let outcomes = read_outcomes(game, dir, &manifest, child, &store, range)?;
            parts.push((child, index, outcomes));
        }
        let below = Below::new(parts);
        let tier_game = TierGame::new(game, *tier, &below);
        let solution = lean::solve(&tier_game, options.memory, Some(dir), progress)?;
        below.check()?;
        let path = tier_path(dir, name);
        let tier_scheme = tier_scheme(&scheme, name);
        let subject = Subject {
            id,
            scheme: &tier_scheme,
            size: *size,
            rules: tier_game.rules_fingerprint(),
            derived: Derived::Exact,
        };
        write(&path, &subject, &LeanSlots::new(&solution), progress)?;
        let (crc, bytes) = file_crc(&path)?;
        manifest.finished.push(Finished { name: name.clone(), slots: *size, bytes, crc });
        manifest.write(dir)?;
        if !options.exact {
            compact_ready(game, dir, &mut manifest, progress)?;
        }
        solved_slots += size;
        report.push(TierDone {
            name: name.clone(),
            slots: *size,
            positions: solution.positions(),
            counts: solution.counts().to_vec(),
            found: false,
            bytes,
        });
    }
    // The stores compacted since their tier was solved.
    for done in &mut report {
        if let Some(f) = manifest.finished.iter().find(|f| f.name == done.name) {
            done.bytes = f.bytes;
        }
    }
    Ok(TierReport { tiers: report, largest: (largest.3, largest.1.clone()) })
}

/// The outcome of a position of a tiered game solved into `dir` ([`solve`]): `None` for a
/// position out of the tiers ([`Tiered::in_tiers`]) or whose tier the directory does not hold.
/// A loss stored without its remoteness is derived from its moves. Stores are
/// opened as needed and kept in `open`.
pub fn outcome<G: Tiered>(
    game: &G,
    dir: &Path,
    manifest: &Manifest,
    open: &mut BTreeMap<String, Store>,
    pos: &G::Position,
) -> Result<Option<crate::Outcome>, Error> {
    if let Some(o) = game.terminal(pos) {
        return Ok(Some(o));
    }
    match stored(game, dir, manifest, open, pos)? {
        None => Ok(None),
        Some(Entry::Outcome(o)) => Ok(Some(o)),
        Some(Entry::Lose) => derive_loss(game, dir, manifest, open, pos).map(Some),
        Some(Entry::Win) => Err(Error::Unsupported(format!(
            "{}: a win without its remoteness in a tier's store",
            tier_path(dir, &game.tier_name(game.tier(pos))).display()
        ))),
    }
}

/// The entry of `pos` (in the tiers, not ended) in its tier's store: `None` when the
/// directory does not hold its tier or the slot holds no position.
fn stored<G: Tiered>(
    game: &G,
    dir: &Path,
    manifest: &Manifest,
    open: &mut BTreeMap<String, Store>,
    pos: &G::Position,
) -> Result<Option<Entry>, Error> {
    if !game.in_tiers(pos) {
        return Ok(None);
    }
    let tier = game.tier(pos);
    let name = game.tier_name(tier);
    let Some(f) = manifest.finished.iter().find(|f| f.name == name) else { return Ok(None) };
    if !open.contains_key(&name) {
        let store = open_tier(dir, &manifest.id, &manifest.scheme, &name, f.slots)?;
        open.insert(name.clone(), store);
    }
    let store = &open[&name];
    let index = game.tier_index(tier);
    store.entry(index.rank(pos))
}

/// The outcome of `pos`, stored as a loss without its remoteness: one more than the greatest
/// remoteness of its moves, every one of which must reach a won position (stored with its
/// remoteness, or ending the game); 0 without a move. A move to anything else is an error
/// naming the store: the file was written for other rules.
fn derive_loss<G: Tiered>(
    game: &G,
    dir: &Path,
    manifest: &Manifest,
    open: &mut BTreeMap<String, Store>,
    pos: &G::Position,
) -> Result<crate::Outcome, Error> {
    let mut children = Vec::new();
    game.successors(pos, &mut children);
    let moves = children
        .iter()
        .map(|c| match game.terminal(c) {
            Some(o) => Ok(Some(o)),
            None => Ok(match stored(game, dir, manifest, open, c)? {
                Some(Entry::Outcome(o)) => Some(o),
                _ => None,
            }),
        })
        .collect::<Result<Vec<_>, Error>>()?;
    crate::store::probe::loss_from_moves(&moves).ok_or_else(|| {
        let tier = game.tier(pos);
        Error::Corrupt {
            path: tier_path(dir, &game.tier_name(tier)).display().to_string(),
            what: format!(
                "slot {} is stored as a loss, but a move reaches a position that is not won: the \
                 file was written for other rules; solve it again",
                game.tier_index(tier).rank(pos)
            ),
        }
    })
}
