//! Nine Men's Morris and Six Men's Morris solved tier by tier (`nimber_engine::store::tiers`
//! over the game's tier indexes, the lean solver in each tier, captures read from the finished
//! tiers), checked against the rules: every position of the small tiers against retrograde
//! analysis of the plain rules over a reverse graph (no index, no symmetry, no tiers), Gasser's
//! published facts of the 3-3 tier, and ninemm's published counts of the small tiers.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::store::tiers::{self, Manifest, TierOptions};
use nimber_engine::{GameId, Silent, Value};
use nimber_games::morris::{Morris, MorrisPos};

/// A directory of its own under the system's temporary directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("nimber-morris-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Scratch(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The sets of `k` points among the lowest `points` points.
fn sets(points: u32, k: u32) -> Vec<u32> {
    (0u32..1 << points).filter(|s| s.count_ones() == k).collect()
}

/// Every position of the mid/endgame with `a` White and `b` Black stones on the board, either
/// side to move.
fn positions(points: u32, a: u32, b: u32) -> Vec<MorrisPos> {
    let mut out = Vec::new();
    for white in sets(points, a) {
        for black in sets(points, b).into_iter().filter(|s| s & white == 0) {
            for white_to_move in [true, false] {
                out.push(MorrisPos { white, black, white_hand: 0, black_hand: 0, white_to_move });
            }
        }
    }
    out
}

#[test]
fn six_mens_morris_tiers_agree_with_retrograde_analysis_of_the_rules() {
    let game = Morris::new(6).unwrap();
    let id = GameId::new("morris", vec![("stones".into(), "6".into())]);
    let dir = Scratch::new("six");
    let only = TierOptions { only: Some(vec!["4-4".into()]), ..TierOptions::default() };
    let report = tiers::solve(&game, &id, dir.path(), &only, &Silent).unwrap();
    let names: Vec<&str> = report.tiers.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["3-3", "4-3", "4-4"]);
    // Every position with 3 or 4 stones a side: a closed set of the game (captures lead to
    // fewer stones, or to 2: the end).
    let roots: Vec<MorrisPos> =
        [(3, 3), (4, 3), (3, 4), (4, 4)].iter().flat_map(|&(a, b)| positions(16, a, b)).collect();
    assert_eq!(roots.len(), 2 * (560 * 286 + 2 * 1820 * 220 + 1820 * 495));
    let want = retrograde::solve(&game, &roots, Predecessors::ReverseGraph, &Silent).unwrap();
    let manifest = Manifest::read(dir.path()).unwrap();
    let mut open = BTreeMap::new();
    let mut by_value = [0u64; 4];
    for pos in &roots {
        let got = tiers::outcome(&game, dir.path(), &manifest, &mut open, pos).unwrap();
        assert_eq!(got, want.get(pos), "{pos:?}");
        by_value[got.unwrap().value().index()] += 1;
    }
    eprintln!("Six Men's Morris, 3-3 to 4-4: {} positions, by value {by_value:?}", roots.len());
    assert!(
        by_value[Value::Win.index()] > 0
            && by_value[Value::Lose.index()] > 0
            && by_value[Value::Draw.index()] > 0
    );
}

/// Gasser (1996): in the 3-3 database about 83 % of the positions are won for the side to move,
/// and the longest loss takes 26 plies. Counted here over the classes of the tier (positions up
/// to the 16 symmetries and the colours). And the wins, losses and draws of the tiers 3-3, 4-3
/// and 4-4 are those ninemm published (its RESULTS.md, per subspace `w-b`, the side to move
/// with `w` stones, over the same classes; a tier `a-b` holds its subspaces `a-b` and `b-a`).
#[test]
fn nine_mens_morris_small_tiers_have_the_published_figures() {
    let game = Morris::new(9).unwrap();
    let id = GameId::new("morris", Vec::new());
    let dir = Scratch::new("nine");
    let only = TierOptions { only: Some(vec!["4-4".into()]), ..TierOptions::default() };
    let report = tiers::solve(&game, &id, dir.path(), &only, &Silent).unwrap();
    let by_value = |counts: &[nimber_engine::CountRow], v: Value| {
        counts.iter().filter(|r| r.value == v).map(|r| r.count).sum::<u64>()
    };
    let published = [
        ("3-3", (140_621, 28_736, 269)),
        ("4-3", (102_281 + 75_397, 3_095, 658_117 + 681_906)),
        ("4-4", (159, 29, 3_225_409)),
    ];
    assert_eq!(report.tiers.len(), published.len());
    for (tier, (name, (win, lose, draw))) in report.tiers.iter().zip(published) {
        assert_eq!(tier.name, name);
        let got = [Value::Win, Value::Lose, Value::Draw].map(|v| by_value(&tier.counts, v));
        assert_eq!(got, [win, lose, draw], "tier {name}");
        assert_eq!(tier.positions, win + lose + draw);
    }
    let counts = &report.tiers[0].counts;
    let all = report.tiers[0].positions;
    assert_eq!(all, 169_626);
    let longest_loss = counts.iter().filter(|r| r.value == Value::Lose).filter_map(|r| r.remoteness).max();
    assert_eq!(longest_loss, Some(26));
    assert_eq!(by_value(counts, Value::Win) * 1000 / all, 829);
}
