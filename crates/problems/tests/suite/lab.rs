//! The exploration features of Game in Darkness (`junction`, `dist_diff`) against the published
//! criterion as the problem's fast method computes it, on every position of a family of small
//! trees; and the criterion as a rule checked by the generic machinery against exhaustive
//! solving of the belief game.

use nimber_engine::solve::survey::{Scope, SurveyOptions};
use nimber_engine::{DynGame, Explore, Game, Silent, Value};
use nimber_games::gameindarkness::GameInDarkness;
use nimber_lab::{self as lab, Rule};
use nimber_problems::gameindarkness::{criterion, parse};

#[test]
fn features_agree_with_the_published_criterion() {
    let game = GameInDarkness::new("A..../...../....B").unwrap();
    let family = game.family().unwrap().unwrap();
    let names = game.features();
    let junction = names.iter().position(|n| n == "junction").unwrap();
    let diff = names.iter().position(|n| n == "dist_diff").unwrap();
    let (mut positions, mut bob_wins, mut junctions) = (0, 0, 0);
    for (part, starts) in &family.parts {
        for pos in starts {
            let mut values = Vec::new();
            part.capabilities().exploration.unwrap().feature_values(pos, &mut values);
            // The problem's input: the rows, one a line.
            let text = part.capabilities().notation.unwrap().format(pos);
            let input = text.trim_end_matches(" a").replace('/', "\n");
            let field = parse(&input).unwrap_or_else(|e| panic!("{input}: {e}"));
            let published = criterion(&field);
            assert_eq!(values[junction] == 1 && values[diff] >= 2, published, "{text}");
            assert_eq!(values[diff] >= 2, published, "{text}");
            positions += 1;
            bob_wins += usize::from(published);
            junctions += usize::from(values[junction] == 1);
        }
    }
    eprintln!("gameindarkness: features = published criterion on {positions} positions ({junctions} with a junction, {bob_wins} Bob wins)");
    assert_eq!((positions, junctions, bob_wins), (106_624, 1_600, 284));

    // The same criterion checked against the exact solution of the belief game.
    let survey =
        DynGame::survey(&game, &SurveyOptions { scope: Scope::Family, nim: false }, &Silent).unwrap();
    let rule = Rule::new("junction == 1 && dist_diff >= 2", &survey.features, Value::Draw).unwrap();
    let verdict = lab::check(&survey, &rule).unwrap();
    assert!(verdict.holds && verdict.positions == 106_624, "{verdict:?}");
}
