//! The bodies of the JSON API: what each route takes and answers, as Rust types. The handlers
//! ([`crate::api`]) build the answers from these types, and the OpenAPI document
//! ([`crate::openapi`]) is generated from them, so that the two cannot drift apart.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};
use utoipa::ToSchema;

/// A job: what it is, how far it got, and its result or error.
#[derive(Serialize, ToSchema)]
#[schema(as = Job)]
pub struct JobStatus {
    pub id: u64,
    /// `solve`, `explore` or `sequence`.
    pub kind: &'static str,
    pub title: String,
    pub state: State,
    pub phase: String,
    pub done: u64,
    pub total: Option<u64>,
    pub elapsed_ms: u64,
    pub notes: Vec<String>,
    pub error: Option<String>,
    /// A solve: a SolveResult; an exploration: an Exploration; a sequence: a Sequence; a
    /// search: a Searched.
    #[schema(value_type = Option<JobResult>)]
    pub result: Option<Json>,
}

/// Where a job is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Running,
    Done,
    Failed,
    Cancelled,
}

/// A failure: every 4xx (and 5xx) answer.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
}

/// A game's parameters as answered: every parameter by name, defaults included.
pub type Params = BTreeMap<String, String>;

/// The value of a position for the player to move.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Win,
    Lose,
    Tie,
    Draw,
}

/// An outcome class: L: Left wins whoever starts; R: Right wins whoever starts; N: the player
/// to move wins; P: the player to move loses.
#[derive(Serialize, ToSchema)]
pub enum OutcomeClass {
    L,
    R,
    N,
    P,
}

/// A parameter's value in a request: text, or a number.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum ParamValue {
    Text(String),
    Number(f64),
}

/// A game named in a request body: `{"game": "nim", "params": {"heaps": "3,4,5"}, "from": ...}`.
#[derive(Deserialize, ToSchema)]
pub struct GameRequest {
    #[schema(example = "tictactoe")]
    pub game: String,
    /// Game parameters by name (see /api/games); values are strings (numbers are accepted);
    /// empty means the default. At most 16, each at most 2000 characters.
    #[serde(default)]
    #[schema(value_type = Option<HashMap<String, ParamValue>>)]
    pub params: Option<Map<String, Json>>,
    /// Solve from this position instead of the start.
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub from: Option<String>,
}

/// `POST /api/query`: a game solved from the page, or a stored solve, and a position.
#[derive(ToSchema)]
#[schema(example = json!({"game": "tictactoe", "position": "x../.o./..."}))]
#[allow(dead_code)]
pub struct QueryRequest {
    /// The game, when not a stored solve.
    #[schema(example = "tictactoe")]
    game: Option<String>,
    #[schema(value_type = Option<HashMap<String, ParamValue>>)]
    params: Option<()>,
    #[schema(max_length = 2000)]
    from: Option<String>,
    /// An id from /api/stores, instead of a game.
    store: Option<u64>,
    /// In the game's notation; the start (or `from`) when left out.
    #[schema(max_length = 2000)]
    position: Option<String>,
}

/// `POST /api/sequence`: a ruleset code, or a heap game of the library with its parameters.
#[derive(ToSchema)]
#[schema(example = json!({"ruleset": "0.77", "upto": 200}))]
#[allow(dead_code)]
pub struct SequenceRequest {
    #[schema(max_length = 2000)]
    ruleset: Option<String>,
    game: Option<String>,
    #[schema(value_type = Option<HashMap<String, ParamValue>>)]
    params: Option<()>,
    #[schema(minimum = 0, maximum = 100000, default = 200)]
    upto: Option<u64>,
}

/// `POST /api/search`: a game of the library (or a stored solve), a position, and what to
/// search for.
#[derive(ToSchema)]
#[schema(example = json!({"game": "connect4", "position": "4453", "remoteness": true, "moves": true}))]
#[allow(dead_code)]
pub struct SearchRequest {
    /// The game, when not a stored solve.
    #[schema(example = "connect4")]
    game: Option<String>,
    #[schema(value_type = Option<HashMap<String, ParamValue>>)]
    params: Option<()>,
    /// The position (default: the start).
    #[schema(max_length = 2000)]
    position: Option<String>,
    /// Also the exact remoteness (and the game's score) of a win or a loss.
    remoteness: Option<bool>,
    /// Also every move's value, each searched.
    moves: Option<bool>,
    /// An id from /api/stores, instead of a game: its game searched, every position the
    /// stored solve holds read from it.
    store: Option<u64>,
}

/// A move of a search and what it gives the player who makes it.
#[derive(Serialize, ToSchema)]
pub struct SearchedMove {
    #[serde(rename = "move")]
    pub label: String,
    pub position: String,
    #[schema(value_type = Value)]
    pub value: nimber_engine::Value,
    /// Counts the move itself; null unless searched for (a win or a loss).
    pub remoteness: Option<u32>,
    /// The game's own score for the mover, where it has one and it was searched for.
    pub score: Option<i32>,
}

/// The result of a `search` job: a position's value by exact alpha-beta search.
#[derive(Serialize, ToSchema)]
pub struct Searched {
    pub game: &'static str,
    pub title: String,
    pub position: String,
    #[schema(value_type = Value)]
    pub value: nimber_engine::Value,
    /// Null unless searched for (a win or a loss).
    pub remoteness: Option<u32>,
    /// The game's own score (Connect Four: 22 minus the winner's stones on 7x6, negative for a
    /// loss), where it has one and it was searched for.
    pub score: Option<i32>,
    /// Every move, best first, when asked for.
    pub moves: Vec<SearchedMove>,
    /// Positions searched.
    pub nodes: u64,
    /// Of those, the positions read from the stored solve (`store`).
    pub probed: u64,
}

/// `POST /api/explore`: a game's family tabulated by one or two features.
#[derive(ToSchema)]
#[schema(example = json!({"game": "enjapma", "params": {"h": "3", "w": "3"}, "by": ["pieces", "on_dark"]}))]
#[allow(dead_code)]
pub struct ExploreRequest {
    #[schema(example = "enjapma")]
    game: String,
    #[schema(value_type = Option<HashMap<String, ParamValue>>)]
    params: Option<()>,
    #[schema(max_length = 2000)]
    from: Option<String>,
    #[schema(min_items = 1, max_items = 2)]
    by: Vec<String>,
    #[schema(default = false)]
    nim: Option<bool>,
}

/// The player to move in a drawing.
#[derive(Serialize, ToSchema)]
pub enum Player {
    L,
    R,
}

/// `POST /api/value`: a position of a partizan game.
#[derive(ToSchema)]
#[schema(example = json!({"game": "domineering", "position": ".../..."}))]
#[allow(dead_code)]
pub struct ValueRequest {
    #[schema(example = "domineering")]
    game: String,
    #[schema(value_type = Option<HashMap<String, ParamValue>>)]
    params: Option<()>,
    /// In the game's notation; the start when left out.
    #[schema(max_length = 2000)]
    position: Option<String>,
    /// The player to move in the drawing of the board (Left when left out); values do not
    /// depend on it.
    player: Option<Player>,
}

/// A parameter of a game.
#[derive(Serialize, ToSchema)]
pub struct ParamInfo {
    pub name: &'static str,
    pub default: &'static str,
    pub help: &'static str,
}

/// A game of the library.
#[derive(Serialize, ToSchema)]
pub struct GameInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub help: &'static str,
    pub params: Vec<ParamInfo>,
    /// A heap game with a nim sequence.
    pub sequence: bool,
    /// A partizan game with values, for /api/value.
    pub values: bool,
    /// Served on the web.
    pub available: bool,
    pub note: Option<String>,
}

/// `GET /api/games`: the games, in alphabetical order.
#[derive(Serialize, ToSchema)]
pub struct Games {
    pub games: Vec<GameInfo>,
}

/// A stored solve opened with `nimber serve --db FILE`.
#[derive(Serialize, ToSchema)]
pub struct StoreInfo {
    pub id: usize,
    pub file: String,
    pub game: &'static str,
    pub title: String,
    pub params: Params,
    pub positions: u64,
    pub start: String,
}

/// `GET /api/stores`: the stores; their ids go in /api/query's `store`.
#[derive(Serialize, ToSchema)]
pub struct Stores {
    pub stores: Vec<StoreInfo>,
}

/// `POST /api/game`: a game built from its parameters.
#[derive(Serialize, ToSchema)]
pub struct Game {
    pub game: &'static str,
    #[schema(example = "nim heaps=3,4,5")]
    pub title: String,
    pub params: Params,
    /// `impartial` or `partizan`.
    pub kind: &'static str,
    pub start: String,
    /// A drawing of the start, when the game has one.
    pub svg: Option<String>,
    /// For /api/explore.
    pub features: Vec<String>,
    /// The heap ruleset, for /api/sequence.
    pub ruleset: Option<String>,
    pub dense: bool,
    /// A partizan game with values in the algebra of canonical forms, for /api/value.
    pub values: bool,
    /// Already solved and kept.
    pub solved: bool,
}

/// `POST /api/solve`: already solved (`cached`), or the job started.
#[derive(Serialize, ToSchema)]
pub struct SolveStarted {
    pub cached: bool,
    /// Positions solved, when cached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<u64>,
    pub job: Option<JobStatus>,
}

/// The job, or null when none has run.
#[derive(Serialize, ToSchema)]
pub struct JobReply {
    pub job: Option<JobStatus>,
}

/// A job started; its result (GET /api/job) is a Sequence or an Exploration.
#[derive(Serialize, ToSchema)]
pub struct JobStarted {
    pub job: JobStatus,
}

/// A move and what it gives the player who makes it.
#[derive(Serialize, ToSchema)]
pub struct Move {
    pub label: String,
    pub position: String,
    #[schema(value_type = Value)]
    pub value: nimber_engine::Value,
    /// Counts the move itself; null for a draw.
    pub remoteness: Option<u32>,
}

/// `POST /api/query`: a position and what each move gives the mover.
#[derive(Serialize, ToSchema)]
pub struct Position {
    pub game: &'static str,
    pub title: String,
    /// `impartial` or `partizan`.
    pub kind: &'static str,
    pub position: String,
    #[schema(value_type = Value)]
    pub value: nimber_engine::Value,
    pub remoteness: Option<u32>,
    /// No moves: the game has ended.
    pub over: bool,
    pub svg: Option<String>,
    /// What each move gives the player who makes it, best first.
    pub moves: Vec<Move>,
}

/// A move of a partizan position and the value it leads to.
#[derive(Serialize, ToSchema)]
pub struct ValuedMove {
    #[schema(example = "a1-a2")]
    pub label: String,
    pub position: String,
    /// The value of the position the move leads to, in CGSuite's notation; null when it is too
    /// long to write (over 1000 numbers and braces).
    pub value: Option<String>,
    #[schema(value_type = OutcomeClass)]
    pub outcome: &'static str,
}

/// `POST /api/value`: the position's value and its moves'.
#[derive(Serialize, ToSchema)]
pub struct Valued {
    pub game: &'static str,
    pub title: String,
    pub position: String,
    /// In CGSuite's notation; null when too long to write (over 1000 numbers and braces).
    #[schema(example = "{2|-1/2}")]
    pub value: Option<String>,
    #[schema(value_type = OutcomeClass)]
    pub outcome: &'static str,
    #[schema(example = "the player to move wins")]
    pub meaning: &'static str,
    /// Where play ends when Left starts and both stop at a number.
    #[schema(example = "2")]
    pub left_stop: String,
    #[schema(example = "-1/2")]
    pub right_stop: String,
    #[schema(example = "3/4")]
    pub mean: String,
    /// CGSuite's convention: -1 for an integer, -1/2^k for a number m/2^k.
    #[schema(example = "5/4")]
    pub temperature: String,
    /// The thermograph, a standalone SVG document.
    pub thermograph: String,
    pub player: Player,
    /// The board with `player` to move, when the game draws its positions.
    pub svg: Option<String>,
    /// Left's moves.
    pub left: Vec<ValuedMove>,
    /// Right's moves.
    pub right: Vec<ValuedMove>,
    /// Positions whose values the server keeps for this game.
    pub positions: usize,
    /// Canonical forms it keeps for this game.
    pub forms: usize,
}

/// The start of a solved game.
#[derive(Serialize, ToSchema)]
pub struct SolvedStart {
    pub position: String,
    #[schema(value_type = Value)]
    pub value: nimber_engine::Value,
    pub remoteness: Option<u32>,
}

/// The result of a solve job.
#[derive(Serialize, ToSchema)]
pub struct SolveResult {
    pub title: String,
    pub positions: u64,
    pub start: SolvedStart,
}

/// The result of a sequence job: nim values G(0..=upto) of single heaps and their period.
#[derive(Serialize, ToSchema)]
pub struct Sequence {
    #[schema(example = "0.77")]
    pub ruleset: String,
    #[schema(example = "0.77 (Kayles)")]
    pub title: String,
    pub upto: usize,
    pub values: Vec<u32>,
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    pub saltus: i64,
    /// Proved by the octal periodicity theorem, beyond the range too.
    pub proved: bool,
    pub proof_needs_upto: Option<usize>,
}

/// A value name, a nim value, or the text of a game value.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum Observed {
    Text(String),
    Nim(u32),
}

/// A value seen in a cell of an exploration, how often, and an example.
#[derive(Serialize, ToSchema)]
pub struct CellEntry {
    pub value: Observed,
    pub count: u64,
    pub example: String,
}

/// A feature's value: an integer, or a dyadic rational as text (`"-5/4"`); null when absent.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum FeatureValue {
    Int(i64),
    Dyadic(String),
}

/// A cell of an exploration: the features' values and what was seen there.
#[derive(Serialize, ToSchema)]
pub struct Cell {
    #[schema(value_type = Vec<Option<FeatureValue>>)]
    pub key: Vec<nimber_engine::solve::survey::Num>,
    pub entries: Vec<CellEntry>,
}

/// A position and its value, in a counterexample.
#[derive(Serialize, ToSchema)]
pub struct Witness {
    pub position: String,
    pub value: Observed,
}

/// A period along a feature.
#[derive(Serialize, ToSchema)]
pub struct Period {
    pub period: i64,
    pub offset: i64,
}

/// The result of an explore job: the family's values tabulated by features.
#[derive(Serialize, ToSchema)]
pub struct Exploration {
    pub features: Vec<String>,
    pub nim: bool,
    pub scope: String,
    pub positions: u64,
    pub cells: Vec<Cell>,
    pub function: bool,
    pub counterexample: Option<[Witness; 2]>,
    pub periods: Vec<Option<Period>>,
    pub rule: Option<String>,
    #[schema(value_type = Value)]
    pub rule_value: nimber_engine::Value,
    pub nim_rule: Option<String>,
}

/// A job's result: a solve's, an exploration, a sequence, or a search's.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum JobResult {
    Solve(SolveResult),
    Exploration(Exploration),
    Sequence(Sequence),
    Search(Searched),
}
