//! Command-line definitions (clap derive): every command, its options and their help texts,
//! and the parsing of option values that clap leaves to us (`--memory SIZE`).

use std::net::IpAddr;
use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use nimber_engine::solve::SolverChoice;

/// Solve two-player combinatorial games exactly.
#[derive(Debug, Parser)]
#[command(
    name = "nimber",
    version,
    about = "Solve two-player combinatorial games exactly",
    long_about = "Solve two-player combinatorial games exactly: the value (win, lose, tie or draw) \
                  and remoteness of every position, or nim values of impartial games.",
    after_help = "Examples:\n  \
                  nimber list\n  \
                  nimber help nim\n  \
                  nimber solve nim -p heaps=3,4,5\n  \
                  nimber query nim 1,2,3",
    disable_help_subcommand = true,
    subcommand_required = true,
    arg_required_else_help = true
)]
pub struct Cli {
    /// Number of worker threads for the parallel solvers (default: one per CPU)
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub threads: Option<u64>,

    /// The directory of solved games that `query` keeps (default: $XDG_CACHE_HOME/nimber, or
    /// ~/.cache/nimber)
    #[arg(long, global = true, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the games with their parameters, or show one game's rules
    List(ListArgs),
    /// Solve a game from its start position
    Solve(SolveArgs),
    /// Show the value of one position and of every move from it
    Query(QueryArgs),
    /// The value of one position by exact alpha-beta search, without solving the whole game
    Search(SearchArgs),
    /// Solve every position of a family, tabulate values by features, find periods and a rule
    Explore(ExploreArgs),
    /// Check a conjectured rule (an expression over features) on every position of a family
    Check(CheckArgs),
    /// Show a game's rules and parameters, or the help of a command
    Help(HelpArgs),
    /// Solve a classic contest problem: read its input on stdin, print the judge's output
    Problem(ProblemArgs),
    /// Nim values G(0..=N) of single heaps of a heap game (octal, subtraction, Grundy's game) and their period
    Grundy(GrundyArgs),
    /// Misère play of a heap game: normal and misère nim values and the genus of single heaps
    Genus(GenusArgs),
    /// Counts, longest wins and example positions of a solution stored by `solve --save`
    Analyze(AnalyzeArgs),
    /// The web explorer: play against perfect play, see every move's value, plot nim sequences
    Serve(ServeArgs),
    /// The value of a position of a partizan game (Domineering...) in CGSuite's notation
    Cgt(CgtArgs),
    /// A game value or a comparison written in CGSuite's notation: {2|-1/2} + ^* - 1/4
    Value(ValueArgs),
    /// The solved games that `query` keeps: list them with their sizes, or remove them
    Cache(CacheArgs),
}

/// `nimber cache list|clear`.
#[derive(Debug, Args)]
#[command(
    after_help = "`nimber query` solves a game with a dense index (tictactoe, nim, dobutsu, dodgem, connect4, \
                  graph) once and keeps the solution in the cache directory; later queries of the game \
                  read it. A file written for other rules is noticed and solved again. --cache-dir DIR \
                  names another directory."
)]
pub struct CacheArgs {
    #[command(subcommand)]
    pub action: CacheAction,
}

/// What `nimber cache` does.
#[derive(Debug, Subcommand)]
pub enum CacheAction {
    /// The cached solutions: game, parameters, positions, size on disk
    List {
        /// Write JSON instead of text: {"dir", "bytes", "files": [{"path", "bytes", "game", "params", "positions", "error"}]}
        #[arg(long)]
        json: bool,
    },
    /// Remove every cached solution (and the files of stopped solves)
    Clear,
}

/// `nimber cgt GAME [-p key=value]... [--position P]`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  nimber cgt domineering -p board=.../...\n  \
                  nimber cgt domineering -p board=..../..../..../.... --position ##../..../..../....\n\n\
                  The value is the canonical form of the position in the algebra of On Numbers and Games \
                  and Winning Ways, written as CGSuite writes it (3/4, *2, ^, v*, +-1, {2|-1/2}, {2||1|0}); \
                  the outcome class says who wins (L: Left, R: Right, N: the player to move, P: the other); \
                  the stops are the numbers play reaches when Left or Right starts; the mean and the \
                  temperature are where the walls of the thermograph meet (--thermograph draws it).")]
pub struct CgtArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position (default: the start)
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,

    /// Write JSON instead of text: {"game", "position", "value", "canonical", "outcome", "left_stop", "right_stop", "mean", "temperature"}
    #[arg(long)]
    pub json: bool,

    /// Draw the value's thermograph into this SVG file
    #[arg(long, value_name = "FILE.svg")]
    pub thermograph: Option<PathBuf>,
}

/// `nimber value EXPR`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  nimber value '{2|-1/2} + ^* - 1/4'\n  nimber value '{1|-1} > 0'\n  nimber value '^ || *'\n  \
                  nimber value 'cool({2|-1/2}, 1)'\n  nimber value '{3|1||0}' --thermograph t.svg\n\n\
                  Values: numbers (3, -1/2), nimbers (*, *3), ups and downs (^, v, ^3, ^^), sums of those \
                  (1/2^*), switches (+-1), games in braces ({1,*|0}, {2||1|0}); + and - between them; \
                  cool(G, t) (G cooled by the number t), mean(G) and temperature(G) (numbers); one \
                  comparison (<= >= < > == || <| |>) answers true or false with how the two really compare."
)]
pub struct ValueArgs {
    /// The value or comparison
    #[arg(allow_hyphen_values = true)]
    pub expression: String,

    /// Write JSON instead of text: {"value", "canonical", "outcome", "left_stop", "right_stop", "mean", "temperature"}, or for a comparison {"left", "op", "right", "holds", "relation"}
    #[arg(long)]
    pub json: bool,

    /// Draw the value's thermograph into this SVG file
    #[arg(long, value_name = "FILE.svg")]
    pub thermograph: Option<PathBuf>,
}

/// `nimber analyze --db FILE`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// A file written by `solve --save`
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,

    /// Write JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// `nimber serve [--port N] [--db FILE|DIR]...`.
#[derive(Debug, Args)]
#[command(after_help = "The server listens on 127.0.0.1 (this machine only) unless --host names another \
                        address, and prints its URL; open it in a browser. The page talks to a JSON API \
                        described at /api/openapi.json. Solves from the page run one at a time, within \
                        --memory, and can be cancelled.\n\nExamples:\n  \
                        nimber serve\n  \
                        nimber serve --port 0                 # any free port\n  \
                        nimber serve --db tictactoe.db        # also offer a stored solve\n  \
                        nimber serve --db morris-tiers        # a directory of tiers (solve morris --save DIR)")]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// The address to listen on (default: 127.0.0.1, this machine only)
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub host: IpAddr,

    /// A stored solve (written by `solve --save`: a file, or a directory of tiers) to offer on
    /// the page (repeatable)
    #[arg(long, value_name = "FILE|DIR")]
    pub db: Vec<PathBuf>,

    /// The most memory a solve from the page may take, as bytes or with a suffix K, M, G
    /// (default: three quarters of the machine's memory)
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
}

/// `nimber grundy RULESET --upto N`.
#[derive(Debug, Args)]
#[command(
    after_help = "Rulesets: an octal code d0.d1d2... (0.77 Kayles, 0.07 Dawson's Kayles, 0.137, 4.07; \
                        hexadecimal digits 8-F may leave three heaps: 0.F), sub:1,3,4 (subtraction), \
                        allbut:1,3 (remove any number but these), grundy (Grundy's game). See `nimber help octal`."
)]
pub struct GrundyArgs {
    /// The rules: an octal code such as 0.77, or sub:1,3,4, allbut:1,3, grundy
    pub ruleset: String,

    /// The largest heap: values G(0), ..., G(N) are computed
    #[arg(long, value_name = "N")]
    pub upto: String,

    /// Write JSON instead of text: {"values": [...], "period", "preperiod", "saltus", "proved"}
    #[arg(long)]
    pub json: bool,
}

/// `nimber genus RULESET --upto N`.
#[derive(Debug, Args)]
#[command(
    after_help = "The genus γ^{γ0γ1γ2γ3} of a heap (Conway, On Numbers and Games, ch. 12; Winning Ways, ch. 13): \
                  γ is its normal-play nim value, γ0 its misère nim value (0: the player to move loses under \
                  misère play), γk the misère nim value of the heap together with k nim heaps of size 2. Winning \
                  Ways leaves out the tail once it alternates: 0^{1202} is written 0^{120}. Misère sums do not \
                  split into components, so the work grows like the number of partitions of N."
)]
pub struct GenusArgs {
    /// The rules: an octal code such as 0.77, or sub:1,3,4, allbut:1,3, grundy
    pub ruleset: String,

    /// The largest heap: heaps 0, ..., N
    #[arg(long, value_name = "N")]
    pub upto: String,

    /// Write JSON instead of text: {"normal": [...], "misere": [...], "genus": [[γ0, γ1, γ2, γ3], ...]}
    #[arg(long)]
    pub json: bool,
}

/// The command line with only the `problem` command: `nimber problem NAME [--exact]` is started
/// once per judge input, where process start-up is most of the time, so [`quick_problem`] tries
/// this small parser (the same [`ProblemArgs`]) before building the whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "nimber",
    disable_help_flag = true,
    disable_version_flag = true,
    disable_help_subcommand = true
)]
struct ProblemOnly {
    #[command(subcommand)]
    command: ProblemCommand,
}

#[derive(Debug, Subcommand)]
enum ProblemCommand {
    Problem(ProblemArgs),
}

/// The arguments of `nimber problem NAME [--exact]` for a known problem, read by clap with a
/// parser of the `problem` command alone; `None` for anything else (a listing, help, a usage
/// error, another command), which goes through the whole command line ([`Cli`]).
pub fn quick_problem() -> Option<ProblemArgs> {
    if std::env::args_os().nth(1)? != "problem" {
        return None;
    }
    let ProblemCommand::Problem(args) = ProblemOnly::try_parse().ok()?.command;
    nimber_problems::find(args.name.as_deref()?)?;
    Some(args)
}

/// `nimber problem NAME`.
#[derive(Debug, Args)]
pub struct ProblemArgs {
    /// The problem (leave out to list them)
    pub name: Option<String>,

    /// Use the exact method where the problem has one besides its fast method
    #[arg(long)]
    pub exact: bool,
}

/// `nimber list [GAME]`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Show this game's rules, notation and parameters instead of the list
    pub game: Option<String>,

    /// Write JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// `nimber help [GAME|COMMAND]`.
#[derive(Debug, Args)]
pub struct HelpArgs {
    /// A game (its rules and parameters) or a command (its options)
    pub topic: Option<String>,
}

/// The game and its parameters, shared by `solve` and `query`.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game (see `nimber list`)
    pub game: String,

    /// A game parameter, as KEY=VALUE (repeatable; see `nimber help GAME`)
    #[arg(short = 'p', long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
}

/// `nimber solve GAME`.
#[derive(Debug, Args)]
#[command(after_help = "Ctrl-C stops a solve cleanly: a dense solve keeping a checkpoint (--checkpoint, or \
                  --save) saves it at the end of the current round and says how to continue with \
                  --resume; the exit status is 130 (a lean solve keeps no checkpoint and starts \
                  over). Pressing Ctrl-C again quits at once.\n\
                  Example: nimber solve dobutsu -p index=full --save dobutsu.db, stopped, then \
                  nimber solve dobutsu -p index=full --save dobutsu.db --resume\n\
                  Files are written under a temporary name (FILE.tmp-PID) and renamed when whole. A \
                  solve first removes the half-written files that a killed nimber left of its \
                  --save, --checkpoint and --dump files, and says how much space that freed; a \
                  second solve of a file that a running solve writes is refused.")]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Write JSON instead of text
    #[arg(long)]
    pub json: bool,

    /// Which solver to use
    #[arg(long, value_parser = solver_parser(), default_value_t = SolverChoice::Auto)]
    pub solver: SolverChoice,

    /// Compute nim values (Sprague-Grundy) instead of outcomes; same as --solver grundy. Games with
    /// cycles get generalized nim values such as ∞(0,2) (the loopy solver)
    #[arg(long)]
    pub nim: bool,

    /// Misère play: a player left without a move wins (declared ends keep their value)
    #[arg(long)]
    pub misere: bool,

    /// Write every solved position to this CSV file (`-`: to standard output, the summary then
    /// going to standard error)
    #[arg(long, value_name = "FILE.csv")]
    pub dump: Option<PathBuf>,

    /// Store the solution in this file, for `query --db` and `analyze --db` (games solved
    /// through a dense index: tictactoe, nim, dobutsu, dodgem, connect4, graph); for a game
    /// solved tier by tier (morris), in this directory, a file per tier: the same command
    /// resumes a solve that was stopped at the tier it was in
    #[arg(long, value_name = "FILE|DIR")]
    pub save: Option<PathBuf>,

    /// Solve only these tiers (names separated by commas, as `solve` lists them) and the tiers
    /// they need, into the directory of --save (games solved tier by tier)
    #[arg(long, value_name = "TIERS", value_delimiter = ',')]
    pub tiers: Option<Vec<String>>,

    /// The most memory the solve may take, as bytes or with a suffix K, M, G (powers of 1024);
    /// solvers that can estimate their needs refuse beforehand when over (default: three
    /// quarters of the machine's memory)
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,

    /// Keep a checkpoint of the solve in this file (games solved through a dense index:
    /// tictactoe, nim, dobutsu, dodgem, connect4, graph), written every --checkpoint-every seconds and when the solve is
    /// stopped by Ctrl-C, removed when it ends (default with --save FILE: FILE.checkpoint; on a
    /// cluster, only where given, to every process)
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,

    /// The least time between two checkpoints, in seconds (0: after every round)
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    pub checkpoint_every: u64,

    /// Continue the solve from its checkpoint (--checkpoint, or the one of --save) instead of
    /// starting over; the result is the same as an uninterrupted solve's
    #[arg(long)]
    pub resume: bool,

    /// Run the solve as one process of a cluster (games solved through a dense index): HOSTS
    /// lists one host:port per line, one line per process, the same file on every process, and
    /// every process runs the same command with its own --process. Process 0 prints the result
    /// and writes --save. Each process keeps its own checkpoint (--checkpoint FILE: FILE.pI);
    /// --resume goes on every process. The processes talk plain TCP, without authentication or
    /// encryption: use it on a network you trust
    #[arg(long, value_name = "HOSTS", requires = "process")]
    pub cluster: Option<PathBuf>,

    /// This process's number in the --cluster host file, from 0
    #[arg(long, value_name = "I", requires = "cluster")]
    pub process: Option<usize>,

    /// Run the solve as a cluster of N processes on this machine, talking over loopback (to try
    /// the cluster path without a cluster)
    #[arg(long, value_name = "N", conflicts_with = "cluster")]
    pub local_processes: Option<usize>,

    /// Write the bytes the processes of a cluster sent each other in each round to this file,
    /// as CSV (phase,round,bytes); process 0 writes it
    #[arg(long, value_name = "FILE")]
    pub exchange_log: Option<PathBuf>,

    /// How long the processes of a cluster wait for each other to connect, in seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub connect_timeout: u64,
}

/// `nimber query GAME [POSITION]`, or `nimber query --db FILE [POSITION]`.
#[derive(Debug, Args)]
pub struct QueryArgs {
    /// The game (see `nimber list`); with --db, the position instead (a position that begins
    /// with `-` goes after `--`: `nimber query --db FILE -- POSITION`)
    #[arg(required_unless_present = "db")]
    pub game: Option<String>,

    /// A game parameter, as KEY=VALUE (repeatable; see `nimber help GAME`)
    #[arg(short = 'p', long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,

    /// Read the outcomes from a file written by `solve --save` instead of solving (the game
    /// and its parameters come from the file), or from the directory of a game solved tier by
    /// tier
    #[arg(long, value_name = "FILE|DIR")]
    pub db: Option<PathBuf>,

    /// The position in the game's notation (default: the start position); may begin with `-`
    /// (with --db, write `--` before it)
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,

    /// Write JSON instead of text
    #[arg(long)]
    pub json: bool,

    /// Also show the nim value of the position and of every move's result (impartial games;
    /// generalized values such as ∞(0,2) when the game has cycles)
    #[arg(long)]
    pub nim: bool,

    /// Misère play: a player left without a move wins (declared ends keep their value)
    #[arg(long)]
    pub misere: bool,

    /// Solve without the cache: neither read a kept solution nor keep this one (see `nimber
    /// cache`)
    #[arg(long)]
    pub no_cache: bool,
}

/// `nimber search GAME [POSITION]`.
#[derive(Debug, Args)]
#[command(after_help = "The search keeps a transposition table of a fixed size (--memory) and none of the \
                        positions it leaves: it answers one position of a game far too large to solve \
                        strongly. A repetition of a position on the line searched counts as a draw \
                        (endless play).\n\nExamples:\n  nimber search tictactoe --moves\n  \
                        nimber search connect4 -p w=5 -p h=4 --remoteness\n  \
                        nimber search morris --db morris-tiers     # the placement, over the stored tiers")]
pub struct SearchArgs {
    /// The game (see `nimber list`)
    pub game: String,

    /// A game parameter, as KEY=VALUE (repeatable; see `nimber help GAME`)
    #[arg(short = 'p', long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,

    /// The position in the game's notation (default: the start position); may begin with `-`
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,

    /// Also find the exact remoteness of a win or a loss (the winner hurries, the loser delays)
    #[arg(long)]
    pub remoteness: bool,

    /// Also search every move from the position, best first
    #[arg(long)]
    pub moves: bool,

    /// Search every position of FILE instead (one a line, an empty line for the start; `-` for
    /// standard input), with one table for all, a line of answer each
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    pub batch: Option<String>,

    /// The memory of the transposition table, as bytes or with a suffix K, M, G (default 64M)
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,

    /// Answer every position that a saved solution holds from it, searching the others: a file
    /// of `solve --save`, or a directory of tiers (`solve morris --save DIR`); GAME must be the
    /// solution's game, whose parameters it keeps
    #[arg(long, value_name = "FILE|DIR")]
    pub db: Option<PathBuf>,

    /// Write JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// `nimber explore GAME --by FEATURE[,FEATURE]`.
#[derive(Debug, Args)]
#[command(after_help = "The family is set by the game's parameters (see `nimber help GAME`: for Enjapma \
                        every board up to h x w with every placement of pieces, for Nim every position of at \
                        most `count` heaps of at most `max`); games without one explore the positions reachable \
                        from the start. Every game has the feature `moves`; the others are in the game's help. \
                        The rule printed is accepted by `nimber check --rule`.\n\nExamples:\n  \
                        nimber explore enjapma -p h=4 -p w=4 --by pieces,on_dark\n  \
                        nimber explore nim -p heaps=3 -p max=7 --by xor\n  \
                        nimber explore enjapma -p h=3 -p w=3 --by pieces,on_dark --nim --png enjapma.png\n  \
                        nimber explore domineering --values -p rows=4 -p cols=4 --by rows,cols\n  \
                        nimber explore clobber --values -p rows=1 -p cols=8 --by temperature\n  \
                        nimber explore cutcake --values -p rows=8 -p cols=8 --by rows,cols\n  \
                        nimber explore toadsandfrogs --values -p family=starts -p squares=8 --by toads,frogs\n  \
                        nimber explore hackenbush --values -p colours=BR -p edges=6 --by blue,red\n\n\
                        With --values (partizan games: `nimber help domineering`), the table holds \
                        canonical values in CGSuite's notation, and the features are the game's, \
                        moves_left, moves_right, and the parts of the value: left_stop, right_stop, \
                        mean, temperature (dyadic rationals: 5/4), number, ups, nimber (a value x + \
                        n.^ + *m has number x, ups n and nimber m; other values have none: `-`). \
                        The rule printed is true exactly where the value is 0; when every value is \
                        an integer, a formula for it is sought too (`nimber check --values` \
                        accepts both).")]
pub struct ExploreArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The features of the table, comma-separated: one to four (two give a grid)
    #[arg(long, value_name = "FEATURE[,FEATURE]", value_delimiter = ',', required = true)]
    pub by: Vec<String>,

    /// Tabulate nim values (Sprague-Grundy; impartial games) instead of outcomes
    #[arg(long)]
    pub nim: bool,

    /// Tabulate game values (partizan games: canonical forms in CGSuite's notation) instead of
    /// outcomes; the parts of the value are features
    #[arg(long, conflicts_with = "nim")]
    pub values: bool,

    /// Explore the positions reachable from this position instead of the game's family
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub from: Option<String>,

    /// Draw the table (one or two features) as an SVG picture, cells coloured by value
    #[arg(long, value_name = "FILE.svg")]
    pub svg: Option<PathBuf>,

    /// Draw the table (one or two features) as a PNG picture, cells coloured by value
    #[arg(long, value_name = "FILE.png")]
    pub png: Option<PathBuf>,

    /// Write JSON instead of text: {"positions", "features", "table": [{"key", "value", "count"}],
    /// "function", "counterexample", "rule", ...}
    #[arg(long)]
    pub json: bool,
}

/// `nimber check GAME --rule EXPR`.
#[derive(Debug, Args)]
#[command(after_help = "The rule is an expression over the game's features (see `nimber help GAME`; every \
                        game has `moves`): integers, + - * / % (Rust's remainder), comparisons == != < <= > >=, \
                        && || !, bitwise & | ^ (XOR; they bind more loosely than comparisons, as in C), \
                        parentheses, min(a, b), max(a, b), abs(a), log2(n) (the floor of the base-2 \
                        logarithm of n >= 1), if c { a } else { b }. True means the \
                        position has the value of --value (lose: the player to move loses); a rule may also \
                        give a value name (\"draw\"), or with --nim a nim value.\n\nExamples:\n  \
                        nimber check enjapma -p h=3 -p w=4 --rule '(on_light + 2*on_dark) % 3 == 0'\n  \
                        nimber check nim -p heaps=3 -p max=7 --rule 'xor == 0'\n  \
                        nimber check nim -p heaps=3 -p max=7 --nim --rule 'heap1 ^ heap2 ^ heap3'\n  \
                        nimber check gameindarkness -p field=A..../...../....B --rule 'dist_diff >= 2' --value draw\n  \
                        nimber check domineering --values -p rows=1 -p cols=8 --rule '-(cols / 2)'\n  \
                        nimber check domineering --values --rule 'if rows == cols { \"N\" } else { \"+-1\" }'\n  \
                        nimber check clobber --values -p rows=1 -p cols=8 --always --rule 'left_stop - right_stop <= 2'\n  \
                        nimber check cutcake --values -p rows=16 -p cols=16 --rule 'if cols >= rows { (cols >> log2(rows)) - 1 } else { 1 - (rows >> log2(cols)) }'\n\n\
                        With --values (partizan games), the features include the parts of the value \
                        (see `nimber explore --help`; dyadic ones are floats, exact; write 0.5, not 1/2, \
                        which is the integer 0; a part a value lacks is `()`), and a rule gives a \
                        number (the value is that number), a string (a value in CGSuite's notation, \
                        such as \"{2|-1/2}\", compared by canonical form, or an outcome class \"L\", \
                        \"R\", \"N\", \"P\"), or true (the value is --value, 0 unless given) or \
                        false (it is not); with --always, true or false: a statement that must be \
                        true at every position.")]
pub struct CheckArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The conjecture: an expression over the game's features, such as '(pieces + on_dark) % 3 == 0'
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    pub rule: String,

    /// The value a true rule claims (a false one claims any other value): win, lose (the
    /// default), tie or draw; with --values a game value in CGSuite's notation (default 0)
    #[arg(long, value_name = "VALUE", allow_hyphen_values = true)]
    pub value: Option<String>,

    /// Check nim values (Sprague-Grundy; impartial games): a number-valued rule gives the nim value
    #[arg(long)]
    pub nim: bool,

    /// Check game values (partizan games): a rule gives a value, a number, an outcome class,
    /// or true where the value is --value
    #[arg(long, conflicts_with = "nim")]
    pub values: bool,

    /// With --values: the rule is a statement about the features and the parts of the value,
    /// true at every position (such as 'left_stop >= right_stop')
    #[arg(long, requires = "values", conflicts_with = "value")]
    pub always: bool,

    /// Check the positions reachable from this position instead of the game's family
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub from: Option<String>,

    /// Write JSON instead of text: {"holds", "positions", "counterexample": {"position", "value",
    /// "claimed"} or null}
    #[arg(long)]
    pub json: bool,
}

/// The solvers as `--solver` takes them: the engine's table of names, each with its line of help.
fn solver_parser() -> impl TypedValueParser<Value = SolverChoice> {
    PossibleValuesParser::new(SolverChoice::ALL.map(|s| PossibleValue::new(s.name()).help(s.help())))
        .map(|name| name.parse().expect("a name from the engine's table of solvers"))
}

/// The bytes of a `--memory SIZE` (`solve`, `serve`): a number, optionally followed by K, M, G
/// or T (powers of 1024; `B` and `iB` may follow, as in `512MiB`); the error is the message to
/// show.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || format!("--memory {text}: expected a size such as 1073741824, 900M or 1G");
    let t = text.trim();
    let t = t.strip_suffix("iB").or_else(|| t.strip_suffix('B')).unwrap_or(t);
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(bad()),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = digits.trim().parse().map_err(|_| bad())?;
    n.checked_mul(1u64 << shift).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The first measured time in `text` (a number followed by a unit of time, or "a minute"),
    /// if any: help texts carry no absolute times, which depend on the machine and drift (the
    /// README gives measured figures with the bench and the machine).
    fn time_in(text: &str) -> Option<String> {
        const UNITS: &[&str] = &[
            "s", "ms", "µs", "us", "ns", "sec", "secs", "second", "seconds", "min", "minute", "minutes",
            "hour", "hours",
        ];
        let lower = text.to_lowercase();
        for phrase in ["a minute", "an hour", "half a second", "within a second"] {
            if let Some(at) = lower.find(phrase) {
                return Some(lower[at..].chars().take(40).collect());
            }
        }
        let chars: Vec<char> = lower.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if !chars[i].is_ascii_digit()
                || (i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
            {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.' || chars[i] == ',') {
                i += 1;
            }
            let mut j = i;
            if j < chars.len() && chars[j] == ' ' {
                j += 1;
            }
            let word_end = (j..chars.len()).find(|&k| !chars[k].is_alphabetic()).unwrap_or(chars.len());
            let word: String = chars[j..word_end].iter().collect();
            if UNITS.contains(&word.as_str()) {
                return Some(chars[start..word_end].iter().collect());
            }
        }
        None
    }

    #[test]
    fn sizes_parse_with_their_suffixes() {
        assert_eq!(parse_size("1073741824"), Ok(1 << 30));
        assert_eq!(parse_size("900M"), Ok(900 << 20));
        assert_eq!(parse_size(" 1g "), Ok(1 << 30));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("2KB"), Ok(2 << 10));
        assert_eq!(parse_size("3T"), Ok(3 << 40));
        for bad in ["", "12Q", "M", "-1G", "1.5G", "99999999999T"] {
            assert_eq!(
                parse_size(bad),
                Err(format!("--memory {bad}: expected a size such as 1073741824, 900M or 1G")),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_time_finder_finds_times() {
        for text in
            ["about 45 s and", "(40 seconds)", "in 1.5s.", "some 10 ms", "a minute on 2 cores", "3 minutes"]
        {
            assert!(time_in(text).is_some(), "{text}");
        }
        for text in
            ["0.77 Kayles", "2 cores", "sub:1,3,4", "--checkpoint-every seconds", "5x5", "3 shogi", "h=4"]
        {
            assert_eq!(time_in(text), None, "{text}");
        }
    }

    /// Every help text (every command's and argument's, every game's) is free of absolute times.
    #[test]
    fn help_texts_carry_no_absolute_times() {
        fn walk(command: &mut clap::Command, path: &str, texts: &mut Vec<(String, String)>) {
            let name = format!("{path} {}", command.get_name());
            texts.push((name.clone(), command.render_long_help().to_string()));
            for sub in command.get_subcommands_mut() {
                walk(sub, &name, texts);
            }
        }
        let mut texts = Vec::new();
        walk(&mut Cli::command(), "", &mut texts);
        assert!(texts.len() > 10, "{} commands", texts.len());
        for info in nimber_games::all() {
            texts.push((format!("game {}", info.name), format!("{} {}", info.summary, info.help)));
            for p in info.params {
                texts.push((format!("game {} -p {}", info.name, p.name), p.help.to_string()));
            }
        }
        for p in nimber_problems::all() {
            texts.push((format!("problem {}", p.name), p.summary.to_string()));
        }
        for (name, text) in &texts {
            assert_eq!(time_in(text), None, "{name}: a time in its help");
        }
    }
}
