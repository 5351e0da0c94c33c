//! The tests of Nine Men's Morris and its variants: the boards' tables, the moves of known
//! positions, the notation, the predecessors (all phases), the symmetries, the tiers and their
//! indexes (bijection on every slot of the small tiers, the classes against a brute force).

use std::collections::HashSet;

use nimber_engine::table::check::{check_bijection, check_predecessors};
use nimber_engine::table::subset::rank_set;
use nimber_engine::table::tiers::Tiered;
use nimber_engine::table::Indexed;
use nimber_engine::{Game, Notation};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use nimber_games::morris::{Morris, MorrisPos, MorrisTier, TierIndex, Variant};
use nimber_games::testing::morris::{board_of, Board, Layout, Orbits, BINOMIAL, SYMMETRIES};
use nimber_games::testing::morris::{colex_rank, colex_sets, colex_unrank, compressed_rank, expand};

fn nine() -> Morris {
    Morris::new(9).unwrap()
}

/// Every rule set: Nine, Six, Five Men's Morris, Lasker Morris, Morabaraba.
fn all_games() -> Vec<Morris> {
    vec![
        nine(),
        Morris::new(6).unwrap(),
        Morris::new(5).unwrap(),
        Morris::variant(Variant::Lasker),
        Morris::variant(Variant::Morabaraba),
    ]
}

fn random_set(rng: &mut ChaCha8Rng, free: u32, k: u32) -> u32 {
    let mut set = 0u32;
    while set.count_ones() < k {
        let p = rng.gen_range(0..32);
        if free & !set & 1 << p != 0 {
            set |= 1 << p;
        }
    }
    set
}

/// A random mid/endgame position with `a` stones for the side to move and `b` for the other.
fn random_tier_position(game: &Morris, rng: &mut ChaCha8Rng, a: u32, b: u32) -> MorrisPos {
    let own = random_set(rng, board_of(game).full, a);
    let opp = random_set(rng, board_of(game).full & !own, b);
    MorrisPos::from_sides(own, opp, 0, 0, rng.gen_bool(0.5))
}

/// A random position that can arise (or its image under a symmetry or the colours exchanged):
/// reached by random play, or a random mid/endgame or placement position.
fn random_position(game: &Morris, rng: &mut ChaCha8Rng) -> MorrisPos {
    let n = game.stones();
    let pos = loop {
        let pos = match rng.gen_range(0..3) {
            0 => {
                let mut p = game.start();
                let mut succ = Vec::new();
                for _ in 0..rng.gen_range(0..80) {
                    succ.clear();
                    if game.terminal(&p).is_none() {
                        game.successors(&p, &mut succ);
                    }
                    if succ.is_empty() {
                        break;
                    }
                    p = succ[rng.gen_range(0..succ.len())];
                }
                p
            }
            1 => {
                let a = rng.gen_range(3..=n.min(game.points() - 3));
                let b = rng.gen_range(3..=n.min(game.points() - a));
                random_tier_position(game, rng, a, b)
            }
            _ => {
                let plies = rng.gen_range(1..2 * n);
                let (pw, pb) = (plies.div_ceil(2), plies / 2);
                let (kw, kb) = (rng.gen_range(0..=pw), rng.gen_range(0..=pb));
                let white = random_set(rng, board_of(game).full, kw);
                let black = random_set(rng, board_of(game).full & !white, kb);
                MorrisPos {
                    white,
                    black,
                    white_hand: (n - pw) as u8,
                    black_hand: (n - pb) as u8,
                    white_to_move: plies % 2 == 0,
                }
            }
        };
        let (_, opp) = pos.sides();
        let (_, opp_hand) = pos.hands();
        if opp.count_ones() + u32::from(opp_hand) >= 3 {
            break pos;
        }
    };
    let pos = game.image(rng.gen_range(0..SYMMETRIES), &pos);
    if rng.gen_bool(0.3) {
        pos.colour_swapped()
    } else {
        pos
    }
}

fn parse(game: &Morris, text: &str) -> MorrisPos {
    game.parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn labels(game: &Morris, text: &str) -> Vec<String> {
    let mut l: Vec<String> = game.moves(&parse(game, text)).into_iter().map(|m| m.label).collect();
    l.sort();
    l
}

#[test]
fn boards() {
    for (layout, points, edges, mills) in
        [(Layout::Nine, 24, 32, 16), (Layout::Six, 16, 20, 8), (Layout::Morabaraba, 24, 40, 20)]
    {
        let b = Board::of(layout);
        assert_eq!(b.points, points);
        let degrees: u32 = (0..points).map(|p| b.adjacent[p as usize].count_ones()).sum();
        assert_eq!(degrees, 2 * edges, "{layout:?}");
        assert_eq!(b.mills.len(), mills, "{layout:?}");
        // Every mill is a path of two adjacencies (a line).
        for &m in &b.mills {
            let linked = (0..points)
                .filter(|&p| m & 1 << p != 0 && (b.adjacent[p as usize] & m).count_ones() == 2)
                .count();
            assert_eq!(linked, 1, "{layout:?} {m:b}");
        }
        // The 16 symmetries are distinct permutations preserving adjacency and mills, and
        // `apply` agrees with the permutations.
        let perms: HashSet<Vec<u8>> =
            (0..SYMMETRIES).map(|s| b.permutation[s][..points as usize].to_vec()).collect();
        assert_eq!(perms.len(), SYMMETRIES);
        let image = |s: usize, set: u32| {
            (0..points)
                .filter(|&p| set & 1 << p != 0)
                .fold(0u32, |a, p| a | 1 << b.permutation[s][p as usize])
        };
        let mills: HashSet<u32> = b.mills.iter().copied().collect();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for s in 0..SYMMETRIES {
            for p in 0..points {
                assert_eq!(
                    image(s, b.adjacent[p as usize]),
                    b.adjacent[b.permutation[s][p as usize] as usize]
                );
            }
            assert!(b.mills.iter().all(|&m| mills.contains(&image(s, m))));
            for _ in 0..200 {
                let set = rng.gen::<u32>() & b.full;
                assert_eq!(b.apply(s, set), image(s, set));
            }
        }
        // Corners (odd points) have names with letter and digit both at the ends of the grid's
        // rows and columns of the square: corners are corners.
        for p in 0..points {
            let name = b.name(p).as_bytes();
            let (col, row) = (i32::from(name[0] - b'a'), i32::from(name[1] - b'1'));
            let centre = if points == 24 { 3 } else { 2 };
            let corner = col != centre && row != centre;
            assert_eq!(corner, p % 2 == 1, "{}", b.name(p));
            assert_eq!(b.point(b.name(p)), Some(p));
        }
    }
}

#[test]
fn colex_rank_by_tables() {
    // Every set of the 24 points, of every size: 16,777,216 sets, against the engine's rank by
    // the definition (the `i`-th lowest member, from 1, on point `p`, adds `C(p, i)`).
    for set in 0..1u32 << 24 {
        assert_eq!(u64::from(colex_rank(set)), rank_set(u64::from(set)), "{set:#x}");
    }
}

#[test]
fn colex_sets_unrank_and_rank() {
    // `colex_sets` against `colex_unrank` and `colex_rank` for every `n <= 24` and `k <= 9`
    // with at most a million sets: 5,812,011 sets.
    let mut checked = 0u64;
    for (n, row) in BINOMIAL.iter().enumerate() {
        for (k, &count) in row.iter().enumerate().take(10.min(n + 1)) {
            if count > 1_000_000 {
                continue;
            }
            let sets = colex_sets(n, k);
            assert_eq!(sets.len(), count as usize, "C({n}, {k})");
            for (r, &set) in sets.iter().enumerate() {
                assert_eq!(set, colex_unrank(r as u32, k), "set {r} of C({n}, {k})");
                assert_eq!(colex_rank(set), r as u32, "rank of {set:#x}");
                assert!(set.count_ones() as usize == k && set >> n == 0);
            }
            checked += sets.len() as u64;
        }
    }
    assert_eq!(checked, 5_812_011);
}

#[test]
fn compressed_rank_and_expand() {
    // 400 masks of free points (8 to 24 of them, from a seeded generator), 400 subsets of each
    // (160,000 pairs): `expand` puts a set's stones on the free points, and `compressed_rank`
    // gives the expanded set the rank that the definition gives it (the `i`-th stone, from 1,
    // on the `p`-th free point, from 0, adds `C(p, i)`), which is the colex rank of the set.
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let mut pairs = 0;
    for _ in 0..400 {
        let free = rng.gen::<u32>() & 0xff_ffff | 0xff;
        for _ in 0..400 {
            let bits = rng.gen::<u32>() & ((1 << free.count_ones()) - 1);
            let set = expand(bits, free);
            assert_eq!((set & !free, set.count_ones()), (0, bits.count_ones()), "{bits:#x} on {free:#x}");
            let (mut by_definition, mut i) = (0, 1);
            for p in (0..24).filter(|p| set & 1 << p != 0) {
                by_definition += BINOMIAL[(free & ((1 << p) - 1)).count_ones() as usize][i];
                i += 1;
            }
            assert_eq!(compressed_rank(set, free), by_definition, "{set:#x} on {free:#x}");
            assert_eq!(by_definition, colex_rank(bits), "{set:#x} on {free:#x}");
            pairs += 1;
        }
    }
    assert_eq!(pairs, 160_000);
}

#[test]
fn classes_of_sets() {
    // Every set of up to nine of the 24 points (2,579,130 sets): the symmetry `class_of` names
    // maps the set to its class's representative, the least image of the set under the 16
    // symmetries, and `stabilizers` lists the other symmetries that fix the representative.
    let board = board_of(&nine());
    let mut sets = 0u64;
    for (k, &count) in BINOMIAL[24].iter().enumerate().take(10) {
        let orbits = Orbits::of(board, k);
        for r in 0..count {
            let set = colex_unrank(r, k);
            let (class, s) = orbits.class_of(set);
            let rep = orbits.reps[class as usize];
            assert_eq!(board.apply(s, set), rep, "{set:#x}");
            assert_eq!(rep, (0..SYMMETRIES).map(|g| board.apply(g, set)).min().unwrap(), "{set:#x}");
            let fixing =
                (1..SYMMETRIES).filter(|&g| board.apply(g, rep) == rep).fold(0u16, |a, g| a | 1 << g);
            assert_eq!(orbits.stabilizers[class as usize], fixing, "{set:#x}");
            sets += 1;
        }
    }
    assert_eq!(sets, 2_579_130);
}

#[test]
fn colex_tables() {
    // Every 4-set of 24 points: rank and unrank agree (10,626 sets).
    for r in 0..BINOMIAL[24][4] {
        let set = colex_unrank(r, 4);
        assert_eq!(set.count_ones(), 4);
        assert_eq!(colex_rank(set), r);
    }
    // The classes of sets under the symmetries (Burnside through `classes`).
    let game = nine();
    for k in 0..=9 {
        let orbits = Orbits::of(board_of(&game), k);
        assert_eq!(u64::from(orbits.count()), game.classes(k as u32, 0), "k = {k}");
    }
}

#[test]
fn known_moves() {
    let game = nine();
    let start = game.start();
    assert_eq!(game.format(&start), "W:- B:- w 9 9");
    let moves = game.moves(&start);
    assert_eq!(moves.len(), 24);
    for m in &moves {
        assert_eq!(game.moves(&m.to).len(), 23, "after {}", m.label);
    }
    // 24 * 23 * 22 positions after three placements, in 24 * 23 * 22 sequences of distinct
    // boards (no capture possible yet).
    let mut after3 = HashSet::new();
    for a in game.moves(&start) {
        for b in game.moves(&a.to) {
            for c in game.moves(&b.to) {
                after3.insert(c.to);
            }
        }
    }
    assert_eq!(after3.len(), 24 * 23 * 22 / 2);
    // A placement closing a mill: a7 removes one of Black's three loose stones.
    let l = labels(&game, "W:a1,a4,b2 B:d7,g7,f6 w 6 6");
    assert_eq!(l.len(), 17 + 3);
    assert!(
        l.contains(&"a7xd7".to_string())
            && l.contains(&"a7xf6".to_string())
            && l.contains(&"a7xg7".to_string())
    );
    assert!(!l.contains(&"a7".to_string()));
    // Flying with three stones: 3 x 17 moves; d7-a7 closes a mill and removes the only Black stone
    // outside Black's mill b2-b4-b6.
    let l = labels(&game, "W:a1,a4,d7 B:b2,b4,b6,d6 w");
    assert_eq!(l.len(), 51);
    assert!(l.contains(&"d7-a7xd6".to_string()) && l.contains(&"a1-g1".to_string()));
    // Black's stones all in mills: any may go.
    let l = labels(&game, "W:a1,a4,d7,g4 B:b2,b4,b6 w");
    assert_eq!(l.iter().filter(|m| m.starts_with("d7-a7x")).count(), 3);
    // Slides: four stones move along the lines only (g1 and g7 are blocked).
    assert_eq!(labels(&game, "W:a1,a4,a7,d1 B:d7,g1,g4,g7 b"), ["d7-d6", "g4-f4"]);
    // Fewer than three stones: lost; blocked: no moves.
    let lost = parse(&game, "W:a1,a4 B:b2,b4,b6 w");
    assert!(game.terminal(&lost).is_some());
    let blocked = parse(&game, "W:a1,a4,a7,d7 B:b4,d1,d6,g7 w");
    assert!(game.terminal(&blocked).is_none() && game.moves(&blocked).is_empty());
    // Six Men's Morris: 16 points to place on, no flying.
    let six = Morris::new(6).unwrap();
    assert_eq!(six.moves(&six.start()).len(), 16);
    assert_eq!(labels(&six, "W:a1,a3,a5 B:e1,e3,e5,c1 w"), ["a3-b3", "a5-c5"]);
}

#[test]
fn notation() {
    let game = nine();
    for text in ["W:a1,d1,g7 B:b2,b4,b6 w", "W:a1 B:b2 w 8 8", "W:- B:- w 9 9", "W:a1,a4 B:- b 7 8"] {
        assert_eq!(game.format(&parse(&game, text)), text);
    }
    // Round trips of random positions that can arise (colours as they are: the parser holds
    // that White placed first), for every rule set: 2,000 each.
    for (g, game) in all_games().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(10 + g as u64);
        for _ in 0..2000 {
            let mut pos = random_position(&game, &mut rng);
            if pos.white_hand + pos.black_hand > 0
                && game.rules() != Variant::Lasker
                && !game.hands_possible(&pos, true)
            {
                pos = pos.colour_swapped();
            }
            let text = game.format(&pos);
            assert_eq!(game.parse(&text), Ok(pos), "{text}");
        }
    }
    let error = |text: &str| {
        let e = game.parse(text).unwrap_err();
        (e.column, e.message)
    };
    let (column, message) = error("W:a1,zz B:b2 w");
    assert_eq!(column, Some(6));
    assert!(message.contains("`zz` is not a point"), "{message}");
    let (column, message) = error("W:a1,a1 B:b2 w");
    assert_eq!(column, Some(6));
    assert!(message.contains("twice"), "{message}");
    let (column, message) = error("W:a1 X:b2 w");
    assert_eq!(column, Some(6));
    assert!(message.contains("Black's stones"), "{message}");
    let (column, message) = error("W:a1 B:b2,b4,b6 x");
    assert_eq!(column, Some(17));
    assert!(message.contains("side to move"), "{message}");
    let (column, message) = error("W:a1,a4,a7,d7,g7,g4,g1,d1,b2,b4 B:c3,c4,c5 w");
    assert_eq!(column, Some(1));
    assert!(message.contains("too many stones: White has 10"), "{message}");
    let (column, message) = error("W:a1,a4,a7 B:b2 w 7 8");
    assert_eq!(column, Some(19));
    assert!(message.contains("cannot arise: White has 3 on the board and 7 in hand"), "{message}");
    let (column, message) = error("W:a1 B:b2 w 8 7");
    assert_eq!(column, Some(13));
    assert!(message.contains("hands that cannot arise"), "{message}");
    let (column, message) = error("W:a1,a4,a7 B:b2,b4 w");
    assert_eq!(column, Some(20));
    assert!(message.contains("bad side to move: Black has fewer than 3"), "{message}");
    let (column, message) = error("W:a1 B:b2 w 8");
    assert_eq!(column, Some(14));
    assert!(message.contains("Black's hand"), "{message}");
    let (column, _) = error("W:a1 B:b2 w 8 8 9");
    assert_eq!(column, Some(17));
}

/// The index of a small tier, as the vehicle of the engine's checks (its `canonical` is the
/// game's, for every phase).
fn vehicle(game: &Morris) -> TierIndex {
    game.tier_index(MorrisTier::new(3, 3))
}

#[test]
fn predecessors_agree_with_moves() {
    // Random positions of every phase (placement, moving, flying, after captures; both colours
    // to move, images under the symmetries and colours exchanged): 3,000 of Nine Men's Morris
    // and 1,000 of each variant, every move into and out of each checked both ways.
    for (g, game) in all_games().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(20 + g as u64);
        let count = if g == 0 { 3000 } else { 1000 };
        let positions: Vec<MorrisPos> = (0..count).map(|_| random_position(&game, &mut rng)).collect();
        let flying = positions
            .iter()
            .filter(|p| p.white_hand + p.black_hand == 0 && p.sides().0.count_ones() == 3)
            .count();
        let placing = positions.iter().filter(|p| p.white_hand + p.black_hand > 0).count();
        assert!(flying > count / 50 && placing > count / 10, "{flying} {placing}");
        let moves = check_predecessors(&vehicle(&game), positions);
        assert!(moves > 20 * count as u64, "{} moves checked", moves);
    }
}

#[test]
fn symmetries_respect_the_rules() {
    // 300 random positions of each rule set, each with its 16 images and their colours
    // exchanged: the same end, the same number of moves, moves into the same classes.
    for (g, game) in all_games().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(30 + g as u64);
        for _ in 0..300 {
            let pos = random_position(&game, &mut rng);
            let classes = |p: &MorrisPos| {
                let mut succ = Vec::new();
                game.successors(p, &mut succ);
                let mut c: Vec<MorrisPos> = succ.iter().map(|q| game.canonical(q)).collect();
                c.sort_unstable();
                c
            };
            let (moves, end, canonical) = (classes(&pos), game.terminal(&pos), game.canonical(&pos));
            for s in 0..SYMMETRIES {
                for swap in [false, true] {
                    let image = game.image(s, &pos);
                    let image = if swap { image.colour_swapped() } else { image };
                    assert_eq!(game.terminal(&image), end);
                    assert_eq!(classes(&image), moves, "{pos:?} under {s}, {swap}");
                    assert_eq!(game.canonical(&image), canonical);
                }
            }
        }
    }
}

#[test]
fn tiers_of_the_game() {
    let game = nine();
    let tiers = game.tiers();
    assert_eq!(tiers.len(), 28);
    assert_eq!(game.tier_name(MorrisTier::new(8, 9)), "9-8");
    assert_eq!(game.parse_tier("8-9").unwrap(), MorrisTier::new(9, 8));
    assert_eq!(game.parse_tier("3-3").unwrap(), MorrisTier::new(3, 3));
    for bad in ["9-2", "10-3", "9", "a-b", "9-8-7", ""] {
        assert!(game.parse_tier(bad).is_err(), "{bad}");
    }
    assert_eq!(game.tier_children(MorrisTier::new(3, 3)), []);
    assert_eq!(game.tier_children(MorrisTier::new(4, 3)), [MorrisTier::new(3, 3)]);
    assert_eq!(game.tier_children(MorrisTier::new(4, 4)), [MorrisTier::new(4, 3)]);
    assert_eq!(game.tier_children(MorrisTier::new(9, 8)), [MorrisTier::new(9, 7), MorrisTier::new(8, 8)]);
    assert_eq!(Morris::new(6).unwrap().tiers().len(), 10);
    // Every child is a tier, and the tiers form an acyclic graph (children have fewer stones).
    for &t in &tiers {
        for c in game.tier_children(t) {
            assert!(tiers.contains(&c) && c.big + c.small + 1 == t.big + t.small);
        }
    }
}

#[test]
fn moves_of_tiers() {
    // Random mid/endgame positions (6,000 of Nine Men's Morris, 1,000 of each variant): every
    // successor is in the tier, in one of its children or ends the game; the tier's
    // predecessors are the game's predecessors in the tier, move for move; `tier_successors`
    // gives the successors and `tier_exits` counts them and gives those out of the tier.
    for (g, game) in all_games().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(40 + g as u64);
        let count = if g == 0 { 6000 } else { 1000 };
        let (mut left, mut within) = (0, 0);
        for _ in 0..count {
            let n = game.stones().min(game.points() / 2);
            let a = rng.gen_range(3..=n);
            let b = rng.gen_range(3..=n);
            let pos = random_tier_position(&game, &mut rng, a, b);
            let tier = game.tier(&pos);
            assert_eq!(tier, MorrisTier::new(a as u8, b as u8));
            let children = game.tier_children(tier);
            let mut succ = Vec::new();
            game.successors(&pos, &mut succ);
            for c in &succ {
                if game.terminal(c).is_some() {
                    assert_eq!(tier.small, 3);
                } else if game.tier(c) == tier {
                    within += 1;
                } else {
                    assert!(children.contains(&game.tier(c)), "{pos:?} -> {c:?}");
                    left += 1;
                }
            }
            let mut listed = Vec::new();
            game.tier_successors(&pos, |c| listed.push(*c));
            assert_eq!(listed, succ, "{pos:?}");
            let mut exits = Vec::new();
            let moves = game.tier_exits(tier, &pos, |c| exits.push(*c));
            assert_eq!(moves as usize, succ.len(), "{pos:?}");
            let mut out_of_tier: Vec<MorrisPos> =
                succ.iter().filter(|c| game.terminal(c).is_some() || game.tier(c) != tier).copied().collect();
            exits.sort_unstable();
            out_of_tier.sort_unstable();
            assert_eq!(exits, out_of_tier, "{pos:?}");
            let mut fast = Vec::new();
            game.tier_predecessors(tier, &pos, |p| fast.push(*p));
            let mut all = Vec::new();
            nimber_engine::Backward::predecessors(&game, &pos, &mut all);
            all.retain(|p| game.terminal(p).is_none() && game.tier(p) == tier);
            fast.sort_unstable();
            all.sort_unstable();
            assert_eq!(fast, all, "{pos:?}");
        }
        assert!(left > 0 && within > 0);
    }
}

/// Every slot of `tier` checked with the engine's `check_bijection`, with 2,000 random
/// positions of the tier; returns the slots and holes, checking that the slots that are not
/// holes are the classes counted by Burnside's lemma.
fn bijection(game: &Morris, tier: MorrisTier, seed: u64) -> (u64, u64) {
    let index = game.tier_index(tier);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (a, b) = (u32::from(tier.big), u32::from(tier.small));
    let positions: Vec<MorrisPos> = (0..2000)
        .map(|i| {
            if i % 2 == 0 {
                random_tier_position(game, &mut rng, a, b)
            } else {
                random_tier_position(game, &mut rng, b, a)
            }
        })
        .collect();
    let holes = check_bijection(&index, positions, 0..index.size());
    println!("{}: {} slots, {holes} holes", game.tier_name(tier), index.size());
    assert_eq!(index.size() - holes, index.classes(), "{tier:?}");
    (index.size(), holes)
}

#[test]
fn tier_indexes_are_bijections() {
    // Every slot of 3-3, 4-3 and 4-4 of Nine Men's Morris: 5,686,415 slots, 770,396 of them
    // holes, and 6,000 random positions.
    let game = nine();
    assert_eq!(bijection(&game, MorrisTier::new(3, 3), 1), (210_140, 40_514));
    assert_eq!(bijection(&game, MorrisTier::new(4, 3), 2), (1_808_610, 287_814));
    assert_eq!(bijection(&game, MorrisTier::new(4, 4), 3), (3_667_665, 442_068));
    // Every slot of every tier of Six Men's Morris (10 tiers): 1,364,462 slots, 158,554 holes,
    // and 20,000 random positions.
    let six = Morris::new(6).unwrap();
    let (mut slots, mut holes) = (0, 0);
    for (i, tier) in six.tiers().into_iter().enumerate() {
        let (s, h) = bijection(&six, tier, 10 + i as u64);
        (slots, holes) = (slots + s, holes + h);
    }
    assert_eq!((slots, holes), (1_364_462, 158_554));
}

#[test]
fn classes_of_3_3_by_brute_force() {
    // Every position of 3 stones against 3 (2,024 x 1,330 = 2,691,920 with White to move),
    // reduced by the canonical form: as many classes as slots of 3-3 that are not holes.
    let game = nine();
    let mut all = Vec::new();
    for r in 0..BINOMIAL[24][3] {
        let own = colex_unrank(r, 3);
        for q in 0..BINOMIAL[24][3] {
            let opp = colex_unrank(q, 3);
            if own & opp == 0 {
                let c = game.canonical(&MorrisPos::from_sides(own, opp, 0, 0, true));
                all.push(u64::from(c.white) << 32 | u64::from(c.black));
            }
        }
    }
    assert_eq!(all.len(), 2024 * 1330);
    all.sort_unstable();
    all.dedup();
    let index = game.tier_index(MorrisTier::new(3, 3));
    assert_eq!(all.len() as u64, index.classes());
    assert_eq!(all.len() as u64, game.classes(3, 3));
    // Positions with k White and j Black stones: C(24, k) * C(24 - k, j).
    assert_eq!(u64::from(BINOMIAL[24][9]) * u64::from(BINOMIAL[15][9]), 6_544_057_520);
}

#[test]
fn tier_sizes() {
    // The slots and classes of every tier of Nine Men's Morris (printed with --nocapture).
    let game = nine();
    let (mut slots, mut classes) = (0u64, 0u64);
    for tier in game.tiers() {
        let index = game.tier_index(tier);
        println!(
            "{}: {} slots, {} classes, half {}",
            game.tier_name(tier),
            index.size(),
            index.classes(),
            index.half()
        );
        slots += index.size();
        classes += index.classes();
    }
    println!("total: {slots} slots, {classes} classes");
    // More classes than Gasser's 7,673,759,269 (his count leaves out the unreachable ones).
    assert_eq!((slots, classes), (9_193_626_407, 8_904_593_601));
}
