//! Game values and outcomes, always from the point of view of the player to move.

use std::cmp::Ordering;
use std::fmt;

/// The game-theoretic value of a position for the player to move.
///
/// A player prefers `Win > Tie > Draw > Lose`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The player to move can force a win.
    Win,
    /// The opponent can force a win.
    Lose,
    /// The game ends level under best play.
    Tie,
    /// Play goes on forever under best play (only in games with cycles).
    Draw,
}

impl Value {
    /// All four values, in the order used for tables: win, lose, tie, draw.
    pub const ALL: [Value; 4] = [Value::Win, Value::Lose, Value::Tie, Value::Draw];

    /// The value of the same position seen by the other player.
    pub(crate) fn negate(self) -> Value {
        match self {
            Value::Win => Value::Lose,
            Value::Lose => Value::Win,
            other => other,
        }
    }

    /// Lower-case name, as used in JSON and CSV output.
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Lose => "lose",
            Value::Tie => "tie",
            Value::Draw => "draw",
        }
    }

    /// Parses a lower-case (or capitalized) value name.
    pub fn from_name(name: &str) -> Option<Value> {
        match name.to_ascii_lowercase().as_str() {
            "win" => Some(Value::Win),
            "lose" | "loss" => Some(Value::Lose),
            "tie" => Some(Value::Tie),
            "draw" => Some(Value::Draw),
            _ => None,
        }
    }

    /// Rank of the value in a player's preference: higher is better.
    fn preference(self) -> u8 {
        match self {
            Value::Win => 3,
            Value::Tie => 2,
            Value::Draw => 1,
            Value::Lose => 0,
        }
    }

    /// Position of the value in [`Value::ALL`].
    pub fn index(self) -> usize {
        match self {
            Value::Win => 0,
            Value::Lose => 1,
            Value::Tie => 2,
            Value::Draw => 3,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value together with its remoteness: the number of moves to the end of the game under best
/// play (the winner hurries, the loser delays, a tie is reached as fast as possible).
/// A drawn position has no remoteness.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    value: Value,
    remoteness: u32,
}

impl Outcome {
    /// The outcome of a drawn position.
    pub const DRAW: Outcome = Outcome { value: Value::Draw, remoteness: 0 };

    /// An outcome with the given value and remoteness. For [`Value::Draw`] the remoteness is
    /// ignored.
    pub fn new(value: Value, remoteness: u32) -> Outcome {
        let remoteness = if value == Value::Draw { 0 } else { remoteness };
        Outcome { value, remoteness }
    }

    /// The value for the player to move.
    pub fn value(self) -> Value {
        self.value
    }

    /// Moves to the end of the game under best play; `None` for a draw.
    pub fn remoteness(self) -> Option<u32> {
        (self.value != Value::Draw).then_some(self.remoteness)
    }

    /// What moving into a position with this outcome gives the player who makes the move:
    /// the value negated, and the remoteness counting the move itself.
    pub fn for_mover(self) -> Outcome {
        Outcome::new(self.value.negate(), self.remoteness + 1)
    }

    /// Compares two outcomes by the preference of the player who gets them: a faster win is
    /// better than a slower one, a faster tie better than a slower one, and a slower loss better
    /// than a faster one. `Greater` means `self` is preferred.
    pub fn preference_cmp(self, other: Outcome) -> Ordering {
        self.value.preference().cmp(&other.value.preference()).then_with(|| match self.value {
            Value::Win | Value::Tie => other.remoteness.cmp(&self.remoteness),
            Value::Lose => self.remoteness.cmp(&other.remoteness),
            Value::Draw => Ordering::Equal,
        })
    }

    /// Packs the outcome into 32 bits: 2 bits of value, 30 bits of remoteness.
    /// Remoteness above `Outcome::MAX_REMOTENESS` does not fit.
    pub fn pack(self) -> u32 {
        debug_assert!(self.remoteness <= Self::MAX_REMOTENESS);
        (self.value.index() as u32) << 30 | self.remoteness
    }

    /// Inverse of [`Outcome::pack`].
    pub fn unpack(packed: u32) -> Outcome {
        Outcome { value: Value::ALL[(packed >> 30) as usize], remoteness: packed & Self::MAX_REMOTENESS }
    }

    /// The largest remoteness a packed outcome can hold.
    pub(crate) const MAX_REMOTENESS: u32 = (1 << 30) - 1;
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.remoteness() {
            Some(r) => write!(f, "{} in {}", self.value, r),
            None => write!(f, "{}", self.value),
        }
    }
}

/// The best outcome a player can get by choosing among moves whose resulting positions have the
/// given outcomes; `None` when there are no moves.
pub(crate) fn best_of(children: impl IntoIterator<Item = Outcome>) -> Option<Outcome> {
    children.into_iter().map(Outcome::for_mover).max_by(|a, b| a.preference_cmp(*b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preference_order() {
        let win1 = Outcome::new(Value::Win, 1);
        let win5 = Outcome::new(Value::Win, 5);
        let tie2 = Outcome::new(Value::Tie, 2);
        let tie4 = Outcome::new(Value::Tie, 4);
        let lose3 = Outcome::new(Value::Lose, 3);
        let lose7 = Outcome::new(Value::Lose, 7);
        let order = [lose3, lose7, Outcome::DRAW, tie4, tie2, win5, win1];
        for (i, a) in order.iter().enumerate() {
            for (j, b) in order.iter().enumerate() {
                assert_eq!(a.preference_cmp(*b), i.cmp(&j), "{a} vs {b}");
            }
        }
    }

    #[test]
    fn mover_view_and_best() {
        assert_eq!(Outcome::new(Value::Lose, 0).for_mover(), Outcome::new(Value::Win, 1));
        assert_eq!(Outcome::new(Value::Win, 4).for_mover(), Outcome::new(Value::Lose, 5));
        assert_eq!(Outcome::new(Value::Tie, 0).for_mover(), Outcome::new(Value::Tie, 1));
        assert_eq!(Outcome::DRAW.for_mover(), Outcome::DRAW);
        let best = best_of([Outcome::new(Value::Win, 2), Outcome::new(Value::Win, 6)]);
        assert_eq!(best, Some(Outcome::new(Value::Lose, 7)));
        let best = best_of([Outcome::new(Value::Win, 2), Outcome::DRAW, Outcome::new(Value::Lose, 8)]);
        assert_eq!(best, Some(Outcome::new(Value::Win, 9)));
        assert_eq!(best_of([]), None);
    }

    #[test]
    fn pack_round_trip() {
        for v in Value::ALL {
            for r in [0, 1, 77, Outcome::MAX_REMOTENESS] {
                let o = Outcome::new(v, r);
                assert_eq!(Outcome::unpack(o.pack()), o);
            }
        }
    }
}
