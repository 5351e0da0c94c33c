//! Hackenbush: Berlekamp's rule on every blue-red string up to 12 edges, the colon principle
//! on every green tree up to 11 edges, published values, and every small forest against the
//! values found without regions or reduced branches and against the strong solver.

use crate::partizan;
use partizan::{berlekamp, check_against_solver, start_value, Plain};

use nimber_engine::{Game, Notation};
use nimber_games::hackenbush::{parse_forest, Colour, Forest, Hackenbush, Tree};
use nimber_partizan::{Bridge, Evaluator, Player};

fn value(text: &str) -> String {
    start_value(&Hackenbush::new(parse_forest(text).unwrap()))
}

fn game() -> Hackenbush {
    Hackenbush::new(Forest::default())
}

/// Winning Ways, ch. 1 and 2: strings by Berlekamp's rule (`BR` 1/2, `BRR` 1/4, `BBR` 3/2,
/// `BRB` 3/4, `RB` -1/2), two half moves make a move (`BR BR R` is 0), a red edge under two
/// blue ones on a blue edge...; ch. 7: green strings are nimbers, and by the colon principle
/// a green edge carrying branches worth `*a` and `*b` is `*(1 + (a xor b))`. Hotchpotch by
/// hand: `BG` = {0, 1 | 1} = 1*, `GB` = {0, * | 0} = ^*, `B(R,R)` = {0 | 1/2} = 1/4.
#[test]
fn published_values() {
    for (text, v) in [
        ("B", "1"),
        ("R", "-1"),
        ("BR", "1/2"),
        ("BRR", "1/4"),
        ("BBR", "3/2"),
        ("BRB", "3/4"),
        ("RB", "-1/2"),
        ("BR BR R", "0"),
        ("B R", "0"),
        ("G", "*"),
        ("GG", "*2"),
        ("GGGGG", "*5"),
        ("G G", "0"),
        ("G(G,G)", "*"),
        ("G(GG,G)", "*4"),
        ("G(G,G,G)", "*2"),
        ("BG", "1*"),
        ("GB", "^*"),
        ("B(R,R)", "1/4"),
        ("-", "0"),
    ] {
        assert_eq!(value(text), v, "{text}");
    }
}

/// Berlekamp's rule ([`berlekamp`]) compared with the value found from the rules alone (no
/// regions, no reduced branches) on every blue-red string of 0 to 12 edges (8,191 strings).
#[test]
fn berlekamps_rule_on_every_blue_red_string_up_to_12_edges() {
    let plain = Plain(game());
    let mut ev = Evaluator::new(&plain);
    let mut checked = 0;
    for len in 0..=12u32 {
        for bits in 0..1u32 << len {
            let blue: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            let colours: Vec<Colour> =
                blue.iter().map(|&b| if b { Colour::Blue } else { Colour::Red }).collect();
            let forest = Forest::new(Tree::string(&colours).into_iter().collect());
            let v = ev.value(&forest);
            let expected = ev.forms.number(berlekamp(&blue));
            assert_eq!(v, expected, "{blue:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 8191);
}

/// Every rooted tree of `n` edges as trees of `n - 1` edges in all under a root edge of each
/// colour in `colours`.
fn all_forests(max: usize, colours: &[Colour]) -> Vec<Vec<Vec<Tree>>> {
    // trees[n]: every tree of n edges; forests[n]: every forest of n edges.
    let mut trees: Vec<Vec<Tree>> = vec![Vec::new()];
    let mut forests: Vec<Vec<Vec<Tree>>> = vec![vec![Vec::new()]];
    for n in 1..=max {
        let mut level = Vec::new();
        for &c in colours {
            for f in &forests[n - 1] {
                level.push(Tree { colour: c, above: f.clone() });
            }
        }
        trees.push(level);
        // Multisets of trees of n edges in all: trees taken in order (size, index), so that
        // each multiset comes once.
        let mut out = Vec::new();
        fn pick(
            trees: &[Vec<Tree>],
            left: usize,
            from: (usize, usize),
            chosen: &mut Vec<Tree>,
            out: &mut Vec<Vec<Tree>>,
        ) {
            if left == 0 {
                out.push(chosen.clone());
                return;
            }
            for size in from.0..=left {
                let start = if size == from.0 { from.1 } else { 0 };
                for i in start..trees[size].len() {
                    chosen.push(trees[size][i].clone());
                    pick(trees, left - size, (size, i), chosen, out);
                    chosen.pop();
                }
            }
        }
        pick(&trees, n, (1, 0), &mut Vec::new(), &mut out);
        forests.push(out);
    }
    forests
}

/// The colon principle (Winning Ways, ch. 7), written here on its own: a green edge carrying
/// branches of nim values `a, b, ...` is worth `*(1 + (a xor b xor ...))`. Compared with the
/// value found from the rules alone on every green tree of 1 to 11 edges (3,047 trees).
#[test]
fn colon_principle_on_every_green_tree_up_to_11_edges() {
    fn nim(t: &Tree) -> u32 {
        1 + t.above.iter().fold(0, |x, b| x ^ nim(b))
    }
    let forests = all_forests(10, &[Colour::Green]);
    let plain = Plain(game());
    let mut ev = Evaluator::new(&plain);
    let mut checked = 0;
    for level in &forests {
        for f in level {
            let tree = Tree { colour: Colour::Green, above: f.clone() };
            let v = ev.value(&Forest::new(vec![tree.clone()]));
            let expected = ev.forms.nimber(nim(&tree));
            assert_eq!(v, expected, "{tree:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 3047);
}

/// Every forest of blue, red and green edges of 1 to 7 edges (3 + 15 + 82 + 495 + 3,144 +
/// 20,875 + 142,773 = 167,387 forests): the value with trees valued apart and branches reduced to strings
/// equals the value found move by move, and the outcome class is who wins with each player
/// first.
#[test]
fn regions_and_strong_solver_agree_on_every_small_forest() {
    let forests = all_forests(7, &[Colour::Blue, Colour::Red, Colour::Green]);
    let counts: Vec<usize> = forests.iter().map(Vec::len).collect();
    assert_eq!(counts, [1, 3, 15, 82, 495, 3144, 20875, 142773]);
    let all: Vec<Forest> = forests.into_iter().skip(1).flatten().map(Forest::new).collect();
    let game = game();
    assert_eq!(check_against_solver(&game, &Plain(game.clone()), &all), 167_387);
}

/// Pure trees of many edges are reduced to strings and valued at once; trees whose mixed
/// branches have too many positions are refused.
#[test]
fn large_forests() {
    // A blue-red tree of 64 edges: a blue edge carrying 31 strings `BR` (1/2 each) and a red
    // edge, 29/2 in all, is the string of the sign expansion `+` then that of 29/2: 16 blue
    // edges and a red one, 31/2.
    let text = format!("B({},R)", vec!["BR"; 31].join(","));
    assert_eq!(value(&text), "31/2");
    assert_eq!(value(&format!("{}R", "B".repeat(16))), "31/2");
    assert_eq!(value(&format!("G({})", vec!["GG"; 20].join(","))), "*");
    assert_eq!(value(&"B".repeat(64)), "64");
    let many: Vec<String> = (1..=9).map(|k| format!("B{}", "G".repeat(k))).collect();
    let text = format!("G({})", many.join(","));
    assert_eq!(
        parse_forest(&text).unwrap_err().to_string(),
        "a tree has over 1048576 positions to value (branches of green and blue or red edges \
         together multiply them)"
    );
    let fewer = format!("G({})", many[..6].join(","));
    assert!(parse_forest(&fewer).is_ok());
}

#[test]
fn notation_round_trip_and_errors() {
    let game = game();
    for text in ["BRB", "BR(B,RR)", "B(R,G(R,R)) G", "-", "B B R", "G(B,G(B,R))"] {
        assert_eq!(game.format(&game.parse(text).unwrap()), text);
    }
    // Branches and trees in one order; one branch in parentheses is a string.
    assert_eq!(game.format(&game.parse("BR(RR,B)").unwrap()), "BR(B,RR)");
    assert_eq!(game.format(&game.parse("R  B").unwrap()), "B R");
    assert_eq!(game.format(&game.parse("B(R)").unwrap()), "BR");
    for (text, error) in [
        ("BX", "column 2: `X` is not an edge: use `B` (blue), `R` (red) or `G` (green)"),
        ("b", "column 1: `b` is not an edge: use `B` (blue), `R` (red) or `G` (green)"),
        ("(B,R)", "column 1: `(` before any edge: branches stand on an edge"),
        ("B(R,B", "column 6: a `(` is not closed by `)`"),
        ("B(R,)", "column 5: an empty branch"),
        ("B(,R)", "column 3: an empty branch"),
        ("B()", "column 3: an empty branch"),
        ("B(R, B)", "column 5: a space inside parentheses: separate branches by `,` alone"),
        ("B(R,B)R", "column 7: `R` after `)`: branches end their string"),
        ("B)", "column 2: `)` outside parentheses"),
        ("B,R", "column 2: `,` outside parentheses"),
        ("", "column 1: no edge (`-` is the bare ground)"),
        (&"B".repeat(65), "column 65: a forest has at most 64 edges"),
    ] {
        assert_eq!(game.parse(text).unwrap_err().to_string(), error, "{text}");
    }
    let bridge = Bridge(game.clone());
    let n = bridge.capabilities().notation.unwrap();
    assert_eq!(n.parse("BR L").unwrap(), (parse_forest("BR").unwrap(), Player::Left));
    // Edges numbered in the notation's order; Left cuts blue and green ones, one move per
    // result.
    let pos = (parse_forest("BR(B,B) G").unwrap(), Player::Left);
    let labels: Vec<String> = bridge.moves(&pos).into_iter().map(|m| m.label).collect();
    assert_eq!(labels, ["B1", "B3", "G5"]);
    let right: Vec<String> = bridge.moves(&(pos.0, Player::Right)).into_iter().map(|m| m.label).collect();
    assert_eq!(right, ["R2", "G5"]);
}
