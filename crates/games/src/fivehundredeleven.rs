//! FiveHundredEleven: play cards into a 9-bit memory by OR; whoever makes it 511 loses
//! (TopCoder SRM 511).

use nimber_engine::{Capabilities, Draw, Notation};
use nimber_engine::{DynGame, Error, Game, Kind, Move, Outcome, ParamSpec, Params, ParseError, Value};

use crate::common::info::{Facts, GameInfo};

/// The most cards accepted (the contest's limit; the remaining cards are a 64-bit mask).
pub const MAX_CARDS: usize = 50;

/// The memory value that ends the game.
pub const FULL: u16 = 511;

/// A position: the memory and the cards still in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FiveHundredElevenPos {
    /// The OR of the cards played so far (any value `0..=511` in a queried position).
    pub memory: u16,
    /// Bit `i` is set when card `i` (0-based, in the order of the `cards` parameter) remains.
    pub remaining: u64,
}

/// The game with a fixed list of cards.
#[derive(Clone, Debug)]
pub struct FiveHundredEleven {
    cards: Vec<u16>,
}

impl FiveHundredEleven {
    /// The game with these cards (at most [`MAX_CARDS`], each `0..=511`).
    pub fn new(cards: Vec<u16>) -> Result<FiveHundredEleven, Error> {
        if cards.len() > MAX_CARDS {
            return Err(Error::Param(format!("parameter cards: {} cards, at most {MAX_CARDS}", cards.len())));
        }
        if let Some(&bad) = cards.iter().find(|&&c| c > FULL) {
            return Err(Error::Param(format!("parameter cards: {bad} is larger than {FULL}")));
        }
        Ok(FiveHundredEleven { cards })
    }

    /// The card values.
    pub fn cards(&self) -> &[u16] {
        &self.cards
    }

    fn all_cards(&self) -> u64 {
        if self.cards.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cards.len()) - 1
        }
    }

    fn play(&self, pos: &FiveHundredElevenPos, i: usize) -> FiveHundredElevenPos {
        FiveHundredElevenPos { memory: pos.memory | self.cards[i], remaining: pos.remaining & !(1 << i) }
    }

    fn remaining(pos: &FiveHundredElevenPos) -> impl Iterator<Item = usize> {
        let mut bits = pos.remaining;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                i
            })
        })
    }
}

pub(crate) const INFO: GameInfo = GameInfo {
    name: "fivehundredeleven",
    summary: "FiveHundredEleven: OR cards into a memory; whoever makes it 511 loses",
    help: "FiveHundredEleven (TopCoder SRM 511, Division 2, Level 3). Cards with values 0..511 \
           and a memory that starts at 0. Players alternate (Fox Ciel first); a turn plays one of \
           the remaining cards, and the memory becomes its bitwise OR with the card. Whoever \
           makes the memory 511 loses, and so does a player with no card left. Impartial, \
           without cycles. A position reached with memory 511 is over, won by the player to \
           move there. Notation: `m=MEMORY;CARDS`, the memory and the 0-based indices of the \
           remaining cards in the order of the `cards` parameter, comma-separated, or `-` for \
           none: the start with 3 cards is `m=0;0,1,2`. Moves are written `#i:v`, card i of \
           value v.",
    params: &[ParamSpec {
        name: "cards",
        default: "3,5,7,9,510",
        help: "card values 0..511, comma-separated (at most 50)",
    }],
    build,
    facts: Facts::NONE,
};

fn build(params: &Params) -> Result<Box<dyn DynGame>, Error> {
    let cards = params.int_list("cards", 0, FULL as u64)?;
    Ok(Box::new(FiveHundredEleven::new(cards.into_iter().map(|c| c as u16).collect())?))
}

impl Game for FiveHundredEleven {
    type Position = FiveHundredElevenPos;

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> FiveHundredElevenPos {
        FiveHundredElevenPos { memory: 0, remaining: self.all_cards() }
    }

    fn moves(&self, pos: &FiveHundredElevenPos) -> Vec<Move<FiveHundredElevenPos>> {
        Self::remaining(pos)
            .map(|i| Move::new(format!("#{i}:{}", self.cards[i]), self.play(pos, i)))
            .collect()
    }

    fn successors(&self, pos: &FiveHundredElevenPos, out: &mut Vec<FiveHundredElevenPos>) {
        out.extend(Self::remaining(pos).map(|i| self.play(pos, i)));
    }

    /// Memory 511: the player who made it so has lost, so the player to move here has won.
    fn terminal(&self, pos: &FiveHundredElevenPos) -> Option<Outcome> {
        (pos.memory == FULL).then_some(Outcome::new(Value::Win, 0))
    }

    fn capabilities(&self) -> Capabilities<'_, FiveHundredElevenPos> {
        Capabilities::none().notation(self).drawing(self)
    }
}

impl Notation<FiveHundredElevenPos> for FiveHundredEleven {
    fn format(&self, pos: &FiveHundredElevenPos) -> String {
        let cards: Vec<String> = Self::remaining(pos).map(|i| i.to_string()).collect();
        let cards = if cards.is_empty() { "-".to_string() } else { cards.join(",") };
        format!("m={};{cards}", pos.memory)
    }

    fn parse(&self, text: &str) -> Result<FiveHundredElevenPos, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        // 1-based column of the character at index `k` of `chars`.
        let col = |k: usize| k + 1;
        let mut k = 0;
        let skip_blanks = |k: &mut usize| {
            while *k < chars.len() && chars[*k].is_whitespace() {
                *k += 1;
            }
        };
        // A decimal number at `k`, at most `max`.
        let number = |k: &mut usize, what: &str, max: u64| -> Result<u64, ParseError> {
            let start = *k;
            let mut value: u64 = 0;
            while *k < chars.len() && chars[*k].is_ascii_digit() {
                value = value * 10 + chars[*k].to_digit(10).unwrap_or(0) as u64;
                if value > max {
                    return Err(ParseError::at(col(start), format!("{what} is larger than {max}")));
                }
                *k += 1;
            }
            if *k == start {
                let found = chars.get(start).map_or("the end".to_string(), |c| format!("`{c}`"));
                return Err(ParseError::at(col(start), format!("expected {what}, found {found}")));
            }
            Ok(value)
        };
        skip_blanks(&mut k);
        let expected = "expected `m=MEMORY;CARDS`, such as `m=5;0,2`";
        if chars.get(k) != Some(&'m') {
            return Err(ParseError::at(col(k), expected));
        }
        k += 1;
        skip_blanks(&mut k);
        if chars.get(k) != Some(&'=') {
            return Err(ParseError::at(col(k), expected));
        }
        k += 1;
        skip_blanks(&mut k);
        let memory = number(&mut k, "the memory", FULL as u64)? as u16;
        skip_blanks(&mut k);
        if chars.get(k) != Some(&';') {
            return Err(ParseError::at(col(k), "expected `;` after the memory"));
        }
        k += 1;
        skip_blanks(&mut k);
        let mut remaining = 0u64;
        if chars.get(k) == Some(&'-') {
            k += 1;
        } else {
            loop {
                skip_blanks(&mut k);
                let at = k;
                let max = self.cards.len().saturating_sub(1) as u64;
                if self.cards.is_empty() {
                    return Err(ParseError::at(col(at), "there are no cards: write `-`"));
                }
                let i = number(&mut k, "a card index", max)?;
                if remaining & 1 << i != 0 {
                    return Err(ParseError::at(col(at), format!("card {i} listed twice")));
                }
                remaining |= 1 << i;
                skip_blanks(&mut k);
                if chars.get(k) == Some(&',') {
                    k += 1;
                } else {
                    break;
                }
            }
        }
        skip_blanks(&mut k);
        if k < chars.len() {
            return Err(ParseError::at(col(k), format!("unexpected `{}`", chars[k])));
        }
        Ok(FiveHundredElevenPos { memory, remaining })
    }
}

impl Draw<FiveHundredElevenPos> for FiveHundredEleven {
    fn svg(&self, pos: &FiveHundredElevenPos) -> Option<String> {
        Some(draw(self, pos))
    }
}

/// The drawing: the memory as nine lamps from bit 8 (256) on the left to bit 0, lit when set
/// (`data-bit="K"`, `data-on`), then every card in the order of the parameter as a tile with
/// its index, value and bits (`data-card="I"`, `data-value`; a card still in play carries
/// `data-move="#I:V"`, a played one is greyed and `data-played="1"`), and what happens now.
fn draw(game: &FiveHundredEleven, pos: &FiveHundredElevenPos) -> String {
    use crate::common::svg::{colour, Anchor, Attrs, Svg};
    const PER_ROW: usize = 10;
    const TILE: (f64, f64) = (58.0, 76.0);
    const GAP: f64 = 8.0;
    let rows = game.cards.len().div_ceil(PER_ROW).max(1);
    let width = (32.0 + game.cards.len().min(PER_ROW) as f64 * (TILE.0 + GAP)).max(580.0);
    let top = 150.0;
    let height = top + rows as f64 * (TILE.1 + GAP) + 50.0;
    let mut svg = Svg::new(INFO.name, &game.format(pos), width, height);
    svg.bold(
        (16.0, 22.0),
        "FiveHundredEleven: whoever makes the memory 511 loses",
        15.0,
        Anchor::Start,
        colour::INK,
    );
    svg.text((16.0, 70.0), "memory", 13.0, Anchor::Start, colour::MUTED);
    for k in (0..9).rev() {
        let x = 100.0 + (8 - k) as f64 * 44.0;
        let on = pos.memory & 1 << k != 0;
        let (fill, edge) = if on { (colour::HIGHLIGHT, colour::INK) } else { (colour::FADED, colour::LINE) };
        svg.group(Attrs::new().data("bit", k).data("on", u8::from(on)), None);
        svg.circle(x, 70.0, 15.0, Attrs::new().paint(fill, Some((edge, 1.5))));
        svg.text((x, 100.0), &(1u32 << k).to_string(), 11.0, Anchor::Middle, colour::MUTED);
        svg.close();
    }
    svg.bold((100.0 + 9.0 * 44.0, 70.0), &format!("= {}", pos.memory), 20.0, Anchor::Start, colour::INK);
    svg.text((16.0, top - 18.0), "cards", 13.0, Anchor::Start, colour::MUTED);
    for (i, &value) in game.cards.iter().enumerate() {
        let x = 16.0 + (i % PER_ROW) as f64 * (TILE.0 + GAP);
        let y = top + (i / PER_ROW) as f64 * (TILE.1 + GAP);
        let left = pos.remaining & 1 << i != 0;
        let mut attrs = Attrs::new().data("card", i).data("value", value);
        attrs = if left { attrs.data("move", format!("#{i}:{value}")) } else { attrs.data("played", "1") };
        svg.group(attrs, Some(&format!("card #{i}: {value}{}", if left { "" } else { " (played)" })));
        let paint = if left {
            Attrs::new().paint("#ffffff", Some((colour::INK, 1.5)))
        } else {
            Attrs::new().paint(colour::FADED, Some((colour::LINE, 1.0))).set("stroke-dasharray", "4 3")
        };
        svg.rect(x, y, TILE.0, TILE.1, 6.0, paint);
        let ink = if left { colour::INK } else { colour::MUTED };
        svg.text((x + 6.0, y + 11.0), &format!("#{i}"), 10.0, Anchor::Start, colour::MUTED);
        svg.bold((x + TILE.0 / 2.0, y + 36.0), &value.to_string(), 18.0, Anchor::Middle, ink);
        for k in (0..9).rev() {
            let bx = x + 5.0 + (8 - k) as f64 * 5.4;
            let fill = if value & 1 << k != 0 {
                if left {
                    colour::TOKEN
                } else {
                    colour::MUTED
                }
            } else {
                "none"
            };
            svg.rect(
                bx,
                y + TILE.1 - 14.0,
                4.4,
                7.0,
                1.0,
                Attrs::new().paint(fill, Some((colour::LINE, 0.6))),
            );
        }
        svg.close();
    }
    let left = pos.remaining.count_ones();
    let text = if pos.memory == FULL {
        "The memory is 511: the player to move wins".to_string()
    } else if left == 0 {
        "No card left: the player to move loses".to_string()
    } else {
        format!("{left} card{} left to play", if left == 1 { "" } else { "s" })
    };
    svg.status((16.0, height - 24.0), None, &text, 15.0);
    svg.finish()
}
