//! Checkpoints of long dense solves: the state between two rounds of retrograde analysis in a
//! file, written now and then and when the solve is stopped ([`crate::Progress::cancelled`]),
//! so that a later solve resumes from it and ends exactly as an uninterrupted one.
//!
//! Between two rounds the whole state of a dense solve is the reachable set (its bitset words),
//! one state word per reachable position, the phase (wins and losses, or ties) and the round
//! `r`: the next frontier is exactly the positions decided in the phase with remoteness `r`, so
//! that it is rebuilt from the state words on resume (see
//! [`crate::solve::retrograde::Rounds`]) and never saved. Before the rounds, the
//! breadth-first search of the reachable set is checkpointed too, between two of its levels:
//! the slots found so far and the frontier (the slots found at the last level) with its level
//! (`crate::table::dense::reachable_from`).
//!
//! The rooms: `format.rs` (the format below: the header, writing, reading and checking),
//! `hook.rs` (the options and the [`Checkpointer`] between rounds) and `members.rs` (the
//! checkpoints of the members of a split solve, [`MemberCheckpointer`]). The dense solve that
//! keeps checkpoints ([`solve_dense`]) lives in `store/resumable.rs`.
//!
//! # Format (version 1, integers little-endian)
//!
//! ```text
//! magic        8 bytes  "NIMBERCK"
//! version      u32      1
//! text_len     u32      length of the header text
//! text         UTF-8    `key=value` lines (below)
//! header_crc   u32      CRC-32 of everything above
//! "SETW"       4 bytes  the reachable set: a tag,
//! len          u64      its length in bytes (8 per 64 slots of the index),
//! words        u64 each the bitset words, slot i in bit i % 64 of word i / 64,
//! crc          u32      CRC-32 of the words
//! then, in the rounds (phase `wins` or `ties`):
//! "STAT"       4 bytes  the state words: a tag,
//! len          u64      its length in bytes (positions * word_bits / 8),
//! words        word_bits / 8 bytes each, position k (the k-th reachable slot) at k,
//! crc          u32      CRC-32 of the words
//! or, in the search (phase `search`):
//! "FRNT"       4 bytes  the frontier: a tag,
//! len          u64      its length in bytes (8 per slot),
//! slots        u64 each the slots found at the last level,
//! crc          u32      CRC-32 of the slots
//! ```
//!
//! The header text: `game=NAME`, one `param=KEY=VALUE` per parameter, `scheme=` the index scheme
//! ([`crate::table::Indexed::index_scheme`]), `size=` the index size, `positions=` the slots in the
//! set, `word_bits=` (8, 16 or 32), `phase=` (`search`, `wins` or `ties`), `round=` the remoteness
//! of the positions decided last (in the search: the level of the frontier), `frontier=` the
//! slots of the frontier (0 in the rounds). A checkpoint is refused when its game, parameters,
//! index scheme, size or word width are not the solve's, and when anything fails its checksum or
//! length.
//!
//! Files are written under a temporary name (`FILE.tmp-PID`), synced and renamed, so that a
//! checkpoint is always whole: a solve killed while writing leaves the previous one in place.

pub(crate) mod format;
pub(crate) mod hook;
pub(crate) mod members;

pub use crate::store::frame::Identity;
pub use crate::store::resumable::solve_dense;
pub use format::{
    check_from, load, load_from, read_header, read_header_in, write, Header, Loaded, Part, Stage, State,
    VERSION,
};
pub use hook::{CheckpointOptions, Checkpointer, Started};
pub use members::{member_files, member_path, MemberCheckpointer};
