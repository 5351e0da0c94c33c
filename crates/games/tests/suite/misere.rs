//! Misère play of the library's heap games, solved from their rules by the engine under the
//! `Misere` adapter, against the theory:
//!
//! - misère Nim (Bouton 1901; Winning Ways, ch. 13): the player to move loses exactly when every
//!   heap is at most 1 and the number of heaps of 1 is odd, or some heap is at least 2 and the
//!   XOR of the heaps is 0;
//! - misère nim values of sums of heaps of Dawson's Kayles (0.07), Kayles (0.77) and Dawson's
//!   chess (0.137), computed by `nimber_heaps::genus::MisereValues`: 0 exactly when the position
//!   is lost under misère play, on every position of up to three heaps of at most 12;
//! - the genus `γ^{γ0γ1γ2γ3}` of single heaps: `γk = 0` exactly when the heap together with `k`
//!   nim heaps of size 2 is lost under misère play, for heaps up to 20.
//!
//! Memo search and retrograde analysis of the misère game agree everywhere.

use nimber_engine::solve::memo;
use nimber_engine::solve::retrograde::{self, Predecessors};
use nimber_engine::{Capabilities, Notation};
use nimber_engine::{Game, Kind, Misere, Move, ParseError, Silent, Value};
use nimber_games::heap::HeapGame;
use nimber_games::nim::Nim;
use nimber_heaps::{genus_sequence, MisereValues, Ruleset};

/// Bouton's rule for misère Nim: whether the player to move loses.
fn misere_nim_lost(heaps: &[u32]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |x, h| x ^ h) == 0
    }
}

#[test]
fn misere_nim_on_all_heap_triples() {
    let game = Nim::new(vec![9, 9, 9]);
    let mut roots: Vec<Vec<u32>> = Vec::new();
    for a in 0..=9 {
        for b in a..=9 {
            for c in b..=9 {
                roots.push(game.parse(&format!("{a},{b},{c}")).unwrap());
            }
        }
    }
    assert_eq!(roots.len(), 220);
    let misere = Misere::new(&game);
    let searched = memo::solve(&misere, &roots, &Silent).unwrap();
    let analysed = retrograde::solve(&misere, &roots, Predecessors::Auto, &Silent).unwrap();
    assert_eq!(searched.len(), analysed.len());
    let mut lost = 0;
    for (pos, outcome) in searched.iter() {
        assert_eq!(outcome.value() == Value::Lose, misere_nim_lost(pos), "{pos:?}");
        assert_eq!(analysed.get(pos), Some(outcome), "{pos:?}");
        lost += usize::from(outcome.value() == Value::Lose);
    }
    eprintln!(
        "misère Nim: {} positions (every triple of heaps up to 9), {lost} lost: Bouton's rule",
        searched.len()
    );
    // Triples up to 9, with the empty heaps dropped: every multiset of at most 3 heaps of 1..9.
    // Lost: 1 and 1,1,1; the 8 pairs a,a with a >= 2; the 8 triples with XOR 0 (1,2,3 1,4,5
    // 1,6,7 1,8,9 2,4,6 2,5,7 3,4,7 3,5,6).
    assert_eq!((searched.len(), lost), (220, 18));
}

#[test]
fn misere_values_of_octal_positions() {
    let mut positions = 0;
    let mut lost = 0;
    for code in ["0.07", "0.77", "0.137"] {
        let rules = Ruleset::parse(code).unwrap();
        let game = HeapGame::new(rules.clone(), vec![12]);
        let mut roots: Vec<Vec<u32>> = Vec::new();
        for a in 1..=12 {
            roots.push(vec![a]);
            for b in a..=12 {
                roots.push(vec![a, b]);
                for c in b..=12 {
                    roots.push(vec![a, b, c]);
                }
            }
        }
        assert_eq!(roots.len(), 12 + 78 + 364);
        let misere = Misere::new(&game);
        let searched = memo::solve(&misere, &roots, &Silent).unwrap();
        let analysed = retrograde::solve(&misere, &roots, Predecessors::Auto, &Silent).unwrap();
        let mut values = MisereValues::new(&rules, 0);
        for (pos, outcome) in searched.iter() {
            assert_eq!(analysed.get(pos), Some(outcome), "{code}: {pos:?}");
            let value = values.value(pos, 0, 0).unwrap();
            assert_eq!(outcome.value() == Value::Lose, value == 0, "{code}: {pos:?}: misère value {value}");
            lost += usize::from(value == 0);
        }
        positions += searched.len();
    }
    eprintln!(
        "0.07, 0.77, 0.137: {positions} positions (all reached from up to three heaps of at most 12), \
         {lost} lost under misère play: misère nim values agree with memo search and retrograde analysis"
    );
    assert_eq!((positions, lost), (31_485, 6_192));
}

/// A heap game's heaps with nim heaps beside them: the sum `G + *n1 + *n2 + ...`.
struct WithNim {
    rules: Ruleset,
}

impl Game for WithNim {
    /// Heaps of the ruleset (sorted), then nim heaps (sorted).
    type Position = (Vec<u32>, Vec<u32>);

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn start(&self) -> Self::Position {
        (Vec::new(), Vec::new())
    }

    fn moves(&self, pos: &Self::Position) -> Vec<Move<Self::Position>> {
        let mut out = Vec::new();
        self.successors(pos, &mut out);
        out.into_iter().map(|to| Move::new(format!("{to:?}"), to)).collect()
    }

    fn successors(&self, (heaps, nims): &Self::Position, out: &mut Vec<Self::Position>) {
        for (i, &h) in heaps.iter().enumerate() {
            for left in self.rules.options(h) {
                let mut next: Vec<u32> =
                    heaps[..i].iter().chain(&heaps[i + 1..]).chain(&left).copied().collect();
                next.sort_unstable();
                out.push((next, nims.clone()));
            }
        }
        for (i, &n) in nims.iter().enumerate() {
            for to in 0..n {
                let mut next: Vec<u32> = nims[..i].iter().chain(&nims[i + 1..]).copied().collect();
                if to > 0 {
                    next.push(to);
                }
                next.sort_unstable();
                out.push((heaps.clone(), next));
            }
        }
    }

    fn capabilities(&self) -> Capabilities<'_, (Vec<u32>, Vec<u32>)> {
        Capabilities::none().notation(self)
    }
}

impl Notation<(Vec<u32>, Vec<u32>)> for WithNim {
    fn format(&self, pos: &(Vec<u32>, Vec<u32>)) -> String {
        format!("{pos:?}")
    }

    fn parse(&self, _text: &str) -> Result<(Vec<u32>, Vec<u32>), ParseError> {
        Err(ParseError::new("not needed"))
    }
}

#[test]
fn genus_zeros_are_misere_losses() {
    let mut checked = 0;
    for code in ["0.07", "0.77", "0.137", "grundy"] {
        let rules = Ruleset::parse(code).unwrap();
        let genus = genus_sequence(&rules, 20, 4, &Silent).unwrap();
        let game = WithNim { rules: rules.clone() };
        let misere = Misere::new(&game);
        let roots: Vec<(Vec<u32>, Vec<u32>)> = (0..=20u32)
            .flat_map(|n| (0..4).map(move |k| (if n == 0 { vec![] } else { vec![n] }, vec![2; k])))
            .collect();
        let solved = memo::solve(&misere, &roots, &Silent).unwrap();
        for root in &roots {
            let n = root.0.first().copied().unwrap_or(0) as usize;
            let k = root.1.len();
            let lost = solved.get(root).unwrap().value() == Value::Lose;
            assert_eq!(lost, genus[n].misere[k] == 0, "{code}: heap {n} with {k} twos: genus {}", genus[n]);
            checked += 1;
        }
    }
    eprintln!("{checked} genus values γ0..γ3 of heaps 0 to 20 (0.07, 0.77, 0.137, grundy): zero exactly on misère losses");
    assert_eq!(checked, 4 * 21 * 4);
}
