//! Berzerk: a monster on a circle of objects, two players with their own step sizes, and a
//! black hole that wins for whoever moves the monster into it (Codeforces 786A).

use nimber_engine::{Backward, Capabilities, Draw, Notation};
use nimber_engine::{DynGame, Error, Game, Kind, Move, Outcome, ParamSpec, Params, ParseError, Value};

use crate::common::info::{Facts, GameInfo};

/// The largest circle accepted (the contest's limit).
pub const MAX_N: u64 = 7000;

/// A Berzerk position: whose turn it is and where the monster is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BerzerkPos {
    /// The player to move, 1 or 2.
    pub player: u8,
    /// The object the monster is on, `1..=n`; object 1 is the black hole (the game is over).
    pub object: u32,
}

/// Berzerk on a circle of `n` objects with the two players' step sets.
#[derive(Clone, Debug)]
pub struct Berzerk {
    n: u32,
    /// `steps[p - 1]`: player `p`'s step sizes, distinct and increasing, each in `1..n`.
    steps: [Vec<u32>; 2],
}

impl Berzerk {
    /// Berzerk on `n` objects (2 to [`MAX_N`]); each step set must be nonempty with values in
    /// `1..n` (duplicates are dropped: a step given twice is the same move).
    pub fn new(n: u32, s1: Vec<u32>, s2: Vec<u32>) -> Result<Berzerk, Error> {
        if !(2..=MAX_N).contains(&(n as u64)) {
            return Err(Error::Param(format!("parameter n={n}: must be between 2 and {MAX_N}")));
        }
        let mut steps = [s1, s2];
        for (p, set) in steps.iter_mut().enumerate() {
            set.sort_unstable();
            set.dedup();
            if set.is_empty() {
                return Err(Error::Param(format!("parameter s{}: give at least one step", p + 1)));
            }
            if let Some(&bad) = set.iter().find(|&&s| s == 0 || s >= n) {
                return Err(Error::Param(format!(
                    "parameter s{}: step {bad} must be between 1 and n-1 = {}",
                    p + 1,
                    n - 1
                )));
            }
        }
        Ok(Berzerk { n, steps })
    }

    /// The number of objects.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// Player `player`'s steps (1 or 2), increasing.
    pub fn steps(&self, player: u8) -> &[u32] {
        &self.steps[player as usize - 1]
    }

    /// Every position where the game is not over: both players to move, the monster on any of
    /// objects `2..=n` (player 1's first, by object).
    pub fn open_positions(&self) -> Vec<BerzerkPos> {
        (1..=2u8).flat_map(|player| (2..=self.n).map(move |object| BerzerkPos { player, object })).collect()
    }

    /// The object `step` objects clockwise from `object`.
    fn advance(&self, object: u32, step: u32) -> u32 {
        (object - 1 + step) % self.n + 1
    }
}

fn other(player: u8) -> u8 {
    3 - player
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "berzerk",
    summary: "Berzerk: move the monster around a circle with your own steps; into the black hole wins",
    help: "Berzerk (Codeforces Round 406, problem 786A / 787C). A circle of n objects numbered 1 \
           to n clockwise; object 1 is a black hole and the monster starts on another one. Player \
           1 has the step sizes s1, player 2 the step sizes s2 (each in 1..n-1). The players \
           alternate, player 1 first; a turn moves the monster clockwise by one of one's own \
           steps, and whoever moves it into the black hole wins. A player who cannot win prefers \
           an endless game (a draw, the problem's `Loop`) to a loss. Partizan, with cycles: \
           solved by retrograde analysis. A position with the monster in the black hole is over, \
           lost for the player to move there (the other player moved it in). Notation: the \
           player to move and the object, `1:3` (player 1 to move, monster on object 3); the \
           start is `1:2`, and a full solve covers every start, both players and objects 2..n. \
           Moves are written `+s`, the step taken.",
    params: &[
        ParamSpec { name: "n", default: "5", help: "number of objects on the circle (2 to 7000)" },
        ParamSpec { name: "s1", default: "2,3", help: "player 1's steps, comma-separated, each in 1..n-1" },
        ParamSpec { name: "s2", default: "1,2,3", help: "player 2's steps, comma-separated, each in 1..n-1" },
    ],
    build,
    facts: Facts::NONE,
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let n = params.int("n", 2, MAX_N)?;
    let s1 = params.int_list("s1", 1, n - 1)?;
    let s2 = params.int_list("s2", 1, n - 1)?;
    let game = Berzerk::new(
        n as u32,
        s1.into_iter().map(|s| s as u32).collect(),
        s2.into_iter().map(|s| s as u32).collect(),
    )?;
    Ok(Box::new(game))
}

impl Game for Berzerk {
    type Position = BerzerkPos;

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> BerzerkPos {
        BerzerkPos { player: 1, object: 2 }
    }

    fn roots(&self) -> Vec<BerzerkPos> {
        self.open_positions()
    }

    fn moves(&self, pos: &BerzerkPos) -> Vec<Move<BerzerkPos>> {
        let player = other(pos.player);
        self.steps(pos.player)
            .iter()
            .map(|&s| Move::new(format!("+{s}"), BerzerkPos { player, object: self.advance(pos.object, s) }))
            .collect()
    }

    fn successors(&self, pos: &BerzerkPos, out: &mut Vec<BerzerkPos>) {
        let player = other(pos.player);
        out.extend(
            self.steps(pos.player)
                .iter()
                .map(|&s| BerzerkPos { player, object: self.advance(pos.object, s) }),
        );
    }

    /// The monster in the black hole: the player who moved it there has won.
    fn terminal(&self, pos: &BerzerkPos) -> Option<Outcome> {
        (pos.object == 1).then_some(Outcome::new(Value::Lose, 0))
    }

    fn capabilities(&self) -> Capabilities<'_, BerzerkPos> {
        Capabilities::none().notation(self).drawing(self).backward(self)
    }
}

impl Notation<BerzerkPos> for Berzerk {
    fn format(&self, pos: &BerzerkPos) -> String {
        format!("{}:{}", pos.player, pos.object)
    }

    fn parse(&self, text: &str) -> Result<BerzerkPos, ParseError> {
        let lead = text.len() - text.trim_start().len();
        let lead_chars = text[..lead].chars().count();
        let trimmed = text.trim();
        let Some((p, o)) = trimmed.split_once(':') else {
            return Err(ParseError::at(
                lead_chars + 1,
                "expected `PLAYER:OBJECT`, such as `1:3` (player 1 to move, monster on object 3)",
            ));
        };
        let player = match p.trim() {
            "1" => 1,
            "2" => 2,
            other => {
                return Err(ParseError::at(lead_chars + 1, format!("`{other}` is not a player: use 1 or 2")));
            }
        };
        let column = lead_chars + p.chars().count() + 2;
        let o_trimmed = o.trim();
        let object: u64 = o_trimmed
            .parse()
            .map_err(|_| ParseError::at(column, format!("`{o_trimmed}` is not an object number")))?;
        if object == 0 || object > self.n as u64 {
            return Err(ParseError::at(
                column,
                format!("object {object} is not on the circle 1..={}", self.n),
            ));
        }
        Ok(BerzerkPos { player, object: object as u32 })
    }
}

impl Draw<BerzerkPos> for Berzerk {
    fn svg(&self, pos: &BerzerkPos) -> Option<String> {
        Some(draw(self, pos))
    }
}

impl Backward<BerzerkPos> for Berzerk {
    /// The positions with a move to `pos`: the other player to move, the monster `s` objects
    /// counter-clockwise for each of that player's steps `s`, except the black hole (the game
    /// is over there). Steps are distinct, so each predecessor has exactly one move to `pos`.
    fn predecessors(&self, pos: &BerzerkPos, out: &mut Vec<BerzerkPos>) {
        let player = other(pos.player);
        for &s in self.steps(player) {
            let object = self.advance(pos.object, self.n - s);
            if object != 1 {
                out.push(BerzerkPos { player, object });
            }
        }
    }
}

/// Circles of at most this many objects are drawn whole, to scale. A larger one shows only
/// the black hole, the monster's object and the objects the player to move can reach, evenly
/// spaced in their order around the circle, with the number of objects left out written in
/// each gap.
const DRAWN_OBJECTS: u32 = 60;

/// The drawing: the circle of objects clockwise from the black hole (object 1) at the top,
/// each drawn object a `<g data-object="K">`; the monster on its object (`data-piece="monster"`,
/// `data-at`); the objects the player to move can send it to, ringed in that player's colour
/// with `data-move="+S"` and an arrow from the monster; both players' steps and whose turn it
/// is (or who won).
fn draw(game: &Berzerk, pos: &BerzerkPos) -> String {
    use crate::common::svg::{colour, shorten, Anchor, Attrs, Svg};
    const R: f64 = 150.0;
    const C: (f64, f64) = (210.0, 236.0);
    let n = game.n;
    let over = pos.object == 1;
    let targets: Vec<(u32, u32)> = if over {
        Vec::new()
    } else {
        game.steps(pos.player).iter().map(|&s| (s, game.advance(pos.object, s))).collect()
    };
    let whole = n <= DRAWN_OBJECTS;
    let mut drawn: Vec<u32> = if whole { (1..=n).collect() } else { vec![1, pos.object] };
    drawn.extend(targets.iter().map(|&(_, to)| to));
    drawn.sort_unstable();
    drawn.dedup();
    // Places around the circle: one per drawn object, and one per gap of a large circle
    // (objects left out, written there as their count).
    let mut places: Vec<(u32, u32)> = Vec::new();
    for (i, &k) in drawn.iter().enumerate() {
        places.push((k, 0));
        let next = drawn.get(i + 1).copied().unwrap_or(n + 1);
        if next > k + 1 {
            places.push((0, next - k - 1));
        }
    }
    let angle = |place: usize| {
        std::f64::consts::TAU * place as f64 / places.len() as f64 - std::f64::consts::FRAC_PI_2
    };
    let at =
        |place: usize, radius: f64| (C.0 + radius * angle(place).cos(), C.1 + radius * angle(place).sin());
    let place_of = |k: u32| places.iter().position(|&(o, _)| o == k).expect("drawn");
    let point = |k: u32, radius: f64| at(place_of(k), radius);
    let ink = |player: u8| if player == 1 { colour::FIRST } else { colour::SECOND };
    let mut svg = Svg::new(INFO.name, &game.format(pos), 420.0, 510.0);
    svg.bold((16.0, 22.0), &format!("Berzerk: {n} objects in a circle"), 15.0, Anchor::Start, colour::INK);
    let ring = Attrs::new().paint("none", Some((colour::LINE, 2.0)));
    svg.circle(C.0, C.1, R, if whole { ring } else { ring.set("stroke-dasharray", "2 6") });
    for (place, &(_, gap)) in places.iter().enumerate() {
        if gap > 0 {
            svg.text(at(place, R), &format!("⋯ {gap} ⋯"), 11.0, Anchor::Middle, colour::MUTED);
        }
    }
    for &(_, to) in &targets {
        svg.arrow(point(pos.object, R - 22.0), point(to, R - 22.0), ink(pos.player), 2.0);
    }
    let r = (std::f64::consts::PI * R / places.len() as f64 * 0.42).min(16.0);
    let numbered = places.len() <= 24;
    for &k in &drawn {
        let target = targets.iter().find(|&&(_, to)| to == k);
        let mut attrs = Attrs::new().data("object", k);
        if let Some(&(s, _)) = target {
            attrs = attrs.data("move", format!("+{s}"));
        }
        svg.group(attrs, Some(&format!("object {k}")));
        let (x, y) = point(k, R);
        let size = if k == 1 { r.max(12.0) * 1.35 } else { r };
        if k == 1 {
            svg.circle(x, y, size, Attrs::new().paint(colour::SOLID, Some((colour::INK, 2.0))));
        } else {
            svg.circle(x, y, size, Attrs::new().paint(colour::SQUARE, Some((colour::LINE, 1.5))));
        }
        if target.is_some() {
            svg.circle(x, y, size + 4.0, Attrs::new().paint("none", Some((ink(pos.player), 3.0))));
        }
        if k == 1 {
            svg.bold((x, y), "1", size * 0.7, Anchor::Middle, "#ffffff");
        } else if numbered {
            svg.text((x, y), &k.to_string(), r * 0.9, Anchor::Middle, colour::INK);
        } else {
            svg.text(point(k, R + size + 14.0), &k.to_string(), 12.0, Anchor::Middle, colour::INK);
        }
        if let Some(&(s, _)) = target {
            let away = if numbered { R + size + 18.0 } else { R + size + 30.0 };
            svg.bold(point(k, away), &format!("+{s}"), 13.0, Anchor::Middle, ink(pos.player));
        }
        svg.close();
    }
    // The monster: a purple body with two eyes.
    let (mx, my) = point(pos.object, R);
    let body = r.max(9.0) * 0.8;
    svg.group(Attrs::new().data("piece", "monster").data("at", pos.object), Some("the monster"));
    svg.circle(mx, my, body, Attrs::new().paint("#6b4fa0", Some((colour::INK, 1.5))));
    for side in [-1.0, 1.0] {
        svg.circle(
            mx + side * body * 0.35,
            my - body * 0.15,
            body * 0.22,
            Attrs::new().set("fill", "#ffffff"),
        );
        svg.circle(
            mx + side * body * 0.35,
            my - body * 0.1,
            body * 0.1,
            Attrs::new().set("fill", colour::INK),
        );
    }
    svg.close();
    let steps = |p: u8| {
        let list: Vec<String> = game.steps(p).iter().map(|s| s.to_string()).collect();
        shorten(&format!("Player {p} steps: {}", list.join(", ")), 52)
    };
    svg.text((16.0, 430.0), &steps(1), 13.0, Anchor::Start, colour::FIRST);
    svg.text((16.0, 450.0), &steps(2), 13.0, Anchor::Start, colour::SECOND);
    let (c, text) = if over {
        let winner = other(pos.player);
        (ink(winner), format!("The monster is in the black hole: player {winner} wins"))
    } else {
        (ink(pos.player), format!("Player {} to move", pos.player))
    };
    svg.status((16.0, 482.0), Some(c), &text, 15.0);
    svg.finish()
}
