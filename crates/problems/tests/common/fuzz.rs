//! Random and damaged inputs for the problem readers: each test gives its samples, tokens and
//! the characters worth inserting, and checks every generated input with its own assertion.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What to generate inputs from.
pub struct Fuzz<'a> {
    /// Valid inputs, to truncate and mutate.
    pub samples: &'a [&'a str],
    /// Tokens to string together at random.
    pub tokens: &'a [&'a str],
    /// Separators between random tokens.
    pub separators: &'a [&'a str],
    /// The most random tokens in one input.
    pub max_tokens: usize,
    /// Characters that mutations write or insert.
    pub alphabet: &'a [char],
    /// Rounds; each generates 4 inputs.
    pub rounds: usize,
    /// Seed of the generator, so that a failure reproduces.
    pub seed: u64,
}

impl Fuzz<'_> {
    /// Calls `check` on every generated input (random bytes as text, random tokens, a truncated
    /// sample, a mutated sample, in each round) and returns how many there were.
    pub fn run(&self, mut check: impl FnMut(&str)) -> usize {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut cases = 0;
        for _ in 0..self.rounds {
            let len = rng.gen_range(0..40);
            let bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            check(&String::from_utf8_lossy(&bytes));

            let count = rng.gen_range(0..=self.max_tokens);
            let text: Vec<&str> =
                (0..count).map(|_| self.tokens[rng.gen_range(0..self.tokens.len())]).collect();
            check(&text.join(self.separators[rng.gen_range(0..self.separators.len())]));

            let sample = self.samples[rng.gen_range(0..self.samples.len())];
            let mut cut = rng.gen_range(0..=sample.len());
            while !sample.is_char_boundary(cut) {
                cut -= 1;
            }
            check(&sample[..cut]);

            let mut chars: Vec<char> = sample.chars().collect();
            for _ in 0..rng.gen_range(1..4) {
                let i = rng.gen_range(0..chars.len().max(1));
                let ch = self.alphabet[rng.gen_range(0..self.alphabet.len())];
                match rng.gen_range(0..3) {
                    0 if i < chars.len() => chars[i] = ch,
                    1 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => chars.insert(i.min(chars.len()), ch),
                }
            }
            check(&chars.iter().collect::<String>());
            cases += 4;
        }
        cases
    }
}
