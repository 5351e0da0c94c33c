//! Tiered solves (`nimber_engine::store::tiers`): a small game with cycles inside its tiers,
//! moves down one or two tiers, terminal positions of every kind (lost, tied, won with a stated
//! remoteness) and a hole in every tier's index, solved tier by tier into a directory and
//! compared position by position with retrograde analysis of the whole game over a reverse
//! graph (no tiers, no predecessors of the game's own); then resumed, limited, refused.

use std::collections::BTreeMap;
use std::path::Path;

use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::store::tiers::{self, Manifest, TierOptions};
use nimber_engine::table::plumbing::SlotMoves;
use nimber_engine::table::tiers::Tiered;
use nimber_engine::table::Indexed;
use nimber_engine::{Error, Game, GameId, Kind, Move, Outcome, Silent, Value};

/// Tokens on a cycle: `t` tokens, a marker on spot `s` of a cycle of `k`, the player to move
/// `m`. A move steps the marker on (but for player 0 on spots `s % 14 == 10`: cycles, so draws), or takes one
/// token (when `s % 2 == m`) or two (when `s % 3 == 0`), sending the marker to `2s + 1`. No
/// token left: the player to move loses (ties on spots `s % 4 == 1`); spot `k - 1` with player 1
/// to move, with every token left, is won in 3 plies, by decree.
#[derive(Clone)]
struct Tokens {
    top: u32,
    k: u32,
    /// A tier whose children the game names wrongly (none: right), for the refusal.
    cyclic: bool,
    /// Whether positions are packed into 64 bits (`Tiered::pack`).
    packed: bool,
}

type Pos = (u32, u32, u32);

impl Game for Tokens {
    type Position = Pos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> Pos {
        (self.top, 0, 0)
    }

    fn moves(&self, &(t, s, m): &Pos) -> Vec<Move<Pos>> {
        let mut out = Vec::new();
        if !(s % 14 == 10 && m == 0) {
            out.push(Move::new("step", (t, (s + 1) % self.k, 1 - m)));
        }
        let jump = (2 * s + 1) % self.k;
        if s % 2 == m && t >= 1 {
            out.push(Move::new("take 1", (t - 1, jump, 1 - m)));
        }
        if s % 3 == 0 && t >= 2 {
            out.push(Move::new("take 2", (t - 2, jump, 1 - m)));
        }
        out
    }

    fn terminal(&self, &(t, s, m): &Pos) -> Option<Outcome> {
        if t == 0 {
            return Some(Outcome::new(if s % 4 == 1 { Value::Tie } else { Value::Lose }, 0));
        }
        (t == self.top && s == self.k - 1 && m == 1).then(|| Outcome::new(Value::Win, 3))
    }
}

/// One tier: two slots a spot, and a hole at the end.
struct TokensTier {
    game: Tokens,
    t: u32,
}

impl Game for TokensTier {
    type Position = Pos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> Pos {
        (self.t, 0, 0)
    }

    fn moves(&self, pos: &Pos) -> Vec<Move<Pos>> {
        self.game.moves(pos)
    }

    fn terminal(&self, pos: &Pos) -> Option<Outcome> {
        self.game.terminal(pos)
    }
}

impl Indexed for TokensTier {
    fn size(&self) -> u64 {
        2 * self.game.k as u64 + 1
    }

    fn rank(&self, &(t, s, m): &Pos) -> u64 {
        assert_eq!(t, self.t, "ranked in another tier");
        2 * s as u64 + m as u64
    }

    fn unrank(&self, slot: u64) -> Option<Pos> {
        (slot < 2 * self.game.k as u64).then_some((self.t, (slot / 2) as u32, (slot % 2) as u32))
    }

    fn index_scheme(&self) -> String {
        "tokens-v1".into()
    }
}

impl SlotMoves for TokensTier {}

impl Tiered for Tokens {
    type Tier = u32;
    type Index = TokensTier;

    fn tier(&self, pos: &Pos) -> u32 {
        pos.0
    }

    fn tiers(&self) -> Vec<u32> {
        (1..=self.top).collect()
    }

    fn tier_children(&self, t: u32) -> Vec<u32> {
        let mut c: Vec<u32> =
            [t.checked_sub(1), t.checked_sub(2)].into_iter().flatten().filter(|&c| c >= 1).collect();
        if self.cyclic && t == 2 {
            c.push(3);
        }
        c
    }

    fn tier_name(&self, t: u32) -> String {
        format!("t{t}")
    }

    fn tier_index(&self, t: u32) -> TokensTier {
        TokensTier { game: self.clone(), t }
    }

    fn pack(&self, &(t, s, m): &Pos) -> Option<u64> {
        self.packed.then_some((t as u64) << 33 | (s as u64) << 1 | m as u64)
    }

    fn unpack(&self, key: u64) -> Pos {
        assert!(self.packed, "unpacked without packing");
        ((key >> 33) as u32, (key >> 1) as u32, (key & 1) as u32)
    }

    fn tier_predecessors<F: FnMut(&Pos)>(&self, _tier: u32, &(t, s, m): &Pos, mut f: F) {
        let (p, q) = ((s + self.k - 1) % self.k, 1 - m);
        if !(p % 14 == 10 && q == 0) && self.terminal(&(t, p, q)).is_none() {
            f(&(t, p, q));
        }
    }
}

/// A directory of its own under the system's temporary directory, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new() -> Scratch {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("nimber-tiers-test-{}-{n}", std::process::id()));
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

fn tokens(top: u32, k: u32) -> Tokens {
    Tokens { top, k, cyclic: false, packed: false }
}

fn id(game: &Tokens) -> GameId {
    GameId::new("tokens", vec![("top".into(), game.top.to_string()), ("k".into(), game.k.to_string())])
}

/// Every position of the game, each tier's and the terminal ones with no tokens.
fn all_positions(game: &Tokens) -> Vec<Pos> {
    (0..=game.top).flat_map(|t| (0..game.k).flat_map(move |s| [(t, s, 0), (t, s, 1)])).collect()
}

/// Solves `game` tier by tier into `dir` and compares every position with retrograde analysis
/// of the whole game; returns the number of positions compared, by value.
fn compare(game: &Tokens, dir: &Path) -> [u64; 4] {
    let report = tiers::solve(game, &id(game), dir, &TierOptions::default(), &Silent).unwrap();
    assert_eq!(report.tiers.len(), game.top as usize);
    let roots = all_positions(game);
    let want = retrograde::solve(game, &roots, Predecessors::ReverseGraph, &Silent).unwrap();
    let manifest = Manifest::read(dir).unwrap();
    let mut open = BTreeMap::new();
    let mut by_value = [0u64; 4];
    for pos in &roots {
        let got = tiers::outcome(game, dir, &manifest, &mut open, pos).unwrap();
        assert_eq!(got, want.get(pos), "{pos:?} (top {}, k {})", game.top, game.k);
        by_value[got.unwrap().value().index()] += 1;
    }
    // The counts of the report are those of the tiers' positions (terminal ones of a tier's
    // slots included, the no-token ones not).
    let in_tiers: u64 = (1..=game.top as u64).map(|_| 2 * game.k as u64).sum();
    assert_eq!(report.positions(), in_tiers);
    by_value
}

#[test]
fn tiered_solve_agrees_with_retrograde_analysis() {
    let mut by_value = [0u64; 4];
    let mut compared = 0;
    for (top, k, packed) in
        [(1, 5, false), (3, 7, true), (6, 12, false), (6, 12, true), (9, 31, true), (12, 64, false)]
    {
        let dir = Scratch::new();
        let game = Tokens { packed, ..tokens(top, k) };
        let counts = compare(&game, dir.path());
        for v in 0..4 {
            by_value[v] += counts[v];
        }
        compared += (top + 1) * 2 * k;
    }
    eprintln!("tiers vs retrograde, {compared} positions: {by_value:?} (win, lose, tie, draw)");
    assert_eq!(by_value.iter().sum::<u64>(), compared as u64);
    assert!(by_value.iter().all(|&n| n > 0), "every value occurs: {by_value:?}");
}

#[test]
fn a_solve_resumes_at_the_tiers_not_finished() {
    let game = tokens(6, 12);
    let dir = Scratch::new();
    let first = tiers::solve(&game, &id(&game), dir.path(), &TierOptions::default(), &Silent).unwrap();
    assert!(first.tiers.iter().all(|t| !t.found));
    let bytes = |name: &str| std::fs::read(tiers::tier_path(dir.path(), name)).unwrap();
    let t4 = bytes("t4");
    // Again: every tier is found.
    let again = tiers::solve(&game, &id(&game), dir.path(), &TierOptions::default(), &Silent).unwrap();
    assert!(again.tiers.iter().all(|t| t.found));
    assert_eq!(again.counts(), first.counts());
    // A damaged tier and a missing one are solved again, to the same bytes.
    let mut damaged = t4.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    std::fs::write(tiers::tier_path(dir.path(), "t4"), &damaged).unwrap();
    std::fs::remove_file(tiers::tier_path(dir.path(), "t6")).unwrap();
    let third = tiers::solve(&game, &id(&game), dir.path(), &TierOptions::default(), &Silent).unwrap();
    let solved: Vec<&str> = third.tiers.iter().filter(|t| !t.found).map(|t| t.name.as_str()).collect();
    assert_eq!(solved, ["t4", "t6"]);
    assert_eq!(bytes("t4"), t4);
    assert_eq!(third.counts(), first.counts());
    // A manifest of another game is refused, naming both.
    let other = tokens(6, 13);
    let e = tiers::solve(&other, &id(&other), dir.path(), &TierOptions::default(), &Silent).unwrap_err();
    assert!(e.to_string().contains("not of tokens"), "{e}");
}

#[test]
fn only_some_tiers_and_what_they_need() {
    let game = tokens(6, 12);
    let dir = Scratch::new();
    let only = TierOptions { only: Some(vec!["t3".into()]), ..TierOptions::default() };
    let report = tiers::solve(&game, &id(&game), dir.path(), &only, &Silent).unwrap();
    let names: Vec<&str> = report.tiers.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["t1", "t2", "t3"]);
    let bad = TierOptions { only: Some(vec!["t9".into()]), ..TierOptions::default() };
    let e = tiers::solve(&game, &id(&game), dir.path(), &bad, &Silent).unwrap_err();
    assert!(matches!(e, Error::Param(_)) && e.to_string().contains("no tier is named `t9`"), "{e}");
    // The rest is solved on top of what is there.
    let all = tiers::solve(&game, &id(&game), dir.path(), &TierOptions::default(), &Silent).unwrap();
    let found: Vec<bool> = all.tiers.iter().map(|t| t.found).collect();
    assert_eq!(found, [true, true, true, false, false, false]);
}

#[test]
fn cycles_between_tiers_and_memory_are_refused_before_solving() {
    let game = Tokens { cyclic: true, ..tokens(4, 7) };
    let dir = Scratch::new();
    let e = tiers::solve(&game, &id(&game), dir.path(), &TierOptions::default(), &Silent).unwrap_err();
    assert!(
        e.to_string().contains("cycle: t2 -> t3 -> t2") || e.to_string().contains("cycle: t3 -> t2 -> t3"),
        "{e}"
    );
    assert!(!dir.path().exists(), "nothing written");
    let game = tokens(4, 7);
    let tiny = TierOptions { memory: Some(1 << 10), ..TierOptions::default() };
    let e = tiers::solve(&game, &id(&game), dir.path(), &tiny, &Silent).unwrap_err();
    assert!(matches!(e, Error::TooLarge(_)) && e.to_string().contains("over the memory limit"), "{e}");
}

#[test]
fn manifests_are_read_back_and_damage_is_named() {
    let game = tokens(3, 7);
    let dir = Scratch::new();
    tiers::solve(&game, &id(&game), dir.path(), &TierOptions::default(), &Silent).unwrap();
    let path = dir.path().join(tiers::MANIFEST);
    let bytes = std::fs::read(&path).unwrap();
    let m = Manifest::parse(&bytes, &path).unwrap();
    assert_eq!(m.id, id(&game));
    let names: Vec<&str> = m.finished.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["t1", "t2", "t3"]);
    assert!(m.finished.iter().all(|f| f.slots == 15));
    for cut in [0, 5, 16, bytes.len() - 1] {
        assert!(Manifest::parse(&bytes[..cut], &path).is_err(), "cut at {cut}");
    }
    for at in [20, bytes.len() / 2, bytes.len() - 2] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x20;
        let e = Manifest::parse(&bad, &path).unwrap_err();
        assert!(e.to_string().contains("manifest"), "{e}");
    }
}
