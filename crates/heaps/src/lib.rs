//! Heap games and their nim sequences, at scale.
//!
//! - [`ruleset`]: rules from their codes: octal and hexadecimal games (`0.77`, `4.07`, `0.F`),
//!   subtraction games (`sub:1,3,4`), all-but subtraction games (`allbut:1,3`) and Grundy's
//!   game (`grundy`). [`Ruleset::options`] states the rules.
//! - [`sequence`]: the nim values G(0..=N) of single heaps, by the sparse space method for
//!   octal games and Grundy's game, with a quadratic method and the definition beside it.
//! - [`genus`]: misère play: misère nim values of sums of heaps and the genus `γ^{γ0γ1...}` of
//!   single heaps (Conway).
//! - [`period`]: the least period, preperiod and saltus, and proofs by the periodicity theorem
//!   for games with a largest removal.
//!
//! ```
//! use nimber_heaps::{find_period, nim_sequence, Ruleset};
//! use nimber_engine::Silent;
//!
//! let kayles = Ruleset::parse("0.77").unwrap();
//! let g = nim_sequence(&kayles, 200, &Silent);
//! let found = find_period(&g, Some(&kayles), &Silent).unwrap();
//! assert_eq!((found.period, found.preperiod, found.proved), (12, 71, true));
//! ```

pub mod genus;
pub mod period;
pub mod ruleset;
pub mod sequence;

pub use genus::{genus_sequence, Genus, MisereValues};
pub use period::{find_period, Periodicity};
pub use ruleset::Ruleset;
pub use sequence::{definition_sequence, nim_sequence, nim_sequence_with_stats, quadratic_sequence, Stats};
