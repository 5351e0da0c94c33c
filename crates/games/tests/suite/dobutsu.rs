//! The tests of Dōbutsu shōgi: notation, the rules and their symmetries, both indexes as
//! bijections, the fast paths against the plain references, and the predecessors.

use nimber_engine::table::check::{check_bijection, check_predecessors};
use nimber_engine::table::plumbing::{children_by_rank, Child, ChildEnds, SlotMoves};
use nimber_engine::table::Indexed;
use nimber_engine::{Backward, Game, Notation, Outcome, Value};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use nimber_games::dobutsu::{Dobutsu, DobutsuLive, DobutsuPos, INDEX_SIZE, LIVE_SIZE, TERMINAL_REMOTENESS};
use nimber_games::testing::dobutsu::fast;
use nimber_games::testing::dobutsu::{
    block_offsets, live_lion_pairs, rank_sente, sente_terminal, unrank_sente, PosBits,
};
use nimber_games::testing::dobutsu::{CHICK, GOTE, GOTE_TO_MOVE, HAND_KINDS, HEN, LION};

fn pos(text: &str) -> DobutsuPos {
    Dobutsu.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Positions met on random games from the start (each game stops at a finished position).
fn random_positions(seed: u64, games: usize) -> Vec<DobutsuPos> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut succ = Vec::new();
    for _ in 0..games {
        let mut p = DobutsuPos::START;
        for _ in 0..rng.gen_range(1..200) {
            out.push(p);
            if Dobutsu.terminal(&p).is_some() {
                break;
            }
            succ.clear();
            Dobutsu.successors(&p, &mut succ);
            p = succ[rng.gen_range(0..succ.len())];
        }
    }
    out
}

#[test]
fn start_and_notation() {
    let game = Dobutsu;
    assert_eq!(game.format(&game.start()), "gle/.c./.C./ELG b -");
    assert_eq!(pos("gle/1c1/1C1/ELG b -"), game.start());
    assert_eq!(pos("  gle/.c./.C./ELG   b   - "), game.start());
    let labels: Vec<String> = game.moves(&game.start()).into_iter().map(|m| m.label).collect();
    // Sente's chick takes Gote's chick, the lion steps to a3 or c3, the giraffe to c3; the
    // elephant's only diagonal holds the chick.
    assert_eq!(labels, ["Cb3xb2", "Lb4-a3", "Lb4-c3", "Gc4-c3"]);
    let after = game.moves(&game.start()).remove(0).to;
    assert_eq!(game.format(&after), "gle/.C./.../ELG w C");
    // Gote's replies are labelled on the real board.
    let replies: Vec<String> = game.moves(&after).into_iter().map(|m| m.label).collect();
    assert!(replies.contains(&"Lb1xb2".to_string()), "{replies:?}");
    assert!(replies.contains(&"Ec1xb2".to_string()), "{replies:?}");
    for p in random_positions(1, 300) {
        let text = game.format(&p);
        assert_eq!(pos(&text), p, "{text}");
    }
}

#[test]
fn bad_notation() {
    let err = |t: &str| Dobutsu.parse(t).unwrap_err();
    assert_eq!(err("gle/.c./.C./ELX b -").column, Some(15));
    assert_eq!(err("gle/.c./.C./EL b -").column, Some(15));
    assert_eq!(err("gle/.c./.C./ELG x -").column, Some(17));
    assert_eq!(err("gle/.c./.C./ELG b").column, Some(18));
    assert_eq!(err("gle/.c./.C./ELG b L").column, Some(19));
    assert!(err("gle/.c./.../ELG b -").message.contains("chicks"));
    assert!(err("gl./.c./.C./ELG b -").message.contains("elephants"));
    assert!(err("gle/.c./.C./E.G b -").message.contains("Sente has 0 lions"));
    assert!(Dobutsu.parse("gle/.c./.../ELG w C").is_ok());
    assert_eq!(err("gle/.c.//.C./ELG b -").column, Some(9));
    assert_eq!(err("gle/.c./.C./ELGL b -").column, Some(16));
}

#[test]
fn flip_is_an_involution() {
    for p in random_positions(2, 200) {
        assert_eq!(p.flipped().flipped(), p);
        assert_eq!(p.mirrored().mirrored(), p);
        assert_eq!(Dobutsu.terminal(&p), Dobutsu.terminal(&p.mirrored()));
        assert_ne!(p.flipped().gote_to_move(), p.gote_to_move());
        assert_eq!(Dobutsu.terminal(&p), Dobutsu.terminal(&p.flipped()));
    }
    // The start turned around is the start with Gote to move.
    assert_eq!(Dobutsu.format(&DobutsuPos::START.flipped()), "gle/.c./.C./ELG w -");
    assert_eq!(Dobutsu.format(&DobutsuPos::START.mirrored()), "elg/.c./.C./GLE b -");
    assert_eq!(Dobutsu.format(&pos("gle/.c./C../ELG w -").mirrored()), "elg/.c./..C/GLE w -");
}

#[test]
fn finished_positions() {
    let game = Dobutsu;
    // Sente's giraffe next to Gote's lion: Sente captures it.
    // (Won and lost in 1: the capture, or the reply that cannot stop the try.)
    let (win, lose) = (Some(Outcome::new(Value::Win, 1)), Some(Outcome::new(Value::Lose, 1)));
    assert_eq!(game.terminal(&pos("g.e/lG./.c./EL. b C")), win);
    // Gote's lion on Sente's home rank, out of reach: Gote's try has succeeded.
    assert_eq!(game.terminal(&pos("g.e/.c./L../..l b GCe")), lose);
    // Gote to move, Sente's lion on Gote's home rank out of reach: Gote has lost.
    assert_eq!(game.terminal(&pos("..L/.C./l../EGE w cg")), lose);
    // Unless Gote can capture it.
    assert_eq!(game.terminal(&pos(".lL/.C./.../EGE w cg")), win);
    assert_eq!(game.terminal(&game.start()), None);
}

#[test]
fn index_is_a_bijection() {
    let game = Dobutsu;
    let positions = random_positions(3, 400);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut slots: Vec<u64> = (0..20_000).map(|_| rng.gen_range(0..INDEX_SIZE)).collect();
    slots.extend([0, 1, INDEX_SIZE - 1]);
    slots.extend(block_offsets().flat_map(|offset| [offset, offset.max(1) - 1]));
    let holes = check_bijection(&game, positions.iter().copied(), slots.iter().copied());
    // A little under half the slots are the larger of two mirror images.
    assert!(holes > slots.len() as u64 * 45 / 100 && holes < slots.len() as u64 / 2, "{holes} holes");
    assert_eq!(game.rank(&game.start()), game.rank(&DobutsuPos::START.flipped()));
    eprintln!("dobutsu index: {} positions and {} slots checked", positions.len(), slots.len());
}

/// Positions of every kind: met in random games, arbitrary arrangements with either player
/// to move, and symmetric ones (equal to their mirror image).
#[test]
fn live_index_is_a_bijection_on_live_positions() {
    assert_eq!(live_lion_pairs().len(), 21);
    let game = DobutsuLive;
    // Live positions: of random games, and arbitrary arrangements, either player to move.
    let mut positions: Vec<DobutsuPos> =
        mixed_positions(11).into_iter().filter(DobutsuLive::is_live).collect();
    positions.extend(random_positions(12, 100).into_iter().filter(DobutsuLive::is_live));
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut slots: Vec<u64> = (0..40_000).map(|_| rng.gen_range(0..LIVE_SIZE)).collect();
    slots.extend([0, 1, LIVE_SIZE - 1]);
    let holes = check_bijection(&game, positions.iter().copied(), slots.iter().copied());
    // Every slot that is not a hole holds a live position; the holes are the positions in
    // which Sente captures Gote's lion, and the other mirror image when both lions are on
    // file b.
    let mut captures = 0;
    for &slot in &slots {
        let x = fast::unrank_live(slot);
        match game.unrank(slot) {
            Some(p) => assert!(DobutsuLive::is_live(&p), "slot {slot}: {p:?}"),
            None => {
                let p = DobutsuPos::from_bits(x);
                let over = Dobutsu.terminal(&p) == Some(Outcome::new(Value::Win, TERMINAL_REMOTENESS));
                captures += over as u64;
                assert!(over || fast::live_canonical(x) != x, "slot {slot}: {p:?}");
            }
        }
    }
    // About half the slots: the material often lets one of Sente's pieces reach the lion.
    let n = slots.len() as u64;
    assert!(holes > n * 45 / 100 && holes < n * 55 / 100, "{holes} holes in {n} slots");
    assert!(captures > holes * 9 / 10, "{captures} captures of {holes} holes");
    eprintln!(
        "dobutsu live index: {} live positions and {} slots checked, {holes} holes ({captures} captures)",
        positions.len(),
        slots.len()
    );
    assert!(positions.len() > 4_000);
}

#[test]
fn live_predecessors_are_the_live_ones() {
    let game = DobutsuLive;
    let mut positions: Vec<DobutsuPos> =
        random_positions(14, 150).into_iter().filter(DobutsuLive::is_live).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    while positions.len() < 3_000 {
        let p = unrank_sente(rng.gen_range(0..INDEX_SIZE));
        if DobutsuLive::is_live(&p) {
            positions.push(if rng.gen() { p.flipped() } else { p });
        }
    }
    let (mut preds, mut checked) = (Vec::new(), 0);
    for p in &positions {
        // The reference: every predecessor, the live ones ranked, each class once.
        preds.clear();
        Dobutsu.predecessors(p, &mut preds);
        let mut want: Vec<u64> =
            preds.iter().filter(|q| DobutsuLive::is_live(q)).map(|q| game.rank(q)).collect();
        want.sort_unstable();
        want.dedup();
        let mut got = Vec::new();
        game.predecessor_slots(p, &mut got);
        got.sort_unstable();
        assert_eq!(got, want, "{p:?}");
        // With their positions, as the lean solver's search for losses takes them.
        let mut with = Vec::new();
        game.for_each_predecessor(p, |slot, q| {
            assert_eq!(game.unrank(slot).as_ref(), Some(q), "{p:?}: slot {slot}");
            with.push(slot);
        });
        with.sort_unstable();
        assert_eq!(with, want, "{p:?}");
        // Every live predecessor has a move into the class of `p`.
        for q in preds.iter().filter(|q| DobutsuLive::is_live(q)) {
            let mut succ = Vec::new();
            Dobutsu.successors(q, &mut succ);
            assert!(succ.iter().any(|c| game.canonical(c) == game.canonical(p)));
        }
        checked += want.len();
        // The moves as the lean solver examines them, against the reference.
        let collect = |fast: bool| {
            let mut v = Vec::new();
            let push = |c: Child| {
                v.push(c);
                true
            };
            if fast {
                game.all_children(p, push);
            } else {
                children_by_rank(&game, p, push);
            }
            v.sort_by_key(|c| format!("{c:?}"));
            v
        };
        let reference = collect(false);
        assert_eq!(collect(true), reference, "{p:?}");
        // Listed with keys, ranked one by one.
        let (mut keys, mut terminal) = (Vec::new(), Vec::new());
        game.child_keys(p, &mut keys, &mut terminal);
        let mut keyed: Vec<Child> = terminal.into_iter().map(Child::Terminal).collect();
        keyed.extend(keys.iter().map(|&k| Child::Slot(game.slot_of_key(k))));
        keyed.sort_by_key(|c| format!("{c:?}"));
        assert_eq!(keyed, reference, "{p:?}");
        assert_eq!(game.child_ends(p), ChildEnds::of_successors(&Dobutsu, p), "{p:?}");
        let mut ends = Vec::new();
        game.for_each_child_end(p, |e| ends.push(e));
        let mut succ = Vec::new();
        Dobutsu.successors(p, &mut succ);
        let want: Vec<_> = succ.iter().map(|c| Dobutsu.terminal(c)).collect();
        assert_eq!(ends, want, "{p:?}");
    }
    eprintln!("dobutsu live predecessors: {} positions, {checked} predecessor classes", positions.len());
    assert!(checked > 10_000);
}

/// The counted ends of the moves ([`SlotMoves::child_ends`]) and the moves listed for the search
/// for losses ([`SlotMoves::child_keys`]) against the moves themselves, on live positions of
/// every kind, each kind of end met many times.
#[test]
fn live_child_ends_count_the_moves() {
    let game = DobutsuLive;
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let (mut checked, mut tries, mut all_won, mut some_won, mut none) = (0, 0, 0, 0, 0);
    while checked < 100_000 {
        let p = unrank_sente(rng.gen_range(0..INDEX_SIZE));
        let p = if rng.gen() { p.flipped() } else { p };
        if !DobutsuLive::is_live(&p) {
            continue;
        }
        let ends = game.child_ends(&p);
        assert_eq!(ends, ChildEnds::of_successors(&Dobutsu, &p), "{p:?}");
        // The moves listed for the search for losses, their ends apart.
        let (mut keys, mut terminal) = (Vec::new(), Vec::new());
        game.child_keys(&p, &mut keys, &mut terminal);
        let mut listed: Vec<Child> = terminal.into_iter().map(Child::Terminal).collect();
        listed.extend(keys.iter().map(|&k| Child::Slot(game.slot_of_key(k))));
        let mut reference = Vec::new();
        children_by_rank(&game, &p, |c| {
            reference.push(c);
            true
        });
        let key = |c: &Child| format!("{c:?}");
        listed.sort_by_key(key);
        reference.sort_by_key(key);
        assert_eq!(listed, reference, "{p:?}");
        checked += 1;
        tries += ends.lost_min.is_some() as u32;
        all_won += ends.all_won() as u32;
        some_won += (ends.into_won > 0 && !ends.all_won()) as u32;
        none += (ends.into_won == 0 && ends.lost_min.is_none()) as u32;
    }
    eprintln!(
        "dobutsu live child ends: {checked} positions: {tries} with a try, {all_won} with every move \
         lost at once, {some_won} with some, {none} with no move ending the game"
    );
    assert!(tries > 1000 && all_won > 1000 && some_won > 1000 && none > 1000);
}

fn mixed_positions(seed: u64) -> Vec<DobutsuPos> {
    let mut positions = random_positions(seed, 300);
    let mut rng = ChaCha8Rng::seed_from_u64(seed + 1);
    while positions.len() < 20_000 {
        let p = unrank_sente(rng.gen_range(0..INDEX_SIZE));
        positions.push(if rng.gen() { p.flipped() } else { p });
        positions.push(random_symmetric(&mut rng));
    }
    positions
}

/// A random position equal to its mirror image: lions on file b, the other pieces in pairs
/// on mirror squares of files a and c, or on file b, or in hand.
fn random_symmetric(rng: &mut ChaCha8Rng) -> DobutsuPos {
    let mut x = 0u64;
    let mut free: Vec<usize> = (0..12).collect();
    let mut take = |x: &mut u64, sq: usize, cell: u64| {
        *x |= cell << (4 * sq);
        free.retain(|&s| s != sq);
    };
    let mut file_b = vec![1usize, 4, 7, 10];
    let sl = file_b.remove(rng.gen_range(0..4));
    let gl = file_b.remove(rng.gen_range(0..3));
    take(&mut x, sl, LION);
    take(&mut x, gl, GOTE | LION);
    let mut pos = DobutsuPos::from_bits(x);
    for (h, &kind) in HAND_KINDS.iter().enumerate() {
        let owner = if rng.gen() { GOTE } else { 0 };
        let k = if kind == CHICK && rng.gen() { HEN } else { kind };
        let pairs: Vec<usize> =
            [0usize, 3, 6, 9].into_iter().filter(|&a| pos.cell(a) == 0 && pos.cell(a + 2) == 0).collect();
        if rng.gen_range(0..3) == 0 && !pairs.is_empty() {
            let a = pairs[rng.gen_range(0..pairs.len())];
            pos = pos.with_cell(a, owner | k).with_cell(a + 2, owner | k);
            continue;
        }
        for _ in 0..2 {
            let empty_b: Vec<usize> = [1usize, 4, 7, 10].into_iter().filter(|&b| pos.cell(b) == 0).collect();
            if rng.gen() && !empty_b.is_empty() {
                let owner = if rng.gen() { GOTE } else { 0 };
                let k = if kind == CHICK && rng.gen() { HEN } else { kind };
                pos = pos.with_cell(empty_b[rng.gen_range(0..empty_b.len())], owner | k);
            } else {
                pos = pos.add_hand(rng.gen(), h, 1);
            }
        }
    }
    if rng.gen() {
        pos = DobutsuPos::from_bits(pos.bits() | GOTE_TO_MOVE);
    }
    assert_eq!(pos.mirrored(), pos);
    assert!(Dobutsu.parse(&Dobutsu.format(&pos)).is_ok(), "{pos:?}");
    pos
}

#[test]
fn fast_index_agrees_with_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut slots: Vec<u64> = (0..200_000).map(|_| rng.gen_range(0..INDEX_SIZE)).collect();
    slots.extend(block_offsets().flat_map(|offset| [offset, offset.max(1) - 1]));
    slots.push(INDEX_SIZE - 1);
    for slot in slots {
        let p = unrank_sente(slot);
        assert_eq!(fast::unrank(slot), p.bits(), "unrank {slot}");
        assert_eq!(fast::rank(p.bits()), slot, "rank {p:?}");
    }
    for p in mixed_positions(12) {
        let c = p.canonical();
        assert_eq!(fast::rank(c.bits()), rank_sente(c), "{p:?}");
        assert_eq!(Dobutsu.terminal(&p).map(|o| o.value()), sente_terminal(p.sente_view()), "{p:?}");
    }
}

#[test]
fn fast_moves_agree_with_reference() {
    let positions = mixed_positions(13);
    let symmetric = positions.iter().filter(|p| p.canonical().mirrored() == p.canonical()).count();
    let checked = nimber_engine::table::check::check_slot_methods(&Dobutsu, positions.iter().copied());
    let symmetric_open = nimber_engine::table::check::check_slot_methods(
        &Dobutsu,
        positions.iter().copied().filter(|p| p.canonical().mirrored() == p.canonical()),
    );
    eprintln!(
        "dobutsu slot methods: {} positions ({symmetric} symmetric), {checked} not terminal \
         ({symmetric_open} symmetric)",
        positions.len()
    );
    assert!(checked > 3000 && symmetric_open > 1000, "{checked} {symmetric_open}");
}

#[test]
fn predecessors_invert_moves() {
    let game = Dobutsu;
    let mut positions = random_positions(5, 150);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    // Arbitrary arrangements too, with either player to move.
    for _ in 0..1500 {
        let p = unrank_sente(rng.gen_range(0..INDEX_SIZE));
        positions.push(if rng.gen() { p.flipped() } else { p });
    }
    let checked = check_predecessors(&game, positions.iter().copied());
    eprintln!("dobutsu predecessors: {} positions, {checked} moves checked both ways", positions.len());
    assert!(checked > 10_000);
}
