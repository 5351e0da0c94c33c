//! Fuzz harnesses: one function per reader of outside input, called by the cargo-fuzz targets
//! in `fuzz/fuzz_targets` (nightly, libFuzzer) and by the replay test `tests/replay.rs` (stable),
//! which runs every input of `fuzz/corpus/TARGET` and `fuzz/regressions/TARGET` through them.
//!
//! A harness reads its input as a user would give it and asserts what must hold of any input:
//! no panic (an `Err` is a fine answer), errors on one line where the CLI prints them as they
//! are, and round trips: a position that parses is printed back in notation that parses to the
//! same position. Hangs and memory exhaustion are caught by libFuzzer's `-timeout` and
//! `-rss_limit_mb` in a campaign (`fuzz/campaign.sh`).

use std::path::Path;
use std::sync::OnceLock;

use nimber_engine::solve::survey::Num;
use nimber_engine::solve::SolverChoice;
use nimber_engine::{Dyadic, DynGame, Error, Notation, SolveOptions, Value};
use nimber_games::graph::Graph;

/// A fuzz target: its name (the file `fuzz/fuzz_targets/NAME.rs`, the folders
/// `fuzz/corpus/NAME` and `fuzz/regressions/NAME`) and its harness.
pub struct Target {
    /// The name.
    pub name: &'static str,
    /// The harness: panics when the input shows a bug.
    pub run: fn(&[u8]),
}

/// Every target, in the order the campaign runs them.
pub const TARGETS: &[Target] = &[
    Target { name: "problem_berzerk", run: problem_berzerk },
    Target { name: "problem_enjapma", run: problem_enjapma },
    Target { name: "problem_fivehundredeleven", run: problem_fivehundredeleven },
    Target { name: "problem_gameindarkness", run: problem_gameindarkness },
    Target { name: "problem_more_reclamation", run: problem_more_reclamation },
    Target { name: "problem_pathgame", run: problem_pathgame },
    Target { name: "notation", run: notation },
    Target { name: "params", run: params },
    Target { name: "graph", run: graph },
    Target { name: "rule", run: rule },
    Target { name: "store", run: store },
    Target { name: "checkpoint", run: checkpoint },
    Target { name: "manifest", run: manifest },
    Target { name: "http", run: http },
    Target { name: "value", run: value },
    Target { name: "hosts", run: hosts },
];

/// The target called `name`.
pub fn find(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// An error the CLI prints as `nimber: error: ...` must fit on one line.
fn one_line(what: &str, e: &dyn std::fmt::Display) {
    let text = e.to_string();
    assert!(!text.contains('\n'), "{what}: an error message on several lines: {text:?}");
    assert!(!text.is_empty(), "{what}: an empty error message");
}

// ---------------------------------------------------------------------------------------------
// The six problem readers (`nimber problem NAME < input`).

fn problem(name: &str, data: &[u8]) {
    // `nimber problem` reads its input as UTF-8 text; other bytes are refused before the reader.
    let Ok(text) = std::str::from_utf8(data) else { return };
    let problem = nimber_problems::find(name).expect("a problem of the library");
    match (problem.solve)(text, &nimber_problems::Options::default()) {
        Ok(output) => assert!(!output.is_empty(), "{name}: an empty answer"),
        Err(e) => one_line(name, &e),
    }
}

/// `nimber problem berzerk`.
pub fn problem_berzerk(data: &[u8]) {
    problem("berzerk", data)
}

/// `nimber problem enjapma`.
pub fn problem_enjapma(data: &[u8]) {
    problem("enjapma", data)
}

/// `nimber problem fivehundredeleven`.
pub fn problem_fivehundredeleven(data: &[u8]) {
    problem("fivehundredeleven", data)
}

/// `nimber problem gameindarkness`.
pub fn problem_gameindarkness(data: &[u8]) {
    problem("gameindarkness", data)
}

/// `nimber problem more-reclamation`.
pub fn problem_more_reclamation(data: &[u8]) {
    problem("more-reclamation", data)
}

/// `nimber problem pathgame`.
pub fn problem_pathgame(data: &[u8]) {
    problem("pathgame", data)
}

// ---------------------------------------------------------------------------------------------
// Positions in every game's notation (`nimber query GAME POSITION`, the web API).

/// The games whose notation is fuzzed: every game of the registry with its default parameters
/// (a graph game: `examples/graphs/loopy.txt`), then some with other parameters, then games added
/// later. The first byte
/// of a `notation` input picks one (modulo their number).
pub const NOTATION_GAMES: &[(&str, &[&str])] = &[
    ("berzerk", &[]),
    ("clobber", &[]),
    ("cutcake", &[]),
    ("dobutsu", &[]),
    ("dodgem", &[]),
    ("domineering", &[]),
    ("enjapma", &[]),
    ("fivehundredeleven", &[]),
    ("gameindarkness", &[]),
    ("graph", &[]),
    ("grundy-game", &[]),
    ("hackenbush", &[]),
    ("nim", &[]),
    ("octal", &[]),
    ("pathgame", &[]),
    ("subtraction", &[]),
    ("tictactoe", &[]),
    ("toadsandfrogs", &[]),
    ("berzerk", &["n=7000", "s1=1,6999", "s2=3"]),
    ("clobber", &["board=xo.ox/.oxo./xx.oo"]),
    ("cutcake", &["cakes=3x4 2x3 1x1"]),
    ("domineering", &["board=#..#/..../.##."]),
    ("dodgem", &["n=4"]),
    ("dodgem", &["n=5"]),
    ("enjapma", &["h=2", "w=5", "board=o.o.o/ooooo"]),
    ("fivehundredeleven", &["cards=0,511,1,2,4,8,16,32,64,128,256"]),
    ("gameindarkness", &["field=A..#/.#../...B"]),
    ("hackenbush", &["forest=BR(B,RG) G(G,GG) RRB"]),
    ("nim", &["heaps=1,2,3,4,5,6,7", "count=9", "max=12"]),
    ("octal", &["code=4.07", "heaps=5,9"]),
    ("octal", &["code=sub:1,3,4", "heaps=20"]),
    ("octal", &["code=allbut:1,3", "heaps=20"]),
    ("pathgame", &["board=#.#..../....#.."]),
    ("subtraction", &["set=2,5,7", "heaps=30,4"]),
    ("toadsandfrogs", &["board=TT.F.TFF..T"]),
    // Added after the lists above (each addition renumbers what a first byte picks).
    ("connect4", &[]),
    ("connect4", &["w=4", "h=5", "mirror=0"]),
    ("morris", &[]),
    ("morris", &["stones=6"]),
    ("morris", &["variant=morabaraba"]),
];

/// The graph game of the notation target (a file read once, into the binary).
const LOOPY_GRAPH: &str = include_str!("../../../examples/graphs/loopy.txt");

fn notation_games() -> &'static [Box<dyn DynGame>] {
    static GAMES: OnceLock<Vec<Box<dyn DynGame>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        NOTATION_GAMES
            .iter()
            .map(|&(name, params)| -> Box<dyn DynGame> {
                if name == "graph" {
                    Box::new(
                        Graph::from_text(LOOPY_GRAPH, "loopy.txt", None).expect("the example graph reads"),
                    )
                } else {
                    nimber_games::build(name, params).unwrap_or_else(|e| panic!("{name} {params:?}: {e}"))
                }
            })
            .collect()
    })
}

/// Checks a position of `game` given as text: it parses (and draws) or is refused, and what
/// parses prints back as notation that parses to itself (`format(parse(x))` is a fixed point).
fn check_position(what: &str, game: &dyn DynGame, text: &str) {
    let normal = game.normalize(text);
    let drawn = game.svg(text);
    match (&normal, &drawn) {
        (Ok(normal), Ok(svg)) => {
            let again = game.normalize(normal).unwrap_or_else(|e| {
                panic!("{what}: `{text}` prints as `{normal}`, which does not parse: {e}")
            });
            assert_eq!(&again, normal, "{what}: `{text}` prints as `{normal}`, which prints as `{again}`");
            if let Some(svg) = svg {
                assert!(
                    svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
                    "{what}: `{text}`: {svg}"
                );
            }
        }
        (Err(_), Err(_)) => {}
        _ => panic!("{what}: `{text}` parses for normalize but not for svg, or back: {normal:?} / {drawn:?}"),
    }
}

/// A position of one game: the first byte picks the game in [`NOTATION_GAMES`], the rest is the
/// position's text.
pub fn notation(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let games = notation_games();
    let i = pick as usize % games.len();
    let (name, params) = NOTATION_GAMES[i];
    check_position(&format!("{name} {params:?}"), &*games[i], text);
}

// ---------------------------------------------------------------------------------------------
// Game parameters (`-p key=value`, the web API's `params`).

/// Parameters of a game: the first line names the game, every other line is one `key=value`
/// argument. A graph's `file` is refused here (the fuzzer must not read files of this machine;
/// the web does not serve graph games).
pub fn params(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.split('\n');
    let name = lines.next().unwrap_or("");
    let args: Vec<&str> = lines.collect();
    if nimber_games::find(name).is_ok_and(|g| g.name == "graph") {
        return;
    }
    let recipe = match nimber_games::Recipe::parse(name, &args) {
        Ok(recipe) => recipe,
        Err(e) => return one_line(name, &e),
    };
    // The same game from its identity, as a file's header gives it back.
    let again =
        nimber_games::Recipe::from_id(recipe.id(), "fuzz").expect("a recipe's identity makes it again");
    assert_eq!(again.id(), recipe.id(), "{name} {args:?}");
    match recipe.build() {
        Ok(game) => {
            let start = game.start_text();
            check_position(&format!("{name} {args:?}"), &*game, &start);
            assert_eq!(game.normalize(&start).ok().as_deref(), Some(start.as_str()), "{name} {args:?}");
        }
        Err(e) => one_line(name, &e),
    }
    match recipe.build_dense() {
        Ok(Some(game)) => assert!(game.dense().is_some(), "{name} {args:?}: built dense without an index"),
        Ok(None) => {}
        Err(e) => one_line(name, &e),
    }
}

// ---------------------------------------------------------------------------------------------
// Graph files (`-p file=...` of the graph game).

/// Graphs of at most this many positions are also solved, by the hash-map solvers and by the
/// dense solver, which must agree on every position.
const SOLVED_GRAPH: usize = 48;

/// A graph file: read, every position's name round trip, the drawing of the start, and for a
/// small graph the solve by both solvers, compared position by position.
pub fn graph(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let graph = match Graph::from_text(text, "fuzz.txt", None) {
        Ok(g) => g,
        Err(e) => return one_line("graph", &e),
    };
    assert!(!graph.is_empty());
    for id in 0..graph.len() as u32 {
        let name = graph.name(id).to_string();
        assert_eq!(Notation::parse(&graph, &name).ok(), Some(id), "graph: position `{name}`");
        assert_eq!(Notation::format(&graph, &id), name);
    }
    check_position("graph", &graph, &graph.start_text());
    if graph.len() > SOLVED_GRAPH {
        return;
    }
    let options = SolveOptions { rows: true, ..SolveOptions::default() };
    let silent = &nimber_engine::Silent;
    let mut hashed = DynGame::solve(&graph, &options, silent).expect("a small graph solves").rows;
    let dense = nimber_engine::view::dense::Dense(graph.clone());
    let mut dense = dense.solve(&options, silent).expect("a small graph solves densely").rows;
    hashed.sort_by(|a, b| a.position.cmp(&b.position));
    dense.sort_by(|a, b| a.position.cmp(&b.position));
    assert_eq!(hashed, dense, "graph: the dense solver and the hash-map solvers disagree");
    let retro = SolveOptions { solver: SolverChoice::Retrograde, ..options };
    let mut retro = DynGame::solve(&graph, &retro, silent).expect("a small graph solves").rows;
    retro.sort_by(|a, b| a.position.cmp(&b.position));
    assert_eq!(hashed, retro, "graph: retrograde analysis and the default solve disagree");
}

// ---------------------------------------------------------------------------------------------
// Rule expressions (`nimber check RULE`, `nimber explore --rule`).

/// The features rules are compiled over in [`rule`].
const RULE_FEATURES: &[&str] = &["a", "b", "c", "moves"];

/// Feature values every compiled rule is evaluated with.
const RULE_VALUES: &[[i64; 4]] =
    &[[0, 0, 0, 0], [1, 2, 3, 4], [-1, 7, 0, 1], [i64::MAX, i64::MIN, -1, 0], [63, 64, 65, 1 << 40]];

/// A rule: compiled over the features `a b c moves` (refused with an error, or compiled), then
/// evaluated for outcomes and for nim values at a few points, and once more with `c` a dyadic
/// rational and `moves` absent (as the parts of game values are) for its result as it is; and
/// checked as a rule about game values (`rule_about_values`). The interpreter's bounds keep a
/// hostile rule from hanging or taking the memory.
pub fn rule(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    rule_about_values(text);
    let features: Vec<String> = RULE_FEATURES.iter().map(|s| s.to_string()).collect();
    let rule = match nimber_lab::Rule::new(text, &features, Value::Lose) {
        Ok(rule) => rule,
        Err(e) => {
            assert!(matches!(e, Error::Param(_)), "rule: not a parameter error: {e:?}");
            return;
        }
    };
    for values in RULE_VALUES {
        let values: Vec<Num> = values.iter().map(|&v| Num::Int(v)).collect();
        for nim in [false, true] {
            if let Err(e) = rule.eval(&values, nim) {
                assert!(matches!(e, Error::Param(_)), "rule: not a parameter error: {e:?}");
            }
        }
    }
    for c in [Dyadic::new(-5, 2), Dyadic::new(1, 60)] {
        let values = [Num::Int(1), Num::Int(-2), Num::Dyadic(c), Num::Absent];
        if let Err(e) = rule.said(&values) {
            assert!(matches!(e, Error::Param(_)), "rule: not a parameter error: {e:?}");
        }
    }
}

/// A rule compiled over the features of a survey of game values (Domineering's rectangles up to
/// 2 x 2: 4 positions) and checked on it as `check --values` does, for the value 0 and as a
/// statement (`--always`): the values it writes are read with their bounds, errors are
/// parameter errors.
fn rule_about_values(text: &str) {
    use nimber_lab::values::{check, Target};
    let game = nimber_games::domineering::Domineering::new(nimber_games::domineering::Board::new(2, 2));
    let mut survey = nimber_partizan::survey::survey(
        &game,
        nimber_engine::solve::survey::Scope::Family,
        &nimber_engine::Silent,
    )
    .expect("a survey of four rectangles");
    let Ok(rule) = nimber_lab::Rule::new(text, &survey.survey.features, Value::Lose) else { return };
    let zero = Target::value("0", &mut survey).expect("the value 0");
    for target in [zero, Target::Always] {
        if let Err(e) = check(&mut survey, &rule, target) {
            assert!(matches!(e, Error::Param(_)), "rule about values: not a parameter error: {e:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Stored solutions (`query --db`, `analyze --db`) and checkpoints (`solve --checkpoint`).

/// A store opened with its game, read as `query --db` and `analyze --db` read it: the start and
/// a few slots through the rules (a win's remoteness from its moves), once the index checks.
fn read_with_rules(opened: &nimber_games::OpenedStore) {
    let Some(dense) = opened.game.dense() else { return };
    if let Err(e) = opened.store.check_index(dense) {
        return one_line("store", &e);
    }
    if let Err(e) = dense.query_store(&opened.store, None) {
        one_line("store", &e);
    }
    let size = opened.store.header().size;
    for slot in [0, 1, size / 3, size / 2, size.saturating_sub(1)] {
        if let Err(e) = dense.slot_outcome(&opened.store, slot) {
            one_line("store", &e);
        }
    }
}

/// A solved-game store: opened (header, block index), a few slots read, a scan, and the store
/// opened with its game as `query --db` does and read through its rules (but a graph's, which names a file to read).
pub fn store(data: &[u8]) {
    let path = Path::new("fuzz.nimber");
    match nimber_engine::store::Store::from_bytes(data.to_vec(), path) {
        Ok(store) => {
            let size = store.header().size;
            for slot in [0, 1, size / 2, size.saturating_sub(1), size, u64::MAX] {
                let _ = store.get(slot);
            }
            let mut seen = 0u64;
            let _ = store.scan(|_, _| {
                seen += 1;
                seen < 100_000
            });
            // A graph's store names a file to read: not from the fuzzer.
            if store.header().id.name() != "graph" {
                match nimber_games::with_game(store) {
                    Ok(opened) => read_with_rules(&opened),
                    Err(e) => one_line("store", &e),
                }
            }
        }
        Err(e) => one_line("store", &e),
    }
}

/// The manifest of a tier directory (`nimber_engine::store::tiers`): read, and when it reads,
/// written again and read back to the same manifest.
pub fn manifest(data: &[u8]) {
    use nimber_engine::store::tiers::Manifest;
    let path = Path::new("fuzz/manifest");
    match Manifest::parse(data, path) {
        Ok(manifest) => {
            let again = Manifest::parse(&manifest.to_bytes(), path).expect("a manifest written reads");
            assert_eq!(again, manifest, "a manifest written and read back");
        }
        Err(e) => one_line("manifest", &e),
    }
}

/// A checkpoint: its header read, then the whole file loaded as a checkpoint of the solve its
/// header names, with 16-bit and with 32-bit state words.
pub fn checkpoint(data: &[u8]) {
    use nimber_engine::store::checkpoint;
    use std::io::Cursor;
    let path = Path::new("fuzz.checkpoint");
    match checkpoint::read_header_in(Cursor::new(data), path) {
        Ok(header) => {
            if let Err(e) = checkpoint::load_from::<u16, _>(Cursor::new(data), path, &header.identity) {
                one_line("checkpoint", &e);
            }
            if let Err(e) = checkpoint::load_from::<u32, _>(Cursor::new(data), path, &header.identity) {
                one_line("checkpoint", &e);
            }
            // A member's checkpoint of a cluster solve, of the member its header names; 8-bit
            // words too.
            let part = header.member.as_ref();
            if let Err(e) = checkpoint::check_from::<u8, _>(Cursor::new(data), path, &header.identity, part) {
                one_line("checkpoint", &e);
            }
            if let Err(e) = checkpoint::check_from::<u16, _>(Cursor::new(data), path, &header.identity, part)
            {
                one_line("checkpoint", &e);
            }
        }
        Err(e) => one_line("checkpoint", &e),
    }
}

// ---------------------------------------------------------------------------------------------
// Requests to `nimber serve` (the HTTP layer; the JSON API behind it is fuzzed by schemathesis,
// see crates/web/fuzz).

/// The bytes a client sends on one connection: the first byte sets how many arrive per read
/// (1 to 256), the rest are read by the server (hyper, with `nimber serve`'s bounds and router)
/// as requests one after the other (kept alive) until the client is gone or a request is
/// refused. Every answer is a whole HTTP/1.1 response (a status line, a head, and a body of its
/// `Content-Length`), never a 5xx.
pub fn http(data: &[u8]) {
    use std::sync::{Arc, OnceLock};
    static APP: OnceLock<Arc<nimber_web::api::App>> = OnceLock::new();
    let Some((&chunk, input)) = data.split_first() else { return };
    // Solves started by the requests stay small.
    let app = APP.get_or_init(|| Arc::new(nimber_web::api::App::new(&[], Some(64 << 20)).expect("an app")));
    let out = nimber_web::server::serve_bytes(app, input, chunk as usize + 1);
    let mut rest = &out[..];
    while !rest.is_empty() {
        let end = rest.windows(4).position(|w| w == b"\r\n\r\n").expect("http: a response head");
        let head = std::str::from_utf8(&rest[..end]).expect("http: a UTF-8 response head");
        let mut lines = head.split("\r\n");
        // hyper answers an HTTP/1.0 request in HTTP/1.0.
        let line = lines.next().unwrap_or("");
        let status: u16 = match line.strip_prefix("HTTP/1.1 ").or_else(|| line.strip_prefix("HTTP/1.0 ")) {
            Some(line) => line.get(..3).and_then(|s| s.parse().ok()).expect("http: a status"),
            None => panic!("http: not a status line: {head}"),
        };
        assert!(status < 500, "http: answered {status}");
        let length = lines
            .filter_map(|l| l.split_once(':'))
            .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
            .map_or(0, |(_, v)| v.trim().parse::<usize>().expect("http: a length"));
        // The body of an answer to HEAD is not sent (the next answer follows the head).
        let after = &rest[end + 4..];
        let body = if after.starts_with(b"HTTP/1.1 ") { 0 } else { length.min(after.len()) };
        rest = &rest[end + 4 + body..];
    }
}

// ---------------------------------------------------------------------------------------------
// Game values in CGSuite's notation (`nimber value EXPR`).

/// The forms a `value` input may build (the CLI allows more; a smaller budget keeps executions
/// fast, about 100,000 operations at most, and still reaches the refusal).
const VALUE_BUDGET: usize = 1_000;

/// A value or comparison: read within the budget, or refused with an error on one line; a value
/// prints in notation that reads back as the same value (printed the same way), and its stops,
/// mean, temperature and thermograph are found and drawn (the mean is where the walls meet, and
/// between the stops).
pub fn value(data: &[u8]) {
    use nimber_partizan::parse::{parse, Statement};
    use nimber_partizan::{Forms, Printer};
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > nimber_partizan::parse::MAX_INPUT {
        return;
    }
    let mut forms = Forms::with_budget(VALUE_BUDGET);
    match parse(text, &mut forms) {
        Ok(Statement::Value(g)) => {
            let (left, right) = forms.stops(g);
            let th = forms.thermograph(g);
            let (mean, temp) = (th.mean(), th.temperature());
            if !forms.exhausted() {
                assert!(right <= mean && mean <= left, "value: `{text}`: mean {mean} outside its stops");
                assert_eq!(th.left.at(temp), th.right.at(temp), "value: `{text}`: walls apart at {temp}");
                let svg = nimber_partizan::thermograph::svg(&th, text);
                assert!(!svg.contains("NaN") && svg.ends_with("</svg>"), "value: `{text}`: {svg}");
            }
            let printed = Printer::new(&mut forms).text(g);
            if forms.exhausted() {
                // Past the budget while printing: the CLI refuses the value.
                return;
            }
            let mut again = Forms::with_budget(VALUE_BUDGET);
            match parse(&printed, &mut again) {
                Ok(Statement::Value(h)) => {
                    let reprinted = Printer::new(&mut again).text(h);
                    // Past the budget while reading or printing again: meaningless, as above.
                    if !again.exhausted() {
                        assert_eq!(reprinted, printed, "value: `{text}` prints as `{printed}`");
                    }
                }
                Ok(other) => panic!("value: `{text}` prints as `{printed}`, read back as {other:?}"),
                // The printed form may be beyond the reader's bounds where the input was not
                // (a sum of numbers printed as one larger number, nested braces, more text);
                // anything else is a bug.
                Err(e) => assert!(
                    ["too large", "too many", "nested", "over"].iter().any(|b| e.message.contains(b)),
                    "value: `{text}` prints as `{printed}`, which does not read: {e}"
                ),
            }
        }
        Ok(Statement::Comparison { op, relation, .. }) => {
            let _ = op.holds(relation);
        }
        Err(e) => one_line("value", &e),
    }
}

// ---------------------------------------------------------------------------------------------
// Host files (`nimber solve --cluster HOSTS`).

/// A host file's text: the addresses it gives are `host:port` with a port from 1 to 65535, or
/// the bad line is one of its lines.
pub fn hosts(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match nimber_cluster::hosts::parse(text) {
        Ok(addresses) => {
            for a in addresses {
                let (host, port) = a.rsplit_once(':').expect("host:port");
                assert!(!host.is_empty() && port.parse::<u16>().is_ok_and(|p| p > 0), "{a:?}");
            }
        }
        Err(bad) => {
            assert!(bad.line >= 1 && bad.line <= text.lines().count(), "{bad:?}");
            assert!(!bad.text.contains('\n'), "{bad:?}");
        }
    }
}
