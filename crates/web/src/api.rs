//! The JSON API: every route the page uses, as a function from a [`Request`] to a [`Response`]
//! (the HTTP layer, [`crate::server`], only moves requests read whole). Its bodies are the types
//! of [`crate::bodies`], from which the OpenAPI document is generated ([`crate::openapi`]); every
//! failure is a 4xx with `{"error": "..."}`.

use std::path::PathBuf;
use std::sync::Arc;

use nimber_engine::solve::search::SearchOptions;
use nimber_engine::solve::survey::{feature_index, Observed, Scope, SurveyOptions};
use nimber_engine::{DynGame, Error, GameId, QueryReport, SolveOptions};
use nimber_games::{GameInfo, OpenedSolution, Recipe};
use nimber_heaps::{find_period, nim_sequence, Ruleset};
use nimber_lab::{self as lab};
use nimber_partizan::{thermograph, Analysis, Forms, Player, Printer, ValuedMove};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};

use crate::assets;
use crate::bodies::{self, GameRequest};
use crate::jobs::lock;
use crate::jobs::Jobs;
use crate::solved::{Cache, Key, SolvedGame};
use crate::values::{Entry, Values};

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 64 * 1024;
/// The longest parameter value or position, in characters.
pub const MAX_TEXT: usize = 2000;
/// The most parameters in a request.
pub const MAX_PARAMS: usize = 16;
/// The largest heap of a nim sequence from the page.
pub const MAX_UPTO: usize = 100_000;
/// The transposition table of `POST /api/search` (the server's `--memory` when lower).
pub const SEARCH_TABLE: u64 = 256 << 20;
/// The most cells of an exploration table returned.
pub const MAX_CELLS: usize = 10_000;
/// The most values written in the text of one value of a partizan game (see
/// `Printer::text_within`); a longer one is answered as `null`.
pub const MAX_VALUE_SIZE: usize = 1_000;

/// Why a game is not served, when it is not: a game whose parameters name files on the
/// machine it runs on ([`nimber_games::Facts::reads_files`]) would read the server's disk.
fn not_served(info: &GameInfo) -> Option<String> {
    info.facts
        .reads_files
        .then(|| format!("{} reads files on the server's disk, so it is not offered on the web", info.name))
}

/// An HTTP request, as the API sees it.
pub struct Request {
    pub method: String,
    /// The path, without the query string.
    pub path: String,
    pub body: Vec<u8>,
}

/// An HTTP response.
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// The methods a 405 names in its `Allow` header.
    pub allow: Option<&'static str>,
}

impl Response {
    fn json(status: u16, value: &Json) -> Response {
        Response {
            status,
            content_type: "application/json",
            body: value.to_string().into_bytes(),
            allow: None,
        }
    }

    /// A 405 to a method not in `allow` (the methods, comma-separated, for the `Allow` header).
    pub fn not_allowed(allow: &'static str, message: impl Into<String>) -> Response {
        Response { allow: Some(allow), ..Response::error(405, message) }
    }

    fn ok(value: Json) -> Response {
        Response::json(200, &value)
    }

    /// A failure: `{"error": message}` with a 4xx status.
    pub fn error(status: u16, message: impl Into<String>) -> Response {
        Response::json(status, &to_json(bodies::ErrorBody { error: message.into() }))
    }
}

/// A failure of a handler: status and message.
struct Fail(u16, String);

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        let status = match e {
            Error::Io { .. } | Error::Corrupt { .. } => 500,
            _ => 400,
        };
        Fail(status, e.to_string())
    }
}

fn bad(message: impl Into<String>) -> Fail {
    Fail(400, message.into())
}

/// The routes, as `(method, path)`: the OpenAPI document lists exactly these (a test checks).
/// `/api/openapi.json` serves that document, generated from the API's types.
pub const ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/openapi.json"),
    ("GET", "/api/games"),
    ("GET", "/api/stores"),
    ("POST", "/api/game"),
    ("POST", "/api/solve"),
    ("GET", "/api/job"),
    ("POST", "/api/job/cancel"),
    ("POST", "/api/query"),
    ("POST", "/api/search"),
    ("POST", "/api/sequence"),
    ("POST", "/api/explore"),
    ("POST", "/api/value"),
];

/// The methods `path` answers, for the `Allow` header of a 405: an API route's own method, else
/// GET and HEAD (the page and its assets).
pub fn allowed(path: &str) -> &'static str {
    match ROUTES.iter().find(|(_, p)| *p == path) {
        Some(&(method, _)) => method,
        None => "GET, HEAD",
    }
}

/// What a search job searches: a game's rules, or a stored solve with its game.
enum Source {
    Rules(Box<dyn DynGame>),
    Stored(Arc<OpenedSolution>),
}

impl Source {
    fn game(&self) -> &dyn DynGame {
        match self {
            Source::Rules(game) => &**game,
            Source::Stored(opened) => &*opened.game,
        }
    }
}

/// A stored solve opened with `--db`: a store file or a directory of tiers.
struct StoreEntry {
    file: String,
    /// Shared with the search jobs over it.
    opened: Arc<OpenedSolution>,
}

/// The server's state.
pub struct App {
    jobs: Arc<Jobs>,
    cache: Arc<Cache>,
    values: Values,
    stores: Vec<StoreEntry>,
    memory: Option<u64>,
}

impl App {
    /// The state of a server with the stored solves `dbs` open, solving within `memory` bytes.
    pub fn new(dbs: &[PathBuf], memory: Option<u64>) -> Result<App, Error> {
        let mut stores = Vec::new();
        for path in dbs {
            let opened = nimber_games::open_solution(path)?;
            let file =
                path.file_name().map_or_else(|| path.display().to_string(), |f| f.to_string_lossy().into());
            stores.push(StoreEntry { file, opened: Arc::new(opened) });
        }
        Ok(App {
            jobs: Arc::new(Jobs::default()),
            cache: Arc::new(Cache::default()),
            values: Values::default(),
            stores,
            memory,
        })
    }

    /// Answers a request.
    pub fn handle(&self, req: &Request) -> Response {
        let method = req.method.as_str();
        let path = req.path.as_str();
        if method == "GET" || method == "HEAD" {
            if let Some(asset) = assets::get(path) {
                return Response {
                    status: 200,
                    content_type: asset.content_type,
                    body: asset.body.to_vec(),
                    allow: None,
                };
            }
        }
        if !path.starts_with("/api/") {
            return Response::error(404, format!("no page at {path}"));
        }
        let Some(&(expected, _)) = ROUTES.iter().find(|(_, p)| *p == path) else {
            return Response::error(404, format!("no API route {path} (see /api/openapi.json)"));
        };
        if expected != method {
            return Response::not_allowed(expected, format!("{path} takes {expected}, not {method}"));
        }
        if req.body.len() > MAX_BODY {
            return Response::error(413, format!("request body over {MAX_BODY} bytes"));
        }
        let result = match path {
            "/api/openapi.json" => {
                return Response {
                    status: 200,
                    content_type: "application/json",
                    body: crate::openapi::document().as_bytes().to_vec(),
                    allow: None,
                }
            }
            "/api/games" => Ok(games()),
            "/api/stores" => Ok(self.list_stores()),
            "/api/job" => Ok(to_json(bodies::JobReply { job: self.jobs.status() })),
            "/api/job/cancel" => Ok(to_json(bodies::JobReply { job: self.jobs.cancel() })),
            _ => self.post(path, &req.body),
        };
        match result {
            Ok(value) => Response::ok(value),
            Err(Fail(status, message)) => Response::error(status, message),
        }
    }

    fn post(&self, path: &str, body: &[u8]) -> Result<Json, Fail> {
        let body: Json =
            serde_json::from_slice(body).map_err(|e| bad(format!("the body is not JSON: {e}")))?;
        if !body.is_object() {
            return Err(bad("the body must be a JSON object"));
        }
        match path {
            "/api/game" => self.describe(&body),
            "/api/solve" => self.solve(&body),
            "/api/query" => self.query(&body),
            "/api/search" => self.search(&body),
            "/api/sequence" => self.sequence(&body),
            "/api/explore" => self.explore(&body),
            "/api/value" => self.value(&body),
            _ => Err(Fail(404, format!("no API route {path}"))),
        }
    }

    fn list_stores(&self) -> Json {
        let stores = self
            .stores
            .iter()
            .enumerate()
            .map(|(id, s)| bodies::StoreInfo {
                id,
                file: s.file.clone(),
                game: s.opened.recipe.info().name,
                title: s.opened.recipe.title(),
                params: params_json(s.opened.recipe.id()),
                positions: s.opened.positions(),
                start: s.opened.start().to_string(),
            })
            .collect();
        to_json(bodies::Stores { stores })
    }

    /// `POST /api/game`: builds the game (checking its parameters) and describes it.
    fn describe(&self, body: &Json) -> Result<Json, Fail> {
        let req: GameRequest = parse_body(body)?;
        let built = build(&req)?;
        let start = built.game.start_text();
        let svg = built.game.svg(&start)?;
        let key = built.key(None);
        Ok(to_json(bodies::Game {
            game: built.recipe.info().name,
            title: built.title(),
            params: params_json(built.recipe.id()),
            kind: built.game.kind().name(),
            start,
            svg,
            features: built.game.feature_names(),
            ruleset: built.recipe.ruleset()?.map(|r| r.code()),
            dense: built.game.dense().is_some(),
            values: built.recipe.info().facts.partizan.is_some(),
            solved: self.cache.get(&key).is_some(),
        }))
    }

    /// `POST /api/solve`: starts solving in the background (200 at once when already solved).
    fn solve(&self, body: &Json) -> Result<Json, Fail> {
        let req: GameRequest = parse_body(body)?;
        let from = req.from.clone();
        if let Some(from) = &from {
            check_text("from", from)?;
        }
        let built = build(&req)?;
        if let Some(from) = &from {
            built.game.normalize(from)?;
        }
        let key = built.key(from.clone());
        if let Some(solved) = self.cache.get(&key) {
            let positions = Some(solved.table().positions());
            return Ok(to_json(bodies::SolveStarted { cached: true, positions, job: None }));
        }
        let title = match &from {
            Some(f) => format!("{} from {f}", built.title()),
            None => built.title(),
        };
        let cache = Arc::clone(&self.cache);
        let options = SolveOptions { memory: self.memory, ..SolveOptions::default() };
        let game_title = built.title();
        let game = built.game;
        let status = self
            .jobs
            .start("solve", title, move |progress| {
                // A large solve should not compete with the tables kept from earlier ones.
                if game.dense().is_some() {
                    cache.clear();
                }
                let solved = SolvedGame::solve(game, from.as_deref(), &options, progress)?;
                let start = solved.table().query(from.as_deref())?;
                let result = bodies::JobResult::Solve(bodies::SolveResult {
                    title: game_title,
                    positions: solved.table().positions(),
                    start: bodies::SolvedStart {
                        position: start.position,
                        value: start.outcome.value(),
                        remoteness: start.outcome.remoteness(),
                    },
                });
                cache.put(key, solved);
                Ok(to_json(result))
            })
            .map_err(busy)?;
        Ok(to_json(bodies::SolveStarted { cached: false, positions: None, job: Some(status) }))
    }

    /// `POST /api/query`: a position of a solved game (or of a stored solve) and its moves.
    fn query(&self, body: &Json) -> Result<Json, Fail> {
        let position = optional_text(body, "position")?;
        if let Some(opened) = self.store(body)? {
            let report = opened.query(position)?;
            return report_json(&*opened.game, opened.recipe.info().name, &opened.recipe.title(), &report);
        }
        let req: GameRequest = parse_body(body)?;
        let built = build(&req)?;
        let key = built.key(req.from.clone());
        let Some(solved) = self.cache.get(&key) else {
            return Err(Fail(409, format!("{} is not solved yet: POST /api/solve first", built.title())));
        };
        let report = solved.table().query(position)?;
        report_json(solved.game(), built.recipe.info().name, &built.title(), &report)
    }

    /// The stored solve a request names by `store` (an id from `/api/stores`), if it names one.
    fn store(&self, body: &Json) -> Result<Option<&Arc<OpenedSolution>>, Fail> {
        let Some(id) = body.get("store").filter(|s| !s.is_null()) else { return Ok(None) };
        let id = id.as_u64().ok_or_else(|| bad("store: expected a store id from /api/stores"))?;
        let entry = usize::try_from(id)
            .ok()
            .and_then(|i| self.stores.get(i))
            .ok_or_else(|| Fail(404, format!("no stored solve {id} (see /api/stores)")))?;
        Ok(Some(&entry.opened))
    }

    /// `POST /api/search`: one position's value by exact alpha-beta search, without a strong
    /// solve, in the background (a job of kind `search`, its table [`SEARCH_TABLE`] bytes or the
    /// server's memory limit). With `store`, over a stored solve: every position it holds is
    /// read from it (for Nine Men's Morris's tiers, the placement is searched over them).
    fn search(&self, body: &Json) -> Result<Json, Fail> {
        let position = optional_text(body, "position")?.map(str::to_string);
        let (remoteness, moves) = (optional_bool(body, "remoteness")?, optional_bool(body, "moves")?);
        let table_bytes = SEARCH_TABLE.min(self.memory.unwrap_or(u64::MAX));
        let options = SearchOptions { remoteness, table_bytes, threads: 0 };
        // The rules, or a stored solve with its game.
        let (name, game_title, source) = match self.store(body)? {
            Some(opened) => {
                (opened.recipe.info().name, opened.recipe.title(), Source::Stored(Arc::clone(opened)))
            }
            None => {
                let req: GameRequest = parse_body(body)?;
                let built = build(&req)?;
                (built.recipe.info().name, built.title(), Source::Rules(built.game))
            }
        };
        if let Some(p) = &position {
            source.game().normalize(p)?;
        }
        let title = format!("{game_title}: search {}", position.as_deref().unwrap_or("the start"));
        let status = self
            .jobs
            .start("search", title, move |progress| {
                let mut searcher = match &source {
                    Source::Rules(game) => game.searcher(&options)?,
                    Source::Stored(opened) => opened.searcher(&options)?,
                };
                let r = searcher.search(position.as_deref(), moves, progress)?;
                let moves = r
                    .moves
                    .into_iter()
                    .map(|m| bodies::SearchedMove {
                        label: m.label,
                        position: m.position,
                        value: m.value,
                        remoteness: m.remoteness,
                        score: m.score,
                    })
                    .collect();
                Ok(to_json(bodies::JobResult::Search(bodies::Searched {
                    game: name,
                    title: game_title,
                    position: r.position,
                    value: r.value,
                    remoteness: r.remoteness,
                    score: r.score,
                    moves,
                    nodes: r.nodes,
                    probed: r.probed,
                })))
            })
            .map_err(busy)?;
        Ok(to_json(bodies::JobStarted { job: status }))
    }

    /// `POST /api/sequence`: a nim sequence, computed in the background (most take milliseconds,
    /// but some rulesets take minutes near the bounds).
    fn sequence(&self, body: &Json) -> Result<Json, Fail> {
        let (rules, upto) = sequence_request(body)?;
        let title = format!("nim values of {} up to {upto}", rules.title());
        let status = self
            .jobs
            .start("sequence", title, move |progress| Ok(sequence_json(&rules, upto, progress)))
            .map_err(busy)?;
        Ok(to_json(bodies::JobStarted { job: status }))
    }

    /// `POST /api/explore`: tabulates a game's family by features, in the background.
    fn explore(&self, body: &Json) -> Result<Json, Fail> {
        let req: GameRequest = parse_body(body)?;
        let by: Vec<String> = match body.get("by") {
            Some(Json::Array(items)) => items
                .iter()
                .map(|f| f.as_str().map(str::to_string).ok_or_else(|| bad("by: expected feature names")))
                .collect::<Result<_, _>>()?,
            Some(Json::String(s)) => s.split(',').map(|f| f.trim().to_string()).collect(),
            _ => return Err(bad("by: give one or two features, as [\"pieces\", \"on_dark\"]")),
        };
        if by.is_empty() || by.len() > 2 {
            return Err(bad(format!("by: one or two features; {} given", by.len())));
        }
        let nim = optional_bool(body, "nim")?;
        if let Some(from) = &req.from {
            check_text("from", from)?;
        }
        let built = build(&req)?;
        let names = built.game.feature_names();
        for name in &by {
            feature_index(&names, name)?;
        }
        let title =
            format!("{}: {} by {}", built.title(), if nim { "nim value" } else { "value" }, by.join(", "));
        let from = req.from.clone();
        let game = built.game;
        let status = self
            .jobs
            .start("explore", title, move |progress| {
                let scope = match &from {
                    Some(text) => Scope::From(text),
                    None => Scope::Family,
                };
                let survey = game.survey(&SurveyOptions { scope, nim }, progress)?;
                let e = lab::explore(&survey, &by)?;
                exploration_json(&e)
            })
            .map_err(busy)?;
        Ok(to_json(bodies::JobStarted { job: status }))
    }
}

impl App {
    /// `POST /api/value`: a position of a partizan game in the algebra of canonical forms, and
    /// the values Left's and Right's moves lead to. The values found are kept per game (within
    /// budgets: a position that needs more is refused).
    fn value(&self, body: &Json) -> Result<Json, Fail> {
        let position = optional_text(body, "position")?;
        let player = match optional_text(body, "player")? {
            None | Some("L") => Player::Left,
            Some("R") => Player::Right,
            Some(_) => return Err(bad("player: L or R (the player to move in the drawing)")),
        };
        let req: GameRequest = parse_body(body)?;
        let recipe = checked(&req)?;
        let key = Key { id: recipe.id().clone(), from: None };
        let title = recipe.title();
        let entry = self.values.entry(key, || recipe.partizan("/api/value"))?;
        let mut entry = lock(&entry);
        // What earlier requests left in the memory counts against its budgets: past them, the
        // position is tried again from an empty memory before it is refused.
        let fresh = entry.memory.positions() == 0;
        let result = match value_json(&mut entry, recipe.info().name, position, player) {
            Err(Error::TooLarge(_)) if !fresh => value_json(&mut entry, recipe.info().name, position, player),
            other => other,
        };
        let mut valued = result.map_err(|e| match e {
            Error::TooLarge(why) => bad(format!(
                "cannot value {} here: {why}, over the server's bound (`nimber cgt` has none)",
                position.map_or_else(|| "the start".to_string(), |p| format!("`{p}`"))
            )),
            e => Fail::from(e),
        })?;
        valued.title = title;
        Ok(to_json(valued))
    }
}

/// An optional string field of a request body, at most [`MAX_TEXT`] characters.
fn optional_text<'a>(body: &'a Json, field: &str) -> Result<Option<&'a str>, Fail> {
    let Some(value) = body.get(field).filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let text = value.as_str().ok_or_else(|| bad(format!("{field}: expected a string")))?;
    check_text(field, text)?;
    Ok(Some(text))
}

/// A field of the body that is true or false, false when absent or null.
fn optional_bool(body: &Json, field: &str) -> Result<bool, Fail> {
    match body.get(field) {
        None | Some(Json::Null) => Ok(false),
        Some(v) => v.as_bool().ok_or_else(|| bad(format!("{field}: expected true or false"))),
    }
}

/// The value of a position and of its moves, as `/api/value` answers (but the title).
fn value_json(
    entry: &mut Entry,
    name: &'static str,
    position: Option<&str>,
    player: Player,
) -> Result<bodies::Valued, Error> {
    let Entry { game, memory } = entry;
    let a: Analysis = game.analyse(position, memory)?;
    let forms = &mut memory.forms;
    let g = a.value;
    let class = forms.outcome(g);
    let (left_stop, right_stop) = forms.stops(g);
    let th = forms.thermograph(g);
    let value = Printer::new(forms).text_within(g, MAX_VALUE_SIZE);
    let moves = |forms: &mut Forms, moves: &[ValuedMove]| -> Vec<bodies::ValuedMove> {
        moves
            .iter()
            .map(|m| bodies::ValuedMove {
                label: m.label.clone(),
                position: m.position.clone(),
                value: Printer::new(forms).text_within(m.value, MAX_VALUE_SIZE),
                outcome: forms.outcome(m.value).letter(),
            })
            .collect()
    };
    let (left, right) = (moves(forms, &a.left), moves(forms, &a.right));
    if memory.exhausted() {
        memory.clear();
        return Err(Error::TooLarge(format!(
            "writing its value needs more work than a budget of {} canonical forms allows",
            crate::values::MAX_FORMS
        )));
    }
    Ok(bodies::Valued {
        game: name,
        title: String::new(),
        thermograph: thermograph::svg(&th, &format!("{name} {}", a.position)),
        svg: game.draw(&a.position, player)?,
        position: a.position,
        value,
        outcome: class.letter(),
        meaning: class.meaning(),
        left_stop: left_stop.to_string(),
        right_stop: right_stop.to_string(),
        mean: th.mean().to_string(),
        temperature: th.temperature().to_string(),
        player: match player {
            Player::Left => bodies::Player::L,
            Player::Right => bodies::Player::R,
        },
        left,
        right,
        positions: memory.positions(),
        forms: memory.forms.len(),
    })
}

fn busy(title: String) -> Fail {
    Fail(409, format!("another job is running ({title}): wait for it or cancel it (POST /api/job/cancel)"))
}

/// A body as JSON.
fn to_json(body: impl Serialize) -> Json {
    serde_json::to_value(body).expect("the API's bodies serialize")
}

/// `GET /api/games`: every game of the library with its parameters.
fn games() -> Json {
    let games = nimber_games::all()
        .iter()
        .map(|info| {
            let not_served = not_served(info);
            bodies::GameInfo {
                name: info.name,
                summary: info.summary,
                help: info.help,
                params: info
                    .params
                    .iter()
                    .map(|p| bodies::ParamInfo { name: p.name, default: p.default, help: p.help })
                    .collect(),
                sequence: info.facts.ruleset.is_some(),
                values: info.facts.partizan.is_some(),
                available: not_served.is_none(),
                note: not_served,
            }
        })
        .collect();
    to_json(bodies::Games { games })
}

fn parse_body<T: for<'de> Deserialize<'de>>(body: &Json) -> Result<T, Fail> {
    T::deserialize(body).map_err(|e| bad(format!("bad request: {e}")))
}

fn check_text(what: &str, text: &str) -> Result<(), Fail> {
    if text.chars().count() > MAX_TEXT {
        return Err(bad(format!("{what}: longer than {MAX_TEXT} characters")));
    }
    Ok(())
}

/// A game built from a request.
struct Built {
    recipe: Recipe,
    game: Box<dyn DynGame>,
}

impl Built {
    /// `nim heaps=3,4,5`: the game and its non-empty parameters.
    fn title(&self) -> String {
        self.recipe.title()
    }

    fn key(&self, from: Option<String>) -> Key {
        Key { id: self.recipe.id().clone(), from }
    }
}

/// Every parameter of the game, defaults included.
fn params_json(id: &GameId) -> bodies::Params {
    id.params().iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

fn build(req: &GameRequest) -> Result<Built, Fail> {
    let recipe = checked(req)?;
    let game = recipe.build()?;
    Ok(Built { recipe, game })
}

/// The game named in a request, with its checked parameters.
fn checked(req: &GameRequest) -> Result<Recipe, Fail> {
    check_text("game", &req.game)?;
    if let Some(from) = &req.from {
        check_text("from", from)?;
    }
    let info = nimber_games::find(&req.game)?;
    if let Some(why) = not_served(info) {
        return Err(Fail(403, why));
    }
    let empty = Map::new();
    let given = req.params.as_ref().unwrap_or(&empty);
    if given.len() > MAX_PARAMS {
        return Err(bad(format!("params: at most {MAX_PARAMS}")));
    }
    let mut pairs = Vec::new();
    for (key, value) in given {
        let value = match value {
            Json::String(s) => s.clone(),
            Json::Number(n) => n.to_string(),
            Json::Null => continue,
            _ => return Err(bad(format!("params.{key}: expected a string or a number"))),
        };
        check_text(&format!("params.{key}"), &value)?;
        // An empty value means the default (the page sends every field).
        if value.trim().is_empty() {
            continue;
        }
        pairs.push((key.as_str(), value));
    }
    Ok(Recipe::from_pairs(info.name, pairs)?)
}

fn report_json(
    game: &dyn DynGame,
    name: &'static str,
    title: &str,
    report: &QueryReport,
) -> Result<Json, Fail> {
    let moves = report
        .moves
        .iter()
        .map(|m| bodies::Move {
            label: m.label.clone(),
            position: m.position.clone(),
            value: m.outcome.value(),
            remoteness: m.outcome.remoteness(),
        })
        .collect();
    Ok(to_json(bodies::Position {
        game: name,
        title: title.to_string(),
        kind: game.kind().name(),
        position: report.position.clone(),
        value: report.outcome.value(),
        remoteness: report.outcome.remoteness(),
        over: report.moves.is_empty(),
        svg: game.svg(&report.position)?,
        moves,
    }))
}

/// The largest heap of a nim sequence of a ruleset whose moves may leave three heaps (their
/// values grow with the heap, and each heap's options with its square).
pub const MAX_UPTO_THREE_HEAPS: usize = 5_000;
/// The most octal digits or subtraction amounts of a ruleset from the page.
pub const MAX_RULE_SIZE: usize = 64;

/// `POST /api/sequence` once checked: the ruleset and the largest heap.
fn sequence_request(body: &Json) -> Result<(Ruleset, usize), Fail> {
    let upto = match body.get("upto") {
        None | Some(Json::Null) => 200,
        Some(v) => {
            let n = v.as_u64().ok_or_else(|| bad("upto: expected a whole number"))?;
            if n > MAX_UPTO as u64 {
                return Err(bad(format!("upto: at most {MAX_UPTO}")));
            }
            n as usize
        }
    };
    let rules = match body.get("ruleset").filter(|r| !r.is_null()) {
        Some(code) => {
            if ["game", "params"].iter().any(|k| body.get(k).is_some_and(|v| !v.is_null())) {
                return Err(bad("ruleset: give a ruleset code, or a game with its parameters, not both"));
            }
            let code = code.as_str().ok_or_else(|| bad("ruleset: expected a code such as 0.77"))?;
            check_text("ruleset", code)?;
            Ruleset::parse(code).map_err(|e| bad(format!("cannot read ruleset `{code}`: {e}")))?
        }
        None => {
            let req: GameRequest = parse_body(body)?;
            // Built, not only checked: a game its builder refuses says why, as before.
            build(&req)?.recipe.heap_ruleset()?
        }
    };
    let size = match &rules {
        Ruleset::Octal(digits) => digits.len(),
        Ruleset::Subtraction(set) | Ruleset::AllBut(set) => set.len(),
        Ruleset::Grundy => 0,
    };
    if size > MAX_RULE_SIZE {
        return Err(bad(format!(
            "ruleset: at most {MAX_RULE_SIZE} digits or amounts from the page (`nimber grundy` takes more)"
        )));
    }
    if rules.max_heaps_left() == 3 && upto > MAX_UPTO_THREE_HEAPS {
        return Err(bad(format!(
            "upto: at most {MAX_UPTO_THREE_HEAPS} for a game whose moves may leave three heaps (`nimber grundy` goes further)"
        )));
    }
    Ok((rules, upto))
}

/// Nim values G(0..=upto) of single heaps and their period, as the API reports them.
fn sequence_json(rules: &Ruleset, upto: usize, progress: &dyn nimber_engine::Progress) -> Json {
    let values = nim_sequence(rules, upto, progress);
    let period = find_period(&values, Some(rules), progress);
    to_json(bodies::JobResult::Sequence(bodies::Sequence {
        ruleset: rules.code(),
        title: rules.title(),
        upto,
        values,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        saltus: period.map_or(0, |p| p.saltus),
        proved: period.is_some_and(|p| p.proved),
        proof_needs_upto: period.and_then(|p| {
            if p.proved || p.saltus != 0 {
                None
            } else {
                rules.proof_needs_upto(p.period, p.preperiod)
            }
        }),
    }))
}

/// A value name, a nim value, or the text of a game value (among `values`).
fn observed_json(v: Observed, values: &[String]) -> bodies::Observed {
    match v {
        Observed::Outcome(v) => bodies::Observed::Text(v.name().to_string()),
        Observed::Nim(n) => bodies::Observed::Nim(n),
        Observed::Value(_) => bodies::Observed::Text(v.text(values)),
    }
}

/// The exploration as the page draws it: cells with their values and counts, the rule found.
fn exploration_json(e: &lab::Exploration) -> Result<Json, Error> {
    if e.cells.len() > MAX_CELLS {
        return Err(Error::TooLarge(format!(
            "{} cells are too many to draw (at most {MAX_CELLS}); choose coarser features",
            e.cells.len()
        )));
    }
    let cells = e
        .cells
        .iter()
        .map(|c| bodies::Cell {
            key: c.key.clone(),
            entries: c
                .entries
                .iter()
                .map(|en| bodies::CellEntry {
                    value: observed_json(en.value, e.value_texts()),
                    count: en.count,
                    example: en.example.clone(),
                })
                .collect(),
        })
        .collect();
    let witness = |w: &lab::Witness| bodies::Witness {
        position: w.position.clone(),
        value: observed_json(w.value, e.value_texts()),
    };
    Ok(to_json(bodies::JobResult::Exploration(bodies::Exploration {
        features: e.features.clone(),
        nim: e.nim,
        scope: e.scope.clone(),
        positions: e.positions,
        cells,
        function: e.function,
        counterexample: e.counterexample.as_ref().map(|[a, b]| [witness(a), witness(b)]),
        periods: e
            .periods
            .iter()
            .map(|p| p.map(|p| bodies::Period { period: p.period, offset: p.offset }))
            .collect(),
        rule: e.rule.clone(),
        rule_value: e.rule_value,
        nim_rule: e.nim_rule.clone(),
    })))
}
