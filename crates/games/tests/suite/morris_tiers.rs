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

/// Six Men's Morris solved whole twice: with every outcome's remoteness kept, and as a solve
/// leaves it, each tier compacted once the tiers above it are solved (its losses' remoteness
/// left to the rules). Every slot of every tier reads the same outcome from both: a stored
/// outcome from the exact store, through the rules one ply deep from the compacted one. The
/// compacted directory is the smaller by a quarter or more.
#[test]
fn compacted_tiers_read_as_the_exact_ones() {
    use nimber_engine::store::{tiers::tier_path, Derived, Store};
    use nimber_engine::table::{tiers::Tiered, Indexed};
    let game = Morris::new(6).unwrap();
    let id = GameId::new("morris", vec![("stones".into(), "6".into())]);
    let (exact_dir, compact_dir) = (Scratch::new("six-exact"), Scratch::new("six-compact"));
    let exact = TierOptions { exact: true, ..TierOptions::default() };
    let report = tiers::solve(&game, &id, exact_dir.path(), &exact, &Silent).unwrap();
    let compacted = tiers::solve(&game, &id, compact_dir.path(), &TierOptions::default(), &Silent).unwrap();
    assert_eq!(report.tiers.len(), 10);
    let manifest = Manifest::read(compact_dir.path()).unwrap();
    let mut open = BTreeMap::new();
    let (mut positions, mut losses) = (0u64, 0u64);
    for (done, compact) in report.tiers.iter().zip(&compacted.tiers) {
        assert_eq!((&done.name, &done.counts), (&compact.name, &compact.counts));
        let exact_store = Store::open(&tier_path(exact_dir.path(), &done.name)).unwrap();
        let compact_store = Store::open(&tier_path(compact_dir.path(), &done.name)).unwrap();
        assert_eq!(exact_store.header().derived(), Derived::Exact, "tier {}", done.name);
        assert_eq!(compact_store.header().derived(), Derived::Losses, "tier {}", done.name);
        assert_eq!(compact_store.header().counts, exact_store.header().counts, "tier {}", done.name);
        let tier = game.tiers().into_iter().find(|&t| game.tier_name(t) == done.name).unwrap();
        let index = game.tier_index(tier);
        for slot in 0..index.size() {
            let want = exact_store.get(slot).unwrap();
            let Some(pos) = index.unrank(slot) else {
                assert_eq!(want, None, "tier {} slot {slot}", done.name);
                continue;
            };
            let got = tiers::outcome(&game, compact_dir.path(), &manifest, &mut open, &pos).unwrap();
            assert_eq!(got, want, "tier {} slot {slot}: {pos:?}", done.name);
            positions += 1;
            losses += u64::from(want.unwrap().value() == Value::Lose);
        }
    }
    let bytes = |r: &tiers::TierReport| r.tiers.iter().map(|t| t.bytes).sum::<u64>();
    eprintln!(
        "Six Men's Morris: {positions} positions ({losses} losses) read alike; {} bytes exact, {} compacted",
        bytes(&report),
        bytes(&compacted)
    );
    assert_eq!(positions, 1_205_908);
    assert!(bytes(&compacted) * 4 <= bytes(&report) * 3);
}

/// Plain minimax over the rules, with the stores of the tiers at the leaves: the outcome of a
/// position of the placement near its end (no cycle can occur before the stones are all
/// placed), for the player to move.
fn minimax(
    game: &Morris,
    dir: &Path,
    manifest: &Manifest,
    open: &mut BTreeMap<String, nimber_engine::store::Store>,
    pos: &MorrisPos,
) -> nimber_engine::Outcome {
    use nimber_engine::{Game, Outcome};
    if let Some(o) = tiers::outcome(game, dir, manifest, open, pos).unwrap() {
        return o;
    }
    let mut children = Vec::new();
    game.successors(pos, &mut children);
    children
        .iter()
        .map(|c| minimax(game, dir, manifest, open, c).for_mover())
        .max_by(|a, b| a.preference_cmp(*b))
        .unwrap_or(Outcome::new(Value::Lose, 0))
}

/// `nimber search morris --db DIR` on Five and Six Men's Morris (five or six stones a side on
/// the sixteen points): the placement searched by the rules, every position of the tiers read
/// from their stores. Checked against minimax over the rules with the stores at the leaves on
/// 300 positions each of the last placements (each side with one stone in hand at most) reached
/// by random placements, by value and remoteness; and the empty board searched: Six Men's
/// Morris is a draw, as claimed (self-published, 2026).
#[test]
fn search_over_the_tiers_agrees_with_minimax_over_them() {
    use nimber_engine::solve::search::SearchOptions;
    use nimber_engine::{Game, Notation};
    use rand::{Rng, SeedableRng};
    for stones in [5u32, 6] {
        let game = Morris::new(stones).unwrap();
        let recipe = nimber_games::Recipe::parse("morris", &[format!("stones={stones}")]).unwrap();
        let dir = Scratch::new(&format!("search-{stones}"));
        tiers::solve(&game, recipe.id(), dir.path(), &TierOptions::default(), &Silent).unwrap();
        let manifest = Manifest::read(dir.path()).unwrap();
        let opened = nimber_games::open_solution(dir.path()).unwrap();
        let exact = SearchOptions { remoteness: true, table_bytes: 16 << 20, threads: 1 };
        let mut searcher = opened.searcher(&exact).unwrap();
        let mut open = BTreeMap::new();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(33);
        let (mut checked, mut by_value, mut probed) = (0, [0usize; 4], 0);
        let mut seen = std::collections::HashSet::new();
        while checked < 300 {
            // A random placement down to at most one stone in hand a side.
            let mut pos = game.start();
            let mut children = Vec::new();
            while pos.white_hand + pos.black_hand > 2 && game.terminal(&pos).is_none() {
                children.clear();
                game.successors(&pos, &mut children);
                pos = children[rng.gen_range(0..children.len())];
            }
            if game.terminal(&pos).is_some() || pos.white_hand + pos.black_hand == 0 || !seen.insert(pos) {
                continue;
            }
            let want = minimax(&game, dir.path(), &manifest, &mut open, &pos);
            let text = game.format(&pos);
            let got = searcher.search(Some(&text), false, &Silent).unwrap();
            assert_eq!(got.value, want.value(), "{text}");
            assert_eq!(got.remoteness, want.remoteness(), "{text}");
            assert!(got.probed > 0, "{text}");
            by_value[want.value().index()] += 1;
            probed += got.probed;
            checked += 1;
        }
        eprintln!("{stones} men's Morris, late placements: {checked} positions, by value {by_value:?}, {probed} read from the tiers");
        let [win, lose, _, draw] = by_value;
        assert!(win > 0 && lose > 0 && draw > 0, "{by_value:?}");
        let by_value = SearchOptions { remoteness: false, ..exact };
        let start = opened.searcher(&by_value).unwrap().search(None, false, &Silent).unwrap();
        eprintln!("{stones} men's Morris, the empty board: {start:?}");
        if stones == 6 {
            assert_eq!(start.value, Value::Draw);
        }
    }
}
