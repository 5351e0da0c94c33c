//! The solved-game store (`nimber_engine::store`) on the synthetic cyclic game of the
//! retrograde benchmark (all four values, several blocks): a round trip, and damaged files
//! (header, block index, blocks, truncation) reported as corrupt, never read as wrong values.

#[path = "common/synthetic.rs"]
mod synthetic;
#[path = "common/synthetic_game.rs"]
mod synthetic_game;

use std::path::{Path, PathBuf};

use nimber_engine::dense::{self, DenseSolution};
use nimber_engine::store::{self, Store, BLOCK_SLOTS};
use nimber_engine::{Error, Silent};

use synthetic::Synthetic;
use synthetic_game::SyntheticGame;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimber-store-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// 2^18 positions: four blocks, every value present.
fn solved() -> (Synthetic, DenseSolution) {
    let space = Synthetic::new(18, 5);
    let solution = dense::solve(&SyntheticGame(&space), None, &Silent).unwrap();
    (space, solution)
}

fn save(space: &Synthetic, solution: &DenseSolution, path: &Path) {
    let params = vec![("n".to_string(), "18".to_string()), ("seed".to_string(), "5".to_string())];
    store::write(path, "synthetic", &params, "synthetic-v1", space.size(), solution).unwrap();
}

fn corrupt_message(err: Error) -> String {
    match err {
        Error::Corrupt { .. } => err.to_string(),
        other => panic!("expected a corrupt-file error, got {other}"),
    }
}

#[test]
fn round_trip_with_all_four_values() {
    let (space, solution) = solved();
    let path = temp("round-trip.db");
    save(&space, &solution, &path);
    let store = Store::open(&path).unwrap();
    let h = store.header();
    assert_eq!(h.game, "synthetic");
    assert_eq!(h.params, vec![("n".to_string(), "18".to_string()), ("seed".to_string(), "5".to_string())]);
    assert_eq!(h.scheme, "synthetic-v1");
    assert_eq!((h.size, h.positions, h.blocks()), (1 << 18, 1 << 18, (1 << 18) / BLOCK_SLOTS));
    assert_eq!(h.counts, solution.counts());
    let mut by_value = [0u64; 4];
    for i in 0..space.size() {
        let o = store.get(i).unwrap().unwrap();
        assert_eq!(Some(o), solution.get_slot(i), "slot {i}");
        by_value[o.value().index()] += 1;
    }
    assert!(by_value.iter().all(|&n| n > 0), "{by_value:?}");
    // Random access, out of order and across blocks.
    for i in [262_143u64, 0, 131_072, 65_535, 65_536, 7] {
        assert_eq!(store.get(i).unwrap(), solution.get_slot(i));
    }
    assert_eq!(store.get(1 << 18).unwrap(), None);
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

#[test]
fn damaged_files_are_reported_never_misread() {
    let (space, solution) = solved();
    let path = temp("damaged.db");
    save(&space, &solution, &path);
    let good = std::fs::read(&path).unwrap();
    let text_len = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    let index_start = 16 + text_len + 4;
    let data_start = index_start + (space.size() / BLOCK_SLOTS + 1) as usize * 12 + 4;
    let damaged = temp("damaged-copy.db");
    let with = |bytes: &[u8]| {
        std::fs::write(&damaged, bytes).unwrap();
        Store::open(&damaged)
    };

    // A byte of the header text (the game name), of the magic, of the header checksum.
    for at in [8 + 8 + 5, 3, index_start - 2] {
        let mut bytes = good.clone();
        bytes[at] ^= 0x20;
        let err = corrupt_message(with(&bytes).err().expect("refused"));
        assert!(err.contains("damaged-copy.db"), "{err}");
        assert!(err.contains("header") || err.contains("magic"), "{err}");
    }
    // A byte of the block index.
    let mut bytes = good.clone();
    bytes[index_start + 13] ^= 1;
    assert!(corrupt_message(with(&bytes).err().unwrap()).contains("block index checksum"));

    // A byte inside block 2: the file opens, blocks 0, 1 and 3 read right, block 2 is an error.
    let offset = |k: usize| {
        u64::from_le_bytes(good[index_start + 12 * k..index_start + 12 * k + 8].try_into().unwrap()) as usize
    };
    assert_eq!(offset(0), data_start);
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

    // Truncated anywhere: in the header, the index, a block, or by one byte.
    for len in [0, 5, 20, index_start + 7, data_start + 3, offset(2) + 100, good.len() - 1] {
        let err = corrupt_message(with(&good[..len]).err().expect("refused"));
        assert!(err.contains("truncated") || err.contains("too short"), "{len}: {err}");
    }
    // Bytes after the end.
    let mut bytes = good.clone();
    bytes.push(0);
    assert!(corrupt_message(with(&bytes).err().unwrap()).contains("after the last block"));
    // Not a store.
    assert!(corrupt_message(with(b"hello, this is not a store at all").err().unwrap()).contains("magic"));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&damaged);
}
