//! The drawings of positions (the `Draw` capability, through the registry's `DynGame::svg`): every game
//! draws its start and a few other positions as well-formed standalone SVG with the notation
//! in its `<title>`, the squares, heaps, vertices or cards that the notation has (counted by
//! their `data-` attributes), and text escaped. Each drawing is also written to
//! `target/svg-preview/` to be looked at (`rsvg-convert -w 600 FILE.svg -o FILE.png`).

use std::path::PathBuf;

use nimber_engine::DynGame;

const CYCLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/cycle.txt");

fn game(name: &str, params: &[&str]) -> Box<dyn DynGame> {
    nimber_games::build(name, params).unwrap()
}

/// Where previews go: `target/svg-preview` (the target directory of this build).
fn preview_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().join("svg-preview")
}

/// The drawing of `position` (the start when `None`), checked: well-formed XML whose root is an
/// `svg` in the SVG namespace with a `viewBox` and no `width` or `height`, a first child
/// `<title>` with the position's notation, `data-game` and `data-position`, no script, no
/// style sheet, no reference to anything outside, and only generic font families. Written to
/// the preview folder as `FILE.svg`.
fn drawing(game: &dyn DynGame, position: Option<&str>, file: &str) -> String {
    let text = match position {
        Some(p) => p.to_string(),
        None => game.start_text(),
    };
    let notation = game.normalize(&text).unwrap();
    let svg = game.svg(&text).unwrap().unwrap_or_else(|| panic!("{file}: no drawing"));
    let doc =
        roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{file}: not well-formed: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{file}");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"), "{file}");
    let view: Vec<f64> = root.attribute("viewBox").unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
    assert!(view.len() == 4 && view[2] > 0.0 && view[3] > 0.0, "{file}: {view:?}");
    assert!(root.attribute("width").is_none() && root.attribute("height").is_none(), "{file}");
    assert_eq!(root.attribute("data-position"), Some(notation.as_str()), "{file}");
    let title = root.first_element_child().unwrap();
    assert_eq!(title.tag_name().name(), "title", "{file}");
    assert_eq!(title.text(), Some(notation.as_str()), "{file}");
    for node in doc.descendants().filter(|n| n.is_element()) {
        let tag = node.tag_name().name();
        assert!(!matches!(tag, "script" | "style" | "image" | "use" | "foreignObject"), "{file}: <{tag}>");
        for a in node.attributes() {
            assert!(!a.name().contains("href") && !a.name().starts_with("on"), "{file}: {}", a.name());
            assert!(!a.value().contains("url("), "{file}: {}", a.value());
            if a.name() == "font-family" {
                assert!(matches!(a.value(), "sans-serif" | "monospace"), "{file}: {}", a.value());
            }
        }
    }
    let dir = preview_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{file}.svg")), &svg).unwrap();
    svg
}

/// The values of attribute `name` on the elements that have it, in document order.
fn values(svg: &str, name: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants().filter_map(|n| n.attribute(name).map(str::to_string)).collect()
}

/// How many elements have attribute `name` (with value `value`, when given).
fn count(svg: &str, name: &str, value: Option<&str>) -> usize {
    values(svg, name).iter().filter(|v| value.is_none_or(|want| v.as_str() == want)).count()
}

/// The text of the status line (`data-status`).
fn status(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let node = doc.descendants().find(|n| n.attribute("data-status").is_some()).expect("a status line");
    node.text().unwrap_or("").to_string()
}

#[test]
fn every_game_draws_its_start_and_its_misere_start() {
    for info in nimber_games::all() {
        let params: Vec<String> = if info.name == "graph" { vec![format!("file={CYCLE}")] } else { vec![] };
        let game = nimber_games::build(info.name, &params).unwrap();
        let svg = drawing(game.as_ref(), None, &format!("{}-start", info.name));
        assert_eq!(values(&svg, "data-game"), [info.name], "{}", info.name);
        if let Some(misere) = game.misere() {
            assert_eq!(misere.svg(&game.start_text()).unwrap(), Some(svg), "{}", info.name);
        };
    }
}

#[test]
fn tictactoe() {
    let game = game("tictactoe", &[]);
    let svg = drawing(game.as_ref(), None, "tictactoe");
    assert_eq!(values(&svg, "data-square"), ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]);
    assert_eq!(count(&svg, "data-piece", None), 0);
    assert_eq!(status(&svg), "X to move");
    let svg = drawing(game.as_ref(), Some("xo./.x./..."), "tictactoe-middle");
    assert_eq!(count(&svg, "data-piece", Some("x")), 2);
    assert_eq!(count(&svg, "data-piece", Some("o")), 1);
    assert_eq!(values(&svg, "data-at"), ["a1", "b1", "b2"]);
    assert_eq!(status(&svg), "O to move");
    let svg = drawing(game.as_ref(), Some("xo./xo./x.."), "tictactoe-won");
    assert_eq!(status(&svg), "X wins: three in a row");
    let svg = drawing(game.as_ref(), Some("xox/xoo/oxx"), "tictactoe-tie");
    assert_eq!(status(&svg), "A tie: the board is full");
}

#[test]
fn heap_games() {
    let nim = game("nim", &[]);
    let svg = drawing(nim.as_ref(), None, "nim");
    assert_eq!(values(&svg, "data-heap"), ["1", "2", "3"]);
    assert_eq!(values(&svg, "data-size"), ["3", "4", "5"]);
    assert_eq!(count(&svg, "data-token", None), 12);
    // Large heaps are bars: no counters.
    let svg = drawing(nim.as_ref(), Some("2,2,1000000"), "nim-large");
    assert_eq!(values(&svg, "data-size"), ["2", "2", "1000000"]);
    assert_eq!(count(&svg, "data-token", None), 0);
    // Many heaps: the first ones are drawn, the title has them all.
    let many = vec!["1"; 30].join(",");
    let svg = drawing(nim.as_ref(), Some(&many), "nim-many");
    assert_eq!(count(&svg, "data-heap", None), 24);
    assert!(svg.contains("and 6 more heaps"), "{svg}");
    let svg = drawing(nim.as_ref(), Some("-"), "nim-empty");
    assert_eq!(count(&svg, "data-heap", None), 0);
    for (name, file) in [("subtraction", "subtraction"), ("octal", "octal"), ("grundy-game", "grundy")] {
        let g = game(name, &[]);
        let svg = drawing(g.as_ref(), Some("10,7"), file);
        assert_eq!(values(&svg, "data-size"), ["7", "10"], "{name}");
        assert_eq!(count(&svg, "data-token", None), 17, "{name}");
        assert_eq!(values(&svg, "data-game"), [name]);
    }
}

#[test]
fn dodgem() {
    let game = game("dodgem", &[]);
    let svg = drawing(game.as_ref(), None, "dodgem");
    assert_eq!(values(&svg, "data-square"), ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]);
    assert_eq!(count(&svg, "data-piece", Some("b")), 2);
    assert_eq!(count(&svg, "data-piece", Some("r")), 2);
    assert_eq!(values(&svg, "data-at"), ["a3", "a2", "b1", "c1"]);
    assert_eq!(values(&svg, "data-exit"), ["r", "b"]);
    assert_eq!(status(&svg), "Blue to move");
    let svg = drawing(game.as_ref(), Some(".../b../.r. r"), "dodgem-middle");
    assert_eq!(values(&svg, "data-piece"), ["b", "r"]);
    assert_eq!(status(&svg), "Red to move");
    assert!(svg.contains("Blue: 1 of 2 cars off the board"), "{svg}");
    let svg = drawing(game.as_ref(), Some(".../.../.rr b"), "dodgem-over");
    assert_eq!(status(&svg), "Blue has no move: Blue wins");
    let big = nimber_games::build("dodgem", &["n=5"]).unwrap();
    let svg = drawing(big.as_ref(), None, "dodgem-5");
    assert_eq!(count(&svg, "data-square", None), 25);
    assert_eq!(count(&svg, "data-piece", None), 8);
}

#[test]
fn morris() {
    let game = game("morris", &[]);
    let svg = drawing(game.as_ref(), None, "morris");
    assert_eq!(count(&svg, "data-point", None), 24);
    assert_eq!(count(&svg, "data-point", Some("d2")), 1);
    assert_eq!(count(&svg, "data-piece", None), 0);
    assert_eq!(status(&svg), "White to move");
    assert!(svg.contains("In hand: White 9, Black 9"), "{svg}");
    let svg = drawing(game.as_ref(), Some("W:a1,a4,d7 B:b2,b4,b6,d6 b"), "morris-flying");
    assert_eq!(count(&svg, "data-piece", Some("w")), 3);
    assert_eq!(count(&svg, "data-piece", Some("b")), 4);
    // Stones in the order of Malom's point numbers.
    assert_eq!(values(&svg, "data-at"), ["a4", "d7", "a1", "b4", "b6", "d6", "b2"]);
    assert_eq!(status(&svg), "Black to move");
    let svg = drawing(game.as_ref(), Some("W:a1,a4,a7,d7 B:b4,d1,d6,g7 w"), "morris-blocked");
    assert_eq!(status(&svg), "White cannot move: Black wins");
    let six = nimber_games::build("morris", &["stones=6"]).unwrap();
    let svg = drawing(six.as_ref(), Some("W:a1,a3,a5 B:c1,e1,e3,e5 w"), "morris-six");
    assert_eq!(count(&svg, "data-point", None), 16);
    assert_eq!(count(&svg, "data-piece", None), 7);
}

#[test]
fn dobutsu() {
    let game = game("dobutsu", &[]);
    let svg = drawing(game.as_ref(), None, "dobutsu");
    let squares = values(&svg, "data-square");
    assert_eq!(squares.len(), 12);
    assert_eq!((squares[0].as_str(), squares[11].as_str()), ("a1", "c4"));
    assert_eq!(values(&svg, "data-piece"), ["g", "l", "e", "c", "C", "E", "L", "G"]);
    assert_eq!(values(&svg, "data-at"), ["a1", "b1", "c1", "b2", "b3", "a4", "b4", "c4"]);
    assert_eq!(count(&svg, "data-hand", None), 0);
    assert_eq!(status(&svg), "Sente to move");
    // Gote's pieces are turned around, Sente's are not.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    for piece in doc.descendants().filter(|n| n.attribute("data-piece").is_some()) {
        let gote = piece.attribute("data-piece").unwrap().chars().all(|c| c.is_lowercase());
        assert_eq!(piece.attribute("transform").is_some_and(|t| t.starts_with("rotate(180")), gote);
    }
    // After Cb3xb2, Sente holds a chick.
    let svg = drawing(game.as_ref(), Some("gle/.C./.../ELG w C"), "dobutsu-hand");
    assert_eq!(values(&svg, "data-hand"), ["C"]);
    assert_eq!(values(&svg, "data-count"), ["1"]);
    assert_eq!(count(&svg, "data-piece", None), 7);
    assert_eq!(status(&svg), "Gote to move");
    let svg = drawing(game.as_ref(), Some("g.l/.../.../.L. w CCEGe"), "dobutsu-hands");
    assert_eq!(values(&svg, "data-hand"), ["e", "G", "E", "C"], "Gote's hand first, above");
    assert_eq!(values(&svg, "data-count"), ["1", "1", "1", "2"]);
    let svg = drawing(game.as_ref(), Some("g.e/.l./.C./ELG b c"), "dobutsu-capture");
    assert_eq!(status(&svg), "Sente to move can take the lion: Sente wins");
}

#[test]
fn boards_of_impartial_games() {
    let enjapma = game("enjapma", &[]);
    let svg = drawing(enjapma.as_ref(), None, "enjapma");
    assert_eq!(count(&svg, "data-square", None), 12);
    assert_eq!(count(&svg, "data-piece", Some("o")), 12);
    let svg = drawing(enjapma.as_ref(), Some("o.o./.oo./...o"), "enjapma-middle");
    assert_eq!(values(&svg, "data-at"), ["r1c1", "r1c3", "r2c2", "r2c3", "r3c4"]);
    let wide = nimber_games::build("enjapma", &["h=1", "w=64"]).unwrap();
    let svg = drawing(wide.as_ref(), None, "enjapma-wide");
    assert_eq!(count(&svg, "data-piece", None), 64);

    let path = game("pathgame", &[]);
    let svg = drawing(path.as_ref(), None, "pathgame");
    assert_eq!(values(&svg, "data-square"), ["t1", "t2", "t3", "t4", "t5", "b1", "b2", "b3", "b4", "b5"]);
    assert_eq!(values(&svg, "data-move"), ["t2", "t3", "t4", "t5", "b3", "b4", "b5"]);
    let svg = drawing(path.as_ref(), Some("#.#../....."), "pathgame-middle");
    assert!(count(&svg, "data-move", None) < 10);
}

#[test]
fn game_in_darkness() {
    let game = game("gameindarkness", &[]);
    let svg = drawing(game.as_ref(), None, "gameindarkness");
    assert_eq!(count(&svg, "data-square", None), 15);
    assert_eq!(count(&svg, "data-wall", None), 8);
    assert_eq!(values(&svg, "data-piece"), ["B", "A"]);
    assert_eq!(values(&svg, "data-at"), ["r1c3", "r1c1"]);
    assert_eq!(values(&svg, "data-move"), ["right"]);
    assert_eq!(status(&svg), "Alice to move");
    assert!(svg.contains("Bob may be on 1 cell<"), "{svg}");
    let svg = drawing(game.as_ref(), Some(".AB../##.##/##.## b"), "gameindarkness-bob");
    assert_eq!(count(&svg, "data-move", None), 0);
    assert_eq!(status(&svg), "Bob's move (forced)");
    let svg = drawing(game.as_ref(), Some("..A.B/##.##/##B## a"), "gameindarkness-belief");
    assert_eq!(count(&svg, "data-piece", Some("B")), 2);
    let mut moves = values(&svg, "data-move");
    moves.sort();
    assert_eq!(moves, ["down", "left", "right"]);
}

#[test]
fn berzerk() {
    let game = game("berzerk", &[]);
    let svg = drawing(game.as_ref(), None, "berzerk");
    assert_eq!(values(&svg, "data-object"), ["1", "2", "3", "4", "5"]);
    assert_eq!(values(&svg, "data-move"), ["+2", "+3"]);
    assert_eq!(values(&svg, "data-at"), ["2"]);
    assert_eq!(status(&svg), "Player 1 to move");
    let svg = drawing(game.as_ref(), Some("2:4"), "berzerk-p2");
    assert_eq!(values(&svg, "data-move"), ["+2", "+3", "+1"], "objects 1, 2 and 5 in order");
    let svg = drawing(game.as_ref(), Some("2:1"), "berzerk-over");
    assert_eq!(status(&svg), "The monster is in the black hole: player 1 wins");
    assert_eq!(count(&svg, "data-move", None), 0);
    // A large circle: only the hole, the monster's object and the targets.
    let big = nimber_games::build("berzerk", &["n=1000", "s1=1,2,999", "s2=5"]).unwrap();
    let svg = drawing(big.as_ref(), None, "berzerk-large");
    assert_eq!(values(&svg, "data-object"), ["1", "2", "3", "4"]);
    assert_eq!(values(&svg, "data-move"), ["+999", "+1", "+2"]);
}

#[test]
fn five_hundred_eleven() {
    let game = game("fivehundredeleven", &[]);
    let svg = drawing(game.as_ref(), None, "fivehundredeleven");
    assert_eq!(values(&svg, "data-card"), ["0", "1", "2", "3", "4"]);
    assert_eq!(values(&svg, "data-value"), ["3", "5", "7", "9", "510"]);
    assert_eq!(values(&svg, "data-move"), ["#0:3", "#1:5", "#2:7", "#3:9", "#4:510"]);
    assert_eq!(count(&svg, "data-bit", None), 9);
    assert_eq!(count(&svg, "data-on", Some("1")), 0);
    assert_eq!(status(&svg), "5 cards left to play");
    let svg = drawing(game.as_ref(), Some("m=7;3,4"), "fivehundredeleven-middle");
    assert_eq!(count(&svg, "data-played", None), 3);
    assert_eq!(values(&svg, "data-move"), ["#3:9", "#4:510"]);
    assert_eq!(count(&svg, "data-on", Some("1")), 3);
    let svg = drawing(game.as_ref(), Some("m=511;3"), "fivehundredeleven-over");
    assert_eq!(status(&svg), "The memory is 511: the player to move wins");
}

/// A graph file in the test's temporary folder.
fn graph_file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    format!("file={}", path.display())
}

#[test]
fn graph() {
    let game = game("graph", &[&format!("file={CYCLE}")]);
    let svg = drawing(game.as_ref(), None, "graph");
    assert_eq!(count(&svg, "data-vertex", None), 17);
    assert_eq!(values(&svg, "data-current"), ["1"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let current = doc.descendants().find(|n| n.attribute("data-current").is_some()).unwrap();
    assert_eq!(current.attribute("data-vertex"), Some("start"));
    // Names with characters XML gives a meaning: escaped in text and attributes.
    let file = graph_file("svg-escape.txt", "<a> b&c\nb&c \"q\"\n\"q\" <a>\n\"q\" end\nend lose\n");
    let tricky = nimber_games::build("graph", &[file]).unwrap();
    let svg = drawing(tricky.as_ref(), None, "graph-escape");
    assert!(svg.contains("<title>&lt;a&gt;</title>") && svg.contains("data-vertex=\"b&amp;c\""), "{svg}");
    assert_eq!(values(&svg, "data-vertex"), ["<a>", "b&c", "\"q\"", "end"]);
    assert_eq!(values(&svg, "data-move"), ["b&c"]);
    let svg = drawing(tricky.as_ref(), Some("end"), "graph-end");
    assert_eq!(status(&svg), "At end: the game ends, the player to move loses");
    // A large graph: the position and what is up to two moves from it.
    let mut text = String::new();
    for i in 0..200 {
        for j in [2 * i + 1, 2 * i + 2].into_iter().filter(|&j| j < 200) {
            text.push_str(&format!("v{i} v{j}\n"));
        }
    }
    let large = nimber_games::build("graph", &[graph_file("svg-large.txt", &text)]).unwrap();
    let svg = drawing(large.as_ref(), Some("v1"), "graph-large");
    assert_eq!(values(&svg, "data-vertex").len(), 7);
    assert_eq!(values(&svg, "data-move"), ["v3", "v4"]);
}

/// The labels of the moves of the player to move in `position` (`BOARD L` or `BOARD R`).
fn move_labels(game: &dyn DynGame, position: &str) -> Vec<String> {
    let report = game.query(Some(position), &nimber_engine::Silent).unwrap();
    let mut labels: Vec<String> = report.moves.into_iter().map(|m| m.label).collect();
    labels.sort();
    labels
}

/// The values of `data-move`, sorted, each once.
fn moves_drawn(svg: &str) -> Vec<String> {
    let mut moves = values(svg, "data-move");
    moves.sort();
    moves.dedup();
    moves
}

#[test]
fn toads_and_frogs() {
    let game = game("toadsandfrogs", &["board=TT.F.TF"]);
    let svg = drawing(game.as_ref(), None, "toadsandfrogs");
    assert_eq!(count(&svg, "data-square", None), 7);
    assert_eq!(values(&svg, "data-piece"), ["T", "T", "F", "T", "F"]);
    assert_eq!(values(&svg, "data-at"), ["1", "2", "4", "6", "7"]);
    // Left: the toad on 2 steps to 3, the one on 6 cannot move.
    assert_eq!(values(&svg, "data-move"), ["2-3"]);
    assert_eq!(moves_drawn(&svg), move_labels(game.as_ref(), "TT.F.TF L"));
    assert_eq!(status(&svg), "Left (toads) to move");
    let svg = drawing(game.as_ref(), Some("TT.F.TF R"), "toadsandfrogs-right");
    assert_eq!(values(&svg, "data-move"), ["4-3", "7-5"]);
    assert_eq!(moves_drawn(&svg), move_labels(game.as_ref(), "TT.F.TF R"));
    let long = format!("{} L", "TF..".repeat(16));
    let svg = drawing(game.as_ref(), Some(&long), "toadsandfrogs-long");
    assert_eq!(count(&svg, "data-square", None), 64);
}

#[test]
fn cutcake() {
    let game = game("cutcake", &["cakes=2x5 2x5 3x1 1x1"]);
    let svg = drawing(game.as_ref(), None, "cutcake");
    assert_eq!(values(&svg, "data-size"), ["3x1", "2x5", "2x5", "1x1"]);
    assert_eq!(values(&svg, "data-cake"), ["1", "2", "3", "4"]);
    // Left's cuts: 4 lines in each 2x5 cake, two moves (a cut and its mirror image are one).
    assert_eq!(count(&svg, "data-move", None), 8);
    assert_eq!(moves_drawn(&svg), move_labels(game.as_ref(), "3x1 2x5 2x5 1x1 L"));
    let svg = drawing(game.as_ref(), Some("3x1 2x5 2x5 1x1 R"), "cutcake-right");
    assert_eq!(count(&svg, "data-move", None), 2 + 1 + 1);
    assert_eq!(moves_drawn(&svg), move_labels(game.as_ref(), "3x1 2x5 2x5 1x1 R"));
    assert_eq!(status(&svg), "Right to move (horizontal cuts)");
    let svg = drawing(game.as_ref(), Some("64x64 L"), "cutcake-large");
    assert_eq!(count(&svg, "data-move", None), 63);
}

#[test]
fn hackenbush() {
    let game = game("hackenbush", &["forest=BR(B,B) G(R,GG)"]);
    let svg = drawing(game.as_ref(), None, "hackenbush");
    assert_eq!(count(&svg, "data-edge", None), 8);
    assert_eq!(values(&svg, "data-colour"), ["B", "R", "B", "B", "G", "R", "G", "G"]);
    // Left may cut every blue and green edge; the moves name one of two edges that give the
    // same forest.
    assert_eq!(values(&svg, "data-move"), ["B1", "B3", "B4", "G5", "G7", "G8"]);
    assert_eq!(move_labels(game.as_ref(), "BR(B,B) G(R,GG) L"), ["B1", "B3", "G5", "G7", "G8"]);
    let svg = drawing(game.as_ref(), Some("BR(B,B) G(R,GG) R"), "hackenbush-right");
    assert_eq!(values(&svg, "data-move"), ["R2", "G5", "R6", "G7", "G8"]);
    assert_eq!(moves_drawn(&svg), move_labels(game.as_ref(), "BR(B,B) G(R,GG) R"));
    assert_eq!(status(&svg), "Right to move (red or green)");
    let svg = drawing(game.as_ref(), Some("- L"), "hackenbush-bare");
    assert_eq!(count(&svg, "data-edge", None), 0);
}
