//! Files: the solved-game store, a dense solution ([`DenseSolution`](crate::table::dense::DenseSolution))
//! written to a file and read back one block at a time, and checkpoints of dense solves.
//!
//! The rooms: `frame.rs` (what both formats share: magic, version, the `key=value` header text
//! with typed getters, checksummed sections, errors naming the file and the field),
//! `format.rs` (the store's header and constants), `codec.rs` (blocks encoded, compacted and
//! checked), `write.rs` and `read.rs` (the writer and the reader, [`Store`]), `split` (a store
//! written by the members of a split solve), [`probe`] (a position read through its game's
//! rules), [`checkpoint`] (checkpoints: their format, the hook between rounds, the members'),
//! `resumable.rs` (the dense solve that keeps checkpoints and resumes from them) and [`files`]
//! (files written whole).
//!
//! # Format (version 4, integers little-endian)
//!
//! ```text
//! offset  size
//! 0       8     magic "NIMBERDB"
//! 8       4     version: 4 (2 and 3 are read too: see below)
//! 12      4     text_len: length of the header text
//! 16      8     file_len: length of the whole file
//! 24      8     index_offset: where the block index starts
//! 32      4     groups_crc: CRC-32 of the group table
//! 36      L     header text: UTF-8 `key=value` lines (below)
//! 36 + L  4     header_crc: CRC-32 of bytes 0 .. 36 + L
//! 40 + L        blocks: zstd frames back to back, block 0 first
//! index_offset  block index: per block, u32 length of its frame and u32 CRC-32 of the block
//!               number (u64) and the version (u32) followed by the block's raw bytes
//! index_offset + 8 * blocks
//!               group table: per group of [`GROUP_BLOCKS`] blocks (the last one fewer), u64
//!               offset of its first block and u32 CRC-32 of its entries in the block index
//! file_len      (the end: file_len = index_offset + 8 * blocks + 12 * groups)
//! ```
//!
//! Opening reads the header and the group table (4.5 KiB for Dōbutsu shōgi's 95,699 blocks);
//! the block index is read a group (2 KiB) at a time, when a block of the group is first read.
//!
//! The header text: `game=NAME`, one `param=KEY=VALUE` per parameter, `scheme=` the index scheme
//! ([`Indexed::index_scheme`](crate::table::Indexed::index_scheme)), `size=` the index size, `positions=` the reachable positions,
//! `block_slots=`, `blocks=`, `rules=` the fingerprint of the rules, one `symbol=VALUE
//! REMOTENESS` per outcome that occurs (remoteness `-` for draws), most frequent first: the
//! symbol table; one `count=VALUE REMOTENESS N` per value and remoteness; and one
//! `longest=VALUE REMOTENESS SLOT...` per value: its longest outcome and the first slots
//! (up to [`EXAMPLES`], zero-padded to the width of the largest slot) holding it.
//!
//! **Wins found from the moves** ([`Derived::Wins`], what `nimber solve --save` writes): every
//! won position has the one symbol `win ?`, and a reader finds its remoteness from the rules,
//! one more than the least remoteness of its moves into lost positions (stored), a ply of
//! lookups ([`probe`]); the counts stay exact. Wins are half of Dōbutsu shōgi's positions and
//! much of the remoteness's entropy: the file is a third smaller (`docs/measurements.md`).
//! **Losses found from the moves** ([`Derived::Losses`], the tiers of a tiered solve once the
//! tiers above them are solved: [`tiers`]): every lost position has the one symbol `lose ?`,
//! its remoteness one more than the greatest remoteness of its moves (all into won positions,
//! stored), 0 without a move. A store leaves out one of the two, never both.
//!
//! A block holds the slots `k * block_slots ..` (the last one fewer), `n` of them: a bitmap of
//! `ceil(n / 8)` bytes (slot `i` in bit `i % 8` of byte `i / 8`) set for the slots that hold a
//! stored position (clear for a slot that is not reachable, or a hole of the index), then one
//! code byte per set bit, in slot order: `c` in 1..=254 for the outcome `symbol[c - 1]`, and 255
//! for an outcome further down the table (254 and on), given after the codes: one entry `(u32
//! slot in the block, u32 symbol number)` per code 255, in slot order. Codes of neighbouring
//! positions are alike, which zstd finds; the bitmap, regular where the index's holes are,
//! costs little. Dōbutsu shōgi's live index, solved lean: 249,442,767 slots, half of them holes,
//! 121,134,668 positions (246,803,167 reachable from the start under Tanaka's conventions); the
//! sizes of its store in each version are in `docs/measurements.md`.
//!
//! Version 3 has no `longest` lines and no `win ?` symbol. Version 2 differs from 3 in its
//! blocks: a code byte for every slot (0 for a slot without a position), then the exceptions,
//! and their CRC-32 leaves the version out. A block of a version 2 file is read as is, one of a
//! later version is expanded to that layout once decompressed and checked: the queries read one
//! layout.
//!
//! The file is written block by block as the blocks are compressed (in parallel, a batch at a
//! time), then the index, then the header's end fields are filled in; it is written under a
//! temporary name and renamed when complete. Opening checks the header checksum, the file
//! length (a truncated file is reported as such) and the group table; a group of the block
//! index is checked when it is read (its checksum, and its lengths against the group table's
//! offsets); a block's checksum
//! (which covers its number, so that a block read from the wrong place is caught too) is
//! checked after decompression, before any value is returned: a damaged block is an error,
//! never wrong values. A query reads the blocks of its slots only, a few kilobytes each, and
//! keeps the last [`CACHE_BLOCKS`] decompressed.

pub mod checkpoint;
pub(crate) mod codec;
pub mod files;
pub(crate) mod format;
pub(crate) mod frame;
pub mod probe;
pub(crate) mod read;
pub(crate) mod resumable;
pub(crate) mod split;
pub mod tiers;
pub(crate) mod write;

pub use format::{Derived, Entry, Header, Subject, BLOCK_SLOTS, EXAMPLES, GROUP_BLOCKS, VERSION};
pub use read::{Store, CACHE_BLOCKS};
pub use write::{write, LeanSlots, Slots, StoreSlots};
